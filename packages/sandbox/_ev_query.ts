// The EV query of the routing family: `consumptionModel`, `ev[...]` and
// the physical model's `vehicle[...]` attributes, with HERE's rules and
// errors (E605027 wrong mode, E605028 fuel with a wrong mode, E605030
// invalid EV options).

import { malformed } from "./_http.ts";
import type { Params } from "./_query.ts";
import type {
  Battery,
  EmpiricalModel,
  EvRequest,
  PhysicalModel,
} from "./_ev.ts";
import type { TransportMode } from "./travel_model.ts";

const MODEL_KEYS: Readonly<Record<string, readonly string[]>> = {
  empirical: [
    "freeFlowSpeedTable",
    "trafficSpeedTable",
    "ascent",
    "descent",
    "auxiliaryConsumption",
  ],
  physical: [
    "driveEfficiency",
    "recuperationEfficiency",
    "auxiliaryPowerConsumption",
    "airDensity",
    "auxiliaryPowerCurve",
  ],
};

/**
 * The battery's numeric options in the order they are checked, each with
 * its lower bound: `0` for 0 or more, `+` for above 0.
 */
const BATTERY_NUMBERS = {
  initialCharge: "0",
  maxCharge: "+",
  maxChargeAfterChargingStation: "+",
  minChargeAtDestination: "0",
  minChargeAtFirstChargingStation: "0",
  minChargeAtChargingStation: "0",
  chargingSetupDuration: "0",
  maxChargingDuration: "0",
  maxChargingVoltage: "+",
  maxChargingCurrent: "+",
  maxPowerAtLowVoltage: "+",
} as const;

/** The battery's options that are not a number. */
const BATTERY_TEXTS = ["chargingCurve", "connectorTypes", "makeReachable"];

/** True for the battery and charging options (isolines ignore them). */
function isBatteryKey(name: string): boolean {
  return Object.hasOwn(BATTERY_NUMBERS, name) || BATTERY_TEXTS.includes(name);
}

/** Connector types HERE documents for `ev[connectorTypes]`. */
const CONNECTOR = /^(?:iec62196Type[12]Combo|chademo|tesla|saeJ3400|gbtDc)$/;

const NUMBER = /^-?(\d+\.?\d*|\.\d+)$/;

/**
 * A decimal the double can hold: 400 nines pass the pattern but are
 * Infinity, which would come back as a `null` charge.
 */
function finiteNumber(text: string): number | undefined {
  const n = Number(text);
  return NUMBER.test(text) && Number.isFinite(n) ? n : undefined;
}

function invalid(cause: string): never {
  throw malformed("E605030", cause, "Check the ev[...] parameters");
}

/**
 * Parses `consumptionModel`, `ev[...]` and the physical model's
 * `vehicle[...]` attributes. Undefined when the request has none of them.
 */
