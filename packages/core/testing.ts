/**
 * A loopback HTTP server for tests: `Deno.serve` on 127.0.0.1, port 0, with
 * scripted routes; it records every request (method, URL, headers, body) and
 * shuts down cleanly. Not part of the default (edge-safe) entry point.
 *
 * @example
 * ```ts ignore
 * import { jsonReply, startTestServer } from "@ls/core/testing";
 * await using server = await startTestServer();
 * server.route("GET /v1/geocode", jsonReply(200, { items: [] }));
 * await (await fetch(`${server.url}/v1/geocode?q=x`)).body?.cancel();
 * console.log(server.requests[0].query.get("q")); // "x"
 * ```
 *
 * @module
 */

import { ValueError } from "./errors.ts";
import { Client } from "./client.ts";
import type {
  ClientOptions,
  RequestEvent,
  ResponseEvent,
  RetryEvent,
} from "./client_options.ts";

/** One request the server received. */
export interface RecordedRequest {
  /** HTTP method. */
  method: string;
  /** The full URL as received. */
  url: URL;
  /** The path, e.g. `/v1/geocode`. */
  path: string;
  /** The raw query string without `?`, exactly as sent. */
  rawQuery: string;
  /** The decoded query parameters. */
  query: URLSearchParams;
  /** Request headers. */
  headers: Headers;
  /** The body as text (empty when none). */
  bodyText: string;
  /** The body parsed as JSON, or `undefined` when it is not JSON. */
  body: unknown;
}

/**
 * Answers a request. `n` counts the calls of this route, from 0. Returning
 * `"drop"` closes the connection without a response.
 */
export type RouteHandler = (
  req: RecordedRequest,
  n: number,
  signal: AbortSignal,
) => Response | "drop" | Promise<Response | "drop">;

/** A running test server. */
export interface TestServer extends AsyncDisposable {
  /** The origin, e.g. `http://127.0.0.1:49152`. */
  readonly url: string;
  /** Every request received, in order. */
  readonly requests: RecordedRequest[];
  /**
   * Sets the handler for `"METHOD /path"` (exact path). An array of handlers
   * is played in order, its last one repeating.
   */
  route(key: string, handler: RouteHandler | RouteHandler[]): void;
  /** Requests received for one route key. */
  requestsFor(key: string): RecordedRequest[];
  /** Stops the server and waits for open connections to end. */
  close(): Promise<void>;
}

/**
 * A handler that answers with JSON.
 *
 * @example
 * ```ts
 * import { jsonReply } from "@ls/core/testing";
 * const handler = jsonReply(429, { title: "Too many" }, { "retry-after": "1" });
 * ```
 */
export function jsonReply(
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): RouteHandler {
  return () =>
    new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { "content-type": "application/json", ...headers },
    });
}

/**
 * A handler that answers with plain text (or any body) and the given headers.
 *
 * @example
 * ```ts
 * import { textReply } from "@ls/core/testing";
 * const handler = textReply(502, "<html>Bad gateway</html>", { "content-type": "text/html" });
 * ```
 */
export function textReply(
  status: number,
  body: string,
  headers: Record<string, string> = {},
): RouteHandler {
  return () =>
    new Response(status === 204 || status === 304 ? null : body, {
      status,
      headers,
    });
}

/**
 * Starts a server on 127.0.0.1 with an OS-assigned port. Unknown routes get
 * 404 with a JSON body.
 *
 * @example
 * ```ts ignore
 * import { startTestServer } from "@ls/core/testing";
 * const server = await startTestServer();
 * await server.close();
 * ```
 */
