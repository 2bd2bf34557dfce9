// Item 2: time. Slow headers, slow bodies, the per-attempt timeout, the
// overall deadline, and the caller's abort before the request, in flight,
// during backoff, while queued, and during async polling. Nothing hangs (each
// call is raced against a generous watchdog), and the sanitizers fail any
// test that leaves a timer or a socket open.

import assert from "node:assert/strict";
import { ApiError, TimeoutError } from "@ls/ls";
import {
  faultServer,
  hits,
  leakCheck,
  makeLS,
  sandbox,
  settles,
  trickle,
  witness,
} from "./_harness.ts";
import { opNamed, OPS } from "./_ops.ts";

const URL_TAIL =
  /\[GET http:\/\/127\.0\.0\.1:\d+\/v1\/geocode\?q=Berlin&limit=20&lang=en-US\]$/;

Deno.test("slow headers: each attempt times out after timeoutMs, maxRetries + 1 attempts, then a TimeoutError", async () => {
  await using box = await sandbox({
    faults: [{ path: "/v1/geocode", latencyMs: 10_000 }],
  });
  const ls = makeLS(box.url, { timeoutMs: 80, maxRetries: 1 });
  const e = await witness.rejects(settles(ls.geocode({ query: "Berlin" })));
  assert.ok(e instanceof TimeoutError, String(e));
  assert.match(e.message, /^Request timed out after 80 ms /);
  assert.match(e.message, URL_TAIL);
  assert.equal(hits(box, "/v1/geocode"), 2);
});

Deno.test("slow headers once: the second attempt succeeds", async () => {
  await using box = await sandbox({
    faults: [{ path: "/v1/geocode", latencyMs: 10_000, count: 1 }],
  });
  const ls = makeLS(box.url, { timeoutMs: 80 });
  const res = await settles(ls.geocode({ query: "Berlin" }));
  assert.ok(res.items.length > 0);
  assert.equal(hits(box, "/v1/geocode"), 2);
});

Deno.test("slow body: the per-attempt timeout covers reading the body", async () => {
  await using server = await faultServer();
  server.route(
    "GET /v1/geocode",
    (_req, _n, ctx) => trickle(ctx, ['{"items":', "[", "]", "}"], 200),
  );
  const ls = makeLS(server.url, { timeoutMs: 100, maxRetries: 2 });
  const e = await witness.rejects(settles(ls.geocode({ query: "Berlin" })));
  assert.ok(e instanceof TimeoutError, String(e));
  assert.match(e.message, /^Request timed out after 100 ms /);
  assert.equal(server.count("GET /v1/geocode"), 3);
});

Deno.test("slow but steady body within the timeout: resolves", async () => {
  await using server = await faultServer();
  server.route(
    "GET /v1/geocode",
    (_req, _n, ctx) =>
      trickle(ctx, ['{"items":', '[{"title":"Slow"', "}]", "}"], 5),
  );
  const ls = makeLS(server.url, { timeoutMs: 2_000 });
  const res = await settles(ls.geocode({ query: "Berlin" }));
  assert.equal(res.items[0].title, "Slow");
});

Deno.test("overall deadline while a request is in flight: a TimeoutError naming the deadline, one attempt", async () => {
  await using box = await sandbox({
    faults: [{ path: "/v1/geocode", latencyMs: 10_000 }],
  });
  const ls = makeLS(box.url, { timeoutMs: 5_000 });
  const e = await witness.rejects(
    settles(ls.geocode({ query: "Berlin" }, { deadlineMs: 120 })),
  );
  assert.ok(e instanceof TimeoutError, String(e));
  assert.match(e.message, /^Operation exceeded its deadline of 120 ms /);
  assert.equal(hits(box, "/v1/geocode"), 1);
});

Deno.test("overall deadline across retries: stops before the deadline with the last failure", async () => {
  await using box = await sandbox({
    faults: [{ path: "/v1/geocode", status: 503 }],
  });
  const ls = makeLS(box.url, {
    maxRetries: 1_000,
    retryBaseDelayMs: 20,
    retryMaxDelayMs: 40,
  });
  const e = await witness.rejects(
    settles(ls.geocode({ query: "Berlin" }, { deadlineMs: 300 })),
  );
  assert.ok(
    (e instanceof ApiError && e.status === 503) || e instanceof TimeoutError,
    String(e),
  );
  const n = hits(box, "/v1/geocode");
  assert.ok(n >= 2 && n < 1_000, `${n} attempts`);
});

