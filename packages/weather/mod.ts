/**
 * `@ls/weather`: HERE Destination Weather v3 — weather reports
 * ({@linkcode getDestWeather}: observations, hourly and daily forecasts,
 * astronomy, alerts) and weather alerts around a position or along a route
 * ({@linkcode getWeatherAlerts}). Each function takes a `Client` from
 * `@ls/core`, validates its input before sending (a `ValueError` names the
 * parameter, and a key that is not a parameter is refused, not dropped) and
 * returns a typed response that keeps HERE's body as `raw`. The requests are
 * also built on their own, without a client:
 * {@linkcode buildDestWeatherRequest}, {@linkcode buildWeatherAlertsRequest}.
 *
 * Runtimes: Deno, Node, browsers and edge runtimes (web-standard APIs only).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Client } from "@ls/core";
 * import { SANDBOX_API_KEY, startSandbox } from "@ls/sandbox";
 * import { DestWeatherProduct, getDestWeather, getWeatherAlerts } from "@ls/weather";
 * await using sandbox = await startSandbox();
 * // For HERE: new Client({ apiKey: "<API_KEY>" })
 * const client = new Client({ apiKey: SANDBOX_API_KEY, baseUrl: sandbox.url });
 *
 * const report = await getDestWeather(client, {
 *   products: [DestWeatherProduct.observation],
 *   query: "Berlin",
 *   oneObservation: true,
 * });
 * assert.equal(typeof report.observations[0].description, "string");
 *
 * const alerts = await getWeatherAlerts(client, {
 *   geometry: { type: "Point", coordinates: [13.4, 52.5] },
 *   startTime: new Date(),
 *   width: 50_000,
 * });
 * assert.ok(Array.isArray(alerts.toGeoJSON().features));
 * ```
 *
 * @module
 */

export * from "./constants.ts";
export * from "./dest_weather.ts";
export * from "./dest_weather_response.ts";
export * from "./weather_alerts.ts";
export * from "./weather_alerts_response.ts";
