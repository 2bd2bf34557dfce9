// An `ev` object being written: its values read by the rule of each key,
// named in errors by their path (`ev.maxCharge`), and the `ev[…]` entries
// they make, kept until the whole object is known to be valid.

import * as z from "zod/mini";
import { formatNumber } from "../params/format.ts";
import { lazy } from "../params/lazy.ts";
import {
  nonNegativeInteger,
  numberInRange,
  parseWith,
  positiveInteger,
} from "../params/validate.ts";
import { nonNegative, positive } from "./_ev_tables.ts";

const DRIVE_RULE = "must be a number above 0, up to 1";

/** What a number must be, by key. */
type NumberRules = Readonly<Record<string, z.ZodMiniType<number>>>;

/** The rules, made when first used. */
const numberRules = /* @__PURE__ */ lazy((): NumberRules => ({
  ascent: nonNegative(),
  descent: nonNegative(),
  auxiliaryConsumption: nonNegative(),
  // A drive that turns none of the battery's energy into motion moves nothing.
  driveEfficiency: z.number({ error: DRIVE_RULE }).check(
    z.refine((n) => n > 0 && n <= 1, { error: DRIVE_RULE }),
  ),
  recuperationEfficiency: numberInRange(0, 1),
  auxiliaryPowerConsumption: nonNegative(),
  airDensity: positive(),
  currentWeight: positiveInteger(),
  width: positiveInteger(),
  height: positiveInteger(),
  frontalArea: positive(),
  rollingResistanceCoefficient: nonNegative(),
  airDragCoefficient: nonNegative(),
  initialCharge: nonNegative(),
  maxCharge: positive(),
  minChargeAtDestination: nonNegative(),
  minChargeAtFirstChargingStation: nonNegative(),
  minChargeAtChargingStation: nonNegative(),
  // Above the minimums, whose default is 0.
  maxChargeAfterChargingStation: positive(),
  chargingSetupDuration: nonNegativeInteger(),
  maxChargingDuration: nonNegativeInteger(),
  maxChargingVoltage: positive(),
  maxChargingCurrent: positive(),
  maxPowerAtLowVoltage: positive(),
}));

/** An `ev[…]` entry's text: one value, or a list. */
export type EvText = string | readonly string[];

/** An `ev` object's values, read and written key by key. */
export interface EvEntries {
  /** The object, by key. */
  readonly values: Readonly<Record<string, unknown>>;
  /** The `ev[…]` entries so far, in the order they are sent. */
  readonly out: readonly (readonly [key: string, text: EvText])[];
  /** A key's path in errors: `ev.maxCharge`. */
  at(key: string): string;
  /** The number of `key`, checked by its rule; `undefined` when not given. */
  num(key: string): number | undefined;
  /** Adds `ev[key]`; `undefined` adds nothing. */
  put(key: string, text: EvText | undefined): void;
  /**
   * Adds `ev[key]` as the checked number of `key`, when it is given (an
   * integer rule's number is written as the integer it is).
   */
  putNumber(key: string): void;
}

/** Reads `values`, the `ev` option named `name` in errors. */
export function evEntries(
  values: Readonly<Record<string, unknown>>,
  name: string,
): EvEntries {
  const out: [string, EvText][] = [];
  const at = (key: string) => `${name}.${key}`;
  const num = (key: string): number | undefined =>
    values[key] === undefined
      ? undefined
      : parseWith(numberRules()[key], values[key], at(key));
  const put = (key: string, text: EvText | undefined) => {
    if (text !== undefined) out.push([`ev[${key}]`, text]);
  };
  return {
    values,
    out,
    at,
    num,
    put,
    putNumber(key) {
      const n = num(key);
      put(key, n === undefined ? undefined : formatNumber(n));
    },
  };
}
