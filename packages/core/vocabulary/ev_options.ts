/**
 * Electric-vehicle options, shared by routes and isolines: the consumption
 * model (empirical or physical), the battery's state of charge and what
 * the router needs to add charging stops. {@linkcode EvOptions} is the
 * `ev` parameter of `carRoute`, `truckRoute`, `scooterRoute` and
 * `calculateIsoline`; `appendEv` in `@ls/core/internal` checks it and
 * writes it as HERE's `consumptionModel=…` and `ev[…]=…` keys.
 *
 * Units are HERE's: speeds in km/h, consumption in Wh per metre (the same
 * number as kWh per km), charges in kWh, charging power in kW, auxiliary
 * consumption in Wh per second (empirical) or W (physical). The response
 * reports `charge` and `consumption` in kWh.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { ConnectorType, type EvOptions } from "@ls/core";
 * const ev: EvOptions = {
 *   freeFlowSpeedTable: [[0, 0.239], [27, 0.239], [60, 0.196]],
 *   initialCharge: 48,
 *   maxCharge: 80,
 *   connectorTypes: [ConnectorType.iec62196Type2Combo],
 * };
 * assert.equal(ev.consumptionModel, undefined); // empirical unless said otherwise
 * ```
 *
 * @module
 */

import {
  type NamedValues,
  namedValues,
  type OpenValue,
} from "../params/named_values.ts";

// ------------------------------------------------------------ named values

/**
 * The two consumption models of `consumptionModel`: `empirical` (speed
 * tables and per-metre climb costs; the default) and `physical` (drive
 * efficiencies and the vehicle's weight, drag and rolling resistance).
 * A closed set: the keys an `ev` object may hold depend on it.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { ConsumptionModel } from "@ls/core";
 * assert.deepEqual(Object.values(ConsumptionModel), ["empirical", "physical"]);
 * ```
 */
export const ConsumptionModel: NamedValues<["empirical", "physical"]> =
  /* @__PURE__ */ namedValues(["empirical", "physical"]);

/** A consumption model: `empirical` or `physical`. */
export type ConsumptionModel =
  (typeof ConsumptionModel)[keyof typeof ConsumptionModel];

/**
 * The names of {@linkcode ConnectorType}, in HERE's order.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { CONNECTOR_TYPES, ConnectorType } from "@ls/core";
 * assert.deepEqual(Object.keys(ConnectorType), [...CONNECTOR_TYPES]);
 * ```
 */
export const CONNECTOR_TYPES = [
  "iec62196Type1Combo",
  "iec62196Type2Combo",
  "chademo",
  "tesla",
  "saeJ3400",
  "gbtDc",
] as const;

/**
 * Values of {@linkcode EvChargeOptions.connectorTypes}: the plugs the
 * vehicle can charge with. `tesla` is HERE's deprecated name of `saeJ3400`
 * (NACS) and cannot be combined with it.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { ConnectorType, type EvChargeOptions } from "@ls/core";
 * const plugs: EvChargeOptions = { connectorTypes: [ConnectorType.iec62196Type2Combo, ConnectorType.chademo] };
 * assert.deepEqual(plugs.connectorTypes, ["iec62196Type2Combo", "chademo"]);
 * ```
 */
export const ConnectorType: NamedValues<typeof CONNECTOR_TYPES> =
  /* @__PURE__ */ namedValues(
    CONNECTOR_TYPES,
  );

/** A connector type: a known one, or any other string HERE adds. */
export type ConnectorType = OpenValue<typeof ConnectorType>;

// ------------------------------------------------------------- the options

/**
 * A consumption table: `[speed, consumption]` pairs, speeds in whole km/h
 * (0 or more, strictly ascending), consumption in Wh per metre (0 or
 * more). HERE interpolates linearly between the pairs and holds the first
 * and last values beyond them. Sent flat: `0,0.239,27,0.239`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { SpeedTable } from "@ls/core";
 * const table: SpeedTable = [[0, 0.239], [27, 0.239], [45, 0.259]];
 * assert.equal(table.flat().join(","), "0,0.239,27,0.239,45,0.259");
 * ```
 */
export type SpeedTable = readonly (readonly [
  speedKmh: number,
  consumptionWhPerMetre: number,
])[];

