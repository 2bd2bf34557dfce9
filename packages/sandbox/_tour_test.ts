import assert from "node:assert/strict";
import type { LatLngLike } from "./geodesy.ts";
import { SANDBOX_API_KEY } from "./handler.ts";
import { type Sandbox, startSandbox } from "./sandbox.ts";
import VAN_TYPE from "./testdata/van_type.json" with { type: "json" };
import { call, received, routeSummary } from "./_test_sandbox.ts";

// deno-lint-ignore no-explicit-any
type Json = any;

const DEPOT = { lat: 52.52, lng: 13.405 };
const T = (h: number, m = 0) =>
  new Date(Date.UTC(2024, 4, 1, h, m)).toISOString().replace(".000", "");

/** A vehicle type of two vans (capacity 10) on an 08:00–18:00 shift from DEPOT. */
function vanType(extra: Json = {}): Json {
  return { ...structuredClone(VAN_TYPE), ...extra };
}

function delivery(
  id: string,
  location: LatLngLike,
  demand: number[],
  extra: Json = {},
  place: Json = {},
): Json {
  return {
    id,
    ...extra,
    tasks: {
      deliveries: [{ places: [{ location, duration: 300, ...place }], demand }],
    },
  };
}

function problem(types: Json[], jobs: Json[], relations?: Json[]): Json {
  return {
    fleet: { types, profiles: [{ name: "car_profile", type: "car" }] },
    plan: { jobs, ...(relations ? { relations } : {}) },
  };
}

const AROUND = [
  { lat: 52.53, lng: 13.38 },
  { lat: 52.48, lng: 13.45 },
  { lat: 52.55, lng: 13.42 },
  { lat: 52.5, lng: 13.3 },
  { lat: 52.46, lng: 13.38 },
  { lat: 52.57, lng: 13.35 },
  { lat: 52.51, lng: 13.5 },
  { lat: 52.44, lng: 13.29 },
];

/**
 * The trips between points by the sandbox's matrix (one sync request,
 * from every point to every point): what every leg of a tour must take.
 */
async function legs(
  sandbox: Sandbox,
  points: LatLngLike[],
  profile: Json,
): Promise<
  (a: LatLngLike, b: LatLngLike) => [distance: number, duration: number]
> {
  const res = await call(sandbox, "/v8/matrix?async=false", {
    json: {
      origins: points,
      regionDefinition: { type: "autoCircle", margin: 1000 },
      transportMode: profile.type,
      routingMode: profile.mode === "short" ? "short" : "fast",
      matrixAttributes: ["travelTimes", "distances"],
    },
  });
  assert.equal(res.status, 200, res.text);
  const { matrix } = res.body;
  assert.equal(matrix.errorCodes, undefined);
  const index = (p: LatLngLike) => {
    const k = points.findIndex((q) => q.lat === p.lat && q.lng === p.lng);
    assert.ok(k >= 0);
    return k;
  };
  return (a, b) => {
    const k = index(a) * points.length + index(b);
    return [matrix.distances[k], matrix.travelTimes[k]];
  };
}

/**
 * Checks a solution against its problem independently of the solver:
 * every leg between two stops takes exactly the matrix's trip between
 * their locations, and the tours' distances and driving times add up
 * those legs.
 */
