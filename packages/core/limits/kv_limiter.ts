import { LSError, ValueError } from "../errors/errors.ts";
import type { Service } from "../http/hosts.ts";
import {
  checkBudget,
  type Limiter,
  type LimiterTurn,
  type RateBudget,
  type TurnRequest,
} from "./limiter.ts";
import { noTurnError, sleep } from "../http/timers.ts";

export type {
  Limiter,
  LimiterTurn,
  RateBudget,
  TurnRequest,
} from "./limiter.ts";

/** A KV key, as Deno KV takes it. */
export type KvStoreKey = readonly (string | number | bigint | boolean)[];

/** An atomic operation, as Deno KV's `kv.atomic()` builds it. */
export interface KvStoreAtomic {
  /** Fails the commit unless `key` is still at `versionstamp`. */
  check(
    ...checks: { key: KvStoreKey; versionstamp: string | null }[]
  ): KvStoreAtomic;
  /** Sets `key` on commit. */
  set(
    key: KvStoreKey,
    value: unknown,
    options?: { expireIn?: number },
  ): KvStoreAtomic;
  /** Applies every set if every check holds; `ok` says which. */
  commit(): Promise<{ ok: boolean }>;
}

/** The part of `Deno.Kv` the limiter uses. */
export interface KvStore {
  /** Reads several keys at once. */
  getMany(
    keys: KvStoreKey[],
  ): Promise<{ value: unknown; versionstamp: string | null }[]>;
  /** Starts an atomic operation. */
  atomic(): KvStoreAtomic;
}

/** Options of a {@linkcode KvLimiter}: the budget, and its name in the store. */
export interface KvLimiterOptions extends RateBudget {
  /**
   * Names this budget in the store, so that budgets of different API keys
   * can share one store; default `"default"`.
   */
  name?: string;
}

/** How long a budget's key outlives its last reserved slot, in ms. */
const KEEP_MS = 60_000;
/** How far ahead of now a slot is booked, at most, in ms. */
const HORIZON_MS = 1000;
/** How far processes' clocks may disagree before a stored slot is corrupt. */
const SKEW_MS = 1000;
/** A turn woken this much after its slot (or an interval, if longer) still sends. */
const LATE_MS = 10;
/** The longest budget name, in characters. */
const MAX_NAME = 200;
/** A store error that means another process holds the lock. */
const BUSY = /database is (locked|busy)|SQLITE_BUSY/i;
/** Commits that lose a race are retried at most this many times in a row. */
const MAX_RACES = 1_000;

/**
 * A {@linkcode Limiter} whose budget lives in a Deno KV store, shared by
 * every process that opens the same store.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { KvLimiter, type KvStore } from "@ls/core/kv";
 * // A one-process stand-in for Deno.openKv(), to show the bookkeeping.
 * const data = new Map<string, { value: unknown; versionstamp: string }>();
 * let version = 0;
 * const kv: KvStore = {
 *   getMany: (keys) =>
 *     Promise.resolve(keys.map((k) => data.get(JSON.stringify(k)) ?? { value: null, versionstamp: null })),
 *   atomic() {
 *     const checks: [string, string | null][] = [];
 *     const sets: [string, unknown][] = [];
 *     const op = {
 *       check: (...c: { key: readonly unknown[]; versionstamp: string | null }[]) => {
 *         for (const { key, versionstamp } of c) checks.push([JSON.stringify(key), versionstamp]);
 *         return op;
 *       },
 *       set: (key: readonly unknown[], value: unknown) => (sets.push([JSON.stringify(key), value]), op),
 *       commit: () => {
 *         const ok = checks.every(([k, v]) => (data.get(k)?.versionstamp ?? null) === v);
 *         if (ok) for (const [k, value] of sets) data.set(k, { value, versionstamp: String(++version) });
 *         return Promise.resolve({ ok });
 *       },
 *     };
 *     return op;
 *   },
 * };
 * const limiter = new KvLimiter(kv, { requestsPerSecond: 1000 });
 * const signal = new AbortController().signal;
 * const before = Date.now();
 * await limiter.acquire({ service: "geocode", signal });
 * await limiter.acquire({ service: "geocode", signal });
 * // One key, the overall budget, holding when the third turn may start:
 * // two intervals of 1 ms after the first.
 * assert.equal(data.size, 1);
 * const [next] = [...data.values()].map((e) => e.value as number);
 * assert.ok(next >= before + 2 && next <= Date.now() + 2);
 * assert.ok(limiter.limits("geocode"));
 * ```
 */
export class KvLimiter implements Limiter {
  #kv: KvStore;
  #name: string;
  #overall?: number;
  #services: Map<Service, number>;

  /**
   * Spends `options`' budget in `kv`; nothing is read or written until the
   * first turn.
   *
   * @param kv the store, e.g. `await Deno.openKv(path)`
   * @param options the budget (tour planning is spaced to HERE's 2 per
   * second unless `serviceRequestsPerSecond` says otherwise) and its name
   * @throws {ValueError} for a store without `getMany` and `atomic`, a
   * budget below one request a day that is not `Infinity`, an unknown
   * service, or a name that is not a string of at most 200 characters
   */
  constructor(kv: KvStore, options: KvLimiterOptions = {}) {
    if (
      typeof kv !== "object" || kv === null ||
      typeof kv.getMany !== "function" || typeof kv.atomic !== "function"
    ) {
      throw new ValueError(
        "kv",
        "must be a Deno KV store (Deno.openKv) or an object with getMany and atomic",
      );
    }
    const { overall, services } = checkBudget(options);
    const name = options.name ?? "default";
    if (typeof name !== "string" || name.length > MAX_NAME) {
      throw new ValueError(
        "name",
        `must be a string of at most ${MAX_NAME} characters`,
        typeof name === "string" ? `${name.length} characters` : name,
      );
    }
    this.#kv = kv;
    this.#name = name;
    this.#overall = overall;
    this.#services = services;
  }

