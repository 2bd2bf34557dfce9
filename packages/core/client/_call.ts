// One call of a client as its attempts see it: what every attempt shares,
// what one attempt saw, and what it came to.

import type { Deadline } from "../http/deadline.ts";
import type { ResponseReader } from "../http/read.ts";
import type { Target } from "../http/_target.ts";

/** What every attempt of one call shares. */
export interface Call {
  /** The request. */
  readonly target: Target;
  /** The caller's signal. */
  readonly signal?: AbortSignal;
  /** The request headers, before credentials. */
  readonly headers: Record<string, string>;
  /** Retries after the first attempt. */
  readonly maxRetries: number;
  /** Each attempt's timeout, in ms. */
  readonly timeoutMs: number;
  /** The caller's cap on the decoded bytes of a body. */
  readonly maxBytes?: number;
  /** The call's deadline. */
  readonly deadline: Deadline;
  /** Reads an answer with an expected status, within its attempt. */
  readonly read: ResponseReader<unknown>;
  /** Whether the limiter gives each attempt a turn. */
  readonly limited: boolean;
  /** The target's URL, credentials redacted (once, when first needed). */
  safeUrl(): string;
}

/** What one attempt saw, for the classifier of its failure. */
export interface Seen {
  /** The last response. */
  res?: Response;
  /** The token sent with the last request, if any. */
  bearer?: string;
  /** Whether the failure came while the last response's body was read. */
  reading?: boolean;
  /** The limiter failed, or the deadline passed waiting for it. */
  turnFailed?: boolean;
  /** Which clock ended the attempt, if one did. */
  expired?: "attempt" | "deadline";
}

/** An attempt that failed in a way the retry policy decides about. */
export interface Failed {
  /** The error the call ends with, if it is not retried. */
  readonly failure: Error;
  /** The status of the last response, for `onRetry`. */
  readonly status?: number;
  /** The token a 401 refused, which the client renews once. */
  readonly refused?: string;
}

/** What one attempt came to: the answer read, or a failure. */
export type Outcome = { readonly value: unknown } | Failed;

/** The error of a call whose deadline passed `when` (a phrase, or ""). */
export function lateError(call: Call, when: string): Error {
  return call.deadline.error(when, call.target.method, call.safeUrl());
}
