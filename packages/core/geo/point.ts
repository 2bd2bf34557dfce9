/**
 * One point for every operation: {@linkcode LatLngLike} is what any
 * parameter that takes a position accepts, and {@linkcode parsePoint} turns
 * it into `{ lat, lng }` or throws a {@linkcode ValueError} naming the
 * parameter.
 *
 * A bare two-number array is always `[lat, lng]`, HERE's order. A GeoJSON
 * `Point` (or a `Feature` holding one) is `[lng, lat]`, GeoJSON's order; its
 * `type` says so, so the order is never guessed. An object with `lat` and
 * `lng` (any `position`, `location` or `center` a response returns) passes
 * straight in; its other keys are ignored.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parsePoint } from "@ls/core/internal";
 * const berlin = { lat: 52.52, lng: 13.405 };
 * assert.deepEqual(parsePoint([52.52, 13.405], "at"), berlin);
 * assert.deepEqual(parsePoint({ ...berlin, elv: 34 }, "at"), berlin);
 * assert.deepEqual(parsePoint({ type: "Point", coordinates: [13.405, 52.52] }, "at"), berlin);
 * assert.throws(() => parsePoint([139.7, 35.6], "at"), {
 *   message: "Invalid at: latitude 139.7 is out of range: arrays are [lat, lng]; GeoJSON is [lng, lat], got [139.7,35.6]",
 * });
 * ```
 *
 * @module
 */

import { lazy } from "../params/lazy.ts";
import type { Feature, Point as GeoJsonPoint } from "geojson";
import * as z from "zod/mini";
import { ValueError } from "../errors/errors.ts";
import type { LatLng, LatLngObject } from "./coordinates.ts";
import { formatNumber } from "../params/format.ts";
import { formatPath } from "../params/validate.ts";

/**
 * A position in any of the forms every operation accepts:
 *
 * - `[lat, lng]`: a two-number array, always in HERE's order;
 * - `{ lat, lng }`: any object with both (extra keys such as `elv` are
 *   ignored), so a response's `position` or `location` passes straight in;
 * - a GeoJSON `Point`, `[lng, lat]` in GeoJSON's order (an altitude is
 *   ignored);
 * - a GeoJSON `Feature` whose geometry is a `Point`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { LatLngLike } from "@ls/core";
 * const forms: LatLngLike[] = [
 *   [52.52, 13.405],
 *   { lat: 52.52, lng: 13.405 },
 *   { type: "Point", coordinates: [13.405, 52.52] },
 *   { type: "Feature", properties: { name: "Berlin" }, geometry: { type: "Point", coordinates: [13.405, 52.52] } },
 * ];
 * assert.equal(forms.length, 4);
 * ```
 */
export type LatLngLike =
  | LatLng
  | readonly [lat: number, lng: number]
  | Readonly<LatLngObject>
  | GeoJsonPoint
  | Feature<GeoJsonPoint, unknown>
  // The same GeoJSON, read-only (`as const` literals, frozen values).
  | {
    readonly type: "Point";
    readonly coordinates: readonly number[];
    readonly bbox?: readonly number[];
  }
  | {
    readonly type: "Feature";
    readonly geometry: {
      readonly type: "Point";
      readonly coordinates: readonly number[];
      readonly bbox?: readonly number[];
    };
    readonly properties?: unknown;
    readonly id?: string | number;
    readonly bbox?: readonly number[];
  };

/** What a point must be, said once for every message. */
const POINT_RULE =
  "must be a point: [lat, lng], { lat, lng }, or a GeoJSON Point or Feature with a Point geometry";
const ARRAY_ORDER = "arrays are [lat, lng]; GeoJSON is [lng, lat]";
const GEOJSON_ORDER = "GeoJSON is [lng, lat]; arrays are [lat, lng]";

/** A failure: where (path inside the value), what rule, and the value. */
interface Failure {
  path: (string | number)[];
  rule: string;
  given?: { value: unknown };
}