async function assertValid(
  sandbox: Sandbox,
  p: Json,
  solution: Json,
): Promise<void> {
  const jobs = new Map<string, Json>(p.plan.jobs.map((j: Json) => [j.id, j]));
  const types = new Map<string, Json>(
    p.fleet.types.map((t: Json) => [t.id, t]),
  );
  const seen = new Map<string, number>();
  let distance = 0, duration = 0;
  for (const tour of solution.tours) {
    const type = types.get(tour.typeId);
    assert.ok(type, tour.typeId);
    assert.match(tour.vehicleId, new RegExp(`^${tour.typeId}_\\d+$`));
    const shift = type.shifts[tour.shiftIndex];
    const stops = tour.stops;
    const profile = p.fleet.profiles.find((x: Json) => x.name === type.profile);
    const trip = await legs(
      sandbox,
      stops.map((s: Json) => s.location).filter((
        q: LatLngLike,
        k: number,
        all: LatLngLike[],
      ) => all.findIndex((o) => o.lat === q.lat && o.lng === q.lng) === k),
      profile,
    );
    let driven = 0, driving = 0;
    assert.equal(stops[0].activities[0].type, "departure");
    assert.deepEqual(stops[0].location, shift.start.location);
    assert.ok(
      Date.parse(stops[0].time.departure) >= Date.parse(shift.start.time),
    );
    if (shift.end) {
      const last = stops[stops.length - 1];
      assert.equal(last.activities[last.activities.length - 1].type, "arrival");
      assert.ok(Date.parse(last.time.arrival) <= Date.parse(shift.end.time));
    }
    const picked = new Set<string>();
    let prev: Json;
    for (const stop of stops) {
      for (const [i, load] of stop.load.entries()) {
        assert.ok(
          load >= 0 && load <= type.capacity[i],
          `load ${stop.load} exceeds ${type.capacity}`,
        );
      }
      if (prev) {
        // Waiting is done at the stop, after arriving: the leg is the trip.
        const [length, travel] = trip(prev.location, stop.location);
        assert.equal(
          Date.parse(stop.time.arrival),
          Date.parse(prev.time.departure) + travel * 1000,
          `${tour.vehicleId}: arrival at ${stop.time.arrival}`,
        );
        driven += length;
        driving += travel;
      }
      assert.equal(stop.distance, driven, `${tour.vehicleId}: distance`);
      for (const a of stop.activities) {
        if (["departure", "arrival", "break"].includes(a.type)) continue;
        const job = jobs.get(a.jobId);
        seen.set(a.jobId, (seen.get(a.jobId) ?? 0) + 1);
        const tasks = a.type === "pickup"
          ? job.tasks.pickups
          : job.tasks.deliveries;
        const place = tasks[0].places[0];
        assert.deepEqual(stop.location, place.location);
        const start = Date.parse(a.time.start);
        assert.ok(start >= Date.parse(stop.time.arrival));
        assert.equal(Date.parse(a.time.end) - start, place.duration * 1000);
        if (place.times) {
          assert.ok(
            place.times.some(([s, e]: string[]) =>
              start >= Date.parse(s) && start <= Date.parse(e)
            ),
            `${a.jobId} starts at ${a.time.start}, outside ${
              JSON.stringify(place.times)
            }`,
          );
        }
        const skills: string[] = Array.isArray(job.skills) ? job.skills : [];
        for (const s of skills) {
          assert.ok(
            type.skills?.includes(s),
            `${a.jobId} needs ${s}`,
          );
        }
        if (a.type === "pickup") picked.add(a.jobId);
        if (a.type === "delivery" && job.tasks.pickups) {
          assert.ok(
            picked.has(a.jobId),
            `${a.jobId} delivered before pickup`,
          );
        }
      }
      prev = stop;
    }
    assert.equal(tour.statistic.distance, driven);
    assert.equal(tour.statistic.times.driving, driving);
    // From leaving the start (a break there may follow) to the end.
    assert.equal(
      tour.statistic.duration,
      (Date.parse(stops.at(-1).time.departure) -
        Date.parse(stops[0].activities[0].time.start)) / 1000,
    );
    distance += tour.statistic.distance;
    duration += tour.statistic.duration;
  }
  const unassigned = new Set(
    (solution.unassigned ?? []).map((u: Json) => u.jobId),
  );
  for (const id of jobs.keys()) {
    const tasks = (jobs.get(id).tasks.pickups?.length ?? 0) +
      (jobs.get(id).tasks.deliveries?.length ?? 0);
    if (unassigned.has(id)) {
      assert.equal(
        seen.get(id),
        undefined,
        `${id} is both assigned and unassigned`,
      );
    } else {assert.equal(
        seen.get(id),
        tasks,
        `${id} served ${seen.get(id)} times`,
      );}
  }
  assert.equal(solution.statistic.distance, distance);
  assert.equal(solution.statistic.duration, duration);
}

