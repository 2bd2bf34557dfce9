import assert from "node:assert/strict";
import { ApiError, Client, Query } from "@ls/core";
import { createSandboxHandler, SANDBOX_API_KEY } from "./handler.ts";
import { startSandbox } from "./sandbox.ts";
import { call } from "./_test_sandbox.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

Deno.test("listens on loopback and closes cleanly (twice is fine)", async () => {
  const sandbox = await startSandbox();
  assert.match(sandbox.url, /^http:\/\/127\.0\.0\.1:\d+$/);
  assert.equal(sandbox.hostname, "127.0.0.1");
  const res = await call(sandbox, "/", { apiKey: null });
  assert.equal(res.status, 200);
  assert.ok(res.body.endpoints.includes("GET /v8/routes"));
  await sandbox.close();
  await sandbox.close();
});

Deno.test("every response carries a correlation id and echoes X-Request-ID", async () => {
  await using sandbox = await startSandbox();
  const a = await call(sandbox, "/timestamp", {
    headers: { "x-request-id": "req-7" },
  });
  assert.equal(a.headers.get("x-request-id"), "req-7");
  assert.match(a.headers.get("x-correlation-id")!, UUID);
  const b = await call(sandbox, "/v1/geocode?q=x", { apiKey: null });
  assert.match(b.headers.get("x-request-id")!, UUID);
  assert.notEqual(
    b.headers.get("x-correlation-id"),
    a.headers.get("x-correlation-id"),
  );
});

Deno.test("a URL over 60 KiB gets 414 with the gateway body", async () => {
  await using sandbox = await startSandbox();
  const path = "/v1/geocode?q=";
  const limit = 60 * 1024;
  const ok = await call(sandbox, `${path}${"b".repeat(limit - path.length)}`, {
    apiKey: null,
  });
  assert.equal(ok.status, 401); // within the limit: the service's own answer
  const long = await call(
    sandbox,
    `${path}${"b".repeat(limit - path.length + 1)}`,
    { apiKey: null },
  );
  assert.equal(long.status, 414);
  assert.deepEqual(long.body, {
    error: "URI Too Long",
    error_description: `The request URL's path and query are ${
      limit + 1
    } characters long; at most ${limit} are allowed`,
  });
  assert.match(long.headers.get("x-correlation-id")!, UUID);
  assert.equal(sandbox.requests.at(-1)?.status, 414);
});

Deno.test("a request head over 64 KiB is refused by Deno.serve itself (empty 400)", async () => {
  await using sandbox = await startSandbox();
  const conn = await Deno.connect({
    hostname: sandbox.hostname,
    port: sandbox.port,
  });
  const target = `/v1/geocode?q=${"b".repeat(64 * 1024)}`;
  await conn.write(
    new TextEncoder().encode(
      `GET ${target} HTTP/1.1\r\nhost: sandbox\r\nconnection: close\r\n\r\n`,
    ),
  );
  let text = "";
  const buffer = new Uint8Array(4096);
  try {
    for (let n; (n = await conn.read(buffer)) !== null;) {
      text += new TextDecoder().decode(buffer.subarray(0, n));
    }
  } catch {
    // The server may reset the connection after answering.
  }
  conn.close();
  // The handler never ran: no entry in the log, no JSON body.
  assert.match(text, /^HTTP\/1\.1 400 /);
  assert.match(text, /content-length: 0\r\n/i);
  assert.equal(sandbox.requests.length, 0);
});

Deno.test("missing apiKey: 401 with the gateway body", async () => {
  await using sandbox = await startSandbox();
  for (
    const path of [
      "/v1/geocode?q=Berlin",
      "/v8/routes",
      "/v3/report",
      "/v8/isolines",
    ]
  ) {
    const res = await call(sandbox, path, { apiKey: null });
    assert.equal(res.status, 401, path);
    assert.deepEqual(res.body, {
      error: "Unauthorized",
      error_description: "No credentials found",
    });
  }
  const post = await call(sandbox, "/v8/matrix", { apiKey: null, json: {} });
  assert.equal(post.status, 401);
});

Deno.test("unknown apiKey: 401 'apiKey invalid'; configured keys all work", async () => {
  await using sandbox = await startSandbox({ apiKeys: ["k1", "k2"] });
  const bad = await call(sandbox, "/v1/geocode?q=Berlin", {
    apiKey: SANDBOX_API_KEY,
  });
  assert.equal(bad.status, 401);
  assert.deepEqual(bad.body, {
    error: "Unauthorized",
    error_description: "apiKey invalid. apiKey not found.",
  });
  for (const key of ["k1", "k2"]) {
    const ok = await call(sandbox, "/v1/lookup?id=here:cm:namedplace:2950159", {
      apiKey: key,
    });
    assert.equal(ok.status, 200, key);
  }
});

