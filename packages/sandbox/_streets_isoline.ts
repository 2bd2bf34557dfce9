// Isolines on the street network: every raster cell whose matched place is
// in reach, traced into polygons with holes. A point inside a polygon
// starts from a place in reach, and a point outside from one out of reach,
// so the polygons agree with routes to the second and the metre.

import { nodeParts, type Streets } from "./_streets.ts";
import {
  cellOf,
  CELLS_PER_DEGREE,
  CELLS_PER_TILE,
  matchInTile,
  MAX_SNAP,
  type Tile,
  tileIndex,
  tileOf,
} from "./_streets_match.ts";
import { classIndex, type Profile } from "./_streets_profile.ts";
import {
  arrival,
  edgeCost,
  pack,
  type Pos,
  sameEdge,
  search,
  seedsOf,
  unpack,
} from "./_streets_search.ts";
import { haversineMeters, type LatLngLike } from "./geodesy.ts";
import { LOCAL_RADIUS, LONG_TRIP } from "./_streets_trip.ts";

/** Beyond this reach, an isoline enters only the towns this near its start, metres. */
const ENTER_RADIUS = 40_000;

/** Raster cells an isoline evaluates before it draws at a coarser raster. */
const CELL_BUDGET = 200_000;

/** A polygon: its outer ring and its holes, [lat, lng] pairs, closed. */
export interface Polygon {
  outer: [number, number][];
  inner: [number, number][][];
}

/** An isoline range: `time` in seconds or `distance` in metres. */
export interface StreetRange {
  type: "time" | "distance";
  value: number;
}

/**
 * Whether a packed cost lies within a range: a trip's seconds are its
 * tenths rounded, so `time` ranges admit up to value × 10 + 4 tenths.
 */
export function withinRange(p: Profile, cost: number, range: StreetRange) {
  const [time, length] = unpack(p, cost);
  return range.type === "time"
    ? Math.round(time / 10) <= range.value
    : length <= range.value;
}

