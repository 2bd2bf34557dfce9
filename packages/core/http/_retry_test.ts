import assert from "node:assert/strict";
import { backoffDelay, parseRetryAfter } from "./_retry.ts";

Deno.test("parseRetryAfter reads seconds and HTTP dates", () => {
  assert.equal(parseRetryAfter("2"), 2000);
  assert.equal(parseRetryAfter(" 0 "), 0);
  assert.equal(parseRetryAfter("1.5"), 1500);
  const now = Date.parse("Wed, 21 Oct 2015 07:27:58 GMT");
  assert.equal(parseRetryAfter("Wed, 21 Oct 2015 07:28:00 GMT", now), 2000);
  assert.equal(parseRetryAfter("Wed, 21 Oct 2015 07:27:00 GMT", now), 0);
  assert.equal(parseRetryAfter(null), undefined);
  assert.equal(parseRetryAfter("soon"), undefined);
  assert.equal(parseRetryAfter("-3"), undefined);
});

Deno.test("backoffDelay grows exponentially with full jitter and a cap", () => {
  const opts = { baseDelayMs: 500, maxDelayMs: 3000 };
  assert.equal(backoffDelay(0, { ...opts, random: () => 0.999999 }), 499);
  assert.equal(backoffDelay(2, { ...opts, random: () => 0.5 }), 1000);
  assert.equal(backoffDelay(10, { ...opts, random: () => 0.5 }), 1500);
  assert.equal(backoffDelay(3, { ...opts, random: () => 0 }), 0);
});
