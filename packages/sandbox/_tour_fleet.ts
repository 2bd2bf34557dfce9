// The fleet of a Tour Planning v3 problem: routing profiles, and vehicle
// types expanded into one shift per vehicle and shift definition.

import { isNumber, isObject } from "./_http.ts";
import type { Break, Shift } from "./_tour_problem.ts";
import {
  fail,
  intArray,
  type Locations,
  strings,
  time,
  windows,
} from "./_tour_input.ts";
import {
  TRANSPORT_MODES,
  type TransportMode,
  type TravelOptions,
} from "./travel_model.ts";

/** The parsed fleet. */
export interface Fleet {
  /** Travel options by profile index. */
  profiles: TravelOptions[];
  /** Every shift of every vehicle. */
  shifts: Shift[];
  /** Shift indices by vehicle id (`<typeId>_<n>`). */
  vehicleShifts: Map<string, number[]>;
  /** Capacity dimensions (-1 with no vehicle type). */
  dims: number;
}

/** Reads `fleet.profiles`: travel options by profile name. */
function parseProfiles(
  list: readonly unknown[],
): { profiles: TravelOptions[]; byName: Map<string, number> } {
  const profiles: TravelOptions[] = [];
  const byName = new Map<string, number>();
  list.forEach((p, i) => {
    if (!isObject(p) || typeof p.name !== "string") {
      fail(`fleet.profiles[${i}] needs a 'name'`);
    }
    const prof = p as Record<string, unknown>;
    const mode = prof.type;
    if (!TRANSPORT_MODES.includes(mode as TransportMode)) {
      fail(
        `fleet.profiles[${i}].type must be one of car, truck, scooter, bicycle, pedestrian, got '${
          String(mode)
        }'`,
      );
    }
    if (byName.has(prof.name as string)) {
      fail(`Duplicate profile name '${prof.name}'`);
    }
    const avoid = isObject(prof.avoid)
      ? strings(prof.avoid.features, `fleet.profiles[${i}].avoid.features`)
      : [];
    byName.set(prof.name as string, profiles.length);
    profiles.push({
      transportMode: mode as TransportMode,
      routingMode: prof.mode === "short" ? "short" : "fast",
      avoidFeatures: avoid.map((a) =>
        a === "motorway" ? "controlledAccessHighway" : a
      ),
    });
  });
  return { profiles, byName };
}

/** Reads the shifts of a vehicle type: start, end and breaks. */
function parseShifts(
  value: unknown,
  where: string,
  locations: Locations,
): Pick<Shift, "start" | "end" | "breaks">[] {
  if (!Array.isArray(value) || value.length === 0) {
    fail(`${where}.shifts must be a non-empty array`);
  }
  return (value as unknown[]).map((s, si) => {
    const sw = `${where}.shifts[${si}]`;
    if (!isObject(s) || !isObject(s.start)) fail(`${sw}.start is required`);
    const sh = s as Record<string, Record<string, unknown>>;
    const start = {
      loc: locations.add(sh.start.location, `${sw}.start.location`),
      time: time(sh.start.time, `${sw}.start.time`),
    };
    let end: Shift["end"];
    if (sh.end !== undefined) {
      if (!isObject(sh.end)) fail(`${sw}.end must be an object`);
      end = {
        loc: locations.add(sh.end.location, `${sw}.end.location`),
        time: time(sh.end.time, `${sw}.end.time`),
      };
      if (end.time < start.time) fail(`${sw} ends before it starts`);
    }
    const breaks: Break[] = [];
    if ((s as Record<string, unknown>).breaks !== undefined) {
      const list = (s as Record<string, unknown>).breaks;
      if (!Array.isArray(list)) fail(`${sw}.breaks must be an array`);
      (list as unknown[]).forEach((b, bi) => {
        if (!isObject(b) || !isNumber(b.duration) || b.duration < 0) {
          fail(`${sw}.breaks[${bi}].duration must be a non-negative number`);
        }
        const w = windows(
          (b as Record<string, unknown>).times,
          `${sw}.breaks[${bi}].times`,
        );
        if (w.length === 0) {
          fail(`${sw}.breaks[${bi}].times must hold at least one time window`);
        }
        breaks.push({
          duration: (b as Record<string, number>).duration,
          windows: w,
        });
      });
    }
    return { start, end, breaks };
  });
}

