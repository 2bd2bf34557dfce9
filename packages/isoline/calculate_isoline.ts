/**
 * {@linkcode calculateIsoline}: HERE Isoline Routing v8
 * (`GET /v8/isolines`), the area reachable from a point (or from which a
 * point is reachable) within a time, distance or energy budget, and
 * {@linkcode buildCalculateIsolineRequest}, the request it sends.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Client } from "@ls/core";
 * import { calculateIsoline } from "@ls/isoline";
 * import { SANDBOX_API_KEY, startSandbox } from "@ls/sandbox";
 * await using sandbox = await startSandbox();
 * const client = new Client({ apiKey: SANDBOX_API_KEY, baseUrl: sandbox.url });
 *
 * const res = await calculateIsoline(client, {
 *   origin: [52.5, 13.4],
 *   range: "300,600",
 *   rangeType: "time",
 *   transportMode: "car",
 * });
 * assert.deepEqual(res.isolines.map((i) => i.range.value), [300, 600]);
 * ```
 *
 * @module
 */

import * as z from "zod/mini";
import {
  ApiError,
  type Client,
  type JsonResponse,
  Query,
  type RequestOptions,
  type RequestSpec,
  ValueError,
} from "@ls/core";
import {
  appendEv,
  appendTruck,
  checkKeys,
  checkParams,
  departureTimeValue,
  evWireNames,
  formatDateTime,
  formatInteger,
  lazy,
  OPTION_WIRE_NAMES,
  parseWith,
  positiveInteger,
  scrubbing,
  sendsDefault,
  setAvoid,
  setRoutingMode,
  setWaypoint,
  truckWireNames,
} from "@ls/core/internal";
import { IsolineTransportMode, OptimisedFor, RangeType } from "./constants.ts";
import type { IsolineNotice, IsolineResponseBody } from "./isoline_json.ts";
import { IsolineResponse } from "./isoline_response.ts";
import { rangeValues } from "./_range_values.ts";
import { setGroupedOptions } from "./_isoline_options_query.ts";
import { setFuel } from "./_isoline_fuel_query.ts";
import { setAvoidExtras } from "./_isoline_avoid_query.ts";
import { setVehicle, vehicleWireNames } from "./_isoline_vehicle_query.ts";
import type { IsolineParams } from "./isoline_params.ts";

// A parameter added to IsolineParams but not here fails to compile.
const KEYS: readonly string[] = /* @__PURE__ */ Object.keys(
  {
    range: 0,
    rangeType: 0,
    transportMode: 0,
    origin: 0,
    destination: 0,
    departureTime: 0,
    arrivalTime: 0,
    routingMode: 0,
    shapeMaxPoints: 0,
    optimisedFor: 0,
    avoidFeatures: 0,
    avoidAreas: 0,
    avoidSegments: 0,
    avoidZones: 0,
    avoidZoneIds: 0,
    avoidTruckRoadTypes: 0,
    avoidTollTransponders: 0,
    maxSpeedOnSegment: 0,
    shapeMaxResolution: 0,
    exclude: 0,
    allow: 0,
    traffic: 0,
    taxi: 0,
    billingTag: 0,
    truck: 0,
    vehicle: 0,
    ev: 0,
    fuel: 0,
    originPlaceOptions: 0,
    originWaypointOptions: 0,
    destinationPlaceOptions: 0,
    destinationWaypointOptions: 0,
  } satisfies Record<keyof IsolineParams, 0>,
);

