import assert from "node:assert/strict";
import { wrapObjects } from "./wrap_objects.ts";

Deno.test("wrapObjects() wraps the object entries with their index in the list", () => {
  const seen: [unknown, number][] = [];
  const out = wrapObjects(
    [{ a: 1 }, "x", [2], null, undefined, 3, { b: 2 }],
    (entry: object, index) => {
      seen.push([entry, index]);
      return index;
    },
  );
  assert.deepEqual(out, [0, 2, 6]);
  assert.deepEqual(seen, [[{ a: 1 }, 0], [[2], 2], [{ b: 2 }, 6]]);
});

Deno.test("wrapObjects() gives [] for anything but an array", () => {
  for (const list of [undefined, null, {}, "abc", 5]) {
    assert.deepEqual(wrapObjects(list, (o: object) => o), []);
  }
});
