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
 * import { ConnectorType, type EvOptions, Query } from "@ls/core";
 * import { appendEv } from "@ls/core/internal";
 * const ev: EvOptions = {
 *   freeFlowSpeedTable: [[0, 0.239], [27, 0.239], [60, 0.196]],
 *   ascent: 9,
 *   descent: 4.3,
 *   initialCharge: 48,
 *   maxCharge: 80,
 *   maxChargeAfterChargingStation: 72,
 *   chargingCurve: [[0, 239], [64, 111], [80, 1]],
 *   connectorTypes: [ConnectorType.iec62196Type2Combo],
 *   makeReachable: true,
 * };
 * const query = appendEv(new Query(), ev, { transportMode: "car" }).toString();
 * assert.match(query, /^consumptionModel=empirical&ev%5BfreeFlowSpeedTable%5D=0,0.239,27,0.239,60,0.196&/);
 * assert.match(query, /&ev%5BconnectorTypes%5D=iec62196Type2Combo&ev%5BmakeReachable%5D=true$/);
 * ```
 *
 * @module
 */

import * as z from "zod/mini";
import { checkKeys, isRecord } from "./check_params.ts";
import { ValueError } from "./errors.ts";
import { formatBoolean, formatInteger, formatNumber } from "./format.ts";
import {
  type NamedValues,
  namedValues,
  type OpenValue,
} from "./named_values.ts";
import type { Query } from "./query.ts";
import {
  integer,
  minLength,
  nonEmptyString,
  nonNegativeInteger,
  numberInRange,
  parseWith,
} from "./validate.ts";
import { appendVehicleFields } from "./vehicles.ts";

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
export const ConsumptionModel = {
  empirical: "empirical",
  physical: "physical",
} as const;

/** A consumption model: `empirical` or `physical`. */
export type ConsumptionModel =
  (typeof ConsumptionModel)[keyof typeof ConsumptionModel];

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
export const ConnectorType: NamedValues<[
  "iec62196Type1Combo",
  "iec62196Type2Combo",
  "chademo",
  "tesla",
  "saeJ3400",
  "gbtDc",
]> = /* @__PURE__ */ namedValues(
  "iec62196Type1Combo",
  "iec62196Type2Combo",
  "chademo",
  "tesla",
  "saeJ3400",
  "gbtDc",
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
 * `initialCharge ≤ maxCharge`; the `minCharge…` values need them and stay
 * below `maxChargeAfterChargingStation` (or `maxCharge`);
 * `maxChargeAfterChargingStation ≤ maxCharge`; `makeReachable: true` needs
 * `initialCharge`, `maxCharge`, `maxChargeAfterChargingStation`,
 * `chargingCurve` and `connectorTypes`.
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
  /** Usable battery capacity, kWh (`ev[maxCharge]`). */
  maxCharge?: number;
  /** Least charge to arrive with at the destination, kWh. HERE's default: 0. */
  minChargeAtDestination?: number;
  /** Least charge to arrive with at the first charging stop, kWh; overrides `minChargeAtChargingStation` there. */
  minChargeAtFirstChargingStation?: number;
  /** Least charge to arrive with at any charging stop, kWh. HERE's default: 0. */
  minChargeAtChargingStation?: number;
  /** Charge to charge up to at a stop, kWh; at most `maxCharge`. */
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
  /** The plugs the vehicle charges with; stations without one are not used. */
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
  /** Share of the battery's energy that moves the vehicle, 0 to 1. */
  driveEfficiency: number;
  /** Share of braking and downhill energy recovered into the battery, 0 to 1. */
  recuperationEfficiency: number;
  /** Power the auxiliary systems use, W. */
  auxiliaryPowerConsumption?: number;
  /** Air density, kg/m³. HERE's default: 1.225. */
  airDensity?: number;
  /** The vehicle's weight now, passengers and load included: integer kg (`vehicle[currentWeight]`). */
  currentWeight: number;
  /** Rolling resistance coefficient of the tyres (`vehicle[rollingResistanceCoefficient]`). */
  rollingResistanceCoefficient: number;
  /** Air drag coefficient (`vehicle[airDragCoefficient]`). */
  airDragCoefficient: number;
  /** Cross-section seen from the front, m² (`vehicle[frontalArea]`). */
  frontalArea?: number;
  /** Width, integer cm (`vehicle[width]`), with `height` instead of `frontalArea`. */
  width?: number;
  /** Height, integer cm (`vehicle[height]`), with `width` instead of `frontalArea`. */
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

// -------------------------------------------------------------- the wire

/** Options of {@linkcode appendEv}. */
export interface AppendEvOptions {
  /** The call's transport mode: HERE has no EV routing for `pedestrian` and `bicycle`. */
  transportMode: string;
  /** Isolines take the consumption model only, not the battery and charging options. */
  isoline?: boolean;
  /** The parameter's name in messages. Default `ev`. */
  parameter?: string;
}

const CHARGE_KEYS: readonly (keyof EvChargeOptions)[] = [
  "initialCharge",
  "maxCharge",
  "minChargeAtDestination",
  "minChargeAtFirstChargingStation",
  "minChargeAtChargingStation",
  "maxChargeAfterChargingStation",
  "chargingCurve",
  "chargingSetupDuration",
  "maxChargingDuration",
  "maxChargingVoltage",
  "maxChargingCurrent",
  "maxPowerAtLowVoltage",
  "connectorTypes",
  "makeReachable",
];

const EMPIRICAL_KEYS: readonly string[] = [
  "consumptionModel",
  "freeFlowSpeedTable",
  "trafficSpeedTable",
  "ascent",
  "descent",
  "auxiliaryConsumption",
];

/** The physical model's `ev[…]` keys, then its `vehicle[…]` ones. */
const PHYSICAL_EV_KEYS: readonly string[] = [
  "driveEfficiency",
  "recuperationEfficiency",
  "auxiliaryPowerConsumption",
  "airDensity",
];
const PHYSICAL_VEHICLE_KEYS: readonly string[] = [
  "currentWeight",
  "width",
  "height",
  "frontalArea",
  "rollingResistanceCoefficient",
  "airDragCoefficient",
];
const REQUIRED_PHYSICAL: readonly string[] = [
  "driveEfficiency",
  "recuperationEfficiency",
  "currentWeight",
  "rollingResistanceCoefficient",
  "airDragCoefficient",
];
// Spelt out, not spread: a spread would keep the lists in every bundle.
const PHYSICAL_KEYS: readonly string[] = [
  "consumptionModel",
  "driveEfficiency",
  "recuperationEfficiency",
  "auxiliaryPowerConsumption",
  "airDensity",
  "currentWeight",
  "width",
  "height",
  "frontalArea",
  "rollingResistanceCoefficient",
  "airDragCoefficient",
];

/** What a number must be, by key. */
const ZERO_OR_MORE = "must be a finite number, 0 or more";
const nonNegative = /* @__PURE__ */ numberInRange(0, Infinity, ZERO_OR_MORE);
const ABOVE_ZERO = "must be a finite number above 0";
const positive = /* @__PURE__ */ (() =>
  z.number({ error: ABOVE_ZERO }).check(
    z.refine((n) => n > 0, { error: ABOVE_ZERO }),
  ))();
const share = /* @__PURE__ */ numberInRange(0, 1);

const NUMBER_RULES: Readonly<Record<string, z.ZodMiniType<number>>> = {
  ascent: nonNegative,
  descent: nonNegative,
  auxiliaryConsumption: nonNegative,
  driveEfficiency: share,
  recuperationEfficiency: share,
  auxiliaryPowerConsumption: nonNegative,
  airDensity: positive,
  currentWeight: nonNegativeInteger,
  width: nonNegativeInteger,
  height: nonNegativeInteger,
  frontalArea: positive,
  rollingResistanceCoefficient: nonNegative,
  airDragCoefficient: nonNegative,
  initialCharge: nonNegative,
  maxCharge: positive,
  minChargeAtDestination: nonNegative,
  minChargeAtFirstChargingStation: nonNegative,
  minChargeAtChargingStation: nonNegative,
  maxChargeAfterChargingStation: nonNegative,
  chargingSetupDuration: nonNegativeInteger,
  maxChargingDuration: nonNegativeInteger,
  maxChargingVoltage: positive,
  maxChargingCurrent: positive,
  maxPowerAtLowVoltage: positive,
};

const connectorList = /* @__PURE__ */ (() =>
  z.array(nonEmptyString, {
    error: "must be an array of connector types",
  }).check(minLength(1, "must list at least one connector type")))();

/** The transport modes HERE has no EV routing for (E605027). */
const NO_EV: ReadonlySet<string> = /* @__PURE__ */ new Set([
  "pedestrian",
  "bicycle",
]);

/**
 * Checks an `ev` option object and adds it to a route or isoline query:
 * `consumptionModel`, then for the physical model the vehicle attributes
 * as `vehicle[…]` (after any the query has from `truck`), then the
 * `ev[…]` keys in a fixed order — the model's, then `initialCharge`,
 * `maxCharge`, `minChargeAtDestination`, `minChargeAtFirstChargingStation`,
 * `minChargeAtChargingStation`, `maxChargeAfterChargingStation`,
 * `chargingCurve`, `chargingSetupDuration`, `maxChargingDuration`,
 * `maxChargingVoltage`, `maxChargingCurrent`, `maxPowerAtLowVoltage`,
 * `connectorTypes`, `makeReachable`. Tables go out flat
 * (`0,0.239,27,0.239`), numbers without exponents. `undefined` adds
 * nothing.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Query } from "@ls/core";
 * import { appendEv } from "@ls/core/internal";
 * const q = appendEv(new Query(), {
 *   consumptionModel: "physical",
 *   driveEfficiency: 0.9,
 *   recuperationEfficiency: 0.8,
 *   currentWeight: 2500,
 *   frontalArea: 2.36,
 *   rollingResistanceCoefficient: 0.0066,
 *   airDragCoefficient: 0.23,
 * }, { transportMode: "car" });
 * assert.equal(
 *   q.toString(),
 *   "consumptionModel=physical&vehicle%5BcurrentWeight%5D=2500&vehicle%5BfrontalArea%5D=2.36" +
 *     "&vehicle%5BrollingResistanceCoefficient%5D=0.0066&vehicle%5BairDragCoefficient%5D=0.23" +
 *     "&ev%5BdriveEfficiency%5D=0.9&ev%5BrecuperationEfficiency%5D=0.8",
 * );
 * assert.throws(
 *   () => appendEv(new Query(), { freeFlowSpeedTable: [[0, 0.2]], makeReachable: true }, { transportMode: "car" }),
 *   {
 *     message: "Invalid ev.makeReachable: needs ev.initialCharge, ev.maxCharge, " +
 *       "ev.maxChargeAfterChargingStation, ev.chargingCurve and ev.connectorTypes, got true",
 *   },
 * );
 * ```
 *
 * @throws {ValueError} naming the key (`ev.initialCharge`,
 * `ev.freeFlowSpeedTable[2][0]`, …) for a value of the wrong kind, a table
 * out of order, an unknown key or one of the other model, a missing
 * dependency, or `ev` with `pedestrian` or `bicycle`
 */
