/**
 * Named values of the isoline parameters. Every set is open: HERE adds values
 * over time, so each type is the known values or any other string, and
 * unknown strings are sent unchanged.
 *
 * The names carry an `Isoline` prefix where `@ls/routing` has a set of the
 * same name, so both packages can be imported side by side.
 *
 * @example
 * ```ts
 * import { IsolineTransportMode, OptimisedFor, RangeType } from "@ls/isoline";
 * const params = {
 *   transportMode: IsolineTransportMode.car,
 *   rangeType: RangeType.time,
 *   optimisedFor: OptimisedFor.quality,
 * };
 * ```
 *
 * @module
 */

/**
 * Values of `rangeType` (`range[type]`): what `range` counts.
 *
 * @example
 * ```ts
 * import { RangeType } from "@ls/isoline";
 * const rangeType = RangeType.distance; // range values in metres
 * ```
 */
export const RangeType: {
  /** Metres. */
  readonly distance: "distance";
  /** Seconds. */
  readonly time: "time";
  /** Wh, per the consumption model (needs `ev[...]` parameters). */
  readonly consumption: "consumption";
} = { distance: "distance", time: "time", consumption: "consumption" } as const;

/** A `rangeType` value: a known one, or any other string HERE adds. */
export type RangeType =
  | (typeof RangeType)[keyof typeof RangeType]
  | (string & Record<never, never>);

/**
 * Values of `optimisedFor` (sent as HERE's `optimizeFor`): the trade-off
 * between the isoline's precision and the time to compute it. Default
 * `balanced`.
 *
 * @example
 * ```ts
 * import { OptimisedFor } from "@ls/isoline";
 * const optimisedFor = OptimisedFor.performance;
 * ```
 */
export const OptimisedFor: {
  readonly quality: "quality";
  readonly performance: "performance";
  readonly balanced: "balanced";
} = {
  quality: "quality",
  performance: "performance",
  balanced: "balanced",
} as const;

/** An `optimisedFor` value: a known one, or any other string HERE adds. */
export type OptimisedFor =
  | (typeof OptimisedFor)[keyof typeof OptimisedFor]
  | (string & Record<never, never>);

/**
 * Transport modes for isolines. `car`, `truck` and `pedestrian` are the
 * common ones; the others are listed by third-party clients (secondary).
 *
 * @example
 * ```ts
 * import { IsolineTransportMode } from "@ls/isoline";
 * const transportMode = IsolineTransportMode.pedestrian;
 * ```
 */
export const IsolineTransportMode: {
  readonly car: "car";
  readonly truck: "truck";
  readonly pedestrian: "pedestrian";
  readonly bicycle: "bicycle";
  readonly scooter: "scooter";
  readonly taxi: "taxi";
  readonly bus: "bus";
  readonly privateBus: "privateBus";
} = {
  car: "car",
  truck: "truck",
  pedestrian: "pedestrian",
  bicycle: "bicycle",
  scooter: "scooter",
  taxi: "taxi",
  bus: "bus",
  privateBus: "privateBus",
} as const;

/** An isoline transport mode: a known one, or any other string HERE adds. */
export type IsolineTransportMode =
  | (typeof IsolineTransportMode)[keyof typeof IsolineTransportMode]
  | (string & Record<never, never>);

/**
 * Values of `routingMode` for isolines. Default `fast`.
 *
 * @example
 * ```ts
 * import { IsolineRoutingMode } from "@ls/isoline";
 * const routingMode = IsolineRoutingMode.short;
 * ```
 */
export const IsolineRoutingMode: {
  readonly fast: "fast";
  readonly short: "short";
} = { fast: "fast", short: "short" } as const;

/** An isoline `routingMode`: a known one, or any other string HERE adds. */
export type IsolineRoutingMode =
  | (typeof IsolineRoutingMode)[keyof typeof IsolineRoutingMode]
  | (string & Record<never, never>);

/**
 * Values of `avoidFeatures` for isolines (`avoid[features]`).
 *
 * @example
 * ```ts
 * import { IsolineAvoidFeature } from "@ls/isoline";
 * const avoidFeatures = [IsolineAvoidFeature.tollRoad, IsolineAvoidFeature.ferry];
 * ```
 */
export const IsolineAvoidFeature: {
  readonly tollRoad: "tollRoad";
  readonly controlledAccessHighway: "controlledAccessHighway";
  readonly ferry: "ferry";
  readonly carShuttleTrain: "carShuttleTrain";
  readonly tunnel: "tunnel";
  readonly dirtRoad: "dirtRoad";
  readonly difficultTurns: "difficultTurns";
} = {
  tollRoad: "tollRoad",
  controlledAccessHighway: "controlledAccessHighway",
  ferry: "ferry",
  carShuttleTrain: "carShuttleTrain",
  tunnel: "tunnel",
  dirtRoad: "dirtRoad",
  difficultTurns: "difficultTurns",
} as const;

/** An isoline `avoidFeatures` value: a known one, or any other string HERE adds. */
export type IsolineAvoidFeature =
  | (typeof IsolineAvoidFeature)[keyof typeof IsolineAvoidFeature]
  | (string & Record<never, never>);