/**
 * A charging curve: `[charge, power]` pairs, the charge in kWh (starting at
 * 0, strictly ascending, reaching `maxChargeAfterChargingStation`), the
 * most power the battery takes from that charge on, in kW (7 to 2000 up to
 * `maxChargeAfterChargingStation`). Sent flat: `0,207,28.8,173,80,10`.
 * Points above `maxCharge` are allowed and never reached: HERE's own
 * examples send a curve to 80 kWh with `maxCharge` 77 (the usable part of
 * the battery).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { ChargingCurve } from "@ls/core";
 * const curve: ChargingCurve = [[0, 207], [28.8, 173], [80, 10]];
 * assert.equal(curve[1][1], 173); // kW from 28.8 kWh on
 * ```
 */
export type ChargingCurve = readonly (readonly [
  chargeKwh: number,
  powerKw: number,
])[];

/**
 * The battery and charging options both consumption models share. Without
 * `initialCharge` and `maxCharge` HERE reports consumption only; with them
 * it reports the charge at each section's departure and arrival; with
 * `makeReachable` it adds charging stops.
 *
 * Rules checked before sending (each a `ValueError` naming what is
 * missing or wrong): `initialCharge` and `maxCharge` go together, and
 * `initialCharge ≤ maxCharge`; `maxCharge` is above 0; the `minCharge…`
 * values need them and stay strictly below `maxChargeAfterChargingStation`
 * when it is given, else strictly below `maxCharge` (equal is refused);
 * `maxChargeAfterChargingStation` is above 0 (the minimums' default) and
 * at most `maxCharge`; `connectorTypes` lists each type once, none with a
 * comma; `makeReachable: true` needs `initialCharge`, `maxCharge`,
 * `maxChargeAfterChargingStation`, `chargingCurve` and `connectorTypes`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { EvChargeOptions } from "@ls/core";
 * const battery: EvChargeOptions = { initialCharge: 48, maxCharge: 80, minChargeAtDestination: 8 };
 * assert.ok(battery.initialCharge! <= battery.maxCharge!);
 * ```
 */
export interface EvChargeOptions {
  /** Charge at the start, kWh (`ev[initialCharge]`); at most `maxCharge`. */
  initialCharge?: number;
  /** Usable battery capacity, kWh (`ev[maxCharge]`); above 0. */
  maxCharge?: number;
  /** Least charge to arrive with at the destination, kWh; below the limit (see above). HERE's default: 0. */
  minChargeAtDestination?: number;
  /** Least charge to arrive with at the first charging stop, kWh; overrides `minChargeAtChargingStation` there. */
  minChargeAtFirstChargingStation?: number;
  /** Least charge to arrive with at any charging stop, kWh; below the limit (see above). HERE's default: 0. */
  minChargeAtChargingStation?: number;
  /** Charge to charge up to at a stop, kWh; above 0, at most `maxCharge`. */
  maxChargeAfterChargingStation?: number;
  /** How fast the battery charges at each charge level. */
  chargingCurve?: ChargingCurve;
  /** Seconds spent at a station before charging starts (an integer). */
  chargingSetupDuration?: number;
  /** Longest time charging at one station, seconds (an integer). */
  maxChargingDuration?: number;
  /** Highest charging voltage the battery takes, V. */
  maxChargingVoltage?: number;
  /** Highest charging current the battery takes, A. */
  maxChargingCurrent?: number;
  /** Most power, kW, from stations below 800 V when `maxChargingVoltage` ≥ 800 V. HERE's default: 45. */
  maxPowerAtLowVoltage?: number;
  /** The plugs the vehicle charges with, each once; stations without one are not used. */
  connectorTypes?: readonly ConnectorType[];
  /** Let the router add charging stops so that the destination is reached. */
  makeReachable?: boolean;
}

/**
 * The empirical consumption model (`consumptionModel=empirical`, the
 * default): consumption per metre from a speed table, plus the cost of
 * climbing, the gain of descending and the auxiliary systems.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { EmpiricalEvOptions } from "@ls/core";
 * const ev: EmpiricalEvOptions = {
 *   freeFlowSpeedTable: [[10, 0.13], [50, 0.151], [130, 0.321]],
 *   trafficSpeedTable: [[0, 0.349], [27, 0.319]],
 *   ascent: 9,
 *   descent: 4.3,
 *   auxiliaryConsumption: 1.8,
 * };
 * assert.equal(ev.consumptionModel, undefined); // empirical unless said otherwise
 * ```
 */
