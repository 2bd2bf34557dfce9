/**
 * The option objects shared by routing, isoline and matrix — place and
 * waypoint options, vias, truck and scooter options, avoid areas — and the
 * named values of their fields (street side, course, hazardous goods,
 * tunnel category, truck type).
 *
 * Each option type is a plain-object interface, so object literals work
 * wherever it is expected, merged with a class of the same name whose
 * constructor takes that object (`new PlaceOptions({ course: 90 })`).
 * Constructors only copy; validation happens when a value is serialised
 * (`formatWaypoint`, `appendTruck`, `formatAvoidAreas`, …), so errors can
 * name the parameter it was passed as (`originPlaceOptions.course`,
 * `via[1].lat`, `truck.height`).
 *
 * Unknown keys of an option object are rejected with a `ValueError`: a
 * dropped key (a misspelt `namehint`, say) would silently send a different
 * request. The one exception is {@linkcode AvoidBoundingBox}, whose four
 * edges are all required (so a typo already fails) and whose JSON form's
 * `type` may be passed back in. Enum-like string fields are closed sets,
 * as HERE documents them, so a typo fails type-checking and, at run time,
 * is a `ValueError` listing the allowed values.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Course, PlaceOptions, WayPointOptions } from "@ls/core";
 * const place = new PlaceOptions({ course: Course.west, nameHint: "Main St" });
 * const stop: WayPointOptions = { stopDuration: 300 };
 * assert.equal(place.course, 270);
 * assert.equal(stop.stopDuration, 300);
 * ```
 *
 * @module
 */

import type { LatLngLike } from "../geo/point.ts";
import { type NamedValues, namedValues } from "../params/named_values.ts";

// ------------------------------------------------------------ named values

/**
 * Values of {@linkcode PlaceOptions.matchSideOfStreet}.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { MatchSideOfStreet, type PlaceOptions } from "@ls/core";
 * const opts: PlaceOptions = {
 *   sideOfStreetHint: [52.51, 13.3],
 *   matchSideOfStreet: MatchSideOfStreet.always,
 * };
 * assert.equal(opts.matchSideOfStreet, "always");
 * ```
 */
export const MatchSideOfStreet: NamedValues<["always", "onlyIfDivided"]> =
  /* @__PURE__ */ namedValues(["always", "onlyIfDivided"]);

/** A `matchSideOfStreet` value: `always` or `onlyIfDivided`. */
export type MatchSideOfStreet =
  (typeof MatchSideOfStreet)[keyof typeof MatchSideOfStreet];

/**
 * Named `course` values (degrees clockwise from north), as in HERE's
 * reference client.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Course } from "@ls/core";
 * assert.equal(Course.west, 270);
 * ```
 */
export const Course = { east: 90, south: 180, west: 270, north: 360 } as const;

/**
 * Values of {@linkcode Truck.shippedHazardousGoods}.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { ShippedHazardousGoods, type Truck } from "@ls/core";
 * const truck: Truck = { shippedHazardousGoods: [ShippedHazardousGoods.explosive] };
 * assert.deepEqual(truck.shippedHazardousGoods, ["explosive"]);
 * ```
 */
export const ShippedHazardousGoods: NamedValues<[
  "explosive",
  "gas",
  "flammable",
  "combustible",
  "organic",
  "poison",
  "radioactive",
  "corrosive",
  "poisonousInhalation",
  "harmfulToWater",
  "other",
]> = /* @__PURE__ */ namedValues([
  "explosive",
  "gas",
  "flammable",
  "combustible",
  "organic",
  "poison",
  "radioactive",
  "corrosive",
  "poisonousInhalation",
  "harmfulToWater",
  "other",
]);

/** A hazardous-goods class: one of HERE's eleven. */
export type ShippedHazardousGoods =
  (typeof ShippedHazardousGoods)[keyof typeof ShippedHazardousGoods];

