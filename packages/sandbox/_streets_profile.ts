// How a transport mode and its options travel the generated network: the
// speed on each road class (0: not allowed), whether one-way streets bind,
// and which roads the options rule out.

import type { Link, RoadClass } from "./_streets.ts";
import type { AvoidBox } from "./plan_path.ts";
import type { LatLngLike } from "./geodesy.ts";

/** Road speeds in km/h by mode: motorway, trunk, primary, arterial, local. */
const SPEEDS: Record<
  string,
  readonly [number, number, number, number, number]
> = {
  car: [120, 80, 50, 50, 30],
  taxi: [120, 80, 50, 50, 30],
  truck: [80, 70, 40, 40, 25],
  bus: [90, 70, 40, 40, 25],
  privateBus: [90, 70, 40, 40, 25],
  scooter: [0, 45, 40, 40, 30],
  bicycle: [0, 18, 16, 16, 15],
  pedestrian: [0, 5, 5, 5, 5],
};

const CLASS_INDEX: Record<RoadClass, number> = {
  motorway: 0,
  trunk: 1,
  primary: 2,
  arterial: 3,
  local: 4,
};

/** The travel options the network reads. */
export interface StreetOptions {
  transportMode?: string;
  routingMode?: string;
  avoidFeatures?: readonly string[];
  avoidAreas?: readonly AvoidBox[];
  /** A constant speed in m/s for every road (pedestrian[speed]). */
  speed?: number;
  /** A truck's gross weight, kg. */
  grossWeight?: number;
  /** A truck's height, cm. */
  height?: number;
}

/** A mode and its options, ready for searching. */
export interface Profile {
  readonly mode: string;
  /** Minimises distance (`routingMode=short`) instead of time. */
  readonly short: boolean;
  /** m/s by class index; 0 where the mode may not drive. */
  readonly speeds: readonly number[];
  readonly oneWay: boolean;
  readonly avoidToll: boolean;
  readonly grossWeight: number;
  readonly height: number;
  /** Boxes no road may enter (those holding an end of the trip are left out). */
  boxes: readonly AvoidBox[];
  /** The fastest speed, m/s. */
  readonly vmax: number;
  /** Searches run against the traffic: costs to a place, not from it. */
  readonly reverse?: boolean;
}

/** The profile of a set of options. Unknown modes drive like cars. */
export function profileOf(options: StreetOptions = {}): Profile {
  const mode = options.transportMode && SPEEDS[options.transportMode]
    ? options.transportMode
    : "car";
  const avoid = options.avoidFeatures ?? [];
  const speeds = SPEEDS[mode].map((kmh) => kmh / 3.6);
  if (options.speed !== undefined && options.speed > 0) {
    for (let k = 0; k < 5; k++) if (speeds[k] > 0) speeds[k] = options.speed;
  }
  if (avoid.includes("controlledAccessHighway")) speeds[0] = 0;
  const truckLike = mode === "truck";
  return {
    mode,
    short: options.routingMode === "short",
    speeds,
    oneWay: mode !== "pedestrian",
    avoidToll: avoid.includes("tollRoad"),
    grossWeight: truckLike ? options.grossWeight ?? 0 : 0,
    height: truckLike ? options.height ?? 0 : 0,
    boxes: options.avoidAreas ?? [],
    vmax: Math.max(...speeds),
  };
}

/** Index of a road class in a profile's speeds. */
export function classIndex(c: RoadClass): number {
  return CLASS_INDEX[c];
}

/** Whether a link may be driven with this profile. */
export function linkAllowed(p: Profile, link: Link): boolean {
  if (p.speeds[CLASS_INDEX[link.roadClass]] <= 0) return false;
  if (p.avoidToll && link.toll) return false;
  if (link.maxWeight && p.grossWeight > link.maxWeight) return false;
  if (link.maxHeight && p.height > link.maxHeight) return false;
  if (p.boxes.length && nearBoxes(link.bounds, p.boxes)) {
    // Only a link near a box draws its road: a long search meets more
    // links than the drawn roads kept, and would draw them all again.
    if (lineHitsBoxes(link.points, p.boxes)) return false;
  }
  return true;
}

/**
 * Whether a box of points [south, west, north, east] meets any of the
 * boxes, by the test a segment inside it must pass to touch one.
 */
function nearBoxes(
  [south, west, north, east]: readonly [number, number, number, number],
  boxes: readonly AvoidBox[],
): boolean {
  return boxes.some((box) =>
    !(north < box.south || south > box.north || east < box.west ||
      west > box.east)
  );
}

/** Whether a point lies in a box. */
export function inBox(p: LatLngLike, b: AvoidBox): boolean {
  return p.lat >= b.south && p.lat <= b.north && p.lng >= b.west &&
    p.lng <= b.east;
}

/** Whether the segment from `a` to `b` touches a box. */
export function segmentHitsBox(
  a: LatLngLike,
  b: LatLngLike,
  box: AvoidBox,
): boolean {
  if (Math.abs(a.lng - b.lng) > 180) return false; // across the antimeridian
  if (
    Math.max(a.lat, b.lat) < box.south || Math.min(a.lat, b.lat) > box.north ||
    Math.max(a.lng, b.lng) < box.west || Math.min(a.lng, b.lng) > box.east
  ) return false;
  if (inBox(a, box) || inBox(b, box)) return true;
  // Liang–Barsky clipping of the segment against the box.
  let t0 = 0, t1 = 1;
  const dx = b.lng - a.lng, dy = b.lat - a.lat;
  const edges: [number, number][] = [
    [-dx, a.lng - box.west],
    [dx, box.east - a.lng],
    [-dy, a.lat - box.south],
    [dy, box.north - a.lat],
  ];
  for (const [p, q] of edges) {
    if (p === 0) {
      if (q < 0) return false;
    } else {
      const r = q / p;
      if (p < 0) t0 = Math.max(t0, r);
      else t1 = Math.min(t1, r);
      if (t0 > t1) return false;
    }
  }
  return true;
}

function lineHitsBoxes(
  pts: readonly [number, number][],
  boxes: readonly AvoidBox[],
): boolean {
  for (const box of boxes) {
    for (let k = 1; k < pts.length; k++) {
      if (
        segmentHitsBox(
          { lat: pts[k - 1][0], lng: pts[k - 1][1] },
          { lat: pts[k][0], lng: pts[k][1] },
          box,
        )
      ) return true;
    }
  }
  return false;
}