Deno.test("a fleet type with amount 2^31 is solved without making 2^31 vehicles", async () => {
  await using sandbox = await startSandbox();
  const jobs = AROUND.slice(0, 2).map((loc, i) =>
    delivery(`job-${i}`, loc, [1])
  );
  const p = problem([vanType({ amount: 2 ** 31 })], jobs);
  const res = await call(sandbox, "/v3/problems", { json: p });
  assert.equal(res.status, 200, res.text);
  await assertValid(sandbox, p, res.body);
  assert.equal(res.body.unassigned, undefined);
});

Deno.test("sync solve: every job served once, within capacity and time windows", async () => {
  await using sandbox = await startSandbox();
  const jobs = AROUND.map((loc, i) =>
    delivery(
      `job-${i}`,
      loc,
      [3],
      {},
      i % 2 === 0 ? { times: [[T(9), T(12)]] } : { times: [[T(13), T(16)]] },
    )
  );
  const p = problem([vanType({ amount: 3 })], jobs);
  const res = await call(sandbox, "/v3/problems", { json: p });
  assert.equal(res.status, 200, res.text);
  await assertValid(sandbox, p, res.body);
  assert.equal(res.body.unassigned, undefined);
  assert.ok(res.body.tours.length >= 3, "24 units need three vans of 10");
  const first = res.body.tours[0];
  // The legs are the routes between the stops, too.
  let driving = 0;
  for (let k = 1; k < first.stops.length; k++) {
    const route = await routeSummary(
      sandbox,
      first.stops[k - 1].location,
      first.stops[k].location,
    );
    assert.ok(route);
    assert.equal(
      first.stops[k].distance - first.stops[k - 1].distance,
      route.length,
    );
    driving += route.duration;
  }
  assert.equal(first.statistic.times.driving, driving);
  assert.deepEqual(Object.keys(first.statistic.times), [
    "driving",
    "serving",
    "waiting",
    "break",
  ]);
  // Each tour costs its type's fixed cost, per metre and per second; the
  // solution's cost is their sum rounded once (summing the rounded tour
  // costs may be a thousandth off).
  const round3 = (x: number) => Math.round(x * 1000) / 1000;
  const { costs } = vanType();
  const unrounded = res.body.tours.map((t: Json) =>
    costs.fixed + costs.distance * t.statistic.distance +
    costs.time * t.statistic.duration
  );
  res.body.tours.forEach((t: Json, k: number) =>
    assert.equal(t.statistic.cost, round3(unrounded[k]))
  );
  assert.equal(
    res.body.statistic.cost,
    round3(unrounded.reduce((s: number, c: number) => s + c, 0)),
  );
  const again = await call(sandbox, "/v3/problems", { json: p });
  assert.deepEqual(again.body, res.body);
});

Deno.test("unassigned jobs carry HERE's reason codes", async () => {
  await using sandbox = await startSandbox();
  const p = problem([
    vanType({
      amount: 1,
      skills: ["fridge"],
      limits: { maxDistance: 200_000 },
    }),
  ], [
    delivery("ok", AROUND[0], [1]),
    delivery("needs-crane", AROUND[1], [1], { skills: ["crane"] }),
    delivery("too-big", AROUND[2], [11]),
    delivery("too-early", AROUND[3], [1], {}, { times: [[T(6), T(7)]] }),
    delivery("at-sea", { lat: 0, lng: -30 }, [1]),
    delivery("too-far", { lat: 51.34, lng: 12.37 }, [1]),
    delivery("fridge", AROUND[4], [1], { skills: ["fridge"] }),
  ]);
  const res = await call(sandbox, "/v3/problems", { json: p });
  assert.equal(res.status, 200, res.text);
  await assertValid(sandbox, p, res.body);
  const reasons = Object.fromEntries(
    res.body.unassigned.map((u: Json) => [
      u.jobId,
      u.reasons.map((r: Json) => r.code),
    ]),
  );
  assert.deepEqual(reasons, {
    "needs-crane": ["SKILL_CONSTRAINT"],
    "too-big": ["CAPACITY_CONSTRAINT"],
    "too-early": ["TIME_WINDOW_CONSTRAINT"],
    "at-sea": ["REACHABLE_CONSTRAINT"],
    "too-far": ["MAX_DISTANCE_CONSTRAINT"],
  });
  for (const u of res.body.unassigned) {
    assert.equal(typeof u.reasons[0].description, "string");
  }
});

