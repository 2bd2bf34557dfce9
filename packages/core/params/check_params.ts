/**
 * The checks every operation runs on its parameters object before any
 * value: an object of well-formed text, no unknown key (with the nearest
 * known one suggested), JSON-safe bodies; and the small readers of HERE
 * bodies that several packages share.
 *
 * @module
 */

import { ValueError } from "../errors/errors.ts";
import { lazy } from "./lazy.ts";

/**
 * Throws a {@linkcode ValueError} for `params` unless it is an object (not
 * `null`, not an array) whose strings are all well-formed Unicode (see
 * {@linkcode checkWellFormed}): the first check of an operation's
 * parameters.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { checkParams } from "@ls/core/internal";
 * checkParams({ query: "Berlin" }); // passes
 * assert.throws(() => checkParams(null), { message: "Invalid params: must be an object, got null" });
 * ```
 *
 * @throws {ValueError} when `params` is not an object, or holds a string
 * with an unpaired surrogate (naming its path)
 */
export function checkParams(params: unknown): void {
  if (typeof params !== "object" || params === null || Array.isArray(params)) {
    throw new ValueError("params", "must be an object", params);
  }
  for (const key of Object.keys(params)) {
    const value = Reflect.get(params, key);
    // Most values are plain strings and numbers: only text needs a look,
    // and only objects need the walk.
    if (
      (typeof value === "object" && value !== null) ||
      (typeof value === "string" && hasLoneSurrogate(value))
    ) {
      checkWellFormed(value, key);
    }
  }
}

/**
 * Whether `value` is a plain JSON object: not `null`, not an array. The
 * question every reader of a HERE body asks before it looks at a field.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isRecord } from "@ls/core/internal";
 * assert.equal(isRecord({ status: "failed" }), true);
 * assert.equal(isRecord([1]), false);
 * assert.equal(isRecord(null), false);
 * ```
 */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * A HERE field as text: a non-empty string as given, a finite number as a
 * string, anything else `undefined`. Error codes arrive as either.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { fieldText } from "./check_params.ts";
 * assert.equal(fieldText(401300), "401300");
 * assert.equal(fieldText(""), undefined);
 * ```
 */
export function fieldText(value: unknown): string | undefined {
  if (typeof value === "string") return value === "" ? undefined : value;
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  return undefined;
}

/** Where {@linkcode checkKeys} says an unknown key belongs instead. */
export interface CheckKeysOptions {
  /** The operation named in the message, e.g. `"geocode"`. */
  operation?: string;
  /** Keys that belong to another operation, mapped to its name. */
  elsewhere?: Readonly<Record<string, string>>;
  /**
   * HERE's wire names that the operation models under another name, mapped
   * to it (`qq` → `qualifiedQuery`), for users who know HERE's names.
   */
  wireNames?: Readonly<Record<string, string>>;
}

/**
 * Throws a {@linkcode ValueError} for the first key of `params` that is not
 * in `known`, naming it and, when one is close (a typo, another case), the
 * known key it most likely meant: a misspelt parameter would otherwise be
 * dropped and the request sent without it.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { checkKeys } from "@ls/core/internal";
 * checkKeys({ query: "Berlin", limit: 5 }, ["query", "limit", "lang"]);
 * assert.throws(
 *   () => checkKeys({ query: "Berlin", limt: 5 }, ["query", "limit", "lang"], { operation: "geocode" }),
 *   { message: 'Invalid limt: is not a parameter of geocode; did you mean "limit"?' },
 * );
 * ```
 *
 * @throws {ValueError} for a key that is not in `known`
 */
