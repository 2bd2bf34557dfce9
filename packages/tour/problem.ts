/**
 * Validation and assembly of the Tour Planning v3 problem JSON:
 * {@linkcode buildTourPlanningProblem} and the {@linkcode timeWindow}
 * helper.
 *
 * @module
 */

import { ValueError } from "@ls/core";
import {
  checkJson,
  checkKeys,
  checkParams,
  formatDateTime,
  nonEmptyString,
  parseWith,
} from "@ls/core/internal";
import type {
  Fleet,
  Objective,
  OptimizationTraffic,
  Plan,
  TourConfiguration,
  TourPlanningProblem,
  WaitingTimeOptimization,
} from "./problem_types.ts";
import {
  configurationSchema,
  fleetSchema,
  objectivesSchema,
  planSchema,
  trafficSchema,
  waitingTimeSchema,
} from "./_problem_schema.ts";
import { checkFleet, checkPlan } from "./_problem_rules.ts";

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

/** The parameters of {@linkcode buildTourPlanningProblem}. */
export const PROBLEM_PARAMS: readonly (keyof TourPlanningProblemParams)[] = [
  "fleet",
  "plan",
  "id",
  "objectives",
  "configuration",
  "optimizationTraffic",
  "optimizationWaitingTime",
];

/**
 * The names HERE's Tour Planning API (and the seed's client) gives
 * parameters that `solveTourPlanning` names otherwise, mapped to ours: an
 * unknown-key error for one of them names our parameter. HERE's
 * `configuration.optimizations.traffic` and `.waitingTime` are
 * `optimizationTraffic` and `optimizationWaitingTime`; the seed's async
 * switch (`is_async`, camelCased `isAsync`) and matrix's old one
 * (`asyncReq`) are `async`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { SOLVE_TOUR_PLANNING_WIRE_NAMES } from "@ls/tour";
 * assert.equal(SOLVE_TOUR_PLANNING_WIRE_NAMES.isAsync, "async");
 * assert.equal(SOLVE_TOUR_PLANNING_WIRE_NAMES.traffic, "optimizationTraffic");
 * ```
 */
export const SOLVE_TOUR_PLANNING_WIRE_NAMES: Readonly<Record<string, string>> =
  {
    is_async: "async",
    isAsync: "async",
    async_req: "async",
    asyncReq: "async",
    traffic: "optimizationTraffic",
    waitingTime: "optimizationWaitingTime",
  };

/**
 * Validates the parts of a problem and assembles the JSON body HERE
 * expects: `{ id?, fleet, plan, objectives?, configuration? }`. `fleet`,
 * `plan`, `objectives` and `configuration` are sent as given, except that
 * every location (any point: `[lat, lng]`, `{ lat, lng }`, GeoJSON) is
 * sent as `{ lat, lng }` and each object's `extra` is merged into it;
 * `optimizationTraffic` and
 * `optimizationWaitingTime` go into `configuration.optimizations`, each on
 * its own; nothing is sent as `null`, and empty objects are left out.
 *
 * Checks, each a {@linkcode ValueError} naming the path: a parameter not
 * listed in {@linkcode TourPlanningProblemParams}; the shape of every
 * part (required fields, no field that is not modelled outside `extra`,
 * integers, points, RFC 3339 times, and the closed sets of profile types,
 * modes, avoid features, relation types and objectives, whose message lists
 * the allowed values); a job with
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
 * import assert from "node:assert/strict";
 * import { buildTourPlanningProblem } from "@ls/tour";
 * const problem = buildTourPlanningProblem({
 *   fleet: {
 *     types: [{
 *       id: "van",
 *       profile: "car_profile",
 *       costs: { fixed: 10, distance: 0.0001, time: 0.002 },
 *       shifts: [{ start: { time: "2024-05-01T08:00:00Z", location: [52.5, 13.4] } }],
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
 * assert.deepEqual(problem.configuration, { optimizations: { traffic: "historicalOnly" } });
 * assert.deepEqual(problem.fleet.types[0].shifts[0].start.location, { lat: 52.5, lng: 13.4 });
 * ```
 *
 * @throws {ValueError} for any of the rules above
 */
export function buildTourPlanningProblem(
  params: TourPlanningProblemParams,
): TourPlanningProblem {
  checkParams(params);
  checkKeys(params, PROBLEM_PARAMS, {
    operation: "buildTourPlanningProblem",
    elsewhere: {
      async: "solveTourPlanning",
      poll: "the options of solveTourPlanning (options.poll)",
    },
    wireNames: SOLVE_TOUR_PLANNING_WIRE_NAMES,
  });
  // The parsed parts are what HERE gets: points as { lat, lng }, each
  // object's `extra` merged into it.
  const fleet = parseWith(fleetSchema, params.fleet, "fleet") as Fleet;
  const plan = parseWith(planSchema, params.plan, "plan") as Plan;
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
    const objectives = parseWith(
      objectivesSchema,
      params.objectives,
      "objectives",
    ) as Objective[];
    if (objectives.length > 0) problem.objectives = objectives;
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
 * import assert from "node:assert/strict";
 * import { timeWindow } from "@ls/tour";
 * assert.deepEqual(
 *   timeWindow("2024-05-01T09:00:00Z", "2024-05-01T12:00:00+02:00"),
 *   ["2024-05-01T09:00:00Z", "2024-05-01T12:00:00+02:00"],
 * );
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

function buildConfiguration(
  params: TourPlanningProblemParams,
): TourConfiguration | undefined {
  const given = params.configuration === undefined ? undefined : parseWith(
    configurationSchema,
    params.configuration,
    "configuration",
  ) as TourConfiguration;
  const configuration: TourConfiguration = { ...given };
  const optimizations = { ...given?.optimizations };
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
    const waitingTime = parseWith(
      waitingTimeSchema,
      params.optimizationWaitingTime,
      "optimizationWaitingTime",
    ) as WaitingTimeOptimization;
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