/**
 * The names HERE's Isoline Routing v8 gives parameters that
 * {@linkcode calculateIsoline} names otherwise, mapped to ours: the
 * unknown-key error for one of them names our parameter. `range[type]` is
 * `rangeType`, `range[values]` `range`, `optimizeFor` `optimisedFor` (the
 * seed's spelling), `shape[maxPoints]` `shapeMaxPoints`, `avoid[features]`
 * and `avoid[areas]` `avoidFeatures` and `avoidAreas`, the other `avoid[…]`
 * keys `avoidSegments`, `avoidZones`, `avoidZoneIds`, `avoidTruckRoadTypes`
 * and `avoidTollTransponders`, `shape[maxResolution]`
 * `shapeMaxResolution`; each `exclude[…]`, `allow[…]`, `traffic[…]`,
 * `taxi[…]` and `fuel[…]` key an option of the object of that name; each
 * truck field under `vehicle[…]` or `truck[…]` an option of `truck`, the
 * other `vehicle[…]` attributes options of `vehicle`, and
 * `consumptionModel`, each `ev[…]` key and the physical model's
 * `vehicle[…]` attributes options of `ev`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { buildCalculateIsolineRequest, CALCULATE_ISOLINE_WIRE_NAMES } from "@ls/isoline";
 * assert.equal(CALCULATE_ISOLINE_WIRE_NAMES["range[type]"], "rangeType");
 * assert.throws(
 *   () =>
 *     buildCalculateIsolineRequest({
 *       origin: [52.5, 13.4],
 *       range: [600],
 *       rangeType: "time",
 *       transportMode: "car",
 *       optimizeFor: "quality",
 *     } as never),
 *   /^ValueError: Invalid optimizeFor: is not a parameter of calculateIsoline; .*"optimisedFor"/,
 * );
 * ```
 */
export const CALCULATE_ISOLINE_WIRE_NAMES: Readonly<Record<string, string>> =
  /* @__PURE__ */ Object.freeze({
    "range[type]": "rangeType",
    "range[values]": "range",
    optimizeFor: "optimisedFor",
    "shape[maxPoints]": "shapeMaxPoints",
    "avoid[features]": "avoidFeatures",
    "avoid[areas]": "avoidAreas",
    "avoid[segments]": "avoidSegments",
    "avoid[zoneCategories]": "avoidZones",
    "avoid[zoneIdentifiers]": "avoidZoneIds",
    "avoid[truckRoadTypes]": "avoidTruckRoadTypes",
    "avoid[tollTransponders]": "avoidTollTransponders",
    "shape[maxResolution]": "shapeMaxResolution",
    "exclude[countries]": "exclude.countries",
    ...OPTION_WIRE_NAMES,
    "taxi[allowDriveThroughTaxiRoads]": "taxi.allowDriveThroughTaxiRoads",
    "fuel[type]": "fuel.type",
    "fuel[freeFlowSpeedTable]": "fuel.freeFlowSpeedTable",
    "fuel[trafficSpeedTable]": "fuel.trafficSpeedTable",
    "fuel[additionalConsumption]": "fuel.additionalConsumption",
    "fuel[ascent]": "fuel.ascent",
    ...vehicleWireNames(),
    ...evWireNames(true),
    ...truckWireNames(),
  });

