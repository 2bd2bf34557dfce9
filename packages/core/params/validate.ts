/**
 * Input validation with `zod/mini`, reported as {@linkcode ValueError}s:
 * {@linkcode parseWith} names the offending parameter by its path
 * (`truck.height`, `via[2].lat`) and states the rule as a sentence. The
 * schemas here are the small building blocks the domain packages share; the
 * fixed ones (`finiteNumber()`, `positiveInteger()`, …) are functions that
 * build their schema on first use and return that same schema ever after, so
 * that importing a package builds none.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import * as z from "zod/mini";
 * import { integer, parseWith } from "@ls/core/internal";
 * assert.equal(parseWith(z.optional(integer(1, 100)), 20, "limit"), 20);
 * assert.throws(() => parseWith(z.optional(integer(1, 100)), 0, "limit"), {
 *   message: "Invalid limit: must be an integer from 1 to 100, got 0",
 * });
 * ```
 *
 * @module
 */

import * as z from "zod/mini";
import { ValueError } from "../errors/errors.ts";
import { lazy } from "./lazy.ts";

/**
 * Parses `value` with `schema` and returns the parsed value. On failure it
 * throws a {@linkcode ValueError} for the first problem found: its `parameter`
 * is `parameter` followed by the path inside the value (`.key` for object
 * keys, `[i]` for array items), its rule the schema's message, or a sentence
 * derived from the issue when the schema set none. An unknown key of a strict
 * object is reported at that key's path.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import * as z from "zod/mini";
 * import { nonNegativeInteger, parseWith } from "@ls/core/internal";
 * const Truck = z.strictObject({ height: z.optional(nonNegativeInteger()) });
 * assert.deepEqual(parseWith(Truck, { height: 350 }, "truck"), { height: 350 });
 * assert.throws(() => parseWith(Truck, { height: 3.5 }, "truck"), {
 *   name: "ValueError",
 *   message: "Invalid truck.height: must be a non-negative integer, got 3.5",
 * });
 * assert.throws(() => parseWith(Truck, { hieght: 350 }, "truck"), {
 *   message: "Invalid truck.hieght: is not a known option, got 350",
 * });
 * ```
 *
 * @throws {ValueError} when `value` does not match `schema`
 */
export function parseWith<T>(
  schema: z.ZodMiniType<T>,
  value: unknown,
  parameter: string,
): T {
  const result = schema.safeParse(value, { error: defaultRule });
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const path = issue.code === "unrecognized_keys"
    ? [...issue.path, issue.keys[0]]
    : issue.path;
  const given = valueAt(value, path);
  if (issue.code === "invalid_type" && given === undefined) {
    // A schema's own message ("must be a finite number") reads oddly for a
    // value that is simply missing.
    throw new ValueError(formatPath(parameter, path), "is required");
  }
  throw new ValueError(formatPath(parameter, path), issue.message, given);
}

/**
 * A finite number (no `NaN`, no infinities).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { finiteNumber, parseWith } from "@ls/core/internal";
 * assert.equal(parseWith(finiteNumber(), 1e-7, "speed"), 1e-7);
 * assert.throws(() => parseWith(finiteNumber(), NaN, "speed"), {
 *   message: "Invalid speed: must be a finite number, got NaN",
 * });
 * ```
 */
export const finiteNumber: () => z.ZodMiniType<number> = /* @__PURE__ */ lazy(
  () =>
    z.number({
      error: "must be a finite number",
    }),
);

/**
 * A finite number from `min` to `max`, both inclusive. `rule` replaces the
 * default message `must be a number from <min> to <max>`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { numberInRange, parseWith } from "@ls/core/internal";
 * assert.equal(parseWith(numberInRange(0, 1), 0.5, "share"), 0.5);
 * assert.throws(() => parseWith(numberInRange(0, 1), 1.5, "share"), {
 *   message: "Invalid share: must be a number from 0 to 1, got 1.5",
 * });
 * ```
 */
export /* @__NO_SIDE_EFFECTS__ */ function numberInRange(
  min: number,
  max: number,
  rule = `must be a number from ${min} to ${max}`,
): z.ZodMiniType<number> {
  return z.number({ error: rule }).check(
    z.refine((n) => n >= min && n <= max, { error: rule }),
  );
}