export function startTestServer(): Promise<TestServer> {
  const routes = new Map<string, { handlers: RouteHandler[]; calls: number }>();
  const requests: RecordedRequest[] = [];
  const keyed = new Map<string, RecordedRequest[]>();
  const controller = new AbortController();
  const dropped = new Set<AbortController>();

  const { promise: listening, resolve } = Promise.withResolvers<Deno.NetAddr>();
  const server = Deno.serve({
    hostname: "127.0.0.1",
    port: 0,
    signal: controller.signal,
    onListen: (addr) => resolve(addr),
    onError: (err) => new Response(String(err), { status: 500 }),
  }, async (request, info) => {
    const url = new URL(request.url);
    const bodyText = await request.text();
    let body: unknown;
    try {
      body = bodyText ? JSON.parse(bodyText) : undefined;
    } catch {
      body = undefined;
    }
    const recorded: RecordedRequest = {
      method: request.method,
      url,
      path: url.pathname,
      rawQuery: url.search.replace(/^\?/, ""),
      query: url.searchParams,
      headers: request.headers,
      bodyText,
      body,
    };
    requests.push(recorded);
    const key = `${request.method} ${url.pathname}`;
    const list = keyed.get(key) ?? [];
    list.push(recorded);
    keyed.set(key, list);
    const route = routes.get(key);
    if (!route) {
      return Response.json({
        title: "Not found",
        status: 404,
        path: url.pathname,
      }, {
        status: 404,
      });
    }
    const n = route.calls++;
    const handler = route.handlers[Math.min(n, route.handlers.length - 1)];
    const result = await handler(recorded, n, controller.signal);
    if (result === "drop") {
      // Hold the response open and abort it: the client sees a reset.
      const ac = new AbortController();
      dropped.add(ac);
      void info;
      return new Response(
        new ReadableStream({
          start(c) {
            ac.signal.addEventListener(
              "abort",
              () => c.error(new Error("dropped")),
            );
            queueMicrotask(() => ac.abort());
          },
        }),
        { status: 200, headers: { "content-length": "100" } },
      );
    }
    return result;
  });

  return listening.then((addr) => {
    const url = `http://127.0.0.1:${addr.port}`;
    let closed: Promise<void> | undefined;
    const close = () => {
      closed ??= (async () => {
        for (const ac of dropped) ac.abort();
        controller.abort();
        await server.finished;
      })();
      return closed;
    };
    return {
      url,
      requests,
      route(key: string, handler: RouteHandler | RouteHandler[]) {
        routes.set(key, {
          handlers: Array.isArray(handler) ? handler : [handler],
          calls: 0,
        });
      },
      requestsFor(key: string) {
        return keyed.get(key) ?? [];
      },
      close,
      [Symbol.asyncDispose]: close,
    };
  });
}

/**
 * Runs `fn` and asserts that it throws a `ValueError` (from any copy of
 * `@ls/core`) for `parameter`, and with exactly `message` when given.
 * Returns the error.
 *
 * @example
 * ```ts
 * import { assertValueError } from "@ls/core/testing";
 * import { formatInteger } from "@ls/core";
 * assertValueError(() => formatInteger(1.5, "limit"), "limit");
 * ```
 */
export function assertValueError(
  fn: () => unknown,
  parameter: string,
  message?: string,
): ValueError {
  let caught: unknown;
  try {
    fn();
  } catch (e) {
    caught = e;
  }
  if (!(caught instanceof ValueError)) {
    throw new Error(`Expected a ValueError for ${parameter}, got ${caught}`);
  }
  if (caught.parameter !== parameter) {
    throw new Error(
      `Expected a ValueError for ${parameter}, got one for ${caught.parameter}: ${caught.message}`,
    );
  }
  if (message !== undefined && caught.message !== message) {
    throw new Error(
      `Expected the message ${JSON.stringify(message)}, got ${
        JSON.stringify(caught.message)
      }`,
    );
  }
  return caught;
}

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
 * Awaits `promise`, which must reject with a {@linkcode ValueError} for
 * `parameter` (and, when given, a message matching `message`); returns the
 * error.
 *
 * @example
 * ```ts
 * import { rejectsValueError } from "@ls/core/testing";
 * import { ValueError } from "@ls/core";
 * await rejectsValueError(Promise.reject(new ValueError("limit", "must be positive")), "limit", /positive/);
 * ```
 */
