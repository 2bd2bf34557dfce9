/**
 * {@linkcode IsolineVehicle}: the vehicle attributes HERE takes as
 * `vehicle[…]` beyond the truck's dimensions and weights (the `truck`
 * option) and the physical EV model's (the `ev` option): occupancy, speed
 * caps, engine, licence plate, and a truck's further weights and counts.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { buildCalculateIsolineRequest } from "@ls/isoline";
 * const spec = buildCalculateIsolineRequest({
 *   origin: [52.5, 13.4],
 *   range: [600],
 *   rangeType: "time",
 *   transportMode: "car",
 *   vehicle: { occupancy: 3, speedCap: 27.5 },
 *   allow: { hov: true },
 * });
 * assert.match(
 *   spec.query!.toString(),
 *   /&allow%5Bhov%5D=true&vehicle%5BspeedCap%5D=27.5&vehicle%5Boccupancy%5D=3$/,
 * );
 * ```
 *
 * @module
 */

import type { NamedValues } from "@ls/core";
import { ENGINE_TYPES, namedValues } from "@ls/core/internal";

/**
 * Values of `vehicle.engineType` (`vehicle[engineType]`), which HERE uses
 * for tolls.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { IsolineEngineType } from "@ls/isoline";
 * assert.deepEqual(Object.keys(IsolineEngineType), ["electric", "internalCombustion", "pluginHybrid"]);
 * ```
 */
export const IsolineEngineType: NamedValues<
  ["electric", "internalCombustion", "pluginHybrid"]
> = ENGINE_TYPES;

/** A `vehicle.engineType` value. */
export type IsolineEngineType =
  (typeof IsolineEngineType)[keyof typeof IsolineEngineType];

/**
 * Values of `vehicle.category` (`vehicle[category]`): `undefined` (HERE's
 * default, no special category) or `lightTruck` (truck mode only), which
 * legal restrictions treat closer to a car.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { IsolineVehicleCategory } from "@ls/isoline";
 * assert.equal(IsolineVehicleCategory.lightTruck, "lightTruck");
 * ```
 */
export const IsolineVehicleCategory: NamedValues<["undefined", "lightTruck"]> =
  /* @__PURE__ */ namedValues(["undefined", "lightTruck"]);

/** A `vehicle.category` value. */
export type IsolineVehicleCategory =
  (typeof IsolineVehicleCategory)[keyof typeof IsolineVehicleCategory];

/**
 * The weight on each axle group, kg (`vehicle[weightPerAxleGroup]`, sent
 * as `single:10000,tandem:18000`): truck, bus and privateBus only, not with
 * `truck.weightPerAxle`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { AxleGroupWeights } from "@ls/isoline";
 * const weights: AxleGroupWeights = { single: 10000, tandem: 18000 };
 * assert.equal(weights.tandem, 18000);
 * ```
 */
export interface AxleGroupWeights {
  /** A single axle, kg. */
  single?: number;
  /** A tandem (two axles), kg. */
  tandem?: number;
  /** A triple axle group, kg. */
  triple?: number;
  /** A group of four axles, kg. */
  quad?: number;
  /** A group of five axles, kg. */
  quint?: number;
}

/**
 * Vehicle attributes sent as `vehicle[…]` besides the `truck` and `ev`
 * ones; each is sent only when given.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { IsolineVehicle } from "@ls/isoline";
 * const vehicle: IsolineVehicle = { licensePlate: { lastCharacter: "7" }, engineType: "electric" };
 * assert.equal(vehicle.licensePlate?.lastCharacter, "7");
 * ```
 */
export interface IsolineVehicle {
  /** Empty (unladen, ready to drive) weight, kg, integer ≥ 0 (`vehicle[emptyWeight]`). */
  emptyWeight?: number;
  /** Payload capacity including trailers, kg, integer ≥ 0 (`vehicle[payloadCapacity]`). */
  payloadCapacity?: number;
  /** Weight per axle group (`vehicle[weightPerAxleGroup]`). */
  weightPerAxleGroup?: AxleGroupWeights;
  /**
   * Kingpin to rear axle length, cm, integer ≥ 0 (`vehicle[kpraLength]`;
   * restricted in California and Idaho).
   */
  kpraLength?: number;
  /** Tyres of the vehicle and its trailers, integer ≥ 0 (`vehicle[tiresCount]`). */
  tiresCount?: number;
  /** `undefined` (default) or `lightTruck`, truck mode only (`vehicle[category]`). */
  category?: IsolineVehicleCategory;
  /**
   * The highest speed to drive at, m/s, above 0 (`vehicle[speedCap]`):
   * car, truck, scooter, taxi, bus and privateBus.
   */
  speedCap?: number;
  /**
   * Speed caps per functional class FC1 to FC5, m/s, 1 to 70 each, `null`
   * for no cap (`vehicle[speedCapPerFc]`, sent as `30,,20`): at most 5;
   * with `speedCap` the lower cap wins. Car and truck.
   */
  speedCapPerFc?: readonly (number | null)[];
  /** Engine displacement, cm³, integer ≥ 0 (`vehicle[engineSizeCc]`). */
  engineSizeCc?: number;
  /**
   * People in the vehicle, integer ≥ 1 (`vehicle[occupancy]`), for HOV
   * lanes (with `allow.hov`) and occupancy-based tolls.
   */
  occupancy?: number;
  /**
   * Deprecated by HERE for `occupancy` with `allow.hov`: people in the
   * vehicle for HOV lanes, integer ≥ 1 (`vehicle[hovOccupancy]`); not with
   * `occupancy`, `allow.hov` or `allow.hot`.
   */
  hovOccupancy?: number;
  /** `electric`, `internalCombustion` or `pluginHybrid` (`vehicle[engineType]`). */
  engineType?: IsolineEngineType;
  /**
   * The licence plate's last character, for environmental zones that go
   * by it (`vehicle[licensePlate]`, sent as `lastCharacter:7`).
   */
  licensePlate?: {
    /** One character. */
    lastCharacter: string;
  };
}
