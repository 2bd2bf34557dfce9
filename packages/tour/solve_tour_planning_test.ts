import assert from "node:assert/strict";
import { ApiError, Client, type ClientOptions, TimeoutError } from "@ls/core";
import { assertValueError, hostRecordingClient } from "@ls/core/testing";
import { jsonReply, rejectsValueError } from "@ls/core/testing";
import { type RouteHandler, startTestServer } from "@ls/core/testing";
import { TEST_API_KEY as KEY, TEST_KEY_QUERY } from "@ls/core/testing";
import { testClient as loopbackClient } from "@ls/core/testing";
import type { TestServer } from "@ls/core/testing";
import docProblem from "./testdata/problem.json" with { type: "json" };
import solution from "./testdata/solution.json" with { type: "json" };
import type { PollOptions } from "@ls/core/internal";
import {
  buildTourPlanningProblem,
  buildTourPlanningRequest,
  SOLVE_TOUR_PLANNING_WIRE_NAMES,
  solveTourPlanning,
  type SolveTourPlanningOptions,
  type SolveTourPlanningParams,
  type TourPlanningProblemParams,
  TourPlanningResponse,
} from "./mod.ts";

/**
 * A client for the loopback server, without the tour-planning request
 * spacing (the spacing has its own test).
 */
function testClient(
  server: TestServer,
  extra: Partial<ClientOptions> = {},
): Client {
  return loopbackClient(server, {
    serviceRequestsPerSecond: { tourplanning: Infinity },
    ...extra,
  });
}

const SYNC = "POST /v3/problems";
const ASYNC = "POST /v3/problems/async";
const STATUS = "GET /v3/status/job-1";
const SOLUTION = "GET /v3/problems/job-1/solution";
const fast = { initialDelayMs: 1, maxDelayMs: 5, minDelayMs: 10 };

/** The cause of HERE's errors in these tests. */
const TRAFFIC_CAUSE = "Region radius is too big to include traffic information";

/** HERE's documented problem (imported JSON: its closed sets need a cast). */
function params(
  extra: Partial<SolveTourPlanningParams> = {},
): SolveTourPlanningParams {
  const { fleet, plan, objectives, configuration } = structuredClone(
    docProblem,
  ) as unknown as SolveTourPlanningParams;
  return { fleet, plan, objectives, configuration, ...extra };
}

/** solveTourPlanning with `poll` in its options, where it belongs. */
function solve(
  client: Client,
  p: SolveTourPlanningParams,
  poll: PollOptions,
  options: SolveTourPlanningOptions = {},
): Promise<TourPlanningResponse> {
  return solveTourPlanning(client, p, { ...options, poll });
}

/** HERE's answer accepting job `job-1`, whose status is on `server`. */
function acceptedJob(server: TestServer): RouteHandler {
  return jsonReply(202, {
    statusId: "job-1",
    href: `${server.url}/v3/status/job-1`,
  });
}

/** Routes of an async job whose status answers are `steps`. */
function asyncJob(
  server: TestServer,
  steps: RouteHandler[],
  submit: RouteHandler = acceptedJob(server),
): void {
  server.route(ASYNC, submit);
  server.route(STATUS, steps);
  server.route(SOLUTION, jsonReply(200, solution));
}

function success(server: TestServer): RouteHandler {
  return jsonReply(200, {
    status: "success",
    resource: { href: `${server.url}/v3/problems/job-1/solution` },
  });
}

Deno.test("solveTourPlanning sync: POST /v3/problems with the problem JSON → typed solution", async () => {
  await using server = await startTestServer();
  server.route(
    SYNC,
    jsonReply(200, solution, { "x-correlation-id": "corr-sync" }),
  );
  const res = await solveTourPlanning(
    testClient(server),
    params({ id: "berlin-2024-05-01", optimizationTraffic: "historicalOnly" }),
    { requestId: "req-1" },
  );
  assert.equal(server.requests.length, 1);
  const [req] = server.requests;
  assert.equal(req.method, "POST");
  assert.equal(req.path, "/v3/problems");
  assert.equal(req.rawQuery, TEST_KEY_QUERY);
  assert.equal(req.headers.get("content-type"), "application/json");
  assert.equal(req.headers.get("x-request-id"), "req-1");
  assert.deepEqual(req.body, {
    id: "berlin-2024-05-01",
    ...docProblem,
    configuration: {
      termination: { maxTime: 300, stagnationTime: 60 },
      optimizations: { traffic: "historicalOnly" },
    },
  });
  assert.ok(!req.bodyText.includes("null"));
  assert.ok(res instanceof TourPlanningResponse);
  assert.equal(res.correlationId, "corr-sync");
  assert.equal(res.problemId, "berlin-2024-05-01");
  assert.equal(res.tours.length, 2);
  assert.deepEqual(res.toJSON(), solution);
});

Deno.test("solveTourPlanning sync: HERE's error is an ApiError, not retried", async () => {
  await using server = await startTestServer();
  const body = { title: "Malformed request", status: 400, code: "E613429" };
  server.route(
    SYNC,
    jsonReply(400, {
      ...body,
      cause: TRAFFIC_CAUSE,
      action: "",
      correlationId: "c-613",
    }),
  );
  await assert.rejects(
    solveTourPlanning(
      testClient(server),
      params({ optimizationTraffic: "liveOrHistorical" }),
    ),
    (e) => {
      assert.ok(e instanceof ApiError);
      assert.equal(e.status, 400);
      assert.equal(e.code, "E613429");
      assert.equal(e.title, "Malformed request");
      assert.equal(e.detail, TRAFFIC_CAUSE);
      assert.equal(e.correlationId, "c-613");
      assert.ok(!e.message.includes(KEY));
      return true;
    },
  );
  assert.equal(server.requests.length, 1);
});

