/**
 * `@ls/isoline`: HERE Isoline Routing v8 (`GET /v8/isolines`).
 *
 * - {@linkcode calculateIsoline} `(client, params, options?)` →
 *   {@linkcode IsolineResponse}: `range` as HERE's `"300,600"` or a number
 *   array, exactly one of `origin` / `destination` (any point form:
 *   `[lat, lng]`, `{ lat, lng }`, a GeoJSON `Point` or `Feature`), avoided
 *   areas (boxes and polygons), `departureTime` with
 *   `origin` and `arrivalTime` with `destination`, avoid features and truck
 *   values sent in deep-object form (`avoid[features]=…`,
 *   `vehicle[grossWeight]=…`), and `ev`, the electric vehicle's
 *   consumption model, which `rangeType: "consumption"` (a budget in Wh)
 *   requires.
 * - {@linkcode buildCalculateIsolineRequest}: the request it sends,
 *   validated, without sending it.
 * - `info` notices (such as `unknownParameter`) are kept on the response;
 *   critical ones (or an undocumented severity) fail the call with an
 *   `ApiError`.
 * - {@linkcode IsolineResponse}: isolines with their range and decoded
 *   polygons (holes when present), the departure or arrival, and
 *   `toGeoJSON()` with closed rings — a `Polygon` or `MultiPolygon` per
 *   isoline, `range` in `properties` and, flat for map styles, `rangeType`
 *   and `rangeValue`.
 *
 * Runtimes: Deno, Node, browsers and edge runtimes (web-standard APIs only).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { buildCalculateIsolineRequest } from "@ls/isoline";
 * const spec = buildCalculateIsolineRequest({
 *   origin: [52.5, 13.4],
 *   range: [300, 600],
 *   rangeType: "time",
 *   transportMode: "pedestrian",
 *   departureTime: "2024-05-01T08:00:00+02:00",
 * });
 * assert.equal(
 *   spec.query?.toString(),
 *   "transportMode=pedestrian&origin=52.5,13.4&range%5Btype%5D=time&range%5Bvalues%5D=300,600" +
 *     "&routingMode=fast&optimizeFor=balanced&departureTime=2024-05-01T08%3A00%3A00%2B02%3A00",
 * );
 * ```
 *
 * @module
 */

export * from "./calculate_isoline.ts";
export * from "./constants.ts";
export * from "./isoline_avoid.ts";
export * from "./isoline_fuel.ts";
export * from "./isoline_json.ts";
export * from "./isoline_options.ts";
export * from "./isoline_params.ts";
export * from "./isoline_vehicle.ts";
export * from "./isoline_response.ts";
