/**
 * `@ls/matrix`: HERE Matrix Routing v8 — travel times and distances between
 * many origins and destinations, sync or async, split into tiles when a
 * request is larger than one call allows, and results streamed into typed
 * arrays (a 10,000 × 10,000 result is about 1.3 GB of JSON; it is never held
 * as one string): whole with `matrix`, or row by row in memory that does
 * not grow with the matrix with `matrixRows`.
 *
 * Runtimes: Deno, Node, browsers and edge runtimes (web-standard APIs only).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Client } from "@ls/core";
 * import { AutoCircleRegion, matrix } from "@ls/matrix";
 * import { SANDBOX_API_KEY, startSandbox } from "@ls/sandbox";
 * await using sandbox = await startSandbox();
 * const client = new Client({ apiKey: SANDBOX_API_KEY, baseUrl: sandbox.url });
 * const statuses: string[] = [];
 * const res = await matrix(client, {
 *   origins: [[52.5, 13.4], [52.52, 13.38]],
 *   destinations: [{ lat: 52.53, lng: 13.42 }, { lat: 52.48, lng: 13.45 }],
 *   regionDefinition: new AutoCircleRegion({ margin: 5000 }),
 *   matrixAttributes: ["travelTimes", "distances"],
 *   async: true,
 * }, { poll: { initialDelayMs: 100 }, onProgress: (status) => statuses.push(status) });
 * assert.equal(statuses.at(-1), "completed");
 * // Flat arrays, k = numDestinations * i + j, or rows:
 * assert.equal(res.matrix.distances![2 * 0 + 1], res.distance(0, 1));
 * assert.equal(res.toTravelTimesMatrix()![1][0], res.travelTime(1, 0));
 * ```
 *
 * @module
 */

export * from "./constants.ts";
export {
  buildMatrixRequest,
  matrix,
  MATRIX_WIRE_NAMES,
  type MatrixOptions,
  type MatrixParams,
} from "./matrix.ts";
export * from "./matrix_rows.ts";
export * from "./regions.ts";
export * from "./response.ts";