Deno.test("solveTourPlanning sync: a 500 is retried (solving is idempotent)", async () => {
  await using server = await startTestServer();
  server.route(SYNC, [
    jsonReply(500, { title: "Internal error" }),
    jsonReply(200, solution),
  ]);
  const res = await solveTourPlanning(testClient(server), params());
  assert.equal(res.tours.length, 2);
  assert.equal(server.requestsFor(SYNC).length, 2);
});

Deno.test("solveTourPlanning sync: a 202 with an href switches to polling", async () => {
  await using server = await startTestServer();
  server.route(SYNC, acceptedJob(server));
  server.route(STATUS, [
    jsonReply(200, { status: "inProgress" }),
    success(server),
  ]);
  server.route(SOLUTION, jsonReply(200, solution));
  const progress: string[] = [];
  const res = await solve(
    testClient(server),
    params(),
    fast,
    { onProgress: (s) => progress.push(s) },
  );
  assert.equal(res.problemId, "berlin-2024-05-01");
  assert.deepEqual(progress, ["inProgress", "success"]);
  assert.deepEqual(server.requests.map((r) => `${r.method} ${r.path}`), [
    SYNC,
    STATUS,
    STATUS,
    SOLUTION,
  ]);
});

Deno.test("solveTourPlanning async: submit → status href → resource.href → solution, statuses reported", async () => {
  await using server = await startTestServer();
  asyncJob(server, [
    jsonReply(200, { status: "pending" }),
    jsonReply(200, { status: "inProgress" }),
    jsonReply(200, { status: "inProgress" }),
    jsonReply(200, { status: "somethingNew" }),
    success(server),
  ]);
  const progress: string[] = [];
  const res = await solve(
    testClient(server),
    params({ async: true }),
    fast,
    { onProgress: (s) => progress.push(s) },
  );
  assert.deepEqual(progress, [
    "pending",
    "inProgress",
    "somethingNew",
    "success",
  ]);
  assert.deepEqual(server.requests.map((r) => `${r.method} ${r.path}`), [
    ASYNC,
    STATUS,
    STATUS,
    STATUS,
    STATUS,
    STATUS,
    SOLUTION,
  ]);
  const [submit, ...rest] = server.requests;
  assert.deepEqual(submit.body, docProblem);
  assert.equal(submit.rawQuery, TEST_KEY_QUERY);
  for (const r of rest) {
    // The same credential on every poll and the download; no body, no content type.
    assert.equal(r.rawQuery, TEST_KEY_QUERY);
    assert.equal(r.bodyText, "");
    assert.equal(r.headers.get("content-type"), null);
  }
  assert.ok(res instanceof TourPlanningResponse);
  assert.deepEqual(res.toJSON(), solution);
  assert.deepEqual(res.unassigned.map((u) => u.jobId), ["job-2"]);
});

Deno.test("solveTourPlanning async: a failed job is an ApiError carrying HERE's error", async () => {
  await using server = await startTestServer();
  const error = {
    title: "Problem could not be solved",
    cause: TRAFFIC_CAUSE,
    code: "E613429",
  };
  asyncJob(server, [
    jsonReply(200, { status: "inProgress" }),
    jsonReply(200, { status: "failure", error }),
  ]);
  const progress: string[] = [];
  await assert.rejects(
    solve(
      testClient(server),
      params({ async: true }),
      fast,
      { onProgress: (s) => progress.push(s) },
    ),
    (e) => {
      assert.ok(e instanceof ApiError);
      assert.equal(e.title, "Problem could not be solved");
      assert.equal(e.detail, TRAFFIC_CAUSE);
      assert.equal(e.code, "E613429");
      assert.ok(!e.message.includes(KEY));
      assert.ok(!e.url.includes(KEY));
      return true;
    },
  );
  assert.deepEqual(progress, ["inProgress", "failure"]);
  assert.equal(server.requestsFor(SOLUTION).length, 0);
});

Deno.test("solveTourPlanning async: 'failure' without an error object, and an error without a status, both end the job", async () => {
  for (
    const [body, title] of [
      [{ status: "failure" }, "Async job failed with status failure"],
      [{ error: { title: "Job expired", cause: "gone" } }, "Job expired"],
      [
        { status: "success" },
        "Tour planning reported success without a solution href",
      ],
    ] as const
  ) {
    await using server = await startTestServer();
    asyncJob(server, [jsonReply(200, body)]);
    await assert.rejects(
      solve(
        testClient(server),
        params({ async: true }),
        fast,
      ),
      (e) => e instanceof ApiError && e.title === title,
    );
    assert.equal(server.requestsFor(STATUS).length, 1);
  }
});

