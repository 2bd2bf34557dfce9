// The query of Routing v8's `GET /v8/routes`: waypoints, times, what to
// return, and HERE's rules between them (E605 errors).

import { checkVehicleBody } from "./_isoline_vehicle.ts";
import { malformed } from "./_http.ts";
import type { Gazetteer } from "./_gazetteer.ts";
import type { Params } from "./_query.ts";
import { parseAvoidAreas } from "./_avoid_areas.ts";
import {
  checkQuery,
  checkTaxi,
  checkVehicle,
  parseAvoidFeatures,
  parseLang,
  parseRoutingMode,
  parseTimeParam,
  parseTransportMode,
  type TimeParam,
} from "./_routing_params.ts";
import { parseWaypoint, type Waypoint } from "./_waypoints.ts";
import type { EvRequest } from "./_ev.ts";
import { parseEv } from "./_ev_query.ts";
import { parseTolls, type TollRequest } from "./_route_tolls.ts";
import {
  checkRouteOptions,
  checkSegmentsAndDriver,
  checkTrailerAxles,
  checkVehicleOptions,
} from "./_route_options.ts";
import { type FuelRequest, parseFuel } from "./_route_fuel.ts";
import type { TransportMode, TravelOptions } from "./travel_model.ts";

/** The values of `return`. */
const RETURN_VALUES: readonly string[] = `
  polyline actions instructions summary travelSummary mlDuration
  typicalDuration turnByTurnActions elevation routeHandle passthrough
  incidents routingZones truckRoadTypes tolls routeLabels
  potentialTimeDependentViolations noThroughRestrictions
`.trim().split(/\s+/);

/** The values of `spans`. */
const SPAN_VALUES: readonly string[] = `
  walkAttributes streetAttributes carAttributes truckAttributes
  scooterAttributes names length duration baseDuration typicalDuration
  countryCode stateCode functionalClass routeNumbers speedLimit maxSpeed
  dynamicSpeedInfo segmentId segmentRef consumption routingZones
  truckRoadTypes notices noThroughRestrictions incidents tollSystems gates
  railwayCrossings
`.trim().split(/\s+/);

/** The parameters of `GET /v8/routes` besides the bracketed families. */
export const ROUTE_PARAMETERS: ReadonlySet<string> = new Set([
  "transportMode",
  "origin",
  "destination",
  "via",
  "departureTime",
  "arrivalTime",
  "routingMode",
  "alternatives",
  "units",
  "lang",
  "return",
  "spans",
  "currency",
  "consumptionModel",
  "customizations",
  "maxSpeedOnSegment",
  "billingTag",
]);
/** The bracketed parameter families of `GET /v8/routes` (`avoid[...]`, ...). */
export const ROUTE_PARAMETER_PREFIXES: readonly string[] = [
  "avoid[",
  "exclude[",
  "allow[",
  "truck[",
  "vehicle[",
  "scooter[",
  "pedestrian[",
  "ev[",
  "fuel[",
  "driver[",
  "taxi[",
  "networkRestrictedTruck[",
  "traffic[",
  "tolls[",
];

function list(
  params: Params,
  name: string,
  allowed: readonly string[],
): string[] {
  const value = params.get(name);
  if (value === undefined || value === "") return [];
  const items = value.split(",");
  for (const item of items) {
    if (!allowed.includes(item)) {
      throw malformed(
        "E605001",
        `Invalid value for parameter '${name}': '${item}' is not supported`,
      );
    }
  }
  return items;
}

/** A parsed `GET /v8/routes` request. */
export interface RouteRequest {
  mode: TransportMode;
  waypoints: Waypoint[];
  options: TravelOptions;
  alternatives: number;
  departure?: TimeParam;
  arrival?: TimeParam;
  returns: Set<string>;
  spans: Set<string>;
  lang: string[];
  imperial: boolean;
  /** `consumptionModel` and `ev[...]`, when given. */
  ev?: EvRequest;
  /** `currency` and `tolls[...]`. */
  tolls: TollRequest;
  /** `fuel[...]`, when given. */
  fuel?: FuelRequest;
}

