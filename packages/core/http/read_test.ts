import assert from "node:assert/strict";
import {
  bodyChunks,
  BodyNotJson,
  BodyTooLarge,
  MAX_JSON_DEPTH,
  parseJsonText,
  readBytes,
  readText,
} from "./read.ts";

function stream(parts: string[], then?: "stall" | "endless"): Response {
  const enc = new TextEncoder();
  let i = 0;
  return new Response(
    new ReadableStream<Uint8Array>({
      pull(c) {
        if (i < parts.length) return c.enqueue(enc.encode(parts[i++]));
        if (then === "endless") return c.enqueue(new Uint8Array(4096));
        if (then === "stall") return new Promise(() => {});
        c.close();
      },
    }),
  );
}

Deno.test("parseJsonText: nesting deeper than the limit is refused, at the limit accepted", () => {
  const deep = (n: number) => "[".repeat(n) + "]".repeat(n);
  assert.deepEqual(parseJsonText(deep(3)), [[[]]]);
  parseJsonText(deep(MAX_JSON_DEPTH));
  assert.throws(() => parseJsonText(deep(MAX_JSON_DEPTH + 1)), BodyNotJson);
  // Brackets inside strings do not count.
  const text = JSON.stringify({ s: "[".repeat(10_000) });
  assert.equal((parseJsonText(text) as { s: string }).s.length, 10_000);
});

Deno.test("parseJsonText: the error never quotes the text", () => {
  assert.throws(
    () => parseJsonText('{"secret-fragment": tru'),
    (e: unknown) =>
      e instanceof BodyNotJson && !e.message.includes("secret-fragment"),
  );
});

Deno.test("readBytes: an endless body stops at the cap with BodyTooLarge", async () => {
  await assert.rejects(
    readBytes(stream(["{"], "endless"), { maxBytes: 100_000 }),
    (e) => e instanceof BodyTooLarge && e.limit === 100_000,
  );
});

Deno.test("readText: a body exactly at the cap is read; one byte more is refused", async () => {
  assert.equal(
    await readText(stream(["ab", "cd"]), { maxBytes: 4 }),
    "abcd",
  );
  await assert.rejects(
    readText(stream(["ab", "cde"]), { maxBytes: 4 }),
    BodyTooLarge,
  );
});

Deno.test("bodyChunks: an abort ends a stalled read with the signal's reason", async () => {
  const ctl = new AbortController();
  const chunks = bodyChunks(stream(["{"], "stall"), {
    signal: ctl.signal,
    maxBytes: 1000,
  });
  assert.equal((await chunks.read())?.length, 1);
  const reason = new Error("stop");
  setTimeout(() => ctl.abort(reason), 10);
  await assert.rejects(chunks.read(), (e) => e === reason);
  await chunks.cancel();
});
