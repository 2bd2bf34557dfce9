import assert from "node:assert/strict";
import { bulk } from "./bulk.ts";
import type { BulkItem, BulkProgress } from "./bulk_types.ts";
import type { Client } from "../client/client.ts";
import type { JsonResponse, RequestOptions } from "../http/spec.ts";
import { nonBlankString } from "../params/check_params.ts";
import { ApiError, ValueError } from "../errors/errors.ts";
import { Query } from "../params/query.ts";
import {
  assertGetRequest,
  assertValueError,
  jsonReply,
  LEAK_SECRETS,
  LeakWitness,
  type RecordedRequest,
  rejectsValueError,
  type RouteHandler,
  startTestServer,
  testClient,
} from "../testing.ts";

interface Params {
  query: string;
}
type Answer = JsonResponse<{ items: { title: string }[] }>;

/**
 * A geocode call as a domain package makes it: the query is checked (a
 * blank one is a ValueError, sent nowhere), then sent with the client.
 */
function geocodeWith(client: Client) {
  return (params: Params, options: RequestOptions): Promise<Answer> =>
    client.requestJson({
      service: "geocode",
      path: "/v1/geocode",
      query: new Query().set("q", nonBlankString(params.query, "query")),
    }, options);
}

/** Answers with one item titled after the query. */
const echo: RouteHandler = (req) =>
  Response.json({ items: [{ title: `Title ${req.query.get("q")}` }] });

/** A promise and the function that resolves it. */
function gate(): { opened: Promise<void>; open: () => void } {
  const { promise, resolve } = Promise.withResolvers<void>();
  return { opened: promise, open: () => resolve() };
}

/**
 * A handler that holds each request until `release()` (or until the test
 * ends), and counts how many it holds at once.
 */
function holding(answer: RouteHandler = echo) {
  let current = gate();
  const state = {
    active: 0,
    peak: 0,
    received: 0,
    /** Resolves when `received` reaches `n`. */
    whenReceived(n: number): Promise<void> {
      return new Promise((resolve) => {
        const check = () =>
          state.received >= n ? resolve() : waiters.push(check);
        check();
      });
    },
    release() {
      current.open();
      current = gate();
    },
    handler: (async (req, n, signal) => {
      state.active++;
      state.peak = Math.max(state.peak, state.active);
      state.received++;
      for (const w of waiters.splice(0)) w();
      const held = current.opened;
      const onAbort = () => current.open();
      signal.addEventListener("abort", onAbort);
      await held;
      signal.removeEventListener("abort", onAbort);
      state.active--;
      return answer(req, n, signal);
    }) as RouteHandler,
  };
  const waiters: (() => void)[] = [];
  return state;
}

function queries(requests: RecordedRequest[]): string[] {
  return requests.map((r) => r.query.get("q") ?? "").sort();
}

Deno.test("bulk: sends each input's request and yields every outcome with its index and input", async () => {
  await using server = await startTestServer();
  server.route("GET /v1/geocode", echo);
  const client = testClient(server);
  const inputs = ["Berlin", "Paris", "Rome"].map((query) => ({ query }));
  const items: BulkItem<Params, Answer>[] = [];
  for await (
    const item of bulk(geocodeWith(client), inputs, { concurrency: 1 })
  ) items.push(item);
  // One at a time: the requests go out in input order.
  assert.equal(server.requests.length, 3);
  assertGetRequest(server.requests[0], "/v1/geocode", "q=Berlin");
  assertGetRequest(server.requests[1], "/v1/geocode", "q=Paris");
  assertGetRequest(server.requests[2], "/v1/geocode", "q=Rome");
  assert.deepEqual(
    items.map((item) => [
      item.index,
      item.input,
      "result" in item ? item.result.body.items[0].title : item.error,
    ]),
    [
      [0, inputs[0], "Title Berlin"],
      [1, inputs[1], "Title Paris"],
      [2, inputs[2], "Title Rome"],
    ],
  );
});

