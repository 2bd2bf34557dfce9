import assert from "node:assert/strict";
import { KvLimiter, type KvStore, type KvStoreKey } from "./kv_limiter.ts";
import { LSError, TimeoutError, ValueError } from "../errors/errors.ts";
import { Client } from "../client/client.ts";
import { assertSlotTimeout } from "./_test_slot_timeout.ts";
import { jsonReply, startTestServer, TEST_API_KEY } from "../testing.ts";

/**
 * An in-memory store with Deno KV's check-and-set semantics, shared by
 * several limiters as processes share a KV file. `lose` makes the next
 * commits fail as if another process had committed first.
 */
class MemoryKv implements KvStore {
  data = new Map<string, { value: unknown; versionstamp: string }>();
  version = 0;
  lose = 0;
  reads = 0;
  /** Every value committed, per key. */
  history = new Map<string, number[]>();
  getMany(keys: KvStoreKey[]) {
    this.reads++;
    return Promise.resolve(
      keys.map((k) =>
        this.data.get(JSON.stringify(k)) ?? { value: null, versionstamp: null }
      ),
    );
  }
  atomic() {
    const checks: [string, string | null][] = [];
    const sets: [string, unknown][] = [];
    const op = {
      check: (
        ...c: { key: KvStoreKey; versionstamp: string | null }[]
      ) => {
        for (const { key, versionstamp } of c) {
          checks.push([JSON.stringify(key), versionstamp]);
        }
        return op;
      },
      set: (key: KvStoreKey, value: unknown) => {
        sets.push([JSON.stringify(key), value]);
        return op;
      },
      commit: () => {
        if (this.lose > 0) {
          this.lose--;
          this.version++; // someone else wrote
          for (const [k] of checks) {
            const e = this.data.get(k);
            this.data.set(k, {
              value: e?.value ?? 0,
              versionstamp: `x${this.version}`,
            });
          }
          return Promise.resolve({ ok: false });
        }
        const ok = checks.every(([k, v]) =>
          (this.data.get(k)?.versionstamp ?? null) === v
        );
        if (ok) {
          for (const [k, value] of sets) {
            this.data.set(k, { value, versionstamp: String(++this.version) });
            const h = this.history.get(k) ?? [];
            h.push(value as number);
            this.history.set(k, h);
          }
        }
        return Promise.resolve({ ok });
      },
    };
    return op;
  }
}

const signal = new AbortController().signal;
const OVERALL = JSON.stringify(["ls-rate", "default", "*"]);

Deno.test("KvLimiter: limiters sharing a store reserve slots at least one interval apart", async () => {
  const kv = new MemoryKv();
  const a = new KvLimiter(kv, { requestsPerSecond: 500 });
  const b = new KvLimiter(kv, { requestsPerSecond: 500 });
  await Promise.all(
    Array.from(
      { length: 20 },
      (_, i) => (i % 2 ? a : b).acquire({ service: "geocode", signal }),
    ),
  );
  const next = kv.history.get(OVERALL)!;
  // One booking per turn; a turn that woke too late on a busy machine gives
  // its slot up and books another, so there may be a few more.
  assert.ok(next.length >= 20, `${next.length} bookings`);
  for (let i = 1; i < next.length; i++) {
    assert.ok(next[i] - next[i - 1] >= 2 - 1e-9, `slot ${i} too close`);
  }
});

Deno.test("KvLimiter: a lost race reads again and books one slot, not two", async () => {
  const kv = new MemoryKv();
  kv.lose = 3;
  const limiter = new KvLimiter(kv, { requestsPerSecond: 1000 });
  await limiter.acquire({ service: "geocode", signal });
  assert.equal(kv.reads, 4);
  assert.equal(kv.history.get(OVERALL)!.length, 1);
});

Deno.test("KvLimiter: another process holding SQLite's lock is a lost race, read again", async () => {
  const kv = new MemoryKv();
  let locked = 2;
  const store: KvStore = {
    getMany: (keys) =>
      locked-- > 0
        ? Promise.reject(new TypeError("database is locked"))
        : kv.getMany(keys),
    atomic: () => kv.atomic(),
  };
  await new KvLimiter(store, { requestsPerSecond: 1000 }).acquire({
    service: "geocode",
    signal,
  });
  assert.equal(kv.history.get(OVERALL)!.length, 1);
});

Deno.test("KvLimiter: a service's own budget and the overall one are both spent, in one commit", async () => {
  const kv = new MemoryKv();
  const limiter = new KvLimiter(kv, {
    requestsPerSecond: 1000,
    serviceRequestsPerSecond: { geocode: 500 },
    name: "key-a",
  });
  await limiter.acquire({ service: "geocode", signal });
  await limiter.acquire({ service: "router", signal });
  assert.deepEqual([...kv.history.keys()].sort(), [
    JSON.stringify(["ls-rate", "key-a", "*"]),
    JSON.stringify(["ls-rate", "key-a", "geocode"]),
  ]);
  assert.equal(
    kv.history.get(JSON.stringify(["ls-rate", "key-a", "*"]))!.length,
    2,
  );
});

