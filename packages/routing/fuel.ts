/**
 * Fuel: the `fuel` parameter of car, truck and scooter routes
 * ({@linkcode FuelOptions}, sent as `fuel[…]`), for a combustion engine's
 * consumption and CO₂ emission. Sections then carry the fuel used in
 * `summary.consumption` (litres; kilograms for CNG and hydrogen),
 * `summary.co2Emission` (kg) and the fuel type in `consumptionType`. Not
 * together with `ev`: HERE has no hybrids.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { buildTruckRouteRequest } from "@ls/routing";
 * const spec = buildTruckRouteRequest({
 *   origin: [52.5, 13.4],
 *   destination: [51.05, 13.74],
 *   fuel: { type: "diesel", freeFlowSpeedTable: [[0, 0.3], [80, 0.28]], ascent: 0.5 },
 * });
 * assert.match(
 *   spec.query!.toString(),
 *   /&fuel%5Btype%5D=diesel&fuel%5BfreeFlowSpeedTable%5D=0,0.3,80,0.28&fuel%5Bascent%5D=0.5$/,
 * );
 * ```
 *
 * @module
 */

import type { NamedValues, SpeedTable } from "@ls/core";
import { FUEL_TYPES } from "@ls/core/internal";

/**
 * Values of {@linkcode FuelOptions.type}: the fuel the engine burns.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { FuelType } from "@ls/routing";
 * assert.equal(FuelType.diesel, "diesel");
 * ```
 */
export const FuelType: NamedValues<
  ["diesel", "petrol", "lpg", "cng", "lng", "ethanol", "propane", "hydrogen"]
> = FUEL_TYPES;

/** A `fuel[type]` value: one of {@linkcode FuelType}'s. */
export type FuelType = (typeof FuelType)[keyof typeof FuelType];

/**
 * The `fuel` parameter (`fuel[…]`): the fuel type and the engine's
 * consumption model. Quantities are millilitres, or grams for CNG.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { FuelOptions } from "@ls/routing";
 * const fuel: FuelOptions = { type: "petrol", freeFlowSpeedTable: [[0, 0.07], [120, 0.08]] };
 * assert.equal(fuel.type, "petrol");
 * ```
 */
export interface FuelOptions {
  /** The fuel type. Required. */
  type: FuelType;
  /**
   * Consumption at constant speed on a flat, free-flowing road:
   * `[speedKmh, mlPerMetre]` pairs, speeds whole km/h going strictly up
   * from 0 (g/m for CNG).
   */
  freeFlowSpeedTable?: SpeedTable;
  /** Consumption in heavy traffic, as `freeFlowSpeedTable`; needs it. */
  trafficSpeedTable?: SpeedTable;
  /** Millilitres (g for CNG) used per second of travel besides driving; needs `freeFlowSpeedTable`. */
  additionalConsumption?: number;
  /** Millilitres (g for CNG) used per metre of climb; needs `freeFlowSpeedTable`. */
  ascent?: number;
}
