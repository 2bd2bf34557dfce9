/**
 * `@ls/tour`: HERE Tour Planning v3 — {@linkcode solveTourPlanning} assigns
 * jobs (pickups and deliveries with time windows and demand) to a fleet of
 * vehicle types (shifts, capacity, skills, costs) and returns the tours,
 * synchronously or as an async job that is polled to completion.
 *
 * The problem types follow HERE's v3 problem JSON (`fleet: { types,
 * profiles }`, `plan: { jobs, relations }`), so a problem copied from HERE's
 * documentation works unchanged as plain objects. Input is validated before
 * anything is sent (a `ValueError` names the path of the offending value);
 * requests to the tour-planning host are spaced to HERE's 2 per second by
 * the `Client`.
 *
 * @example
 * ```ts ignore
 * import { Client } from "@ls/core";
 * import { solveTourPlanning } from "@ls/tour";
 *
 * const client = new Client({ apiKey: "<API_KEY>" });
 * const problem = JSON.parse(await Deno.readTextFile("problem.json"));
 * const res = await solveTourPlanning(client, { ...problem, isAsync: true });
 * console.log(res.statistic?.cost, res.unassigned.map((u) => u.jobId));
 * console.log(JSON.stringify(res.toGeoJSON()));
 * ```
 *
 * @module
 */

export * from "./problem.ts";
export * from "./problem_types.ts";
export * from "./solve_tour_planning.ts";
export * from "./tour_planning_response.ts";
