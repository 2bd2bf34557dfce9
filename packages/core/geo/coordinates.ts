/**
 * Coordinates, bounding boxes and country codes: their types, validation
 * (reported as {@linkcode ValueError}s naming the parameter) and the wire
 * forms of Geocoding & Search's `in=` filter. Positions are `[lat, lng]`;
 * bounding boxes are `[west, south, east, north]`, the order HERE uses on
 * the wire.
 *
 * Every `in…` builder returns a finished structured value (delimiters
 * literal, numbers without exponents) for `Query.setStructured`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Query } from "@ls/core";
 * import { inCircle } from "@ls/core/internal";
 * const query = new Query().setStructured("in", inCircle({ lat: 52.53, lng: 13.38, radius: 10000 }));
 * assert.equal(query.toString(), "in=circle:52.53,13.38;r=10000");
 * ```
 *
 * @module
 */

import * as z from "zod/mini";
import { formatNumber } from "../params/format.ts";
import { lazy } from "../params/lazy.ts";
import {
  fixedArray,
  minLength,
  numberInRange,
  parseWith,
  stringMatching,
} from "../params/validate.ts";
import { stringList } from "../params/check_params.ts";

/** A position as `[latitude, longitude]` in WGS 84 degrees. */
export type LatLng = [lat: number, lng: number];

/**
 * A bounding box as `[west, south, east, north]`: longitudes, then latitudes,
 * in the order of HERE's `bbox:` wire form.
 */
export type BoundingBox = [
  west: number,
  south: number,
  east: number,
  north: number,
];

/** A position as an object, the form of JSON bodies and responses. */
export interface LatLngObject {
  /** Latitude in degrees, -90 to 90. */
  lat: number;
  /** Longitude in degrees, -180 to 180. */
  lng: number;
}

/** A search circle: centre and radius in metres (a positive integer). */
export interface SearchCircle extends LatLngObject {
  /** Radius in metres; a positive integer. */
  radius: number;
}

/**
 * A latitude: a finite number from -90 to 90.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { latitude, parseWith } from "@ls/core/internal";
 * assert.equal(parseWith(latitude(), 52.5, "lat"), 52.5);
 * assert.throws(() => parseWith(latitude(), 95, "lat"), {
 *   message: "Invalid lat: must be a latitude from -90 to 90, got 95",
 * });
 * ```
 */
export const latitude: () => z.ZodMiniType<number> = /* @__PURE__ */ lazy(
  () =>
    numberInRange(
      -90,
      90,
      "must be a latitude from -90 to 90",
    ),
);

/**
 * A longitude: a finite number from -180 to 180.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { longitude, parseWith } from "@ls/core/internal";
 * assert.equal(parseWith(longitude(), 13.4, "lng"), 13.4);
 * assert.throws(() => parseWith(longitude(), -181, "lng"), {
 *   message: "Invalid lng: must be a longitude from -180 to 180, got -181",
 * });
 * ```
 */
export const longitude: () => z.ZodMiniType<number> = /* @__PURE__ */ lazy(
  () =>
    numberInRange(
      -180,
      180,
      "must be a longitude from -180 to 180",
    ),
);

/**
 * Schema of a {@linkcode LatLng} tuple, for composing larger schemas.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import * as z from "zod/mini";
 * import { parseWith } from "@ls/core/internal";
 * import { latLngSchema } from "./coordinates.ts";
 * assert.deepEqual(parseWith(z.array(latLngSchema()), [[52.5, 13.4]], "polygon"), [[52.5, 13.4]]);
 * assert.throws(() => parseWith(z.array(latLngSchema()), [[52.5, 13.4], [52.6]], "polygon"), {
 *   message: "Invalid polygon[1]: must be a [lat, lng] array, got [52.6]",
 * });
 * ```
 */
export const latLngSchema: () => z.ZodMiniType<LatLng> = /* @__PURE__ */ lazy(
  () =>
    fixedArray<LatLng>(
      [latitude(), longitude()],
      "must be a [lat, lng] array",
    ),
);

/**
 * Schema of a {@linkcode LatLngObject}; other keys are dropped.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import * as z from "zod/mini";
 * import { parseWith } from "@ls/core/internal";
 * import { latLngObjectSchema } from "./coordinates.ts";
 * const origins = parseWith(z.array(latLngObjectSchema()), [{ lat: 52.5, lng: 13.4, name: "A" }], "origins");
 * assert.deepEqual(origins, [{ lat: 52.5, lng: 13.4 }]);
 * ```
 */
export const latLngObjectSchema: () => z.ZodMiniType<LatLngObject> =
  /* @__PURE__ */ lazy(() =>
    z
      .object(
        { lat: latitude(), lng: longitude() },
        { error: "must be an object with lat and lng" },
      )
  );

