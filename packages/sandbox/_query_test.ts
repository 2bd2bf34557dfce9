import assert from "node:assert/strict";
import { Params, structured } from "./_query.ts";

Deno.test("Params keeps raw values, decodes keys and values, and finds repeats", () => {
  const p = new Params(
    "?via=1,2!passThrough=true&via=3,4&avoid%5Bfeatures%5D=tollRoad&q=caf%C3%A9+bar&flag",
  );
  assert.deepEqual(p.all("via").map((e) => e.raw), [
    "1,2!passThrough=true",
    "3,4",
  ]);
  assert.equal(p.get("avoid[features]"), "tollRoad");
  assert.equal(p.get("q"), "café bar");
  assert.equal(p.get("flag"), "");
  assert.deepEqual(p.repeated(), ["via"]);
  assert.deepEqual(p.repeated(["via"]), []);
  assert.deepEqual(p.unknown(new Set(["via", "q"])), [
    "avoid[features]",
    "flag",
  ]);
});

Deno.test("Params reports malformed percent-encoding instead of throwing", () => {
  const p = new Params("q=%E0%A4%A&limit=5");
  assert.deepEqual(p.malformed, ["q"]);
  assert.equal(p.get("limit"), "5");
});

Deno.test("structured splits on literal delimiters, or on decoded ones for fully encoded values", () => {
  const literal = structured("52.5,13.4;nameHint=Main%20St%3B%20Gate");
  assert.equal(literal.text, "52.5,13.4;nameHint=Main%20St%3B%20Gate");
  assert.equal(literal.decodePiece("Main%20St%3B%20Gate"), "Main St; Gate");
  const encoded = structured("52.5%2C13.4%3Bcourse%3D270");
  assert.equal(encoded.text, "52.5,13.4;course=270");
  assert.equal(encoded.decodePiece("270"), "270");
});
