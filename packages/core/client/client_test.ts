import assert from "node:assert/strict";
import { Auth } from "../auth/auth.ts";
import { Client } from "./client.ts";
import type { ClientOptions } from "./client_options.ts";
import type { RequestOptions } from "../http/spec.ts";
import { PlatformCredentials } from "../auth/credentials.ts";
import {
  ApiError,
  AuthenticationError,
  BadRequestError,
  ConflictError,
  ConnectionError,
  InternalServerError,
  LSError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  TimeoutError,
  UnprocessableEntityError,
  ValueError,
} from "../errors/errors.ts";
import { isApiError, isTimeoutError } from "../errors/error_guards.ts";
import { SERVICES } from "../http/hosts.ts";
import { Query } from "../params/query.ts";
import {
  assertValueError,
  jsonReply,
  rejectsValueError,
  type RouteHandler,
  startTestServer,
  textReply,
} from "../testing.ts";
import { LEAK_SECRETS as SECRETS, LeakWitness } from "../testing.ts";

const leakWitness = new LeakWitness();

const KEY = SECRETS.apiKey;

function makeClient(url: string, extra: Partial<ClientOptions> = {}): Client {
  return new Client({
    apiKey: KEY,
    baseUrl: url,
    retryBaseDelayMs: 1,
    retryMaxDelayMs: 5,
    ...leakWitness.hooks,
    ...extra,
  });
}

const ok: RouteHandler = jsonReply(200, { ok: true }, {
  "x-correlation-id": "corr-1",
});

Deno.test("apiKey goes last, strictly encoded; GET carries no content-type", async () => {
  await using server = await startTestServer();
  server.route("GET /v1/geocode", ok);
  const client = makeClient(server.url);
  const res = await client.requestJson({
    service: "geocode",
    path: "/v1/geocode",
    query: new Query().set("q", "Invalidenstr 116, Berlin").set("limit", 5),
  }, { requestId: "req-42" });
  assert.deepEqual(res.body, { ok: true });
  assert.equal(res.correlationId, "corr-1");
  const [req] = server.requests;
  assert.equal(req.method, "GET");
  assert.equal(
    req.rawQuery,
    `q=Invalidenstr%20116%2C%20Berlin&limit=5&apiKey=${
      encodeURIComponent(KEY)
    }`,
  );
  assert.equal(req.headers.get("content-type"), null);
  assert.equal(req.headers.get("authorization"), null);
  assert.equal(req.headers.get("accept"), "application/json");
  assert.equal(req.headers.get("x-request-id"), "req-42");
});

Deno.test("POST sends compact JSON with content-type and honours expected statuses", async () => {
  await using server = await startTestServer();
  server.route("POST /v8/matrix", jsonReply(202, { status: "accepted" }));
  const client = makeClient(server.url);
  const res = await client.requestJson({
    service: "matrix",
    method: "POST",
    path: "/v8/matrix",
    query: new Query().set("async", true),
    body: { origins: [{ lat: 1, lng: 2 }] },
    expect: [202],
  });
  assert.equal(res.status, 202);
  const [req] = server.requests;
  assert.equal(req.rawQuery, `async=true&apiKey=${encodeURIComponent(KEY)}`);
  assert.equal(req.headers.get("content-type"), "application/json");
  assert.equal(req.bodyText, '{"origins":[{"lat":1,"lng":2}]}');
});

Deno.test("baseUrl sends every service to one origin, keeping paths", async () => {
  await using server = await startTestServer();
  for (const s of SERVICES) server.route(`GET /${s}/x`, ok);
  const client = makeClient(`${server.url}/`);
  for (const s of SERVICES) {
    await client.requestJson({ service: s, path: `/${s}/x` });
  }
  assert.deepEqual(
    server.requests.map((r) => r.path),
    SERVICES.map((s) => `/${s}/x`),
  );
});

async function hostsFor(
  country: "row" | "china" | undefined,
): Promise<string[]> {
  await using server = await startTestServer();
  for (const s of SERVICES) server.route(`GET /${s}`, ok);
  const seen: string[] = [];
  const client = new Client({
    apiKey: KEY,
    country,
    fetch: (input, init) => {
      const u = new URL(String(input));
      seen.push(u.origin);
      assert.equal(u.searchParams.get("apiKey"), KEY); // HERE hosts get the key
      return fetch(`${server.url}${u.pathname}${u.search}`, init);
    },
  });
  for (const s of SERVICES) {
    await client.requestJson({ service: s, path: `/${s}` });
  }
  return seen;
}

Deno.test("hosts per service: row by default, hereapi.cn for china", async () => {
  const row = await hostsFor(undefined);
  assert.deepEqual(row, [
    "https://geocode.search.hereapi.com",
    "https://revgeocode.search.hereapi.com",
    "https://discover.search.hereapi.com",
    "https://browse.search.hereapi.com",
    "https://lookup.search.hereapi.com",
    "https://autosuggest.search.hereapi.com",
    "https://autocomplete.search.hereapi.com",
    "https://router.hereapi.com",
    "https://isoline.router.hereapi.com",
    "https://matrix.router.hereapi.com",
    "https://weather.hereapi.com",
    "https://tourplanning.hereapi.com",
  ]);
  const china = await hostsFor("china");
  assert.deepEqual(china, row.map((h) => h.replace(/\.com$/, ".cn")));
});

Deno.test("constructor validation: credentials, country, baseUrl, limits", () => {
  assert.throws(
    () => new Client({}),
    (e) => e instanceof ValueError && e.parameter === "apiKey",
  );
  assert.throws(() => new Client({ apiKey: " " }), ValueError);
  assert.throws(
    // deno-lint-ignore no-explicit-any
    () => new Client({ apiKey: "k", country: "eu" as any }),
    (e) =>
      e instanceof ValueError && e.parameter === "country" &&
      /"eu"/.test(e.message),
  );
  assert.throws(
    () => new Client({ apiKey: "k", baseUrl: "ftp://x" }),
    ValueError,
  );
  assert.throws(() => new Client({ apiKey: "k", maxRetries: -1 }), ValueError);
  assert.throws(() => new Client({ apiKey: "k", timeoutMs: 0 }), ValueError);
  assert.throws(
    () => new Client({ apiKey: "k", maxConcurrency: 1.5 }),
    ValueError,
  );
  assert.throws(
    () => new Client({ apiKey: "k", proxies: { https: "http://p" }, fetch }),
    (e) => e instanceof ValueError && e.parameter === "proxies",
  );
});

