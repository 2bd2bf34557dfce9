import assert from "node:assert/strict";
import { assertValueError } from "../testing.ts";
import * as z from "zod/mini";
import { ValueError } from "../errors/errors.ts";
import {
  finiteNumber,
  fixedArray,
  integer,
  minLength,
  nonEmptyString,
  nonNegativeInteger,
  numberInRange,
  parseWith,
  positiveInteger,
  stringMatching,
} from "./validate.ts";

const expectValueError = assertValueError;

Deno.test("parseWith() returns the parsed value", () => {
  const schema = z.object({
    a: z.optional(finiteNumber()),
    b: z.array(nonEmptyString()),
  });
  assert.deepEqual(parseWith(schema, { a: 1, b: ["x"] }, "p"), {
    a: 1,
    b: ["x"],
  });
  assert.equal(
    parseWith(z.optional(finiteNumber()), undefined, "p"),
    undefined,
  );
});

Deno.test("parseWith() names the parameter by the issue path", () => {
  const schema = z.object({
    truck: z.object({ height: nonNegativeInteger() }),
  });
  expectValueError(
    () => parseWith(schema, { truck: { height: 3.5 } }, "params"),
    "params.truck.height",
    "Invalid params.truck.height: must be a non-negative integer, got 3.5",
  );
  const list = z.object({ via: z.array(z.object({ lat: finiteNumber() })) });
  expectValueError(
    () => parseWith(list, { via: [{ lat: 1 }, { lat: NaN }] }, "route"),
    "route.via[1].lat",
    "Invalid route.via[1].lat: must be a finite number, got NaN",
  );
  expectValueError(() => parseWith(finiteNumber(), "1", "speed"), "speed");
});

Deno.test("parseWith() reports the first issue only", () => {
  const schema = z.object({ a: finiteNumber(), b: finiteNumber() });
  expectValueError(() => parseWith(schema, { a: "x", b: "y" }, "p"), "p.a");
});

Deno.test("parseWith() reports an unknown key of a strict object at that key", () => {
  const schema = z.strictObject({ nameHint: z.optional(nonEmptyString()) });
  expectValueError(
    () => parseWith(schema, { namehint: "Main St" }, "originPlaceOptions"),
    "originPlaceOptions.namehint",
    'Invalid originPlaceOptions.namehint: is not a known option, got "Main St"',
  );
});

Deno.test("parseWith() derives readable rules where the schema sets none", () => {
  // [schema, value, expected parameter, expected message]; parsed as "p"
  const cases: [z.ZodMiniType, unknown, string, string][] = [
    [z.string(), 5, "p", "Invalid p: must be a string, got 5"],
    [z.object({}), null, "p", "Invalid p: must be an object, got null"],
    [z.array(z.string()), "x", "p", 'Invalid p: must be an array, got "x"'],
    [z.boolean(), "true", "p", 'Invalid p: must be a boolean, got "true"'],
    [
      z.object({ a: z.string() }),
      {},
      "p.a",
      "Invalid p.a: is required",
    ],
    [
      z.array(z.string()).check(z.minLength(1)),
      [],
      "p",
      "Invalid p: must have at least 1 item, got []",
    ],
    [
      z.array(z.string()).check(z.maxLength(2)),
      ["a", "b", "c"],
      "p",
      'Invalid p: must have at most 2 items, got ["a","b","c"]',
    ],
    [
      z.string().check(z.maxLength(2)),
      "abc",
      "p",
      'Invalid p: must have at most 2 characters, got "abc"',
    ],
    [
      z.number().check(z.gte(5)),
      4,
      "p",
      "Invalid p: must be at least 5, got 4",
    ],
    [z.number().check(z.lte(5)), 6, "p", "Invalid p: must be at most 5, got 6"],
    [
      z.enum(["fast", "short"]),
      "slow",
      "p",
      'Invalid p: must be one of "fast", "short", got "slow"',
    ],
    [
      z.union([z.string(), z.number()]),
      true,
      "p",
      "Invalid p: does not match any accepted form, got true",
    ],
    [
      z.number().check(z.refine((n) => n > 0)),
      -1,
      "p",
      "Invalid p: is invalid, got -1",
    ],
  ];
  for (const [schema, value, parameter, message] of cases) {
    expectValueError(() => parseWith(schema, value, "p"), parameter, message);
  }
});

Deno.test("parseWith() throws a ValueError whose message states the rule", () => {
  try {
    parseWith(positiveInteger(), 0, "limit");
    assert.fail("expected a throw");
  } catch (e) {
    assert.ok(e instanceof ValueError);
    assert.equal(e.name, "ValueError");
    assert.equal(e.message, "Invalid limit: must be a positive integer, got 0");
  }
});

Deno.test("finiteNumber accepts finite numbers only", () => {
  for (const n of [0, -0, 1e-7, -13.4, 1e21, Number.MAX_VALUE]) {
    assert.equal(parseWith(finiteNumber(), n, "n"), n);
  }
  for (const bad of [NaN, Infinity, -Infinity, "1", null, undefined, 1n]) {
    expectValueError(() => parseWith(finiteNumber(), bad, "n"), "n");
  }
  assert.throws(() => parseWith(finiteNumber(), NaN, "n"), {
    message: "Invalid n: must be a finite number, got NaN",
  });
});

