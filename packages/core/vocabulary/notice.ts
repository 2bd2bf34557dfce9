/**
 * The notices HERE's routing services (routes, isolines) attach to an
 * answer or to a part of it: `{title, code, severity, details?}`. `info`
 * notices come with good results; a `critical` one (or one whose severity
 * HERE has not documented) means something could not be done as asked.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { Notice } from "@ls/core";
 * const notices: Notice[] = [
 *   { title: "Simplified polyline", code: "simplePolyline", severity: "info" },
 *   { title: "Toll road used", code: "violatedAvoidTollRoad", severity: "critical" },
 * ];
 * assert.deepEqual(notices.filter((n) => n.severity !== "info").map((n) => n.code), ["violatedAvoidTollRoad"]);
 * ```
 *
 * @module
 */

/**
 * A notice severity: `critical`, `info`, or a value HERE has not documented
 * (which is to be read as `critical`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { NoticeSeverity } from "@ls/core";
 * const severities: NoticeSeverity[] = ["critical", "info", "warning"];
 * assert.equal(severities.length, 3);
 * ```
 */
export type NoticeSeverity =
  | "critical"
  | "info"
  | (string & Record<never, never>);

/**
 * A notice on a response or a part of it: `{title, code, severity,
 * details?}`. Fields HERE adds are kept in the object (read them with a
 * cast); the type names only the documented ones, so a misspelled read fails
 * type-checking.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { Notice } from "@ls/core";
 * const notice: Notice = { title: "Simplified polyline", code: "simplePolyline", severity: "info" };
 * assert.equal(notice.details, undefined);
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
}
