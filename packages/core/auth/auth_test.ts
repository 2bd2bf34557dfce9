import assert from "node:assert/strict";
import { Auth, type TokenRequestInfo } from "./auth.ts";
import { PlatformCredentials } from "./credentials.ts";
import {
  ApiError,
  ConnectionError,
  TimeoutError,
  ValueError,
} from "../errors/errors.ts";
import { oauthBaseString } from "./oauth.ts";
import {
  jsonReply,
  type RecordedRequest,
  startTestServer,
  textReply,
} from "../testing.ts";

const KEY_ID = "test-access-key-id";
const SECRET = "Test+Secret/Value=with*chars!";
const TOKEN_PATH = "POST /oauth2/token";

function credentials(extra: { scope?: string } = {}): PlatformCredentials {
  return new PlatformCredentials({
    accessKeyId: KEY_ID,
    accessKeySecret: SECRET,
    ...extra,
  });
}

function tokenReply(token: string, expiresIn: unknown = 3600) {
  return jsonReply(200, {
    access_token: token,
    token_type: "bearer",
    expires_in: expiresIn,
  });
}

/** Parses `OAuth k="v", ...` into decoded fields. */
function parseOAuthHeader(header: string | null): Record<string, string> {
  assert.ok(
    header !== null && header.startsWith("OAuth "),
    `Authorization header: ${header}`,
  );
  const fields: Record<string, string> = {};
  for (const part of header.slice("OAuth ".length).split(/,\s*/)) {
    const m = /^(\w+)="([^"]*)"$/.exec(part);
    assert.ok(m, `malformed OAuth field ${part}`);
    fields[m[1]] = decodeURIComponent(m[2]);
  }
  return fields;
}

