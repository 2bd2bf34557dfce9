/**
 * The vocabulary of routes and isolines: the transport modes, the routing
 * modes and the road features to avoid, the rule that ties the routing mode
 * to the transport mode, and the departure time both take.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { RoutingMode, TransportMode } from "@ls/core";
 * const params = { transportMode: TransportMode.truck, routingMode: RoutingMode.short };
 * assert.deepEqual(params, { transportMode: "truck", routingMode: "short" });
 * ```
 *
 * @module
 */

import { ValueError } from "../errors/errors.ts";
import { formatDateTime } from "../params/format.ts";
import * as z from "zod/mini";
import { type NamedValues, namedValues } from "../params/named_values.ts";
import { parseWith } from "../params/validate.ts";
import { lazy } from "../params/lazy.ts";

/**
 * HERE's transport modes. Routes are calculated for `car`, `truck`,
 * `pedestrian`, `bicycle` and `scooter`; the others (Beta) appear in
 * responses (`section.transport.mode`). Isolines take any of them (`car`,
 * `truck` and `pedestrian` are the common ones).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { TransportMode } from "@ls/core";
 * assert.equal(TransportMode.privateBus, "privateBus");
 * assert.equal(Object.keys(TransportMode).length, 8);
 * ```
 */
export const TransportMode: NamedValues<[
  "car",
  "truck",
  "pedestrian",
  "bicycle",
  "scooter",
  "bus",
  "privateBus",
  "taxi",
]> = /* @__PURE__ */ namedValues([
  "car",
  "truck",
  "pedestrian",
  "bicycle",
  "scooter",
  "bus",
  "privateBus",
  "taxi",
]);

/**
 * A transport mode: one of HERE's, a closed set, so a typo fails
 * type-checking. A mode HERE adds later goes through the `query` option.
 */
export type TransportMode = (typeof TransportMode)[keyof typeof TransportMode];

/**
 * The names of {@linkcode AvoidFeature}, in HERE's order.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { AVOID_FEATURES, AvoidFeature } from "@ls/core";
 * assert.deepEqual(Object.keys(AvoidFeature), [...AVOID_FEATURES]);
 * ```
 */
export const AVOID_FEATURES = [
  "seasonalClosure",
  "tollRoad",
  "controlledAccessHighway",
  "ferry",
  "carShuttleTrain",
  "tunnel",
  "dirtRoad",
  "difficultTurns",
  "uTurns",
] as const;

/**
 * Values of `avoidFeatures` (HERE's `avoid[features]`) for routes.
 * `difficultTurns` is truck-only (Beta); `uTurns` is not available for
 * pedestrian, bicycle or scooter routes (HERE answers `E605011`). Isolines
 * take the same features ("Isoline calculations support the same avoid
 * options that route calculation uses", HERE's isoline guide).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { AvoidFeature } from "@ls/core";
 * const avoidFeatures = [AvoidFeature.tollRoad, AvoidFeature.ferry];
 * assert.deepEqual(avoidFeatures, ["tollRoad", "ferry"]);
 * ```
 */
export const AvoidFeature: NamedValues<typeof AVOID_FEATURES> =
  /* @__PURE__ */ namedValues(
    AVOID_FEATURES,
  );

/**
 * An `avoidFeatures` value: one of HERE's, a closed set. A feature HERE adds
 * later goes through the `query` option.
 */
export type AvoidFeature = (typeof AvoidFeature)[keyof typeof AvoidFeature];

/**
 * Values of `routingMode` for routes and isolines. `fast` is the default,
 * and the only mode HERE supports for bicycle, bus, pedestrian, privateBus,
 * scooter and taxi (it answers `E605012` to `short`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { RoutingMode } from "@ls/core";
 * assert.deepEqual(RoutingMode, { fast: "fast", short: "short" });
 * ```
 */
export const RoutingMode: NamedValues<["fast", "short"]> =
  /* @__PURE__ */ namedValues(["fast", "short"]);

/** A `routingMode` value: `fast` or `short`. */
export type RoutingMode = (typeof RoutingMode)[keyof typeof RoutingMode];

const routingModeSchema = /* @__PURE__ */ lazy(() => z.enum(["fast", "short"]));

/** The transport modes HERE routes the fast way only. */
// Literals rather than TransportMode.x: a property read at module level
// keeps TransportMode in every bundle that imports this file.
const FAST_ONLY: ReadonlySet<string> = /* @__PURE__ */ new Set<TransportMode>([
  "bicycle",
  "bus",
  "pedestrian",
  "privateBus",
  "scooter",
  "taxi",
]);

/**
 * Returns `routingMode` after checking it against the transport mode: HERE
 * supports `"short"` for neither bicycle, bus, pedestrian, privateBus,
 * scooter nor taxi (it answers `E605012`). Other values, unknown ones
 * included, pass unchanged.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { checkRoutingMode } from "@ls/core/internal";
 * assert.equal(checkRoutingMode("short", "car"), "short");
 * assert.throws(() => checkRoutingMode("short", "bicycle"), /must be "fast" for transportMode "bicycle"/);
 * ```
 *
 * @throws {ValueError} for `"short"` with one of those modes
 */
export function checkRoutingMode(
  routingMode: string,
  transportMode: string,
): string {
  if (routingMode === RoutingMode.short && FAST_ONLY.has(transportMode)) {
    throw new ValueError(
      "routingMode",
      `must be "fast" for transportMode "${transportMode}" (HERE answers E605012 to "short")`,
      routingMode,
    );
  }
  return routingMode;
}

/**
 * The `routingMode` a route or isoline request sends: the given value
 * (`"fast"` or `"short"`) or `"fast"`, checked with
 * {@linkcode checkRoutingMode}.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { routingModeValue } from "./routing_vocabulary.ts";
 * assert.equal(routingModeValue(undefined, "pedestrian"), "fast");
 * assert.equal(routingModeValue("short", "truck"), "short");
 * assert.throws(() => routingModeValue("fastest", "car"), {
 *   message: 'Invalid routingMode: must be one of "fast", "short", got "fastest"',
 * });
 * ```
 *
 * @throws {ValueError} naming `routingMode` for a value that is neither
 * `"fast"` nor `"short"`, or `"short"` with a mode HERE routes the fast way
 * only
 */
export function routingModeValue(
  routingMode: unknown,
  transportMode: string,
): RoutingMode {
  return checkRoutingMode(
    parseWith(routingModeSchema(), routingMode ?? "fast", "routingMode"),
    transportMode,
  ) as RoutingMode;
}

/**
 * The `departureTime` a route or isoline request sends: a `Date` as RFC 3339
 * with the runtime's offset, an RFC 3339 string (with an offset, or without
 * one for local time at the origin) as given, or `"any"` for
 * time-independent routing; `undefined` when not given, so the key is
 * omitted.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { departureTimeValue } from "@ls/core/internal";
 * assert.equal(departureTimeValue("any"), "any");
 * assert.equal(departureTimeValue("2024-05-01T08:30:00"), "2024-05-01T08:30:00");
 * assert.equal(departureTimeValue(undefined), undefined);
 * assert.throws(() => departureTimeValue("tomorrow"), /Invalid departureTime/);
 * ```
 *
 * @throws {ValueError} naming `departureTime` for an invalid `Date` or a
 * malformed string
 */
export function departureTimeValue(
  departureTime: Date | string | undefined,
): string | undefined {
  return departureTime === undefined
    ? undefined
    : formatDateTime(departureTime, "departureTime", {
      allowAny: true,
      allowLocal: true,
    });
}
