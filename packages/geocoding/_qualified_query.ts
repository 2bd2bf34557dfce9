// The qualified query of geocode (HERE's `qq`).

import { ValueError } from "@ls/core";
import {
  encodeContent,
  isRecord,
  keyPath,
  nonBlankString,
} from "@ls/core/internal";

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
