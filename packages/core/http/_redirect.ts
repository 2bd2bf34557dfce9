// The rules a client follows a redirect by: at most MAX_REDIRECTS hops,
// `https:` only (or `http:` when the client's own baseUrl is http), and
// another host only where a trusted response may name one (a job's result on
// pre-signed storage). A refused URL is never quoted.

import { ApiError } from "../errors/errors.ts";
import type { Redactor } from "../redact/_redact.ts";
import { tracing } from "./_error_response.ts";

/** The most redirects one attempt follows (fetch's own limit). */
export const MAX_REDIRECTS = 20;

/** The statuses that redirect. */
export const REDIRECTS: ReadonlySet<number> = /* @__PURE__ */ new Set([
  301,
  302,
  303,
  307,
  308,
]);

/**
 * The URL when the client may follow it: `https:`, or `http:` when
 * `httpAllowed` (the client's own `baseUrl` is http: the sandbox, tests);
 * otherwise why not.
 */
export function followable(
  href: string,
  base: string | undefined,
  httpAllowed: boolean,
): URL | string {
  let u: URL;
  try {
    u = new URL(href, base);
  } catch {
    return "it is not a valid URL";
  }
  if (u.protocol === "https:" || (httpAllowed && u.protocol === "http:")) {
    return u;
  }
  return `its scheme ${
    JSON.stringify(u.protocol.slice(0, 20))
  } is not allowed (only https${httpAllowed ? " and http" : ""})`;
}

/** Where one redirect hop leads from. */
export interface Hop {
  /** The redirect response. */
  res: Response;
  /** The URL that answered with it. */
  from: string;
  /** Whether the redirect may lead to another host. */
  mayLeave: boolean;
  /** How many redirects this attempt followed before. */
  hop: number;
  /** The request's method. */
  method: string;
}

/** The next URL of a redirect, or the ApiError that stops it. */
export function nextHop(
  { res, from, mayLeave, hop, method }: Hop,
  httpAllowed: boolean,
  redactor: Redactor,
): string {
  const refuse = (why: string) =>
    new ApiError({
      status: res.status,
      method,
      url: redactor.scrub(from),
      title: "Redirect not followed",
      detail: why,
      ...tracing(res.headers, redactor),
    });
  const location = res.headers.get("location");
  if (!location) {
    throw refuse("the redirect has no Location header");
  }
  if (hop >= MAX_REDIRECTS) {
    throw refuse(`more than ${MAX_REDIRECTS} redirects`);
  }
  const next = followable(location, from, httpAllowed);
  if (typeof next === "string") throw refuse(next);
  if (!mayLeave && next.origin !== new URL(from).origin) {
    throw refuse("it leads to another host");
  }
  return next.href;
}
