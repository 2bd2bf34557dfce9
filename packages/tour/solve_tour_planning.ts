/**
 * {@linkcode solveTourPlanning}: solves a Tour Planning v3 problem,
 * synchronously (`POST /v3/problems`) or as an async job
 * (`POST /v3/problems/async`, then the status URL, then the solution).
 *
 * @module
 */

import {
  ApiError,
  checkPollTiming,
  type Client,
  downloadResult,
  type JobStatusResponse,
  type JobStep,
  type JsonResponse,
  pollJob,
  type RequestOptions,
  TimeoutError,
  ValueError,
} from "@ls/core";
import {
  buildTourPlanningProblem,
  type TourPlanningProblemParams,
} from "./problem.ts";
import {
  TourPlanningResponse,
  type TourPlanningSolution,
} from "./tour_planning_response.ts";

/** Polling cadence of an async job. */
export interface TourPollOptions {
  /** Delay before the first status poll, in ms; default 1000. */
  initialDelayMs?: number;
  /** Largest delay between polls, in ms; default 10 000. */
  maxDelayMs?: number;
  /**
   * Shortest delay between polls, in ms, whatever `Retry-After` says;
   * default 250, at least 10.
   */
  minDelayMs?: number;
}

/** Parameters of {@linkcode solveTourPlanning}. */
export interface SolveTourPlanningParams extends TourPlanningProblemParams {
  /**
   * Solve as an async job (default `false`). HERE's documented limits for
   * synchronous problems are much lower (v2: 250 jobs, 35 vehicle types).
   */
  isAsync?: boolean;
  /** Polling cadence of an async job (the delays grow by 1.5× per poll). */
  poll?: TourPollOptions;
}

const SERVICE = "tourplanning" as const;

/**
 * Solves a tour-planning problem: which vehicle serves which jobs, in what
 * order, at what times.
 *
 * The problem is validated and assembled by
 * {@linkcode buildTourPlanningProblem} (see there for every rule). Then:
 *
 * - `isAsync: false` (default): `POST /v3/problems` answers with the
 *   solution. Should it answer `202` with an `href`, the job is polled as
 *   below.
 * - `isAsync: true`: `POST /v3/problems/async` answers `{statusId, href}`;
 *   `href` is polled (with growing intervals) until its `status` is
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
 * ```ts ignore
 * import { Client } from "@ls/core";
 * import { solveTourPlanning } from "@ls/tour";
 *
 * const client = new Client({ apiKey: "<API_KEY>" });
 * const res = await solveTourPlanning(client, {
 *   fleet: {
 *     types: [{
 *       id: "smallVan",
 *       profile: "car_profile",
 *       costs: { fixed: 20, distance: 0.0002, time: 0.005 },
 *       shifts: [{
 *         start: { time: "2024-05-01T08:00:00Z", location: { lat: 52.50, lng: 13.40 } },
 *         end: { time: "2024-05-01T17:00:00Z", location: { lat: 52.50, lng: 13.40 } },
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
 *   isAsync: true,
 * }, { onProgress: (status) => console.log(status), deadlineMs: 10 * 60_000 });
 * for (const tour of res.tours) console.log(tour.vehicleId, tour.stops.length);
 * ```
 *
 * @throws {ValueError} before any request when the problem breaks a rule
 * @throws {ApiError} when HERE rejects the problem or the job fails
 * @throws {TimeoutError} when the job does not finish before the deadline
 */
