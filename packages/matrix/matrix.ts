/**
 * {@linkcode matrix}: HERE Matrix Routing v8, sync and async, split into
 * tiles when a request is larger than one call allows, and results streamed
 * into typed arrays; {@linkcode buildMatrixRequest}: its parameters,
 * validated, as the `POST /v8/matrix` request that computes it in one call.
 *
 * @module
 */

import {
  type AvoidBoundingBox,
  type Client,
  type LatLngLike,
  type LatLngObject,
  Query,
  type RequestOptions,
  type RequestSpec,
  type Truck,
  ValueError,
} from "@ls/core";
import {
  checkKeys,
  checkParams,
  checkPollOptions,
  checkRequestOptions,
  Deadline,
  describe,
  formatDateTime,
  type PollOptions,
  requestHeaders,
  scrubbing,
  truckToJson,
} from "@ls/core/internal";
import type {
  MatrixAttribute,
  MatrixAvoidFeature,
  MatrixProfile,
  MatrixRoutingMode,
  MatrixTransportMode,
} from "./constants.ts";
import {
  type RegionDefinition,
  type RegionDefinitionJson,
  regionToJson,
} from "./regions.ts";
import { MatrixRoutingResponse } from "./response.ts";
import { call, type CallResult, type Run } from "./_call.ts";
import {
  avoidValue,
  definedFields,
  matrixAttributesValue,
  namedValue,
  pointsValue,
} from "./_params.ts";
import { runTiles } from "./_run_tiles.ts";
import {
  layoutCalls,
  type Mode,
  planTiles,
  type Tile,
  tileRegion,
} from "./_tiling.ts";

/** Parameters of `matrix` and {@linkcode buildMatrixRequest}. */
export interface MatrixParams {
  /**
   * Origins, 1 to 10,000 points: `[lat, lng]`, `{ lat, lng }` (any
   * `position` a response returns), a GeoJSON `Point` or `Feature`. Sent as
   * `{ lat, lng }`.
   */
  origins: readonly LatLngLike[];
  /** The region every origin and destination lies in. */
  regionDefinition: RegionDefinition;
  /**
   * Run as an async job (submit, poll, download): HERE's `async` query
   * parameter, the seed's `async_req`. Default `false`; a request too
   * large for sync calls may switch to async by itself (see `matrix`). The
   * polls' cadence is `options.poll`.
   */
  async?: boolean;
  /** Destinations, 1 to 10,000 points; omitted, the matrix is origins × origins. */
  destinations?: readonly LatLngLike[];
  /** A profile (`carFast`, ...): only with a world region, and no custom options. */
  profile?: MatrixProfile;
  /** A `Date` (sent with its offset), an RFC 3339 string, or `"any"` (no traffic). */
  departureTime?: Date | string;
  /** `"fast"` or `"short"`. */
  routingMode?: MatrixRoutingMode;
  /** `"car"`, `"truck"`, `"pedestrian"`, `"bicycle"`, `"scooter"`, `"bus"`, `"privateBus"` or `"taxi"`. */
  transportMode?: MatrixTransportMode;
  /** Features to avoid; sent as `avoid.features` whether or not areas are given. */
  avoidFeatures?: readonly MatrixAvoidFeature[];
  /** Bounding boxes to avoid; sent as `avoid.areas` whether or not features are given. */
  avoidAreas?: readonly AvoidBoundingBox[];
  /** Truck options; only with `transportMode: "truck"`. */
  truck?: Truck;
  /**
   * `travelTimes` and/or `distances`. Omitted, nothing is sent and HERE's
   * default applies (which is not documented reliably): pass it.
   */
  matrixAttributes?: readonly MatrixAttribute[];
}

/** Options a profile does not take (profiles imply `departureTime: "any"`). */
const CUSTOM_OPTIONS = [
  "departureTime",
  "routingMode",
  "transportMode",
  "avoidFeatures",
  "avoidAreas",
  "truck",
] as const satisfies readonly (keyof MatrixParams)[];

const MATRIX_KEYS = [
  "origins",
  "regionDefinition",
  "async",
  "destinations",
  "profile",
  ...CUSTOM_OPTIONS,
  "matrixAttributes",
] as const satisfies readonly (keyof MatrixParams)[];

