/**
 * The car and bicycle route functions, with their parameters, wire names
 * and the requests they send: {@linkcode carRoute} (with `ev`, `fuel`,
 * `tolls`) and {@linkcode bicycleRoute}, and
 * {@linkcode buildCarRouteRequest} and
 * {@linkcode buildBicycleRouteRequest}. Each builder validates the
 * common parameters and the mode's extras, then writes `GET /v8/routes`'s
 * query in a fixed order; everything that can be wrong with the input
 * throws a `ValueError` there, before any request. Each function builds its
 * request with the matching builder, sends it with the client, and wraps
 * the body in a {@linkcode RoutingResponse}. Trucks, scooters and
 * pedestrians are in `truck_route.ts`, `scooter_route.ts` and
 * `pedestrian_route.ts`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Client } from "@ls/core";
 * import { buildCarRouteRequest, carRoute } from "@ls/routing";
 * const spec = buildCarRouteRequest({ origin: [52.5, 13.4], destination: [52.503, 13.405] });
 * assert.equal(spec.path, "/v8/routes");
 * assert.equal(
 *   spec.query?.toString(),
 *   "transportMode=car&origin=52.5,13.4&destination=52.503,13.405" +
 *     "&routingMode=fast&alternatives=0&units=metric&lang=en-US",
 * );
 * const client = new Client({ apiKey: "<API_KEY>" });
 * await assert.rejects(
 *   carRoute(client, { origin: [91, 13.4], destination: [52.503, 13.405] }),
 *   { name: "ValueError", parameter: "origin" },
 * );
 * ```
 *
 * @module
 */

import type { RouteBuilder, RouteFunction } from "./route_function.ts";
import type { EvOptions } from "@ls/core";
import { evWireNames } from "@ls/core/internal";
import * as op from "./_route_operation.ts";
import type { RoutingParams } from "./params.ts";
import type { TollOptions } from "./tolls.ts";
import type { FuelOptions } from "./fuel.ts";
import type { VehicleOptions } from "./vehicle.ts";

/**
 * The parameters of `carRoute`: {@linkcode RoutingParams} plus `ev`, the
 * electric vehicle's consumption model and battery (`consumptionModel`,
 * `ev[...]`, and for the physical model `vehicle[...]`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { buildCarRouteRequest, type CarRoutingParams } from "@ls/routing";
 * const params: CarRoutingParams = {
 *   origin: [52.5, 13.4],
 *   destination: [51.05, 13.74],
 *   ev: { freeFlowSpeedTable: [[0, 0.239], [27, 0.239]], initialCharge: 48, maxCharge: 80 },
 * };
 * assert.match(
 *   buildCarRouteRequest(params).query!.toString(),
 *   /&consumptionModel=empirical&ev%5BfreeFlowSpeedTable%5D=0,0.239,27,0.239&ev%5BinitialCharge%5D=48&ev%5BmaxCharge%5D=80$/,
 * );
 * ```
 */
export interface CarRoutingParams extends RoutingParams {
  /**
   * Electric vehicle: its consumption model (empirical speed tables, or the
   * physical model with the vehicle's weight and drag), its battery, and
   * what the router needs to add charging stops (`makeReachable`). The
   * response then carries the charge at each section's ends, the
   * consumption in its summary and the charging stops.
   */
  ev?: EvOptions;
  /**
   * How HERE prices the route's tolls (`tolls[…]`): summaries, owned
   * vignettes and transponders, a toll vehicle class, the emission class.
   * Every option needs `"tolls"` in `returnResults`; sections then carry
   * `tolls` with their fares ({@linkcode TollOptions}).
   */
  tolls?: TollOptions;
  /**
   * A combustion engine: its fuel type and consumption model
   * ({@linkcode FuelOptions}, `fuel[…]`). Sections then carry the fuel
   * used and the CO₂ emitted in their summary. Not with `ev`.
   */
  fuel?: FuelOptions;
  /**
   * ISO 4217 code (`EUR`) toll prices are converted to (`convertedPrice`)
   * and toll totals are given in; a `total` summary needs it.
   */
  currency?: string;
  /**
   * The vehicle beyond its consumption: speed cap, occupancy, licence
   * plate, engine type, commercial use ({@linkcode VehicleOptions},
   * `vehicle[…]`). Not on scooter routes.
   */
  vehicle?: VehicleOptions;
}

