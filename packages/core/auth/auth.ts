/**
 * The OAuth 2.0 token manager: gets bearer tokens from HERE's token endpoint
 * with the client-credentials grant (signed with OAuth 1.0a HMAC-SHA256),
 * caches them, refreshes them before they expire, shares one in-flight token
 * request between concurrent callers and corrects the clock when the endpoint
 * reports clock skew (`401204`). Web-standard APIs only.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Auth, PlatformCredentials } from "@ls/core";
 * import { jsonReply, startTestServer } from "@ls/core/testing";
 * await using server = await startTestServer(); // stands in for HERE
 * server.route("POST /oauth2/token", jsonReply(200, { access_token: "tok-1", expires_in: 3600 }));
 * server.route("GET /v8/routes", jsonReply(200, { routes: [] }));
 * const auth = new Auth({
 *   // e.g. PlatformCredentials.fromEnv(Deno.env) or fromEnv(process.env)
 *   credentials: PlatformCredentials.fromEnv({ HERE_ACCESS_KEY_ID: "AKID", HERE_ACCESS_KEY_SECRET: "SECRET" }),
 *   tokenUrl: `${server.url}/oauth2/token`, // default: HERE's token endpoint
 * });
 * const token = await auth.getToken();
 * const res = await fetch(`${server.url}/v8/routes`, { headers: { authorization: `Bearer ${token}` } });
 * if (res.status === 401) auth.invalidate(token); // the next getToken() renews
 * assert.deepEqual(await res.json(), { routes: [] });
 * assert.equal(server.requests[1].headers.get("authorization"), "Bearer tok-1");
 * ```
 *
 * @module
 */

import { type ApiError, ValueError } from "../errors/errors.ts";
import {
  type CachedToken,
  isClockSkew,
  parseServerTime,
  parseTokenAnswer,
} from "./_token_answer.ts";
import { encodeContent as enc } from "../params/query.ts";
import { Redactor } from "../redact/_redact.ts";
import { scrubInputError } from "../redact/scrubbing.ts";
import { apiErrorFrom } from "../http/_error_response.ts";
import { DEFAULT_MAX_TOKEN_BYTES } from "../http/read.ts";
import { parseRetryAfter } from "../http/_retry.ts";
import { oauthAuthorizationHeader, oauthNonce } from "./oauth.ts";
import { exchange, type TokenEndpoint } from "./_token_exchange.ts";
import {
  isCredentials,
  isHttpUrl,
  type PlatformCredentials,
} from "./credentials.ts";
import { numberOption } from "../params/check_params.ts";
import { emit } from "../client/_hooks.ts";

/** HERE's default token endpoint. */
export const DEFAULT_TOKEN_URL: string =
  "https://account.api.here.com/oauth2/token";

/** What {@linkcode AuthOptions.onTokenRequest} is told before each token request. */
export interface TokenRequestInfo {
  /** The token URL (credentials redacted). */
  url: string;
  /** 1 for the first request of a renewal, 2 for the retry after a clock correction. */
  attempt: number;
}

/** Options of {@linkcode Auth}. */
export interface AuthOptions {
  /** The access key id and secret (plus optional token URL and scope). */
  credentials: PlatformCredentials;
  /**
   * The token endpoint. Default `credentials.tokenEndpointUrl`, else
   * {@linkcode DEFAULT_TOKEN_URL}.
   */
  tokenUrl?: string;
  /** The `fetch` to use; default the global one. */
  fetch?: typeof fetch;
  /** Timeout of each token (or server time) request, in ms. Default 30000. */
  timeoutMs?: number;
  /** The most decoded bytes of a token (or server time) answer; default 64 KiB. */
  maxResponseBytes?: number;
  /** The clock, in ms since the epoch; default `Date.now`. For tests. */
  now?: () => number;
  /** Called before each token request is sent; errors it throws are ignored. */
  onTokenRequest?: (info: TokenRequestInfo) => void;
}

interface Flight {
  promise: Promise<string>;
  controller: AbortController;
  waiters: number;
}

