/**
 * The sandbox's one deterministic travel model. Routes, isolines, matrices
 * and tour planning all use it, so their answers agree with each other:
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
 * A route's section summary equals the matrix entry of the same pair, mode
 * and options: `durationSeconds(distanceMeters(a, b, o), o)`.
 *
 * @example
 * ```ts
 * import { distanceMeters, durationSeconds } from "@ls/sandbox";
 * const berlin = { lat: 52.52, lng: 13.405 };
 * const potsdam = { lat: 52.3906, lng: 13.0645 };
 * const distance = distanceMeters(berlin, potsdam); // 35349
 * durationSeconds(distance, { transportMode: "car" }); // 1703
 * ```
 *
 * @module
 */

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
  | "car"
  | "truck"
  | "pedestrian"
  | "bicycle"
  | "scooter"
  | "taxi"
  | "bus"
  | "privateBus";

/**
 * The transport modes, in a stable order.
 *
 * @example
 * ```ts
 * import { TRANSPORT_MODES } from "@ls/sandbox";
 * TRANSPORT_MODES.includes("car"); // true
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
 * import { SPEED_PROFILES } from "@ls/sandbox";
 * SPEED_PROFILES.pedestrian; // { urban: 1.39, highway: 1.39 }
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
 * import { DETOUR_FACTOR } from "@ls/sandbox";
 * DETOUR_FACTOR; // 1.3
 * ```
 */
export const DETOUR_FACTOR = 1.3;

/**
 * Road distance over great-circle distance with `routingMode: "short"`.
 *
 * @example
 * ```ts
 * import { SHORT_DETOUR_FACTOR } from "@ls/sandbox";
 * SHORT_DETOUR_FACTOR; // 1.2
 * ```
 */
export const SHORT_DETOUR_FACTOR = 1.2;

/**
 * Trip length (m) at which the average speed is halfway between urban and highway.
 *
 * @example
 * ```ts
 * import { SPEED_TRANSITION_METERS } from "@ls/sandbox";
 * SPEED_TRANSITION_METERS; // 20000
 * ```
 */
export const SPEED_TRANSITION_METERS = 20_000;

/**
 * Mean Earth radius in metres (the haversine radius).
 *
 * @example
 * ```ts
 * import { EARTH_RADIUS_METERS } from "@ls/sandbox";
 * EARTH_RADIUS_METERS; // 6371008.8
 * ```
 */
export const EARTH_RADIUS_METERS = 6_371_008.8;

/**
 * A position.
 *
 * @example
 * ```ts
 * import type { LatLngLike } from "@ls/sandbox";
 * const berlin: LatLngLike = { lat: 52.52, lng: 13.405 };
 * ```
 */
export interface LatLngLike {
  /** Latitude, degrees. */
  lat: number;
  /** Longitude, degrees. */
  lng: number;
}

/**
 * An avoided bounding box (degrees). Boxes crossing the antimeridian are not
 * supported.
 *
 * @example
 * ```ts
 * import type { AvoidBox } from "@ls/sandbox";
 * const box: AvoidBox = { west: 13.38, south: 52.48, east: 13.42, north: 52.52 };
 * ```
 */
export interface AvoidBox {
  /** Western longitude. */
  west: number;
  /** Southern latitude. */
  south: number;
  /** Eastern longitude. */
  east: number;
  /** Northern latitude. */
  north: number;
}

/**
 * Options that change distances or durations: the same values routing,
 * matrix and tour planning requests carry.
 *
 * @example
 * ```ts
 * import { durationSeconds, type TravelOptions } from "@ls/sandbox";
 * const options: TravelOptions = { transportMode: "truck", avoidFeatures: ["tollRoad"] };
 * durationSeconds(100_000, options) > durationSeconds(100_000); // true
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
}

const RAD = Math.PI / 180;

/**
 * Great-circle distance in metres (haversine, unrounded).
 *
 * @example
 * ```ts
 * import { haversineMeters } from "@ls/sandbox";
 * Math.round(haversineMeters({ lat: 0, lng: 0 }, { lat: 0, lng: 1 })); // 111195
 * ```
 */