Deno.test("shift end and capacity: jobs that no longer fit get shift-time or capacity reasons", async () => {
  await using sandbox = await startSandbox();
  const short = vanType({
    amount: 1,
    shifts: [{
      start: { time: T(8), location: DEPOT },
      end: { time: T(8, 50), location: DEPOT },
    }],
  });
  const jobs = AROUND.map((loc, i) =>
    delivery(`j${i}`, loc, [2], {}, { duration: 600 })
  );
  const p = problem([short], jobs);
  const res = await call(sandbox, "/v3/problems", { json: p });
  await assertValid(sandbox, p, res.body);
  assert.ok(res.body.unassigned.length > 0);
  for (const u of res.body.unassigned) {
    assert.ok(
      ["SHIFT_TIME_CONSTRAINT", "CAPACITY_CONSTRAINT"].includes(
        u.reasons[0].code,
      ),
      u.reasons[0].code,
    );
  }
});

Deno.test("high-priority jobs win the scarce capacity", async () => {
  await using sandbox = await startSandbox();
  const p = problem([vanType({ amount: 1, capacity: [5] })], [
    delivery("normal", AROUND[0], [4], { priority: 2 }),
    delivery("urgent", AROUND[1], [4], { priority: 1 }),
  ]);
  const res = await call(sandbox, "/v3/problems", { json: p });
  await assertValid(sandbox, p, res.body);
  assert.deepEqual(res.body.unassigned.map((u: Json) => u.jobId), ["normal"]);
  assert.equal(res.body.unassigned[0].reasons[0].code, "CAPACITY_CONSTRAINT");
});

Deno.test("pickup-and-delivery jobs, multi-dimensional capacity, tags", async () => {
  await using sandbox = await startSandbox();
  const pd = (id: string, from: LatLngLike, to: LatLngLike): Json => ({
    id,
    tasks: {
      pickups: [{
        places: [{ location: from, duration: 120, tag: `${id}-from` }],
        demand: [1, 1],
      }],
      deliveries: [{
        places: [{ location: to, duration: 120, tag: `${id}-to` }],
        demand: [1, 1],
      }],
    },
  });
  const p = problem([vanType({ capacity: [10, 1], amount: 2 })], [
    pd("p1", AROUND[0], AROUND[1]),
    pd("p2", AROUND[2], AROUND[3]),
    pd("p3", AROUND[4], AROUND[5]),
  ]);
  const res = await call(sandbox, "/v3/problems", { json: p });
  await assertValid(sandbox, p, res.body);
  // Each van carries at most one parcel at a time (second dimension 1), yet all are served.
  assert.equal(res.body.unassigned, undefined);
  const tags = res.body.tours.flatMap((t: Json) =>
    t.stops.flatMap((s: Json) => s.activities.map((a: Json) => a.jobTag))
  ).filter(Boolean);
  assert.equal(tags.length, 6);
  assert.ok(tags.includes("p1-from") && tags.includes("p3-to"));
});

Deno.test("breaks are scheduled within their window; relations bind jobs to a vehicle", async () => {
  await using sandbox = await startSandbox();
  const type = vanType({
    amount: 2,
    shifts: [{
      start: { time: T(8), location: DEPOT },
      end: { time: T(18), location: DEPOT },
      breaks: [{ duration: 1800, times: [[T(9), T(10)]] }],
    }],
  });
  const jobs = AROUND.map((loc, i) =>
    delivery(`j${i}`, loc, [1], {}, { duration: 1200 })
  );
  const p = problem([type], jobs, [{
    type: "tour",
    jobs: ["j0", "j1"],
    vehicleId: "van_2",
  }]);
  const res = await call(sandbox, "/v3/problems", { json: p });
  assert.equal(res.status, 200, res.text);
  await assertValid(sandbox, p, res.body);
  const van2 = res.body.tours.find((t: Json) => t.vehicleId === "van_2");
  const served = van2.stops.flatMap((s: Json) =>
    s.activities.map((a: Json) => a.jobId)
  );
  assert.ok(served.includes("j0") && served.includes("j1"));
  for (const tour of res.body.tours) {
    const breaks = tour.stops.flatMap((s: Json) => s.activities).filter((
      a: Json,
    ) => a.type === "break");
    if (Date.parse(tour.stops.at(-1).time.arrival) < Date.parse(T(9))) continue;
    assert.equal(breaks.length, 1, tour.vehicleId);
    const start = Date.parse(breaks[0].time.start);
    assert.ok(start >= Date.parse(T(9)) && start <= Date.parse(T(10)));
    assert.equal(Date.parse(breaks[0].time.end) - start, 1_800_000);
    assert.equal(tour.statistic.times.break, 1800);
  }
});

