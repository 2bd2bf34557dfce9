// Map matching: which point of the network a position starts from. A
// position is first snapped to the centre of its cell of a fixed raster
// (1/500 of a degree), and that centre to the nearest street or road.
// Every point of a cell thus starts from the same place, which is what
// lets an isoline be exactly the cells whose place is in reach.

import {
  type Link,
  M_PER_DEG,
  nodeId,
  type Streets,
  type Town,
  wrap,
} from "./_streets.ts";
import type { Pos } from "./_streets_search.ts";
import { haversineMeters, type LatLngLike } from "./geodesy.ts";

/** Raster cells per degree. */
export const CELLS_PER_DEGREE = 500;
/** Match tiles per degree: each tile keeps the candidates of its cells. */
const TILES_PER_DEGREE = 128;
/** Raster cells per match tile side. */
export const CELLS_PER_TILE = CELLS_PER_DEGREE / TILES_PER_DEGREE;
/** Region tiles per degree: each gathers the towns and links around it once. */
const REGIONS_PER_DEGREE = 16;
/** No place within this distance: the point is off the network. */
const MATCH_RADIUS = 300_000;
const TILE_CAP = 2048;
/** Regions hold the segments of every link near them: fewer of them. */
const REGION_CAP = 256;
/** The farthest a point may lie from the road it starts from, metres. */
export const MAX_SNAP = 5_000;

interface Segment {
  link: Link;
  /** [lat, lng] of the ends. */
  a: [number, number];
  b: [number, number];
  /** Metres along the link at `a`, and the segment's length. */
  at: number;
  length: number;
}

interface Tile {
  towns: Town[];
  segments: Segment[];
  /** No cell of the tile lies farther than this from its road, metres. */
  reach: number;
}

const tiles = new WeakMap<Streets, Map<number, Tile | undefined>>();
const regions = new WeakMap<Streets, Map<number, Region | undefined>>();

/** The towns and links near a region tile, before each match tile picks its own. */
interface Region {
  towns: Town[];
  segments: Segment[];
  /** Distance from the region's centre to its nearest place, metres. */
  near: number;
}

/** The raster cell of a position: [row, column]. */
export function cellOf(p: LatLngLike): [number, number] {
  return [
    Math.floor(p.lat * CELLS_PER_DEGREE),
    Math.floor(wrap(p.lng) * CELLS_PER_DEGREE),
  ];
}

/** The centre of a raster cell. */
export function cellCentre(row: number, col: number): LatLngLike {
  return {
    lat: (row + 0.5) / CELLS_PER_DEGREE,
    lng: (col + 0.5) / CELLS_PER_DEGREE,
  };
}

/**
 * The network position a point starts from, or undefined off the network.
 * Without `motorways`, motorways are left out (modes that may not drive
 * them start from the nearest other road).
 */
export function match(
  s: Streets,
  p: LatLngLike,
  motorways = true,
): Pos | undefined {
  if (!(Math.abs(p.lat) <= 90) || !Number.isFinite(p.lng)) return undefined;
  const [row, col] = cellOf(p);
  return matchCell(s, row, col, motorways);
}

/** The network position of a raster cell's centre. */
export function matchCell(
  s: Streets,
  row: number,
  col: number,
  motorways = true,
): Pos | undefined {
  const c = cellCentre(row, col);
  if (Math.abs(c.lat) >= 90) return undefined;
  const tile = tileOf(
    s,
    Math.floor(c.lat * TILES_PER_DEGREE),
    Math.floor(c.lng * TILES_PER_DEGREE),
  );
  if (!tile) return undefined;
  let best: Pos | undefined;
  let bestD = Infinity;
  for (const t of tile.towns) {
    // The town's own flat frame: the same figure wherever it is asked for.
    const dx = wrap(c.lng - t.city.lng) * t.kx;
    const dy = (c.lat - t.city.lat) * M_PER_DEG;
    const d = Math.sqrt(dx * dx + dy * dy);
    if (d - t.radius > bestD) continue;
    const hit = latticeMatch(s, t, c);
    // Within a town's disk its own streets take the point.
    if (hit && d <= t.radius) return hit.pos;
    if (hit && hit.d < bestD) {
      bestD = hit.d;
      best = hit.pos;
    }
  }
  const kx = M_PER_DEG * Math.cos((c.lat * Math.PI) / 180);
  for (const seg of tile.segments) {
    if (!motorways && seg.link.roadClass === "motorway") continue;
    const ax = wrap(seg.a[1] - c.lng) * kx, ay = (seg.a[0] - c.lat) * M_PER_DEG;
    const bx = wrap(seg.b[1] - c.lng) * kx, by = (seg.b[0] - c.lat) * M_PER_DEG;
    const dx = bx - ax, dy = by - ay;
    const l2 = dx * dx + dy * dy;
    const u = l2 > 0 ? Math.min(1, Math.max(0, -(ax * dx + ay * dy) / l2)) : 0;
    const d = Math.sqrt((ax + u * dx) ** 2 + (ay + u * dy) ** 2);
    if (d < bestD) {
      bestD = d;
      const link = seg.link;
      const f = Math.min(
        1,
        Math.max(0, (seg.at + u * seg.length) / link.length),
      );
      best = {
        a: nodeId(link.a, 0, 0),
        b: nodeId(link.b, 0, 0),
        f,
        link,
        point: {
          lat: seg.a[0] + u * (seg.b[0] - seg.a[0]),
          lng: wrap(seg.a[1] + u * wrap(seg.b[1] - seg.a[1])),
        },
      };
    }
  }
  // Farther than this from any road, a point is off the network (open sea).
  return bestD <= MAX_SNAP ? best : undefined;
}

