/**
 * {@linkcode timeWindow}: a time window of a Tour Planning v3 problem.
 *
 * @module
 */

import { ValueError } from "@ls/core";
import { formatDateTime } from "@ls/core/internal";

/**
 * A time window for `times` of places and breaks: RFC 3339 strings from
 * `Date`s (with the runtime's offset) or validated strings, start not after
 * end.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { timeWindow } from "@ls/tour";
 * assert.deepEqual(
 *   timeWindow("2024-05-01T09:00:00Z", "2024-05-01T12:00:00+02:00"),
 *   ["2024-05-01T09:00:00Z", "2024-05-01T12:00:00+02:00"],
 * );
 * ```
 *
 * @throws {ValueError} for a malformed time (`start`, `end`) or an end
 * before the start
 */
export function timeWindow(
  start: Date | string,
  end: Date | string,
): [start: string, end: string] {
  const s = formatDateTime(start, "start");
  const e = formatDateTime(end, "end");
  if (Date.parse(e) < Date.parse(s)) {
    throw new ValueError("end", "must not be before start", end);
  }
  return [s, e];
}
