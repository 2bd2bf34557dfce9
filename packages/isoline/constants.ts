/**
 * Named values of the isoline parameters. Every set is closed, as HERE's
 * Isoline Routing v8 definitions list it, so a typo fails type-checking and,
 * at run time, is a `ValueError` listing the allowed values. A value HERE
 * adds later goes through the `query` request option.
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
  type AvoidBoundingBox,
  AvoidFeature,
  type BoundingBoxLike,
  type LatLngLike,
  type NamedValues,
  RoutingMode,
  TransportMode,
} from "@ls/core";
import { namedValues } from "@ls/core/internal";

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
export const RangeType: NamedValues<["distance", "time", "consumption"]> =
  /* @__PURE__ */ namedValues(["distance", "time", "consumption"]);

/** A `rangeType` value: `distance`, `time` or `consumption`. */
export type RangeType = (typeof RangeType)[keyof typeof RangeType];

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
export const OptimisedFor: NamedValues<
  ["quality", "performance", "balanced"]
> = /* @__PURE__ */ namedValues(["quality", "performance", "balanced"]);

/** An `optimisedFor` value: `quality`, `performance` or `balanced`. */
export type OptimisedFor = (typeof OptimisedFor)[keyof typeof OptimisedFor];

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

/** An isoline transport mode: one of {@linkcode IsolineTransportMode}'s. */
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

/** An isoline `routingMode`: `fast` or `short`. */
export type IsolineRoutingMode = RoutingMode;

/**
 * Values of `avoidFeatures` for isolines (`avoid[features]`): those of
 * routes ({@linkcode AvoidFeature}), `seasonalClosure` and `uTurns`
 * included. HERE's isoline guide: "Isoline calculations support the same
 * avoid options that normal route calculation uses"; an avoided feature is
 * left out of the area. As for routes, `uTurns` is not for pedestrian,
 * bicycle or scooter isolines.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { IsolineAvoidFeature } from "@ls/isoline";
 * const avoidFeatures = [IsolineAvoidFeature.tollRoad, IsolineAvoidFeature.seasonalClosure];
 * assert.deepEqual(avoidFeatures, ["tollRoad", "seasonalClosure"]);
 * assert.equal(Object.keys(IsolineAvoidFeature).length, 9);
 * ```
 */
export const IsolineAvoidFeature: typeof AvoidFeature = AvoidFeature;

/** An isoline `avoidFeatures` value: one of {@linkcode IsolineAvoidFeature}'s. */
export type IsolineAvoidFeature = AvoidFeature;

/**
 * An area an isoline leaves out (`avoid[areas]`): a box
 * (`{ west, south, east, north }`, `AvoidBoundingBox`, or
 * `[west, south, east, north]`) or a polygon `{ type: "polygon", outer }`,
 * `outer` its 3 to 100 vertices in any point form (`[lat, lng]`,
 * `{ lat, lng }`, a GeoJSON `Point` or `Feature`). The same areas as
 * `@ls/routing`'s `AvoidArea`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { buildCalculateIsolineRequest, type IsolineAvoidArea } from "@ls/isoline";
 * const areas: IsolineAvoidArea[] = [
 *   [13.41, 52.51, 13.43, 52.53],
 *   { type: "polygon", outer: [[52.45, 13.3], [52.46, 13.32], { lat: 52.45, lng: 13.33 }] },
 * ];
 * const spec = buildCalculateIsolineRequest({
 *   origin: [52.5, 13.4],
 *   range: [600],
 *   rangeType: "time",
 *   transportMode: "car",
 *   avoidAreas: areas,
 * });
 * assert.match(
 *   spec.query!.toString(),
 *   /&avoid%5Bareas%5D=bbox:13.41,52.51,13.43,52.53%7Cpolygon:52.45,13.3;52.46,13.32;52.45,13.33$/,
 * );
 * ```
 */
export type IsolineAvoidArea =
  | BoundingBoxLike
  | AvoidBoundingBox
  | {
    /** Always `"polygon"`. */
    type: "polygon";
    /** The vertices, 3 to 100, in any point form. */
    outer: readonly LatLngLike[];
  };
