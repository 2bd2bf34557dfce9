// The options `matrix` and `matrixRows` share, checked before any request.

import { ValueError } from "@ls/core";
import { checkPollTiming, checkRequestOptions } from "@ls/core/internal";
import type { MatrixOptions } from "./matrix.ts";

/** Checks the options before any request; returns the concurrency. */
export function checkMatrixOptions(options: MatrixOptions): number {
  checkRequestOptions(options);
  checkHeaders(options);
  checkPollTiming(
    {
      initialDelayMs: options.pollInitialDelayMs,
      maxDelayMs: options.pollMaxDelayMs,
      minDelayMs: options.pollMinDelayMs,
    },
    "",
    {
      initialDelayMs: "pollInitialDelayMs",
      maxDelayMs: "pollMaxDelayMs",
      minDelayMs: "pollMinDelayMs",
    },
  );
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

/**
 * Checks `headers` and `requestId` as every request checks them, so that
 * a bad one is refused when `matrixRows` is called rather than at its
 * first row. The message about `headers` does not quote them: a header may
 * hold a credential.
 */
function checkHeaders(options: MatrixOptions): void {
  if (options.headers !== undefined) {
    try {
      new Headers(options.headers);
    } catch {
      throw new ValueError(
        "headers",
        "must be HTTP headers with valid names and values",
      );
    }
  }
  const id = options.requestId;
  if (
    id !== undefined &&
    (typeof id !== "string" || !/^[\t\x20-\x7e]*$/.test(id))
  ) {
    throw new ValueError(
      "requestId",
      "must be a string of printable ASCII characters (an HTTP header value)",
      id,
    );
  }
}
