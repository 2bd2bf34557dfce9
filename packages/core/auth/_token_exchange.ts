// One HTTP exchange with the token endpoint (a token or the server's
// time): a timeout of its own, the body always read within a byte limit,
// and the runtime's failures as this library's errors, scrubbed of the
// secret and the tokens.

import { ConnectionError, TimeoutError } from "../errors/errors.ts";
import { ResponseTooLargeError } from "../errors/response_too_large_error.ts";
import type { Redactor } from "../redact/_redact.ts";
import {
  BodyTooLarge,
  MAX_ERROR_BYTES,
  readBytes,
  readText,
} from "../http/read.ts";

/** A token endpoint, as a token manager reaches it. */
export interface TokenEndpoint {
  /** The `fetch` to call, never as a method. */
  fetch: typeof fetch;
  /** Timeout of the exchange, in ms. */
  timeoutMs: number;
  /** The most decoded bytes of a 2xx answer. */
  maxBytes: number;
  /** Knows the secret and the tokens. */
  redactor: Redactor;
}

/** An answer and its body text. */
export interface TokenReply {
  /** The response, its body read. */
  response: Response;
  /** The body: whole for a 2xx answer, its start for any other. */
  text: string;
}

/**
 * Sends one request and reads its answer. `what` names the request in
 * errors (`Token request`, `Server time request`).
 */
export async function exchange(
  endpoint: TokenEndpoint,
  url: string,
  init: RequestInit,
  signal: AbortSignal,
  what: string,
): Promise<TokenReply> {
  signal.throwIfAborted();
  const controller = new AbortController();
  let timedOut = false;
  // setTimeout fires at once for a delay beyond 2^31 - 1 ms (24.8 days).
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, Math.min(endpoint.timeoutMs, 2 ** 31 - 1));
  const onAbort = () => controller.abort(signal.reason);
  signal.addEventListener("abort", onAbort, { once: true });
  try {
    const fetchFn = endpoint.fetch; // a plain call: never `this`-bound
    // A token endpoint does not redirect: a redirect is not followed (it
    // would take the signed request elsewhere), and ends as an ApiError.
    const response = await fetchFn(url, {
      ...init,
      redirect: "manual",
      signal: controller.signal,
    });
    const guard = { signal: controller.signal, maxBytes: endpoint.maxBytes };
    const text = response.ok
      ? await readText(response, guard)
      : new TextDecoder().decode(
        await readBytes(response, guard, MAX_ERROR_BYTES),
      );
    return { response, text };
  } catch (err) {
    if (signal.aborted) throw signal.reason;
    throw failure(err, endpoint, url, init.method ?? "GET", what, timedOut);
  } finally {
    clearTimeout(timer);
    signal.removeEventListener("abort", onAbort);
  }
}

/** The error of an exchange that got no whole answer. */
function failure(
  err: unknown,
  endpoint: TokenEndpoint,
  url: string,
  method: string,
  what: string,
  timedOut: boolean,
): Error {
  const safeUrl = endpoint.redactor.scrub(url);
  if (err instanceof BodyTooLarge) {
    return new ResponseTooLargeError({
      status: 200,
      method,
      url: safeUrl,
      limit: err.limit,
    });
  }
  if (timedOut) {
    return new TimeoutError(
      `${what} timed out after ${endpoint.timeoutMs} ms`,
      { url: safeUrl },
    );
  }
  const reason = err instanceof Error ? err.message : String(err);
  // Scrubbed whole, then cut: a cut could leave part of a key to show.
  const detail = endpoint.redactor.scrub(reason.replace(/\s+/g, " "))
    .slice(0, 200);
  // A scrubbed copy of the runtime's error: its message names the URL.
  const cause = new Error(detail);
  if (err instanceof Error) cause.name = err.name;
  return new ConnectionError(`${what} to ${safeUrl} failed: ${detail}`, {
    url: safeUrl,
    cause,
  });
}