type Outcome = LatLngObject | Failure;

function fail(
  path: (string | number)[],
  rule: string,
  ...given: [unknown?]
): Failure {
  return given.length > 0 ? { path, rule, given: { value: given[0] } } : {
    path,
    rule,
  };
}

function isFailure(outcome: Outcome): outcome is Failure {
  return "rule" in outcome;
}

function coordinate(
  value: unknown,
  path: (string | number)[],
  axis: "lat" | "lng",
  order:
    | { text: string; path: (string | number)[]; whole: unknown }
    | undefined,
): Failure | undefined {
  const max = axis === "lat" ? 90 : 180;
  const name = axis === "lat" ? "latitude" : "longitude";
  if (value === undefined) return fail(path, "is required");
  if (typeof value !== "number" || !Number.isFinite(value)) {
    return fail(path, `must be a ${name} from -${max} to ${max}`, value);
  }
  if (value < -max || value > max) {
    return order === undefined
      ? fail(path, `must be a ${name} from -${max} to ${max}`, value)
      : fail(
        order.path,
        `${name} ${value} is out of range: ${order.text}`,
        order.whole,
      );
  }
  return undefined;
}

/** Reads a GeoJSON position `[lng, lat]` or `[lng, lat, altitude]`. */
function position(value: unknown, path: (string | number)[]): Outcome {
  if (!Array.isArray(value) || (value.length !== 2 && value.length !== 3)) {
    return fail(path, "must be a GeoJSON position [lng, lat]", value);
  }
  const [lng, lat, alt] = value;
  const order = { text: GEOJSON_ORDER, path, whole: value };
  const bad = coordinate(lng, [...path, 0], "lng", order) ??
    coordinate(lat, [...path, 1], "lat", order);
  if (bad) return bad;
  if (
    value.length === 3 && (typeof alt !== "number" || !Number.isFinite(alt))
  ) {
    return fail([...path, 2], "must be an altitude in metres", alt);
  }
  return { lat, lng };
}

function readPoint(value: unknown, path: (string | number)[]): Outcome {
  if (value === undefined) return fail(path, "is required");
  if (Array.isArray(value)) {
    if (value.length !== 2) {
      return fail(path, "must be a [lat, lng] array of two numbers", value);
    }
    const [lat, lng] = value;
    const order = { text: ARRAY_ORDER, path, whole: value };
    return coordinate(lat, [...path, 0], "lat", order) ??
      coordinate(lng, [...path, 1], "lng", order) ?? { lat, lng };
  }
  if (typeof value !== "object" || value === null) {
    return fail(path, POINT_RULE, value);
  }
  const type: unknown = Reflect.get(value, "type");
  const lat: unknown = own(value, "lat");
  const lng: unknown = own(value, "lng");
  const latLng = lat !== undefined || lng !== undefined;
  if ((type === "Point" || type === "Feature") && latLng) {
    // Which order was meant cannot be told: GeoJSON's or lat/lng's.
    return fail(path, "must not have both a GeoJSON type and lat/lng");
  }
  if (latLng) {
    // Any other `type` (a place's kind, say) is one more ignored key.
    return coordinate(lat, [...path, "lat"], "lat", undefined) ??
      coordinate(lng, [...path, "lng"], "lng", undefined) ??
      { lat: lat as number, lng: lng as number };
  }
  if (type === "Point") {
    return position(Reflect.get(value, "coordinates"), [
      ...path,
      "coordinates",
    ]);
  }
  if (type === "Feature") {
    const geometry: unknown = Reflect.get(value, "geometry");
    const where = [...path, "geometry"];
    if (
      typeof geometry !== "object" || geometry === null ||
      Reflect.get(geometry, "type") !== "Point"
    ) {
      return geometry === undefined
        ? fail(where, "is required: a Feature used as a point needs a Point")
        : fail(
          where,
          "must be a GeoJSON Point",
          geometryName(geometry) ?? geometry,
        );
    }
    return readPoint(geometry, where);
  }
  if (type !== undefined) {
    return fail(path, POINT_RULE, geometryName(value) ?? type);
  }
  return fail(path, POINT_RULE, value);
}

