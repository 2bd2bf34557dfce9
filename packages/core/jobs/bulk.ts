/**
 * {@linkcode bulk}: many calls of one operation, a bounded number at a time,
 * with their outcomes yielded as they finish.
 *
 * @module
 */

import type { RequestOptions } from "../client/client_options.ts";
import { checkRequestOptions } from "../client/client_checks.ts";
import { ValueError } from "../errors/errors.ts";

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

const DEFAULT_CONCURRENCY = 8;
/**
 * How long a run that stops waits for its inputs' iterator: for a pull
 * under way to end and for its `return()` to settle. Stated in the doc of
 * {@linkcode bulk} and in the README's Stopping bullet.
 */
const INPUTS_STOP_WAIT_MS = 100;
/** The most inputs a run holds at once: beyond it memory, not HERE, limits. */
const MAX_CONCURRENCY = 10_000;

/** The inputs' iterator, opened when the run starts. */
interface Source {
  /** Whether {@linkcode Source.next} returns promises. */
  isAsync: boolean;
  /** The next step as the iterator gives it, not yet checked. */
  next(): unknown;
  close(): unknown;
}

/**
 * What was given, for the message of a `ValueError` about an argument or
 * option of a run: a number (or `null`, `undefined`, a boolean) as it is,
 * anything else by its type alone. A string there may be a credential
 * given in the wrong place, so it is never quoted.
 */
function given(value: unknown): string {
  switch (typeof value) {
    case "number":
    case "boolean":
    case "bigint":
    case "undefined":
      return String(value);
    case "string":
      return "a string";
    case "object":
      return value === null
        ? "null"
        : Array.isArray(value)
        ? "an array"
        : "an object";
    default:
      return `a ${typeof value}`;
  }
}

/** A `ValueError` for `parameter` that describes `value` with {@linkcode given}. */
function refuse(parameter: string, rule: string, value: unknown): ValueError {
  return new ValueError(parameter, `${rule}, got ${given(value)}`);
}

/** Numeric per-call options, checked by `checkRequestOptions`. */
const NUMERIC_CALL_OPTIONS = [
  "timeoutMs",
  "deadlineMs",
  "maxRetries",
  "maxResponseBytes",
] as const;

/**
 * Checks {@linkcode BulkOptions.callOptions} once, before the run, naming
 * each option `callOptions.<name>`; a value of the wrong type is described
 * by its type alone.
 */
function checkCallOptions(callOptions: unknown): RequestOptions {
  if (callOptions === undefined || callOptions === null) return {};
  if (typeof callOptions !== "object") {
    throw refuse("callOptions", "must be an object", callOptions);
  }
  const options = callOptions as RequestOptions;
  if (options.signal !== undefined) {
    throw new ValueError(
      "callOptions.signal",
      "is not taken: give the run's signal as the signal option",
    );
  }
  if (
    options.onProgress !== undefined && typeof options.onProgress !== "function"
  ) {
    throw refuse(
      "callOptions.onProgress",
      "must be a function",
      options.onProgress,
    );
  }
  for (const name of NUMERIC_CALL_OPTIONS) {
    const value = options[name];
    if (value !== undefined && typeof value !== "number") {
      throw refuse(`callOptions.${name}`, "must be a number", value);
    }
  }
  try {
    checkRequestOptions(options);
  } catch (error) {
    // The value is a number here, safe to quote; only the name changes.
    if (!(error instanceof ValueError)) throw error;
    const prefix = `Invalid ${error.parameter}: `;
    throw new ValueError(
      `callOptions.${error.parameter}`,
      error.message.startsWith(prefix)
        ? error.message.slice(prefix.length)
        : error.message,
    );
  }
  return options;
}

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

/** The iterator of `inputs`, opened when the run starts. */
function sourceOf<I>(inputs: BulkInputs<I>): () => Source {
  const asyncOpen = typeof inputs === "object" && inputs !== null
    ? Reflect.get(inputs, Symbol.asyncIterator)
    : undefined;
  const syncOpen = inputs !== null && inputs !== undefined &&
      typeof inputs !== "string"
    ? Reflect.get(Object(inputs), Symbol.iterator)
    : undefined;
  const opener = typeof asyncOpen === "function"
    ? asyncOpen
    : typeof syncOpen === "function"
    ? syncOpen
    : undefined;
  if (opener === undefined) {
    throw refuse("inputs", "must be an iterable or an async iterable", inputs);
  }
  const isAsync = opener === asyncOpen;
  return () => {
    const it: unknown = opener.call(inputs);
    if (typeof it !== "object" || it === null) {
      throw refuse("inputs", "must open an iterator object", it);
    }
    const next: unknown = Reflect.get(it, "next");
    if (typeof next !== "function") {
      throw refuse(
        "inputs",
        "must open an iterator with a next() method",
        next,
      );
    }
    return {
      isAsync,
      next: () => isAsync ? Promise.resolve(next.call(it)) : next.call(it),
      close: () => (it as Iterator<I>).return?.(),
    };
  };
}

interface Settings {
  concurrency: number;
  signal: AbortSignal | undefined;
  onProgress: ((progress: BulkProgress) => void) | undefined;
  total: number | undefined;
  callOptions: RequestOptions;
}

/**
 * Resolves once `work` has settled or `ms` have passed, whichever comes
 * first; the timer is cleared either way. `work` must never reject.
 */