Deno.test("async: 202 with statusId and href, status until success, solution equals sync", async () => {
  await using sandbox = await startSandbox({ asyncDelayMs: 100 });
  const p = problem(
    [vanType()],
    AROUND.slice(0, 4).map((loc, i) => delivery(`j${i}`, loc, [2])),
  );
  const submit = await call(sandbox, "/v3/problems/async", { json: p });
  assert.equal(submit.status, 202);
  const { statusId, href } = submit.body;
  assert.equal(href, `${sandbox.url}/v3/status/${statusId}`);
  const states: string[] = [];
  let status: Json;
  for (let i = 0; i < 100; i++) {
    status = (await call(sandbox, new URL(href).pathname)).body;
    if (!states.includes(status.status)) states.push(status.status);
    if (status.status === "success") break;
    await new Promise((r) => setTimeout(r, 15));
  }
  assert.equal(states[0], "pending");
  assert.equal(states.at(-1), "success");
  assert.ok(
    states.every((s) => ["pending", "inProgress", "success"].includes(s)),
    states.join(),
  );
  assert.equal(
    status.resource.href,
    `${sandbox.url}/v3/problems/${statusId}/solution`,
  );
  const solution = await call(sandbox, new URL(status.resource.href).pathname);
  const sync = await call(sandbox, "/v3/problems", { json: p });
  assert.deepEqual(solution.body, sync.body);
  assert.equal(
    (await call(sandbox, new URL(href).pathname, { apiKey: null })).status,
    401,
  );
  assert.equal(
    (await call(sandbox, "/v3/status/00000000-0000-4000-8000-000000000000"))
      .status,
    404,
  );
});

/** A problem that keeps the solver busy for a while (`n` jobs around Berlin). */
function bigProblem(n: number): Json {
  const jobs = Array.from({ length: n }, (_, i) =>
    delivery(`j${i}`, {
      lat: 52.4 + (i % 20) * 0.01,
      lng: 13.2 + Math.floor(i / 20) * 0.02,
    }, [1]));
  return problem([vanType({ capacity: [50], amount: 30 })], jobs);
}

Deno.test("a big sync problem does not stall the sandbox: a geocode sent meanwhile is answered first", async () => {
  await using sandbox = await startSandbox({ preload: true });
  const p = bigProblem(300);
  const order: string[] = [];
  // Ordered by the response heads, not by when the bodies are downloaded.
  const solving = fetch(
    `${sandbox.url}/v3/problems?apiKey=${SANDBOX_API_KEY}`,
    {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(p),
    },
  ).then((res) => {
    order.push("solve");
    return res;
  });
  await received(sandbox, "POST", "/v3/problems");
  const geocode = await fetch(
    `${sandbox.url}/v1/geocode?q=Berlin&apiKey=${SANDBOX_API_KEY}`,
  );
  order.push("geocode");
  await geocode.body?.cancel();
  const solved = await solving;
  const solution = await solved.json();
  assert.deepEqual(order, ["geocode", "solve"]);
  assert.equal(geocode.status, 200);
  assert.equal(solved.status, 200);
  await assertValid(sandbox, p, solution);
});

Deno.test("closing the sandbox stops a sync solve under way: 503", async () => {
  const sandbox = await startSandbox({ preload: true });
  const solving = call(sandbox, "/v3/problems", { json: bigProblem(1500) });
  await received(sandbox, "POST", "/v3/problems");
  await sandbox.close();
  const res = await solving;
  assert.equal(res.status, 503);
  assert.deepEqual(res.body, {
    error: "Service Unavailable",
    error_description: "The sandbox is closing",
  });
});