Deno.test("a Retry-After beyond the deadline: gives up at once with the 429 instead of sleeping past it", async () => {
  await using box = await sandbox({
    faults: [{ path: "/v1/geocode", status: 429, retryAfter: "30" }],
  });
  const ls = makeLS(box.url);
  const e = await witness.rejects(
    settles(ls.geocode({ query: "Berlin" }, { deadlineMs: 2_000 }), 1_500),
  );
  assert.ok(e instanceof ApiError);
  assert.equal(e.status, 429);
  assert.equal(e.retryAfterMs, 30_000);
  assert.equal(hits(box, "/v1/geocode"), 1);
});

Deno.test("abort before the request: every operation rejects with the signal's reason and sends nothing", async () => {
  await using box = await sandbox();
  const ls = makeLS(box.url);
  const reason = new Error("caller gave up");
  const signal = AbortSignal.abort(reason);
  for (const op of OPS) {
    const e = await witness.rejects(op.call(ls, op.example(), { signal }));
    assert.equal(e, reason, op.name);
  }
  const async = [
    [opNamed("matrix"), { ...opNamed("matrix").example(), async: true }],
    [opNamed("solveTourPlanning"), {
      ...opNamed("solveTourPlanning").example(),
      async: true,
    }],
  ] as const;
  for (const [op, params] of async) {
    assert.equal(
      await witness.rejects(op.call(ls, params, { signal })),
      reason,
    );
  }
  assert.equal(box.requests.length, 0);
});

Deno.test("abort with no reason: rejects with the platform's AbortError", async () => {
  await using box = await sandbox();
  const ls = makeLS(box.url);
  const ctl = new AbortController();
  ctl.abort();
  const e = await witness.rejects(
    ls.geocode({ query: "Berlin" }, { signal: ctl.signal }),
  );
  assert.equal(e.name, "AbortError");
  assert.equal(e, ctl.signal.reason);
});

Deno.test("abort while the request is in flight (slow headers): rejects with the reason at once", async () => {
  await using box = await sandbox({
    faults: [{ path: "/v1/geocode", latencyMs: 10_000 }],
  });
  const ls = makeLS(box.url);
  const ctl = new AbortController();
  const reason = new Error("stop");
  const p = ls.geocode({ query: "Berlin" }, { signal: ctl.signal });
  setTimeout(() => ctl.abort(reason), 50);
  assert.equal(await witness.rejects(settles(p, 2_000)), reason);
  assert.equal(hits(box, "/v1/geocode"), 1);
});

Deno.test("abort while the body is trickling in: rejects with the reason", async () => {
  await using server = await faultServer();
  server.route(
    "GET /v1/geocode",
    (_req, _n, ctx) => trickle(ctx, ['{"items":', "[", "]", "}"], 300),
  );
  const ls = makeLS(server.url);
  const ctl = new AbortController();
  const reason = new Error("enough");
  const p = ls.geocode({ query: "Berlin" }, { signal: ctl.signal });
  setTimeout(() => ctl.abort(reason), 100);
  assert.equal(await witness.rejects(settles(p, 2_000)), reason);
});

Deno.test("abort during backoff: rejects with the reason, no further attempt", async () => {
  await using box = await sandbox({
    faults: [{ path: "/v1/geocode", status: 503, retryAfter: "30" }],
  });
  const ctl = new AbortController();
  const reason = new Error("not waiting 30 s");
  const ls = makeLS(box.url, {
    onRetry: (e) => {
      witness.hooks.onRetry(e);
      assert.equal(e.delayMs, 30_000);
      setTimeout(() => ctl.abort(reason), 20);
    },
  });
  const p = ls.geocode({ query: "Berlin" }, { signal: ctl.signal });
  assert.equal(await witness.rejects(settles(p, 2_000)), reason);
  assert.equal(hits(box, "/v1/geocode"), 1);
});

