/**
 * Route notices and HERE's critical-notice rule.
 *
 * HERE's spec says a route section carrying a critical notice with a code the
 * client does not recognise must be discarded. This package follows the
 * recommended reading:
 *
 * - `info` notices never fail anything; they are passed through.
 * - A notice whose severity is not `info` (`critical`, or a severity HERE
 *   has not documented) is *critical*.
 * - A critical notice whose code is a known violation
 *   ({@linkcode VIOLATION_NOTICE_CODES}) is a *violation*: the section is
 *   kept and flagged (the route breaks an avoid or a restriction you asked
 *   for, and you can decide whether that is acceptable).
 * - Any other critical notice makes the section unusable, and with it the
 *   route, which is moved to `RoutingResponse.discardedRoutes`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isBlockingNotice, isViolationNotice } from "@ls/routing";
 * const violation = { title: "Toll road", code: "violatedAvoidTollRoad", severity: "critical" };
 * assert.equal(isViolationNotice(violation), true);
 * assert.equal(isBlockingNotice(violation), false);
 * assert.equal(isBlockingNotice({ title: "?", code: "somethingNew", severity: "critical" }), true);
 * ```
 *
 * @module
 */

import type { Notice } from "@ls/core";

export type { Notice, NoticeSeverity } from "@ls/core";

/**
 * The critical notice codes whose meaning is known and acceptable: the route
 * is usable but violates something that was asked for.
 * Sections carrying only these are kept and flagged.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { VIOLATION_NOTICE_CODES } from "@ls/routing";
 * assert.ok(VIOLATION_NOTICE_CODES.includes("violatedBlockedRoad"));
 * ```
 */
export const VIOLATION_NOTICE_CODES: readonly string[] = Object.freeze([
  "violatedAvoidTollRoad",
  "violatedAvoidControlledAccessHighway",
  "violatedVehicleRestriction",
  "violatedZoneRestriction",
  "violatedBlockedRoad",
  "violatedStartDirection",
  "violatedAvoidUTurns",
]);

const VIOLATIONS: ReadonlySet<string> = /* @__PURE__ */ new Set(
  VIOLATION_NOTICE_CODES,
);

/**
 * True unless the notice's severity is exactly `info`: `critical`, a missing
 * severity and any undocumented severity all count as critical.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isCriticalNotice } from "@ls/routing";
 * assert.equal(isCriticalNotice({ title: "", code: "x", severity: "info" }), false);
 * assert.equal(isCriticalNotice({ title: "", code: "x", severity: "warning" }), true);
 * ```
 */
export function isCriticalNotice(notice: Notice): boolean {
  // An entry that is not an object is no notice at all.
  if (typeof notice !== "object" || notice === null) return false;
  return notice.severity !== "info";
}

/**
 * True for a critical notice with a known violation code: the section is
 * kept, but it breaks something the request asked to avoid.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isViolationNotice } from "@ls/routing";
 * assert.equal(isViolationNotice({ title: "", code: "violatedBlockedRoad", severity: "critical" }), true);
 * ```
 */
export function isViolationNotice(notice: Notice): boolean {
  return isCriticalNotice(notice) && VIOLATIONS.has(notice?.code);
}

/**
 * True for a critical notice that is not a known violation: HERE's spec
 * says such a section must be discarded.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isBlockingNotice } from "@ls/routing";
 * assert.equal(isBlockingNotice({ title: "", code: "brandNewProblem", severity: "critical" }), true);
 * assert.equal(isBlockingNotice({ title: "", code: "brandNewHint", severity: "info" }), false);
 * ```
 */
export function isBlockingNotice(notice: Notice): boolean {
  return isCriticalNotice(notice) && !VIOLATIONS.has(notice?.code);
}
