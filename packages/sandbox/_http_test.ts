import assert from "node:assert/strict";
import { createSandboxHandler, SANDBOX_API_KEY } from "./handler.ts";
import { MAX_BODY_BYTES } from "./_http.ts";
import { startSandbox } from "./sandbox.ts";
import { call } from "./_test_sandbox.ts";

const MATRIX = {
  origins: [{ lat: 52.52, lng: 13.405 }],
  destinations: [{ lat: 52.3906, lng: 13.0645 }],
  regionDefinition: { type: "world" },
};

const TOO_LARGE = {
  error: "Payload Too Large",
  error_description: `The request body is larger than ${MAX_BODY_BYTES} bytes`,
};

/**
 * Sends `head` and then `body` (or, without one, half-closes the
 * connection) over raw TCP, and returns everything the server answers
 * until it closes the connection. Writing stops quietly when the server
 * stops reading.
 */
async function raw(
  url: string,
  head: string,
  body?: AsyncIterable<Uint8Array>,
): Promise<{ status: number; headers: string; body: string }> {
  const { hostname, port } = new URL(url);
  const conn = await Deno.connect({ hostname, port: Number(port) });
  const writing = (async () => {
    try {
      await conn.write(new TextEncoder().encode(head));
      if (!body) return await conn.closeWrite();
      for await (const chunk of body) {
        let at = 0;
        while (at < chunk.length) at += await conn.write(chunk.subarray(at));
      }
    } catch {
      // The server answered and closed the connection mid-body.
    }
  })();
  const chunks: Uint8Array[] = [];
  const buffer = new Uint8Array(64 * 1024);
  try {
    while (true) {
      const n = await conn.read(buffer);
      if (n === null) break;
      chunks.push(buffer.slice(0, n));
    }
  } catch {
    // A reset after the answer arrived.
  }
  conn.close(); // also ends a write the server no longer reads
  await writing;
  const text = new TextDecoder().decode(
    new Uint8Array(chunks.flatMap((c) => [...c])),
  );
  const [headers, ...rest] = text.split("\r\n\r\n");
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(headers)?.[1] ?? 0);
  return { status, headers, body: rest.join("\r\n\r\n") };
}

/** Decodes a chunked HTTP/1.1 response body. */
function unchunk(text: string): string {
  let out = "";
  let rest = text;
  while (rest) {
    const eol = rest.indexOf("\r\n");
    const size = parseInt(rest.slice(0, eol), 16);
    if (!size) break;
    out += rest.slice(eol + 2, eol + 2 + size);
    rest = rest.slice(eol + 4 + size);
  }
  return out;
}

function jsonBody(reply: { headers: string; body: string }): unknown {
  const chunked = /transfer-encoding: chunked/i.test(reply.headers);
  return JSON.parse(chunked ? unchunk(reply.body) : reply.body);
}

Deno.test("a body that never ends is read up to the limit, cancelled, and gets 413", async () => {
  const handler = createSandboxHandler();
  let sent = 0;
  let cancelled = false;
  const chunk = new Uint8Array(64 * 1024).fill(0x20); // JSON whitespace
  // "Endless": the old code read all of it (and then failed to parse it).
  const limit = 8 * MAX_BODY_BYTES;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= limit) return controller.close();
      sent += chunk.length;
      controller.enqueue(chunk);
    },
    cancel() {
      cancelled = true;
    },
  });
  const res = await handler.fetch(
    new Request(`http://sandbox.local/v8/matrix?apiKey=${SANDBOX_API_KEY}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body,
    }),
  );
  assert.equal(res.status, 413);
  assert.deepEqual(await res.json(), TOO_LARGE);
  assert.ok(cancelled);
  // Read at most one chunk past the limit (the stream may pull one ahead).
  assert.ok(sent <= MAX_BODY_BYTES + 2 * chunk.length, `read ${sent} bytes`);
});

Deno.test("a Content-Length over the limit gets 413 before the body is read", async () => {
  await using sandbox = await startSandbox();
  const reply = await raw(
    sandbox.url,
    `POST /v8/matrix?apiKey=${SANDBOX_API_KEY} HTTP/1.1\r\nhost: sandbox\r\nconnection: close\r\n` +
      `content-type: application/json\r\n` +
      `content-length: ${MAX_BODY_BYTES + 1}\r\n\r\n`,
  );
  assert.equal(reply.status, 413);
  assert.deepEqual(jsonBody(reply), TOO_LARGE);
  assert.match(reply.headers, /x-correlation-id: /i);
});

Deno.test("a chunked body past the limit gets 413 over the wire", async () => {
  await using sandbox = await startSandbox();
  const chunk = new Uint8Array(64 * 1024).fill(0x20);
  const frame = new Uint8Array([
    ...new TextEncoder().encode(`${chunk.length.toString(16)}\r\n`),
    ...chunk,
    ...new TextEncoder().encode("\r\n"),
  ]);
  async function* frames() {
    for (let sent = 0; sent <= MAX_BODY_BYTES; sent += chunk.length) {
      yield frame;
    }
    yield new TextEncoder().encode("0\r\n\r\n");
  }
  const reply = await raw(
    sandbox.url,
    `POST /v3/problems?apiKey=${SANDBOX_API_KEY} HTTP/1.1\r\nhost: sandbox\r\nconnection: close\r\n` +
      `content-type: application/json\r\ntransfer-encoding: chunked\r\n\r\n`,
    frames(),
  );
  assert.equal(reply.status, 413, reply.headers + reply.body);
  assert.deepEqual(jsonBody(reply), TOO_LARGE);
});

Deno.test("a body just under the limit is read whole", async () => {
  await using sandbox = await startSandbox();
  const text = JSON.stringify(MATRIX);
  const padded = text + " ".repeat(MAX_BODY_BYTES - text.length);
  const res = await call(sandbox, "/v8/matrix?async=false", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: padded,
  });
  assert.equal(res.status, 200);
  assert.equal(res.body.matrix.numOrigins, 1);
});
