// Fuel routes of Routing v8: `fuel[...]` checked as HERE checks it, and a
// section's fuel use from the free-flow speed table at the section's
// average speed (litres; kilograms for CNG and hydrogen), with the CO2 it
// emits.

import { malformed } from "./_http.ts";
import type { Params } from "./_query.ts";
import { round } from "./_util.ts";

/** The parsed `fuel[...]` of a route request. */
export interface FuelRequest {
  type: string;
  /** `[speedKmh, mlPerMetre]` pairs. */
  table: number[][];
  /** ml per second besides driving. */
  additional: number;
}

/** kg of CO2 per litre (per kg for CNG and hydrogen) of each fuel. */
const CO2: Readonly<Record<string, number>> = {
  diesel: 2.64,
  petrol: 2.31,
  lpg: 1.51,
  cng: 2.75,
  lng: 2.75,
  ethanol: 1.51,
  propane: 1.51,
  hydrogen: 0,
};

/** ml per metre when no table is given: a car's and a truck's. */
const DEFAULT_RATE: Readonly<Record<string, number>> = {
  car: 0.07,
  truck: 0.3,
};

function invalid(key: string, value: string, why = ""): Error {
  return malformed(
    "E605001",
    `Invalid value for parameter '${key}': '${value}'${why}`,
  );
}

function table(params: Params, key: string): number[][] | undefined {
  const value = params.get(key);
  if (value === undefined) return undefined;
  const nums = value.split(",").map(Number);
  if (nums.length % 2 || nums.some((n) => !Number.isFinite(n) || n < 0)) {
    throw invalid(key, value, " (use speed,consumption pairs)");
  }
  const pairs: number[][] = [];
  for (let i = 0; i < nums.length; i += 2) {
    if (pairs.length && nums[i] <= pairs[pairs.length - 1][0]) {
      throw invalid(key, value, " (speeds must go up)");
    }
    pairs.push([nums[i], nums[i + 1]]);
  }
  return pairs;
}

/** Parses `fuel[...]` (E605001); the mode and EV checks are parseEv's. */
export function parseFuel(
  params: Params,
  mode: string,
): FuelRequest | undefined {
  const keys = params.entries.map((e) => e.key).filter((k) =>
    k.startsWith("fuel[")
  );
  if (keys.length === 0) return undefined;
  const type = params.get("fuel[type]");
  if (type === undefined) {
    throw malformed("E605001", `Parameter '${keys[0]}' requires fuel[type]`);
  }
  if (!(type in CO2)) throw invalid("fuel[type]", type);
  const free = table(params, "fuel[freeFlowSpeedTable]");
  table(params, "fuel[trafficSpeedTable]");
  const number = (key: string) => {
    const value = params.get(key);
    if (value === undefined) return 0;
    if (!free) {
      throw malformed(
        "E605001",
        `Parameter '${key}' requires fuel[freeFlowSpeedTable]`,
      );
    }
    const n = Number(value);
    if (!(n >= 0)) throw invalid(key, value);
    return n;
  };
  if (params.has("fuel[trafficSpeedTable]") && !free) {
    throw malformed(
      "E605001",
      "Parameter 'fuel[trafficSpeedTable]' requires fuel[freeFlowSpeedTable]",
    );
  }
  number("fuel[ascent]");
  return {
    type,
    table: free ?? [[0, DEFAULT_RATE[mode] ?? 0.05]],
    additional: number("fuel[additionalConsumption]"),
  };
}

/** ml per metre at `speed` km/h: linear between pairs, held beyond them. */
function rateAt(pairs: number[][], speed: number): number {
  if (speed <= pairs[0][0]) return pairs[0][1];
  for (let i = 1; i < pairs.length; i++) {
    const [s1, c1] = pairs[i];
    if (speed <= s1) {
      const [s0, c0] = pairs[i - 1];
      return c0 + (c1 - c0) * (speed - s0) / (s1 - s0);
    }
  }
  return pairs[pairs.length - 1][1];
}

/** The fuel a section of `distance` m in `duration` s uses, and its CO2. */
export function sectionFuel(
  fuel: FuelRequest,
  distance: number,
  duration: number,
): { consumption: number; co2Emission: number } {
  const speed = duration > 0 ? distance / duration * 3.6 : 0;
  const ml = rateAt(fuel.table, speed) * distance + fuel.additional * duration;
  const consumption = round(ml / 1000, 3);
  return { consumption, co2Emission: round(consumption * CO2[fuel.type], 3) };
}