/** The polygons of the places within `range` of `from` (to `from` when the profile is reversed). */
export function streetIsoline(
  s: Streets,
  p: Profile,
  from: Pos,
  range: StreetRange,
  centre: LatLngLike = from.point,
): Polygon[] {
  const e0 = edgeCost(s, p, from);
  if (!e0) return [];
  // The search is ordered by the cost's first figure; the other one only
  // stops it from going on.
  const byFirst = (range.type === "time") !== p.short;
  const bound = range.type === "time"
    ? Math.round(range.value) * 10 + 4
    : Math.floor(range.value);
  const limit = byFirst
    ? (p.short ? pack(p, 2 ** 27 - 1, bound) : pack(p, bound, 2 ** 26 - 1))
    : undefined;
  // A range that reaches far is bounded the way long trips are: town
  // streets only within ENTER_RADIUS of the start, trunk roads only within
  // the local radius when it reaches past a long trip, motorways beyond.
  // That keeps a nine-hour isoline to seconds (the towns beyond show as
  // holes; a route to one of them may fit the range).
  const reachM = range.type === "time" ? range.value * p.vmax : range.value;
  const near = (radius: number) => (t: number) =>
    haversineMeters(s.g.cities[t], from.point) <= radius;
  const bounds = {
    ...(reachM > ENTER_RADIUS ? { enter: near(ENTER_RADIUS) } : {}),
    ...(reachM > LONG_TRIP ? { trunk: near(LOCAL_RADIUS) } : {}),
  };
  const tree = search(s, p, seedsOf(s, p, from), {
    limit,
    expand: byFirst ? undefined : (c) => withinRange(p, c, range),
    ...bounds,
  });
  const inReach = (pos: Pos | undefined): boolean => {
    if (!pos) return false;
    const e = edgeCost(s, p, pos);
    if (!e) return false;
    let c = arrival(p, tree.cost, pos, e);
    const direct = p.reverse
      ? sameEdge(p, pos, from, e)
      : sameEdge(p, from, pos, e0);
    if (direct !== undefined && (c === undefined || direct < c)) c = direct;
    return c !== undefined && withinRange(p, c, range);
  };

  // Seeds: the cells of the settled nodes in reach, and of the start.
  const seeds: [number, number][] = [];
  let minR = Infinity, maxR = -Infinity, minC = Infinity, maxC = -Infinity;
  const add = (cell: [number, number]) => {
    seeds.push(cell);
    minR = Math.min(minR, cell[0]);
    maxR = Math.max(maxR, cell[0]);
    minC = Math.min(minC, cell[1]);
    maxC = Math.max(maxC, cell[1]);
  };
  add(cellOf(centre));
  add(cellOf(from.point));
  if (from.link) {
    // The start's own road, as far along as the range could go.
    const speed = p.speeds[classIndex(from.link.roadClass)];
    const reachM = range.type === "time" ? range.value * speed : range.value;
    const pts = from.link.points;
    let walked = 0;
    for (let k = 0; k < pts.length; k++) {
      if (k) {
        walked += haversineMeters(
          { lat: pts[k - 1][0], lng: pts[k - 1][1] },
          { lat: pts[k][0], lng: pts[k][1] },
        );
      }
      if (Math.abs(walked - from.f * from.link.length) <= reachM + 1000) {
        add(cellOf({ lat: pts[k][0], lng: pts[k][1] }));
      }
    }
  }
  tree.cost.forEach((c, id) => {
    if (!withinRange(p, c, range)) return;
    const [ti, i, j] = nodeParts(id);
    if (i === 0 && j === 0) {
      // The roads out of a town in reach: their cells may be in reach
      // without touching the town's.
      const [time, length] = unpack(p, c);
      for (const link of s.links(s.townAt(ti))) {
        const speed = p.speeds[classIndex(link.roadClass)];
        if (!(speed > 0)) continue;
        // As far along it as the rest of the range could go.
        const left = range.type === "time"
          ? (range.value - time / 10) * speed
          : range.value - length;
        const pts = link.a === ti ? link.points : [...link.points].reverse();
        let walked = 0;
        for (let k = 0; k < pts.length && walked <= left + 1000; k++) {
          if (k) {
            walked += haversineMeters(
              { lat: pts[k - 1][0], lng: pts[k - 1][1] },
              { lat: pts[k][0], lng: pts[k][1] },
            );
          }
          add(cellOf({ lat: pts[k][0], lng: pts[k][1] }));
        }
      }
    }
    add(cellOf(s.point(id)));
  });
  // A coarser raster when the fine one would take too long: blocks of
  // 2^level cells, each judged by the cell at its centre.
  let level = 0;
  const span = minR <= maxR ? (maxR - minR + 1) * (maxC - minC + 1) : 1;
  while (span / 4 ** level > CELL_BUDGET) level++;
  if (minR > maxR) {
    [minR, maxR, minC, maxC] = [
      seeds[0][0],
      seeds[0][0],
      seeds[0][1],
      seeds[0][1],
    ];
  }
  for (;; level++) {
    const found = flood(level);
    if (found) {
      return trace(found, 2 ** level);
    }
  }

  /**
   * The cells in reach at a raster level, or undefined past the budget:
   * every cell of the seeds' box and a margin of the farthest a point may
   * lie from its road, since a cell in reach has its road's place in reach,
   * and those places lie within the seeds' box.
   */
  function flood(level: number): Grid | undefined {
    const size = 2 ** level;
    const margin = Math.ceil((MAX_SNAP / 111_320) * CELLS_PER_DEGREE) + 1;
    const lngMargin = Math.ceil(
      margin /
        Math.max(
          0.05,
          Math.cos(((minR + maxR) / 2 / CELLS_PER_DEGREE) * Math.PI / 180),
        ),
    );
    const r0 = Math.floor((minR - margin) / size),
      r1 = Math.floor((maxR + margin) / size);
    const c0 = Math.floor((minC - lngMargin) / size),
      c1 = Math.floor((maxC + lngMargin) / size);
    if ((r1 - r0 + 1) * (c1 - c0 + 1) > 4 * CELL_BUDGET) return undefined;
    const grid: Grid = {
      r0,
      c0,
      rows: r1 - r0 + 1,
      cols: c1 - c0 + 1,
      bits: new Uint8Array((r1 - r0 + 1) * (c1 - c0 + 1)),
    };
    if (level > 0) {
      // A coarse raster marks the blocks that hold a place in reach: exact
      // matching of each block would build every tile of a continent.
      // Each block and the ones around it, so that the roads between
      // places in reach join up.
      for (const [r, c] of seeds) {
        const rr = Math.floor(r / size) - r0, cc = Math.floor(c / size) - c0;
        for (let dr = -1; dr <= 1; dr++) {
          for (let dc = -1; dc <= 1; dc++) {
            const y = rr + dr, x = cc + dc;
            if (y >= 0 && y < grid.rows && x >= 0 && x < grid.cols) {
              grid.bits[y * grid.cols + x] = 1;
            }
          }
        }
      }
      return grid;
    }
    const motorways = p.speeds[0] > 0;
    // A tile is skipped whole when no place in reach can be the road of
    // any of its cells: every such place lies within 1 km of a seed (nodes
    // in reach, and points every 700 m along roads in reach), and within
    // the tile's reach of its cells.
    const tileKey = (ty: number, tx: number) => ty * 1_000_000 + tx;
    const seedTiles = new Set<number>();
    for (const [r, c] of seeds) {
      seedTiles.add(tileKey(tileIndex(r), tileIndex(c)));
    }
    const tileM = 111_320 * CELLS_PER_TILE / CELLS_PER_DEGREE;
    const far = (ty: number, tx: number, tile: Tile) => {
      const lat = (ty + 0.5) * CELLS_PER_TILE / CELLS_PER_DEGREE;
      const cos = Math.max(0.05, Math.cos((lat * Math.PI) / 180));
      const radius = tile.reach + 1000 + tileM;
      const ky = Math.ceil(radius / tileM) + 1;
      const kx = Math.ceil(radius / (tileM * cos)) + 1;
      for (let dy = -ky; dy <= ky; dy++) {
        for (let dx = -kx; dx <= kx; dx++) {
          if (seedTiles.has(tileKey(ty + dy, tx + dx))) return false;
        }
      }
      return true;
    };
    // Whether each tile is skipped, as the scan meets it: rows of cells
    // cross the same tiles again.
    const skipped = new Map<number, Tile | null>();
    for (let r = r0; r <= r1; r++) {
      const lat = (r + 0.5) / CELLS_PER_DEGREE;
      if (Math.abs(lat) >= 90) continue;
      const ty = tileIndex(r);
      let lastTx = NaN, tile: Tile | null = null;
      for (let c = c0; c <= c1; c++) {
        const tx = tileIndex(c);
        if (tx !== lastTx) {
          lastTx = tx;
          const k = tileKey(ty, tx);
          const known = skipped.get(k);
          if (known !== undefined) tile = known;
          else {
            const t = tileOf(s, ty, tx);
            tile = t && !far(ty, tx, t) ? t : null;
            skipped.set(k, tile);
          }
        }
        if (!tile) continue;
        const pos = matchInTile(
          s,
          tile,
          lat,
          (c + 0.5) / CELLS_PER_DEGREE,
          motorways,
        );
        if (inReach(pos)) grid.bits[(r - r0) * grid.cols + (c - c0)] = 1;
      }
    }
    return grid;
  }
}

