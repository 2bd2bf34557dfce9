/**
 * The sandbox's straight-line travel estimate. Routes, isolines,
 * matrices and tour planning answer from the generated street network (see
 * `streetMap`); this estimate is what consumption isolines reach along, and
 * a quick figure for a trip without searching the streets:
 *
 * - **Distance**: the great-circle (haversine) length of the path times a
 *   detour factor ({@linkcode DETOUR_FACTOR} 1.3, or
 *   {@linkcode SHORT_DETOUR_FACTOR} 1.2 with `routingMode: "short"`), rounded
 *   to whole metres. Without avoided areas the path is the straight line;
 *   with them it bends around each box ({@linkcode planPath}).
 * - **Duration**: `distance / v(distance)`, rounded to whole seconds, where
 *   the average speed grows from the mode's urban speed to its highway speed
 *   with the trip length: `v(d) = urban + (highway - urban) * d / (d + 20 km)`.
 *   Speeds per mode are in {@linkcode SPEED_PROFILES}; `routingMode: "short"`
 *   drives 15 % slower, avoiding `controlledAccessHighway` lowers the highway
 *   speed by 30 % and avoiding `tollRoad` by 8 %.
 * - **Reach** ({@linkcode reachableDistanceMeters}): the exact inverse, used
 *   for isolines, so every isoline boundary point is reachable within range.
 *
 * Its figures agree with each other: `durationSeconds(distanceMeters(a, b,
 * o), o)` is the trip's time, and {@linkcode reachableDistanceMeters} its
 * inverse.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { distanceMeters, durationSeconds } from "@ls/sandbox";
 * const berlin = { lat: 52.52, lng: 13.405 };
 * const potsdam = { lat: 52.3906, lng: 13.0645 };
 * const distance = distanceMeters(berlin, potsdam);
 * assert.equal(distance, 35349);
 * assert.equal(durationSeconds(distance, { transportMode: "car" }), 1703);
 * ```
 *
 * @module
 */

import { haversineMeters, type LatLngLike } from "./geodesy.ts";
import { type AvoidBox, planPath } from "./plan_path.ts";

/**
 * Transport modes the model knows (routing's `transportMode` values).
 *
 * @example
 * ```ts
 * import type { TransportMode } from "@ls/sandbox";
 * const mode: TransportMode = "bicycle";
 * ```
 */
export type TransportMode =
  | "bicycle"
  | "bus"
  | "car"
  | "pedestrian"
  | "privateBus"
  | "scooter"
  | "taxi"
  | "truck";

/**
 * The transport modes, in a stable order.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { TRANSPORT_MODES } from "@ls/sandbox";
 * assert.ok(TRANSPORT_MODES.includes("car"));
 * ```
 */
export const TRANSPORT_MODES: readonly TransportMode[] = [
  "car",
  "truck",
  "pedestrian",
  "bicycle",
  "scooter",
  "taxi",
  "bus",
  "privateBus",
];

/**
 * Average speeds of a mode in m/s: short trips move at `urban`, long ones
 * approach `highway`.
 *
 * @example
 * ```ts
 * import type { SpeedProfile } from "@ls/sandbox";
 * const walking: SpeedProfile = { urban: 1.39, highway: 1.39 };
 * ```
 */
export interface SpeedProfile {
  /** Speed of very short trips, m/s. */
  urban: number;
  /** Speed approached by long trips, m/s. */
  highway: number;
}

/**
 * Speeds per transport mode, m/s.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { SPEED_PROFILES } from "@ls/sandbox";
 * assert.deepEqual(SPEED_PROFILES.pedestrian, { urban: 1.39, highway: 1.39 });
 * ```
 */
export const SPEED_PROFILES: Readonly<Record<TransportMode, SpeedProfile>> = {
  car: { urban: 8.33, highway: 27.78 },
  taxi: { urban: 8.33, highway: 27.78 },
  truck: { urban: 7.5, highway: 22.22 },
  bus: { urban: 6.5, highway: 22.22 },
  privateBus: { urban: 6.5, highway: 22.22 },
  scooter: { urban: 7, highway: 12.5 },
  bicycle: { urban: 4.17, highway: 4.17 },
  pedestrian: { urban: 1.39, highway: 1.39 },
};

/**
 * Road distance over great-circle distance with `routingMode: "fast"`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { DETOUR_FACTOR } from "@ls/sandbox";
 * assert.equal(DETOUR_FACTOR, 1.3);
 * ```
 */
