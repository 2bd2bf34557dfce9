/**
 * {@linkcode matrixRows}: a routing matrix row by row, in memory that does
 * not grow with the matrix.
 *
 * @module
 */

import { type Client, ValueError } from "@ls/core";
import { Deadline, scrubbing } from "@ls/core/internal";
import {
  checkMatrixOptions,
  type MatrixOptions,
  type MatrixParams,
  matrixRequest,
  type Plan,
  planMatrix,
} from "./matrix.ts";
import type { RegionDefinitionJson } from "./regions.ts";
import type { MatrixResultBody } from "./response.ts";
import { ArrayPool } from "./_array_pool.ts";
import { call, type Run } from "./_call.ts";
import { layoutCalls, planTiles, type Tile, tileRegion } from "./_tiling.ts";
import {
  emptyArray,
  NUMERIC_KEYS,
  type NumericKey,
  placeTile,
} from "./_typed_arrays.ts";

/**
 * One row of a routing matrix: the entries from one origin to every
 * destination, in the order of `destinations` (of `origins` for a square
 * matrix). Each array has one entry per destination.
 *
 * The arrays are the row's own (copied out of the block of rows they
 * arrived with, see {@linkcode matrixRows}): keeping a row keeps only it.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { MatrixRow } from "@ls/matrix";
 * const row: MatrixRow = {
 *   origin: 1,
 *   travelTimes: new Float64Array([780, 1410, 640]),
 *   errorCodes: new Uint8Array([0, 3, 0]),
 * };
 * assert.equal(row.travelTimes![2], 640); // origin 1 → destination 2
 * ```
 */
export interface MatrixRow {
  /** Index of the origin in `origins`: the row's index in the matrix. */
  origin: number;
  /** Travel times in seconds (NaN for `null`), when requested. */
  travelTimes?: Float64Array;
  /** Distances in metres (NaN for `null`), when requested. */
  distances?: Float64Array;
  /**
   * Error codes (see `MatrixErrorCode`), present when HERE sent error codes
   * for the block this row came in; absent, every entry of the row is OK.
   */
  errorCodes?: Uint8Array;
}

/** Options of {@linkcode matrixRows}: those of `matrix`, plus the blocks' size. */
export interface MatrixRowsOptions extends MatrixOptions {
  /**
   * Most entries (origins × destinations) of one block of rows; default
   * 500,000, from 10,000 (a row of the widest matrix) to 100,000,000. Each
   * block is computed by its own call (or its own row of tiles), read whole
   * into typed arrays, and yielded row by row.
   */
  blockEntries?: number;
  /**
   * Most blocks downloaded ahead of the one being read; default 2, at
   * least 0. The blocks' arrays take at most (`blocksAhead` + 1) ×
   * `blockEntries` × 17 bytes (two `Float64Array`s and a `Uint8Array`;
   * about 26 MB by default), whatever the size of the matrix, and are
   * reused from block to block. Async jobs further ahead (up to
   * `concurrency` calls in flight) are submitted and polled, and wait for
   * their turn before downloading, holding no memory.
   */
  blocksAhead?: number;
  /**
   * Most calls (a block's async job, or a sync tile) in flight at once;
   * default 4. The client's `maxConcurrency` bounds requests on top of this.
   */
  concurrency?: number;
}

/** Default of {@linkcode MatrixRowsOptions.blockEntries}. */
const DEFAULT_BLOCK_ENTRIES = 500_000;

/** Default of {@linkcode MatrixRowsOptions.blocksAhead}. */
const DEFAULT_BLOCKS_AHEAD = 2;

/** A call of a block: its tile of the matrix. */
interface BlockCall {
  /** The block it belongs to. */
  block: number;
  /** Its origins and destinations. */
  tile: Tile;
}

/** A block of rows: origins `[o0, o1)` × every destination. */
interface Block {
  o0: number;
  o1: number;
  /** Calls not yet merged. */
  pending: number;
  /** The block's arrays, `(o1 - o0) × m`, once calls have arrived. */
  arrays: Partial<Record<NumericKey, Float64Array | Uint8Array>>;
}

