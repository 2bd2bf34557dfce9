/**
 * The requests of the five route functions, built and validated without
 * sending anything: {@linkcode buildCarRouteRequest},
 * {@linkcode buildBicycleRouteRequest}, {@linkcode buildTruckRouteRequest},
 * {@linkcode buildScooterRouteRequest} and
 * {@linkcode buildPedestrianRouteRequest}. Each is a thin wrapper around one
 * shared builder that validates the common parameters and the mode's extras,
 * then writes `GET /v8/routes`'s query in a fixed order. Everything that can
 * be wrong with the input throws a `ValueError` here, before any request.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { buildCarRouteRequest } from "@ls/routing";
 * const spec = buildCarRouteRequest({ origin: [52.5, 13.4], destination: [52.503, 13.405] });
 * assert.equal(spec.path, "/v8/routes");
 * assert.equal(
 *   spec.query?.toString(),
 *   "transportMode=car&origin=52.5,13.4&destination=52.503,13.405" +
 *     "&routingMode=fast&alternatives=0&units=metric&lang=en-US",
 * );
 * ```
 *
 * @module
 */

import * as z from "zod/mini";
import {
  AvoidFeature,
  Query,
  type RequestOptions,
  type RequestSpec,
  type TransportMode,
  ValueError,
} from "@ls/core";
import {
  appendEv,
  appendScooter,
  appendTruck,
  checkKeys,
  checkParams,
  departureTimeValue,
  formatAvoidAreas,
  formatCountryList,
  formatInteger,
  formatVia,
  integer,
  parseWith,
  routingModeValue,
  setWaypoint,
  TRUCK_FIELDS,
  validateLanguages,
} from "@ls/core/internal";
import { Return, Span, Units } from "./constants.ts";
import type {
  CarRoutingParams,
  RoutingParams,
  ScooterRoutingParams,
  TruckRoutingParams,
} from "./params.ts";

/** The transport modes with a route function. */
type RouteMode = "car" | "bicycle" | "truck" | "scooter" | "pedestrian";

/** Every mode's parameters, so the builder sees `truck`, `scooter`, `ev`. */
type AnyRoutingParams = TruckRoutingParams & ScooterRoutingParams;

const COMMON_KEYS = [
  "origin",
  "destination",
  "via",
  "originPlaceOptions",
  "originWaypointOptions",
  "destinationPlaceOptions",
  "destinationWaypointOptions",
  "departureTime",
  "routingMode",
  "alternatives",
  "units",
  "lang",
  "returnResults",
  "spans",
  "avoidFeatures",
  "avoidAreas",
  "exclude",
] as const satisfies readonly (keyof RoutingParams)[];

/** The keys each mode accepts: the common ones and its extras, if any. */
const KEYS = {
  car: [...COMMON_KEYS, "ev"],
  bicycle: COMMON_KEYS,
  truck: [...COMMON_KEYS, "truck", "ev"],
  scooter: [...COMMON_KEYS, "scooter", "ev"],
  pedestrian: COMMON_KEYS,
} as const satisfies Readonly<Record<RouteMode, readonly string[]>>;

// A parameter added to a params interface but not to its mode's keys fails
// to compile here (checkKeys would otherwise refuse it at run time).
type Unlisted<P, K extends readonly unknown[]> = Exclude<keyof P, K[number]>;
const _allKeysListed: [
  Unlisted<CarRoutingParams, typeof KEYS.car>,
  Unlisted<TruckRoutingParams, typeof KEYS.truck>,
  Unlisted<ScooterRoutingParams, typeof KEYS.scooter>,
  Unlisted<RoutingParams, typeof KEYS.bicycle>,
] extends [never, never, never, never] ? true : false = true;

/** HERE's wire names every route function models under another name. */
const COMMON_WIRE_NAMES: Readonly<Record<string, string>> = {
  return: "returnResults",
  "avoid[features]": "avoidFeatures",
  "avoid[areas]": "avoidAreas",
  "exclude[countries]": "exclude",
};

/** The `ev[…]` keys, each the `ev` option of the same name. */
const EV_KEYS: readonly string[] = [
  "freeFlowSpeedTable",
  "trafficSpeedTable",
  "ascent",
  "descent",
  "auxiliaryConsumption",
  "driveEfficiency",
  "recuperationEfficiency",
  "auxiliaryPowerConsumption",
  "airDensity",
  "initialCharge",
  "maxCharge",
  "minChargeAtDestination",
  "minChargeAtFirstChargingStation",
  "minChargeAtChargingStation",
  "maxChargeAfterChargingStation",
  "chargingCurve",
  "chargingSetupDuration",
  "maxChargingDuration",
  "maxChargingVoltage",
  "maxChargingCurrent",
  "maxPowerAtLowVoltage",
  "connectorTypes",
  "makeReachable",
];

