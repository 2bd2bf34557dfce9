// An operation's overall deadline: the time left, and a signal that ends
// waits (a concurrency slot, a rate turn, a backoff) when it passes.

import { TimeoutError } from "../errors/errors.ts";
import { cancelExpiry, expireAfter } from "./timers.ts";

/**
 * The deadline of one operation (`deadlineMs`), or none. An operation made
 * of several requests (a job's submit, polls and download, a matrix's
 * tiles) shares one, and hands each request what is left of it through
 * {@linkcode Deadline.requestMs}.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Deadline } from "@ls/core/internal";
 * const deadline = new Deadline(60_000);
 * assert.ok(!deadline.passed());
 * assert.ok(deadline.requestMs("before the request was sent")! <= 60_000);
 * assert.equal(new Deadline(undefined).requestMs(""), undefined);
 * assert.match(deadline.error("").message, /deadline of 60000 ms/);
 * ```
 */
export class Deadline {
  /** When it passes, on `performance.now()`'s clock; Infinity: never. */
  declare readonly at: number;
  /** The `deadlineMs` it was made from. */
  declare readonly ms?: number;

  /** A deadline `ms` from now; none when `ms` is undefined. */
  constructor(ms: number | undefined) {
    this.at = ms === undefined ? Infinity : performance.now() + ms;
    this.ms = ms;
  }

  /** Milliseconds left (Infinity without a deadline; ≤ 0 once passed). */
  left(): number {
    return this.at === Infinity ? Infinity : this.at - performance.now();
  }

  /** Whether it has passed. */
  passed(): boolean {
    return this.left() <= 0;
  }

  /**
   * What is left, as the `deadlineMs` of one request of the operation: a
   * whole number of milliseconds (at least 1), or `undefined` without a
   * deadline.
   *
   * @throws {TimeoutError} once it has passed: {@linkcode Deadline.error}
   * with `what`, `method` and `url`
   */
  requestMs(what: string, method?: string, url?: string): number | undefined {
    if (this.at === Infinity) return undefined;
    const left = this.left();
    if (left <= 0) throw this.error(what, method, url);
    return Math.ceil(left);
  }

  /**
   * The error of an operation that ran past it, `what` saying when, and the
   * request's method and redacted URL when one is concerned.
   */
  error(what: string, method?: string, url?: string): TimeoutError {
    const where = url === undefined ? "" : ` [${method ?? "GET"} ${url}]`;
    return new TimeoutError(
      `Operation exceeded its deadline of ${wholeMs(this.ms)} ms${
        what ? ` ${what}` : ""
      }${where}`,
      { url },
    );
  }

  /**
   * Runs `wait` with a signal that aborts when `signal` does or the deadline
   * passes; a wait ended by the deadline rejects with `onPassed()`.
   *
   * The wait is raced against that signal, so a `wait` that ignores it (a
   * third-party limiter, say) cannot hold the operation past its deadline
   * or its cancellation. What such a wait yields after it lost the race is
   * handed to `discard` (a turn or a slot to give back).
   */
  async bound<T>(
    signal: AbortSignal | undefined,
    wait: (signal: AbortSignal | undefined) => Promise<T>,
    onPassed: () => Error,
    discard?: (late: T) => void,
  ): Promise<T> {
    if (signal?.aborted) throw signal.reason;
    if (this.passed()) throw onPassed();
    const ctl = this.at === Infinity ? undefined : new AbortController();
    const expiry = ctl
      ? expireAfter(this.left(), () => ctl.abort(onPassed()))
      : undefined;
    const bounded = ctl
      ? (signal ? AbortSignal.any([signal, ctl.signal]) : ctl.signal)
      : signal;
    if (bounded === undefined) return await wait(undefined);
    let onAbort = () => {};
    const aborted = new Promise<never>((_, reject) => {
      onAbort = () => reject(bounded.reason);
      bounded.addEventListener("abort", onAbort, { once: true });
    });
    let waiting: Promise<T> | undefined;
    try {
      waiting = wait(bounded);
      return await Promise.race([waiting, aborted]);
    } catch (err) {
      // A wait that lost the race may still yield later: give it back.
      waiting?.then((late) => discard?.(late), () => {}).catch(() => {});
      if (signal?.aborted) throw signal.reason;
      throw err;
    } finally {
      bounded.removeEventListener("abort", onAbort);
      if (expiry) cancelExpiry(expiry);
    }
  }
}

/**
 * A duration as messages state it: whole milliseconds, rounded up (a
 * deadline of 0.5 ms reads "1 ms", never "0 ms" or "0.5 ms").
 */
export function wholeMs(ms: number | undefined): number | undefined {
  return ms === undefined ? undefined : Math.ceil(ms);
}
