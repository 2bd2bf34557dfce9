// The search area of discover, browse and autosuggest: HERE takes one `in=`
// filter per request (a circle, a box or a list of countries), and an error
// names the parameter the caller set, not `in`.

import type { BoundingBoxLike, CircleLike } from "@ls/core";
import { ValueError } from "@ls/core";
import {
  inBbox,
  inCircle,
  inCountryCodes,
  integer,
  parseWith,
  positiveInteger,
} from "@ls/core/internal";

/**
 * The largest `radius` of browse, in metres: HERE's browse returns places
 * within 250 km of its centre.
 */
export const MAX_BROWSE_RADIUS = 250_000;

/**
 * `radius` in metres: a positive integer, or with `max` (browse's
 * {@linkcode MAX_BROWSE_RADIUS}) one from 1 to `max`; `undefined` passes.
 */
export function radiusValue(value: unknown, max?: number): number | undefined {
  if (value === undefined) return undefined;
  const schema = max === undefined ? positiveInteger() : integer(1, max);
  return parseWith(schema, value, "radius");
}

/** A finished `in=` value and the parameter it came from. */
export interface AreaFilter {
  /** The parameter the caller set. */
  parameter: string;
  /** The structured `in=` value. */
  value: string;
}

/** The `in=` forms: `circle:`, `bbox:` and `countryCode:`. */
const FORMS: {
  circle: (value: CircleLike, parameter: string) => string;
  bbox: (value: BoundingBoxLike, parameter: string) => string;
  countries: (value: readonly string[], parameter: string) => string;
} = { circle: inCircle, bbox: inBbox, countries: inCountryCodes };

/** The `in=` filter of one form of area, or `undefined`. */
export function areaFilter<F extends keyof typeof FORMS>(
  form: F,
  value: Parameters<(typeof FORMS)[F]>[0] | undefined,
  parameter: string,
): AreaFilter | undefined {
  return value === undefined
    ? undefined
    : { parameter, value: FORMS[form](value as never, parameter) };
}

/**
 * The rule behind every "one `in=` only" error: HERE rejects a repeated
 * `in` key, and no single-value form for two filters is verified.
 */
export const ONE_IN =
  "HERE takes a single in= filter and a combined form is not verified";

/**
 * The one area given among `areas`, or `undefined` for none; a second one is
 * refused naming it, the first and `rule`.
 *
 * @throws {ValueError} when two or more are given
 */
export function oneArea(
  areas: readonly (AreaFilter | undefined)[],
  rule: string = ONE_IN,
): AreaFilter | undefined {
  const given = areas.filter((a): a is AreaFilter => a !== undefined);
  if (given.length > 1) {
    throw new ValueError(
      given[1].parameter,
      `cannot be combined with ${given[0].parameter}: ${rule}`,
    );
  }
  return given[0];
}
