// Abortable sleeping, a concurrency semaphore and a request-spacing limiter.
// Every wait rejects with the signal's reason and leaves no timer behind.

/** Resolves after `ms`, or rejects with `signal.reason` when it aborts first. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  if (signal?.aborted) return Promise.reject(signal.reason);
  if (ms <= 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

/** Limits how many tasks run at once. */
export class Semaphore {
  #free: number;
  #waiting: {
    resolve: () => void;
    reject: (e: unknown) => void;
    signal?: AbortSignal;
  }[] = [];

  constructor(limit: number) {
    this.#free = limit;
  }

  /** Waits for a slot; the returned function releases it (once). */
  async acquire(signal?: AbortSignal): Promise<() => void> {
    if (signal?.aborted) throw signal.reason;
    if (this.#free > 0) {
      this.#free--;
    } else {
      await new Promise<void>((resolve, reject) => {
        const entry = { resolve, reject, signal };
        const onAbort = () => {
          const i = this.#waiting.indexOf(entry);
          if (i !== -1) this.#waiting.splice(i, 1);
          reject(signal!.reason);
        };
        entry.resolve = () => {
          signal?.removeEventListener("abort", onAbort);
          resolve();
        };
        signal?.addEventListener("abort", onAbort, { once: true });
        this.#waiting.push(entry);
      });
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.#waiting.shift();
      if (next) next.resolve();
      else this.#free++;
    };
  }
}

/** Spaces request starts so that at most `perSecond` begin in any second. */
export class RateLimiter {
  #interval: number;
  #next = 0;

  constructor(perSecond: number) {
    this.#interval = 1000 / perSecond;
  }

  /** Waits for this caller's turn. */
  take(signal?: AbortSignal): Promise<void> {
    const now = performance.now();
    const start = Math.max(now, this.#next);
    this.#next = start + this.#interval;
    return sleep(start - now, signal);
  }
}
