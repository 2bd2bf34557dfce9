/**
 * `@ls/weather`: HERE Destination Weather v3 — weather reports
 * ({@linkcode getDestWeather}: observations, hourly and daily forecasts,
 * astronomy, alerts) and weather alerts around a position or along a route
 * ({@linkcode getWeatherAlerts}). Each function takes a `Client` from
 * `@ls/core`, validates its input before sending (a `ValueError` names the
 * parameter) and returns a typed response that keeps HERE's body as `raw`.
 *
 * @example
 * ```ts ignore
 * import { Client } from "@ls/core";
 * import { DestWeatherProduct, getDestWeather, getWeatherAlerts } from "@ls/weather";
 *
 * const client = new Client({ apiKey: "<API_KEY>" });
 * const report = await getDestWeather(client, {
 *   products: [DestWeatherProduct.observation],
 *   query: "Berlin",
 *   oneObservation: true,
 * });
 * console.log(report.observations[0]?.description);
 *
 * const alerts = await getWeatherAlerts(client, {
 *   geometry: { type: "Point", coordinates: [13.4, 52.5] },
 *   startTime: new Date(),
 *   width: 50_000,
 * });
 * console.log(alerts.toGeoJSON().features.length);
 * ```
 *
 * @module
 */

export * from "./constants.ts";
export * from "./dest_weather.ts";
export * from "./dest_weather_response.ts";
export * from "./weather_alerts.ts";
export * from "./weather_alerts_response.ts";
