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

import * as z from "zod/mini";
import { checkKeys, isRecord } from "../params/check_params.ts";
import { ValueError } from "../errors/errors.ts";
import {
  formatBoolean,
  formatInteger,
  formatNumber,
} from "../params/format.ts";
import type { Query } from "../params/query.ts";
import {
  minLength,
  nonEmptyString,
  nonNegativeInteger,
  numberInRange,
  parseWith,
  positiveInteger,
} from "../params/validate.ts";
import { appendVehicleFields } from "./vehicles.ts";
import {
  ConsumptionModel,
  type EvChargeOptions,
  type EvOptions,
} from "./ev_options.ts";
import {
  chargingCurve,
  formatPairs,
  nonNegative,
  positive,
  speedTable,
} from "./_ev_tables.ts";

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
const share = /* @__PURE__ */ numberInRange(0, 1);
const DRIVE_RULE = "must be a number above 0, up to 1";
/** A drive that turns none of the battery's energy into motion moves nothing. */
const driveShare: z.ZodMiniType<number> =
  /* @__PURE__ */ (() =>
    z.number({ error: DRIVE_RULE }).check(
      z.refine((n) => n > 0 && n <= 1, { error: DRIVE_RULE }),
    ))();

const NUMBER_RULES: Readonly<Record<string, z.ZodMiniType<number>>> = {
  ascent: nonNegative,
  descent: nonNegative,
  auxiliaryConsumption: nonNegative,
  driveEfficiency: driveShare,
  recuperationEfficiency: share,
  auxiliaryPowerConsumption: nonNegative,
  airDensity: positive,
  currentWeight: positiveInteger,
  width: positiveInteger,
  height: positiveInteger,
  frontalArea: positive,
  rollingResistanceCoefficient: nonNegative,
  airDragCoefficient: nonNegative,
  initialCharge: nonNegative,
  maxCharge: positive,
  minChargeAtDestination: nonNegative,
  minChargeAtFirstChargingStation: nonNegative,
  minChargeAtChargingStation: nonNegative,
  // Above the minimums, whose default is 0.
  maxChargeAfterChargingStation: positive,
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
    // Strictly below: a minimum equal to the charge it is measured
    // against leaves nothing to drive on.
    const [limitKey, limit] = after !== undefined
      ? ["maxChargeAfterChargingStation", after]
      : ["maxCharge", max!];
    if (n >= limit) {
      throw new ValueError(
        at(key),
        `must be below ${at(limitKey)} (${limit} kWh)`,
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
  connectors?.forEach((type, i) => {
    // HERE reads the list split at commas: one item with a comma would be
    // two connector types, a repeated one a list HERE was not documented
    // to take.
    if (type.includes(",")) {
      throw new ValueError(
        `${at("connectorTypes")}[${i}]`,
        "must be one connector type without a comma (HERE splits the list at commas)",
        type,
      );
    }
    const first = connectors.indexOf(type);
    if (first < i) {
      throw new ValueError(
        `${at("connectorTypes")}[${i}]`,
        `must not repeat a connector type (it is ${
          at("connectorTypes")
        }[${first}] already)`,
        type,
      );
    }
  });
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
