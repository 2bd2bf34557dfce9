// The options `matrix` and `matrixRows` share, checked before any request.

import { ValueError } from "@ls/core";
import {
  checkPollOptions,
  checkRequestOptions,
  requestHeaders,
} from "@ls/core/internal";
import type { MatrixOptions } from "./matrix.ts";

/** Checks the options before any request; returns the concurrency. */
export function checkMatrixOptions(options: MatrixOptions): number {
  checkRequestOptions(options);
  // Headers and requestId are checked now, as every request checks them,
  // so that a bad one is refused when matrixRows is called rather than at
  // its first row.
  requestHeaders(options);
  checkPollOptions(options.poll, "matrix");
  const concurrency = options.concurrency ?? 4;
  if (!Number.isSafeInteger(concurrency) || concurrency < 1) {
    throw new ValueError(
      "concurrency",
      "must be a positive integer",
      concurrency,
    );
  }
  return concurrency;
}
