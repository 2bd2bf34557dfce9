/**
 * Route notices and HERE's critical-notice rule (routing.md §8.3).
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
 * import { isBlockingNotice, isViolationNotice } from "@ls/routing";
 * const violation = { title: "Toll road", code: "violatedAvoidTollRoad", severity: "critical" };
 * isViolationNotice(violation); // true
 * isBlockingNotice(violation); // false
 * isBlockingNotice({ title: "?", code: "somethingNew", severity: "critical" }); // true
 * ```
 *
 * @module
 */

/**
 * A notice severity: `critical`, `info`, or a value HERE has not documented.
 *
 * @example
 * ```ts
 * import type { NoticeSeverity } from "@ls/routing";
 * const severity: NoticeSeverity = "critical";
 * ```
 */
export type NoticeSeverity =
  | "critical"
  | "info"
  | (string & Record<never, never>);

/**
 * A notice on a response or a section: `{title, code, severity, details?}`.
 * Unknown fields are kept.
 *
 * @example
 * ```ts
 * import type { Notice } from "@ls/routing";
 * const notice: Notice = { title: "Simplified polyline", code: "simplePolyline", severity: "info" };
 * ```
 */
export interface Notice {
  /** Human-readable text. */
  title: string;
  /** Machine-readable code, e.g. `violatedAvoidTollRoad`; an open set. */
  code: string;
  /** `critical` or `info`; anything else is treated as `critical`. */
  severity: NoticeSeverity;
  /** Extra detail objects, shape depending on the code. */
  details?: unknown[];
  /** Fields HERE adds. */
  [field: string]: unknown;
}

/**
 * The critical notice codes whose meaning is known and acceptable: the route
 * is usable but violates something that was asked for (routing.md §8.3).
 * Sections carrying only these are kept and flagged.
 *
 * @example
 * ```ts
 * import { VIOLATION_NOTICE_CODES } from "@ls/routing";
 * VIOLATION_NOTICE_CODES.includes("violatedBlockedRoad"); // true
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

const VIOLATIONS: ReadonlySet<string> = new Set(VIOLATION_NOTICE_CODES);

/**
 * True unless the notice's severity is exactly `info`: `critical`, a missing
 * severity and any undocumented severity all count as critical.
 *
 * @example
 * ```ts
 * import { isCriticalNotice } from "@ls/routing";
 * isCriticalNotice({ title: "", code: "x", severity: "info" }); // false
 * isCriticalNotice({ title: "", code: "x", severity: "warning" }); // true
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
 * import { isViolationNotice } from "@ls/routing";
 * isViolationNotice({ title: "", code: "violatedBlockedRoad", severity: "critical" }); // true
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
 * import { isBlockingNotice } from "@ls/routing";
 * isBlockingNotice({ title: "", code: "brandNewProblem", severity: "critical" }); // true
 * isBlockingNotice({ title: "", code: "brandNewHint", severity: "info" }); // false
 * ```
 */
export function isBlockingNotice(notice: Notice): boolean {
  return isCriticalNotice(notice) && !VIOLATIONS.has(notice?.code);
}
