// Abortable sleeping, a concurrency semaphore, a request-spacing limiter and
// the shared clock of per-attempt timeouts. Every wait rejects with the
// signal's reason and leaves no timer behind.

import { TimeoutError } from "../errors/errors.ts";

/** Marks the errors of {@linkcode noTurnError}, across copies of the package. */
const NO_TURN: unique symbol = /* @__PURE__ */ Symbol.for(
  "@ls/core.noTurnBeforeDeadline",
) as never;

/**
 * The error a limiter of this package (`LocalLimiter`, `KvLimiter`) rejects
 * with when no turn comes before the caller's deadline and its signal has
 * not ended the wait first: a {@linkcode TimeoutError}, marked so that a
 * client replaces it with its own error for a deadline passed in the queue
 * (whichever of the two noticed first, the caller sees the same one).
 */
export function noTurnError(): TimeoutError {
  const err = new TimeoutError("No rate-limit turn before the deadline");
  Object.defineProperty(err, NO_TURN, { value: true });
  return err;
}

/** Whether `err` is a {@linkcode noTurnError}. */
export function isNoTurn(err: unknown): boolean {
  return typeof err === "object" && err !== null &&
    Reflect.get(err, NO_TURN) === true;
}

/** Resolves after `ms`, or rejects with `signal.reason` when it aborts first. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  if (signal?.aborted) return Promise.reject(signal.reason);
  if (ms <= 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    // setTimeout fires at once for a delay beyond 2^31 - 1 ms (24.8 days).
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, Math.min(ms, 2 ** 31 - 1));
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

/** Limits how many tasks run at once. */
export class Semaphore {
  #free: number;
  /** The waiters' wake-up calls, first come first. */
  #waiting: (() => void)[] = [];

  constructor(limit: number) {
    this.#free = limit;
  }

  /** Waits for a slot; the returned function releases it (once). */
  async acquire(signal?: AbortSignal): Promise<() => void> {
    if (signal?.aborted) throw signal.reason;
    if (this.#free > 0) {
      this.#free--;
    } else {
      await new Promise<void>((resolve, reject) => {
        const wake = () => {
          signal?.removeEventListener("abort", onAbort);
          resolve();
        };
        const onAbort = () => {
          const i = this.#waiting.indexOf(wake);
          if (i !== -1) this.#waiting.splice(i, 1);
          reject(signal!.reason);
        };
        signal?.addEventListener("abort", onAbort, { once: true });
        this.#waiting.push(wake);
      });
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const wake = this.#waiting.shift();
      if (wake) wake();
      else this.#free++;
    };
  }
}

/** The most starts a RateLimiter remembers. */
const MAX_RING = 10_000;

/**
 * How far ahead of now a RateLimiter books a slot, in ms. A caller whose
 * slot would lie further ahead waits in line, unbooked, until it comes
 * within reach: callers that give up then leave no far-future slots behind
 * for the next ones to wait out.
 */
export const HORIZON_MS = 1000;

interface InLine {
  resolve: (slot: number) => void;
  reject: (reason: unknown) => void;
  signal?: AbortSignal;
  /** When its deadline passes, on `performance.now()`'s clock. */
  until: number;
  onAbort?: () => void;
}

/**
 * Spaces request starts `1000 / perSecond` ms apart, and holds back a start
 * that would make more than `perSecond` begin in any second: timers fire
 * late, and the callers of late slots must not bunch up with the next ones.
 * A caller reports when its request actually starts ({@linkcode
 * RateLimiter.started}), since that can be a moment after its turn.
 *
 * Slots are booked at most {@linkcode HORIZON_MS} ahead, never after a
 * caller's deadline, and the latest one booked is given back when its caller
 * gives up before it: a crowd of callers that time out or are cancelled
 * leaves the budget as it found it, give or take a second's slots.
 */
export class RateLimiter {
  #interval: number;
  #next = 0;
  /** The last starts, a ring whose oldest entry is at #oldest. */
  #starts: Float64Array;
  #oldest = 0;
  /** At most #starts.length starts fall within any #window ms. */
  #window: number;
  /** Callers whose slot would lie beyond the horizon, first come first. */
  #line: InLine[] = [];
  #timer?: ReturnType<typeof setTimeout>;

  constructor(perSecond: number) {
    this.#interval = 1000 / perSecond;
    // The ring holds a second's starts, at most MAX_RING: a higher rate is
    // held to MAX_RING starts per MAX_RING intervals, the same rate.
    const n = Math.max(1, Math.min(MAX_RING, Math.floor(perSecond)));
    this.#starts = new Float64Array(n).fill(-Infinity);
    // 1 ms in hand for the code between a request's start and its report.
    this.#window = n * this.#interval + 1;
  }

  /**
   * Waits for this caller's turn; returns its slot for `started`. With
   * `deadlineMs`, no slot later than it is booked: the caller waits, unbooked,
   * until `signal` aborts (or, should it not, rejects with a
   * {@linkcode noTurnError} once the deadline has passed).
   */
  async take(signal?: AbortSignal, deadlineMs?: number): Promise<number> {
    const until = deadlineMs === undefined
      ? Infinity
      : performance.now() + deadlineMs;
    const start = await this.#book(signal, until);
    try {
      await sleep(start - performance.now(), signal);
    } catch (err) {
      this.#giveBack(start);
      throw err;
    }
    for (;;) {
      const t = performance.now();
      const wait = this.#starts[this.#oldest] + this.#window - t;
      if (wait <= 0) {
        const slot = this.#oldest;
        this.#starts[slot] = t;
        this.#oldest = (slot + 1) % this.#starts.length;
        return slot;
      }
      await sleep(wait, signal);
    }
  }

