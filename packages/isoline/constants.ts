/**
 * Named values of the isoline parameters. Every set is open: HERE adds values
 * over time, so each type is the known values or any other string, and
 * unknown strings are sent unchanged.
 *
 * The names carry an `Isoline` prefix where `@ls/routing` has a set of the
 * same name, so both packages can be imported side by side; the transport
 * and routing modes are the very objects `@ls/core` (and `@ls/routing`)
 * export as `TransportMode` and `RoutingMode`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { buildCalculateIsolineRequest, IsolineTransportMode, OptimisedFor, RangeType } from "@ls/isoline";
 * const spec = buildCalculateIsolineRequest({
 *   origin: [52.5, 13.4],
 *   range: [600],
 *   transportMode: IsolineTransportMode.car,
 *   rangeType: RangeType.time,
 *   optimisedFor: OptimisedFor.quality,
 * });
 * assert.match(spec.query!.toString(), /&range%5Btype%5D=time&.*&optimizeFor=quality$/);
 * ```
 *
 * @module
 */

import {
  AvoidFeature,
  type OpenValue,
  RoutingMode,
  TransportMode,
} from "@ls/core";

/**
 * Values of `rangeType` (`range[type]`): what `range` counts. `distance`
 * counts metres, `time` seconds, `consumption` Wh of battery per the
 * consumption model (which needs the `ev` parameter).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { RangeType } from "@ls/isoline";
 * assert.deepEqual(Object.keys(RangeType), ["distance", "time", "consumption"]);
 * ```
 */
export const RangeType = {
  distance: "distance",
  time: "time",
  consumption: "consumption",
} as const;

/** A `rangeType` value: a known one, or any other string HERE adds. */
export type RangeType = OpenValue<typeof RangeType>;

/**
 * Values of `optimisedFor` (sent as HERE's `optimizeFor`): the trade-off
 * between the isoline's precision and the time to compute it. Default
 * `balanced`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { OptimisedFor } from "@ls/isoline";
 * assert.equal(OptimisedFor.performance, "performance");
 * ```
 */
export const OptimisedFor = {
  quality: "quality",
  performance: "performance",
  balanced: "balanced",
} as const;

/** An `optimisedFor` value: a known one, or any other string HERE adds. */
export type OptimisedFor = OpenValue<typeof OptimisedFor>;

/**
 * Transport modes for isolines: `@ls/core`'s {@linkcode TransportMode}.
 * `car`, `truck` and `pedestrian` are the common ones; the others are listed
 * by third-party clients (secondary).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { IsolineTransportMode } from "@ls/isoline";
 * assert.equal(IsolineTransportMode.pedestrian, "pedestrian");
 * ```
 */
export const IsolineTransportMode: typeof TransportMode = TransportMode;

/** An isoline transport mode: a known one, or any other string HERE adds. */
export type IsolineTransportMode = TransportMode;

/**
 * Values of `routingMode` for isolines: `@ls/core`'s
 * {@linkcode RoutingMode}. Default `fast`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { IsolineRoutingMode } from "@ls/isoline";
 * assert.equal(IsolineRoutingMode.short, "short");
 * ```
 */
export const IsolineRoutingMode: typeof RoutingMode = RoutingMode;

/** An isoline `routingMode`: a known one, or any other string HERE adds. */
export type IsolineRoutingMode = RoutingMode;

const {
  seasonalClosure: _seasonalClosure,
  uTurns: _uTurns,
  ...isolineFeatures
} = AvoidFeature;

/**
 * Values of `avoidFeatures` for isolines (`avoid[features]`): those of
 * routes ({@linkcode AvoidFeature}) but `seasonalClosure` and `uTurns`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { IsolineAvoidFeature } from "@ls/isoline";
 * const avoidFeatures = [IsolineAvoidFeature.tollRoad, IsolineAvoidFeature.ferry];
 * assert.deepEqual(avoidFeatures, ["tollRoad", "ferry"]);
 * assert.equal(Object.keys(IsolineAvoidFeature).length, 7);
 * ```
 */
export const IsolineAvoidFeature: Omit<
  typeof AvoidFeature,
  "seasonalClosure" | "uTurns"
> = isolineFeatures;

/** An isoline `avoidFeatures` value: a known one, or any other string HERE adds. */
export type IsolineAvoidFeature = OpenValue<typeof IsolineAvoidFeature>;