/** Cells of a raster box: 1 where in reach. */
interface Grid {
  r0: number;
  c0: number;
  rows: number;
  cols: number;
  bits: Uint8Array;
}

/**
 * The rings around a set of cells: outer rings counter-clockwise, holes
 * clockwise; diagonal neighbours stay apart.
 */
function trace(grid: Grid, size: number): Polygon[] {
  const { r0, c0, rows, cols, bits } = grid;
  const has = (r: number, c: number) =>
    r >= r0 && r < r0 + rows && c >= c0 && c < c0 + cols &&
    bits[(r - r0) * cols + (c - c0)] === 1;
  // Directed boundary edges, keyed by their start corner.
  const W = cols + 1;
  const vkey = (r: number, c: number) => (r - r0) * W + (c - c0);
  const out = new Map<number, [number, number][]>();
  const add = (a: [number, number], b: [number, number]) => {
    const k = vkey(a[0], a[1]);
    const list = out.get(k);
    if (list) list.push(b);
    else out.set(k, [b]);
  };
  for (let i = 0; i < rows; i++) {
    for (let j = 0; j < cols; j++) {
      if (bits[i * cols + j] !== 1) continue;
      const r = r0 + i, c = c0 + j;
      if (!has(r - 1, c)) add([r, c], [r, c + 1]);
      if (!has(r, c + 1)) add([r, c + 1], [r + 1, c + 1]);
      if (!has(r + 1, c)) add([r + 1, c + 1], [r + 1, c]);
      if (!has(r, c - 1)) add([r + 1, c], [r, c]);
    }
  }
  const rings: [number, number][][] = [];
  for (const [startKey, ends] of out) {
    while (ends.length) {
      const sr = Math.floor(startKey / W);
      const start: [number, number] = [r0 + sr, c0 + startKey - sr * W];
      const ring: [number, number][] = [start];
      let prev = start;
      let next = ends.pop()!;
      for (;;) {
        ring.push(next);
        const list = out.get(vkey(next[0], next[1]));
        if (!list || !list.length) break;
        // At a corner two cells meet only diagonally: turn left, around the cell we follow.
        let pick = 0;
        if (list.length > 1) {
          const dr = next[0] - prev[0], dc = next[1] - prev[1];
          pick = list.findIndex((q) => {
            const qr = q[0] - next[0], qc = q[1] - next[1];
            return dc * qr - dr * qc > 0;
          });
          if (pick < 0) pick = 0;
        }
        const [q] = list.splice(pick, 1);
        prev = next;
        next = q;
        if (next[0] === start[0] && next[1] === start[1]) {
          ring.push(next);
          break;
        }
      }
      rings.push(simplify(ring));
    }
  }
  const toLatLng = (ring: [number, number][]) =>
    ring.map(([r, c]): [number, number] => [
      (r * size) / CELLS_PER_DEGREE,
      (c * size) / CELLS_PER_DEGREE,
    ]);
  const outers: {
    ring: [number, number][];
    area: number;
    holes: [number, number][][];
  }[] = [];
  const holes: [number, number][][] = [];
  for (const ring of rings) {
    const area = signedArea(ring);
    if (area > 0) outers.push({ ring, area, holes: [] });
    else if (area < 0) holes.push(ring);
  }
  outers.sort((a, b) => b.area - a.area);
  for (const hole of holes) {
    const [r, c] = hole[0];
    let home: typeof outers[number] | undefined;
    for (const o of outers) {
      if (
        contains(o.ring, r + 1e-9, c + 0.5) ||
        contains(o.ring, r - 1e-9, c + 0.5)
      ) {
        if (!home || o.area < home.area) home = o;
      }
    }
    home?.holes.push(hole);
  }
  return outers.map((o) => ({
    outer: toLatLng(o.ring),
    inner: o.holes.map(toLatLng),
  }));
}

