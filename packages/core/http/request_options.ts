/**
 * A caller's request options as a plain object of its own fields, for the
 * code that passes them on to several requests (a job's submit, status
 * polls and download).
 *
 * @module
 */

import type { RequestOptions } from "./spec.ts";
import { lazy } from "../params/lazy.ts";

/** Every option a request reads; the compiler holds it to the type. */
const keys = /* @__PURE__ */ lazy(() =>
  Object.keys(
    {
      signal: 0,
      timeoutMs: 0,
      deadlineMs: 0,
      maxResponseBytes: 0,
      maxRetries: 0,
      headers: 0,
      requestId: 0,
      onProgress: 0,
      query: 0,
      body: 0,
    } satisfies Record<keyof RequestOptions, 0>,
  ) as (keyof RequestOptions)[]
);

/**
 * The options `options` gives, read once each (getters and inherited
 * fields included) into a plain object that a spread copies whole; an
 * option `options` leaves undefined is left out.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { plainRequestOptions } from "@ls/core/internal";
 * class Options {
 *   get timeoutMs() { return 500; }
 * }
 * const copy = { ...plainRequestOptions(new Options()), maxRetries: 0 };
 * assert.deepEqual(copy, { timeoutMs: 500, maxRetries: 0 });
 * ```
 */
export function plainRequestOptions(options: RequestOptions): RequestOptions {
  const plain: Record<string, unknown> = {};
  for (const key of keys()) {
    const value = options[key];
    if (value !== undefined) plain[key] = value;
  }
  return plain as RequestOptions;
}
