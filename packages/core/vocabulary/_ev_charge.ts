// The battery and charging options of `ev`, which both consumption models
// share: HERE's rules between the charge levels, the minimums, the
// connector list and `makeReachable`, checked before anything is written.

import * as z from "zod/mini";
import { ValueError } from "../errors/errors.ts";
import { formatBoolean } from "../params/format.ts";
import { lazy } from "../params/lazy.ts";
import { minLength, nonEmptyString, parseWith } from "../params/validate.ts";
import type { EvEntries, EvText } from "./_ev_entries.ts";
import { chargingCurve, formatPairs } from "./_ev_tables.ts";

/** The battery and charging keys, sent as `ev[…]` in this order. */
export const CHARGE_KEYS = [
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
] as const;

const MINIMUMS = [
  "minChargeAtDestination",
  "minChargeAtFirstChargingStation",
  "minChargeAtChargingStation",
] as const;

/** What `makeReachable: true` needs, for HERE to plan charging stops. */
const REACHABLE_NEEDS = [
  "initialCharge",
  "maxCharge",
  "maxChargeAfterChargingStation",
  "chargingCurve",
  "connectorTypes",
] as const;

const connectorList = /* @__PURE__ */ lazy(() =>
  z.array(nonEmptyString(), {
    error: "must be an array of connector types",
  }).check(minLength(1, "must list at least one connector type"))
);

/** The charge levels the other options are measured against. */
interface Levels {
  max?: number;
  after?: number;
}

/** Checks the battery and charging options and their rules; writes them. */
export function chargeEntries(ev: EvEntries): void {
  const levels = chargeLevels(ev);
  for (const key of MINIMUMS) checkMinimum(ev, key, levels);
  const curve = ev.values.chargingCurve === undefined
    ? undefined
    : chargingCurve(
      ev.values.chargingCurve,
      ev.at("chargingCurve"),
      levels.after,
    );
  // The keys go out in CHARGE_KEYS' order: these three as checked, the
  // others as numbers by their rule.
  const checked: Readonly<Record<string, EvText | undefined>> = {
    chargingCurve: curve && formatPairs(curve),
    connectorTypes: connectorTypes(ev),
    makeReachable: makeReachable(ev),
  };
  for (const key of CHARGE_KEYS) {
    if (Object.hasOwn(checked, key)) ev.put(key, checked[key]);
    else ev.putNumber(key);
  }
}

/**
 * Checks the initial, maximum and after-stop charges (the first two go
 * together, and neither of the others exceeds the maximum); returns the
 * maximum and after-stop charges, which the other options are measured
 * against.
 */
function chargeLevels({ num, at }: EvEntries): Levels {
  const initial = num("initialCharge");
  const max = num("maxCharge");
  const after = num("maxChargeAfterChargingStation");
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
  if (after !== undefined && max === undefined) {
    throw new ValueError(
      at("maxChargeAfterChargingStation"),
      `needs ${at("initialCharge")} and ${at("maxCharge")}`,
      after,
    );
  }
  const notAbove = (key: string, n: number | undefined) => {
    if (n !== undefined && n > max!) {
      throw new ValueError(
        at(key),
        `must not exceed ${at("maxCharge")} (${max} kWh)`,
        n,
      );
    }
  };
  notAbove("initialCharge", initial);
  notAbove("maxChargeAfterChargingStation", after);
  return { max, after };
}

/**
 * A minimum charge needs the charge tracked, and stays strictly below the
 * charge it is measured against: equal leaves nothing to drive on.
 */
function checkMinimum(
  { num, at }: EvEntries,
  key: string,
  { max, after }: Levels,
): void {
  const n = num(key);
  if (n === undefined) return;
  if (max === undefined) {
    throw new ValueError(
      at(key),
      `needs ${at("initialCharge")} and ${at("maxCharge")}: HERE checks ` +
        "the charge only when it tracks it",
      n,
    );
  }
  const [limitKey, limit] = after !== undefined
    ? ["maxChargeAfterChargingStation", after]
    : ["maxCharge", max];
  if (n >= limit) {
    throw new ValueError(
      at(key),
      `must be below ${at(limitKey)} (${limit} kWh)`,
      n,
    );
  }
}

/**
 * The connector list: each type once and without a comma (HERE reads the
 * list split at commas, and was not documented to take a repeated type),
 * and not both names of NACS.
 */
function connectorTypes({ values, at }: EvEntries): string[] | undefined {
  if (values.connectorTypes === undefined) return undefined;
  const path = at("connectorTypes");
  const connectors = parseWith(connectorList(), values.connectorTypes, path);
  connectors.forEach((type, i) => {
    if (type.includes(",")) {
      throw new ValueError(
        `${path}[${i}]`,
        "must be one connector type without a comma (HERE splits the list at commas)",
        type,
      );
    }
    const first = connectors.indexOf(type);
    if (first < i) {
      throw new ValueError(
        `${path}[${i}]`,
        `must not repeat a connector type (it is ${path}[${first}] already)`,
        type,
      );
    }
  });
  if (connectors.includes("tesla") && connectors.includes("saeJ3400")) {
    throw new ValueError(
      path,
      'must not list both "tesla" and "saeJ3400" ("tesla" is HERE\'s old name of it)',
      connectors,
    );
  }
  return connectors;
}

/** `makeReachable`, whose `true` needs what HERE plans charging stops with. */
function makeReachable({ values, at }: EvEntries): string | undefined {
  if (values.makeReachable === undefined) return undefined;
  const text = formatBoolean(
    values.makeReachable as boolean,
    at("makeReachable"),
  );
  const missing = REACHABLE_NEEDS.filter((key) => values[key] === undefined)
    .map(at);
  if (text === "true" && missing.length > 0) {
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
  return text;
}