/** The physical EV model's `vehicle[…]` attributes, `ev` options here. */
const EV_VEHICLE_KEYS: readonly string[] = [
  "currentWeight",
  "width",
  "height",
  "frontalArea",
  "rollingResistanceCoefficient",
  "airDragCoefficient",
];

/** `prefix[key]` → `target.key` for each key. */
function nested(
  prefix: string,
  target: string,
  keys: readonly string[],
): Record<string, string> {
  return Object.fromEntries(
    keys.map((key) => [`${prefix}[${key}]`, `${target}.${key}`]),
  );
}

/** The wire names of `ev`: `consumptionModel`, `ev[…]`, the model's `vehicle[…]`. */
const EV_WIRE_NAMES: Readonly<Record<string, string>> = {
  consumptionModel: "ev.consumptionModel",
  ...nested("ev", "ev", EV_KEYS),
  ...nested("vehicle", "ev", EV_VEHICLE_KEYS),
};

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
  /* @__PURE__ */ Object.freeze({ ...COMMON_WIRE_NAMES, ...EV_WIRE_NAMES });

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
  /* @__PURE__ */ Object.freeze({ ...COMMON_WIRE_NAMES });

/**
 * The names HERE's Routing v8 gives parameters that
 * {@linkcode pedestrianRoute} names otherwise, mapped to ours (as for
 * {@linkcode bicycleRoute}).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { PEDESTRIAN_ROUTE_WIRE_NAMES } from "@ls/routing";
 * assert.equal(PEDESTRIAN_ROUTE_WIRE_NAMES["exclude[countries]"], "exclude");
 * ```
 */
export const PEDESTRIAN_ROUTE_WIRE_NAMES: Readonly<Record<string, string>> =
  /* @__PURE__ */ Object.freeze({ ...COMMON_WIRE_NAMES });

/**
 * The names HERE's Routing v8 gives parameters that {@linkcode truckRoute}
 * names otherwise, mapped to ours: those of carRoute, and each truck field
 * under HERE's `vehicle[…]` or `truck[…]` prefix as an option of `truck`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { TRUCK_ROUTE_WIRE_NAMES } from "@ls/routing";
 * assert.equal(TRUCK_ROUTE_WIRE_NAMES["vehicle[grossWeight]"], "truck.grossWeight");
 * assert.equal(TRUCK_ROUTE_WIRE_NAMES["truck[height]"], "truck.height");
 * assert.equal(TRUCK_ROUTE_WIRE_NAMES["vehicle[currentWeight]"], "ev.currentWeight");
 * ```
 */
export const TRUCK_ROUTE_WIRE_NAMES: Readonly<Record<string, string>> =
  /* @__PURE__ */ Object.freeze({
    ...COMMON_WIRE_NAMES,
    ...EV_WIRE_NAMES,
    ...nested("truck", "truck", TRUCK_FIELDS),
    ...nested("vehicle", "truck", TRUCK_FIELDS),
  });

/**
 * The names HERE's Routing v8 gives parameters that
 * {@linkcode scooterRoute} names otherwise, mapped to ours: those of
 * carRoute, and `scooter[allowHighway]` as `scooter.allowHighway`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { SCOOTER_ROUTE_WIRE_NAMES } from "@ls/routing";
 * assert.equal(SCOOTER_ROUTE_WIRE_NAMES["scooter[allowHighway]"], "scooter.allowHighway");
 * ```
 */
export const SCOOTER_ROUTE_WIRE_NAMES: Readonly<Record<string, string>> =
  /* @__PURE__ */ Object.freeze({
    ...COMMON_WIRE_NAMES,
    ...EV_WIRE_NAMES,
    "scooter[allowHighway]": "scooter.allowHighway",
  });

/** Each mode's wire-name table. */
const WIRE_NAMES: Readonly<
  Record<RouteMode, Readonly<Record<string, string>>>
> = {
  car: CAR_ROUTE_WIRE_NAMES,
  bicycle: BICYCLE_ROUTE_WIRE_NAMES,
  truck: TRUCK_ROUTE_WIRE_NAMES,
  scooter: SCOOTER_ROUTE_WIRE_NAMES,
  pedestrian: PEDESTRIAN_ROUTE_WIRE_NAMES,
};

/** The function a mode's extra key belongs to, named when it is misplaced. */
const EXTRA_OWNER: Readonly<Record<string, string>> = {
  truck: "truckRoute",
  scooter: "scooterRoute",
  ev: "carRoute, truckRoute and scooterRoute " +
    "(HERE has no EV routing for pedestrians or bicycles: E605027)",
  transportMode: "the function: carRoute, bicycleRoute, truckRoute, " +
    "scooterRoute or pedestrianRoute, one for each transport mode",
};

