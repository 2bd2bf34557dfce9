/**
 * {@linkcode matrix}: HERE Matrix Routing v8, sync and async, split into
 * tiles when a request is larger than one call allows, and results streamed
 * into typed arrays.
 *
 * @module
 */

import {
  avoidAreaToJson,
  type AvoidBoundingBox,
  checkPollTiming,
  checkRequestOptions,
  type Client,
  describe,
  formatDateTime,
  type LatLngObject,
  nonEmptyString,
  parseWith,
  type RequestOptions,
  type Truck,
  truckToJson,
  validateLatLngObject,
  ValueError,
} from "@ls/core";
import type {
  MatrixAttribute,
  MatrixAvoidFeature,
  MatrixProfile,
} from "./constants.ts";
import { type RegionDefinition, regionToJson } from "./regions.ts";
import { type MatrixResultBody, MatrixRoutingResponse } from "./response.ts";
import { call, type CallResult, type Run } from "./_call.ts";
import {
  fits,
  LIMITS,
  MAX_FLEXIBLE_TILES,
  MAX_POINTS,
  MAX_SYNC_TILES,
  type Mode,
  planTiles,
  type Tile,
  tileCount,
} from "./_tiling.ts";
import { coveringCircle } from "./_covering_circle.ts";

/** Parameters of {@linkcode matrix}. */
export interface MatrixParams {
  /** Origins, 1 to 10,000 `{ lat, lng }` positions. */
  origins: readonly LatLngObject[];
  /** The region every origin and destination lies in. */
  regionDefinition: RegionDefinition;
  /**
   * Run as an async job (submit, poll, download). Default `false`; a request
   * too large for sync calls may switch to async by itself (see
   * {@linkcode matrix}).
   */
  asyncReq?: boolean;
  /** Destinations, 1 to 10,000; omitted, the matrix is origins × origins. */
  destinations?: readonly LatLngObject[];
  /** A profile (`carFast`, ...): only with a world region, and no custom options. */
  profile?: MatrixProfile;
  /** A `Date` (sent with its offset), an RFC 3339 string, or `"any"` (no traffic). */
  departureTime?: Date | string;
  /** `"fast"` or `"short"`. */
  routingMode?: "fast" | "short" | (string & Record<never, never>);
  /** `"car"`, `"truck"`, `"pedestrian"`, `"bicycle"`, ... */
  transportMode?:
    | "car"
    | "truck"
    | "pedestrian"
    | "bicycle"
    | "scooter"
    | "taxi"
    | (string & Record<never, never>);
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

const PARAMS = new Set([
  "origins",
  "regionDefinition",
  "asyncReq",
  "destinations",
  "profile",
  "departureTime",
  "routingMode",
  "transportMode",
  "avoidFeatures",
  "avoidAreas",
  "truck",
  "matrixAttributes",
]);

/** Options a profile does not take (profiles imply `departureTime: "any"`). */
const CUSTOM_OPTIONS = [
  "departureTime",
  "routingMode",
  "transportMode",
  "avoidFeatures",
  "avoidAreas",
  "truck",
] as const;

/** A validated request, ready to be split. */
interface Plan {
  mode: Mode;
  origins: LatLngObject[];
  destinations?: LatLngObject[];
  region: RegionDefinition;
  /** Everything after `regionDefinition`, in wire order. */
  rest: Record<string, unknown>;
  asyncReq: boolean;
}

/**
 * Calculates a routing matrix: travel times and/or distances from every
 * origin to every destination. Origins and destinations are `{ lat, lng }`;
 * without destinations the matrix is origins × origins.
 *
 * **Modes and limits** (wire matrix.md §4), chosen by the region:
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
 * Validation happens before any request: `profile` only with a world region
 * and without custom options (`departureTime`, `routingMode`,
 * `transportMode`, `avoidFeatures`, `avoidAreas`, `truck`); `truck` only with
 * `transportMode: "truck"`; 1 to 10,000 valid origins and destinations;
 * known `matrixAttributes`; no unknown parameters.
 *
 * @example
 * ```ts ignore
 * import { Client } from "@ls/core";
 * import { CircleRegion, matrix } from "@ls/matrix";
 * const client = new Client({ apiKey: "<API_KEY>" });
 * const res = await matrix(client, {
 *   origins: [{ lat: 52.5, lng: 13.4 }, { lat: 52.52, lng: 13.38 }],
 *   destinations: [{ lat: 52.53, lng: 13.42 }],
 *   regionDefinition: new CircleRegion({ center: { lat: 52.51, lng: 13.4 }, radius: 20000 }),
 *   departureTime: "any",
 *   matrixAttributes: ["travelTimes", "distances"],
 * });
 * res.travelTime(1, 0); // seconds from origin 1 to destination 0
 * ```
 *
 * @throws {ValueError} for invalid or conflicting parameters, before any request
 * @throws {ApiError} for an unexpected status, a failed job or a malformed result
 * @throws {TimeoutError} when an attempt or `options.deadlineMs` runs out
 * @throws {ConnectionError} when no response (or not all of it) arrived
 */
export async function matrix(
  client: Client,
  params: MatrixParams,
  options: MatrixOptions = {},
): Promise<MatrixRoutingResponse> {
  const plan = validate(params);
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
    deadline: options.deadlineMs === undefined
      ? Infinity
      : performance.now() + options.deadlineMs,
  };

