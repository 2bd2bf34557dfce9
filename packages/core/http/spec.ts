/**
 * What a request and its answer are, as the domain packages and the client
 * exchange them: the spec of a request to a service or to a URL HERE handed
 * back, the options every operation takes, and a parsed JSON response.
 *
 * @module
 */

import type { Service } from "./hosts.ts";
import type { Query } from "../params/query.ts";

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