/**
 * Values of {@linkcode Truck.tunnelCategory} (ADR tunnel categories).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { TunnelCategory } from "@ls/core";
 * assert.equal(TunnelCategory.C, "C");
 * ```
 */
export const TunnelCategory: NamedValues<["B", "C", "D", "E"]> =
  /* @__PURE__ */ namedValues(["B", "C", "D", "E"]);

/** An ADR tunnel category: `B`, `C`, `D` or `E`. */
export type TunnelCategory =
  (typeof TunnelCategory)[keyof typeof TunnelCategory];

/**
 * Values of {@linkcode Truck.type}, as HERE's Routing and Isoline v8
 * definitions spell them for `vehicle[type]`: `StraightTruck` (one rigid
 * unit) and `Tractor` (a tractor that pulls trailers). HERE answers a
 * lower-case `straight` or `tractor` with a 400.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { TruckType } from "@ls/core";
 * assert.equal(TruckType.straightTruck, "StraightTruck");
 * assert.equal(TruckType.tractor, "Tractor");
 * ```
 */
export const TruckType = {
  straightTruck: "StraightTruck",
  tractor: "Tractor",
} as const;

/** A truck type: `StraightTruck` or `Tractor`. */
export type TruckType = (typeof TruckType)[keyof typeof TruckType];

// ---------------------------------------------------------- option objects

/**
 * Place options of a waypoint (sent after `;`): how the position is matched
 * to the road network.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { PlaceOptions } from "@ls/core";
 * const a: PlaceOptions = { course: 90, radius: 10 };
 * const b = new PlaceOptions({ nameHint: "Invalidenstraße" });
 * assert.equal(a.radius, 10);
 * assert.equal(b.nameHint, "Invalidenstraße");
 * ```
 */
export interface PlaceOptions {
  /** Preferred direction of travel, integer degrees clockwise from north, 0–360. */
  course?: number;
  /**
   * A point on the side of the street to reach: `[lat, lng]`, `{ lat, lng }`
   * or a GeoJSON `Point`/`Feature`.
   */
  sideOfStreetHint?: LatLngLike;
  /** When to honour `sideOfStreetHint`; requires it. HERE's default: `onlyIfDivided`. */
  matchSideOfStreet?: MatchSideOfStreet;
  /** A street name that helps matching. */
  nameHint?: string;
  /** Match within this many metres (integer ≥ 0; HERE caps it at 200). */
  radius?: number;
  /** Metres over which `course` applies (integer ≥ 0; HERE caps it at 2000). */
  minCourseDistance?: number;
}

/** Builds {@linkcode PlaceOptions}; the constructor copies `init`. */
export class PlaceOptions {
  /** Copies the given fields; validation happens on serialisation. */
  constructor(init: PlaceOptions = {}) {
    Object.assign(this, init);
  }
}

/**
 * Waypoint options (sent after `!`): what happens at the waypoint.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { WayPointOptions } from "@ls/core";
 * const stop: WayPointOptions = { stopDuration: 600 };
 * const pass = new WayPointOptions({ passThrough: true });
 * assert.equal(stop.stopDuration, 600);
 * assert.equal(pass.passThrough, true);
 * ```
 */
export interface WayPointOptions {
  /** Seconds spent at the waypoint, integer 0–49999. Not allowed on the origin. */
  stopDuration?: number;
  /** Pass through without stopping. Only on vias; not with `stopDuration` > 0. */
  passThrough?: boolean;
}

/** Builds {@linkcode WayPointOptions}; the constructor copies `init`. */
export class WayPointOptions {
  /** Copies the given fields; validation happens on serialisation. */
  constructor(init: WayPointOptions = {}) {
    Object.assign(this, init);
  }
}