Deno.test("bulk: yields outcomes in the order they finish, not the input order", async () => {
  await using server = await startTestServer();
  const released = new Map<string, () => void>();
  const waits = new Map<string, Promise<void>>();
  for (const q of ["a", "b"]) {
    const g = gate();
    released.set(q, g.open);
    waits.set(q, g.opened);
  }
  server.route("GET /v1/geocode", async (req, n, signal) => {
    await waits.get(req.query.get("q")!);
    return echo(req, n, signal);
  });
  const client = testClient(server);
  const order: number[] = [];
  try {
    for await (
      const item of bulk(geocodeWith(client), [
        { query: "a" },
        { query: "b" },
        { query: "c" },
      ], { concurrency: 3 })
    ) {
      order.push(item.index);
      // "c" answers at once; then "b" is let go, then "a".
      if (item.input.query === "c") released.get("b")!();
      if (item.input.query === "b") released.get("a")!();
    }
  } finally {
    for (const open of released.values()) open();
  }
  assert.deepEqual(order, [2, 1, 0]);
  assert.deepEqual(queries(server.requests), ["a", "b", "c"]);
});

Deno.test("bulk: the server never sees more than `concurrency` requests at once", async () => {
  await using server = await startTestServer();
  const held = holding();
  server.route("GET /v1/geocode", held.handler);
  const client = testClient(server);
  const inputs = Array.from({ length: 10 }, (_, i) => ({ query: `q${i}` }));
  const run = bulk(geocodeWith(client), inputs, { concurrency: 3 });
  const consumed = (async () => {
    let n = 0;
    for await (const item of run) {
      assert.ok("result" in item);
      n++;
    }
    return n;
  })();
  // Let the requests go in batches once three are held (or the last one).
  for (const until of [3, 6, 9, 10]) {
    await held.whenReceived(until);
    // A fourth request never arrives while three are held.
    assert.equal(held.received, until);
    held.release();
  }
  assert.equal(await consumed, 10);
  assert.equal(held.peak, 3);
  assert.deepEqual(queries(server.requests), inputs.map((i) => i.query).sort());
});

Deno.test("bulk: the client's own limits and retries apply to every call", async () => {
  await using server = await startTestServer();
  const held = holding();
  let calls = 0;
  server.route("GET /v1/geocode", (req, n, signal) => {
    // The first request of all is refused with a retryable 503.
    if (calls++ === 0) return new Response("busy", { status: 503 });
    return held.handler(req, n, signal);
  });
  // Bulk would run 5 at once; the client allows 2.
  const client = testClient(server, { maxConcurrency: 2 });
  const inputs = Array.from({ length: 6 }, (_, i) => ({ query: `q${i}` }));
  const consumed = Array.fromAsync(
    bulk(geocodeWith(client), inputs, { concurrency: 5 }),
  );
  for (const until of [2, 4, 6]) {
    await held.whenReceived(until);
    assert.equal(held.received, until);
    held.release();
  }
  const items = await consumed;
  assert.equal(items.filter((item) => "result" in item).length, 6);
  assert.equal(held.peak, 2);
  // Six inputs, seven requests: one was retried.
  assert.equal(server.requests.length, 7);
});

Deno.test("bulk: a failed input never stops the others, and its error is the library's", async () => {
  await using server = await startTestServer();
  server.route(
    "GET /v1/geocode",
    (req, n, signal) =>
      req.query.get("q") === "nowhere"
        ? jsonReply(400, { title: "Malformed request", status: 400 })(
          req,
          n,
          signal,
        )
        : echo(req, n, signal),
  );
  const client = testClient(server, { maxRetries: 0 });
  const inputs = [
    { query: "Berlin" },
    { query: "  " },
    { query: "nowhere" },
    { query: "Rome" },
  ];
  const items = await Array.fromAsync(
    bulk(geocodeWith(client), inputs, { concurrency: 2 }),
  );
  const byIndex = items.sort((a, b) => a.index - b.index);
  assert.equal(byIndex.length, 4);
  assert.ok("result" in byIndex[0] && "result" in byIndex[3]);
  const blank = byIndex[1];
  assert.ok("error" in blank && blank.error instanceof ValueError);
  assert.equal(blank.error.parameter, "query");
  const refused = byIndex[2];
  assert.ok("error" in refused && refused.error instanceof ApiError);
  assert.equal(refused.error.status, 400);
  // The blank query was refused before any request.
  assert.deepEqual(queries(server.requests), ["Berlin", "Rome", "nowhere"]);
});

