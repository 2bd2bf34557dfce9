/**
 * The parameter checks that geocoding and place search share, one meaning
 * each: `limit` (and autosuggest's `termsLimit`), `lang`, the comma lists of
 * names (`show`, `types`, `foodTypes`) and the `politicalView` country code.
 * A check passes `undefined` through, meaning "not sent"; an operation with
 * a default puts it in place of a value not given, after the check
 * (`limitValue(params.limit ?? undefined) ?? 20`), so the default costs
 * nothing per call.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { langValue, limitValue, nameListValue, politicalViewValue } from "./search_params.ts";
 * assert.equal(limitValue(5), 5);
 * assert.deepEqual(langValue("de"), ["de"]);
 * assert.deepEqual(nameListValue(["tz", "streetInfo"], "show"), ["tz", "streetInfo"]);
 * assert.equal(politicalViewValue("SRB"), "SRB");
 * ```
 *
 * @module
 */

import { integer, parseWith, stringMatching } from "./validate.ts";
import { lazy } from "./lazy.ts";
import { validateLanguages } from "./format.ts";
import { ValueError } from "../errors/errors.ts";
import { stringList } from "./check_params.ts";
import type { Query } from "./query.ts";

/** The largest `limit` HERE documents for Geocoding & Search. */
const MAX_LIMIT = 100;

/** The schema of the usual maximum, made once; another is made when asked. */
const limitSchema = /* @__PURE__ */ lazy(() => integer(1, MAX_LIMIT));

/**
 * A count limit of Geocoding & Search: an integer from 1 to `max`, by
 * default HERE's documented maximum of `limit`, 100 (autosuggest's
 * `termsLimit` goes to 10); `undefined` passes.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { limitValue } from "@ls/core/internal";
 * assert.equal(limitValue(100), 100);
 * assert.equal(limitValue(undefined), undefined);
 * assert.throws(() => limitValue(101), {
 *   message: "Invalid limit: must be an integer from 1 to 100, got 101",
 * });
 * assert.throws(() => limitValue(11, "termsLimit", 10), {
 *   message: "Invalid termsLimit: must be an integer from 1 to 10, got 11",
 * });
 * ```
 *
 * @throws {ValueError} naming `parameter` for anything but an integer from 1
 * to `max`
 */
export function limitValue(
  value: unknown,
  parameter = "limit",
  max: number = MAX_LIMIT,
): number | undefined {
  return value === undefined ? undefined : parseWith(
    max === MAX_LIMIT ? limitSchema() : integer(1, max),
    value,
    parameter,
  );
}

/**
 * `lang`: one BCP 47 tag or a non-empty list of them, in order of
 * preference; `undefined` passes.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { langValue } from "./search_params.ts";
 * assert.deepEqual(langValue(["en", "de"]), ["en", "de"]);
 * assert.equal(langValue(undefined), undefined);
 * assert.throws(() => langValue([]), {
 *   message: "Invalid lang: must be a language tag or a non-empty list of them, got []",
 * });
 * ```
 *
 * @throws {ValueError} for an empty list or a malformed tag
 */
export function langValue(
  value: string | readonly string[] | undefined,
): string[] | undefined {
  return value === undefined ? undefined : validateLanguages(value, "lang");
}

/**
 * A list parameter that HERE takes as names joined by commas (`show`,
 * `types`, `foodTypes`): an array of non-empty strings without commas or
 * white space, and, with `allowed` (a set HERE documents as closed), each
 * one of those; without it names are kept as given. An empty list is
 * returned as is (the query then omits the key); `undefined` passes.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { nameListValue } from "@ls/core/internal";
 * assert.deepEqual(nameListValue(["houseNumber", "street"], "types"), ["houseNumber", "street"]);
 * assert.equal(nameListValue(undefined, "types"), undefined);
 * assert.throws(() => nameListValue(["tz,fuel"], "show"), {
 *   message: 'Invalid show[0]: must be a non-empty string without commas or spaces, got "tz,fuel"',
 * });
 * assert.throws(() => nameListValue("tz", "show"), {
 *   message: 'Invalid show: must be an array of strings, got "tz"',
 * });
 * assert.throws(() => nameListValue(["tz", "timezone"], "show", ["tz", "streetInfo"]), {
 *   message: 'Invalid show[1]: must be one of "tz", "streetInfo" (a value HERE adds later goes through the query option), got "timezone"',
 * });
 * ```
 *
 * @throws {ValueError} naming `parameter` or `parameter[i]`
 */
