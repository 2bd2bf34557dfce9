/**
 * Named values of the routing parameters: what `returnResults`, `spans`,
 * `avoidFeatures`, `routingMode` and `units` accept, and the transport modes.
 * {@linkcode AvoidFeature}, {@linkcode RoutingMode},
 * {@linkcode TransportMode}, and the EV option types with
 * {@linkcode ConnectorType} and {@linkcode ConsumptionModel}, are
 * `@ls/core`'s, which isolines share.
 *
 * Every set is closed, as HERE's Routing v8 definitions list it, so a typo
 * (`routingMode: "fastest"`, `returnResults: ["polylines"]`) fails
 * type-checking, and at run time is a `ValueError` listing the allowed
 * values. A value HERE adds later goes through the `query` request option,
 * which sends extra query parameters as given.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { AvoidFeature, buildCarRouteRequest, Return, Span } from "@ls/routing";
 * const spec = buildCarRouteRequest({
 *   origin: [52.5, 13.4],
 *   destination: [52.503, 13.405],
 *   returnResults: [Return.polyline, Return.summary],
 *   spans: [Span.names, Span.length],
 *   avoidFeatures: [AvoidFeature.tollRoad],
 * });
 * assert.equal(spec.query?.toString().includes("&spans=names,length&"), true);
 * ```
 *
 * @module
 */

import type { NamedValues } from "@ls/core";
import { namedValues } from "@ls/core/internal";

export { AvoidFeature, RoutingMode, TransportMode } from "@ls/core";
export { ConnectorType, ConsumptionModel } from "@ls/core";
export type {
  ChargingCurve,
  EmpiricalEvOptions,
  EvChargeOptions,
  EvOptions,
  PhysicalEvOptions,
  SpeedTable,
} from "@ls/core";

/**
 * Values of `units`, the unit system of instruction texts. Default `metric`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Units } from "@ls/routing";
 * assert.equal(Units.imperial, "imperial");
 * ```
 */
export const Units: NamedValues<["metric", "imperial"]> =
  /* @__PURE__ */ namedValues(["metric", "imperial"]);

/** A `units` value: `metric` or `imperial`. */
export type Units = (typeof Units)[keyof typeof Units];

/**
 * The names of {@linkcode Return}, in HERE's order.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { RETURN_NAMES, Return } from "@ls/routing";
 * assert.deepEqual(Object.keys(Return), [...RETURN_NAMES]);
 * ```
 */
export const RETURN_NAMES = [
  "polyline",
  "actions",
  "instructions",
  "summary",
  "travelSummary",
  "mlDuration",
  "typicalDuration",
  "turnByTurnActions",
  "elevation",
  "routeHandle",
  "passthrough",
  "incidents",
  "routingZones",
  "truckRoadTypes",
  "tolls",
  "routeLabels",
  "potentialTimeDependentViolations",
  "noThroughRestrictions",
] as const;

/**
 * Values of `returnResults` (HERE's `return=`).
 *
 * Dependencies, checked before sending: `actions` needs `polyline`,
 * `instructions` needs `actions`, `turnByTurnActions` needs `polyline`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Return } from "@ls/routing";
 * const returnResults = [Return.polyline, Return.actions, Return.instructions];
 * assert.deepEqual(returnResults, ["polyline", "actions", "instructions"]);
 * ```
 */
export const Return: NamedValues<typeof RETURN_NAMES> =
  /* @__PURE__ */ namedValues(RETURN_NAMES);

/** A `returnResults` value (HERE's `return`): one of {@linkcode Return}'s. */
export type Return = (typeof Return)[keyof typeof Return];

/**
 * Another name for {@linkcode Return}, matching HERE's reference client.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Return, RouteReturn } from "@ls/routing";
 * assert.equal(RouteReturn, Return);
 * ```
 */
export const RouteReturn: typeof Return = Return;

/** Another name for the {@linkcode Return} type. */
export type RouteReturn = Return;

/**
 * The names of {@linkcode Span}, in HERE's order.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { SPAN_NAMES, Span } from "@ls/routing";
 * assert.deepEqual(Object.keys(Span), [...SPAN_NAMES]);
 * ```
 */
export const SPAN_NAMES = [
  "walkAttributes",
  "streetAttributes",
  "carAttributes",
  "truckAttributes",
  "scooterAttributes",
  "names",
  "length",
  "duration",
  "baseDuration",
  "typicalDuration",
  "countryCode",
  "stateCode",
  "functionalClass",
  "routeNumbers",
  "speedLimit",
  "maxSpeed",
  "dynamicSpeedInfo",
  "segmentId",
  "segmentRef",
  "consumption",
  "routingZones",
  "truckRoadTypes",
  "notices",
  "noThroughRestrictions",
  "incidents",
  "tollSystems",
  "gates",
  "railwayCrossings",
] as const;

/**
 * Values of `spans`. Any span needs `polyline` in `returnResults`.
 * `carAttributes` is sent as written (HERE's reference client wrongly sent
 * `streetAttributes` for it).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Span } from "@ls/routing";
 * const spans = [Span.names, Span.speedLimit, Span.carAttributes];
 * assert.deepEqual(spans, ["names", "speedLimit", "carAttributes"]);
 * ```
 */
export const Span: NamedValues<typeof SPAN_NAMES> = /* @__PURE__ */ namedValues(
  SPAN_NAMES,
);

/** A `spans` value: one of {@linkcode Span}'s. */
export type Span = (typeof Span)[keyof typeof Span];
