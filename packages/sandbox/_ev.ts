// Electric vehicles in the routing family: the `consumptionModel` and
// `ev[...]` query (with HERE's E605027/E605028/E605030 errors), the energy
// a stretch of road takes under either consumption model, how long a
// charge takes on a charging curve, and how far a battery budget reaches
// in one direction (consumption isolines).

import { malformed } from "./_http.ts";
import type { Params } from "./_query.ts";
import { terrainElevation } from "./_terrain.ts";
import { destinationPoint, type LatLngLike } from "./geodesy.ts";
import {
  detourFactor,
  durationSeconds,
  type TransportMode,
  type TravelOptions,
} from "./travel_model.ts";

/** The empirical model: speed tables and per-metre climb costs. */
export interface EmpiricalModel {
  kind: "empirical";
  /** `[km/h, Wh/m]` pairs, speeds ascending. */
  freeFlow: [number, number][];
  /** Wh per metre of climb. */
  ascent: number;
  /** Wh recovered per metre of descent. */
  descent: number;
  /** Wh per second of travel. */
  auxiliary: number;
}

/** The physical model: weight, drag, rolling resistance, efficiencies. */
export interface PhysicalModel {
  kind: "physical";
  driveEfficiency: number;
  recuperationEfficiency: number;
  /** W. */
  auxiliaryPower: number;
  /** kg/m³. */
  airDensity: number;
  /** kg. */
  mass: number;
  rollingResistance: number;
  airDrag: number;
  /** m². */
  frontalArea: number;
}

/** The battery and charging options (kWh, kW, seconds). */
export interface Battery {
  initial: number;
  max: number;
  minAtDestination: number;
  minAtFirstStation?: number;
  minAtStation: number;
  maxAfterStation?: number;
  /** `[kWh, kW]` pairs, charges ascending from 0. */
  curve?: [number, number][];
  setupDuration: number;
  maxChargingDuration?: number;
  connectors: string[];
  makeReachable: boolean;
}

/** A parsed EV request: the model, and the battery when the charge is tracked. */
export interface EvRequest {
  model: EmpiricalModel | PhysicalModel;
  battery?: Battery;
  /** Battery keys an isoline does not take (reported as unknown parameters). */
  ignored: string[];
}

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
  ],
};

const BATTERY_KEYS: readonly string[] = [
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

/** Connector types HERE documents for `ev[connectorTypes]`. */
const CONNECTORS: readonly string[] = [
  "iec62196Type1Combo",
  "iec62196Type2Combo",
  "chademo",
  "tesla",
  "saeJ3400",
  "gbtDc",
];

const NUMBER = /^-?(\d+\.?\d*|\.\d+)$/;

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
        BATTERY_KEYS.includes(name))
    ) {
      const other = kind === "empirical" ? "physical" : "empirical";
      invalid(
        MODEL_KEYS[other].includes(name)
          ? `'${key}' belongs to consumptionModel=${other}`
          : `Unknown EV parameter '${key}'`,
      );
    }
    if (isoline && BATTERY_KEYS.includes(name)) ignored.push(key);
  }
  const ev = (name: string) =>
    isoline && BATTERY_KEYS.includes(name)
      ? undefined
      : params.get(`ev[${name}]`);
  const num = (name: string, min = 0, max = Infinity): number | undefined => {
    const text = ev(name);
    if (text === undefined) return undefined;
    const n = Number(text);
    if (!NUMBER.test(text) || n < min || n > max) {
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
    const need = (field: string): number => {
      const text = vehicle(field);
      if (text === undefined) {
        invalid(`vehicle[${field}] is required for consumptionModel=physical`);
      }
      if (!NUMBER.test(text) || Number(text) < 0) {
        invalid(`Invalid value for parameter 'vehicle[${field}]': '${text}'`);
      }
      return Number(text);
    };
    const drive = num("driveEfficiency", 0, 1);
    const recuperation = num("recuperationEfficiency", 0, 1);
    if (drive === undefined || recuperation === undefined) {
      invalid(
        "ev[driveEfficiency] and ev[recuperationEfficiency] are required for consumptionModel=physical",
      );
    }
    const mass = need("currentWeight");
    const rollingResistance = need("rollingResistanceCoefficient");
    const airDrag = need("airDragCoefficient");
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
      driveEfficiency: Math.max(drive, 0.01),
      recuperationEfficiency: recuperation,
      auxiliaryPower: num("auxiliaryPowerConsumption") ?? 0,
      airDensity: num("airDensity") ?? 1.225,
      mass,
      rollingResistance,
      airDrag,
      frontalArea,
    };
  }
  return { model: parsed, battery: parseBattery(num, ev), ignored };
}

