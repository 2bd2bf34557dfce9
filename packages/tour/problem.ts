/**
 * Validation and assembly of the Tour Planning v3 problem JSON:
 * {@linkcode buildTourPlanningProblem} and the {@linkcode timeWindow}
 * helper.
 *
 * @module
 */

import * as z from "zod/mini";
import {
  checkJson,
  describe,
  formatDateTime,
  integer,
  latLngObjectSchema,
  minLength,
  nonEmptyString,
  nonNegativeInteger,
  numberInRange,
  parseWith,
  positiveInteger,
  ValueError,
} from "@ls/core";
import type {
  Fleet,
  Objective,
  OptimizationTraffic,
  Plan,
  TourConfiguration,
  TourPlanningProblem,
  WaitingTimeOptimization,
} from "./problem_types.ts";

/** The parts of a problem, as {@linkcode buildTourPlanningProblem} takes them. */
export interface TourPlanningProblemParams {
  /** The fleet: `{ types, profiles }`. */
  fleet: Fleet;
  /** The plan: `{ jobs, relations? }`. */
  plan: Plan;
  /** Your id of the problem (HERE echoes it as `problemId`). */
  id?: string;
  /** Objectives in priority order. */
  objectives?: readonly Objective[];
  /** Solver configuration, sent as given (merged with the two settings below). */
  configuration?: TourConfiguration;
  /**
   * Traffic data for routing, sent as `configuration.optimizations.traffic`:
   * `liveOrHistorical`, `historicalOnly` or `automatic`.
   */
  optimizationTraffic?: OptimizationTraffic;
  /**
   * Departure-time optimisation, sent as
   * `configuration.optimizations.waitingTime` (independently of
   * `optimizationTraffic`).
   */
  optimizationWaitingTime?: WaitingTimeOptimization;
}

// ------------------------------------------------------------------- schemas

const RFC3339_RULE = "must be an RFC 3339 date-time with an offset";

function isRfc3339(value: string): boolean {
  try {
    formatDateTime(value, "time");
  } catch {
    return false;
  }
  return Number.isFinite(Date.parse(value));
}

const dateTime = z.string({ error: RFC3339_RULE }).check(
  z.refine(isRfc3339, { error: RFC3339_RULE }),
);

const WINDOW_RULE = "must be a [start, end] pair of RFC 3339 date-times";

const timeWindowSchema = z.tuple([dateTime, dateTime], { error: WINDOW_RULE })
  .check(
    z.refine(([start, end]) => Date.parse(start) <= Date.parse(end), {
      error: "must not end before it starts",
    }),
  );

const nonNegative = numberInRange(0, Infinity, "must be a non-negative number");
const opt = z.optional;
const strings = z.array(nonEmptyString, {
  error: "must be an array of strings",
});

const shiftEndSchema = z.looseObject({
  time: dateTime,
  location: latLngObjectSchema,
}, { error: "must be an object with time and location" });

const vehicleTypeSchema = z.looseObject({
  id: nonEmptyString,
  profile: nonEmptyString,
  costs: z.looseObject({
    fixed: opt(nonNegative),
    distance: opt(nonNegative),
    time: opt(nonNegative),
  }, { error: "must be an object with fixed, distance and time costs" }),
  shifts: z.array(
    z.looseObject({
      start: shiftEndSchema,
      end: opt(shiftEndSchema),
      breaks: opt(z.array(z.looseObject({
        duration: opt(nonNegative),
        times: opt(z.array(timeWindowSchema)),
      }))),
    }),
  ).check(minLength(1, "must have at least 1 shift")),
  capacity: z.array(nonNegativeInteger, {
    error: "must be an array of non-negative integers",
  }).check(minLength(1, "must have at least 1 dimension")),
  amount: positiveInteger,
  skills: opt(strings),
  limits: opt(z.looseObject({
    maxDistance: opt(nonNegative),
    shiftTime: opt(nonNegative),
  })),
}, { error: "must be a vehicle type object" });

const profileSchema = z.looseObject({
  name: nonEmptyString,
  type: nonEmptyString,
  departureTime: opt(dateTime),
  avoid: opt(z.looseObject({ features: opt(strings) })),
  options: opt(z.looseObject({})),
  mode: opt(nonEmptyString),
}, { error: "must be a profile object" });