/** The nearest street of a town's lattice to a point (inside or outside its disk), and its distance. */
export function latticeMatch(
  s: Streets,
  t: Town,
  p: LatLngLike,
): { pos: Pos; d: number } | undefined {
  const [u, v] = s.toLattice(t, p);
  const n = t.n;
  // Lines ±n are single nodes: the outermost streets are ±(n - 1).
  const clampLine = (x: number) => Math.max(1 - n, Math.min(n - 1, x));
  let best:
    | { axis: 0 | 1; line: number; lo: number; f: number; d: number }
    | undefined;
  for (const axis of [0, 1] as const) {
    const along = axis === 0 ? u : v, across = axis === 0 ? v : u;
    for (
      const line of [
        clampLine(Math.floor(across)),
        clampLine(Math.ceil(across)),
      ]
    ) {
      const m = Math.floor(Math.sqrt(n * n - line * line));
      if (m < 1) continue;
      const lo = Math.max(-m, Math.min(m - 1, Math.floor(along)));
      const f = Math.max(0, Math.min(1, along - lo));
      const d = Math.hypot(along - (lo + f), across - line) * t.spacing;
      if (!best || d < best.d) best = { axis, line, lo, f, d };
    }
  }
  if (!best) return undefined;
  const ti = t.city.i;
  const [ai, aj, bi, bj] = best.axis === 0
    ? [best.lo, best.line, best.lo + 1, best.line]
    : [best.line, best.lo, best.line, best.lo + 1];
  const pa = s.nodePoint(t, ai, aj), pb = s.nodePoint(t, bi, bj);
  return {
    d: best.d,
    pos: {
      a: nodeId(ti, ai, aj),
      b: nodeId(ti, bi, bj),
      f: best.f,
      link: null,
      point: {
        lat: pa.lat + best.f * (pb.lat - pa.lat),
        lng: wrap(pa.lng + best.f * wrap(pb.lng - pa.lng)),
      },
    },
  };
}

/**
 * The candidates of a match tile: towns whose disks may hold a nearest
 * street of one of its cells, and the link segments that may be nearer.
 */
export function tileOf(
  s: Streets,
  ty: number,
  tx: number,
): Tile | undefined {
  let cache = tiles.get(s);
  if (!cache) tiles.set(s, cache = new Map());
  const key = ty * 100_000 + tx;
  if (cache.has(key)) return cache.get(key);
  const centre = {
    lat: (ty + 0.5) / TILES_PER_DEGREE,
    lng: wrap((tx + 0.5) / TILES_PER_DEGREE),
  };
  const half = (Math.SQRT1_2 * M_PER_DEG) / TILES_PER_DEGREE;
  const tile = buildTile(s, centre, half);
  if (cache.size >= TILE_CAP) cache.clear();
  cache.set(key, tile);
  return tile;
}

function regionOf(s: Streets, ry: number, rx: number): Region | undefined {
  let cache = regions.get(s);
  if (!cache) regions.set(s, cache = new Map());
  const key = ry * 100_000 + rx;
  if (cache.has(key)) return cache.get(key);
  const centre = {
    lat: (ry + 0.5) / REGIONS_PER_DEGREE,
    lng: wrap((rx + 0.5) / REGIONS_PER_DEGREE),
  };
  const half = (Math.SQRT1_2 * M_PER_DEG) / REGIONS_PER_DEGREE;
  const region = buildRegion(s, centre, half);
  if (cache.size >= REGION_CAP) cache.clear();
  cache.set(key, region);
  return region;
}

