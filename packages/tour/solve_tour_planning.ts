/**
 * {@linkcode solveTourPlanning}: solves a Tour Planning v3 problem,
 * synchronously (`POST /v3/problems`) or as an async job
 * (`POST /v3/problems/async`, then the status URL, then the solution);
 * {@linkcode buildTourPlanningRequest} is the request it sends, and
 * {@linkcode buildTourPlanningProblem} the problem JSON in its body.
 *
 * @module
 */

import {
  type Client,
  type JsonResponse,
  type ReadContext,
  type RequestOptions,
  type RequestSpec,
  ValueError,
} from "@ls/core";
import {
  checkJson,
  checkKeys,
  checkParams,
  checkPollOptions,
  nonEmptyString,
  parseWith,
  type PollOptions,
  runJob,
  scrubbing,
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
  fleetSchema,
  objectivesSchema,
  planSchema,
} from "./_problem_schema.ts";
import { checkFleet, checkPlan } from "./_problem_rules.ts";
import { buildConfiguration } from "./_configuration.ts";
import {
  TourPlanningResponse,
  type TourPlanningSolution,
} from "./tour_planning_response.ts";
import {
  interpretTourStatus,
  looksLikeSolution,
  statusHref,
} from "./_status.ts";

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
const PROBLEM_KEYS = {
  fleet: 0,
  plan: 0,
  id: 0,
  objectives: 0,
  configuration: 0,
  optimizationTraffic: 0,
  optimizationWaitingTime: 0,
} satisfies Record<keyof TourPlanningProblemParams, 0>;
const PROBLEM_PARAMS = Object.keys(PROBLEM_KEYS);

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
  const fleet = parseWith(fleetSchema(), params.fleet, "fleet") as Fleet;
  const plan = parseWith(planSchema(), params.plan, "plan") as Plan;
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
    problem.id = parseWith(nonEmptyString(), params.id, "id");
  }
  problem.fleet = fleet;
  problem.plan = plan;
  if (params.objectives !== undefined) {
    const objectives = parseWith(
      objectivesSchema(),
      params.objectives,
      "objectives",
    ) as Objective[];
    if (objectives.length > 0) problem.objectives = objectives;
  }
  const configuration = buildConfiguration(params);
  if (configuration) problem.configuration = configuration;
  return problem;
}

/** Parameters of {@linkcode solveTourPlanning}. */
export interface SolveTourPlanningParams extends TourPlanningProblemParams {
  /**
   * Solve as an async job (default `false`): `POST /v3/problems/async`,
   * the seed's `is_async`. HERE's documented limits for synchronous
   * problems are much lower (v2: 250 jobs, 35 vehicle types). The polls'
   * cadence is `options.poll`.
   */
  async?: boolean;
}

/**
 * Options of {@linkcode solveTourPlanning}: the usual request options, plus
 * the cadence of an async job's polls, as `matrix` takes it.
 *
 * @example
 * ```ts
 * import type { SolveTourPlanningOptions } from "@ls/tour";
 * const options: SolveTourPlanningOptions = {
 *   poll: { initialDelayMs: 500 },
 *   onProgress: (status) => console.log(status),
 * };
 * ```
 */
export interface SolveTourPlanningOptions extends RequestOptions {
  /**
   * The cadence of an async job's status polls (`initialDelayMs`, default
   * 1000; `maxDelayMs`, default 10 000; `minDelayMs`, default 250, at least
   * 10; the delays grow by 1.5× per poll); progress goes to `onProgress`.
   */
  poll?: PollOptions;
}

/** The parameters of {@linkcode solveTourPlanning}. */
const PARAMS = Object.keys(
  { ...PROBLEM_KEYS, async: 0 } satisfies Record<
    keyof SolveTourPlanningParams,
    0
  >,
);

/**
 * The request {@linkcode solveTourPlanning} sends, validated: `POST
 * /v3/problems` (or `/v3/problems/async` with `async: true`) on the
 * tour-planning host, with the problem {@linkcode buildTourPlanningProblem}
 * assembles as its body. Pass it to `client.request` for the raw response.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { buildTourPlanningRequest } from "@ls/tour";
 * const spec = buildTourPlanningRequest({
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
 *   async: true,
 * });
 * assert.equal(spec.method, "POST");
 * assert.equal(spec.path, "/v3/problems/async");
 * assert.deepEqual(Object.keys(spec.body as object), ["fleet", "plan"]);
 * ```
 *
 * @throws {ValueError} for a parameter that is not one of
 * {@linkcode SolveTourPlanningParams} (HERE's and the seed's names are
 * answered with ours, see {@linkcode SOLVE_TOUR_PLANNING_WIRE_NAMES}), an
 * `async` that is not a boolean, or a problem that breaks a rule of
 * {@linkcode buildTourPlanningProblem}
 */
