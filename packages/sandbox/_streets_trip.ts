// Trips on the generated network: the path of a route, the costs of a
// matrix row and the reach of an isoline, all from the same searches so
// they agree to the second.

import {
  latticeClass,
  type Link,
  nodeParts,
  type RoadClass,
  type Streets,
  type Town,
} from "./_streets.ts";
import { inBox, type Profile } from "./_streets_profile.ts";
import {
  arrival,
  edgeCost,
  pack,
  type Pos,
  sameEdge,
  search,
  seedsOf,
  straightBound,
  type Tree,
  unpack,
} from "./_streets_search.ts";
import { haversineMeters, type LatLngLike } from "./geodesy.ts";

/** One stretch of a path along one edge (or part of one). */
export interface Leg {
  /** Drawn points, first to last. */
  points: LatLngLike[];
  roadClass: RoadClass;
  /** The town street (town, axis, line) or the link it runs on. */
  town?: Town;
  axis?: 0 | 1;
  line?: number;
  link?: Link;
  /** Whole metres. */
  length: number;
  /** Tenths of a second. */
  time: number;
}

/** A found path. */
export interface StreetPath {
  /** Tenths of a second. */
  time: number;
  /** Whole metres. */
  length: number;
  legs: Leg[];
}

/** The cost ceiling of a trip between two points: beyond it, no route. */
export function horizon(p: Profile, a: LatLngLike, b: LatLngLike): number {
  const d = haversineMeters(a, b);
  if (p.short) return pack(p, 0, Math.round(3 * d + 30_000)) + 2 ** 27 - 1;
  const slow = Math.max(1, Math.min(...p.speeds.filter((v) => v > 0)));
  return pack(p, Math.round(10 * (3 * d / slow + 3600)), 2 ** 26 - 1);
}

/**
 * Leaves out of a profile the avoided boxes that hold a trip's ends: the
 * points asked for and where they meet the streets.
 */
export function withEnds(p: Profile, ends: readonly LatLngLike[]): {
  profile: Profile;
  blocked: boolean;
} {
  const boxes = p.boxes.filter((b) => !ends.some((e) => inBox(e, b)));
  return {
    profile: boxes.length === p.boxes.length ? p : { ...p, boxes },
    blocked: boxes.length !== p.boxes.length,
  };
}

function one(node: number, c: number): { get(id: number): number | undefined } {
  return { get: (id) => id === node ? c : undefined };
}

function townOf(pos: Pos): number {
  return pos.link ? -1 : nodeParts(pos.a)[0];
}

/**
 * Trips longer than this (straight line, metres) leave the trunk roads
 * behind: they take them only within {@linkcode LOCAL_RADIUS} of either
 * end, and motorways in between, as a driver would.
 */
export const LONG_TRIP = 150_000;
export const LOCAL_RADIUS = 100_000;

/** Whether two points are far enough apart for a long trip. */
export function isLong(a: LatLngLike, b: LatLngLike): boolean {
  return haversineMeters(a, b) > LONG_TRIP;
}

/** The cheapest path from one position to another, or undefined. */
export function findPath(
  s: Streets,
  p: Profile,
  from: Pos,
  to: Pos,
): StreetPath | undefined {
  const long = isLong(from.point, to.point);
  const eTo = edgeCost(s, p, to), eFrom = edgeCost(s, p, from);
  if (!eTo || !eFrom) return undefined;
  const limit = horizon(p, from.point, to.point);
  const direct = sameEdge(p, from, to, eFrom);
  const towns = new Set([townOf(from), townOf(to)]);
  let best = direct ?? Infinity;
  const tree = search(s, p, seedsOf(s, p, from), {
    pred: true,
    limit,
    enter: (t) => towns.has(t),
    trunk: long ? localTo(s, from.point, to.point) : undefined,
    heuristic: straightBound(s, p, to.point),
    stop: (key) => key >= best,
    settle: (node, c) => {
      if (node !== to.a && node !== to.b) return;
      const v = arrival(p, one(node, c), to, eTo);
      if (v !== undefined && v < best) best = v;
    },
  });
  if (!(best <= limit)) return undefined;
  return buildPath(s, p, from, to, eTo, tree, best, direct);
}

