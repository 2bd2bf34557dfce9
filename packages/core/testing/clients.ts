// Clients and request checks for tests against a loopback server.

import { Client } from "../client/client.ts";
import type { ClientOptions } from "../client/client_options.ts";
import type { RecordedRequest, TestServer } from "./server.ts";

/**
 * The API key {@linkcode testClient} sends. Its `/`, `+` and `=` must be
 * percent-encoded in a query, so a test that reads the query sees the
 * encoding at work.
 */
export const TEST_API_KEY = "test-key/+=42";

/** {@linkcode TEST_API_KEY} as it ends a query: `apiKey=test-key%2F%2B%3D42`. */
export const TEST_KEY_QUERY: string = `apiKey=${
  encodeURIComponent(TEST_API_KEY)
}`;

/**
 * A client that sends every service to a loopback server (a
 * {@linkcode TestServer} or its URL) with {@linkcode TEST_API_KEY}, and
 * retries quickly: backoff of 1 to 5 ms. `extra` overrides any option.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { testClient } from "@ls/core/testing";
 * const client = testClient("http://127.0.0.1:9", { maxRetries: 0 });
 * assert.equal(client.originFor("geocode"), "http://127.0.0.1:9");
 * ```
 */
export function testClient(
  server: TestServer | string,
  extra: Partial<ClientOptions> = {},
): Client {
  return new Client({
    apiKey: TEST_API_KEY,
    baseUrl: typeof server === "string" ? server : server.url,
    retryBaseDelayMs: 1,
    retryMaxDelayMs: 5,
    ...extra,
  });
}

/**
 * A client like {@linkcode testClient} that addresses HERE's real hosts (as
 * `extra.country` selects) rather than the server: its `fetch` pushes each
 * URL it is asked for onto `seen` and sends the request to `server`. For
 * tests of the host an operation goes to.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { hostRecordingClient, jsonReply, startTestServer } from "@ls/core/testing";
 * await using server = await startTestServer();
 * server.route("GET /v1/geocode", jsonReply(200, { items: [] }));
 * const seen: string[] = [];
 * const client = hostRecordingClient(server, seen, { country: "china" });
 * await (await client.request({ service: "geocode", path: "/v1/geocode" })).body?.cancel();
 * assert.equal(seen[0], "https://geocode.search.hereapi.cn/v1/geocode?apiKey=test-key%2F%2B%3D42");
 * ```
 */
export function hostRecordingClient(
  server: TestServer,
  seen: string[],
  extra: Partial<ClientOptions> = {},
): Client {
  return new Client({
    apiKey: TEST_API_KEY,
    retryBaseDelayMs: 1,
    retryMaxDelayMs: 5,
    ...extra,
    fetch: (input, init) => {
      const url = new URL(String(input));
      seen.push(url.href);
      return fetch(`${server.url}${url.pathname}${url.search}`, init);
    },
  });
}

/**
 * Throws unless `req` is a GET of `path` without a body whose raw query is
 * exactly `rawQuery` then {@linkcode TEST_KEY_QUERY}, no key repeated.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { assertGetRequest, jsonReply, startTestServer, TEST_KEY_QUERY } from "@ls/core/testing";
 * await using server = await startTestServer();
 * server.route("GET /v1/lookup", jsonReply(200, {}));
 * await (await fetch(`${server.url}/v1/lookup?id=x&${TEST_KEY_QUERY}`)).body?.cancel();
 * assertGetRequest(server.requests[0], "/v1/lookup", "id=x");
 * assert.throws(() => assertGetRequest(server.requests[0], "/v1/lookup", "id=y"), {
 *   message: "Expected GET /v1/lookup?id=y&apiKey=test-key%2F%2B%3D42, got GET /v1/lookup?id=x&apiKey=test-key%2F%2B%3D42",
 * });
 * ```
 */
export function assertGetRequest(
  req: RecordedRequest | undefined,
  path: string,
  rawQuery: string,
): void {
  const query = rawQuery ? `${rawQuery}&${TEST_KEY_QUERY}` : TEST_KEY_QUERY;
  const keys = [...req?.query.keys() ?? []];
  const wrong = req === undefined
    ? "no request"
    : `${req.method} ${req.path}?${req.rawQuery}` !== `GET ${path}?${query}`
    ? `${req.method} ${req.path}?${req.rawQuery}`
    : new Set(keys).size !== keys.length
    ? "a repeated query key"
    : req.bodyText !== "" || req.headers.has("content-type")
    ? "a body"
    : undefined;
  if (wrong) throw new Error(`Expected GET ${path}?${query}, got ${wrong}`);
}
