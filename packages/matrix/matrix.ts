/**
 * {@linkcode matrix}: HERE Matrix Routing v8, sync and async, split into
 * tiles when a request is larger than one call allows, and results streamed
 * into typed arrays.
 *
 * @module
 */

import type { Client, RequestOptions } from "@ls/core";
import { Deadline, type PollOptions, scrubbing } from "@ls/core/internal";
import {
  type MatrixParams,
  matrixRequest,
  planMatrix,
} from "./build_matrix_request.ts";
import { MatrixRoutingResponse } from "./response.ts";
import { call, type CallResult, type Run } from "./_call.ts";
import { checkMatrixOptions } from "./_options.ts";
import { runTiles } from "./_run_tiles.ts";
import { layoutCalls, planTiles, tileRegion } from "./_tiling.ts";

/** Options of {@linkcode matrix}: the usual request options, plus tiling and polling. */
export interface MatrixOptions extends RequestOptions {
  /**
   * Most tiles in flight at once when a request is split; default 4. The
   * client's `maxConcurrency` bounds requests on top of this.
   */
  concurrency?: number;
  /**
   * The cadence of an async job's status polls (`initialDelayMs`, default
   * 1000; `maxDelayMs`, default 10 000; `minDelayMs`, default 250, at least
   * 10), the same option as tour planning's; progress goes to `onProgress`.
   */
  poll?: PollOptions;
}

/**
 * Calculates a routing matrix: travel times and/or distances from every
 * origin to every destination. Origins and destinations are any points
 * (`[lat, lng]`, `{ lat, lng }`, GeoJSON); without destinations the matrix is origins × origins. The request is the
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
 * kind (`async`, default sync) is one call. A larger one is split into
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
 *   that, or with `async: true`, they are one async job, which takes up
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
 *   origins: [[52.5, 13.4], { lat: 52.52, lng: 13.38 }],
 *   destinations: [{ type: "Point", coordinates: [13.42, 52.53] }],
 *   regionDefinition: new CircleRegion({ center: [52.51, 13.4], radius: 20000 }),
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
  const { plan, concurrency } = scrubbing(client, () => ({
    plan: planMatrix(params),
    concurrency: checkMatrixOptions(options),
  }));
  const { mode, origins, destinations } = plan;
  const n = origins.length;
  const m = (destinations ?? origins).length;
  const layout = layoutCalls(mode, n, m, plan.async);

  if (options.signal?.aborted) throw options.signal.reason;
  const run: Run = {
    client,
    options,
    signal: options.signal,
    deadline: new Deadline(options.deadlineMs),
  };

  if (layout.kind === "single") {
    const spec = matrixRequest(plan, {
      origins,
      destinations,
      region: plan.region,
      async: layout.async,
    });
    const result = await call(run, spec, {
      numOrigins: n,
      numDestinations: m,
    });
    return response(result);
  }
  const merged = await runTiles(run, plan, planTiles(n, m, layout.shapes), {
    region: tileRegion(plan),
    async: layout.async,
    concurrency,
  });
  return response(merged);
}

function response(result: CallResult): MatrixRoutingResponse {
  const { correlationId, requestId } = result;
  return new MatrixRoutingResponse(result.body, { correlationId, requestId });
}