/** Trunk roads are open at towns within the local radius of either end. */
function localTo(
  s: Streets,
  a: LatLngLike,
  b: LatLngLike,
): (town: number) => boolean {
  return (t) => {
    const c = s.g.cities[t];
    return haversineMeters(c, a) <= LOCAL_RADIUS ||
      haversineMeters(c, b) <= LOCAL_RADIUS;
  };
}

/** The costs from one position to many (undefined: no route). */
export function costsFrom(
  s: Streets,
  p: Profile,
  from: Pos,
  all: readonly (Pos | undefined)[],
): (number | undefined)[] {
  // Long trips each take their own search, as their routes do.
  const far = all.map((t) => t !== undefined && isLong(from.point, t.point));
  const out = nearCosts(s, p, from, all.map((t, k) => far[k] ? undefined : t));
  all.forEach((t, k) => {
    if (!far[k]) return;
    const path = findPath(s, p, from, t!);
    if (path) out[k] = pack(p, path.time, path.length);
  });
  return out;
}

function nearCosts(
  s: Streets,
  p: Profile,
  from: Pos,
  targets: readonly (Pos | undefined)[],
): (number | undefined)[] {
  const eFrom = edgeCost(s, p, from);
  const out: (number | undefined)[] = targets.map(() => undefined);
  if (!eFrom) return out;
  const limits = targets.map((t) => t ? horizon(p, from.point, t.point) : -1);
  const limit = Math.max(-1, ...limits);
  const towns = new Set(targets.map((t) => t ? townOf(t) : -1));
  towns.add(townOf(from));
  const ends = new Map<number, number[]>();
  const costs = targets.map((t) => t ? edgeCost(s, p, t) : undefined);
  targets.forEach((t, k) => {
    if (!t || !costs[k]) return;
    for (const n of [t.a, t.b]) {
      const list = ends.get(n) ?? [];
      list.push(k);
      ends.set(n, list);
    }
  });
  const best: number[] = targets.map((t, k) => {
    if (!t || !costs[k]) return Infinity;
    return sameEdge(p, from, t, eFrom) ?? Infinity;
  });
  let open = targets.filter((t, k) => t && costs[k]).length;
  const done = new Set<number>();
  const seen = new Map<number, number>();
  search(s, p, seedsOf(s, p, from), {
    limit,
    enter: (t) => towns.has(t),
    stop: (key) => {
      if (open > 0) return false;
      for (let k = 0; k < targets.length; k++) {
        if (best[k] !== Infinity && key < best[k]) return false;
      }
      return true;
    },
    settle: (node, c) => {
      const list = ends.get(node);
      if (!list) return;
      seen.set(node, c);
      for (const k of list) {
        const t = targets[k]!;
        const v = arrival(p, seen, t, costs[k]!);
        if (v !== undefined && v < best[k]) best[k] = v;
        // A target is settled once both its ends are.
        if (!done.has(k) && seen.has(t.a) && seen.has(t.b)) {
          done.add(k);
          open--;
        }
      }
    },
  });
  for (let k = 0; k < targets.length; k++) {
    if (best[k] !== Infinity && best[k] <= limits[k]) out[k] = best[k];
  }
  return out;
}

/** Everything within a cost from a position: the settled tree. */
export function reach(
  s: Streets,
  p: Profile,
  from: Pos,
  limit: number,
): Tree {
  return search(s, p, seedsOf(s, p, from), { limit });
}