const RETRY_STATUSES = [408, 429, 500, 502, 503, 504];

for (const status of RETRY_STATUSES) {
  Deno.test(`retries ${status} with backoff, then succeeds`, async () => {
    await using server = await startTestServer();
    server.route("GET /v8/routes", [
      jsonReply(status, { title: "Busy", status, code: "E605500" }),
      jsonReply(status, { title: "Busy", status }),
      ok,
    ]);
    const retries: { delayMs: number; status?: number }[] = [];
    const client = makeClient(server.url, {
      onRetry: (e) => {
        leakWitness.hooks.onRetry(e);
        retries.push({ delayMs: e.delayMs, status: e.status });
      },
    });
    const res = await client.requestJson({
      service: "router",
      path: "/v8/routes",
    });
    assert.deepEqual(res.body, { ok: true });
    assert.equal(server.requests.length, 3);
    assert.deepEqual(retries.map((r) => r.status), [status, status]);
    assert.ok(retries.every((r) => r.delayMs >= 0 && r.delayMs <= 5));
  });

  Deno.test(`retries ${status} after its Retry-After, capped by maxRetryAfterMs`, async () => {
    await using server = await startTestServer();
    server.route("GET /v8/routes", [
      jsonReply(status, {}, { "retry-after": "120" }),
      ok,
    ]);
    const delays: number[] = [];
    const client = makeClient(server.url, {
      maxRetryAfterMs: 20,
      onRetry: (e) => delays.push(e.delayMs),
    });
    await client.requestJson({ service: "router", path: "/v8/routes" });
    assert.deepEqual(delays, [20]);
    assert.equal(server.requests.length, 2);
  });
}

Deno.test("Retry-After in seconds and as an HTTP date are honoured", async () => {
  await using server = await startTestServer();
  server.route("GET /v8/routes", [
    jsonReply(429, {}, { "retry-after": "1" }),
    () =>
      jsonReply(503, {}, {
        "retry-after": new Date(Date.now() + 1000).toUTCString(),
      })(
        undefined as never,
        0,
        undefined as never,
      ),
    ok,
  ]);
  const delays: number[] = [];
  const client = makeClient(server.url, {
    onRetry: (e) => delays.push(e.delayMs),
  });
  await client.requestJson({ service: "router", path: "/v8/routes" });
  assert.equal(delays[0], 1000);
  assert.ok(delays[1] > 0 && delays[1] <= 1000, `date delay ${delays[1]}`);
  assert.equal(server.requests.length, 3);
});

Deno.test("gives up after maxRetries with the last ApiError", async () => {
  await using server = await startTestServer();
  server.route(
    "GET /v8/routes",
    jsonReply(503, { title: "Service unavailable", status: 503 }),
  );
  const client = makeClient(server.url, { maxRetries: 2 });
  const err = await leakWitness.rejects(
    client.requestJson({ service: "router", path: "/v8/routes" }),
  );
  assert.ok(err instanceof ApiError);
  assert.equal(err.status, 503);
  assert.equal(server.requests.length, 3);
  assert.equal(err.name, "InternalServerError"); // a 5xx: the subclass
});

Deno.test("400 is not retried and carries the routing-family fields", async () => {
  await using server = await startTestServer();
  server.route(
    "GET /v8/routes",
    jsonReply(400, {
      title: "Malformed request",
      status: 400,
      code: "E605001",
      cause: "Invalid value for parameter 'transportMode'",
      action: "",
      correlationId: "body-corr",
    }, { "x-request-id": "rid-9" }),
  );
  const client = makeClient(server.url);
  const err = await leakWitness.rejects(
    client.requestJson({ service: "router", path: "/v8/routes" }),
  );
  assert.ok(err instanceof ApiError);
  assert.equal(server.requests.length, 1);
  assert.equal(err.status, 400);
  assert.equal(err.code, "E605001");
  assert.equal(err.title, "Malformed request");
  assert.equal(err.detail, "Invalid value for parameter 'transportMode'");
  assert.equal(err.action, undefined);
  assert.equal(err.correlationId, "body-corr");
  assert.equal(err.requestId, "rid-9");
  assert.equal(err.method, "GET");
  assert.equal(err.cause, undefined); // the standard Error.cause is untouched
  assert.match(err.message, /400 \(E605001 Malformed request\): Invalid value/);
  assert.equal(err.url, `${server.url}/v8/routes`);
});

Deno.test("gateway error body becomes ApiError with error/error_description", async () => {
  await using server = await startTestServer();
  server.route(
    "GET /v1/geocode",
    jsonReply(401, {
      error: "Unauthorized",
      error_description: "apiKey invalid. apiKey not found.",
    }, {
      "x-correlation-id": "hdr-corr",
    }),
  );
  const client = makeClient(server.url);
  const err = await leakWitness.rejects(
    client.requestJson({ service: "geocode", path: "/v1/geocode" }),
  );
  assert.ok(err instanceof ApiError);
  assert.equal(err.status, 401);
  assert.equal(err.title, "Unauthorized");
  assert.equal(err.detail, "apiKey invalid. apiKey not found.");
  assert.equal(err.correlationId, "hdr-corr");
});

