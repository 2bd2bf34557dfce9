/**
 * The {@linkcode Client}: one transport for every HERE service, with
 * credentials, hosts per region, retries, timeouts, cancellation,
 * concurrency and rate limits, and redacted hooks.
 *
 * @module
 */

import { Auth } from "./auth.ts";
import type { PlatformCredentials } from "./credentials.ts";
import {
  ApiError,
  ConnectionError,
  LSError,
  ResponseTooLargeError,
  TimeoutError,
  ValueError,
} from "./errors.ts";
import {
  type Country,
  defaultTokenUrl,
  isHereHost,
  type Service,
  serviceOrigin,
  SERVICES,
} from "./hosts.ts";
import { encodeContent, type Query } from "./query.ts";
import { redactHeaders, Redactor } from "./_redact.ts";
import { apiErrorFrom, apiErrorFromBody, tracing } from "./_response.ts";
import { Deadline } from "./_deadline.ts";
import { registerScrubber } from "./_scrubbers.ts";
import {
  BodyNotJson,
  BodyTooLarge,
  buffered,
  MAX_ERROR_BYTES,
  readBytes,
  type ReadContext,
  readJson,
  type ResponseReader,
} from "./_read.ts";

export {
  type ReadContext,
  readJsonBody,
  type ResponseReader,
} from "./_read.ts";
import { checkJson } from "./validate.ts";
import {
  checkApiKey,
  checkBaseUrl,
  isWellFormed,
  nonNegative,
  nonNegativeInt,
  positive,
  positiveInt,
  proxyClient,
  rate,
  requestHeaders,
} from "./_client_checks.ts";
import {
  backoffDelay,
  parseRetryAfter,
  RETRY_STATUSES,
  SUBMIT_RETRY_STATUSES,
} from "./retry.ts";
import {
  cancelExpiry,
  expireAfter,
  RateLimiter,
  Semaphore,
  sleep,
} from "./_timers.ts";

/** Proxy URLs, used through `Deno.createHttpClient` where the runtime has it. */
export interface Proxies {
  /** Proxy for `http://` URLs. */
  http?: string;
  /** Proxy for `https://` URLs (every HERE host). */
  https?: string;
}

/** What `onRequest` sees; the URL and headers are redacted. */
export interface RequestEvent {
  /** HTTP method. */
  method: string;
  /** URL with `apiKey` redacted. */
  url: string;
  /** Request headers with `Authorization` redacted. */
  headers: Record<string, string>;
  /** 0 for the first attempt. */
  attempt: number;
}

/** What `onResponse` sees. */
export interface ResponseEvent {
  /** HTTP method. */
  method: string;
  /** URL with `apiKey` redacted. */
  url: string;
  /** HTTP status. */
  status: number;
  /** 0 for the first attempt. */
  attempt: number;
  /** Time to response headers, in ms. */
  durationMs: number;
  /** `X-Correlation-Id` of the response. */
  correlationId?: string;
  /** `X-Request-Id` of the response. */
  requestId?: string;
}

/** What `onRetry` sees before the client waits and tries again. */
export interface RetryEvent {
  /** HTTP method. */
  method: string;
  /** URL with `apiKey` redacted. */
  url: string;
  /** The attempt that failed (0 for the first). */
  attempt: number;
  /** How long the client waits before the next attempt, in ms. */
  delayMs: number;
  /** The status that caused the retry, when there was a response. */
  status?: number;
  /** The failure, credentials redacted. */
  error: Error;
}