async function settledWithin(
  work: Promise<unknown>,
  ms: number,
): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
  });
  try {
    await Promise.race([work, expired]);
  } finally {
    clearTimeout(timer);
  }
}

async function* drive<I, R>(
  run: BulkOperation<I, R>,
  open: () => Source,
  settings: Settings,
): AsyncGenerator<BulkItem<I, R>, void, undefined> {
  const { concurrency, signal, onProgress, total } = settings;
  signal?.throwIfAborted();
  // Opened before anything needs undoing: an iterator that cannot be
  // opened ends the run at once.
  const source = open();
  const started = performance.now();
  // Ends every call under way: when `signal` aborts, or when the run stops
  // early.
  const stop = new AbortController();
  const callOptions = { ...settings.callOptions, signal: stop.signal };
  const ready: BulkItem<I, R>[] = [];
  const running = new Set<Promise<void>>();
  let wake: (() => void) | undefined;
  const notify = () => {
    const w = wake;
    wake = undefined;
    w?.();
  };
  const onAbort = () => {
    stop.abort(signal!.reason);
    notify();
  };
  signal?.addEventListener("abort", onAbort, { once: true });

  let next = 0;
  let done = 0;
  let failed = 0;
  let exhausted = false;
  let inputFailed = false;
  let inputError: unknown;
  /** The pull under way, for an async source. */
  let pulling: Promise<void> | undefined;

  const report = () => {
    if (!onProgress) return;
    const seconds = Math.max(performance.now() - started, 1) / 1000;
    const ratePerSecond = done / seconds;
    const progress: BulkProgress = {
      done,
      failed,
      inFlight: running.size,
      ratePerSecond,
    };
    if (total !== undefined && done > 0) {
      progress.etaMs = Math.round(
        Math.max(total - done, 0) / ratePerSecond * 1000,
      );
    }
    try {
      onProgress(progress);
    } catch {
      // A progress display that fails must not fail the work it reports on.
    }
  };

  const start = (input: I) => {
    const index = next++;
    let outcome: Promise<R>;
    try {
      outcome = Promise.resolve(run(input, callOptions));
    } catch (error) {
      outcome = Promise.reject(error);
    }
    const call: Promise<void> = outcome.then(
      (result): BulkItem<I, R> => ({ index, input, result }),
      (error): BulkItem<I, R> => ({ index, input, error }),
    ).then((item) => {
      running.delete(call);
      // A call ended by stopping the run is nobody's outcome.
      if (stop.signal.aborted) return;
      ready.push(item);
      done++;
      if ("error" in item) failed++;
      report();
      notify();
    });
    running.add(call);
  };

  const endInput = (error: unknown) => {
    exhausted = true;
    inputFailed = true;
    inputError = error;
  };

  /**
   * Takes one step of the inputs' iterator: starts its input, or ends the
   * inputs when it is the last step, or is not an iterator result at all
   * (which `for...of` would refuse too).
   */
  const take = (step: unknown) => {
    if (
      (typeof step !== "object" && typeof step !== "function") || step === null
    ) {
      endInput(
        refuse(
          "inputs",
          "must be an iterator whose next() returns an object",
          step,
        ),
      );
      return;
    }
    let input: I;
    try {
      const result = step as IteratorResult<I>;
      if (result.done) {
        exhausted = true;
        return;
      }
      input = result.value;
    } catch (error) {
      // A `done` or `value` getter that throws.
      endInput(error);
      return;
    }
    if (!stop.signal.aborted) start(input);
  };

  /** Pulls inputs and starts them while there is a free slot. */
  const fill = () => {
    while (
      !exhausted && pulling === undefined && !stop.signal.aborted &&
      running.size + ready.length < concurrency
    ) {
      let step: unknown;
      try {
        step = source.next();
      } catch (error) {
        endInput(error);
        return;
      }
      if (source.isAsync) {
        pulling = (step as Promise<unknown>).then((result) => {
          pulling = undefined;
          take(result);
        }, (error) => {
          pulling = undefined;
          endInput(error);
        }).then(() => {
          fill();
          notify();
        });
        return;
      }
      take(step);
    }
  };

  try {
    while (true) {
      if (signal?.aborted) throw signal.reason;
      fill();
      const item = ready.shift();
      if (item !== undefined) {
        // Its slot is free again: start the next input while the consumer
        // works on this one.
        fill();
        yield item;
        continue;
      }
      if (exhausted && running.size === 0 && pulling === undefined) {
        if (inputFailed) throw inputError;
        return;
      }
      await new Promise<void>((resolve) => wake = resolve);
    }
  } finally {
    signal?.removeEventListener("abort", onAbort);
    if (running.size > 0 || pulling !== undefined || !exhausted) {
      if (!stop.signal.aborted) {
        stop.abort(new DOMException("The bulk run was stopped", "AbortError"));
      }
      await Promise.allSettled(running);
      if (!exhausted) {
        // Ask the inputs to stop as `for...of` would, even while a pull is
        // under way: a queue or a socket waiting for its next item may end
        // that pull then. Neither that pull nor `return()` may hold the run
        // for longer than the bound: an input that arrives later is not
        // started (the run's signal is aborted), and how either fails is
        // not the run's outcome (both are handled, never unhandled).
        let closing: Promise<unknown>;
        try {
          closing = Promise.resolve(source.close());
        } catch (error) {
          closing = Promise.reject(error);
        }
        await settledWithin(
          Promise.allSettled([pulling, closing]),
          INPUTS_STOP_WAIT_MS,
        );
      }
    }
  }
}
