/**
 * The `vehicle` parameter of car and truck routes
 * ({@linkcode VehicleOptions}, sent as `vehicle[…]`): what any road vehicle
 * may tell the router beyond a truck's restrictions (those are `truck`):
 * a speed cap, its occupancy, its licence plate, its engine and whether it
 * is used commercially.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { buildCarRouteRequest } from "@ls/routing";
 * const spec = buildCarRouteRequest({
 *   origin: [52.5, 13.4],
 *   destination: [52.6, 13.5],
 *   vehicle: { speedCap: 27.8, occupancy: 2, licensePlate: { lastCharacter: "7" } },
 * });
 * assert.match(
 *   spec.query!.toString(),
 *   /&vehicle%5BspeedCap%5D=27.8&vehicle%5Boccupancy%5D=2&vehicle%5BlicensePlate%5D=lastCharacter:7$/,
 * );
 * ```
 *
 * @module
 */

import type { NamedValues, VehicleBody } from "@ls/core";
import { ENGINE_TYPES } from "@ls/core/internal";

/**
 * Values of {@linkcode VehicleOptions.engineType}.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { EngineType } from "@ls/routing";
 * assert.equal(EngineType.pluginHybrid, "pluginHybrid");
 * ```
 */
export const EngineType: NamedValues<
  ["electric", "internalCombustion", "pluginHybrid"]
> = ENGINE_TYPES;

/** A `vehicle[engineType]` value: one of {@linkcode EngineType}'s. */
export type EngineType = (typeof EngineType)[keyof typeof EngineType];

/**
 * The vehicle's licence plate as far as restrictions by plate (odd and
 * even days, say) need it: its last character, sent as
 * `lastCharacter:7`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { LicensePlate } from "@ls/routing";
 * const plate: LicensePlate = { lastCharacter: "4" };
 * assert.equal(plate.lastCharacter, "4");
 * ```
 */
export interface LicensePlate {
  /** The plate's last character: one letter or digit. */
  lastCharacter: string;
}

/**
 * The `vehicle` parameter (`vehicle[…]`) of car and truck routes: the
 * body fields isolines take too ({@linkcode VehicleBody}), the trailer's
 * axles and the height at the first axle, speed caps, occupancy, licence
 * plate, engine and commercial use.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { VehicleOptions } from "@ls/routing";
 * const vehicle: VehicleOptions = { engineType: "internalCombustion", commercial: true };
 * assert.equal(vehicle.commercial, true);
 * ```
 */
export interface VehicleOptions extends VehicleBody {
  /**
   * Axles of the trailers, integer ≥ 1 (`vehicle[trailerAxleCount]`): needs
   * `truck.trailerCount` above 0 and, with `truck.axleCount`, fewer axles
   * than the whole vehicle. Truck routes only.
   */
  trailerAxleCount?: number;
  /**
   * Height at the first axle, cm, integer ≥ 0
   * (`vehicle[heightAboveFirstAxle]`): restrictions on overhanging loads
   * go by it.
   */
  heightAboveFirstAxle?: number;
  /** The vehicle's top speed, m/s, from 1 to 70: the router never plans faster. */
  speedCap?: number;
  /**
   * Speed caps per functional class, FC1 (motorways) to FC5, m/s from 1 to
   * 70; `null` (or a shorter list) leaves a class uncapped. Sent as
   * `33.3,,22.2`; with `speedCap` the lower cap wins.
   */
  speedCapPerFc?: readonly (number | null)[];
  /** People on board, an integer ≥ 1: with 2 or more, HOV lanes may be used. */
  occupancy?: number;
  /**
   * People on board for HOV lanes, an integer ≥ 1 (HERE's default 1);
   * deprecated by HERE in favour of `occupancy`, and not with it or with
   * `allow`.
   */
  hovOccupancy?: number;
  /** The licence plate's last character, for restrictions by plate. */
  licensePlate?: LicensePlate;
  /** The engine: `electric`, `internalCombustion` or `pluginHybrid`. */
  engineType?: EngineType;
  /** Used commercially (delivery, taxi): restrictions for such vehicles apply. */
  commercial?: boolean;
}
