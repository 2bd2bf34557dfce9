// Item 8: load. 10,000 requests (× SOAK_SCALE) at concurrency 64 through LS
// against a loopback server, without limits, with maxConcurrency and with
// requestsPerSecond: zero failures, the limits respected as measured (at the
// server: requests in flight and arrivals per second; at the client: starts
// per second, from onRequest), and the heap after the run within 10% of the
// heap before it (after a warm-up, with full collections forced; see
// _load.ts).

import assert from "node:assert/strict";
import {
  gcForced,
  loadLine,
  type LoadOptions,
  LoadServer,
  type LoadStats,
  runLoad,
  settledHeap,
} from "./_load.ts";
import { leakCheck } from "./_harness.ts";
import { soakScale } from "./_random.ts";

const SCALE = soakScale();
const N = Math.round(10_000 * SCALE);
const RPS = 2_000;
const LIMIT = 16;

/** Warm up, measure the heap, run, measure again; prints the figures. */
async function measured(
  o: LoadOptions,
): Promise<{ stats: LoadStats; before: number; after: number }> {
  await using server = await LoadServer.start();
  await runLoad(server, { ...o, label: "warm-up", requests: 1_000 });
  const before = await settledHeap();
  const stats = await runLoad(server, o);
  const after = await settledHeap();
  console.log(
    `${loadLine(stats)}; heap ${(before / 1e6).toFixed(1)} → ${
      (after / 1e6).toFixed(1)
    } MB (${((after / before - 1) * 100).toFixed(1)}%${
      gcForced() ? "" : ", gc not forced"
    })`,
  );
  return { stats, before, after };
}

function common(
  { stats, before, after }: Awaited<ReturnType<typeof measured>>,
): void {
  assert.equal(stats.failures, 0, stats.failureSamples.join("\n"));
  assert.equal(stats.served, N);
  assert.ok(
    after <= before * 1.1,
    `heap grew from ${before} to ${after} bytes`,
  );
}

Deno.test(`load: ${N} requests at concurrency 64, no limits: zero failures, all 64 in flight, heap within 10%`, async () => {
  const m = await measured({
    label: "no limits",
    requests: N,
    concurrency: 64,
    serverDelayMs: 2,
  });
  common(m);
  // Without a limit the callers' concurrency reaches the server, which is
  // what makes the next test's bound meaningful.
  assert.ok(
    m.stats.maxInFlight > LIMIT && m.stats.maxInFlight <= 64,
    `${m.stats.maxInFlight} in flight`,
  );
});

Deno.test(`load: ${N} requests at concurrency 64 with maxConcurrency ${LIMIT}: never more than ${LIMIT} in flight`, async () => {
  const m = await measured({
    label: "maxConcurrency",
    requests: N,
    concurrency: 64,
    maxConcurrency: LIMIT,
    serverDelayMs: 2,
  });
  common(m);
  assert.ok(m.stats.maxInFlight <= LIMIT, `${m.stats.maxInFlight} in flight`);
  assert.ok(
    m.stats.maxInFlight >= LIMIT / 2,
    `${m.stats.maxInFlight} in flight`,
  );
});

Deno.test(`load: ${N} requests at concurrency 64 with requestsPerSecond ${RPS}: the rate is held (within 5% in any 1 s window)`, async () => {
  const m = await measured({
    label: "requestsPerSecond",
    requests: N,
    concurrency: 64,
    requestsPerSecond: RPS,
  });
  common(m);
  assert.ok(
    m.stats.throughput <= RPS * 1.01,
    `${m.stats.throughput} req/s on average`,
  );
  // The 5% allowance covers timer lateness; the next test holds starts to
  // the limit itself.
  assert.ok(
    m.stats.maxStartsPerSecond <= RPS * 1.05,
    `${m.stats.maxStartsPerSecond} starts in 1 s`,
  );
  assert.ok(
    m.stats.maxPerSecond <= RPS * 1.05,
    `${m.stats.maxPerSecond} arrivals in 1 s`,
  );
});

Deno.test({
  name:
    `load: requestsPerSecond ${RPS} means at most ${RPS} starts in any second`,
  // Was a bug (minor, fixed): packages/core/http/timers.ts RateLimiter.take() spaces the
  // *scheduled* start times 1000/perSecond apart (#next = start + interval)
  // but a timer that fires late releases its caller late while the next
  // slots keep their times, so starts bunch up after any event-loop delay.
  // Its doc says "at most perSecond begin in any second"; measured at the
  // client (onRequest, just before fetch): 2,025 starts in one 1-s window at
  // requestsPerSecond 2000, 10,000 requests, concurrency 64 (+1.25%).
  // Expected: ≤ 2,000 (e.g. a sliding window of the last perSecond actual
  // start times).
  fn: async () => {
    const m = await measured({
      label: "strict rate",
      requests: N,
      concurrency: 64,
      requestsPerSecond: RPS,
    });
    assert.ok(
      m.stats.maxStartsPerSecond <= RPS + 1,
      `${m.stats.maxStartsPerSecond} starts in 1 s`,
    );
  },
});

leakCheck(3);
