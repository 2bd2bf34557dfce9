import assert from "node:assert/strict";
import { Slicer } from "./_slicer.ts";

Deno.test("due() is false within a slice and true once it is used up", () => {
  const long = new Slicer(undefined, 1e9);
  for (let i = 0; i < 1000; i++) assert.equal(long.due(), false);
  const none = new Slicer(undefined, 0);
  let calls = 0;
  while (!none.due()) calls++;
  // The clock is read on every 32nd call only.
  assert.equal(calls, 31);
});

Deno.test("pause() yields to the event loop: a timer set before it runs first", async () => {
  const slicer = new Slicer();
  let ran = false;
  setTimeout(() => ran = true, 0);
  await slicer.pause();
  assert.ok(ran);
});

Deno.test("pause() rejects with the abort reason; due() does not look at the signal", async () => {
  const controller = new AbortController();
  const slicer = new Slicer(controller.signal, 1e9);
  controller.abort(new Error("closing"));
  assert.equal(slicer.due(), false);
  await assert.rejects(() => slicer.pause(), /closing/);
});

Deno.test("busyMs() leaves out the time spent paused", async () => {
  const slicer = new Slicer();
  const start = performance.now();
  await slicer.pause();
  await new Promise((resolve) => setTimeout(resolve, 0));
  const wall = performance.now() - start;
  assert.ok(slicer.busyMs() <= wall);
});
