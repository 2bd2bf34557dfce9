// Tour Planning v3: `POST /v3/problems` (sync), `POST /v3/problems/async`,
// `GET /v3/status/{id}` and `GET /v3/problems/{id}/solution`.

import {
  type Ctx,
  isNumber,
  isObject,
  json,
  readJson,
  routingError,
} from "./_http.ts";
import { type Gazetteer, loadGazetteer } from "./_gazetteer.ts";
import { matchPoint } from "./_network.ts";
import { checkQuery } from "./_routing_params.ts";
import { parseFleet } from "./_tour_fleet.ts";
import { fail, Invalid, Locations } from "./_tour_input.ts";
import { parseJobs, parseRelations } from "./_tour_jobs.ts";
import type { Problem } from "./_tour_problem.ts";
import { renderSolution } from "./_tour_render.ts";
import { Matcher, streetRow } from "./_streets_travel.ts";

/**
 * The largest problem solved: Tour Planning v2's documented async limits
 * (3,000 jobs, 150 vehicle types). v3's limits are unverified; sync
 * problems get the same bound, as the sandbox solves big ones without
 * stalling.
 */
const MAX_JOBS = 3000;
const MAX_VEHICLE_TYPES = 150;

/** Reads a problem definition; throws {@linkcode Invalid} with the cause. */
function parseProblem(body: unknown, g: Gazetteer): Problem {
  if (!isObject(body)) {
    fail("The body must be a JSON object with 'fleet' and 'plan'");
  }
  const { fleet, plan, configuration } = body as Record<string, unknown>;
  if (!isObject(fleet)) fail("'fleet' is required");
  if (!isObject(plan)) fail("'plan' is required");
  const f = fleet as Record<string, unknown>,
    pl = plan as Record<string, unknown>;
  if (!Array.isArray(f.profiles) || f.profiles.length === 0) {
    fail("'fleet.profiles' must be a non-empty array");
  }
  if (!Array.isArray(f.types) || f.types.length === 0) {
    fail("'fleet.types' must be a non-empty array");
  }
  if ((f.types as unknown[]).length > MAX_VEHICLE_TYPES) {
    fail(
      `'fleet.types' has ${
        (f.types as unknown[]).length
      } vehicle types; at most ${MAX_VEHICLE_TYPES} are allowed`,
    );
  }
  if (Array.isArray(pl.jobs) && pl.jobs.length > MAX_JOBS) {
    fail(
      `'plan.jobs' has ${pl.jobs.length} jobs; at most ${MAX_JOBS} are allowed`,
    );
  }

  const locations = new Locations();
  const { profiles, shifts, vehicleShifts, dims } = parseFleet(
    f,
    pl,
    locations,
  );
  const jobs = parseJobs(pl.jobs, dims, locations);
  parseRelations(pl.relations, jobs, vehicleShifts);

  // The search stops when it converges; this budget only cuts large problems short.
  let budget = 1000;
  if (
    isObject(configuration) && isObject(configuration.termination) &&
    isNumber(configuration.termination.maxTime)
  ) {
    budget = Math.max(
      50,
      Math.min(10_000, configuration.termination.maxTime * 1000),
    );
  }

  const points = locations.list;
  const matched = points.map((p) => matchPoint(g, p));
  // One search per (profile, location) gives the trips to every location.
  const streets = new Matcher(g);
  const rows = new Map<
    string,
    ({ distance: number; duration: number } | null)[]
  >();
  return {
    locations: points,
    profiles,
    shifts,
    jobs,
    timeBudgetMs: budget,
    travel(profile, a, b) {
      const ca = matched[a], cb = matched[b];
      if (!ca || !cb || g.landmass(ca) !== g.landmass(cb)) return undefined;
      const key = `${profile}:${a}`;
      let row = rows.get(key);
      if (!row) {
        row = streetRow(streets, points[a], points, profiles[profile]).map((
          t,
        ) =>
          typeof t === "string"
            ? null
            : { distance: t.distance, duration: t.duration }
        );
        rows.set(key, row);
      }
      return row[b] ?? undefined;
    },
  };
}

async function read(ctx: Ctx): Promise<Problem> {
  checkQuery(ctx.params);
  const body = await readJson(ctx, "E613001");
  const g = await loadGazetteer();
  try {
    return parseProblem(body, g);
  } catch (err) {
    if (err instanceof Invalid) {
      throw routingError(
        400,
        "E613002",
        "Invalid problem",
        err.message,
        "Fix the problem definition",
      );
    }
    throw err;
  }
}

/** `POST /v3/problems`: solved while other requests are answered meanwhile. */
export async function solveProblem(ctx: Ctx): Promise<Response> {
  return json(await renderSolution(await read(ctx), ctx.signal));
}

/** `POST /v3/problems/async`. */
export async function submitProblem(ctx: Ctx): Promise<Response> {
  const problem = await read(ctx);
  const id = ctx.state.addJob({
    kind: "tour",
    run: (signal) => renderSolution(problem, signal),
  });
  return json({ statusId: id, href: `${ctx.origin}/v3/status/${id}` }, 202);
}

function idFrom(ctx: Ctx, pattern: RegExp): string {
  return pattern.exec(ctx.url.pathname)![1];
}

/** `GET /v3/status/{id}`. */
export async function tourStatus(ctx: Ctx): Promise<Response> {
  const id = idFrom(ctx, /\/v3\/status\/([^/]+)/);
  const state = await ctx.state.jobState(id, "tour");
  if (!state) {
    throw routingError(
      404,
      "E613404",
      "Not found",
      `No tour planning job with id ${id}; it is unknown or expired`,
    );
  }
  if (state.state === "pending") {
    const elapsed = Date.now() - state.job.submittedAt;
    return json({
      status: elapsed < ctx.state.asyncDelayMs / 3 ? "pending" : "inProgress",
    });
  }
  if (state.state === "failed") {
    const cause = state.job.error instanceof Error
      ? state.job.error.message
      : String(state.job.error);
    return json({
      status: "failure",
      error: { title: "Tour planning failed", cause },
    });
  }
  return json({
    status: "success",
    resource: {
      type: "solution",
      href: `${ctx.origin}/v3/problems/${id}/solution`,
    },
  });
}

/** `GET /v3/problems/{id}/solution`. */
export async function tourSolution(ctx: Ctx): Promise<Response> {
  const id = idFrom(ctx, /\/v3\/problems\/([^/]+)\/solution/);
  const state = await ctx.state.jobState(id, "tour");
  if (!state || state.state !== "done") {
    throw routingError(
      404,
      "E613404",
      "Not found",
      `No solution for job ${id} (unknown, expired or not finished)`,
    );
  }
  return json(state.job.result);
}
