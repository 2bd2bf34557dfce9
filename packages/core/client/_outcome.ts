// What a failed attempt means for its call: an error that ends the call at
// once (the caller's abort, the deadline, bad input, an answer that cannot
// be read), or a failure the retry policy decides about, and how long to
// wait before the next attempt.

import { type Call, type Failed, lateError, type Seen } from "./_call.ts";
import type { ClientSettings } from "./_client_setup.ts";
import {
  ApiError,
  LSError,
  TimeoutError,
  ValueError,
} from "../errors/errors.ts";
import { bodyFailure, connectionFailure } from "../http/_failures.ts";
import { REDIRECTS } from "../http/_redirect.ts";
import {
  backoffDelay,
  RETRY_STATUSES,
  SUBMIT_RETRY_STATUSES,
} from "../http/_retry.ts";
import type { Redactor } from "../redact/_redact.ts";

/**
 * The failure an attempt ended in with `err`, given what it saw. Thrown
 * instead, ending the call: the caller's abort, the limiter's own failure
 * (the request was never sent), the deadline, a ValueError, and an
 * ApiError for a status that was accepted (a body that cannot be read) or
 * redirects (a redirect refused).
 */
export function failureOf(
  err: unknown,
  call: Call,
  seen: Seen,
  redactor: Redactor,
): Failed {
  const { method } = call.target;
  if (call.signal?.aborted) throw call.signal.reason;
  // Not a failure of the request, which was never sent.
  if (seen.turnFailed) throw err;
  const { res, reading } = seen;
  const when = reading ? "while the response was read" : "";
  if (seen.expired === "deadline") throw lateError(call, when);
  let failure: Error;
  if (seen.expired === "attempt") {
    const url = call.safeUrl();
    failure = new TimeoutError(
      `Request timed out after ${call.timeoutMs} ms${
        when && ` ${when}`
      } [${method} ${url}]`,
      { url },
    );
  } else if (err instanceof ValueError) {
    throw err;
  } else if (err instanceof LSError) {
    failure = err;
  } else {
    const url = call.safeUrl();
    // The runtime's error names the URL, key included: keep a scrubbed copy.
    failure =
      (reading ? bodyFailure(err, res!, method, url, redactor) : undefined) ??
        connectionFailure(err, method, url, redactor);
  }
  if (!(failure instanceof ApiError)) return { failure, status: res?.status };
  // A failure after the status was accepted (a broken body) is retried like
  // a connection failure; a non-JSON 200 body is not.
  const status = failure.status;
  if (call.target.expect.includes(status) || REDIRECTS.has(status)) {
    throw failure;
  }
  return { failure, status };
}

/**
 * How long to wait before the attempt after `attempt` (0 for the first),
 * or undefined when the call ends with its failure: one its kind of request
 * does not retry, the retries spent, or a wait that would pass the
 * deadline. The server's `Retry-After` (capped) wins over the backoff.
 */
export function retryDelay(
  { failure }: Failed,
  attempt: number,
  call: Call,
  s: ClientSettings,
): number | undefined {
  const retry = call.target.retry;
  const retryable = failure instanceof ApiError
    ? (retry === "submit" ? SUBMIT_RETRY_STATUSES : RETRY_STATUSES)
      .has(failure.status)
    : retry === "idempotent";
  if (!retryable || attempt >= call.maxRetries) return undefined;
  const retryAfterMs = failure instanceof ApiError
    ? failure.retryAfterMs
    : undefined;
  const delayMs = retryAfterMs !== undefined
    ? Math.min(retryAfterMs, s.maxRetryAfter)
    : backoffDelay(attempt, {
      baseDelayMs: s.retryBase,
      maxDelayMs: s.retryMax,
    });
  return performance.now() + delayMs > call.deadline.at ? undefined : delayMs;
}
