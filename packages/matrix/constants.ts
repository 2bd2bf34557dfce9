/**
 * Named values for matrix parameters: profiles, matrix attributes, routing
 * and transport modes, and features to avoid. Each set is closed, as HERE
 * documents it, so a typo fails type-checking; a value HERE adds later goes
 * through the `body` option (`options.body`), which sends extra fields as
 * given.
 *
 * @module
 */

import type {
  AvoidFeature,
  NamedValues,
  RoutingMode,
  TransportMode,
} from "@ls/core";
import { namedValues } from "@ls/core/internal";

/**
 * The values a matrix entry can carry (`matrixAttributes`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { MatrixAttribute } from "@ls/matrix";
 * const matrixAttributes = [MatrixAttribute.travelTimes, MatrixAttribute.distances];
 * assert.deepEqual(matrixAttributes, ["travelTimes", "distances"]);
 * ```
 */
export const MatrixAttribute: NamedValues<["travelTimes", "distances"]> =
  /* @__PURE__ */ namedValues(["travelTimes", "distances"]);

/** `"travelTimes"` or `"distances"`. */
export type MatrixAttribute =
  (typeof MatrixAttribute)[keyof typeof MatrixAttribute];

/**
 * HERE's predefined matrix profiles (listed by HERE's `/v8/profiles`
 * endpoint). Another profile HERE adds goes through `options.body`
 * (`{ body: { profile: "…" } }`, with a world region and no custom options).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { buildMatrixRequest, MatrixProfile, WorldRegion } from "@ls/matrix";
 * const spec = buildMatrixRequest({
 *   origins: [{ lat: 52.5, lng: 13.4 }],
 *   regionDefinition: new WorldRegion(),
 *   profile: MatrixProfile.carFast,
 * });
 * assert.equal((spec.body as { profile: string }).profile, "carFast");
 * ```
 */
export const MatrixProfile: NamedValues<[
  "carFast",
  "carShort",
  "truckFast",
  "pedestrian",
  "bicycle",
]> = /* @__PURE__ */ namedValues([
  "carFast",
  "carShort",
  "truckFast",
  "pedestrian",
  "bicycle",
]);

/** A profile: `carFast`, `carShort`, `truckFast`, `pedestrian` or `bicycle`. */
export type MatrixProfile = (typeof MatrixProfile)[keyof typeof MatrixProfile];

/**
 * Features a matrix can avoid (`avoid.features`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { MatrixAvoidFeature } from "@ls/matrix";
 * const avoidFeatures = [MatrixAvoidFeature.tollRoad, MatrixAvoidFeature.ferry];
 * assert.deepEqual(avoidFeatures, ["tollRoad", "ferry"]);
 * ```
 */
export const MatrixAvoidFeature: Pick<
  typeof AvoidFeature,
  "tollRoad" | "controlledAccessHighway" | "ferry" | "tunnel" | "dirtRoad"
> = /* @__PURE__ */ namedValues([
  "tollRoad",
  "controlledAccessHighway",
  "ferry",
  "tunnel",
  "dirtRoad",
]);

/** A feature to avoid: `tollRoad`, `controlledAccessHighway`, `ferry`, `tunnel` or `dirtRoad`. */
export type MatrixAvoidFeature =
  (typeof MatrixAvoidFeature)[keyof typeof MatrixAvoidFeature];

/**
 * A matrix `routingMode`: `"fast"` or `"short"` (core's `RoutingMode`
 * values, as a closed set).
 *
 * @example
 * ```ts
 * import type { MatrixRoutingMode } from "@ls/matrix";
 * const routingMode: MatrixRoutingMode = "short";
 * ```
 */
export type MatrixRoutingMode = (typeof RoutingMode)[keyof typeof RoutingMode];

/**
 * A matrix `transportMode`: one of core's `TransportMode` values (`car`,
 * `truck`, `pedestrian`, `bicycle`, `scooter`, `bus`, `privateBus`,
 * `taxi`), as a closed set.
 *
 * @example
 * ```ts
 * import type { MatrixTransportMode } from "@ls/matrix";
 * const transportMode: MatrixTransportMode = "truck";
 * ```
 */
export type MatrixTransportMode =
  (typeof TransportMode)[keyof typeof TransportMode];