/**
 * The names HERE's Routing v8 gives parameters that {@linkcode carRoute}
 * names otherwise, mapped to ours: the unknown-key error for one of them
 * names our parameter. `return` is `returnResults`, `avoid[features]`
 * `avoidFeatures`, `avoid[areas]` `avoidAreas`, `exclude[countries]`
 * `exclude`, `consumptionModel` and each `ev[…]` key (and the physical
 * model's `vehicle[…]` attributes) an option of `ev`. The transport mode is
 * the function itself.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { buildCarRouteRequest, CAR_ROUTE_WIRE_NAMES } from "@ls/routing";
 * assert.equal(CAR_ROUTE_WIRE_NAMES.return, "returnResults");
 * assert.throws(
 *   () => buildCarRouteRequest({ origin: [52.5, 13.4], destination: [52.6, 13.5], return: "summary" } as never),
 *   /^ValueError: Invalid return: is not a parameter of carRoute; .*"returnResults"/,
 * );
 * ```
 */
export const CAR_ROUTE_WIRE_NAMES: Readonly<Record<string, string>> =
  /* @__PURE__ */ Object.freeze({
    ...op.COMMON_WIRE_NAMES,
    ...evWireNames(),
    "tolls[summaries]": "tolls.summaries",
    "tolls[vignettes]": "tolls.vignettes",
    "tolls[transponders]": "tolls.transponders",
    "tolls[vehicleCategory]": "tolls.vehicleCategory",
    "tolls[emissionType]": "tolls.emissionType",
    "fuel[type]": "fuel.type",
    "fuel[freeFlowSpeedTable]": "fuel.freeFlowSpeedTable",
    "fuel[trafficSpeedTable]": "fuel.trafficSpeedTable",
    "fuel[additionalConsumption]": "fuel.additionalConsumption",
    "fuel[ascent]": "fuel.ascent",
    "vehicle[speedCap]": "vehicle.speedCap",
    "vehicle[speedCapPerFc]": "vehicle.speedCapPerFc",
    "vehicle[occupancy]": "vehicle.occupancy",
    "vehicle[hovOccupancy]": "vehicle.hovOccupancy",
    "vehicle[licensePlate]": "vehicle.licensePlate",
    "vehicle[engineType]": "vehicle.engineType",
    "vehicle[commercial]": "vehicle.commercial",
    "vehicle[emptyWeight]": "vehicle.emptyWeight",
    "vehicle[weightPerAxleGroup]": "vehicle.weightPerAxleGroup",
    "vehicle[kpraLength]": "vehicle.kpraLength",
    "vehicle[payloadCapacity]": "vehicle.payloadCapacity",
    "vehicle[trailerAxleCount]": "vehicle.trailerAxleCount",
    "vehicle[tiresCount]": "vehicle.tiresCount",
    "vehicle[category]": "vehicle.category",
    "vehicle[heightAboveFirstAxle]": "vehicle.heightAboveFirstAxle",
    "vehicle[engineSizeCc]": "vehicle.engineSizeCc",
  });

/** carRoute: its mode, keys beyond the common ones, and wire names. */
const CAR: op.RouteMode = {
  transportMode: "car",
  extras: { ...op.MOTOR_EXTRAS, vehicle: 0 } satisfies op.Extras<
    CarRoutingParams
  >,
  wireNames: CAR_ROUTE_WIRE_NAMES,
};

/**
 * The names HERE's Routing v8 gives parameters that
 * {@linkcode bicycleRoute} names otherwise, mapped to ours: `return`,
 * `avoid[features]`, `avoid[areas]` and `exclude[countries]` (see
 * {@linkcode CAR_ROUTE_WIRE_NAMES}).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { BICYCLE_ROUTE_WIRE_NAMES } from "@ls/routing";
 * assert.equal(BICYCLE_ROUTE_WIRE_NAMES["avoid[features]"], "avoidFeatures");
 * ```
 */
export const BICYCLE_ROUTE_WIRE_NAMES: Readonly<Record<string, string>> =
  /* @__PURE__ */ Object.freeze({ ...op.COMMON_WIRE_NAMES });

/** bicycleRoute: its mode, keys beyond the common ones, and wire names. */
const BICYCLE: op.RouteMode = {
  transportMode: "bicycle",
  extras: {},
  wireNames: BICYCLE_ROUTE_WIRE_NAMES,
};

