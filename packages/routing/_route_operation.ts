/**
 * The one HERE operation behind the route functions, `GET /v8/routes`:
 * {@linkcode buildRoute} validates the common parameters and a mode's
 * extras and writes the query in a fixed order, and {@linkcode sendRoute}
 * sends it and wraps the answer. Each mode's file (`routes.ts`,
 * `truck_route.ts`, `scooter_route.ts`, `taxi_route.ts`, `bus_route.ts`,
 * …) names its keys, its wire names and its vehicle options.
 *
 * @module
 */

import * as z from "zod/mini";
import {
  ApiError,
  type Client,
  type EvOptions,
  type JsonResponse,
  Query,
  type RequestOptions,
  type RequestSpec,
  type Scooter,
  type TaxiOptions,
  type TransportMode,
  type Truck,
  ValueError,
} from "@ls/core";
import {
  appendEv,
  appendScooter,
  appendTaxi,
  appendTruck,
  checkKeys,
  checkParams,
  departureTimeValue,
  formatDateTime,
  formatInteger,
  formatVia,
  integer,
  isRecord,
  lazy,
  OPTION_WIRE_NAMES,
  parseWith,
  scrubbing,
  sendsDefault,
  setAvoid,
  setRoutingMode,
  setWaypoint,
  validateLanguages,
} from "@ls/core/internal";
import { Return, Span, Units } from "./constants.ts";
import type { RoutingParams } from "./params.ts";
import type { RoutingResponseBody } from "./routing_json.ts";
import { appendTolls } from "./_route_tolls.ts";
import {
  appendDriver,
  appendPedestrian,
  appendPermittedNetworks,
  appendRouteOptions,
} from "./_route_options.ts";
import type { TollOptions } from "./tolls.ts";
import type { FuelOptions } from "./fuel.ts";
import type {
  DriverOptions,
  PedestrianOptions,
  PermittedNetwork,
} from "./route_options.ts";
import type { VehicleOptions } from "./vehicle.ts";
import { appendVehicle } from "./_route_vehicle.ts";
import { appendFuel } from "./_route_fuel.ts";
import type { RouteBuilder, RouteFunction } from "./route_function.ts";
import { RoutingResponse } from "./routing_response.ts";

/** The parameters {@linkcode buildRoute} reads: the common ones and the extras. */
export type RouteParams = RoutingParams & {
  ev?: EvOptions;
  truck?: Truck;
  scooter?: Scooter;
  tolls?: TollOptions;
  currency?: string;
  fuel?: FuelOptions;
  pedestrian?: PedestrianOptions;
  vehicle?: VehicleOptions;
  driver?: DriverOptions;
  taxi?: TaxiOptions;
  bus?: Omit<Truck, "type">;
  permittedNetworks?: readonly PermittedNetwork[];
};

/**
 * The keys every motor vehicle's route takes beyond the common ones: an EV
 * or a fuel model, and tolls with their currency.
 */
export const MOTOR_EXTRAS = { ev: 0, tolls: 0, currency: 0, fuel: 0 } as const;

/** A mode's keys beyond {@linkcode RoutingParams}', each listed as `key: 0`. */
export type Extras<P> = Record<Exclude<keyof P, keyof RoutingParams>, 0>;

/** What makes one route function: its mode, extra keys and wire names. */
export interface RouteMode {
  /** The `transportMode` sent; the function is named after it (`carRoute`). */
  transportMode: TransportMode;
  /** The keys beyond the common ones, in the order they are listed. */
  extras: Readonly<Record<string, 0>>;
  /** HERE's names for our parameters, mapped to ours. */
  wireNames: Readonly<Record<string, string>>;
}

// A parameter added to RoutingParams but not here fails to compile.
const COMMON_KEYS: readonly string[] = /* @__PURE__ */ Object.keys(
  {
    origin: 0,
    destination: 0,
    via: 0,
    originPlaceOptions: 0,
    originWaypointOptions: 0,
    destinationPlaceOptions: 0,
    destinationWaypointOptions: 0,
    departureTime: 0,
    arrivalTime: 0,
    routingMode: 0,
    alternatives: 0,
    units: 0,
    lang: 0,
    returnResults: 0,
    spans: 0,
    avoidFeatures: 0,
    avoidAreas: 0,
    avoidSegments: 0,
    avoidZoneCategories: 0,
    avoidZoneIdentifiers: 0,
    avoidTruckRoadTypes: 0,
    avoidTollTransponders: 0,
    exclude: 0,
    allow: 0,
    traffic: 0,
    maxSpeedOnSegment: 0,
    billingTag: 0,
    customizations: 0,
  } satisfies Record<keyof RoutingParams, 0>,
);

/** HERE's wire names every route function models under another name. */
export const COMMON_WIRE_NAMES: Readonly<Record<string, string>> = {
  return: "returnResults",
  "avoid[features]": "avoidFeatures",
  "avoid[areas]": "avoidAreas",
  "avoid[segments]": "avoidSegments",
  "avoid[zoneCategories]": "avoidZoneCategories",
  "avoid[zoneIdentifiers]": "avoidZoneIdentifiers",
  "avoid[truckRoadTypes]": "avoidTruckRoadTypes",
  "avoid[tollTransponders]": "avoidTollTransponders",
  "exclude[countries]": "exclude",
  ...OPTION_WIRE_NAMES,
};