Deno.test("a job-creating submit is retried on 429/503 but not on 500", async () => {
  await using server = await startTestServer();
  server.route("POST /v3/problems/async", [
    jsonReply(429, {}),
    jsonReply(500, {}),
    ok,
  ]);
  const client = makeClient(server.url, {
    serviceRequestsPerSecond: { tourplanning: Infinity },
  });
  const err = await leakWitness.rejects(client.requestJson({
    service: "tourplanning",
    method: "POST",
    path: "/v3/problems/async",
    body: {},
    retry: "submit",
  }));
  assert.ok(err instanceof ApiError);
  assert.equal(err.status, 500);
  assert.equal(server.requests.length, 2);
});

Deno.test("HTML and empty 200 bodies become ApiError with the status and a snippet", async () => {
  await using server = await startTestServer();
  server.route(
    "GET /a",
    textReply(200, "<html><body>Gateway says hi</body></html>"),
  );
  server.route("GET /b", textReply(200, ""));
  const client = makeClient(server.url);
  const a = await leakWitness.rejects(
    client.requestJson({ service: "geocode", path: "/a" }),
  );
  assert.ok(a instanceof ApiError);
  assert.equal(a.status, 200);
  assert.match(a.message, /not valid JSON.*Gateway says hi|Gateway says hi/);
  assert.equal(a.bodyText, "<html><body>Gateway says hi</body></html>");
  const b = await leakWitness.rejects(
    client.requestJson({ service: "geocode", path: "/b" }),
  );
  assert.ok(b instanceof ApiError);
  assert.equal(b.title, "Empty response body");
  assert.equal(server.requests.length, 2); // not retried
});

Deno.test("per-attempt timeout is retried, then a TimeoutError", async () => {
  await using server = await startTestServer();
  server.route("GET /slow", async (_req, _n, signal) => {
    await new Promise((r) => {
      const t = setTimeout(r, 300);
      signal.addEventListener("abort", () => clearTimeout(t));
    });
    return new Response("{}");
  });
  // Attempts are counted by the client's own hook: on a loaded machine the
  // second attempt can time out before its request reaches the server.
  let attempts = 0;
  const client = makeClient(server.url, {
    timeoutMs: 30,
    maxRetries: 1,
    onRequest: (info) => {
      attempts++;
      leakWitness.hooks.onRequest(info);
    },
  });
  const err = await leakWitness.rejects(
    client.requestJson({ service: "geocode", path: "/slow" }),
  );
  assert.ok(err instanceof TimeoutError);
  assert.equal(err.name, "TimeoutError");
  assert.match(err.message, /timed out after 30 ms/);
  assert.equal(attempts, 2);
  assert.ok(server.requests.length >= 1);
});

Deno.test("the overall deadline stops retries with a TimeoutError", async () => {
  await using server = await startTestServer();
  server.route("GET /busy", jsonReply(503, {}, { "retry-after": "5" }));
  const client = makeClient(server.url);
  const err = await leakWitness.rejects(
    client.requestJson({ service: "geocode", path: "/busy" }, {
      deadlineMs: 200,
    }),
  );
  // The Retry-After wait would cross the deadline: the last error is returned at once.
  assert.ok(err instanceof ApiError);
  assert.equal(server.requests.length, 1);

  server.route("GET /hang", async (_req, _n, signal) => {
    await new Promise((r) => {
      const t = setTimeout(r, 400);
      signal.addEventListener("abort", () => clearTimeout(t));
    });
    return new Response("{}");
  });
  const err2 = await leakWitness.rejects(
    client.requestJson({ service: "geocode", path: "/hang" }, {
      deadlineMs: 50,
    }),
  );
  assert.ok(err2 instanceof TimeoutError);
  assert.match(err2.message, /deadline of 50 ms/);
});

Deno.test("caller abort rejects with the signal's reason: before, during, and in backoff", async () => {
  await using server = await startTestServer();
  server.route("GET /busy", jsonReply(503, {}, { "retry-after": "10" }));
  server.route("GET /hang", async (_req, _n, signal) => {
    await new Promise((r) => {
      const t = setTimeout(r, 300);
      signal.addEventListener("abort", () => clearTimeout(t));
    });
    return new Response("{}");
  });
  const client = makeClient(server.url);

  const reason = new Error("user gave up");
  const before = AbortSignal.abort(reason);
  await assert.rejects(
    client.requestJson({ service: "geocode", path: "/busy" }, {
      signal: before,
    }),
    (e) => e === reason,
  );
  assert.equal(server.requests.length, 0);

  const during = new AbortController();
  const p = client.requestJson({ service: "geocode", path: "/hang" }, {
    signal: during.signal,
  });
  setTimeout(() => during.abort(reason), 20);
  await assert.rejects(p, (e) => e === reason);

  const backoff = new AbortController();
  const q = client.requestJson({ service: "geocode", path: "/busy" }, {
    signal: backoff.signal,
  });
  setTimeout(() => backoff.abort(), 50);
  await assert.rejects(
    q,
    (e) => e instanceof DOMException && e.name === "AbortError",
  );
  assert.equal(server.requestsFor("GET /busy").length, 1);
});

Deno.test("network failures become ConnectionError after retries", async () => {
  const server = await startTestServer();
  const url = server.url;
  await server.close();
  const attempts: number[] = [];
  const client = makeClient(url, {
    maxRetries: 2,
    onRetry: (e) => attempts.push(e.attempt),
  });
  const err = await leakWitness.rejects(
    client.requestJson({ service: "geocode", path: "/x" }),
  );
  assert.ok(err instanceof ConnectionError);
  assert.ok(err instanceof LSError);
  assert.equal(err.name, "ConnectionError");
  assert.deepEqual(attempts, [0, 1]);
});

Deno.test("a connection reset mid-body is retried", async () => {
  await using server = await startTestServer();
  server.route("GET /flaky", [() => "drop", ok]);
  const client = makeClient(server.url);
  const res = await client.requestJson({ service: "geocode", path: "/flaky" });
  assert.deepEqual(res.body, { ok: true });
  assert.equal(server.requests.length, 2);
});