/** The rule shared by every bounding-box form. */
const SOUTH_NORTH = "south must not be greater than north";

/**
 * Schema of a {@linkcode BoundingBox}: longitudes in -180..180, latitudes in
 * -90..90, south ≤ north. West may exceed east: such a box crosses the
 * antimeridian (the RFC 7946 §5.2 convention) and is sent unchanged.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseWith } from "@ls/core/internal";
 * import { boundingBoxSchema } from "./coordinates.ts";
 * assert.deepEqual(parseWith(boundingBoxSchema(), [13.08, 52.33, 13.76, 52.67], "bbox"), [13.08, 52.33, 13.76, 52.67]);
 * assert.throws(() => parseWith(boundingBoxSchema(), [13.08, 52.67, 13.76, 52.33], "bbox"), {
 *   message: "Invalid bbox: south must not be greater than north, got [13.08,52.67,13.76,52.33]",
 * });
 * ```
 */
export const boundingBoxSchema: () => z.ZodMiniType<BoundingBox> =
  /* @__PURE__ */ lazy(() =>
    fixedArray<BoundingBox>(
      [longitude(), latitude(), longitude(), latitude()],
      "must be a [west, south, east, north] array",
    ).check(
      z.refine(([, south, , north]) => south <= north, {
        error: SOUTH_NORTH,
      }),
    )
  );

/** A bounding box with named edges, the form of JSON bodies and responses. */
export interface BoundingBoxObject {
  /** Western longitude, -180 to 180. */
  west: number;
  /** Southern latitude, -90 to 90. */
  south: number;
  /** Eastern longitude, -180 to 180; less than `west` across the antimeridian. */
  east: number;
  /** Northern latitude, -90 to 90, not less than `south`. */
  north: number;
}

/**
 * Schema of a {@linkcode BoundingBoxObject}, with the rules of
 * {@linkcode boundingBoxSchema}; other keys are dropped.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseWith } from "@ls/core/internal";
 * import { boundingBoxObjectSchema } from "./coordinates.ts";
 * const area = { west: 13.4, south: 52.5, east: 13.5, north: 52.6 };
 * assert.deepEqual(parseWith(boundingBoxObjectSchema(), { ...area, id: 1 }, "area"), area);
 * ```
 */
export const boundingBoxObjectSchema: () => z.ZodMiniType<
  BoundingBoxObject
> = /* @__PURE__ */ lazy(() =>
  z
    .object(
      {
        west: longitude(),
        south: latitude(),
        east: longitude(),
        north: latitude(),
      },
      { error: "must be an object with west, south, east and north" },
    ).check(
      z.refine(({ south, north }) => south <= north, { error: SOUTH_NORTH }),
    )
);

/**
 * Validates a `[lat, lng]` position: exactly two finite numbers, latitude in
 * -90..90, longitude in -180..180. Returns a fresh tuple.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { validateLatLng } from "./coordinates.ts";
 * assert.deepEqual(validateLatLng([52.5, 13.4], "origin"), [52.5, 13.4]);
 * assert.throws(() => validateLatLng([95, 13.4], "origin"), {
 *   name: "ValueError",
 *   message: "Invalid origin[0]: must be a latitude from -90 to 90, got 95",
 * });
 * ```
 *
 * @throws {ValueError} naming `parameter` (or `parameter[0]`/`[1]`)
 */
export function validateLatLng(value: unknown, parameter: string): LatLng {
  return parseWith(latLngSchema(), value, parameter);
}

/**
 * Validates a `{ lat, lng }` position, with the ranges of
 * {@linkcode validateLatLng}. Returns a fresh object with only `lat` and `lng`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { validateLatLngObject } from "./coordinates.ts";
 * assert.deepEqual(validateLatLngObject({ lat: 52.5, lng: 13.4 }, "origins[0]"), { lat: 52.5, lng: 13.4 });
 * assert.throws(() => validateLatLngObject({ lat: 52.5 }, "origins[0]"), {
 *   message: "Invalid origins[0].lng: is required",
 * });
 * ```
 *
 * @throws {ValueError} naming `parameter.lat` or `parameter.lng`
 */
export function validateLatLngObject(
  value: unknown,
  parameter: string,
): LatLngObject {
  return parseWith(latLngObjectSchema(), value, parameter);
}