Deno.test("abort while queued for a concurrency slot: rejects, never sent", async () => {
  await using box = await sandbox({
    faults: [{ path: "/v1/geocode", latencyMs: 300, count: 1 }],
  });
  const ls = makeLS(box.url, { maxConcurrency: 1 });
  const first = ls.geocode({ query: "Berlin" });
  const ctl = new AbortController();
  const reason = new Error("queue too long");
  const second = ls.reverseGeocode({ lat: 52.5, lng: 13.4 }, {
    signal: ctl.signal,
  });
  setTimeout(() => ctl.abort(reason), 50);
  assert.equal(await witness.rejects(settles(second, 2_000)), reason);
  await settles(first);
  assert.equal(hits(box, "/v1/revgeocode"), 0);
});

Deno.test("abort while held back by requestsPerSecond: rejects, never sent", async () => {
  await using box = await sandbox();
  const ls = makeLS(box.url, { requestsPerSecond: 1 });
  await ls.geocode({ query: "Berlin" }); // takes the first slot of the second
  const ctl = new AbortController();
  const reason = new Error("rate wait too long");
  const p = ls.geocode({ query: "Paris" }, { signal: ctl.signal });
  setTimeout(() => ctl.abort(reason), 50);
  assert.equal(await witness.rejects(settles(p, 2_000)), reason);
  assert.equal(hits(box, "/v1/geocode"), 1);
});

Deno.test("abort during async polling (matrix, tour): rejects with the reason, polling stops", async () => {
  await using box = await sandbox({ asyncDelayMs: 600_000 });
  const cases = [
    [opNamed("matrix"), { ...opNamed("matrix").example(), async: true }, {
      poll: { initialDelayMs: 5, maxDelayMs: 10 },
    }],
    [opNamed("solveTourPlanning"), {
      ...opNamed("solveTourPlanning").example(),
      async: true,
    }, { poll: { initialDelayMs: 5, maxDelayMs: 10 } }],
  ] as const;
  for (const [op, params, extra] of cases) {
    const ctl = new AbortController();
    const reason = new Error(`stop ${op.name}`);
    let polls = 0;
    const ls = makeLS(box.url, {
      onRequest: (e) => {
        witness.hooks.onRequest(e);
        if (e.method === "GET" && ++polls === 3) ctl.abort(reason);
      },
    });
    const p = op.call(ls, params, {
      ...extra,
      signal: ctl.signal,
      onProgress: witness.onProgress,
    });
    assert.equal(await witness.rejects(settles(p, 5_000)), reason);
    const after = box.requests.length;
    await new Promise((r) => setTimeout(r, 60));
    assert.equal(box.requests.length, after, `${op.name} polled after abort`);
    assert.equal(polls, 3);
  }
});

Deno.test("autosuggest's raw Response: the caller's signal cancels a slow body while the call reads it", async () => {
  await using server = await faultServer();
  server.route(
    "GET /v1/autosuggest",
    (_req, _n, ctx) => trickle(ctx, ['{"items":', "[", "]", "}"], 300),
  );
  const ls = makeLS(server.url);
  const ctl = new AbortController();
  const reason = new Error("typing went on");
  setTimeout(() => ctl.abort(reason), 50);
  const p = ls.autosuggest({ query: "ber", at: [52.5, 13.4] }, {
    signal: ctl.signal,
  });
  assert.equal(await witness.rejects(settles(p, 2_000)), reason);
});

Deno.test("autosuggest's raw Response: the attempt's timeout covers the body, so a slow body is a TimeoutError", async () => {
  await using server = await faultServer();
  server.route(
    "GET /v1/autosuggest",
    (_req, _n, ctx) => trickle(ctx, ['{"items":', "[", "]", "}"], 60),
  );
  const ls = makeLS(server.url, { timeoutMs: 100, maxRetries: 0 });
  // The body takes ~240 ms, well past timeoutMs.
  const e = await witness.rejects(
    settles(ls.autosuggest({ query: "ber", at: [52.5, 13.4] }), 2_000),
  );
  assert.ok(e instanceof TimeoutError, String(e));
  assert.match(e.message, /while the response was read/);
});

Deno.test("autosuggest's raw Response: a body within the timeout is handed back whole", async () => {
  await using server = await faultServer();
  server.route(
    "GET /v1/autosuggest",
    (_req, _n, ctx) => trickle(ctx, ['{"items":', "[", "]", "}"], 20),
  );
  const ls = makeLS(server.url, { timeoutMs: 2_000 });
  const res = await ls.autosuggest({ query: "ber", at: [52.5, 13.4] });
  assert.equal(await res.text(), '{"items":[]}');
});

leakCheck(20);
