// Running a tiled matrix: the tiles' calls in a small worker pool, merged
// into full-size arrays laid out exactly as one call's result.

import type { RequestSpec } from "@ls/core";
import type { MatrixResultBody } from "./response.ts";
import { call, type CallResult, type Run } from "./_call.ts";
import type { Tile } from "./_tiling.ts";
import {
  emptyArray,
  NUMERIC_KEYS,
  type NumericKey,
  placeTile,
} from "./_typed_arrays.ts";

/** How the tiles of one request are sent. */
export interface TileRun {
  /** Origins of the whole matrix. */
  numOrigins: number;
  /** Destinations of the whole matrix. */
  numDestinations: number;
  /** Most tiles in flight at once. */
  concurrency: number;
  /** The request of one tile. */
  request(tile: Tile): RequestSpec;
}

/**
 * Runs the tiles with a small worker pool and merges them into full-size
 * arrays at `k = m * i + j`. The first failure aborts the tiles in flight,
 * starts no others, and is thrown once every worker has stopped. `matrixId`,
 * `regionDefinition` and the tracing ids are the first tile's.
 */
export async function runTiles(
  run: Run,
  tiles: Tile[],
  { numOrigins: n, numDestinations: m, concurrency, request }: TileRun,
): Promise<CallResult> {
  const internal = new AbortController();
  const signal = run.signal
    ? AbortSignal.any([run.signal, internal.signal])
    : internal.signal;
  const tileRun: Run = { ...run, signal };
  const arrays: Partial<Record<NumericKey, Float64Array | Uint8Array>> = {};
  let first: CallResult | undefined;
  let failure: { error: unknown } | undefined;
  let next = 0;

  const merge = (tile: Tile, body: MatrixResultBody) => {
    for (const key of NUMERIC_KEYS) {
      const part = body.matrix[key];
      if (!part) continue;
      const target = arrays[key] ??= emptyArray(key, n * m);
      placeTile(target, part, {
        rows: tile.o1 - tile.o0,
        width: tile.d1 - tile.d0,
        at: tile.o0 * m + tile.d0,
        stride: m,
      });
    }
  };

  const worker = async () => {
    while (!failure && next < tiles.length) {
      const index = next++;
      const tile = tiles[index];
      try {
        const result = await call(tileRun, request(tile), {
          numOrigins: tile.o1 - tile.o0,
          numDestinations: tile.d1 - tile.d0,
        });
        merge(tile, result.body);
        if (index === 0) first = result;
      } catch (error) {
        if (!failure) {
          failure = { error };
          internal.abort(error);
        }
      }
    }
  };
  const workers = Math.min(concurrency, tiles.length);
  await Promise.all(Array.from({ length: workers }, worker));
  if (failure) {
    if (run.signal?.aborted) throw run.signal.reason;
    throw failure.error;
  }
  return { ...first!, body: mergedBody(first!.body, arrays, n, m) };
}

/** The first tile's body with the merged arrays and the full dimensions. */
function mergedBody(
  head: MatrixResultBody,
  arrays: Partial<Record<NumericKey, Float64Array | Uint8Array>>,
  n: number,
  m: number,
): MatrixResultBody {
  const matrix: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(head.matrix)) {
    matrix[key] = value;
  }
  matrix.numOrigins = n;
  matrix.numDestinations = m;
  for (const key of NUMERIC_KEYS) {
    if (arrays[key]) matrix[key] = arrays[key];
    else delete matrix[key];
  }
  const body: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(head)) {
    body[key] = key === "matrix" ? matrix : value;
  }
  return body as unknown as MatrixResultBody;
}
