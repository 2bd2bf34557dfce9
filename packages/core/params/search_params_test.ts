import assert from "node:assert/strict";
import { assertValueError } from "../testing.ts";
import {
  langValue,
  limitValue,
  nameListValue,
  politicalViewValue,
} from "./search_params.ts";

Deno.test("nameListValue keeps known and unknown names in order; undefined and [] pass", () => {
  assert.deepEqual(nameListValue(["tz", "streetInfo"], "show"), [
    "tz",
    "streetInfo",
  ]);
  // A name HERE adds later is sent as given.
  assert.deepEqual(nameListValue(["futureBlock"], "show"), ["futureBlock"]);
  assert.deepEqual(nameListValue([], "types"), []);
  assert.equal(nameListValue(undefined, "types"), undefined);
});

Deno.test("nameListValue refuses what would break the comma list", () => {
  const cases: [unknown, string][] = [
    ["tz", "show"],
    [null, "show"],
    [["tz", ""], "show[1]"],
    [["tz,fuel"], "show[0]"],
    [["tz fuel"], "show[0]"],
    [[" tz"], "show[0]"],
    [[7], "show[0]"],
  ];
  for (const [value, parameter] of cases) {
    assertValueError(() => nameListValue(value, "show"), parameter);
  }
  assertValueError(
    () => nameListValue(["city", "house number"], "types"),
    "types[1]",
    'Invalid types[1]: must be a non-empty string without commas or spaces, got "house number"',
  );
});

Deno.test("politicalViewValue takes three upper-case letters only", () => {
  assert.equal(politicalViewValue("RUS"), "RUS");
  assert.equal(politicalViewValue(undefined), undefined);
  for (const bad of ["rus", "RU", "RUSS", "R S", ["RUS"], 643, null, ""]) {
    assertValueError(() => politicalViewValue(bad), "politicalView");
  }
  assertValueError(
    () => politicalViewValue("srb"),
    "politicalView",
    'Invalid politicalView: must be an upper-case ISO 3166-1 alpha-3 code such as RUS, got "srb"',
  );
});

Deno.test("nameListValue: a list too long for any URL is refused before it is walked", () => {
  assert.throws(() => nameListValue(new Array(6e7), "show"), {
    parameter: "show",
    message:
      "Invalid show: must have at most 32767 names (no URL could hold more)",
  });
});

Deno.test("limitValue takes an integer from 1 to the maximum; undefined passes", () => {
  assert.equal(limitValue(1), 1);
  assert.equal(limitValue(100), 100);
  assert.equal(limitValue(undefined), undefined);
  assert.equal(limitValue(10, "termsLimit", 10), 10);
  for (const bad of [0, 101, 1.5, "5", null, NaN]) {
    assertValueError(() => limitValue(bad), "limit");
  }
  assertValueError(
    () => limitValue(11, "termsLimit", 10),
    "termsLimit",
    "Invalid termsLimit: must be an integer from 1 to 10, got 11",
  );
});

Deno.test("langValue takes one tag or a non-empty list; undefined passes", () => {
  assert.deepEqual(langValue("en-US"), ["en-US"]);
  assert.deepEqual(langValue(["en", "de"]), ["en", "de"]);
  assert.equal(langValue(undefined), undefined);
  assertValueError(() => langValue([]), "lang");
  assertValueError(() => langValue(["en", "e n"]), "lang[1]");
});
