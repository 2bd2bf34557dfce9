import assert from "node:assert/strict";
import { Auth } from "../auth/auth.ts";
import { Client } from "../client/client.ts";
import { PlatformCredentials } from "../auth/credentials.ts";
import { LSError, TimeoutError, ValueError } from "../errors/errors.ts";
import type { ClientOptions } from "../client/client_options.ts";
import type { Limiter, LimiterTurn, TurnRequest } from "./limiter.ts";
import { checkBudget, LocalLimiter } from "./limiter.ts";
import { assertSlotTimeout } from "./_test_slot_timeout.ts";
import {
  jsonReply,
  startTestServer,
  TEST_API_KEY,
  type TestServer,
} from "../testing.ts";

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

Deno.test("limiter: no turn is taken while waiting for the concurrency slot", async () => {
  await using server = await startTestServer();
  const { promise: hold, resolve: unhold } = Promise.withResolvers<void>();
  server.route("GET /slow", async () => {
    limiter.log.push("server");
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
  assert.match(
    second.message,
    /waiting for a request slot; the request was not sent/,
  );
  unhold();
  await first;
  // One turn: the second call timed out waiting for the slot, before it
  // asked for a turn that it would have spent waiting.
  assert.deepEqual(limiter.log, [
    "acquire geocode",
    "started",
    "server",
    "release",
  ]);
});

Deno.test("limiter: the turn is taken after the concurrency slot is free, right before sending", async () => {
  await using server = await startTestServer();
  let held = 0;
  server.route("GET /v1/geocode", async () => {
    limiter.log.push("server");
    if (held++ === 0) await new Promise((r) => setTimeout(r, 20));
    return Response.json({ items: [] });
  });
  const limiter = new RecordingLimiter();
  const c = client(server, limiter, { maxConcurrency: 1 });
  await Promise.all(
    [0, 1, 2].map(() =>
      c.requestJson({ service: "geocode", path: "/v1/geocode" })
    ),
  );
  const once = ["acquire geocode", "started", "server", "release"];
  assert.deepEqual(limiter.log, [...once, ...once, ...once]);
});

Deno.test("limiter: the turn is taken once the token is ready", async () => {
  await using server = await startTestServer();
  server.route("POST /oauth2/token", async () => {
    limiter.log.push("token asked");
    await new Promise((r) => setTimeout(r, 20));
    limiter.log.push("token issued");
    return Response.json({
      access_token: "tok",
      token_type: "bearer",
      expires_in: 3600,
    });
  });
  server.route("GET /v1/geocode", () => {
    limiter.log.push("server");
    return Response.json({ items: [] });
  });
  const limiter = new RecordingLimiter();
  const auth = new Auth({
    credentials: new PlatformCredentials({
      accessKeyId: "id",
      accessKeySecret: "secret",
    }),
    tokenUrl: `${server.url}/oauth2/token`,
  });
  const c = new Client({ auth, baseUrl: server.url, limiter });
  await Promise.all(
    [0, 1].map(() =>
      c.requestJson({ service: "geocode", path: "/v1/geocode" })
    ),
  );
  const issued = limiter.log.indexOf("token issued");
  assert.equal(limiter.log.indexOf("acquire geocode"), issued + 1);
  assert.equal(limiter.log.filter((l) => l === "acquire geocode").length, 2);
  assert.equal(limiter.log.filter((l) => l === "release").length, 2);
});

Deno.test("limiter: one that ignores the signal cannot hold a call past its deadline or cancellation; a late turn is released", async () => {
  await using server = await startTestServer();
  server.route("GET /v1/geocode", jsonReply(200, { items: [] }));
  const late: ((turn: LimiterTurn) => void)[] = [];
  const counts = { started: 0, release: 0 };
  const deaf: Limiter = {
    acquire: () =>
      new Promise((resolve) => {
        late.push(resolve);
      }),
  };
  const c = client(server, deaf);
  const err = await c.requestJson(
    { service: "geocode", path: "/v1/geocode" },
    { deadlineMs: 30 },
  ).catch((e) => e);
  assert.ok(err instanceof TimeoutError);
  assert.match(
    err.message,
    /waiting for a request slot; the request was not sent/,
  );
  const ctl = new AbortController();
  const cancelled = c.requestJson(
    { service: "geocode", path: "/v1/geocode" },
    { signal: ctl.signal },
  );
  while (late.length < 2) await new Promise((r) => setTimeout(r, 1));
  ctl.abort(new Error("stop"));
  await assert.rejects(cancelled, { message: "stop" });
  for (const grant of late) {
    grant({
      started: () => counts.started++,
      release: () => counts.release++,
    });
  }
  await new Promise((r) => setTimeout(r, 0));
  assert.deepEqual(counts, { started: 0, release: 2 });
  assert.equal(server.requests.length, 0);
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
      // A name no service could have is not printed, not even in part.
      [
        { serviceRequestsPerSecond: { ["k".repeat(41)]: 3 } },
        "serviceRequestsPerSecond",
      ],
      [null, "budget"],
    ] as const
  ) {
    assert.throws(() => checkBudget(budget as never), { parameter });
  }
});