Deno.test("numberInRange() is inclusive and names its bounds", () => {
  const schema = numberInRange(-1.5, 2);
  assert.equal(parseWith(schema, -1.5, "x"), -1.5);
  assert.equal(parseWith(schema, 2, "x"), 2);
  expectValueError(
    () => parseWith(schema, 2.0001, "x"),
    "x",
    "Invalid x: must be a number from -1.5 to 2, got 2.0001",
  );
  expectValueError(
    () => parseWith(schema, NaN, "x"),
    "x",
    "Invalid x: must be a number from -1.5 to 2, got NaN",
  );
  const custom = numberInRange(0, 1, "must be a share from 0 to 1");
  expectValueError(
    () => parseWith(custom, "0.5", "share"),
    "share",
    'Invalid share: must be a share from 0 to 1, got "0.5"',
  );
});

Deno.test("integer() rejects fractions, unsafe integers and out-of-range values", () => {
  const course = integer(0, 360);
  assert.equal(parseWith(course, 0, "course"), 0);
  assert.equal(parseWith(course, 360, "course"), 360);
  for (const bad of [-1, 361, 1.5, NaN, Infinity, "90"]) {
    expectValueError(() => parseWith(course, bad, "course"), "course");
  }
  assert.throws(() => parseWith(course, 1.5, "course"), {
    message: "Invalid course: must be an integer from 0 to 360, got 1.5",
  });
  assert.throws(() => parseWith(integer(), 2 ** 53, "n"), {
    message: "Invalid n: must be an integer, got 9007199254740992",
  });
  assert.equal(parseWith(integer(), -5, "n"), -5);
});

Deno.test("integer() words its rule after its bounds", () => {
  const rule = (schema: z.ZodMiniType<number>) => {
    try {
      parseWith(schema, 0.5, "n");
    } catch (e) {
      return (e as ValueError).message;
    }
    return "";
  };
  assert.equal(
    rule(integer(2)),
    "Invalid n: must be an integer of at least 2, got 0.5",
  );
  assert.equal(
    rule(integer(-Infinity, 10)),
    "Invalid n: must be an integer of at most 10, got 0.5",
  );
  assert.equal(
    rule(nonNegativeInteger()),
    "Invalid n: must be a non-negative integer, got 0.5",
  );
  assert.equal(
    rule(positiveInteger()),
    "Invalid n: must be a positive integer, got 0.5",
  );
});

Deno.test("nonNegativeInteger and positiveInteger", () => {
  assert.equal(parseWith(nonNegativeInteger(), 0, "n"), 0);
  expectValueError(() => parseWith(nonNegativeInteger(), -1, "n"), "n");
  assert.equal(parseWith(positiveInteger(), 1, "n"), 1);
  expectValueError(() => parseWith(positiveInteger(), 0, "n"), "n");
});

Deno.test("nonEmptyString rejects empty strings and non-strings", () => {
  assert.equal(parseWith(nonEmptyString(), " ", "s"), " ");
  expectValueError(
    () => parseWith(nonEmptyString(), "", "s"),
    "s",
    'Invalid s: must be a non-empty string, got ""',
  );
  expectValueError(
    () => parseWith(nonEmptyString(), 5, "s"),
    "s",
    "Invalid s: must be a non-empty string, got 5",
  );
});

Deno.test("nonEmptyString and minLength() give a ValueError for any odd `length`, never a TypeError", () => {
  const odd = [
    { length: Object.create(null) },
    { 0: 1, length: Symbol("length") },
    { length: 10n },
  ];
  const list = z.array(z.string(), { error: "must be an array of strings" })
    .check(minLength(1, "must not be empty"));
  for (const value of odd) {
    expectValueError(() => parseWith(nonEmptyString(), value, "s"), "s");
    expectValueError(() => parseWith(list, value, "l"), "l");
  }
  expectValueError(
    () => parseWith(list, [], "l"),
    "l",
    "Invalid l: must not be empty, got []",
  );
  assert.deepEqual(parseWith(list, ["a"], "l"), ["a"]);
});

Deno.test("stringMatching() states its rule for a mismatch and a non-string", () => {
  const code = stringMatching(/^[A-Z]{2}$/, "must be a code such as DE");
  assert.equal(parseWith(code, "DE", "c"), "DE");
  expectValueError(
    () => parseWith(code, "de", "c"),
    "c",
    'Invalid c: must be a code such as DE, got "de"',
  );
  expectValueError(
    () => parseWith(code, 42, "c"),
    "c",
    "Invalid c: must be a code such as DE, got 42",
  );
  expectValueError(
    () => parseWith(z.array(code), ["DE", "FRA"], "list"),
    "list[1]",
    'Invalid list[1]: must be a code such as DE, got "FRA"',
  );
});

Deno.test("fixedArray: a refinement after it never runs on items that failed", () => {
  const pair = fixedArray([finiteNumber(), finiteNumber()], "must be a pair")
    .check(z.refine(([a, b]) => a <= b, { error: "must be ascending" }));
  // A Symbol compared with <= would throw a TypeError inside the refinement.
  for (const bad of [[1, Symbol("s")], [Object.create(null), 2], [1]]) {
    assert.throws(
      () => parseWith(pair, bad, "range"),
      (e: unknown) =>
        e instanceof ValueError && e.parameter.startsWith("range"),
    );
  }
  assert.throws(() => parseWith(pair, [2, 1], "range"), {
    message: "Invalid range: must be ascending, got [2,1]",
  });
  assert.deepEqual(parseWith(pair, [1, 2], "range"), [1, 2]);
});
