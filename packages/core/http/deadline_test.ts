import assert from "node:assert/strict";
import { TimeoutError } from "../errors/errors.ts";
import { Deadline, wholeMs } from "./deadline.ts";

Deno.test("Deadline: without ms, nothing passes and requests get no deadline", () => {
  const none = new Deadline(undefined);
  assert.equal(none.left(), Infinity);
  assert.equal(none.passed(), false);
  assert.equal(none.requestMs("before the request was sent"), undefined);
});

Deno.test("Deadline.requestMs: what is left, in whole milliseconds, at least 1", () => {
  const deadline = new Deadline(1_000.5);
  const ms = deadline.requestMs("before the request was sent")!;
  assert.ok(Number.isInteger(ms) && ms >= 1 && ms <= 1_001, String(ms));
  const tight = new Deadline(0.25);
  assert.ok([1, undefined].includes(catching(() => tight.requestMs(""))));
});

Deno.test("Deadline.requestMs: once passed, its TimeoutError naming the request", () => {
  const passed = new Deadline(0);
  assert.ok(passed.passed());
  assert.throws(
    () =>
      passed.requestMs("before the request was sent", "POST", "https://x/y"),
    (e) =>
      e instanceof TimeoutError && e.url === "https://x/y" &&
      e.message ===
        "Operation exceeded its deadline of 0 ms before the request was sent [POST https://x/y]",
  );
});

Deno.test("Deadline.error: a fractional deadline reads as whole milliseconds, rounded up", () => {
  assert.equal(
    new Deadline(7_993.03).error("while the response was read").message,
    "Operation exceeded its deadline of 7994 ms while the response was read",
  );
  assert.equal(wholeMs(1e-7), 1);
  assert.equal(wholeMs(50), 50);
  assert.equal(wholeMs(undefined), undefined);
});

function catching<T>(f: () => T): T | undefined {
  try {
    return f();
  } catch (e) {
    assert.ok(e instanceof TimeoutError);
    return undefined;
  }
}
