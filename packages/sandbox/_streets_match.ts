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
/** Raster cells per match tile side (not a whole number). */
export const CELLS_PER_TILE = CELLS_PER_DEGREE / TILES_PER_DEGREE;
/** Region tiles per degree: each gathers the towns and links around it once. */
const REGIONS_PER_DEGREE = 16;
/** No place within this distance: the point is off the network. */
const MATCH_RADIUS = 300_000;
/**
 * A scan of an isoline's raster (up to 800,000 cells) finds its tiles
 * again on the next call: a cap below its tiles would rebuild them all.
 */
const TILE_CAP = 65_536;
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

export interface Tile {
  towns: Town[];
  segments: Segment[];
  /** No cell of the tile lies farther than this from its road, metres. */
  reach: number;
}

// null: no place near enough, so no tile (region).
const tiles = new WeakMap<Streets, Map<number, Tile | null>>();
const regions = new WeakMap<Streets, Map<number, Region | null>>();

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
  const lat = (row + 0.5) / CELLS_PER_DEGREE;
  if (Math.abs(lat) >= 90) return undefined;
  const tile = tileOf(s, tileIndex(row), tileIndex(col));
  return tile &&
    matchInTile(s, tile, lat, (col + 0.5) / CELLS_PER_DEGREE, motorways);
}

/** The match tile row (column) of a raster cell row (column). */
export function tileIndex(cell: number): number {
  return Math.floor(((cell + 0.5) / CELLS_PER_DEGREE) * TILES_PER_DEGREE);
}

/**
 * The network position of a point of a match tile (the centre of one of
 * its cells): the street of the town whose disk holds it, or else the
 * nearest street or road within MAX_SNAP.
 */
export function matchInTile(
  s: Streets,
  tile: Tile,
  lat: number,
  lng: number,
  motorways: boolean,
): Pos | undefined {
  let bestD = Infinity;
  let bestTown: Town | undefined;
  for (const t of tile.towns) {
    // The town's own flat frame: the same figure wherever it is asked for.
    const dx = wrap(lng - t.city.lng) * t.kx;
    const dy = (lat - t.city.lat) * M_PER_DEG;
    const d = Math.sqrt(dx * dx + dy * dy);
    if (d - t.radius > bestD) continue;
    const hit = nearestLine(t, lat, lng);
    // Within a town's disk its own streets take the point.
    if (hit < Infinity && d <= t.radius) return latticePos(s, t);
    if (hit < bestD) {
      bestD = hit;
      bestTown = t;
      // The scratch line belongs to this town until another beats it.
      kept.axis = line.axis;
      kept.line = line.line;
      kept.lo = line.lo;
      kept.f = line.f;
    }
  }
  let bestSeg: Segment | undefined;
  let bestU = 0;
  const kx = M_PER_DEG * Math.cos((lat * Math.PI) / 180);
  for (const seg of tile.segments) {
    if (!motorways && seg.link.roadClass === "motorway") continue;
    const ax = wrap(seg.a[1] - lng) * kx, ay = (seg.a[0] - lat) * M_PER_DEG;
    const bx = wrap(seg.b[1] - lng) * kx, by = (seg.b[0] - lat) * M_PER_DEG;
    const dx = bx - ax, dy = by - ay;
    const l2 = dx * dx + dy * dy;
    const u = l2 > 0 ? Math.min(1, Math.max(0, -(ax * dx + ay * dy) / l2)) : 0;
    const d = Math.sqrt((ax + u * dx) ** 2 + (ay + u * dy) ** 2);
    if (d < bestD) {
      bestD = d;
      bestSeg = seg;
      bestU = u;
    }
  }
  // Farther than this from any road, a point is off the network (open sea).
  if (!(bestD <= MAX_SNAP)) return undefined;
  if (bestSeg) {
    const seg = bestSeg, u = bestU, link = seg.link;
    return {
      a: nodeId(link.a, 0, 0),
      b: nodeId(link.b, 0, 0),
      f: Math.min(1, Math.max(0, (seg.at + u * seg.length) / link.length)),
      link,
      point: {
        lat: seg.a[0] + u * (seg.b[0] - seg.a[0]),
        lng: wrap(seg.a[1] + u * wrap(seg.b[1] - seg.a[1])),
      },
    };
  }
  if (!bestTown) return undefined;
  line.axis = kept.axis;
  line.line = kept.line;
  line.lo = kept.lo;
  line.f = kept.f;
  return latticePos(s, bestTown);
}