/**
 * `value[key]`, unless it would come from a polluted `Object.prototype`: a
 * point's `lat` and `lng` are its own, or its class's.
 */
function own(value: object, key: string): unknown {
  return Object.hasOwn(value, key) || !Object.hasOwn(Object.prototype, key)
    ? Reflect.get(value, key)
    : undefined;
}

/** `a GeoJSON LineString`, for a message; undefined when not GeoJSON. */
function geometryName(value: unknown): string | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const type: unknown = Reflect.get(value, "type");
  return typeof type === "string" && /^[A-Za-z]{1,30}$/.test(type)
    ? `a GeoJSON ${type}`
    : undefined;
}

function toError(parameter: string, failure: Failure): ValueError {
  const name = formatPath(parameter, failure.path);
  const given = failure.given;
  if (given === undefined) return new ValueError(name, failure.rule);
  // A GeoJSON type is described in words, not quoted.
  if (typeof given.value === "string" && given.value.startsWith("a GeoJSON")) {
    return new ValueError(`${name}`, `${failure.rule}, got ${given.value}`);
  }
  return new ValueError(name, failure.rule, given.value);
}

/**
 * Reads a {@linkcode LatLngLike} and returns a fresh `{ lat, lng }`, checking
 * that both are finite numbers in range (latitude -90..90, longitude
 * -180..180). Errors name the parameter and the place inside it
 * (`origin[0]`, `at.lng`, `center.geometry.coordinates[1]`); an
 * out-of-range array value says which order was assumed.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parsePoint } from "@ls/core/internal";
 * const feature = {
 *   type: "Feature",
 *   properties: null,
 *   geometry: { type: "Point", coordinates: [13.405, 52.52, 34] },
 * };
 * assert.deepEqual(parsePoint(feature, "destination"), { lat: 52.52, lng: 13.405 });
 * assert.throws(() => parsePoint({ lat: 52.5 }, "origin"), {
 *   name: "ValueError",
 *   message: "Invalid origin.lng: is required",
 * });
 * assert.throws(() => parsePoint([52.5, 13.4, 0], "origin"), {
 *   message: "Invalid origin: must be a [lat, lng] array of two numbers, got [52.5,13.4,0]",
 * });
 * assert.throws(
 *   () => parsePoint({ type: "LineString", coordinates: [[13.4, 52.5], [13.5, 52.6]] }, "center"),
 *   /^ValueError: Invalid center: must be a point: .*, got a GeoJSON LineString$/,
 * );
 * ```
 *
 * @throws {ValueError} naming `parameter` (or the place inside it) and the rule
 */
export function parsePoint(value: unknown, parameter: string): LatLngObject {
  // The common form first, without allocating a path. What a caller's own
  // getter or proxy throws passes through unchanged, as everywhere.
  if (Array.isArray(value) && value.length === 2) {
    const [lat, lng] = value;
    if (
      typeof lat === "number" && lat >= -90 && lat <= 90 &&
      typeof lng === "number" && lng >= -180 && lng <= 180
    ) return { lat, lng };
  }
  const outcome = readPoint(value, []);
  if (isFailure(outcome)) throw toError(parameter, outcome);
  return outcome;
}

/**
 * Reads an optional point: `undefined` stays `undefined`, anything else goes
 * through {@linkcode parsePoint}.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseOptionalPoint } from "@ls/core/internal";
 * assert.equal(parseOptionalPoint(undefined, "at"), undefined);
 * assert.deepEqual(parseOptionalPoint([52.5, 13.4], "at"), { lat: 52.5, lng: 13.4 });
 * ```
 *
 * @throws {ValueError} for a value that is not a valid point
 */