export function nameListValue(
  value: unknown,
  parameter: string,
  allowed?: readonly string[],
): string[] | undefined {
  // A list that long cannot fit in a URL: refused before it is walked.
  if (Array.isArray(value) && value.length > MAX_NAMES) {
    throw new ValueError(
      parameter,
      `must have at most ${MAX_NAMES} names (no URL could hold more)`,
    );
  }
  if (value === undefined) return undefined;
  const names = stringList(
    value,
    parameter,
    /^[^,\s]+$/,
    "must be a non-empty string without commas or spaces",
    "must be an array of strings",
  );
  const i = allowed ? names.findIndex((n) => !allowed.includes(n)) : -1;
  if (i >= 0) {
    throw new ValueError(
      `${parameter}[${i}]`,
      `must be one of ${
        allowed!.map((v) => JSON.stringify(v)).join(", ")
      } (a value HERE adds later goes through the query option)`,
      names[i],
    );
  }
  return names;
}

/** Names of one character and a comma each fill a 64 KiB URL at this. */
const MAX_NAMES = 32_767;

const politicalViewSchema = /* @__PURE__ */ lazy(() =>
  stringMatching(
    /^[A-Z]{3}$/,
    "must be an upper-case ISO 3166-1 alpha-3 code such as RUS",
  )
);

/**
 * `politicalView`: the upper-case ISO 3166-1 alpha-3 code of the country
 * whose view of disputed borders and names the results follow; `undefined`
 * passes.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { politicalViewValue } from "./search_params.ts";
 * assert.equal(politicalViewValue("MAR"), "MAR");
 * assert.throws(() => politicalViewValue("RU"), {
 *   message: 'Invalid politicalView: must be an upper-case ISO 3166-1 alpha-3 code such as RUS, got "RU"',
 * });
 * ```
 *
 * @throws {ValueError} for anything but three upper-case letters
 */
export function politicalViewValue(value: unknown): string | undefined {
  return value === undefined
    ? undefined
    : parseWith(politicalViewSchema(), value, "politicalView");
}

/**
 * The values of `showMapReferences` (geocode, revgeocode, lookup): map
 * references per result, in HERE's order.
 */
const MAP_REFERENCES: readonly string[] = [
  "adminIds",
  "cmVersion",
  "links",
  "microPointAddress",
  "pointAddress",
  "segments",
];

/**
 * The values of `showNavAttributes` (geocode, revgeocode, lookup):
 * navigation attributes of the result's street segment, in HERE's order.
 */
const NAV_ATTRIBUTES: readonly string[] = [
  "access",
  "functionalClass",
  "physical",
  "speedLimits",
];

/**
 * One row of an operation's {@linkcode SearchTable}: a parameter's name
 * (ours and HERE's) and its rule. `limit` and `lang` take the operation's
 * default, if it has one; a `…Mode` takes the values of which it is one;
 * every other row is a list of names (`types`, `with`, `show`, the `show…`
 * families) and takes the values HERE documents as closed, or none for an
 * open list.
 */
export type SearchRow<Name extends string = string> = readonly [
  name: Name,
  rule?: number | string | readonly string[],
];

/** The Geocoding & Search parameters of an operation, in HERE's order. */
export type SearchTable<Name extends string = string> = readonly SearchRow<
  Name
>[];

/**
 * The rows of `showMapReferences`, `showNavAttributes` and `showRelated`,
 * in that order, with the `related` values the operation's `showRelated`
 * takes: the map details geocode, revgeocode and lookup share.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { mapDetailRows } from "@ls/core/internal";
 * assert.deepEqual(mapDetailRows(["MPA"]).map(([name]) => name), [
 *   "showMapReferences",
 *   "showNavAttributes",
 *   "showRelated",
 * ]);
 * ```
 */
export function mapDetailRows<const Related extends string>(
  related: readonly Related[],
): SearchTable<"showMapReferences" | "showNavAttributes" | "showRelated"> {
  return [
    ["showMapReferences", MAP_REFERENCES],
    ["showNavAttributes", NAV_ATTRIBUTES],
    ["showRelated", related],
  ];
}

