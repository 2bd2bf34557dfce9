/**
 * The base of every typed response: the parsed body (`raw`, `toJSON()`) and
 * HERE's tracing ids.
 *
 * @module
 */

import type { JsonResponse } from "./spec.ts";

/**
 * Common part of every typed response object.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { ApiResponse } from "@ls/core";
 * class MyResponse extends ApiResponse<{ items: unknown[] }> {
 *   get items(): unknown[] {
 *     return this.raw.items;
 *   }
 * }
 * const res = new MyResponse({ body: { items: [] }, correlationId: "4199533b" });
 * assert.deepEqual(res.items, []);
 * assert.equal(res.correlationId, "4199533b");
 * assert.equal(JSON.stringify(res), '{"items":[]}');
 * ```
 */
export class ApiResponse<T> {
  /** The parsed response body, exactly as HERE sent it. */
  readonly raw: T;
  /** HERE's `X-Correlation-Id`. */
  readonly correlationId?: string;
  /** The `X-Request-Id` HERE echoed. */
  readonly requestId?: string;

  /** Wraps a parsed JSON response. */
  constructor(
    response: Pick<JsonResponse<T>, "body" | "correlationId" | "requestId">,
  ) {
    this.raw = response.body;
    this.correlationId = response.correlationId;
    this.requestId = response.requestId;
  }

  /** The body as HERE sent it (for `JSON.stringify`). */
  toJSON(): T {
    return this.raw;
  }
}
