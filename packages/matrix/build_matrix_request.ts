/**
 * {@linkcode buildMatrixRequest}: the parameters of a routing matrix,
 * validated, as the `POST /v8/matrix` request that computes it in one call.
 *
 * @module
 */

import * as z from "zod/mini";
import {
  type AvoidBoundingBox,
  type LatLngLike,
  type LatLngObject,
  Query,
  type RequestSpec,
  type Truck,
  ValueError,
} from "@ls/core";
import {
  avoidAreaToJson,
  checkKeys,
  checkParams,
  describe,
  formatDateTime,
  parsePoint,
  parseWith,
  truckToJson,
} from "@ls/core/internal";
import {
  MatrixAttribute,
  MatrixAvoidFeature,
  MatrixProfile,
  type MatrixRoutingMode,
  type MatrixTransportMode,
} from "./constants.ts";
import {
  type RegionDefinition,
  type RegionDefinitionJson,
  regionToJson,
} from "./regions.ts";
import { MAX_POINTS, type Mode } from "./_tiling.ts";

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
] as const;

const PARAMS: readonly (keyof MatrixParams)[] = [
  "origins",
  "regionDefinition",
  "async",
  "destinations",
  "profile",
  ...CUSTOM_OPTIONS,
  "matrixAttributes",
];

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
  /** The origins of the call. */
  origins: LatLngObject[];
  /** Its destinations; undefined for origins × origins. */
  destinations?: LatLngObject[];
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
  return matrixRequest(plan, {
    origins: plan.origins,
    destinations: plan.destinations,
    region: plan.region,
    async: plan.async,
  });
}

/** The request of one call of a plan. */
export function matrixRequest(plan: Plan, part: CallPart): RequestSpec {
  const { origins, destinations, region, async } = part;
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
  checkKeys(params, PARAMS, {
    operation: "matrix",
    wireNames: MATRIX_WIRE_NAMES,
  });
  const p = params;
  const origins = points(p.origins, "origins", true)!;
  const destinations = points(p.destinations, "destinations", false);
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

// Closed sets: the message lists the allowed values.
const profileSchema = /* @__PURE__ */ z.enum(Object.values(MatrixProfile));
const routingModeSchema = /* @__PURE__ */ z.enum(["fast", "short"]);
const transportModeSchema = /* @__PURE__ */ z.enum([
  "car",
  "truck",
  "pedestrian",
  "bicycle",
  "scooter",
  "bus",
  "privateBus",
  "taxi",
]);
const avoidFeatureSchema = /* @__PURE__ */ z.enum(
  Object.values(MatrixAvoidFeature),
);
const attributeSchema = /* @__PURE__ */ z.enum(Object.values(MatrixAttribute));

function checkProfile(p: MatrixParams, region: RegionDefinitionJson): void {
  parseWith(profileSchema, p.profile, "profile");
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
  const out: Record<string, unknown> = {};
  if (p.profile !== undefined) out.profile = p.profile;
  if (p.departureTime !== undefined) {
    out.departureTime = formatDateTime(p.departureTime, "departureTime", {
      allowAny: true,
    });
  }
  if (p.routingMode !== undefined) {
    out.routingMode = parseWith(
      routingModeSchema,
      p.routingMode,
      "routingMode",
    );
  }
  if (p.transportMode !== undefined) {
    out.transportMode = parseWith(
      transportModeSchema,
      p.transportMode,
      "transportMode",
    );
  }
  const avoid: Record<string, unknown> = {};
  const features = list(p.avoidFeatures, "avoidFeatures");
  if (features?.length) {
    // Array.from, not map: map keeps a hole, which the body sends as null.
    avoid.features = Array.from(
      features,
      (f, i) => parseWith(avoidFeatureSchema, f, `avoidFeatures[${i}]`),
    );
  }
  const areas = list(p.avoidAreas, "avoidAreas");
  if (areas?.length) {
    avoid.areas = Array.from(
      areas,
      (a, i) => avoidAreaToJson(a as AvoidBoundingBox, `avoidAreas[${i}]`),
    );
  }
  if (avoid.features || avoid.areas) out.avoid = avoid;
  if (p.truck !== undefined) out.truck = truckToJson(p.truck, "truck");
  const attributes = list(p.matrixAttributes, "matrixAttributes");
  if (attributes !== undefined) {
    out.matrixAttributes = matrixAttributes(attributes);
  }
  return out;
}

function matrixAttributes(attributes: unknown[]): unknown[] {
  if (attributes.length === 0) {
    throw new ValueError(
      "matrixAttributes",
      'must list "travelTimes" and/or "distances"',
      attributes,
    );
  }
  // Array.from visits every index, holes included (forEach skips them).
  const checked = Array.from(
    attributes,
    (a, i) => parseWith(attributeSchema, a, `matrixAttributes[${i}]`),
  );
  return [...new Set(checked)];
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
      "must be a non-empty array of points ([lat, lng], { lat, lng }, or a GeoJSON Point or Feature)",
      value,
    );
  }
  if (value.length > MAX_POINTS) {
    throw new ValueError(
      parameter,
      `must have at most ${MAX_POINTS} points (HERE's largest matrix is 10,000 × 10,000)`,
      `${value.length} points`,
    );
  }
  // Array.from visits every index, holes included (map skips them).
  return Array.from(value, (v, i) => parsePoint(v, `${parameter}[${i}]`));
}
