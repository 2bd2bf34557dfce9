/**
 * Paths that avoid boxes: {@linkcode planPath} bends a great-circle leg
 * around each avoided box it would cross, through the box's corners.
 *
 * @module
 */

import {
  haversineMeters,
  intermediatePoint,
  type LatLngLike,
} from "./geodesy.ts";

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
 * The result of {@linkcode planPath}.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { planPath, type PlannedPath } from "@ls/sandbox";
 * const path: PlannedPath = planPath({ lat: 52.5, lng: 13.3 }, { lat: 52.5, lng: 13.5 });
 * assert.equal(path.points.length, 2);
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

const RAD = Math.PI / 180;
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
 * import assert from "node:assert/strict";
 * import { planPath } from "@ls/sandbox";
 * const path = planPath({ lat: 52.5, lng: 13.3 }, { lat: 52.5, lng: 13.5 }, [
 *   { west: 13.38, south: 52.48, east: 13.42, north: 52.52 },
 * ]);
 * // Around the box's northern corners.
 * assert.equal(path.points.length, 4);
 * assert.ok(path.points[1].lat > 52.52 && path.points[2].lat > 52.52);
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