Deno.test("LocalLimiter: calls that time out or are cancelled leave no turns booked for the next ones", async () => {
  const limiter = new LocalLimiter({ requestsPerSecond: 2 });
  const never = new AbortController().signal;
  await limiter.acquire({ service: "geocode", signal: never });
  // 40 callers that give up: by deadline (which they say), or cancelled.
  const ctl = new AbortController();
  const wave = Array.from({ length: 40 }, (_, i) =>
    limiter.acquire({
      service: "geocode",
      signal: ctl.signal,
      deadlineMs: i % 2 ? 100 : undefined,
    }));
  await new Promise((r) => setTimeout(r, 10));
  ctl.abort(new Error("gave up"));
  const outcomes = await Promise.allSettled(wave);
  assert.equal(outcomes.filter((o) => o.status === "rejected").length, 40);
  // The next caller gets the turn after the first one's, as if nobody had
  // come in between: well before its deadline of 2 s.
  const next = await limiter.acquire({
    service: "geocode",
    signal: AbortSignal.timeout(2000),
    deadlineMs: 2000,
  }).then(() => "granted", (e) => e.name);
  assert.equal(next, "granted");
});

Deno.test("LocalLimiter: no turn is booked past the caller's deadline", async () => {
  const limiter = new LocalLimiter({ requestsPerSecond: 2 });
  const never = new AbortController().signal;
  await limiter.acquire({ service: "geocode", signal: never });
  // The next turn is 500 ms away: past a deadline of 20 ms. Without a signal
  // to say so, the caller is told once the deadline has passed, with the
  // TimeoutError a deadline gives.
  await assert.rejects(
    limiter.acquire({ service: "geocode", signal: never, deadlineMs: 20 }),
    (e) =>
      e instanceof TimeoutError &&
      e.message === "No rate-limit turn before the deadline",
  );
  // It booked nothing: the next caller has the turn 500 ms after the first.
  const ctl = new AbortController();
  const timer = setTimeout(() => ctl.abort(new Error("too late")), 900);
  const next = await limiter.acquire({ service: "geocode", signal: ctl.signal })
    .then(() => "granted", (e) => e.message);
  clearTimeout(timer);
  assert.equal(next, "granted");
});

/**
 * Sends one call that holds its turn (its server never answers until told),
 * then a second one with `deadlineMs`; returns the second's outcome, and how
 * many of its requests reached the server.
 */
async function queuedPastDeadline(
  extra: Partial<ClientOptions>,
  deadlineMs: number,
): Promise<{ error: unknown; sent: number }> {
  await using server = await startTestServer();
  let answer!: () => void;
  const held = new Promise<void>((r) => answer = r);
  let arrived!: () => void;
  const inFlight = new Promise<void>((r) => arrived = r);
  server.route("GET /slow", async () => {
    arrived();
    await held;
    return Response.json({});
  });
  server.route("GET /v1/geocode", jsonReply(200, { items: [] }));
  const c = new Client({ apiKey: TEST_API_KEY, baseUrl: server.url, ...extra });
  const first = c.requestJson({ service: "geocode", path: "/slow" });
  try {
    await inFlight;
    const error = await c.requestJson(
      { service: "geocode", path: "/v1/geocode" },
      { deadlineMs },
    ).then(() => undefined, (e) => e);
    return { error, sent: server.requestsFor("GET /v1/geocode").length };
  } finally {
    answer();
    await first;
  }
}

Deno.test("LocalLimiter: a queued call with no turn before its deadline is the client's TimeoutError, not sent", async () => {
  for (
    const [what, extra, deadlineMs] of [
      // Found out by waiting: the next turn, 4 s away, lies beyond the
      // second the limiter books ahead, and the deadline passes in line.
      ["beyond the horizon", { requestsPerSecond: 0.25 }, 1000],
      // Known in advance: the next turn, 1 s away, is within reach but
      // after the deadline.
      ["after the deadline", { requestsPerSecond: 1 }, 400],
      // The same through a per-service budget, and a shared instance.
      ["per service", {
        limiter: new LocalLimiter({
          serviceRequestsPerSecond: { geocode: 0.25 },
        }),
      }, 1000],
    ] as const
  ) {
    const { error, sent } = await queuedPastDeadline(extra, deadlineMs);
    assertSlotTimeout(error, sent, deadlineMs, what);
  }
});

Deno.test("limiter: a limiter's own exception after the deadline passes through unchanged, whatever it says", async () => {
  await using server = await startTestServer();
  const own = new LSError("No rate-limit turn before the deadline");
  const limiter: Limiter = { acquire: () => Promise.reject(own) };
  const err = await client(server, limiter).requestJson(
    { service: "geocode", path: "/v1/geocode" },
    { deadlineMs: 60_000 },
  ).then(() => undefined, (e) => e);
  assert.equal(err, own);
  assert.equal(server.requests.length, 0);
});

Deno.test("budgets below one request a day are refused at construction", () => {
  for (const rate of [1e-306, 5e-324, 1 / 86_401]) {
    assert.throws(() => new LocalLimiter({ requestsPerSecond: rate }), {
      name: "ValueError",
      parameter: "requestsPerSecond",
    });
    assert.throws(
      () => new LocalLimiter({ serviceRequestsPerSecond: { geocode: rate } }),
      { parameter: "serviceRequestsPerSecond.geocode" },
    );
  }
  assert.ok(
    new LocalLimiter({ requestsPerSecond: 1 / 86_400 }).limits("geocode"),
  );
});
