/**
 * The options of a {@linkcode Client} and the events its hooks receive.
 *
 * @module
 */

import type { Auth } from "../auth/auth.ts";
import type { Limiter } from "../limits/limiter.ts";
import type { PlatformCredentials } from "../auth/credentials.ts";
import type { Country, Service } from "../http/hosts.ts";

/** Proxy URLs, used through `Deno.createHttpClient` where the runtime has it. */
export interface Proxies {
  /** Proxy for `http://` URLs. */
  http?: string;
  /** Proxy for `https://` URLs (every HERE host). */
  https?: string;
}

/** What `onRequest` sees; the URL and headers are redacted. */
export interface RequestEvent {
  /** HTTP method. */
  method: string;
  /** URL with `apiKey` redacted. */
  url: string;
  /** Request headers with `Authorization` redacted. */
  headers: Record<string, string>;
  /** 0 for the first attempt. */
  attempt: number;
}

/** What `onResponse` sees. */
export interface ResponseEvent {
  /** HTTP method. */
  method: string;
  /** URL with `apiKey` redacted. */
  url: string;
  /** HTTP status. */
  status: number;
  /** 0 for the first attempt. */
  attempt: number;
  /** Time to response headers, in ms. */
  durationMs: number;
  /** `X-Correlation-Id` of the response. */
  correlationId?: string;
  /** `X-Request-Id` of the response. */
  requestId?: string;
}

/** What `onRetry` sees before the client waits and tries again. */
export interface RetryEvent {
  /** HTTP method. */
  method: string;
  /** URL with `apiKey` redacted. */
  url: string;
  /** The attempt that failed (0 for the first). */
  attempt: number;
  /** How long the client waits before the next attempt, in ms. */
  delayMs: number;
  /** The status that caused the retry, when there was a response. */
  status?: number;
  /** The failure, credentials redacted. */
  error: Error;
}

/**
 * Options of a {@linkcode Client}. Without `apiKey`, `platformCredentials`
 * or `auth`, the client looks, in this order, for `HERE_API_KEY`,
 * `LS_API_KEY`, the OAuth variables of
 * {@linkcode PlatformCredentials.fromEnv} and
 * `~/.here/credentials.properties`. Where there is no environment or file
 * system (edge runtimes, browsers, Deno without `--allow-env` or
 * `--allow-read`) a source is skipped, never prompted for, and the
 * `ValueError` for a missing credential lists every source tried.
 */
export interface ClientOptions {
  /** HERE API key, sent as the `apiKey` query parameter. Wins over OAuth. */
  apiKey?: string;
  /** OAuth credentials; the client obtains, caches and refreshes tokens itself. */
  platformCredentials?: PlatformCredentials;
  /** A token manager to share between clients (instead of `platformCredentials`). */
  auth?: Auth;
  /** `"row"` (default) or `"china"`. */
  country?: Country;
  /** One origin for every service (tests, sandbox, proxies), e.g. `http://127.0.0.1:8080`. */
  baseUrl?: string;
  /** HTTP(S) proxies; needs `Deno.createHttpClient`, else pass a custom `fetch`. */
  proxies?: Proxies;
  /**
   * The `fetch` to use; defaults to `globalThis.fetch`. It must honour
   * `init.signal` as the platform's does, ending the request and its body.
   */
  fetch?: typeof fetch;
  /** Retries after the first attempt; default 3. */
  maxRetries?: number;
  /**
   * Per-attempt timeout in ms, from the request until its body has been
   * read; default 30 000.
   */
  timeoutMs?: number;
  /** Most requests in flight at once; default unlimited. */
  maxConcurrency?: number;
  /**
   * Most request starts per second, all services together; default (and
   * `Infinity`) unlimited.
   */
  requestsPerSecond?: number;
  /**
   * Most request starts per second per service. Tour planning defaults to 2
   * (HERE's limit); pass a value to change it.
   */
  serviceRequestsPerSecond?: Partial<Record<Service, number>>;
  /**
   * The rate budget to spend instead of the in-process one that
   * `requestsPerSecond` and `serviceRequestsPerSecond` build (with which it
   * cannot be combined): a `LocalLimiter` shared by several
   * clients, or `KvLimiter` from `@ls/core/kv`, shared by processes.
   */
  limiter?: Limiter;
  /** First backoff ceiling in ms; default 500. */
  retryBaseDelayMs?: number;
  /** Largest backoff delay in ms; default 30 000. */
  retryMaxDelayMs?: number;
  /** Largest `Retry-After` honoured, in ms; longer waits are cut to it. Default 60 000. */
  maxRetryAfterMs?: number;
  /**
   * The most decoded bytes of one response body the client reads; a larger
   * body ends in a {@linkcode ResponseTooLargeError}, never retried. Unset,
   * each kind of response has its own cap: 8 MiB for a JSON answer, 1 MiB
   * for a job status, 64 KiB for a token, and for a matrix result a bound
   * derived from the matrix size requested.
   */
  maxResponseBytes?: number;
  /** Called before each attempt; sees a redacted URL and headers. */
  onRequest?: (event: RequestEvent) => void;
  /** Called when response headers arrive. */
  onResponse?: (event: ResponseEvent) => void;
  /** Called before waiting for a retry. */
  onRetry?: (event: RetryEvent) => void;
}