Deno.test("an unknown bearer token gets 401", async () => {
  await using sandbox = await startSandbox();
  const res = await call(sandbox, "/v1/geocode?q=Berlin", {
    apiKey: null,
    headers: { authorization: "Bearer not-a-token" },
  });
  assert.equal(res.status, 401);
  assert.equal(res.body.error, "Unauthorized");
  assert.match(res.body.error_description, /invalid token/);
});

Deno.test("unknown paths get 404, wrong methods 405 with Allow", async () => {
  await using sandbox = await startSandbox();
  const missing = await call(sandbox, "/v9/teleport");
  assert.equal(missing.status, 404);
  assert.equal(missing.body.error, "Not Found");
  const wrong = await call(sandbox, "/v8/routes", {
    method: "POST",
    body: "{}",
  });
  assert.equal(wrong.status, 405);
  assert.equal(wrong.headers.get("allow"), "GET");
  assert.equal(wrong.body.code, "E605405");
  const search = await call(sandbox, "/v1/geocode?q=x", { method: "DELETE" });
  assert.equal(search.status, 405);
  assert.equal(search.body.status, 405);
});

Deno.test("fault: 429 with Retry-After for a count, then normal answers", async () => {
  await using sandbox = await startSandbox({
    faults: [{ path: "/timestamp", status: 429, retryAfter: "2", count: 2 }],
  });
  const first = await call(sandbox, "/timestamp");
  assert.equal(first.status, 429);
  assert.equal(first.headers.get("retry-after"), "2");
  assert.deepEqual(first.body, {
    error: "Too Many Requests",
    error_description: "Rate limit for this service has been reached",
  });
  assert.match(first.headers.get("x-correlation-id")!, UUID);
  assert.equal((await call(sandbox, "/timestamp")).status, 429);
  assert.equal((await call(sandbox, "/timestamp")).status, 200);
  assert.deepEqual(
    sandbox.requests.map((r) => [r.status, r.fault]),
    [[429, "status"], [429, "status"], [200, undefined]],
  );
});

Deno.test("fault: 429 without Retry-After and 503, by path prefix and method", async () => {
  await using sandbox = await startSandbox({
    faults: [
      { path: "/v3/*", method: "POST", status: 503, count: 1 },
      { path: "/v1/*", status: 429 },
    ],
  });
  const throttled = await call(sandbox, "/v1/geocode?q=Berlin");
  assert.equal(throttled.status, 429);
  assert.equal(throttled.headers.get("retry-after"), null);
  assert.equal((await call(sandbox, "/v1/lookup?id=x")).status, 429);
  // GET on /v3 is not matched by the POST fault.
  const report = await call(sandbox, "/v3/report");
  assert.equal(report.status, 400);
  const unavailable = await call(sandbox, "/v3/alerts", { json: {} });
  assert.equal(unavailable.status, 503);
  assert.equal(unavailable.body.error, "Service Unavailable");
  const after = await call(sandbox, "/v3/alerts", { json: {} });
  assert.equal(after.status, 400);
});

Deno.test("fault: 'after' lets requests through first; custom body", async () => {
  await using sandbox = await startSandbox({
    faults: [{
      path: "/timestamp",
      status: 500,
      after: 1,
      count: 1,
      body: { custom: true },
    }],
  });
  assert.equal((await call(sandbox, "/timestamp")).status, 200);
  const failed = await call(sandbox, "/timestamp");
  assert.equal(failed.status, 500);
  assert.deepEqual(failed.body, { custom: true });
  assert.equal((await call(sandbox, "/timestamp")).status, 200);
});

Deno.test("fault: latency delays the answer (and close cancels the wait)", async () => {
  const sandbox = await startSandbox({
    faults: [{ path: "/timestamp", latencyMs: 60, count: 1 }, {
      path: "/",
      latencyMs: 60_000,
    }],
  });
  const started = Date.now();
  const res = await call(sandbox, "/timestamp");
  assert.equal(res.status, 200);
  assert.ok(Date.now() - started >= 50);
  assert.equal(sandbox.requests[0].fault, "latency");
  // A pending 60 s latency ends when the sandbox closes.
  const pending = call(sandbox, "/", { apiKey: null });
  while (sandbox.requests.length < 2) {
    await new Promise((r) => setTimeout(r, 5));
  }
  const closing = sandbox.close();
  assert.equal((await pending).status, 200);
  await closing;
});

