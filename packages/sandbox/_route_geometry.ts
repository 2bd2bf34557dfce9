// Route geometry: each leg of a path becomes a staircase of straight
// "roads" tilted against the great circle so that its length is the
// model's detour factor times the great-circle length. The turns between
// roads become actions, the roads become spans.

import type { SectionPlan } from "./_route_plan.ts";
import type { RouteRequest } from "./_route_request.ts";
import { clamp } from "./_util.ts";
import { detourFactor } from "./travel_model.ts";
import type { RoadClass } from "./_streets.ts";
import { legName } from "./_streets_travel.ts";
import {
  destinationPoint,
  haversineMeters,
  initialBearing,
  intermediatePoint,
  type LatLngLike,
} from "./geodesy.ts";

/** One straight road of the geometry. */
export interface Road {
  /** Polyline index of its first point. */
  from: number;
  /** Polyline index of its last point. */
  to: number;
  /** Its drawn length, metres (a weight for apportioning the model distance). */
  length: number;
  /** Bearing, degrees. */
  bearing: number;
  /** Its middle point. */
  mid: LatLngLike;
  /** On the street network: the road's name and number. */
  name?: string;
  number?: string;
  /** On the street network: its class, and whether it charges a toll. */
  roadClass?: RoadClass;
  toll?: boolean;
  /** On the street network: tenths of a second to drive it. */
  time?: number;
}

/** The polyline points, its roads, and where each path point landed. */
export interface Geometry {
  points: LatLngLike[];
  roads: Road[];
  /** Polyline index of each input path point. */
  pathIndex: number[];
}

/**
 * Draws a path. `detour` is the length ratio to reach; `clearance` caps the
 * sideways swing (metres from the straight leg) so avoided areas stay clear.
 */
export function buildGeometry(
  path: readonly LatLngLike[],
  detour: number,
  clearance = Infinity,
): Geometry {
  const φ = detour >= Math.SQRT2
    ? Math.PI / 4
    : Math.max(0, Math.asin(detour / Math.SQRT2) - Math.PI / 4);
  const sin = Math.sin(φ), cos = Math.cos(φ);
  let total = 0;
  for (let i = 1; i < path.length; i++) {
    total += haversineMeters(path[i - 1], path[i]);
  }
  const spacing = Math.max(150, (total * detour) / 1500);

  const points: LatLngLike[] = [path[0]];
  const roads: Road[] = [];
  const pathIndex = [0];
  for (let leg = 1; leg < path.length; leg++) {
    const A = path[leg - 1], B = path[leg];
    const D = haversineMeters(A, B);
    if (D < 0.5) {
      pathIndex.push(points.length - 1);
      continue;
    }
    let n = clamp(Math.round(D / 1500), 1, 12);
    let swing = (D * sin * cos) / n;
    if (swing > clearance) {
      n = Math.ceil((D * sin * cos) / clearance);
      swing = (D * sin * cos) / n;
    }
    const straight = n > 400;
    const vertices: [number, number][] = [[0, 0]];
    if (straight || φ === 0) {
      vertices.push([D, 0]);
    } else {
      const e1 = (D * cos * cos) / n, e2 = (D * sin * sin) / n;
      let s = e1 / 2;
      vertices.push([s, swing / 2]);
      for (let j = 0; j < n; j++) {
        s += e2;
        vertices.push([s, -swing / 2]);
        if (j < n - 1) {
          s += e1;
          vertices.push([s, swing / 2]);
        } else {
          vertices.push([D, 0]);
        }
      }
    }
    const toLatLng = ([s, c]: [number, number]): LatLngLike => {
      if (s <= 0) return A;
      if (s >= D) return B;
      if (c === 0) return intermediatePoint(A, B, s / D);
      return abeam(A, B, s / D, c);
    };
    let prev = A;
    for (let v = 1; v < vertices.length; v++) {
      const next = v === vertices.length - 1 ? B : toLatLng(vertices[v]);
      const from = points.length - 1;
      const len = haversineMeters(prev, next);
      const pieces = Math.max(1, Math.ceil(len / spacing));
      for (let k = 1; k < pieces; k++) {
        points.push({
          lat: prev.lat + ((next.lat - prev.lat) * k) / pieces,
          lng: prev.lng + ((next.lng - prev.lng) * k) / pieces,
        });
      }
      points.push(next);
      roads.push({
        from,
        to: points.length - 1,
        length: len,
        bearing: initialBearing(prev, next),
        mid: { lat: (prev.lat + next.lat) / 2, lng: (prev.lng + next.lng) / 2 },
      });
      prev = next;
    }
    pathIndex.push(points.length - 1);
  }
  return { points, roads, pathIndex };
}