/** Modes for which HERE has no `avoid[features]=uTurns` (E605011). */
const NO_U_TURNS: ReadonlySet<string> = /* @__PURE__ */ new Set<TransportMode>([
  "bicycle",
  "pedestrian",
  "scooter",
]);

/** `actions` needs `polyline`, `instructions` needs `actions`, … */
const RETURN_NEEDS: readonly [value: string, needs: string][] = [
  ["actions", "polyline"],
  ["instructions", "actions"],
  ["turnByTurnActions", "polyline"],
];

const returnList = /* @__PURE__ */ z.optional(
  z.array(z.enum(Object.values(Return)), { error: "must be an array" }),
);
const spanList = /* @__PURE__ */ z.optional(
  z.array(z.enum(Object.values(Span)), { error: "must be an array" }),
);
const avoidFeatureList = /* @__PURE__ */ z.optional(
  z.array(z.enum(Object.values(AvoidFeature)), { error: "must be an array" }),
);
const unitsSchema = /* @__PURE__ */ z.enum(Object.values(Units));
const alternativesSchema = /* @__PURE__ */ z.optional(integer(0, 6));
const viaList = /* @__PURE__ */ z.optional(
  z.array(z.unknown(), { error: "must be an array" }),
);

/**
 * Validates `params` for `mode` and builds the request. Query order:
 * transportMode, origin, destination, via…, departureTime, routingMode,
 * alternatives, units, lang, return, spans, avoid[features], avoid[areas],
 * exclude[countries], then vehicle[…] or scooter[…], then consumptionModel
 * and ev[…] (the physical model's vehicle[…] just before its ev[…]).
 */
function routeRequest(
  mode: RouteMode,
  operation: string,
  params: AnyRoutingParams,
  options: Pick<RequestOptions, "query"> | undefined,
): RequestSpec {
  checkParams(params);
  checkKeys(params, KEYS[mode], {
    operation,
    elsewhere: EXTRA_OWNER,
    wireNames: WIRE_NAMES[mode],
  });

  const query = new Query().set("transportMode", mode);
  setWaypoint(query, "origin", params);
  setWaypoint(query, "destination", params);
  const via = parseWith(viaList, params.via, "via") ?? [];
  via.forEach((v, i) => query.append("via", formatVia(v, i)));

  query.set("departureTime", departureTimeValue(params.departureTime));
  // A default gives way to the same key in `options.query`: the way to send
  // a value HERE added after this client's closed sets.
  const extra = options?.query;
  const given = (key: string, value: unknown) =>
    value !== undefined || !extra || !Object.hasOwn(extra, key);
  if (given("routingMode", params.routingMode)) {
    query.set("routingMode", routingModeValue(params.routingMode, mode));
  }
  if (given("alternatives", params.alternatives)) {
    query.setStructured(
      "alternatives",
      formatInteger(
        parseWith(alternativesSchema, params.alternatives, "alternatives") ??
          0,
      ),
    );
  }
  if (given("units", params.units)) {
    query.set(
      "units",
      parseWith(unitsSchema, params.units ?? "metric", "units"),
    );
  }
  if (given("lang", params.lang)) {
    query.set("lang", validateLanguages(params.lang ?? "en-US", "lang"));
  }

  const returns = parseWith(returnList, params.returnResults, "returnResults");
  const spans = parseWith(spanList, params.spans, "spans");
  checkReturnDependencies(returns ?? [], spans ?? []);
  query.set("return", returns);
  query.set("spans", spans);

  const avoid = parseWith(
    avoidFeatureList,
    params.avoidFeatures,
    "avoidFeatures",
  );
  if (avoid?.includes("uTurns") && NO_U_TURNS.has(mode)) {
    throw new ValueError(
      "avoidFeatures",
      `must not list "uTurns" for transportMode "${mode}" (HERE answers E605011)`,
      avoid,
    );
  }
  query.set("avoid[features]", avoid);
  query.setStructured(
    "avoid[areas]",
    formatAvoidAreas(params.avoidAreas, "avoidAreas"),
  );
  query.setStructured(
    "exclude[countries]",
    formatCountryList(params.exclude, "exclude"),
  );

  if (mode === "truck") appendTruck(query, params.truck, "truck");
  if (mode === "scooter") appendScooter(query, params.scooter, "scooter");
  appendEv(query, params.ev, { transportMode: mode });
  return { service: "router", method: "GET", path: "/v8/routes", query };
}

/**
 * `actions` needs `polyline`, `instructions` needs `actions`,
 * `turnByTurnActions` needs `polyline`, any span needs `polyline`. HERE
 * answers these with E605013 / E605017; nothing is added silently.
 */
