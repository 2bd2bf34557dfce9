import assert from "node:assert/strict";
import { Client, PlatformCredentials, Query } from "@ls/core";
import { Auth } from "@ls/core";
import { oauthAuthorizationHeader } from "@ls/core/internal";
import { SANDBOX_CREDENTIALS } from "./handler.ts";
import { startSandbox } from "./sandbox.ts";
import { call } from "./_test_sandbox.ts";

const credentials = new PlatformCredentials(SANDBOX_CREDENTIALS);

async function tokenRequest(
  url: string,
  init: {
    secret?: string;
    keyId?: string;
    timestamp?: number;
    body?: string;
    json?: unknown;
  } = {},
): Promise<Response> {
  const tokenUrl = `${url}/oauth2/token`;
  const body = init.body ?? "grant_type=client_credentials";
  const params = init.json !== undefined
    ? []
    : body.split("&").filter(Boolean).map((p) =>
      p.split("=").map(decodeURIComponent) as [string, string]
    );
  const authorization = await oauthAuthorizationHeader({
    method: "POST",
    url: tokenUrl,
    consumerKey: init.keyId ?? SANDBOX_CREDENTIALS.accessKeyId,
    consumerSecret: init.secret ?? SANDBOX_CREDENTIALS.accessKeySecret,
    timestamp: init.timestamp,
    params,
  });
  return await fetch(tokenUrl, {
    method: "POST",
    headers: {
      authorization,
      "content-type": init.json !== undefined
        ? "application/json"
        : "application/x-www-form-urlencoded",
    },
    body: init.json !== undefined ? JSON.stringify(init.json) : body,
  });
}

Deno.test("core's Client gets a token with the default credentials and uses it", async () => {
  await using sandbox = await startSandbox();
  const client = new Client({
    platformCredentials: credentials,
    baseUrl: sandbox.url,
  });
  const res = await client.requestJson<{ title: string }>({
    service: "lookup",
    path: "/v1/lookup",
    query: new Query().set("id", "here:cm:namedplace:2950159"),
  });
  assert.equal(res.body.title, "Berlin, Germany");
  assert.deepEqual(
    sandbox.requests.map((r) => `${r.method} ${r.path} ${r.status}`),
    [
      "POST /oauth2/token 200",
      "GET /v1/lookup 200",
    ],
  );
});

Deno.test("a token response is snake_case for a form request, camelCase for JSON", async () => {
  await using sandbox = await startSandbox({ tokenTtlSeconds: 3600 });
  const form = await tokenRequest(sandbox.url, {
    body: "grant_type=client_credentials&expires_in=120",
  });
  assert.equal(form.status, 200);
  const body = await form.json();
  assert.equal(body.token_type, "bearer");
  assert.equal(body.expires_in, 120);
  assert.match(body.access_token, /^sbx\./);
  const viaJson = await tokenRequest(sandbox.url, {
    json: { grantType: "client_credentials" },
  });
  const camel = await viaJson.json();
  assert.deepEqual(Object.keys(camel).sort(), [
    "accessToken",
    "expiresIn",
    "tokenType",
  ]);
  assert.equal(camel.expiresIn, 3600);
  const ok = await call(sandbox, "/v1/lookup?id=here:cm:namedplace:2950159", {
    apiKey: null,
    headers: { authorization: `Bearer ${camel.accessToken}` },
  });
  assert.equal(ok.status, 200);
});

Deno.test("a wrong secret or unknown key id: 401 signature mismatch", async () => {
  await using sandbox = await startSandbox();
  for (const init of [{ secret: "wrong-secret" }, { keyId: "nobody" }]) {
    const res = await tokenRequest(sandbox.url, init);
    assert.equal(res.status, 401);
    const body = await res.json();
    assert.equal(body.httpStatus, 401);
    assert.equal(body.errorCode, 401300);
    assert.match(body.message, /^Signature mismatch/);
    assert.match(body.errorId, /^ERROR-/);
  }
});

Deno.test("a body that differs from the signed parameters fails the signature", async () => {
  await using sandbox = await startSandbox();
  const tokenUrl = `${sandbox.url}/oauth2/token`;
  const authorization = await oauthAuthorizationHeader({
    method: "POST",
    url: tokenUrl,
    consumerKey: SANDBOX_CREDENTIALS.accessKeyId,
    consumerSecret: SANDBOX_CREDENTIALS.accessKeySecret,
    params: [["grant_type", "client_credentials"]],
  });
  const res = await fetch(tokenUrl, {
    method: "POST",
    headers: {
      authorization,
      "content-type": "application/x-www-form-urlencoded",
    },
    body: "grant_type=client_credentials&scope=hrn%3Ahere%3Aother",
  });
  assert.equal(res.status, 401);
  assert.equal((await res.json()).errorCode, 401300);
});

Deno.test("a timestamp more than 10 minutes off: 401 with errorCode 401204", async () => {
  await using sandbox = await startSandbox();
  const res = await tokenRequest(sandbox.url, {
    timestamp: Math.floor(Date.now() / 1000) - 3600,
  });
  assert.equal(res.status, 401);
  const body = await res.json();
  assert.equal(body.errorCode, 401204);
  assert.equal(
    body.message,
    "Invalid Authorization header, timestamp doesn't match server time.",
  );
});

