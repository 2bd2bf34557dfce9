// Calling a caller's hook (a client's onRequest, onResponse and onRetry,
// Auth's onTokenRequest, a job's or a bulk run's onProgress): each sees its
// event, and none can break the work it watches, whatever it throws.

/**
 * Calls `hook` with `event`; what it throws is ignored, and so is the
 * rejection of the promise an async hook returns, which nobody awaits and
 * would otherwise end the process as unhandled. The caller checks that the
 * hook is set before it builds the event (`undefined` is let through).
 */
export function emit<E>(
  hook: ((event: E) => void) | undefined,
  event: E,
): void {
  try {
    (hook?.(event) as unknown as Promise<void> | undefined)?.catch?.(ignore);
  } catch {
    // A hook must never break the work it watches.
  }
}

function ignore(): void {}