Deno.test("connection refused: the ConnectionError says so, naming no credential", async () => {
  const server = await startTestServer();
  const url = server.url;
  await server.close();
  const client = makeClient(url, { maxRetries: 0 });
  const err = await leakWitness.rejects(
    client.requestJson({ service: "geocode", path: "/x" }),
  );
  assert.ok(err instanceof ConnectionError);
  assert.match(err.message, /refused/i);
  assert.ok(err.message.endsWith(` [GET ${url}/x]`), err.message);
});

Deno.test("a body that cannot be decoded is an ApiError with the status, not retried", async () => {
  await using server = await startTestServer();
  // A gzip header, then bytes that are not deflate data.
  const garbage = new Uint8Array([31, 139, 8, 0, 0, 0, 0, 0, 0, 3, 222, 173]);
  server.route("GET /gz", () =>
    new Response(garbage, {
      headers: {
        "content-type": "application/json",
        "content-encoding": "gzip",
      },
    }));
  const client = makeClient(server.url);
  const err = await leakWitness.rejects(
    client.requestJson({ service: "geocode", path: "/gz" }),
  );
  assert.ok(err instanceof ApiError, String(err));
  assert.equal(err.status, 200);
  assert.equal(err.title, "Response body could not be decoded");
  assert.equal(server.requests.length, 1);
});

Deno.test("a content-encoding that echoes the key where it is cut shows no piece of it", async () => {
  // The header is cut at 40 characters: the key starts at 34, so a header
  // cut before it is scrubbed keeps its first 6 characters.
  const encoding = `${"e".repeat(34)}${SECRETS.apiKey}`;
  const fetch: typeof globalThis.fetch = () =>
    Promise.resolve(
      new Response(
        new ReadableStream({
          pull(controller) {
            controller.error(new TypeError("gzip decoding failed"));
          },
        }),
        { headers: { "content-encoding": encoding } },
      ),
    );
  const client = makeClient("https://geocode.search.hereapi.com", {
    fetch,
    maxRetries: 0,
  });
  const err = await leakWitness.rejects(
    client.requestJson({ service: "geocode", path: "/gz" }),
  );
  assert.ok(err instanceof ApiError, String(err));
  assert.equal(err.title, "Response body could not be decoded");
  assert.ok(err.message.includes("e".repeat(34)), err.message);
  assert.ok(!err.message.includes(SECRETS.apiKey.slice(0, 6)), err.message);
});

Deno.test("request: a body that breaks off is read within the attempt, so a ConnectionError after the retries", async () => {
  await using server = await startTestServer();
  server.route("GET /drop", () => "drop");
  const client = makeClient(server.url);
  const err = await leakWitness.rejects(
    client.request({ service: "geocode", path: "/drop" }, { maxRetries: 1 }),
  );
  assert.equal(server.requests.length, 2);
  assert.ok(err instanceof ConnectionError, String(err));
  assert.match(err.message, /^Connection failed: the response body broke off/);
});

Deno.test("request with a reader: a body that breaks off while it reads is retried", async () => {
  await using server = await startTestServer();
  server.route("GET /flaky", [() => "drop", ok]);
  const client = makeClient(server.url);
  const text = await client.request(
    { service: "geocode", path: "/flaky" },
    {},
    (res) => res.text(),
  );
  assert.equal(text, '{"ok":true}');
  assert.equal(server.requests.length, 2);
});

Deno.test("request options are checked before anything is sent, and never retried", async () => {
  await using server = await startTestServer();
  server.route("GET /x", ok);
  const client = makeClient(server.url);
  const cases: [Record<string, unknown>, string][] = [
    [{ signal: false }, "signal"],
    [{ signal: 0 }, "signal"],
    [{ signal: "" }, "signal"],
    [{ signal: {} }, "signal"],
    [{ headers: -1 }, "headers"],
    [{ headers: { "bad name": "x" } }, "headers"],
    [{ headers: { "x-trace": "a\nb" } }, "headers"],
    [{ requestId: "a\nb" }, "requestId"],
    [{ requestId: 42 }, "requestId"],
    [{ onProgress: "x" }, "onProgress"],
    [{ deadlineMs: Infinity }, "deadlineMs"],
    [{ timeoutMs: -1 }, "timeoutMs"],
    [{ maxRetries: 1.5 }, "maxRetries"],
  ];
  for (const [options, parameter] of cases) {
    await assert.rejects(
      client.requestJson({ service: "geocode", path: "/x" }, {
        maxRetries: 2 ** 31,
        ...options,
      } as RequestOptions),
      (e) => e instanceof ValueError && e.parameter === parameter,
      parameter,
    );
  }
  assert.equal(server.requests.length, 0);
});

Deno.test("a URL over 64 KiB or a body JSON cannot carry: a ValueError, nothing sent", async () => {
  await using server = await startTestServer();
  const client = makeClient(server.url);
  const err = await rejectsValueError(
    client.request({
      service: "geocode",
      path: "/v1/geocode",
      query: new Query().set("q", "x".repeat(70_000)).set("limit", 5),
    }),
    "q",
  );
  assert.match(err.message, /request URL 700\d\d characters long/);
  assert.ok(!err.message.includes("xxxxxxxxxx"));
  const loop: Record<string, unknown> = {};
  loop.self = loop;
  for (
    const [body, parameter] of [[{ a: [1n] }, "body.a[0]"], [
      { loop },
      "body.loop.self",
    ]] as const
  ) {
    await rejectsValueError(
      client.request({
        service: "tourplanning",
        method: "POST",
        path: "/v3/problems",
        body,
      }),
      parameter,
    );
  }
  assert.equal(server.requests.length, 0);
});

Deno.test("maxConcurrency bounds requests in flight", async () => {
  await using server = await startTestServer();
  let inFlight = 0;
  let peak = 0;
  server.route("GET /c", async () => {
    inFlight++;
    peak = Math.max(peak, inFlight);
    await new Promise((r) => setTimeout(r, 5));
    inFlight--;
    return Response.json({});
  });
  const client = makeClient(server.url, { maxConcurrency: 2 });
  await Promise.all(
    Array.from(
      { length: 12 },
      () => client.requestJson({ service: "geocode", path: "/c" }),
    ),
  );
  assert.equal(server.requests.length, 12);
  assert.equal(peak, 2);
});

