import assert from "node:assert/strict";
import { namedValues, type OpenValue } from "./named_values.ts";

Deno.test("namedValues() maps each name to itself, in order", () => {
  const Colour = namedValues(["red", "green", "blue"]);
  assert.deepEqual(Object.entries(Colour), [
    ["red", "red"],
    ["green", "green"],
    ["blue", "blue"],
  ]);
  const known: OpenValue<typeof Colour> = Colour.green;
  const other: OpenValue<typeof Colour> = "ultraviolet";
  assert.deepEqual([known, other], ["green", "ultraviolet"]);
  assert.deepEqual(namedValues([]), {});
});

Deno.test("namedValues() objects are plain, like object literals", () => {
  const Units = namedValues(["metric", "imperial"]);
  assert.equal(Object.getPrototypeOf(Units), Object.prototype);
  assert.ok(!Object.isFrozen(Units));
  assert.equal(
    JSON.stringify(Units),
    '{"metric":"metric","imperial":"imperial"}',
  );
});