/** The function a mode's extra key belongs to, named when it is misplaced. */
const EXTRA_OWNER: Readonly<Record<string, string>> = {
  truck: "truckRoute",
  scooter: "scooterRoute",
  tolls: "carRoute, truckRoute, scooterRoute and the taxi and bus routes",
  currency: "carRoute, truckRoute, scooterRoute and the taxi and bus routes",
  fuel: "carRoute, truckRoute, scooterRoute and the taxi and bus routes",
  pedestrian: "pedestrianRoute",
  vehicle: "carRoute, truckRoute and the taxi and bus routes",
  driver: "truckRoute and the bus routes",
  taxi: "taxiRoute",
  bus: "busRoute and privateBusRoute",
  permittedNetworks: "truckRoute",
  ev: "carRoute, truckRoute and scooterRoute " +
    "(HERE has no EV routing for pedestrians or bicycles: E605027)",
  transportMode: "the function: carRoute, bicycleRoute, truckRoute, " +
    "scooterRoute, pedestrianRoute, taxiRoute, busRoute or privateBusRoute, " +
    "one for each transport mode",
};

/**
 * Adds a bus's dimensions and weights as a truck's `vehicle[…]`, refusing
 * `type`, which HERE takes with `transportMode=truck` alone.
 */
function appendBus(query: Query, bus: RouteParams["bus"]): void {
  // Inherited too: the schema reads a prototype's fields as the bus's own.
  if (isRecord(bus) && "type" in bus) {
    throw new ValueError(
      "bus.type",
      'is for truckRoute only: HERE takes vehicle[type] with transportMode "truck" alone',
      (bus as { type?: unknown }).type,
    );
  }
  appendTruck(query, bus, "bus");
}

/**
 * The `transportMode` sent: a truck with `permittedNetworks` is HERE's
 * `networkRestrictedTruck` (Beta), which routes the fast way only and
 * without EV routing.
 */
function sentMode(params: RouteParams, transportMode: TransportMode): string {
  if (transportMode !== "truck" || params.permittedNetworks === undefined) {
    return transportMode;
  }
  if (params.routingMode === "short") {
    throw new ValueError(
      "routingMode",
      'must be "fast" with permittedNetworks: HERE routes a networkRestrictedTruck the fast way only',
      params.routingMode,
    );
  }
  if (params.ev !== undefined) {
    throw new ValueError(
      "ev",
      "not with permittedNetworks: HERE has no EV routing for a networkRestrictedTruck",
    );
  }
  return "networkRestrictedTruck";
}

/** `actions` needs `polyline`, `instructions` needs `actions`, … */
const RETURN_NEEDS: readonly [value: string, needs: string][] = [
  ["actions", "polyline"],
  ["instructions", "actions"],
  ["turnByTurnActions", "polyline"],
];

const returnList = /* @__PURE__ */ lazy(() =>
  z.optional(
    z.array(z.enum(Object.values(Return)), { error: "must be an array" }),
  )
);
const spanList = /* @__PURE__ */ lazy(() =>
  z.optional(
    z.array(z.enum(Object.values(Span)), { error: "must be an array" }),
  )
);
const unitsSchema = /* @__PURE__ */ lazy(() => z.enum(Object.values(Units)));
const alternativesSchema = /* @__PURE__ */ lazy(() =>
  z.optional(integer(0, 6))
);
const viaList = /* @__PURE__ */ lazy(() =>
  z.optional(z.array(z.unknown(), { error: "must be an array" }))
);

/**
 * Validates `params` for `mode` and builds the request. Query order:
 * transportMode, origin, destination, via…, departureTime or arrivalTime,
 * routingMode,
 * alternatives, units, lang, return, spans, avoid[features], avoid[areas],
 * exclude[countries], then vehicle[…] (a truck's or a bus's, a truck's
 * networkRestrictedTruck[permittedNetworks], the vehicle options, then
 * driver[schedule]), taxi[…] or scooter[…], then consumptionModel
 * and ev[…] (the physical model's vehicle[…] just before its ev[…]) or
 * fuel[…], then currency and tolls[…].
 */
