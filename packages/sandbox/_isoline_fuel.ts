// `fuel[…]` on isolines: a combustion vehicle's empirical consumption model,
// read into the EV model's empirical shape (ml instead of Wh), so a
// consumption range in ml reaches as far as the fuel and the climbs allow.
// Errors follow HERE's: E605028 for a mode without fuel (checked with the
// EV keys), E605030 for a malformed consumption parameter.

import { FUEL_TYPES } from "@ls/core/internal";
import { malformed } from "./_http.ts";
import type { Params } from "./_query.ts";
import type { EmpiricalModel } from "./_ev.ts";

const TYPES: readonly string[] = Object.keys(FUEL_TYPES);
const KEYS = [
  "type",
  "freeFlowSpeedTable",
  "trafficSpeedTable",
  "additionalConsumption",
  "ascent",
];
const NUMBER = /^(\d+\.?\d*|\.\d+)$/;

function invalid(cause: string): never {
  throw malformed("E605030", cause, "Check the fuel[...] parameters");
}

/** `s0,c0,s1,c1,…` → pairs, whole speeds strictly ascending, c ≥ 0. */
function table(text: string, key: string): [number, number][] {
  const parts = text.split(",");
  if (
    parts.length < 2 || parts.length % 2 || !parts.every((p) => NUMBER.test(p))
  ) {
    invalid(`Invalid value for parameter '${key}': '${text}'`);
  }
  const out: [number, number][] = [];
  for (let i = 0; i < parts.length; i += 2) {
    const speed = Number(parts[i]);
    if (!Number.isInteger(speed) || (out.length && speed <= out.at(-1)![0])) {
      invalid(`Invalid value for parameter '${key}': '${text}'`);
    }
    out.push([speed, Number(parts[i + 1])]);
  }
  return out;
}

/**
 * The fuel model of an isoline request: undefined without
 * `fuel[freeFlowSpeedTable]` (a `fuel[type]` alone only names the fuel).
 */
export function parseFuel(params: Params): EmpiricalModel | undefined {
  const keys = params.entries.map((e) => e.key).filter((k) =>
    k.startsWith("fuel[")
  );
  if (keys.length === 0) return undefined;
  for (const key of keys) {
    if (!KEYS.includes(key.slice(5, -1)) || !key.endsWith("]")) {
      invalid(`Unknown fuel parameter '${key}'`);
    }
  }
  const type = params.get("fuel[type]");
  if (type === undefined) invalid("fuel[type] is required with fuel[...]");
  if (!TYPES.includes(type)) {
    invalid(`Invalid value for parameter 'fuel[type]': '${type}'`);
  }
  const free = params.get("fuel[freeFlowSpeedTable]");
  const num = (key: string) => {
    const v = params.get(key);
    if (v === undefined) return 0;
    if (free === undefined) invalid(`${key} requires fuel[freeFlowSpeedTable]`);
    if (!NUMBER.test(v)) {
      invalid(`Invalid value for parameter '${key}': '${v}'`);
    }
    return Number(v);
  };
  const ascent = num("fuel[ascent]");
  const auxiliary = num("fuel[additionalConsumption]");
  const traffic = params.get("fuel[trafficSpeedTable]");
  if (traffic !== undefined) {
    if (free === undefined) {
      invalid("fuel[trafficSpeedTable] requires fuel[freeFlowSpeedTable]");
    }
    table(traffic, "fuel[trafficSpeedTable]");
  }
  if (free === undefined) return undefined;
  return {
    kind: "empirical",
    freeFlow: table(free, "fuel[freeFlowSpeedTable]"),
    ascent,
    descent: 0,
    auxiliary,
  };
}
