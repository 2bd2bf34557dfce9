/**
 * The region a matrix is calculated in (`regionDefinition`), as HERE's own
 * JSON: plain-object interfaces, each merged with a class of the same name
 * whose constructor takes the same object without `type`.
 *
 * | Kind | JSON | Mode |
 * |---|---|---|
 * | {@linkcode CircleRegion} | `{ type: "circle", center, radius }` (any point as `center`) | region |
 * | {@linkcode BoundingBoxRegion} | `{ type: "boundingBox", north, south, west, east }` | region |
 * | {@linkcode PolygonRegion} | `{ type: "polygon", outer }` (points, or flat `lat, lng` numbers) | region |
 * | {@linkcode AutoCircleRegion} | `{ type: "autoCircle", margin }` | region |
 * | {@linkcode WorldRegion} | `{ type: "world" }` | flexible or profile |
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { CircleRegion, regionToJson } from "@ls/matrix";
 * const region = new CircleRegion({ center: [52.5, 13.4], radius: 10000 });
 * assert.deepEqual(regionToJson(region), {
 *   type: "circle",
 *   center: { lat: 52.5, lng: 13.4 },
 *   radius: 10000,
 * });
 * ```
 *
 * @module
 */

import * as z from "zod/mini";
import {
  type BoundingBoxLike,
  type Circle,
  type LatLngLike,
  type LatLngObject,
  ValueError,
} from "@ls/core";
import {
  latitude,
  lazy,
  longitude,
  nonNegativeInteger,
  parsePoint,
  parseWith,
  pointSchema,
  positiveInteger,
} from "@ls/core/internal";

/**
 * The margin an {@linkcode AutoCircleRegion} gets when none is given, in
 * metres (the reference client's default). It is always sent.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { DEFAULT_AUTO_CIRCLE_MARGIN } from "@ls/matrix";
 * assert.equal(DEFAULT_AUTO_CIRCLE_MARGIN, 10000);
 * ```
 */
export const DEFAULT_AUTO_CIRCLE_MARGIN = 10_000;

/**
 * A circle: every origin and destination must lie inside it. It is core's
 * `Circle` (`{ center, radius }`, any point as `center`: `[lat, lng]`,
 * `{ lat, lng }`, a GeoJSON `Point` or `Feature`) with `type: "circle"`;
 * HERE gets the centre as `{ lat, lng }`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { CircleRegion, regionToJson } from "@ls/matrix";
 * const a: CircleRegion = { type: "circle", center: { lat: 52.5, lng: 13.4 }, radius: 10000 };
 * const b = new CircleRegion({ center: [52.5, 13.4], radius: 10000 });
 * assert.deepEqual(regionToJson(b), a);
 * ```
 */
export interface CircleRegion extends Circle {
  /** Always `"circle"`. */
  type: "circle";
  /** The centre: any point. */
  center: LatLngLike;
  /** Radius in metres, a positive integer. */
  radius: number;
}

/** Builds a {@linkcode CircleRegion}; the constructor copies `init`. */
export class CircleRegion {
  /** Copies the given fields and sets `type`; validation happens on sending. */
  constructor(init: Circle) {
    Object.assign(this, init);
    this.type = "circle";
  }
}

/**
 * A bounding box with named edges. `west` greater than `east` crosses the
 * antimeridian and is sent unchanged. The object keeps its `type`, so it
 * has named edges; the constructor also takes core's box array
 * `[west, south, east, north]` (GeoJSON's `bbox` order) and names them.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { BoundingBoxRegion } from "@ls/matrix";
 * const box = new BoundingBoxRegion({ north: 52.53, south: 52.46, west: 13.35, east: 13.42 });
 * assert.deepEqual({ ...new BoundingBoxRegion([13.35, 52.46, 13.42, 52.53]) }, { ...box });
 * ```
 */
export interface BoundingBoxRegion {
  /** Always `"boundingBox"`. */
  type: "boundingBox";
  /** Northern latitude, -90 to 90, not less than `south`. */
  north: number;
  /** Southern latitude, -90 to 90. */
  south: number;
  /** Western longitude, -180 to 180. */
  west: number;
  /** Eastern longitude, -180 to 180. */
  east: number;
}

/**
 * Builds a {@linkcode BoundingBoxRegion}; the constructor copies `init`, or
 * names the edges of a `[west, south, east, north]` array.
 */
export class BoundingBoxRegion {
  /** Copies the given edges and sets `type`; validation happens on sending. */
  constructor(init: BoundingBoxLike) {
    if (Array.isArray(init)) {
      const [west, south, east, north] = init;
      Object.assign(this, { north, south, west, east });
    } else Object.assign(this, init);
    this.type = "boundingBox";
  }
}

