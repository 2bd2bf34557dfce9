// The pair tables of the EV options (speed tables, the charging curve):
// checked pair by pair with the parameter's path, and written as HERE's
// flat comma lists.

import * as z from "zod/mini";
import { ValueError } from "../errors/errors.ts";
import { formatNumber } from "../params/format.ts";
import { lazy } from "../params/lazy.ts";
import { integer, numberInRange, parseWith } from "../params/validate.ts";

/** A finite number, 0 or more; built on first use. */
export const nonNegative: () => z.ZodMiniType<number> = /* @__PURE__ */ lazy(
  () => numberInRange(0, Infinity, "must be a finite number, 0 or more"),
);

const ABOVE_ZERO = "must be a finite number above 0";
/** A finite number above 0; built on first use. */
export const positive: () => z.ZodMiniType<number> = /* @__PURE__ */ lazy(
  () =>
    z.number({ error: ABOVE_ZERO }).check(
      z.refine((n) => n > 0, { error: ABOVE_ZERO }),
    ),
);

const speedValue = /* @__PURE__ */ lazy(() => integer(0));

/** `[[speed, consumption], …]`, checked: whole km/h ascending, Wh/m ≥ 0. */
export function speedTable(value: unknown, parameter: string): number[][] {
  const pairs = numberPairs(
    value,
    parameter,
    "[speedKmh, consumptionWhPerMetre]",
  );
  pairs.forEach(([speed, consumption], i) => {
    parseWith(speedValue(), speed, `${parameter}[${i}][0]`);
    parseWith(nonNegative(), consumption, `${parameter}[${i}][1]`);
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
export function chargingCurve(
  value: unknown,
  parameter: string,
  after: number | undefined,
): number[][] {
  const pairs = numberPairs(value, parameter, "[chargeKwh, powerKw]");
  pairs.forEach(([charge, power], i) => {
    parseWith(nonNegative(), charge, `${parameter}[${i}][0]`);
    parseWith(positive(), power, `${parameter}[${i}][1]`);
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

/** The longest time an auxiliary power curve may reach, s (30 minutes). */
const MAX_CURVE_SECONDS = 1800;
/** The most `[seconds, watts]` pairs an auxiliary power curve may hold. */
const MAX_CURVE_PAIRS = 6;

/**
 * `[[seconds, watts], …]` of the physical model's auxiliary power, checked:
 * whole seconds of driving from 0, strictly ascending, up to 1800; watts 0
 * or more; at most 6 pairs. Written as HERE's pipe list
 * (`0,2000|600,1500`): `formatPairs(curve, "|")`.
 */
export function auxiliaryPowerCurve(
  value: unknown,
  parameter: string,
): number[][] {
  const pairs = numberPairs(value, parameter, "[seconds, watts]");
  if (pairs.length > MAX_CURVE_PAIRS) {
    throw new ValueError(
      parameter,
      `must hold at most ${MAX_CURVE_PAIRS} [seconds, watts] pairs`,
      value,
    );
  }
  pairs.forEach(([time, power], i) => {
    parseWith(speedValue(), time, `${parameter}[${i}][0]`);
    parseWith(nonNegative(), power, `${parameter}[${i}][1]`);
    if (i === 0 && time !== 0) {
      throw new ValueError(
        `${parameter}[0][0]`,
        "must be 0: the curve starts when driving starts",
        time,
      );
    }
    if (i > 0 && time <= pairs[i - 1][0]) {
      throw new ValueError(
        `${parameter}[${i}][0]`,
        `must be above the time before it (${pairs[i - 1][0]} s): ` +
          "times go strictly up",
        time,
      );
    }
    if (time > MAX_CURVE_SECONDS) {
      throw new ValueError(
        `${parameter}[${i}][0]`,
        `must be at most ${MAX_CURVE_SECONDS} s (30 minutes of driving)`,
        time,
      );
    }
  });
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
  // An index loop, not `map`: `map` skips the holes of a sparse array and
  // keeps them in its result, which `formatPairs` would then drop.
  const pairs: number[][] = [];
  for (let i = 0; i < value.length; i++) {
    const pair: unknown = value[i];
    if (!Array.isArray(pair) || pair.length !== 2) {
      throw new ValueError(
        `${parameter}[${i}]`,
        `must be a ${shape} pair`,
        pair,
      );
    }
    pairs.push([pair[0], pair[1]]);
  }
  return pairs;
}

/**
 * Pairs as HERE writes them: a flat comma list (`0,0.239,27,0.196`), or
 * with `between` another separator between pairs (the auxiliary power
 * curve's `0,2000|600,1500`).
 */
export function formatPairs(
  pairs: readonly (readonly number[])[],
  between = ",",
): string {
  return pairs.map(([a, b]) => `${formatNumber(a)},${formatNumber(b)}`).join(
    between,
  );
}