Deno.test("async tour jobs expire after jobTtlMs, and the oldest is evicted past maxJobs: 404", async () => {
  const p = problem([vanType()], [delivery("j0", AROUND[0], [1])]);
  const submit = async (sandbox: Sandbox) => {
    const res = await call(sandbox, "/v3/problems/async", { json: p });
    assert.equal(res.status, 202);
    return new URL(res.body.href).pathname;
  };
  {
    await using sandbox = await startSandbox({ asyncDelayMs: 0, maxJobs: 2 });
    const first = await submit(sandbox);
    const second = await submit(sandbox);
    assert.equal((await call(sandbox, first)).body.status, "success");
    const third = await submit(sandbox);
    const evicted = await call(sandbox, first);
    assert.equal(evicted.status, 404);
    assert.equal(evicted.body.code, "E613404");
    assert.equal(evicted.body.title, "Not found");
    assert.equal((await call(sandbox, second)).body.status, "success");
    assert.equal((await call(sandbox, third)).body.status, "success");
  }
  {
    await using sandbox = await startSandbox({ asyncDelayMs: 0, jobTtlMs: 0 });
    const expired = await call(sandbox, await submit(sandbox));
    assert.equal(expired.status, 404);
    assert.deepEqual(Object.keys(expired.body).sort(), [
      "action",
      "cause",
      "code",
      "correlationId",
      "status",
      "title",
    ]);
  }
});

Deno.test("problems beyond 3000 jobs or 150 vehicle types get 400", async () => {
  await using sandbox = await startSandbox();
  const jobs = await call(sandbox, "/v3/problems", {
    json: problem(
      [vanType()],
      Array.from({ length: 3001 }, (_, i) => delivery(`j${i}`, DEPOT, [1])),
    ),
  });
  assert.equal(jobs.status, 400);
  assert.equal(jobs.body.code, "E613002");
  assert.match(jobs.body.cause, /3001 jobs; at most 3000/);
  const types = await call(sandbox, "/v3/problems/async", {
    json: problem(
      Array.from({ length: 151 }, (_, i) => vanType({ id: `t${i}` })),
      [delivery("j0", DEPOT, [1])],
    ),
  });
  assert.equal(types.status, 400);
  assert.match(types.body.cause, /151 vehicle types; at most 150/);
});

Deno.test("invalid problems: 400 with the routing-family body", async () => {
  await using sandbox = await startSandbox();
  const good = problem([vanType()], [delivery("a", AROUND[0], [1])]);
  const cases: [Json, RegExp][] = [
    [{ plan: good.plan }, /'fleet' is required/],
    [{
      ...good,
      fleet: { ...good.fleet, types: [vanType({ profile: "nope" })] },
    }, /profile 'nope' is not in fleet.profiles/],
    [
      problem([vanType()], [
        delivery("a", AROUND[0], [1]),
        delivery("a", AROUND[1], [1]),
      ]),
      /Duplicate job id 'a'/,
    ],
    [
      problem([vanType()], [delivery("a", AROUND[0], [1, 2])]),
      /demand has 2 dimensions, capacity has 1/,
    ],
    [
      problem([vanType()], [
        delivery("a", AROUND[0], [1], {}, { times: [[T(12), T(9)]] }),
      ]),
      /starts after it ends/,
    ],
    [
      problem([vanType()], [delivery("a", AROUND[0], [1])], [{
        type: "tour",
        jobs: ["a"],
        vehicleId: "van_9",
      }]),
      /van_9/,
    ],
    [
      problem([vanType()], [{ id: "b", tasks: {} }]),
      /at least one pickup or delivery/,
    ],
  ];
  for (const [body, cause] of cases) {
    const res = await call(sandbox, "/v3/problems", { json: body });
    assert.equal(res.status, 400, String(cause));
    assert.equal(res.body.code, "E613002");
    assert.equal(res.body.title, "Invalid problem");
    assert.match(res.body.cause, cause);
  }
  const notJson = await call(sandbox, "/v3/problems", {
    method: "POST",
    body: "nope",
    headers: { "content-type": "application/json" },
  });
  assert.equal(notJson.status, 400);
  assert.equal(notJson.body.code, "E613001");
});