/**
 * A safe integer, optionally bounded (inclusive). The message names the
 * bounds: `must be an integer from 0 to 360`, `must be a positive integer`,
 * `must be a non-negative integer`, `must be an integer of at least 2`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { integer, parseWith } from "@ls/core/internal";
 * assert.equal(parseWith(integer(0, 360), 270, "course"), 270);
 * assert.throws(() => parseWith(integer(2), 1, "axleCount"), {
 *   message: "Invalid axleCount: must be an integer of at least 2, got 1",
 * });
 * ```
 */
export /* @__NO_SIDE_EFFECTS__ */ function integer(
  min = -Infinity,
  max = Infinity,
): z.ZodMiniType<number> {
  const rule = integerRule(min, max);
  return z.number({ error: rule }).check(
    z.refine((n) => Number.isSafeInteger(n) && n >= min && n <= max, {
      error: rule,
    }),
  );
}

/**
 * An integer ≥ 0 (metres, seconds, kilograms, centimetres).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { nonNegativeInteger, parseWith } from "@ls/core/internal";
 * assert.equal(parseWith(nonNegativeInteger(), 0, "radius"), 0);
 * assert.throws(() => parseWith(nonNegativeInteger(), -1, "radius"), {
 *   message: "Invalid radius: must be a non-negative integer, got -1",
 * });
 * ```
 */
export const nonNegativeInteger: () => z.ZodMiniType<number> =
  /* @__PURE__ */ lazy(() => integer(0));

/**
 * An integer ≥ 1.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseWith, positiveInteger } from "@ls/core/internal";
 * assert.equal(parseWith(positiveInteger(), 10000, "radius"), 10000);
 * assert.throws(() => parseWith(positiveInteger(), 0, "radius"), {
 *   message: "Invalid radius: must be a positive integer, got 0",
 * });
 * ```
 */
export const positiveInteger: () => z.ZodMiniType<number> =
  /* @__PURE__ */ lazy(() =>
    integer(
      1,
    )
  );

/**
 * A string with at least one character.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { nonEmptyString, parseWith } from "@ls/core/internal";
 * assert.equal(parseWith(nonEmptyString(), "Main St", "nameHint"), "Main St");
 * assert.throws(() => parseWith(nonEmptyString(), "", "nameHint"), {
 *   message: 'Invalid nameHint: must be a non-empty string, got ""',
 * });
 * ```
 */
export const nonEmptyString: () => z.ZodMiniType<string> = /* @__PURE__ */ lazy(
  () =>
    z.string({
      error: "must be a non-empty string",
    }).check(minLength(1, "must be a non-empty string")),
);

/**
 * A check that a string or an array has at least `min` characters or items,
 * reported with `rule`. Unlike `z.minLength`, which zod also runs on a value
 * of the wrong type (where an odd `length` throws a `TypeError`), it runs
 * only once the type check passed.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import * as z from "zod/mini";
 * import { minLength, parseWith } from "@ls/core/internal";
 * const codes = z.array(z.string()).check(minLength(1, "must not be empty"));
 * assert.deepEqual(parseWith(codes, ["DEU"], "countries"), ["DEU"]);
 * assert.throws(() => parseWith(codes, [], "countries"), {
 *   message: "Invalid countries: must not be empty, got []",
 * });
 * ```
 */
export /* @__NO_SIDE_EFFECTS__ */ function minLength(
  min: number,
  rule: string,
): z.core.$ZodCheck<{ length: number }> {
  return z.refine((v: { length: number }) => v.length >= min, {
    error: rule,
  });
}

function integerRule(min: number, max: number): string {
  const lo = Number.isFinite(min);
  const hi = Number.isFinite(max);
  if (lo && hi) return `must be an integer from ${min} to ${max}`;
  if (min === 0) return "must be a non-negative integer";
  if (min === 1) return "must be a positive integer";
  if (lo) return `must be an integer of at least ${min}`;
  if (hi) return `must be an integer of at most ${max}`;
  return "must be an integer";
}

/**
 * A string that `pattern` (without the `g` or `y` flag, which make `test`
 * stateful) matches; `rule` is the message for anything else, a non-string
 * included. A refinement rather than `z.regex`, which would pull zod's
 * string-format checks into every bundle.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseWith, stringMatching } from "@ls/core/internal";
 * const code = stringMatching(/^[A-Z]{2}$/, "must be an ISO 3166-1 alpha-2 code");
 * assert.equal(parseWith(code, "DE", "country"), "DE");
 * assert.throws(() => parseWith(code, 49, "country"), {
 *   message: "Invalid country: must be an ISO 3166-1 alpha-2 code, got 49",
 * });
 * ```
 */