Deno.test("solveTourPlanning async: a job that never finishes ends at the deadline", async () => {
  await using server = await startTestServer();
  asyncJob(server, [jsonReply(200, { status: "inProgress" })]);
  await assert.rejects(
    solveTourPlanning(
      testClient(server),
      params({ async: true }),
      {
        deadlineMs: 150,
        // A floor that fits before the deadline (the default 250 ms does not).
        poll: { initialDelayMs: 5, maxDelayMs: 10, minDelayMs: 10 },
      },
    ),
    (e) =>
      e instanceof TimeoutError &&
      /did not finish within \d+ ms; last status inProgress/.test(e.message),
  );
  assert.ok(server.requestsFor(STATUS).length >= 1);
  assert.equal(server.requestsFor(SOLUTION).length, 0);
});

Deno.test("solveTourPlanning async: abort mid-poll rejects with the signal's reason", async () => {
  await using server = await startTestServer();
  asyncJob(server, [jsonReply(200, { status: "inProgress" })]);
  const ctl = new AbortController();
  const reason = new Error("user cancelled");
  const progress: string[] = [];
  const p = solve(
    testClient(server),
    params({ async: true }),
    { initialDelayMs: 10, maxDelayMs: 10 },
    {
      signal: ctl.signal,
      onProgress: (s) => {
        progress.push(s);
        ctl.abort(reason); // abort once the job is known to be running
      },
    },
  );
  await assert.rejects(p, (e) => e === reason);
  assert.deepEqual(progress, ["inProgress"]);
  assert.equal(server.requestsFor(SOLUTION).length, 0);
});

Deno.test("solveTourPlanning async: an aborted signal sends nothing", async () => {
  await using server = await startTestServer();
  asyncJob(server, [success(server)]);
  const reason = new Error("too late");
  await assert.rejects(
    solveTourPlanning(
      testClient(server),
      params({ async: true }),
      { signal: AbortSignal.abort(reason) },
    ),
    (e) => e === reason,
  );
  assert.equal(server.requests.length, 0);
});

Deno.test("solveTourPlanning async: a status URL answering 503 for a while recovers", async () => {
  await using server = await startTestServer();
  asyncJob(server, [
    jsonReply(503, { title: "Service unavailable" }),
    jsonReply(503, { title: "Service unavailable" }),
    jsonReply(429, { title: "Too many requests" }, { "retry-after": "0" }),
    jsonReply(200, { status: "inProgress" }),
    success(server),
  ]);
  const res = await solve(
    testClient(server),
    params({ async: true }),
    fast,
  );
  assert.equal(res.tours.length, 2);
  assert.equal(server.requestsFor(STATUS).length, 5);
});

Deno.test("solveTourPlanning async: a solution that breaks off mid-body is downloaded again", async () => {
  await using server = await startTestServer();
  asyncJob(server, [() => "drop", success(server)]);
  server.route(SOLUTION, [() => "drop", jsonReply(200, solution)]);
  const res = await solve(
    testClient(server),
    params({ async: true }),
    fast,
  );
  assert.deepEqual(res.toJSON(), solution);
  assert.equal(server.requestsFor(STATUS).length, 2);
  assert.equal(server.requestsFor(SOLUTION).length, 2);
});

Deno.test("solveTourPlanning async: a solution on another host gets no credentials", async () => {
  await using server = await startTestServer();
  await using storage = await startTestServer();
  asyncJob(server, [
    jsonReply(200, {
      status: "success",
      resource: { href: `${storage.url}/solutions/job-1.json?sig=abc` },
    }),
  ]);
  storage.route("GET /solutions/job-1.json", jsonReply(200, solution));
  const res = await solve(
    testClient(server),
    params({ async: true }),
    fast,
  );
  assert.equal(res.problemId, "berlin-2024-05-01");
  assert.equal(storage.requests.length, 1);
  assert.equal(storage.requests[0].rawQuery, "sig=abc");
  assert.equal(storage.requests[0].headers.get("authorization"), null);
  assert.equal(server.requestsFor(STATUS)[0].query.get("apiKey"), KEY);
});

Deno.test("solveTourPlanning async: the submit is retried on 503 only, never on 500", async () => {
  {
    await using server = await startTestServer();
    asyncJob(server, [success(server)], jsonReply(500, { title: "Oops" }));
    await assert.rejects(
      solveTourPlanning(testClient(server), params({ async: true })),
      (e) => e instanceof ApiError && e.status === 500,
    );
    assert.equal(server.requestsFor(ASYNC).length, 1);
  }
  {
    await using server = await startTestServer();
    server.route(ASYNC, [jsonReply(503, {}), acceptedJob(server)]);
    server.route(STATUS, success(server));
    server.route(SOLUTION, jsonReply(200, solution));
    const res = await solve(
      testClient(server),
      params({ async: true }),
      fast,
    );
    assert.equal(res.tours.length, 2);
    assert.equal(server.requestsFor(ASYNC).length, 2);
  }
});

Deno.test("solveTourPlanning async: a submit answer without href is an ApiError", async () => {
  await using server = await startTestServer();
  asyncJob(server, [success(server)], jsonReply(202, { statusId: "job-1" }));
  await assert.rejects(
    solveTourPlanning(testClient(server), params({ async: true })),
    (e) =>
      e instanceof ApiError && e.status === 202 &&
      /without a status href/.test(e.message) && !e.url.includes(KEY),
  );
  assert.equal(server.requests.length, 1);
});

