// Parameter checks shared by discover, browse, lookup and autosuggest.

import type { BoundingBoxLike, LatLng } from "@ls/core";
import type { LookupShow, PlaceShow } from "./place_show.ts";
import type { AutosuggestShow } from "./autosuggest.ts";
import {
  inBbox,
  inCircle,
  inCountryCodes,
  integer,
  parseOptionalPoint,
  parseWith,
  positiveInteger,
  validateLanguages,
} from "@ls/core/internal";

/** The largest `limit` HERE documents for Geocoding & Search. */
export const MAX_LIMIT = 100;

/** The largest `termsLimit` of autosuggest. */
export const MAX_TERMS_LIMIT = 10;

const limitSchema = /* @__PURE__ */ integer(1, MAX_LIMIT);
const termsLimitSchema = /* @__PURE__ */ integer(1, MAX_TERMS_LIMIT);

/** `limit`: an integer from 1 to {@linkcode MAX_LIMIT}; `undefined` passes. */
export function limitValue(value: number | undefined): number | undefined {
  return value === undefined
    ? undefined
    : parseWith(limitSchema, value, "limit");
}

/** `termsLimit`: an integer from 1 to {@linkcode MAX_TERMS_LIMIT}; `undefined` passes. */
export function termsLimitValue(value: number | undefined): number | undefined {
  return value === undefined
    ? undefined
    : parseWith(termsLimitSchema, value, "termsLimit");
}

/** `lang`: one BCP 47 tag or a non-empty list of them; `undefined` passes. */
export function langValue(
  value: string | readonly string[] | undefined,
): string[] | undefined {
  return value === undefined ? undefined : validateLanguages(value, "lang");
}

/** A point in any form as `[lat, lng]`, or `undefined`. */
export function optionalLatLng(
  value: unknown,
  parameter: string,
): LatLng | undefined {
  const p = parseOptionalPoint(value, parameter);
  return p && [p.lat, p.lng];
}

/**
 * The largest `radius` of browse, in metres: HERE's browse returns places
 * within 250 km of its centre.
 */
export const MAX_BROWSE_RADIUS = 250_000;

const browseRadiusSchema = /* @__PURE__ */ integer(1, MAX_BROWSE_RADIUS);

/** `radius` in metres: a positive integer, or `undefined`. */
export function radiusValue(value: unknown): number | undefined {
  return value === undefined
    ? undefined
    : parseWith(positiveInteger, value, "radius");
}

/**
 * Browse's `radius` in metres: an integer from 1 to
 * {@linkcode MAX_BROWSE_RADIUS}, or `undefined`.
 */
export function browseRadiusValue(value: unknown): number | undefined {
  return value === undefined
    ? undefined
    : parseWith(browseRadiusSchema, value, "radius");
}

/** A finished `in=` value and the parameter it came from. */
export interface AreaFilter {
  /** The parameter the caller set. */
  parameter: string;
  /** The structured `in=` value. */
  value: string;
}

/** The `in=circle:` filter around a validated centre. */
export function circleFilter(center: LatLng, radius: number): AreaFilter {
  return {
    parameter: "radius",
    value: inCircle({ lat: center[0], lng: center[1], radius }, "radius"),
  };
}

/** The `in=bbox:` filter of a box, or `undefined`. */
export function bboxFilter(
  value: BoundingBoxLike | undefined,
  parameter: string,
): AreaFilter | undefined {
  return value === undefined
    ? undefined
    : { parameter, value: inBbox(value, parameter) };
}

/** The `in=countryCode:` filter of a list of codes, or `undefined`. */
export function countryFilter(
  value: readonly string[] | undefined,
  parameter: string,
): AreaFilter | undefined {
  return value === undefined
    ? undefined
    : { parameter, value: inCountryCodes(value, parameter) };
}

/**
 * The rule behind every "one `in=` only" error: HERE rejects a repeated
 * `in` key, and no single-value form for two filters is verified.
 */
export const ONE_IN =
  "HERE takes a single in= filter and a combined form is not verified";

/** The values of `PlaceShow`, for the run-time check. */
export const PLACE_SHOW: readonly PlaceShow[] = [
  "eMobilityServiceProviders",
  "ev",
  "fuel",
  "fuelPrices",
  "phonemes",
  "streetInfo",
  "tripadvisor",
  "tripadvisorImageVariants",
  "truck",
  "tz",
];

/** The values of `LookupShow`, for the run-time check. */
export const LOOKUP_SHOW: readonly LookupShow[] = [
  ...PLACE_SHOW,
  "addressUsage",
  "countryInfo",
  "postalCodeDetails",
];

/** The values of `AutosuggestShow`, for the run-time check. */
export const AUTOSUGGEST_SHOW: readonly AutosuggestShow[] = [
  "details",
  "fuel",
  "phonemes",
  "streetInfo",
  "truck",
  "tz",
];
