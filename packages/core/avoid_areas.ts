/**
 * Avoided areas and excluded countries on the wire:
 * {@linkcode formatAvoidAreas} writes `avoid[areas]`,
 * {@linkcode avoidAreaToJson} one area of a matrix body's `avoid.areas`,
 * {@linkcode formatCountryList} writes `exclude[countries]`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { formatAvoidAreas, formatCountryList } from "@ls/core/internal";
 * assert.equal(
 *   formatAvoidAreas([{ west: 13.41, south: 52.51, east: 13.43, north: 52.53 }]),
 *   "bbox:13.41,52.51,13.43,52.53",
 * );
 * assert.equal(formatCountryList(["CHE", "AUT"]), "CHE,AUT");
 * ```
 *
 * @module
 */

import * as z from "zod/mini";
import { formatNumber } from "./format.ts";
import {
  boundingBoxObjectSchema,
  validateCountryCodes,
} from "./coordinates.ts";
import { parseWith } from "./validate.ts";
import type { AvoidBoundingBox } from "./options.ts";

/** The JSON form of an avoided bounding box (matrix `avoid.areas[]`). */
export interface AvoidAreaJson {
  /** Always `"boundingBox"`. */
  type: "boundingBox";
  /** Northern latitude. */
  north: number;
  /** Southern latitude. */
  south: number;
  /** Western longitude. */
  west: number;
  /** Eastern longitude. */
  east: number;
}

const avoidAreasSchema =
  /* @__PURE__ */ (() =>
    z.array(boundingBoxObjectSchema, {
      error: "must be an array",
    }).check(
      z.refine((areas) => areas.length <= 250, {
        error: "must have at most 250 areas",
      }),
    ))();

/**
 * The `avoid[areas]` value for bounding boxes: `bbox:west,south,east,north`
 * per area, joined with `|` sent as `%7C`. At most 250 areas. Returns
 * `undefined` for `undefined` or an empty list, so the key is omitted
 * (`Query.setStructured` skips `undefined`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { formatAvoidAreas } from "@ls/core/internal";
 * const areas = formatAvoidAreas([
 *   { west: 13.41, south: 52.51, east: 13.43, north: 52.53 },
 *   { west: 13.44, south: 52.54, east: 13.46, north: 52.56 },
 * ]);
 * assert.equal(areas, "bbox:13.41,52.51,13.43,52.53%7Cbbox:13.44,52.54,13.46,52.56");
 * assert.equal(formatAvoidAreas([]), undefined);
 * ```
 *
 * @throws {ValueError} naming e.g. `avoidAreas[1].north`, or
 * `avoidAreas[0]` when south is greater than north
 */
export function formatAvoidAreas(
  areas: readonly AvoidBoundingBox[] | undefined,
  parameter = "avoidAreas",
): string | undefined {
  if (areas === undefined || (Array.isArray(areas) && areas.length === 0)) {
    return undefined;
  }
  return parseWith(avoidAreasSchema, areas, parameter)
    .map(({ west, south, east, north }) =>
      `bbox:${[west, south, east, north].map((n) => formatNumber(n)).join(",")}`
    )
    .join("%7C");
}

/**
 * The matrix JSON form of an avoided bounding box:
 * `{ type: "boundingBox", north, south, west, east }`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { avoidAreaToJson } from "@ls/core/internal";
 * assert.deepEqual(
 *   avoidAreaToJson({ north: 52.53, south: 52.51, west: 13.41, east: 13.43 }),
 *   { type: "boundingBox", north: 52.53, south: 52.51, west: 13.41, east: 13.43 },
 * );
 * ```
 *
 * @throws {ValueError} for out-of-range edges or south greater than north
 */
export function avoidAreaToJson(
  area: AvoidBoundingBox,
  parameter = "avoidArea",
): AvoidAreaJson {
  const { north, south, west, east } = parseWith(
    boundingBoxObjectSchema,
    area,
    parameter,
  );
  return { type: "boundingBox", north, south, west, east };
}

/**
 * The `exclude[countries]` value: upper-case ISO 3166-1 alpha-3 codes joined
 * with `,`. Returns `undefined` for `undefined` or an empty list, so the key
 * is omitted.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { formatCountryList } from "@ls/core/internal";
 * assert.equal(formatCountryList(["CHE", "AUT"]), "CHE,AUT");
 * assert.throws(() => formatCountryList(["DE"]), /excludeCountries\[0\]/);
 * ```
 *
 * @throws {ValueError} for a malformed code, naming e.g. `excludeCountries[1]`
 */
export function formatCountryList(
  codes: readonly string[] | undefined,
  parameter = "excludeCountries",
): string | undefined {
  if (codes === undefined || (Array.isArray(codes) && codes.length === 0)) {
    return undefined;
  }
  return validateCountryCodes(codes, parameter).join(",");
}
