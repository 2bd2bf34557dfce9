// Size limits per mode (wire matrix.md §4) and splitting a matrix into tiles
// that each fit one call.

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
 * Splits `n × m` into row-major tiles of the best shape: full tiles first,
 * the remainder in the last row and column of tiles.
 */
export function planTiles(
  n: number,
  m: number,
  shapes: readonly Shape[],
): Tile[] {
  const [a, b] = bestShape(n, m, shapes);
  const tiles: Tile[] = [];
  for (let o0 = 0; o0 < n; o0 += a) {
    for (let d0 = 0; d0 < m; d0 += b) {
      tiles.push({ o0, o1: Math.min(n, o0 + a), d0, d1: Math.min(m, d0 + b) });
    }
  }
  return tiles;
}