/** The battery options and HERE's rules between them. */
function parseBattery(
  num: (name: string, min?: number, max?: number) => number | undefined,
  ev: (name: string) => string | undefined,
): Battery | undefined {
  const initial = num("initialCharge");
  const max = num("maxCharge");
  const after = num("maxChargeAfterChargingStation");
  const minimums = {
    minAtDestination: num("minChargeAtDestination"),
    minAtFirstStation: num("minChargeAtFirstChargingStation"),
    minAtStation: num("minChargeAtChargingStation"),
  };
  const setup = num("chargingSetupDuration");
  const maxDuration = num("maxChargingDuration");
  for (const name of ["maxChargingVoltage", "maxChargingCurrent"]) num(name);
  num("maxPowerAtLowVoltage");
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
  for (const [name, value] of Object.entries(minimums)) {
    if (value !== undefined && value >= (after ?? max + 1e-9)) {
      invalid(
        `The minimum charge ${name} must be below ev[maxChargeAfterChargingStation]`,
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
    if (!CONNECTORS.includes(c)) {
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
    setupDuration: setup ?? 0,
    maxChargingDuration: maxDuration,
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
    parts.length < 2 || parts.length % 2 || !parts.every((p) => NUMBER.test(p))
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

/** A speed table's value at `kmh`: linear between pairs, flat beyond them. */
export function tableValue(
  table: readonly [number, number][],
  kmh: number,
): number {
  if (kmh <= table[0][0]) return table[0][1];
  for (let i = 1; i < table.length; i++) {
    const [s1, c1] = table[i];
    if (kmh <= s1) {
      const [s0, c0] = table[i - 1];
      return c0 + ((c1 - c0) * (kmh - s0)) / (s1 - s0);
    }
  }
  return table[table.length - 1][1];
}

const G = 9.81;

/**
 * Wh taken from the battery (negative when recovered) to drive `length`
 * metres in `duration` seconds, climbing `climb` metres and descending
 * `drop` metres (both ≥ 0) on the way.
 */
export function energyWh(
  model: EmpiricalModel | PhysicalModel,
  length: number,
  duration: number,
  climb: number,
  drop: number,
): number {
  if (!(length > 0)) return 0;
  const v = duration > 0 ? length / duration : 0;
  if (model.kind === "empirical") {
    return tableValue(model.freeFlow, v * 3.6) * length +
      model.auxiliary * duration + model.ascent * climb - model.descent * drop;
  }
  const rolling = model.mass * G * model.rollingResistance;
  const air = 0.5 * model.airDensity * model.airDrag * model.frontalArea * v *
    v;
  const joules = ((rolling + air) * length + model.mass * G * climb) /
      model.driveEfficiency -
    model.mass * G * drop * model.recuperationEfficiency +
    model.auxiliaryPower * duration;
  return joules / 3600;
}

/**
 * Seconds to charge from `from` to `to` kWh: the curve's power at each
 * charge level (held from one point to the next, the last beyond),
 * capped at the station's `stationKw`.
 */
export function chargingSeconds(
  curve: readonly [number, number][],
  from: number,
  to: number,
  stationKw: number,
): number {
  let hours = 0;
  for (let i = 0; i < curve.length && from < to; i++) {
    const end = i + 1 < curve.length ? curve[i + 1][0] : Infinity;
    if (end <= from) continue;
    const upTo = Math.min(end, to);
    hours += (upTo - from) / Math.min(curve[i][1], stationKw);
    from = upTo;
  }
  return Math.round(hours * 3600);
}

/**
 * The charge (kWh) reached from `from` within `seconds` on the curve, at
 * most `to`: the inverse of {@linkcode chargingSeconds}.
 */
export function chargeAfter(
  curve: readonly [number, number][],
  from: number,
  to: number,
  stationKw: number,
  seconds: number,
): number {
  let hours = seconds / 3600;
  for (let i = 0; i < curve.length && from < to && hours > 0; i++) {
    const end = i + 1 < curve.length ? curve[i + 1][0] : Infinity;
    if (end <= from) continue;
    const kw = Math.min(curve[i][1], stationKw);
    const step = Math.min(Math.min(end, to) - from, kw * hours);
    from += step;
    hours -= step / kw;
  }
  return Math.min(from, to);
}

/**
 * The great-circle distance (m) from `center` along `bearing` at which a
 * trip first needs more than `budgetWh`: the road distance is the detour
 * factor times it, the speed the travel model's average for the trip, and
 * the climbs and descents those of the terrain along the way.
 */
export function consumptionReachMeters(
  center: LatLngLike,
  bearing: number,
  budgetWh: number,
  model: EmpiricalModel | PhysicalModel,
  options: TravelOptions,
): number {
  const detour = detourFactor(options);
  let climb = 0, drop = 0;
  let previous = terrainElevation(center.lat, center.lng);
  let reached = 0;
  for (let gc = 0; gc < 2_000_000;) {
    const step = gc < 20_000 ? 200 : 1000;
    const next = gc + step;
    const p = destinationPoint(center, bearing, next);
    const elevation = terrainElevation(p.lat, p.lng);
    const dh = elevation - previous;
    const road = next * detour;
    const energy = energyWh(
      model,
      road,
      durationSeconds(road, options),
      climb + Math.max(0, dh),
      drop + Math.max(0, -dh),
    );
    if (energy > budgetWh) break;
    climb += Math.max(0, dh);
    drop += Math.max(0, -dh);
    previous = elevation;
    reached = gc = next;
  }
  return reached;
}
