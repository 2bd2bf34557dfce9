// Cooperative time slicing for long computations (a big tour, a big
// matrix): the work yields to the event loop every few milliseconds, so the
// sandbox keeps answering other requests while it computes.

/** Work done between two yields, ms. */
const SLICE_MS = 15;

/** `due()` reads the clock on every this many calls (reading it costs ~0.1 µs). */
const CALLS_PER_CHECK = 32;

/**
 * Measures slices of synchronous work. Call {@linkcode Slicer.due} in hot
 * loops (it is cheap) and `await` {@linkcode Slicer.pause} when it is true.
 */
export class Slicer {
  readonly #signal: AbortSignal | undefined;
  readonly #sliceMs: number;
  #sliceStart = performance.now();
  #calls = 0;
  #paused = 0;
  readonly #created = performance.now();

  /**
   * @param signal Aborts the work: `pause` throws its reason.
   * @param sliceMs Work between two yields, ms.
   */
  constructor(signal?: AbortSignal, sliceMs: number = SLICE_MS) {
    this.#signal = signal;
    this.#sliceMs = sliceMs;
  }

  /**
   * True when the current slice is used up: `pause` now. It looks at the
   * clock on every 32nd call only, so call it once per small unit of work.
   */
  due(): boolean {
    if (++this.#calls < CALLS_PER_CHECK) return false;
    this.#calls = 0;
    return performance.now() - this.#sliceStart >= this.#sliceMs;
  }

  /**
   * Yields to the event loop with a timer (a macrotask after which pending
   * I/O, such as other requests, is served), then starts a new slice.
   * Throws the signal's reason when it aborted.
   */
  async pause(): Promise<void> {
    this.#signal?.throwIfAborted();
    const before = performance.now();
    await new Promise((resolve) => setTimeout(resolve, 0));
    this.#sliceStart = performance.now();
    this.#calls = 0;
    this.#paused += this.#sliceStart - before;
    this.#signal?.throwIfAborted();
  }

  /** Time spent working since creation, ms (pauses excluded). */
  busyMs(): number {
    return performance.now() - this.#created - this.#paused;
  }
}
