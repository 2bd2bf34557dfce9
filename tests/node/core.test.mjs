// Runs the npm build of @ls/core under Node's own test runner against a
// loopback node:http server: the transport, retries and errors work on Node.
import assert from "node:assert/strict";
import { createServer } from "node:http";
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
