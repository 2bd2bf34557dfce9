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

import type { AxleGroupWeights, NamedValues, VehicleBody } from "@ls/core";
import { ENGINE_TYPES, VEHICLE_CATEGORIES } from "@ls/core/internal";

export type { AxleGroupWeights };

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
  VEHICLE_CATEGORIES;

/** A `vehicle.category` value. */
export type IsolineVehicleCategory =
  (typeof IsolineVehicleCategory)[keyof typeof IsolineVehicleCategory];

/**
 * Vehicle attributes sent as `vehicle[…]` besides the `truck` and `ev`
 * ones: the body fields routes take too (`VehicleBody` of `@ls/core`), and
 * speed caps, occupancy, engine and licence plate. Each is sent only when
 * given.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { IsolineVehicle } from "@ls/isoline";
 * const vehicle: IsolineVehicle = { licensePlate: { lastCharacter: "7" }, engineType: "electric" };
 * assert.equal(vehicle.licensePlate?.lastCharacter, "7");
 * ```
 */
export interface IsolineVehicle extends VehicleBody {
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