/**
 * A polygon. `outer` is its ring in one of two forms, told apart by its
 * items:
 *
 * - a list of numbers is flat `[lat, lng, lat, lng, ...]` (what HERE's
 *   reference client passes through), sent as given;
 * - a list of anything else is a list of points, each any point
 *   (`[lat, lng]`, `{ lat, lng }`, a GeoJSON `Point` or `Feature`), sent as
 *   `{ lat, lng }` objects.
 *
 * Either needs at least three vertices, each valid; a list mixing numbers
 * and points is refused.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { PolygonRegion, regionToJson } from "@ls/matrix";
 * const flat = new PolygonRegion({ outer: [52.5, 13.3, 52.6, 13.4, 52.5, 13.5] });
 * assert.deepEqual(regionToJson(flat), { type: "polygon", outer: [52.5, 13.3, 52.6, 13.4, 52.5, 13.5] });
 * const points = new PolygonRegion({ outer: [[52.5, 13.3], [52.6, 13.4], { lat: 52.5, lng: 13.5 }] });
 * assert.deepEqual((regionToJson(points) as PolygonRegion).outer, [
 *   { lat: 52.5, lng: 13.3 },
 *   { lat: 52.6, lng: 13.4 },
 *   { lat: 52.5, lng: 13.5 },
 * ]);
 * ```
 */
export interface PolygonRegion {
  /** Always `"polygon"`. */
  type: "polygon";
  /** The outer ring: flat `lat, lng` numbers, or a list of points. */
  outer: readonly number[] | readonly LatLngLike[];
}

/** Builds a {@linkcode PolygonRegion}; the constructor copies `init`. */
export class PolygonRegion {
  /** Copies the given fields and sets `type`; validation happens on sending. */
  constructor(init: Omit<PolygonRegion, "type">) {
    Object.assign(this, init);
    this.type = "polygon";
  }
}

/**
 * A circle HERE derives itself: the smallest circle covering every origin and
 * destination, plus `margin` metres. HERE echoes the derived circle in the
 * response's `regionDefinition`. `margin` defaults to
 * {@linkcode DEFAULT_AUTO_CIRCLE_MARGIN} (10 000 m) and is always sent.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { AutoCircleRegion, regionToJson } from "@ls/matrix";
 * assert.deepEqual(regionToJson(new AutoCircleRegion()), { type: "autoCircle", margin: 10000 });
 * assert.equal(new AutoCircleRegion({ margin: 5000 }).margin, 5000);
 * ```
 */
export interface AutoCircleRegion {
  /** Always `"autoCircle"`. */
  type: "autoCircle";
  /** Metres added around the covering circle, an integer ≥ 0; default 10 000. */
  margin?: number;
}

/** Builds an {@linkcode AutoCircleRegion}; the constructor copies `init`. */
export class AutoCircleRegion {
  /** Copies the given fields and sets `type`; validation happens on sending. */
  constructor(init: Omit<AutoCircleRegion, "type"> = {}) {
    Object.assign(this, init);
    this.type = "autoCircle";
  }
}

/**
 * The whole world: flexible mode (at most 15 × 100 or 100 × 1 per call,
 * tiled beyond that) or, with a `profile`, profile mode.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { WorldRegion } from "@ls/matrix";
 * assert.deepEqual({ ...new WorldRegion() }, { type: "world" });
 * ```
 */
export interface WorldRegion {
  /** Always `"world"`. */
  type: "world";
}

/** Builds a {@linkcode WorldRegion}. */
export class WorldRegion {
  /** Sets `type`. */
  constructor() {
    this.type = "world";
  }
}

/**
 * Any region definition: what `matrix()` takes as `regionDefinition` and
 * what HERE echoes in a result.
 *
 * @example
 * ```ts
 * import type { RegionDefinition } from "@ls/matrix";
 * const region: RegionDefinition = { type: "autoCircle", margin: 2000 };
 * ```
 */
export type RegionDefinition =
  | CircleRegion
  | BoundingBoxRegion
  | PolygonRegion
  | AutoCircleRegion
  | WorldRegion;

/** The `type` of a {@linkcode RegionDefinition}. */
export type RegionType = RegionDefinition["type"];

/**
 * A region as HERE's JSON: what {@linkcode regionToJson} returns and what a
 * result's `regionDefinition` holds. A circle's `center` is `{ lat, lng }`,
 * a polygon's `outer` flat numbers or `{ lat, lng }` objects.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { regionToJson, type RegionDefinitionJson } from "@ls/matrix";
 * const json: RegionDefinitionJson = regionToJson({ type: "circle", center: [52.5, 13.4], radius: 500 });
 * assert.equal(json.type === "circle" && json.center.lat, 52.5);
 * ```
 */
export type RegionDefinitionJson =
  | { type: "circle"; center: LatLngObject; radius: number }
  | BoundingBoxRegion
  | { type: "polygon"; outer: number[] | LatLngObject[] }
  | AutoCircleRegion
  | WorldRegion;

const REGION_TYPES: readonly RegionType[] = [
  "circle",
  "boundingBox",
  "polygon",
  "autoCircle",
  "world",
];