/**
 * The request {@linkcode carRoute} sends, validated: `GET /v8/routes` on the
 * router host with `transportMode=car`. Pass it to `client.requestJson` (or
 * `client.request` for the raw `Response`).
 *
 * The query carries, in this order: `transportMode`, `origin`,
 * `destination`, each `via`, `departureTime`, `routingMode`, `alternatives`,
 * `units`, `lang` (the last four always, with their defaults `fast`, `0`,
 * `metric`, `en-US`), then `return`, `spans`, `avoid[features]`,
 * `avoid[areas]`, `exclude[countries]` when given, and last, for `ev`,
 * `consumptionModel` and the `ev[...]` keys (see `appendEv` in
 * `@ls/core/internal` for their order). `returnResults`, `spans`,
 * `avoidFeatures`, `routingMode` and `units` take HERE's documented values
 * only. A value HERE adds later goes through the `query` request option:
 * pass the same `options` as to the call, and the defaults of
 * `routingMode`, `alternatives`, `units` and `lang` give way to the keys it
 * sets (`{ query: { routingMode: "eco" } }`).
 * Points (`origin`, `destination`, each `via`, `sideOfStreetHint`, polygon
 * vertices) take every point form: `[lat, lng]`, `{ lat, lng }`, a GeoJSON
 * `Point` or `Feature`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { buildCarRouteRequest } from "@ls/routing";
 * const spec = buildCarRouteRequest({
 *   origin: [52.5, 13.4],
 *   destination: [52.503, 13.405],
 *   via: [{ lat: 52.501, lng: 13.402, waypointOptions: { passThrough: true } }],
 *   returnResults: ["polyline", "summary"],
 *   avoidFeatures: ["tollRoad"],
 * });
 * assert.equal(spec.service, "router");
 * assert.equal(
 *   spec.query?.toString(),
 *   "transportMode=car&origin=52.5,13.4&destination=52.503,13.405" +
 *     "&via=52.501,13.402!passThrough=true" +
 *     "&routingMode=fast&alternatives=0&units=metric&lang=en-US" +
 *     "&return=polyline,summary&avoid%5Bfeatures%5D=tollRoad",
 * );
 * assert.throws(
 *   () => buildCarRouteRequest({ origin: [52.5, 13.4], destination: [52.5, 13.41], truck: {} } as never),
 *   { message: "Invalid truck: is not a parameter of carRoute; it belongs to truckRoute" },
 * );
 *
 * // An electric car that may stop to charge on the way.
 * const ev = buildCarRouteRequest({
 *   origin: [52.5, 13.4],
 *   destination: [51.05, 13.74],
 *   ev: {
 *     freeFlowSpeedTable: [[0, 0.239], [27, 0.239], [60, 0.196]],
 *     initialCharge: 20,
 *     maxCharge: 80,
 *     maxChargeAfterChargingStation: 72,
 *     chargingCurve: [[0, 239], [64, 111], [80, 1]],
 *     connectorTypes: ["iec62196Type2Combo"],
 *     makeReachable: true,
 *   },
 * });
 * assert.equal(
 *   ev.query?.toString(),
 *   "transportMode=car&origin=52.5,13.4&destination=51.05,13.74" +
 *     "&routingMode=fast&alternatives=0&units=metric&lang=en-US" +
 *     "&consumptionModel=empirical&ev%5BfreeFlowSpeedTable%5D=0,0.239,27,0.239,60,0.196" +
 *     "&ev%5BinitialCharge%5D=20&ev%5BmaxCharge%5D=80&ev%5BmaxChargeAfterChargingStation%5D=72" +
 *     "&ev%5BchargingCurve%5D=0,239,64,111,80,1&ev%5BconnectorTypes%5D=iec62196Type2Combo" +
 *     "&ev%5BmakeReachable%5D=true",
 * );
 *
 * // A routing mode HERE added later: the default gives way to options.query.
 * const later = buildCarRouteRequest({ origin: [52.5, 13.4], destination: [52.6, 13.5] }, { query: { routingMode: "eco" } });
 * assert.doesNotMatch(later.query?.toString() ?? "", /routingMode/);
 * ```
 *
 * @throws {ValueError} for invalid points; a value outside HERE's set for
 * `returnResults`, `spans`, `avoidFeatures`, `routingMode` or `units` (the
 * message lists the allowed ones); `alternatives` that is not
 * an integer from 0 to 6; `actions` without `polyline`, `instructions`
 * without `actions`, `turnByTurnActions` without `polyline`, `spans` without
 * `polyline`; `stopDuration` on the origin; `passThrough` anywhere but a
 * via, or with a `stopDuration` above 0; more than 250 avoided areas,
 * more than 20 polygons, or a polygon without 3 to 100 points; country
 * codes that are not upper-case alpha-3; malformed times or languages; an `ev` value that
 * breaks a rule of its model or of the battery options (a missing
 * dependency such as `makeReachable` without `chargingCurve`, speeds out of
 * order, `initialCharge` above `maxCharge`, …); a key that is not a
 * parameter of carRoute
 */
export const buildCarRouteRequest: RouteBuilder<CarRoutingParams> =
  /* @__PURE__ */ op.routeBuilder(CAR);