/**
 * Calculates a routing matrix like `matrix`, and yields it row by row, in
 * origin order, in memory that does not depend on the size of the matrix:
 * for a 10,000 × 10,000 matrix with travel times and distances, `matrix`
 * holds 1.6 GB of typed arrays; `matrixRows` about 26 MB of blocks and the
 * rows the loop has not let go of yet.
 *
 * **How.** HERE sends a result as one JSON document with each attribute as
 * one flat array: every travel time comes before the first distance, and
 * `errorCodes` may come before or after them (or not at all), so no row is
 * complete until the last of its arrays has been read. Rather than read
 * one document once per attribute (and once more to find the error codes),
 * `matrixRows` asks HERE for blocks of rows: the origins are split into
 * blocks of at most `blockEntries` entries (default 500,000: 50 origins of
 * a 10,000-destination matrix), each block one call with every destination
 * (or one row of sync tiles, where `matrix` would tile), read once and
 * whole through the parser and checks `matrix` uses, and yielded row by
 * row; each row's arrays are copied out, and the block's arrays take the
 * next block's entries. At most `blocksAhead` blocks (default 2) are
 * downloaded ahead of the one being read, so slow reading holds no more;
 * async jobs beyond them (up to `concurrency` calls in flight, default 4)
 * are submitted and polled meanwhile, so that their latency is hidden, and
 * downloaded in their turn.
 *
 * **Cost.** A matrix larger than one block is more calls than `matrix`
 * makes: a 10,000 × 10,000 region or profile matrix is 200 async jobs of
 * 50 × 10,000 instead of one job, each submitted, polled and downloaded
 * (the entries computed and the bytes downloaded are the same). Raise
 * `blockEntries` for fewer calls and `blocksAhead` for more reading ahead,
 * both for more memory; `concurrency` for more jobs in flight. A matrix of
 * at most `blockEntries` entries is exactly the calls `matrix` makes. As with tiles, an `autoCircle` region is
 * sent to every block as one circle covering every origin and destination,
 * so that every block routes in the same region.
 *
 * **Rules.** The parameters are checked as `matrix` checks them, when
 * `matrixRows` is called: a `ValueError` is thrown at once, before any
 * request. Nothing is sent until the first row is asked for.
 * `options.deadlineMs` runs from then and bounds every request of the
 * iteration (the time the loop body takes counts); `options.signal` aborts
 * it. The first failure (an `ApiError`, `TimeoutError` or
 * `ConnectionError`, as `matrix` throws them) ends the iteration: the rows
 * yielded before it stand, no further row follows, and the calls in flight
 * are stopped. Leaving the loop early (`break`, `return`, a throw) stops the
 * calls in flight and releases their connections before the loop exits.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Client } from "@ls/core";
 * import { CircleRegion, matrix, matrixRows, type MatrixParams } from "@ls/matrix";
 * import { SANDBOX_API_KEY, startSandbox } from "@ls/sandbox";
 * await using sandbox = await startSandbox();
 * const client = new Client({ apiKey: SANDBOX_API_KEY, baseUrl: sandbox.url });
 * const params: MatrixParams = {
 *   origins: [{ lat: 52.5, lng: 13.4 }, { lat: 52.52, lng: 13.38 }, { lat: 52.49, lng: 13.35 }],
 *   destinations: [{ lat: 52.53, lng: 13.42 }, { lat: 52.48, lng: 13.45 }],
 *   regionDefinition: new CircleRegion({ center: { lat: 52.51, lng: 13.4 }, radius: 20000 }),
 *   departureTime: "any",
 *   matrixAttributes: ["travelTimes", "distances"],
 * };
 * const whole = await matrix(client, params);
 * let next = 0;
 * for await (const row of matrixRows(client, params)) {
 *   assert.equal(row.origin, next++); // in origin order
 *   assert.equal(row.travelTimes!.length, 2); // one entry per destination
 *   assert.equal(row.distances![1], whole.distance(row.origin, 1));
 * }
 * assert.equal(next, 3);
 * ```
 *
 * @throws {ValueError} at once, for invalid or conflicting parameters or
 * options (see `matrix`; `blockEntries` or `blocksAhead` out of range)
 * @throws {ApiError} while iterating: an unexpected status, a failed job or
 * a malformed result
 * @throws {TimeoutError} while iterating: an attempt or `options.deadlineMs`
 * ran out
 * @throws {ConnectionError} while iterating: no response (or not all of it)
 * arrived
 */