Deno.test("solveTourPlanning: invalid input is a ValueError, and nothing is sent", async () => {
  await using server = await startTestServer();
  server.route(SYNC, jsonReply(200, solution));
  const client = testClient(server);
  const bad: [SolveTourPlanningParams, string][] = [
    [
      params({ optimizationTraffic: "sometimes" as never }),
      "optimizationTraffic",
    ],
    [params({ async: "yes" as never }), "async"],
  ];
  await rejectsValueError(
    solve(client, params(), { initialDelayMs: -1 }),
    "poll.initialDelayMs",
  );
  const noTasks = params();
  (noTasks.plan.jobs[0] as { tasks: unknown }).tasks = { pickups: [] };
  bad.push([noTasks, "plan.jobs[0].tasks"]);
  for (const [p, parameter] of bad) {
    await rejectsValueError(solveTourPlanning(client, p), parameter);
  }
  await rejectsValueError(
    solve(client, params({ async: true }), fast, {
      onProgress: "log" as never,
    }),
    "onProgress",
  );
  assert.equal(server.requests.length, 0);
});

Deno.test("solveTourPlanning: goes to https://tourplanning.hereapi.com and follows HERE's hrefs with the key", async () => {
  await using server = await startTestServer();
  const here = "https://tourplanning.hereapi.com";
  asyncJob(
    server,
    [jsonReply(200, {
      status: "success",
      resource: { href: `${here}/v3/problems/job-1/solution` },
    })],
    jsonReply(202, { statusId: "job-1", href: `${here}/v3/status/job-1` }),
  );
  const seen: string[] = [];
  const client = hostRecordingClient(server, seen, {
    serviceRequestsPerSecond: { tourplanning: Infinity },
  });
  await solve(client, params({ async: true }), fast);
  assert.deepEqual(seen, [
    `${here}/v3/problems/async?${TEST_KEY_QUERY}`,
    `${here}/v3/status/job-1?${TEST_KEY_QUERY}`,
    `${here}/v3/problems/job-1/solution?${TEST_KEY_QUERY}`,
  ]);
  assert.deepEqual(server.requests.map((r) => r.method), [
    "POST",
    "GET",
    "GET",
  ]);
  for (const r of server.requests) assert.equal(r.query.get("apiKey"), KEY);
});

Deno.test("solveTourPlanning: requests to the tour-planning host are spaced to 2 per second by default", async () => {
  await using server = await startTestServer();
  const arrivals: number[] = [];
  server.route(SYNC, () => {
    arrivals.push(performance.now());
    return Response.json(solution);
  });
  const client = new Client({ apiKey: KEY, baseUrl: server.url });
  const results = await Promise.all(
    Array.from({ length: 5 }, () => solveTourPlanning(client, params())),
  );
  assert.equal(results.length, 5);
  assert.equal(arrivals.length, 5);
  for (let i = 1; i < arrivals.length; i++) {
    const gap = arrivals[i] - arrivals[i - 1];
    assert.ok(gap >= 450, `requests ${i - 1} and ${i} only ${gap} ms apart`);
  }

  // Polls and the download count too.
  const asyncArrivals: number[] = [];
  const stamp = (h: RouteHandler): RouteHandler => (req, n, signal) => {
    asyncArrivals.push(performance.now());
    return h(req, n, signal);
  };
  server.route(
    ASYNC,
    stamp(jsonReply(202, { href: `${server.url}/v3/status/job-1` })),
  );
  server.route(STATUS, stamp(success(server)));
  server.route(SOLUTION, stamp(jsonReply(200, solution)));
  await solve(
    client,
    params({ async: true }),
    { initialDelayMs: 0 },
  );
  assert.equal(asyncArrivals.length, 3);
  for (let i = 1; i < asyncArrivals.length; i++) {
    assert.ok(asyncArrivals[i] - asyncArrivals[i - 1] >= 450);
  }
});

Deno.test("solveTourPlanning: serviceRequestsPerSecond { tourplanning: Infinity } lifts the spacing", async () => {
  await using server = await startTestServer();
  server.route(SYNC, jsonReply(200, solution));
  const client = new Client({
    apiKey: KEY,
    baseUrl: server.url,
    serviceRequestsPerSecond: { tourplanning: Infinity },
  });
  const results = await Promise.all(
    Array.from({ length: 5 }, () => solveTourPlanning(client, params())),
  );
  assert.deepEqual(results.map((r) => r.tours.length), [2, 2, 2, 2, 2]);
  assert.equal(server.requests.length, 5);
});

// ------------------------------------------------------------ the request

Deno.test("buildTourPlanningRequest: sync and async requests, the problem as body", () => {
  const sync = buildTourPlanningRequest(params());
  assert.equal(sync.service, "tourplanning");
  assert.equal(sync.method, "POST");
  assert.equal(sync.path, "/v3/problems");
  assert.deepEqual(sync.expect, [200, 202]);
  assert.equal(sync.retry, "idempotent");
  assert.deepEqual(sync.body, docProblem);
  const async = buildTourPlanningRequest(params({ async: true }));
  assert.equal(async.path, "/v3/problems/async");
  assert.equal(async.retry, "submit");
  assert.deepEqual(async.body, docProblem);
  assert.equal(async.query, undefined);
});

