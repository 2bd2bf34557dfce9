/**
 * The `ev` option object on the wire: {@linkcode appendEv} checks it
 * against its consumption model and HERE's rules between the battery
 * options, and writes `consumptionModel`, the physical model's
 * `vehicle[…]` attributes and the `ev[…]` keys. The option types are in
 * `ev_options.ts`.
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

import { checkKeys, isRecord } from "../params/check_params.ts";
import { ValueError } from "../errors/errors.ts";
import { formatNumber } from "../params/format.ts";
import type { Query } from "../params/query.ts";
import { appendVehicleFields } from "./vehicles.ts";
import {
  ConsumptionModel,
  type EmpiricalEvOptions,
  type EvOptions,
  type PhysicalEvOptions,
} from "./ev_options.ts";
import { auxiliaryPowerCurve, formatPairs, speedTable } from "./_ev_tables.ts";

// The pair tables, for fuel's speed tables too.
export { formatPairs, speedTable };
import { type EvEntries, evEntries } from "./_ev_entries.ts";
import { CHARGE_KEYS, chargeEntries } from "./_ev_charge.ts";

// -------------------------------------------------------------- the wire

/** Options of {@linkcode appendEv}. */
export interface AppendEvOptions {
  /** The call's transport mode: HERE has no EV routing for `pedestrian` and `bicycle`. */
  transportMode: string;
  /** Isolines take the consumption model only, not the battery and charging options. */
  isoline?: boolean;
  /** The parameter's name in messages. Default `ev`. */
  parameter?: string;
  /**
   * The call's `departureTime`, as given: an auxiliary power curve needs
   * one that is not `"any"`.
   */
  departureTime?: unknown;
}

/** The empirical model's `ev[…]` keys (`consumptionModel` aside). */
export const EMPIRICAL_KEYS = [
  "freeFlowSpeedTable",
  "trafficSpeedTable",
  "ascent",
  "descent",
  "auxiliaryConsumption",
] as const;

/** The physical model's `ev[…]` keys, then its `vehicle[…]` ones. */
export const PHYSICAL_EV_KEYS = [
  "driveEfficiency",
  "recuperationEfficiency",
  "auxiliaryPowerConsumption",
  "airDensity",
  "auxiliaryPowerCurve",
] as const;
export const PHYSICAL_VEHICLE_KEYS = [
  "currentWeight",
  "width",
  "height",
  "frontalArea",
  "rollingResistanceCoefficient",
  "airDragCoefficient",
] as const;

// An option added to the EV types but not to a list above fails to compile.
type Unlisted = Exclude<
  keyof EmpiricalEvOptions | keyof PhysicalEvOptions,
  | "consumptionModel"
  | (typeof CHARGE_KEYS)[number]
  | (typeof EMPIRICAL_KEYS)[number]
  | (typeof PHYSICAL_EV_KEYS)[number]
  | (typeof PHYSICAL_VEHICLE_KEYS)[number]
>;
const _allListed: [Unlisted] extends [never] ? true : false = true;

const REQUIRED_PHYSICAL: readonly string[] = [
  "driveEfficiency",
  "recuperationEfficiency",
  "currentWeight",
  "rollingResistanceCoefficient",
  "airDragCoefficient",
];

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
 * dependency, `ev` with `pedestrian` or `bicycle`, or the physical model
 * with `scooter`
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
  const model = consumptionModel(values, name);
  if (model === "physical" && options.transportMode === "scooter") {
    // The physical model is sent as vehicle[…] attributes, and a scooter
    // takes none of them.
    throw new ValueError(
      `${name}.consumptionModel`,
      '"physical" is not for transportMode "scooter": its vehicle attributes ' +
        "(currentWeight, frontalArea, …) are not a scooter's (HERE answers E605010)",
    );
  }
  checkEvKeys(values, name, model, options.isoline === true);
  const entries = evEntries(values, name);
  let vehicle: [string, string][] = [];
  if (model === "physical") {
    vehicle = physicalEntries(entries, query, options.departureTime);
  } else empiricalEntries(entries);
  if (!options.isoline) chargeEntries(entries);

  // Everything is valid: write it.
  query.setStructured("consumptionModel", model);
  appendVehicleFields(query, vehicle, name);
  for (const [key, text] of entries.out) {
    if (typeof text === "string") query.setStructured(key, text);
    else query.set(key, text);
  }
  return query;
}

/** The consumption model: `empirical` when left out. */
function consumptionModel(
  values: Record<string, unknown>,
  name: string,
): ConsumptionModel {
  // Only a missing model means the default: `null` is refused, as it is
  // for every other key.
  const model = values.consumptionModel === undefined
    ? ConsumptionModel.empirical
    : values.consumptionModel;
  if (model !== "empirical" && model !== "physical") {
    throw new ValueError(
      `${name}.consumptionModel`,
      'must be "empirical" or "physical"',
      model,
    );
  }
  return model;
}

