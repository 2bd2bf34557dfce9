import assert from "node:assert/strict";
import {
  apportion,
  fold,
  formatTime,
  fromBase64Url,
  hash32,
  parseTime,
  random,
  toBase64Url,
} from "./_util.ts";

Deno.test("random: deterministic by seed, floats in [0, 1)", () => {
  const a = random(hash32("seed", 1)), b = random(hash32("seed", 1));
  const c = random(hash32("seed", 2));
  const xs = Array.from({ length: 1000 }, () => a());
  assert.deepEqual(xs, Array.from({ length: 1000 }, () => b()));
  assert.notDeepEqual(xs, Array.from({ length: 1000 }, () => c()));
  assert.ok(xs.every((x) => x >= 0 && x < 1));
  // mulberry32's first outputs for seed 42.
  const g = random(42);
  assert.deepEqual([g(), g()], [0.6011037519201636, 0.44829055899754167]);
});

Deno.test("base64url: unpadded, URL-safe, and reversible for any text", () => {
  for (
    const text of ["", "a", "ab", "abc", "Straße 1 ✓", '[1,"x"]', "\u{1F600}?>"]
  ) {
    const encoded = toBase64Url(text);
    assert.match(encoded, /^[A-Za-z0-9_-]*$/);
    assert.equal(fromBase64Url(encoded), text);
  }
  assert.equal(toBase64Url("??>"), "Pz8-");
  assert.equal(fromBase64Url("not base64!"), undefined);
});

Deno.test("fold, times and apportion", () => {
  assert.equal(fold("  Straße, Köln! "), "strasse koln");
  assert.equal(
    formatTime(Date.UTC(2024, 4, 1, 6), 120),
    "2024-05-01T08:00:00+02:00",
  );
  assert.deepEqual(parseTime("2024-05-01T08:00:00+02:00"), {
    ms: Date.UTC(2024, 4, 1, 6),
    offsetMinutes: 120,
  });
  assert.equal(parseTime("2024-05-01T08:00:00"), undefined);
  assert.deepEqual(parseTime("2024-05-01T08:00:00", true), {
    ms: Date.UTC(2024, 4, 1, 8),
  });
  const parts = apportion(100, [1, 1, 1]);
  assert.equal(parts.reduce((s, x) => s + x, 0), 100);
  assert.deepEqual(apportion(10, [0, 0]), [0, 10]);
});