/**
 * An intermediate waypoint of a route with its options, in the seed's form:
 * `{ lat, lng, placeOptions?, waypointOptions? }`. A route's `via` list also
 * takes any point (`[lat, lng]`, `{ lat, lng }`, a GeoJSON `Point` or
 * `Feature`) without options, and `{ point, placeOptions?, waypointOptions? }`
 * for any point with options.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Via } from "@ls/core";
 * const via: Via = { lat: 52.52, lng: 13.43, waypointOptions: { passThrough: true } };
 * const same = new Via(via);
 * assert.equal(same.lat, 52.52);
 * ```
 */
export interface Via {
  /** Latitude, -90 to 90. */
  lat: number;
  /** Longitude, -180 to 180. */
  lng: number;
  /** Place options of this via. */
  placeOptions?: PlaceOptions;
  /** Waypoint options of this via. */
  waypointOptions?: WayPointOptions;
}

/** Builds a {@linkcode Via}; the constructor copies `init`. */
export class Via {
  /** Copies the given fields; validation happens on serialisation. */
  constructor(init: Via) {
    Object.assign(this, init);
  }
}

/**
 * Vehicle restrictions for truck routing. Only the fields given are sent;
 * nothing is defaulted.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Truck } from "@ls/core";
 * const truck: Truck = { grossWeight: 12000, height: 380, shippedHazardousGoods: ["explosive"] };
 * const same = new Truck(truck);
 * assert.equal(same.height, 380);
 * ```
 */
export interface Truck {
  /** Classes of hazardous goods on board. */
  shippedHazardousGoods?: readonly ShippedHazardousGoods[];
  /** Total weight including trailers and load, integer kilograms. */
  grossWeight?: number;
  /** Weight per axle, integer kilograms. */
  weightPerAxle?: number;
  /** Height, integer centimetres. */
  height?: number;
  /** Width, integer centimetres. */
  width?: number;
  /** Length, integer centimetres. */
  length?: number;
  /** ADR tunnel category (`B`, `C`, `D`, `E`). */
  tunnelCategory?: TunnelCategory;
  /** Number of axles, an integer. */
  axleCount?: number;
  /** Truck type: `StraightTruck` or `Tractor` ({@linkcode TruckType}). */
  type?: TruckType;
  /** Number of trailers, an integer. */
  trailerCount?: number;
}

/** Builds a {@linkcode Truck}; the constructor copies `init`. */
export class Truck {
  /** Copies the given fields; validation happens on serialisation. */
  constructor(init: Truck = {}) {
    Object.assign(this, init);
  }
}

/**
 * Scooter options.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Scooter } from "@ls/core";
 * assert.equal(new Scooter({ allowHighway: true }).allowHighway, true);
 * ```
 */
export interface Scooter {
  /** Allow controlled-access highways. HERE's default: `false`. */
  allowHighway?: boolean;
}

/** Builds {@linkcode Scooter} options; the constructor copies `init`. */
export class Scooter {
  /** Copies the given fields; validation happens on serialisation. */
  constructor(init: Scooter = {}) {
    Object.assign(this, init);
  }
}

/**
 * A rectangular area to avoid. `west` greater than `east` denotes a box that
 * crosses the antimeridian; it is sent unchanged.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { AvoidBoundingBox } from "@ls/core";
 * const area: AvoidBoundingBox = { north: 52.53, south: 52.51, west: 13.41, east: 13.43 };
 * const same = new AvoidBoundingBox(area);
 * assert.equal(same.north, 52.53);
 * ```
 */
export interface AvoidBoundingBox {
  /** Northern latitude, -90 to 90, not less than `south`. */
  north: number;
  /** Southern latitude, -90 to 90. */
  south: number;
  /** Western longitude, -180 to 180. */
  west: number;
  /** Eastern longitude, -180 to 180. */
  east: number;
}

/** Builds an {@linkcode AvoidBoundingBox}; the constructor copies `init`. */
export class AvoidBoundingBox {
  /** Copies the given fields; validation happens on serialisation. */
  constructor(init: AvoidBoundingBox) {
    Object.assign(this, init);
  }
}
