import assert from "node:assert/strict";
import { fits, LIMITS, planTiles, tileCount } from "./_tiling.ts";

Deno.test("tiling: fits checks every allowed shape", () => {
  assert.ok(fits(15, 100, LIMITS.flexible.sync));
  assert.ok(fits(100, 1, LIMITS.flexible.sync));
  assert.ok(!fits(16, 2, LIMITS.flexible.sync));
  assert.ok(fits(1, 2000, LIMITS.profile.sync));
  assert.ok(!fits(2, 2000, LIMITS.profile.sync));
  assert.ok(fits(10_000, 10_000, LIMITS.region.async));
});

Deno.test("tiling: tiles cover every entry exactly once, within the shape", () => {
  for (const [n, m] of [[40, 250], [700, 700], [1, 1], [15, 100], [301, 7]]) {
    for (const shapes of [LIMITS.flexible.sync, LIMITS.profile.sync]) {
      const tiles = planTiles(n, m, shapes);
      assert.equal(tiles.length, tileCount(n, m, shapes));
      const seen = new Uint8Array(n * m);
      for (const t of tiles) {
        assert.ok(fits(t.o1 - t.o0, t.d1 - t.d0, shapes));
        for (let i = t.o0; i < t.o1; i++) {
          for (let j = t.d0; j < t.d1; j++) seen[i * m + j]++;
        }
      }
      assert.ok(seen.every((c) => c === 1), `${n} × ${m}`);
    }
  }
});

Deno.test("tiling: the shape with the fewest calls wins", () => {
  assert.equal(tileCount(40, 250, LIMITS.flexible.sync), 9);
  assert.equal(tileCount(300, 1, LIMITS.flexible.sync), 3); // 100 × 1
  assert.equal(tileCount(1, 5000, LIMITS.profile.sync), 3); // 1 × 2000
  assert.equal(tileCount(2000, 2000, LIMITS.region.sync), 16);
  assert.deepEqual(planTiles(20, 1, LIMITS.flexible.sync), [
    { o0: 0, o1: 20, d0: 0, d1: 1 },
  ]);
});
