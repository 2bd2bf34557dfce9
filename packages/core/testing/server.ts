// The loopback server of @ls/core/testing: Deno.serve on 127.0.0.1 with
// scripted routes, recording every request; and replies read whole.

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
 * import assert from "node:assert/strict";
 * import { jsonReply, startTestServer } from "@ls/core/testing";
 * await using server = await startTestServer();
 * server.route("GET /v8/routes", jsonReply(429, { title: "Too many" }, { "retry-after": "1" }));
 * const res = await fetch(`${server.url}/v8/routes`);
 * assert.equal(res.status, 429);
 * assert.equal(res.headers.get("retry-after"), "1");
 * assert.deepEqual(await res.json(), { title: "Too many" });
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
 * import assert from "node:assert/strict";
 * import { startTestServer, textReply } from "@ls/core/testing";
 * await using server = await startTestServer();
 * server.route("GET /v8/routes", textReply(502, "<html>Bad gateway</html>", { "content-type": "text/html" }));
 * const res = await fetch(`${server.url}/v8/routes`);
 * assert.equal(res.headers.get("content-type"), "text/html");
 * assert.equal(await res.text(), "<html>Bad gateway</html>");
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
 * ```ts
 * import assert from "node:assert/strict";
 * import { startTestServer } from "@ls/core/testing";
 * const server = await startTestServer(); // or: await using server = ...
 * const res = await fetch(`${server.url}/unknown`);
 * assert.equal(res.status, 404);
 * assert.deepEqual(await res.json(), { title: "Not found", status: 404, path: "/unknown" });
 * await server.close();
 * ```
 */
export function startTestServer(): Promise<TestServer> {
  const routes = new Routes();
  const controller = new AbortController();
  const dropped = new Set<AbortController>();

  const { promise: listening, resolve } = Promise.withResolvers<Deno.NetAddr>();
  const server = Deno.serve({
    hostname: "127.0.0.1",
    port: 0,
    signal: controller.signal,
    onListen: (addr) => resolve(addr),
    onError: (err) => new Response(String(err), { status: 500 }),
  }, async (request) => {
    const recorded = await recordRequest(request);
    const result = await routes.answer(recorded, controller.signal);
    return result === "drop" ? droppedResponse(dropped) : result;
  });

  return listening.then((addr) => {
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
      url: `http://127.0.0.1:${addr.port}`,
      requests: routes.requests,
      route(key: string, handler: RouteHandler | RouteHandler[]) {
        routes.set(key, handler);
      },
      requestsFor(key: string) {
        return routes.requestsFor(key);
      },
      close,
      [Symbol.asyncDispose]: close,
    };
  });
}

/** A request as the server records it, its body read whole. */
async function recordRequest(request: Request): Promise<RecordedRequest> {
  const url = new URL(request.url);
  const bodyText = await request.text();
  let body: unknown;
  try {
    body = bodyText ? JSON.parse(bodyText) : undefined;
  } catch {
    body = undefined;
  }
  return {
    method: request.method,
    url,
    path: url.pathname,
    rawQuery: url.search.replace(/^\?/, ""),
    query: url.searchParams,
    headers: request.headers,
    bodyText,
    body,
  };
}

/**
 * A response held open and then aborted, for a handler's `"drop"`: the
 * client sees a reset. `dropped` keeps it, so that closing the server
 * aborts it too.
 */
function droppedResponse(dropped: Set<AbortController>): Response {
  const ac = new AbortController();
  dropped.add(ac);
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

/** The routes of a test server, and the requests it received. */
class Routes {
  /** Every request received, in order. */
  readonly requests: RecordedRequest[] = [];
  #routes = new Map<string, { handlers: RouteHandler[]; calls: number }>();
  #keyed = new Map<string, RecordedRequest[]>();

  /** Sets the handlers of `key`, their count of calls back to 0. */
  set(key: string, handler: RouteHandler | RouteHandler[]): void {
    this.#routes.set(key, {
      handlers: Array.isArray(handler) ? handler : [handler],
      calls: 0,
    });
  }

  /** Requests received for one route key. */
  requestsFor(key: string): RecordedRequest[] {
    return this.#keyed.get(key) ?? [];
  }

  /**
   * Records a request and answers it with its route's next handler, or
   * with 404 when it has no route.
   */
  async answer(
    recorded: RecordedRequest,
    signal: AbortSignal,
  ): Promise<Response | "drop"> {
    this.requests.push(recorded);
    const key = `${recorded.method} ${recorded.path}`;
    const list = this.#keyed.get(key) ?? [];
    list.push(recorded);
    this.#keyed.set(key, list);
    const route = this.#routes.get(key);
    if (!route) {
      return Response.json({
        title: "Not found",
        status: 404,
        path: recorded.path,
      }, {
        status: 404,
      });
    }
    const n = route.calls++;
    const handler = route.handlers[Math.min(n, route.handlers.length - 1)];
    return await handler(recorded, n, signal);
  }
}