export function buildTourPlanningRequest(
  params: SolveTourPlanningParams,
): RequestSpec {
  checkParams(params);
  checkKeys(params, PARAMS, {
    operation: "solveTourPlanning",
    elsewhere: { poll: "the options (options.poll)" },
    wireNames: SOLVE_TOUR_PLANNING_WIRE_NAMES,
  });
  const { async: isAsync = false, ...problem } = params;
  const body = buildTourPlanningProblem(problem);
  if (typeof isAsync !== "boolean") {
    throw new ValueError("async", "must be a boolean", isAsync);
  }
  return {
    service: "tourplanning",
    method: "POST",
    path: isAsync ? "/v3/problems/async" : "/v3/problems",
    body,
    // A sync request may be answered 202: the job is then polled.
    expect: [200, 202],
    // A submit that creates a job is retried only when HERE refused it.
    retry: isAsync ? "submit" : "idempotent",
  };
}

/**
 * Solves a tour-planning problem: which vehicle serves which jobs, in what
 * order, at what times.
 *
 * The request is the one {@linkcode buildTourPlanningRequest} builds (the
 * problem is validated and assembled by {@linkcode buildTourPlanningProblem};
 * see there for every rule), and `options.poll` is checked before it is
 * sent. Then:
 *
 * - `async: false` (default): `POST /v3/problems` answers with the
 *   solution. Should it answer `202` with an `href`, the job is polled as
 *   below.
 * - `async: true`: `POST /v3/problems/async` answers `{statusId, href}`;
 *   `href` is polled (with growing intervals, `options.poll`) until its
 *   `status` is
 *   `success`, and the solution is downloaded from `resource.href`.
 *   Statuses are reported to `options.onProgress`; a `failure` (or an
 *   `error` without a status) is an {@linkcode ApiError} carrying HERE's
 *   error; `options.deadlineMs` bounds the whole operation (default 15
 *   minutes of polling); `options.signal` aborts it with the signal's
 *   reason. The submit is retried only when HERE rejected it (429, 503),
 *   so a job is never created twice.
 *
 * The client spaces requests to the tour-planning host (polls and
 * downloads included) to HERE's limit of 2 per second by default; see the
 * `serviceRequestsPerSecond` option of `Client`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Client } from "@ls/core";
 * import { solveTourPlanning } from "@ls/tour";
 * import { SANDBOX_API_KEY, startSandbox } from "@ls/sandbox";
 * await using sandbox = await startSandbox();
 * const client = new Client({ apiKey: SANDBOX_API_KEY, baseUrl: sandbox.url });
 * const depot: [number, number] = [52.5, 13.4];
 * const res = await solveTourPlanning(client, {
 *   fleet: {
 *     types: [{
 *       id: "smallVan",
 *       profile: "car_profile",
 *       costs: { fixed: 20, distance: 0.0002, time: 0.005 },
 *       shifts: [{
 *         start: { time: "2024-05-01T08:00:00Z", location: depot },
 *         end: { time: "2024-05-01T17:00:00Z", location: depot },
 *       }],
 *       capacity: [20],
 *       amount: 2,
 *     }],
 *     profiles: [{ name: "car_profile", type: "car" }],
 *   },
 *   plan: {
 *     jobs: [{
 *       id: "job-1",
 *       tasks: {
 *         deliveries: [{
 *           places: [{ location: { lat: 52.52, lng: 13.38 }, duration: 300, times: [["2024-05-01T09:00:00Z", "2024-05-01T12:00:00Z"]] }],
 *           demand: [2],
 *         }],
 *       },
 *     }],
 *   },
 * });
 * assert.equal(res.tours.length, 1);
 * assert.deepEqual(res.unassigned, []);
 * ```
 *
 * @throws {ValueError} before any request, for the reasons of
 * {@linkcode buildTourPlanningRequest} and an `options.poll` that is not an
 * object of delays (finite, not negative, `minDelayMs` at least 10)
 * @throws {ApiError} when HERE rejects the problem or the job fails
 * @throws {TimeoutError} when the job does not finish before the deadline
 */
export async function solveTourPlanning(
  client: Client,
  params: SolveTourPlanningParams,
  options?: SolveTourPlanningOptions,
): Promise<TourPlanningResponse> {
  const { spec, poll } = scrubbing(client, () => ({
    spec: buildTourPlanningRequest(params),
    poll: checkPollOptions(options?.poll, "solveTourPlanning"),
  }));
  const isAsync = params.async ?? false;
  const read = (method: string) => (res: Response, context: ReadContext) =>
    client.parseJson<TourPlanningSolution>(res, method, context);
  const { value } = await runJob<Solved>(client, {
    submit: spec,
    readAnswer: isAsync ? undefined : read("POST"),
    accepted: (answer) => {
      const href = statusHref(answer.body);
      // A 200 without an href may be the solution itself.
      return href === undefined && answer.status === 200 &&
          looksLikeSolution(answer.body)
        ? { result: answer as JsonResponse<TourPlanningSolution> }
        : { statusUrl: href };
    },
    titles: {
      noStatusUrl: isAsync
        ? "Tour planning accepted the job without a status href"
        : "Tour planning answered without a solution",
      badStatusUrl:
        "Tour planning accepted the job with an invalid status href",
    },
    interpret: interpretTourStatus,
    statusResult: (body) => ({ body: body as TourPlanningSolution }),
    readResult: read("GET"),
    poll,
  }, options);
  return new TourPlanningResponse(value);
}

/** A solution and, when it came in a response of its own, its tracing ids. */
type Solved = Pick<
  JsonResponse<TourPlanningSolution>,
  "body" | "correlationId" | "requestId"
>;
