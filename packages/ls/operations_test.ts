import assert from "node:assert/strict";
import { LS, LS_OPERATIONS, type LSBulkOperation } from "./mod.ts";
import type { LSOperation } from "./mod.ts";

/** What each method of `LS` resolves to, as `LS_OPERATIONS` says it. */
type Answers = {
  readonly [K in LSOperation]: Awaited<ReturnType<LS[K]>> extends Response
    ? "raw"
    : "response";
};

Deno.test("LS_OPERATIONS says what each method resolves to", () => {
  // Checked by the compiler: an entry that is not a method of LS, or that
  // says "response" of a method resolving to a raw Response (or the other
  // way round), does not compile.
  const answers: Answers = LS_OPERATIONS;
  assert.equal(answers.autosuggest, "raw");
});

Deno.test("LS_OPERATIONS lists every method of LS that answers once, in class order", () => {
  const notOperations = new Set([
    "constructor",
    "close",
    "bulk",
    // Yield rows or items as they arrive instead of resolving to one response.
    "matrixRows",
    "discoverAll",
    "browseAll",
  ]);
  const methods = Object.getOwnPropertyNames(LS.prototype).filter((name) =>
    !notOperations.has(name)
  );
  assert.deepEqual(Object.keys(LS_OPERATIONS), methods);
});

Deno.test("LSBulkOperation is every operation that resolves to a response object", () => {
  const bulk: LSBulkOperation[] = ["geocode", "solveTourPlanning"];
  // @ts-expect-error: autosuggest resolves to a raw Response
  bulk.push("autosuggest");
  // @ts-expect-error: matrixRows yields rows
  bulk.push("matrixRows");
  assert.equal(bulk.length, 4);
});