Deno.test("buildTourPlanningRequest: an unknown parameter is a ValueError naming the one meant", () => {
  const error = assertValueError(
    () =>
      buildTourPlanningRequest({
        ...params(),
        asnyc: true,
      } as SolveTourPlanningParams),
    "asnyc",
  );
  assert.match(
    error.message,
    /is not a parameter of solveTourPlanning; did you mean "async"\?/,
  );
  assertValueError(
    () => buildTourPlanningRequest(params({ async: "yes" as never })),
    "async",
  );
});

Deno.test("buildTourPlanningProblem: async and poll belong to solveTourPlanning", () => {
  const error = assertValueError(
    () => buildTourPlanningProblem({ ...params(), async: true } as never),
    "async",
  );
  assert.match(error.message, /it belongs to solveTourPlanning/);
  const poll = assertValueError(
    () => buildTourPlanningRequest({ ...params(), poll: fast } as never),
    "poll",
  );
  assert.match(poll.message, /it belongs to the options \(options.poll\)/);
});

Deno.test("solveTourPlanning: an unknown poll option is a ValueError before any request", async () => {
  await using server = await startTestServer();
  const error = await rejectsValueError(
    solve(
      testClient(server),
      params({ async: true }),
      { initalDelayMs: 5 } as never,
    ),
    "poll.initalDelayMs",
  );
  assert.match(error.message, /did you mean "poll.initialDelayMs"\?/);
  await rejectsValueError(
    solve(testClient(server), params(), [] as never),
    "poll",
  );
  assert.equal(server.requests.length, 0);
});

Deno.test("SOLVE_TOUR_PLANNING_WIRE_NAMES: each HERE or seed name is refused with ours suggested, before any request", async () => {
  await using server = await startTestServer();
  server.route(SYNC, jsonReply(200, solution));
  assert.ok(Object.keys(SOLVE_TOUR_PLANNING_WIRE_NAMES).length > 0);
  for (
    const [wireName, ourName] of Object.entries(SOLVE_TOUR_PLANNING_WIRE_NAMES)
  ) {
    const error = await rejectsValueError(
      solveTourPlanning(
        testClient(server),
        { ...params(), [wireName]: true } as SolveTourPlanningParams,
      ),
      wireName,
    );
    // The wording is core's checkKeys'; either form names our parameter.
    assert.match(
      error.message,
      new RegExp(`did you mean "${ourName}"|is "${ourName}" here`),
    );
  }
  assert.equal(server.requests.length, 0);
});

type DocProblem = Required<
  Pick<
    TourPlanningProblemParams,
    "fleet" | "plan" | "objectives" | "configuration"
  >
>;

/**
 * A fresh deep copy of HERE's documented problem, for mutation. Imported
 * JSON widens every string, so its closed sets (profile types, objectives)
 * need a cast.
 */
function doc(): DocProblem {
  return structuredClone(docProblem) as unknown as DocProblem;
}

Deno.test("buildTourPlanningProblem: HERE's documented v3 problem (imported JSON) goes out unchanged", () => {
  const { fleet, plan, objectives, configuration } = doc();
  const problem = buildTourPlanningProblem({
    fleet,
    plan,
    objectives,
    configuration,
  });
  // Nothing is dropped or re-shaped.
  assert.deepEqual(problem, docProblem);
});

Deno.test("buildTourPlanningProblem: fields not modelled go in extra, merged into their object; id leads the body", () => {
  const { fleet, plan } = doc();
  const withExtras = {
    ...plan,
    jobs: [{ ...plan.jobs[0], extra: { customerId: "c-17" } }, plan.jobs[1]],
  };
  const problem = buildTourPlanningProblem({
    id: "berlin-2024-05-01",
    fleet: { ...fleet, extra: { traffic: "liveOrHistorical" } },
    plan: withExtras,
  });
  assert.deepEqual(Object.keys(problem), ["id", "fleet", "plan"]);
  assert.equal(Reflect.get(problem.plan.jobs[0], "customerId"), "c-17");
  assert.equal("extra" in problem.plan.jobs[0], false);
  assert.equal(Reflect.get(problem.fleet, "traffic"), "liveOrHistorical");
});

Deno.test("buildTourPlanningProblem: a misspelled field is refused, and extra may not repeat a modelled one", () => {
  const { fleet, plan } = doc();
  const job = plan.jobs[0];
  assertValueError(
    () =>
      buildTourPlanningProblem({
        fleet,
        plan: { jobs: [{ ...job, priorty: 1 } as never] },
      }),
    "plan.jobs[0].priorty",
  );
  assertValueError(
    () =>
      buildTourPlanningProblem({
        fleet,
        plan: { jobs: [{ ...job, extra: { priority: 1 } }] },
      }),
    "plan.jobs[0].extra.priority",
  );
});

// A response's position, with a key a point does not need.
const POSITION = { lat: 52.53, lng: 13.39, elv: 5 };