export function checkKeys(
  params: object,
  known: readonly string[],
  options: CheckKeysOptions = {},
): void {
  for (const key of Object.keys(params)) {
    if (known.includes(key)) continue;
    const of = options.operation === undefined
      ? "is not a known parameter"
      : `is not a parameter of ${options.operation}`;
    const [owner, wire] = [options.elsewhere, options.wireNames].map((
      names,
    ) => names && Object.hasOwn(names, key) ? names[key] : undefined);
    // The value is never quoted: a key in the wrong place (`apiKey`) would
    // be printed. Nor is a name no parameter could have (too long, or not
    // plain ASCII): it may be a credential, or text a terminal misreads.
    // A name of the operation's own tables is shown, however long.
    if (!owner && !wire && !PLAUSIBLE_NAME.test(key)) {
      throw new ValueError(
        "params",
        `has a key of ${key.length} characters that ${of} (not shown: no parameter name looks like it)`,
      );
    }
    const near = owner || wire ? undefined : closest(key, known);
    throw new ValueError(
      key,
      owner
        ? `${of}; it belongs to ${owner}`
        : wire
        ? `${of}; did you mean ${JSON.stringify(wire)}? (our name for ${key})`
        : near === undefined
        ? of
        : `${of}; did you mean ${JSON.stringify(near)}?`,
    );
  }
}

/** What a parameter name can look like: short, plain ASCII. */
const PLAUSIBLE_NAME = /^[A-Za-z_$][\w$.\[\]-]{0,39}$/;

/**
 * `parent.key` for a key that looks like a parameter name, else `parent`
 * alone: a name no parameter could have (too long, not plain ASCII) may be
 * a credential pasted in the wrong place, or text a terminal misreads, and
 * is not printed.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { keyPath } from "@ls/core/internal";
 * assert.equal(keyPath("query", "billingTag"), "query.billingTag");
 * assert.equal(keyPath("query", "x".repeat(41)), "query");
 * assert.equal(keyPath("query", "evil\n"), "query");
 * ```
 */
export function keyPath(parent: string, key: string): string {
  return PLAUSIBLE_NAME.test(key) ? `${parent}.${key}` : parent;
}

/** The known name nearest to `key` by edit distance, when near enough. */
function closest(key: string, known: readonly string[]): string | undefined {
  const lower = key.toLowerCase().slice(0, 64);
  let best: string | undefined;
  let bestDistance = Math.max(1, Math.min(3, Math.floor(key.length / 3))) + 1;
  for (const name of known) {
    const d = editDistance(lower, name.toLowerCase());
    if (d < bestDistance) [best, bestDistance] = [name, d];
  }
  return best;
}

/**
 * Levenshtein distance, with a swap of two neighbouring letters counted as
 * one edit (`limt`/`limit` is 1, `lmiit`/`limit` is 1).
 */
function editDistance(a: string, b: string): number {
  // rows[i][j]: the distance between a's first i and b's first j letters.
  const rows = [Array.from({ length: b.length + 1 }, (_, j) => j)];
  for (let i = 1; i <= a.length; i++) {
    const row = (rows[i] = [i]);
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min(
        rows[i - 1][j] + 1,
        row[j - 1] + 1,
        rows[i - 1][j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1),
        a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]
          ? rows[i - 2][j - 2] + 1
          : Infinity,
      );
    }
  }
  return rows[a.length][b.length];
}

/**
 * The fallback check, made on first use: a literal with a Unicode property
 * costs more to create at import than all this module's other statements.
 */
const loneSurrogate = /* @__PURE__ */ lazy(() => /\p{Cs}/u);

/**
 * Whether a text has an unpaired surrogate: the platform's own check where
 * it has one (cheaper than a regular expression), the expression elsewhere.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { hasLoneSurrogate } from "./check_params.ts";
 * assert.equal(hasLoneSurrogate("Café 😀"), false);
 * assert.equal(hasLoneSurrogate("a\uD800"), true);
 * ```
 */
export function hasLoneSurrogate(text: string): boolean {
  // Typed by hand: isWellFormed is ES2024, newer than the lib of the npm build.
  const wellFormed = (text as { isWellFormed?: () => boolean }).isWellFormed;
  return typeof wellFormed === "function"
    ? !wellFormed.call(text)
    : loneSurrogate().test(text);
}

/**
 * The deepest nesting of arrays and objects a parameter may have: as deep
 * as a JSON answer may be (`MAX_JSON_DEPTH`), far deeper than any
 * parameter. The walks below recurse, and would otherwise end in the
 * runtime's stack overflow.
 */
const MAX_DEPTH = 512;