export function matrixRows(
  client: Client,
  params: MatrixParams,
  options: MatrixRowsOptions = {},
): AsyncGenerator<MatrixRow, void, undefined> {
  // Checked before the client sees the call: scrubbed of its credentials.
  const { plan, concurrency, ahead, blockEntries } = scrubbing(
    client,
    () => ({
      plan: planMatrix(params),
      concurrency: checkMatrixOptions(options),
      ...blockOptions(options),
    }),
  );
  const n = plan.origins.length;
  const m = (plan.destinations ?? plan.origins).length;
  const layout = layoutCalls(plan.mode, n, m, plan.async);
  const tiles = planTiles(n, m, layout.shapes, Math.floor(blockEntries / m));
  return rows(client, plan, options, {
    tiles,
    async: layout.async,
    concurrency,
    ahead,
    // One call is sent as `matrix` sends it; several share one region.
    region: tiles.length === 1 ? plan.region : tileRegion(plan),
  });
}

/** `blocksAhead` and `blockEntries`, checked, with their defaults. */
function blockOptions(
  options: MatrixRowsOptions,
): { ahead: number; blockEntries: number } {
  const ahead = options.blocksAhead ?? DEFAULT_BLOCKS_AHEAD;
  if (!Number.isSafeInteger(ahead) || ahead < 0) {
    throw new ValueError(
      "blocksAhead",
      "must be an integer of at least 0",
      ahead,
    );
  }
  const blockEntries = options.blockEntries ?? DEFAULT_BLOCK_ENTRIES;
  if (
    !Number.isSafeInteger(blockEntries) || blockEntries < 10_000 ||
    blockEntries > 100_000_000
  ) {
    throw new ValueError(
      "blockEntries",
      "must be an integer from 10,000 to 100,000,000",
      blockEntries,
    );
  }
  return { ahead, blockEntries };
}

/** How the calls of a `matrixRows` iteration are sent. */
interface Calls {
  /** The tiles, row-major: those of one block are consecutive. */
  tiles: Tile[];
  /** Whether each call is an async job. */
  async: boolean;
  /** Most calls in flight. */
  concurrency: number;
  /** Most blocks downloaded ahead of the one being read. */
  ahead: number;
  /** The region every call is sent with. */
  region: RegionDefinitionJson;
}