function buildPath(
  s: Streets,
  p: Profile,
  from: Pos,
  to: Pos,
  eTo: NonNullable<ReturnType<typeof edgeCost>>,
  tree: Tree,
  best: number,
  direct: number | undefined,
): StreetPath {
  const [time, length] = unpack(p, best);
  if (direct !== undefined && direct === best) {
    return {
      time,
      length,
      legs: [partLeg(s, from, from.f, to.f, length, time)],
    };
  }
  // Which end of the target edge the path came in by.
  const ca = tree.cost.get(to.a);
  const viaA = ca !== undefined && eTo.forward &&
    ca + part(p, eTo, to.f) === best;
  const end = viaA ? to.a : to.b;
  const nodes: [number, Link | null][] = [];
  for (let n = end; n !== -1;) {
    const prev = tree.pred!.get(n)!;
    nodes.push([n, tree.predLink!.get(n) ?? null]);
    n = prev;
  }
  nodes.reverse();
  const legs: Leg[] = [];
  const first = nodes[0][0];
  const [t0, l0] = unpack(p, tree.cost.get(first)!);
  legs.push(
    partLeg(s, from, from.f, first === from.a ? 0 : 1, l0, t0),
  );
  for (let k = 1; k < nodes.length; k++) {
    const [n, link] = nodes[k];
    const prev = nodes[k - 1][0];
    const [ta, la] = unpack(p, tree.cost.get(prev)!);
    const [tb, lb] = unpack(p, tree.cost.get(n)!);
    legs.push(edgeLeg(s, prev, n, link, lb - la, tb - ta));
  }
  const [te, le] = unpack(p, tree.cost.get(end)!);
  legs.push(partLeg(s, to, end === to.a ? 0 : 1, to.f, length - le, time - te));
  return { time, length, legs: legs.filter((l) => l.points.length > 1) };
}

function part(p: Profile, e: { time: number; length: number }, f: number) {
  return pack(p, Math.round(e.time * f), Math.round(e.length * f));
}

/** A leg along part of a position's edge, from fraction `f0` to `f1`. */
function partLeg(
  s: Streets,
  pos: Pos,
  f0: number,
  f1: number,
  length: number,
  time: number,
): Leg {
  const full = edgeLeg(s, pos.a, pos.b, pos.link, length, time);
  const pts = full.points;
  const at = (f: number) => pointAt(pts, f);
  const lo = Math.min(f0, f1), hi = Math.max(f0, f1);
  const inner = innerPoints(pts, lo, hi);
  let points = [at(lo), ...inner, at(hi)];
  if (f0 > f1) points = points.reverse();
  if (lo === hi) points = [at(lo)];
  return { ...full, points };
}

/** Cumulative fractions of a polyline's points. */
function fractions(pts: readonly LatLngLike[]): number[] {
  const cum = [0];
  for (let k = 1; k < pts.length; k++) {
    cum.push(cum[k - 1] + haversineMeters(pts[k - 1], pts[k]));
  }
  const total = cum[cum.length - 1] || 1;
  return cum.map((c) => c / total);
}

function pointAt(pts: readonly LatLngLike[], f: number): LatLngLike {
  const fr = fractions(pts);
  for (let k = 1; k < pts.length; k++) {
    if (f <= fr[k] || k === pts.length - 1) {
      const span = fr[k] - fr[k - 1];
      const u = span > 0 ? Math.min(1, Math.max(0, (f - fr[k - 1]) / span)) : 0;
      return {
        lat: pts[k - 1].lat + u * (pts[k].lat - pts[k - 1].lat),
        lng: pts[k - 1].lng + u * (pts[k].lng - pts[k - 1].lng),
      };
    }
  }
  return pts[0];
}

function innerPoints(
  pts: readonly LatLngLike[],
  lo: number,
  hi: number,
): LatLngLike[] {
  const fr = fractions(pts);
  const out: LatLngLike[] = [];
  for (let k = 1; k < pts.length - 1; k++) {
    if (fr[k] > lo && fr[k] < hi) out.push(pts[k]);
  }
  return out;
}

/** A leg along a whole edge from node `x` to node `y`. */
function edgeLeg(
  s: Streets,
  x: number,
  y: number,
  link: Link | null,
  length: number,
  time: number,
): Leg {
  if (link) {
    let points = link.points.map(([lat, lng]) => ({ lat, lng }));
    if (nodeParts(x)[0] !== link.a) points = points.reverse();
    return { points, roadClass: link.roadClass, link, length, time };
  }
  const [ti, i, j] = nodeParts(x);
  const [, i2, j2] = nodeParts(y);
  const town = s.townAt(ti);
  const axis: 0 | 1 = i2 !== i ? 0 : 1;
  const line = axis === 0 ? j : i;
  return {
    points: [s.nodePoint(town, i, j), s.nodePoint(town, i2, j2)],
    roadClass: latticeClass(line),
    town,
    axis,
    line,
    length,
    time,
  };
}
