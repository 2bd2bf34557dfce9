/**
 * The retry policy: which statuses are retried, how long to wait, and how a
 * `Retry-After` header is read.
 *
 * @module
 */

/** Statuses retried for idempotent requests. */
export const RETRY_STATUSES: ReadonlySet<number> = /* @__PURE__ */ new Set([
  408,
  429,
  500,
  502,
  503,
  504,
]);

/** Statuses retried for a request that creates a job: the server rejected it, so no job exists. */
export const SUBMIT_RETRY_STATUSES: ReadonlySet<number> =
  /* @__PURE__ */ new Set([429, 503]);

/**
 * Reads a `Retry-After` value, either delta-seconds or an HTTP date, as
 * milliseconds from `now`. Returns `undefined` when absent or malformed; a
 * date in the past gives 0.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseRetryAfter } from "./_retry.ts";
 * assert.equal(parseRetryAfter("2"), 2000);
 * assert.equal(parseRetryAfter("Wed, 21 Oct 2015 07:28:00 GMT", Date.parse("Wed, 21 Oct 2015 07:27:58 GMT")), 2000);
 * assert.equal(parseRetryAfter("soon"), undefined);
 * ```
 */
export function parseRetryAfter(
  value: string | null | undefined,
  now: number = Date.now(),
): number | undefined {
  if (value === null || value === undefined) return undefined;
  const v = value.trim();
  if (/^\d+(\.\d+)?$/.test(v)) return Math.round(Number(v) * 1000);
  if (!/[a-z]/i.test(v)) return undefined;
  const at = Date.parse(v);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - now);
}

/** Backoff settings. */
export interface BackoffOptions {
  /** First delay ceiling in ms. */
  baseDelayMs: number;
  /** Largest delay in ms. */
  maxDelayMs: number;
  /** Random source in [0, 1); defaults to `Math.random`. */
  random?: () => number;
}

/**
 * Exponential backoff with full jitter: a random delay between 0 and
 * `min(maxDelayMs, baseDelayMs * 2^retry)`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { backoffDelay } from "./_retry.ts";
 * const ms = backoffDelay(2, { baseDelayMs: 500, maxDelayMs: 30_000 });
 * assert.ok(ms >= 0 && ms < 2000); // up to 500 * 2^2
 * assert.equal(backoffDelay(10, { baseDelayMs: 500, maxDelayMs: 30_000, random: () => 0.5 }), 15_000);
 * ```
 */
export function backoffDelay(retry: number, options: BackoffOptions): number {
  const ceiling = Math.min(
    options.maxDelayMs,
    options.baseDelayMs * 2 ** retry,
  );
  return Math.floor((options.random ?? Math.random)() * ceiling);
}
