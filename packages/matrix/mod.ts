/**
 * `@ls/matrix`: HERE Matrix Routing v8 — travel times and distances between
 * many origins and destinations, sync or async, split into tiles when a
 * request is larger than one call allows, and results streamed into typed
 * arrays (a 10,000 × 10,000 result is about 1.2 GB of JSON; it is never held
 * as one string).
 *
 * @example
 * ```ts ignore
 * import { Client } from "@ls/core";
 * import { AutoCircleRegion, matrix } from "@ls/matrix";
 *
 * const client = new Client({ apiKey: "<API_KEY>" });
 * const res = await matrix(client, {
 *   origins: [{ lat: 52.5, lng: 13.4 }, { lat: 52.52, lng: 13.38 }],
 *   destinations: [{ lat: 52.53, lng: 13.42 }, { lat: 52.48, lng: 13.45 }],
 *   regionDefinition: new AutoCircleRegion({ margin: 5000 }),
 *   matrixAttributes: ["travelTimes", "distances"],
 * });
 * res.travelTime(0, 1); // seconds from origin 0 to destination 1
 * res.matrix.distances; // Float64Array, k = numDestinations * i + j
 * res.toTravelTimesMatrix(); // [[...], [...]]
 * ```
 *
 * @module
 */

export * from "./constants.ts";
export * from "./matrix.ts";
export * from "./regions.ts";
export * from "./response.ts";