/**
 * Gets, caches and renews OAuth bearer tokens for HERE services.
 *
 * - The token is fetched lazily, on the first {@linkcode Auth.getToken}.
 * - It is used while `now < expiresAt - margin`, where `expiresAt` is the time
 *   the request was sent plus `expires_in`, and the margin is 60 s or 10 % of
 *   the lifetime, whichever is smaller.
 * - Concurrent callers share a single token request.
 * - On a 401 with `errorCode` 401204 (clock skew) it reads the server time from
 *   `/timestamp`, keeps the offset for later requests and retries once.
 *
 * Errors: {@linkcode ApiError} for a non-2xx answer (429 and 503 keep their
 * status, so callers can retry), {@linkcode ConnectionError} for a network
 * failure, {@linkcode TimeoutError} when a request exceeds `timeoutMs`. No
 * error carries the secret or a token.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Auth, PlatformCredentials } from "@ls/core";
 * import { jsonReply, startTestServer } from "@ls/core/testing";
 * await using server = await startTestServer();
 * server.route("POST /oauth2/token", jsonReply(200, { access_token: "tok-1", expires_in: 3600 }));
 * const auth = new Auth({
 *   credentials: new PlatformCredentials({ accessKeyId: "AKID", accessKeySecret: "SECRET" }),
 *   tokenUrl: `${server.url}/oauth2/token`,
 * });
 * const [a, b] = await Promise.all([auth.getToken(), auth.getToken()]);
 * assert.equal(a, "tok-1");
 * assert.equal(await auth.getToken(AbortSignal.timeout(10_000)), b); // cached
 * const requests = server.requestsFor("POST /oauth2/token");
 * assert.equal(requests.length, 1); // one token request for the three calls
 * assert.equal(requests[0].bodyText, "grant_type=client_credentials");
 * assert.match(requests[0].headers.get("authorization")!, /^OAuth oauth_consumer_key="AKID", /);
 * ```
 */
export class Auth {
  /** The token endpoint this manager uses. */
  readonly tokenUrl: string;
  #credentials: Pick<
    PlatformCredentials,
    "accessKeyId" | "accessKeySecret" | "scope"
  >;
  #endpoint: TokenEndpoint;
  #now: () => number;
  #onTokenRequest?: (info: TokenRequestInfo) => void;
  #redactor = new Redactor();
  #cached?: CachedToken;
  #flight?: Flight;
  #offsetMs = 0;

  /**
   * Creates the manager; no request is sent until the first
   * {@linkcode Auth.getToken}.
   *
   * @throws {ValueError} when the credentials are missing, the token URL is
   * not an absolute http(s) URL, the timeout is not a positive number or
   * `fetch`, `now` or `onTokenRequest` is given but not a function
   */
  constructor(options: AuthOptions) {
    // Read once: what is checked, and scrubbed, is what is signed with.
    const given = options?.credentials;
    const credentials = typeof given === "object" && given !== null
      ? {
        accessKeyId: given.accessKeyId,
        accessKeySecret: given.accessKeySecret,
        scope: given.scope,
        tokenEndpointUrl: given.tokenEndpointUrl,
      }
      : given;
    if (!isCredentials(credentials)) {
      throw new ValueError(
        "credentials",
        "must be a PlatformCredentials (with accessKeyId and accessKeySecret)",
      );
    }
    this.#credentials = credentials;
    this.#redactor.add(credentials.accessKeySecret);
    this.#redactor.add(enc(credentials.accessKeySecret));
    // An option's error quotes its value, which could be the secret given
    // in the wrong place: scrubbed of it.
    try {
      const tokenUrl = options.tokenUrl ?? credentials.tokenEndpointUrl ??
        DEFAULT_TOKEN_URL;
      if (!isHttpUrl(tokenUrl)) {
        throw new ValueError(
          "tokenUrl",
          "must be an absolute http(s) URL",
          String(tokenUrl),
        );
      }
      this.tokenUrl = tokenUrl;
      // Called only later, inside a request: a wrong one would surface
      // there as a connection failure, retried.
      for (const name of ["fetch", "now", "onTokenRequest"] as const) {
        const fn = options[name];
        if (fn !== undefined && typeof fn !== "function") {
          throw new ValueError(name, "must be a function", fn);
        }
      }

      const timeoutMs = numberOption(
        options.timeoutMs,
        30_000,
        "timeoutMs",
        "positive number",
      );
      const maxBytes = numberOption(
        options.maxResponseBytes ?? DEFAULT_MAX_TOKEN_BYTES,
        0,
        "maxResponseBytes",
        "positive integer",
      );
      this.#endpoint = {
        // Look the global up per call (tests may stub it) and never call it
        // as a method.
        fetch: options.fetch ?? ((input, init) => fetch(input, init)),
        timeoutMs,
        maxBytes,
        redactor: this.#redactor,
      };
    } catch (err) {
      throw scrubInputError(err, (text) => this.#redactor.scrub(text));
    }
    this.#now = options.now ?? Date.now;
    this.#onTokenRequest = options.onTokenRequest;
  }

