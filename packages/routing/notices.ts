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
 *   ({@linkcode VIOLATION_NOTICE_CODES}: the route breaks an avoid, a
 *   restriction or a charge you asked for) is a *violation*: the section
 *   is kept and flagged, and you can decide whether that is acceptable.
 * - Any other critical notice makes the section unusable, and with it the
 *   route, which is moved to `RoutingResponse.discardedRoutes`.
 *
 * EV routes add their own codes ({@linkcode EvNoticeCode}): most are `info`
 * (the charge falls below a minimum, or below 0 without `makeReachable`);
 * the `violatedChargingStation…` ones are critical violations of a charging
 * stop. Every EV code is known: sent as critical, it keeps the section and
 * flags it like the others. The two response-level EV codes are on
 * `RoutingResponse.evNotices`.
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

import type { NamedValues, Notice, OpenValue } from "@ls/core";
import { lazy, namedValues } from "@ls/core/internal";

export type { Notice, NoticeSeverity } from "@ls/core";

/**
 * The names of {@linkcode EvNoticeCode}, in HERE's order.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { EV_NOTICE_CODES, EvNoticeCode } from "@ls/routing";
 * assert.deepEqual(Object.keys(EvNoticeCode), [...EV_NOTICE_CODES]);
 * ```
 */
export const EV_NOTICE_CODES = [
  "outOfCharge",
  "violatedMinChargeAtDestination",
  "violatedMinChargeAtFirstChargingStation",
  "violatedMinChargeAtChargingStation",
  "targetChargeNotAchievable",
  "chargingStopNotNeeded",
  "violatedChargingStationOpeningHours",
  "violatedChargingStationTransportMode",
  "violatedChargingStationVehicleRestrictions",
  "noReachableChargingStationsFound",
  "avoidOptionsWithMakeReachableLimitation",
] as const;

/**
 * The notice codes of EV routes, as HERE's spec lists them:
 *
 * | Code | Where | Severity | Meaning |
 * | --- | --- | --- | --- |
 * | `outOfCharge` | section | info | the charge drops below 0 on the section |
 * | `violatedMinChargeAtDestination` | section | info | arrival below `minChargeAtDestination` |
 * | `violatedMinChargeAtFirstChargingStation` | section | info | arrival at the first stop below its minimum |
 * | `violatedMinChargeAtChargingStation` | section | info | arrival at a stop below `minChargeAtChargingStation` |
 * | `targetChargeNotAchievable` | section | info | `maxChargingDuration` is too short to reach the target |
 * | `chargingStopNotNeeded` | section | info | a planned stop is no longer needed (refreshed routes) |
 * | `violatedChargingStationOpeningHours` | section | critical | the charging would not end within opening hours |
 * | `violatedChargingStationTransportMode` | section | critical | the station does not admit the transport mode |
 * | `violatedChargingStationVehicleRestrictions` | section | critical | the vehicle exceeds the station's limits |
 * | `noReachableChargingStationsFound` | response | critical | no station is in reach of the initial charge |
 * | `avoidOptionsWithMakeReachableLimitation` | response | critical | avoiding tolls or highways with `makeReachable` is for trucks up to 7.5 t only |
 *
 * All are known codes: on a section, a critical one keeps the section,
 * flagged as a violation (`section.violations`); on the response, they are
 * `RoutingResponse.evNotices`. An open set: HERE adds codes.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { EvNoticeCode, isEvNotice } from "@ls/routing";
 * const notice = { title: "Out of charge", code: EvNoticeCode.outOfCharge, severity: "info" };
 * assert.equal(isEvNotice(notice), true);
 * ```
 */
export const EvNoticeCode: NamedValues<typeof EV_NOTICE_CODES> =
  /* @__PURE__ */ namedValues(EV_NOTICE_CODES);

/** An EV notice code: a known one, or any other string HERE adds. */
export type EvNoticeCode = OpenValue<typeof EvNoticeCode>;

/**
 * The critical notice codes whose meaning is known and acceptable: the route
 * is usable but violates something that was asked for.
 * Sections carrying only these are kept and flagged. They include every
 * {@linkcode EvNoticeCode}: an EV code HERE sends as critical (`outOfCharge`
 * on a route that runs empty) is known, not a reason to drop the route.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { VIOLATION_NOTICE_CODES } from "@ls/routing";
 * assert.ok(VIOLATION_NOTICE_CODES.includes("violatedBlockedRoad"));
 * assert.ok(VIOLATION_NOTICE_CODES.includes("outOfCharge"));
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
  ...Object.values(EvNoticeCode),
]);

const violations = /* @__PURE__ */ lazy((): ReadonlySet<string> =>
  new Set(VIOLATION_NOTICE_CODES)
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
  return isCriticalNotice(notice) && violations().has(notice?.code);
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
  return isCriticalNotice(notice) && !violations().has(notice?.code);
}

/**
 * A notice whose code is one of {@linkcode EvNoticeCode}'s.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { EvNotice } from "@ls/routing";
 * const notice: EvNotice = { title: "Below the minimum", code: "violatedMinChargeAtDestination", severity: "info" };
 * assert.equal(notice.severity, "info");
 * ```
 */
export interface EvNotice extends Notice {
  /** One of {@linkcode EvNoticeCode}'s codes. */
  code: EvNoticeCode;
}

/**
 * True for a notice with one of the known EV codes ({@linkcode EvNoticeCode}).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isEvNotice } from "@ls/routing";
 * assert.equal(isEvNotice({ title: "", code: "violatedMinChargeAtDestination", severity: "info" }), true);
 * assert.equal(isEvNotice({ title: "", code: "simplePolyline", severity: "info" }), false);
 * ```
 */
export function isEvNotice(notice: Notice): notice is EvNotice {
  return typeof notice === "object" && notice !== null &&
    Object.hasOwn(EvNoticeCode, notice.code);
}
