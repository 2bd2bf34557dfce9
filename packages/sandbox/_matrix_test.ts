import assert from "node:assert/strict";
import { SANDBOX_API_KEY } from "./handler.ts";
import { startSandbox } from "./sandbox.ts";
import { call, received, routeSummary } from "./_test_sandbox.ts";

const A = { lat: 52.52, lng: 13.405 };
const B = { lat: 52.3906, lng: 13.0645 };
const C = { lat: 52.3471, lng: 14.5506 };

Deno.test("sync matrix: row-major entries, each the summary of the route between its points", async () => {
  await using sandbox = await startSandbox();
  const res = await call(sandbox, "/v8/matrix?async=false", {
    json: {
      origins: [A, B],
      destinations: [B, C, A],
      regionDefinition: { type: "world" },
      transportMode: "truck",
      matrixAttributes: ["travelTimes", "distances"],
    },
  });
  assert.equal(res.status, 200, res.text);
  const { matrix } = res.body;
  assert.equal(matrix.numOrigins, 2);
  assert.equal(matrix.numDestinations, 3);
  assert.equal(matrix.errorCodes, undefined);
  const origins = [A, B], destinations = [B, C, A];
  for (let i = 0; i < 2; i++) {
    for (let j = 0; j < 3; j++) {
      const route = await routeSummary(
        sandbox,
        origins[i],
        destinations[j],
        "truck",
      );
      assert.ok(route, `a route from origin ${i} to destination ${j}`);
      assert.equal(matrix.distances[3 * i + j], route.length);
      assert.equal(matrix.travelTimes[3 * i + j], route.duration);
    }
  }
  // A point to itself is no trip; the others are.
  assert.deepEqual([matrix.distances[2], matrix.distances[3]], [0, 0]);
  assert.ok(
    [0, 1, 4, 5].every((k) =>
      matrix.distances[k] > 0 && matrix.travelTimes[k] > 0
    ),
  );
  assert.deepEqual(res.body.regionDefinition, { type: "world" });
  assert.match(res.body.matrixId, /^[0-9a-f-]{36}$/);
  // Default attributes: travel times only; destinations default to origins.
  const square = await call(sandbox, "/v8/matrix?async=false", {
    json: { origins: [A, B], regionDefinition: { type: "world" } },
  });
  assert.equal(square.body.matrix.numDestinations, 2);
  assert.equal(square.body.matrix.distances, undefined);
  assert.deepEqual(
    square.body.matrix.travelTimes.filter((_: number, k: number) =>
      k % 3 === 0
    ),
    [0, 0],
  );
});

Deno.test("region errors: points outside get errorCode 4; sea 2; other continents 1", async () => {
  await using sandbox = await startSandbox();
  const circle = await call(sandbox, "/v8/matrix?async=false", {
    json: {
      origins: [A],
      destinations: [B, C],
      regionDefinition: { type: "circle", center: A, radius: 50_000 },
    },
  });
  assert.deepEqual(circle.body.matrix.errorCodes, [0, 4]);
  assert.equal(circle.body.matrix.travelTimes[1], 0);
  const world = await call(sandbox, "/v8/matrix?async=false", {
    json: {
      origins: [A],
      destinations: [{ lat: 0, lng: -30 }, { lat: 40.71, lng: -74 }],
      regionDefinition: { type: "world" },
    },
  });
  assert.deepEqual(world.body.matrix.errorCodes, [2, 1]);
  const auto = await call(sandbox, "/v8/matrix?async=false", {
    json: {
      origins: [A],
      destinations: [B],
      regionDefinition: { type: "autoCircle", margin: 1000 },
    },
  });
  const region = auto.body.regionDefinition;
  assert.equal(region.type, "circle");
  assert.ok(region.radius > 1000 && region.radius < 20_000);
  assert.equal(auto.body.matrix.errorCodes, undefined);
});