Deno.test("bulk: aborting the signal aborts the calls under way and rejects with its reason", async () => {
  await using server = await startTestServer();
  const held = holding();
  server.route("GET /v1/geocode", held.handler);
  const client = testClient(server);
  const settled: unknown[] = [];
  const run = (params: Params, options: RequestOptions) =>
    geocodeWith(client)(params, options).catch((e) => {
      settled.push(e);
      throw e;
    });
  const controller = new AbortController();
  const reason = new Error("stopped by the user");
  const inputs = Array.from({ length: 10 }, (_, i) => ({ query: `q${i}` }));
  try {
    const iteration = Array.fromAsync(
      bulk(run, inputs, { concurrency: 3, signal: controller.signal }),
    );
    await held.whenReceived(3);
    controller.abort(reason);
    await assert.rejects(iteration, (e) => e === reason);
    // Every call under way had ended, with the same reason, by then.
    assert.deepEqual(settled, [reason, reason, reason]);
    assert.equal(server.requests.length, 3);
  } finally {
    held.release();
  }
});

Deno.test("bulk: an aborted signal ends the run before any input is pulled", async () => {
  let pulled = 0;
  function* inputs() {
    while (true) {
      pulled++;
      yield { query: "x" };
    }
  }
  const reason = new Error("already stopped");
  const run = bulk(() => Promise.resolve(1), inputs(), {
    signal: AbortSignal.abort(reason),
  });
  await assert.rejects(run.next(), (e) => e === reason);
  assert.equal(pulled, 0);
});

Deno.test("bulk: leaving the loop early aborts the calls under way and closes the inputs", async () => {
  await using server = await startTestServer();
  const held = holding();
  server.route(
    "GET /v1/geocode",
    (req, n, signal) =>
      req.query.get("q") === "q0"
        ? echo(req, n, signal)
        : held.handler(req, n, signal),
  );
  const client = testClient(server);
  const settled: string[] = [];
  const run = (params: Params, options: RequestOptions) =>
    geocodeWith(client)(params, options).catch((e) => {
      settled.push(e.name);
      throw e;
    });
  let closed = false;
  function* inputs() {
    try {
      for (let i = 0; i < 10; i++) yield { query: `q${i}` };
    } finally {
      closed = true;
    }
  }
  try {
    for await (const item of bulk(run, inputs(), { concurrency: 4 })) {
      assert.equal(item.index, 0);
      await held.whenReceived(4);
      break;
    }
    // By the time the loop is left, the four held calls have been aborted.
    assert.deepEqual(settled, [
      "AbortError",
      "AbortError",
      "AbortError",
      "AbortError",
    ]);
    assert.ok(closed);
    assert.equal(server.requests.length, 5);
  } finally {
    held.release();
  }
});

Deno.test("bulk: pulls inputs lazily, so an endless input runs in bounded memory", async () => {
  let pulled = 0;
  let closed = false;
  function* endless() {
    try {
      for (let i = 0;; i++) {
        pulled++;
        yield i;
      }
    } finally {
      closed = true;
    }
  }
  const seen: number[] = [];
  for await (
    const item of bulk((n: number) => Promise.resolve(n * 2), endless(), {
      concurrency: 4,
    })
  ) {
    assert.ok("result" in item);
    seen.push(item.result);
    if (seen.length === 100) break;
  }
  assert.equal(seen.length, 100);
  assert.ok(pulled <= 100 + 4, `pulled ${pulled}`);
  assert.ok(closed);
});

Deno.test("bulk: a slow consumer pauses the pulling: at most `concurrency` results wait for it", async () => {
  await using server = await startTestServer();
  server.route("GET /v1/geocode", echo);
  const client = testClient(server);
  let pulled = 0;
  async function* endless() {
    for (let i = 0;; i++) {
      pulled++;
      yield { query: `q${i}` };
    }
  }
  const progress: BulkProgress[] = [];
  const idle = Promise.withResolvers<void>();
  const run = bulk(geocodeWith(client), endless(), {
    concurrency: 3,
    onProgress: (p) => {
      progress.push(p);
      if (p.done === 4 && p.inFlight === 0) idle.resolve();
    },
  });
  const first = await run.next();
  assert.equal(first.done, false);
  // The consumer holds the first result; three more finish and wait.
  await idle.promise;
  for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 0));
  assert.equal(pulled, 4);
  assert.equal(server.requests.length, 4);
  // Taking one frees one slot: one more input is pulled.
  await run.next();
  await run.return();
  assert.ok(pulled <= 5, `pulled ${pulled}`);
});