Deno.test("buildTourPlanningProblem: locations take any point and go out as { lat, lng }", () => {
  const { fleet, plan } = doc();
  const type = fleet.types[0];
  const task = plan.jobs[0].tasks.deliveries![0];
  const problem = buildTourPlanningProblem({
    fleet: {
      ...fleet,
      types: [{
        ...type,
        shifts: [{
          start: { time: "2024-05-01T08:00:00Z", location: [52.5, 13.4] },
          end: {
            time: "2024-05-01T17:00:00Z",
            location: { type: "Point", coordinates: [13.4, 52.5] },
          },
        }],
      }, ...fleet.types.slice(1)],
    },
    plan: {
      jobs: [{
        id: "j",
        tasks: {
          deliveries: [{
            ...task,
            places: [{
              location: {
                type: "Feature",
                properties: null,
                geometry: { type: "Point", coordinates: [13.38, 52.52] },
              },
              duration: 60,
            }, { location: POSITION, duration: 60 }],
          }],
        },
      }],
    },
  });
  const shift = problem.fleet.types[0].shifts[0];
  assert.deepEqual(shift.start.location, { lat: 52.5, lng: 13.4 });
  assert.deepEqual(shift.end!.location, { lat: 52.5, lng: 13.4 });
  const places = problem.plan.jobs[0].tasks.deliveries![0].places;
  assert.deepEqual(places.map((p) => p.location), [
    { lat: 52.52, lng: 13.38 },
    { lat: 52.53, lng: 13.39 },
  ]);
});

Deno.test("buildTourPlanningProblem: traffic and waiting time go into configuration.optimizations, each on its own", () => {
  const { fleet, plan } = doc();
  const base = { fleet, plan };
  assert.equal("configuration" in buildTourPlanningProblem(base), false);
  assert.deepEqual(
    buildTourPlanningProblem({ ...base, optimizationTraffic: "automatic" })
      .configuration,
    { optimizations: { traffic: "automatic" } },
  );
  // Waiting time without traffic is sent (the reference client dropped it).
  assert.deepEqual(
    buildTourPlanningProblem({
      ...base,
      optimizationWaitingTime: { reduce: true, bufferTime: 900 },
    }).configuration,
    { optimizations: { waitingTime: { reduce: true, bufferTime: 900 } } },
  );
  assert.deepEqual(
    buildTourPlanningProblem({
      ...base,
      configuration: { termination: { maxTime: 30 } },
      optimizationTraffic: "liveOrHistorical",
      optimizationWaitingTime: { reduce: false },
    }).configuration,
    {
      termination: { maxTime: 30 },
      optimizations: {
        traffic: "liveOrHistorical",
        waitingTime: { reduce: false },
      },
    },
  );
  // Empty objects are left out.
  const empty = buildTourPlanningProblem({
    ...base,
    configuration: { optimizations: {} },
    optimizationWaitingTime: {},
    objectives: [],
  });
  assert.deepEqual(Object.keys(empty), ["fleet", "plan"]);
  assert.ok(!JSON.stringify(empty).includes("null"));
});

// Mutations reach deep into the documented problem; typing each path adds nothing.
// deno-lint-ignore no-explicit-any
type Loose = any;
type Mutate = (p: Loose) => void;