function buildRegion(
  s: Streets,
  centre: LatLngLike,
  half: number,
): Region | undefined {
  const g = s.g;
  const near = g.nearest(centre, 1, undefined, MATCH_RADIUS + half)[0];
  if (!near) return undefined;
  const towns: Town[] = [];
  let reach = Infinity;
  for (const h of s.near(centre, Math.max(40_000, near.distance + 1000))) {
    const t = s.town(h.city);
    if (!t) continue;
    towns.push(t);
    reach = Math.min(
      reach,
      Math.max(0, h.distance - t.radius) + 2 * half + t.spacing,
    );
  }
  if (!towns.length) {
    const t = s.town(near.city) ?? s.town(g.parentCity(near.city));
    if (t) {
      towns.push(t);
      reach = near.distance + 2 * half;
    }
  }
  const keep = towns.filter((t) =>
    haversineMeters(centre, t.city) - t.radius <= reach + half
  );
  // Links that may pass within reach: a trunk link from a town's parent
  // link (at most 30 km) or a hub's (at most 90 km), or a motorway
  // (at most 320 km).
  const links = new Set<Link>();
  const r = reach + half;
  for (const h of s.near(centre, r + 45_000)) {
    const t = s.town(h.city);
    if (!t) continue;
    if (h.distance <= r + 30_000) {
      const parent = s.parent(t);
      if (parent >= 0) links.add(s.link(t.city.i, parent, "trunk"));
    }
    if (s.isHub(t)) {
      for (const link of s.links(t)) {
        if (link.roadClass === "trunk") links.add(link);
      }
    }
  }
  for (
    const h of s.near(centre, r + 160_000, true)
  ) {
    const t = s.town(h.city);
    if (!t) continue;
    for (const link of s.links(t)) {
      if (link.roadClass === "motorway") links.add(link);
    }
  }
  return {
    towns: keep,
    segments: segmentsNear(
      [...links].sort((x, y) => x.seed - y.seed || x.a - y.a),
      centre,
      r,
    ),
    near: near.distance,
  };
}

/** The segments of links that pass within `r` metres of `centre`. */
function segmentsNear(
  links: readonly Link[],
  centre: LatLngLike,
  r: number,
): Segment[] {
  const segments: Segment[] = [];
  const kx = M_PER_DEG * Math.cos((centre.lat * Math.PI) / 180);
  for (const link of links) {
    let at = 0;
    for (let k = 1; k < link.points.length; k++) {
      const a = link.points[k - 1], b = link.points[k];
      const length = haversineMeters(
        { lat: a[0], lng: a[1] },
        { lat: b[0], lng: b[1] },
      );
      if (segmentDistance(a, b, centre, kx) <= r) {
        segments.push({ link, a, b, at, length });
      }
      at += length;
    }
  }
  return segments;
}

function segmentDistance(
  a: readonly [number, number],
  b: readonly [number, number],
  c: LatLngLike,
  kx: number,
): number {
  const ax = wrap(a[1] - c.lng) * kx, ay = (a[0] - c.lat) * M_PER_DEG;
  const bx = wrap(b[1] - c.lng) * kx, by = (b[0] - c.lat) * M_PER_DEG;
  const dx = bx - ax, dy = by - ay, l2 = dx * dx + dy * dy;
  const u = l2 > 0 ? Math.min(1, Math.max(0, -(ax * dx + ay * dy) / l2)) : 0;
  return Math.sqrt((ax + u * dx) ** 2 + (ay + u * dy) ** 2);
}

function buildTile(
  s: Streets,
  centre: LatLngLike,
  half: number,
): Tile | undefined {
  const region = regionOf(
    s,
    Math.floor(centre.lat * REGIONS_PER_DEGREE),
    Math.floor(centre.lng * REGIONS_PER_DEGREE),
  );
  if (!region) return undefined;
  let reach = Infinity;
  for (const t of region.towns) {
    reach = Math.min(
      reach,
      Math.max(0, haversineMeters(centre, t.city) - t.radius) + 2 * half +
        t.spacing,
    );
  }
  const towns = region.towns.filter((t) =>
    haversineMeters(centre, t.city) - t.radius <= reach + half
  );
  const kx = M_PER_DEG * Math.cos((centre.lat * Math.PI) / 180);
  const segments = region.segments.filter((g) =>
    segmentDistance(g.a, g.b, centre, kx) <= reach + half
  );
  return { towns, segments, reach: reach + half };
}