// ---- OAuth through the client ----

function credentials(): PlatformCredentials {
  return new PlatformCredentials({
    accessKeyId: SECRETS.accessKeyId,
    accessKeySecret: SECRETS.accessKeySecret,
  });
}

function tokenRoute(tokens: string[], expiresIn = 86399): RouteHandler[] {
  return tokens.map((t) =>
    jsonReply(200, {
      access_token: t,
      token_type: "bearer",
      expires_in: expiresIn,
    })
  );
}

Deno.test("platformCredentials: bearer token, no apiKey, token fetched lazily once", async () => {
  await using server = await startTestServer();
  server.route("POST /oauth2/token", tokenRoute([SECRETS.token]));
  server.route("GET /v8/routes", ok);
  const client = new Client({
    platformCredentials: credentials(),
    baseUrl: server.url,
    ...leakWitness.hooks,
  });
  assert.equal(server.requests.length, 0); // lazily
  await client.requestJson({ service: "router", path: "/v8/routes" });
  await client.requestJson({ service: "router", path: "/v8/routes" });
  const calls = server.requestsFor("GET /v8/routes");
  assert.equal(calls.length, 2);
  for (const c of calls) {
    assert.equal(c.headers.get("authorization"), `Bearer ${SECRETS.token}`);
    assert.equal(c.query.has("apiKey"), false);
  }
  assert.equal(server.requestsFor("POST /oauth2/token").length, 1);
  const tokenReq = server.requestsFor("POST /oauth2/token")[0];
  assert.match(tokenReq.headers.get("authorization") ?? "", /^OAuth /);
  assert.equal(tokenReq.bodyText, "grant_type=client_credentials");
});

Deno.test("50 concurrent calls share one token request; expiry refreshes once", async () => {
  await using server = await startTestServer();
  server.route("POST /oauth2/token", [
    jsonReply(200, {
      access_token: "tok-one-aaaa",
      token_type: "bearer",
      expires_in: 3600,
    }),
    jsonReply(200, {
      accessToken: "tok-two-bbbb",
      tokenType: "bearer",
      expiresIn: "3600",
    }),
  ]);
  server.route("GET /v8/routes", async () => {
    await new Promise((r) => setTimeout(r, 2));
    return Response.json({});
  });
  let now = 1_000_000;
  const auth = new Auth({
    credentials: credentials(),
    tokenUrl: `${server.url}/oauth2/token`,
    now: () => now,
  });
  const client = new Client({
    auth,
    baseUrl: server.url,
    ...leakWitness.hooks,
  });
  const burst = () =>
    Promise.all(
      Array.from({ length: 50 }, () =>
        client.requestJson({ service: "router", path: "/v8/routes" })),
    );
  await burst();
  assert.equal(server.requestsFor("POST /oauth2/token").length, 1);
  now += 3600_000 - 30_000; // within the refresh margin
  await burst();
  assert.equal(server.requestsFor("POST /oauth2/token").length, 2);
  const auths = server.requestsFor("GET /v8/routes").map((r) =>
    r.headers.get("authorization")
  );
  assert.equal(auths.filter((a) => a === "Bearer tok-one-aaaa").length, 50);
  assert.equal(auths.filter((a) => a === "Bearer tok-two-bbbb").length, 50);
});

Deno.test("a 401 renews the token once, then fails with the ApiError", async () => {
  await using server = await startTestServer();
  server.route(
    "POST /oauth2/token",
    tokenRoute([
      "tok-old-cccc",
      "tok-new-dddd",
      "tok-3rd-eeee",
      "tok-4th-ffff",
    ]),
  );
  server.route("GET /v8/routes", [
    jsonReply(401, {
      error: "Unauthorized",
      error_description: "Token expired",
    }),
    ok,
  ]);
  server.route(
    "GET /v1/geocode",
    jsonReply(401, {
      error: "Unauthorized",
      error_description: "Token invalid",
    }),
  );
  const client = new Client({
    platformCredentials: credentials(),
    baseUrl: server.url,
    ...leakWitness.hooks,
  });
  await client.requestJson({ service: "router", path: "/v8/routes" });
  const routes = server.requestsFor("GET /v8/routes").map((r) =>
    r.headers.get("authorization")
  );
  assert.deepEqual(routes, ["Bearer tok-old-cccc", "Bearer tok-new-dddd"]);

  const err = await leakWitness.rejects(
    client.requestJson({ service: "geocode", path: "/v1/geocode" }),
  );
  assert.ok(err instanceof ApiError);
  assert.equal(err.status, 401);
  assert.equal(server.requestsFor("GET /v1/geocode").length, 2);
  assert.equal(server.requestsFor("POST /oauth2/token").length, 3);
});

Deno.test("a token endpoint 429 is retried by the client", async () => {
  await using server = await startTestServer();
  server.route("POST /oauth2/token", [
    jsonReply(429, { error: "Too Many Requests" }),
    ...tokenRoute([SECRETS.token]),
  ]);
  server.route("GET /v8/routes", ok);
  const client = new Client({
    platformCredentials: credentials(),
    baseUrl: server.url,
    retryBaseDelayMs: 1,
    ...leakWitness.hooks,
  });
  await client.requestJson({ service: "router", path: "/v8/routes" });
  assert.equal(server.requestsFor("POST /oauth2/token").length, 2);
});