Deno.test("buildTourPlanningProblem: every rule is a ValueError naming the path", () => {
  const cases: [string, Mutate, string, RegExp][] = [
    [
      "a job with neither pickups nor deliveries",
      (p) => {
        p.plan.jobs[0].tasks = {};
      },
      "plan.jobs[0].tasks",
      /^Invalid plan\.jobs\[0\]\.tasks: must have at least one pickup or delivery, got \{\}$/,
    ],
    [
      "empty pickup and delivery lists",
      (p) => {
        p.plan.jobs[1].tasks = {
          pickups: [],
          deliveries: [],
        };
      },
      "plan.jobs[1].tasks",
      /at least one pickup or delivery/,
    ],
    [
      "a duplicate job id",
      (p) => {
        p.plan.jobs[1].id = "job-1";
      },
      "plan.jobs[1].id",
      /must be unique, plan\.jobs\[0\]\.id is the same, got "job-1"/,
    ],
    [
      "a duplicate vehicle type id",
      (p) => {
        p.fleet.types.push({ ...p.fleet.types[0] });
      },
      "fleet.types[1].id",
      /must be unique, fleet\.types\[0\]\.id is the same, got "smallVan"/,
    ],
    [
      "a duplicate profile name",
      (p) => {
        p.fleet.profiles.push({ name: "car_profile", type: "truck" });
      },
      "fleet.profiles[1].name",
      /must be unique/,
    ],
    [
      "a profile referenced but not defined",
      (p) => {
        p.fleet.types[0].profile = "truck_profile";
      },
      "fleet.types[0].profile",
      /must name a profile defined in fleet\.profiles \("car_profile"\), got "truck_profile"/,
    ],
    [
      "a place time window that ends before it starts",
      (p) => {
        const place = p.plan.jobs[0].tasks.deliveries[0].places[0];
        place.times = [["2024-05-01T12:00:00Z", "2024-05-01T09:00:00Z"]];
      },
      "plan.jobs[0].tasks.deliveries[0].places[0].times[0]",
      /must not end before it starts/,
    ],
    [
      "a window that only looks ordered (offsets differ)",
      (p) => {
        const place = p.plan.jobs[0].tasks.deliveries[0].places[0];
        place.times = [["2024-05-01T09:00:00Z", "2024-05-01T10:00:00+02:00"]];
      },
      "plan.jobs[0].tasks.deliveries[0].places[0].times[0]",
      /must not end before it starts/,
    ],
    [
      "a break window that ends before it starts",
      (p) => {
        const shift = p.fleet.types[0].shifts[0];
        shift.breaks[0].times = [[
          "2024-05-01T13:00:00Z",
          "2024-05-01T11:30:00Z",
        ]];
      },
      "fleet.types[0].shifts[0].breaks[0].times[0]",
      /must not end before it starts/,
    ],
    [
      "a shift that ends before it starts",
      (p) => {
        p.fleet.types[0].shifts[0].end.time = "2024-05-01T07:00:00Z";
      },
      "fleet.types[0].shifts[0].end.time",
      /must not be before start\.time/,
    ],
    [
      "a time window with three entries",
      (p) => {
        const place = p.plan.jobs[0].tasks.deliveries[0].places[0];
        place.times = [[
          "2024-05-01T09:00:00Z",
          "2024-05-01T10:00:00Z",
          "2024-05-01T11:00:00Z",
        ]];
      },
      "plan.jobs[0].tasks.deliveries[0].places[0].times[0]",
      /must be a \[start, end\] pair of RFC 3339 date-times/,
    ],
    [
      "a time without an offset",
      (p) => {
        p.fleet.types[0].shifts[0].start.time = "2024-05-01T08:00:00";
      },
      "fleet.types[0].shifts[0].start.time",
      /RFC 3339 date-time with an offset/,
    ],
    [
      "demand of another dimension than capacity",
      (p) => {
        p.plan.jobs[1].tasks.pickups[0].demand = [
          1,
          2,
        ];
      },
      "plan.jobs[1].tasks.pickups[0].demand",
      /must have 1 dimension like the vehicle capacity, got \[1,2\]/,
    ],
    [
      "vehicle types of different capacity dimensions",
      (p) => {
        p.fleet.types.push({
          ...p.fleet.types[0],
          id: "bigVan",
          capacity: [10, 5],
        });
      },
      "fleet.types[1].capacity",
      /must have 1 dimension like fleet\.types\[0\]\.capacity/,
    ],
    [
      "a fractional capacity",
      (p) => {
        p.fleet.types[0].capacity = [2.5];
      },
      "fleet.types[0].capacity[0]",
      /non-negative integer/,
    ],
    [
      "no vehicle",
      (p) => {
        p.fleet.types[0].amount = 0;
      },
      "fleet.types[0].amount",
      /positive integer/,
    ],
    [
      "no shifts",
      (p) => {
        p.fleet.types[0].shifts = [];
      },
      "fleet.types[0].shifts",
      /at least 1 shift/,
    ],
    [
      "a missing costs object",
      (p) => {
        delete p.fleet.types[0].costs;
      },
      "fleet.types[0].costs",
      /is required/,
    ],
    [
      "a bad location",
      (p) => {
        const place = p.plan.jobs[0].tasks.deliveries[0].places[0];
        place.location = { lat: 95, lng: 13.38 };
      },
      "plan.jobs[0].tasks.deliveries[0].places[0].location.lat",
      /latitude from -90 to 90, got 95/,
    ],
    [
      "a negative duration",
      (p) => {
        p.plan.jobs[1].tasks.pickups[0].places[0]
          .duration = -1;
      },
      "plan.jobs[1].tasks.pickups[0].places[0].duration",
      /non-negative number/,
    ],
    [
      "a task without places",
      (p) => {
        p.plan.jobs[1].tasks.pickups[0].places = [];
      },
      "plan.jobs[1].tasks.pickups[0].places",
      /at least 1 place/,
    ],
    [
      "skills: null (never sent)",
      (p) => {
        p.fleet.types[0].skills = null;
      },
      "fleet.types[0].skills",
      /must be an array of strings/,
    ],
    [
      "a relation to a vehicle beyond the type's amount",
      (p) => {
        p.plan.relations[0].vehicleId = "smallVan_3";
      },
      "plan.relations[0].vehicleId",
      /<typeId>_<n> of fleet\.types, n from 1 to its amount, got "smallVan_3"/,
    ],
    [
      "a relation to an unknown vehicle type",
      (p) => {
        p.plan.relations[0].vehicleId = "bigVan_1";
      },
      "plan.relations[0].vehicleId",
      /<typeId>_<n>/,
    ],
    [
      "a relation naming a type, not a vehicle",
      (p) => {
        p.plan.relations[0].vehicleId = "smallVan";
      },
      "plan.relations[0].vehicleId",
      /<typeId>_<n>/,
    ],
    [
      "truck options on a car profile",
      (p) => {
        p.fleet.profiles[0].options = {
          grossWeight: 12000,
        };
      },
      "fleet.profiles[0].options.grossWeight",
      /is a truck option; it needs type "truck", got "car"/,
    ],
    [
      "allowHighway on a car profile",
      (p) => {
        p.fleet.profiles[0].options = {
          allowHighway: true,
        };
      },
      "fleet.profiles[0].options.allowHighway",
      /is a scooter option; it needs type "scooter"/,
    ],
    [
      "an optimizationTraffic outside the three values",
      (p) => {
        p.optimizationTraffic = "live";
      },
      "optimizationTraffic",
      /^Invalid optimizationTraffic: must be one of "liveOrHistorical", "historicalOnly", "automatic", got "live"$/,
    ],
    [
      "traffic given twice",
      (p) => {
        p.optimizationTraffic = "automatic";
        p.configuration = { optimizations: { traffic: "historicalOnly" } };
      },
      "optimizationTraffic",
      /give it once/,
    ],
    [
      "a negative buffer time",
      (p) => {
        p.optimizationWaitingTime = { reduce: true, bufferTime: -5 };
      },
      "optimizationWaitingTime.bufferTime",
      /non-negative integer/,
    ],
    [
      "an empty problem id",
      (p) => {
        p.id = "";
      },
      "id",
      /non-empty string/,
    ],
    [
      "an objective without a type",
      (p) => {
        p.objectives = [{ action: "maximize" }];
      },
      "objectives[0].type",
      /must be one of "minimizeUnassigned", .*, got undefined$/,
    ],
    [
      "a misspelled objective",
      (p) => {
        p.objectives = [{ type: "minimiseCost" }];
      },
      "objectives[0].type",
      /must be one of "minimizeUnassigned", "optimizeTourCount", "minimizeCost", .*, got "minimiseCost"$/,
    ],
    [
      "a profile type outside the set",
      (p) => {
        p.fleet.profiles[0].type = "van";
      },
      "fleet.profiles[0].type",
      /must be one of "car", "truck", "scooter", "bicycle", "pedestrian", got "van"/,
    ],
    [
      "routing's avoid feature name on a tour profile",
      (p) => {
        p.fleet.profiles[0].avoid = { features: ["controlledAccessHighway"] };
      },
      "fleet.profiles[0].avoid.features[0]",
      /must be one of "tollRoad", "motorway", "ferry", "tunnel", "dirtRoad"/,
    ],
    [
      "a car mode outside the set",
      (p) => {
        p.fleet.profiles[0].mode = "fastest";
      },
      "fleet.profiles[0].mode",
      /must be one of "fast", "short", got "fastest"/,
    ],
    [
      "a relation type outside the set",
      (p) => {
        p.plan.relations[0].type = "strict";
      },
      "plan.relations[0].type",
      /must be one of "sequence", "tour", "flexible"/,
    ],
    [
      "a misspelled place field",
      (p) => {
        p.plan.jobs[0].tasks.deliveries[0].places[0].durration = 1;
      },
      "plan.jobs[0].tasks.deliveries[0].places[0].durration",
      /is not a known option/,
    ],
    [
      "a location in GeoJSON order as an array",
      (p) => {
        p.plan.jobs[0].tasks.deliveries[0].places[0].location = [139.7, 35.6];
      },
      "plan.jobs[0].tasks.deliveries[0].places[0].location",
      /latitude 139.7 is out of range: arrays are \[lat, lng\]/,
    ],
    [
      "a location that is a GeoJSON LineString",
      (p) => {
        p.fleet.types[0].shifts[0].start.location = {
          type: "LineString",
          coordinates: [[13.4, 52.5], [13.5, 52.6]],
        };
      },
      "fleet.types[0].shifts[0].start.location",
      /got a GeoJSON LineString/,
    ],
    [
      "a location { lat } alone",
      (p) => {
        p.fleet.types[0].shifts[0].start.location = { lat: 52.5 };
      },
      "fleet.types[0].shifts[0].start.location.lng",
      /is required/,
    ],
    [
      "extra that is not an object",
      (p) => {
        p.plan.extra = 5;
      },
      "plan.extra",
      /must be an object/,
    ],
    [
      "a missing fleet",
      (p) => {
        delete p.fleet;
      },
      "fleet",
      /is required/,
    ],
    [
      "no jobs",
      (p) => {
        p.plan.jobs = [];
      },
      "plan.jobs",
      /at least 1 job/,
    ],
    [
      "a task without demand (tour.md: required)",
      (p) => {
        delete p.plan.jobs[1].tasks.pickups[0].demand;
      },
      "plan.jobs[1].tasks.pickups[0].demand",
      /is required/,
    ],
    [
      "a BigInt in a field sent as given",
      (p) => {
        p.fleet.types[0].costs.extra = { toll: 10n };
      },
      "fleet.types[0].costs.extra.toll",
      /must not be a BigInt/,
    ],
    [
      "a cycle in a field sent as given",
      (p) => {
        p.plan.jobs[0].extra = { note: p.plan };
      },
      "plan.jobs[0].extra.note",
      /must not contain itself/,
    ],
    [
      "an unknown profile among many long names: the rule stays short",
      (p) => {
        const long = "p".repeat(100_000);
        for (let i = 0; i < 5; i++) {
          p.fleet.profiles.push({ name: `${long}${i}`, type: "car" });
        }
        p.fleet.types[0].profile = long;
      },
      "fleet.types[0].profile",
      /^.{0,400}, … 6 in all\), got a string of 100000 characters$/,
    ],
  ];
  for (const [name, mutate, parameter, message] of cases) {
    const { fleet, plan } = doc();
    const params: Loose = { fleet, plan };
    mutate(params);
    const err = assertValueError(
      () => buildTourPlanningProblem(params as TourPlanningProblemParams),
      parameter,
    );
    assert.match(err.message, message, `${name}: ${err.message}`);
  }
});

Deno.test("buildTourPlanningProblem: an unknown parameter is a ValueError naming the one meant", () => {
  const { fleet, plan } = doc();
  const error = assertValueError(
    () =>
      buildTourPlanningProblem(
        { fleet, plan, objectivs: [] } as TourPlanningProblemParams,
      ),
    "objectivs",
  );
  assert.match(error.message, /did you mean "objectives"\?/);
});