function tooDeep(parameter: string): ValueError {
  return new ValueError(
    parameter,
    `must not nest arrays and objects deeper than ${MAX_DEPTH} levels, as no parameter does`,
  );
}

/**
 * Throws a {@linkcode ValueError} naming the path (`parameter`, then `.key`
 * and `[i]`) of the first string in `value`, or in the arrays and objects
 * it holds, that is not well-formed Unicode: an unpaired surrogate, which no
 * URL can carry. {@linkcode checkParams} runs it on every parameter. A
 * value nested deeper than 512 arrays and objects is refused too, naming
 * `parameter`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { checkWellFormed } from "./check_params.ts";
 * checkWellFormed({ nameHint: "Café 😀" }, "originPlaceOptions"); // passes
 * assert.throws(() => checkWellFormed({ nameHint: ["a", "\uD800"] }, "originPlaceOptions"), {
 *   message: 'Invalid originPlaceOptions.nameHint[1]: must be well-formed Unicode text (it has an unpaired surrogate), got "\\ud800"',
 * });
 * ```
 *
 * @throws {ValueError} for a string with an unpaired surrogate, or nesting
 * deeper than 512 levels
 */
export function checkWellFormed(value: unknown, parameter: string): void {
  const seen = new Set<object>();
  const walk = (v: unknown, path: string, depth = 1): void => {
    if (typeof v === "string") {
      if (hasLoneSurrogate(v)) {
        throw new ValueError(
          path,
          "must be well-formed Unicode text (it has an unpaired surrogate)",
          v,
        );
      }
    } else if (typeof v === "object" && v !== null && !seen.has(v)) {
      if (depth > MAX_DEPTH) throw tooDeep(parameter);
      seen.add(v);
      if (Array.isArray(v)) {
        for (let i = 0; i < v.length; i++) {
          walk(v[i], `${path}[${i}]`, depth + 1);
        }
      } else {
        for (const key of Object.keys(v)) {
          walk(Reflect.get(v, key), `${path}.${key}`, depth + 1);
        }
      }
    }
  };
  walk(value, parameter);
}

/**
 * Throws a {@linkcode ValueError} naming the path of the first value in
 * `value` that JSON cannot carry: a `BigInt`, or an object that contains
 * itself. Call it on caller data sent as a JSON body without a schema of
 * its own (loose objects). A value nested deeper than 512 arrays and
 * objects is refused too, naming `parameter`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { checkJson } from "@ls/core/internal";
 * checkJson({ costs: { fixed: 1 } }, "fleet"); // passes
 * assert.throws(() => checkJson({ costs: { fixed: 1n } }, "fleet"), {
 *   message: "Invalid fleet.costs.fixed: must not be a BigInt (JSON has none), got 1",
 * });
 * ```
 *
 * @throws {ValueError} for a BigInt, a cycle, or nesting deeper than 512
 * levels
 */
export function checkJson(value: unknown, parameter: string): void {
  const open = new Set<object>();
  const walk = (v: unknown, path: string, depth = 1): void => {
    if (typeof v === "bigint") {
      throw new ValueError(path, "must not be a BigInt (JSON has none)", v);
    }
    if (
      typeof v !== "object" || v === null ||
      typeof Reflect.get(v, "toJSON") === "function"
    ) return;
    if (open.has(v)) {
      throw new ValueError(
        path,
        "must not contain itself: a cycle cannot be sent as JSON",
      );
    }
    if (depth > MAX_DEPTH) throw tooDeep(parameter);
    open.add(v);
    const array = Array.isArray(v);
    for (const key of Object.keys(v)) {
      walk(
        Reflect.get(v, key),
        array ? `${path}[${key}]` : `${path}.${key}`,
        depth + 1,
      );
    }
    open.delete(v);
  };
  walk(value, parameter);
}

/**
 * The checks an operation starts with: {@linkcode checkParams}, then
 * {@linkcode checkKeys} against its `keys`, naming the `operation` and
 * taking its `wireNames`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { checkOperation } from "@ls/core/internal";
 * checkOperation({ query: "x" }, "lookup", ["query"], { q: "query" });
 * assert.throws(() => checkOperation({ q: "x" }, "lookup", ["query"], { q: "query" }), {
 *   message: 'Invalid q: is not a parameter of lookup; did you mean "query"? (our name for q)',
 * });
 * ```
 *
 * @throws {ValueError} for params that are not a well-formed object, or a
 * key that is not one of `keys`
 */