/** Recomputes the signature of a received token request and checks it with WebCrypto. */
async function assertSignatureVerifies(
  req: RecordedRequest,
  secret = SECRET,
): Promise<void> {
  const fields = parseOAuthHeader(req.headers.get("authorization"));
  assert.equal(fields.oauth_consumer_key, KEY_ID);
  assert.equal(fields.oauth_signature_method, "HMAC-SHA256");
  assert.equal(fields.oauth_version, "1.0");
  assert.match(fields.oauth_nonce, /^[0-9a-f]{32}$/);
  assert.match(fields.oauth_timestamp, /^\d+$/);
  const params = req.bodyText.split("&").map((pair) => {
    const [k, v] = pair.split("=");
    return [decodeURIComponent(k), decodeURIComponent(v)] as [string, string];
  });
  const base = oauthBaseString({
    method: req.method,
    url: req.url.href,
    consumerKey: fields.oauth_consumer_key,
    nonce: fields.oauth_nonce,
    timestamp: fields.oauth_timestamp,
    params,
  });
  const enc = new TextEncoder();
  const strictSecret = encodeURIComponent(secret).replace(
    /[!'()*]/g,
    (c) => "%" + c.charCodeAt(0).toString(16).toUpperCase(),
  );
  const key = await crypto.subtle.importKey(
    "raw",
    enc.encode(`${strictSecret}&`),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["verify"],
  );
  const signature = Uint8Array.from(
    atob(fields.oauth_signature),
    (c) => c.charCodeAt(0),
  );
  assert.ok(
    await crypto.subtle.verify("HMAC", key, signature, enc.encode(base)),
    "the OAuth signature does not verify",
  );
}

/** Everything an error shows: none of it may contain a credential. */
function errorViews(err: unknown): string[] {
  const e = err as Error & { toJSON?: () => unknown };
  return [
    e.message,
    String(e),
    JSON.stringify(e),
    JSON.stringify(e.toJSON?.()),
    Deno.inspect(e, { depth: 10 }),
    e.stack ?? "",
  ];
}

function assertNoCredentials(err: unknown, tokens: string[] = []): void {
  for (const view of errorViews(err)) {
    for (const s of [SECRET, encodeURIComponent(SECRET), ...tokens]) {
      assert.ok(!view.includes(s), `${JSON.stringify(s)} leaked into: ${view}`);
    }
  }
}

function gate(): { promise: Promise<void>; open: () => void } {
  const { promise, resolve } = Promise.withResolvers<void>();
  return { promise, open: () => resolve() };
}

Deno.test("getToken sends a signed form POST and returns the token", async () => {
  await using server = await startTestServer();
  server.route(TOKEN_PATH, tokenReply("token-1"));
  const auth = new Auth({
    credentials: credentials(),
    tokenUrl: `${server.url}/oauth2/token`,
  });
  assert.equal(auth.tokenUrl, `${server.url}/oauth2/token`);

  assert.equal(await auth.getToken(), "token-1");
  assert.equal(server.requests.length, 1);
  const req = server.requests[0];
  assert.equal(req.method, "POST");
  assert.equal(req.path, "/oauth2/token");
  assert.equal(req.rawQuery, "");
  assert.equal(
    req.headers.get("content-type"),
    "application/x-www-form-urlencoded",
  );
  assert.equal(req.bodyText, "grant_type=client_credentials");
  await assertSignatureVerifies(req);
});

Deno.test("getToken signs and sends the scope, strictly encoded", async () => {
  await using server = await startTestServer();
  server.route(TOKEN_PATH, tokenReply("token-1"));
  const scope = "hrn:here:authorization::exampleorg:project/example-project";
  const auth = new Auth({
    credentials: credentials({ scope }),
    tokenUrl: `${server.url}/oauth2/token`,
  });
  await auth.getToken();
  const req = server.requests[0];
  assert.equal(
    req.bodyText,
    "grant_type=client_credentials&scope=hrn%3Ahere%3Aauthorization%3A%3Aexampleorg%3Aproject%2Fexample-project",
  );
  await assertSignatureVerifies(req);
});

Deno.test("the token URL defaults to the credentials' endpoint", async () => {
  await using server = await startTestServer();
  server.route(TOKEN_PATH, tokenReply("token-1"));
  const creds = new PlatformCredentials({
    accessKeyId: KEY_ID,
    accessKeySecret: SECRET,
    tokenEndpointUrl: `${server.url}/oauth2/token`,
  });
  const auth = new Auth({ credentials: creds });
  assert.equal(auth.tokenUrl, `${server.url}/oauth2/token`);
  assert.equal(await auth.getToken(), "token-1");
  assert.equal(
    new Auth({ credentials: credentials() }).tokenUrl,
    "https://account.api.here.com/oauth2/token",
  );
});

Deno.test("the token is cached", async () => {
  await using server = await startTestServer();
  server.route(TOKEN_PATH, tokenReply("token-1"));
  const auth = new Auth({
    credentials: credentials(),
    tokenUrl: `${server.url}/oauth2/token`,
  });
  assert.equal(await auth.getToken(), "token-1");
  assert.equal(await auth.getToken(), "token-1");
  assert.equal(await auth.getToken(), "token-1");
  assert.equal(server.requests.length, 1);
});

Deno.test("the token is renewed 60 s before it expires (sent time + expires_in)", async () => {
  await using server = await startTestServer();
  server.route(TOKEN_PATH, [
    tokenReply("token-1", 3600),
    tokenReply("token-2", 3600),
  ]);
  let now = 1_700_000_000_000;
  const auth = new Auth({
    credentials: credentials(),
    tokenUrl: `${server.url}/oauth2/token`,
    now: () => now,
  });
  const sentAt = now;
  assert.equal(await auth.getToken(), "token-1");
  now = sentAt + 3_540_000 - 1;
  assert.equal(await auth.getToken(), "token-1");
  assert.equal(server.requests.length, 1);
  now = sentAt + 3_540_000;
  assert.equal(await auth.getToken(), "token-2");
  assert.equal(server.requests.length, 2);
});

Deno.test("the refresh margin is 10 % of a short lifetime", async () => {
  await using server = await startTestServer();
  server.route(TOKEN_PATH, [
    tokenReply("token-1", 100),
    tokenReply("token-2", 100),
  ]);
  let now = 5_000_000;
  const auth = new Auth({
    credentials: credentials(),
    tokenUrl: `${server.url}/oauth2/token`,
    now: () => now,
  });
  assert.equal(await auth.getToken(), "token-1");
  now += 89_999;
  assert.equal(await auth.getToken(), "token-1");
  now += 1;
  assert.equal(await auth.getToken(), "token-2");
});

Deno.test("expiry counts from when the request was sent, not when it was answered", async () => {
  await using server = await startTestServer();
  let now = 1_000_000;
  server.route(TOKEN_PATH, [
    () => {
      now += 30_000; // the answer takes 30 s
      return Response.json({
        access_token: "token-1",
        token_type: "bearer",
        expires_in: 600,
      });
    },
    tokenReply("token-2", 600),
  ]);
  const auth = new Auth({
    credentials: credentials(),
    tokenUrl: `${server.url}/oauth2/token`,
    now: () => now,
  });
  assert.equal(await auth.getToken(), "token-1");
  now = 1_000_000 + 540_000 - 1; // sent + 600 s - 60 s margin
  assert.equal(await auth.getToken(), "token-1");
  now += 1;
  assert.equal(await auth.getToken(), "token-2");
});

Deno.test("50 concurrent getToken calls share exactly one token request", async () => {
  await using server = await startTestServer();
  const g = gate();
  server.route(TOKEN_PATH, async () => {
    await g.promise;
    return Response.json({
      access_token: "token-1",
      token_type: "bearer",
      expires_in: 3600,
    });
  });
  const auth = new Auth({
    credentials: credentials(),
    tokenUrl: `${server.url}/oauth2/token`,
  });
  const calls = Array.from({ length: 50 }, () => auth.getToken());
  g.open();
  const tokens = await Promise.all(calls);
  assert.deepEqual(new Set(tokens), new Set(["token-1"]));
  assert.equal(server.requestsFor(TOKEN_PATH).length, 1);
});

Deno.test("invalidate drops the current token; a stale token is ignored", async () => {
  await using server = await startTestServer();
  server.route(TOKEN_PATH, [tokenReply("token-1"), tokenReply("token-2")]);
  const auth = new Auth({
    credentials: credentials(),
    tokenUrl: `${server.url}/oauth2/token`,
  });
  const first = await auth.getToken();
  auth.invalidate(first);
  assert.equal(await auth.getToken(), "token-2");
  assert.equal(server.requests.length, 2);
  auth.invalidate(first); // already replaced: no effect
  assert.equal(await auth.getToken(), "token-2");
  assert.equal(server.requests.length, 2);
});

Deno.test("camelCase responses and expires_in as a string are accepted", async () => {
  await using server = await startTestServer();
  server.route(TOKEN_PATH, [
    jsonReply(200, {
      accessToken: "camel-token",
      tokenType: "Bearer",
      expiresIn: "100",
    }),
    jsonReply(200, {
      access_token: "snake-token",
      token_type: "bearer",
      expires_in: "86399",
    }),
  ]);
  let now = 0;
  const auth = new Auth({
    credentials: credentials(),
    tokenUrl: `${server.url}/oauth2/token`,
    now: () => now,
  });
  assert.equal(await auth.getToken(), "camel-token");
  now = 89_999;
  assert.equal(await auth.getToken(), "camel-token");
  now = 90_000;
  assert.equal(await auth.getToken(), "snake-token");
  now = 90_000 + 86_339_000 - 1;
  assert.equal(await auth.getToken(), "snake-token");
  assert.equal(server.requests.length, 2);
});

Deno.test("clock skew: 401204 triggers GET /timestamp and one retry with the server time", async () => {
  await using server = await startTestServer();
  server.route(TOKEN_PATH, [
    jsonReply(401, {
      errorId: "ERROR-00000000-0000-0000-0000-000000000000",
      httpStatus: 401,
      errorCode: 401204,
      message:
        "Invalid Authorization header, timestamp doesn't match server time.",
    }),
    tokenReply("token-after-skew"),
  ]);
  server.route("GET /timestamp", jsonReply(200, { timestamp: 1630000000 }));
  const localNow = 1_000_000_000; // 1970: far from the server's clock
  const attempts: TokenRequestInfo[] = [];
  const auth = new Auth({
    credentials: credentials(),
    tokenUrl: `${server.url}/oauth2/token`,
    now: () => localNow,
    onTokenRequest: (info) => attempts.push(info),
  });

  assert.equal(await auth.getToken(), "token-after-skew");
  assert.deepEqual(
    server.requests.map((r) => `${r.method} ${r.path}`),
    [TOKEN_PATH, "GET /timestamp", TOKEN_PATH],
  );
  const [first, time, second] = server.requests;
  assert.equal(
    parseOAuthHeader(first.headers.get("authorization")).oauth_timestamp,
    "1000000",
  );
  assert.equal(time.headers.get("authorization"), null);
  assert.equal(time.bodyText, "");
  assert.equal(
    parseOAuthHeader(second.headers.get("authorization")).oauth_timestamp,
    "1630000000",
  );
  await assertSignatureVerifies(second);
  assert.equal(auth.clockOffsetMs, 1_630_000_000_000 - localNow);
  assert.deepEqual(attempts, [
    { url: `${server.url}/oauth2/token`, attempt: 1 },
    { url: `${server.url}/oauth2/token`, attempt: 2 },
  ]);

  // The offset is kept for later requests.
  auth.invalidate("token-after-skew");
  assert.equal(await auth.getToken(), "token-after-skew");
  assert.equal(
    parseOAuthHeader(server.requests[3].headers.get("authorization"))
      .oauth_timestamp,
    "1630000000",
  );
});

Deno.test("clock skew: errorCode as a string and a bare-number /timestamp body", async () => {
  await using server = await startTestServer();
  server.route(TOKEN_PATH, [
    jsonReply(401, {
      errorCode: "401204",
      message: "timestamp outside the allowed window",
    }),
    tokenReply("token-1"),
  ]);
  server.route("GET /timestamp", textReply(200, "1630000123"));
  const auth = new Auth({
    credentials: credentials(),
    tokenUrl: `${server.url}/oauth2/token`,
    now: () => 42_000,
  });
  assert.equal(await auth.getToken(), "token-1");
  assert.equal(
    parseOAuthHeader(server.requests[2].headers.get("authorization"))
      .oauth_timestamp,
    "1630000123",
  );
});

Deno.test("clock skew: the token request is retried only once", async () => {
  await using server = await startTestServer();
  server.route(
    TOKEN_PATH,
    jsonReply(401, { errorCode: 401204, message: "skew" }),
  );
  server.route("GET /timestamp", jsonReply(200, { timestamp: 1630000000 }));
  const auth = new Auth({
    credentials: credentials(),
    tokenUrl: `${server.url}/oauth2/token`,
  });
  await assert.rejects(
    () => auth.getToken(),
    (e: unknown) =>
      e instanceof ApiError && e.status === 401 && e.code === "401204",
  );
  assert.equal(server.requestsFor(TOKEN_PATH).length, 2);
  assert.equal(server.requestsFor("GET /timestamp").length, 1);
});

Deno.test("a plain 401 is an ApiError without a clock correction", async () => {
  await using server = await startTestServer();
  server.route(
    TOKEN_PATH,
    jsonReply(401, {
      error: "invalid_client",
      error_description: "errorCode: '401300'. Invalid",
    }, {
      "x-correlation-id": "corr-1",
      "x-request-id": "req-1",
    }),
  );
  const auth = new Auth({
    credentials: credentials(),
    tokenUrl: `${server.url}/oauth2/token`,
  });
  const err = await auth.getToken().catch((e) => e);
  assert.ok(err instanceof ApiError);
  assert.equal(err.status, 401);
  assert.equal(err.method, "POST");
  assert.equal(err.url, `${server.url}/oauth2/token`);
  assert.equal(err.title, "invalid_client");
  assert.equal(err.detail, "errorCode: '401300'. Invalid");
  assert.equal(err.correlationId, "corr-1");
  assert.equal(err.requestId, "req-1");
  assert.deepEqual(err.body, {
    error: "invalid_client",
    error_description: "errorCode: '401300'. Invalid",
  });
  assert.equal(server.requests.length, 1);
});

Deno.test("token error bodies of every style are normalised", async () => {
  await using server = await startTestServer();
  server.route(TOKEN_PATH, [
    jsonReply(401, {
      errorId: "ERROR-1",
      httpStatus: 401,
      errorCode: 401300,
      message:
        "Signature mismatch. Authorization signature or client credential is wrong.",
    }),
    jsonReply(403, {
      title: "Forbidden",
      status: 403,
      code: "E000403",
      cause: "Not allowed",
      action: "Ask your admin",
      correlationId: "body-corr",
    }, { "x-correlation-id": "header-corr" }),
    jsonReply(429, {
      error: "Too Many Requests",
      error_description: "Rate limit exceeded",
    }, {
      "retry-after": "7",
    }),
    textReply(503, "<html>Service Unavailable</html>", {
      "content-type": "text/html",
    }),
  ]);
  const auth = new Auth({
    credentials: credentials(),
    tokenUrl: `${server.url}/oauth2/token`,
  });
  const errors: ApiError[] = [];
  for (let i = 0; i < 4; i++) {
    errors.push(await auth.getToken().catch((e) => e));
  }
  for (const e of errors) assert.ok(e instanceof ApiError);

  assert.equal(errors[0].status, 401);
  assert.equal(errors[0].code, "401300");
  assert.equal(
    errors[0].title,
    "Signature mismatch. Authorization signature or client credential is wrong.",
  );
  assert.equal(errors[0].detail, undefined);

  assert.equal(errors[1].status, 403);
  assert.equal(errors[1].code, "E000403");
  assert.equal(errors[1].title, "Forbidden");
  assert.equal(errors[1].detail, "Not allowed");
  assert.equal(errors[1].action, "Ask your admin");
  assert.equal(errors[1].correlationId, "body-corr");

  assert.equal(errors[2].status, 429);
  assert.equal(errors[2].retryAfterMs, 7000);
  assert.equal(errors[2].title, "Too Many Requests");
  assert.equal(errors[2].detail, "Rate limit exceeded");

  assert.equal(errors[3].status, 503);
  assert.equal(errors[3].body, undefined);
  assert.equal(errors[3].bodyText, "<html>Service Unavailable</html>");
  assert.match(errors[3].message, /503/);
});

Deno.test("neither the secret nor any token appears in errors", async () => {
  await using server = await startTestServer();
  const leakyBody = {
    error: `bad secret ${SECRET}`,
    error_description: `echo ${encodeURIComponent(SECRET)} and token-OLD-1234`,
    message: `token-OLD-1234`,
  };
  server.route(TOKEN_PATH, [
    tokenReply("token-OLD-1234"),
    jsonReply(500, leakyBody),
  ]);
  const auth = new Auth({
    credentials: credentials(),
    tokenUrl: `${server.url}/oauth2/token?secret=${encodeURIComponent(SECRET)}`,
  });
  const token = await auth.getToken();
  auth.invalidate(token);
  const err = await auth.getToken().catch((e) => e);
  assert.ok(err instanceof ApiError);
  assert.equal(err.status, 500);
  assertNoCredentials(err, [token]);
  assert.ok(!JSON.stringify(err.body).includes(SECRET));
  assert.ok(!(err.bodyText ?? "").includes("token-OLD-1234"));
  assert.ok(err.message.includes("REDACTED"));
  // The manager itself shows neither.
  const shown = Deno.inspect(auth, { depth: 10, showHidden: true });
  assert.ok(!shown.includes(SECRET) && !shown.includes(token), shown);
  assert.ok(!JSON.stringify(auth).includes(SECRET));
});

Deno.test("a 200 without a token whose field names echo the secret where they are cut shows no piece of it", async () => {
  await using server = await startTestServer();
  // Names are cut at 40 characters: the secret starts at 30, so a name cut
  // before it is scrubbed keeps "Test+Secre", a piece no scrubber knows.
  server.route(
    TOKEN_PATH,
    jsonReply(200, { [`${"n".repeat(30)}${SECRET}`]: 1, expires_in: 10 }),
  );
  const auth = new Auth({
    credentials: credentials(),
    tokenUrl: `${server.url}/oauth2/token`,
  });
  const err = await auth.getToken().catch((e) => e);
  assert.ok(err instanceof ApiError);
  assert.match(err.message, /no access_token \(keys: n{30}/);
  assert.ok(!err.message.includes("Secre"), err.message);
});

Deno.test("a 200 without a usable token is an ApiError that does not echo the body", async () => {
  await using server = await startTestServer();
  server.route(TOKEN_PATH, [
    jsonReply(200, { token: "some-token-value", expires_in: 10 }),
    jsonReply(200, {
      access_token: "mac-token-value",
      token_type: "mac",
      expires_in: 10,
    }),
    textReply(200, "not json"),
  ]);
  const auth = new Auth({
    credentials: credentials(),
    tokenUrl: `${server.url}/oauth2/token`,
  });
  const missing = await auth.getToken().catch((e) => e);
  assert.ok(missing instanceof ApiError);
  assert.match(missing.message, /no access_token \(keys: token, expires_in\)/);
  assertNoCredentials(missing, ["some-token-value"]);
  const wrongType = await auth.getToken().catch((e) => e);
  assert.ok(wrongType instanceof ApiError);
  assert.match(wrongType.message, /token type is "mac"/);
  assertNoCredentials(wrongType, ["mac-token-value"]);
  const notJson = await auth.getToken().catch((e) => e);
  assert.ok(notJson instanceof ApiError);
  assert.match(notJson.message, /did not answer with JSON/);
});

Deno.test("a token type that repeats the token: the error does not show it", async () => {
  await using server = await startTestServer();
  const token = "tok-9f8e7d6c5b4a";
  server.route(
    TOKEN_PATH,
    jsonReply(200, { access_token: token, token_type: `mac ${token}` }),
  );
  const auth = new Auth({
    credentials: credentials(),
    tokenUrl: `${server.url}/oauth2/token`,
  });
  const err = await auth.getToken().catch((e) => e);
  assert.ok(err instanceof ApiError);
  assert.match(err.message, /token type is "mac REDACTED", expected bearer/);
  assertNoCredentials(err, [token]);
});

Deno.test("a timeoutMs beyond setTimeout's range does not end the request at once", async () => {
  await using server = await startTestServer();
  server.route(TOKEN_PATH, async () => {
    await new Promise((r) => setTimeout(r, 20));
    return tokenReply("slow-token")(undefined as never, 0, undefined as never);
  });
  const auth = new Auth({
    credentials: credentials(),
    tokenUrl: `${server.url}/oauth2/token`,
    timeoutMs: 2 ** 40,
  });
  assert.equal(await auth.getToken(), "slow-token");
});

Deno.test("a network failure is a ConnectionError", async () => {
  const server = await startTestServer();
  const url = `${server.url}/oauth2/token`;
  await server.close();
  const auth = new Auth({ credentials: credentials(), tokenUrl: url });
  const err = await auth.getToken().catch((e) => e);
  assert.ok(err instanceof ConnectionError, String(err));
  assert.equal(err.url, url);
  assert.match(
    err.message,
    /^Token request to http:\/\/127\.0\.0\.1:\d+\/oauth2\/token failed: /,
  );
  assertNoCredentials(err);
});

Deno.test("a slow token endpoint is a TimeoutError and leaves no timer behind", async () => {
  await using server = await startTestServer();
  server.route(
    TOKEN_PATH,
    (_req, _n, signal) =>
      new Promise<Response>((resolve) => {
        signal.addEventListener("abort", () => resolve(new Response("late")), {
          once: true,
        });
      }),
  );
  const auth = new Auth({
    credentials: credentials(),
    tokenUrl: `${server.url}/oauth2/token`,
    timeoutMs: 50,
  });
  const err = await auth.getToken().catch((e) => e);
  assert.ok(err instanceof TimeoutError, String(err));
  assert.match(err.message, /Token request timed out after 50 ms/);
  assertNoCredentials(err);
});

Deno.test("an aborted waiter rejects alone with its reason; the others get the token", async () => {
  await using server = await startTestServer();
  const g = gate();
  server.route(TOKEN_PATH, async () => {
    await g.promise;
    return Response.json({
      access_token: "token-1",
      token_type: "bearer",
      expires_in: 3600,
    });
  });
  const auth = new Auth({
    credentials: credentials(),
    tokenUrl: `${server.url}/oauth2/token`,
  });
  const controller = new AbortController();
  const aborted = auth.getToken(controller.signal);
  const plain = auth.getToken();
  const other = new AbortController();
  const withSignal = auth.getToken(other.signal);
  const reason = new Error("caller gave up");
  controller.abort(reason);
  await assert.rejects(aborted, (e) => e === reason);
  g.open();
  assert.equal(await plain, "token-1");
  assert.equal(await withSignal, "token-1");
  assert.equal(server.requests.length, 1);
});

Deno.test("when the last waiter aborts, the shared request is cancelled", async () => {
  await using server = await startTestServer();
  const g = gate();
  server.route(TOKEN_PATH, [
    async () => {
      await g.promise;
      return new Response("too late", { status: 500 });
    },
    tokenReply("token-2"),
  ]);
  const auth = new Auth({
    credentials: credentials(),
    tokenUrl: `${server.url}/oauth2/token`,
  });
  const controller = new AbortController();
  const pending = auth.getToken(controller.signal);
  // Wait until the request has reached the server.
  while (server.requests.length === 0) {
    await new Promise((r) => setTimeout(r, 1));
  }
  controller.abort();
  await assert.rejects(
    pending,
    (e) => e instanceof DOMException && e.name === "AbortError",
  );
  assert.equal(await auth.getToken(), "token-2");
  assert.equal(server.requests.length, 2);
  g.open();
});

Deno.test("an already-aborted signal rejects without a request", async () => {
  await using server = await startTestServer();
  server.route(TOKEN_PATH, tokenReply("token-1"));
  const auth = new Auth({
    credentials: credentials(),
    tokenUrl: `${server.url}/oauth2/token`,
  });
  const reason = new Error("no");
  await assert.rejects(
    auth.getToken(AbortSignal.abort(reason)),
    (e) => e === reason,
  );
  assert.equal(server.requests.length, 0);
});

Deno.test("an injected fetch is used and called as a plain function", async () => {
  const seen: string[] = [];
  const fakeFetch: typeof fetch = function (this: unknown, input, init) {
    assert.equal(this, undefined);
    seen.push(`${init?.method} ${String(input)}`);
    return Promise.resolve(
      Response.json({
        access_token: "fake-token",
        token_type: "bearer",
        expires_in: 60,
      }),
    );
  };
  const auth = new Auth({ credentials: credentials(), fetch: fakeFetch });
  assert.equal(await auth.getToken(), "fake-token");
  assert.deepEqual(seen, ["POST https://account.api.here.com/oauth2/token"]);
});

Deno.test("a connection error that names the secret where it is cut shows no piece of it", async () => {
  // The runtime's message is cut at 200 characters: the secret starts at
  // 190, so a message cut before it is scrubbed keeps "Test+Secre".
  const fakeFetch: typeof fetch = () =>
    Promise.reject(new TypeError(`${"m".repeat(190)}${SECRET}`));
  const auth = new Auth({ credentials: credentials(), fetch: fakeFetch });
  const err = await auth.getToken().catch((e) => e);
  assert.ok(err instanceof ConnectionError, String(err));
  for (const text of [err.message, String(err.cause), JSON.stringify(err)]) {
    assert.ok(!text.includes("Secre"), text);
  }
});

Deno.test("Auth validates its options", () => {
  assert.throws(() => new Auth({} as never), ValueError);
  assert.throws(
    () => new Auth({ credentials: { accessKeyId: "AKID" } } as never),
    {
      message:
        "Invalid credentials: must be a PlatformCredentials (with accessKeyId and accessKeySecret)",
    },
  );
  assert.throws(
    () => new Auth({ credentials: credentials(), tokenUrl: "/oauth2/token" }),
    ValueError,
  );
  for (const timeoutMs of [0, -1, NaN, "30000"]) {
    assert.throws(
      () => new Auth({ credentials: credentials(), timeoutMs } as never),
      { message: /^Invalid timeoutMs: must be a positive number, got / },
    );
  }
  // Infinity is a positive number: no timeout, as the client takes it.
  new Auth({ credentials: credentials(), timeoutMs: Infinity });
});

Deno.test("an option error does not quote the secret given by mistake as the option", () => {
  for (
    const options of [
      { timeoutMs: SECRET },
      { timeoutMs: [SECRET] },
      { maxResponseBytes: { size: SECRET } },
      { tokenUrl: SECRET },
    ]
  ) {
    assert.throws(
      () => new Auth({ credentials: credentials(), ...options } as never),
      (err) =>
        err instanceof ValueError && !err.message.includes("Test+Secret") &&
        !JSON.stringify(err).includes("Test+Secret"),
    );
  }
});

Deno.test("an onTokenRequest that is an async function and rejects breaks nothing", async () => {
  await using server = await startTestServer();
  server.route(TOKEN_PATH, tokenReply("tok-1"));
  const auth = new Auth({
    credentials: credentials(),
    tokenUrl: `${server.url}/oauth2/token`,
    onTokenRequest: () => Promise.reject(new Error("hook failed")),
  });
  assert.equal(await auth.getToken(), "tok-1");
  // A rejection nobody handles would surface once the queue has run.
  await new Promise((resolve) => setTimeout(resolve, 0));
});

Deno.test("Auth reads the credentials once: a getter that changes the secret later is not what it signs with", async () => {
  await using server = await startTestServer();
  server.route(
    "POST /oauth2/token",
    jsonReply(200, { access_token: "tok-1", expires_in: 3600 }),
  );
  let reads = 0;
  const credentials = {
    accessKeyId: "AKID",
    get accessKeySecret() {
      return reads++ === 0 ? "first-secret" : "other-secret";
    },
  };
  const auth = new Auth({
    credentials: credentials as never,
    tokenUrl: `${server.url}/oauth2/token`,
  });
  assert.equal(await auth.getToken(), "tok-1");
  assert.equal(reads, 1);
  // The secret it signs with is the one it scrubs.
  assert.equal(auth.scrub("first-secret"), "REDACTED");
});

Deno.test("Auth refuses a fetch, now or onTokenRequest that is not a function when it is made", () => {
  for (const name of ["fetch", "now", "onTokenRequest"]) {
    assert.throws(
      () => new Auth({ credentials: credentials(), [name]: "x" }),
      {
        name: "ValueError",
        message: `Invalid ${name}: must be a function, got "x"`,
      },
    );
  }
});