export interface EmpiricalEvOptions extends EvChargeOptions {
  /** `empirical` (or left out). */
  consumptionModel?: "empirical";
  /** Consumption at constant speed on a flat, free-flowing road. Required. */
  freeFlowSpeedTable: SpeedTable;
  /** Consumption in heavy traffic (frequent speed changes). */
  trafficSpeedTable?: SpeedTable;
  /** Wh spent per metre of climb. */
  ascent?: number;
  /** Wh recovered per metre of descent. */
  descent?: number;
  /** Wh the auxiliary systems (air conditioning, lights) use per second of travel. */
  auxiliaryConsumption?: number;
}

/**
 * The physical consumption model (`consumptionModel=physical`): the
 * energy to move the vehicle's weight against rolling resistance, air drag
 * and gravity, through the drive's efficiency. The vehicle attributes go on
 * the wire as `vehicle[…]`; `frontalArea` may be left out when `width` and
 * `height` are given (here, or as the truck's).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { PhysicalEvOptions } from "@ls/core";
 * const ev: PhysicalEvOptions = {
 *   consumptionModel: "physical",
 *   driveEfficiency: 0.9,
 *   recuperationEfficiency: 0.8,
 *   auxiliaryPowerConsumption: 2000,
 *   currentWeight: 2500,
 *   frontalArea: 2.36,
 *   rollingResistanceCoefficient: 0.0066,
 *   airDragCoefficient: 0.23,
 * };
 * assert.equal(ev.consumptionModel, "physical");
 * ```
 */
export interface PhysicalEvOptions extends EvChargeOptions {
  /** `physical`. */
  consumptionModel: "physical";
  /** Share of the battery's energy that moves the vehicle: above 0, up to 1. */
  driveEfficiency: number;
  /** Share of braking and downhill energy recovered into the battery, 0 to 1. */
  recuperationEfficiency: number;
  /** Power the auxiliary systems use, W. */
  auxiliaryPowerConsumption?: number;
  /**
   * Power the auxiliary systems use over driving time instead of a constant
   * `auxiliaryPowerConsumption` (HERE: alpha): `[seconds, watts]` pairs,
   * the power holding from each time to the next and after the last. Times
   * are whole seconds of driving, from 0, strictly ascending, up to 1800;
   * at most 6 pairs. Needs a `departureTime` that is not `"any"`. Sent as
   * `ev[auxiliaryPowerCurve]=0,2000|600,1500`.
   */
  auxiliaryPowerCurve?: readonly (readonly [seconds: number, watts: number])[];
  /** Air density, kg/m³. HERE's default: 1.225. */
  airDensity?: number;
  /** The vehicle's weight now, passengers and load included: integer kg above 0 (`vehicle[currentWeight]`). */
  currentWeight: number;
  /** Rolling resistance coefficient of the tyres (`vehicle[rollingResistanceCoefficient]`). */
  rollingResistanceCoefficient: number;
  /** Air drag coefficient (`vehicle[airDragCoefficient]`). */
  airDragCoefficient: number;
  /** Cross-section seen from the front, m² (`vehicle[frontalArea]`). */
  frontalArea?: number;
  /** Width, integer cm above 0 (`vehicle[width]`), with `height` instead of `frontalArea`. */
  width?: number;
  /** Height, integer cm above 0 (`vehicle[height]`), with `width` instead of `frontalArea`. */
  height?: number;
}

/**
 * The `ev` parameter: one of the two consumption models, with the battery
 * and charging options. See {@linkcode EmpiricalEvOptions},
 * {@linkcode PhysicalEvOptions} and {@linkcode EvChargeOptions}.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { EvOptions } from "@ls/core";
 * const options: EvOptions[] = [
 *   { freeFlowSpeedTable: [[0, 0.2]] },
 *   {
 *     consumptionModel: "physical",
 *     driveEfficiency: 0.9,
 *     recuperationEfficiency: 0.8,
 *     currentWeight: 1800,
 *     rollingResistanceCoefficient: 0.008,
 *     airDragCoefficient: 0.28,
 *     width: 180,
 *     height: 150,
 *   },
 * ];
 * assert.equal(options.length, 2);
 * ```
 */
export type EvOptions = EmpiricalEvOptions | PhysicalEvOptions;