export function appendEv(
  query: Query,
  ev: EvOptions | undefined,
  options: AppendEvOptions,
): Query {
  if (ev === undefined) return query;
  const name = options.parameter ?? "ev";
  if (!isRecord(ev)) throw new ValueError(name, "must be an object", ev);
  if (NO_EV.has(options.transportMode)) {
    throw new ValueError(
      name,
      `is not supported for transportMode "${options.transportMode}" ` +
        "(HERE answers E605027): EV options go with car, truck and scooter",
    );
  }
  const values = ev as unknown as Record<string, unknown>;
  const model = values.consumptionModel ?? ConsumptionModel.empirical;
  if (model !== "empirical" && model !== "physical") {
    throw new ValueError(
      `${name}.consumptionModel`,
      'must be "empirical" or "physical"',
      model,
    );
  }
  const physical = model === "physical";
  const own = physical ? PHYSICAL_KEYS : EMPIRICAL_KEYS;
  const other = physical ? EMPIRICAL_KEYS : PHYSICAL_KEYS;
  const otherName = physical
    ? 'the empirical model (consumptionModel: "empirical")'
    : 'the physical model (consumptionModel: "physical")';
  const elsewhere: Record<string, string> = {};
  for (const key of other) elsewhere[`${name}.${key}`] = otherName;
  if (options.isoline) {
    for (const key of CHARGE_KEYS) {
      elsewhere[`${name}.${key}`] =
        "routes, not isolines (an isoline's range is its energy budget)";
    }
  }
  const known = options.isoline ? own : [...own, ...CHARGE_KEYS];
  checkKeys(
    Object.fromEntries(Object.keys(values).map((k) => [`${name}.${k}`, 0])),
    known.map((k) => `${name}.${k}`),
    { operation: `the ${model} consumption model`, elsewhere },
  );

  const num = (key: string): number | undefined =>
    values[key] === undefined
      ? undefined
      : parseWith(NUMBER_RULES[key], values[key], `${name}.${key}`);
  const out: [string, string | readonly string[]][] = [];
  const put = (key: string, text: string | readonly string[] | undefined) => {
    if (text !== undefined) out.push([`ev[${key}]`, text]);
  };
  const putNumber = (key: string) => {
    const n = num(key);
    put(key, n === undefined ? undefined : formatNumber(n));
  };

  const vehicle: [string, string][] = [];
  if (physical) {
    for (const key of REQUIRED_PHYSICAL) {
      if (values[key] === undefined) {
        const wire = PHYSICAL_EV_KEYS.includes(key) ? "ev" : "vehicle";
        throw new ValueError(
          `${name}.${key}`,
          `is required by the physical consumption model (HERE's ${wire}[${key}])`,
        );
      }
    }
    for (const key of PHYSICAL_VEHICLE_KEYS) {
      const n = num(key);
      if (n !== undefined) vehicle.push([key, formatNumber(n)]);
    }
    const has = (key: string) =>
      values[key] !== undefined || query.has(`vehicle[${key}]`);
    if (values.frontalArea === undefined && !(has("width") && has("height"))) {
      throw new ValueError(
        `${name}.frontalArea`,
        "is required by the physical consumption model unless the " +
          "vehicle's width and height are given (in ev, or as the truck's)",
      );
    }
    for (const key of PHYSICAL_EV_KEYS) putNumber(key);
  } else {
    if (values.freeFlowSpeedTable === undefined) {
      throw new ValueError(
        `${name}.freeFlowSpeedTable`,
        "is required by the empirical consumption model " +
          '(or set consumptionModel: "physical" with its vehicle attributes)',
      );
    }
    for (const key of ["freeFlowSpeedTable", "trafficSpeedTable"]) {
      if (values[key] === undefined) continue;
      put(key, formatPairs(speedTable(values[key], `${name}.${key}`)));
    }
    for (const key of ["ascent", "descent", "auxiliaryConsumption"]) {
      putNumber(key);
    }
  }
  if (!options.isoline) chargeEntries(values, name, num, put);

  // Everything is valid: write it.
  query.setStructured("consumptionModel", model);
  appendVehicleFields(query, vehicle, name);
  for (const [key, text] of out) {
    if (typeof text === "string") query.setStructured(key, text);
    else query.set(key, text);
  }
  return query;
}

