// The drive of a bulk run: a bounded number of calls under way, their
// outcomes queued for the consumer, progress reported after each, and the
// run stopped cleanly however it ends.

import type { RequestOptions } from "../http/spec.ts";
import type { BulkItem, BulkOperation, BulkProgress } from "./bulk_types.ts";
import { inputsOf, settling, type Source } from "./_bulk_inputs.ts";
import { emit } from "../client/_hooks.ts";

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
 * What reports a run's progress after each call ends: it counts the calls
 * done and failed, and hands `onProgress` (which may not fail the run) the
 * progress with `inFlight` calls under way. Made when the run begins.
 */
function progressReporter(
  onProgress: ((progress: BulkProgress) => void) | undefined,
  total: number | undefined,
): (item: object, inFlight: number) => void {
  const started = performance.now();
  let done = 0;
  let failed = 0;
  return (item, inFlight) => {
    done++;
    if ("error" in item) failed++;
    if (!onProgress) return;
    const seconds = Math.max(performance.now() - started, 1) / 1000;
    const ratePerSecond = done / seconds;
    const progress: BulkProgress = { done, failed, inFlight, ratePerSecond };
    if (total !== undefined && done > 0) {
      progress.etaMs = Math.round(
        Math.max(total - done, 0) / ratePerSecond * 1000,
      );
    }
    // A progress display that fails must not fail the work it reports on.
    emit(onProgress, progress);
  };
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
 * Runs `run` for every input `open` gives, as `bulk` describes: yields
 * each outcome as it finishes, and rejects with the signal's reason or the
 * inputs' error. The inputs are pulled while a slot is free; each outcome
 * waits in `ready` until the consumer takes it, holding its slot until then.
 */
export async function* drive<I, R>(
  run: BulkOperation<I, R>,
  open: () => Source,
  settings: Settings,
): AsyncGenerator<BulkItem<I, R>, void, undefined> {
  const { concurrency, signal } = settings;
  signal?.throwIfAborted();
  // Opened first: an iterator that cannot be opened ends the run at once.
  const source = open();
  const report = progressReporter(settings.onProgress, settings.total);
  // Ends every call under way: when `signal` aborts, or the run stops early.
  const stop = new AbortController();
  const callOptions = { ...settings.callOptions, signal: stop.signal };
  const ready: BulkItem<I, R>[] = [];
  const running = new Set<Promise<void>>();
  let next = 0;
  // Ends the wait for the next change: a call or a pull ended, or an abort.
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
        report(item, running.size);
        notify();
      });
    running.add(call);
  };
  // Pulls inputs and starts them while there is a free slot.
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
  try {
    while (true) {
      if (signal?.aborted) throw signal.reason;
      fill();
      const item = ready.shift();
      if (item !== undefined) {
        // Its slot is free: start the next input while the consumer works.
        fill();
        yield item;
        continue;
      }
      if (finished()) {
        if (inputs.failed) throw inputs.error;
        return;
      }
      await new Promise<void>((resolve) => wake = resolve);
    }
  } finally {
    signal?.removeEventListener("abort", onAbort);
    if (!finished()) {
      // No-op when the run's signal already aborted it (its reason stays).
      stop.abort(new DOMException("The bulk run was stopped", "AbortError"));
      await Promise.allSettled(running);
      if (!inputs.exhausted) await inputs.close(INPUTS_STOP_WAIT_MS);
    }
  }
}