const transportModeSchema = /* @__PURE__ */ lazy(() =>
  z.enum(Object.values(IsolineTransportMode))
);
const rangeTypeSchema = /* @__PURE__ */ lazy(() =>
  z.enum(Object.values(RangeType))
);
const optimisedForSchema = /* @__PURE__ */ lazy(() =>
  z.enum(Object.values(OptimisedFor))
);
/**
 * The request {@linkcode calculateIsoline} sends, validated:
 * `GET /v8/isolines` on the isoline host. Pass it to `client.requestJson`
 * (or `client.request` for the raw `Response`).
 *
 * The query carries, in this order: `transportMode`, `origin` or
 * `destination` (with place options after `;` and waypoint options after
 * `!`), `range[type]`, `range[values]`, `routingMode` and `optimizeFor`
 * (always, defaults `fast` and `balanced`), then `departureTime` or
 * `arrivalTime`, `shape[maxPoints]`, the `avoid[…]` keys (features,
 * areas, segments, zone categories and identifiers, truck road types, toll
 * transponders), `maxSpeedOnSegment`, `shape[maxResolution]`,
 * `exclude[…]`, `allow[…]`, `traffic[…]`, `taxi[…]`, `billingTag`, the
 * truck's `vehicle[...]` values and then `vehicle`'s, when given; then for
 * `ev` `consumptionModel` and the model's `ev[...]` keys (and, for the
 * physical model, its `vehicle[...]` attributes), then `fuel[…]`. The
 * closed sets (`transportMode`, `rangeType`, `routingMode`,
 * `optimisedFor`, `avoidFeatures`, `avoidZones.categories`,
 * `avoidTollTransponders`, `traffic.mode`, `fuel.type`, `vehicle.category`
 * and `vehicle.engineType`) take HERE's documented
 * values only. A value HERE adds later goes through the `query` request
 * option: pass the call's `options`, and the defaults of `routingMode` and
 * `optimizeFor` give way to the keys it sets. `origin`, `destination`, `sideOfStreetHint` and polygon
 * vertices take every point form: `[lat, lng]`, `{ lat, lng }`, a GeoJSON
 * `Point` or `Feature`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { buildCalculateIsolineRequest } from "@ls/isoline";
 * const spec = buildCalculateIsolineRequest({
 *   origin: [52.5, 13.4],
 *   range: "300,600",
 *   rangeType: "time",
 *   transportMode: "car",
 * });
 * assert.equal(spec.service, "isoline");
 * assert.equal(spec.path, "/v8/isolines");
 * assert.equal(
 *   spec.query?.toString(),
 *   "transportMode=car&origin=52.5,13.4&range%5Btype%5D=time&range%5Bvalues%5D=300,600" +
 *     "&routingMode=fast&optimizeFor=balanced",
 * );
 * assert.throws(
 *   () => buildCalculateIsolineRequest({ origin: [52.5, 13.4], range: [300], rangeType: "time", transportMode: "car", rang: 1 } as never),
 *   { message: 'Invalid rang: is not a parameter of calculateIsoline; did you mean "range"?' },
 * );
 *
 * // Where an electric car gets on 20 kWh.
 * const ev = buildCalculateIsolineRequest({
 *   origin: [52.5, 13.4],
 *   range: [20000],
 *   rangeType: "consumption",
 *   transportMode: "car",
 *   ev: { freeFlowSpeedTable: [[0, 0.239], [27, 0.239], [45, 0.259]], ascent: 9, descent: 4.3 },
 * });
 * assert.equal(
 *   ev.query?.toString(),
 *   "transportMode=car&origin=52.5,13.4&range%5Btype%5D=consumption&range%5Bvalues%5D=20000" +
 *     "&routingMode=fast&optimizeFor=balanced&consumptionModel=empirical" +
 *     "&ev%5BfreeFlowSpeedTable%5D=0,0.239,27,0.239,45,0.259&ev%5Bascent%5D=9&ev%5Bdescent%5D=4.3",
 * );
 * assert.throws(
 *   () => buildCalculateIsolineRequest({ origin: [52.5, 13.4], range: [20000], rangeType: "consumption", transportMode: "car" }),
 *   { parameter: "ev", message: /is required for rangeType "consumption"/ },
 * );
 * ```
 *
 * @throws {ValueError} for both `origin` and `destination`, or neither;
 * `departureTime` without `origin`; `arrivalTime` without `destination`;
 * place or waypoint options for a waypoint that was not given; range values
 * that are not positive integers; a value outside HERE's set for
 * `transportMode`, `rangeType`, `routingMode`, `optimisedFor` or
 * `avoidFeatures` (the message lists the allowed ones); `"uTurns"` for
 * pedestrian, bicycle or scooter; more than 250 avoided areas, more than 20
 * polygons, or a polygon without 3 to 100 points (in `avoidAreas` or
 * `exclude.areas`); invalid points, times, truck fields, country or state
 * codes, `traffic` or `allow` fields; `taxi` for a mode other than taxi;
 * malformed segment or zone ids, or more than 1000 segments in
 * `avoidSegments` and `maxSpeedOnSegment` together; a `vehicle` field that
 * is malformed, not for the mode (`vehicle` at all for pedestrian or
 * bicycle), or in one of HERE's conflicts (`hovOccupancy` with `occupancy`
 * or `allow`, `weightPerAxleGroup` with `truck.weightPerAxle`);
 * `rangeType: "consumption"` without `ev` or `fuel.freeFlowSpeedTable`;
 * `fuel` with `ev`, for pedestrian or bicycle, without a known `type`, or
 * with a table or climb cost but no `freeFlowSpeedTable`; an `ev` that breaks a rule of
 * its model, holds battery or charging options, or goes with `pedestrian`
 * or `bicycle`; `routingMode: "short"` for a mode that HERE routes the fast
 * way only
 * (bicycle, bus, pedestrian, privateBus, scooter, taxi: `E605012`); a key
 * that is not a parameter of calculateIsoline
 */