/** Options of a {@linkcode Client}. */
export interface ClientOptions {
  /** HERE API key, sent as the `apiKey` query parameter. Wins over OAuth. */
  apiKey?: string;
  /** OAuth credentials; the client obtains, caches and refreshes tokens itself. */
  platformCredentials?: PlatformCredentials;
  /** A token manager to share between clients (instead of `platformCredentials`). */
  auth?: Auth;
  /** `"row"` (default) or `"china"`. */
  country?: Country;
  /** One origin for every service (tests, sandbox, proxies), e.g. `http://127.0.0.1:8080`. */
  baseUrl?: string;
  /** HTTP(S) proxies; needs `Deno.createHttpClient`, else pass a custom `fetch`. */
  proxies?: Proxies;
  /**
   * The `fetch` to use; defaults to `globalThis.fetch`. It must honour
   * `init.signal` as the platform's does, ending the request and its body.
   */
  fetch?: typeof fetch;
  /** Retries after the first attempt; default 3. */
  maxRetries?: number;
  /**
   * Per-attempt timeout in ms, from the request until its body has been
   * read; default 30 000.
   */
  timeoutMs?: number;
  /** Most requests in flight at once; default unlimited. */
  maxConcurrency?: number;
  /**
   * Most request starts per second, all services together; default (and
   * `Infinity`) unlimited.
   */
  requestsPerSecond?: number;
  /**
   * Most request starts per second per service. Tour planning defaults to 2
   * (HERE's limit); pass a value to change it.
   */
  serviceRequestsPerSecond?: Partial<Record<Service, number>>;
  /** First backoff ceiling in ms; default 500. */
  retryBaseDelayMs?: number;
  /** Largest backoff delay in ms; default 30 000. */
  retryMaxDelayMs?: number;
  /** Largest `Retry-After` honoured, in ms; longer waits are cut to it. Default 60 000. */
  maxRetryAfterMs?: number;
  /**
   * The most decoded bytes of one response body the client reads; a larger
   * body ends in a {@linkcode ResponseTooLargeError}, never retried. Unset,
   * each kind of response has its own cap: 8 MiB for a JSON answer, 1 MiB
   * for a job status, 64 KiB for a token, and for a matrix result a bound
   * derived from the matrix size requested.
   */
  maxResponseBytes?: number;
  /** Called before each attempt; sees a redacted URL and headers. */
  onRequest?: (event: RequestEvent) => void;
  /** Called when response headers arrive. */
  onResponse?: (event: ResponseEvent) => void;
  /** Called before waiting for a retry. */
  onRetry?: (event: RetryEvent) => void;
}

/** Options every operation takes as its last argument. */
export interface RequestOptions {
  /** Cancels the operation; it rejects with the signal's reason. */
  signal?: AbortSignal;
  /**
   * Per-attempt timeout in ms (overrides the client's): it runs from the
   * request until its body has been read, redirects included.
   */
  timeoutMs?: number;
  /**
   * Overall deadline for the whole operation in ms: waiting for a
   * concurrency slot or a rate turn, every attempt and its body, backoff,
   * polling and result downloads.
   */
  deadlineMs?: number;
  /** The most decoded bytes of a response body (overrides the client's). */
  maxResponseBytes?: number;
  /** Retries after the first attempt (overrides the client's). */
  maxRetries?: number;
  /** Extra request headers. */
  headers?: HeadersInit;
  /** Sent as `X-Request-ID`; HERE echoes it back. */
  requestId?: string;
  /** Reports async job statuses (matrix, tour planning). */
  onProgress?: (status: string) => void;
}

/** A request to one HERE service, as domain packages describe it. */
export interface RequestSpec {
  /** Which service (selects the host). */
  service: Service;
  /** HTTP method; default `GET`. */
  method?: "GET" | "POST";
  /** The path, e.g. `/v1/geocode`. */
  path: string;
  /** The query; `apiKey` is appended last by the client. */
  query?: Query;
  /** A JSON body (POST). */
  body?: unknown;
  /** Statuses that count as success; default `[200]`. */
  expect?: readonly number[];
  /**
   * `"idempotent"` (default) retries network errors, 408, 429 and 5xx;
   * `"submit"` (a request that creates a job) retries only 429 and 503.
   */
  retry?: "idempotent" | "submit";
}