const fleetSchema = z.looseObject({
  types: z.array(vehicleTypeSchema, {
    error: "must be an array of vehicle types",
  }).check(minLength(1, "must have at least 1 vehicle type")),
  profiles: z.array(profileSchema, { error: "must be an array of profiles" })
    .check(minLength(1, "must have at least 1 profile")),
}, { error: "must be an object with types and profiles" });

const taskSchema = z.looseObject({
  places: z.array(
    z.looseObject({
      location: latLngObjectSchema,
      duration: nonNegative,
      times: opt(z.array(timeWindowSchema)),
      tag: opt(z.string()),
    }, { error: "must be a place object" }),
    { error: "must be an array of places" },
  ).check(minLength(1, "must have at least 1 place")),
  demand: z.array(nonNegativeInteger, {
    error: "must be an array of non-negative integers",
  }),
}, { error: "must be a task object with places" });

const planSchema = z.looseObject({
  jobs: z.array(
    z.looseObject({
      id: nonEmptyString,
      tasks: z.looseObject({
        pickups: opt(z.array(taskSchema)),
        deliveries: opt(z.array(taskSchema)),
      }, { error: "must be an object with pickups and/or deliveries" }),
      priority: opt(integer()),
      skills: opt(strings),
      groupId: opt(nonEmptyString),
    }, { error: "must be a job object" }),
    { error: "must be an array of jobs" },
  ).check(minLength(1, "must have at least 1 job")),
  relations: opt(z.array(
    z.looseObject({
      type: nonEmptyString,
      jobs: strings.check(
        minLength(1, "must have at least 1 job"),
      ),
      vehicleId: nonEmptyString,
    }, { error: "must be a relation object" }),
  )),
}, { error: "must be an object with jobs" });

const objectivesSchema = z.array(
  z.looseObject({ type: nonEmptyString, action: opt(nonEmptyString) }, {
    error: "must be an objective object with a type",
  }),
  { error: "must be an array of objectives" },
);

const TRAFFIC_RULE =
  'must be one of "liveOrHistorical", "historicalOnly", "automatic"';
const TRAFFIC = ["liveOrHistorical", "historicalOnly", "automatic"];
const trafficSchema = z.string({ error: TRAFFIC_RULE }).check(
  z.refine((v) => TRAFFIC.includes(v), { error: TRAFFIC_RULE }),
) as z.ZodMiniType<OptimizationTraffic>;

const waitingTimeSchema = z.looseObject({
  reduce: opt(z.boolean({ error: "must be a boolean" })),
  bufferTime: opt(nonNegativeInteger),
}, { error: "must be an object with reduce and bufferTime" });

const configurationSchema = z.looseObject({
  termination: opt(z.looseObject({
    maxTime: opt(nonNegative),
    stagnationTime: opt(nonNegative),
  })),
  optimizations: opt(z.looseObject({
    traffic: opt(trafficSchema),
    waitingTime: opt(waitingTimeSchema),
  })),
  experimentalFeatures: opt(strings),
}, { error: "must be a configuration object" });

/** Fields of a truck profile's `options` (routing's truck fields). */
const TRUCK_OPTIONS = new Set([
  "shippedHazardousGoods",
  "grossWeight",
  "weightPerAxle",
  "height",
  "width",
  "length",
  "tunnelCategory",
  "axleCount",
  "type",
  "trailerCount",
]);

// -------------------------------------------------------------------- public

/**
 * Validates the parts of a problem and assembles the JSON body HERE
 * expects: `{ id?, fleet, plan, objectives?, configuration? }`. `fleet`,
 * `plan`, `objectives` and `configuration` are sent exactly as given
 * (unknown fields included); `optimizationTraffic` and
 * `optimizationWaitingTime` go into `configuration.optimizations`, each on
 * its own; nothing is sent as `null`, and empty objects are left out.
 *
 * Checks, each a {@linkcode ValueError} naming the path: the shape of every
 * part (required fields, integers, coordinates, RFC 3339 times); a job with
 * neither pickups nor deliveries; duplicate job ids, vehicle type ids or
 * profile names; a profile referenced but not defined; a time window (or a
 * shift) that ends before it starts; a task without `demand`, or with a
 * `demand` of other dimensions than the capacity; truck options on a
 * profile that is not a truck, or `allowHighway` on one that is not a
 * scooter; a relation's `vehicleId` that is not `<typeId>_<n>` with `n` from
 * 1 to the type's `amount`; an `optimizationTraffic` other than
 * `liveOrHistorical`, `historicalOnly`, `automatic`; a `BigInt` or a cycle
 * anywhere (JSON cannot carry them).
 *
 * @example
 * ```ts
 * import { buildTourPlanningProblem } from "@ls/tour";
 * const problem = buildTourPlanningProblem({
 *   fleet: {
 *     types: [{
 *       id: "van",
 *       profile: "car_profile",
 *       costs: { fixed: 10, distance: 0.0001, time: 0.002 },
 *       shifts: [{ start: { time: "2024-05-01T08:00:00Z", location: { lat: 52.5, lng: 13.4 } } }],
 *       capacity: [10],
 *       amount: 1,
 *     }],
 *     profiles: [{ name: "car_profile", type: "car" }],
 *   },
 *   plan: {
 *     jobs: [{
 *       id: "job-1",
 *       tasks: { deliveries: [{ places: [{ location: { lat: 52.52, lng: 13.38 }, duration: 300 }], demand: [1] }] },
 *     }],
 *   },
 *   optimizationTraffic: "historicalOnly",
 * });
 * problem.configuration; // { optimizations: { traffic: "historicalOnly" } }
 * ```
 *
 * @throws {ValueError} for any of the rules above
 */
