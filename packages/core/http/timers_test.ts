import assert from "node:assert/strict";
import { cancelExpiry, expireAfter, RateLimiter, sleep } from "./timers.ts";

function fired(ms: number): { promise: Promise<string>; label: string } {
  const label = `${ms} ms`;
  let resolve!: (v: string) => void;
  const promise = new Promise<string>((r) => (resolve = r));
  expireAfter(ms, () => resolve(label));
  return { promise, label };
}

Deno.test("expireAfter: a short expiry added after a long one fires first", async () => {
  const order: string[] = [];
  const long = expireAfter(60_000, () => order.push("long"));
  const short = fired(5);
  assert.equal(await short.promise, "5 ms");
  assert.deepEqual(order, []);
  cancelExpiry(long);
});

Deno.test("expireAfter: expiries fire in deadline order, each once", async () => {
  const order: string[] = [];
  const done = Promise.all(
    [30, 10, 20].map((ms) =>
      new Promise<void>((resolve) =>
        expireAfter(ms, () => {
          order.push(`${ms}`);
          resolve();
        })
      )
    ),
  );
  await done;
  assert.deepEqual(order, ["10", "20", "30"]);
  await new Promise((r) => setTimeout(r, 40));
  assert.deepEqual(order, ["10", "20", "30"]);
});

Deno.test("cancelExpiry: a cancelled expiry never fires", async () => {
  let cancelledFired = false;
  const cancelled = expireAfter(5, () => (cancelledFired = true));
  cancelExpiry(cancelled);
  await fired(20).promise;
  assert.equal(cancelledFired, false);
});

Deno.test("expireAfter: an expiry beyond the largest timer delay is not fired early", async () => {
  let farFired = false;
  const far = expireAfter(2 ** 40, () => (farFired = true));
  await fired(5).promise;
  assert.equal(farFired, false);
  cancelExpiry(far);
});

Deno.test("RateLimiter: late timers never let more than perSecond start in any second", async () => {
  const limiter = new RateLimiter(50);
  const starts: number[] = [];
  const takes = Array.from(
    { length: 100 },
    // As the client does: a turn's request reports when it really starts,
    // which on a busy machine is later than the turn.
    () =>
      limiter.take().then((slot) => {
        const now = performance.now();
        limiter.started(slot);
        starts.push(now);
      }),
  );
  // Hold the event loop: the first slots' timers fire 300 ms late, together.
  const until = performance.now() + 300;
  while (performance.now() < until) { /* busy */ }
  await Promise.all(takes);
  let most = 0;
  for (let lo = 0, hi = 0; hi < starts.length; hi++) {
    while (starts[hi] - starts[lo] >= 1000) lo++;
    most = Math.max(most, hi - lo + 1);
  }
  assert.ok(most <= 50, `${most} starts in one second`);
});

Deno.test("sleep: a delay beyond setTimeout's range does not end at once", async () => {
  const ctl = new AbortController();
  let done = false;
  const slept = sleep(2 ** 40, ctl.signal).then(() => (done = true), () => {});
  await new Promise((r) => setTimeout(r, 20));
  assert.equal(done, false);
  ctl.abort();
  await slept;
});

Deno.test("expireAfter: expiries already due when a late tick runs fire in deadline order", () => {
  // Three expiries set out of order, all due by the time the shared timer
  // gets to run (the event loop is blocked here until they are).
  const order: string[] = [];
  const { promise, resolve } = Promise.withResolvers<void>();
  for (const ms of [3, 1, 2]) {
    expireAfter(ms, () => {
      order.push(`${ms}`);
      if (order.length === 3) resolve();
    });
  }
  const until = performance.now() + 10;
  while (performance.now() < until) {
    // busy: every expiry comes due before the timer can fire
  }
  return promise.then(() => assert.deepEqual(order, ["1", "2", "3"]));
});

Deno.test("expireAfter: an expiry cancelled by one that fired in the same tick does not fire", async () => {
  let second = false;
  const { promise, resolve } = Promise.withResolvers<void>();
  let later: ReturnType<typeof expireAfter> | undefined = undefined;
  expireAfter(1, () => {
    cancelExpiry(later!);
    resolve();
  });
  later = expireAfter(2, () => (second = true));
  const until = performance.now() + 10;
  while (performance.now() < until) {
    // busy: both come due before the timer can fire
  }
  await promise;
  await new Promise((r) => setTimeout(r, 20));
  assert.equal(second, false);
});