/**
 * The point `meters` to the right of the great circle from `a` to `b` (to
 * the left when negative), abeam the point `fraction` of the way along it.
 */
export function abeam(
  a: LatLngLike,
  b: LatLngLike,
  fraction: number,
  meters: number,
): LatLngLike {
  const base = intermediatePoint(a, b, fraction);
  const bearing = fraction < 0.999
    ? initialBearing(base, b)
    : (initialBearing(b, a) + 180) % 360;
  return destinationPoint(base, bearing + 90, meters);
}

/**
 * The drawn geometry of a section: the staircase of roads, straightened
 * where it would cut into an avoided area.
 */
export function sectionGeometry(
  req: RouteRequest,
  plan: SectionPlan,
): Geometry {
  if (plan.legs) return networkGeometry(plan);
  const geometry = buildGeometry(
    plan.path,
    detourFactor(req.options),
    plan.clearance,
  );
  const boxes = req.options.avoidAreas ?? [];
  if (!plan.blocked && boxes.length && touchesBoxes(geometry.points, boxes)) {
    return buildGeometry(plan.path, 1, plan.clearance);
  }
  return geometry;
}

/**
 * The geometry of a section on the street network: its path as drawn, one
 * road for each run of legs on the same street or link.
 */
function networkGeometry(plan: SectionPlan): Geometry {
  const points = plan.path;
  const roads: Road[] = [];
  let at = 0;
  let key = "";
  for (const leg of plan.legs!) {
    const from = at;
    at += leg.points.length - 1;
    if (at === from) continue;
    const k = leg.link
      ? `l${leg.link.roadClass}${leg.link.a}:${leg.link.b}`
      : `t${leg.town!.city.i}:${leg.axis}:${leg.line}`;
    const last = roads[roads.length - 1];
    if (last && k === key) {
      last.to = at;
      last.length += leg.length;
      last.time! += leg.time;
      continue;
    }
    key = k;
    const { name, number } = legName(leg);
    roads.push({
      from,
      to: at,
      length: leg.length,
      bearing: 0,
      mid: points[from],
      name,
      ...(number ? { number } : {}),
      roadClass: leg.roadClass,
      toll: leg.link?.toll ?? false,
      time: leg.time,
    });
  }
  for (const r of roads) {
    r.bearing = initialBearing(points[r.from], points[r.to]);
    r.mid = points[(r.from + r.to) >> 1];
  }
  return { points, roads, pathIndex: points.map((_, k) => k) };
}

/** True when any point lies strictly inside one of the boxes. */
export function touchesBoxes(
  points: readonly LatLngLike[],
  boxes: readonly {
    west: number;
    south: number;
    east: number;
    north: number;
  }[],
): boolean {
  return points.some((p) =>
    boxes.some((b) =>
      p.lat > b.south && p.lat < b.north && p.lng > b.west && p.lng < b.east
    )
  );
}

const COMPASS = [
  "north",
  "northeast",
  "east",
  "southeast",
  "south",
  "southwest",
  "west",
  "northwest",
];

/** `northeast` etc. for a bearing. */
export function compass(bearing: number): string {
  return COMPASS[Math.round((((bearing % 360) + 360) % 360) / 45) % 8];
}

/** Signed turn angle from one bearing to the next, in (-180, 180]. */
export function turnAngle(from: number, to: number): number {
  let d = ((to - from) % 360 + 360) % 360;
  if (d > 180) d -= 360;
  return d;
}