export /* @__NO_SIDE_EFFECTS__ */ function stringMatching(
  pattern: RegExp,
  rule: string,
): z.ZodMiniType<string> {
  return z.string({ error: rule }).check(
    z.refine((s) => pattern.test(s), { error: rule }),
  );
}

/**
 * An array of a fixed length whose items each match their own schema (and,
 * with `rest`, any number of further items matching `rest`), reported as
 * `z.tuple` reports it: `rule` for anything but such an array, the item's
 * own message at its index (`origin[0]`) otherwise. Built on `z.array`,
 * which every bundle has already, instead of zod's tuple type.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { fixedArray, latitude, longitude, parseWith } from "@ls/core/internal";
 * const pair = fixedArray([latitude(), longitude()], "must be a [lat, lng] array");
 * assert.deepEqual(parseWith(pair, [52.5, 13.4], "at"), [52.5, 13.4]);
 * assert.throws(() => parseWith(pair, [95, 13.4], "at"), {
 *   message: "Invalid at[0]: must be a latitude from -90 to 90, got 95",
 * });
 * assert.throws(() => parseWith(pair, [52.5], "at"), {
 *   message: "Invalid at: must be a [lat, lng] array, got [52.5]",
 * });
 * ```
 */
export /* @__NO_SIDE_EFFECTS__ */ function fixedArray<
  T extends readonly unknown[],
>(
  items: { readonly [K in keyof T]: z.ZodMiniType<T[K]> },
  rule: string,
  rest?: z.ZodMiniType<unknown>,
): z.ZodMiniType<T> {
  const schemas: readonly z.ZodMiniType<unknown>[] = items;
  return z.array(z.unknown(), { error: rule }).check(
    z.superRefine((value, ctx) => {
      const n = schemas.length;
      // As zod's tuple: without `rest` a wrong length is the rule; with it,
      // a missing item is reported at its index.
      if (!rest && value.length !== n) {
        // `continue: false`: later checks (a refinement on the items) do
        // not run on a value that failed here, as they would not after a
        // tuple's own failure.
        ctx.addIssue({
          code: "custom",
          message: rule,
          input: value,
          continue: false,
        });
        return;
      }
      // Zod's tuple reports the rest items before the fixed ones: so here,
      // index n on to the last, then 0 to n - 1 (in order when none rest).
      const m = rest ? Math.max(n, value.length) : n;
      for (let j = 0; j < m; j++) {
        const i = (j + n) % m;
        const result = (i < n ? schemas[i] : rest!).safeParse(value[i], {
          error: defaultRule,
        });
        if (!result.success) {
          for (const issue of result.error.issues) {
            ctx.addIssue({
              ...issue,
              path: [i, ...issue.path],
              continue: false,
            });
          }
          return;
        }
      }
    }),
  ) as unknown as z.ZodMiniType<T>;
}

/** The rule for issues whose schema set no message of its own. */
function defaultRule(issue: z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case "invalid_type":
      return issue.input === undefined
        ? "is required"
        : `must be ${article(issue.expected)}`;
    case "unrecognized_keys":
      return "is not a known option";
    case "too_small":
    case "too_big": {
      const bound = issue.code === "too_small" ? "at least" : "at most";
      const limit = Number(
        issue.code === "too_small" ? issue.minimum : issue.maximum,
      );
      if (issue.origin === "array" || issue.origin === "set") {
        return `must have ${bound} ${limit} item${limit === 1 ? "" : "s"}`;
      }
      if (issue.origin === "string") {
        return `must have ${bound} ${limit} character${limit === 1 ? "" : "s"}`;
      }
      return `must be ${bound} ${limit}`;
    }
    case "invalid_value":
      return `must be one of ${
        issue.values.map((v) => JSON.stringify(v)).join(", ")
      }`;
    case "invalid_union":
      return "does not match any accepted form";
    default:
      return "is invalid";
  }
}

function article(noun: string): string {
  return /^[aeiou]/.test(noun) ? `an ${noun}` : `a ${noun}`;
}

/**
 * The name of a place inside a parameter: `stops[0].lat` for `parameter`
 * `stops` and path `[0, "lat"]`.
 */
export function formatPath(
  parameter: string,
  path: readonly PropertyKey[],
): string {
  let out = parameter;
  for (const key of path) {
    out += typeof key === "number" ? `[${key}]` : `.${String(key)}`;
  }
  return out;
}

function valueAt(value: unknown, path: readonly PropertyKey[]): unknown {
  let current = value;
  for (const key of path) {
    if (typeof current !== "object" || current === null) return undefined;
    current = Reflect.get(current, key);
  }
  return current;
}
