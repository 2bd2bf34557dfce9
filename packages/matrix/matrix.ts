/**
 * {@linkcode matrix}: HERE Matrix Routing v8, sync and async, split into
 * tiles when a request is larger than one call allows, and results streamed
 * into typed arrays.
 *
 * @module
 */

import { type Client, type RequestOptions, ValueError } from "@ls/core";
import {
  checkPollTiming,
  checkRequestOptions,
  Deadline,
} from "@ls/core/internal";
import {
  type MatrixParams,
  matrixRequest,
  type Plan,
  planMatrix,
} from "./build_matrix_request.ts";
import type { RegionDefinition } from "./regions.ts";
import { MatrixRoutingResponse } from "./response.ts";
import { call, type CallResult, type Run } from "./_call.ts";
import { runTiles } from "./_run_tiles.ts";
import {
  fits,
  LIMITS,
  MAX_FLEXIBLE_TILES,
  MAX_SYNC_TILES,
  planTiles,
  type Tile,
  tileCount,
} from "./_tiling.ts";
import { coveringCircle } from "./_covering_circle.ts";

/** Options of {@linkcode matrix}: the usual request options, plus tiling and polling. */
export interface MatrixOptions extends RequestOptions {
  /**
   * Most tiles in flight at once when a request is split; default 4. The
   * client's `maxConcurrency` bounds requests on top of this.
   */
  concurrency?: number;
  /** Delay before the first status poll of an async job, in ms; default 1000. */
  pollInitialDelayMs?: number;
  /** Longest delay between status polls, in ms; default 10 000. */
  pollMaxDelayMs?: number;
  /**
   * Shortest delay between status polls, in ms, whatever `Retry-After`
   * says; default 250, at least 10.
   */
  pollMinDelayMs?: number;
}

/**
 * Calculates a routing matrix: travel times and/or distances from every
 * origin to every destination. Origins and destinations are `{ lat, lng }`;
 * without destinations the matrix is origins × origins. The request is the
 * one {@linkcode buildMatrixRequest} builds (see there for every rule the
 * parameters are checked against before anything is sent).
 *
 * **Modes and limits**, chosen by the region:
 *
 * | Mode | Region | Per sync call | Per async call |
 * |---|---|---|---|
 * | flexible | `world`, no `profile` | 15 × 100 or 100 × 1 | the same |
 * | region | circle, box, polygon, autoCircle (≤ 400 km) | 500 × 500 | 10,000 × 10,000 |
 * | profile | `world` with a `profile` | 500 × 500, 1 × 2000, 2000 × 1 | 10,000 × 10,000 |
 *
 * **Sync or async, and tiling.** A request that fits one call of the chosen
 * kind (`asyncReq`, default sync) is one call. A larger one is split into
 * tiles, each within the limits (the shape needing the fewest calls wins),
 * run at most `options.concurrency` (default 4) at a time, and merged into
 * one response laid out exactly as a single call's: entry (i, j) at
 * `k = numDestinations * i + j`, `errorCodes` present when any tile had
 * them, `matrixId` and `regionDefinition` from the first tile.
 *
 * - flexible mode is tiled in sync and async alike (its limits are the same),
 *   up to 1,000 calls (about 1.5 million entries); larger is a `ValueError`
 *   pointing to a region or a profile;
 * - region and profile requests beyond the sync limits are tiled into sync
 *   calls when that takes at most 16 calls (region 2,000 × 2,000); beyond
 *   that, or with `asyncReq: true`, they are one async job, which takes up
 *   to 10,000 × 10,000;
 * - a tiled `autoCircle` request is sent as one explicit `circle` covering
 *   every origin and destination plus the margin (computed here: the
 *   smallest enclosing circle), so every tile routes in the same region and
 *   the merged `regionDefinition` holds for every point.
 *
 * **Async jobs**: `POST /v8/matrix?async=true` → 202 with `statusUrl` →
 * status polls with growing intervals (reported through
 * `options.onProgress`) → 303 with `resultUrl` → download, following
 * redirects by hand so credentials never reach a non-HERE host. A job that
 * fails is an `ApiError` carrying HERE's error; `options.deadlineMs` bounds
 * the whole operation and `options.signal` aborts it. A sync call answered
 * with 202 continues the same way.
 *
 * **Results** are parsed from the byte stream straight into typed arrays,
 * never as one string, so a 10,000 × 10,000 result (about 1.2 GB of JSON with
 * both attributes) can be read; its two `Float64Array`s take 1.6 GB.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Client } from "@ls/core";
 * import { CircleRegion, matrix } from "@ls/matrix";
 * import { SANDBOX_API_KEY, startSandbox } from "@ls/sandbox";
 * await using sandbox = await startSandbox();
 * const client = new Client({ apiKey: SANDBOX_API_KEY, baseUrl: sandbox.url });
 * const res = await matrix(client, {
 *   origins: [{ lat: 52.5, lng: 13.4 }, { lat: 52.52, lng: 13.38 }],
 *   destinations: [{ lat: 52.53, lng: 13.42 }],
 *   regionDefinition: new CircleRegion({ center: { lat: 52.51, lng: 13.4 }, radius: 20000 }),
 *   departureTime: "any",
 *   matrixAttributes: ["travelTimes", "distances"],
 * });
 * assert.equal(res.matrix.numOrigins, 2);
 * assert.ok(res.travelTime(1, 0)! > 0); // seconds from origin 1 to destination 0
 * assert.ok(res.matrix.distances instanceof Float64Array);
 * ```
 *
 * @throws {ValueError} for invalid or conflicting parameters or options,
 * before any request
 * @throws {ApiError} for an unexpected status, a failed job or a malformed result
 * @throws {TimeoutError} when an attempt or `options.deadlineMs` runs out
 * @throws {ConnectionError} when no response (or not all of it) arrived
 */