/**
 * Refuses a key the model does not take, saying where a key of the other
 * model, or a charging key on an isoline, belongs.
 */
function checkEvKeys(
  values: Record<string, unknown>,
  name: string,
  model: ConsumptionModel,
  isoline: boolean,
): void {
  const empirical = ["consumptionModel", ...EMPIRICAL_KEYS];
  const physical = [
    "consumptionModel",
    ...PHYSICAL_EV_KEYS,
    ...PHYSICAL_VEHICLE_KEYS,
  ];
  const own = model === "physical" ? physical : empirical;
  const other = model === "physical" ? empirical : physical;
  const otherName = model === "physical"
    ? 'the empirical model (consumptionModel: "empirical")'
    : 'the physical model (consumptionModel: "physical")';
  const elsewhere: Record<string, string> = {};
  for (const key of other) elsewhere[`${name}.${key}`] = otherName;
  if (isoline) {
    for (const key of CHARGE_KEYS) {
      elsewhere[`${name}.${key}`] =
        "routes, not isolines (an isoline's range is its energy budget)";
    }
  }
  const known = isoline ? own : [...own, ...CHARGE_KEYS];
  checkKeys(
    Object.fromEntries(Object.keys(values).map((k) => [`${name}.${k}`, 0])),
    known.map((k) => `${name}.${k}`),
    { operation: `the ${model} consumption model`, elsewhere },
  );
}

/**
 * The physical model's entries: its required keys, its vehicle attributes
 * (returned, for `vehicle[…]`), a frontal area or the width and height to
 * work it out from, and its `ev[…]` keys.
 */
function physicalEntries(
  ev: EvEntries,
  query: Query,
  departureTime: unknown,
): [string, string][] {
  const { values, at } = ev;
  for (const key of REQUIRED_PHYSICAL) {
    if (values[key] === undefined) {
      const wire = (PHYSICAL_EV_KEYS as readonly string[]).includes(key)
        ? "ev"
        : "vehicle";
      throw new ValueError(
        at(key),
        `is required by the physical consumption model (HERE's ${wire}[${key}])`,
      );
    }
  }
  const vehicle: [string, string][] = [];
  for (const key of PHYSICAL_VEHICLE_KEYS) {
    const n = ev.num(key);
    if (n !== undefined) vehicle.push([key, formatNumber(n)]);
  }
  const has = (key: string) =>
    values[key] !== undefined || query.has(`vehicle[${key}]`);
  if (values.frontalArea === undefined && !(has("width") && has("height"))) {
    throw new ValueError(
      at("frontalArea"),
      "is required by the physical consumption model unless the " +
        "vehicle's width and height are given (in ev, or as the truck's)",
    );
  }
  for (const key of PHYSICAL_EV_KEYS) {
    if (key !== "auxiliaryPowerCurve") ev.putNumber(key);
  }
  if (values.auxiliaryPowerCurve !== undefined) {
    powerCurveEntry(ev, departureTime);
  }
  return vehicle;
}

/**
 * `ev[auxiliaryPowerCurve]`: instead of a constant
 * `auxiliaryPowerConsumption`, and only with a departure time that is not
 * `any` (HERE's rules).
 */
function powerCurveEntry(ev: EvEntries, departureTime: unknown): void {
  const at = ev.at("auxiliaryPowerCurve");
  if (ev.values.auxiliaryPowerConsumption !== undefined) {
    throw new ValueError(
      at,
      `cannot be combined with ${
        ev.at("auxiliaryPowerConsumption")
      }: the curve replaces the constant`,
    );
  }
  if (departureTime === undefined || departureTime === "any") {
    throw new ValueError(
      at,
      'needs a departureTime that is not "any": the curve follows the time driven',
    );
  }
  ev.put(
    "auxiliaryPowerCurve",
    formatPairs(auxiliaryPowerCurve(ev.values.auxiliaryPowerCurve, at), "|"),
  );
}

/** The empirical model's entries: its speed tables and climb costs. */
function empiricalEntries(ev: EvEntries): void {
  const { values, at } = ev;
  if (values.freeFlowSpeedTable === undefined) {
    throw new ValueError(
      at("freeFlowSpeedTable"),
      "is required by the empirical consumption model " +
        '(or set consumptionModel: "physical" with its vehicle attributes)',
    );
  }
  for (const key of ["freeFlowSpeedTable", "trafficSpeedTable"]) {
    if (values[key] === undefined) continue;
    ev.put(key, formatPairs(speedTable(values[key], at(key))));
  }
  for (const key of ["ascent", "descent", "auxiliaryConsumption"]) {
    ev.putNumber(key);
  }
}
