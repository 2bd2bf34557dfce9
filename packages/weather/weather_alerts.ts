/**
 * {@linkcode getWeatherAlerts}: weather alerts around a position or along a
 * route (`POST /v3/alerts`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { buildWeatherAlertsRequest } from "@ls/weather";
 * const spec = buildWeatherAlertsRequest({
 *   geometry: { type: "Point", coordinates: [13.4, 52.5] },
 *   startTime: "2024-05-01T08:00:00+02:00",
 * });
 * assert.equal(spec.method, "POST");
 * assert.equal(spec.path, "/v3/alerts");
 * ```
 *
 * @module
 */

import * as z from "zod/mini";
import { ValueError } from "@ls/core";
import type { Feature } from "geojson";
import type {
  Client,
  LatLngLike,
  LineString,
  Position,
  RequestOptions,
  RequestSpec,
} from "@ls/core";
import {
  checkKeys,
  checkParams,
  finiteNumber,
  fixedArray,
  formatDateTime,
  latitude,
  lazy,
  longitude,
  minLength,
  nonNegativeInteger,
  parsePoint,
  parsePoints,
  parseWith,
  positiveInteger,
  scrubbing,
} from "@ls/core/internal";
import type { WeatherSeverity, WeatherType } from "./constants.ts";
import { WeatherAlertsResponse } from "./weather_alerts_response.ts";
import type { WeatherAlertsBody } from "./weather_alerts_response.ts";

/** Parameters of {@linkcode getWeatherAlerts}. */
export interface WeatherAlertsParams {
  /**
   * Where to look: a point (alerts within `width` metres of it) or a route
   * (alerts along a corridor `width` metres wide).
   *
   * - A point in any form: `[lat, lng]`, `{ lat, lng }`, a GeoJSON `Point`
   *   or `Feature` with one.
   * - A route: a list of at least two points in any form
   *   (`[[lat, lng], …]`, a route's `{ lat, lng }` positions), or a GeoJSON
   *   `LineString` (`[lng, lat]` positions) or `Feature` with one.
   *
   * It goes to HERE as GeoJSON, `[lng, lat]`.
   */
  geometry:
    | LatLngLike
    | readonly LatLngLike[]
    | LineString
    | Feature<LineString, unknown>;
  /** Start of the period of interest: a `Date` or an RFC 3339 date-time with an offset. */
  startTime: Date | string;
  /** Your id for the request's feature (GeoJSON feature `id`). */
  id?: string | number;
  /** Only alerts of this severity; `0` (insignificant) is sent too. */
  weatherSeverity?: WeatherSeverity;
  /** Only alerts of this type. */
  weatherType?: WeatherType;
  /** Only alerts in this country: ISO 3166-1 **alpha-2**, e.g. `US`. */
  country?: string;
  /** End of the period of interest, not before `startTime`. */
  endTime?: Date | string;
  /**
   * Metres: the radius around a Point (at most 100 000) or the corridor
   * width of a LineString (at most 25 000). Without it HERE applies its own
   * default, which may exceed the LineString limit, so pass one for routes.
   */
  width?: number;
}

const WEATHER_ALERTS_KEYS = Object.keys(
  {
    geometry: 0,
    startTime: 0,
    id: 0,
    weatherSeverity: 0,
    weatherType: 0,
    country: 0,
    endTime: 0,
    width: 0,
  } satisfies Record<keyof WeatherAlertsParams, 0>,
);

/**
 * HERE's wire names (and the Python client's) that
 * {@linkcode getWeatherAlerts} takes under another name: given as a
 * parameter, each is refused naming ours.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { WEATHER_ALERTS_WIRE_NAMES } from "@ls/weather";
 * assert.equal(WEATHER_ALERTS_WIRE_NAMES.severity, "weatherSeverity");
 * ```
 */
export const WEATHER_ALERTS_WIRE_NAMES: Readonly<Record<string, string>> = {
  features: "geometry",
  warnings: "startTime",
  severity: "weatherSeverity",
  type: "weatherType",
  start_time: "startTime",
  end_time: "endTime",
  weather_severity: "weatherSeverity",
  weather_type: "weatherType",
};

/** The largest `width` HERE accepts, per geometry type. */
const MAX_WIDTH = { Point: 100_000, LineString: 25_000 } as const;

const position = /* @__PURE__ */ lazy((): z.ZodMiniType<unknown> =>
  fixedArray(
    [longitude(), latitude()],
    "must be a [lng, lat] position",
    finiteNumber(),
  )
);