Deno.test("bulk: takes async iterables; an input that throws ends the run after the calls under way", async () => {
  await using server = await startTestServer();
  server.route("GET /v1/geocode", echo);
  const client = testClient(server);
  const broken = new Error("the input file is unreadable");
  async function* inputs() {
    yield { query: "Berlin" };
    yield { query: "Paris" };
    throw broken;
  }
  const seen: string[] = [];
  await assert.rejects(
    (async () => {
      for await (const item of bulk(geocodeWith(client), inputs())) {
        assert.ok("result" in item);
        seen.push(item.result.body.items[0].title);
      }
    })(),
    (e) => e === broken,
  );
  assert.deepEqual(seen.sort(), ["Title Berlin", "Title Paris"]);
});

Deno.test("bulk: a sync input that throws on its first pull ends the run with that error", async () => {
  const broken = new Error("no inputs");
  const inputs: Iterable<number> = {
    [Symbol.iterator]: () => ({
      next: () => {
        throw broken;
      },
    }),
  };
  await assert.rejects(
    Array.fromAsync(bulk((n: number) => Promise.resolve(n), inputs)),
    (e) => e === broken,
  );
});

Deno.test("bulk: reports progress after each call, with an estimate when the total is known", async () => {
  const progress: BulkProgress[] = [];
  const inputs = [1, 2, -3, 4, 5];
  const square = (n: number) =>
    n < 0
      ? Promise.reject(new ValueError("n", "must not be negative", n))
      : Promise.resolve(n * n);
  const items = await Array.fromAsync(
    bulk(square, inputs, {
      concurrency: 1,
      onProgress: (p) => {
        progress.push(p);
        throw new Error("a broken progress bar does not stop the run");
      },
    }),
  );
  assert.equal(items.length, 5);
  assert.deepEqual(
    progress.map((p) => [p.done, p.failed, p.inFlight]),
    [[1, 0, 0], [2, 0, 0], [3, 1, 0], [4, 1, 0], [5, 1, 0]],
  );
  for (const p of progress) {
    assert.ok(p.ratePerSecond > 0 && Number.isFinite(p.ratePerSecond));
    assert.ok(typeof p.etaMs === "number" && p.etaMs >= 0);
  }
  assert.equal(progress[4].etaMs, 0);

  // A generator's length is unknown: no estimate, unless `total` says it.
  const unknown: BulkProgress[] = [];
  await Array.fromAsync(
    bulk(square, new Set([1, 2]).values(), {
      onProgress: (p) => unknown.push(p),
    }),
  );
  assert.deepEqual(unknown.map((p) => p.etaMs), [undefined, undefined]);
  const told: BulkProgress[] = [];
  await Array.fromAsync(
    bulk(square, new Set([1, 2]).values(), {
      total: 2,
      onProgress: (p) => told.push(p),
    }),
  );
  assert.equal(told[1].etaMs, 0);
  // A Set has a size.
  const set: BulkProgress[] = [];
  await Array.fromAsync(
    bulk(square, new Set([1, 2]), { onProgress: (p) => set.push(p) }),
  );
  assert.equal(set[1].etaMs, 0);
});

Deno.test("bulk: an async onProgress whose promise rejects does not break the run", async () => {
  let calls = 0;
  const items = await Array.fromAsync(
    bulk((n: number) => Promise.resolve(n * n), [1, 2, 3], {
      onProgress: () => {
        calls++;
        return Promise.reject(new Error("display failed"));
      },
    }),
  );
  assert.deepEqual(
    items.map((item) => "result" in item ? item.result : item.error).sort(),
    [1, 4, 9],
  );
  assert.equal(calls, 3);
  // An unhandled rejection would fail this test file.
  await new Promise((resolve) => setTimeout(resolve, 0));
});

Deno.test("bulk: counts calls in flight in its progress", async () => {
  await using server = await startTestServer();
  const held = holding();
  server.route("GET /v1/geocode", held.handler);
  const client = testClient(server);
  const progress: BulkProgress[] = [];
  const inputs = Array.from({ length: 4 }, (_, i) => ({ query: `q${i}` }));
  const consumed = Array.fromAsync(
    bulk(geocodeWith(client), inputs, {
      concurrency: 4,
      onProgress: (p) => progress.push(p),
    }),
  );
  await held.whenReceived(4);
  held.release();
  await consumed;
  assert.deepEqual(progress.map((p) => p.done), [1, 2, 3, 4]);
  assert.deepEqual(progress.map((p) => p.inFlight), [3, 2, 1, 0]);
});