export async function matrix(
  client: Client,
  params: MatrixParams,
  options: MatrixOptions = {},
): Promise<MatrixRoutingResponse> {
  const plan = planMatrix(params);
  const concurrency = checkOptions(options);
  const { mode, origins, destinations, asyncReq } = plan;
  const n = origins.length;
  const m = (destinations ?? origins).length;
  const limits = LIMITS[mode];

  let tiles: Tile[] | undefined;
  let tileAsync = asyncReq;
  let single: boolean | undefined; // async flag of a single call
  if (fits(n, m, asyncReq ? limits.async : limits.sync)) single = asyncReq;
  else if (mode === "flexible") {
    const count = tileCount(n, m, limits.sync);
    if (count > MAX_FLEXIBLE_TILES) {
      throw new ValueError(
        "regionDefinition",
        `a world region without profile (flexible mode) allows 15 × 100 or 100 × 1 per call, and ${n} × ${m} would need ${count} calls (at most ${MAX_FLEXIBLE_TILES}); use a region (≤ 400 km) or a profile, which allow 10,000 × 10,000 in one async job`,
        { type: "world" },
      );
    }
    tiles = planTiles(n, m, limits.sync);
  } else if (!asyncReq && tileCount(n, m, limits.sync) <= MAX_SYNC_TILES) {
    tiles = planTiles(n, m, limits.sync);
    tileAsync = false;
  } else single = true;

  if (options.signal?.aborted) throw options.signal.reason;
  const run: Run = {
    client,
    options,
    signal: options.signal,
    deadline: new Deadline(options.deadlineMs),
  };

  if (single !== undefined) {
    const spec = matrixRequest(plan, {
      origins,
      destinations,
      region: plan.region,
      async: single,
    });
    const result = await call(run, spec, {
      numOrigins: n,
      numDestinations: m,
    });
    return response(result);
  }
  const merged = await runTiles(run, plan, tiles!, {
    region: tileRegion(plan),
    async: tileAsync,
    concurrency,
  });
  return response(merged);
}

/** Checks the options before any request; returns the concurrency. */
function checkOptions(options: MatrixOptions): number {
  checkRequestOptions(options);
  checkPollTiming(
    {
      initialDelayMs: options.pollInitialDelayMs,
      maxDelayMs: options.pollMaxDelayMs,
      minDelayMs: options.pollMinDelayMs,
    },
    "",
    {
      initialDelayMs: "pollInitialDelayMs",
      maxDelayMs: "pollMaxDelayMs",
      minDelayMs: "pollMinDelayMs",
    },
  );
  const concurrency = options.concurrency ?? 4;
  if (!Number.isSafeInteger(concurrency) || concurrency < 1) {
    throw new ValueError(
      "concurrency",
      "must be a positive integer",
      concurrency,
    );
  }
  return concurrency;
}

/**
 * The region every tile is sent with: an `autoCircle` becomes one circle
 * covering every origin and destination plus its margin.
 */
function tileRegion(plan: Plan): RegionDefinition {
  const { region, origins, destinations } = plan;
  if (region.type !== "autoCircle") return region;
  return coveringCircle(
    destinations ? [...origins, ...destinations] : origins,
    region.margin ?? 0,
  );
}

function response(result: CallResult): MatrixRoutingResponse {
  const { correlationId, requestId } = result;
  return new MatrixRoutingResponse(result.body, { correlationId, requestId });
}