/** A response read whole by {@linkcode fetchReply}. */
export interface Reply {
  /** HTTP status. */
  status: number;
  /** Response headers. */
  headers: Headers;
  /** The body as text (empty when none). */
  text: string;
  /** The body parsed as JSON; `undefined` when it is empty or not JSON. */
  // deno-lint-ignore no-explicit-any
  body: any;
}

/** Options of {@linkcode fetchReply}: `fetch`'s, plus a JSON body and an API key. */
export interface FetchReplyInit extends RequestInit {
  /** Sent as the JSON body; the method is then POST unless given. */
  json?: unknown;
  /** Appended to the query as `apiKey=` (percent-encoded); none when null or absent. */
  apiKey?: string | null;
}

/**
 * Sends one request to a server (a {@linkcode TestServer}, anything with a
 * `url`, or an origin) for `path`, without following redirects, and reads
 * the whole answer: for tests that speak HTTP without a `Client`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { fetchReply, jsonReply, startTestServer } from "@ls/core/testing";
 * await using server = await startTestServer();
 * server.route("GET /v1/geocode", jsonReply(200, { items: [] }));
 * const reply = await fetchReply(server, "/v1/geocode?q=x", { apiKey: "k/1" });
 * assert.equal(reply.status, 200);
 * assert.deepEqual(reply.body, { items: [] });
 * assert.equal(server.requests[0].rawQuery, "q=x&apiKey=k%2F1");
 * ```
 */
export async function fetchReply(
  server: { readonly url: string } | string,
  path: string,
  init: FetchReplyInit = {},
): Promise<Reply> {
  const { apiKey, json, ...rest } = init;
  let url = `${typeof server === "string" ? server : server.url}${path}`;
  if (typeof apiKey === "string") {
    url += `${url.includes("?") ? "&" : "?"}apiKey=${
      encodeURIComponent(apiKey)
    }`;
  }
  const headers = new Headers(rest.headers);
  if (json !== undefined) headers.set("content-type", "application/json");
  const res = await fetch(url, {
    redirect: "manual",
    ...rest,
    headers,
    body: json !== undefined ? JSON.stringify(json) : rest.body,
    method: rest.method ?? (json !== undefined ? "POST" : "GET"),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, body: jsonOf(text) };
}

/**
 * The one request `server` received, which must be `key` (`"METHOD /path"`)
 * without a body; throws otherwise. For tests that compare the whole query
 * (`rawQuery`), repeated keys included.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { jsonReply, onlyRequest, startTestServer } from "@ls/core/testing";
 * await using server = await startTestServer();
 * server.route("GET /v8/routes", jsonReply(200, { routes: [] }));
 * await (await fetch(`${server.url}/v8/routes?via=1,2&via=3,4`)).body?.cancel();
 * assert.equal(onlyRequest(server, "GET /v8/routes").rawQuery, "via=1,2&via=3,4");
 * assert.throws(() => onlyRequest(server, "GET /v8/isolines"), {
 *   message: "Expected one GET /v8/isolines without a body, got GET /v8/routes",
 * });
 * ```
 */
export function onlyRequest(server: TestServer, key: string): RecordedRequest {
  const [req] = server.requests;
  const wrong = req === undefined
    ? "no request"
    : server.requests.length > 1
    ? `${server.requests.length} requests`
    : `${req.method} ${req.path}` !== key
    ? `${req.method} ${req.path}`
    : req.bodyText !== ""
    ? "a body"
    : undefined;
  if (wrong) {
    throw new Error(`Expected one ${key} without a body, got ${wrong}`);
  }
  return req;
}

/**
 * Starts a {@linkcode TestServer} that answers `key` (`"METHOD /path"`)
 * with status 200 and `body` as JSON, however often it is asked.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { startJsonServer } from "@ls/core/testing";
 * await using server = await startJsonServer("GET /v8/routes", { routes: [] });
 * const res = await fetch(`${server.url}/v8/routes`);
 * assert.deepEqual(await res.json(), { routes: [] });
 * ```
 */
export async function startJsonServer(
  key: string,
  body: unknown,
): Promise<TestServer> {
  const server = await startTestServer();
  server.route(key, jsonReply(200, body));
  return server;
}

/** The JSON value of a text; `undefined` when it is empty or not JSON. */
function jsonOf(text: string): unknown {
  if (text === "") return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