Deno.test("bulk: passes the per-call options to every call", async () => {
  await using server = await startTestServer();
  server.route("GET /v1/geocode", echo);
  const client = testClient(server);
  const items = await Array.fromAsync(
    bulk(geocodeWith(client), [{ query: "Berlin" }, { query: "Rome" }], {
      callOptions: {
        query: { politicalView: "IND" },
        headers: { "x-batch": "nightly" },
        deadlineMs: 10_000,
      },
    }),
  );
  assert.equal(items.length, 2);
  for (const req of server.requests) {
    assert.equal(req.query.get("politicalView"), "IND");
    assert.equal(req.headers.get("x-batch"), "nightly");
  }
});

Deno.test("bulk: a bad option or input is a ValueError before any input is pulled", () => {
  let pulled = 0;
  function* inputs() {
    pulled++;
    yield 1;
  }
  const run = (n: number) => Promise.resolve(n);
  for (
    const concurrency of [0, -1, 1.5, NaN, Infinity, 10_001, 1e9, "4" as never]
  ) {
    assertValueError(() => bulk(run, inputs(), { concurrency }), "concurrency");
  }
  assertValueError(() => bulk(run, inputs(), { total: -1 }), "total");
  assertValueError(() => bulk(run, inputs(), { total: 0.5 }), "total");
  assertValueError(
    () => bulk(run, inputs(), { onProgress: "bar" as never }),
    "onProgress",
  );
  assertValueError(
    () => bulk(run, inputs(), { signal: {} as never }),
    "signal",
  );
  assertValueError(
    () => bulk(run, inputs(), { callOptions: { deadlineMs: -1 } }),
    "callOptions.deadlineMs",
    "Invalid callOptions.deadlineMs: must be a positive finite number, got -1",
  );
  assertValueError(
    () => bulk(run, inputs(), { callOptions: { maxRetries: 0.5 } }),
    "callOptions.maxRetries",
  );
  assertValueError(
    () =>
      bulk(run, inputs(), {
        callOptions: { signal: new AbortController().signal },
      }),
    "callOptions.signal",
  );
  assertValueError(() => bulk(run, inputs(), null as never), "options");
  assertValueError(() => bulk("geocode" as never, inputs()), "run");
  for (const bad of [undefined, null, 42, "Berlin", {}]) {
    assertValueError(() => bulk(run, bad as never), "inputs");
  }
  assert.equal(pulled, 0);
});

Deno.test("bulk: nothing is pulled until the iteration starts", async () => {
  let pulled = 0;
  function* inputs() {
    pulled++;
    yield 1;
  }
  const run = bulk((n: number) => Promise.resolve(n), inputs());
  assert.equal(pulled, 0);
  assert.deepEqual(await Array.fromAsync(run), [
    { index: 0, input: 1, result: 1 },
  ]);
  assert.equal(pulled, 1);
});

Deno.test("bulk: an operation that throws instead of rejecting is one failed input", async () => {
  const items = await Array.fromAsync(
    bulk(
      (n: number) => {
        if (n === 2) throw new ValueError("n", "must not be 2", n);
        return Promise.resolve(n);
      },
      [1, 2, 3],
      { concurrency: 1 },
    ),
  );
  assert.deepEqual(items.map((i) => "error" in i), [false, true, false]);
});

Deno.test("bulk: concurrency is capped at 10,000", async () => {
  let pulled = 0;
  function* inputs() {
    for (let i = 0; i < 3; i++) {
      pulled++;
      yield i;
    }
  }
  const run = (n: number) => Promise.resolve(n);
  assertValueError(
    () => bulk(run, inputs(), { concurrency: 1e9 }),
    "concurrency",
    "Invalid concurrency: must be an integer from 1 to 10000, got 1000000000",
  );
  assert.equal(pulled, 0);
  const items = await Array.fromAsync(
    bulk(run, inputs(), { concurrency: 10_000 }),
  );
  assert.equal(items.length, 3);
});

/** An async iterable whose steps are `steps`, then `{ done: true }`. */
function asyncSteps(steps: unknown[]): AsyncIterable<number> {
  return {
    [Symbol.asyncIterator]: () => ({
      next: () =>
        Promise.resolve(steps.length > 0 ? steps.shift() : { done: true }),
    }),
  } as AsyncIterable<number>;
}

/** A sync iterable whose steps are `steps`, then `{ done: true }`. */
function syncSteps(steps: unknown[]): Iterable<number> {
  return {
    [Symbol.iterator]: () => ({
      next: () => steps.length > 0 ? steps.shift() : { done: true },
    }),
  } as Iterable<number>;
}

