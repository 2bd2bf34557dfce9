/**
 * The one query builder behind the five route functions: validates the
 * common parameters and the mode's extras, then writes `GET /v8/routes`'s
 * query in a fixed order. Everything that can be wrong with the input throws
 * a `ValueError` here, before any request.
 *
 * @module
 */

import * as z from "zod/mini";
import {
  appendScooter,
  appendTruck,
  checkParams,
  checkRoutingMode,
  formatAvoidAreas,
  formatCountryList,
  formatDateTime,
  formatInteger,
  formatVia,
  formatWaypoint,
  integer,
  nonEmptyString,
  parseWith,
  Query,
  validateLanguages,
  ValueError,
  type Via,
} from "@ls/core";
import type { ScooterRoutingParams, TruckRoutingParams } from "./params.ts";

/** The transport modes with a route function. */
export type RouteMode = "car" | "bicycle" | "truck" | "scooter" | "pedestrian";

/** Every mode's parameters, so the builder sees `truck` and `scooter`. */
export type AnyRoutingParams = TruckRoutingParams & ScooterRoutingParams;

const COMMON_KEYS: readonly string[] = [
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
];

/** The mode-specific parameter each function accepts besides the common ones. */
const EXTRA_KEY: Partial<Record<RouteMode, string>> = {
  truck: "truck",
  scooter: "scooter",
};

const FUNCTION_OF: Record<string, string> = {
  truck: "truckRoute",
  scooter: "scooterRoute",
};

/** Modes for which HERE has no `avoid[features]=uTurns` (E605011). */
const NO_U_TURNS: readonly RouteMode[] = ["bicycle", "pedestrian", "scooter"];

const stringList = z.optional(
  z.array(nonEmptyString, { error: "must be an array of strings" }),
);
const alternativesSchema = z.optional(integer(0, 6));
const viaList = z.optional(z.array(z.unknown(), { error: "must be an array" }));

/**
 * Validates `params` for `mode` and builds the query. Order: transportMode,
 * origin, destination, via…, departureTime, routingMode, alternatives, units,
 * lang, return, spans, avoid[features], avoid[areas], exclude[countries],
 * then vehicle[…] or scooter[…].
 *
 * @throws {ValueError} for any invalid parameter, naming it
 */
export function buildRoutingQuery(
  mode: RouteMode,
  params: AnyRoutingParams,
  functionName: string,
): Query {
  checkParams(params);
  checkKeys(mode, params, functionName);

  const query = new Query().set("transportMode", mode);
  query.setStructured(
    "origin",
    formatWaypoint(params.origin, {
      role: "origin",
      parameter: "origin",
      placeOptions: params.originPlaceOptions,
      waypointOptions: params.originWaypointOptions,
    }),
  );
  query.setStructured(
    "destination",
    formatWaypoint(params.destination, {
      role: "destination",
      parameter: "destination",
      placeOptions: params.destinationPlaceOptions,
      waypointOptions: params.destinationWaypointOptions,
    }),
  );
  const via = parseWith(viaList, params.via, "via") ?? [];
  via.forEach((v, i) => query.append("via", formatVia(v as Via, i)));

  if (params.departureTime !== undefined) {
    query.set(
      "departureTime",
      formatDateTime(params.departureTime, "departureTime", {
        allowAny: true,
        allowLocal: true,
      }),
    );
  }
  query.set(
    "routingMode",
    checkRoutingMode(
      parseWith(nonEmptyString, params.routingMode ?? "fast", "routingMode"),
      mode,
    ),
  );
  query.setStructured(
    "alternatives",
    formatInteger(
      parseWith(alternativesSchema, params.alternatives, "alternatives") ?? 0,
    ),
  );
  query.set(
    "units",
    parseWith(nonEmptyString, params.units ?? "metric", "units"),
  );
  query.set("lang", validateLanguages(params.lang ?? "en-US", "lang"));

  const returns = parseWith(stringList, params.returnResults, "returnResults");
  const spans = parseWith(stringList, params.spans, "spans");
  checkReturnDependencies(returns ?? [], spans ?? []);
  query.set("return", returns);
  query.set("spans", spans);

  const avoid = parseWith(stringList, params.avoidFeatures, "avoidFeatures");
  if (avoid?.includes("uTurns") && NO_U_TURNS.includes(mode)) {
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
  return query;
}

/** Unknown keys would silently change the request: reject them by name. */
function checkKeys(
  mode: RouteMode,
  params: object,
  functionName: string,
): void {
  const extra = EXTRA_KEY[mode];
  for (const key of Object.keys(params)) {
    if (COMMON_KEYS.includes(key) || key === extra) continue;
    const owner = FUNCTION_OF[key];
    const rule = owner
      ? `is not a parameter of ${functionName}; it belongs to ${owner}`
      : `is not a parameter of ${functionName}`;
    throw new ValueError(key, rule, Reflect.get(params, key));
  }
}

/**
 * routing.md §5.1: `actions` needs `polyline`, `instructions` needs
 * `actions`, `turnByTurnActions` needs `polyline`, any span needs `polyline`.
 * HERE answers these with E605013 / E605017; nothing is added silently.
 */
function checkReturnDependencies(
  returns: readonly string[],
  spans: readonly string[],
): void {
  const has = (value: string) => returns.includes(value);
  const rules: [string, string][] = [
    ["actions", "polyline"],
    ["instructions", "actions"],
    ["turnByTurnActions", "polyline"],
  ];
  for (const [value, needs] of rules) {
    if (has(value) && !has(needs)) {
      throw new ValueError(
        "returnResults",
        `"${value}" requires "${needs}" as well`,
        returns,
      );
    }
  }
  if (spans.length > 0 && !has("polyline")) {
    throw new ValueError(
      "spans",
      'require "polyline" in returnResults',
      spans,
    );
  }
}
