// The client's errors for what broke below HTTP: a body that could not be
// read (too large, not JSON, undecodable, cut off) and the network itself.
// Every runtime message is scrubbed: Deno's and Node's name the URL.

import { ApiError, ConnectionError, type LSError } from "../errors/errors.ts";
import { ResponseTooLargeError } from "../errors/response_too_large_error.ts";
import type { Redactor } from "../redact/_redact.ts";
import { apiErrorFrom, tracing } from "./_error_response.ts";
import { BodyNotJson, BodyTooLarge } from "./read.ts";

/**
 * The library's error for a failure while a body was read, or undefined
 * when `err` is not one (an abort's reason, an LSError: rethrown as is).
 * A body over its cap is a ResponseTooLargeError; one that is not JSON an
 * ApiError with a snippet; one that cannot be decoded (Content-Encoding
 * garbage) an ApiError; one that breaks off a ConnectionError.
 */
export function bodyFailure(
  err: unknown,
  res: Response,
  method: string,
  url: string,
  redactor: Redactor,
): LSError | undefined {
  const t = tracing(res.headers, redactor);
  if (err instanceof BodyTooLarge) {
    return new ResponseTooLargeError({
      status: res.status,
      method,
      url,
      limit: err.limit,
      ...t,
    });
  }
  if (err instanceof BodyNotJson) {
    return apiErrorFrom(res.status, res.headers, err.text, {
      method,
      url,
      redactor,
    }, err.message);
  }
  if (!(err instanceof TypeError)) return undefined;
  const reason = redactor.scrub(networkReason(err));
  const cause = new Error(reason);
  cause.name = err.name;
  const encoding = res.headers.get("content-encoding");
  if (encoding && encoding !== "identity" && DECODING.test(reason)) {
    return new ApiError({
      status: res.status,
      method,
      url,
      title: "Response body could not be decoded",
      detail: `Content-Encoding ${
        redactor.scrub(encoding).slice(0, 40)
      }: ${reason}`,
      ...t,
      cause,
    });
  }
  return new ConnectionError(
    `Connection failed: the response body broke off (${reason}) [${method} ${url}]`,
    { url, cause },
  );
}

/** A failure of the network itself, the runtime's message scrubbed. */
export function connectionFailure(
  err: unknown,
  method: string,
  url: string,
  redactor: Redactor,
): ConnectionError {
  const reason = redactor.scrub(networkReason(err));
  const cause = new Error(reason);
  if (err instanceof Error) cause.name = err.name;
  return new ConnectionError(
    `Connection failed: ${reason} [${method} ${url}]`,
    { url, cause },
  );
}

/** Runtime messages of a body that failed to decode (Deno, Node's zlib). */
const DECODING = /decod|compress|deflate|gzip|brotli|zlib|zstd|end of file/i;

/**
 * What the runtime says went wrong: its message, and its cause's (Deno's
 * "fetch failed" keeps the reason there, such as "Connection refused"),
 * without the URL that the cause names.
 */
function networkReason(err: unknown): string {
  if (!(err instanceof Error)) return "unknown error";
  const cause = err.cause instanceof Error
    ? err.cause.message.replace(/^error sending request for url \(.*?\): /, "")
    : "";
  return cause ? `${err.message}: ${cause}` : err.message;
}