  /** Whether requests to `service` wait for a turn. */
  limits(service: Service): boolean {
    return this.#overall !== undefined || this.#services.has(service);
  }

  /**
   * Reserves the next free slot of every budget `request.service` spends
   * and waits for it.
   *
   * @throws {LSError} when the store fails
   * @throws {TimeoutError} when no slot comes before `request.deadlineMs`
   * and `request.signal` did not end the wait first (a client fails the call
   * with its own `TimeoutError` for a deadline passed in the queue)
   */
  async acquire(request: TurnRequest): Promise<LimiterTurn | undefined> {
    const { signal, deadlineMs } = request;
    const budgets: [KvStoreKey, number][] = [];
    if (this.#overall !== undefined) {
      budgets.push([["ls-rate", this.#name, "*"], 1000 / this.#overall]);
    }
    const perService = this.#services.get(request.service);
    if (perService !== undefined) {
      budgets.push([
        ["ls-rate", this.#name, request.service],
        1000 / perService,
      ]);
    }
    if (budgets.length === 0) return undefined;
    const shortest = Math.min(...budgets.map(([, interval]) => interval));
    const longest = Math.max(...budgets.map(([, interval]) => interval));
    const until = deadlineMs === undefined ? Infinity : Date.now() + deadlineMs;
    for (let race = 0; race < MAX_RACES; race++) {
      signal.throwIfAborted();
      const booked = await this.#book(budgets, longest, until);
      if (booked === "deadline") {
        // No slot before the deadline: reserve nothing, and let the
        // deadline end the wait (the caller's signal says so; failing that,
        // the TimeoutError a client reads as its deadline passed in line).
        await sleep(until - Date.now() + 1000, signal);
        throw noTurnError();
      }
      if (booked === undefined) {
        // Another process took this slot, or held the store's lock: read
        // again after a short random pause, so that racing processes do not
        // collide in lockstep.
        await sleep(1 + Math.random() * Math.min(50, 2 ** race), signal);
        continue;
      }
      if ("wait" in booked) {
        // The next slot lies beyond the horizon: wait until it comes within
        // reach, unbooked (a little spread, so waiters do not all read at
        // once), and read again.
        await sleep(
          booked.wait + Math.random() * Math.min(shortest, 50),
          signal,
        );
        race = -1;
        continue;
      }
      const { slot, keys } = booked;
      try {
        await sleep(slot - Date.now(), signal);
      } catch (err) {
        await this.#giveBack(keys);
        throw err;
      }
      // A process that wakes late (a busy machine, a paused VM) would send
      // in a burst with the slots after its own: it lets the slot go and
      // books a fresh one.
      if (Date.now() - slot <= Math.max(shortest, LATE_MS)) return undefined;
    }
    throw new LSError(
      `Rate-limit store kept losing races (${MAX_RACES} in a row)`,
    );
  }

  /**
   * One attempt to reserve the next slot of every budget: its start time and
   * what was written (to give it back), `undefined` when another process got
   * there first (or held the lock), how long to wait when the slot lies
   * beyond the horizon, or `"deadline"` when it would start after `until`.
   */
  async #book(
    budgets: [KvStoreKey, number][],
    longest: number,
    until: number,
  ): Promise<
    | { slot: number; keys: [KvStoreKey, number, number][] }
    | { wait: number }
    | "deadline"
    | undefined
  > {
    try {
      const entries = await this.#kv.getMany(budgets.map(([key]) => key));
      const now = Date.now();
      // Later than any process could have booked: corrupt, ignored.
      const latest = now + HORIZON_MS + longest + SKEW_MS;
      let start = now;
      for (const { value } of entries) {
        if (typeof value === "number" && value > start && value <= latest) {
          start = value;
        }
      }
      if (start > until) return "deadline";
      if (start - now > HORIZON_MS) return { wait: start - now - HORIZON_MS };
      const op = this.#kv.atomic();
      const keys: [KvStoreKey, number, number][] = [];
      budgets.forEach(([key, interval], i) => {
        op.check({ key, versionstamp: entries[i].versionstamp });
        op.set(key, start + interval, {
          expireIn: Math.ceil(start + interval - now) + KEEP_MS,
        });
        keys.push([key, start + interval, start]);
      });
      return (await op.commit()).ok ? { slot: start, keys } : undefined;
    } catch (err) {
      // SQLite's lock, held by another process: a lost race like any other.
      if (err instanceof Error && BUSY.test(err.message)) return undefined;
      throw new LSError(
        `Rate-limit store failed: ${
          err instanceof Error ? err.message : String(err)
        }`.slice(0, 300),
        { cause: err },
      );
    }
  }

  /**
   * Gives a slot back, when no process booked one after it: each key is
   * moved back from the `next` this turn wrote to its own slot. Best effort;
   * a store failure here leaves the slot spent.
   */
  async #giveBack(keys: [KvStoreKey, number, number][]): Promise<void> {
    try {
      const entries = await this.#kv.getMany(keys.map(([key]) => key));
      if (entries.some(({ value }, i) => value !== keys[i][1])) return;
      const op = this.#kv.atomic();
      const now = Date.now();
      keys.forEach(([key, , slot], i) => {
        op.check({ key, versionstamp: entries[i].versionstamp });
        op.set(key, slot, {
          expireIn: Math.max(0, Math.ceil(slot - now)) + KEEP_MS,
        });
      });
      await op.commit();
    } catch {
      // As above: the slot stays spent, which costs one interval.
    }
  }
}
