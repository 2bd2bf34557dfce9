// A body past the client's byte cap: an ApiError of its own kind.

import { ApiError } from "./errors.ts";
import type { ApiErrorInit } from "./api_error_init.ts";

/**
 * A response body larger than the client accepts: its decoded size passed
 * `maxResponseBytes` (or the default cap of its kind), so reading stopped
 * there. Never retried: the same request would get the same answer.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { ApiError, ResponseTooLargeError } from "@ls/core";
 * const err = new ResponseTooLargeError({ status: 200, method: "GET", url: "https://example.com/", limit: 1024 });
 * assert.ok(err instanceof ApiError);
 * assert.equal(err.limit, 1024);
 * assert.equal(err.detail, "the decoded body exceeds 1024 bytes; raise maxResponseBytes to accept more");
 * ```
 */
export class ResponseTooLargeError extends ApiError {
  /** Stable kind used for cross-copy `instanceof` checks. */
  static override readonly kind: string = "ResponseTooLargeError";
  /** The cap the body passed, in bytes. */
  readonly limit: number;

  /**
   * Builds the error; its title and detail say which cap the body passed.
   *
   * @param init the response's fields and the cap, in bytes
   */
  constructor(
    init: Omit<ApiErrorInit, "title" | "detail"> & { limit: number },
  ) {
    super({
      ...init,
      title: "Response body too large",
      detail:
        `the decoded body exceeds ${init.limit} bytes; raise maxResponseBytes to accept more`,
    });
    this.limit = init.limit;
  }

  /** The error's fields and the cap as plain JSON (credentials are never among them). */
  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), limit: this.limit };
  }
}