/** The nearest lattice edge found last: reused, so matching allocates little. */
interface LineHit {
  axis: 0 | 1;
  line: number;
  lo: number;
  f: number;
}
const line: LineHit = { axis: 0, line: 0, lo: 0, f: 0 };
const kept: LineHit = { axis: 0, line: 0, lo: 0, f: 0 };

/**
 * The distance in metres from a point to the nearest street of a town's
 * lattice (Infinity when it has none), leaving that street in `line`.
 */
function nearestLine(t: Town, lat: number, lng: number): number {
  const x = wrap(lng - t.city.lng) * t.kx, y = (lat - t.city.lat) * M_PER_DEG;
  const u = (x * t.cos + y * t.sin) / t.spacing;
  const v = (-x * t.sin + y * t.cos) / t.spacing;
  const n = t.n;
  let best = Infinity;
  // Lines ±n are single nodes: the outermost streets are ±(n - 1).
  for (let k = 0; k < 4; k++) {
    const axis = k < 2 ? 0 : 1;
    const along = axis === 0 ? u : v, across = axis === 0 ? v : u;
    const raw = (k & 1) === 0 ? Math.floor(across) : Math.ceil(across);
    const ln = Math.max(1 - n, Math.min(n - 1, raw));
    const m = Math.floor(Math.sqrt(n * n - ln * ln));
    if (m < 1) continue;
    const lo = Math.max(-m, Math.min(m - 1, Math.floor(along)));
    const f = Math.max(0, Math.min(1, along - lo));
    const da = along - (lo + f), dc = across - ln;
    const d = Math.sqrt(da * da + dc * dc) * t.spacing;
    if (d < best) {
      best = d;
      line.axis = axis;
      line.line = ln;
      line.lo = lo;
      line.f = f;
    }
  }
  return best;
}

/** The position on the lattice edge in `line`. */
function latticePos(s: Streets, t: Town): Pos {
  const ti = t.city.i;
  const { axis, line: ln, lo, f } = line;
  const ai = axis === 0 ? lo : ln, aj = axis === 0 ? ln : lo;
  const bi = axis === 0 ? lo + 1 : ln, bj = axis === 0 ? ln : lo + 1;
  const pa = s.nodePoint(t, ai, aj), pb = s.nodePoint(t, bi, bj);
  return {
    a: nodeId(ti, ai, aj),
    b: nodeId(ti, bi, bj),
    f,
    link: null,
    point: {
      lat: pa.lat + f * (pb.lat - pa.lat),
      lng: wrap(pa.lng + f * wrap(pb.lng - pa.lng)),
    },
  };
}

/** The nearest street of a town's lattice to a point (inside or outside its disk), and its distance. */
export function latticeMatch(
  s: Streets,
  t: Town,
  p: LatLngLike,
): { pos: Pos; d: number } | undefined {
  const d = nearestLine(t, p.lat, p.lng);
  return d < Infinity ? { pos: latticePos(s, t), d } : undefined;
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
  const hit = cache.get(key);
  if (hit !== undefined) return hit ?? undefined;
  const centre = {
    lat: (ty + 0.5) / TILES_PER_DEGREE,
    lng: wrap((tx + 0.5) / TILES_PER_DEGREE),
  };
  const half = (Math.SQRT1_2 * M_PER_DEG) / TILES_PER_DEGREE;
  const tile = buildTile(s, centre, half);
  if (cache.size >= TILE_CAP) cache.clear();
  cache.set(key, tile ?? null);
  return tile;
}

function regionOf(s: Streets, ry: number, rx: number): Region | undefined {
  let cache = regions.get(s);
  if (!cache) regions.set(s, cache = new Map());
  const key = ry * 100_000 + rx;
  const hit = cache.get(key);
  if (hit !== undefined) return hit ?? undefined;
  const centre = {
    lat: (ry + 0.5) / REGIONS_PER_DEGREE,
    lng: wrap((rx + 0.5) / REGIONS_PER_DEGREE),
  };
  const half = (Math.SQRT1_2 * M_PER_DEG) / REGIONS_PER_DEGREE;
  const region = buildRegion(s, centre, half);
  if (cache.size >= REGION_CAP) cache.clear();
  cache.set(key, region ?? null);
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
