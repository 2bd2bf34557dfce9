// Isolines on the street network: every raster cell whose matched place is
// in reach, traced into polygons with holes. A point inside a polygon
// starts from a place in reach, and a point outside from one out of reach,
// so the polygons agree with routes to the second and the metre.

import { type Streets } from "./_streets.ts";
import { cellOf, CELLS_PER_DEGREE, matchCell } from "./_streets_match.ts";
import type { Profile } from "./_streets_profile.ts";
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

/** Raster cells an isoline evaluates before it draws at a coarser raster. */
const CELL_BUDGET = 250_000;

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
  const tree = search(s, p, seedsOf(s, p, from), {
    limit,
    expand: byFirst ? undefined : (c) => withinRange(p, c, range),
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
  const seeds: [number, number][] = [cellOf(from.point)];
  let minR = Infinity, maxR = -Infinity, minC = Infinity, maxC = -Infinity;
  tree.cost.forEach((c, id) => {
    if (!withinRange(p, c, range)) return;
    const cell = cellOf(s.point(id));
    seeds.push(cell);
    minR = Math.min(minR, cell[0]);
    maxR = Math.max(maxR, cell[0]);
    minC = Math.min(minC, cell[1]);
    maxC = Math.max(maxC, cell[1]);
  });
  // A coarser raster when the fine one would take too long: blocks of
  // 2^level cells, each judged by the cell at its centre.
  let level = 0;
  const span = Math.max(1, (maxR - minR + 1) * (maxC - minC + 1));
  while (span / 4 ** level > CELL_BUDGET) level++;
  const size = 2 ** level;
  const judge = (r: number, c: number) => {
    const row = r * size + (size >> 1), col = c * size + (size >> 1);
    return inReach(matchCell(s, row, col));
  };
  const cols = Math.round(360 * CELLS_PER_DEGREE / size);
  const key = (r: number, c: number) => r * cols * 4 + c + cols * 2;
  // (trace() reads keys back the same way)
  const inside = new Set<number>();
  const seen = new Set<number>();
  const queue: number[] = [];
  for (const [r0, c0] of seeds) {
    const r = Math.floor(r0 / size), c = Math.floor(c0 / size);
    const k = key(r, c);
    if (seen.has(k)) continue;
    seen.add(k);
    if (judge(r, c)) {
      inside.add(k);
      queue.push(r, c);
    }
  }
  let evaluated = seen.size;
  while (queue.length) {
    const c = queue.pop()!, r = queue.pop()!;
    for (const [dr, dc] of STEPS) {
      const nr = r + dr, nc = c + dc;
      const k = key(nr, nc);
      if (seen.has(k)) continue;
      seen.add(k);
      if (++evaluated > 8 * CELL_BUDGET) break;
      if (judge(nr, nc)) {
        inside.add(k);
        queue.push(nr, nc);
      }
    }
  }
  return trace(inside, cols, size);
}

const STEPS: readonly [number, number][] = [[1, 0], [-1, 0], [0, 1], [0, -1]];

/**
 * The rings around a set of cells: outer rings counter-clockwise, holes
 * clockwise; diagonal neighbours stay apart.
 */
function trace(inside: Set<number>, cols: number, size: number): Polygon[] {
  const W = cols * 4, OFF = cols * 2;
  const unkey = (k: number): [number, number] => {
    const r = Math.floor(k / W);
    return [r, k - r * W - OFF];
  };
  const has = (r: number, c: number) => inside.has(r * W + c + OFF);
  // Directed boundary edges, keyed by their start corner.
  const out = new Map<string, [number, number][]>();
  const add = (a: [number, number], b: [number, number]) => {
    const k = `${a[0]},${a[1]}`;
    const list = out.get(k);
    if (list) list.push(b);
    else out.set(k, [b]);
  };
  for (const k of inside) {
    const [r, c] = unkey(k);
    if (!has(r - 1, c)) add([r, c], [r, c + 1]);
    if (!has(r, c + 1)) add([r, c + 1], [r + 1, c + 1]);
    if (!has(r + 1, c)) add([r + 1, c + 1], [r + 1, c]);
    if (!has(r, c - 1)) add([r + 1, c], [r, c]);
  }
  const rings: [number, number][][] = [];
  for (const [startKey, ends] of out) {
    while (ends.length) {
      const start = startKey.split(",").map(Number) as [number, number];
      const ring: [number, number][] = [start];
      let prev = start;
      let next = ends.pop()!;
      for (;;) {
        ring.push(next);
        const list = out.get(`${next[0]},${next[1]}`);
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
