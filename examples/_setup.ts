/**
 * What the examples share: where they send their requests, and how they end
 * when HERE answers with an error.
 *
 * - `HERE_API_KEY` set: HERE's own hosts, with that key.
 * - `LS_BASE_URL` set (and no key): every request goes to that origin — the
 *   sandbox (`deno task sandbox --port 8080`), a proxy or a test server —
 *   with the key `ls-sandbox-fake-api-key` (`SANDBOX_API_KEY` of `@ls/sandbox`), which the
 *   sandbox accepts.
 * - Neither: the example says so and exits.
 *
 * @module
 */

import { ApiError, type ClientOptions } from "@ls/core";

/** The credential and origin of every example's client. */
export function exampleOptions(): ClientOptions {
  const baseUrl = Deno.env.get("LS_BASE_URL") || undefined;
  const apiKey = Deno.env.get("HERE_API_KEY") ||
    (baseUrl ? "ls-sandbox-fake-api-key" : "");
  if (!apiKey) {
    console.error(
      "Set HERE_API_KEY, or LS_BASE_URL to use a local server instead of HERE.",
    );
    Deno.exit(1);
  }
  return { apiKey, baseUrl };
}

/** Prints HERE's answer and exits for an `ApiError`; throws anything else. */
export function exitOnApiError(error: unknown): never {
  if (error instanceof ApiError) {
    console.error(
      `HERE answered ${error.status}: ${error.title ?? ""} ${
        error.detail ?? ""
      }`,
    );
    Deno.exit(1);
  }
  throw error;
}