Deno.test("credentials are never sent to a host that is not HERE's", async () => {
  await using server = await startTestServer();
  await using other = await startTestServer();
  other.route("GET /bucket", ok);
  const client = makeClient(server.url);
  assert.equal(client.isTrusted(`${other.url}/bucket`), false);
  assert.equal(
    client.isTrusted("https://aws-eu-west-1.matrix.router.hereapi.com/x"),
    true,
  );
  assert.equal(client.isTrusted("http://matrix.router.hereapi.com/x"), false);
  assert.equal(client.isTrusted("https://evil.com/?x=.hereapi.com"), false);
  await (await client.requestUrl({
    service: "matrix",
    url: `${other.url}/bucket`,
  })).body?.cancel();
  assert.equal(other.requests[0].query.has("apiKey"), false);
});

Deno.test("proxies route requests through the proxy (Deno.createHttpClient)", async () => {
  await using proxy = await startTestServer();
  // A forward proxy receives the absolute URL; the test server records it.
  proxy.route("GET /v1/geocode", ok);
  using client = new Client({
    apiKey: KEY,
    baseUrl: "http://localhost:65001",
    proxies: { http: proxy.url },
    maxRetries: 0,
  });
  const res = await client.requestJson({
    service: "geocode",
    path: "/v1/geocode",
  });
  assert.deepEqual(res.body, { ok: true });
  assert.equal(proxy.requests.length, 1);
  assert.equal(proxy.requests[0].headers.get("host"), "localhost:65001");
});

Deno.test("error classes set name and work across duplicate copies of the module", async () => {
  const copy = await import("../errors/errors.ts?copy=2");
  assert.notEqual(copy.ApiError, ApiError);
  const foreign = new copy.ApiError({ status: 500, method: "GET", url: "u" });
  assert.ok(foreign instanceof ApiError);
  assert.ok(foreign instanceof LSError);
  assert.ok(!(foreign instanceof ValueError));
  assert.ok(new ValueError("a", "b") instanceof copy.LSError);
  for (
    const [cls, name] of [
      [new LSError("m"), "LSError"],
      [new ValueError("p", "r"), "ValueError"],
      [new TimeoutError("m"), "TimeoutError"],
      [new ConnectionError("m"), "ConnectionError"],
      [foreign, "InternalServerError"], // a 500: the subclass
    ] as const
  ) {
    assert.equal(cls.name, name);
    assert.equal(String(cls).startsWith(`${name}: `), true);
  }
  class Mine extends ApiError {}
  assert.ok(!(foreign instanceof Mine));
  assert.ok(new Mine({ status: 1, method: "GET", url: "u" }) instanceof Mine);
});

Deno.test("a 200 body that is not JSON: an ApiError with a scrubbed snippet, no parser error kept as its cause, not retried", async () => {
  await using server = await startTestServer();
  server.route(
    "GET /v1/geocode",
    textReply(200, `<html>echo ${KEY} and more`, {
      "content-type": "text/html",
    }),
  );
  const client = makeClient(server.url);
  const err = await leakWitness.rejects(
    client.requestJson({ service: "geocode", path: "/v1/geocode" }),
  );
  assert.ok(err instanceof ApiError, String(err));
  assert.equal(err.cause, undefined);
  assert.equal(err.title, "Response body is not valid JSON");
  assert.match(err.bodyText ?? "", /^<html>echo REDACTED and more/);
  assert.equal(server.requests.length, 1);
});

Deno.test("deadlineMs covers the wait for a concurrency slot: the call is not sent", async () => {
  await using server = await startTestServer();
  let release!: () => void;
  const held = new Promise<void>((r) => release = r);
  server.route("GET /slow", async () => {
    await held;
    return new Response("{}");
  });
  server.route("GET /v1/geocode", ok);
  const client = makeClient(server.url, { maxConcurrency: 1 });
  const slow = client.requestJson({ service: "geocode", path: "/slow" });
  const err = await leakWitness.rejects(
    client.requestJson({ service: "geocode", path: "/v1/geocode" }, {
      deadlineMs: 50,
    }),
  );
  assert.ok(err instanceof TimeoutError, String(err));
  assert.match(
    err.message,
    /waiting for a request slot; the request was not sent/,
  );
  release();
  await slow;
  assert.equal(server.requestsFor("GET /v1/geocode").length, 0);
});

Deno.test("bad client options are ValueErrors naming the option, never quoting the key", () => {
  const cases: [Partial<ClientOptions>, string][] = [
    [{ requestsPerSecond: NaN }, "requestsPerSecond"],
    [{ requestsPerSecond: -1 }, "requestsPerSecond"],
    [
      { serviceRequestsPerSecond: { geocode: 0 } },
      "serviceRequestsPerSecond.geocode",
    ],
    [{ proxies: { https: "not a url" } }, "proxies.https"],
    [{ baseUrl: "http://127.0.0.1:1/?a=b" }, "baseUrl"],
    [{ baseUrl: "http://user:pw@127.0.0.1:1/" }, "baseUrl"],
    [{ apiKey: "\ud800abc-key" }, "apiKey"],
    [{ maxResponseBytes: 0 }, "maxResponseBytes"],
    [{ onRequest: "log" as unknown as () => void }, "onRequest"],
  ];
  for (const [options, parameter] of cases) {
    assertValueError(
      () => new Client({ apiKey: KEY, ...options }),
      parameter,
    );
    try {
      new Client({ apiKey: KEY, ...options });
    } catch (e) {
      assert.ok(!(e as Error).message.includes(KEY), (e as Error).message);
    }
  }
  // Infinity is "no limit", and a huge rate builds a bounded limiter.
  new Client({ apiKey: KEY, requestsPerSecond: Infinity });
  new Client({ apiKey: KEY, requestsPerSecond: 1e12 });
});