/** Checked query entries, in the order HERE documents them, ready to set. */
export type SearchEntries = readonly (readonly [
  key: string,
  value: number | string | readonly string[] | undefined,
])[];

/**
 * Checks the parameters of `table` in `params`, in table order, and returns
 * them as query entries for {@linkcode setSearchEntries}: `limit` with
 * {@linkcode limitValue}, `lang` with {@linkcode langValue} (a missing or
 * `null` one of either is the row's default, if any), `politicalView` with
 * {@linkcode politicalViewValue}, a `…Mode` as one of its values and any
 * other row as a list with {@linkcode nameListValue}.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Query } from "@ls/core";
 * import { searchEntries, setSearchEntries } from "@ls/core/internal";
 * const table = [["with", ["MPA"]], ["limit", 20], ["addressNamesMode", ["matched", "normalized"]]] as const;
 * const entries = searchEntries({ addressNamesMode: "normalized" }, table);
 * assert.equal(setSearchEntries(new Query(), entries).toString(), "limit=20&addressNamesMode=normalized");
 * assert.throws(() => searchEntries({ with: ["mpa"] }, table), {
 *   message: /^Invalid with\[0\]: must be one of "MPA"/,
 * });
 * assert.throws(() => searchEntries({ addressNamesMode: "exact" }, table), {
 *   message: 'Invalid addressNamesMode: must be "matched" or "normalized", got "exact"',
 * });
 * ```
 *
 * @throws {ValueError} naming the first parameter that breaks its rule
 */
export function searchEntries(
  params: object,
  table: SearchTable,
): SearchEntries {
  const entries: [string, SearchEntries[number][1]][] = [];
  for (const [name, rule] of table) {
    let value = (params as Record<string, unknown>)[name];
    if (name === "limit" || name === "lang") {
      // A default replaces null too, as `params.limit ?? default` would.
      value = value === null && rule !== undefined ? undefined : value;
      value = name === "limit"
        ? limitValue(value)
        : langValue(value as string | readonly string[] | undefined);
      value ??= rule;
    } else if (value === undefined) {
      // Most rows are not given: nothing to check, nothing to send.
      continue;
    } else if (name === "politicalView") {
      value = politicalViewValue(value);
    } else if (name.endsWith("Mode")) {
      const values = rule as readonly string[];
      if (!values.includes(value as string)) {
        throw new ValueError(
          name,
          `must be ${values.map((v) => JSON.stringify(v)).join(" or ")}`,
          value,
        );
      }
    } else {
      value = nameListValue(value, name, rule as readonly string[]);
    }
    entries.push([name, value as SearchEntries[number][1]]);
  }
  return entries;
}

/** Sets checked entries on `query`, in their order, and returns it. */
export function setSearchEntries(query: Query, entries: SearchEntries): Query {
  for (const [key, value] of entries) query.set(key, value);
  return query;
}

/**
 * Checks the parameters of `table` in `params` with
 * {@linkcode searchEntries} and sets them on `query`, for an operation that
 * checks them where it sends them.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Query } from "@ls/core";
 * import { setSearchParams } from "@ls/core/internal";
 * const q = setSearchParams(new Query(), { politicalView: "MAR" }, [["limit", 20], ["politicalView"]]);
 * assert.equal(q.toString(), "limit=20&politicalView=MAR");
 * ```
 *
 * @throws {ValueError} naming the first parameter that breaks its rule
 */
export function setSearchParams(
  query: Query,
  params: object,
  table: SearchTable,
): Query {
  return setSearchEntries(query, searchEntries(params, table));
}

/**
 * `0` when `Keys` names every parameter of `Params`, `never` otherwise: the
 * type of a constant that makes the compiler refuse an operation's table
 * that leaves a parameter out (which its key check would then refuse).
 *
 * @example
 * ```ts
 * import type { AllKeys } from "@ls/core/internal";
 * const covered: AllKeys<{ a?: 1; b?: 2 }, "a" | "b"> = 0;
 * ```
 */
export type AllKeys<Params, Keys> = [Exclude<keyof Params, Keys>] extends
  [never] ? 0 : never;