// A parameter added to MatrixParams but not to MATRIX_KEYS fails to compile.
type Unlisted = Exclude<keyof MatrixParams, (typeof MATRIX_KEYS)[number]>;
const _allListed: [Unlisted] extends [never] ? true : false = true;

/**
 * The names HERE's Matrix Routing API (and the seed's client) gives
 * parameters that `matrix` names otherwise, mapped to ours: an unknown-key
 * error for one of them names our parameter. HERE's `avoid` object is
 * `avoidFeatures` and `avoidAreas` here; the seed's async switch
 * (`async_req`, camelCased `asyncReq`) and tour planning's old one
 * (`isAsync`) are `async`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { buildMatrixRequest, MATRIX_WIRE_NAMES, WorldRegion } from "@ls/matrix";
 * assert.equal(MATRIX_WIRE_NAMES.asyncReq, "async");
 * assert.throws(
 *   () => buildMatrixRequest({ origins: [[52.5, 13.4]], regionDefinition: new WorldRegion(), asyncReq: true } as never),
 *   /asyncReq: is not a parameter of matrix.*"async"/,
 * );
 * ```
 */
export const MATRIX_WIRE_NAMES: Readonly<Record<string, string>> = {
  async_req: "async",
  asyncReq: "async",
  is_async: "async",
  isAsync: "async",
  avoid: "avoidFeatures",
};

/** Validated parameters, ready to be sent whole or split into tiles. */
export interface Plan {
  /** Matrix Routing's mode, which sets the size limits of a call. */
  mode: Mode;
  /** The origins, as `{ lat, lng }` copies. */
  origins: LatLngObject[];
  /** The destinations; undefined for origins × origins. */
  destinations?: LatLngObject[];
  /** The region, as HERE's JSON. */
  region: RegionDefinitionJson;
  /** Everything after `regionDefinition`, in the order HERE lists it. */
  rest: Record<string, unknown>;
  /** Whether the caller asked for an async job. */
  async: boolean;
}

/** One call's part of a plan: its points, its region and how it runs. */
export interface CallPart {
  /**
   * The origins and destinations of the call; without it, the whole plan
   * (destinations omitted for origins × origins).
   */
  tile?: Tile;
  /** The region sent. */
  region: RegionDefinitionJson;
  /** Whether the call is an async job. */
  async: boolean;
}

/**
 * The request that computes the matrix of `params` in one call:
 * `POST /v8/matrix?async=<async>` on the matrix host, with the origins and
 * the destinations as `{ lat, lng }` (destinations omitted for origins ×
 * origins), the region as HERE's
 * JSON (an `autoCircle` with its margin) and the options in HERE's order.
 * It is what `matrix` sends when the matrix fits one call; a larger one
 * `matrix` splits into tiles of this request, or sends as one async job.
 * Pass it to `client.request` for the raw response.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { buildMatrixRequest, WorldRegion } from "@ls/matrix";
 * const spec = buildMatrixRequest({
 *   origins: [[52.5, 13.4]],
 *   destinations: [{ lat: 52.52, lng: 13.38 }],
 *   regionDefinition: new WorldRegion(),
 *   matrixAttributes: ["travelTimes"],
 * });
 * assert.equal(spec.path, "/v8/matrix");
 * assert.equal(spec.query?.toString(), "async=false");
 * assert.deepEqual(spec.body, {
 *   origins: [{ lat: 52.5, lng: 13.4 }],
 *   destinations: [{ lat: 52.52, lng: 13.38 }],
 *   regionDefinition: { type: "world" },
 *   matrixAttributes: ["travelTimes"],
 * });
 * ```
 *
 * @throws {ValueError} for an unknown parameter; `profile` with a region
 * that is not `world` or with a custom option (`departureTime`,
 * `routingMode`, `transportMode`, `avoidFeatures`, `avoidAreas`, `truck`);
 * `truck` without `transportMode: "truck"`; origins or destinations that are
 * not 1 to 10,000 valid points; an invalid region, date-time, avoid area
 * or truck; a `profile`, `routingMode`, `transportMode`, avoid feature or
 * matrix attribute outside its set (the message lists the allowed values)
 */
export function buildMatrixRequest(params: MatrixParams): RequestSpec {
  const plan = planMatrix(params);
  // The whole plan in one call, with its own region and mode.
  return matrixRequest(plan, plan);
}

