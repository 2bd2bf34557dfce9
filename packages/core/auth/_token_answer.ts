// Reading a token endpoint's answers: the token and its lifetime, the
// server's time, and whether a 401 says the local clock is off.

import { ApiError } from "../errors/errors.ts";
import { describe } from "../params/describe.ts";
import type { Redactor } from "../redact/_redact.ts";
import { parseJsonText } from "../http/read.ts";
import { tracing } from "../http/_error_response.ts";
import { fieldText, isRecord } from "../params/check_params.ts";

/** HERE's error code for a request signed with a clock that is off. */
const CLOCK_SKEW_CODE = "401204";
/** The most a token is renewed before it expires. */
const MAX_MARGIN_MS = 60_000;
/** The lifetime assumed when the answer gives none, in seconds. */
const DEFAULT_LIFETIME_S = 3600;

/** A token and the time it stops being used. */
export interface CachedToken {
  /** The bearer token. */
  token: string;
  /** When to renew it, on the caller's clock. */
  validUntil: number;
}

/**
 * The token of a 200 answer, and when to renew it: a tenth of its lifetime
 * (at most a minute) early. The token is added to `ctx.redactor` before
 * anything can quote it; an answer without one is an ApiError.
 */
export function parseTokenAnswer(
  response: Response,
  text: string,
  sentAt: number,
  ctx: { url: string; redactor: Redactor },
): CachedToken {
  const fail = (detail: string) =>
    new ApiError({
      status: response.status,
      method: "POST",
      url: ctx.url,
      title: "Invalid token response",
      detail,
      ...tracing(response.headers, ctx.redactor),
    });
  let json: unknown;
  try {
    json = parseJsonText(text);
  } catch {
    throw fail("The token endpoint did not answer with JSON");
  }
  if (!isRecord(json)) {
    throw fail("The token endpoint did not answer with a JSON object");
  }
  const body = json;
  const token = body.access_token ?? body.accessToken;
  if (typeof token !== "string" || token === "") {
    // Each name scrubbed whole, then cut: a cut could leave part of a key.
    const keys = Object.keys(body).slice(0, 10)
      .map((k) => ctx.redactor.scrub(k).slice(0, 40)).join(", ");
    throw fail(
      `The token response has no access_token (keys: ${keys || "none"})`,
    );
  }
  // Known before anything can quote it (a token type may repeat it).
  ctx.redactor.add(token, true);
  const type = body.token_type ?? body.tokenType;
  if (
    type !== undefined && type !== null &&
    String(type).toLowerCase() !== "bearer"
  ) {
    throw fail(
      `The token type is ${
        describe(ctx.redactor.scrub(String(type)))
      }, expected bearer`,
    );
  }
  const parsed = toNumber(body.expires_in ?? body.expiresIn);
  const lifetimeMs =
    (Number.isFinite(parsed) && parsed >= 0 ? parsed : DEFAULT_LIFETIME_S) *
    1000;
  const margin = Math.min(MAX_MARGIN_MS, lifetimeMs / 10);
  return { token, validUntil: sentAt + lifetimeMs - margin };
}

/** A 401 whose body's `errorCode` (or `code`) is 401204, as a number or a string. */
export function isClockSkew(err: unknown): boolean {
  if (!(err instanceof ApiError) || err.status !== 401) return false;
  const body = isRecord(err.body) ? err.body : {};
  return [body.errorCode, body.code, err.code].some((c) =>
    fieldText(c)?.trim() === CLOCK_SKEW_CODE
  );
}

/** Server Unix time from `{"timestamp": n}`, a bare number, or numeric strings. */
export function parseServerTime(text: string): number | undefined {
  let value: unknown;
  try {
    value = parseJsonText(text);
  } catch {
    value = text.trim();
  }
  if (isRecord(value)) value = value.timestamp;
  const n = toNumber(value);
  return Number.isFinite(n) && n > 0 ? n : undefined;
}

/** A number, or a non-blank numeric string, as a number; anything else NaN. */
function toNumber(value: unknown): number {
  return typeof value === "number"
    ? value
    : typeof value === "string" && value.trim() !== ""
    ? Number(value)
    : NaN;
}
