import assert from "node:assert/strict";
import { Client } from "./client.ts";
import { TimeoutError, ValueError } from "./errors.ts";
import type { Limiter, LimiterTurn, TurnRequest } from "./limiter.ts";
import { checkBudget, LocalLimiter } from "./limiter.ts";
import {
  jsonReply,
  startTestServer,
  TEST_API_KEY,
  type TestServer,
} from "./testing.ts";

/** A limiter that records what the client asked and did. */
class RecordingLimiter implements Limiter {
  readonly log: string[] = [];
  readonly requests: Omit<TurnRequest, "signal">[] = [];
  constructor(
    readonly wait: (r: TurnRequest) => Promise<void> = () => Promise.resolve(),
  ) {}
  async acquire(request: TurnRequest): Promise<LimiterTurn> {
    const { signal: _, ...rest } = request;
    this.requests.push(rest);
    this.log.push(`acquire ${request.service}`);
    await this.wait(request);
    return {
      started: () => this.log.push("started"),
      release: () => this.log.push("release"),
    };
  }
}

function client(server: TestServer, limiter: Limiter, extra = {}): Client {
  return new Client({
    apiKey: TEST_API_KEY,
    baseUrl: server.url,
    retryBaseDelayMs: 1,
    retryMaxDelayMs: 2,
    limiter,
    ...extra,
  });
}

Deno.test("limiter: a turn per attempt, started as it is sent, released after, retries included", async () => {
  await using server = await startTestServer();
  server.route("GET /v1/geocode", [
    jsonReply(503, {}),
    (_req) => {
      limiter.log.push("server");
      return Response.json({ items: [] });
    },
  ]);
  const limiter = new RecordingLimiter();
  await client(server, limiter).requestJson(
    { service: "geocode", path: "/v1/geocode" },
    { deadlineMs: 60_000 },
  );
  assert.deepEqual(limiter.log, [
    "acquire geocode",
    "started",
    "release",
    "acquire geocode",
    "started",
    "server",
    "release",
  ]);
  assert.equal(limiter.requests.length, 2);
  for (const r of limiter.requests) {
    assert.equal(r.service, "geocode");
    assert.ok(r.deadlineMs! > 0 && r.deadlineMs! <= 60_000);
  }
});

Deno.test("limiter: no deadline is deadlineMs undefined; limits() false skips it", async () => {
  await using server = await startTestServer();
  server.route("GET /v1/geocode", jsonReply(200, { items: [] }));
  server.route("GET /v3/problems", jsonReply(200, {}));
  const limiter = new RecordingLimiter();
  const only: Limiter = {
    acquire: (r) => limiter.acquire(r),
    limits: (service) => service === "tourplanning",
  };
  const c = client(server, only);
  await c.requestJson({ service: "geocode", path: "/v1/geocode" });
  assert.deepEqual(limiter.log, []);
  await c.requestJson({ service: "tourplanning", path: "/v3/problems" });
  assert.deepEqual(limiter.requests, [{
    service: "tourplanning",
    deadlineMs: undefined,
  }]);
});

Deno.test("limiter: a deadline that passes while waiting is a TimeoutError; nothing sent", async () => {
  await using server = await startTestServer();
  const limiter = new RecordingLimiter((r) =>
    new Promise((_, reject) =>
      r.signal.addEventListener("abort", () => reject(r.signal.reason), {
        once: true,
      })
    )
  );
  const err = await client(server, limiter).requestJson(
    { service: "geocode", path: "/v1/geocode" },
    { deadlineMs: 20 },
  ).catch((e) => e);
  assert.ok(err instanceof TimeoutError);
  assert.match(
    err.message,
    /waiting for a request slot; the request was not sent/,
  );
  assert.equal(server.requests.length, 0);
});

Deno.test("limiter: a turn granted while the concurrency slot times out is released", async () => {
  await using server = await startTestServer();
  const { promise: hold, resolve: unhold } = Promise.withResolvers<void>();
  server.route("GET /slow", async () => {
    await hold;
    return Response.json({});
  });
  const limiter = new RecordingLimiter();
  const c = client(server, limiter, { maxConcurrency: 1 });
  const first = c.requestJson({ service: "geocode", path: "/slow" });
  const second = await c.requestJson(
    { service: "geocode", path: "/slow" },
    { deadlineMs: 30 },
  ).catch((e) => e);
  assert.ok(second instanceof TimeoutError);
  unhold();
  await first;
  // Two turns, both released: the second after its slot wait timed out.
  assert.equal(limiter.log.filter((l) => l === "acquire geocode").length, 2);
  assert.equal(limiter.log.filter((l) => l === "release").length, 2);
  assert.equal(limiter.log.filter((l) => l === "started").length, 1);
});