const NETWORKS = "networkRestrictedTruck[permittedNetworks]";
/** One country's entry: `NZL::HPMV`, `AUS:NSW,VIC:BDouble`. */
const NETWORK_ENTRY = /^[A-Z]{3}:([\w-]+(,[\w-]+)*)?:[\w-]+(,[\w-]+)*$/;

/**
 * Parses `transportMode`. HERE's `networkRestrictedTruck` (Beta) is routed
 * as a truck; it needs `networkRestrictedTruck[permittedNetworks]` and
 * `routingMode=fast`, takes no EV parameters, and that parameter goes with
 * it alone.
 */
function parseRouteMode(params: Params): TransportMode {
  const transportMode = params.get("transportMode");
  const networks = params.get(NETWORKS);
  if (transportMode !== "networkRestrictedTruck") {
    // A missing or unknown transportMode is the error, as without networks.
    const mode = parseTransportMode(params);
    if (networks !== undefined) {
      throw malformed(
        "E605001",
        `${NETWORKS} is only allowed with transportMode=networkRestrictedTruck, got '${mode}'`,
      );
    }
    return mode;
  }
  if (networks === undefined) {
    throw malformed(
      "E605001",
      `Missing parameter '${NETWORKS}' for transportMode=networkRestrictedTruck`,
    );
  }
  if (!networks.split("|").every((n) => NETWORK_ENTRY.test(n))) {
    throw malformed(
      "E605001",
      `Invalid value for parameter '${NETWORKS}': '${networks}' (use NZL::HPMV|AUS:NSW,VIC:BDouble)`,
    );
  }
  if (params.get("routingMode") === "short") {
    throw malformed(
      "E605012",
      "Transport mode 'networkRestrictedTruck' does not support routingMode 'short'",
      "Use routingMode=fast",
    );
  }
  const ev = params.entries.find((e) =>
    e.key.startsWith("ev[") || e.key === "consumptionModel"
  );
  if (ev) {
    throw malformed(
      "E605027",
      "EV parameters are not supported for transport mode 'networkRestrictedTruck'",
    );
  }
  return "truck";
}

