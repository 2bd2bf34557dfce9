/**
 * The `show` values of discover, browse and lookup: the extra blocks HERE
 * adds to each place.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { buildDiscoverRequest, type PlaceShow } from "@ls/search";
 * const show: PlaceShow[] = ["tz", "phonemes"];
 * const spec = buildDiscoverRequest({ query: "coffee", center: [52.5, 13.4], radius: 1000, show });
 * assert.equal(spec.query?.toString(), "q=coffee&in=circle:52.5,13.4;r=1000&show=tz,phonemes");
 * ```
 *
 * @module
 */

/**
 * A `show` value of discover, browse and lookup: a known one, or any other
 * string HERE adds (sent unchanged). The known ones are those HERE documents
 * for discover: `eMobilityServiceProviders`, `ev` (charging-station
 * details), `fuel`, `fuelPrices`, `phonemes`, `streetInfo`, `tripadvisor`,
 * `tripadvisorImageVariants`, `truck` and `tz` (the place's time zone).
 * Browse and lookup take the same blocks as far as HERE's references show;
 * HERE answers 400 to a block an endpoint does not support.
 *
 * @example
 * ```ts
 * import type { PlaceShow } from "@ls/search";
 * const show: PlaceShow[] = ["ev", "fuel", "tz"];
 * ```
 */
export type PlaceShow =
  | "eMobilityServiceProviders"
  | "ev"
  | "fuel"
  | "fuelPrices"
  | "phonemes"
  | "streetInfo"
  | "tripadvisor"
  | "tripadvisorImageVariants"
  | "truck"
  | "tz";

/**
 * What lookup's `show` takes: the blocks of {@linkcode PlaceShow} and, as
 * for an address, `addressUsage`, `countryInfo` and `postalCodeDetails`.
 */
export type LookupShow =
  | PlaceShow
  | "addressUsage"
  | "countryInfo"
  | "postalCodeDetails";
