// The drive of a bulk run: a bounded number of calls under way, their
// outcomes queued for the consumer, progress reported after each, and the
// run stopped cleanly however it ends.

import type { RequestOptions } from "../http/spec.ts";
import type { BulkItem, BulkOperation, BulkProgress } from "./bulk_types.ts";
import {
  type Inputs,
  inputsOf,
  settling,
  type Source,
} from "./_bulk_inputs.ts";

/**
 * How long a run that stops waits for its inputs' iterator: for a pull
 * under way to end and for its `return()` to settle. Stated in the doc of
 * `bulk` and in the Stopping bullet of docs/bulk.md.
 */
const INPUTS_STOP_WAIT_MS = 100;

/** A run's options, checked. */
export interface Settings {
  /** Most inputs held at once: calls under way plus results not yet taken. */
  concurrency: number;
  /** Stops the run. */
  signal: AbortSignal | undefined;
  /** Called after each call ends. */
  onProgress: ((progress: BulkProgress) => void) | undefined;
  /** How many inputs there are, when known. */
  total: number | undefined;
  /** The options each call gets, the run's signal aside. */
  callOptions: RequestOptions;
}

/**
 * The progress of a run after `done` calls (`failed` of them in an error)
 * with `inFlight` under way, `started` being when the run began.
 */
function progressOf(
  done: number,
  failed: number,
  inFlight: number,
  started: number,
  total: number | undefined,
): BulkProgress {
  const seconds = Math.max(performance.now() - started, 1) / 1000;
  const ratePerSecond = done / seconds;
  const progress: BulkProgress = { done, failed, inFlight, ratePerSecond };
  if (total !== undefined && done > 0) {
    progress.etaMs = Math.round(
      Math.max(total - done, 0) / ratePerSecond * 1000,
    );
  }
  return progress;
}

/**
 * Calls `run` with `input`, and settles as the outcome of that call: its
 * result or its error (also when `run` throws instead of rejecting).
 */
function outcomeOf<I, R>(
  run: BulkOperation<I, R>,
  input: I,
  index: number,
  options: RequestOptions,
): Promise<BulkItem<I, R>> {
  return settling(() => run(input, options)).then(
    (result) => ({ index, input, result }),
    (error) => ({ index, input, error }),
  );
}

/**
 * A run under way: its inputs, pulled while a slot is free, its calls, and
 * their outcomes queued for the consumer.
 */
interface Run<I, R> {
  /** Outcomes not yet taken by the consumer; each holds its slot. */
  ready: BulkItem<I, R>[];
  /** The inputs, pulled one step at a time. */
  inputs: Inputs;
  /** Whether the inputs are exhausted and no call or pull is under way. */
  finished(): boolean;
  /** Pulls inputs and starts them while there is a free slot. */
  fill(): void;
  /** Resolves at the next change: a call or a pull has ended, or the run's signal aborted. */
  changed(): Promise<void>;
  /**
   * Ends the calls under way, once the run is left, and asks the inputs to
   * stop when some were not pulled yet.
   */
  end(): Promise<void>;
}

/** Starts a run of `run` over `source`: nothing is pulled before its first {@linkcode Run.fill}. */
function runOf<I, R>(
  run: BulkOperation<I, R>,
  source: Source,
  settings: Settings,
): Run<I, R> {
  const { concurrency, signal, onProgress, total } = settings;
  const started = performance.now();
  // Ends every call under way: when `signal` aborts, or the run stops early.
  const stop = new AbortController();
  const callOptions = { ...settings.callOptions, signal: stop.signal };
  const ready: BulkItem<I, R>[] = [];
  const running = new Set<Promise<void>>();
  let next = 0;
  let done = 0;
  let failed = 0;
  let wake: (() => void) | undefined;
  const notify = () => {
    const resolve = wake;
    wake = undefined;
    resolve?.();
  };
  const start = (input: I) => {
    const call: Promise<void> = outcomeOf(run, input, next++, callOptions)
      .then((item) => {
        running.delete(call);
        // A call ended by stopping the run is nobody's outcome.
        if (stop.signal.aborted) return;
        ready.push(item);
        done++;
        if ("error" in item) failed++;
        try {
          onProgress?.(progressOf(done, failed, running.size, started, total));
        } catch {
          // A progress display that fails must not fail the work it reports on.
        }
        notify();
      });
    running.add(call);
  };
  const fill = () => {
    while (
      !inputs.exhausted && inputs.pulling === undefined &&
      !stop.signal.aborted && running.size + ready.length < concurrency
    ) inputs.pull();
  };
  const inputs = inputsOf(source, stop.signal, start, () => {
    fill();
    notify();
  });
  const onAbort = () => {
    stop.abort(signal!.reason);
    notify();
  };
  signal?.addEventListener("abort", onAbort, { once: true });
  const finished = () =>
    inputs.exhausted && running.size === 0 && inputs.pulling === undefined;
  return {
    ready,
    inputs,
    finished,
    fill,
    changed: () => new Promise<void>((resolve) => wake = resolve),
    async end() {
      signal?.removeEventListener("abort", onAbort);
      if (finished()) return;
      // No-op when the run's signal already aborted it (its reason stays).
      stop.abort(new DOMException("The bulk run was stopped", "AbortError"));
      await Promise.allSettled(running);
      if (!inputs.exhausted) await inputs.close(INPUTS_STOP_WAIT_MS);
    },
  };
}

/**
 * Runs `run` for every input `open` gives, as `bulk` describes: yields
 * each outcome as it finishes, and rejects with the signal's reason or the
 * inputs' error.
 */
export async function* drive<I, R>(
  run: BulkOperation<I, R>,
  open: () => Source,
  settings: Settings,
): AsyncGenerator<BulkItem<I, R>, void, undefined> {
  const { signal } = settings;
  signal?.throwIfAborted();
  // Opened before anything needs undoing: an iterator that cannot be
  // opened ends the run at once.
  const state = runOf(run, open(), settings);
  try {
    while (true) {
      if (signal?.aborted) throw signal.reason;
      state.fill();
      const item = state.ready.shift();
      if (item !== undefined) {
        // Its slot is free again: start the next input while the consumer
        // works on this one.
        state.fill();
        yield item;
        continue;
      }
      if (state.finished()) {
        if (state.inputs.failed) throw state.inputs.error;
        return;
      }
      await state.changed();
    }
  } finally {
    await state.end();
  }
}
