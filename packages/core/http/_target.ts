// What one request is, as the client's retry loop runs it: method, URL,
// body, the statuses it expects, how it may be retried and redirected, and
// whether credentials may go with it.

import type { RequestOptions, RequestSpec } from "./spec.ts";
import { ValueError } from "../errors/errors.ts";
import type { Service } from "./hosts.ts";
import { checkJson, keyPath } from "../params/check_params.ts";
import {
  MAX_URL_LENGTH,
  withExtraBody,
  withExtraQuery,
} from "../params/_extra_params.ts";
import { checkMethod } from "../client/client_checks.ts";

/** One request as the retry loop sends it. */
export interface Target {
  /** The service it goes to (rate limits, error context). */
  service: Service;
  /** The HTTP method. */
  method: string;
  /** The URL, without credentials. */
  url: string;
  /** The JSON body, as text. */
  body?: string;
  /** The statuses that are answers, not errors. */
  expect: readonly number[];
  /** How it may be retried. */
  retry: "idempotent" | "submit";
  /** Whether redirects are followed. */
  redirect: RequestRedirect;
  /** Whether credentials may be sent to `url`. */
  trusted: boolean;
  /** What an error names when `url` itself is refused. */
  referrer?: string;
  /**
   * Whether a redirect may lead from a trusted host to another one (a job's
   * result on pre-signed storage); a service's own requests stay on it.
   */
  crossHost: boolean;
}

/** The default expected statuses. */
export const OK: readonly number[] = [200];

/**
 * The request a spec describes, on `origin`: its URL (checked against the
 * longest URL fetch takes, with room for a key of `keyLength` characters),
 * its JSON body, the call's extra `query` and `body`, and the client's
 * defaults.
 *
 * @throws {ValueError} for a URL too long (naming the longest query
 * parameter), a body JSON cannot carry, or an extra parameter that would
 * replace one the call sets
 */
export function toTarget(
  spec: RequestSpec,
  origin: string,
  keyLength: number,
  options?: RequestOptions,
): Target {
  const qs = withExtraQuery(spec.query?.toString() ?? "", options?.query);
  const json = withExtraBody(spec.body, options?.body);
  const url = `${origin}${spec.path}${qs ? `?${qs}` : ""}`;
  const length = url.length + keyLength + 1;
  if (length > MAX_URL_LENGTH) {
    // Name the longest query parameter; the URL itself is no use in a message.
    const part = qs.split("&").reduce((a, b) => b.length > a.length ? b : a);
    const key = decodeURIComponent(part.slice(0, part.indexOf("=")));
    throw new ValueError(
      // A name no parameter could have is not printed (see keyPath).
      keyPath("query", key).replace(/^query\.?/, "") || "query",
      `makes the request URL ${length} characters long; a URL may have at most ${MAX_URL_LENGTH}`,
    );
  }
  let body: string | undefined;
  try {
    body = json === undefined ? undefined : JSON.stringify(json);
  } catch (err) {
    checkJson(json, "body"); // names the BigInt or the cycle
    throw err;
  }
  return {
    service: spec.service,
    method: checkMethod(spec.method),
    url,
    body,
    expect: spec.expect ?? OK,
    retry: spec.retry ?? "idempotent",
    redirect: "follow",
    trusted: true, // our own origin: a HERE host or the configured baseUrl
    crossHost: false,
  };
}