export function buildRoute(
  mode: RouteMode,
  params: RouteParams,
  options: Pick<RequestOptions, "query"> | undefined,
): RequestSpec {
  const { transportMode } = mode;
  checkParams(params);
  checkKeys(params, [...COMMON_KEYS, ...Object.keys(mode.extras)], {
    operation: `${transportMode}Route`,
    elsewhere: EXTRA_OWNER,
    wireNames: mode.wireNames,
  });

  const query = new Query().set(
    "transportMode",
    sentMode(params, transportMode),
  );
  setWaypoint(query, "origin", params);
  setWaypoint(query, "destination", params);
  const via = parseWith(viaList(), params.via, "via") ?? [];
  via.forEach((v, i) => query.append("via", formatVia(v, i)));

  query.set("departureTime", departureTimeValue(params.departureTime));
  query.set("arrivalTime", arrivalTimeValue(params));
  setRoutingMode(query, params.routingMode, transportMode, options?.query);
  const sends = sendsDefault(options?.query);
  if (sends("alternatives", params.alternatives)) {
    query.setStructured(
      "alternatives",
      formatInteger(
        parseWith(alternativesSchema(), params.alternatives, "alternatives") ??
          0,
      ),
    );
  }
  if (sends("units", params.units)) {
    query.set(
      "units",
      parseWith(unitsSchema(), params.units ?? "metric", "units"),
    );
  }
  if (sends("lang", params.lang)) {
    query.set("lang", validateLanguages(params.lang ?? "en-US", "lang"));
  }

  const returns = parseWith(
    returnList(),
    params.returnResults,
    "returnResults",
  );
  const spans = parseWith(spanList(), params.spans, "spans");
  checkReturnDependencies(returns ?? [], spans ?? []);
  query.set("return", returns);
  query.set("spans", spans);

  setAvoid(query, params, transportMode);
  appendRouteOptions(query, params);

  const bus = transportMode === "bus" || transportMode === "privateBus";
  if (transportMode === "truck") {
    appendTruck(query, params.truck, "truck");
    appendPermittedNetworks(query, params.permittedNetworks);
  }
  if (bus) appendBus(query, params.bus);
  // A bus's weights and axles meet the vehicle options as a truck's do.
  appendVehicle(query, params, transportMode, bus ? params.bus : params.truck);
  appendDriver(query, params);
  if (transportMode === "taxi") appendTaxi(query, params.taxi);
  if (transportMode === "scooter") {
    appendScooter(query, params.scooter, "scooter");
  }
  appendEv(query, params.ev, {
    transportMode,
    departureTime: params.departureTime,
  });
  appendFuel(query, params.fuel, params.ev);
  if (transportMode === "pedestrian") {
    appendPedestrian(query, params.pedestrian);
  }
  appendTolls(query, params, returns ?? [], transportMode);
  return { service: "router", method: "GET", path: "/v8/routes", query };
}

/**
 * The `arrivalTime` sent: an RFC 3339 date-time, with or without offset
 * (no `any`). HERE takes it without `departureTime` (E605018) and without
 * EV routing only.
 */
function arrivalTimeValue(params: RouteParams): string | undefined {
  const { arrivalTime } = params;
  if (arrivalTime === undefined) return undefined;
  const value = formatDateTime(arrivalTime, "arrivalTime", {
    allowLocal: true,
  });
  if (params.departureTime !== undefined) {
    throw new ValueError(
      "arrivalTime",
      "not with departureTime; give one of them",
      arrivalTime,
    );
  }
  if (params.ev !== undefined) {
    throw new ValueError(
      "arrivalTime",
      "not with ev; HERE plans EV routes from their departure",
      arrivalTime,
    );
  }
  return value;
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
 * Builds a route function's request with `build`, sends it and wraps the
 * answer. The request is built inside, so an invalid parameter rejects the
 * promise.
 */
export async function sendRoute<P>(
  client: Client,
  build: (params: P, options?: Pick<RequestOptions, "query">) => RequestSpec,
  params: P,
  options: RequestOptions | undefined,
): Promise<RoutingResponse> {
  const spec = scrubbing(client, () => build(params, options));
  const res = await client.requestJson<RoutingResponseBody>(spec, options);
  const response = new RoutingResponse(res);
  if (response.routes.length === 0 && response.discardedRoutes.length > 0) {
    throw allDiscarded(res, response);
  }
  return response;
}

/** The error for a response whose every route must be discarded. */
function allDiscarded(
  res: JsonResponse<RoutingResponseBody>,
  response: RoutingResponse,
): ApiError {
  const discarded = response.discardedRoutes;
  const notices = discarded.flatMap((r) => r.blockingNotices);
  // Whole: ApiError.fromResponse scrubs, then cuts.
  const codes = [...new Set(notices.map((n) => String(n?.code)))];
  const which = discarded.length === 1
    ? "the only route"
    : `all ${discarded.length} routes`;
  return ApiError.fromResponse(res, {
    title: "Every route carries a critical notice and must be discarded",
    code: codes[0],
    detail: `HERE flagged ${which} with critical notice codes this client ` +
      `does not know (${codes.join(", ")}); HERE's rule is to discard such ` +
      "sections",
  });
}

/** The builder of a route function: {@linkcode buildRoute} for `mode`. */
export /* @__NO_SIDE_EFFECTS__ */ function routeBuilder<P extends RouteParams>(
  mode: RouteMode,
): RouteBuilder<P> {
  return (params, options) => buildRoute(mode, params, options);
}

/** A route function: {@linkcode sendRoute} with `build`. */
export /* @__NO_SIDE_EFFECTS__ */ function routeFunction<P>(
  build: RouteBuilder<P>,
): RouteFunction<P> {
  return (client, params, options) => sendRoute(client, build, params, options);
}