const pointCoordinates = position;
const lineCoordinates = /* @__PURE__ */ lazy((): z.ZodMiniType<unknown> =>
  z.array(position(), {
    error: "must be an array of [lng, lat] positions",
  }).check(minLength(2, "must have at least 2 positions"))
);

const COUNTRY = /^[A-Z]{2}$/;

/**
 * The request {@linkcode getWeatherAlerts} sends, validated:
 * `POST /v3/alerts` on the weather host with a GeoJSON `FeatureCollection`
 * of one `Feature`: your geometry, your `id`, and `properties` with `width`
 * (when given) and one `warnings` filter `{startTime, endTime?, severity?,
 * type?, country?}`. Times go out as integer Unix seconds of the UTC
 * instant; unset fields are left out, never sent as `null`; a `0` is sent.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { buildWeatherAlertsRequest, WeatherSeverity } from "@ls/weather";
 * const spec = buildWeatherAlertsRequest({
 *   geometry: { type: "LineString", coordinates: [[13.40, 52.50], [13.50, 52.55]] },
 *   startTime: new Date("2024-05-01T06:00:00Z"),
 *   width: 3000,
 *   weatherSeverity: WeatherSeverity.insignificant,
 * });
 * assert.deepEqual(spec.body, {
 *   type: "FeatureCollection",
 *   features: [{
 *     type: "Feature",
 *     geometry: { type: "LineString", coordinates: [[13.40, 52.50], [13.50, 52.55]] },
 *     properties: { width: 3000, warnings: [{ startTime: 1714543200, severity: 0 }] },
 *   }],
 * });
 * assert.throws(
 *   () => buildWeatherAlertsRequest({ geometry: { type: "Point", coordinates: [13.4, 52.5] }, startTime: new Date(), severity: 3 } as never),
 *   { message: 'Invalid severity: is not a parameter of getWeatherAlerts; did you mean "weatherSeverity"? (our name for severity)' },
 * );
 *
 * // A route as a list of points in any form, [lat, lng] for bare pairs.
 * const route = buildWeatherAlertsRequest({ geometry: [[52.5, 13.4], { lat: 52.55, lng: 13.5 }], startTime: "2024-05-01T06:00:00Z", width: 3000 });
 * assert.deepEqual((route.body as { features: { geometry: unknown }[] }).features[0].geometry, {
 *   type: "LineString",
 *   coordinates: [[13.4, 52.5], [13.5, 52.55]],
 * });
 * ```
 *
 * @throws {ValueError} for a key that is not a parameter of
 * getWeatherAlerts, a geometry other than a `Point` or `LineString`, bad
 * coordinates, a width that is not positive or above the geometry's limit, a
 * malformed time or country code, or an `endTime` before `startTime`
 */
export function buildWeatherAlertsRequest(
  params: WeatherAlertsParams,
): RequestSpec {
  checkParams(params);
  checkKeys(params, WEATHER_ALERTS_KEYS, {
    operation: "getWeatherAlerts",
    wireNames: WEATHER_ALERTS_WIRE_NAMES,
  });
  const geometry = validateGeometry(params.geometry);

  const properties: Record<string, unknown> = {};
  if (params.width !== undefined) {
    const width = params.width;
    if (typeof width !== "number" || !Number.isFinite(width) || width <= 0) {
      throw new ValueError(
        "width",
        "must be a positive number of metres",
        width,
      );
    }
    const max = MAX_WIDTH[geometry.type];
    if (width > max) {
      throw new ValueError(
        "width",
        `must be at most ${max} metres for a ${geometry.type}`,
        width,
      );
    }
    properties.width = width;
  }

  const start = unixSeconds(params.startTime, "startTime");
  const warning: Record<string, unknown> = { startTime: start.seconds };
  if (params.endTime !== undefined) {
    const end = unixSeconds(params.endTime, "endTime");
    if (end.ms < start.ms) {
      throw new ValueError(
        "endTime",
        "must not be before startTime",
        params.endTime,
      );
    }
    warning.endTime = end.seconds;
  }
  if (params.weatherSeverity !== undefined) {
    warning.severity = parseWith(
      nonNegativeInteger(),
      params.weatherSeverity,
      "weatherSeverity",
    );
  }
  if (params.weatherType !== undefined) {
    warning.type = parseWith(
      positiveInteger(),
      params.weatherType,
      "weatherType",
    );
  }
  if (params.country !== undefined) {
    if (typeof params.country !== "string" || !COUNTRY.test(params.country)) {
      throw new ValueError(
        "country",
        "must be an upper-case ISO 3166-1 alpha-2 code such as US",
        params.country,
      );
    }
    warning.country = params.country;
  }
  properties.warnings = [warning];

  const feature: Record<string, unknown> = { type: "Feature" };
  if (params.id !== undefined) {
    const id = params.id;
    if (
      !(typeof id === "string" && id !== "") &&
      !(typeof id === "number" && Number.isFinite(id))
    ) {
      throw new ValueError("id", "must be a non-empty string or a number", id);
    }
    feature.id = id;
  }
  feature.geometry = geometry;
  feature.properties = properties;
  const body = { type: "FeatureCollection", features: [feature] };
  return { service: "weather", method: "POST", path: "/v3/alerts", body };
}