Deno.test("fault: drop breaks the connection mid-body", async () => {
  await using sandbox = await startSandbox({
    faults: [{ path: "/v1/geocode", drop: true, count: 1 }],
  });
  const res = await fetch(
    `${sandbox.url}/v1/geocode?q=Berlin&apiKey=${SANDBOX_API_KEY}`,
  );
  await assert.rejects(() => res.text());
  assert.equal(sandbox.requests[0].fault, "drop");
  assert.equal(sandbox.requests[0].status, 0);
  const next = await call(sandbox, "/v1/geocode?q=Berlin");
  assert.equal(next.status, 200);
});

Deno.test("core's Client retries through injected 429 and 503 faults", async () => {
  await using sandbox = await startSandbox({
    faults: [
      { path: "/v1/geocode", status: 429, retryAfter: "0", count: 1 },
      { path: "/v1/geocode", status: 503, count: 1 },
    ],
  });
  const client = new Client({
    apiKey: SANDBOX_API_KEY,
    baseUrl: sandbox.url,
    retryBaseDelayMs: 1,
    retryMaxDelayMs: 5,
  });
  const res = await client.requestJson<{ items: { title: string }[] }>({
    service: "geocode",
    path: "/v1/geocode",
    query: new Query().set("q", "Berlin").set("limit", 1),
  });
  assert.equal(res.body.items[0].title, "Berlin, Germany");
  assert.deepEqual(sandbox.requests.map((r) => r.status), [429, 503, 200]);
});

Deno.test("a client with the sandbox's key keeps the sandbox's words: its key is no word to scrub", async () => {
  await using sandbox = await startSandbox();
  const client = new Client({
    apiKey: SANDBOX_API_KEY,
    baseUrl: sandbox.url,
    maxRetries: 0,
  });
  const points = (n: number) =>
    Array.from({ length: n }, (_, i) => ({
      lat: 52.4 + (i % 100) * 0.001,
      lng: 13.3 + Math.floor(i / 100) * 0.001,
    }));
  const err = await client.requestJson({
    service: "matrix",
    method: "POST",
    path: "/v8/matrix",
    query: new Query().set("async", true),
    body: {
      origins: points(1001),
      destinations: points(1000),
      regionDefinition: { type: "autoCircle" },
    },
  }).then(() => undefined, (e) => e);
  assert.ok(err instanceof ApiError, String(err));
  assert.equal(err.status, 400);
  // Before, the key was "sandbox", and the sandbox's text lost that word:
  // "(the REDACTED computes at most 1000000 entries)".
  assert.match(err.message, /\(the sandbox computes at most 1000000 entries\)/);
  assert.ok(!err.message.includes("REDACTED"), err.message);
  // The key itself is still scrubbed wherever the server echoes it.
  assert.equal(client.redact(`key ${SANDBOX_API_KEY}.`), "key REDACTED.");
});

Deno.test("createSandboxHandler answers without a network", async () => {
  const handler = createSandboxHandler({ apiKeys: ["k"] });
  const res = await handler.fetch(
    new Request(
      "http://sandbox.invalid/v1/lookup?id=here:cm:namedplace:2950159&apiKey=k",
    ),
  );
  assert.equal(res.status, 200);
  const body = await res.json();
  assert.equal(body.title, "Berlin, Germany");
  assert.equal(handler.requests.length, 1);
  handler.close();
});

Deno.test("without read permission, startSandbox rejects at once naming --allow-read", async () => {
  const script = new URL("./testdata/start_without_read.ts", import.meta.url);
  const child = new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "--no-prompt",
      "--allow-net=127.0.0.1",
      "--config",
      new URL("../../deno.json", import.meta.url).pathname,
      script.pathname,
    ],
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
    env: { NO_COLOR: "1" },
  }).spawn();
  // Today's failure mode answered 500 after the client's retries; a start
  // that hangs instead must not hang the test run.
  const timer = setTimeout(() => child.kill("SIGKILL"), 30_000);
  const out = await child.output().finally(() => clearTimeout(timer));
  const stdout = new TextDecoder().decode(out.stdout);
  const stderr = new TextDecoder().decode(out.stderr);
  assert.equal(out.signal, null, "the child hung and was killed");
  assert.equal(stdout, "", "the sandbox started and answered a request");
  assert.notEqual(out.code, 0);
  assert.match(
    stderr,
    /The sandbox needs read access to its place data .*: run with --allow-read/,
  );
});
