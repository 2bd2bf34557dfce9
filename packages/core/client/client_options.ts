/**
 * The options of a {@linkcode Client} and of each call, the request specs
 * a domain package hands to it, and the events its hooks receive.
 *
 * @module
 */

import type { Auth } from "../auth/auth.ts";
import type { Limiter } from "../limits/limiter.ts";
import type { PlatformCredentials } from "../auth/credentials.ts";
import type { Country, Service } from "../http/hosts.ts";
import type { Query } from "../params/query.ts";

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

/** Options every operation takes as its last argument. */
export interface RequestOptions {
  /** Cancels the operation; it rejects with the signal's reason. */
  signal?: AbortSignal;
  /**
   * Per-attempt timeout in ms (overrides the client's): it runs from the
   * request until its body has been read, redirects included.
   */
  timeoutMs?: number;
  /**
   * Overall deadline for the whole operation in ms: waiting for a
   * concurrency slot or a rate turn, every attempt and its body, backoff,
   * polling and result downloads.
   */
  deadlineMs?: number;
  /** The most decoded bytes of a response body (overrides the client's). */
  maxResponseBytes?: number;
  /** Retries after the first attempt (overrides the client's). */
  maxRetries?: number;
  /** Extra request headers. */
  headers?: HeadersInit;
  /** Sent as `X-Request-ID`; HERE echoes it back. */
  requestId?: string;
  /** Reports async job statuses (matrix, tour planning). */
  onProgress?: (status: string) => void;
  /**
   * Extra query parameters, for a HERE parameter the operation does not
   * model yet. They are added after the modelled ones, as given: a list is
   * joined with commas, each element encoded. A key the call already sets,
   * and `apiKey` in any case, is a `ValueError`. Status polls and result
   * downloads of async jobs do not get them.
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { Query } from "@ls/core";
   * import { assertGetRequest, jsonReply, startTestServer, testClient } from "@ls/core/testing";
   * await using server = await startTestServer();
   * server.route("GET /v1/geocode", jsonReply(200, { items: [] }));
   * const client = testClient(server);
   * const spec = { service: "geocode", path: "/v1/geocode", query: new Query().set("q", "Berlin") } as const;
   * // `addressNamesMode` is a HERE geocode parameter with no field here yet.
   * await client.requestJson(spec, { query: { addressNamesMode: "normalized" } });
   * assertGetRequest(server.requests[0], "/v1/geocode", "q=Berlin&addressNamesMode=normalized");
   * await assert.rejects(client.requestJson(spec, { query: { apiKey: "other" } }), {
   *   name: "ValueError",
   *   parameter: "query.apiKey",
   * });
   * ```
   */
  query?: Record<string, ExtraQueryValue>;
  /**
   * Extra top-level fields of the JSON body of a POST operation (matrix,
   * tour planning), for a HERE field the operation does not model yet. They
   * are added after the modelled ones; a field the call already sets is a
   * `ValueError`, and so is `body` on an operation that sends no JSON body.
   */
  body?: Record<string, unknown>;
}

/** The value of an extra query parameter in {@linkcode RequestOptions.query}. */
export type ExtraQueryValue =
  | string
  | number
  | boolean
  | readonly (string | number | boolean)[];

/** A request to one HERE service, as domain packages describe it. */
export interface RequestSpec {
  /** Which service (selects the host). */
  service: Service;
  /** HTTP method; default `GET`. */
  method?: "GET" | "POST";
  /** The path, e.g. `/v1/geocode`. */
  path: string;
  /** The query; `apiKey` is appended last by the client. */
  query?: Query;
  /** A JSON body (POST). */
  body?: unknown;
  /** Statuses that count as success; default `[200]`. */
  expect?: readonly number[];
  /**
   * `"idempotent"` (default) retries network errors, 408, 429 and 5xx;
   * `"submit"` (a request that creates a job) retries only 429 and 503.
   */
  retry?: "idempotent" | "submit";
}

/** A request to an absolute URL HERE handed back (job status, results). */
export interface UrlRequestSpec {
  /** Service the URL belongs to (rate limits, error context). */
  service: Service;
  /** The absolute URL. */
  url: string;
  /** HTTP method; default `GET`. */
  method?: "GET" | "POST";
  /** Statuses that count as success; default `[200]`. */
  expect?: readonly number[];
  /**
   * `"manual"` to see redirects (job status polls); default `"follow"`:
   * the client follows them itself, within its redirect rules.
   */
  redirect?: RequestRedirect;
  /**
   * The URL of the response that named `url` (credentials redacted), which
   * an error names instead when `url` is refused.
   */
  referrer?: string;
}

/** A parsed JSON response. */
export interface JsonResponse<T = unknown> {
  /** HTTP status. */
  status: number;
  /** The parsed body. */
  body: T;
  /** Response headers. */
  headers: Headers;
  /** `X-Correlation-Id`. */
  correlationId?: string;
  /** `X-Request-Id`. */
  requestId?: string;
  /** The request's method. */
  method?: string;
  /** The request's URL, credentials redacted. */
  url?: string;
}