/**
 * Finds weather alerts that affect an area around a position (`Point`) or a
 * corridor along a route (`LineString`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Client } from "@ls/core";
 * import { SANDBOX_API_KEY, startSandbox } from "@ls/sandbox";
 * import { getWeatherAlerts } from "@ls/weather";
 * await using sandbox = await startSandbox();
 * const client = new Client({ apiKey: SANDBOX_API_KEY, baseUrl: sandbox.url });
 *
 * const res = await getWeatherAlerts(client, {
 *   geometry: { type: "LineString", coordinates: [[13.40, 52.50], [13.45, 52.52], [13.50, 52.55]] },
 *   startTime: new Date(),
 *   width: 3000,
 * });
 * assert.equal(res.toGeoJSON().type, "FeatureCollection");
 * assert.equal(res.toGeoJSON().features.length, res.features.length);
 * ```
 *
 * @throws {ValueError} before any request, for the reasons of
 * {@linkcode buildWeatherAlertsRequest}
 * @throws {ApiError} when HERE answers with an error
 */
export async function getWeatherAlerts(
  client: Client,
  params: WeatherAlertsParams,
  options?: RequestOptions,
): Promise<WeatherAlertsResponse> {
  const spec = scrubbing(client, () => buildWeatherAlertsRequest(params));
  return new WeatherAlertsResponse(
    await client.requestJson<WeatherAlertsBody>(spec, options),
  );
}

function validateGeometry(
  geometry: unknown,
  parameter = "geometry",
): { type: "Point"; coordinates: Position } | {
  type: "LineString";
  coordinates: Position[];
} {
  const type = typeof geometry === "object" && geometry !== null
    ? (geometry as { type?: unknown }).type
    : undefined;
  // GeoJSON as given: its positions go out unchanged.
  if (type === "Point" || type === "LineString") {
    const coordinates = (geometry as { coordinates?: unknown }).coordinates;
    const at = `${parameter}.coordinates`;
    if (type === "Point") {
      parseWith(pointCoordinates(), coordinates, at);
      return { type, coordinates: coordinates as Position };
    }
    parseWith(lineCoordinates(), coordinates, at);
    return { type, coordinates: coordinates as Position[] };
  }
  if (type === "Feature") {
    const inner = (geometry as { geometry?: unknown }).geometry;
    const innerType = typeof inner === "object" && inner !== null
      ? (inner as { type?: unknown }).type
      : undefined;
    if (innerType !== "Point" && innerType !== "LineString") {
      throw new ValueError(
        `${parameter}.geometry`,
        "must be a GeoJSON Point or LineString",
        innerType ?? inner,
      );
    }
    return validateGeometry(inner, `${parameter}.geometry`);
  }
  // A list of points (not a bare [lat, lng] pair): a route.
  if (
    Array.isArray(geometry) && geometry.some((p) => typeof p !== "number")
  ) {
    const line = parsePoints(geometry, parameter, 2);
    return {
      type: "LineString",
      coordinates: line.map(({ lat, lng }) => [lng, lat]),
    };
  }
  if (type !== undefined) {
    throw new ValueError(
      parameter,
      "must be a point, a list of points, or a GeoJSON Point or LineString",
      type,
    );
  }
  const { lat, lng } = parsePoint(geometry, parameter);
  return { type: "Point", coordinates: [lng, lat] };
}

/** Integer Unix seconds of the instant (a `Date`, or RFC 3339 with an offset). */
function unixSeconds(
  value: Date | string,
  parameter: string,
): { ms: number; seconds: number } {
  if (value === undefined) {
    throw new ValueError(
      parameter,
      "is required: a Date or an RFC 3339 date-time",
    );
  }
  formatDateTime(value, parameter);
  const ms = value instanceof Date ? value.getTime() : Date.parse(value);
  if (!Number.isFinite(ms)) {
    throw new ValueError(parameter, "must be a valid date-time", value);
  }
  return { ms, seconds: Math.floor(ms / 1000) };
}