/**
 * The request {@linkcode bicycleRoute} sends (`transportMode=bicycle`).
 * Query and validation as in {@linkcode buildCarRouteRequest}; HERE supports
 * only `routingMode: "fast"` for bicycles, no `"uTurns"` in
 * `avoidFeatures`, and no `ev` (E605027).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { buildBicycleRouteRequest, type RoutingParams } from "@ls/routing";
 * const params: RoutingParams = { origin: [52.5, 13.4], destination: [52.52, 13.41] };
 * const spec = buildBicycleRouteRequest({ ...params, spans: ["names"], returnResults: ["polyline"] });
 * assert.match(spec.query!.toString(), /^transportMode=bicycle&.*&return=polyline&spans=names$/);
 * assert.throws(
 *   () => buildBicycleRouteRequest({ ...params, routingMode: "short" }),
 *   /routingMode: must be "fast" for transportMode "bicycle"/,
 * );
 * ```
 *
 * @throws {ValueError} for the reasons of {@linkcode buildCarRouteRequest},
 * and for `routingMode: "short"` or `"uTurns"` in `avoidFeatures`
 */
export const buildBicycleRouteRequest: RouteBuilder<RoutingParams> =
  /* @__PURE__ */ op.routeBuilder(BICYCLE);

/**
 * Calculates a car route: sends {@linkcode buildCarRouteRequest}'s
 * request (`GET /v8/routes`, `transportMode=car`) and wraps the answer in a
 * {@linkcode RoutingResponse}.
 *
 * If HERE returns routes but every one has a section with a critical
 * notice of an unknown code, the call fails with an `ApiError` (status
 * 200) whose `body` holds the response; see {@linkcode RoutingResponse}.
 * If HERE returns no route at all, that is the answer, not an error:
 * `res.notices` say why, and `res.evNotices` those with an EV code (such
 * as `noReachableChargingStationsFound`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Client } from "@ls/core";
 * import { SANDBOX_API_KEY, startSandbox } from "@ls/sandbox";
 * await using sandbox = await startSandbox();
 * const client = new Client({ apiKey: SANDBOX_API_KEY, baseUrl: sandbox.url });
 * import { carRoute } from "@ls/routing";
 *
 * const res = await carRoute(client, {
 *   origin: [52.5, 13.4],
 *   destination: [52.503, 13.405],
 *   via: [{ lat: 52.501, lng: 13.402, waypointOptions: { passThrough: true } }],
 *   departureTime: new Date(),
 *   returnResults: ["polyline", "summary", "actions", "instructions"],
 *   avoidFeatures: ["tollRoad"],
 * });
 * const [section] = res.routes[0].sections;
 * assert.ok(section.summary!.length > 0);
 * assert.equal(section.actions?.at(-1)?.action, "arrive");
 * assert.equal(res.toGeoJSON().features[0].geometry.type, "LineString");
 * ```
 *
 * @throws {ValueError} before any request, for the reasons of
 * {@linkcode buildCarRouteRequest}
 * @throws {ApiError} for an error response (HERE's `E605…` codes) or when
 * every route must be discarded
 */
export const carRoute: RouteFunction<CarRoutingParams> = /* @__PURE__ */ op
  .routeFunction(buildCarRouteRequest);

/**
 * Calculates a bicycle route (`transportMode=bicycle`): sends
 * {@linkcode buildBicycleRouteRequest}'s request and wraps the answer in a
 * {@linkcode RoutingResponse}, as {@linkcode carRoute} does. HERE supports
 * only `routingMode: "fast"` for bicycles.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Client } from "@ls/core";
 * import { SANDBOX_API_KEY, startSandbox } from "@ls/sandbox";
 * await using sandbox = await startSandbox();
 * const client = new Client({ apiKey: SANDBOX_API_KEY, baseUrl: sandbox.url });
 * import { bicycleRoute } from "@ls/routing";
 *
 * const res = await bicycleRoute(client, {
 *   origin: [52.5, 13.4],
 *   destination: [52.52, 13.41],
 *   returnResults: ["polyline", "summary"],
 *   spans: ["names"],
 * });
 * const [section] = res.routes[0].sections;
 * assert.equal(section.transport.mode, "bicycle");
 * assert.equal(section.spans?.[0].offset, 0);
 * ```
 *
 * @throws {ValueError} before any request, for the reasons of
 * {@linkcode buildBicycleRouteRequest}
 * @throws {ApiError} for an error response (HERE's `E605…` codes) or when
 * every route must be discarded
 */
export const bicycleRoute: RouteFunction<RoutingParams> = /* @__PURE__ */ op
  .routeFunction(buildBicycleRouteRequest);
