import assert from "node:assert/strict";
import { encodeContent, Query } from "./query.ts";
import { assertValueError } from "../testing.ts";

Deno.test("encodeContent is strict RFC 3986 with %20 for spaces", () => {
  assert.equal(encodeContent("café & bar"), "caf%C3%A9%20%26%20bar");
  assert.equal(
    encodeContent("a!b'c(d)e*f~g-h.i_j"),
    "a%21b%27c%28d%29e%2Af~g-h.i_j",
  );
  assert.equal(
    encodeContent("2024-05-01T08:30:00+02:00"),
    "2024-05-01T08%3A30%3A00%2B02%3A00",
  );
  assert.equal(encodeContent("Main St; Gate 2"), "Main%20St%3B%20Gate%202");
});

Deno.test("encodeContent encodes every code unit as encodeURIComponent does, sub-delimiters included", () => {
  // The definition, which encodeContent must match character for character.
  const strict = (text: string) =>
    encodeURIComponent(text).replace(
      /[!'()*]/g,
      (c) => "%" + c.charCodeAt(0).toString(16).toUpperCase(),
    );
  const outcome = (encode: (text: string) => string, text: string) => {
    try {
      return encode(text);
    } catch (err) {
      return (err as Error).name;
    }
  };
  for (let c = 0; c <= 0xffff; c++) {
    const unit = String.fromCharCode(c);
    for (const text of [unit, `a${unit}`, `${unit}z`, `a b${unit}c%`]) {
      const want = outcome(strict, text);
      if (outcome(encodeContent, text) !== want) {
        assert.fail(`${JSON.stringify(text)}: want ${want}`);
      }
    }
  }
  assert.equal(encodeContent("😀 ok"), "%F0%9F%98%80%20ok");
  assert.equal(encodeContent(""), "");
  // An unpaired surrogate after ASCII is still refused.
  assert.throws(() => encodeContent("abc \uD800"), URIError);
});

Deno.test("Query keeps order, encodes keys' brackets, joins lists, skips empties", () => {
  const q = new Query()
    .set("q", "coffee shop")
    .set("limit", 5)
    .set("flag", false)
    .set("missing", undefined)
    .set("empty", [])
    .set("avoid[features]", ["tollRoad", "ferry"])
    .setStructured("in", "circle:52.5,13.4;r=1000")
    .append("via", "1,2")
    .append("via", "3,4");
  assert.equal(
    q.toString(),
    "q=coffee%20shop&limit=5&flag=false&avoid%5Bfeatures%5D=tollRoad,ferry&in=circle:52.5,13.4;r=1000&via=1,2&via=3,4",
  );
  assert.ok(q.has("q"));
  assert.ok(!q.has("missing"));
});

Deno.test("Query.set refuses a list with a hole or a non-string, naming the item", () => {
  // deno-lint-ignore no-sparse-arrays
  const sparse = ["de", , "en"] as string[];
  assertValueError(
    () => new Query().set("lang", sparse),
    "lang[1]",
    "Invalid lang[1]: must be a string, not undefined",
  );
  assertValueError(
    () => new Query().set("show", ["tz", null as unknown as string]),
    "show[1]",
    "Invalid show[1]: must be a string, not null",
  );
  assert.equal(
    new Query().set("types", ["a b", "c"]).toString(),
    "types=a%20b,c",
  );
});

Deno.test("Query refuses to repeat a key", () => {
  const q = new Query().set("in", "x");
  assert.throws(() => q.setStructured("in", "y"), /set twice/);
});

Deno.test("Query.set() gives a ValueError naming the key for text with an unpaired surrogate", () => {
  assertValueError(() => new Query().set("q", "Berlin \uD800"), "q");
  assertValueError(
    () => new Query().set("products", ["a", "\uDC00"]),
    "products[1]",
  );
  assert.equal(new Query().set("q", "😀").toString(), "q=%F0%9F%98%80");
});

Deno.test("Query.set() names the first bad item of a list, even when a later one has an unpaired surrogate", () => {
  assertValueError(
    () => new Query().set("show", [1 as unknown as string, "\uD800"]),
    "show[0]",
    "Invalid show[0]: must be a string, not number",
  );
});

Deno.test("Query: a key or a value with an unpaired surrogate is a ValueError, never a URIError", () => {
  for (
    const call of [
      () => new Query().set("q\uD800", "Berlin"),
      () => new Query().setStructured("q\uD800", "Berlin"),
      () => new Query().append("via\uDC00", "1,2"),
    ]
  ) {
    assertValueError(call, "key");
  }
  // Text the types do not allow, from JavaScript: an object whose text
  // has an unpaired surrogate.
  assertValueError(
    () => new Query().set("q", { toString: () => "\uD800" } as never),
    "q",
  );
});

Deno.test("Query: a refused key is not recorded as set", () => {
  const q = new Query();
  assertValueError(() => q.set("q\uD800", "Berlin"), "key");
  assert.equal(q.has("q\uD800"), false);
  assert.equal(q.toString(), "");
});
