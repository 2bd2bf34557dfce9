// The isoline's `range`: HERE's comma list or an array of numbers, checked
// to be positive integers.

import * as z from "zod/mini";
import { ValueError } from "@ls/core";
import { lazy, minLength, parseWith, positiveInteger } from "@ls/core/internal";

const rangeList = /* @__PURE__ */ lazy(() =>
  z.array(positiveInteger(), {
    error: 'must be a comma list such as "300,600" or an array of numbers',
  }).check(minLength(1, "must hold at least one value"))
);

/** `"300,600"` or `[300, 600]` → `[300, 600]`, positive integers only. */
export function rangeValues(range: unknown): number[] {
  if (typeof range === "string") {
    const parts = range.split(",").map((s) => s.trim());
    if (!parts.every((s) => /^\d+$/.test(s))) {
      throw new ValueError(
        "range",
        'must be a comma list of positive integers such as "300,600"',
        range,
      );
    }
    return parseWith(rangeList(), parts.map(Number), "range");
  }
  return parseWith(rangeList(), range, "range");
}