/** The request of one call of a plan. */
export function matrixRequest(
  plan: Plan,
  { tile, region, async }: CallPart,
): RequestSpec {
  const origins = tile ? plan.origins.slice(tile.o0, tile.o1) : plan.origins;
  const destinations = tile
    ? (plan.destinations ?? plan.origins).slice(tile.d0, tile.d1)
    : plan.destinations;
  return {
    service: "matrix",
    method: "POST",
    path: "/v8/matrix",
    query: new Query().set("async", async),
    body: {
      origins,
      ...(destinations ? { destinations } : {}),
      regionDefinition: region,
      ...plan.rest,
    },
    // A sync call may be answered 202: the job then continues as async.
    expect: async ? [202] : [200, 202],
    // A submit that creates a job is retried only when HERE refused it.
    retry: async ? "submit" : "idempotent",
  };
}

/** Validates `params` (see {@linkcode buildMatrixRequest}). */
export function planMatrix(params: MatrixParams): Plan {
  checkParams(params);
  checkKeys(params, MATRIX_KEYS, {
    operation: "matrix",
    wireNames: MATRIX_WIRE_NAMES,
  });
  const p = params;
  const origins = pointsValue(p.origins, "origins", true)!;
  const destinations = pointsValue(p.destinations, "destinations", false);
  const region = regionToJson(p.regionDefinition);

  const async = p.async ?? false;
  if (typeof async !== "boolean") {
    throw new ValueError("async", "must be a boolean", async);
  }
  if (p.profile !== undefined) checkProfile(p, region);
  if (p.truck !== undefined && p.transportMode !== "truck") {
    throw new ValueError(
      "truck",
      `requires transportMode "truck" (transportMode is ${
        p.transportMode === undefined ? "not set" : describe(p.transportMode)
      })`,
    );
  }

  const mode: Mode = region.type !== "world"
    ? "region"
    : p.profile !== undefined
    ? "profile"
    : "flexible";
  return { mode, origins, destinations, region, rest: rest(p), async };
}

function checkProfile(p: MatrixParams, region: RegionDefinitionJson): void {
  namedValue("profile", p.profile);
  if (region.type !== "world") {
    throw new ValueError(
      "profile",
      `can only be used with a world regionDefinition, not "${region.type}"`,
      p.profile,
    );
  }
  for (const option of CUSTOM_OPTIONS) {
    if (p[option] !== undefined) {
      throw new ValueError(
        option,
        `cannot be combined with profile ${
          describe(p.profile)
        } (a profile implies departureTime "any" and takes no custom options)`,
        p[option],
      );
    }
  }
}

/** The body's fields after `regionDefinition`, validated, in HERE's order. */
function rest(p: MatrixParams): Record<string, unknown> {
  return definedFields({
    profile: p.profile,
    departureTime: p.departureTime === undefined
      ? undefined
      : formatDateTime(p.departureTime, "departureTime", { allowAny: true }),
    routingMode: namedValue("routingMode", p.routingMode),
    transportMode: namedValue("transportMode", p.transportMode),
    avoid: avoidValue(p.avoidFeatures, p.avoidAreas),
    truck: p.truck === undefined ? undefined : truckToJson(p.truck, "truck"),
    matrixAttributes: matrixAttributesValue(p.matrixAttributes),
  });
}

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
 * Checks the options of `matrix` and `matrixRows` before any request;
 * returns the concurrency.
 */
export function checkMatrixOptions(options: MatrixOptions): number {
  checkRequestOptions(options);
  // Headers and requestId are checked now, as every request checks them,
  // so that a bad one is refused when matrixRows is called rather than at
  // its first row.
  requestHeaders(options);
  checkPollOptions(options.poll, "matrix");
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

  const { async } = layout;
  if (layout.kind === "single") {
    const spec = matrixRequest(plan, { region: plan.region, async });
    return response(
      await call(run, spec, { numOrigins: n, numDestinations: m }),
    );
  }
  const region = tileRegion(plan);
  const merged = await runTiles(run, planTiles(n, m, layout.shapes), {
    numOrigins: n,
    numDestinations: m,
    concurrency,
    request: (tile) => matrixRequest(plan, { tile, region, async }),
  });
  return response(merged);
}

/** The response of a call or of merged tiles: the body and the call's ids. */
function response(result: CallResult): MatrixRoutingResponse {
  return new MatrixRoutingResponse(result.body, result);
}
