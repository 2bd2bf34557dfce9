// Parameter checks shared by geocode and reverseGeocode.

import { integer, parseWith, validateLanguages, ValueError } from "@ls/core";

/** HERE's documented largest `limit` for Geocoding & Search (wire search.md §2.2, unverified). */
export const MAX_LIMIT = 100;

const limitSchema = /* @__PURE__ */ integer(1, MAX_LIMIT);

/** Throws unless `params` is an object. */
export function checkParams(params: unknown): void {
  if (typeof params !== "object" || params === null || Array.isArray(params)) {
    throw new ValueError("params", "must be an object", params);
  }
}

/** A free-text value that is a string with at least one non-space character. */
export function searchText(value: unknown, parameter: string): string {
  if (typeof value !== "string" || value.trim() === "") {
    throw new ValueError(
      parameter,
      "must be a non-empty string that is not only whitespace",
      value,
    );
  }
  return value;
}

/** `limit`: an integer from 1 to {@linkcode MAX_LIMIT}. */
export function limitValue(value: number, parameter = "limit"): number {
  return parseWith(limitSchema, value, parameter);
}

/** `lang`: one BCP 47 tag or a non-empty list of them. */
export function langValue(
  value: string | readonly string[],
  parameter = "lang",
): string[] {
  return validateLanguages(value, parameter);
}
