/**
 * One point everywhere: the position of one geocode result goes, as it is,
 * into every operation that takes a point. No conversion, no reordering:
 * `{ lat, lng }` from a response is a point to every request, as are
 * `[lat, lng]` and a GeoJSON `Point` or `Feature<Point>`.
 *
 * Run against HERE (needs a key):
 *
 *   HERE_API_KEY=... deno run --allow-env --allow-net examples/one_point.ts
 *
 * or against the sandbox (`deno task sandbox --port 8080`):
 *
 *   LS_BASE_URL=http://127.0.0.1:8080 deno run --allow-env --allow-net examples/one_point.ts
 *
 * @module
 */

import type { Feature, Point } from "geojson";
import { LS } from "@ls/ls";
import { exampleOptions, exitOnApiError } from "./_setup.ts";

using ls = new LS({ ...exampleOptions(), maxRetries: 2 });

try {
  const found = await ls.geocode({ query: "Invalidenstr 116, 10115 Berlin" });
  const here = found.items[0]?.position;
  if (!here) throw new Error("the geocoder found nothing");
  console.log(`geocoded: ${here.lat},${here.lng}`);
  // The same place as GeoJSON, [lng, lat] as GeoJSON has it.
  const feature: Feature<Point> = found.toGeoJSON().features[0];
  const near: [number, number] = [here.lat + 0.01, here.lng + 0.01];
  const ring = [
    [here.lat - 0.001, here.lng - 0.001],
    [here.lat - 0.001, here.lng + 0.001],
    here,
  ] as const;

  // Geocoding and search
  await ls.geocode({ query: "Hauptbahnhof", at: here });
  await ls.reverseGeocode({ at: here });
  await ls.discover({ query: "coffee", center: here, radius: 1000 });
  await ls.browse({ center: here, categories: ["100-1000-0000"] });
  await ls.autosuggest({ query: "res", at: here });
  await ls.autosuggest({
    query: "res",
    searchInCircle: { center: here, radius: 1000 },
  });
  console.log(
    "search: geocode at, reverse geocode, discover, browse, autosuggest",
  );

  // Routing and isolines
  const route = await ls.carRoute({
    origin: here,
    destination: feature,
    via: [{ point: near, waypointOptions: { stopDuration: 60 } }],
    avoidAreas: [{ type: "polygon", outer: [...ring] }],
    returnResults: ["polyline", "summary"],
  });
  console.log(`route: ${route.routes[0]?.sections.length} section(s)`);
  await ls.calculateIsoline({
    origin: here,
    range: [300],
    rangeType: "time",
    transportMode: "car",
  });

  // Matrix
  const m = await ls.matrix({
    origins: [here, near],
    destinations: [feature],
    regionDefinition: { type: "circle", center: here, radius: 20000 },
    matrixAttributes: ["travelTimes"],
  });
  console.log(`matrix: ${m.travelTime(1, 0)} s from the second origin`);
  await ls.matrix({
    origins: [here],
    regionDefinition: { type: "polygon", outer: [...ring, near] },
  });

  // Weather
  await ls.getDestWeather({ products: ["observation"], at: here });
  const startTime = new Date();
  await ls.getWeatherAlerts({ geometry: here, startTime, width: 10000 });
  await ls.getWeatherAlerts({
    geometry: [here, near],
    startTime,
    width: 10000,
  });
  console.log(
    "weather: destination weather, alerts around a point and along a route",
  );

  // Tour planning
  const plan = await ls.solveTourPlanning({
    fleet: {
      types: [{
        id: "van",
        profile: "car",
        costs: { fixed: 10, distance: 0.001, time: 0.002 },
        shifts: [{
          start: { time: "2026-12-01T08:00:00Z", location: here },
          end: { time: "2026-12-01T18:00:00Z", location: here },
        }],
        capacity: [10],
        amount: 1,
      }],
      profiles: [{ name: "car", type: "car" }],
    },
    plan: {
      jobs: [{
        id: "parcel",
        tasks: {
          deliveries: [{
            places: [{ location: near, duration: 120 }],
            demand: [1],
          }],
        },
      }],
    },
  });
  console.log(`tour: ${plan.tours.length} tour(s)`);
} catch (error) {
  exitOnApiError(error);
}
