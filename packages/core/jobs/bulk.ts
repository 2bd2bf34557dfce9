/**
 * {@linkcode bulk}: many calls of one operation, a bounded number at a time,
 * with their outcomes yielded as they finish.
 *
 * @module
 */

import type {
  BulkInputs,
  BulkItem,
  BulkOperation,
  BulkOptions,
} from "./bulk_types.ts";
import { checkCallOptions, refuse } from "./_bulk_checks.ts";
import { sourceOf } from "./_bulk_inputs.ts";
import { drive } from "./_bulk_run.ts";

const DEFAULT_CONCURRENCY = 8;
/** The most inputs a run holds at once: beyond it memory, not HERE, limits. */
const MAX_CONCURRENCY = 10_000;

/**
 * Calls `run(input, options)` for every input of `inputs` (any iterable or
 * async iterable, pulled lazily) with at most `concurrency` inputs held at
 * once, and yields each outcome as it finishes (in completion order, not
 * input order): `{ index, input, result }` or `{ index, input, error }`.
 * One failed call never stops the others.
 *
 * `run` is typically an operation bound to a client, e.g.
 * `(params, options) => geocode(client, params, options)`, so the client's
 * concurrency and rate limits, retries and deadlines apply to each call.
 * Each call gets {@linkcode BulkOptions.callOptions} and a signal that ends
 * it when the run stops.
 *
 * Memory stays flat whatever the number of inputs: an input is pulled only
 * when a slot is free, and a result the consumer has not taken yet holds
 * its slot, so a slow consumer pauses the pulling.
 *
 * How a run ends:
 * - every input done: the iteration ends;
 * - `signal` aborted: the calls under way are aborted, and the iteration
 *   rejects with `signal.reason` once they have settled and the inputs
 *   have been asked to stop (see below), even while the inputs' iterator
 *   is still waiting for its next item;
 * - the consumer stops early (`break` out of `for await`, or `return()`):
 *   the calls under way are aborted and have settled, and the inputs have
 *   been asked to stop (see below), by the time the loop is left;
 * - the inputs' iterator throws: no further input is pulled, the calls
 *   under way finish and their outcomes are yielded, then the iteration
 *   rejects with the iterator's error; it ends the same way, with a
 *   `ValueError` naming `inputs`, when the iterator cannot be opened or a
 *   step of it is not an object (as `for...of` would refuse it).
 *
 * A run that stops (abort or early exit) asks the inputs' iterator to stop
 * as `for...of` would, by calling its `return()`, even while a pull of it
 * is under way: a queue, a socket or a stdin reader may be waiting for its
 * next item. It then waits at most 100 ms for that pull to end and that
 * `return()` to settle, and ends without them when they take longer (an
 * async generator runs a `return()` only after its pending pull, so it may
 * finish closing after the run has ended). An input that arrives after the
 * stop is never started, and a pull or a `return()` that fails late is
 * ignored.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { bulk, ValueError } from "@ls/core";
 * // With a client: bulk((params, options) => geocode(client, params, options), rows)
 * const square = (n: number) =>
 *   n < 0 ? Promise.reject(new ValueError("n", "must not be negative", n)) : Promise.resolve(n * n);
 * const results: number[] = [];
 * const failed: number[] = [];
 * for await (const item of bulk(square, [1, 2, -3, 4], { concurrency: 2 })) {
 *   if ("error" in item) failed.push(item.index);
 *   else results[item.index] = item.result;
 * }
 * assert.deepEqual(results, [1, 4, , 16]);
 * assert.deepEqual(failed, [2]);
 * ```
 *
 * @example Stopping while the inputs wait for their next item
 * ```ts
 * import assert from "node:assert/strict";
 * import { bulk } from "@ls/core";
 * // Like a queue or a socket that never delivers again.
 * async function* inputs(): AsyncGenerator<number> {
 *   yield 1;
 *   await new Promise(() => {});
 * }
 * const controller = new AbortController();
 * const reason = new Error("stopped by the user");
 * const seen: number[] = [];
 * const double = (n: number) => Promise.resolve(n * 2);
 * await assert.rejects(async () => {
 *   for await (const item of bulk(double, inputs(), { signal: controller.signal })) {
 *     seen.push(item.index);
 *     controller.abort(reason); // the second pull is under way, and never ends
 *   }
 * }, (e) => e === reason);
 * assert.deepEqual(seen, [0]);
 * ```
 *
 * @throws {ValueError} at once, before any input is pulled, when `run` is
 * not a function, `inputs` is not iterable, or an option is invalid
 * (`concurrency` above 10,000 included). A string given where it does not
 * belong is described by its type alone, never quoted: it may be a
 * credential.
 */
export function bulk<I, R>(
  run: BulkOperation<I, R>,
  inputs: BulkInputs<I>,
  options: BulkOptions = {},
): AsyncGenerator<BulkItem<I, R>, void, undefined> {
  if (typeof run !== "function") {
    throw refuse("run", "must be a function", run);
  }
  if (typeof options !== "object" || options === null) {
    throw refuse("options", "must be an object", options);
  }
  const { concurrency = DEFAULT_CONCURRENCY, signal, onProgress } = options;
  if (
    !Number.isInteger(concurrency) || concurrency < 1 ||
    concurrency > MAX_CONCURRENCY
  ) {
    throw refuse(
      "concurrency",
      `must be an integer from 1 to ${MAX_CONCURRENCY}`,
      concurrency,
    );
  }
  if (signal !== undefined && !(signal instanceof AbortSignal)) {
    throw refuse("signal", "must be an AbortSignal", signal);
  }
  if (onProgress !== undefined && typeof onProgress !== "function") {
    throw refuse("onProgress", "must be a function", onProgress);
  }
  let total = options.total;
  if (total !== undefined) {
    if (!Number.isSafeInteger(total) || total < 0) {
      throw refuse("total", "must be a non-negative integer", total);
    }
  } else if (Array.isArray(inputs)) {
    total = inputs.length;
  } else if (inputs instanceof Set) {
    total = inputs.size;
  }
  const callOptions = checkCallOptions(options.callOptions);
  const open = sourceOf(inputs);
  return drive(run, open, {
    concurrency,
    signal,
    onProgress,
    total,
    callOptions,
  });
}
