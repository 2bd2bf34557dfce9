/**
 * The error classes every package throws. All extend {@linkcode LSError}, set
 * `name` to their class name, and work with `instanceof` even when two copies
 * of `@ls/core` end up in one program (they carry a registry-wide brand).
 *
 * @module
 */

import { scrubberOf } from "../redact/_scrubbers.ts";
import { describe } from "../params/describe.ts";
import { type ApiErrorInit, apiMessage } from "./api_error_init.ts";
import { hasKind, KIND } from "./_kind.ts";

/**
 * What {@linkcode ApiError.fromResponse} reads from a response: the fields
 * of the client's `JsonResponse`.
 */
export interface ResponseFacts {
  /** HTTP status. */
  status: number;
  /** HTTP method; `GET` when absent. */
  method?: string;
  /** The request URL, credentials redacted. */
  url?: string;
  /** `X-Correlation-Id`. */
  correlationId?: string;
  /** `X-Request-Id`. */
  requestId?: string;
  /** The parsed body. */
  body?: unknown;
}

/** What went wrong, for {@linkcode ApiError.fromResponse}. */
export interface ResponseErrorDetails {
  /** A short statement of the failure. */
  title: string;
  /** HERE's error code, or the codes found in the body. */
  code?: string;
  /** Why, in a sentence. */
  detail?: string;
  /** HERE's suggested action. */
  action?: string;
  /** The body the error carries, when not the response's own. */
  body?: unknown;
}

/**
 * The base class of every error thrown by the `@ls/*` packages.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { LSError, ValueError } from "@ls/core";
 * const err: unknown = new ValueError("limit", "must be positive");
 * assert.ok(err instanceof LSError); // every error of the @ls/* packages
 * assert.equal(new LSError("Something failed").name, "LSError");
 * ```
 */
export class LSError extends Error {
  /** Stable kind used for cross-copy `instanceof` checks. */
  static readonly kind: string = "LSError";
  /**
   * Works across duplicate copies of the package, for this class and every
   * subclass of the family (each names its own `kind`); a user's subclass
   * gets the ordinary prototype check.
   */
  static override [Symbol.hasInstance](value: unknown): boolean {
    return Object.hasOwn(this, "kind")
      ? hasKind(value, this.kind)
      : Function.prototype[Symbol.hasInstance].call(this, value);
  }

  /**
   * Creates the error; `options.cause` becomes the standard `Error.cause`
   * (an undefined `cause` gives the error no `cause` at all; other fields
   * of `options` are ignored). `name` is the class's `kind`, and the error carries the kinds of its
   * classes as a brand that every copy of the package recognises.
   */
  constructor(message: string, options?: ErrorOptions) {
    super(message, options?.cause === undefined ? undefined : options);
    const kinds: string[] = [];
    for (let c = new.target; c; c = Object.getPrototypeOf(c)) {
      if (Object.hasOwn(c, "kind")) kinds.push(c.kind);
    }
    this.name = new.target.kind;
    Object.defineProperty(this, KIND, { value: kinds, configurable: true });
  }

  /** A plain-object view for logs; never contains credentials. */
  toJSON(): Record<string, unknown> {
    return { name: this.name, message: this.message };
  }
}

/**
 * Bad input, thrown before any request is sent. `parameter` names the offending
 * parameter (dotted path for nested values).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { ValueError } from "@ls/core";
 * const err = new ValueError("limit", "must be a positive integer", 0);
 * assert.equal(err.message, "Invalid limit: must be a positive integer, got 0");
 * assert.equal(err.parameter, "limit");
 * ```
 */
export class ValueError extends LSError {
  /** Stable kind used for cross-copy `instanceof` checks. */
  static override readonly kind: string = "ValueError";
  /** The parameter that failed validation. */
  readonly parameter: string;