export function haversineMeters(a: LatLngLike, b: LatLngLike): number {
  const dLat = (b.lat - a.lat) * RAD;
  const dLng = (b.lng - a.lng) * RAD;
  const s = Math.sin(dLat / 2) ** 2 +
    Math.cos(a.lat * RAD) * Math.cos(b.lat * RAD) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_METERS * Math.asin(Math.min(1, Math.sqrt(s)));
}

/**
 * Initial great-circle bearing from `a` to `b`, degrees clockwise from north in [0, 360).
 *
 * @example
 * ```ts
 * import { initialBearing } from "@ls/sandbox";
 * Math.round(initialBearing({ lat: 0, lng: 0 }, { lat: 0, lng: 1 })); // 90
 * ```
 */
export function initialBearing(a: LatLngLike, b: LatLngLike): number {
  const φ1 = a.lat * RAD, φ2 = b.lat * RAD, Δλ = (b.lng - a.lng) * RAD;
  const y = Math.sin(Δλ) * Math.cos(φ2);
  const x = Math.cos(φ1) * Math.sin(φ2) -
    Math.sin(φ1) * Math.cos(φ2) * Math.cos(Δλ);
  return (Math.atan2(y, x) / RAD + 360) % 360;
}

/**
 * The point `meters` away from `from` along the great circle with the given
 * initial bearing (degrees).
 *
 * @example
 * ```ts
 * import { destinationPoint } from "@ls/sandbox";
 * const p = destinationPoint({ lat: 0, lng: 0 }, 90, 111195);
 * Math.round(p.lng * 1000) / 1000; // 1
 * ```
 */
export function destinationPoint(
  from: LatLngLike,
  bearingDegrees: number,
  meters: number,
): LatLngLike {
  const δ = meters / EARTH_RADIUS_METERS;
  const θ = bearingDegrees * RAD;
  const φ1 = from.lat * RAD, λ1 = from.lng * RAD;
  const sinφ2 = Math.sin(φ1) * Math.cos(δ) +
    Math.cos(φ1) * Math.sin(δ) * Math.cos(θ);
  const φ2 = Math.asin(Math.max(-1, Math.min(1, sinφ2)));
  const λ2 = λ1 +
    Math.atan2(
      Math.sin(θ) * Math.sin(δ) * Math.cos(φ1),
      Math.cos(δ) - Math.sin(φ1) * sinφ2,
    );
  return { lat: φ2 / RAD, lng: ((λ2 / RAD + 540) % 360) - 180 };
}

/**
 * The point at `fraction` (0–1) of the great circle from `a` to `b`.
 *
 * @example
 * ```ts
 * import { intermediatePoint } from "@ls/sandbox";
 * intermediatePoint({ lat: 0, lng: 0 }, { lat: 0, lng: 2 }, 0.5).lng; // 1
 * ```
 */
export function intermediatePoint(
  a: LatLngLike,
  b: LatLngLike,
  fraction: number,
): LatLngLike {
  const d = haversineMeters(a, b) / EARTH_RADIUS_METERS;
  if (d < 1e-12) return { lat: a.lat, lng: a.lng };
  const A = Math.sin((1 - fraction) * d) / Math.sin(d);
  const B = Math.sin(fraction * d) / Math.sin(d);
  const φ1 = a.lat * RAD, λ1 = a.lng * RAD, φ2 = b.lat * RAD, λ2 = b.lng * RAD;
  const x = A * Math.cos(φ1) * Math.cos(λ1) + B * Math.cos(φ2) * Math.cos(λ2);
  const y = A * Math.cos(φ1) * Math.sin(λ1) + B * Math.cos(φ2) * Math.sin(λ2);
  const z = A * Math.sin(φ1) + B * Math.sin(φ2);
  return {
    lat: Math.atan2(z, Math.sqrt(x * x + y * y)) / RAD,
    lng: Math.atan2(y, x) / RAD,
  };
}

