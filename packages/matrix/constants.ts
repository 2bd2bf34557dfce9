/**
 * Named values for matrix parameters: profiles, matrix attributes and
 * features to avoid. The sets are open where HERE may add values.
 *
 * @module
 */

/**
 * Profiles named by HERE's reference client. HERE's OpenAPI document has the
 * authoritative list; other strings are sent as given.
 *
 * @example
 * ```ts
 * import { MatrixProfile, WorldRegion } from "@ls/matrix";
 * const params = {
 *   origins: [{ lat: 52.5, lng: 13.4 }],
 *   regionDefinition: new WorldRegion(),
 *   profile: MatrixProfile.carFast,
 * };
 * ```
 */
export const MatrixProfile: {
  readonly carFast: "carFast";
  readonly carShort: "carShort";
  readonly truckFast: "truckFast";
  readonly pedestrian: "pedestrian";
  readonly bicycle: "bicycle";
} = {
  carFast: "carFast",
  carShort: "carShort",
  truckFast: "truckFast",
  pedestrian: "pedestrian",
  bicycle: "bicycle",
} as const;

/** A profile: a known one, or any other string HERE adds. */
export type MatrixProfile =
  | (typeof MatrixProfile)[keyof typeof MatrixProfile]
  | (string & Record<never, never>);

/**
 * The values a matrix entry can carry (`matrixAttributes`).
 *
 * @example
 * ```ts
 * import { MatrixAttribute } from "@ls/matrix";
 * const matrixAttributes = [MatrixAttribute.travelTimes, MatrixAttribute.distances];
 * ```
 */
export const MatrixAttribute: {
  readonly travelTimes: "travelTimes";
  readonly distances: "distances";
} = { travelTimes: "travelTimes", distances: "distances" } as const;

/** `"travelTimes"` or `"distances"`. */
export type MatrixAttribute =
  (typeof MatrixAttribute)[keyof typeof MatrixAttribute];

/**
 * Features a matrix can avoid (the reference client's list; other strings
 * are sent as given).
 *
 * @example
 * ```ts
 * import { MatrixAvoidFeature } from "@ls/matrix";
 * const avoidFeatures = [MatrixAvoidFeature.tollRoad, MatrixAvoidFeature.ferry];
 * ```
 */
export const MatrixAvoidFeature: {
  readonly tollRoad: "tollRoad";
  readonly controlledAccessHighway: "controlledAccessHighway";
  readonly ferry: "ferry";
  readonly tunnel: "tunnel";
  readonly dirtRoad: "dirtRoad";
} = {
  tollRoad: "tollRoad",
  controlledAccessHighway: "controlledAccessHighway",
  ferry: "ferry",
  tunnel: "tunnel",
  dirtRoad: "dirtRoad",
} as const;

/** A feature to avoid: a known one, or any other string HERE adds. */
export type MatrixAvoidFeature =
  | (typeof MatrixAvoidFeature)[keyof typeof MatrixAvoidFeature]
  | (string & Record<never, never>);