  if (single !== undefined) {
    const body = buildBody(plan, origins, destinations, plan.region);
    const result = await call(run, body, single, {
      numOrigins: n,
      numDestinations: m,
    });
    return new MatrixRoutingResponse(result.body, tracingOf(result));
  }

  let region = plan.region;
  if (region.type === "autoCircle") {
    region = coveringCircle(
      destinations ? [...origins, ...destinations] : origins,
      region.margin ?? 0,
    );
  }
  const merged = await runTiles(run, plan, tiles!, {
    region,
    async: tileAsync,
    concurrency,
  });
  return new MatrixRoutingResponse(merged.body, tracingOf(merged));
}

function tracingOf(
  result: CallResult,
): { correlationId?: string; requestId?: string } {
  return { correlationId: result.correlationId, requestId: result.requestId };
}

// ----------------------------------------------------------- validation

function validate(params: MatrixParams): Plan {
  if (typeof params !== "object" || params === null) {
    throw new ValueError("params", "must be an object", params);
  }
  for (const key of Object.keys(params)) {
    if (!PARAMS.has(key)) {
      throw new ValueError(key, "is not a known matrix parameter");
    }
  }
  const p = params as MatrixParams;
  const origins = points(p.origins, "origins", true)!;
  const destinations = points(p.destinations, "destinations", false);
  const region = regionToJson(p.regionDefinition);

  const asyncReq = p.asyncReq ?? false;
  if (typeof asyncReq !== "boolean") {
    throw new ValueError("asyncReq", "must be a boolean", asyncReq);
  }
  if (p.profile !== undefined) {
    parseWith(nonEmptyString, p.profile, "profile");
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
  if (p.truck !== undefined && p.transportMode !== "truck") {
    throw new ValueError(
      "truck",
      `requires transportMode "truck" (transportMode is ${
        p.transportMode === undefined ? "not set" : describe(p.transportMode)
      })`,
    );
  }

  const rest: Record<string, unknown> = {};
  if (p.profile !== undefined) rest.profile = p.profile;
  if (p.departureTime !== undefined) {
    rest.departureTime = formatDateTime(p.departureTime, "departureTime", {
      allowAny: true,
    });
  }
  if (p.routingMode !== undefined) {
    rest.routingMode = parseWith(nonEmptyString, p.routingMode, "routingMode");
  }
  if (p.transportMode !== undefined) {
    rest.transportMode = parseWith(
      nonEmptyString,
      p.transportMode,
      "transportMode",
    );
  }
  const avoid: Record<string, unknown> = {};
  const features = list(p.avoidFeatures, "avoidFeatures");
  if (features?.length) {
    avoid.features = features.map((f, i) =>
      parseWith(nonEmptyString, f, `avoidFeatures[${i}]`)
    );
  }
  const areas = list(p.avoidAreas, "avoidAreas");
  if (areas?.length) {
    avoid.areas = areas.map((a, i) =>
      avoidAreaToJson(a as AvoidBoundingBox, `avoidAreas[${i}]`)
    );
  }
  if (avoid.features || avoid.areas) rest.avoid = avoid;
  if (p.truck !== undefined) rest.truck = truckToJson(p.truck, "truck");
  const attributes = list(p.matrixAttributes, "matrixAttributes");
  if (attributes !== undefined) {
    if (attributes.length === 0) {
      throw new ValueError(
        "matrixAttributes",
        'must list "travelTimes" and/or "distances"',
        attributes,
      );
    }
    attributes.forEach((a, i) => {
      if (a !== "travelTimes" && a !== "distances") {
        throw new ValueError(
          `matrixAttributes[${i}]`,
          'must be "travelTimes" or "distances"',
          a,
        );
      }
    });
    rest.matrixAttributes = [...new Set(attributes)];
  }

  const mode: Mode = region.type !== "world"
    ? "region"
    : p.profile !== undefined
    ? "profile"
    : "flexible";
  return { mode, origins, destinations, region, rest, asyncReq };
}

function list(value: unknown, parameter: string): unknown[] | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value)) {
    throw new ValueError(parameter, "must be an array", value);
  }
  return value;
}

