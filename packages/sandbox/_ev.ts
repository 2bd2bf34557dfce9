// Electric vehicles in the routing family: what the consumption models
// and the battery are, the energy a stretch of road takes under either
// model, how long a charge takes on a charging curve, and how far a
// battery budget reaches in one direction (consumption isolines). The
// query they come from is parsed in `_ev_query.ts`.

import { terrainElevation } from "./_terrain.ts";
import { destinationPoint, type LatLngLike } from "./geodesy.ts";
import {
  detourFactor,
  durationSeconds,
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