Deno.test("core's Auth corrects its clock from /timestamp after a 401204", async () => {
  const skew = 3_600_000;
  await using sandbox = await startSandbox({
    now: () => new Date(Date.now() + skew),
  });
  const time = await call(sandbox, "/timestamp", { apiKey: null });
  assert.ok(Math.abs(time.body.timestamp - (Date.now() + skew) / 1000) < 5);
  const auth = new Auth({
    credentials,
    tokenUrl: `${sandbox.url}/oauth2/token`,
  });
  const token = await auth.getToken();
  assert.match(token, /^sbx\./);
  assert.ok(Math.abs(auth.clockOffsetMs - skew) < 5000);
  assert.deepEqual(
    sandbox.requests.slice(1).map((r) => `${r.method} ${r.path} ${r.status}`),
    [
      "POST /oauth2/token 401",
      "GET /timestamp 200",
      "POST /oauth2/token 200",
    ],
  );
});

Deno.test("tokens expire after expires_in on the sandbox clock", async () => {
  let now = Date.UTC(2024, 4, 1, 8);
  await using sandbox = await startSandbox({
    now: () => new Date(now),
    tokenTtlSeconds: 60,
  });
  const res = await tokenRequest(sandbox.url, {
    timestamp: Math.floor(now / 1000),
  });
  const { access_token: token, expires_in } = await res.json();
  assert.equal(expires_in, 60);
  const headers = { authorization: `Bearer ${token}` };
  assert.equal(
    (await call(sandbox, "/timestamp", { apiKey: null, headers })).status,
    200,
  );
  assert.equal(
    (await call(sandbox, "/v1/lookup?id=here:cm:namedplace:2950159", {
      apiKey: null,
      headers,
    })).status,
    200,
  );
  now += 61_000;
  const expired = await call(
    sandbox,
    "/v1/lookup?id=here:cm:namedplace:2950159",
    { apiKey: null, headers },
  );
  assert.equal(expired.status, 401);
  assert.deepEqual(expired.body, {
    error: "Unauthorized",
    error_description: "Token Validation Failure - token expired.",
  });
});

Deno.test("malformed OAuth headers and other grant types are rejected", async () => {
  await using sandbox = await startSandbox();
  const plain = await fetch(`${sandbox.url}/oauth2/token`, {
    method: "POST",
    headers: {
      authorization: "Basic abc",
      "content-type": "application/x-www-form-urlencoded",
    },
    body: "grant_type=client_credentials",
  });
  assert.equal(plain.status, 401);
  assert.equal((await plain.json()).errorCode, 401202);
  const grant = await tokenRequest(sandbox.url, {
    body: "grant_type=password",
  });
  assert.equal(grant.status, 400);
  const body = await grant.json();
  assert.equal(body.httpStatus, 400);
  assert.match(body.message, /grant_type/);
});

Deno.test("the token endpoint honours faults like every path", async () => {
  await using sandbox = await startSandbox({
    faults: [{ path: "/oauth2/token", status: 503, count: 1 }],
  });
  const client = new Client({
    platformCredentials: credentials,
    baseUrl: sandbox.url,
    retryBaseDelayMs: 1,
  });
  const auth = new Auth({
    credentials,
    tokenUrl: `${sandbox.url}/oauth2/token`,
  });
  await assert.rejects(
    () => auth.getToken(),
    (err: Error & { status?: number }) => err.status === 503,
  );
  const res = await client.requestJson({
    service: "lookup",
    path: "/v1/lookup",
    query: new Query().set("id", "here:cm:namedplace:2950159"),
  });
  assert.equal(res.status, 200);
});

Deno.test("past maxTokens, expired tokens are forgotten first, then the oldest (401)", async () => {
  let now = Date.UTC(2024, 4, 1, 8);
  await using sandbox = await startSandbox({
    now: () => new Date(now),
    maxTokens: 2,
  });
  const issue = async (expiresIn?: number) => {
    const res = await tokenRequest(sandbox.url, {
      timestamp: Math.floor(now / 1000),
      body: expiresIn === undefined
        ? "grant_type=client_credentials"
        : `grant_type=client_credentials&expires_in=${expiresIn}`,
    });
    assert.equal(res.status, 200);
    return (await res.json()).access_token as string;
  };
  const lookup = async (token: string) =>
    await call(sandbox, "/v1/lookup?id=here:cm:namedplace:2950159", {
      apiKey: null,
      headers: { authorization: `Bearer ${token}` },
    });
  const oldest = await issue();
  const brief = await issue(60);
  now += 61_000;
  assert.equal(
    (await lookup(brief)).body.error_description,
    "Token Validation Failure - token expired.",
  );
  // The expired token makes room: the oldest one still works.
  const third = await issue();
  assert.equal((await lookup(oldest)).status, 200);
  assert.deepEqual((await lookup(brief)).body, {
    error: "Unauthorized",
    error_description: "Token Validation Failure - invalid token.",
  });
  // None expired: the oldest goes.
  const fourth = await issue();
  const evicted = await lookup(oldest);
  assert.equal(evicted.status, 401);
  assert.equal(
    evicted.body.error_description,
    "Token Validation Failure - invalid token.",
  );
  assert.equal((await lookup(third)).status, 200);
  assert.equal((await lookup(fourth)).status, 200);
});

Deno.test("a token request body over 64 KiB gets 413", async () => {
  await using sandbox = await startSandbox();
  const res = await tokenRequest(sandbox.url, {
    body: `grant_type=client_credentials&pad=${"x".repeat(64 * 1024)}`,
  });
  assert.equal(res.status, 413);
  assert.deepEqual(await res.json(), {
    error: "Payload Too Large",
    error_description: "The request body is larger than 65536 bytes",
  });
});