/** A request to an absolute URL HERE handed back (job status, results). */
export interface UrlRequestSpec {
  /** Service the URL belongs to (rate limits, error context). */
  service: Service;
  /** The absolute URL. */
  url: string;
  /** HTTP method; default `GET`. */
  method?: "GET" | "POST";
  /** Statuses that count as success; default `[200]`. */
  expect?: readonly number[];
  /**
   * `"manual"` to see redirects (job status polls); default `"follow"`:
   * the client follows them itself, within its redirect rules.
   */
  redirect?: RequestRedirect;
  /**
   * The URL of the response that named `url` (credentials redacted), which
   * an error names instead when `url` is refused.
   */
  referrer?: string;
}

/** A parsed JSON response. */
export interface JsonResponse<T = unknown> {
  /** HTTP status. */
  status: number;
  /** The parsed body. */
  body: T;
  /** Response headers. */
  headers: Headers;
  /** `X-Correlation-Id`. */
  correlationId?: string;
  /** `X-Request-Id`. */
  requestId?: string;
  /** The request's method. */
  method?: string;
  /** The request's URL, credentials redacted. */
  url?: string;
}

interface Target {
  service: Service;
  method: string;
  url: string;
  body?: string;
  expect: readonly number[];
  retry: "idempotent" | "submit";
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

/** The longest URL fetch takes (Deno's limit; HTTP servers have their own). */
const MAX_URL_LENGTH = 65_534;

/** The most redirects one attempt follows (fetch's own limit). */
export const MAX_REDIRECTS = 20;

/** The default expected statuses. */
const OK: readonly number[] = [200];

const DEFAULT_SERVICE_RPS: Partial<Record<Service, number>> = {
  tourplanning: 2,
};

/**
 * The transport every domain package uses. Construct one per set of
 * credentials and share it.
 *
 * @example
 * ```ts
 * import { Client } from "@ls/core";
 * const client = new Client({ apiKey: "<API_KEY>", maxRetries: 2, timeoutMs: 10_000 });
 * if (client.country !== "row") throw new Error("unexpected");
 * // pass it to a domain function: await geocode(client, { query: "Berlin" })
 * ```
 */
export class Client {
  /** The region. */
  readonly country: Country;
  /** The single origin for every service, when set. */
  readonly baseUrl?: string;
  readonly #apiKey?: string;
  /** `apiKey=<encoded key>`, built once. */
  readonly #keyParam?: string;
  readonly #auth?: Auth;
  readonly #fetch: typeof fetch;
  readonly #maxRetries: number;
  readonly #timeoutMs: number;
  readonly #retryBase: number;
  readonly #retryMax: number;
  readonly #maxRetryAfter: number;
  readonly #maxResponseBytes?: number;
  readonly #semaphore?: Semaphore;
  readonly #globalLimiter?: RateLimiter;
  readonly #serviceLimiters = new Map<Service, RateLimiter>();
  readonly #redactor = new Redactor();
  readonly #httpClient?: { close(): void };
  readonly #hooks: Pick<ClientOptions, "onRequest" | "onResponse" | "onRetry">;
  readonly #baseOrigin?: string;

