// An operation's overall deadline: the time left, and a signal that ends
// waits (a concurrency slot, a rate turn, a backoff) when it passes.

import { TimeoutError } from "./errors.ts";
import { cancelExpiry, expireAfter } from "./_timers.ts";

/** The deadline of one operation (`deadlineMs`), or none. */
export class Deadline {
  /** When it passes, on `performance.now()`'s clock; Infinity: never. */
  readonly at: number;
  /** The `deadlineMs` it was made from. */
  readonly ms?: number;

  /** A deadline `ms` from now; none when `ms` is undefined. */
  constructor(ms: number | undefined) {
    this.ms = ms;
    this.at = ms === undefined ? Infinity : performance.now() + ms;
  }

  /** Milliseconds left (Infinity without a deadline; ≤ 0 once passed). */
  left(): number {
    return this.at === Infinity ? Infinity : this.at - performance.now();
  }

  /** Whether it has passed. */
  passed(): boolean {
    return this.left() <= 0;
  }

  /** The error of an operation that ran past it, `while` doing what. */
  error(what: string, method?: string, url?: string): TimeoutError {
    const where = url === undefined ? "" : ` [${method ?? "GET"} ${url}]`;
    return new TimeoutError(
      `Operation exceeded its deadline of ${this.ms} ms${
        what ? ` ${what}` : ""
      }${where}`,
      { url },
    );
  }

  /**
   * Runs `wait` with a signal that aborts when `signal` does or the deadline
   * passes; a wait ended by the deadline rejects with `onPassed()`.
   */
  async bound<T>(
    signal: AbortSignal | undefined,
    wait: (signal: AbortSignal | undefined) => Promise<T>,
    onPassed: () => Error,
  ): Promise<T> {
    if (this.at === Infinity) return await wait(signal);
    if (signal?.aborted) throw signal.reason;
    if (this.passed()) throw onPassed();
    const ctl = new AbortController();
    const expiry = expireAfter(this.left(), () => ctl.abort(onPassed()));
    try {
      return await wait(
        signal ? AbortSignal.any([signal, ctl.signal]) : ctl.signal,
      );
    } catch (err) {
      if (signal?.aborted) throw signal.reason;
      throw err;
    } finally {
      cancelExpiry(expiry);
    }
  }
}
