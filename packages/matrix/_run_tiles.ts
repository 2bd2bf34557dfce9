// Running a tiled matrix: the tiles' calls in a small worker pool, merged
// into full-size arrays laid out exactly as one call's result.

import { matrixRequest, type Plan } from "./build_matrix_request.ts";
import type { RegionDefinitionJson } from "./regions.ts";
import type { MatrixResultBody } from "./response.ts";
import { call, type CallResult, type Run } from "./_call.ts";
import type { Tile } from "./_tiling.ts";

/** How the tiles of one request are sent. */
export interface TileRun {
  /** The region every tile is sent with. */
  region: RegionDefinitionJson;
  /** Whether each tile is an async job. */
  async: boolean;
  /** Most tiles in flight at once. */
  concurrency: number;
}

type TypedKey = "travelTimes" | "distances" | "errorCodes";

const TYPED_KEYS: readonly TypedKey[] = [
  "travelTimes",
  "distances",
  "errorCodes",
];

/**
 * Runs the tiles with a small worker pool and merges them into full-size
 * arrays at `k = m * i + j`. The first failure aborts the tiles in flight,
 * starts no others, and is thrown once every worker has stopped. `matrixId`,
 * `regionDefinition` and the tracing ids are the first tile's.
 */
export async function runTiles(
  run: Run,
  plan: Plan,
  tiles: Tile[],
  { region, async, concurrency }: TileRun,
): Promise<CallResult> {
  const n = plan.origins.length;
  const m = (plan.destinations ?? plan.origins).length;
  const internal = new AbortController();
  const signal = run.signal
    ? AbortSignal.any([run.signal, internal.signal])
    : internal.signal;
  const tileRun: Run = { ...run, signal };
  const arrays: Partial<Record<TypedKey, Float64Array | Uint8Array>> = {};
  let first: CallResult | undefined;
  let failure: { error: unknown } | undefined;
  let next = 0;

  const merge = (tile: Tile, body: MatrixResultBody) => {
    const width = tile.d1 - tile.d0;
    for (const key of TYPED_KEYS) {
      const part = body.matrix[key];
      if (!part) continue;
      let target = arrays[key];
      if (!target) {
        target = key === "errorCodes"
          ? new Uint8Array(n * m)
          : new Float64Array(n * m).fill(NaN);
        arrays[key] = target;
      }
      for (let r = 0; r < tile.o1 - tile.o0; r++) {
        target.set(
          part.subarray(r * width, (r + 1) * width),
          (tile.o0 + r) * m + tile.d0,
        );
      }
    }
  };

  const worker = async () => {
    while (!failure && next < tiles.length) {
      const index = next++;
      const tile = tiles[index];
      const origins = plan.origins.slice(tile.o0, tile.o1);
      const destinations = (plan.destinations ?? plan.origins).slice(
        tile.d0,
        tile.d1,
      );
      try {
        const result = await call(
          tileRun,
          matrixRequest(plan, { origins, destinations, region, async }),
          { numOrigins: origins.length, numDestinations: destinations.length },
        );
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
  arrays: Partial<Record<TypedKey, Float64Array | Uint8Array>>,
  n: number,
  m: number,
): MatrixResultBody {
  const matrix: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(head.matrix)) {
    matrix[key] = value;
  }
  matrix.numOrigins = n;
  matrix.numDestinations = m;
  for (const key of TYPED_KEYS) {
    if (arrays[key]) matrix[key] = arrays[key];
    else delete matrix[key];
  }
  const body: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(head)) {
    body[key] = key === "matrix" ? matrix : value;
  }
  return body as unknown as MatrixResultBody;
}