Deno.test("KvLimiter: a service without a budget asks the store nothing", async () => {
  const kv = new MemoryKv();
  const limiter = new KvLimiter(kv);
  assert.equal(limiter.limits("geocode"), false);
  assert.equal(limiter.limits("tourplanning"), true);
  assert.equal(
    await limiter.acquire({ service: "geocode", signal }),
    undefined,
  );
  assert.equal(kv.reads, 0);
});

Deno.test("KvLimiter: no slot before the deadline reserves nothing and ends with the deadline's signal", async () => {
  const kv = new MemoryKv();
  // Two seconds ahead at one a second: booked (the horizon, a second, plus
  // an interval), but too late for a deadline of 50 ms.
  const far = Date.now() + 2_000;
  kv.data.set(OVERALL, { value: far, versionstamp: "1" });
  const limiter = new KvLimiter(kv, { requestsPerSecond: 1 });
  const ctl = new AbortController();
  const p = limiter.acquire({
    service: "geocode",
    signal: ctl.signal,
    deadlineMs: 50,
  });
  setTimeout(() => ctl.abort(new Error("deadline")), 10);
  await assert.rejects(p, { message: "deadline" });
  assert.equal(kv.data.get(OVERALL)!.value, far);
  assert.equal(kv.history.size, 0);
});

Deno.test("KvLimiter: no slot before the deadline and a signal that does not say so: a TimeoutError", async () => {
  const kv = new MemoryKv();
  kv.data.set(OVERALL, { value: Date.now() + 2_000, versionstamp: "1" });
  const limiter = new KvLimiter(kv, { requestsPerSecond: 1 });
  await assert.rejects(
    limiter.acquire({ service: "geocode", signal, deadlineMs: 20 }),
    (e) =>
      e instanceof TimeoutError &&
      e.message === "No rate-limit turn before the deadline",
  );
  assert.equal(kv.history.size, 0);
});

/** A client spending `limiter`'s budget, and a geocode call's outcome. */
async function queuedCall(
  limiter: KvLimiter,
  deadlineMs: number,
  meanwhile: () => Promise<void> = () => Promise.resolve(),
): Promise<{ error: unknown; sent: number }> {
  await using server = await startTestServer();
  server.route("GET /v1/geocode", jsonReply(200, { items: [] }));
  const client = new Client({
    apiKey: TEST_API_KEY,
    baseUrl: server.url,
    limiter,
  });
  const call = client.requestJson(
    { service: "geocode", path: "/v1/geocode" },
    { deadlineMs },
  ).then(() => undefined, (e) => e);
  const [error] = await Promise.all([call, meanwhile()]);
  return { error, sent: server.requests.length };
}

Deno.test("KvLimiter: a queued call with no slot before its deadline is the client's TimeoutError, not sent", async () => {
  // Known in advance: the next slot, 1.2 s away, is after the deadline.
  let kv = new MemoryKv();
  kv.data.set(OVERALL, { value: Date.now() + 1_200, versionstamp: "1" });
  const early = await queuedCall(
    new KvLimiter(kv, { requestsPerSecond: 1 }),
    300,
  );
  // Found out by waiting: the next slot, 1.2 s away, is before the deadline
  // but beyond the second booked ahead; while the call waits for it to come
  // within reach, another process books it, and the one after comes too late.
  kv = new MemoryKv();
  const t0 = Date.now();
  kv.data.set(OVERALL, { value: t0 + 1_200, versionstamp: "1" });
  const late = await queuedCall(
    new KvLimiter(kv, { requestsPerSecond: 1 }),
    1_400,
    async () => {
      // After its first read (the slot within its deadline), before its next.
      await new Promise((r) => setTimeout(r, 100));
      assert.equal(kv.reads, 1);
      kv.data.set(OVERALL, { value: t0 + 2_200, versionstamp: "2" });
    },
  );
  for (
    const [what, { error, sent }, ms] of [["early", early, 300], [
      "late",
      late,
      1_400,
    ]] as const
  ) {
    assertSlotTimeout(error, sent, ms, what);
  }
  // The late one read the store again, and found the slot too late then.
  assert.equal(kv.reads, 2);
  assert.equal(kv.history.size, 0);
});

Deno.test("KvLimiter: cancelling while it waits for its slot rejects with the reason", async () => {
  const kv = new MemoryKv();
  kv.data.set(OVERALL, { value: Date.now() + 2_000, versionstamp: "1" });
  const limiter = new KvLimiter(kv, { requestsPerSecond: 1 });
  const ctl = new AbortController();
  const p = limiter.acquire({ service: "geocode", signal: ctl.signal });
  setTimeout(() => ctl.abort(new Error("stop")), 10);
  await assert.rejects(p, { message: "stop" });
});

