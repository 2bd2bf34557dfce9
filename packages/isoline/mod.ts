/**
 * `@ls/isoline`: HERE Isoline Routing v8 (`GET /v8/isolines`).
 *
 * - {@linkcode calculateIsoline} `(client, params, options?)` →
 *   {@linkcode IsolineResponse}: `range` as HERE's `"300,600"` or a number
 *   array, exactly one of `origin` / `destination`, `departureTime` with
 *   `origin` and `arrivalTime` with `destination`, avoid features and truck
 *   values sent in deep-object form (`avoid[features]=…`,
 *   `vehicle[grossWeight]=…`).
 * - `info` notices (such as `unknownParameter`) are kept on the response;
 *   critical ones (or an undocumented severity) fail the call with an
 *   `ApiError`.
 * - {@linkcode IsolineResponse}: isolines with their range and decoded
 *   polygons (holes when present), the departure or arrival, and
 *   `toGeoJSON()` with closed rings — a `Polygon` or `MultiPolygon` per
 *   isoline, `range` in `properties`.
 *
 * @example
 * ```ts ignore
 * import { Client } from "@ls/core";
 * import { calculateIsoline } from "@ls/isoline";
 *
 * const client = new Client({ apiKey: "<API_KEY>" });
 * const res = await calculateIsoline(client, {
 *   origin: [52.5, 13.4],
 *   range: "300,600",
 *   rangeType: "time",
 *   transportMode: "car",
 * });
 * const geojson = res.toGeoJSON();
 * ```
 *
 * @module
 */

export * from "./calculate_isoline.ts";
export * from "./constants.ts";
export * from "./isoline_response.ts";