Deno.test("requestJson: the response carries its method and URL, the key redacted; fromResponse scrubs with the client's rules", async () => {
  await using server = await startTestServer();
  server.route(
    "GET /v8/routes",
    jsonReply(200, { notices: [{ code: `echo ${KEY}` }] }, {
      "x-correlation-id": `corr ${encodeURIComponent(KEY)}`,
    }),
  );
  const client = makeClient(server.url);
  const res = await client.requestJson<{ notices: { code: string }[] }>({
    service: "router",
    path: "/v8/routes",
  });
  assert.equal(res.method, "GET");
  // The key is added as the request leaves; the URL a response keeps
  // never had it.
  assert.equal(res.url, `${server.url}/v8/routes`);
  assert.equal(JSON.parse(JSON.stringify(res)).url, res.url);
  const err = ApiError.fromResponse(res, {
    title: "Every route must be discarded",
    code: res.body.notices[0].code,
  });
  leakWitness.record(err);
  assert.equal(err.status, 200);
  assert.equal(err.url, `${server.url}/v8/routes`);
  assert.equal(err.code, "echo REDACTED");
  assert.ok(!err.correlationId?.includes(encodeURIComponent(KEY)));
  for (const text of [err.message, JSON.stringify(err), String(err)]) {
    assert.ok(!text.includes(KEY), text);
    assert.ok(!text.includes(encodeURIComponent(KEY)), text);
  }
});

Deno.test("platformCredentials that are not credentials (null, {}) are a ValueError naming the option", () => {
  for (const platformCredentials of [null, {}, { accessKeyId: "x" }, 0, ""]) {
    assert.throws(
      () => new Client({ platformCredentials: platformCredentials as never }),
      (e) => e instanceof ValueError && e.parameter === "platformCredentials",
    );
  }
});

Deno.test("a method that is not GET or POST is a ValueError that does not quote it", async () => {
  await using server = await startTestServer();
  const client = makeClient(server.url, { maxRetries: 0 });
  // A key pasted as the method: fetch takes some (a token), refuses others,
  // and either way the error named it.
  for (const method of [KEY, encodeURIComponent(KEY), `${KEY}/x`]) {
    for (
      const call of [
        () =>
          client.request({ service: "geocode", method, path: "/x" } as never),
        () =>
          client.requestUrl(
            { service: "geocode", method, url: `${server.url}/x` } as never,
          ),
      ]
    ) {
      const err = await leakWitness.rejects((async () => await call())());
      assert.ok(err instanceof ValueError, String(err));
      assert.equal(err.parameter, "method");
      assert.ok(!Deno.inspect(err).includes(KEY.slice(0, 8)), err.message);
    }
  }
  assert.equal(server.requests.length, 0);
});

Deno.test("an error status is the ApiError subclass of its family, as in openai-node; any other status a plain ApiError", async () => {
  await using server = await startTestServer();
  const cases = [
    [400, BadRequestError],
    [401, AuthenticationError],
    [403, PermissionDeniedError],
    [404, NotFoundError],
    [409, ConflictError],
    [422, UnprocessableEntityError],
    [429, RateLimitError],
    [500, InternalServerError],
    [503, InternalServerError],
    [504, InternalServerError],
    [418, ApiError],
    [405, ApiError],
  ] as const;
  for (const [status] of cases) {
    server.route(
      `GET /s${status}`,
      jsonReply(status, { title: "No", status, code: `E${status}` }),
    );
  }
  const client = makeClient(server.url, { maxRetries: 0 });
  for (const [status, cls] of cases) {
    const err = await leakWitness.rejects(
      client.requestJson({ service: "geocode", path: `/s${status}` }),
    );
    assert.ok(err instanceof cls, `${status} is a ${cls.name}`);
    assert.ok(
      err instanceof ApiError && isApiError(err) && err instanceof LSError,
    );
    assert.equal(err.constructor, cls);
    assert.equal(err.name, cls.name);
    assert.equal(err.toJSON().name, cls.name);
    assert.equal(err.status, status);
    assert.equal(err.code, `E${status}`);
    assert.match(
      err.message,
      new RegExp(`^HERE answered ${status} \\(E${status} No\\)`),
    );
    for (const [, other] of cases) {
      if (other !== cls && other !== ApiError) {
        assert.ok(!(err instanceof other));
      }
    }
  }
  assert.deepEqual(
    server.requests.map((r) => `${r.method} ${r.path}`),
    cases.map(([status]) => `GET /s${status}`),
  );
});

Deno.test("a 429 is retried, then thrown as a RateLimitError with its Retry-After", async () => {
  await using server = await startTestServer();
  server.route(
    "GET /v1/geocode",
    jsonReply(429, { error: "Too Many Requests" }, { "retry-after": "0" }),
  );
  const client = makeClient(server.url, { maxRetries: 1 });
  const err = await leakWitness.rejects(
    client.requestJson({ service: "geocode", path: "/v1/geocode" }),
  );
  assert.ok(err instanceof RateLimitError);
  assert.equal(err.retryAfterMs, 0);
  assert.equal(server.requests.length, 2);
  assert.equal(server.requests[0].path, "/v1/geocode");
});

Deno.test("the ApiError subclasses work across duplicate copies of the module, and a user's subclass keeps its class", async () => {
  const copy = await import("../errors/errors.ts?copy=3");
  assert.notEqual(copy.RateLimitError, RateLimitError);
  const init = { status: 429, method: "GET", url: "u" };
  const foreign = new copy.ApiError(init);
  assert.ok(foreign instanceof copy.RateLimitError);
  assert.ok(foreign instanceof RateLimitError);
  assert.ok(foreign instanceof ApiError && foreign instanceof LSError);
  assert.ok(!(foreign instanceof NotFoundError));
  assert.ok(!(foreign instanceof ValueError));
  assert.ok(
    new NotFoundError({ ...init, status: 404 }) instanceof copy.NotFoundError,
  );
  assert.ok(
    !(new ApiError({ ...init, status: 418 }) instanceof copy.RateLimitError),
  );
  // Built directly, a subclass keeps its class whatever the status.
  const direct = new NotFoundError(init);
  assert.equal(direct.constructor, NotFoundError);
  assert.ok(!(direct instanceof RateLimitError));
  class Mine extends ApiError {}
  const mine = new Mine({ ...init, status: 404 });
  assert.ok(mine instanceof Mine && mine instanceof ApiError);
  assert.ok(!(mine instanceof NotFoundError));
  assert.equal(mine.name, "ApiError");
});