export async function solveTourPlanning(
  client: Client,
  params: SolveTourPlanningParams,
  options: RequestOptions = {},
): Promise<TourPlanningResponse> {
  const problem = buildTourPlanningProblem(params);
  const isAsync = params.isAsync ?? false;
  if (typeof isAsync !== "boolean") {
    throw new ValueError("isAsync", "must be a boolean", isAsync);
  }
  const poll = checkPoll(params.poll);

  const started = performance.now();
  const path = isAsync ? "/v3/problems/async" : "/v3/problems";
  const submitted = await client.requestJson<unknown>({
    service: SERVICE,
    method: "POST",
    path,
    body: problem,
    expect: [200, 202],
    retry: isAsync ? "submit" : "idempotent",
  }, options);

  if (!isAsync && submitted.status === 200) {
    return new TourPlanningResponse(
      submitted as JsonResponse<TourPlanningSolution>,
    );
  }
  const href = statusHref(submitted.body);
  if (href === undefined) {
    if (submitted.status === 200 && looksLikeSolution(submitted.body)) {
      return new TourPlanningResponse(
        submitted as JsonResponse<TourPlanningSolution>,
      );
    }
    throw new ApiError({
      status: submitted.status,
      method: "POST",
      url: client.redact(`${client.originFor(SERVICE)}${path}`),
      title: isAsync
        ? "Tour planning accepted the job without a status href"
        : "Tour planning answered without a solution",
      body: client.redactValue(submitted.body),
      correlationId: submitted.correlationId,
      requestId: submitted.requestId,
    });
  }

  const remaining = () => {
    if (options.deadlineMs === undefined) return undefined;
    const left = options.deadlineMs - (performance.now() - started);
    if (left <= 0) {
      throw new TimeoutError(
        `Tour planning did not finish within ${options.deadlineMs} ms`,
      );
    }
    return Math.max(1, Math.floor(left));
  };

  const submitUrl = `${client.originFor(SERVICE)}${path}`;
  let statusUrl: string;
  try {
    statusUrl = new URL(href, submitUrl).href;
  } catch {
    throw new ApiError({
      status: submitted.status,
      method: "POST",
      url: client.redact(submitUrl),
      title: "Tour planning accepted the job with an invalid status href",
      correlationId: submitted.correlationId,
      requestId: submitted.requestId,
    });
  }
  const outcome = await pollJob(client, {
    service: SERVICE,
    statusUrl,
    interpret: interpretTourStatus,
    deadlineMs: remaining(),
    initialDelayMs: poll.initialDelayMs,
    maxDelayMs: poll.maxDelayMs,
    minDelayMs: poll.minDelayMs,
  }, options);
  if (outcome.kind === "body") {
    return new TourPlanningResponse({
      body: outcome.body as TourPlanningSolution,
    });
  }
  return new TourPlanningResponse(
    await downloadResult(client, {
      service: SERVICE,
      url: outcome.url,
      referrer: statusUrl,
      read: (res, context) =>
        client.parseJson<TourPlanningSolution>(res, "GET", context),
    }, { ...options, deadlineMs: remaining() }),
  );
}

/**
 * Reads one status response of an async tour-planning job: `success` with
 * `resource.href` is done; `failure`, or an `error` object without a
 * `status`, is a failed job; `pending`, `inProgress` and unknown statuses
 * keep polling. A 3xx answer with a `Location` is followed as the result.
 *
 * @example
 * ```ts
 * import { interpretTourStatus } from "@ls/tour";
 * interpretTourStatus({
 *   status: 200,
 *   body: { status: "success", resource: { href: "https://tourplanning.hereapi.com/v3/problems/ID/solution" } },
 *   headers: new Headers(),
 *   url: "https://tourplanning.hereapi.com/v3/status/ID",
 * });
 * // { state: "done", status: "success", resultUrl: "https://tourplanning.hereapi.com/v3/problems/ID/solution" }
 * ```
 */
export function interpretTourStatus(res: JobStatusResponse): JobStep {
  const body = isRecord(res.body) ? res.body : {};
  const status = typeof body.status === "string" ? body.status : undefined;
  const location = res.headers.get("location");
  if (res.status >= 300 && res.status < 400 && location) {
    return { state: "done", status: status ?? "success", resultUrl: location };
  }
  if (status === "success") {
    const resource = isRecord(body.resource) ? body.resource : {};
    if (typeof resource.href === "string" && resource.href !== "") {
      return { state: "done", status, resultUrl: resource.href };
    }
    return {
      state: "failed",
      status,
      body: {
        title: "Tour planning reported success without a solution href",
        ...body,
      },
    };
  }
  if (status === "failure" || status === "failed") {
    return { state: "failed", status, body };
  }
  if (status === undefined && body.error !== undefined) {
    return { state: "failed", status: "failure", body };
  }
  return { state: "pending", status: status ?? "unknown" };
}

function checkPoll(poll: TourPollOptions | undefined): TourPollOptions {
  if (poll === undefined) return {};
  if (typeof poll !== "object" || poll === null) {
    throw new ValueError("poll", "must be an object", poll);
  }
  checkPollTiming(poll, "poll");
  return poll;
}

function statusHref(body: unknown): string | undefined {
  if (!isRecord(body)) return undefined;
  return typeof body.href === "string" && body.href !== ""
    ? body.href
    : undefined;
}

function looksLikeSolution(body: unknown): boolean {
  return isRecord(body) &&
    (Array.isArray(body.tours) || isRecord(body.statistic) ||
      Array.isArray(body.unassigned));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