  /**
   * Builds the error; its message is `Invalid <parameter>: <rule>`, then
   * `, got <value>` when a value is given.
   *
   * @param parameter the parameter name, e.g. `"origin"` or `"truck.height"`
   * @param rule what the value must be, e.g. `"must be a finite number"`
   * @param given the offending value; it is described, briefly, in the message
   */
  constructor(parameter: string, rule: string, ...given: [unknown?]) {
    const suffix = given.length > 0 ? `, got ${describe(given[0])}` : "";
    super(`Invalid ${parameter}: ${rule}${suffix}`);
    this.parameter = parameter;
  }

  /** The error's fields as plain JSON (credentials are never among them). */
  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), parameter: this.parameter };
  }
}

/**
 * A response whose HTTP status was not the one expected, or a job that failed.
 * Carries HERE's error fields whichever body shape the service used.
 *
 * The statuses code branches on have a subclass each, as in openai-node:
 * {@linkcode BadRequestError} (400), {@linkcode AuthenticationError} (401),
 * {@linkcode PermissionDeniedError} (403), {@linkcode NotFoundError} (404),
 * {@linkcode ConflictError} (409), {@linkcode UnprocessableEntityError} (422),
 * {@linkcode RateLimitError} (429) and {@linkcode InternalServerError} (500
 * and above). `new ApiError(init)` itself gives the subclass of
 * `init.status` (an `ApiError` for any other status), so every error the
 * client builds from a response, and every one a test builds, is of the
 * class its status says.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { ApiError } from "@ls/core";
 * import { jsonReply, startTestServer, testClient } from "@ls/core/testing";
 * await using server = await startTestServer();
 * server.route("GET /v1/geocode", jsonReply(400, { title: "Malformed request", status: 400, code: "E605001" }, { "x-correlation-id": "4199533b" }));
 * const client = testClient(server);
 * // the same for any operation, e.g. geocode(client, { query: "..." })
 * const e = await client.request({ service: "geocode", path: "/v1/geocode" }).catch((e) => e);
 * assert.ok(e instanceof ApiError);
 * assert.deepEqual([e.status, e.code, e.correlationId], [400, "E605001", "4199533b"]);
 * ```
 *
 * @example The class of each status
 * ```ts
 * import assert from "node:assert/strict";
 * import {
 *   ApiError,
 *   AuthenticationError,
 *   BadRequestError,
 *   ConflictError,
 *   InternalServerError,
 *   NotFoundError,
 *   PermissionDeniedError,
 *   RateLimitError,
 *   UnprocessableEntityError,
 * } from "@ls/core";
 * const classes = [
 *   [400, BadRequestError, "BadRequestError"],
 *   [401, AuthenticationError, "AuthenticationError"],
 *   [403, PermissionDeniedError, "PermissionDeniedError"],
 *   [404, NotFoundError, "NotFoundError"],
 *   [409, ConflictError, "ConflictError"],
 *   [422, UnprocessableEntityError, "UnprocessableEntityError"],
 *   [429, RateLimitError, "RateLimitError"],
 *   [503, InternalServerError, "InternalServerError"],
 *   [418, ApiError, "ApiError"],
 * ] as const;
 * for (const [status, Class, name] of classes) {
 *   const err = new ApiError({ status, method: "GET", url: "https://example.com/", retryAfterMs: 2000 });
 *   assert.ok(err instanceof Class && err instanceof ApiError);
 *   assert.deepEqual([err.name, err.status, err.retryAfterMs], [name, status, 2000]);
 * }
 * ```
 */
export class ApiError extends LSError {
  /** Stable kind used for cross-copy `instanceof` checks. */
  static override readonly kind: string = "ApiError";
  /** HTTP status. */
  declare readonly status: number;
  /** HTTP method. */
  declare readonly method: string;
  /** Request URL, credentials redacted. */
  declare readonly url: string;
  /** HERE's error code as a string, when given. */
  declare readonly code?: string;
  /** HERE's error title. */
  declare readonly title?: string;
  /** HERE's cause text (kept apart from the standard `cause`). */
  declare readonly detail?: string;
  /** HERE's suggested action. */
  declare readonly action?: string;
  /** HERE's correlation id. */
  declare readonly correlationId?: string;
  /** The request id echoed by HERE. */
  declare readonly requestId?: string;
  /** Parsed JSON body, if any. */
  declare readonly body?: unknown;
  /** Body text, credentials scrubbed, truncated to 4 kB. */
  declare readonly bodyText?: string;
  /** `Retry-After` in milliseconds, when the server sent one. */
  declare readonly retryAfterMs?: number;

