// Checks of the client's options and of a call's headers: each bad value
// is a ValueError naming the option, and none quotes a credential.

import type { ClientOptions } from "./client_options.ts";
import type { RequestOptions } from "../http/spec.ts";
import { ValueError } from "../errors/errors.ts";
import { hasLoneSurrogate, numberOption } from "../params/check_params.ts";

/**
 * The caller's headers as a record (lower-case names, cheaper for fetch),
 * with `requestId` as `x-request-id`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { requestHeaders } from "@ls/core/internal";
 * assert.deepEqual(requestHeaders({ headers: { "X-Trace": "1" }, requestId: "r-1" }), {
 *   "x-trace": "1",
 *   "x-request-id": "r-1",
 * });
 * assert.throws(() => requestHeaders({ headers: [["bad name", "x"]] }), {
 *   message: "Invalid headers: must be HTTP headers with valid names and values",
 * });
 * ```
 *
 * @throws {ValueError} for headers fetch would refuse, or a requestId that
 * is not printable ASCII
 */
export function requestHeaders(
  options: RequestOptions,
): Record<string, string> {
  let headers: Record<string, string>;
  try {
    headers = options.headers === undefined
      ? {}
      : Object.fromEntries(new Headers(options.headers));
  } catch {
    // The platform's message quotes the value, which may be a credential.
    throw new ValueError(
      "headers",
      "must be HTTP headers with valid names and values",
    );
  }
  const id = options.requestId;
  if (id !== undefined) {
    if (typeof id !== "string" || !/^[\t\x20-\x7e]*$/.test(id)) {
      throw new ValueError(
        "requestId",
        "must be a string of printable ASCII characters (an HTTP header value)",
        id,
      );
    }
    if (id) headers["x-request-id"] = id;
  }
  return headers;
}

/**
 * A request's method, GET by default.
 *
 * @throws {ValueError} for one that is not GET or POST (not quoted: a
 * method fetch takes would be sent and named in every error and hook)
 */
export function checkMethod(method: unknown = "GET"): "GET" | "POST" {
  if (method !== "GET" && method !== "POST") {
    throw new ValueError("method", 'must be "GET" or "POST"');
  }
  return method;
}

/** `value` as a URL; undefined when it is not a string or not a URL. */
function urlOf(value: unknown): URL | undefined {
  try {
    return typeof value === "string" ? new URL(value) : undefined;
  } catch {
    return undefined;
  }
}

export function checkBaseUrl(value: string): string {
  const u = urlOf(value);
  if (!u || (u.protocol !== "http:" && u.protocol !== "https:")) {
    // Said without the value: it may hold user information or a key.
    throw new ValueError("baseUrl", "must be an absolute http(s) URL");
  }
  if (u.search || u.hash || u.username || u.password) {
    // Said without the value: user information may be a credential.
    throw new ValueError(
      "baseUrl",
      "must be an origin with an optional path, without a query, a fragment or user information",
    );
  }
  return u.href.replace(/\/+$/, "");
}

/** `key`, checked; an error names `name` (where the key came from). */
export function checkApiKey(key: unknown, name: string): string {
  if (typeof key !== "string" || key.trim() === "") {
    throw new ValueError(name, "must be a non-empty string");
  }
  // Said without the value: it is the credential.
  if (hasLoneSurrogate(key)) {
    throw new ValueError(
      name,
      "must be well-formed Unicode (it holds a lone surrogate)",
    );
  }
  // deno-lint-ignore no-control-regex
  if (/[\x00-\x1f\x7f]/.test(key)) {
    throw new ValueError(name, "must not hold control characters");
  }
  return key;
}

/** The proxy HTTP client of `options.proxies` (Deno only). */
export function proxyClient(options: ClientOptions): { close(): void } {
  if (options.fetch !== undefined) {
    throw new ValueError("proxies", "cannot be combined with a custom fetch");
  }
  const proxies = options.proxies;
  if (typeof proxies !== "object" || proxies === null) {
    throw new ValueError("proxies", "must be an object with http or https");
  }
  for (const scheme of ["http", "https"] as const) {
    const value = proxies[scheme];
    if (value === undefined) continue;
    const u = urlOf(value);
    if (!u || !/^(https?|socks5h?):$/.test(u.protocol)) {
      // Said without the value: a proxy URL may hold a password.
      throw new ValueError(
        `proxies.${scheme}`,
        "must be an absolute http, https or socks5 URL",
      );
    }
  }
  const proxyUrl = proxies.https ?? proxies.http;
  if (!proxyUrl) {
    throw new ValueError("proxies", "must give an http or https proxy URL");
  }
  const deno = Reflect.get(globalThis, "Deno") as
    | {
      createHttpClient?: (
        o: { proxy: { url: string } },
      ) => { close(): void };
    }
    | undefined;
  if (typeof deno?.createHttpClient !== "function") {
    throw new ValueError(
      "proxies",
      "need Deno.createHttpClient, which this runtime lacks; pass a fetch that uses your proxy instead",
    );
  }
  return deno.createHttpClient({ proxy: { url: proxyUrl } });
}

/**
 * Checks the {@linkcode RequestOptions} of an operation before anything is
 * sent: `signal` an `AbortSignal`, `timeoutMs` a positive number,
 * `deadlineMs` a positive finite number, `maxRetries` a non-negative integer,
 * `onProgress` a function. Every request checks its options (its `headers`
 * and `requestId` too); an operation that uses one before its first request
 * calls this first. Returns what it checked, each option read once, for a
 * caller that uses them (a getter read twice may answer otherwise).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { checkRequestOptions } from "@ls/core/internal";
 * assert.equal(checkRequestOptions({ deadlineMs: 60_000 }).deadlineMs, 60_000);
 * assert.throws(() => checkRequestOptions({ deadlineMs: Infinity }), {
 *   message: "Invalid deadlineMs: must be a positive finite number, got Infinity",
 * });
 * ```
 *
 * @throws {ValueError} naming the option
 */
export function checkRequestOptions(options: RequestOptions): RequestOptions {
  if (typeof options !== "object" || options === null) {
    throw new ValueError("options", "must be an object", options);
  }
  // Each option is read once, and what is checked is returned: a getter
  // read twice may answer otherwise the second time.
  const checked: RequestOptions = {
    signal: options.signal,
    timeoutMs: options.timeoutMs,
    deadlineMs: options.deadlineMs,
    maxRetries: options.maxRetries,
    maxResponseBytes: options.maxResponseBytes,
    headers: options.headers,
    requestId: options.requestId,
  };
  const { signal } = checked;
  const onProgress = options.onProgress;
  if (signal !== undefined && !(signal instanceof AbortSignal)) {
    throw new ValueError("signal", "must be an AbortSignal", signal);
  }
  if (onProgress !== undefined && typeof onProgress !== "function") {
    throw new ValueError("onProgress", "must be a function", onProgress);
  }
  numberOption(checked.timeoutMs, 0, "timeoutMs", "positive number");
  numberOption(checked.deadlineMs, 0, "deadlineMs", "positive finite number");
  numberOption(checked.maxRetries, 0, "maxRetries", "non-negative integer");
  numberOption(
    checked.maxResponseBytes,
    0,
    "maxResponseBytes",
    "positive integer",
  );
  return checked;
}
