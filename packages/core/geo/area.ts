/**
 * One circle and one box for every operation that takes an area: search's
 * circle and box filters, matrix regions, avoided areas.
 *
 * - A circle is {@linkcode Circle}, `{ center, radius }` with any
 *   {@linkcode LatLngLike} centre. The seed's `{ lat, lng, radius }`
 *   ({@linkcode SearchCircle}) is read too.
 * - A box is {@linkcode BoundingBoxObject}, `{ west, south, east, north }`,
 *   or the `[west, south, east, north]` array ({@linkcode BoundingBox}), in
 *   GeoJSON's `bbox` order.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseBox, parseCircle } from "./area.ts";
 * assert.deepEqual(parseCircle({ center: [52.5, 13.4], radius: 1000 }, "circle"), { lat: 52.5, lng: 13.4, radius: 1000 });
 * assert.deepEqual(parseBox([13.3, 52.4, 13.5, 52.6], "box"), { west: 13.3, south: 52.4, east: 13.5, north: 52.6 });
 * ```
 *
 * @module
 */

import { ValueError } from "../errors/errors.ts";
import {
  type BoundingBox,
  type BoundingBoxObject,
  boundingBoxObjectSchema,
  boundingBoxSchema,
  formatLatLng,
  type SearchCircle,
} from "./coordinates.ts";
import { type LatLngLike, parsePoint } from "./point.ts";
import { parseWith, positiveInteger } from "../params/validate.ts";
import { formatInteger, formatNumber } from "../params/format.ts";

/** A circle: a centre in any point form and a radius in metres. */
export interface Circle {
  /** The centre: `[lat, lng]`, `{ lat, lng }` or a GeoJSON Point/Feature. */
  center: LatLngLike;
  /** Radius in metres, a positive integer. */
  radius: number;
}

/** A circle as {@linkcode Circle} or the seed's `{ lat, lng, radius }`. */
export type CircleLike = Circle | SearchCircle;

/**
 * A box as `{ west, south, east, north }` or `[west, south, east, north]`.
 */
export type BoundingBoxLike =
  | BoundingBoxObject
  | BoundingBox
  | readonly [west: number, south: number, east: number, north: number];

/**
 * Reads a {@linkcode CircleLike} to `{ lat, lng, radius }`, the radius a
 * positive integer in metres.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseCircle } from "./area.ts";
 * const centre = { type: "Point", coordinates: [13.4, 52.5] };
 * assert.deepEqual(parseCircle({ center: centre, radius: 500 }, "circle"), { lat: 52.5, lng: 13.4, radius: 500 });
 * assert.deepEqual(parseCircle({ lat: 52.5, lng: 13.4, radius: 500 }, "circle"), { lat: 52.5, lng: 13.4, radius: 500 });
 * assert.throws(() => parseCircle({ center: [52.5, 13.4], lat: 10, lng: 10, radius: 500 }, "circle"), {
 *   message: "Invalid circle: must give its centre once: center, or lat and lng, not both",
 * });
 * assert.throws(() => parseCircle({ center: [52.5, 13.4], radius: 0 }, "circle"), {
 *   message: "Invalid circle.radius: must be a positive integer, got 0",
 * });
 * ```
 *
 * @throws {ValueError} naming `parameter.center…` or `parameter.radius`
 */
export function parseCircle(
  value: unknown,
  parameter: string,
): SearchCircle {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new ValueError(
      parameter,
      "must be a circle: { center, radius } or { lat, lng, radius }",
      value,
    );
  }
  const center: unknown = Reflect.get(value, "center");
  if (
    center !== undefined &&
    (Object.hasOwn(value, "lat") || Object.hasOwn(value, "lng"))
  ) {
    throw new ValueError(
      parameter,
      "must give its centre once: center, or lat and lng, not both",
    );
  }
  const { lat, lng } = center === undefined
    ? parsePoint(value, parameter)
    : parsePoint(center, `${parameter}.center`);
  const radius = parseWith(
    positiveInteger(),
    Reflect.get(value, "radius"),
    `${parameter}.radius`,
  );
  return { lat, lng, radius };
}

/**
 * Reads a {@linkcode BoundingBoxLike} to `{ west, south, east, north }`:
 * longitudes in -180..180, latitudes in -90..90, south ≤ north. West may
 * exceed east: the box then crosses the antimeridian.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseBox } from "./area.ts";
 * const box = { west: 13.3, south: 52.4, east: 13.5, north: 52.6 };
 * assert.deepEqual(parseBox({ ...box, type: "boundingBox" }, "boundingBox"), box);
 * assert.throws(() => parseBox([13.3, 52.6, 13.5, 52.4], "boundingBox"), {
 *   message: "Invalid boundingBox: south must not be greater than north, got [13.3,52.6,13.5,52.4]",
 * });
 * ```
 *
 * @throws {ValueError} naming `parameter` or the offending edge
 */
export function parseBox(
  value: unknown,
  parameter: string,
): BoundingBoxObject {
  if (Array.isArray(value)) {
    const [west, south, east, north] = parseWith(
      boundingBoxSchema(),
      value,
      parameter,
    );
    return { west, south, east, north };
  }
  if (typeof value !== "object" || value === null) {
    throw new ValueError(
      parameter,
      "must be a box: { west, south, east, north } or [west, south, east, north]",
      value,
    );
  }
  return parseWith(boundingBoxObjectSchema(), value, parameter);
}

/**
 * The `in=circle:` value of Geocoding & Search: centre `lat,lng` and an
 * integer radius in metres.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { inCircle } from "@ls/core/internal";
 * assert.equal(inCircle({ lat: 52.53, lng: 13.38, radius: 10000 }), "circle:52.53,13.38;r=10000");
 * assert.equal(inCircle({ center: [52.53, 13.38], radius: 10000 }), "circle:52.53,13.38;r=10000");
 * assert.throws(() => inCircle({ lat: 52.53, lng: 13.38, radius: 0.5 }), {
 *   message: "Invalid in.radius: must be a positive integer, got 0.5",
 * });
 * ```
 *
 * @throws {ValueError} for an invalid centre or a radius that is not a
 * positive integer (`in.radius`)
 */
export function inCircle(circle: CircleLike, parameter = "in"): string {
  const { lat, lng, radius } = parseCircle(circle, parameter);
  return `circle:${formatLatLng(lat, lng)};r=${formatInteger(radius)}`;
}

/**
 * The `in=bbox:` value of Geocoding & Search, in `west,south,east,north`
 * order (see {@linkcode validateBbox} for the rules).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { inBbox } from "@ls/core/internal";
 * assert.equal(inBbox([13.08836, 52.33812, 13.761, 52.6755]), "bbox:13.08836,52.33812,13.761,52.6755");
 * assert.equal(inBbox({ west: 13.08836, south: 52.33812, east: 13.761, north: 52.6755 }), "bbox:13.08836,52.33812,13.761,52.6755");
 * ```
 *
 * @throws {ValueError} for an invalid box
 */
export function inBbox(bbox: BoundingBoxLike, parameter = "in"): string {
  const { west, south, east, north } = parseBox(bbox, parameter);
  return `bbox:${
    [west, south, east, north].map((n) => formatNumber(n)).join(",")
  }`;
}