  /**
   * Builds the error and a message from HERE's fields; called as
   * `new ApiError(init)`, it returns the subclass of `init.status` when
   * there is one.
   */
  constructor(init: ApiErrorInit) {
    const Status = new.target === ApiError && statusClass(init.status);
    if (Status) return new Status(init);
    super(apiMessage(init), init);
    const fields = this as Record<string, unknown>;
    for (const key of SHOWN) fields[key] = init[key];
    this.bodyText = init.bodyText;
    this.retryAfterMs = init.retryAfterMs;
  }

  /**
   * The error for a response the client received but that cannot stand as
   * an answer: a 200 whose routes must all be discarded, a job that failed,
   * a body of the wrong shape. Status, method, URL and tracing ids come from
   * `response`; `details` says what went wrong. When `response` came from a
   * {@linkcode Client}, everything quoted from the server (the body, `code`,
   * `detail`) is scrubbed of credentials by that client's rules.
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { ApiError } from "@ls/core";
   * const err = ApiError.fromResponse(
   *   { status: 200, method: "GET", url: "https://router.hereapi.com/v8/routes", body: {} },
   *   { title: "No route", code: "E1" },
   * );
   * assert.equal(err.status, 200);
   * assert.equal(err.code, "E1");
   * ```
   *
   * @param response the response's status, method, redacted URL, tracing ids and body
   * @param details what failed: a title, and HERE's code, cause and action when known
   */
  static fromResponse(
    response: ResponseFacts,
    details: ResponseErrorDetails,
  ): ApiError {
    const scrubber = scrubberOf(response);
    // Scrubbed whole, then cut: a cut first could leave part of a
    // credential that no scrubbing recognises.
    const text = (v: string | undefined, max = 1000) =>
      v === undefined ? v : (scrubber ? scrubber.scrub(v) : v).slice(0, max);
    const body = Object.hasOwn(details, "body") ? details.body : response.body;
    return new ApiError({
      status: response.status,
      method: response.method ?? "GET",
      url: response.url ?? "",
      title: text(details.title),
      code: text(details.code, 200),
      detail: text(details.detail, 4096),
      action: text(details.action),
      // Tracing ids are the server's text too.
      correlationId: text(response.correlationId, 200),
      requestId: text(response.requestId, 200),
      body: scrubber ? scrubber.scrubValue(body) : body,
    });
  }

  /** The error's fields as plain JSON (credentials are never among them). */
  override toJSON(): Record<string, unknown> {
    const out = super.toJSON();
    for (const key of SHOWN) out[key] = this[key];
    return out;
  }
}

/** The fields of an ApiError its JSON view shows, in their order. */
const SHOWN = [
  "status",
  "method",
  "url",
  "code",
  "title",
  "detail",
  "action",
  "correlationId",
  "requestId",
  "body",
] as const;

/** The subclass for a status, when there is one. */
function statusClass(status: number): typeof ApiError | undefined {
  return ({
    400: BadRequestError,
    401: AuthenticationError,
    403: PermissionDeniedError,
    404: NotFoundError,
    409: ConflictError,
    422: UnprocessableEntityError,
    429: RateLimitError,
  } as Record<number, typeof ApiError>)[status] ??
    (status > 499 ? InternalServerError : undefined);
}

/**
 * A 400: HERE refused the request as malformed (a parameter it does not
 * take, a value out of its range).
 */
export class BadRequestError extends ApiError {
  /** Stable kind used for cross-copy `instanceof` checks. */
  static override readonly kind: string = "BadRequestError";
}