/** Drops the corners where a ring goes straight on. */
function simplify(ring: [number, number][]): [number, number][] {
  const pts = ring.slice(0, -1);
  const n = pts.length;
  const keep: [number, number][] = [];
  for (let k = 0; k < n; k++) {
    const a = pts[(k + n - 1) % n], b = pts[k], c = pts[(k + 1) % n];
    const cross = (b[0] - a[0]) * (c[1] - b[1]) - (b[1] - a[1]) * (c[0] - b[0]);
    if (cross !== 0) keep.push(b);
  }
  if (!keep.length) return ring;
  keep.push(keep[0]);
  return keep;
}

/** Twice the signed area in (column, row) axes: positive counter-clockwise. */
function signedArea(ring: [number, number][]): number {
  let a = 0;
  for (let k = 1; k < ring.length; k++) {
    a += ring[k - 1][1] * ring[k][0] - ring[k][1] * ring[k - 1][0];
  }
  return a;
}

function contains(ring: [number, number][], r: number, c: number): boolean {
  let inside = false;
  for (let k = 1; k < ring.length; k++) {
    const [r1, c1] = ring[k - 1], [r2, c2] = ring[k];
    if ((r1 > r) !== (r2 > r)) {
      const x = c1 + ((r - r1) / (r2 - r1)) * (c2 - c1);
      if (x > c) inside = !inside;
    }
  }
  return inside;
}
