// Fault injection: scripted 429/503/any status, latency and dropped
// connections, matched by method and path, limited by count.

import type { Fault } from "./fault.ts";

interface Slot {
  fault: Fault;
  seen: number;
  applied: number;
}

/** Matches requests against the configured faults, in order. */
export class Faults {
  #slots: Slot[];

  constructor(faults: readonly Fault[]) {
    this.#slots = faults.map((fault) => ({ fault, seen: 0, applied: 0 }));
  }

  /**
   * The first fault that matches the request and is not used up. Every
   * matching fault counts the request (for `after`), even when an earlier
   * one is applied.
   */
  take(method: string, path: string): Fault | undefined {
    let chosen: Fault | undefined;
    for (const slot of this.#slots) {
      const { fault } = slot;
      if (fault.method && fault.method.toUpperCase() !== method) continue;
      if (!pathMatches(fault.path, path)) continue;
      slot.seen++;
      if (chosen) continue;
      if (slot.seen <= (fault.after ?? 0)) continue;
      if (slot.applied >= (fault.count ?? Infinity)) continue;
      slot.applied++;
      chosen = fault;
    }
    return chosen;
  }
}

/** `/v8/routes` matches exactly; `/v8/*` matches every path under `/v8/`; `*` matches all. */
function pathMatches(pattern: string, path: string): boolean {
  if (pattern === "*") return true;
  if (pattern.endsWith("*")) return path.startsWith(pattern.slice(0, -1));
  return pattern === path;
}

const REASONS: Record<number, [string, string]> = {
  429: ["Too Many Requests", "Rate limit for this service has been reached"],
  500: ["Internal Server Error", "Injected internal error"],
  502: ["Bad Gateway", "Injected bad gateway"],
  503: ["Service Unavailable", "The service is temporarily unavailable"],
  504: ["Gateway Timeout", "Injected gateway timeout"],
};

/** The response of a status fault: HERE's gateway body unless the fault has its own. */
export function faultResponse(fault: Fault): Response {
  const status = fault.status ?? 503;
  const [error, description] = REASONS[status] ??
    [`HTTP ${status}`, "Injected fault"];
  const headers: Record<string, string> = {
    "content-type": "application/json; charset=utf-8",
  };
  if (fault.retryAfter !== undefined) headers["retry-after"] = fault.retryAfter;
  const body = fault.body !== undefined
    ? fault.body
    : { error, error_description: description };
  return new Response(JSON.stringify(body), { status, headers });
}

/**
 * A response that announces a body and then breaks the connection: the
 * client sees a network error while reading it.
 */
export function droppedResponse(): Response {
  let controller: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
      c.enqueue(new TextEncoder().encode('{"items":['));
      queueMicrotask(() => controller.error(new Error("connection dropped")));
    },
  });
  return new Response(body, {
    status: 200,
    headers: {
      "content-type": "application/json; charset=utf-8",
      "content-length": "4096",
    },
  });
}