Deno.test("bulk: an async input whose step is not an object ends the run with a ValueError naming inputs", async () => {
  for (const bad of [null, 42, undefined, "x"]) {
    const seen: number[] = [];
    const run = bulk(
      (n: number) => Promise.resolve(n),
      asyncSteps([{ done: false, value: 1 }, bad, { done: false, value: 2 }]),
    );
    const error = await rejectsValueError(
      (async () => {
        for await (const item of run) {
          assert.ok("result" in item);
          seen.push(item.result);
        }
      })(),
      "inputs",
      /^Invalid inputs: must be an iterator whose next\(\) returns an object, got /,
    );
    // The call under way finished and was yielded; nothing after the bad
    // step was pulled.
    assert.deepEqual(seen, [1], String(bad));
    assert.ok(!error.message.includes('"x"'), error.message);
  }
});

Deno.test("bulk: a sync input whose step is not an object, or that is no iterator, ends the run with a ValueError naming inputs", async () => {
  const run = (n: number) => Promise.resolve(n);
  const bad: [string, Iterable<number>][] = [
    ["next() returns null", syncSteps([null])],
    ["next() returns 42", syncSteps([{ done: false, value: 1 }, 42])],
    ["no next()", { [Symbol.iterator]: () => ({}) } as Iterable<number>],
    [
      "[Symbol.iterator]() returns null",
      { [Symbol.iterator]: () => null } as unknown as Iterable<number>,
    ],
  ];
  for (const [what, inputs] of bad) {
    const seen: number[] = [];
    await rejectsValueError(
      (async () => {
        for await (const item of bulk(run, inputs)) {
          assert.ok("result" in item);
          seen.push(item.result);
        }
      })(),
      "inputs",
    ).catch((e) => {
      throw new Error(`${what}: ${e.message}`);
    });
    assert.ok(seen.length <= 1, what);
  }
  // A step whose `done` getter throws ends the run with that error.
  const broken = new Error("unreadable");
  await assert.rejects(
    Array.fromAsync(bulk(
      run,
      syncSteps([{
        get done(): boolean {
          throw broken;
        },
      }]),
    )),
    (e) => e === broken,
  );
});

Deno.test("bulk: leaving the loop while an async input is being pulled closes the inputs before the loop is left", async () => {
  const second = gate();
  let closed = false;
  async function* inputs() {
    try {
      yield 1;
      await second.opened;
      yield 2;
      yield 3;
    } finally {
      closed = true;
    }
  }
  const started: number[] = [];
  const run = (n: number) => (started.push(n), Promise.resolve(n));
  for await (const item of bulk(run, inputs(), { concurrency: 4 })) {
    assert.equal(item.index, 0);
    // The second input is being pulled; it arrives once the loop is left.
    setTimeout(second.open, 0);
    break;
  }
  assert.ok(closed, "the inputs were not closed when the loop was left");
  // The input that arrived as the run stopped was not started.
  assert.deepEqual(started, [1]);
});

/**
 * How long a test below gives a run to stop before it fails instead of
 * hanging: far above the run's own bound on waiting for its inputs.
 */
const GUARD_MS = 2_000;

/**
 * Settles as `work` does, or rejects once {@linkcode GUARD_MS} have passed:
 * a run that does not stop fails its test instead of hanging it.
 */
