/**
 * The search area of {@linkcode discover} and {@linkcode browse}, written
 * once: a centre narrowed by a radius or by countries, or a box.
 *
 * @module
 */

import type { BoundingBoxLike, LatLngLike } from "@ls/core";

/**
 * Where {@linkcode discover} and {@linkcode browse} search: `center` (sent as
 * `at`) with `radius` (`in=circle:`) or `countryCodes` (`in=countryCode:`),
 * or `boundingBox` (`in=bbox:`). HERE takes one `in=` filter per request.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { buildDiscoverRequest, type SearchAreaParams } from "@ls/search";
 * const area: SearchAreaParams = { center: [52.52, 13.405], radius: 1000 };
 * const spec = buildDiscoverRequest({ query: "coffee", ...area });
 * assert.equal(spec.query?.toString(), "q=coffee&in=circle:52.52,13.405;r=1000");
 * ```
 */
export interface SearchAreaParams {
  /** Search centre `[lat, lng]`, or any point form. */
  center?: LatLngLike;
  /** Radius around `center` in metres, a positive integer. */
  radius?: number;
  /** Upper-case ISO 3166-1 alpha-3 codes, e.g. `["DEU", "FRA"]`. */
  countryCodes?: readonly string[];
  /** `[west, south, east, north]` or `{ west, south, east, north }`. */
  boundingBox?: BoundingBoxLike;
}