/** Checks the battery and charging options and their rules; writes them. */
function chargeEntries(
  values: Record<string, unknown>,
  name: string,
  num: (key: string) => number | undefined,
  put: (key: string, text: string | readonly string[] | undefined) => void,
): void {
  const initial = num("initialCharge");
  const max = num("maxCharge");
  const after = num("maxChargeAfterChargingStation");
  const at = (key: string) => `${name}.${key}`;
  if (initial !== undefined && max === undefined) {
    throw new ValueError(
      at("initialCharge"),
      `needs ${at("maxCharge")} (the battery's capacity, kWh)`,
      initial,
    );
  }
  if (max !== undefined && initial === undefined) {
    throw new ValueError(
      at("maxCharge"),
      `needs ${at("initialCharge")}: HERE tracks the charge only with both`,
      max,
    );
  }
  if (initial !== undefined && initial > max!) {
    throw new ValueError(
      at("initialCharge"),
      `must not exceed ${at("maxCharge")} (${max} kWh)`,
      initial,
    );
  }
  if (after !== undefined) {
    if (max === undefined) {
      throw new ValueError(
        at("maxChargeAfterChargingStation"),
        `needs ${at("initialCharge")} and ${at("maxCharge")}`,
        after,
      );
    }
    if (after > max) {
      throw new ValueError(
        at("maxChargeAfterChargingStation"),
        `must not exceed ${at("maxCharge")} (${max} kWh)`,
        after,
      );
    }
  }
  const minimums = [
    "minChargeAtDestination",
    "minChargeAtFirstChargingStation",
    "minChargeAtChargingStation",
  ];
  const minValues = minimums.map((key) => {
    const n = num(key);
    if (n === undefined) return undefined;
    if (max === undefined) {
      throw new ValueError(
        at(key),
        `needs ${at("initialCharge")} and ${at("maxCharge")}: HERE checks ` +
          "the charge only when it tracks it",
        n,
      );
    }
    if (after !== undefined ? n >= after : n > max) {
      throw new ValueError(
        at(key),
        after !== undefined
          ? `must be below ${
            at("maxChargeAfterChargingStation")
          } (${after} kWh)`
          : `must not exceed ${at("maxCharge")} (${max} kWh)`,
        n,
      );
    }
    return n;
  });
  const curve = values.chargingCurve === undefined
    ? undefined
    : chargingCurve(values.chargingCurve, at("chargingCurve"), after);
  const connectors = values.connectorTypes === undefined
    ? undefined
    : parseWith(connectorList, values.connectorTypes, at("connectorTypes"));
  if (connectors?.includes("tesla") && connectors.includes("saeJ3400")) {
    throw new ValueError(
      at("connectorTypes"),
      'must not list both "tesla" and "saeJ3400" ("tesla" is HERE\'s old name of it)',
      connectors,
    );
  }
  const reachable = values.makeReachable === undefined
    ? undefined
    : formatBoolean(values.makeReachable as boolean, at("makeReachable"));
  if (reachable === "true") {
    const missing = [
      "initialCharge",
      "maxCharge",
      "maxChargeAfterChargingStation",
      "chargingCurve",
      "connectorTypes",
    ].filter((key) => values[key] === undefined).map(at);
    if (missing.length > 0) {
      throw new ValueError(
        at("makeReachable"),
        `needs ${
          missing.length === 1
            ? missing[0]
            : `${missing.slice(0, -1).join(", ")} and ${missing.at(-1)}`
        }`,
        true,
      );
    }
  }

  put(
    "initialCharge",
    initial === undefined ? undefined : formatNumber(initial),
  );
  put("maxCharge", max === undefined ? undefined : formatNumber(max));
  minimums.forEach((key, i) =>
    put(
      key,
      minValues[i] === undefined ? undefined : formatNumber(minValues[i]),
    )
  );
  put(
    "maxChargeAfterChargingStation",
    after === undefined ? undefined : formatNumber(after),
  );
  put("chargingCurve", curve && formatPairs(curve));
  for (
    const key of [
      "chargingSetupDuration",
      "maxChargingDuration",
    ]
  ) {
    const n = num(key);
    put(key, n === undefined ? undefined : formatInteger(n));
  }
  for (
    const key of [
      "maxChargingVoltage",
      "maxChargingCurrent",
      "maxPowerAtLowVoltage",
    ]
  ) {
    const n = num(key);
    put(key, n === undefined ? undefined : formatNumber(n));
  }
  put("connectorTypes", connectors);
  put("makeReachable", reachable);
}

