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
 * Runtimes: Deno, Node, browsers and edge runtimes (web-standard APIs only).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Client } from "@ls/core";
 * import { solveTourPlanning, timeWindow } from "@ls/tour";
 * import { SANDBOX_API_KEY, startSandbox } from "@ls/sandbox";
 * await using sandbox = await startSandbox();
 * const client = new Client({ apiKey: SANDBOX_API_KEY, baseUrl: sandbox.url });
 * const at = (lat: number, lng: number): [number, number] => [lat, lng];
 * const shift = { start: { time: "2024-05-01T08:00:00Z", location: at(52.53, 13.38) } };
 * const statuses: string[] = [];
 * const res = await solveTourPlanning(client, {
 *   fleet: {
 *     types: [{ id: "bike", profile: "bike", costs: { fixed: 0, distance: 0, time: 0.01 }, shifts: [shift], capacity: [3], amount: 1 }],
 *     profiles: [{ name: "bike", type: "bicycle" }],
 *   },
 *   plan: {
 *     jobs: ["a", "b"].map((id, i) => ({
 *       id,
 *       tasks: { pickups: [{ places: [{ location: at(52.5 + i / 50, 13.4), duration: 60, times: [timeWindow("2024-05-01T08:00:00Z", "2024-05-01T18:00:00Z")] }], demand: [1] }] },
 *     })),
 *   },
 *   async: true,
 * }, { poll: { initialDelayMs: 100 }, onProgress: (status) => statuses.push(status) });
 * assert.equal(statuses.at(-1), "success");
 * assert.equal(res.tours[0].vehicleId, "bike_1");
 * assert.equal(res.toGeoJSON().type, "FeatureCollection");
 * ```
 *
 * @module
 */

export * from "./problem_types.ts";
export * from "./solve_tour_planning.ts";
export * from "./time_window.ts";
export * from "./tour_planning_response.ts";