Deno.test("KvLimiter: a failing store is an LSError with the cause; a bad store a ValueError", async () => {
  const broken: KvStore = {
    getMany: () => Promise.reject(new TypeError("database is closed")),
    atomic: () => {
      throw new Error("unreachable");
    },
  };
  const err = await new KvLimiter(broken, { requestsPerSecond: 5 }).acquire({
    service: "geocode",
    signal,
  }).catch((e) => e);
  assert.ok(err instanceof LSError);
  assert.equal(err.message, "Rate-limit store failed: database is closed");
  assert.ok(err.cause instanceof TypeError);
  for (const kv of [null, {}, { getMany() {} }]) {
    assert.throws(() => new KvLimiter(kv as never), ValueError);
  }
  assert.throws(
    () => new KvLimiter(new MemoryKv(), { requestsPerSecond: 0 }),
    { parameter: "requestsPerSecond" },
  );
});

Deno.test("KvLimiter: waiters book at most one second of the budget ahead; the latest booking is given back", async () => {
  const kv = new MemoryKv();
  const limiter = new KvLimiter(kv, { requestsPerSecond: 20 });
  const ctl = new AbortController();
  let granted = 0;
  const waiters = Array.from(
    { length: 200 },
    () =>
      limiter.acquire({ service: "geocode", signal: ctl.signal }).then(() => {
        granted++;
      }),
  );
  // Let the waiters read and race for a while.
  for (let i = 0; i < 30 && (kv.history.get(OVERALL)?.length ?? 0) < 21; i++) {
    await new Promise((r) => setTimeout(r, 10));
  }
  await new Promise((r) => setTimeout(r, 100));
  // Booked and not yet granted: at most a second of 20 a second, and the one
  // at its edge. A worker killed now would cost the others at most these.
  const booked = kv.history.get(OVERALL)!.length;
  assert.ok(booked - granted <= 21, `${booked - granted} slots booked ahead`);
  assert.ok(booked - granted >= 2, `${booked - granted} slots booked ahead`);
  const next = kv.data.get(OVERALL)!.value as number;
  ctl.abort(new Error("gave up"));
  await Promise.allSettled(waiters);
  // The latest slot was given back: `next` moved back one interval.
  assert.equal(kv.data.get(OVERALL)!.value, next - 50);
  assert.equal(kv.history.get(OVERALL)!.length, booked + 1);
});

Deno.test("KvLimiter: a stored slot later than any process could book is ignored", async () => {
  for (
    const value of [
      Date.now() + 86_400_000,
      Infinity,
      1e300,
      Date.now() + 3_100,
    ]
  ) {
    const kv = new MemoryKv();
    kv.data.set(OVERALL, { value, versionstamp: "1" });
    const limiter = new KvLimiter(kv, { requestsPerSecond: 1 });
    const got = await limiter.acquire({
      service: "geocode",
      signal: AbortSignal.timeout(1000),
    }).then(() => "granted", (e) => e.name);
    assert.equal(got, "granted", `next ${value}`);
    // Booked afresh from now: the next slot is one interval later.
    const [next] = kv.history.get(OVERALL)!;
    assert.ok(next <= Date.now() + 1000, `next ${value}`);
  }
});

Deno.test("KvLimiter: a turn woken a few ms late at a high budget keeps its slot", async () => {
  const kv = new MemoryKv();
  // Every commit holds the event loop 3 ms, three intervals of a budget of
  // 1000 a second: the turn always wakes that late.
  const store: KvStore = {
    getMany: (keys) => kv.getMany(keys),
    atomic() {
      const op = kv.atomic();
      const commit = op.commit;
      op.commit = () => {
        const until = Date.now() + 3;
        while (Date.now() < until) { /* busy */ }
        return commit();
      };
      return op;
    },
  };
  const limiter = new KvLimiter(store, { requestsPerSecond: 1000 });
  for (let i = 0; i < 5; i++) {
    await limiter.acquire({ service: "geocode", signal });
  }
  // One booking per turn, none thrown away.
  assert.equal(kv.history.get(OVERALL)!.length, 5);
});

Deno.test("KvLimiter: budgets below one a day and names that are not short strings are refused", () => {
  const kv = new MemoryKv();
  for (const rate of [1e-300, 5e-324, 1e-9]) {
    assert.throws(() => new KvLimiter(kv, { requestsPerSecond: rate }), {
      name: "ValueError",
      parameter: "requestsPerSecond",
    });
  }
  for (const name of ["x".repeat(3000), 42, {}]) {
    assert.throws(
      () => new KvLimiter(kv, { requestsPerSecond: 5, name: name as never }),
      { name: "ValueError", parameter: "name" },
    );
  }
  new KvLimiter(kv, { requestsPerSecond: 1 / 86_400, name: "x".repeat(200) });
});
