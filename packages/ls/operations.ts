/**
 * The operations of the `LS` class as data: {@linkcode LS_OPERATIONS} lists
 * them once, and {@linkcode LSOperation} and {@linkcode LSBulkOperation}
 * are their names.
 *
 * @module
 */

/**
 * Every operation of the `LS` class that resolves to one answer, by its
 * method name in the order of the class, with what it resolves to:
 * `"response"`, a response object, or `"raw"`, a raw `Response` whose body
 * the caller must read. `LS.bulk` runs the `"response"` ones by name (see
 * {@linkcode LSBulkOperation}). `matrixRows`, which yields rows as they
 * arrive, is not one of them.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { LS_OPERATIONS } from "@ls/ls";
 * assert.equal(LS_OPERATIONS.geocode, "response");
 * assert.equal(LS_OPERATIONS.autosuggest, "raw");
 * assert.equal(Object.keys(LS_OPERATIONS).length, 20);
 * ```
 */
export const LS_OPERATIONS = {
  geocode: "response",
  reverseGeocode: "response",
  discover: "response",
  browse: "response",
  lookup: "response",
  autosuggest: "raw",
  autocomplete: "response",
  carRoute: "response",
  bicycleRoute: "response",
  truckRoute: "response",
  scooterRoute: "response",
  pedestrianRoute: "response",
  taxiRoute: "response",
  busRoute: "response",
  privateBusRoute: "response",
  calculateIsoline: "response",
  matrix: "response",
  getDestWeather: "response",
  getWeatherAlerts: "response",
  solveTourPlanning: "response",
} as const;

/**
 * The name of an operation of the `LS` class: a key of
 * {@linkcode LS_OPERATIONS}.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { LS_OPERATIONS, type LSOperation } from "@ls/ls";
 * const names = Object.keys(LS_OPERATIONS) as LSOperation[];
 * assert.ok(names.includes("autosuggest"));
 * assert.ok(!names.includes("matrixRows" as LSOperation));
 * ```
 */
export type LSOperation = keyof typeof LS_OPERATIONS;

/**
 * The `LS` methods `LS.bulk` runs by name: every operation that resolves to
 * a typed response. (`autosuggest` resolves to a raw `Response` whose body
 * the caller must read; run it with a function instead.)
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { LS, type LSBulkOperation } from "@ls/ls";
 * const operation: LSBulkOperation = "reverseGeocode";
 * using ls = new LS({ apiKey: "<API_KEY>" });
 * // Nothing is sent until the loop pulls; a name that is not one is refused at once.
 * ls.bulk(operation, [{ lat: 52.5, lng: 13.4 }]);
 * assert.throws(() => ls.bulk("autosuggest" as LSBulkOperation, []), { name: "ValueError" });
 * ```
 */
export type LSBulkOperation = {
  [K in LSOperation]: (typeof LS_OPERATIONS)[K] extends "response" ? K
    : never;
}[LSOperation];