/** Parses and checks the query of `GET /v8/routes` (E605 errors). */
export function parseRouteRequest(params: Params): RouteRequest {
  checkQuery(params, ["via"]);
  const mode = parseRouteMode(params);
  const originRaw = params.raw("origin");
  const destinationRaw = params.raw("destination");
  if (originRaw === undefined) {
    throw malformed("E605001", "Missing parameter 'origin'");
  }
  if (destinationRaw === undefined) {
    throw malformed("E605001", "Missing parameter 'destination'");
  }
  const origin = parseWaypoint(originRaw, "origin", "origin");
  const vias = params.all("via").map((e, i) =>
    parseWaypoint(e.raw, `via[${i}]`, "via")
  );
  const destination = parseWaypoint(
    destinationRaw,
    "destination",
    "destination",
  );
  const routingMode = parseRoutingMode(params, mode);

  let alternatives = 0;
  const altText = params.get("alternatives");
  if (altText !== undefined) {
    if (!/^\d+$/.test(altText)) {
      throw malformed(
        "E605001",
        `Invalid value for parameter 'alternatives': '${altText}' is not an integer`,
      );
    }
    alternatives = Number(altText);
    if (alternatives > 6) {
      throw malformed(
        "E605015",
        `Too many alternatives: ${alternatives} requested, at most 6 are allowed`,
        "Request at most 6 alternatives",
      );
    }
  }
  if (params.has("departureTime") && params.has("arrivalTime")) {
    throw malformed(
      "E605018",
      "departureTime and arrivalTime cannot be given together",
      "Remove one of them",
    );
  }
  const departure = parseTimeParam(params, "departureTime", true);
  const arrival = parseTimeParam(params, "arrivalTime", false);

  const returns = new Set(list(params, "return", RETURN_VALUES));
  const spans = new Set(list(params, "spans", SPAN_VALUES));
  const need = (what: string, needs: string) => {
    if (returns.has(what) && !returns.has(needs)) {
      throw malformed(
        "E605013",
        `Invalid return combination: '${what}' requires '${needs}'`,
        `Add '${needs}' to return`,
      );
    }
  };
  need("actions", "polyline");
  need("instructions", "actions");
  need("turnByTurnActions", "polyline");
  if (spans.size && !returns.has("polyline")) {
    throw malformed(
      "E605017",
      `spans=${[...spans][0]} requires return=polyline`,
      "Add 'polyline' to return",
    );
  }
  const tollKeys = params.entries.filter((e) => e.key.startsWith("tolls[")).map(
    (e) => e.key,
  );
  if (tollKeys.length && !returns.has("tolls")) {
    throw malformed(
      "E605013",
      `Parameter '${tollKeys[0]}' requires return=tolls`,
      "Add 'tolls' to return",
    );
  }
  const lang = parseLang(params);
  const units = params.get("units") ?? "metric";
  if (units !== "metric" && units !== "imperial") {
    throw malformed(
      "E605001",
      `Invalid value for parameter 'units': '${units}'`,
    );
  }
  const avoidFeatures = parseAvoidFeatures(params, mode);
  const avoidAreas = [
    ...parseAvoidAreas(params),
    ...parseAvoidAreas(params, "exclude[areas]"),
  ];
  checkRouteOptions(params);
  checkVehicleOptions(params);
  checkVehicleBody(params, mode, {
    trailerAxleCount: 1,
    heightAboveFirstAxle: 0,
  });
  checkTrailerAxles(params);
  checkTaxi(params);
  checkSegmentsAndDriver(params, mode);
  checkVehicle(params, mode);
  const ev = parseEv(params, mode, false);
  if (ev && arrival) {
    throw malformed(
      "E605030",
      "Invalid EV options: arrivalTime is not supported with EV routing",
      "Give departureTime instead",
    );
  }
  const scooter = params.get("scooter[allowHighway]");
  if (scooter !== undefined && scooter !== "true" && scooter !== "false") {
    throw malformed(
      "E605001",
      `Invalid value for parameter 'scooter[allowHighway]': '${scooter}'`,
    );
  }
  let speed: number | undefined;
  const walk = params.get("pedestrian[speed]");
  if (walk !== undefined) {
    speed = Number(walk);
    if (!(speed >= 0.5 && speed <= 2)) {
      throw malformed(
        "E605001",
        `Invalid value for parameter 'pedestrian[speed]': '${walk}' (use 0.5 to 2 m/s)`,
      );
    }
    if (mode !== "pedestrian") speed = undefined;
  }
  return {
    mode,
    waypoints: [origin, ...vias, destination],
    options: {
      transportMode: mode,
      routingMode,
      avoidFeatures,
      avoidAreas,
      speed,
      ...truckSize(params),
    },
    alternatives,
    departure,
    arrival,
    returns,
    spans,
    lang,
    imperial: units === "imperial",
    ev,
    tolls: parseTolls(params, mode, ev !== undefined),
    fuel: parseFuel(params, mode),
  };
}

/** Checks exclude[countries] against known alpha-3 codes (E605016). */
export function checkExclude(params: Params, g: Gazetteer): void {
  const value = params.get("exclude[countries]");
  if (value === undefined) return;
  for (const code of value.split(",")) {
    if (!/^[A-Z]{3}$/.test(code) || !g.country(code)) {
      throw malformed(
        "E605016",
        `Invalid country code '${code}' in exclude[countries]`,
        "Use ISO 3166-1 alpha-3 codes",
      );
    }
  }
}

/** A truck's gross weight (kg) and height (cm), as `vehicle[...]` or the older `truck[...]` give them. */
function truckSize(params: Params): { grossWeight?: number; height?: number } {
  const out: { grossWeight?: number; height?: number } = {};
  for (const field of ["grossWeight", "height"] as const) {
    const raw = params.get(`vehicle[${field}]`) ??
      params.get(`truck[${field}]`);
    const value = Number(raw);
    if (raw !== undefined && Number.isFinite(value) && value > 0) {
      out[field] = value;
    }
  }
  return out;
}
