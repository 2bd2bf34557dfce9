// Parameter checks shared by geocode and reverseGeocode.

import { integer, parseWith, validateLanguages } from "@ls/core/internal";

/** The largest `limit` HERE documents for Geocoding & Search. */
export const MAX_LIMIT = 100;

const limitSchema = /* @__PURE__ */ integer(1, MAX_LIMIT);

/**
 * `limit`: an integer from 1 to {@linkcode MAX_LIMIT}; `undefined` or `null`
 * gives `fallback` (not validated again on every call).
 */
export function limitValue(
  value: number | undefined,
  fallback: number,
): number {
  return value === undefined || value === null
    ? fallback
    : parseWith(limitSchema, value, "limit");
}

/** `lang`: one BCP 47 tag or a non-empty list of them; `undefined` or `null` gives `en-US`. */
export function langValue(
  value: string | readonly string[] | undefined,
): string | string[] {
  return value === undefined || value === null
    ? "en-US"
    : validateLanguages(value, "lang");
}