Deno.test("isTimeoutError: true for an abort by AbortSignal.timeout(), thrown raw or kept as a cause, as for the client's own TimeoutError", async () => {
  await using server = await startTestServer();
  server.route("GET /hang", async (_req, _n, signal) => {
    await new Promise((r) => {
      const t = setTimeout(r, 5000);
      signal.addEventListener("abort", () => clearTimeout(t));
    });
    return new Response("{}");
  });
  const client = makeClient(server.url);
  // The caller's own timeout: the signal's reason, a DOMException, thrown as is.
  const raw = await assert.rejects(
    client.requestJson({ service: "geocode", path: "/hang" }, {
      signal: AbortSignal.timeout(50),
    }),
    (e) => {
      assert.ok(e instanceof DOMException);
      assert.equal(e.name, "TimeoutError");
      assert.equal(isTimeoutError(e), true);
      assert.equal(isTimeoutError(new LSError("Gave up", { cause: e })), true);
      return true;
    },
  );
  assert.equal(raw, undefined);
  // The client's own: a TimeoutError.
  const own = await leakWitness.rejects(
    client.requestJson({ service: "geocode", path: "/hang" }, {
      timeoutMs: 50,
      maxRetries: 0,
    }),
  );
  assert.ok(own instanceof TimeoutError);
  assert.equal(isTimeoutError(own), true);
  assert.deepEqual(server.requests.map((r) => r.path), ["/hang", "/hang"]);
  // An abort that is not a timeout is not one.
  assert.equal(
    isTimeoutError(new DOMException("Aborted", "AbortError")),
    false,
  );
  assert.equal(isTimeoutError(new ConnectionError("Connection failed")), false);
  assert.equal(isTimeoutError("TimeoutError"), false);
  const loop: { name: string; cause?: unknown } = { name: "Error" };
  loop.cause = loop;
  assert.equal(isTimeoutError(loop), false);
});

Deno.test("no credential appears in any error or hook output of this suite", () => {
  leakWitness.assertClean(50);
});

Deno.test("Client: a key passed in place of the options, or a credential in the wrong option, is not quoted", () => {
  const key = "s3cr3t-K3Y_abc";
  for (
    const make of [
      () => new Client(key as never),
      () =>
        new Client({
          apiKey: "k-ok",
          timeoutMs: { accessKeyId: "AKID", accessKeySecret: key } as never,
        }),
    ]
  ) {
    assert.throws(make, (err: Error) => {
      assert.equal(err.name, "ValueError");
      assert.ok(!JSON.stringify(err).includes(key), err.message);
      assert.ok(!err.message.includes(key), err.message);
      assert.ok(!err.message.includes("s3cr3t"), err.message);
      return true;
    });
  }
  assert.throws(() => new Client(key as never), {
    message:
      "Invalid options: must be an object (such as { apiKey }), got string",
  });
});

Deno.test("a hook that is an async function and rejects breaks nothing", async () => {
  await using server = await startTestServer();
  server.route("GET /v1/geocode", [jsonReply(503, {}), ok]);
  const fail = () => Promise.reject(new Error("hook failed"));
  const client = makeClient(server.url, {
    onRequest: fail,
    onResponse: fail,
    onRetry: fail,
  });
  const res = await client.requestJson({
    service: "geocode",
    path: "/v1/geocode",
  });
  assert.deepEqual(res.body, { ok: true });
  // A rejection nobody handles would surface once the queue has run.
  await new Promise((resolve) => setTimeout(resolve, 0));
});

Deno.test("a reader that throws before it reads the body leaves no body open", async () => {
  await using server = await startTestServer();
  server.route("GET /v1/geocode", ok);
  const client = makeClient(server.url, { maxRetries: 0, maxConcurrency: 1 });
  for (
    const read of [
      () => {
        throw new Error("reader failed");
      },
      (res: Response) => {
        res.body!.getReader(); // locked, then abandoned
        throw new Error("reader failed");
      },
    ]
  ) {
    await assert.rejects(
      client.request({ service: "geocode", path: "/v1/geocode" }, {}, read),
      ConnectionError,
    );
  }
  // The slot came back: the next call goes through.
  const res = await client.requestJson({
    service: "geocode",
    path: "/v1/geocode",
  });
  assert.deepEqual(res.body, { ok: true });
});

Deno.test("request options are read once: getters that answer otherwise later neither leak the slot nor undo the timeout", async () => {
  await using server = await startTestServer();
  server.route("GET /v1/geocode", ok);
  server.route("GET /hang", async (_req, _n, signal) => {
    await new Promise((r) => {
      const t = setTimeout(r, 2000);
      signal.addEventListener("abort", () => clearTimeout(t));
    });
    return new Response("{}");
  });
  const client = makeClient(server.url, { maxConcurrency: 1 });
  /** A getter that gives `first`, then `later` on every other read. */
  const shifty = (first: unknown, later: unknown) => {
    let reads = 0;
    return { get: () => reads++ === 0 ? first : later, enumerable: true };
  };
  const options = (): RequestOptions =>
    Object.defineProperties({}, {
      signal: shifty(new AbortController().signal, { aborted: false }),
      timeoutMs: shifty(50, "soon"),
      maxRetries: shifty(0, Infinity),
    });
  const spec = { service: "geocode", path: "/v1/geocode" } as const;
  assert.deepEqual((await client.requestJson(spec, options())).body, {
    ok: true,
  });
  const started = performance.now();
  await assert.rejects(
    client.requestJson({ ...spec, path: "/hang" }, options()),
    TimeoutError,
  );
  assert.ok(performance.now() - started < 1000);
  assert.equal(server.requestsFor("GET /hang").length, 1);
  // The slot came back.
  const res = await client.requestJson(spec, { deadlineMs: 1000 });
  assert.deepEqual(res.body, { ok: true });
});