Deno.test("matrix validation: size limits, profile rules, malformed bodies", async () => {
  await using sandbox = await startSandbox();
  const many = Array.from(
    { length: 16 },
    (_, i) => ({ lat: 52 + i / 100, lng: 13 }),
  );
  const cases: [unknown, RegExp][] = [
    [
      {
        origins: many,
        destinations: many,
        regionDefinition: { type: "world" },
      },
      /16 x 16; the limit is 15 x 100/,
    ],
    [{
      origins: [A],
      regionDefinition: { type: "circle", center: A, radius: 300_000 },
    }, /at most 400 km/],
    [{
      origins: [A],
      regionDefinition: { type: "circle", center: A, radius: 9000 },
      profile: "carFast",
    }, /only allowed with regionDefinition.type 'world'/],
    [
      { origins: [A], regionDefinition: { type: "world" }, profile: "rocket" },
      /Unknown profile/,
    ],
    [
      { origins: [], regionDefinition: { type: "world" } },
      /'origins' must be a non-empty array/,
    ],
    [
      { origins: [{ lat: 95, lng: 0 }], regionDefinition: { type: "world" } },
      /origins\[0\]/,
    ],
    [{ origins: [A] }, /'regionDefinition' is required/],
    [{
      origins: [A],
      regionDefinition: { type: "world" },
      truck: { height: 300 },
    }, /'truck' is only allowed/],
    [{
      origins: [A],
      regionDefinition: { type: "world" },
      matrixAttributes: ["speeds"],
    }, /matrixAttributes/],
  ];
  for (const [body, cause] of cases) {
    const res = await call(sandbox, "/v8/matrix?async=false", { json: body });
    assert.equal(res.status, 400, JSON.stringify(body).slice(0, 80));
    assert.equal(res.body.code, "E605001");
    assert.match(res.body.cause, cause);
  }
  const notJson = await call(sandbox, "/v8/matrix?async=false", {
    method: "POST",
    body: "{oops",
    headers: { "content-type": "application/json" },
  });
  assert.equal(notJson.status, 400);
  assert.match(notJson.body.cause, /not valid JSON/);
  // Region mode allows 500 x 500 synchronously, profile mode 1 x 2000.
  const profile = await call(sandbox, "/v8/matrix?async=false", {
    json: {
      origins: [A],
      destinations: Array.from({ length: 120 }, () => B),
      regionDefinition: { type: "world" },
      profile: "carFast",
    },
  });
  assert.equal(profile.status, 200);
});

Deno.test("async matrix: 202, status (accepted → inProgress), 303 with Location, gzip result", async () => {
  await using sandbox = await startSandbox({ asyncDelayMs: 150 });
  const submit = await call(sandbox, "/v8/matrix?async=true", {
    json: {
      origins: [A, B],
      destinations: [C],
      regionDefinition: { type: "world" },
      matrixAttributes: ["distances"],
    },
  });
  assert.equal(submit.status, 202);
  assert.equal(submit.body.status, "accepted");
  const { matrixId, statusUrl } = submit.body;
  assert.equal(statusUrl, `${sandbox.url}/v8/matrix/${matrixId}/status`);
  const statusPath = new URL(statusUrl).pathname;
  const seen: string[] = [];
  let done: Awaited<ReturnType<typeof call>> | undefined;
  for (let i = 0; i < 100 && !done; i++) {
    const poll = await call(sandbox, statusPath);
    if (poll.status === 303) done = poll;
    else {
      assert.equal(poll.status, 200);
      if (!seen.includes(poll.body.status)) seen.push(poll.body.status);
      await new Promise((r) => setTimeout(r, 20));
    }
  }
  assert.equal(seen[0], "accepted");
  assert.ok(
    seen.every((s) => s === "accepted" || s === "inProgress"),
    seen.join(),
  );
  assert.ok(done);
  const resultUrl = `${sandbox.url}/v8/matrix/${matrixId}`;
  assert.equal(done.headers.get("location"), resultUrl);
  assert.deepEqual(done.body, { matrixId, status: "completed", resultUrl });

  const raw = await fetch(`${resultUrl}?apiKey=${SANDBOX_API_KEY}`, {
    headers: { "accept-encoding": "gzip" },
  });
  assert.equal(raw.status, 200);
  assert.equal(raw.headers.get("content-encoding"), "gzip");
  const result = await raw.json();
  assert.equal(result.matrixId, matrixId);
  // Pinned, so a change of the generated network shows; and the routes'.
  assert.deepEqual(result.matrix.distances, [80663, 109009]);
  assert.deepEqual(result.matrix.distances, [
    (await routeSummary(sandbox, A, C))?.length,
    (await routeSummary(sandbox, B, C))?.length,
  ]);
  assert.equal(result.matrix.travelTimes, undefined);
});

Deno.test("async job URLs need credentials and unknown jobs get 404", async () => {
  await using sandbox = await startSandbox({ asyncDelayMs: 0 });
  const submit = await call(sandbox, "/v8/matrix", {
    json: {
      origins: [A],
      destinations: [B],
      regionDefinition: { type: "world" },
    },
  });
  assert.equal(submit.status, 202);
  const path = new URL(submit.body.statusUrl).pathname;
  assert.equal((await call(sandbox, path, { apiKey: null })).status, 401);
  assert.equal((await call(sandbox, path)).status, 303);
  const unknown = await call(
    sandbox,
    "/v8/matrix/00000000-0000-4000-8000-000000000000/status",
  );
  assert.equal(unknown.status, 404);
  assert.equal(unknown.body.status, 404);
  const early = await startSandbox({ asyncDelayMs: 60_000 });
  try {
    const job = await call(early, "/v8/matrix?async=true", {
      json: { origins: [A], regionDefinition: { type: "world" } },
    });
    const result = await call(early, `/v8/matrix/${job.body.matrixId}`);
    assert.equal(result.status, 404);
  } finally {
    await early.close();
  }
});

