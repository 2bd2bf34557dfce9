// Size limits per mode (wire matrix.md §4), how a matrix is laid out in
// calls (one, or tiles that each fit one call), and the region the tiles are
// sent with.

import { type LatLngObject, ValueError } from "@ls/core";
import type { RegionDefinitionJson } from "./regions.ts";
import { coveringCircle } from "./_covering_circle.ts";

/** Matrix Routing's three modes. */
export type Mode = "flexible" | "region" | "profile";

/** A call shape: at most `[origins, destinations]`. */
export type Shape = readonly [maxOrigins: number, maxDestinations: number];

/** The shapes one call may take, per mode, sync and async. */
export const LIMITS: Readonly<
  Record<Mode, { sync: readonly Shape[]; async: readonly Shape[] }>
> = {
  flexible: { sync: [[15, 100], [100, 1]], async: [[15, 100], [100, 1]] },
  region: { sync: [[500, 500]], async: [[10_000, 10_000]] },
  profile: {
    sync: [[500, 500], [1, 2000], [2000, 1]],
    async: [[10_000, 10_000]],
  },
};

/** Largest origin or destination count of any request. */
export const MAX_POINTS = 10_000;

/**
 * Beyond this many sync tiles, a region or profile request becomes one async
 * job instead (e.g. region 2,000 × 2,000 is 16 sync calls; 2,001 × 2,001 is
 * one async job).
 */
export const MAX_SYNC_TILES = 16;

/**
 * The most calls a flexible-mode request is split into (15 × 100 each, so
 * about 1.5 million entries); beyond it, a region or a profile is the tool.
 */
export const MAX_FLEXIBLE_TILES = 1000;

/** Origins `[o0, o1)` × destinations `[d0, d1)`. */
export interface Tile {
  o0: number;
  o1: number;
  d0: number;
  d1: number;
}

/** True when `n × m` fits one call of one of the shapes. */
export function fits(n: number, m: number, shapes: readonly Shape[]): boolean {
  return shapes.some(([a, b]) => n <= a && m <= b);
}

/** Calls needed for `n × m` with one shape. */
function countFor(n: number, m: number, [a, b]: Shape): number {
  return Math.ceil(n / a) * Math.ceil(m / b);
}

/** The shape needing the fewest calls (the first listed on a tie). */
function bestShape(n: number, m: number, shapes: readonly Shape[]): Shape {
  let best = shapes[0];
  for (const s of shapes) {
    if (countFor(n, m, s) < countFor(n, m, best)) best = s;
  }
  return best;
}

/** Calls the best shape needs for `n × m`. */
export function tileCount(
  n: number,
  m: number,
  shapes: readonly Shape[],
): number {
  return countFor(n, m, bestShape(n, m, shapes));
}

/**
 * Splits `n × m` into row-major tiles of the best shape, at most `maxRows`
 * origins high: full tiles first, the remainder in the last row and column
 * of tiles.
 */
export function planTiles(
  n: number,
  m: number,
  shapes: readonly Shape[],
  maxRows = Infinity,
): Tile[] {
  const [shapeRows, b] = bestShape(n, m, shapes);
  const a = Math.max(1, Math.min(shapeRows, maxRows));
  const tiles: Tile[] = [];
  for (let o0 = 0; o0 < n; o0 += a) {
    for (let d0 = 0; d0 < m; d0 += b) {
      tiles.push({ o0, o1: Math.min(n, o0 + a), d0, d1: Math.min(m, d0 + b) });
    }
  }
  return tiles;
}

/**
 * How a matrix is sent: one call (sync or async), or tiles of the given
 * shapes, each one call.
 */
export type Layout =
  | { kind: "single"; async: boolean; shapes: readonly Shape[] }
  | { kind: "tiles"; async: boolean; shapes: readonly Shape[] };

/**
 * The calls `n × m` takes in `mode`, as `matrix` sends it: one call of the
 * kind asked for when it fits; in flexible mode, tiles of the kind asked for
 * (at most {@linkcode MAX_FLEXIBLE_TILES}); in region and profile mode, sync
 * tiles when at most {@linkcode MAX_SYNC_TILES} do and no async job was
 * asked for, else one async job.
 *
 * @throws {ValueError} for a flexible request needing more than
 * {@linkcode MAX_FLEXIBLE_TILES} calls
 */
export function layoutCalls(
  mode: Mode,
  n: number,
  m: number,
  async: boolean,
): Layout {
  const limits = LIMITS[mode];
  if (fits(n, m, async ? limits.async : limits.sync)) {
    return {
      kind: "single",
      async,
      shapes: async ? limits.async : limits.sync,
    };
  }
  if (mode === "flexible") {
    const count = tileCount(n, m, limits.sync);
    if (count > MAX_FLEXIBLE_TILES) {
      throw new ValueError(
        "regionDefinition",
        `a world region without profile (flexible mode) allows 15 × 100 or 100 × 1 per call, and ${n} × ${m} would need ${count} calls (at most ${MAX_FLEXIBLE_TILES}); use a region (≤ 400 km) or a profile, which allow 10,000 × 10,000 in one async job`,
        { type: "world" },
      );
    }
    return { kind: "tiles", async, shapes: limits.sync };
  }
  if (!async && tileCount(n, m, limits.sync) <= MAX_SYNC_TILES) {
    return { kind: "tiles", async: false, shapes: limits.sync };
  }
  return { kind: "single", async: true, shapes: limits.async };
}

/** The points of a request and the region they lie in. */
export interface PlacedPoints {
  /** The region, as HERE's JSON. */
  region: RegionDefinitionJson;
  /** The origins. */
  origins: readonly LatLngObject[];
  /** The destinations; undefined for origins × origins. */
  destinations?: readonly LatLngObject[];
}

/**
 * The region every tile is sent with: an `autoCircle` becomes one circle
 * covering every origin and destination plus its margin, so that every
 * tile routes in the same region.
 */
export function tileRegion(
  { region, origins, destinations }: PlacedPoints,
): RegionDefinitionJson {
  if (region.type !== "autoCircle") return region;
  return coveringCircle(
    destinations ? [...origins, ...destinations] : origins,
    region.margin ?? 0,
  );
}
