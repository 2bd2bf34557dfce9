// Calling a client's hooks: each sees its event, and none can break a
// request, whatever it throws.

import type { ClientOptions } from "./client_options.ts";

/** The hooks a client calls. */
export type Hooks = Pick<ClientOptions, "onRequest" | "onResponse" | "onRetry">;

/** Calls `hook` with `event`, when it is set; what it throws is ignored. */
export function emit<E>(
  hook: ((event: E) => void) | undefined,
  event: E,
): void {
  if (!hook) return;
  try {
    hook(event);
  } catch {
    // A hook must never break a request.
  }
}
