// A response an async job received, as the facts its errors quote, and the
// error of a job HERE reports as failed.

import type { Client } from "../client/client.ts";
import type { ApiError, ResponseFacts } from "../errors/errors.ts";
import { apiErrorFromBody, tracing } from "../http/_error_response.ts";
import { registerScrubber, scrubberOf } from "../redact/_scrubbers.ts";
import { isRecord } from "../params/check_params.ts";

/**
 * What {@linkcode ApiError.fromResponse} quotes of a response `client`
 * received: its status, `method`, the URL (`url`, else the response's own)
 * redacted, and its tracing ids scrubbed. Whatever an error built from it
 * quotes from the server is scrubbed by `client`'s rules.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { ApiError, Client } from "@ls/core";
 * import { responseFacts } from "@ls/core/internal";
 * const client = new Client({ apiKey: "secret-key-1234" });
 * const facts = responseFacts(client, new Response(null, { status: 200 }), "GET", "https://matrix.router.hereapi.com/v8/matrix/ID");
 * const err = ApiError.fromResponse(facts, { title: "Malformed result", detail: "echo secret-key-1234" });
 * assert.equal(err.status, 200);
 * assert.ok(!err.message.includes("secret-key-1234"));
 * ```
 */
export function responseFacts(
  client: Client,
  res: Pick<Response, "status" | "headers" | "url">,
  method: string,
  url: string = res.url,
): ResponseFacts & { method: string; url: string } {
  const facts = {
    status: res.status,
    method,
    url: client.redact(url),
    ...tracing(res.headers, { scrub: (text) => client.redact(text) }),
  };
  withScrubber(client, facts);
  return facts;
}

/** Makes `response` scrub what an error quotes of it by `client`'s rules. */
export function withScrubber(client: Client, response: object): void {
  registerScrubber(response, {
    scrub: (text) => client.redact(text),
    scrubValue: (value) => client.redactValue(value),
  });
}

/**
 * The error of a job HERE reports as failed (or of a result that is HERE's
 * error instead): HERE's `title`, `code`, `cause`, `action` and
 * `correlationId` from the body's `error` object, or from the body itself,
 * with `title` when it names none; the error object as `body` and the
 * whole status body as `bodyText`. Status, method, URL and tracing ids come
 * from `response`, and the body is scrubbed by the rules of the client that
 * read it (see {@linkcode responseFacts}).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { failedJobError } from "@ls/core/internal";
 * const err = failedJobError(
 *   { status: 200, method: "GET", url: "https://matrix.router.hereapi.com/v8/matrix/ID/status" },
 *   { status: "failed", error: { title: "Matrix calculation failed", code: "E606301", cause: "Region too large" } },
 *   "Async job failed with status failed",
 * );
 * assert.equal(err.title, "Matrix calculation failed");
 * assert.equal(err.detail, "Region too large");
 * assert.equal(err.bodyText, '{"status":"failed","error":{"title":"Matrix calculation failed","code":"E606301","cause":"Region too large"}}');
 * ```
 */
export function failedJobError(
  response: ResponseFacts,
  body: unknown,
  title: string,
): ApiError {
  // Strings scrubbed one by one, so that the structure stays intact.
  const scrubber = scrubberOf(response);
  const safe = scrubber ? scrubber.scrubValue(body) : body;
  const error = isRecord(safe) && isRecord(safe.error) ? safe.error : safe;
  return apiErrorFromBody(
    response.status,
    undefined,
    error,
    JSON.stringify(safe) ?? "",
    {
      method: response.method ?? "GET",
      url: response.url ?? "",
      ids: response,
    },
    scrubber ? scrubber.scrub(title) : title,
  );
}
