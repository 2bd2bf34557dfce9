/**
 * Type guards for the error classes of {@linkcode LSError}'s family: they
 * work across duplicate copies of the package, as `instanceof` does.
 *
 * @module
 */

import type {
  ApiError,
  ConnectionError,
  LSError,
  TimeoutError,
  ValueError,
} from "./errors.ts";
import { hasKind } from "./_kind.ts";

/**
 * True for any error thrown by an `@ls/*` package, from any copy of it.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isLSError, ValueError } from "@ls/core";
 * assert.equal(isLSError(new ValueError("x", "must be set")), true);
 * assert.equal(isLSError(new Error("x")), false);
 * ```
 */
export function isLSError(value: unknown): value is LSError {
  return hasKind(value, "LSError");
}

/**
 * True for an {@linkcode ApiError} from any copy of the package.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { ApiError, isApiError } from "@ls/core";
 * assert.equal(isApiError(new ApiError({ status: 500, method: "GET", url: "https://example.com/" })), true);
 * assert.equal(isApiError(new Error("x")), false);
 * ```
 */
export function isApiError(value: unknown): value is ApiError {
  return hasKind(value, "ApiError");
}

/**
 * True for a {@linkcode ValueError} from any copy of the package.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isValueError, ValueError } from "@ls/core";
 * assert.equal(isValueError(new ValueError("limit", "must be positive")), true);
 * assert.equal(isValueError(new TypeError("x")), false);
 * ```
 */
export function isValueError(value: unknown): value is ValueError {
  return hasKind(value, "ValueError");
}

/**
 * True for a {@linkcode TimeoutError} from any copy of the package, and for
 * the runtime's own timeout: the `DOMException` named `"TimeoutError"` that
 * an `AbortSignal.timeout()` passed as `signal` aborts a call with (thrown
 * as it is, or kept as the `cause` of another error).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isTimeoutError, TimeoutError } from "@ls/core";
 * assert.equal(isTimeoutError(new TimeoutError("Request timed out after 30000 ms")), true);
 * assert.equal(isTimeoutError(new DOMException("Signal timed out.", "TimeoutError")), true);
 * assert.equal(isTimeoutError(new DOMException("Aborted", "AbortError")), false);
 * assert.equal(isTimeoutError(new Error("x")), false);
 * ```
 */
export function isTimeoutError(
  value: unknown,
): value is TimeoutError | DOMException {
  // A few links of `cause` at most: a chain can be a cycle.
  for (let i = 0; i < 4 && typeof value === "object" && value !== null; i++) {
    if (
      hasKind(value, "TimeoutError") ||
      Reflect.get(value, "name") === "TimeoutError"
    ) return true;
    value = Reflect.get(value, "cause");
  }
  return false;
}

/**
 * True for a {@linkcode ConnectionError} from any copy of the package.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { ConnectionError, isConnectionError } from "@ls/core";
 * assert.equal(isConnectionError(new ConnectionError("Connection failed")), true);
 * assert.equal(isConnectionError(new Error("x")), false);
 * ```
 */
export function isConnectionError(value: unknown): value is ConnectionError {
  return hasKind(value, "ConnectionError");
}
