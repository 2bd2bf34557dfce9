import assert from "node:assert/strict";
import { describe } from "./describe.ts";

Deno.test("describe shows a short value whole and a long one only by its shape", () => {
  assert.equal(describe("x".repeat(60)), JSON.stringify("x".repeat(60)));
  assert.equal(describe("k".repeat(61)), "a string of 61 characters");
  assert.equal(describe([1, "a"]), '[1,"a"]');
  assert.equal(describe(["a", "b", "c", "d", "e"]), "an array of 5 items");
  const long = "s".repeat(100);
  assert.equal(describe([long]), "an array of 1 item");
  assert.equal(describe([long, long]), "an array of 2 items");
  assert.equal(describe({ key: long }), "an object");
  // No piece of a long value: a client can only scrub a whole credential.
  for (const value of [long, [long], { key: long }, [1, { key: long }]]) {
    assert.ok(!describe(value).includes("ssssssss"), describe(value));
  }
});

Deno.test("describe: a value under a key that names a credential is never shown", () => {
  const text = describe({
    accessKeySecret: "s3cr3t",
    n: { apiKey: "k3y", token: "t0k3n", lat: 1 },
  });
  for (const secret of ["s3cr3t", "k3y", "t0k3n"]) {
    assert.ok(!text.includes(secret), text);
  }
  assert.match(text, /"lat":1/);
});

Deno.test("describe: a circular object holding a long, interned string is described at once", () => {
  const long = "x".repeat(100_000);
  new Set([long]).has(long); // interns it, as a zod enum check does
  const loop: Record<string, unknown> = { name: long };
  loop.self = loop;
  const started = performance.now();
  assert.equal(describe(loop), "object");
  assert.equal(describe([loop]), "object");
  assert.equal(describe({ name: long, n: 1 }), "an object");
  assert.equal(describe([long, 1n]), "object");
  assert.ok(performance.now() - started < 1000);
});

Deno.test("describe: a revoked proxy, a proxy whose traps throw, or a date with its own methods is described without throwing", () => {
  const revoked = Proxy.revocable([], {});
  revoked.revoke();
  assert.equal(describe(revoked.proxy), "object");
  const trap = () => {
    throw new Error("trap");
  };
  assert.equal(describe(new Proxy({}, { getPrototypeOf: trap })), "object");
  assert.equal(describe(new Proxy([1], { get: trap })), "object");
  const date = new Date(0);
  Object.assign(date, {
    getTime: () => "x",
    toISOString: () => "x".repeat(100_000),
  });
  assert.equal(describe(date), "1970-01-01T00:00:00.000Z");
  Object.assign(date, { toISOString: trap });
  assert.equal(describe(date), "1970-01-01T00:00:00.000Z");
});

Deno.test("describe: a typed array of millions of items is described at once", () => {
  const started = performance.now();
  assert.equal(describe(new Uint8Array(20_000_000)), "an object");
  assert.equal(describe([new Uint8Array(20_000_000)]), "an array of 1 item");
  assert.equal(describe({ a: new Float64Array(20_000_000) }), "an object");
  assert.ok(performance.now() - started < 1000);
  // A short one is shown as before.
  assert.equal(describe(new Uint8Array(2)), '{"0":0,"1":0}');
  assert.equal(describe(new Uint8Array(17)), "an object");
});