/** A 401: the API key or token was refused (missing, wrong, expired). */
export class AuthenticationError extends ApiError {
  /** Stable kind used for cross-copy `instanceof` checks. */
  static override readonly kind: string = "AuthenticationError";
}

/** A 403: the credentials are valid but may not use this service or feature. */
export class PermissionDeniedError extends ApiError {
  /** Stable kind used for cross-copy `instanceof` checks. */
  static override readonly kind: string = "PermissionDeniedError";
}

/** A 404: no such resource (a lookup id HERE does not know, a job that is gone). */
export class NotFoundError extends ApiError {
  /** Stable kind used for cross-copy `instanceof` checks. */
  static override readonly kind: string = "NotFoundError";
}

/** A 409: the request conflicts with the state of the resource. */
export class ConflictError extends ApiError {
  /** Stable kind used for cross-copy `instanceof` checks. */
  static override readonly kind: string = "ConflictError";
}

/** A 422: the request was well-formed but HERE could not process it. */
export class UnprocessableEntityError extends ApiError {
  /** Stable kind used for cross-copy `instanceof` checks. */
  static override readonly kind: string = "UnprocessableEntityError";
}

/**
 * A 429: a rate or quota limit was hit. The client has already retried it
 * (waiting `retryAfterMs` when HERE said how long); this is the answer
 * after the retries ran out.
 */
export class RateLimitError extends ApiError {
  /** Stable kind used for cross-copy `instanceof` checks. */
  static override readonly kind: string = "RateLimitError";
}

/**
 * A status of 500 or above: HERE (or a gateway before it) failed. The
 * client has already retried the statuses it retries.
 */
export class InternalServerError extends ApiError {
  /** Stable kind used for cross-copy `instanceof` checks. */
  static override readonly kind: string = "InternalServerError";
}

/**
 * A request (or a whole operation, or an async job) ran out of time.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { TimeoutError } from "@ls/core";
 * const err = new TimeoutError("Request timed out after 30000 ms", { url: "https://example.com/" });
 * assert.equal(err.name, "TimeoutError");
 * assert.equal(err.url, "https://example.com/");
 * ```
 */
export class TimeoutError extends LSError {
  /** Stable kind used for cross-copy `instanceof` checks. */
  static override readonly kind: string = "TimeoutError";
  /** The request URL, credentials redacted, if one was in flight. */
  readonly url?: string;

  /**
   * Builds the error.
   *
   * @param message what timed out and after how long
   */
  constructor(message: string, init: { url?: string; cause?: unknown } = {}) {
    super(message, init);
    this.url = init.url;
  }

  /** The error's fields as plain JSON (credentials are never among them). */
  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), url: this.url };
  }
}

/**
 * The network failed: no response arrived (DNS, refused, reset, TLS, ...).
 * The runtime's error is kept as `cause`, its message scrubbed of
 * credentials.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Client, ConnectionError } from "@ls/core";
 * // Nothing listens on port 9 of the loopback address.
 * const client = new Client({ apiKey: "<API_KEY>", baseUrl: "http://127.0.0.1:9", maxRetries: 0 });
 * const err = await client.request({ service: "geocode", path: "/v1/geocode" }).catch((e) => e);
 * assert.ok(err instanceof ConnectionError && err.cause instanceof Error);
 * assert.equal(err.url, "http://127.0.0.1:9/v1/geocode"); // the key is never in it
 * ```
 */
export class ConnectionError extends LSError {
  /** Stable kind used for cross-copy `instanceof` checks. */
  static override readonly kind: string = "ConnectionError";
  /** The request URL, credentials redacted. */
  readonly url?: string;

  /**
   * Builds the error.
   *
   * @param message what failed; `init.cause` keeps the runtime's error
   */
  constructor(message: string, init: { url?: string; cause?: unknown } = {}) {
    super(message, init);
    this.url = init.url;
  }

  /** The error's fields as plain JSON (credentials are never among them). */
  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), url: this.url };
  }
}
