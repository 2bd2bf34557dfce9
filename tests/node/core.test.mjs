// Runs the npm build of @ls/core under Node's own test runner against a
// loopback node:http server: the transport, retries and errors work on Node.
import assert from "node:assert/strict";
import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { ApiError, Client, decodePolyline } from "@ls/core";

async function serve(handler) {
  const server = createServer(handler);
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address();
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((r) => server.close(r)),
  };
}

test("@ls/core on Node: apiKey request, a retried 503, an ApiError", async () => {
  let calls = 0;
  const seen = [];
  const server = await serve((req, res) => {
    seen.push(req.url);
    calls++;
    if (req.url.startsWith("/flaky") && calls === 1) {
      res.writeHead(503, { "content-type": "application/json" });
      return res.end("{}");
    }
    if (req.url.startsWith("/bad")) {
      res.writeHead(400, { "content-type": "application/json" });
      return res.end(
        JSON.stringify({
          title: "Malformed request",
          code: "E605001",
          status: 400,
        }),
      );
    }
    res.writeHead(200, {
      "content-type": "application/json",
      "x-correlation-id": "c-1",
    });
    res.end(JSON.stringify({ ok: true }));
  });
  try {
    const client = new Client({
      apiKey: "node-key",
      baseUrl: server.url,
      retryBaseDelayMs: 1,
    });
    const res = await client.requestJson({
      service: "geocode",
      path: "/flaky",
    });
    assert.deepEqual(res.body, { ok: true });
    assert.equal(res.correlationId, "c-1");
    assert.equal(seen[0], "/flaky?apiKey=node-key");
    assert.equal(calls, 2);
    await assert.rejects(
      client.requestJson({ service: "router", path: "/bad" }),
      (e) =>
        e instanceof ApiError && e.code === "E605001" &&
        !e.url.includes("node-key"),
    );
  } finally {
    await server.close();
  }
});

test("@ls/core on Node: flexible polyline", () => {
  assert.deepEqual(decodePolyline("BFg9tgKgm5xCgxTgxT").polyline, [
    [52.5, 13.4],
    [52.6, 13.5],
  ]);
});

test("@ls/core on Node: no credential given reads HERE_API_KEY, then LS_API_KEY, then ~/.here/credentials.properties", async () => {
  const seen = [];
  const server = await serve((req, res) => {
    seen.push(`${req.method} ${req.url} ${req.headers.authorization ?? ""}`);
    res.writeHead(200, { "content-type": "application/json" });
    res.end(
      JSON.stringify(
        req.url.startsWith("/oauth2/token")
          ? { access_token: "tok-1", expires_in: 3600 }
          : { ok: true },
      ),
    );
  });
  const saved = { ...process.env };
  const home = mkdtempSync(join(tmpdir(), "ls-home-"));
  const warnings = [];
  const warn = console.warn;
  console.warn = (m) => warnings.push(String(m));
  try {
    for (const name of Object.keys(process.env)) {
      if (/^(HERE_|LS_API_KEY$)/.test(name)) delete process.env[name];
    }
    process.env.HOME = home;
    process.env.HERE_API_KEY = "here-key";
    process.env.LS_API_KEY = "ls-key";
    const get = (client) =>
      client.requestJson({ service: "geocode", path: "/g" });
    await get(new Client({ baseUrl: server.url }));
    delete process.env.HERE_API_KEY;
    await get(new Client({ baseUrl: server.url }));
    delete process.env.LS_API_KEY;
    assert.throws(() => new Client({ baseUrl: server.url }), {
      name: "ValueError",
      message: new RegExp(
        `tried HERE_API_KEY \\(not set\\), LS_API_KEY \\(not set\\), .*${
          home.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")
        }/\\.here/credentials\\.properties \\(not found or not readable\\)`,
      ),
    });
    mkdirSync(join(home, ".here"));
    const file = join(home, ".here", "credentials.properties");
    writeFileSync(
      file,
      "here.access.key.id = FILE-ID\nhere.access.key.secret = FILE-SECRET\n",
    );
    chmodSync(file, 0o644);
    await get(new Client({ baseUrl: server.url }));
    assert.deepEqual(seen.slice(0, 2), [
      "GET /g?apiKey=here-key ",
      "GET /g?apiKey=ls-key ",
    ]);
    assert.match(
      seen[2],
      /^POST \/oauth2\/token OAuth .*oauth_consumer_key="FILE-ID"/,
    );
    assert.equal(seen[3], "GET /g Bearer tok-1");
    assert.equal(warnings.length, 1);
    assert.match(warnings[0], /can be read by other users \(mode 644\)/);
  } finally {
    console.warn = warn;
    for (const name of Object.keys(process.env)) delete process.env[name];
    Object.assign(process.env, saved);
    rmSync(home, { recursive: true, force: true });
    await server.close();
  }
});
