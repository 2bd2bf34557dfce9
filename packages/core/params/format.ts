/**
 * Wire formatting of numbers, booleans and times, as HERE expects them:
 * plain decimals without exponents, lowercase booleans, RFC 3339 times.
 *
 * @module
 */

import { ValueError } from "../errors/errors.ts";

/**
 * Formats a finite number in plain decimal notation, never with an exponent,
 * using the shortest representation that round-trips.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { formatNumber } from "./format.ts";
 * assert.equal(formatNumber(1e-7), "0.0000001");
 * assert.equal(formatNumber(13.43), "13.43");
 * assert.equal(formatNumber(1e21), "1000000000000000000000");
 * assert.throws(() => formatNumber(Infinity, "radius"), {
 *   message: "Invalid radius: must be a finite number, got Infinity",
 * });
 * ```
 *
 * @throws {ValueError} when the value is not a finite number
 */
export function formatNumber(value: number, parameter = "value"): string {
  if (typeof value !== "number" || !Number.isFinite(value)) {
    throw new ValueError(parameter, "must be a finite number", value);
  }
  if (Object.is(value, -0)) return "0";
  const s = String(value);
  const e = s.indexOf("e");
  if (e === -1) return s;
  return expandExponent(s.slice(0, e), Number(s.slice(e + 1)));
}

function expandExponent(mantissa: string, exp: number): string {
  const negative = mantissa.startsWith("-");
  const m = negative ? mantissa.slice(1) : mantissa;
  const dot = m.indexOf(".");
  const digits = dot === -1 ? m : m.slice(0, dot) + m.slice(dot + 1);
  const intLen = (dot === -1 ? m.length : dot) + exp;
  let out: string;
  if (intLen <= 0) out = "0." + "0".repeat(-intLen) + digits;
  else if (intLen >= digits.length) {
    out = digits + "0".repeat(intLen - digits.length);
  } else out = digits.slice(0, intLen) + "." + digits.slice(intLen);
  return negative ? "-" + out : out;
}

/**
 * Formats an integer, rejecting fractions, NaN and infinities.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { formatInteger } from "@ls/core/internal";
 * assert.equal(formatInteger(20, "limit"), "20");
 * assert.throws(() => formatInteger(2.5, "limit"), { message: "Invalid limit: must be an integer, got 2.5" });
 * ```
 *
 * @throws {ValueError} when the value is not a safe integer
 */
export function formatInteger(value: number, parameter = "value"): string {
  if (typeof value !== "number" || !Number.isSafeInteger(value)) {
    throw new ValueError(parameter, "must be an integer", value);
  }
  return formatNumber(value, parameter);
}

/**
 * Formats a boolean as HERE's lowercase `true` / `false`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { formatBoolean } from "@ls/core/internal";
 * assert.equal(formatBoolean(true, "passThrough"), "true");
 * assert.throws(() => formatBoolean("yes" as unknown as boolean, "passThrough"), {
 *   message: 'Invalid passThrough: must be a boolean, got "yes"',
 * });
 * ```
 *
 * @throws {ValueError} when the value is not a boolean
 */
export function formatBoolean(value: boolean, parameter = "value"): string {
  if (typeof value !== "boolean") {
    throw new ValueError(parameter, "must be a boolean", value);
  }
  return value ? "true" : "false";
}

const RFC3339 =
  /^\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])T(?:[01]\d|2[0-3]):[0-5]\d:(?:[0-5]\d|60)(?:\.\d+)?(?<offset>Z|z|[+-](?:[01]\d|2[0-3]):[0-5]\d)?$/;

/** Options of {@linkcode formatDateTime}. */
export interface DateTimeFormatOptions {
  /** Accept the literal `"any"` (routing, matrix). Default false. */
  allowAny?: boolean;
  /** Accept a date-time without an offset (routing's local time). Default false. */
  allowLocal?: boolean;
}