export function parseOptionalPoint(
  value: unknown,
  parameter: string,
): LatLngObject | undefined {
  return value === undefined ? undefined : parsePoint(value, parameter);
}

/**
 * Reads a point and formats it as HERE's `lat,lng` query value (plain
 * decimals, never an exponent).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { formatPoint } from "@ls/core/internal";
 * assert.equal(formatPoint({ type: "Point", coordinates: [13.4, 52.5] }, "at"), "52.5,13.4");
 * assert.equal(formatPoint([1e-7, 13.4], "at"), "0.0000001,13.4");
 * ```
 *
 * @throws {ValueError} for a value that is not a valid point
 */
export function formatPoint(value: unknown, parameter: string): string {
  const { lat, lng } = parsePoint(value, parameter);
  return `${formatNumber(lat)},${formatNumber(lng)}`;
}

/**
 * A zod schema of a {@linkcode LatLngLike} that outputs `{ lat, lng }`, for
 * composing into larger schemas read with `parseWith`: its errors carry the
 * path inside the point, as {@linkcode parsePoint}'s do.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import * as z from "zod/mini";
 * import { parseWith, pointSchema } from "@ls/core/internal";
 * const stops = z.array(z.object({ location: pointSchema() }));
 * assert.deepEqual(parseWith(stops, [{ location: [52.5, 13.4] }], "jobs"), [{ location: { lat: 52.5, lng: 13.4 } }]);
 * assert.throws(() => parseWith(stops, [{ location: [95, 13.4] }], "jobs"), {
 *   message: "Invalid jobs[0].location: latitude 95 is out of range: arrays are [lat, lng]; GeoJSON is [lng, lat], got [95,13.4]",
 * });
 * ```
 */
export const pointSchema: () => z.ZodMiniType<LatLngObject, unknown> =
  /* @__PURE__ */ lazy(() =>
    z.pipe(
      z.unknown(),
      z.transform((value, ctx): LatLngObject => {
        const outcome = readPoint(value, []);
        if (!isFailure(outcome)) return outcome;
        const given = outcome.given?.value;
        const rule = typeof given === "string" && given.startsWith("a GeoJSON")
          ? `${outcome.rule}, got ${given}`
          : outcome.rule;
        // parseWith appends ", got <value at path>" for an issue whose value
        // it can find; a rule that already shows the value needs no more.
        if (outcome.rule === "is required") {
          // parseWith words a missing value itself.
          ctx.issues.push({
            code: "invalid_type",
            expected: "object",
            input: undefined,
            path: outcome.path,
          });
          return { lat: 0, lng: 0 };
        }
        ctx.issues.push({
          code: "custom",
          message: rule,
          input: value,
          path: outcome.path,
        });
        return { lat: 0, lng: 0 };
      }),
    )
  );

/**
 * Reads a list of points, each with {@linkcode parsePoint}; errors name the
 * item (`origins[3]`, `origins[3].lat`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parsePoints } from "@ls/core/internal";
 * assert.deepEqual(parsePoints([[52.5, 13.4], { lat: 52.6, lng: 13.5 }], "origins"), [
 *   { lat: 52.5, lng: 13.4 },
 *   { lat: 52.6, lng: 13.5 },
 * ]);
 * assert.throws(() => parsePoints([], "origins", 1), {
 *   message: "Invalid origins: must be an array of at least 1 point, got []",
 * });
 * ```
 *
 * @throws {ValueError} for a value that is not an array of at least `min`
 * valid points
 */
export function parsePoints(
  value: unknown,
  parameter: string,
  min = 0,
): LatLngObject[] {
  if (!Array.isArray(value) || value.length < min) {
    throw new ValueError(
      parameter,
      `must be an array of at least ${min} point${min === 1 ? "" : "s"}`,
      value,
    );
  }
  // Array.from visits a hole (which map skips) and refuses it by its index.
  return Array.from(value, (v, i) => parsePoint(v, `${parameter}[${i}]`));
}
