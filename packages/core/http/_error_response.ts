// Turning HERE responses into ApiErrors, whatever the body shape: the gateway's
// `{error, error_description}`, the routing family's `{title, status, code,
// cause, action}`, the token endpoint's `errorCode`/`message`, or plain text.

import { ApiError } from "../errors/errors.ts";
import type { Redactor } from "../redact/_redact.ts";
import { parseJsonText } from "./read.ts";
import { fieldText } from "../params/check_params.ts";

const MAX_BODY_TEXT = 4096;

/**
 * Response tracing headers (case-insensitive). A server chooses them: with a
 * redactor they are scrubbed (and cut to 200 characters), as for an error
 * or a hook.
 */
export function tracing(
  headers: Headers,
  redactor?: Pick<Redactor, "scrub">,
): { correlationId?: string; requestId?: string } {
  const read = (name: string) => {
    const v = headers.get(name);
    return v === null
      ? undefined
      : redactor
      ? redactor.scrub(v).slice(0, 200)
      : v;
  };
  return {
    correlationId: read("x-correlation-id"),
    requestId: read("x-request-id"),
  };
}

/** What an error needs to know about the request. */
export interface ErrorContext {
  method: string;
  /** Already redacted. */
  url: string;
  retryAfterMs?: number;
  cause?: unknown;
  /** Scrubs what the server chose: tracing headers. */
  redactor?: Pick<Redactor, "scrub">;
  /** Tracing ids already read (and scrubbed), when there are no headers. */
  ids?: { correlationId?: string; requestId?: string };
}

/**
 * Builds an ApiError from a status, headers and body text: the gateway shape
 * `{error, error_description}`, the routing family `{title, status, code,
 * cause, action, correlationId}`, the token endpoint's `errorCode`/`message`,
 * or anything else (kept as text). The text is parsed first and scrubbed
 * after, so a credential the server echoed JSON-escaped is found too; the
 * parser's own error is not kept (its message can quote the body).
 */
export function apiErrorFrom(
  status: number,
  headers: Headers,
  text: string,
  ctx: ErrorContext & { redactor: Redactor },
  fallbackTitle?: string,
): ApiError {
  let body: unknown;
  try {
    body = text ? ctx.redactor.scrubValue(parseJsonText(text)) : undefined;
  } catch {
    body = undefined;
  }
  // Scrubbed whole, then cut (in apiErrorFromBody): a cut first could
  // leave the start of a credential at the end.
  const safeText = ctx.redactor.scrub(text);
  return apiErrorFromBody(status, headers, body, safeText, ctx, fallbackTitle);
}

/** Builds an ApiError from an already parsed (and scrubbed) body. */
export function apiErrorFromBody(
  status: number,
  headers: Headers | undefined,
  body: unknown,
  text: string | undefined,
  ctx: ErrorContext,
  fallbackTitle?: string,
): ApiError {
  const o = typeof body === "object" && body !== null && !Array.isArray(body)
    ? body as Record<string, unknown>
    : {};
  const t = headers ? tracing(headers, ctx.redactor) : ctx.ids ?? {};
  const title = fieldText(o.title) ?? fieldText(o.error) ??
    fieldText(o.message) ?? fallbackTitle;
  const detail = fieldText(o.cause) ?? fieldText(o.error_description) ??
    (fieldText(o.message) !== title ? fieldText(o.message) : undefined);
  return new ApiError({
    status,
    method: ctx.method,
    url: ctx.url,
    code: fieldText(o.code) ?? fieldText(o.errorCode),
    title,
    detail,
    action: fieldText(o.action),
    correlationId: fieldText(o.correlationId) ?? t.correlationId,
    requestId: t.requestId ?? fieldText(o.requestId),
    body,
    bodyText: text?.slice(0, MAX_BODY_TEXT),
    retryAfterMs: ctx.retryAfterMs,
    cause: ctx.cause,
  });
}
