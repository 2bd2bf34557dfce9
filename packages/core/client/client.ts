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
import { ApiError } from "../errors/errors.ts";
import { type Country, type Service, serviceOrigin } from "../http/hosts.ts";
import { Deadline } from "../http/deadline.ts";
import { ReceivedJson } from "../redact/_scrubbers.ts";
import { bodyFailure } from "../http/_failures.ts";
import { type ClientSettings, clientSettings } from "./_client_setup.ts";
import { followable } from "../http/_redirect.ts";
import {
  buffered,
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
import { sleep } from "../http/timers.ts";
import type { Call } from "./_call.ts";
import { attempt, trusts } from "./_attempt.ts";
import { retryDelay } from "./_outcome.ts";
import { emit } from "./_hooks.ts";

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
  }

  /** The origin a service's requests go to (`baseUrl` when set). */
  originFor(service: Service): string {
    return this.baseUrl ?? serviceOrigin(service, this.country);
  }

  /** Scrubs every credential this client knows from a text. */
  redact(text: string): string {
    return this.#s.redactor.scrub(text);
  }

  /**
   * A copy of a parsed JSON value with every credential this client knows
   * scrubbed from its strings, and credential-named fields redacted.
   */
  redactValue(value: unknown): unknown {
    return this.#s.redactor.scrubValue(value);
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
        this.#s.redactor,
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
        this.#s.redactor,
      ) as JsonResponse<T>;
    } catch (err) {
      throw bodyFailure(
        err,
        res,
        method,
        this.redact(res.url),
        this.#s.redactor,
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
    return trusts(this.#s, url);
  }

  /**
   * Runs a request's attempts: each that fails in a way the retry policy
   * allows is followed, after its delay, by another, until one answers or
   * the policy gives up. A token that a 401 refused is renewed once, which
   * is not a retry.
   */
  async #run<T>(
    target: Target,
    options: RequestOptions,
    read: ResponseReader<unknown>,
  ): Promise<T> {
    const call = this.#call(target, options, read);
    let renewed = false;
    for (let n = 0;; n++) {
      const outcome = await attempt(this.#s, call, n);
      if ("value" in outcome) return outcome.value as T;
      if (outcome.refused !== undefined && !renewed) {
        renewed = true;
        this.#s.auth!.invalidate(outcome.refused);
        n--; // a token renewal is not a retry
        continue;
      }
      const delayMs = retryDelay(outcome, n, call, this.#s);
      if (delayMs === undefined) throw outcome.failure;
      if (this.#s.hooks.onRetry) {
        emit(this.#s.hooks.onRetry, {
          method: target.method,
          url: call.safeUrl(),
          attempt: n,
          delayMs,
          status: outcome.status,
          error: outcome.failure,
        });
      }
      await sleep(delayMs, call.signal);
    }
  }

  /** What every attempt of a call shares; its options checked first. */
  #call(
    target: Target,
    options: RequestOptions,
    read: ResponseReader<unknown>,
  ): Call {
    let headers: Record<string, string>;
    let o: RequestOptions;
    try {
      // Read once: what is checked is what is used.
      o = checkRequestOptions(options);
      headers = requestHeaders(o);
    } catch (err) {
      throw this.#scrubbed(err);
    }
    const { signal } = o;
    if (signal?.aborted) throw signal.reason;
    headers.accept ??= "application/json";
    if (target.body !== undefined) {
      headers["content-type"] = "application/json";
    }
    // Redacting costs a regex pass: do it only for hooks and errors.
    let redacted: string | undefined;
    return {
      target,
      signal,
      headers,
      maxRetries: o.maxRetries ?? this.#s.maxRetries,
      timeoutMs: o.timeoutMs ?? this.#s.timeoutMs,
      maxBytes: o.maxResponseBytes ?? this.#s.maxResponseBytes,
      deadline: new Deadline(o.deadlineMs),
      read,
      limited: this.#s.limiter.limits?.(target.service) ?? true,
      safeUrl: () => (redacted ??= this.redact(target.url)),
    };
  }
}