export async function rejectsValueError(
  promise: Promise<unknown>,
  parameter: string,
  message?: RegExp,
): Promise<ValueError> {
  let caught: unknown;
  try {
    await promise;
  } catch (e) {
    caught = e;
  }
  if (!(caught instanceof ValueError)) {
    throw new Error(`Expected a ValueError for ${parameter}, got ${caught}`);
  }
  if (caught.parameter !== parameter) {
    throw new Error(
      `Expected a ValueError for ${parameter}, got one for ${caught.parameter}: ${caught.message}`,
    );
  }
  if (message && !message.test(caught.message)) {
    throw new Error(
      `Expected a message matching ${message}, got ${caught.message}`,
    );
  }
  return caught;
}

/** Credentials a leak test uses; {@linkcode LeakWitness} looks for each. */
export const LEAK_SECRETS: {
  readonly apiKey: string;
  readonly accessKeyId: string;
  readonly accessKeySecret: string;
  readonly token: string;
} = {
  apiKey: "LEAK-apikey/+=7f3a9c",
  accessKeyId: "LEAK-keyid-51d0",
  accessKeySecret: "LEAK-secret-b64+/=e2",
  token: "LEAK-token-9af8e1c2",
};

const TOKEN_PATTERN = /tok-[a-z0-9]+-[a-z]{4}|LEAK-(apikey|secret|token)/;

function errorText(e: unknown): string[] {
  if (!(e instanceof Error)) return [String(e)];
  const out = [e.message, String(e), e.stack ?? "", safeJson(e)];
  const url = (e as { url?: unknown }).url;
  if (typeof url === "string") out.push(url);
  if (e.cause !== undefined) out.push(...errorText(e.cause));
  return out;
}

function safeJson(v: unknown): string {
  try {
    return JSON.stringify(v) ?? "";
  } catch {
    return "";
  }
}

/**
 * Collects every error and hook event a test produces and checks that no
 * credential of {@linkcode LEAK_SECRETS} (raw or percent-encoded) and no
 * token appears in any of them.
 *
 * @example
 * ```ts
 * import { LeakWitness } from "@ls/core/testing";
 * const witness = new LeakWitness();
 * witness.record(new Error("Request failed [GET https://example.com/?apiKey=REDACTED]"));
 * witness.assertClean(1);
 * ```
 */
export class LeakWitness {
  /** Everything recorded, as text. */
  readonly outputs: string[] = [];

  /** Client hooks that record every event. */
  readonly hooks: {
    onRequest: (e: RequestEvent) => void;
    onResponse: (e: ResponseEvent) => void;
    onRetry: (e: RetryEvent) => void;
  } = {
    onRequest: (e) => this.outputs.push(safeJson(e)),
    onResponse: (e) => this.outputs.push(safeJson(e)),
    onRetry: (e) => this.outputs.push(safeJson(e), ...errorText(e.error)),
  };

  /** Records an error (with its causes) or any value. */
  record(value: unknown): void {
    this.outputs.push(...errorText(value));
  }

  /** Awaits a promise that must reject; records and returns the error. */
  async rejects(p: Promise<unknown>): Promise<Error> {
    try {
      await p;
    } catch (e) {
      this.record(e);
      return e as Error;
    }
    throw new Error("Expected the promise to reject");
  }

  /**
   * Throws unless at least `minOutputs` outputs were recorded and none
   * holds a credential.
   */
  assertClean(minOutputs = 10): void {
    if (this.outputs.length < minOutputs) {
      throw new Error(`Only ${this.outputs.length} outputs recorded`);
    }
    const secrets = [
      LEAK_SECRETS.apiKey,
      encodeURIComponent(LEAK_SECRETS.apiKey),
      LEAK_SECRETS.accessKeySecret,
      encodeURIComponent(LEAK_SECRETS.accessKeySecret),
      LEAK_SECRETS.token,
    ];
    for (const text of this.outputs) {
      for (const s of secrets) {
        if (text.includes(s)) {
          throw new Error(`Credential leaked in: ${text.slice(0, 300)}`);
        }
      }
      if (TOKEN_PATTERN.test(text)) {
        throw new Error(`Token leaked in: ${text.slice(0, 300)}`);
      }
    }
  }
}