  /** Records that the request of a turn (`take`'s slot) starts now. */
  started(slot: number): void {
    const now = performance.now();
    if (now > this.#starts[slot]) this.#starts[slot] = now;
  }

  /** Books the next slot at once, or joins the line for it. */
  #book(signal: AbortSignal | undefined, until: number): Promise<number> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    if (this.#line.length === 0) {
      const slot = this.#reserve(until);
      if (slot !== undefined) return Promise.resolve(slot);
    }
    return new Promise((resolve, reject) => {
      const entry: InLine = { resolve, reject, signal, until };
      if (signal) {
        entry.onAbort = () => {
          this.#leave(entry);
          reject(signal.reason);
        };
        signal.addEventListener("abort", entry.onAbort, { once: true });
      }
      this.#line.push(entry);
      this.#serve();
    });
  }

  /**
   * Books the next slot if it lies within the horizon and before `until`;
   * `undefined` otherwise.
   */
  #reserve(until: number): number | undefined {
    const now = performance.now();
    const start = Math.max(now, this.#next);
    if (start - now > HORIZON_MS || start > until) return undefined;
    this.#next = start + this.#interval;
    return start;
  }

  /** Gives a booked slot back if it is still the latest one. */
  #giveBack(start: number): void {
    if (this.#next === start + this.#interval) {
      this.#next = start;
      this.#serve();
    }
  }

  #leave(entry: InLine): void {
    const i = this.#line.indexOf(entry);
    if (i !== -1) this.#line.splice(i, 1);
    if (entry.onAbort) {
      entry.signal!.removeEventListener("abort", entry.onAbort);
    }
    if (this.#line.length === 0) this.#stop();
  }

  #stop(): void {
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  /** Books slots for the callers in line, first come first, as they come within reach. */
  #serve(): void {
    this.#stop();
    const now = performance.now();
    let wake = Infinity;
    for (let i = 0; i < this.#line.length;) {
      const entry = this.#line[i];
      if (entry.until < now) {
        // Its deadline passed, and its signal (if any) did not say so.
        this.#leave(entry);
        entry.reject(noTurnError());
        continue;
      }
      const slot = this.#reserve(entry.until);
      if (slot !== undefined) {
        this.#leave(entry);
        entry.resolve(slot);
        continue;
      }
      const next = Math.max(now, this.#next);
      if (next - now > HORIZON_MS) {
        wake = next - HORIZON_MS - now;
        break;
      }
      // No slot before this caller's deadline: it waits for its signal, or
      // for the deadline to pass, while the ones behind go on.
      i++;
    }
    if (this.#line.length === 0) return;
    for (const entry of this.#line) {
      wake = Math.min(wake, entry.until - now + 1);
    }
    if (wake === Infinity) return;
    const wait = Math.max(1, wake);
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      this.#serve();
    }, Math.min(wait, 2 ** 31 - 1));
  }
}

/** A pending expiry: `fire` runs once `performance.now()` reaches `at`. */
export interface Expiry {
  at: number;
  fire: () => void;
}

const expiries = new Set<Expiry>();
/** When the shared timer fires next; Infinity: no timer pending. */
let armedAt = Infinity;
/**
 * The longest the shared timer waits, so it stops within this long once no
 * expiry is pending (it cannot be cancelled).
 */
const MAX_WAIT_MS = 1000;

/**
 * Calls `fire` after `ms` (counted from `now`, when the caller has just
 * read the clock), unless {@linkcode cancelExpiry} comes first.
 *
 * Every request attempt has a timeout, and nearly all finish long before it:
 * instead of a `setTimeout`/`clearTimeout` pair each (two timer operations
 * per request), they share one timer, armed for the earliest expiry but at
 * most {@linkcode MAX_WAIT_MS} ahead, and re-armed when it fires while
 * expiries are pending; with none left it stops. A busy client thus arms
 * about one timer a second, whatever its request rate. The timer is an
 * `AbortSignal.timeout`: it does not keep a process alive (a request in
 * flight does that).
 */
export function expireAfter(
  ms: number,
  fire: () => void,
  now: number = performance.now(),
): Expiry {
  const expiry = { at: now + ms, fire };
  expiries.add(expiry);
  if (expiry.at < armedAt) arm(expiry.at, now);
  return expiry;
}

/** Forgets an expiry that has not fired. */
export function cancelExpiry(expiry: Expiry): void {
  expiries.delete(expiry);
}

function arm(at: number, now: number): void {
  const ms = Math.max(0, Math.min(MAX_WAIT_MS, Math.ceil(at - now)));
  const when = now + ms;
  armedAt = when;
  AbortSignal.timeout(ms).addEventListener("abort", () => tick(when), {
    once: true,
  });
}

function tick(when: number): void {
  // A timer replaced by an earlier one still fires; only the current one
  // hands over to the next.
  if (when === armedAt) armedAt = Infinity;
  const now = performance.now();
  let next = Infinity;
  const due: Expiry[] = [];
  for (const expiry of expiries) {
    if (expiry.at <= now) due.push(expiry);
    else if (expiry.at < next) next = expiry.at;
  }
  // A late tick finds several due: they fire in deadline order, not in the
  // order they were set.
  if (due.length > 1) due.sort((a, b) => a.at - b.at);
  for (const expiry of due) {
    // One that fired before may have cancelled this one.
    if (expiries.delete(expiry)) expiry.fire();
  }
  if (next < armedAt) arm(next, now);
}
