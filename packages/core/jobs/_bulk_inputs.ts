// The inputs of a bulk run as it pulls them: their iterator, opened when the
// run starts, one step at a time while a slot is free, and asked to stop as
// `for...of` would when the run stops early.

import type { BulkInputs } from "./bulk_types.ts";
import { refuse } from "./_bulk_checks.ts";

/** The inputs' iterator, opened when the run starts. */
export interface Source {
  /** Whether the iterator is async: its steps are awaited when pulled. */
  isAsync: boolean;
  /** The next step as the iterator gives it, not yet checked. */
  next(): unknown;
  /** Asks the iterator to stop, as `for...of` would. */
  close(): unknown;
}

/**
 * The opener of the iterator of `inputs`, for when the run starts; throws
 * at once when `inputs` is neither iterable nor async iterable.
 */
export function sourceOf<I>(inputs: BulkInputs<I>): () => Source {
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
      next: () => next.call(it),
      close: () => (it as Iterator<I>).return?.(),
    };
  };
}

/**
 * What `work()` comes to, as a promise: rejected also when it throws
 * instead of rejecting.
 */
export function settling<T>(work: () => T | PromiseLike<T>): Promise<T> {
  try {
    return Promise.resolve(work());
  } catch (error) {
    return Promise.reject(error);
  }
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

/**
 * The inputs of a run as it pulls them, one step at a time. They are
 * exhausted after their last step, or after a failure, which is then the
 * run's error once its calls under way have been yielded.
 */
export interface Inputs {
  /** No further input will be pulled. */
  exhausted: boolean;
  /** Whether the inputs ended in an error, {@linkcode Inputs.error}. */
  failed: boolean;
  /** What the inputs failed with, when {@linkcode Inputs.failed}. */
  error: unknown;
  /** The pull under way, for an async source. */
  pulling: Promise<void> | undefined;
  /**
   * Pulls one step: a sync source's step is taken at once, an async one's
   * when it arrives (until then {@linkcode Inputs.pulling} is under way).
   */
  pull(): void;
  /**
   * Asks the inputs to stop as `for...of` would, even while a pull is
   * under way: a queue or a socket waiting for its next item may end that
   * pull then. Neither that pull nor `return()` may hold the run for longer
   * than `waitMs`: an input that arrives later is not started (the run has
   * stopped), and how either fails is not the run's outcome (both are
   * handled, never unhandled).
   */
  close(waitMs: number): Promise<void>;
}

/**
 * The {@linkcode Inputs} of `source`: each input pulled is handed to
 * `start` unless the run has `stopped` by then (an input that arrives
 * later is not started), and `pulled` is called after an async pull has
 * ended, whatever its step was.
 */
export function inputsOf<I>(
  source: Source,
  stopped: AbortSignal,
  start: (input: I) => void,
  pulled: () => void,
): Inputs {
  const inputs: Inputs = {
    exhausted: false,
    failed: false,
    error: undefined,
    pulling: undefined,
    pull,
    close,
  };
  function fail(error: unknown): void {
    inputs.exhausted = true;
    inputs.failed = true;
    inputs.error = error;
  }
  // Takes one step of the inputs' iterator: starts its input, or ends the
  // inputs when it is the last step, or is not an iterator result at all
  // (which `for...of` would refuse too).
  function take(step: unknown): void {
    if (
      (typeof step !== "object" && typeof step !== "function") || step === null
    ) {
      fail(refuse(
        "inputs",
        "must be an iterator whose next() returns an object",
        step,
      ));
      return;
    }
    let input: I;
    try {
      const result = step as IteratorResult<I>;
      if (result.done) {
        inputs.exhausted = true;
        return;
      }
      input = result.value;
    } catch (error) {
      // A `done` or `value` getter that throws.
      fail(error);
      return;
    }
    if (!stopped.aborted) start(input);
  }
  function pull(): void {
    let step: unknown;
    try {
      step = source.next();
    } catch (error) {
      fail(error);
      return;
    }
    if (!source.isAsync) {
      take(step);
      return;
    }
    inputs.pulling = Promise.resolve(step).then((result) => {
      inputs.pulling = undefined;
      take(result);
    }, (error) => {
      inputs.pulling = undefined;
      fail(error);
    }).then(pulled);
  }
  async function close(waitMs: number): Promise<void> {
    await settledWithin(
      Promise.allSettled([inputs.pulling, settling(() => source.close())]),
      waitMs,
    );
  }
  return inputs;
}
