// Helpers of the sandbox's own tests: calling it with its API key, and
// waiting until it has started on a request.

import { fetchReply, type FetchReplyInit } from "@ls/core/testing";
import { SANDBOX_API_KEY } from "./handler.ts";
import type { Sandbox } from "./sandbox.ts";

/** Calls the sandbox with its API key (`apiKey: null` sends none). */
export const call = (
  sandbox: Sandbox,
  path: string,
  init: FetchReplyInit = {},
): ReturnType<typeof fetchReply> =>
  fetchReply(sandbox, path, { apiKey: SANDBOX_API_KEY, ...init });

/**
 * Resolves once the sandbox has logged a request for `method` and `path`
 * (it logs a request as soon as it starts handling it).
 */
export async function received(
  sandbox: Sandbox,
  method: string,
  path: string,
): Promise<void> {
  while (
    !sandbox.requests.some((r) => r.method === method && r.path === path)
  ) {
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
}

/** A route's duration (s) and length (m), as its section summary gives them. */
export interface RouteSummary {
  duration: number;
  length: number;
}

/**
 * The summary of the one-section route `GET /v8/routes` gives from `a` to
 * `b` by `transportMode`, with the extra query `query` (e.g.
 * `routingMode=short`), or undefined when it finds none. The network's
 * other answers (matrix entries, tour legs, isoline reach) are checked
 * against it.
 */
export async function routeSummary(
  sandbox: Sandbox,
  a: { lat: number; lng: number },
  b: { lat: number; lng: number },
  transportMode = "car",
  query = "",
): Promise<RouteSummary | undefined> {
  const res = await call(
    sandbox,
    `/v8/routes?transportMode=${transportMode}` +
      `&origin=${a.lat},${a.lng}&destination=${b.lat},${b.lng}` +
      `&return=summary${query ? `&${query}` : ""}`,
  );
  if (res.status !== 200) {
    throw new Error(`The route request failed: ${res.status} ${res.text}`);
  }
  const route = res.body.routes[0];
  if (!route) return undefined;
  if (route.sections.length !== 1) {
    throw new Error(`Expected one section, got ${route.sections.length}`);
  }
  const { duration, length } = route.sections[0].summary;
  return { duration, length };
}
