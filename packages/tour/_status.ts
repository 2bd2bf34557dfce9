// What the answers of an async tour-planning job say: the status href of
// an accepted job, and the meaning of each status response.

import type { JobStatusResponse, JobStep } from "@ls/core/internal";
import { isRecord } from "@ls/core/internal";

/**
 * Reads one status response of an async tour-planning job: `success` with
 * `resource.href` is done; `failure`, or an `error` object without a
 * `status`, is a failed job; `pending`, `inProgress` and unknown statuses
 * keep polling. A 3xx answer with a `Location` is followed as the result.
 */
export function interpretTourStatus(res: JobStatusResponse): JobStep {
  const body = isRecord(res.body) ? res.body : {};
  const status = typeof body.status === "string" ? body.status : undefined;
  const location = res.headers.get("location");
  if (res.status >= 300 && res.status < 400 && location) {
    return { state: "done", status: status ?? "success", resultUrl: location };
  }
  if (status === "success") {
    const resource = isRecord(body.resource) ? body.resource : {};
    if (typeof resource.href === "string" && resource.href !== "") {
      return { state: "done", status, resultUrl: resource.href };
    }
    return {
      state: "failed",
      status,
      body: {
        title: "Tour planning reported success without a solution href",
        ...body,
      },
    };
  }
  if (status === "failure" || status === "failed") {
    return { state: "failed", status, body };
  }
  if (status === undefined && body.error !== undefined) {
    return { state: "failed", status: "failure", body };
  }
  return { state: "pending", status: status ?? "unknown" };
}

/** The `href` of an accepted job's answer (`{ statusId, href }`), if any. */
export function statusHref(body: unknown): string | undefined {
  if (!isRecord(body)) return undefined;
  return typeof body.href === "string" && body.href !== ""
    ? body.href
    : undefined;
}

/** Whether an answer without an `href` is a solution. */
export function looksLikeSolution(body: unknown): boolean {
  return isRecord(body) &&
    (Array.isArray(body.tours) || isRecord(body.statistic) ||
      Array.isArray(body.unassigned));
}