/**
 * The mode's speed profile after `routingMode`, `avoidFeatures` and `speed`.
 *
 * @example
 * ```ts
 * import { speedProfile } from "@ls/sandbox";
 * speedProfile({ transportMode: "bicycle" }); // { urban: 4.17, highway: 4.17 }
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
 * import { detourFactor } from "@ls/sandbox";
 * detourFactor({ routingMode: "short" }); // 1.2
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
 * import { pathDistanceMeters } from "@ls/sandbox";
 * pathDistanceMeters([{ lat: 0, lng: 0 }, { lat: 0, lng: 1 }]); // 144554
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
 * The result of {@linkcode planPath}.
 *
 * @example
 * ```ts
 * import { planPath, type PlannedPath } from "@ls/sandbox";
 * const path: PlannedPath = planPath({ lat: 52.5, lng: 13.3 }, { lat: 52.5, lng: 13.5 });
 * path.points.length; // 2
 * ```
 */
export interface PlannedPath {
  /** `a`, any corner points that bend around avoided boxes, then `b`. */
  points: LatLngLike[];
  /** True when `a` or `b` lies inside an avoided box, which is then driven through. */
  blocked: boolean;
  /**
   * Metres the straight legs keep from every avoided box (Infinity without
   * boxes). Geometry drawn within half of it stays outside the boxes.
   */
  clearance: number;
}

const M_PER_DEG = 111_320;

function contains(box: AvoidBox, p: LatLngLike): boolean {
  return p.lat >= box.south && p.lat <= box.north && p.lng >= box.west &&
    p.lng <= box.east;
}

function marginMeters(box: AvoidBox): number {
  const mid = (box.south + box.north) / 2;
  const w = (box.east - box.west) * M_PER_DEG * Math.cos(mid * RAD);
  const h = (box.north - box.south) * M_PER_DEG;
  return Math.min(3000, Math.max(300, 0.1 * Math.max(w, h)));
}

function expand(box: AvoidBox, meters: number): AvoidBox {
  const mid = (box.south + box.north) / 2;
  const dLat = meters / M_PER_DEG;
  const dLng = meters / (M_PER_DEG * Math.max(0.05, Math.cos(mid * RAD)));
  return {
    west: box.west - dLng,
    south: box.south - dLat,
    east: box.east + dLng,
    north: box.north + dLat,
  };
}

/** Liang–Barsky: does the straight lat/lng segment p–q touch the box? */
function segmentHitsBox(p: LatLngLike, q: LatLngLike, box: AvoidBox): boolean {
  let t0 = 0, t1 = 1;
  const dx = q.lng - p.lng, dy = q.lat - p.lat;
  const checks: [number, number][] = [
    [-dx, p.lng - box.west],
    [dx, box.east - p.lng],
    [-dy, p.lat - box.south],
    [dy, box.north - p.lat],
  ];
  for (const [pp, qq] of checks) {
    if (pp === 0) {
      if (qq < 0) return false;
    } else {
      const r = qq / pp;
      if (pp < 0) {
        if (r > t1) return false;
        if (r > t0) t0 = r;
      } else {
        if (r < t0) return false;
        if (r < t1) t1 = r;
      }
    }
  }
  return true;
}

/** Does the great circle a–b (sampled) pass through the box? */
function legHitsBox(a: LatLngLike, b: LatLngLike, box: AvoidBox): boolean {
  const steps = 16;
  let prev = a;
  for (let i = 1; i <= steps; i++) {
    const next = i === steps ? b : intermediatePoint(a, b, i / steps);
    if (segmentHitsBox(prev, next, box)) return true;
    prev = next;
  }
  return false;
}

function corners(box: AvoidBox): LatLngLike[] {
  return [
    { lat: box.north, lng: box.west },
    { lat: box.north, lng: box.east },
    { lat: box.south, lng: box.east },
    { lat: box.south, lng: box.west },
  ];
}

/**
 * The path from `a` to `b` that avoids the boxes: straight when no box is
 * in the way, else bent around each box through one or two of its corners
 * (pushed out by a margin of 10 % of the box size, 300 m to 3 km). A box
 * that contains `a` or `b` cannot be avoided: it is ignored and `blocked`
 * is set.
 *
 * @example
 * ```ts
 * import { planPath } from "@ls/sandbox";
 * const path = planPath({ lat: 52.5, lng: 13.3 }, { lat: 52.5, lng: 13.5 }, [
 *   { west: 13.38, south: 52.48, east: 13.42, north: 52.52 },
 * ]);
 * path.points.length; // 4: around the box's northern corners
 * ```
 */