export function buildCalculateIsolineRequest(
  params: IsolineParams,
  options?: Pick<RequestOptions, "query">,
): RequestSpec {
  checkParams(params);
  checkKeys(params, KEYS, {
    operation: "calculateIsoline",
    wireNames: CALCULATE_ISOLINE_WIRE_NAMES,
  });

  const hasOrigin = params.origin !== undefined;
  const hasDestination = params.destination !== undefined;
  if (hasOrigin && hasDestination) {
    throw new ValueError(
      "destination",
      "cannot be combined with origin: give exactly one of them",
    );
  }
  if (!hasOrigin && !hasDestination) {
    throw new ValueError(
      "origin",
      "is required unless destination is given: give exactly one of them",
    );
  }
  requires(params, "originPlaceOptions", "origin");
  requires(params, "originWaypointOptions", "origin");
  requires(params, "destinationPlaceOptions", "destination");
  requires(params, "destinationWaypointOptions", "destination");
  requires(params, "departureTime", "origin");
  requires(params, "arrivalTime", "destination");

  const transportMode = parseWith(
    transportModeSchema(),
    params.transportMode,
    "transportMode",
  );
  const query = new Query().set("transportMode", transportMode);
  setWaypoint(query, hasOrigin ? "origin" : "destination", params);
  query.set(
    "range[type]",
    parseWith(rangeTypeSchema(), params.rangeType, "rangeType"),
  );
  query.setStructured(
    "range[values]",
    rangeValues(params.range).map((n) => formatInteger(n)).join(","),
  );
  setRoutingMode(query, params.routingMode, transportMode, options?.query);
  if (sendsDefault(options?.query)("optimizeFor", params.optimisedFor)) {
    query.set(
      "optimizeFor",
      parseWith(
        optimisedForSchema(),
        params.optimisedFor ?? "balanced",
        "optimisedFor",
      ),
    );
  }
  query.set("departureTime", departureTimeValue(params.departureTime));
  if (params.arrivalTime !== undefined) {
    query.set(
      "arrivalTime",
      formatDateTime(params.arrivalTime, "arrivalTime", { allowLocal: true }),
    );
  }
  if (params.shapeMaxPoints !== undefined) {
    query.setStructured(
      "shape[maxPoints]",
      formatInteger(
        parseWith(
          positiveInteger(),
          params.shapeMaxPoints,
          "shapeMaxPoints",
        ),
      ),
    );
  }
  setAvoid(query, params, transportMode);
  setAvoidExtras(query, params);
  setGroupedOptions(query, params, transportMode);
  appendTruck(query, params.truck, "truck");
  setVehicle(query, params, transportMode);
  appendEv(query, params.ev, {
    transportMode,
    isoline: true,
    departureTime: params.departureTime,
  });
  setFuel(query, params, transportMode);
  checkConsumptionModel(params);
  return { service: "isoline", method: "GET", path: "/v8/isolines", query };
}