/**
 * Formats a `Date` as RFC 3339 with the runtime's local offset (`Z` when the
 * offset is zero), or validates an RFC 3339 string and passes it through.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { formatDateTime } from "@ls/core/internal";
 * assert.equal(formatDateTime("2024-05-01T08:30:00+02:00", "departureTime"), "2024-05-01T08:30:00+02:00");
 * const date = new Date(Date.UTC(2024, 4, 1, 6, 30));
 * // "2024-05-01T06:30:00Z" where the time zone is UTC, "2024-05-01T08:30:00+02:00" in Berlin
 * const text = formatDateTime(date, "departureTime");
 * assert.equal(Date.parse(text), date.getTime());
 * assert.throws(() => formatDateTime("2024-05-01T08:30:00", "departureTime"), {
 *   message: 'Invalid departureTime: must carry a time zone offset (Z or ±hh:mm), got "2024-05-01T08:30:00"',
 * });
 * assert.equal(formatDateTime("any", "departureTime", { allowAny: true }), "any");
 * ```
 *
 * @throws {ValueError} for an invalid `Date`, a malformed string, or a
 * disallowed `"any"` / offset-less time
 */
export function formatDateTime(
  value: Date | string,
  parameter = "time",
  options: DateTimeFormatOptions = {},
): string {
  if (value instanceof Date) {
    const t = value.getTime();
    if (Number.isNaN(t)) {
      throw new ValueError(parameter, "must be a valid Date", value);
    }
    return dateToRfc3339(value);
  }
  if (typeof value !== "string") {
    throw new ValueError(
      parameter,
      "must be a Date or an RFC 3339 string",
      value,
    );
  }
  if (value === "any") {
    if (options.allowAny) return value;
    throw new ValueError(parameter, 'does not accept "any"', value);
  }
  const m = RFC3339.exec(value);
  if (!m) {
    const rule = options.allowAny
      ? 'must be a Date, an RFC 3339 date-time or "any"'
      : "must be a Date or an RFC 3339 date-time";
    throw new ValueError(parameter, rule, value);
  }
  if (m.groups?.offset === undefined && !options.allowLocal) {
    throw new ValueError(
      parameter,
      "must carry a time zone offset (Z or ±hh:mm)",
      value,
    );
  }
  return value;
}

function pad(n: number, width = 2): string {
  return String(n).padStart(width, "0");
}

function dateToRfc3339(d: Date): string {
  const offsetMin = -d.getTimezoneOffset();
  const date = `${pad(d.getFullYear(), 4)}-${pad(d.getMonth() + 1)}-${
    pad(d.getDate())
  }`;
  const ms = d.getMilliseconds();
  const time =
    `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}` +
    (ms ? `.${pad(ms, 3)}` : "");
  if (offsetMin === 0) return `${date}T${time}Z`;
  const sign = offsetMin > 0 ? "+" : "-";
  const abs = Math.abs(offsetMin);
  return `${date}T${time}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

const LANGUAGE_TAG = /^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$/;

/**
 * Validates one BCP 47 language tag or a list of them (in order of
 * preference) and returns the list.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { validateLanguages } from "@ls/core/internal";
 * assert.deepEqual(validateLanguages("en-US", "lang"), ["en-US"]);
 * assert.deepEqual(validateLanguages(["de", "en"], "lang"), ["de", "en"]);
 * assert.throws(() => validateLanguages(["de", "en_US"], "lang"), {
 *   message: 'Invalid lang[1]: must be a BCP 47 language tag such as en-US, got "en_US"',
 * });
 * ```
 *
 * @throws {ValueError} for an empty list or a malformed tag
 */
export function validateLanguages(
  value: string | readonly string[],
  parameter = "lang",
): string[] {
  const list = typeof value === "string" ? [value] : value;
  if (!Array.isArray(list) || list.length === 0) {
    throw new ValueError(
      parameter,
      "must be a language tag or a non-empty list of them",
      value,
    );
  }
  // Array.from visits every index, holes included (forEach skips them).
  return Array.from(list, (tag: unknown, i) => {
    if (typeof tag !== "string" || !LANGUAGE_TAG.test(tag)) {
      const name = typeof value === "string" ? parameter : `${parameter}[${i}]`;
      throw new ValueError(
        name,
        "must be a BCP 47 language tag such as en-US",
        tag,
      );
    }
    return tag;
  });
}
