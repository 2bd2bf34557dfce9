// Parameter checks shared by geocode and reverseGeocode.

import { ValueError } from "@ls/core";
import {
  encodeContent,
  integer,
  isRecord,
  keyPath,
  nonBlankString,
  parseWith,
  validateLanguages,
} from "@ls/core/internal";

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

/** The fields of a qualified query (`qq`), in the order they are sent. */
const QUALIFIED_FIELDS = [
  "country",
  "state",
  "county",
  "city",
  "district",
  "street",
  "houseNumber",
  "postalCode",
] as const;

const FIELD_LIST = QUALIFIED_FIELDS.join(", ");

/**
 * `qq`: the given fields as `field=value` pairs joined by `;`, in HERE's
 * documented order, each value encoded as content (so a `;` or `=` in it
 * cannot end the pair); `undefined` passes.
 */
export function qualifiedQueryValue(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (!isRecord(value)) {
    throw new ValueError(
      "qualifiedQuery",
      `must be an object of address fields: ${FIELD_LIST}`,
      value,
    );
  }
  for (const key of Object.keys(value)) {
    if (!(QUALIFIED_FIELDS as readonly string[]).includes(key)) {
      // Neither the value nor an implausible name is printed: a spread
      // config object could put a credential here.
      throw new ValueError(
        keyPath("qualifiedQuery", key),
        `is not a field of a qualified query; the fields are ${FIELD_LIST}`,
      );
    }
  }
  const pairs: string[] = [];
  for (const field of QUALIFIED_FIELDS) {
    const text = value[field];
    if (text === undefined) continue;
    const checked = nonBlankString(text, `qualifiedQuery.${field}`);
    pairs.push(`${field}=${encodeContent(checked)}`);
  }
  if (pairs.length === 0) {
    throw new ValueError(
      "qualifiedQuery",
      `needs at least one of ${FIELD_LIST}`,
    );
  }
  return pairs.join(";");
}