  /**
   * Checks every option and sets the client up; nothing is sent yet.
   *
   * @throws {ValueError} on missing credentials or invalid options, naming
   * the option and never quoting a credential
   */
  constructor(options: ClientOptions) {
    // An option error may quote a value, and a credential can sit in the
    // wrong option: every message is scrubbed of the credentials given.
    const given = new Redactor();
    if (typeof options === "object" && options !== null) {
      for (
        const secret of [
          options.apiKey,
          options.platformCredentials?.accessKeySecret,
        ]
      ) {
        if (typeof secret === "string" && isWellFormed(secret)) {
          given.add(secret);
        }
      }
    }
    try {
      if (typeof options !== "object" || options === null) {
        throw new ValueError("options", "must be an object", options);
      }
      const country = options.country ?? "row";
      if (country !== "row" && country !== "china") {
        throw new ValueError("country", 'must be "row" or "china"', country);
      }
      this.country = country;
      if (options.baseUrl !== undefined) {
        this.baseUrl = checkBaseUrl(options.baseUrl);
        this.#baseOrigin = new URL(this.baseUrl).origin;
      }

      if (options.apiKey !== undefined) {
        this.#apiKey = checkApiKey(options.apiKey);
        this.#keyParam = `apiKey=${encodeContent(this.#apiKey)}`;
        this.#redactor.add(this.#apiKey);
      } else if (options.auth !== undefined) {
        if (!(options.auth instanceof Auth)) {
          throw new ValueError("auth", "must be an Auth");
        }
        this.#auth = options.auth;
        this.#redactor.chain(options.auth);
      } else if (options.platformCredentials !== undefined) {
        const secret = options.platformCredentials?.accessKeySecret;
        if (typeof secret === "string") this.#redactor.add(secret);
      } else {
        throw new ValueError(
          "apiKey",
          "a credential is required: pass apiKey, platformCredentials or auth",
        );
      }

      this.#maxRetries = nonNegativeInt(options.maxRetries, 3, "maxRetries");
      this.#timeoutMs = positive(options.timeoutMs, 30_000, "timeoutMs");
      this.#retryBase = nonNegative(
        options.retryBaseDelayMs,
        500,
        "retryBaseDelayMs",
      );
      this.#retryMax = nonNegative(
        options.retryMaxDelayMs,
        30_000,
        "retryMaxDelayMs",
      );
      this.#maxRetryAfter = nonNegative(
        options.maxRetryAfterMs,
        60_000,
        "maxRetryAfterMs",
      );
      if (options.maxResponseBytes !== undefined) {
        this.#maxResponseBytes = positiveInt(
          options.maxResponseBytes,
          "maxResponseBytes",
        );
      }
      if (options.maxConcurrency !== undefined) {
        this.#semaphore = new Semaphore(
          positiveInt(options.maxConcurrency, "maxConcurrency"),
        );
      }
      const rps = rate(options.requestsPerSecond, "requestsPerSecond");
      if (rps !== undefined) this.#globalLimiter = new RateLimiter(rps);
      const perService = options.serviceRequestsPerSecond;
      if (
        perService !== undefined &&
        (typeof perService !== "object" || perService === null)
      ) {
        throw new ValueError(
          "serviceRequestsPerSecond",
          "must be an object of service names to numbers",
          perService,
        );
      }
      for (
        const [service, value] of Object.entries({
          ...DEFAULT_SERVICE_RPS,
          ...perService,
        })
      ) {
        if (!(SERVICES as readonly string[]).includes(service)) {
          throw new ValueError(
            `serviceRequestsPerSecond.${service.slice(0, 40)}`,
            `must name a service: ${SERVICES.join(", ")}`,
          );
        }
        const perSecond = rate(value, `serviceRequestsPerSecond.${service}`);
        if (perSecond !== undefined) {
          this.#serviceLimiters.set(
            service as Service,
            new RateLimiter(perSecond),
          );
        }
      }
      for (const hook of ["onRequest", "onResponse", "onRetry"] as const) {
        if (
          options[hook] !== undefined && typeof options[hook] !== "function"
        ) {
          throw new ValueError(hook, "must be a function", options[hook]);
        }
      }
      this.#hooks = {
        onRequest: options.onRequest,
        onResponse: options.onResponse,
        onRetry: options.onRetry,
      };

      if (options.fetch !== undefined && typeof options.fetch !== "function") {
        throw new ValueError("fetch", "must be a function", options.fetch);
      }
      let fetchFn = options.fetch ?? globalThis.fetch.bind(globalThis);
      if (options.proxies !== undefined) {
        const httpClient = proxyClient(options);
        this.#httpClient = httpClient;
        const base = fetchFn;
        fetchFn = (input, init) =>
          base(
            input,
            { ...init, client: httpClient } as unknown as RequestInit,
          );
      }
      this.#fetch = fetchFn;

      if (!this.#apiKey && !this.#auth && options.platformCredentials) {
        this.#auth = new Auth({
          credentials: options.platformCredentials,
          tokenUrl: this.baseUrl
            ? `${this.baseUrl}/oauth2/token`
            : options.platformCredentials.tokenEndpointUrl ??
              defaultTokenUrl(country),
          fetch: this.#fetch,
          timeoutMs: this.#timeoutMs,
          maxResponseBytes: this.#maxResponseBytes,
        });
      }
    } catch (err) {
      if (!(err instanceof ValueError)) throw err;
      const prefix = `Invalid ${err.parameter}: `;
      const rule = err.message.startsWith(prefix)
        ? err.message.slice(prefix.length)
        : err.message;
      const scrubbed = given.scrub(rule);
      throw scrubbed === rule ? err : new ValueError(err.parameter, scrubbed);
    }
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
    this.#httpClient?.close();
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
  request<T>(
    spec: RequestSpec,
    options: RequestOptions = {},
    read?: ResponseReader<T>,
  ): Promise<T | Response> {
    return this.#run(this.#target(spec), options, read ?? buffered);
  }

  /**
   * Like {@linkcode Client.request}, and parses the body as JSON; a body that
   * is not JSON (or nests deeper than 512 levels) becomes an
   * {@linkcode ApiError} carrying the status and a snippet of the text.
   */
  requestJson<T = unknown>(
    spec: RequestSpec,
    options: RequestOptions = {},
  ): Promise<JsonResponse<T>> {
    const target = this.#target(spec);
    return this.#run(target, options, async (res, context) => {
      const out = await readJson(res, context) as JsonResponse<T>;
      out.method = target.method;
      out.url = this.redact(target.url);
      registerScrubber(out, this.#redactor);
      return out;
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
    const method = spec.method ?? "GET";
    const url = this.#followable(String(spec.url));
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
      const out = await readJson(res, context ?? {}) as JsonResponse<T>;
      out.method = method;
      out.url = this.redact(res.url);
      registerScrubber(out, this.#redactor);
      return out;
    } catch (err) {
      throw this.#bodyFailure(err, res, method, this.redact(res.url)) ?? err;
    }
  }

  /** True when credentials may be sent to this URL. */
  isTrusted(url: string | URL): boolean {
    const u = typeof url === "string" ? new URL(url) : url;
    if (this.baseUrl && u.origin === this.#baseOrigin) return true;
    return u.protocol === "https:" && isHereHost(u.hostname);
  }

  /**
   * The URL when the client may follow it: `https:`, or `http:` when the
   * client's own `baseUrl` is http (the sandbox, tests); otherwise why not.
   */
  #followable(href: string, base?: string): URL | string {
    let u: URL;
    try {
      u = new URL(href, base);
    } catch {
      return "it is not a valid URL";
    }
    if (u.protocol === "https:") return u;
    if (u.protocol === "http:" && this.#baseOrigin?.startsWith("http:")) {
      return u;
    }
    return `its scheme ${
      JSON.stringify(u.protocol.slice(0, 20))
    } is not allowed (only https${
      this.#baseOrigin?.startsWith("http:") ? " and http" : ""
    })`;
  }

  #target(spec: RequestSpec): Target {
    const qs = spec.query?.toString() ?? "";
    const url = `${this.originFor(spec.service)}${spec.path}${
      qs ? `?${qs}` : ""
    }`;
    const length = url.length + (this.#keyParam?.length ?? 0) + 1;
    if (length > MAX_URL_LENGTH) {
      // Name the longest query parameter; the URL itself is no use in a message.
      const part = qs.split("&").reduce((a, b) => b.length > a.length ? b : a);
      throw new ValueError(
        decodeURIComponent(part.slice(0, part.indexOf("="))),
        `makes the request URL ${length} characters long; a URL may have at most ${MAX_URL_LENGTH}`,
      );
    }
    let body: string | undefined;
    try {
      body = spec.body === undefined ? undefined : JSON.stringify(spec.body);
    } catch (err) {
      checkJson(spec.body, "body"); // names the BigInt or the cycle
      throw err;
    }
    return {
      service: spec.service,
      method: spec.method ?? "GET",
      url,
      body,
      expect: spec.expect ?? OK,
      retry: spec.retry ?? "idempotent",
      redirect: "follow",
      trusted: true, // our own origin: a HERE host or the configured baseUrl
      crossHost: false,
    };
  }

  /**
   * The library's error for a failure while a body was read, or undefined
   * when `err` is not one (an abort's reason, an LSError: rethrown as is).
   * A body over its cap is a ResponseTooLargeError; one that is not JSON an
   * ApiError with a snippet; one that cannot be decoded (Content-Encoding
   * garbage) an ApiError; one that breaks off a ConnectionError.
   */
  #bodyFailure(
    err: unknown,
    res: Response,
    method: string,
    url: string,
  ): LSError | undefined {
    const t = tracing(res.headers, this.#redactor);
    if (err instanceof BodyTooLarge) {
      return new ResponseTooLargeError({
        status: res.status,
        method,
        url,
        limit: err.limit,
        ...t,
      });
    }
    if (err instanceof BodyNotJson) {
      return apiErrorFrom(res.status, res.headers, err.text, {
        method,
        url,
        redactor: this.#redactor,
      }, err.message);
    }
    if (!(err instanceof TypeError)) return undefined;
    const reason = this.redact(networkReason(err));
    const cause = new Error(reason);
    cause.name = err.name;
    const encoding = res.headers.get("content-encoding");
    if (encoding && encoding !== "identity" && DECODING.test(reason)) {
      return new ApiError({
        status: res.status,
        method,
        url,
        title: "Response body could not be decoded",
        detail: `Content-Encoding ${
          this.redact(encoding.slice(0, 40))
        }: ${reason}`,
        ...t,
        cause,
      });
    }
    return new ConnectionError(
      `Connection failed: the response body broke off (${reason}) [${method} ${url}]`,
      { url, cause },
    );
  }

  /** A failure of the network itself, the runtime's message scrubbed. */
  #connectionFailure(
    err: unknown,
    target: Target,
    url: string,
  ): ConnectionError {
    const reason = this.redact(networkReason(err));
    const cause = new Error(reason);
    if (err instanceof Error) cause.name = err.name;
    return new ConnectionError(
      `Connection failed: ${reason} [${target.method} ${url}]`,
      { url, cause },
    );
  }

  /** Adds a bearer token to a request to `url`, when it is trusted. */
  async #authorize(
    url: string,
    trusted: boolean,
    headers: Record<string, string>,
    signal: AbortSignal,
  ): Promise<{ url: string; bearer?: string }> {
    delete headers.authorization;
    if (!trusted || !this.#auth) return { url };
    const bearer = await this.#auth.getToken(signal);
    this.#redactor.add(bearer, true);
    headers.authorization = `Bearer ${bearer}`;
    return { url, bearer };
  }

  async #run<T>(
    target: Target,
    options: RequestOptions,
    read: ResponseReader<unknown>,
  ): Promise<T> {
    checkRequestOptions(options);
    const signal = options.signal;
    if (signal?.aborted) throw signal.reason;
    const maxRetries = options.maxRetries ?? this.#maxRetries;
    const timeoutMs = options.timeoutMs ?? this.#timeoutMs;
    const maxBytes = options.maxResponseBytes ?? this.#maxResponseBytes;
    const deadline = new Deadline(options.deadlineMs);
    const baseHeaders = requestHeaders(options);
    baseHeaders.accept ??= "application/json";
    if (target.body !== undefined) {
      baseHeaders["content-type"] = "application/json";
    }
    // Redacting costs a regex pass: do it only for hooks and errors.
    let redacted: string | undefined;
    const safe = () => (redacted ??= this.redact(target.url));
    const serviceLimiter = this.#serviceLimiters.get(target.service);
    const queued = this.#globalLimiter || serviceLimiter || this.#semaphore;
    let renewed = false;

    for (let attempt = 0;; attempt++) {
      let globalTurn: number | undefined;
      let serviceTurn: number | undefined;
      let release: (() => void) | undefined;
      if (queued) {
        // The deadline covers waiting for a turn and a slot: a call whose
        // deadline passes in the queue fails without being sent.
        release = await deadline.bound(signal, async (wait) => {
          globalTurn = await this.#globalLimiter?.take(wait);
          serviceTurn = await serviceLimiter?.take(wait);
          return await this.#semaphore?.acquire(wait);
        }, () =>
          deadline.error(
            "waiting for a request slot; the request was not sent",
            target.method,
            safe(),
          ));
      }
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
      const expiry = expireAfter(Math.max(0, limit), () => {
        timedOut = limit === timeoutMs ? "attempt" : "deadline";
        attemptCtl.abort(new TimeoutError("timeout"));
      });
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
          const authorized = trusted && this.#keyParam
            ? {
              url: `${hopUrl}${
                hopUrl.includes("?") ? "&" : "?"
              }${this.#keyParam}`,
            }
            : await this.#authorize(hopUrl, trusted, headers, attemptSignal);
          bearer = authorized.bearer;
          if (this.#hooks.onRequest) {
            this.#emit("onRequest", {
              method: target.method,
              url: hop === 0 ? safe() : this.redact(hopUrl),
              headers: redactHeaders(new Headers(headers), this.#redactor),
              attempt,
            });
          }
          const started = this.#hooks.onResponse ? performance.now() : 0;
          if (globalTurn !== undefined) {
            this.#globalLimiter!.started(globalTurn);
          }
          if (serviceTurn !== undefined) serviceLimiter!.started(serviceTurn);
          res = await this.#fetch(authorized.url, init);
          if (res.type === "opaqueredirect") {
            // A browser hides a manual redirect: let it follow by its own
            // rules (a status poll then sees the result itself).
            await res.body?.cancel().catch(() => {});
            res = await this.#fetch(authorized.url, {
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
          hopUrl = this.#redirect(
            res,
            hopUrl,
            trusted && target.crossHost,
            hop,
            target.method,
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
          this.#auth!.invalidate(bearer);
          attempt--; // a token renewal is not a retry
          continue;
        }
      } catch (err) {
        if (signal?.aborted) throw signal.reason;
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
            ? this.#bodyFailure(err, res, target.method, safe())
            : undefined;
          if (fromBody instanceof ApiError) status = fromBody.status;
          // The runtime's error names the URL, key included: keep a scrubbed copy.
          failure = fromBody ?? this.#connectionFailure(err, target, safe());
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
        ? Math.min(retryAfterMs, this.#maxRetryAfter)
        : backoffDelay(attempt, {
          baseDelayMs: this.#retryBase,
          maxDelayMs: this.#retryMax,
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

  /** The next URL of a redirect, or the ApiError that stops it. */
  #redirect(
    res: Response,
    from: string,
    mayLeave: boolean,
    hop: number,
    method: string,
  ): string {
    const location = res.headers.get("location");
    if (location === null || location === "") {
      throw this.#redirectError(
        res,
        from,
        method,
        "the redirect has no Location header",
      );
    }
    if (hop >= MAX_REDIRECTS) {
      throw this.#redirectError(
        res,
        from,
        method,
        `more than ${MAX_REDIRECTS} redirects`,
      );
    }
    const next = this.#followable(location, from);
    if (typeof next === "string") {
      throw this.#redirectError(res, from, method, next);
    }
    // Another host only where a trusted response may name one (a job's
    // result on pre-signed storage); otherwise only within the host.
    if (!mayLeave && next.origin !== new URL(from).origin) {
      throw this.#redirectError(
        res,
        from,
        method,
        "it leads to another host",
      );
    }
    return next.href;
  }

  #redirectError(
    res: Response,
    from: string,
    method: string,
    why: string,
  ): ApiError {
    return new ApiError({
      status: res.status,
      method,
      url: this.redact(from),
      title: "Redirect not followed",
      detail: why,
      ...tracing(res.headers, this.#redactor),
    });
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

const REDIRECTS: ReadonlySet<number> = new Set([301, 302, 303, 307, 308]);

const decoder = new TextDecoder();

/**
 * Checks the {@linkcode RequestOptions} of an operation before anything is
 * sent: `signal` an `AbortSignal`, `timeoutMs` a positive number,
 * `deadlineMs` a positive finite number, `maxRetries` a non-negative integer,
 * `onProgress` a function. Every request checks its options (its `headers`
 * and `requestId` too); an operation that uses one before its first request
 * calls this first.
 *
 * @example
 * ```ts
 * import { checkRequestOptions } from "@ls/core";
 * checkRequestOptions({ deadlineMs: 60_000 }); // passes
 * // checkRequestOptions({ signal: false }) throws a ValueError for signal
 * ```
 *
 * @throws {ValueError} naming the option
 */
export function checkRequestOptions(options: RequestOptions): void {
  if (typeof options !== "object" || options === null) {
    throw new ValueError("options", "must be an object", options);
  }
  const { signal, onProgress, deadlineMs } = options;
  if (signal !== undefined && !(signal instanceof AbortSignal)) {
    throw new ValueError("signal", "must be an AbortSignal", signal);
  }
  if (onProgress !== undefined && typeof onProgress !== "function") {
    throw new ValueError("onProgress", "must be a function", onProgress);
  }
  positive(options.timeoutMs, 0, "timeoutMs");
  if (
    deadlineMs !== undefined &&
    !(typeof deadlineMs === "number" && deadlineMs > 0 && deadlineMs < Infinity)
  ) {
    throw new ValueError(
      "deadlineMs",
      "must be a positive finite number",
      deadlineMs,
    );
  }
  nonNegativeInt(options.maxRetries, 0, "maxRetries");
  if (options.maxResponseBytes !== undefined) {
    positiveInt(options.maxResponseBytes, "maxResponseBytes");
  }
}

/** Builds an ApiError for a failed job from the body HERE returned. */
export function jobError(
  client: Client,
  body: unknown,
  init: {
    status: number;
    method: string;
    url: string;
    headers?: Headers;
    title: string;
  },
): ApiError {
  // Scrubbing the strings, not the JSON text, keeps the structure intact.
  const safe = client.redactValue(body);
  const error = typeof safe === "object" && safe !== null &&
      typeof (safe as Record<string, unknown>).error === "object"
    ? (safe as Record<string, unknown>).error
    : safe;
  const text = JSON.stringify(safe) ?? "";
  return apiErrorFromBody(init.status, init.headers, error, text, {
    method: init.method,
    url: client.redact(init.url),
    redactor: { scrub: (t: string) => client.redact(t) },
  }, init.title);
}

/** Runtime messages of a body that failed to decode (Deno, Node's zlib). */
const DECODING = /decod|compress|deflate|gzip|brotli|zlib|zstd|end of file/i;

/**
 * What the runtime says went wrong: its message, and its cause's (Deno's
 * "fetch failed" keeps the reason there, such as "Connection refused"),
 * without the URL that the cause names.
 */
function networkReason(err: unknown): string {
  if (!(err instanceof Error)) return "unknown error";
  const cause = err.cause instanceof Error
    ? err.cause.message.replace(/^error sending request for url \(.*?\): /, "")
    : "";
  return cause ? `${err.message}: ${cause}` : err.message;
}
