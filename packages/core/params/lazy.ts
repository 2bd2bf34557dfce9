/**
 * {@linkcode lazy}: a value built on first use instead of at import, so that
 * loading a package costs only what a call needs. Schemas, lookup tables and
 * sets that a module would otherwise build at its top level are wrapped in
 * it; a cold start on the edge then pays for none of them.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { lazy } from "@ls/core/internal";
 * let builds = 0;
 * const table = lazy(() => (builds++, new Map([["car", 1]])));
 * assert.equal(builds, 0);
 * assert.equal(table().get("car"), 1);
 * assert.equal(table(), table());
 * assert.equal(builds, 1);
 * ```
 *
 * @module
 */

/**
 * Returns a function that calls `build` the first time it is called and
 * returns that same value ever after. `build` must not return `undefined`
 * or `null` (it would run again). Annotate a module-level call
 * `@__PURE__`: a bundle that never calls the value then drops it, and what
 * only `build` uses with it (bundlers do not all carry this function's own
 * annotation across modules).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import * as z from "zod/mini";
 * import { lazy, parseWith } from "@ls/core/internal";
 * const limit = lazy(() => z.number());
 * assert.equal(parseWith(limit(), 5, "limit"), 5);
 * ```
 */
export /* @__NO_SIDE_EFFECTS__ */ function lazy<T>(build: () => T): () => T {
  let value: T | undefined;
  return () => value ??= build();
}