function points(
  value: unknown,
  parameter: string,
  required: boolean,
): LatLngObject[] | undefined {
  if (value === undefined && !required) return undefined;
  if (!Array.isArray(value) || value.length === 0) {
    throw new ValueError(
      parameter,
      "must be a non-empty array of { lat, lng } positions",
      value,
    );
  }
  if (value.length > MAX_POINTS) {
    throw new ValueError(
      parameter,
      `must have at most ${MAX_POINTS} positions (HERE's largest matrix is 10,000 × 10,000)`,
      `${value.length} positions`,
    );
  }
  return value.map((v, i) => {
    const { lat, lng } = validateLatLngObject(v, `${parameter}[${i}]`);
    return { lat, lng };
  });
}

function buildBody(
  plan: Plan,
  origins: LatLngObject[],
  destinations: LatLngObject[] | undefined,
  region: RegionDefinition,
): Record<string, unknown> {
  return {
    origins,
    ...(destinations ? { destinations } : {}),
    regionDefinition: region,
    ...plan.rest,
  };
}

// --------------------------------------------------------------- tiling

/**
 * Runs the tiles with a small worker pool and merges them into full-size
 * arrays at `k = m * i + j`. The first failure aborts the tiles in flight,
 * starts no others, and is thrown once every worker has stopped.
 */
async function runTiles(
  run: Run,
  plan: Plan,
  tiles: Tile[],
  { region, async, concurrency }: {
    region: RegionDefinition;
    async: boolean;
    concurrency: number;
  },
): Promise<CallResult> {
  const n = plan.origins.length;
  const m = (plan.destinations ?? plan.origins).length;
  const internal = new AbortController();
  const signal = run.signal
    ? AbortSignal.any([run.signal, internal.signal])
    : internal.signal;
  const tileRun: Run = { ...run, signal };
  const arrays: Partial<
    Record<
      "travelTimes" | "distances" | "errorCodes",
      Float64Array | Uint8Array
    >
  > = {};
  let first: CallResult | undefined;
  let failure: { error: unknown } | undefined;
  let next = 0;

  const merge = (tile: Tile, body: MatrixResultBody) => {
    const width = tile.d1 - tile.d0;
    for (const key of ["travelTimes", "distances", "errorCodes"] as const) {
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
          buildBody(plan, origins, destinations, region),
          async,
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

  const head = first!.body;
  const matrix: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(head.matrix)) {
    matrix[key] = value;
  }
  matrix.numOrigins = n;
  matrix.numDestinations = m;
  for (const key of ["travelTimes", "distances", "errorCodes"] as const) {
    if (arrays[key]) matrix[key] = arrays[key];
    else delete matrix[key];
  }
  const body: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(head)) {
    body[key] = key === "matrix" ? matrix : value;
  }
  return {
    body: body as MatrixResultBody,
    correlationId: first!.correlationId,
    requestId: first!.requestId,
  };
}
