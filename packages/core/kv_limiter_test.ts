import assert from "node:assert/strict";
import { KvLimiter, type KvStore, type KvStoreKey } from "./kv_limiter.ts";
import { LSError, ValueError } from "./errors.ts";

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
  assert.equal(next.length, 20);
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
  const far = Date.now() + 60_000;
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

Deno.test("KvLimiter: cancelling while it waits for its slot rejects with the reason", async () => {
  const kv = new MemoryKv();
  kv.data.set(OVERALL, { value: Date.now() + 60_000, versionstamp: "1" });
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