Deno.test("a big sync matrix does not stall the sandbox: a geocode sent meanwhile is answered first", async () => {
  await using sandbox = await startSandbox({ preload: true });
  const points = Array.from({ length: 500 }, (_, i) => ({
    lat: 52.3 + (i % 25) * 0.01,
    lng: 13.1 + Math.floor(i / 25) * 0.02,
  }));
  const order: string[] = [];
  // Ordered by the response heads: the matrix's body takes a while to download.
  const computing = fetch(
    `${sandbox.url}/v8/matrix?async=false&apiKey=${SANDBOX_API_KEY}`,
    {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        origins: points,
        destinations: points,
        regionDefinition: { type: "circle", center: A, radius: 100_000 },
        matrixAttributes: ["travelTimes", "distances"],
      }),
    },
  ).then((res) => {
    order.push("matrix");
    return res;
  });
  await received(sandbox, "POST", "/v8/matrix");
  const geocode = await fetch(
    `${sandbox.url}/v1/geocode?q=Berlin&apiKey=${SANDBOX_API_KEY}`,
  );
  order.push("geocode");
  await geocode.body?.cancel();
  const matrix = await computing;
  const body = await matrix.json();
  assert.deepEqual(order, ["geocode", "matrix"]);
  assert.equal(geocode.status, 200);
  assert.equal(matrix.status, 200);
  assert.equal(body.matrix.distances.length, 250_000);
  // Entries across the square, each the summary of its route.
  for (const [i, j] of [[0, 1], [0, 499], [260, 13], [499, 0]]) {
    const route = await routeSummary(sandbox, points[i], points[j]);
    assert.ok(route, `a route from point ${i} to point ${j}`);
    assert.equal(body.matrix.distances[500 * i + j], route.length);
    assert.equal(body.matrix.travelTimes[500 * i + j], route.duration);
  }
});

Deno.test("a polygon region with 200,000 vertices: 200 (no stack overflow; tested once per point)", async () => {
  await using sandbox = await startSandbox();
  const n = 200_000;
  const outer: number[] = [];
  for (let i = 0; i < n; i++) {
    const angle = (i / n) * 2 * Math.PI;
    outer.push(
      Number((A.lat + 0.5 * Math.sin(angle)).toFixed(5)),
      Number((A.lng + 0.8 * Math.cos(angle)).toFixed(5)),
    );
  }
  const res = await call(sandbox, "/v8/matrix?async=false", {
    json: {
      origins: [A, B, C],
      regionDefinition: { type: "polygon", outer },
    },
  });
  assert.equal(res.status, 200, res.text);
  // C lies east of the polygon (14.55 > 13.405 + 0.8).
  assert.deepEqual(res.body.matrix.errorCodes, [0, 0, 4, 0, 0, 4, 4, 4, 4]);
});

Deno.test("async matrix jobs expire after jobTtlMs, and the oldest is evicted past maxJobs: 404", async () => {
  const body = {
    origins: [A],
    destinations: [B],
    regionDefinition: { type: "world" },
  };
  {
    await using sandbox = await startSandbox({ asyncDelayMs: 0, maxJobs: 1 });
    const first = await call(sandbox, "/v8/matrix?async=true", { json: body });
    const firstStatus = new URL(first.body.statusUrl).pathname;
    assert.equal((await call(sandbox, firstStatus)).status, 303);
    const second = await call(sandbox, "/v8/matrix?async=true", { json: body });
    const evicted = await call(sandbox, firstStatus);
    assert.equal(evicted.status, 404);
    assert.equal(evicted.body.code, "E605404");
    const result = await call(sandbox, `/v8/matrix/${first.body.matrixId}`);
    assert.equal(result.status, 404);
    assert.equal(
      (await call(sandbox, new URL(second.body.statusUrl).pathname)).status,
      303,
    );
  }
  {
    await using sandbox = await startSandbox({ asyncDelayMs: 0, jobTtlMs: 0 });
    const job = await call(sandbox, "/v8/matrix?async=true", { json: body });
    const expired = await call(sandbox, new URL(job.body.statusUrl).pathname);
    assert.equal(expired.status, 404);
    assert.equal(expired.body.title, "Not found");
  }
});

Deno.test({
  name:
    "a pedestrian matrix row with a destination beside a motorway: it starts from the nearest road a pedestrian may use",
  async fn() {
    await using sandbox = await startSandbox();
    const motorway = { lat: 52.5461, lng: 13.4371 };
    const street = { lat: 52.53, lng: 13.41 };
    const res = await call(sandbox, "/v8/matrix?async=false", {
      json: {
        origins: [A],
        destinations: [motorway, street],
        regionDefinition: { type: "world" },
        transportMode: "pedestrian",
        matrixAttributes: ["travelTimes", "distances"],
      },
    });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.matrix.errorCodes, undefined);
    for (const [k, to] of [motorway, street].entries()) {
      const route = await routeSummary(sandbox, A, to, "pedestrian");
      assert.ok(route);
      assert.equal(res.body.matrix.travelTimes[k], route.duration);
      assert.equal(res.body.matrix.distances[k], route.length);
    }
  },
});