  /**
   * The offset between the token endpoint's clock and the local one, in ms,
   * learnt from a clock-skew correction (0 until then).
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { Auth, PlatformCredentials } from "@ls/core";
   * import { jsonReply, startTestServer } from "@ls/core/testing";
   * await using server = await startTestServer();
   * server.route("POST /oauth2/token", [
   *   jsonReply(401, { errorCode: 401204, message: "Time stamp is outside the valid period." }),
   *   jsonReply(200, { access_token: "tok-1", expires_in: 3600 }),
   * ]);
   * server.route("GET /timestamp", jsonReply(200, { timestamp: 1_700_000_060 }));
   * const auth = new Auth({
   *   credentials: new PlatformCredentials({ accessKeyId: "AKID", accessKeySecret: "SECRET" }),
   *   tokenUrl: `${server.url}/oauth2/token`,
   *   now: () => 1_700_000_000_000, // the local clock is 60 s behind
   * });
   * assert.equal(auth.clockOffsetMs, 0);
   * assert.equal(await auth.getToken(), "tok-1");
   * assert.equal(auth.clockOffsetMs, 60_000);
   * ```
   */
  get clockOffsetMs(): number {
    return this.#offsetMs;
  }

  /**
   * A valid bearer token: the cached one, or a new one from the token endpoint.
   * Concurrent calls share one token request. Aborting `signal` rejects only
   * this call, with `signal.reason`; the shared request is cancelled only when
   * no caller is left waiting for it.
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { Auth, PlatformCredentials } from "@ls/core";
   * import { jsonReply, startTestServer } from "@ls/core/testing";
   * await using server = await startTestServer();
   * server.route("POST /oauth2/token", jsonReply(200, { access_token: "tok-1", expires_in: 3600 }));
   * const auth = new Auth({
   *   credentials: new PlatformCredentials({ accessKeyId: "AKID", accessKeySecret: "SECRET" }),
   *   tokenUrl: `${server.url}/oauth2/token`,
   * });
   * const token = await auth.getToken();
   * const headers = { authorization: `Bearer ${token}` };
   * assert.deepEqual(headers, { authorization: "Bearer tok-1" });
   * ```
   *
   * @throws {ApiError} when the token endpoint answers with an error status
   * @throws {ConnectionError} when the token endpoint cannot be reached
   * @throws {TimeoutError} when a token request takes longer than `timeoutMs`
   */
  getToken(signal?: AbortSignal): Promise<string> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    const cached = this.#cached;
    if (cached && this.#now() < cached.validUntil) {
      return Promise.resolve(cached.token);
    }
    const flight = this.#flight ??= this.#startFlight();
    flight.waiters++;
    if (!signal) return flight.promise;
    return new Promise<string>((resolve, reject) => {
      const onAbort = () => {
        flight.waiters--;
        if (flight.waiters === 0 && this.#flight === flight) {
          this.#flight = undefined;
          flight.controller.abort(signal.reason);
        }
        reject(signal.reason);
      };
      signal.addEventListener("abort", onAbort, { once: true });
      flight.promise.then(
        (token) => {
          signal.removeEventListener("abort", onAbort);
          resolve(token);
        },
        (err) => {
          signal.removeEventListener("abort", onAbort);
          reject(err);
        },
      );
    });
  }

  /**
   * Replaces this manager's secret and every token it obtained in a text, so
   * a client sharing it can keep them out of errors and hooks.
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { Auth, PlatformCredentials } from "@ls/core";
   * const auth = new Auth({
   *   credentials: new PlatformCredentials({ accessKeyId: "id", accessKeySecret: "s3cr3t-value" }),
   * });
   * assert.equal(auth.scrub("echo s3cr3t-value"), "echo REDACTED");
   * ```
   */
  scrub(text: string): string {
    return this.#redactor.scrub(text);
  }

  /**
   * Drops the cached token if it is still `token`, so the next
   * {@linkcode Auth.getToken} fetches a new one. Call it when a service
   * answers 401 to a request made with `token`, then retry that request once.
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { Auth, PlatformCredentials } from "@ls/core";
   * import { startTestServer } from "@ls/core/testing";
   * await using server = await startTestServer();
   * server.route("POST /oauth2/token", (_req, n) => Response.json({ access_token: `tok-${n + 1}`, expires_in: 3600 }));
   * const auth = new Auth({
   *   credentials: new PlatformCredentials({ accessKeyId: "AKID", accessKeySecret: "SECRET" }),
   *   tokenUrl: `${server.url}/oauth2/token`,
   * });
   * const token = await auth.getToken();
   * // ... the service answered 401:
   * auth.invalidate(token);
   * const fresh = await auth.getToken();
   * assert.deepEqual([token, fresh], ["tok-1", "tok-2"]);
   * ```
   */
  invalidate(token: string): void {
    if (this.#cached?.token === token) this.#cached = undefined;
  }

  #startFlight(): Flight {
    const controller = new AbortController();
    const flight: Flight = {
      controller,
      waiters: 0,
      promise: this.#renew(controller.signal).then(
        (cached) => {
          if (this.#flight === flight) {
            this.#cached = cached;
            this.#flight = undefined;
          }
          return cached.token;
        },
        (err) => {
          if (this.#flight === flight) this.#flight = undefined;
          throw err;
        },
      ),
    };
    // Callers that aborted no longer listen; keep the rejection handled.
    flight.promise.catch(() => {});
    return flight;
  }

  async #renew(signal: AbortSignal): Promise<CachedToken> {
    try {
      return await this.#requestToken(signal, 1);
    } catch (err) {
      if (!isClockSkew(err)) throw err;
      await this.#syncClock(signal);
      return await this.#requestToken(signal, 2);
    }
  }

  async #requestToken(
    signal: AbortSignal,
    attempt: number,
  ): Promise<CachedToken> {
    const credentials = this.#credentials;
    const params: [string, string][] = [["grant_type", "client_credentials"]];
    if (credentials.scope) params.push(["scope", credentials.scope]);
    const body = params.map(([k, v]) => `${enc(k)}=${enc(v)}`).join("&");
    const sentAt = this.#now();
    const authorization = await oauthAuthorizationHeader({
      method: "POST",
      url: this.tokenUrl,
      consumerKey: credentials.accessKeyId,
      consumerSecret: credentials.accessKeySecret,
      nonce: oauthNonce(),
      timestamp: Math.floor((sentAt + this.#offsetMs) / 1000),
      params,
    });
    const url = this.#redactor.scrub(this.tokenUrl);
    // A logging hook must not break authentication.
    emit(this.#onTokenRequest, { url, attempt });
    const { response, text } = await exchange(
      this.#endpoint,
      this.tokenUrl,
      {
        method: "POST",
        headers: {
          authorization,
          "content-type": "application/x-www-form-urlencoded",
          accept: "application/json",
        },
        body,
      },
      signal,
      "Token request",
    );
    if (!response.ok) throw this.#apiError("POST", response, text, url);
    return parseTokenAnswer(response, text, sentAt, {
      url,
      redactor: this.#redactor,
    });
  }

  /** Reads the server time from `/timestamp` and keeps the clock offset. */
  async #syncClock(signal: AbortSignal): Promise<void> {
    const url = new URL(this.tokenUrl);
    url.pathname = url.pathname.includes("/oauth2/token")
      ? url.pathname.replace("/oauth2/token", "/timestamp")
      : "/timestamp";
    url.search = "";
    url.hash = "";
    const sentAt = this.#now();
    const { response, text } = await exchange(
      this.#endpoint,
      url.href,
      { method: "GET", headers: { accept: "application/json" } },
      signal,
      "Server time request",
    );
    const receivedAt = this.#now();
    const safeUrl = this.#redactor.scrub(url.href);
    if (!response.ok) throw this.#apiError("GET", response, text, safeUrl);
    const seconds = parseServerTime(text);
    if (seconds === undefined) {
      throw apiErrorFrom(response.status, response.headers, text, {
        method: "GET",
        url: safeUrl,
        redactor: this.#redactor,
      }, "Invalid server time response");
    }
    const serverMs = seconds > 1e11 ? seconds : seconds * 1000;
    this.#offsetMs = serverMs - (sentAt + receivedAt) / 2;
  }

  /** The ApiError of a non-2xx answer; `url` is already scrubbed. */
  #apiError(
    method: string,
    response: Response,
    text: string,
    url: string,
  ): ApiError {
    return apiErrorFrom(response.status, response.headers, text, {
      method,
      url,
      redactor: this.#redactor,
      retryAfterMs: parseRetryAfter(response.headers.get("retry-after")),
    });
  }
}