export function parseEv(
  params: Params,
  mode: TransportMode,
  isoline: boolean,
): EvRequest | undefined {
  const keys = params.entries.map((e) => e.key);
  const evKeys = keys.filter((k) => k.startsWith("ev["));
  const model = params.get("consumptionModel");
  const fuel = keys.find((k) => k.startsWith("fuel["));
  if (fuel && (mode === "pedestrian" || mode === "bicycle")) {
    throw malformed(
      "E605028",
      `Fuel parameter '${fuel}' is not supported for transport mode '${mode}'`,
    );
  }
  if (evKeys.length === 0 && model === undefined) return undefined;
  if (mode === "pedestrian" || mode === "bicycle") {
    throw malformed(
      "E605027",
      `EV parameters are not supported for transport mode '${mode}'`,
      "Use transportMode=car, truck or scooter",
    );
  }
  if (fuel) {
    invalid(
      "EV and fuel parameters cannot be combined (hybrids are not supported)",
    );
  }
  const kind = model ?? "empirical";
  if (kind !== "empirical" && kind !== "physical") {
    throw malformed(
      "E605001",
      `Invalid value for parameter 'consumptionModel': '${kind}'`,
    );
  }
  const ignored: string[] = [];
  for (const key of evKeys) {
    const name = key.slice(3, -1);
    if (
      !key.endsWith("]") || !(MODEL_KEYS[kind].includes(name) ||
        isBatteryKey(name))
    ) {
      const other = kind === "empirical" ? "physical" : "empirical";
      invalid(
        MODEL_KEYS[other].includes(name)
          ? `'${key}' belongs to consumptionModel=${other}`
          : `Unknown EV parameter '${key}'`,
      );
    }
    if (isoline && isBatteryKey(name)) ignored.push(key);
  }
  const ev = (name: string) =>
    isoline && isBatteryKey(name) ? undefined : params.get(`ev[${name}]`);
  // `above`: the value must be above `min`, not equal to it (the client's
  // "above 0" rules, which HERE's E605030 enforces the same way here).
  const num: NumberReader = (name, min = 0, max = Infinity, above = false) => {
    const text = ev(name);
    if (text === undefined) return undefined;
    const n = finiteNumber(text);
    if (n === undefined || n < min || (above && n === min) || n > max) {
      invalid(`Invalid value for parameter 'ev[${name}]': '${text}'`);
    }
    return n;
  };

  let parsed: EmpiricalModel | PhysicalModel;
  if (kind === "empirical") {
    const table = ev("freeFlowSpeedTable");
    if (table === undefined) {
      invalid(
        "ev[freeFlowSpeedTable] is required for consumptionModel=empirical",
      );
    }
    parsed = {
      kind,
      freeFlow: pairs(table, "freeFlowSpeedTable", true),
      ascent: num("ascent") ?? 0,
      descent: num("descent") ?? 0,
      auxiliary: num("auxiliaryConsumption") ?? 0,
    };
    const traffic = ev("trafficSpeedTable");
    if (traffic !== undefined) pairs(traffic, "trafficSpeedTable", true);
  } else {
    const vehicle = (field: string) =>
      params.get(`vehicle[${field}]`) ?? params.get(`truck[${field}]`);
    // The weight and size are above 0; the coefficients 0 or more.
    const need = (field: string, above = true): number => {
      const text = vehicle(field);
      if (text === undefined) {
        invalid(`vehicle[${field}] is required for consumptionModel=physical`);
      }
      const n = finiteNumber(text);
      if (n === undefined || n < 0 || (above && n === 0)) {
        invalid(`Invalid value for parameter 'vehicle[${field}]': '${text}'`);
      }
      return n;
    };
    // A drive that turns none of the energy into motion moves nothing.
    const drive = num("driveEfficiency", 0, 1, true);
    const recuperation = num("recuperationEfficiency", 0, 1);
    if (drive === undefined || recuperation === undefined) {
      invalid(
        "ev[driveEfficiency] and ev[recuperationEfficiency] are required for consumptionModel=physical",
      );
    }
    const mass = need("currentWeight");
    const rollingResistance = need("rollingResistanceCoefficient", false);
    const airDrag = need("airDragCoefficient", false);
    let frontalArea: number;
    if (vehicle("frontalArea") !== undefined) {
      frontalArea = need("frontalArea");
    } else if (
      vehicle("width") !== undefined && vehicle("height") !== undefined
    ) {
      frontalArea = (need("width") / 100) * (need("height") / 100) * 0.85;
    } else {
      invalid(
        "vehicle[frontalArea], or vehicle[width] and vehicle[height], is required for consumptionModel=physical",
      );
    }
    parsed = {
      kind,
      driveEfficiency: drive,
      recuperationEfficiency: recuperation,
      auxiliaryPower: powerCurve(params, ev("auxiliaryPowerCurve")) ??
        num("auxiliaryPowerConsumption") ?? 0,
      airDensity: num("airDensity", 0, Infinity, true) ?? 1.225,
      mass,
      rollingResistance,
      airDrag,
      frontalArea,
    };
  }
  return { model: parsed, battery: parseBattery(num, ev), ignored };
}

/** Reads `ev[name]` as a finite number from `min` (or above it) to `max`. */
type NumberReader = (
  name: string,
  min?: number,
  max?: number,
  above?: boolean,
) => number | undefined;