const speedValue = /* @__PURE__ */ integer(0);

/** `[[speed, consumption], …]`, checked: whole km/h ascending, Wh/m ≥ 0. */
function speedTable(value: unknown, parameter: string): number[][] {
  const pairs = numberPairs(
    value,
    parameter,
    "[speedKmh, consumptionWhPerMetre]",
  );
  pairs.forEach(([speed, consumption], i) => {
    parseWith(speedValue, speed, `${parameter}[${i}][0]`);
    parseWith(nonNegative, consumption, `${parameter}[${i}][1]`);
    if (i > 0 && speed <= pairs[i - 1][0]) {
      throw new ValueError(
        `${parameter}[${i}][0]`,
        `must be above the speed before it (${pairs[i - 1][0]} km/h): ` +
          "speeds go strictly up",
        speed,
      );
    }
  });
  return pairs;
}

const POWER_RULE = "must be 7 to 2000 kW below maxChargeAfterChargingStation";

/**
 * `[[charge, power], …]`, checked: kWh from 0, strictly ascending, up to
 * `after` when given; kW above 0, and 7 to 2000 below `after`.
 */
function chargingCurve(
  value: unknown,
  parameter: string,
  after: number | undefined,
): number[][] {
  const pairs = numberPairs(value, parameter, "[chargeKwh, powerKw]");
  pairs.forEach(([charge, power], i) => {
    parseWith(nonNegative, charge, `${parameter}[${i}][0]`);
    parseWith(positive, power, `${parameter}[${i}][1]`);
    if (i === 0 && charge !== 0) {
      throw new ValueError(
        `${parameter}[0][0]`,
        "must be 0: the curve covers the charge from 0 kWh",
        charge,
      );
    }
    if (i > 0 && charge <= pairs[i - 1][0]) {
      throw new ValueError(
        `${parameter}[${i}][0]`,
        `must be above the charge before it (${pairs[i - 1][0]} kWh): ` +
          "charges go strictly up",
        charge,
      );
    }
    if (after !== undefined && charge < after && (power < 7 || power > 2000)) {
      throw new ValueError(`${parameter}[${i}][1]`, POWER_RULE, power);
    }
  });
  const last = pairs[pairs.length - 1][0];
  if (after !== undefined && last < after) {
    throw new ValueError(
      parameter,
      `must reach maxChargeAfterChargingStation (${after} kWh); ` +
        `its last charge is ${last} kWh`,
    );
  }
  return pairs;
}

/** A non-empty array of two-number arrays (the numbers checked by the caller). */
function numberPairs(
  value: unknown,
  parameter: string,
  shape: string,
): number[][] {
  if (!Array.isArray(value) || value.length === 0) {
    throw new ValueError(
      parameter,
      `must be a non-empty array of ${shape} pairs`,
      value,
    );
  }
  return value.map((pair, i) => {
    if (!Array.isArray(pair) || pair.length !== 2) {
      throw new ValueError(
        `${parameter}[${i}]`,
        `must be a ${shape} pair`,
        pair,
      );
    }
    return pair as number[];
  });
}

/** Pairs as HERE's flat comma list. */
function formatPairs(pairs: readonly (readonly number[])[]): string {
  return pairs.map(([a, b]) => `${formatNumber(a)},${formatNumber(b)}`).join(
    ",",
  );
}