/**
 * Validates a `[west, south, east, north]` box: longitudes in -180..180,
 * latitudes in -90..90, south ≤ north. West may be greater than east; the box
 * then crosses the antimeridian (RFC 7946 §5.2) and is passed on unchanged,
 * because a single `in=` value cannot be split in two. Whether HERE honours
 * such a box is unverified.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { validateBbox } from "./coordinates.ts";
 * assert.deepEqual(validateBbox([13.08836, 52.33812, 13.761, 52.6755], "bbox"), [13.08836, 52.33812, 13.761, 52.6755]);
 * assert.deepEqual(validateBbox([170, -50, -170, -30], "bbox"), [170, -50, -170, -30]); // crosses the antimeridian
 * assert.throws(() => validateBbox([13.08, 52.33, 13.76], "bbox"), {
 *   message: "Invalid bbox: must be a [west, south, east, north] array, got [13.08,52.33,13.76]",
 * });
 * ```
 *
 * @throws {ValueError} naming `parameter` or the offending element
 */
export function validateBbox(value: unknown, parameter: string): BoundingBox {
  return parseWith(boundingBoxSchema(), value, parameter);
}

/**
 * Formats a position as HERE's `lat,lng`, numbers in plain decimals (never
 * with an exponent). Only finiteness is checked; validate ranges first.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { formatLatLng } from "@ls/core/internal";
 * assert.equal(formatLatLng(52.5, 13.4), "52.5,13.4");
 * assert.equal(formatLatLng(1e-7, -0), "0.0000001,0");
 * assert.throws(() => formatLatLng(NaN, 13.4, "center"), {
 *   message: "Invalid center: must be a finite number, got NaN",
 * });
 * ```
 *
 * @throws {ValueError} when a coordinate is not a finite number
 */
export function formatLatLng(
  lat: number,
  lng: number,
  parameter = "position",
): string {
  return `${formatNumber(lat, parameter)},${formatNumber(lng, parameter)}`;
}

/** Options of {@linkcode validateCountryCodes}. */
export interface CountryCodeOptions {
  /** ISO 3166-1 alpha-3 (`DEU`, the default) or alpha-2 (`DE`). */
  alpha?: 2 | 3;
}

/** The rules of one ISO 3166-1 code and of a list of them. */
function countryRules(alpha: 2 | 3): [code: string, list: string] {
  return [
    `must be an upper-case ISO 3166-1 alpha-${alpha} code`,
    `must be a non-empty array of ISO 3166-1 alpha-${alpha} codes`,
  ];
}

/* @__NO_SIDE_EFFECTS__ */ function countryCodesSchema(
  alpha: 2 | 3,
): z.ZodMiniType<string[]> {
  const [code, list] = countryRules(alpha);
  return z.array(
    stringMatching(new RegExp(`^[A-Z]{${alpha}}$`), code),
    { error: list },
  ).check(minLength(1, list));
}

/** The schema of each code length, made when first used. */
const COUNTRY_CODES = {
  2: /* @__PURE__ */ lazy(() => countryCodesSchema(2)),
  3: /* @__PURE__ */ lazy(() => countryCodesSchema(3)),
};

/**
 * Validates a non-empty list of upper-case ISO 3166-1 country codes
 * (alpha-3 by default, as Geocoding & Search and Routing expect). Lower-case,
 * wrong-length and non-letter codes are rejected, not corrected.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { validateCountryCodes } from "./coordinates.ts";
 * assert.deepEqual(validateCountryCodes(["DEU", "FRA"], "countryCodes"), ["DEU", "FRA"]);
 * assert.deepEqual(validateCountryCodes(["DE"], "politicalView", { alpha: 2 }), ["DE"]);
 * assert.throws(() => validateCountryCodes(["DEU", "fra"], "countryCodes"), {
 *   message: 'Invalid countryCodes[1]: must be an upper-case ISO 3166-1 alpha-3 code, got "fra"',
 * });
 * ```
 *
 * @throws {ValueError} naming `parameter` or `parameter[i]`
 */
export function validateCountryCodes(
  codes: unknown,
  parameter: string,
  options: CountryCodeOptions = {},
): string[] {
  return parseWith(
    COUNTRY_CODES[options.alpha === 2 ? 2 : 3](),
    codes,
    parameter,
  );
}

/**
 * The `in=countryCode:` value of Geocoding & Search: a non-empty list of
 * upper-case ISO 3166-1 alpha-3 codes.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { inCountryCodes } from "@ls/core/internal";
 * assert.equal(inCountryCodes(["DEU", "FRA"]), "countryCode:DEU,FRA");
 * assert.throws(() => inCountryCodes([]), {
 *   message: "Invalid in: must be a non-empty array of ISO 3166-1 alpha-3 codes, got []",
 * });
 * ```
 *
 * @throws {ValueError} for an empty list or a malformed code
 */
export function inCountryCodes(
  codes: readonly string[],
  parameter = "in",
): string {
  // The same rules as validateCountryCodes, checked without a schema, so
  // that Geocoding & Search bundles carry no array parser.
  const list = stringList(
    codes,
    parameter,
    /^[A-Z]{3}$/,
    ...countryRules(3),
    true,
  );
  return `countryCode:${list.join(",")}`;
}