/** Reads a vehicle type's `limits` (maximum distance and shift time). */
function parseLimits(value: unknown, where: string): Shift["limits"] {
  const limits: Shift["limits"] = {};
  if (value === undefined) return limits;
  if (!isObject(value)) fail(`${where}.limits must be an object`);
  const l = value as Record<string, unknown>;
  if (l.maxDistance !== undefined) {
    if (!isNumber(l.maxDistance) || l.maxDistance <= 0) {
      fail(`${where}.limits.maxDistance must be positive`);
    }
    limits.maxDistance = l.maxDistance as number;
  }
  if (l.shiftTime !== undefined) {
    if (!isNumber(l.shiftTime) || l.shiftTime <= 0) {
      fail(`${where}.limits.shiftTime must be positive`);
    }
    limits.shiftTime = l.shiftTime as number;
  }
  return limits;
}

/**
 * How many vehicles of a type are made: a vehicle beyond one per job can
 * serve nothing, so at most that many (and any a relation names), which
 * keeps a fleet with a huge `amount` (2^31, say) from costing memory.
 */
function vehicleCount(
  typeId: string,
  amount: number,
  jobCount: number,
  relations: unknown,
): number {
  let named = 0;
  if (Array.isArray(relations)) {
    for (const r of relations as unknown[]) {
      const id = isObject(r) ? (r as Record<string, unknown>).vehicleId : "";
      const n = typeof id === "string" && id.startsWith(`${typeId}_`)
        ? Number(id.slice(String(typeId).length + 1))
        : 0;
      if (Number.isInteger(n) && n > named) named = n;
    }
  }
  return Math.min(amount, Math.max(1, jobCount, named));
}

/**
 * Reads `fleet` (whose `profiles` and `types` are non-empty arrays) into
 * shifts; `plan` tells how many vehicles can be of use.
 */
export function parseFleet(
  fleet: Record<string, unknown>,
  plan: Record<string, unknown>,
  locations: Locations,
): Fleet {
  const { profiles, byName } = parseProfiles(fleet.profiles as unknown[]);
  const shifts: Shift[] = [];
  const vehicleShifts = new Map<string, number[]>();
  const typeIds = new Set<string>();
  let dims = -1;
  (fleet.types as unknown[]).forEach((t, ti) => {
    const where = `fleet.types[${ti}]`;
    if (!isObject(t)) fail(`${where} must be an object`);
    const type = t as Record<string, unknown>;
    if (typeof type.id !== "string" || type.id === "") {
      fail(`${where}.id is required`);
    }
    if (typeIds.has(type.id as string)) {
      fail(`Duplicate vehicle type id '${type.id}'`);
    }
    typeIds.add(type.id as string);
    const profile = byName.get(type.profile as string);
    if (profile === undefined) {
      fail(
        `${where}.profile '${String(type.profile)}' is not in fleet.profiles`,
      );
    }
    if (!isObject(type.costs)) fail(`${where}.costs is required`);
    const c = type.costs as Record<string, unknown>;
    for (const k of ["distance", "time"]) {
      if (!isNumber(c[k]) || (c[k] as number) < 0) {
        fail(`${where}.costs.${k} must be a non-negative number`);
      }
    }
    if (c.fixed !== undefined && (!isNumber(c.fixed) || c.fixed < 0)) {
      fail(`${where}.costs.fixed must be a non-negative number`);
    }
    const capacity = intArray(type.capacity, `${where}.capacity`);
    if (dims >= 0 && capacity.length !== dims) {
      fail(
        `${where}.capacity has ${capacity.length} dimensions, other types have ${dims}`,
      );
    }
    dims = capacity.length;
    if (!Number.isInteger(type.amount) || (type.amount as number) < 1) {
      fail(`${where}.amount must be a positive integer`);
    }
    const skills = new Set(strings(type.skills, `${where}.skills`));
    const limits = parseLimits(type.limits, where);
    const typeShifts = parseShifts(type.shifts, where, locations);
    const made = vehicleCount(
      type.id as string,
      type.amount as number,
      Array.isArray(plan.jobs) ? plan.jobs.length : 0,
      plan.relations,
    );
    for (let n = 1; n <= made; n++) {
      const vehicleId = `${type.id}_${n}`;
      const list: number[] = [];
      typeShifts.forEach((s, si) => {
        list.push(shifts.length);
        shifts.push({
          vehicleId,
          typeId: type.id as string,
          shiftIndex: si,
          profile: profile!,
          start: s.start,
          end: s.end,
          capacity,
          skills,
          costs: {
            fixed: (c.fixed as number) ?? 0,
            distance: c.distance as number,
            time: c.time as number,
          },
          limits,
          breaks: s.breaks,
        });
      });
      vehicleShifts.set(vehicleId, list);
    }
  });
  return { profiles, shifts, vehicleShifts, dims };
}
