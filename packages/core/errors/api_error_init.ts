// The fields an ApiError is made of, and the message they make.

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
 * The message of an ApiError: the status, HERE's code and title, the
 * detail (or a snippet of a body that is not JSON), the action, and the
 * request.
 */
export function apiMessage(init: ApiErrorInit): string {
  const head = [init.code, init.title].filter(Boolean).join(" ");
  let msg = `HERE answered ${init.status}${head ? ` (${head})` : ""}`;
  if (init.detail) msg += `: ${init.detail}`;
  else if (init.bodyText && init.body === undefined) {
    // The text on one line, cut to 200 characters.
    const flat = init.bodyText.replace(/\s+/g, " ").trim();
    msg += `: ${flat.length > 200 ? `${flat.slice(0, 200)}…` : flat}`;
  }
  if (init.action) msg += `. ${init.action}`;
  return `${msg} [${init.method} ${init.url}]`;
}
