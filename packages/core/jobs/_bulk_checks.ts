// How a bulk run refuses what it is given: its arguments and options, each
// named, and a value that may be a credential described by its type alone.

import type { RequestOptions } from "../http/spec.ts";
import { checkRequestOptions } from "../client/client_checks.ts";
import { ValueError } from "../errors/errors.ts";
import { scrubInputError } from "../redact/scrubbing.ts";

/**
 * What was given, for the message of a `ValueError` about an argument or
 * option of a run: a number (or `null`, `undefined`, a boolean) as it is,
 * anything else by its type alone. A string there may be a credential
 * given in the wrong place, so it is never quoted.
 */
function given(value: unknown): string {
  switch (typeof value) {
    case "number":
    case "boolean":
    case "bigint":
    case "undefined":
      return String(value);
    case "object":
      return value === null
        ? "null"
        : Array.isArray(value)
        ? "an array"
        : "an object";
    default:
      // "a string", "a function", "a symbol".
      return `a ${typeof value}`;
  }
}

/** A `ValueError` for `parameter` that describes `value` with {@linkcode given}. */
export function refuse(
  parameter: string,
  rule: string,
  value: unknown,
): ValueError {
  return new ValueError(parameter, `${rule}, got ${given(value)}`);
}

/** Numeric per-call options, checked by `checkRequestOptions`. */
const NUMERIC_CALL_OPTIONS = [
  "timeoutMs",
  "deadlineMs",
  "maxRetries",
  "maxResponseBytes",
] as const;

/**
 * Checks {@linkcode BulkOptions.callOptions} once, before the run, naming
 * each option `callOptions.<name>`; a value of the wrong type is described
 * by its type alone.
 */
export function checkCallOptions(callOptions: unknown): RequestOptions {
  if (callOptions === undefined || callOptions === null) return {};
  if (typeof callOptions !== "object") {
    throw refuse("callOptions", "must be an object", callOptions);
  }
  const options = callOptions as RequestOptions;
  if (options.signal !== undefined) {
    throw new ValueError(
      "callOptions.signal",
      "is not taken: give the run's signal as the signal option",
    );
  }
  if (
    options.onProgress !== undefined && typeof options.onProgress !== "function"
  ) {
    throw refuse(
      "callOptions.onProgress",
      "must be a function",
      options.onProgress,
    );
  }
  for (const name of NUMERIC_CALL_OPTIONS) {
    const value = options[name];
    if (value !== undefined && typeof value !== "number") {
      throw refuse(`callOptions.${name}`, "must be a number", value);
    }
  }
  try {
    checkRequestOptions(options);
  } catch (error) {
    // The value is a number here, safe to quote; only the name changes, in
    // the parameter and after the message's "Invalid ".
    throw scrubInputError(
      error,
      (text) => text.replace(/^(Invalid )?/, "$1callOptions."),
    );
  }
  return options;
}