/**
 * Calculates isolines: sends {@linkcode buildCalculateIsolineRequest}'s
 * request (`GET /v8/isolines`) and wraps the answer in an
 * {@linkcode IsolineResponse}.
 *
 * `info` notices (such as `unknownParameter`) never fail the call; they are
 * in `response.notices`. A notice of any other severity fails it with an
 * `ApiError` (status 200) whose `body` is the response.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Client } from "@ls/core";
 * import { calculateIsoline } from "@ls/isoline";
 * import { SANDBOX_API_KEY, startSandbox } from "@ls/sandbox";
 * await using sandbox = await startSandbox();
 * const client = new Client({ apiKey: SANDBOX_API_KEY, baseUrl: sandbox.url });
 *
 * const res = await calculateIsoline(client, {
 *   destination: [52.52, 13.405],
 *   arrivalTime: "2024-05-01T09:00:00+02:00",
 *   range: [1000, 2000],
 *   rangeType: "distance",
 *   transportMode: "truck",
 *   truck: { grossWeight: 12000, height: 380 },
 *   avoidFeatures: ["tollRoad"],
 * });
 * assert.deepEqual(res.isolines.map((i) => i.range.value), [1000, 2000]);
 * assert.equal(res.arrival?.place.type, "place");
 * const ring = res.toGeoJSON().features[0].geometry.coordinates[0];
 * assert.ok(Array.isArray(ring));
 * ```
 *
 * @throws {ValueError} before any request, for the reasons of
 * {@linkcode buildCalculateIsolineRequest}
 * @throws {ApiError} for an error response (HERE's `E605…` codes) or a
 * critical notice
 */
export async function calculateIsoline(
  client: Client,
  params: IsolineParams,
  options?: RequestOptions,
): Promise<IsolineResponse> {
  const spec = scrubbing(
    client,
    () => buildCalculateIsolineRequest(params, options),
  );
  const res = await client.requestJson<IsolineResponseBody>(spec, options);
  const response = new IsolineResponse(res);
  const critical = response.notices.filter((n) => n?.severity !== "info");
  if (critical.length > 0) throw criticalNotices(res, critical);
  return response;
}

/** The error for an answer that carries critical notices. */
function criticalNotices(
  res: JsonResponse<IsolineResponseBody>,
  critical: readonly IsolineNotice[],
): ApiError {
  const code = critical[0]?.code;
  return ApiError.fromResponse(res, {
    title: "Isolines could not be calculated: HERE returned a critical notice",
    code: typeof code === "string" ? code : undefined,
    detail: critical.map(describeNotice).join("; "),
  });
}

function describeNotice(notice: IsolineNotice): string {
  const severity = notice?.severity ?? "no severity";
  return `${notice?.code} (${severity}): ${notice?.title}`;
}

/** A consumption range needs a consumption model: `ev`, or `fuel`'s table. */
function checkConsumptionModel(params: IsolineParams): void {
  if (params.rangeType !== "consumption") return;
  // Both were checked by now: fuel is an object, and not given with ev.
  const fuel = params.fuel;
  if (fuel !== undefined) {
    if (fuel.freeFlowSpeedTable !== undefined) return;
    throw new ValueError(
      "fuel.freeFlowSpeedTable",
      'is required for rangeType "consumption" with fuel: HERE needs the ' +
        "consumption model to turn ml of fuel into distance",
    );
  }
  if (params.ev === undefined) {
    throw new ValueError(
      "ev",
      'is required for rangeType "consumption": HERE needs the consumption ' +
        "model to turn Wh into distance (ev.freeFlowSpeedTable, or " +
        'consumptionModel "physical" with its fields), or give fuel with ' +
        "its freeFlowSpeedTable for ml of fuel",
    );
  }
}

function requires(
  params: IsolineParams,
  key: keyof IsolineParams,
  needs: "origin" | "destination",
): void {
  if (params[key] !== undefined && params[needs] === undefined) {
    throw new ValueError(key, `requires ${needs}`, params[key]);
  }
}
