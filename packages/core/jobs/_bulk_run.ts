// The drive of a bulk run: a bounded number of calls under way, their
// outcomes queued for the consumer, progress reported after each, and the
// run stopped cleanly however it ends.

import type { RequestOptions } from "../http/spec.ts";
import type { BulkItem, BulkOperation, BulkProgress } from "./bulk_types.ts";
import { Inputs, type Source } from "./_bulk_inputs.ts";

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
 * A run under way: its inputs, pulled while a slot is free, its calls, and
 * their outcomes queued for the consumer.
 */
class Run<I, R> {
  /** Outcomes not yet taken by the consumer; each holds its slot. */
  readonly ready: BulkItem<I, R>[] = [];
  /** Calls under way. */
  readonly running: Set<Promise<void>> = new Set();
  /** Ends every call under way: when the run's signal aborts, or it stops early. */
  readonly stop: AbortController = new AbortController();
  /** The inputs, pulled one step at a time. */
  readonly inputs: Inputs<I>;
  #run: BulkOperation<I, R>;
  #settings: Settings;
  #callOptions: RequestOptions;
  #started = performance.now();
  #next = 0;
  #done = 0;
  #failed = 0;
  #wake: (() => void) | undefined;

  constructor(run: BulkOperation<I, R>, source: Source, settings: Settings) {
    this.#run = run;
    this.#settings = settings;
    this.#callOptions = { ...settings.callOptions, signal: this.stop.signal };
    this.inputs = new Inputs(source, {
      stopped: this.stop.signal,
      start: (input) => this.#start(input),
      pulled: () => {
        this.fill();
        this.notify();
      },
    });
  }

  /** Whether the inputs are exhausted and no call or pull is under way. */
  get finished(): boolean {
    return this.inputs.exhausted && this.running.size === 0 &&
      this.inputs.pulling === undefined;
  }

  /** Pulls inputs and starts them while there is a free slot. */
  fill(): void {
    while (
      this.inputs.canPull && !this.stop.signal.aborted &&
      this.running.size + this.ready.length < this.#settings.concurrency
    ) this.inputs.pull();
  }

  /** Resolves at the next {@linkcode Run.notify}. */
  changed(): Promise<void> {
    return new Promise<void>((resolve) => this.#wake = resolve);
  }

  /** Wakes the run waiting in {@linkcode Run.changed}, if any. */
  notify(): void {
    const wake = this.#wake;
    this.#wake = undefined;
    wake?.();
  }

  /**
   * Ends the calls under way, once the run is left, and asks the inputs to
   * stop when some were not pulled yet.
   */
  async end(): Promise<void> {
    if (this.finished) return;
    const { inputs, running, stop } = this;
    if (!stop.signal.aborted) {
      stop.abort(new DOMException("The bulk run was stopped", "AbortError"));
    }
    await Promise.allSettled(running);
    if (!inputs.exhausted) await inputs.close(INPUTS_STOP_WAIT_MS);
  }

  #start(input: I): void {
    const index = this.#next++;
    let outcome: Promise<R>;
    try {
      outcome = Promise.resolve(this.#run(input, this.#callOptions));
    } catch (error) {
      outcome = Promise.reject(error);
    }
    const call: Promise<void> = outcome.then(
      (result): BulkItem<I, R> => ({ index, input, result }),
      (error): BulkItem<I, R> => ({ index, input, error }),
    ).then((item) => {
      this.running.delete(call);
      // A call ended by stopping the run is nobody's outcome.
      if (this.stop.signal.aborted) return;
      this.ready.push(item);
      this.#done++;
      if ("error" in item) this.#failed++;
      this.#report();
      this.notify();
    });
    this.running.add(call);
  }

  #report(): void {
    const { onProgress, total } = this.#settings;
    if (!onProgress) return;
    const progress = progressOf(
      this.#done,
      this.#failed,
      this.running.size,
      this.#started,
      total,
    );
    try {
      onProgress(progress);
    } catch {
      // A progress display that fails must not fail the work it reports on.
    }
  }
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
  const state = new Run(run, open(), settings);
  const onAbort = () => {
    state.stop.abort(signal!.reason);
    state.notify();
  };
  signal?.addEventListener("abort", onAbort, { once: true });
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
      if (state.finished) {
        if (state.inputs.failed) throw state.inputs.error;
        return;
      }
      await state.changed();
    }
  } finally {
    signal?.removeEventListener("abort", onAbort);
    await state.end();
  }
}