async function guarded<T>(work: Promise<T>, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${what}: still pending after ${GUARD_MS} ms`)),
      GUARD_MS,
    );
  });
  try {
    return await Promise.race([work, expired]);
  } finally {
    clearTimeout(timer);
  }
}

/** Lets every step already due (promise callbacks included) run. */
function settle(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** A promise that never settles. */
function forever<T>(): Promise<T> {
  return new Promise<T>(() => {});
}

/**
 * An async input like a queue or a socket: its `ready` items come at once,
 * then a pull waits until the test answers it with `deliver()` or `fail()`.
 * It counts its pulls and its `return()` calls; `return()` answers with what
 * `onReturn` gives.
 */
class WaitingInput implements AsyncIterableIterator<number> {
  pulls = 0;
  returns = 0;
  readonly #ready: number[];
  readonly #onReturn: () => Promise<IteratorResult<number>>;
  readonly #waits = Promise.withResolvers<void>();
  #pull: PromiseWithResolvers<IteratorResult<number>> | undefined;

  constructor(
    ready: number[],
    onReturn: () => Promise<IteratorResult<number>> = () =>
      Promise.resolve({ done: true, value: undefined }),
  ) {
    this.#ready = [...ready];
    this.#onReturn = onReturn;
  }

  /** Resolves once a pull waits for the test. */
  get waiting(): Promise<void> {
    return this.#waits.promise;
  }

  [Symbol.asyncIterator](): this {
    return this;
  }

  next(): Promise<IteratorResult<number>> {
    this.pulls++;
    const value = this.#ready.shift();
    if (value !== undefined) return Promise.resolve({ done: false, value });
    this.#pull = Promise.withResolvers();
    this.#waits.resolve();
    return this.#pull.promise;
  }

  return(): Promise<IteratorResult<number>> {
    this.returns++;
    return this.#onReturn();
  }

  /** Answers the pull that waits with `value`. */
  deliver(value: number): void {
    this.#pull?.resolve({ done: false, value });
  }

  /** Answers the pull that waits with `error`. */
  fail(error: unknown): void {
    this.#pull?.reject(error);
  }
}

Deno.test("bulk: aborting the signal while the input waits for its next item rejects with the signal's reason", async () => {
  const input = new WaitingInput([1]);
  const started: number[] = [];
  const run = (n: number) => (started.push(n), Promise.resolve(n));
  const controller = new AbortController();
  const reason = new Error("stopped by the user");
  const iteration = Array.fromAsync(
    bulk(run, input, { signal: controller.signal }),
  );
  try {
    await guarded(input.waiting, "the second pull");
    controller.abort(reason);
    // The second pull is answered only below, after the run has ended.
    await guarded(
      assert.rejects(iteration, (e) => e === reason),
      "the aborted run",
    );
    assert.equal(input.pulls, 2);
    assert.equal(input.returns, 1, "the input was not asked to stop");
    assert.deepEqual(started, [1]);
  } finally {
    input.deliver(2);
  }
});

Deno.test("bulk: an input that never yields again: aborting the signal rejects all the same", async () => {
  let pulled = 0;
  async function* inputs(): AsyncGenerator<number> {
    pulled++;
    yield 1;
    pulled++;
    await forever();
  }
  const controller = new AbortController();
  const reason = new Error("stopped by the user");
  const seen: number[] = [];
  await guarded(
    assert.rejects(
      async () => {
        for await (
          const item of bulk((n: number) => Promise.resolve(n), inputs(), {
            signal: controller.signal,
          })
        ) {
          seen.push(item.index);
          await settle(); // the second pull is under way
          controller.abort(reason);
        }
      },
      (e) => e === reason,
    ),
    "the aborted run",
  );
  assert.deepEqual(seen, [0]);
  assert.equal(pulled, 2);
});

Deno.test("bulk: an item the input yields after the abort is never started, and the input still closes", async () => {
  const next = gate();
  let closed = false;
  async function* inputs(): AsyncGenerator<number> {
    try {
      yield 1;
      await next.opened; // a record that comes late, as from a slow stream
      yield 2;
      yield 3;
    } finally {
      closed = true;
    }
  }
  const started: number[] = [];
  const run = (n: number) => (started.push(n), Promise.resolve(n));
  const controller = new AbortController();
  const reason = new Error("stopped by the user");
  const iteration = Array.fromAsync(
    bulk(run, inputs(), { signal: controller.signal }),
  );
  try {
    while (started.length === 0) await settle();
    await settle();
    controller.abort(reason);
    await guarded(
      assert.rejects(iteration, (e) => e === reason),
      "the aborted run",
    );
  } finally {
    next.open();
  }
  // The generator yields 2 now, then runs the return() it was asked for.
  await settle();
  assert.deepEqual(started, [1]);
  assert.ok(closed, "the input was not asked to stop");
});

Deno.test("bulk: leaving the loop while a pull waits returns, and calls the input's return()", async () => {
  const input = new WaitingInput([1]);
  const started: number[] = [];
  const run = (n: number) => (started.push(n), Promise.resolve(n));
  try {
    await guarded(
      (async () => {
        for await (const item of bulk(run, input)) {
          assert.equal(item.index, 0);
          await input.waiting;
          break;
        }
      })(),
      "leaving the loop",
    );
    assert.equal(input.returns, 1);
  } finally {
    input.deliver(2);
  }
  await settle();
  // The input that arrived after the loop was left was not started.
  assert.deepEqual(started, [1]);
  assert.equal(input.pulls, 2);
});

Deno.test("bulk: leaving the loop when the input's return() never settles still returns", async () => {
  // No pull under way when the loop is left: every pull answers at once.
  let returns = 0;
  let value = 0;
  const prompt: AsyncIterable<number> = {
    [Symbol.asyncIterator]: () => ({
      next: () => Promise.resolve({ done: false, value: value++ }),
      return: () => (returns++, forever()),
    }),
  };
  // A pull under way too.
  const waiting = new WaitingInput([1], forever);
  for (const [what, input] of [["prompt", prompt], ["waiting", waiting]]) {
    await guarded(
      (async () => {
        for await (
          const _ of bulk((n: number) => Promise.resolve(n), input as never, {
            concurrency: 2,
          })
        ) {
          await settle();
          break;
        }
      })(),
      `leaving the loop (${what} input)`,
    );
  }
  assert.equal(returns, 1);
  assert.equal(waiting.returns, 1);
  waiting.deliver(2);
});

Deno.test("bulk: a pull or a return() that rejects after the run has ended is no unhandled rejection", async () => {
  const unhandled: unknown[] = [];
  const onUnhandled = (event: PromiseRejectionEvent) => {
    event.preventDefault();
    unhandled.push(event.reason);
  };
  globalThis.addEventListener("unhandledrejection", onUnhandled);
  const closing = Promise.withResolvers<IteratorResult<number>>();
  const input = new WaitingInput([1], () => closing.promise);
  const controller = new AbortController();
  const reason = new Error("stopped by the user");
  try {
    const iteration = Array.fromAsync(
      bulk((n: number) => Promise.resolve(n), input, {
        signal: controller.signal,
      }),
    );
    await guarded(input.waiting, "the second pull");
    controller.abort(reason);
    await guarded(
      assert.rejects(iteration, (e) => e === reason),
      "the aborted run",
    );
    assert.equal(input.returns, 1);
    // Both fail once the run has ended.
    input.fail(new Error("the queue broke"));
    closing.reject(new Error("the queue could not close"));
    await settle();
    await settle();
    assert.deepEqual(unhandled, []);
  } finally {
    input.fail(new Error("the test ended"));
    closing.reject(new Error("the test ended"));
    await settle();
    globalThis.removeEventListener("unhandledrejection", onUnhandled);
  }
});

Deno.test("bulk: leaving the loop awaits an input's return() that settles", async () => {
  let closed = false;
  let value = 0;
  const inputs: AsyncIterable<number> = {
    [Symbol.asyncIterator]: () => ({
      next: () => Promise.resolve({ done: false, value: value++ }),
      return: async () => {
        await settle();
        closed = true;
        return { done: true, value: undefined };
      },
    }),
  };
  for await (
    const _ of bulk((n: number) => Promise.resolve(n), inputs, {
      concurrency: 2,
    })
  ) {
    await settle();
    break;
  }
  assert.ok(closed, "the loop was left before the inputs were closed");
});

Deno.test("bulk: a string given as run, inputs or an option is never quoted in its error", () => {
  const secret = LEAK_SECRETS.apiKey;
  const witness = new LeakWitness();
  const run = (n: number) => Promise.resolve(n);
  const record = (fn: () => unknown, parameter: string) =>
    witness.record(assertValueError(fn, parameter));
  record(() => bulk(secret as never, [1]), "run");
  record(() => bulk(run, secret as never), "inputs");
  record(() => bulk(run, [1], secret as never), "options");
  record(() => bulk(run, [1], { concurrency: secret as never }), "concurrency");
  record(() => bulk(run, [1], { total: secret as never }), "total");
  record(() => bulk(run, [1], { signal: secret as never }), "signal");
  record(() => bulk(run, [1], { onProgress: secret as never }), "onProgress");
  record(
    () => bulk(run, [1], { concurrency: { key: secret } as never }),
    "concurrency",
  );
  record(
    () => bulk(run, [1], { callOptions: secret as never }),
    "callOptions",
  );
  for (
    const name of [
      "timeoutMs",
      "deadlineMs",
      "maxRetries",
      "maxResponseBytes",
      "onProgress",
      "signal",
    ]
  ) {
    record(
      () => bulk(run, [1], { callOptions: { [name]: secret } }),
      `callOptions.${name}`,
    );
  }
  witness.assertClean(16);
  // The type is said instead.
  assertValueError(
    () => bulk(run, [1], { callOptions: { timeoutMs: secret as never } }),
    "callOptions.timeoutMs",
    "Invalid callOptions.timeoutMs: must be a number, got a string",
  );
  assertValueError(
    () => bulk(run, secret as never),
    "inputs",
    "Invalid inputs: must be an iterable or an async iterable, got a string",
  );
});