export const DETOUR_FACTOR = 1.3;

/**
 * Road distance over great-circle distance with `routingMode: "short"`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { SHORT_DETOUR_FACTOR } from "@ls/sandbox";
 * assert.equal(SHORT_DETOUR_FACTOR, 1.2);
 * ```
 */
export const SHORT_DETOUR_FACTOR = 1.2;

/**
 * Trip length (m) at which the average speed is halfway between urban and highway.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { SPEED_TRANSITION_METERS } from "@ls/sandbox";
 * assert.equal(SPEED_TRANSITION_METERS, 20000);
 * ```
 */
export const SPEED_TRANSITION_METERS = 20_000;

/**
 * Options that change distances or durations: the same values routing,
 * matrix and tour planning requests carry.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { durationSeconds, type TravelOptions } from "@ls/sandbox";
 * const options: TravelOptions = { transportMode: "truck", avoidFeatures: ["tollRoad"] };
 * assert.ok(durationSeconds(100_000, options) > durationSeconds(100_000));
 * ```
 */
export interface TravelOptions {
  /** Transport mode; default `car`. Unknown modes travel like `car`. */
  transportMode?: TransportMode | (string & Record<never, never>);
  /** `fast` (default) or `short`. */
  routingMode?: "fast" | "short" | (string & Record<never, never>);
  /** `avoid[features]`: `controlledAccessHighway` and `tollRoad` slow long trips down. */
  avoidFeatures?: readonly string[];
  /** `avoid[areas]` boxes: the path bends around them. */
  avoidAreas?: readonly AvoidBox[];
  /** A constant speed in m/s that replaces the mode's profile (routing's `pedestrian[speed]`). */
  speed?: number;
  /** A truck's gross weight in kg (`vehicle[grossWeight]`): roads with a lower limit are closed to it. */
  grossWeight?: number;
  /** A truck's height in cm (`vehicle[height]`): roads with a lower limit are closed to it. */
  height?: number;
}

/**
 * The mode's speed profile after `routingMode`, `avoidFeatures` and `speed`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { speedProfile } from "@ls/sandbox";
 * assert.deepEqual(speedProfile({ transportMode: "bicycle" }), { urban: 4.17, highway: 4.17 });
 * ```
 */
export function speedProfile(options: TravelOptions = {}): SpeedProfile {
  if (options.speed !== undefined && options.speed > 0) {
    return { urban: options.speed, highway: options.speed };
  }
  const mode = (options.transportMode ?? "car") as TransportMode;
  const base = SPEED_PROFILES[mode] ?? SPEED_PROFILES.car;
  let { urban, highway } = base;
  if (options.routingMode === "short") {
    urban *= 0.85;
    highway *= 0.85;
  }
  const avoid = options.avoidFeatures ?? [];
  if (avoid.includes("controlledAccessHighway")) highway *= 0.7;
  if (avoid.includes("tollRoad")) highway *= 0.92;
  return { urban, highway: Math.max(urban, highway) };
}

/**
 * The detour factor for the options (1.3, or 1.2 for `routingMode: "short"`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { detourFactor } from "@ls/sandbox";
 * assert.equal(detourFactor({ routingMode: "short" }), 1.2);
 * ```
 */
export function detourFactor(options: TravelOptions = {}): number {
  return options.routingMode === "short" ? SHORT_DETOUR_FACTOR : DETOUR_FACTOR;
}

/**
 * Road distance of a path through `points` (metres, rounded):
 * `round(detour * Σ haversine)`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { pathDistanceMeters } from "@ls/sandbox";
 * assert.equal(pathDistanceMeters([{ lat: 0, lng: 0 }, { lat: 0, lng: 1 }]), 144554);
 * ```
 */
export function pathDistanceMeters(
  points: readonly LatLngLike[],
  options: TravelOptions = {},
): number {
  let sum = 0;
  for (let i = 1; i < points.length; i++) {
    sum += haversineMeters(points[i - 1], points[i]);
  }
  return Math.round(sum * detourFactor(options));
}

/**
 * Road distance from `a` to `b` in whole metres: the detour factor times the
 * great-circle length of {@linkcode planPath}'s path.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { distanceMeters } from "@ls/sandbox";
 * assert.equal(distanceMeters({ lat: 52.52, lng: 13.405 }, { lat: 48.1374, lng: 11.5755 }), 655572);
 * ```
 */
