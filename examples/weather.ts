/**
 * Destination Weather: a report for a place and the alerts along a route.
 *
 *   HERE_API_KEY=... deno run --allow-net --allow-env examples/weather.ts
 *   LS_BASE_URL=http://127.0.0.1:8080 deno run --allow-net --allow-env examples/weather.ts
 *
 * @module
 */

import { Client } from "@ls/core";
import {
  DestWeatherProduct,
  getDestWeather,
  getWeatherAlerts,
  WeatherSeverity,
} from "@ls/weather";
import { exampleOptions } from "./_setup.ts";

const client = new Client(exampleOptions());

const report = await getDestWeather(client, {
  products: [
    DestWeatherProduct.observation,
    DestWeatherProduct.forecastHourly,
    DestWeatherProduct.forecastAstronomy,
  ],
  at: [52.5308, 13.3847],
  oneObservation: true,
  units: "metric",
});

const now = report.observations[0];
if (now) {
  console.log(
    `Now at ${
      now.place?.address?.city ?? "the station"
    }: ${now.description}, ` +
      `${now.temperature} °C, humidity ${now.humidity} %`,
  );
}
const hours = report.hourlyForecasts[0]?.forecasts ?? [];
for (const hour of hours.slice(0, 3)) {
  console.log(
    `  ${hour.time}: ${hour.temperature} °C, ${hour.precipitationProbability} % rain`,
  );
}
const sky = report.astronomyForecasts[0]?.forecasts[0];
if (sky) console.log(`Sunrise ${sky.sunRise}, sunset ${sky.sunSet}`);

const alerts = await getWeatherAlerts(client, {
  // A route as a list of points in any form ([lat, lng], a result's
  // { lat, lng } position, GeoJSON); a GeoJSON LineString works too.
  geometry: [
    [52.53, 13.38], // Berlin
    report.observations[0]?.place?.location ?? [51.34, 12.37],
    [48.14, 11.58], // Munich
  ],
  startTime: new Date(),
  width: 25_000,
  weatherSeverity: WeatherSeverity.minor,
});
console.log(`${alerts.features.length} weather alert area(s) along the route`);
for (const feature of alerts.features.slice(0, 5)) {
  console.log(`  ${feature.id}: ${feature.geometry?.type}`);
}