export function buildTourPlanningProblem(
  params: TourPlanningProblemParams,
): TourPlanningProblem {
  if (typeof params !== "object" || params === null) {
    throw new ValueError("params", "must be an object", params);
  }
  const { fleet, plan } = params;
  parseWith(fleetSchema, fleet, "fleet");
  parseWith(planSchema, plan, "plan");
  checkFleet(fleet);
  checkPlan(plan, fleet);

  // Unknown fields of the loose objects are sent as given: JSON must carry them.
  for (
    const key of [
      "fleet",
      "plan",
      "objectives",
      "configuration",
      "optimizationWaitingTime",
    ] as const
  ) {
    checkJson(params[key], key);
  }

  const problem: TourPlanningProblem = {} as TourPlanningProblem;
  if (params.id !== undefined) {
    problem.id = parseWith(nonEmptyString, params.id, "id");
  }
  problem.fleet = fleet;
  problem.plan = plan;
  if (params.objectives !== undefined) {
    parseWith(objectivesSchema, params.objectives, "objectives");
    if (params.objectives.length > 0) problem.objectives = params.objectives;
  }
  const configuration = buildConfiguration(params);
  if (configuration) problem.configuration = configuration;
  return problem;
}

/**
 * A time window for `times` of places and breaks: RFC 3339 strings from
 * `Date`s (with the runtime's offset) or validated strings, start not after
 * end.
 *
 * @example
 * ```ts
 * import { timeWindow } from "@ls/tour";
 * timeWindow("2024-05-01T09:00:00Z", "2024-05-01T12:00:00+02:00");
 * // ["2024-05-01T09:00:00Z", "2024-05-01T12:00:00+02:00"]
 * ```
 *
 * @throws {ValueError} for a malformed time (`start`, `end`) or an end
 * before the start
 */
export function timeWindow(
  start: Date | string,
  end: Date | string,
): [start: string, end: string] {
  const s = formatDateTime(start, "start");
  const e = formatDateTime(end, "end");
  if (Date.parse(e) < Date.parse(s)) {
    throw new ValueError("end", "must not be before start", end);
  }
  return [s, e];
}

// ---------------------------------------------------------- cross-field rules

function checkFleet(fleet: Fleet): void {
  const profiles = new Map<string, number>();
  fleet.profiles.forEach((profile, i) => {
    const at = `fleet.profiles[${i}]`;
    unique(profiles, profile.name, i, `${at}.name`, "fleet.profiles", "name");
    const options = profile.options ?? {};
    for (const key of Object.keys(options)) {
      if (key === "allowHighway" && profile.type !== "scooter") {
        throw new ValueError(
          `${at}.options.allowHighway`,
          'is a scooter option; it needs type "scooter"',
          profile.type,
        );
      }
      if (TRUCK_OPTIONS.has(key) && profile.type !== "truck") {
        throw new ValueError(
          `${at}.options.${key}`,
          'is a truck option; it needs type "truck"',
          profile.type,
        );
      }
    }
  });

  const types = new Map<string, number>();
  const dimensions = fleet.types[0].capacity.length;
  fleet.types.forEach((type, i) => {
    const at = `fleet.types[${i}]`;
    unique(types, type.id, i, `${at}.id`, "fleet.types", "id");
    if (!profiles.has(type.profile)) {
      const names = [...profiles.keys()];
      throw new ValueError(
        `${at}.profile`,
        `must name a profile defined in fleet.profiles (${
          names.slice(0, 3).map(describe).join(", ")
        }${names.length > 3 ? `, … ${names.length} in all` : ""})`,
        type.profile,
      );
    }
    if (type.capacity.length !== dimensions) {
      throw new ValueError(
        `${at}.capacity`,
        `must have ${dimensionText(dimensions)} like fleet.types[0].capacity`,
        type.capacity,
      );
    }
    type.shifts.forEach((shift, j) => {
      if (
        shift.end && Date.parse(shift.end.time) < Date.parse(shift.start.time)
      ) {
        throw new ValueError(
          `${at}.shifts[${j}].end.time`,
          "must not be before start.time",
          shift.end.time,
        );
      }
    });
  });
}

