import assert from "node:assert/strict";
import { assertValueError } from "../testing.ts";
import {
  checkJson,
  checkKeys,
  checkParams,
  checkWellFormed,
  fieldText,
  isRecord,
  nonBlankString,
} from "./check_params.ts";

Deno.test("checkWellFormed() names the path of a string with an unpaired surrogate", () => {
  checkWellFormed({ a: ["😀", "e\u0301"], b: 1 }, "p");
  const loop: Record<string, unknown> = { ok: "x" };
  loop.self = loop;
  checkWellFormed(loop, "p");
  assertValueError(
    () => checkWellFormed({ a: [{ b: "x\uD800" }] }, "p"),
    "p.a[0].b",
    'Invalid p.a[0].b: must be well-formed Unicode text (it has an unpaired surrogate), got "x\\ud800"',
  );
  assertValueError(() => checkWellFormed("\uDFFF\uD800", "q"), "q");
  assertValueError(() => checkParams({ query: "\uD800" }), "query");
});

Deno.test("checkParams() and checkWellFormed() find unpaired surrogates where String has no isWellFormed", () => {
  // Older engines lack String.prototype.isWellFormed: the check falls back
  // to a regular expression and must find the same texts.
  const own = Object.getOwnPropertyDescriptor(String.prototype, "isWellFormed");
  delete (String.prototype as { isWellFormed?: unknown }).isWellFormed;
  try {
    checkParams({ query: "Café 😀", limit: 5 });
    assertValueError(() => checkParams({ query: "a\uDC00" }), "query");
    assertValueError(() => checkWellFormed(["ok", "\uD83D"], "q"), "q[1]");
  } finally {
    if (own) Object.defineProperty(String.prototype, "isWellFormed", own);
  }
  assert.equal(typeof "".isWellFormed, "function");
});

Deno.test("checkJson() names the path of a BigInt or a cycle", () => {
  checkJson({ a: [1, "x", null, new Date(0)], shared: [1] }, "p");
  assertValueError(
    () => checkJson({ a: [{ b: 10n }] }, "fleet"),
    "fleet.a[0].b",
    "Invalid fleet.a[0].b: must not be a BigInt (JSON has none), got 10",
  );
  const loop: Record<string, unknown> = { name: "loop" };
  loop.self = loop;
  assertValueError(() => checkJson({ x: loop }, "plan"), "plan.x.self");
  const shared = { n: 1 };
  checkJson({ a: shared, b: [shared] }, "p"); // repeated, not a cycle
});

Deno.test("checkParams(), checkWellFormed() and checkJson(): nesting too deep is a ValueError, not a stack overflow", () => {
  const nest = (levels: number): unknown => {
    let value: unknown = [0, 0.2];
    for (let i = 1; i < levels; i++) value = [value];
    return value;
  };
  // As deep as a JSON answer may be passes.
  checkParams({ ev: { table: nest(510) } });
  checkJson(nest(512), "body");
  const rule =
    "must not nest arrays and objects deeper than 512 levels, as no parameter does";
  assertValueError(
    () => checkParams({ ev: { freeFlowSpeedTable: [nest(200_000)] } }),
    "ev",
    `Invalid ev: ${rule}`,
  );
  assertValueError(
    () => checkWellFormed(nest(513), "via"),
    "via",
    `Invalid via: ${rule}`,
  );
  assertValueError(
    () => checkJson({ fleet: nest(200_000) }, "problem"),
    "problem",
    `Invalid problem: ${rule}`,
  );
});

Deno.test("checkParams(): an exception of the caller's own getter passes through unchanged", () => {
  // Reading a parameter runs the caller's code; what it throws is the
  // caller's to see, with its own stack, not a ValueError about a value
  // that was never there.
  const boom = new TypeError("boom");
  const params = {
    query: "x",
    get limit(): number {
      throw boom;
    },
  };
  assert.throws(() => checkParams(params), (e) => e === boom);
  const proxy = new Proxy({ query: "x" }, {
    get() {
      throw boom;
    },
  });
  assert.throws(() => checkParams(proxy), (e) => e === boom);
});

Deno.test("checkParams() accepts objects only", () => {
  checkParams({});
  checkParams({ query: "x" });
  for (const bad of [null, undefined, [], "q", 1]) {
    assertValueError(
      () => checkParams(bad),
      "params",
      `Invalid params: must be an object, got ${
        bad === undefined ? "undefined" : JSON.stringify(bad)
      }`,
    );
  }
});

Deno.test("nonBlankString() returns the text as given, rejects blank text", () => {
  assert.equal(nonBlankString("  Berlin ", "query"), "  Berlin ");
  for (const bad of ["", " \t\n", "\u00a0\ufeff", 5, null]) {
    assertValueError(
      () => nonBlankString(bad, "query"),
      "query",
    );
  }
  assert.throws(() => nonBlankString(" ", "name"), {
    message:
      'Invalid name: must be a non-empty string that is not only whitespace, got " "',
  });
});

Deno.test("checkKeys() names an unknown key, suggests the nearest, never quotes the value", () => {
  const known = ["query", "limit", "lang"];
  checkKeys({ query: "x", limit: 1 }, known);
  assert.throws(
    () => checkKeys({ limt: "SECRET" }, known, { operation: "geocode" }),
    {
      message:
        'Invalid limt: is not a parameter of geocode; did you mean "limit"?',
    },
  );
  assert.throws(() => checkKeys({ zzz: 1 }, known), {
    message: "Invalid zzz: is not a known parameter",
  });
  assert.throws(
    () =>
      checkKeys({ truck: {} }, known, {
        operation: "carRoute",
        elsewhere: { truck: "truckRoute" },
      }),
    {
      message:
        "Invalid truck: is not a parameter of carRoute; it belongs to truckRoute",
    },
  );
  // A name no parameter could have is not printed: it may be a key.
  const key = "K3yS3cr3tAbCdEfGhIjKlMnOpQrStUvWxYz0123456_";
  for (const odd of [key, "k".repeat(500), "a\nb\uD800", "x\u202Etimil", ""]) {
    const err = assertValueError(
      () => checkKeys({ [odd]: 1 }, known),
      "params",
    );
    assert.match(
      err.message,
      /^Invalid params: has a key of \d+ characters that is not a known parameter \(not shown/,
    );
    assert.ok(!err.message.includes("K3yS3c"), err.message);
  }
});

Deno.test("checkKeys() points a HERE wire name to the name the operation models it under", () => {
  const known = ["query", "qualifiedQuery", "limit"];
  const wireNames = { q: "query", qq: "qualifiedQuery" };
  assert.throws(
    () =>
      checkKeys({ qq: "city=Berlin" }, known, {
        operation: "geocode",
        wireNames,
      }),
    {
      parameter: "qq",
      message:
        'Invalid qq: is not a parameter of geocode; did you mean "qualifiedQuery"? (our name for qq)',
    },
  );
  // A wire name that is also near a known key still gets the wire hint.
  assert.throws(
    () => checkKeys({ q: "Berlin" }, known, { wireNames }),
    {
      message:
        'Invalid q: is not a known parameter; did you mean "query"? (our name for q)',
    },
  );
  // Inherited names are not wire names.
  assert.throws(
    () => checkKeys({ toString: 1 }, known, { wireNames }),
    { message: "Invalid toString: is not a known parameter" },
  );
});

Deno.test("isRecord() and fieldText() read HERE bodies", () => {
  assert.equal(isRecord({}), true);
  assert.equal(isRecord([]), false);
  assert.equal(fieldText(0), "0");
  assert.equal(fieldText(NaN), undefined);
  assert.equal(fieldText("E605001"), "E605001");
});
