// Item 1: rate limits and outages. 429 and 503 with Retry-After in seconds,
// as an HTTP date and absent; bursts of 5xx; connection resets mid-body;
// refused connections. Each recovers within the retry budget or ends with an
// ApiError / ConnectionError that says what happened, after exactly the
// number of attempts the policy promises (counted at the server).

import assert from "node:assert/strict";
import { ApiError, ConnectionError, type RetryEvent } from "@ls/ls";
import {
  hits,
  leakCheck,
  makeLS,
  sandbox,
  settles,
  witness,
} from "./_harness.ts";
import { opNamed, OPS } from "./_ops.ts";

function retries(): { events: RetryEvent[]; onRetry: (e: RetryEvent) => void } {
  const events: RetryEvent[] = [];
  return {
    events,
    onRetry: (e) => {
      witness.hooks.onRetry(e);
      events.push(e);
    },
  };
}

Deno.test("429 with Retry-After in seconds: the delay is the header's, capped by maxRetryAfterMs; recovers on attempt 3", async () => {
  await using box = await sandbox({
    faults: [{ path: "/v1/geocode", status: 429, retryAfter: "1", count: 2 }],
  });
  const r = retries();
  const ls = makeLS(box.url, { onRetry: r.onRetry, maxRetryAfterMs: 40 });
  const res = await settles(ls.geocode({ query: "Berlin" }));
  assert.ok(res.items.length > 0);
  assert.equal(hits(box, "/v1/geocode"), 3);
  assert.deepEqual(r.events.map((e) => [e.attempt, e.status, e.delayMs]), [
    [0, 429, 40],
    [1, 429, 40],
  ]);
  const first = r.events[0].error;
  assert.ok(first instanceof ApiError);
  assert.equal(first.retryAfterMs, 1000);
});

Deno.test("429 with Retry-After: 1 and the default cap: the client waits the full second", async () => {
  await using box = await sandbox({
    faults: [{ path: "/v1/geocode", status: 429, retryAfter: "1", count: 1 }],
  });
  const r = retries();
  const ls = makeLS(box.url, { onRetry: r.onRetry });
  const started = performance.now();
  await settles(ls.geocode({ query: "Berlin" }));
  assert.equal(hits(box, "/v1/geocode"), 2);
  assert.deepEqual(r.events.map((e) => e.delayMs), [1000]);
  // A lower bound only: the retry cannot have come before the delay.
  assert.ok(performance.now() - started >= 990);
});

Deno.test("503 with Retry-After as an HTTP date: the delay is the time until that date (future, capped; past, 0)", async () => {
  const future = new Date(Date.now() + 30_000).toUTCString();
  const past = new Date(Date.now() - 60_000).toUTCString();
  await using box = await sandbox({
    faults: [
      { path: "/v1/geocode", status: 503, retryAfter: future, count: 1 },
      {
        path: "/v1/geocode",
        status: 503,
        retryAfter: past,
        after: 1,
        count: 1,
      },
    ],
  });
  const r = retries();
  const ls = makeLS(box.url, { onRetry: r.onRetry, maxRetryAfterMs: 25 });
  await settles(ls.geocode({ query: "Berlin" }));
  assert.equal(hits(box, "/v1/geocode"), 3);
  assert.deepEqual(r.events.map((e) => [e.status, e.delayMs]), [
    [503, 25],
    [503, 0],
  ]);
  const parsed = (r.events[0].error as ApiError).retryAfterMs!;
  assert.ok(parsed > 25_000 && parsed <= 30_000, `parsed ${parsed}`);
  assert.equal((r.events[1].error as ApiError).retryAfterMs, 0);
});