function checkReturnDependencies(
  returns: readonly string[],
  spans: readonly string[],
): void {
  for (const [value, needs] of RETURN_NEEDS) {
    if (returns.includes(value) && !returns.includes(needs)) {
      throw new ValueError(
        "returnResults",
        `"${value}" requires "${needs}" as well`,
        returns,
      );
    }
  }
  if (spans.length > 0 && !returns.includes("polyline")) {
    throw new ValueError(
      "spans",
      'require "polyline" in returnResults',
      spans,
    );
  }
}

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
export function buildCarRouteRequest(
  params: CarRoutingParams,
  options?: Pick<RequestOptions, "query">,
): RequestSpec {
  return routeRequest("car", "carRoute", params, options);
}

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
export function buildBicycleRouteRequest(
  params: RoutingParams,
  options?: Pick<RequestOptions, "query">,
): RequestSpec {
  return routeRequest("bicycle", "bicycleRoute", params, options);
}

/**
 * The request {@linkcode truckRoute} sends (`transportMode=truck`). Query
 * and validation as in {@linkcode buildCarRouteRequest}, plus `truck`: the
 * vehicle's restrictions, sent last as `vehicle[...]` keys (HERE's
 * recommended prefix; `truck[...]` takes the same fields). Only the fields
 * given are sent — no defaults for `type` or `trailerCount`. `ev` as for
 * cars; the physical model may take `width` and `height` from `truck`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { buildTruckRouteRequest } from "@ls/routing";
 * const spec = buildTruckRouteRequest({
 *   origin: [52.5, 13.4],
 *   destination: [52.6, 13.5],
 *   truck: { grossWeight: 12000, height: 380 },
 * });
 * assert.match(
 *   spec.query!.toString(),
 *   /&lang=en-US&vehicle%5BgrossWeight%5D=12000&vehicle%5Bheight%5D=380$/,
 * );
 * ```
 *
 * @throws {ValueError} for the reasons of {@linkcode buildCarRouteRequest},
 * and for truck weights (kg), dimensions (cm), `axleCount` or
 * `trailerCount` that are not integers ≥ 0, or an unknown truck field
 */
export function buildTruckRouteRequest(
  params: TruckRoutingParams,
  options?: Pick<RequestOptions, "query">,
): RequestSpec {
  return routeRequest("truck", "truckRoute", params, options);
}

/**
 * The request {@linkcode scooterRoute} sends (`transportMode=scooter`).
 * Query and validation as in {@linkcode buildCarRouteRequest}, plus
 * `scooter`: `{ allowHighway }`, sent last as
 * `scooter[allowHighway]=true|false`, and `ev` as for cars. HERE supports
 * only `routingMode: "fast"` for scooters, and no `"uTurns"` in
 * `avoidFeatures`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { buildScooterRouteRequest } from "@ls/routing";
 * const spec = buildScooterRouteRequest({
 *   origin: [52.5, 13.4],
 *   destination: [52.52, 13.41],
 *   scooter: { allowHighway: true },
 * });
 * assert.match(spec.query!.toString(), /&scooter%5BallowHighway%5D=true$/);
 * ```
 *
 * @throws {ValueError} for the reasons of {@linkcode buildCarRouteRequest},
 * for a non-boolean `scooter.allowHighway`, `routingMode: "short"` or
 * `"uTurns"` in `avoidFeatures`
 */
export function buildScooterRouteRequest(
  params: ScooterRoutingParams,
  options?: Pick<RequestOptions, "query">,
): RequestSpec {
  return routeRequest("scooter", "scooterRoute", params, options);
}

/**
 * The request {@linkcode pedestrianRoute} sends
 * (`transportMode=pedestrian`). Query and validation as in
 * {@linkcode buildCarRouteRequest}; HERE supports only `routingMode: "fast"`
 * for pedestrians, no `"uTurns"` in `avoidFeatures`, and no `ev` (E605027).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { buildPedestrianRouteRequest } from "@ls/routing";
 * const spec = buildPedestrianRouteRequest({
 *   origin: [52.5, 13.4],
 *   destination: [52.501, 13.402],
 *   lang: ["de-DE", "en-US"],
 * });
 * assert.equal(spec.query?.toString().split("&")[0], "transportMode=pedestrian");
 * assert.match(spec.query!.toString(), /&lang=de-DE,en-US$/);
 * ```
 *
 * @throws {ValueError} for the reasons of {@linkcode buildCarRouteRequest},
 * and for `routingMode: "short"` or `"uTurns"` in `avoidFeatures`
 */
export function buildPedestrianRouteRequest(
  params: RoutingParams,
  options?: Pick<RequestOptions, "query">,
): RequestSpec {
  return routeRequest("pedestrian", "pedestrianRoute", params, options);
}
