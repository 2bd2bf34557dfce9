/**
 * {@linkcode Fault}: a scripted failure the sandbox answers with instead of
 * the service's answer (a status, latency or a dropped connection).
 *
 * @module
 */

/**
 * A scripted failure for requests that match `path` (and `method`).
 *
 * - `status`: answer with this status and HERE's gateway body
 *   (`{"error": "Too Many Requests", ...}`), or `body` when given;
 *   `retryAfter` adds a `Retry-After` header.
 * - `latencyMs`: wait before answering (alone: then answer normally).
 * - `drop`: send headers, then break the connection mid-body.
 * - `after`: let this many matching requests through first (default 0);
 *   `count`: how many requests get the fault (default all).
 *
 * Faults are checked in order; the first one that applies wins. They act
 * before credentials are checked (only a URL over 60 KiB, which gets 414,
 * is refused before them).
 *
 * @example
 * ```ts
 * import type { Fault } from "@ls/sandbox";
 * const faults: Fault[] = [
 *   { path: "/v8/routes", status: 429, retryAfter: "1", count: 2 },
 *   { path: "/v1/*", latencyMs: 50 },
 * ];
 * ```
 */
export interface Fault {
  /** An exact path (`/v8/routes`), a prefix ending in `*` (`/v8/*`), or `*`. */
  path: string;
  /** Only requests with this method (any when omitted). */
  method?: string;
  /** The status to answer with, e.g. 429 or 503. */
  status?: number;
  /** A `Retry-After` header value (delta-seconds or an HTTP date). */
  retryAfter?: string;
  /** A JSON body instead of the gateway body. */
  body?: unknown;
  /** Delay before the answer, ms. */
  latencyMs?: number;
  /** Break the connection instead of answering. */
  drop?: boolean;
  /** Matching requests let through before the fault applies; default 0. */
  after?: number;
  /** How many requests get the fault; default unlimited. */
  count?: number;
}
