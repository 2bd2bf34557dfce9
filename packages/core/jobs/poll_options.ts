/**
 * How often a job's status is polled, as callers give it: the poll timing
 * of the job runner and the `poll` option of the operations that run a job,
 * checked before any request.
 *
 * @module
 */

import { checkKeys } from "../params/check_params.ts";
import { ValueError } from "../errors/errors.ts";

/** The default floor between two status polls, in ms. */
export const MIN_POLL_DELAY_MS = 250;

/** The lowest floor between status polls a caller may set, in ms. */
const LOWEST_POLL_DELAY_MS = 10;

/** Poll timing, as the domain packages take it from their callers. */
export interface PollTiming {
  /** Delay before the first poll, ms. */
  initialDelayMs?: number;
  /** Largest delay between polls, ms. */
  maxDelayMs?: number;
  /** Shortest delay between polls, ms (at least 10). */
  minDelayMs?: number;
  /** Growth of the delay per poll. */
  factor?: number;
}

/** The least value of each poll timing, itself allowed. */
const TIMING_FLOORS: Readonly<Record<keyof PollTiming, number>> = {
  initialDelayMs: 0,
  maxDelayMs: 0,
  minDelayMs: LOWEST_POLL_DELAY_MS,
  factor: 1,
};

/**
 * Checks poll timing before any request: delays finite and not negative,
 * `minDelayMs` at least 10 ms, `factor` at least 1. `prefix` names the
 * parameter as the caller knows it (`poll`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { ValueError } from "@ls/core";
 * import { checkPollTiming } from "./poll_options.ts";
 * checkPollTiming({ initialDelayMs: 500, maxDelayMs: 5_000 }, "poll");
 * assert.throws(
 *   () => checkPollTiming({ minDelayMs: 0 }, "poll"),
 *   (e) => e instanceof ValueError && e.parameter === "poll.minDelayMs",
 * );
 * ```
 *
 * @throws {ValueError} naming the option
 */
export function checkPollTiming(timing: PollTiming, prefix: string): void {
  for (const [key, floor] of Object.entries(TIMING_FLOORS)) {
    const value = timing[key as keyof PollTiming];
    if (
      value !== undefined &&
      !(typeof value === "number" && value >= floor && Number.isFinite(value))
    ) {
      throw new ValueError(
        `${prefix}.${key}`,
        `must be a finite number ≥ ${floor}`,
        value,
      );
    }
  }
}

/**
 * How an async job (matrix, tour planning) is waited for: the cadence of
 * its status polls. One shape for every operation that runs a job, given
 * as `options.poll` beside `onProgress`. The delay grows by 1.5× per poll,
 * from `initialDelayMs` up to `maxDelayMs`, and never falls below
 * `minDelayMs`, whatever `Retry-After` says.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { PollOptions } from "@ls/core/internal";
 * const poll: PollOptions = { initialDelayMs: 500, maxDelayMs: 5_000 };
 * assert.equal(poll.minDelayMs, undefined); // 250 ms by default
 * ```
 */
export interface PollOptions {
  /** Delay before the first status poll, in ms; default 1000. */
  initialDelayMs?: number;
  /** Longest delay between status polls, in ms; default 10 000. */
  maxDelayMs?: number;
  /**
   * Shortest delay between status polls, in ms, whatever `Retry-After`
   * says; default 250, at least 10.
   */
  minDelayMs?: number;
}

const POLL_OPTION_KEYS: readonly (keyof PollOptions)[] = [
  "initialDelayMs",
  "maxDelayMs",
  "minDelayMs",
];

/**
 * Checks `options.poll` before any request ({@linkcode PollOptions}): an
 * object of known keys whose delays are finite, not negative, and
 * `minDelayMs` at least 10. Returns the timing to hand to the job runner
 * (empty when `poll` is undefined).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { checkPollOptions } from "@ls/core/internal";
 * assert.deepEqual(checkPollOptions({ initialDelayMs: 100 }, "matrix"), { initialDelayMs: 100 });
 * assert.throws(() => checkPollOptions({ initialDelay: 100 }, "matrix"), {
 *   message: 'Invalid poll.initialDelay: is not a parameter of matrix; did you mean "poll.initialDelayMs"?',
 * });
 * assert.throws(() => checkPollOptions({ minDelayMs: 5 }, "matrix"), {
 *   message: "Invalid poll.minDelayMs: must be a finite number ≥ 10, got 5",
 * });
 * ```
 *
 * @throws {ValueError} naming `poll` or `poll.<key>`
 */
export function checkPollOptions(
  poll: unknown,
  operation: string,
): PollOptions {
  if (poll === undefined) return {};
  if (typeof poll !== "object" || poll === null || Array.isArray(poll)) {
    throw new ValueError("poll", "must be an object", poll);
  }
  // Named as the caller wrote them: `poll.initialDelayMs`.
  checkKeys(
    Object.fromEntries(Object.keys(poll).map((k) => [`poll.${k}`, 0])),
    POLL_OPTION_KEYS.map((key) => `poll.${key}`),
    { operation },
  );
  const timing: PollOptions = {};
  for (const key of POLL_OPTION_KEYS) {
    const value = (poll as PollOptions)[key];
    if (value !== undefined) timing[key] = value;
  }
  checkPollTiming(timing, "poll");
  return timing;
}