// regionToJson() picks the schema by `type`, so the key only needs to be known.
const regionType = /* @__PURE__ */ lazy(() => z.string());

const circleSchema = /* @__PURE__ */ lazy(() =>
  z.strictObject({
    type: regionType(),
    center: pointSchema(),
    radius: positiveInteger(),
  })
);

const boundingBoxSchema = /* @__PURE__ */ lazy(() =>
  z.strictObject({
    type: regionType(),
    north: latitude(),
    south: latitude(),
    west: longitude(),
    east: longitude(),
  }).check(
    z.refine((b) => b.south <= b.north, {
      error: "south must not be greater than north",
    }),
  )
);

const POLYGON_RULE =
  "must be a flat [lat, lng, ...] list of numbers or a list of points, with at least 3 vertices";

const polygonSchema = /* @__PURE__ */ lazy(() =>
  z.strictObject({
    type: regionType(),
    outer: z.array(z.unknown(), { error: POLYGON_RULE }),
  })
);

const autoCircleSchema = /* @__PURE__ */ lazy(() =>
  z.strictObject({
    type: regionType(),
    margin: z.optional(nonNegativeInteger()),
  })
);

const worldSchema = /* @__PURE__ */ lazy(() =>
  z.strictObject({ type: regionType() })
);

/**
 * Validates a region definition and returns HERE's JSON for it, keys in
 * HERE's order (`type` first). A circle's `center` (any point) becomes
 * `{ lat, lng }`. A polygon's flat `outer` numbers are sent as given, each
 * pair checked as latitude, longitude; a list of points becomes
 * `{ lat, lng }` objects. An
 * {@linkcode AutoCircleRegion} without `margin` gets
 * {@linkcode DEFAULT_AUTO_CIRCLE_MARGIN}. Unknown keys are rejected, so a
 * misspelt field fails instead of silently sending another region.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { regionToJson } from "@ls/matrix";
 * assert.deepEqual(regionToJson({ type: "autoCircle" }), { type: "autoCircle", margin: 10000 });
 * const box = regionToJson({ type: "boundingBox", west: 13.35, south: 52.46, east: 13.42, north: 52.53 });
 * assert.deepEqual(Object.keys(box), ["type", "north", "south", "west", "east"]);
 * ```
 *
 * @throws {ValueError} naming e.g. `regionDefinition.radius` or
 * `regionDefinition.type`
 */
export function regionToJson(
  region: RegionDefinition,
  parameter = "regionDefinition",
): RegionDefinitionJson {
  if (typeof region !== "object" || region === null) {
    throw new ValueError(parameter, "must be a region object", region);
  }
  const plain = { ...region } as Record<string, unknown>;
  switch (plain.type) {
    case "circle": {
      const { center, radius } = parseWith(circleSchema(), plain, parameter);
      return {
        type: "circle",
        center: { lat: center.lat, lng: center.lng },
        radius,
      };
    }
    case "boundingBox": {
      const { north, south, west, east } = parseWith(
        boundingBoxSchema(),
        plain,
        parameter,
      );
      return { type: "boundingBox", north, south, west, east };
    }
    case "polygon": {
      const { outer } = parseWith(polygonSchema(), plain, parameter);
      return { type: "polygon", outer: polygonOuter(outer, parameter) };
    }
    case "autoCircle": {
      const { margin } = parseWith(autoCircleSchema(), plain, parameter);
      return {
        type: "autoCircle",
        margin: margin ?? DEFAULT_AUTO_CIRCLE_MARGIN,
      };
    }
    case "world":
      parseWith(worldSchema(), plain, parameter);
      return { type: "world" };
    default:
      throw new ValueError(
        `${parameter}.type`,
        `must be one of ${REGION_TYPES.map((t) => `"${t}"`).join(", ")}`,
        plain.type,
      );
  }
}

function polygonOuter(
  outer: unknown[],
  parameter: string,
): number[] | LatLngObject[] {
  const name = `${parameter}.outer`;
  if (outer.length > 0 && outer.every((v) => typeof v === "number")) {
    const flat = outer as number[];
    if (flat.length < 6 || flat.length % 2 !== 0) {
      throw new ValueError(
        name,
        "must hold at least 3 lat, lng pairs (an even count of numbers)",
        flat.length,
      );
    }
    for (let k = 0; k < flat.length; k += 2) {
      parseWith(latitude(), flat[k], `${name}[${k}]`);
      parseWith(longitude(), flat[k + 1], `${name}[${k + 1}]`);
    }
    return [...flat];
  }
  if (outer.length < 3) throw new ValueError(name, POLYGON_RULE, outer);
  // Array.from visits every index, holes included (map skips them).
  return Array.from(outer, (v, k) => {
    if (typeof v === "number") {
      throw new ValueError(
        name,
        "must not mix numbers and points: a list of numbers is flat [lat, lng, ...], any other list is points",
        outer,
      );
    }
    return parsePoint(v, `${name}[${k}]`);
  });
}
