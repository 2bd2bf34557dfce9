/**
 * Named values for matrix parameters: profiles, matrix attributes and
 * features to avoid. The sets are open where HERE may add values.
 *
 * @module
 */

import type { AvoidFeature, NamedValues, OpenValue } from "@ls/core";
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
  /* @__PURE__ */ namedValues("travelTimes", "distances");

/** `"travelTimes"` or `"distances"`. */
export type MatrixAttribute =
  (typeof MatrixAttribute)[keyof typeof MatrixAttribute];

/**
 * Profiles named by HERE's reference client. HERE's OpenAPI document has the
 * authoritative list; other strings are sent as given.
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
]> = /* @__PURE__ */ namedValues(
  "carFast",
  "carShort",
  "truckFast",
  "pedestrian",
  "bicycle",
);

/** A profile: a known one, or any other string HERE adds. */
export type MatrixProfile = OpenValue<typeof MatrixProfile>;

/**
 * Features a matrix can avoid (the reference client's list; other strings
 * are sent as given).
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
> = /* @__PURE__ */ namedValues(
  "tollRoad",
  "controlledAccessHighway",
  "ferry",
  "tunnel",
  "dirtRoad",
);

/** A feature to avoid: a known one, or any other string HERE adds. */
export type MatrixAvoidFeature = OpenValue<typeof MatrixAvoidFeature>;
