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

import type { SearchTable } from "@ls/core/internal";

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

/** The values of {@linkcode PlaceShow}, for the run-time check. */
export const PLACE_SHOW: readonly string[] = Object.keys(
  {
    eMobilityServiceProviders: 0,
    ev: 0,
    fuel: 0,
    fuelPrices: 0,
    phonemes: 0,
    streetInfo: 0,
    tripadvisor: 0,
    tripadvisorImageVariants: 0,
    truck: 0,
    tz: 0,
  } satisfies Record<PlaceShow, 0>,
);

/**
 * The shared parameters of discover and browse, checked in this order and
 * sent in it: `limit`, `lang`, `politicalView` and `show` (the blocks of
 * {@linkcode PlaceShow}), none with a default.
 */
export const PLACE_TABLE: SearchTable<
  "limit" | "lang" | "politicalView" | "show"
> = [["limit"], ["lang"], ["politicalView"], ["show", PLACE_SHOW]];

/**
 * What lookup's `show` takes: the blocks of {@linkcode PlaceShow} and, as
 * for an address, `addressUsage`, `countryInfo` and `postalCodeDetails`.
 */
export type LookupShow =
  | PlaceShow
  | "addressUsage"
  | "countryInfo"
  | "postalCodeDetails";

/** The values of {@linkcode LookupShow}, for the run-time check. */
export const LOOKUP_SHOW: readonly string[] = [
  ...PLACE_SHOW,
  ...Object.keys(
    { addressUsage: 0, countryInfo: 0, postalCodeDetails: 0 } satisfies Record<
      Exclude<LookupShow, PlaceShow>,
      0
    >,
  ),
];