Deno.test("503 without Retry-After: exponential backoff within retryMaxDelayMs", async () => {
  await using box = await sandbox({
    faults: [{ path: "/v1/geocode", status: 503, count: 3 }],
  });
  const r = retries();
  const ls = makeLS(box.url, {
    onRetry: r.onRetry,
    retryBaseDelayMs: 2,
    retryMaxDelayMs: 6,
  });
  await settles(ls.geocode({ query: "Berlin" }));
  assert.equal(hits(box, "/v1/geocode"), 4);
  assert.deepEqual(r.events.map((e) => e.attempt), [0, 1, 2]);
  r.events.forEach((e, i) => {
    assert.equal((e.error as ApiError).retryAfterMs, undefined);
    const ceiling = Math.min(6, 2 * 2 ** i);
    assert.ok(e.delayMs >= 0 && e.delayMs < ceiling, `delay ${e.delayMs}`);
  });
});

Deno.test("an outage longer than the budget: exactly maxRetries + 1 attempts, then an ApiError that says what happened", async () => {
  await using box = await sandbox({
    faults: [{ path: "/v1/geocode", status: 503, retryAfter: "0" }],
  });
  for (const maxRetries of [0, 1, 4]) {
    const before = hits(box, "/v1/geocode");
    const ls = makeLS(box.url, { maxRetries });
    const e = await witness.rejects(ls.geocode({ query: "Berlin" }));
    assert.equal(hits(box, "/v1/geocode") - before, maxRetries + 1);
    assert.ok(e instanceof ApiError, String(e));
    assert.equal(e.status, 503);
    assert.equal(e.retryAfterMs, 0);
    assert.match(
      e.message,
      /^HERE answered 503 \(Service Unavailable\): The service is temporarily unavailable \[GET http:\/\/127\.0\.0\.1:\d+\/v1\/geocode\?q=Berlin&limit=20&lang=en-US\]$/,
    );
  }
});

Deno.test("a per-call maxRetries overrides the client's", async () => {
  await using box = await sandbox({
    faults: [{ path: "/v1/geocode", status: 502 }],
  });
  const ls = makeLS(box.url, { maxRetries: 5 });
  const e = await witness.rejects(
    ls.geocode({ query: "Berlin" }, { maxRetries: 1 }),
  );
  assert.equal((e as ApiError).status, 502);
  assert.equal(hits(box, "/v1/geocode"), 2);
});

Deno.test("a burst of 500, 502, 503, 504: recovers on attempt 5 with maxRetries 4, fails with the 504 with maxRetries 3", async () => {
  const burst = [500, 502, 503, 504].map((status) => ({
    path: "/v8/routes",
    status,
    count: 1,
  }));
  {
    await using box = await sandbox({ faults: burst });
    const r = retries();
    const ls = makeLS(box.url, { onRetry: r.onRetry, maxRetries: 4 });
    const res = await settles(
      ls.carRoute(opNamed("carRoute").example() as never),
    );
    assert.equal(res.routes.length, 1);
    assert.equal(hits(box, "/v8/routes"), 5);
    assert.deepEqual(r.events.map((e) => e.status), [500, 502, 503, 504]);
  }
  {
    await using box = await sandbox({ faults: burst });
    const ls = makeLS(box.url, { maxRetries: 3 });
    const e = await witness.rejects(
      ls.carRoute(opNamed("carRoute").example() as never),
    );
    assert.ok(e instanceof ApiError);
    assert.equal(e.status, 504);
    assert.match(e.message, /^HERE answered 504 \(Gateway Timeout\)/);
    assert.equal(hits(box, "/v8/routes"), 4);
  }
});

Deno.test("every operation rides out two 503s and a 429 on its first request", async () => {
  for (const op of OPS) {
    await using box = await sandbox({
      faults: [
        { path: op.path, status: 503, count: 2 },
        { path: op.path, status: 429, retryAfter: "0", after: 2, count: 1 },
      ],
    });
    const ls = makeLS(box.url);
    await settles(op.call(ls, op.example()), 15_000, op.name);
    const first = box.requests.filter((q) => q.path === op.path)
      .slice(0, 4).map((q) => q.status);
    assert.deepEqual(first, [503, 503, 429, 200], op.name);
  }
});

