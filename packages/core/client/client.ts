/**
 * The {@linkcode Client}: one transport for every HERE service, with
 * credentials, hosts per region, retries, timeouts, cancellation,
 * concurrency and rate limits, and redacted hooks.
 *
 * @module
 */

import type { ClientOptions } from "./client_options.ts";
import type {
  JsonResponse,
  RequestOptions,
  RequestSpec,
  UrlRequestSpec,
} from "../http/spec.ts";
import {
  ApiError,
  LSError,
  TimeoutError,
  ValueError,
} from "../errors/errors.ts";
import {
  type Country,
  isHereHost,
  type Service,
  serviceOrigin,
} from "../http/hosts.ts";
import { redactHeaders } from "../redact/_redact.ts";
import { apiErrorFrom, tracing } from "../http/_error_response.ts";
import { Deadline } from "../http/deadline.ts";
import { ReceivedJson } from "../redact/_scrubbers.ts";
import { bodyFailure, connectionFailure } from "../http/_failures.ts";
import { type ClientSettings, clientSettings } from "./_client_setup.ts";
import { followable, nextHop, REDIRECTS } from "../http/_redirect.ts";
import {
  buffered,
  MAX_ERROR_BYTES,
  readBytes,
  type ReadContext,
  readJson,
  type ResponseReader,
} from "../http/read.ts";

import { OK, type Target, toTarget } from "../http/_target.ts";
import { scrubInputError } from "../redact/scrubbing.ts";
import {
  checkMethod,
  checkRequestOptions,
  requestHeaders,
} from "./client_checks.ts";
import {
  backoffDelay,
  parseRetryAfter,
  RETRY_STATUSES,
  SUBMIT_RETRY_STATUSES,
} from "../http/_retry.ts";
import { cancelExpiry, expireAfter, isNoTurn, sleep } from "../http/timers.ts";
import type { LimiterTurn } from "../limits/limiter.ts";

/** The signal of a wait that only the limiter itself can end. */
const NEVER = new AbortController().signal;

/** Tells a turn its request starts; a limiter's own failure is its own. */
function startTurn(turn: LimiterTurn | undefined): void {
  try {
    turn?.started?.();
  } catch {
    // A broken hook must not fail a request that was allowed to start.
  }
}

/** Ends a turn (the caller makes sure it is once). */
function settle(turn: LimiterTurn | undefined): void {
  try {
    turn?.release?.();
  } catch {
    // As above: the attempt's outcome stands.
  }
}

/**
 * The transport every domain package uses. Construct one per set of
 * credentials and share it.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Client } from "@ls/core";
 * const client = new Client({ apiKey: "<API_KEY>", maxRetries: 2, timeoutMs: 10_000 });
 * assert.equal(client.country, "row");
 * assert.equal(client.originFor("geocode"), "https://geocode.search.hereapi.com");
 * // pass it to a domain function: await geocode(client, { query: "Berlin" })
 * ```
 */
export class Client {
  /** The region. */
  readonly country: Country;
  /** The single origin for every service, when set. */
  readonly baseUrl?: string;
  readonly #s: ClientSettings;
  /** The settings used on every request, kept at hand. */
  readonly #redactor: ClientSettings["redactor"];
  readonly #hooks: ClientSettings["hooks"];

  /**
   * Checks every option and sets the client up; nothing is sent yet. Given
   * no credential, it reads one from the environment or HERE's credentials
   * file (see {@linkcode ClientOptions}).
   *
   * @throws {ValueError} on missing credentials or invalid options, naming
   * the option and never quoting a credential
   */
  constructor(options: ClientOptions = {}) {
    const s = clientSettings(options);
    this.country = s.country;
    this.baseUrl = s.baseUrl;
    this.#s = s;
    this.#redactor = s.redactor;
    this.#hooks = s.hooks;
  }

  /** The origin a service's requests go to (`baseUrl` when set). */
  originFor(service: Service): string {
    return this.baseUrl ?? serviceOrigin(service, this.country);
  }

  /** Scrubs every credential this client knows from a text. */
  redact(text: string): string {
    return this.#redactor.scrub(text);
  }