export function distanceMeters(
  a: LatLngLike,
  b: LatLngLike,
  options: TravelOptions = {},
): number {
  const path = options.avoidAreas?.length
    ? planPath(a, b, options.avoidAreas).points
    : [a, b];
  return pathDistanceMeters(path, options);
}

/**
 * Travel time in whole seconds for a road distance (metres):
 * `d / v(d)` with `v(d) = urban + (highway - urban) * d / (d + 20000)`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { durationSeconds } from "@ls/sandbox";
 * assert.equal(durationSeconds(1390, { transportMode: "pedestrian" }), 1000);
 * assert.equal(durationSeconds(655572), 24098); // 6.7 h
 * ```
 */
export function durationSeconds(
  distance: number,
  options: TravelOptions = {},
): number {
  if (!(distance > 0)) return 0;
  const { urban, highway } = speedProfile(options);
  const d0 = SPEED_TRANSITION_METERS;
  return Math.round(
    (distance * (distance + d0)) / (urban * d0 + highway * distance),
  );
}

/**
 * The result of {@linkcode travel}.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { travel, type Travel } from "@ls/sandbox";
 * const t: Travel = travel({ lat: 52.52, lng: 13.405 }, { lat: 52.52, lng: 13.405 });
 * assert.equal(t.duration, 0);
 * ```
 */
export interface Travel {
  /** Road distance, metres. */
  distance: number;
  /** Travel time, seconds. */
  duration: number;
  /** True when an avoided box could not be avoided (it contains an end point). */
  blocked: boolean;
}

/**
 * Distance, duration and the blocked flag of one trip, as the matrix and a
 * route's single section report them.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { travel } from "@ls/sandbox";
 * assert.deepEqual(
 *   travel({ lat: 52.52, lng: 13.405 }, { lat: 52.3906, lng: 13.0645 }, { transportMode: "bicycle" }),
 *   { distance: 35349, duration: 8477, blocked: false },
 * );
 * ```
 */
export function travel(
  a: LatLngLike,
  b: LatLngLike,
  options: TravelOptions = {},
): Travel {
  const path = planPath(a, b, options.avoidAreas ?? []);
  const distance = pathDistanceMeters(path.points, options);
  return {
    distance,
    duration: durationSeconds(distance, options),
    blocked: path.blocked,
  };
}

/**
 * An isoline range: seconds (`time`) or metres (`distance`).
 *
 * @example
 * ```ts
 * import type { TravelRange } from "@ls/sandbox";
 * const tenMinutes: TravelRange = { type: "time", value: 600 };
 * ```
 */
export interface TravelRange {
  /** `time` (seconds) or `distance` (metres). */
  type: "time" | "distance" | (string & Record<never, never>);
  /** The limit. */
  value: number;
}

/**
 * The longest road distance (whole metres) whose trip stays within the range:
 * the inverse of {@linkcode durationSeconds} for `time`, the value itself for
 * `distance`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { durationSeconds, reachableDistanceMeters } from "@ls/sandbox";
 * const d = reachableDistanceMeters({ type: "time", value: 600 });
 * assert.ok(durationSeconds(d) <= 600 && durationSeconds(d + 1) > 600);
 * ```
 */
export function reachableDistanceMeters(
  range: TravelRange,
  options: TravelOptions = {},
): number {
  if (range.type !== "time") return Math.max(0, Math.floor(range.value));
  const T = range.value;
  if (!(T > 0)) return 0;
  const { urban: u, highway: h } = speedProfile(options);
  const d0 = SPEED_TRANSITION_METERS;
  const t = T + 0.5;
  const b = d0 - t * h;
  let d = Math.floor((-b + Math.sqrt(b * b + 4 * t * u * d0)) / 2);
  while (d > 0 && durationSeconds(d, options) > T) d--;
  while (durationSeconds(d + 1, options) <= T) d++;
  return d;
}

/**
 * The great-circle radius (metres) an isoline polygon is drawn at: one metre
 * of road distance inside {@linkcode reachableDistanceMeters}, so boundary
 * points stay reachable after polyline rounding.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isolineRadiusMeters } from "@ls/sandbox";
 * assert.equal(isolineRadiusMeters({ type: "distance", value: 1301 }), 1000);
 * ```
 */
export function isolineRadiusMeters(
  range: TravelRange,
  options: TravelOptions = {},
): number {
  const d = reachableDistanceMeters(range, options);
  return Math.max(0, (d - 1) / detourFactor(options));
}