export function checkOperation(
  params: object,
  operation: string,
  keys: readonly string[],
  wireNames?: Readonly<Record<string, string>>,
): void {
  checkParams(params);
  checkKeys(params, keys, { operation, wireNames });
}

/**
 * Free text: a string with at least one character that is not whitespace,
 * returned as given.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { nonBlankString } from "@ls/core/internal";
 * assert.equal(nonBlankString("Invalidenstr 116", "query"), "Invalidenstr 116");
 * assert.throws(() => nonBlankString("  ", "query"), {
 *   message: 'Invalid query: must be a non-empty string that is not only whitespace, got "  "',
 * });
 * ```
 *
 * @throws {ValueError} when `value` is not a string or only whitespace
 */
export function nonBlankString(value: unknown, parameter: string): string {
  if (typeof value !== "string" || value.trim() === "") {
    throw new ValueError(
      parameter,
      "must be a non-empty string that is not only whitespace",
      value,
    );
  }
  return value;
}

/**
 * A list of strings that each match `pattern`, checked without a schema (a
 * few lines where a schema would bring the array parser into every bundle
 * that checks a list of names or codes): an array, non-empty with
 * `nonEmpty`, else `listRule`; an item that is not a matching string breaks
 * `itemRule`; a missing list or item is "required". Returns a copy.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { stringList } from "@ls/core/internal";
 * const rules = ["must be a code", "must be an array of codes"] as const;
 * assert.deepEqual(stringList(["DEU"], "in", /^[A-Z]{3}$/, ...rules), ["DEU"]);
 * assert.throws(() => stringList(["DEU", "de"], "in", /^[A-Z]{3}$/, ...rules), {
 *   message: 'Invalid in[1]: must be a code, got "de"',
 * });
 * assert.throws(() => stringList("DEU", "in", /^[A-Z]{3}$/, ...rules), {
 *   message: 'Invalid in: must be an array of codes, got "DEU"',
 * });
 * ```
 *
 * @throws {ValueError} naming `parameter` or `parameter[i]`
 */
export function stringList(
  value: unknown,
  parameter: string,
  pattern: RegExp,
  itemRule: string,
  listRule: string,
  nonEmpty?: boolean,
): string[] {
  if (!Array.isArray(value) || (nonEmpty && value.length === 0)) {
    throw required(parameter, listRule, value);
  }
  const list: string[] = [];
  for (let i = 0; i < value.length; i++) {
    const item: unknown = value[i];
    if (typeof item !== "string" || !pattern.test(item)) {
      throw required(`${parameter}[${i}]`, itemRule, item);
    }
    list.push(item);
  }
  return list;
}

/** The error for `value` breaking `rule`: "is required" when it is missing. */
function required(parameter: string, rule: string, value: unknown): ValueError {
  return value === undefined
    ? new ValueError(parameter, "is required")
    : new ValueError(parameter, rule, value);
}

/** A rule of {@linkcode numberOption}, as its message says it. */
export type NumberRule =
  | "positive number"
  | "positive finite number"
  | "non-negative number"
  | "positive integer"
  | "non-negative integer";

/**
 * Checks a number option against a rule and returns it, or `dflt` when it
 * is undefined. Integers must be safe integers; only a "positive number"
 * may be `Infinity`.
 */
export function numberOption(
  v: number | undefined,
  dflt: number,
  name: string,
  rule: NumberRule,
): number {
  if (v === undefined) return dflt;
  const positive = rule[0] === "p";
  if (
    rule.endsWith("integer")
      ? !Number.isSafeInteger(v) || v < +positive
      : typeof v !== "number" || !(positive ? v > 0 : v >= 0) ||
        (v === Infinity && rule !== "positive number")
  ) {
    throw new ValueError(name, `must be a ${rule}`, v);
  }
  return v;
}
