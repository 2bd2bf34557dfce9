/**
 * The types of {@linkcode bulk}: what a run takes (inputs, an operation,
 * options) and what it yields (successes, failures, progress).
 *
 * @module
 */

import type { RequestOptions } from "../http/spec.ts";

/**
 * The inputs of {@linkcode bulk}: any iterable or async iterable.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { bulk, type BulkInputs } from "@ls/core";
 * async function* lines(): AsyncGenerator<{ query: string }> {
 *   yield { query: "Berlin" }; // e.g. read from a file as it is consumed
 * }
 * const inputs: BulkInputs<{ query: string }> = lines();
 * const items = await Array.fromAsync(bulk((p) => Promise.resolve(p.query), inputs));
 * assert.deepEqual(items, [{ index: 0, input: { query: "Berlin" }, result: "Berlin" }]);
 * ```
 */
export type BulkInputs<I> = Iterable<I> | AsyncIterable<I>;

/**
 * One call of {@linkcode bulk} that succeeded: its position in the inputs,
 * the input, and what the operation resolved to.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { bulk, type BulkSuccess } from "@ls/core";
 * const [item] = await Array.fromAsync(bulk((n: number) => Promise.resolve(n + 1), [41]));
 * assert.ok("result" in item);
 * const success: BulkSuccess<number, number> = item;
 * assert.deepEqual(success, { index: 0, input: 41, result: 42 });
 * ```
 */
export interface BulkSuccess<I, R> {
  /** The input's position in the inputs, from 0. */
  index: number;
  /** The input, as given. */
  input: I;
  /** What the operation resolved to. */
  result: R;
}

/**
 * One call of {@linkcode bulk} that failed: its position in the inputs, the
 * input, and what the operation rejected with. For an operation of the
 * `@ls/*` packages that is one of the library's errors: a `ValueError` for a
 * bad input (sent nowhere), an `ApiError`, a `TimeoutError` or a
 * `ConnectionError`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { bulk, type BulkFailure, ValueError } from "@ls/core";
 * const refuse = (n: number) => Promise.reject(new ValueError("n", "is refused", n));
 * const [item] = await Array.fromAsync(bulk(refuse, [7]));
 * assert.ok("error" in item);
 * const failure: BulkFailure<number> = item;
 * assert.equal(failure.index, 0);
 * assert.ok(failure.error instanceof ValueError);
 * ```
 */
export interface BulkFailure<I> {
  /** The input's position in the inputs, from 0. */
  index: number;
  /** The input, as given. */
  input: I;
  /** What the operation rejected (or threw) with. */
  error: unknown;
}

/**
 * What {@linkcode bulk} yields for each input: a {@linkcode BulkSuccess}
 * (with `result`) or a {@linkcode BulkFailure} (with `error`); tell them
 * apart with `"error" in item`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { BulkItem } from "@ls/core";
 * const describe = (item: BulkItem<string, number>) =>
 *   "error" in item ? `${item.input}: failed` : `${item.input}: ${item.result}`;
 * assert.equal(describe({ index: 0, input: "a", result: 1 }), "a: 1");
 * assert.equal(describe({ index: 1, input: "b", error: new Error("x") }), "b: failed");
 * ```
 */
export type BulkItem<I, R> = BulkSuccess<I, R> | BulkFailure<I>;

/**
 * What {@linkcode BulkOptions.onProgress} receives after each call ends.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { bulk, type BulkProgress } from "@ls/core";
 * const seen: BulkProgress[] = [];
 * await Array.fromAsync(bulk((n: number) => Promise.resolve(n), [1, 2], {
 *   concurrency: 1,
 *   onProgress: (p) => seen.push(p),
 * }));
 * assert.deepEqual(seen.map((p) => [p.done, p.failed, p.inFlight]), [[1, 0, 0], [2, 0, 0]]);
 * assert.equal(seen[1].etaMs, 0); // an array's length is known: nothing left
 * ```
 */
export interface BulkProgress {
  /** Calls that have ended, failed ones included. */
  done: number;
  /** Calls that have ended in an error. */
  failed: number;
  /** Calls under way. */
  inFlight: number;
  /** Calls ended per second since the run started. */
  ratePerSecond: number;
  /**
   * Estimated milliseconds until every input has been done, at the rate so
   * far: present only when the number of inputs is known (an array or a
   * `Set`, or {@linkcode BulkOptions.total}).
   */
  etaMs?: number;
}

/**
 * Options of {@linkcode bulk}.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { bulk, type BulkOptions } from "@ls/core";
 * const controller = new AbortController();
 * const options: BulkOptions = {
 *   concurrency: 4,
 *   signal: controller.signal,
 *   callOptions: { deadlineMs: 30_000, maxRetries: 5 },
 *   onProgress: ({ done, etaMs }) => void [done, etaMs],
 * };
 * const seen: unknown[] = [];
 * const run = (n: number, call: object) => (seen.push(call), Promise.resolve(n));
 * await Array.fromAsync(bulk(run, [1], options));
 * assert.equal((seen[0] as { deadlineMs: number }).deadlineMs, 30_000);
 * ```
 */
export interface BulkOptions {
  /**
   * Most inputs held at once, default 8: calls under way plus results not
   * yet taken by the consumer. An integer from 1 to 10,000 (a run holds
   * this many inputs and calls in memory at once). The client's own limits
   * (`maxConcurrency`, `requestsPerSecond`, …) apply on top.
   */
  concurrency?: number;
  /**
   * Stops the run: every call under way is aborted and the iteration
   * rejects with the signal's reason, whatever the inputs are doing (an
   * input still being pulled is not waited for beyond 100 ms).
   */
  signal?: AbortSignal;
  /**
   * How many inputs there are, for {@linkcode BulkProgress.etaMs}; taken
   * from the inputs when they are an array or a `Set`. A non-negative
   * integer.
   */
  total?: number;
  /**
   * Called after each call ends. An exception it throws is ignored: it
   * never stops the run.
   */
  onProgress?: (progress: BulkProgress) => void;
  /**
   * The per-call options each call gets (`deadlineMs`, `timeoutMs`,
   * `maxRetries`, `headers`, `query`, …), checked once before the run. The
   * run's {@linkcode BulkOptions.signal} is the calls' signal, so a
   * `signal` here is a `ValueError`.
   */
  callOptions?: RequestOptions;
}

/**
 * The operation {@linkcode bulk} calls for each input, with the per-call
 * options (and the run's signal).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { BulkOperation } from "@ls/core";
 * // With a client: (params, options) => geocode(client, params, options)
 * const run: BulkOperation<{ query: string }, number> = (params, options) =>
 *   Promise.resolve(options.signal?.aborted ? 0 : params.query.length);
 * assert.equal(await run({ query: "Berlin" }, {}), 6);
 * ```
 */
export type BulkOperation<I, R> = (
  input: I,
  options: RequestOptions,
) => Promise<R>;
