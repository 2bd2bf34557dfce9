/**
 * The error classes every package throws. All extend {@linkcode LSError}, set
 * `name` to their class name, and work with `instanceof` even when two copies
 * of `@ls/core` end up in one program (they carry a registry-wide brand).
 *
 * @module
 */

import { scrubberOf } from "./_scrubbers.ts";
import { describe } from "./_describe.ts";

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

const KIND: unique symbol = Symbol.for("@ls/core.error.kind") as never;

function brand(target: object, kind: string): void {
  const kinds: string[] = Reflect.get(target, KIND) ?? [];
  Object.defineProperty(target, KIND, {
    value: [...kinds, kind],
    enumerable: false,
    configurable: true,
  });
}

/** Whether `value` carries the brand of `kind` (any copy of the package). */
export function hasKind(value: unknown, kind: string): boolean {
  if (typeof value !== "object" || value === null) return false;
  const kinds = Reflect.get(value, KIND);
  return Array.isArray(kinds) && kinds.includes(kind);
}

function makeInstanceCheck(kind: string) {
  return function (this: unknown, value: unknown): boolean {
    if (
      Object.hasOwn(this as object, "kind") &&
      Reflect.get(this as object, "kind") === kind
    ) {
      return hasKind(value, kind);
    }
    // A user's subclass: fall back to the ordinary prototype check.
    return Function.prototype[Symbol.hasInstance].call(this, value);
  };
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
  /** Works across duplicate copies of the package. */
  static override [Symbol.hasInstance]: (value: unknown) => boolean =
    makeInstanceCheck("LSError");

  /** Creates the error; `options.cause` becomes the standard `Error.cause`. */
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = "LSError";
    brand(this, "LSError");
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
  /** Works across duplicate copies of the package. */
  static override [Symbol.hasInstance]: (value: unknown) => boolean =
    makeInstanceCheck(
      "ValueError",
    );
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
    this.name = "ValueError";
    this.parameter = parameter;
    brand(this, "ValueError");
  }

  /** The error's fields as plain JSON (credentials are never among them). */
  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), parameter: this.parameter };
  }
}

/** Fields of an {@linkcode ApiError}. */
export interface ApiErrorInit {
  /** HTTP status of the response. */
  status: number;
  /** HTTP method of the request. */
  method: string;
  /** Request URL with credentials redacted. */
  url: string;
  /** HERE's error code (`E605001`, `401204`, ...), as a string. */
  code?: string;
  /** HERE's title (`title`, `error` or `message`). */
  title?: string;
  /** HERE's cause text (`cause`, `error_description` or `message`). */
  detail?: string;
  /** HERE's suggested action. */
  action?: string;
  /** `correlationId` from the body, else the `X-Correlation-Id` header. */
  correlationId?: string;
  /** The `X-Request-Id` response header. */
  requestId?: string;
  /** The parsed JSON body, when the body was JSON. */
  body?: unknown;
  /** The body text (credentials scrubbed), possibly truncated. */
  bodyText?: string;
  /** Delay the server asked for (`Retry-After`), in milliseconds. */
  retryAfterMs?: number;
  /** The standard `Error.cause`. */
  cause?: unknown;
}

/**
 * A response whose HTTP status was not the one expected, or a job that failed.
 * Carries HERE's error fields whichever body shape the service used.
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
 */
export class ApiError extends LSError {
  /** Stable kind used for cross-copy `instanceof` checks. */
  static override readonly kind: string = "ApiError";
  /** Works across duplicate copies of the package. */
  static override [Symbol.hasInstance]: (value: unknown) => boolean =
    makeInstanceCheck("ApiError");
  /** HTTP status. */
  readonly status: number;
  /** HTTP method. */
  readonly method: string;
  /** Request URL, credentials redacted. */
  readonly url: string;
  /** HERE's error code as a string, when given. */
  readonly code?: string;
  /** HERE's error title. */
  readonly title?: string;
  /** HERE's cause text (kept apart from the standard `cause`). */
  readonly detail?: string;
  /** HERE's suggested action. */
  readonly action?: string;
  /** HERE's correlation id. */
  readonly correlationId?: string;
  /** The request id echoed by HERE. */
  readonly requestId?: string;
  /** Parsed JSON body, if any. */
  readonly body?: unknown;
  /** Body text, credentials scrubbed, truncated to 4 kB. */
  readonly bodyText?: string;
  /** `Retry-After` in milliseconds, when the server sent one. */
  readonly retryAfterMs?: number;

