// Calling a client's hooks: each sees its event, and none can break a
// request, whatever it throws.

import type { ClientOptions } from "./client_options.ts";

/** The hooks a client calls. */
export type Hooks = Pick<ClientOptions, "onRequest" | "onResponse" | "onRetry">;

/**
 * Calls `hook` with `event`; what it throws is ignored, and so is the
 * rejection of the promise an async hook returns, which nobody awaits and
 * would otherwise end the process as unhandled. The caller checks that the
 * hook is set before it builds the event.
 */
export function emit<E>(hook: (event: E) => void, event: E): void {
  try {
    (hook(event) as unknown as Promise<void> | undefined)?.catch?.(ignore);
  } catch {
    // A hook must never break a request.
  }
}

function ignore(): void {}