export function planPath(
  a: LatLngLike,
  b: LatLngLike,
  boxes: readonly AvoidBox[] = [],
): PlannedPath {
  let blocked = false;
  const active: { box: AvoidBox; hit: AvoidBox; around: AvoidBox }[] = [];
  let clearance = Infinity;
  for (const box of boxes) {
    if (contains(box, a) || contains(box, b)) {
      blocked = true;
      continue;
    }
    const margin = marginMeters(box);
    clearance = Math.min(clearance, margin / 2);
    active.push({
      box,
      hit: expand(box, margin / 2),
      around: expand(box, margin),
    });
  }
  const resolve = (p: LatLngLike, q: LatLngLike, depth: number) => {
    const entry = active.find((e) => legHitsBox(p, q, e.hit));
    if (!entry || depth > 6) return [p, q];
    const c = corners(entry.around);
    const clear = (x: LatLngLike, y: LatLngLike) =>
      !legHitsBox(x, y, entry.hit);
    let best: LatLngLike[] | undefined;
    let bestLength = Infinity;
    const consider = (via: LatLngLike[]) => {
      const path = [p, ...via, q];
      for (let i = 1; i < path.length; i++) {
        if (!clear(path[i - 1], path[i])) return;
      }
      let length = 0;
      for (let i = 1; i < path.length; i++) {
        length += haversineMeters(path[i - 1], path[i]);
      }
      if (length < bestLength) {
        bestLength = length;
        best = via;
      }
    };
    for (let i = 0; i < 4; i++) consider([c[i]]);
    for (let i = 0; i < 4; i++) {
      consider([c[i], c[(i + 1) % 4]]);
      consider([c[(i + 1) % 4], c[i]]);
    }
    if (!best) return [p, q];
    const pts = [p, ...best, q];
    const out: LatLngLike[] = [p];
    for (let i = 1; i < pts.length; i++) {
      out.push(...resolve(pts[i - 1], pts[i], depth + 1).slice(1));
    }
    return out;
  };
  return { points: resolve(a, b, 0), blocked, clearance };
}

/**
 * Road distance from `a` to `b` in whole metres: the detour factor times the
 * great-circle length of {@linkcode planPath}'s path.
 *
 * @example
 * ```ts
 * import { distanceMeters } from "@ls/sandbox";
 * distanceMeters({ lat: 52.52, lng: 13.405 }, { lat: 48.1374, lng: 11.5755 }); // 655572
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
 * import { durationSeconds } from "@ls/sandbox";
 * durationSeconds(1390, { transportMode: "pedestrian" }); // 1000
 * durationSeconds(655572); // 24098 (6.7 h)
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
 * import { travel, type Travel } from "@ls/sandbox";
 * const t: Travel = travel({ lat: 52.52, lng: 13.405 }, { lat: 52.52, lng: 13.405 });
 * t.duration; // 0
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
 * import { travel } from "@ls/sandbox";
 * travel({ lat: 52.52, lng: 13.405 }, { lat: 52.3906, lng: 13.0645 }, { transportMode: "bicycle" });
 * // { distance: 35349, duration: 8477, blocked: false }
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
 * import { durationSeconds, reachableDistanceMeters } from "@ls/sandbox";
 * const d = reachableDistanceMeters({ type: "time", value: 600 });
 * durationSeconds(d) <= 600 && durationSeconds(d + 1) > 600; // true
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
 * import { isolineRadiusMeters } from "@ls/sandbox";
 * isolineRadiusMeters({ type: "distance", value: 1301 }); // 1000
 * ```
 */
export function isolineRadiusMeters(
  range: TravelRange,
  options: TravelOptions = {},
): number {
  const d = reachableDistanceMeters(range, options);
  return Math.max(0, (d - 1) / detourFactor(options));
}