Deno.test("4xx other than 408 and 429 is not retried: one attempt, the service's own error", async () => {
  await using box = await sandbox({
    faults: [
      { path: "/v1/geocode", status: 400, count: 1 },
      { path: "/v1/revgeocode", status: 404, count: 1 },
      { path: "/v8/routes", status: 403, count: 1 },
    ],
  });
  const ls = makeLS(box.url);
  for (
    const [op, status] of [["geocode", 400], ["reverseGeocode", 404], [
      "carRoute",
      403,
    ]] as const
  ) {
    const o = opNamed(op);
    const e = await witness.rejects(o.call(ls, o.example()));
    assert.ok(e instanceof ApiError);
    assert.equal(e.status, status);
    assert.equal(hits(box, o.path), 1, op);
  }
  // A wrong key: 401 straight away, the gateway's words in the message.
  const wrong = makeLS(box.url, { apiKey: "not-the-key" });
  const e = await witness.rejects(wrong.geocode({ query: "Berlin" }));
  assert.ok(e instanceof ApiError);
  assert.equal(e.status, 401);
  assert.match(e.message, /apiKey invalid/);
  assert.equal(hits(box, "/v1/geocode"), 2);
});

Deno.test("408 is retried like a 5xx", async () => {
  await using box = await sandbox({
    faults: [{ path: "/v3/report", status: 408, count: 2 }],
  });
  const ls = makeLS(box.url);
  const o = opNamed("getDestWeather");
  await settles(o.call(ls, o.example()));
  assert.equal(hits(box, "/v3/report"), 3);
});

Deno.test("connection reset mid-body: recovers within the budget; beyond it, a ConnectionError naming the request", async () => {
  {
    await using box = await sandbox({
      faults: [{ path: "/v1/geocode", drop: true, count: 2 }],
    });
    const r = retries();
    const ls = makeLS(box.url, { onRetry: r.onRetry });
    const res = await settles(ls.geocode({ query: "Berlin" }));
    assert.ok(res.items.length > 0);
    assert.equal(hits(box, "/v1/geocode"), 3);
    assert.ok(r.events.every((e) => e.error instanceof ConnectionError));
    assert.ok(r.events.every((e) => e.status === 200));
  }
  {
    await using box = await sandbox({
      faults: [{ path: "/v1/geocode", drop: true }],
    });
    const ls = makeLS(box.url, { maxRetries: 2 });
    const e = await witness.rejects(ls.geocode({ query: "Berlin" }));
    assert.ok(e instanceof ConnectionError, String(e));
    assert.equal(hits(box, "/v1/geocode"), 3);
    assert.match(
      e.message,
      /^Connection failed: .+ \[GET http:\/\/127\.0\.0\.1:\d+\/v1\/geocode\?q=Berlin&limit=20&lang=en-US\]$/,
    );
  }
});

Deno.test("connection reset on every operation's first request: each recovers", async () => {
  for (const op of OPS) {
    // autosuggest returns a raw Response (see below).
    if (op.name === "autosuggest") continue;
    await using box = await sandbox({
      faults: [{ path: op.path, drop: true, count: 1 }],
    });
    const ls = makeLS(box.url);
    await settles(op.call(ls, op.example()), 15_000, op.name);
    assert.equal(hits(box, op.path), 2, op.name);
  }
});

Deno.test({
  name:
    "sync matrix: a reset while reading the result is retried like any idempotent request",
  // Was a bug (fixed): packages/matrix/_call.ts call() gets the raw Response from
  // client.request() and reads it in readResult(), outside the client's retry
  // loop: a reset mid-body ends in "ConnectionError: Connection failed while
  // reading the matrix result" after 1 attempt, although the sync POST is
  // retried as idempotent (a 500 is retried, see below). Expected: a second
  // attempt that succeeds (2 requests). Same for the async result download.
  fn: async () => {
    await using box = await sandbox({
      faults: [{ path: "/v8/matrix", drop: true, count: 1 }],
    });
    const ls = makeLS(box.url);
    const op = opNamed("matrix");
    await settles(op.call(ls, op.example()));
    assert.equal(hits(box, "/v8/matrix"), 2);
  },
});