/** The battery options and HERE's rules between them. */
function parseBattery(
  num: NumberReader,
  ev: (name: string) => string | undefined,
): Battery | undefined {
  const n = {} as Record<keyof typeof BATTERY_NUMBERS, number | undefined>;
  for (const [name, bound] of Object.entries(BATTERY_NUMBERS)) {
    n[name as keyof typeof BATTERY_NUMBERS] = num(
      name,
      0,
      Infinity,
      bound === "+",
    );
  }
  const initial = n.initialCharge;
  const max = n.maxCharge;
  // Above the minimums, whose default is 0.
  const after = n.maxChargeAfterChargingStation;
  const minimums = {
    minAtDestination: n.minChargeAtDestination,
    minAtFirstStation: n.minChargeAtFirstChargingStation,
    minAtStation: n.minChargeAtChargingStation,
  };
  const curveText = ev("chargingCurve");
  const connectorText = ev("connectorTypes");
  const reachable = ev("makeReachable");
  if (
    reachable !== undefined && reachable !== "true" && reachable !== "false"
  ) {
    invalid(`Invalid value for parameter 'ev[makeReachable]': '${reachable}'`);
  }
  if ((initial === undefined) !== (max === undefined)) {
    invalid("ev[initialCharge] and ev[maxCharge] must be given together");
  }
  const anyMinimum = Object.values(minimums).some((v) => v !== undefined);
  if (max === undefined) {
    if (anyMinimum || after !== undefined || reachable === "true") {
      invalid(
        "Charge limits and ev[makeReachable] need ev[initialCharge] and ev[maxCharge]",
      );
    }
    return undefined;
  }
  if (initial! > max) {
    invalid("ev[initialCharge] must not exceed ev[maxCharge]");
  }
  if (after !== undefined && after > max) {
    invalid("ev[maxChargeAfterChargingStation] must not exceed ev[maxCharge]");
  }
  // Strictly below, as the client checks it.
  for (const [name, value] of Object.entries(minimums)) {
    if (value !== undefined && value >= (after ?? max)) {
      invalid(
        `The minimum charge ${name} must be below ${
          after === undefined
            ? "ev[maxCharge]"
            : "ev[maxChargeAfterChargingStation]"
        }`,
      );
    }
  }
  const curve = curveText === undefined
    ? undefined
    : pairs(curveText, "chargingCurve", false);
  if (curve) {
    if (curve[0][0] !== 0) invalid("ev[chargingCurve] must start at charge 0");
    if (after !== undefined && curve[curve.length - 1][0] < after) {
      invalid(
        "ev[chargingCurve] must cover the charge up to ev[maxChargeAfterChargingStation]",
      );
    }
    for (const [charge, power] of curve) {
      if (
        power <= 0 ||
        (after !== undefined && charge < after && (power < 7 || power > 2000))
      ) {
        invalid(`ev[chargingCurve] has an invalid power '${power}' kW`);
      }
    }
  }
  const connectors = connectorText === undefined
    ? []
    : connectorText.split(",");
  for (const c of connectors) {
    if (!CONNECTOR.test(c)) {
      invalid(`Invalid value for parameter 'ev[connectorTypes]': '${c}'`);
    }
  }
  if (connectors.includes("tesla") && connectors.includes("saeJ3400")) {
    invalid("ev[connectorTypes] cannot list both 'tesla' and 'saeJ3400'");
  }
  const makeReachable = reachable === "true";
  if (
    makeReachable &&
    (curve === undefined || connectors.length === 0 || after === undefined)
  ) {
    invalid(
      "ev[makeReachable]=true needs ev[chargingCurve], ev[connectorTypes] and ev[maxChargeAfterChargingStation]",
    );
  }
  return {
    initial: initial!,
    max,
    minAtDestination: minimums.minAtDestination ?? 0,
    minAtFirstStation: minimums.minAtFirstStation,
    minAtStation: minimums.minAtStation ?? 0,
    maxAfterStation: after,
    curve,
    setupDuration: n.chargingSetupDuration ?? 0,
    maxChargingDuration: n.maxChargingDuration,
    connectors,
    makeReachable,
  };
}

/** `a,b,c,d` as `[[a, b], [c, d]]`; firsts strictly ascending. */
function pairs(
  text: string,
  name: string,
  integerFirsts: boolean,
): [number, number][] {
  const parts = text.split(",");
  if (
    parts.length < 2 || parts.length % 2 ||
    !parts.every((p) => finiteNumber(p) !== undefined)
  ) {
    invalid(`Invalid value for parameter 'ev[${name}]': '${text}'`);
  }
  const out: [number, number][] = [];
  for (let i = 0; i < parts.length; i += 2) {
    const a = Number(parts[i]), b = Number(parts[i + 1]);
    if (
      a < 0 || b < 0 || (integerFirsts && !Number.isInteger(a)) ||
      (out.length && a <= out[out.length - 1][0])
    ) {
      invalid(`Invalid value for parameter 'ev[${name}]': '${text}'`);
    }
    out.push([a, b]);
  }
  return out;
}

/**
 * `ev[auxiliaryPowerCurve]` (`0,2000|600,1500`), checked as HERE documents
 * it: whole seconds from 0, strictly up, at most 1800; watts 0 or more; at
 * most 6 pairs; a departure time that is not `any`; not with
 * `ev[auxiliaryPowerConsumption]`. The model draws the power that holds
 * after the last time, which is what a drive longer than 30 minutes sees.
 */
function powerCurve(
  params: Params,
  text: string | undefined,
): number | undefined {
  if (text === undefined) return undefined;
  const bad = () =>
    invalid(`Invalid value for parameter 'ev[auxiliaryPowerCurve]': '${text}'`);
  const pairs = text.split("|").map((p) => p.split(",").map(finiteNumber));
  if (pairs.length > 6) bad();
  let last = -1;
  for (const pair of pairs) {
    const [time, power] = pair;
    if (
      pair.length !== 2 || time === undefined || power === undefined ||
      !Number.isInteger(time) || time <= last || time > 1800 || power < 0 ||
      (last === -1 && time !== 0)
    ) bad();
    last = time!;
  }
  const departure = params.get("departureTime");
  if (departure === undefined || departure === "any") {
    invalid(
      "ev[auxiliaryPowerCurve] requires a departureTime that is not 'any'",
    );
  }
  if (params.has("ev[auxiliaryPowerConsumption]")) {
    invalid(
      "ev[auxiliaryPowerCurve] cannot be combined with ev[auxiliaryPowerConsumption]",
    );
  }
  return pairs[pairs.length - 1][1];
}