function checkPlan(plan: Plan, fleet: Fleet): void {
  const dimensions = fleet.types[0].capacity.length;
  const ids = new Map<string, number>();
  plan.jobs.forEach((job, i) => {
    const at = `plan.jobs[${i}]`;
    unique(ids, job.id, i, `${at}.id`, "plan.jobs", "id");
    const pickups = job.tasks.pickups ?? [];
    const deliveries = job.tasks.deliveries ?? [];
    if (pickups.length + deliveries.length === 0) {
      throw new ValueError(
        `${at}.tasks`,
        "must have at least one pickup or delivery",
        job.tasks,
      );
    }
    for (
      const [kind, tasks] of [["pickups", pickups], [
        "deliveries",
        deliveries,
      ]] as const
    ) {
      tasks.forEach((task, j) => {
        if (task.demand.length !== dimensions) {
          throw new ValueError(
            `${at}.tasks.${kind}[${j}].demand`,
            `must have ${dimensionText(dimensions)} like the vehicle capacity`,
            task.demand,
          );
        }
      });
    }
  });

  const amounts = new Map(fleet.types.map((t) => [t.id, t.amount]));
  (plan.relations ?? []).forEach((relation, i) => {
    const id = relation.vehicleId;
    const cut = id.lastIndexOf("_");
    const n = Number(id.slice(cut + 1));
    const amount = amounts.get(id.slice(0, cut));
    if (
      cut <= 0 || amount === undefined || !/^\d+$/.test(id.slice(cut + 1)) ||
      n < 1 || n > amount
    ) {
      throw new ValueError(
        `plan.relations[${i}].vehicleId`,
        "must name a vehicle <typeId>_<n> of fleet.types, n from 1 to its amount",
        id,
      );
    }
  });
}

function buildConfiguration(
  params: TourPlanningProblemParams,
): TourConfiguration | undefined {
  if (params.configuration !== undefined) {
    parseWith(configurationSchema, params.configuration, "configuration");
  }
  const configuration: TourConfiguration = { ...params.configuration };
  const optimizations = { ...params.configuration?.optimizations };
  if (params.optimizationTraffic !== undefined) {
    const traffic = parseWith(
      trafficSchema,
      params.optimizationTraffic,
      "optimizationTraffic",
    );
    if (optimizations.traffic !== undefined) {
      throw new ValueError(
        "optimizationTraffic",
        "is also given as configuration.optimizations.traffic; give it once",
        traffic,
      );
    }
    optimizations.traffic = traffic;
  }
  if (params.optimizationWaitingTime !== undefined) {
    const waitingTime = params.optimizationWaitingTime;
    parseWith(waitingTimeSchema, waitingTime, "optimizationWaitingTime");
    if (optimizations.waitingTime !== undefined) {
      throw new ValueError(
        "optimizationWaitingTime",
        "is also given as configuration.optimizations.waitingTime; give it once",
        waitingTime,
      );
    }
    if (Object.keys(waitingTime).length > 0) {
      optimizations.waitingTime = waitingTime;
    }
  }
  if (Object.keys(optimizations).length > 0) {
    configuration.optimizations = optimizations;
  } else delete configuration.optimizations;
  return Object.keys(configuration).length > 0 ? configuration : undefined;
}

function unique(
  seen: Map<string, number>,
  value: string,
  index: number,
  parameter: string,
  list: string,
  field: string,
): void {
  const first = seen.get(value);
  if (first !== undefined) {
    throw new ValueError(
      parameter,
      `must be unique, ${list}[${first}].${field} is the same`,
      value,
    );
  }
  seen.set(value, index);
}

function dimensionText(n: number): string {
  return `${n} dimension${n === 1 ? "" : "s"}`;
}