Deno.test("limiter: cancelling while waiting rejects with the signal's reason", async () => {
  await using server = await startTestServer();
  const limiter = new RecordingLimiter((r) =>
    new Promise((_, reject) =>
      r.signal.addEventListener("abort", () => reject(r.signal.reason), {
        once: true,
      })
    )
  );
  const ctl = new AbortController();
  const p = client(server, limiter).requestJson(
    { service: "geocode", path: "/v1/geocode" },
    { signal: ctl.signal },
  );
  await Promise.resolve();
  ctl.abort(new Error("stop"));
  await assert.rejects(p, { message: "stop" });
  assert.equal(server.requests.length, 0);
});

Deno.test("limiter: its own failure fails the call; throwing hooks do not", async () => {
  await using server = await startTestServer();
  server.route("GET /v1/geocode", jsonReply(200, { items: [] }));
  const failing: Limiter = {
    acquire: () => Promise.reject(new Error("store unreachable")),
  };
  await assert.rejects(
    client(server, failing).requestJson({
      service: "geocode",
      path: "/v1/geocode",
    }),
    { message: "store unreachable" },
  );
  const throwing: Limiter = {
    acquire: () =>
      Promise.resolve({
        started() {
          throw new Error("started hook");
        },
        release() {
          throw new Error("release hook");
        },
      }),
  };
  const res = await client(server, throwing).requestJson({
    service: "geocode",
    path: "/v1/geocode",
  });
  assert.equal(res.status, 200);
  assert.equal(server.requests.length, 1);
});

Deno.test("limiter option: checked, and not combined with the in-process budget", () => {
  for (const limiter of [null, 1, {}, { acquire: 1 }]) {
    assert.throws(
      () => new Client({ apiKey: "k", limiter: limiter as never }),
      { name: "ValueError", parameter: "limiter" },
    );
  }
  const limiter = new LocalLimiter();
  for (const name of ["requestsPerSecond", "serviceRequestsPerSecond"]) {
    const value = name === "requestsPerSecond" ? 5 : { geocode: 5 };
    assert.throws(
      () => new Client({ apiKey: "k", limiter, [name]: value }),
      (e) =>
        e instanceof ValueError && e.parameter === name &&
        /cannot be combined with limiter/.test(e.message),
    );
  }
});

Deno.test("LocalLimiter: limits only what has a budget; tour planning by default", () => {
  const none = new LocalLimiter();
  assert.equal(none.limits("geocode"), false);
  assert.equal(none.limits("tourplanning"), true);
  assert.equal(
    new LocalLimiter({ serviceRequestsPerSecond: { tourplanning: Infinity } })
      .limits("tourplanning"),
    false,
  );
  assert.equal(
    new LocalLimiter({ requestsPerSecond: 1 }).limits("geocode"),
    true,
  );
});

Deno.test("checkBudget: every rate positive or Infinity, every service real", () => {
  assert.deepEqual(checkBudget({ serviceRequestsPerSecond: { geocode: 3 } }), {
    overall: undefined,
    services: new Map([["tourplanning", 2], ["geocode", 3]]),
  });
  for (
    const [budget, parameter] of [
      [{ requestsPerSecond: -1 }, "requestsPerSecond"],
      [{ requestsPerSecond: NaN }, "requestsPerSecond"],
      [{ serviceRequestsPerSecond: 3 }, "serviceRequestsPerSecond"],
      [
        { serviceRequestsPerSecond: { geocod: 3 } },
        "serviceRequestsPerSecond.geocod",
      ],
      [
        { serviceRequestsPerSecond: { geocode: "3" } },
        "serviceRequestsPerSecond.geocode",
      ],
      [null, "budget"],
    ] as const
  ) {
    assert.throws(() => checkBudget(budget as never), { parameter });
  }
});
