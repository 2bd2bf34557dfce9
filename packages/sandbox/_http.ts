// The request context handed to every service, error bodies in HERE's
// families, JSON responses, and request bodies read up to a limit.

import { readBytes } from "@ls/core/internal";
import type { Params } from "./_query.ts";
import type { SandboxState } from "./_state.ts";

/** Everything a service handler needs about one request. */
export interface Ctx {
  /** The request (body unread). */
  readonly request: Request;
  /** Its URL. */
  readonly url: URL;
  /** The origin the client used (`http://127.0.0.1:PORT`): job URLs are built on it. */
  readonly origin: string;
  /** The parsed query. */
  readonly params: Params;
  /** `X-Correlation-Id` of the response. */
  readonly correlationId: string;
  /** `X-Request-Id` of the response (echoed or generated). */
  readonly requestId: string;
  /** Shared sandbox state (clock, tokens, jobs). */
  readonly state: SandboxState;
  /** Aborts when the sandbox closes: long computations stop at their next pause. */
  readonly signal: AbortSignal;
}

/** A failure that becomes an HTTP error response. */
export class HttpError extends Error {
  /** HTTP status. */
  readonly status: number;
  /** Builds the JSON body (it may need the correlation id). */
  readonly body: (ctx: Ctx) => unknown;
  /** Extra response headers. */
  readonly headers: Record<string, string>;

  constructor(
    status: number,
    message: string,
    body: (ctx: Ctx) => unknown,
    headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = "HttpError";
    this.status = status;
    this.body = body;
    this.headers = headers;
  }
}

/**
 * Routing-family error (routing, isoline, matrix, weather, tour planning):
 * `{title, status, code, cause, action, correlationId}`.
 */
export function routingError(
  status: number,
  code: string,
  title: string,
  cause: string,
  action = "",
): HttpError {
  return new HttpError(status, cause, (ctx) => ({
    title,
    status,
    code,
    cause,
    action,
    correlationId: ctx.correlationId,
  }));
}

/** `E605001`-style malformed-request error of a routing-family service. */
export function malformed(code: string, cause: string, action = ""): HttpError {
  return routingError(400, code, "Malformed request", cause, action);
}

/**
 * Geocoding & Search error: `{status, title, correlationId, requestId,
 * cause, action}`.
 */
export function searchError(
  status: number,
  title: string,
  cause: string,
  action = "",
): HttpError {
  return new HttpError(status, `${title}: ${cause}`, (ctx) => ({
    status,
    title,
    correlationId: ctx.correlationId,
    requestId: ctx.requestId,
    cause,
    action,
  }));
}

/** API gateway error: `{error, error_description}`. */
export function gatewayError(
  status: number,
  error: string,
  description: string,
  headers: Record<string, string> = {},
): HttpError {
  return new HttpError(
    status,
    description,
    () => ({ error, error_description: description }),
    headers,
  );
}

/** Token-endpoint error: `{errorId, httpStatus, errorCode, message}`. */
export function tokenError(
  status: number,
  errorCode: number,
  message: string,
): HttpError {
  return new HttpError(status, message, (ctx) => ({
    errorId: `ERROR-${ctx.correlationId}`,
    httpStatus: status,
    errorCode,
    message,
  }));
}

/** A JSON response. */
export function json(
  body: unknown,
  status = 200,
  headers: Record<string, string> = {},
): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json; charset=utf-8", ...headers },
  });
}

/**
 * The largest request body a service reads, bytes. HERE documents no limit
 * (its async tour and matrix limits, 3,000 jobs or 10,000 points, fit into
 * about 1 MB); a larger body gets 413 from {@linkcode readText}.
 */
export const MAX_BODY_BYTES = 8 * 1024 * 1024;

/**
 * Reads the request body as UTF-8 text, at most `maxBytes` of it. A
 * `Content-Length` above the limit is refused before anything is read, and
 * a body that grows past it (chunked, or endless) is cancelled there: either
 * way a 413 with the gateway body, since such limits sit in front of the
 * services. Rejects with the abort reason when the sandbox closes meanwhile.
 */
export async function readText(
  ctx: Ctx,
  maxBytes: number = MAX_BODY_BYTES,
): Promise<string> {
  const { request } = ctx;
  const tooLarge = () =>
    gatewayError(
      413,
      "Payload Too Large",
      `The request body is larger than ${maxBytes} bytes`,
    );
  const declared = request.headers.get("content-length");
  if (declared !== null && Number(declared) > maxBytes) throw tooLarge();
  if (request.body === null) return "";
  // One byte past the limit is enough to refuse the body; the read stops
  // there (and when the sandbox closes, which stops a slow client).
  const bytes = await readBytes(
    new Response(request.body),
    { signal: ctx.signal, maxBytes: Infinity },
    maxBytes + 1,
  );
  if (bytes.byteLength > maxBytes) throw tooLarge();
  return new TextDecoder().decode(bytes);
}

/**
 * Reads a JSON request body (see {@linkcode readText}); a routing-family
 * 400 when it is not JSON.
 */
export async function readJson(
  ctx: Ctx,
  code: string,
): Promise<unknown> {
  const text = await readText(ctx);
  if (text.trim() === "") throw malformed(code, "The request body is empty");
  try {
    return JSON.parse(text);
  } catch {
    throw malformed(code, "The request body is not valid JSON");
  }
}

/** True for a plain JSON object. */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** True for a finite number. */
export function isNumber(value: unknown): value is number {
  return typeof value === "number" && Number.isFinite(value);
}

/** A `{lat, lng}` JSON object with valid ranges, or undefined. */
export function latLngObject(
  value: unknown,
): { lat: number; lng: number } | undefined {
  if (!isObject(value)) return undefined;
  const { lat, lng } = value;
  if (!isNumber(lat) || !isNumber(lng)) return undefined;
  if (lat < -90 || lat > 90 || lng < -180 || lng > 180) return undefined;
  return { lat, lng };
}