  /**
   * A copy of a parsed JSON value with every credential this client knows
   * scrubbed from its strings, and credential-named fields redacted.
   */
  redactValue(value: unknown): unknown {
    return this.#redactor.scrubValue(value);
  }

  /** Releases the proxy HTTP client, if one was created. */
  close(): void {
    this.#s.httpClient?.close();
  }

  /** Same as {@linkcode Client.close}. */
  [Symbol.dispose](): void {
    this.close();
  }

  /**
   * Sends a request to a service and returns the response with an expected
   * status. Its body was read within the attempt, under the attempt's
   * timeout, the deadline and the size cap (`maxResponseBytes`, default
   * 8 MiB), and is handed back buffered. Anything else becomes an
   * {@linkcode ApiError} after the retry policy is exhausted.
   */
  request(spec: RequestSpec, options?: RequestOptions): Promise<Response>;
  /**
   * Sends a request and hands a response with an expected status to `read`
   * within the attempt: the attempt's timeout and `deadlineMs` keep running
   * while it reads, its concurrency slot is held until it is done, and a
   * body that breaks off while it reads is retried like any network failure
   * (`"idempotent"` requests). `read` reads the body through
   * {@linkcode readJsonBody} or {@linkcode bodyChunks} with the context it
   * is given.
   */
  request<T>(
    spec: RequestSpec,
    options: RequestOptions | undefined,
    read: ResponseReader<T>,
  ): Promise<T>;
  async request<T>(
    spec: RequestSpec,
    options: RequestOptions = {},
    read?: ResponseReader<T>,
  ): Promise<T | Response> {
    return await this.#run(
      this.#target(spec, options),
      options,
      read ?? buffered,
    );
  }

  /**
   * Like {@linkcode Client.request}, and parses the body as JSON; a body that
   * is not JSON (or nests deeper than 512 levels) becomes an
   * {@linkcode ApiError} carrying the status and a snippet of the text.
   */
  async requestJson<T = unknown>(
    spec: RequestSpec,
    options: RequestOptions = {},
  ): Promise<JsonResponse<T>> {
    const target = this.#target(spec, options);
    return await this.#run(target, options, async (res, context) => {
      return new ReceivedJson(
        await readJson(res, context),
        target.method,
        target.url,
        this.#redactor,
      ) as JsonResponse<T>;
    });
  }

  /**
   * Sends a request to an absolute URL that HERE returned (a job's status or
   * result URL). Only `https:` URLs are followed (and `http:` ones when the
   * client's `baseUrl` is http); credentials are attached only when the host
   * is HERE's (or the `baseUrl` origin). Returns the response buffered, as
   * {@linkcode Client.request} does.
   */
  requestUrl(spec: UrlRequestSpec, options?: RequestOptions): Promise<Response>;
  /**
   * Like {@linkcode Client.requestUrl}, with `read` reading the response
   * within the attempt, as in {@linkcode Client.request}.
   */
  requestUrl<T>(
    spec: UrlRequestSpec,
    options: RequestOptions | undefined,
    read: ResponseReader<T>,
  ): Promise<T>;
  requestUrl<T>(
    spec: UrlRequestSpec,
    options: RequestOptions = {},
    read?: ResponseReader<T>,
  ): Promise<T | Response> {
    const method = checkMethod(spec.method);
    const url = followable(String(spec.url), undefined, this.#s.httpAllowed);
    if (typeof url === "string") {
      // `url` says why not; the URL itself is not quoted.
      throw new ApiError({
        status: 0,
        method,
        url: spec.referrer === undefined
          ? "(not followed)"
          : this.redact(spec.referrer),
        title: "A URL the service returned was not followed",
        detail: url,
      });
    }
    return this.#run(
      {
        service: spec.service,
        method,
        url: url.href,
        expect: spec.expect ?? OK,
        retry: "idempotent",
        redirect: spec.redirect ?? "follow",
        trusted: this.isTrusted(url),
        referrer: spec.referrer,
        crossHost: true,
      },
      options,
      read ?? buffered,
    );
  }

  /**
   * Parses a response body as JSON under the JSON size cap (or
   * `context.maxBytes`) and the context's signal, raising an ApiError on bad
   * JSON, a body that cannot be decoded or one over the cap, and a
   * ConnectionError when the body breaks off.
   */
  async parseJson<T = unknown>(
    res: Response,
    method = "GET",
    context?: ReadContext,
  ): Promise<JsonResponse<T>> {
    try {
      return new ReceivedJson(
        await readJson(res, context ?? {}),
        method,
        res.url,
        this.#redactor,
      ) as JsonResponse<T>;
    } catch (err) {
      throw bodyFailure(
        err,
        res,
        method,
        this.redact(res.url),
        this.#redactor,
      ) ??
        err;
    }
  }

  /**
   * The request a spec describes; a ValueError about it (an extra
   * parameter, the URL's length) is scrubbed of the client's credentials,
   * which a caller may have pasted into a name or value.
   */
  #target(spec: RequestSpec, options: RequestOptions): Target {
    try {
      return toTarget(
        spec,
        this.originFor(spec.service),
        this.#s.keyParam?.length ?? 0,
        options,
      );
    } catch (err) {
      throw this.#scrubbed(err);
    }
  }

  /**
   * A ValueError about a call's input, scrubbed of the client's
   * credentials, which a caller may have pasted into a name or value.
   */
  #scrubbed(err: unknown): unknown {
    return scrubInputError(err, (text) => this.redact(text));
  }

  /** True when credentials may be sent to this URL. */
  isTrusted(url: string | URL): boolean {
    const u = typeof url === "string" ? new URL(url) : url;
    if (this.baseUrl && u.origin === this.#s.baseOrigin) return true;
    return u.protocol === "https:" && isHereHost(u.hostname);
  }

  /** Adds a bearer token to a request to `url`, when it is trusted. */
  async #authorize(
    url: string,
    trusted: boolean,
    headers: Record<string, string>,
    signal: AbortSignal,
  ): Promise<{ url: string; bearer?: string }> {
    delete headers.authorization;
    if (!trusted || !this.#s.auth) return { url };
    const bearer = await this.#s.auth.getToken(signal);
    this.#redactor.add(bearer, true);
    headers.authorization = `Bearer ${bearer}`;
    return { url, bearer };
  }

  async #run<T>(
    target: Target,
    options: RequestOptions,
    read: ResponseReader<unknown>,
  ): Promise<T> {
    let baseHeaders: Record<string, string>;
    try {
      checkRequestOptions(options);
      baseHeaders = requestHeaders(options);
    } catch (err) {
      throw this.#scrubbed(err);
    }
    const signal = options.signal;
    if (signal?.aborted) throw signal.reason;
    const maxRetries = options.maxRetries ?? this.#s.maxRetries;
    const timeoutMs = options.timeoutMs ?? this.#s.timeoutMs;
    const maxBytes = options.maxResponseBytes ?? this.#s.maxResponseBytes;
    const deadline = new Deadline(options.deadlineMs);
    baseHeaders.accept ??= "application/json";
    if (target.body !== undefined) {
      baseHeaders["content-type"] = "application/json";
    }
    // Redacting costs a regex pass: do it only for hooks and errors.
    let redacted: string | undefined;
    const safe = () => (redacted ??= this.redact(target.url));
    const limiter = this.#s.limiter;
    const limited = limiter.limits?.(target.service) ?? true;
    const queued = limited || this.#s.semaphore;
    let renewed = false;

    for (let attempt = 0;; attempt++) {
      // In the order that keeps the budget honest: the concurrency slot,
      // then (in the first hop below) any token, and the rate turn last,
      // right before the request is sent. A turn taken earlier would be
      // spent waiting, and the turns saved up that way start in a burst.
      let turn: LimiterTurn | undefined;
      let free: (() => void) | undefined;
      const queueError = () =>
        deadline.error(
          "waiting for a request slot; the request was not sent",
          target.method,
          safe(),
        );
      const semaphore = this.#s.semaphore;
      if (semaphore) {
        // The deadline covers waiting for a slot and a turn: a call whose
        // deadline passes in the queue fails without being sent.
        free = await deadline.bound(
          signal,
          (wait) => semaphore.acquire(wait),
          queueError,
          (late) => late(),
        );
      }
      let released = false;
      const release = queued
        ? () => {
          if (released) return;
          released = true;
          free?.();
          settle(turn);
        }
        : undefined;
      /** The limiter failed, or the deadline passed waiting for it. */
      let turnFailed = false;
      const takeTurn = async () => {
        const left = deadline.left();
        turn = await deadline.bound(
          signal,
          async (wait) =>
            await limiter.acquire({
              service: target.service,
              signal: wait ?? NEVER,
              deadlineMs: left === Infinity ? undefined : left,
            }) ?? undefined,
          queueError,
          settle,
        ).catch((err) => {
          turnFailed = true;
          // Our limiters' "no turn before the deadline" is the deadline
          // passed in the queue, whether they or the deadline's timer noticed
          // first; any other limiter's exception passes through unchanged.
          throw isNoTurn(err) ? queueError() : err;
        });
      };
      let failure: Error;
      let status: number | undefined;
      let retryAfterMs: number | undefined;
      let bearer: string | undefined;
      const attemptCtl = new AbortController();
      const attemptSignal = signal
        ? AbortSignal.any([signal, attemptCtl.signal])
        : attemptCtl.signal;
      let timedOut: "attempt" | "deadline" | undefined;
      const left = deadline.left();
      const limit = Math.min(timeoutMs, left);
      const armedAt = performance.now();
      const arm = (ms: number, kind: "attempt" | "deadline", now?: number) =>
        expireAfter(Math.max(0, ms), () => {
          timedOut = kind;
          attemptCtl.abort(new TimeoutError("timeout"));
        }, now);
      let expiry = arm(
        limit,
        limit === timeoutMs ? "attempt" : "deadline",
        armedAt,
      );
      let res: Response | undefined;
      let reading = false;
      let hopUrl = target.url;
      if (left <= 0) {
        cancelExpiry(expiry);
        release?.();
        throw deadline.error(
          "before the request was sent",
          target.method,
          safe(),
        );
      }
      try {
        const headers = { ...baseHeaders };
        let trusted = target.trusted;
        // Defaults (GET, no body) are left out: fetch converts every member
        // it is given. Redirects are followed here, within the rules.
        const init: RequestInit = {
          headers,
          signal: attemptSignal,
          redirect: "manual",
        };
        if (target.method !== "GET") init.method = target.method;
        if (target.body !== undefined) init.body = target.body;
        for (let hop = 0;; hop++) {
          // The key is added in place; only a token needs waiting for.
          const authorized = trusted && this.#s.keyParam
            ? {
              url: `${hopUrl}${
                hopUrl.includes("?") ? "&" : "?"
              }${this.#s.keyParam}`,
            }
            : await this.#authorize(hopUrl, trusted, headers, attemptSignal);
          bearer = authorized.bearer;
          if (hop === 0 && limited) {
            // The attempt's clock stops while it waits for its turn: only
            // the deadline bounds that wait.
            cancelExpiry(expiry);
            const spent = performance.now() - armedAt;
            await takeTurn();
            const rest = deadline.left();
            const attemptLeft = timeoutMs - spent;
            expiry = attemptLeft <= rest
              ? arm(attemptLeft, "attempt")
              : arm(rest, "deadline");
          }
          // onRequest sees the request as it goes: after its turn.
          if (this.#hooks.onRequest) {
            this.#emit("onRequest", {
              method: target.method,
              url: hop === 0 ? safe() : this.redact(hopUrl),
              headers: redactHeaders(new Headers(headers), this.#redactor),
              attempt,
            });
          }
          const started = this.#hooks.onResponse ? performance.now() : 0;
          if (hop === 0) startTurn(turn);
          res = await this.#s.fetch(authorized.url, init);
          if (res.type === "opaqueredirect") {
            // A browser hides a manual redirect: let it follow by its own
            // rules (a status poll then sees the result itself).
            await res.body?.cancel().catch(() => {});
            res = await this.#s.fetch(authorized.url, {
              ...init,
              redirect: "follow",
            });
          }
          status = res.status;
          if (this.#hooks.onResponse) {
            this.#emit("onResponse", {
              method: target.method,
              url: hop === 0 ? safe() : this.redact(hopUrl),
              status: res.status,
              attempt,
              durationMs: performance.now() - started,
              ...tracing(res.headers, this.#redactor),
            });
          }
          if (
            target.redirect === "manual" || !REDIRECTS.has(res.status) ||
            target.expect.includes(res.status)
          ) break;
          await res.body?.cancel().catch(() => {});
          hopUrl = nextHop(
            {
              res,
              from: hopUrl,
              mayLeave: trusted && target.crossHost,
              hop,
              method: target.method,
            },
            this.#s.httpAllowed,
            this.#redactor,
          );
          trusted = this.isTrusted(hopUrl);
          if (res.status === 303 && init.method !== undefined) {
            delete init.method;
            delete init.body;
            delete headers["content-type"];
          }
        }
        if (target.expect.includes(res.status)) {
          // Read within the attempt: its clock keeps running, its slot is
          // held, and a body that breaks off is retried.
          reading = true;
          return await read(res, { signal: attemptSignal, maxBytes }) as T;
        }
        reading = true;
        const text = decoder.decode(
          await readBytes(res, {
            signal: attemptSignal,
            maxBytes: Infinity,
          }, MAX_ERROR_BYTES),
        );
        retryAfterMs = parseRetryAfter(res.headers.get("retry-after"));
        failure = apiErrorFrom(res.status, res.headers, text, {
          method: target.method,
          url: safe(),
          redactor: this.#redactor,
          retryAfterMs,
        });
        if (res.status === 401 && bearer && !renewed) {
          renewed = true;
          this.#s.auth!.invalidate(bearer);
          attempt--; // a token renewal is not a retry
          continue;
        }
      } catch (err) {
        if (signal?.aborted) throw signal.reason;
        // Not a failure of the request, which was never sent.
        if (turnFailed) throw err;
        if (timedOut === "deadline") {
          throw deadline.error(
            reading ? "while the response was read" : "",
            target.method,
            safe(),
          );
        }
        if (timedOut === "attempt") {
          failure = new TimeoutError(
            `Request timed out after ${timeoutMs} ms${
              reading ? " while the response was read" : ""
            } [${target.method} ${safe()}]`,
            { url: safe() },
          );
        } else if (err instanceof ValueError) {
          throw err;
        } else if (err instanceof ApiError) {
          failure = err;
          status = err.status;
          retryAfterMs = err.retryAfterMs;
        } else if (err instanceof LSError) {
          failure = err;
        } else {
          const fromBody = reading && res
            ? bodyFailure(err, res, target.method, safe(), this.#redactor)
            : undefined;
          if (fromBody instanceof ApiError) status = fromBody.status;
          // The runtime's error names the URL, key included: keep a scrubbed copy.
          failure = fromBody ??
            connectionFailure(err, target.method, safe(), this.#redactor);
        }
        // A failure after the status was accepted (a broken body) is retried
        // like a connection failure; a non-JSON 200 body is not.
        if (
          failure instanceof ApiError && status !== undefined &&
          (target.expect.includes(status) || REDIRECTS.has(status))
        ) {
          throw failure;
        }
      } finally {
        cancelExpiry(expiry);
        release?.();
      }

      const retryable = failure instanceof ApiError
        ? (target.retry === "submit" ? SUBMIT_RETRY_STATUSES : RETRY_STATUSES)
          .has(failure.status)
        : target.retry === "idempotent";
      if (!retryable || attempt >= maxRetries) throw failure;
      const delayMs = retryAfterMs !== undefined
        ? Math.min(retryAfterMs, this.#s.maxRetryAfter)
        : backoffDelay(attempt, {
          baseDelayMs: this.#s.retryBase,
          maxDelayMs: this.#s.retryMax,
        });
      if (performance.now() + delayMs > deadline.at) throw failure;
      if (this.#hooks.onRetry) {
        this.#emit("onRetry", {
          method: target.method,
          url: safe(),
          attempt,
          delayMs,
          status,
          error: failure,
        });
      }
      await sleep(delayMs, signal);
    }
  }

  #emit<K extends "onRequest" | "onResponse" | "onRetry">(
    hook: K,
    event: Parameters<NonNullable<ClientOptions[K]>>[0],
  ): void {
    const fn = this.#hooks[hook] as ((e: typeof event) => void) | undefined;
    if (!fn) return;
    try {
      fn(event);
    } catch {
      // A hook must never break a request.
    }
  }
}

const decoder = new TextDecoder();