  /** Builds the error and a message from HERE's fields. */
  constructor(init: ApiErrorInit) {
    super(
      apiMessage(init),
      init.cause === undefined ? undefined : { cause: init.cause },
    );
    this.name = "ApiError";
    this.status = init.status;
    this.method = init.method;
    this.url = init.url;
    this.code = init.code;
    this.title = init.title;
    this.detail = init.detail;
    this.action = init.action;
    this.correlationId = init.correlationId;
    this.requestId = init.requestId;
    this.body = init.body;
    this.bodyText = init.bodyText;
    this.retryAfterMs = init.retryAfterMs;
    brand(this, "ApiError");
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
      correlationId: text(response.correlationId)?.slice(0, 200),
      requestId: text(response.requestId)?.slice(0, 200),
      body: scrubber ? scrubber.scrubValue(body) : body,
    });
  }

  /** The error's fields as plain JSON (credentials are never among them). */
  override toJSON(): Record<string, unknown> {
    return {
      ...super.toJSON(),
      status: this.status,
      method: this.method,
      url: this.url,
      code: this.code,
      title: this.title,
      detail: this.detail,
      action: this.action,
      correlationId: this.correlationId,
      requestId: this.requestId,
      body: this.body,
    };
  }
}

/**
 * A response body larger than the client accepts: its decoded size passed
 * `maxResponseBytes` (or the default cap of its kind), so reading stopped
 * there. Never retried: the same request would get the same answer.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { ApiError, ResponseTooLargeError } from "@ls/core";
 * const err = new ResponseTooLargeError({ status: 200, method: "GET", url: "https://example.com/", limit: 1024 });
 * assert.ok(err instanceof ApiError);
 * assert.equal(err.limit, 1024);
 * assert.equal(err.detail, "the decoded body exceeds 1024 bytes; raise maxResponseBytes to accept more");
 * ```
 */
export class ResponseTooLargeError extends ApiError {
  /** Stable kind used for cross-copy `instanceof` checks. */
  static override readonly kind: string = "ResponseTooLargeError";
  /** Works across duplicate copies of the package. */
  static override [Symbol.hasInstance]: (value: unknown) => boolean =
    makeInstanceCheck("ResponseTooLargeError");
  /** The cap the body passed, in bytes. */
  readonly limit: number;

  /**
   * Builds the error; its title and detail say which cap the body passed.
   *
   * @param init the response's fields and the cap, in bytes
   */
  constructor(
    init: Omit<ApiErrorInit, "title" | "detail"> & { limit: number },
  ) {
    super({
      ...init,
      title: "Response body too large",
      detail:
        `the decoded body exceeds ${init.limit} bytes; raise maxResponseBytes to accept more`,
    });
    this.name = "ResponseTooLargeError";
    this.limit = init.limit;
    brand(this, "ResponseTooLargeError");
  }

  /** The error's fields and the cap as plain JSON (credentials are never among them). */
  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), limit: this.limit };
  }
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
  /** Works across duplicate copies of the package. */
  static override [Symbol.hasInstance]: (value: unknown) => boolean =
    makeInstanceCheck(
      "TimeoutError",
    );
  /** The request URL, credentials redacted, if one was in flight. */
  readonly url?: string;

  /**
   * Builds the error.
   *
   * @param message what timed out and after how long
   */
  constructor(message: string, init: { url?: string; cause?: unknown } = {}) {
    super(
      message,
      init.cause === undefined ? undefined : { cause: init.cause },
    );
    this.name = "TimeoutError";
    this.url = init.url;
    brand(this, "TimeoutError");
  }

  /** The error's fields as plain JSON (credentials are never among them). */
  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), url: this.url };
  }
}

/**
 * The network failed: no response arrived (DNS, refused, reset, TLS, ...).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { ConnectionError } from "@ls/core";
 * const cause = new TypeError("error sending request");
 * const err = new ConnectionError("Connection failed", { url: "https://example.com/", cause });
 * assert.ok(err instanceof ConnectionError);
 * assert.equal(err.cause, cause);
 * ```
 */
export class ConnectionError extends LSError {
  /** Stable kind used for cross-copy `instanceof` checks. */
  static override readonly kind: string = "ConnectionError";
  /** Works across duplicate copies of the package. */
  static override [Symbol.hasInstance]: (value: unknown) => boolean =
    makeInstanceCheck(
      "ConnectionError",
    );
  /** The request URL, credentials redacted. */
  readonly url?: string;

  /**
   * Builds the error.
   *
   * @param message what failed; `init.cause` keeps the runtime's error
   */
  constructor(message: string, init: { url?: string; cause?: unknown } = {}) {
    super(
      message,
      init.cause === undefined ? undefined : { cause: init.cause },
    );
    this.name = "ConnectionError";
    this.url = init.url;
    brand(this, "ConnectionError");
  }

  /** The error's fields as plain JSON (credentials are never among them). */
  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), url: this.url };
  }
}

function apiMessage(init: ApiErrorInit): string {
  const head = [init.code, init.title].filter(Boolean).join(" ");
  let msg = `HERE answered ${init.status}${head ? ` (${head})` : ""}`;
  if (init.detail) msg += `: ${init.detail}`;
  else if (init.bodyText && init.body === undefined) {
    msg += `: ${snippet(init.bodyText)}`;
  }
  if (init.action) msg += `. ${init.action}`;
  return `${msg} [${init.method} ${init.url}]`;
}

function snippet(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > 200 ? `${flat.slice(0, 200)}…` : flat;
}
