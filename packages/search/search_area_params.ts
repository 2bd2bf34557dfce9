/**
 * The search areas, written once: that of {@linkcode discover} and
 * {@linkcode browse} (a centre narrowed by a radius or by countries, or a
 * box), and that of {@linkcode autocomplete} and {@linkcode autosuggest}
 * (`at`, a circle, a box, countries).
 *
 * @module
 */

import type { BoundingBoxLike, CircleLike, LatLngLike } from "@ls/core";

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

/**
 * Where {@linkcode autocomplete} and {@linkcode autosuggest} search: near
 * `at`, in `searchInCircle` (`in=circle:`), in `searchInBbox` (`in=bbox:`),
 * in the countries of `inCountry` (`in=countryCode:`). HERE takes one `in=`
 * filter per request; which forms combine is each operation's rule.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { buildAutocompleteRequest, type InAreaParams } from "@ls/search";
 * const area: InAreaParams = { at: [52.5, 13.4], inCountry: ["DEU"] };
 * const spec = buildAutocompleteRequest({ query: "Pari", ...area });
 * assert.equal(spec.query?.toString(), "q=Pari&at=52.5,13.4&in=countryCode:DEU");
 * ```
 */
export interface InAreaParams {
  /** A position `[lat, lng]`, or any point form: results near it rank first; sent as `at`. */
  at?: LatLngLike;
  /**
   * Only results in this circle `{ lat, lng, radius }`, radius in metres (a
   * positive integer); sent as `in=circle:lat,lng;r=radius`.
   */
  searchInCircle?: CircleLike;
  /** Only results in this box `[west, south, east, north]`; sent as `in=bbox:...`. */
  searchInBbox?: BoundingBoxLike;
  /**
   * Only results in these countries: upper-case ISO 3166-1 alpha-3 codes,
   * e.g. `["DEU", "AUT"]`; sent as `in=countryCode:DEU,AUT`.
   */
  inCountry?: readonly string[];
}