async function* rows(
  client: Client,
  plan: Plan,
  options: MatrixRowsOptions,
  { tiles, async, concurrency, ahead, region }: Calls,
): AsyncGenerator<MatrixRow, void, undefined> {
  const { signal: outer } = options;
  if (outer?.aborted) throw outer.reason;
  const m = (plan.destinations ?? plan.origins).length;

  // Blocks: consecutive tiles of the same origins.
  const blocks: (Block | undefined)[] = [];
  const calls: BlockCall[] = [];
  for (const tile of tiles) {
    const last = blocks.at(-1);
    if (last && last.o0 === tile.o0) last.pending++;
    else blocks.push({ o0: tile.o0, o1: tile.o1, pending: 1, arrays: {} });
    calls.push({ block: blocks.length - 1, tile });
  }

  const internal = new AbortController();
  const signal = outer
    ? AbortSignal.any([outer, internal.signal])
    : internal.signal;
  // Arrays of finished blocks are the next blocks' (rows are copies). Up to
  // `ahead + 1` blocks are in use at once, each with two Float64Arrays of
  // the same length (travel times and distances) and a Uint8Array: the pool
  // keeps as many, so that every block after the first few reuses arrays.
  const arrays = new ArrayPool({
    float64: 2 * (ahead + 1),
    uint8: ahead + 1,
  });
  const run: Run = {
    client,
    options,
    signal,
    deadline: new Deadline(options.deadlineMs),
    arrays,
  };
  const single = tiles.length === 1;
  let failure: { error: unknown } | undefined;
  let stopped = false;
  let reading = 0; // the block being read
  let next = 0; // the next call to start

  // Workers and the reader wait for each other through one list of wakers.
  let wakers: (() => void)[] = [];
  const changed = () => new Promise<void>((resolve) => wakers.push(resolve));
  const wake = () => {
    const list = wakers;
    wakers = [];
    for (const resolve of list) resolve();
  };
  /** Whether block `b` may be downloaded (or a sync call for it sent). */
  const inWindow = (b: number) => b <= reading + ahead;
  /** Waits until block `b` may be downloaded, or `signal` aborts. */
  const downloadTurn = async (b: number, signal?: AbortSignal) => {
    while (!inWindow(b)) {
      signal?.throwIfAborted();
      await new Promise<void>((resolve, reject) => {
        const onAbort = () => reject(signal!.reason);
        signal?.addEventListener("abort", onAbort, { once: true });
        wakers.push(() => {
          signal?.removeEventListener("abort", onAbort);
          resolve();
        });
      });
    }
  };

  const worker = async () => {
    while (!stopped && !failure && next < calls.length) {
      const { block: b, tile } = calls[next];
      if (!async && !inWindow(b)) {
        // A sync call is its download: wait until the reader moves on.
        await changed();
        continue;
      }
      next++;
      try {
        const spec = matrixRequest(plan, {
          tile: single ? undefined : tile,
          region,
          async,
        });
        // An async job is submitted and polled at once, and downloaded in
        // its turn.
        const result = await call(
          {
            ...run,
            beforeDownload: async
              ? (signal) => downloadTurn(b, signal)
              : undefined,
          },
          spec,
          {
            numOrigins: tile.o1 - tile.o0,
            numDestinations: tile.d1 - tile.d0,
          },
        );
        if (!stopped) merge(blocks[b]!, tile, result.body.matrix, m, arrays);
      } catch (error) {
        if (!failure && !stopped) {
          failure = { error };
          internal.abort(error);
        }
      }
      wake();
    }
  };
  const workers = Array.from(
    { length: Math.min(concurrency, calls.length) },
    worker,
  );

  const check = () => {
    if (outer?.aborted) throw outer.reason;
    if (failure) throw failure.error;
  };
  // The block being read; let go of once read, before waiting for the next.
  let current: Block | undefined;
  try {
    for (let b = 0; b < blocks.length; b++) {
      reading = b;
      wake();
      while (blocks[b]!.pending > 0) {
        check();
        await changed();
      }
      current = blocks[b]!;
      blocks[b] = undefined;
      for (let i = current.o0; i < current.o1; i++) {
        check();
        yield rowOf(current, i, m);
      }
      for (const key of NUMERIC_KEYS) {
        const array = current.arrays[key];
        if (array) arrays.release(array);
      }
      current = undefined;
    }
  } finally {
    // Done, failed, or left early: stop what is in flight, and return only
    // once every worker has (their connections released).
    stopped = true;
    if (!internal.signal.aborted) {
      internal.abort(new DOMException("The rows were not read", "AbortError"));
    }
    wake();
    await Promise.all(workers);
  }
}

/** Row `i` of a block, its arrays copied out of the block's. */
function rowOf(block: Block, i: number, m: number): MatrixRow {
  const from = (i - block.o0) * m;
  const { travelTimes: tt, distances: ds, errorCodes: ec } = block.arrays;
  const row: MatrixRow = { origin: i };
  if (tt) row.travelTimes = tt.slice(from, from + m) as Float64Array;
  if (ds) row.distances = ds.slice(from, from + m) as Float64Array;
  if (ec) row.errorCodes = ec.slice(from, from + m) as Uint8Array;
  return row;
}

/** Puts a call's arrays into its block's, at the tile's place. */
function merge(
  block: Block,
  tile: Tile,
  matrix: MatrixResultBody["matrix"],
  m: number,
  arrays: ArrayPool,
): void {
  const whole = tile.d0 === 0 && tile.d1 === m;
  const height = block.o1 - block.o0;
  for (const key of NUMERIC_KEYS) {
    const part = matrix[key];
    if (!part) continue;
    if (whole) {
      // One call makes the whole block: its arrays are the block's.
      block.arrays[key] = part;
      continue;
    }
    const target = block.arrays[key] ??= emptyArray(key, height * m, arrays);
    placeTile(target, part, {
      rows: tile.o1 - tile.o0,
      width: tile.d1 - tile.d0,
      at: (tile.o0 - block.o0) * m + tile.d0,
      stride: m,
    });
    arrays.release(part);
  }
  block.pending--;
}
