// The plan of a Tour Planning v3 problem: jobs (pickups and deliveries at
// alternative places, demand, skills, priority) and the relations that tie
// jobs to a vehicle's shift.

import { isNumber, isObject } from "./_http.ts";
import type { Job, Place, Skills, Task } from "./_tour_problem.ts";
import {
  fail,
  intArray,
  type Locations,
  strings,
  windows,
} from "./_tour_input.ts";

/** Job ids a relation may list besides jobs: a tour's fixed activities. */
const RESERVED = ["departure", "arrival", "break", "reload"];

/** Reads the places of a task. */
function parsePlaces(
  value: unknown[],
  where: string,
  locations: Locations,
): Place[] {
  return value.map((p, pi) => {
    const pw = `${where}.places[${pi}]`;
    if (!isObject(p)) fail(`${pw} must be an object`);
    const place = p as Record<string, unknown>;
    const duration = place.duration ?? 0;
    if (!isNumber(duration) || duration < 0) {
      fail(`${pw}.duration must be a non-negative number of seconds`);
    }
    if (place.tag !== undefined && typeof place.tag !== "string") {
      fail(`${pw}.tag must be a string`);
    }
    return {
      loc: locations.add(place.location, `${pw}.location`),
      duration: duration as number,
      windows: windows(place.times, `${pw}.times`),
      tag: place.tag as string | undefined,
    };
  });
}

/** Reads a job's pickups and deliveries, pickups first. */
function parseTasks(
  value: Record<string, unknown>,
  where: string,
  dims: number,
  locations: Locations,
): Task[] {
  const tasks: Task[] = [];
  for (const kind of ["pickups", "deliveries"] as const) {
    const list = value[kind];
    if (list === undefined) continue;
    if (!Array.isArray(list)) fail(`${where}.tasks.${kind} must be an array`);
    (list as unknown[]).forEach((t, ti) => {
      const tw = `${where}.tasks.${kind}[${ti}]`;
      if (!isObject(t) || !Array.isArray(t.places) || t.places.length === 0) {
        fail(`${tw}.places must be a non-empty array`);
      }
      const task = t as Record<string, unknown>;
      const demand = intArray(task.demand, `${tw}.demand`);
      if (dims >= 0 && demand.length !== dims) {
        fail(
          `${tw}.demand has ${demand.length} dimensions, capacity has ${dims}`,
        );
      }
      tasks.push({
        kind: kind === "pickups" ? "pickup" : "delivery",
        places: parsePlaces(task.places as unknown[], tw, locations),
        demand,
      });
    });
  }
  if (tasks.length === 0) {
    fail(`${where} needs at least one pickup or delivery`);
  }
  return tasks;
}

/** Reads a job's skills: a list (all required) or `{allOf, oneOf, noneOf}`. */
function parseSkills(value: unknown, where: string): Skills {
  if (Array.isArray(value)) {
    return { allOf: strings(value, `${where}.skills`), oneOf: [], noneOf: [] };
  }
  if (isObject(value)) {
    return {
      allOf: strings(value.allOf, `${where}.skills.allOf`),
      oneOf: strings(value.oneOf, `${where}.skills.oneOf`),
      noneOf: strings(value.noneOf, `${where}.skills.noneOf`),
    };
  }
  if (value !== undefined) {
    fail(`${where}.skills must be an array or {allOf, oneOf, noneOf}`);
  }
  return { allOf: [], oneOf: [], noneOf: [] };
}

/**
 * Reads `plan.jobs`; `dims` is the fleet's number of capacity dimensions,
 * which every demand must have.
 */
export function parseJobs(
  value: unknown,
  dims: number,
  locations: Locations,
): Job[] {
  if (!Array.isArray(value)) fail("'plan.jobs' must be an array");
  const jobs: Job[] = [];
  const ids = new Set<string>();
  (value as unknown[]).forEach((j, ji) => {
    const where = `plan.jobs[${ji}]`;
    if (!isObject(j)) fail(`${where} must be an object`);
    const job = j as Record<string, unknown>;
    if (typeof job.id !== "string" || job.id === "") {
      fail(`${where}.id is required`);
    }
    if (ids.has(job.id as string)) fail(`Duplicate job id '${job.id}'`);
    if (RESERVED.includes(job.id as string)) {
      fail(`Job id '${job.id}' is reserved`);
    }
    if (!isObject(job.tasks)) fail(`${where}.tasks is required`);
    const tasks = parseTasks(
      job.tasks as Record<string, unknown>,
      where,
      dims,
      locations,
    );
    const skills = parseSkills(job.skills, where);
    const priority = job.priority ?? 2;
    if (!Number.isInteger(priority) || (priority as number) < 1) {
      fail(`${where}.priority must be a positive integer`);
    }
    ids.add(job.id as string);
    jobs.push({
      id: job.id as string,
      priority: priority as number,
      skills,
      tasks,
    });
  });
  return jobs;
}

/**
 * Reads `plan.relations` (when given): binds each listed job to the
 * vehicle's shift, and orders the jobs of a `sequence`.
 */
export function parseRelations(
  value: unknown,
  jobs: Job[],
  vehicleShifts: ReadonlyMap<string, number[]>,
): void {
  if (value === undefined) return;
  if (!Array.isArray(value)) fail("'plan.relations' must be an array");
  const jobIndex = new Map(jobs.map((job, i) => [job.id, i]));
  (value as unknown[]).forEach((r, ri) => {
    const where = `plan.relations[${ri}]`;
    if (!isObject(r)) fail(`${where} must be an object`);
    const rel = r as Record<string, unknown>;
    if (!["sequence", "tour", "flexible"].includes(rel.type as string)) {
      fail(`${where}.type must be sequence, tour or flexible`);
    }
    const vehicle = vehicleShifts.get(rel.vehicleId as string);
    if (!vehicle) {
      fail(
        `${where}.vehicleId '${
          String(rel.vehicleId)
        }' is not a vehicle of the fleet`,
      );
    }
    const shiftIndex = Number.isInteger(rel.shiftIndex)
      ? rel.shiftIndex as number
      : 0;
    const shift = vehicle![shiftIndex];
    if (shift === undefined) {
      fail(`${where}.shiftIndex ${shiftIndex} does not exist`);
    }
    strings(rel.jobs, `${where}.jobs`).forEach((id, k) => {
      if (RESERVED.includes(id)) return;
      const j = jobIndex.get(id);
      if (j === undefined) {
        fail(`${where}.jobs references unknown job '${id}'`);
      }
      if (jobs[j!].fixedShift !== undefined) {
        fail(`Job '${id}' appears in more than one relation`);
      }
      jobs[j!].fixedShift = shift;
      if (rel.type === "sequence") jobs[j!].sequence = ri * 10_000 + k;
    });
  });
}
