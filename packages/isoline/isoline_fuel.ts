/**
 * {@linkcode IsolineFuel}: a combustion vehicle's fuel and consumption
 * model (`fuel[…]`), with which a `rangeType: "consumption"` isoline counts
 * millilitres of fuel (grams for CNG) instead of an EV's Wh.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { buildCalculateIsolineRequest } from "@ls/isoline";
 * // Where a diesel car gets on 2 litres.
 * const spec = buildCalculateIsolineRequest({
 *   origin: [52.5, 13.4],
 *   range: [2000],
 *   rangeType: "consumption",
 *   transportMode: "car",
 *   fuel: { type: "diesel", freeFlowSpeedTable: [[0, 0.07], [50, 0.05], [130, 0.08]] },
 * });
 * assert.match(
 *   spec.query!.toString(),
 *   /&fuel%5Btype%5D=diesel&fuel%5BfreeFlowSpeedTable%5D=0,0.07,50,0.05,130,0.08$/,
 * );
 * ```
 *
 * @module
 */

import type { NamedValues, SpeedTable } from "@ls/core";
import { FUEL_TYPES } from "@ls/core/internal";

/**
 * Values of `fuel.type` (`fuel[type]`), HERE's fuel types.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { IsolineFuelType } from "@ls/isoline";
 * assert.equal(IsolineFuelType.cng, "cng");
 * assert.equal(Object.keys(IsolineFuelType).length, 8);
 * ```
 */
export const IsolineFuelType: NamedValues<
  ["diesel", "petrol", "lpg", "cng", "lng", "ethanol", "propane", "hydrogen"]
> = FUEL_TYPES;

/** A `fuel.type` value. */
export type IsolineFuelType =
  (typeof IsolineFuelType)[keyof typeof IsolineFuelType];

/**
 * A combustion vehicle's fuel and consumption model (`fuel[…]`). Not with
 * `ev` (HERE has no hybrid model), nor for `pedestrian` or `bicycle`. The
 * consumption figures are millilitres of fuel, grams for `cng`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { IsolineFuel } from "@ls/isoline";
 * const fuel: IsolineFuel = {
 *   type: "petrol",
 *   freeFlowSpeedTable: [[0, 0.08], [50, 0.06], [130, 0.09]],
 *   ascent: 0.02,
 * };
 * assert.equal(fuel.type, "petrol");
 * ```
 */
export interface IsolineFuel {
  /** The fuel (`fuel[type]`). */
  type: IsolineFuelType;
  /**
   * Consumption on free-flowing roads (`fuel[freeFlowSpeedTable]`):
   * `[speedKmh, mlPerMetre]` pairs (g/m for CNG), whole km/h strictly
   * ascending. Required for a consumption range and by the other tables.
   */
  freeFlowSpeedTable?: SpeedTable;
  /**
   * Consumption in congestion (`fuel[trafficSpeedTable]`), pairs as in
   * `freeFlowSpeedTable`; needs it.
   */
  trafficSpeedTable?: SpeedTable;
  /**
   * Fuel used per second whatever the speed, idling and auxiliaries, in
   * ml/s (g/s for CNG; `fuel[additionalConsumption]`), ≥ 0; needs
   * `freeFlowSpeedTable`.
   */
  additionalConsumption?: number;
  /**
   * Extra fuel per metre climbed, ml/m (g/m for CNG; `fuel[ascent]`), ≥ 0;
   * needs `freeFlowSpeedTable`.
   */
  ascent?: number;
}