Deno.test("autosuggest hands back the raw Response read within the call: a reset after the headers is retried, then the body is whole", async () => {
  await using box = await sandbox({
    faults: [{ path: "/v1/autosuggest", drop: true, count: 1 }],
  });
  const ls = makeLS(box.url);
  const res = await ls.autosuggest({ query: "ber", at: [52.5, 13.4] });
  assert.equal(res.status, 200);
  assert.ok(Array.isArray((await res.json()).items));
  assert.equal(hits(box, "/v1/autosuggest"), 2);
});

function closedPort(): number {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (listener.addr as Deno.NetAddr).port;
  listener.close();
  return port;
}

Deno.test("connection refused: maxRetries + 1 attempts, then a ConnectionError naming the request", async () => {
  let attempts = 0;
  const ls = makeLS(`http://127.0.0.1:${closedPort()}`, {
    maxRetries: 2,
    onRequest: (e) => {
      witness.hooks.onRequest(e);
      attempts++;
    },
  });
  const e = await witness.rejects(settles(ls.geocode({ query: "Berlin" })));
  assert.ok(e instanceof ConnectionError, String(e));
  assert.equal(attempts, 3);
  assert.match(
    e.message,
    /^Connection failed: .+ \[GET http:\/\/127\.0\.0\.1:\d+\/v1\/geocode\?q=Berlin&limit=20&lang=en-US\]$/,
  );
});

Deno.test({
  name:
    "connection refused: the ConnectionError says the connection was refused",
  // Was a bug (fixed): packages/core/client/client.ts (#run, the generic catch, ~line 640) keeps only
  // err.message. Deno's fetch throws TypeError("fetch failed") whose `cause`
  // says "tcp connect error: Connection refused (os error 111)" (with the URL,
  // key included); the client drops the cause, so the message reads
  // "Connection failed: fetch failed [GET ...]" and does not say what happened.
  // Expected: the (redacted) cause's reason in the message.
  fn: async () => {
    const ls = makeLS(`http://127.0.0.1:${closedPort()}`, { maxRetries: 0 });
    const e = await witness.rejects(ls.geocode({ query: "Berlin" }));
    assert.ok(e instanceof ConnectionError, String(e));
    assert.match(e.message, /refused/i);
  },
});

Deno.test("a job submit (async matrix, async tour) retries only 429 and 503, never a 500", async () => {
  const matrixOp = opNamed("matrix");
  const tourOp = opNamed("solveTourPlanning");
  const cases = [
    {
      op: matrixOp,
      path: "/v8/matrix",
      params: { ...matrixOp.example(), async: true },
    },
    {
      op: tourOp,
      path: "/v3/problems/async",
      params: {
        ...tourOp.example(),
        async: true,
      },
    },
  ];
  for (const { op, path, params } of cases) {
    const options = { poll: { initialDelayMs: 1 } };
    {
      await using box = await sandbox({
        faults: [{ path, method: "POST", status: 500, count: 1 }],
      });
      const ls = makeLS(box.url);
      const e = await witness.rejects(op.call(ls, params, options));
      assert.ok(e instanceof ApiError);
      assert.equal(e.status, 500);
      assert.equal(hits(box, path, "POST"), 1, `${op.name}: a 500 submit`);
    }
    {
      await using box = await sandbox({
        faults: [
          { path, method: "POST", status: 503, count: 1 },
          {
            path,
            method: "POST",
            status: 429,
            retryAfter: "0",
            after: 1,
            count: 1,
          },
        ],
      });
      const ls = makeLS(box.url);
      await settles(op.call(ls, params, options), 15_000, op.name);
      assert.equal(hits(box, path, "POST"), 3, `${op.name}: 503, 429, 202`);
    }
  }
});

Deno.test("a sync POST (weather alerts, sync matrix, sync tour) is retried on 500 like a GET", async () => {
  for (
    const name of ["getWeatherAlerts", "matrix", "solveTourPlanning"] as const
  ) {
    const op = opNamed(name);
    await using box = await sandbox({
      faults: [{ path: op.path, method: "POST", status: 500, count: 2 }],
    });
    const ls = makeLS(box.url);
    await settles(op.call(ls, op.example()), 15_000, name);
    assert.equal(hits(box, op.path, "POST"), 3, name);
  }
});

leakCheck(60);
