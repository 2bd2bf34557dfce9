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
