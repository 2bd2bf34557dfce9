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
  TimeoutError,
  ValueError,
} from "./errors.ts";
import {
  type Country,
  defaultTokenUrl,
  isHereHost,
  type Service,
  serviceOrigin,
} from "./hosts.ts";
import { encodeContent, type Query } from "./query.ts";
import { redactHeaders, Redactor } from "./_redact.ts";
import { apiErrorFrom, apiErrorFromBody, tracing } from "./_response.ts";
import { checkJson } from "./validate.ts";
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
  /** The `fetch` to use; defaults to `globalThis.fetch`. */
  fetch?: typeof fetch;
  /** Retries after the first attempt; default 3. */
  maxRetries?: number;
  /** Per-attempt timeout in ms; default 30 000. */
  timeoutMs?: number;
  /** Most requests in flight at once; default unlimited. */
  maxConcurrency?: number;
  /** Most request starts per second, all services together; default unlimited. */
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
  /** Per-attempt timeout in ms (overrides the client's). */
  timeoutMs?: number;
  /** Overall deadline for the whole operation, retries and polling included, in ms. */
  deadlineMs?: number;
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
  /** `"manual"` to see redirects (job status polls); default `"follow"`. */
  redirect?: RequestRedirect;
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
}

/** The longest URL fetch takes (Deno's limit; HTTP servers have their own). */
const MAX_URL_LENGTH = 65_534;

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
 * ```ts ignore
 * import { Client } from "@ls/core";
 * const client = new Client({ apiKey: "<API_KEY>", maxRetries: 2, timeoutMs: 10_000 });
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
  readonly #semaphore?: Semaphore;
  readonly #globalLimiter?: RateLimiter;
  readonly #serviceLimiters = new Map<Service, RateLimiter>();
  readonly #redactor = new Redactor();
  readonly #httpClient?: { close(): void };
  readonly #hooks: Pick<ClientOptions, "onRequest" | "onResponse" | "onRetry">;
  readonly #baseOrigin?: string;

  /** @throws {ValueError} on missing credentials or invalid options */
  constructor(options: ClientOptions) {
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
      if (typeof options.apiKey !== "string" || options.apiKey.trim() === "") {
        throw new ValueError("apiKey", "must be a non-empty string");
      }
      this.#apiKey = options.apiKey;
      this.#keyParam = `apiKey=${encodeContent(options.apiKey)}`;
      this.#redactor.add(options.apiKey);
    } else if (options.auth !== undefined) {
      this.#auth = options.auth;
      this.#redactor.chain(options.auth);
    } else if (options.platformCredentials !== undefined) {
      this.#redactor.add(options.platformCredentials.accessKeySecret);
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
    if (options.maxConcurrency !== undefined) {
      this.#semaphore = new Semaphore(
        positiveInt(options.maxConcurrency, "maxConcurrency"),
      );
    }
    if (options.requestsPerSecond !== undefined) {
      this.#globalLimiter = new RateLimiter(
        positive(options.requestsPerSecond, 0, "requestsPerSecond"),
      );
    }
    const perService = {
      ...DEFAULT_SERVICE_RPS,
      ...options.serviceRequestsPerSecond,
    };
    for (const [service, rps] of Object.entries(perService)) {
      if (rps === undefined || rps === Infinity) continue;
      this.#serviceLimiters.set(
        service as Service,
        new RateLimiter(
          positive(rps, 0, `serviceRequestsPerSecond.${service}`),
        ),
      );
    }
    this.#hooks = {
      onRequest: options.onRequest,
      onResponse: options.onResponse,
      onRetry: options.onRetry,
    };

    let fetchFn = options.fetch ?? globalThis.fetch.bind(globalThis);
    if (options.proxies !== undefined) {
      if (options.fetch !== undefined) {
        throw new ValueError(
          "proxies",
          "cannot be combined with a custom fetch",
        );
      }
      const proxyUrl = options.proxies.https ?? options.proxies.http;
      if (!proxyUrl) {
        throw new ValueError("proxies", "must give an http or https proxy URL");
      }
      const deno = Reflect.get(globalThis, "Deno") as
        | {
          createHttpClient?: (
            o: { proxy: { url: string } },
          ) => { close(): void };
        }
        | undefined;
      if (typeof deno?.createHttpClient !== "function") {
        throw new ValueError(
          "proxies",
          "need Deno.createHttpClient, which this runtime lacks; pass a fetch that uses your proxy instead",
        );
      }
      const httpClient = deno.createHttpClient({ proxy: { url: proxyUrl } });
      this.#httpClient = httpClient;
      const base = fetchFn;
      fetchFn = (input, init) =>
        base(input, { ...init, client: httpClient } as unknown as RequestInit);
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
      });
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
   * status, its body unread. Anything else becomes an {@linkcode ApiError}
   * after the retry policy is exhausted.
   */
  request(spec: RequestSpec, options?: RequestOptions): Promise<Response>;
  /**
   * Sends a request and hands a response with an expected status to `read`
   * within the attempt: a body that breaks off while `read` reads it is
   * retried like any network failure (`"idempotent"` requests). The
   * attempt's timeout and `deadlineMs` stop at the response headers: `read`
   * bounds its own time (the caller's signal still aborts it).
   */
  request<T>(
    spec: RequestSpec,
    options: RequestOptions | undefined,
    read: (res: Response) => Promise<T>,
  ): Promise<T>;
  request<T>(
    spec: RequestSpec,
    options: RequestOptions = {},
    read?: (res: Response) => Promise<T>,
  ): Promise<T | Response> {
    return this.#run(this.#target(spec), options, read);
  }

  /**
   * Like {@linkcode Client.request}, and parses the body as JSON; a body that
   * is not JSON becomes an {@linkcode ApiError} carrying the status and a
   * snippet of the text.
   */
  requestJson<T = unknown>(
    spec: RequestSpec,
    options: RequestOptions = {},
  ): Promise<JsonResponse<T>> {
    return this.#run(this.#target(spec), options, true);
  }

  /**
   * Sends a request to an absolute URL that HERE returned (a job's status or
   * result URL). Credentials are attached only when the host is HERE's (or
   * the `baseUrl` origin). Returns the response with its body unread.
   */
  requestUrl(spec: UrlRequestSpec, options?: RequestOptions): Promise<Response>;
  /**
   * Like {@linkcode Client.requestUrl}, with `read` reading the response
   * within the attempt, as in {@linkcode Client.request}.
   */
  requestUrl<T>(
    spec: UrlRequestSpec,
    options: RequestOptions | undefined,
    read: (res: Response) => Promise<T>,
  ): Promise<T>;
  requestUrl<T>(
    spec: UrlRequestSpec,
    options: RequestOptions = {},
    read?: (res: Response) => Promise<T>,
  ): Promise<T | Response> {
    let url: URL;
    try {
      url = new URL(spec.url);
    } catch {
      throw new ApiError({
        status: 0,
        method: spec.method ?? "GET",
        url: this.redact(String(spec.url)),
        title: "HERE returned an invalid URL",
      });
    }
    return this.#run(
      {
        service: spec.service,
        method: spec.method ?? "GET",
        url: url.href,
        expect: spec.expect ?? OK,
        retry: "idempotent",
        redirect: spec.redirect ?? "follow",
        trusted: this.isTrusted(url),
      },
      options,
      read,
    );
  }

  /**
   * Parses a response body as JSON, raising an ApiError on bad JSON or a body
   * that cannot be decoded, and a ConnectionError when the body breaks off.
   */
  async parseJson<T = unknown>(
    res: Response,
    method = "GET",
  ): Promise<JsonResponse<T>> {
    return await this.#json<T>(
      res,
      { method, url: res.url },
      tracing(res.headers),
    );
  }

  /** True when credentials may be sent to this URL. */
  isTrusted(url: string | URL): boolean {
    const u = typeof url === "string" ? new URL(url) : url;
    if (this.baseUrl && u.origin === this.#baseOrigin) return true;
    return u.protocol === "https:" && isHereHost(u.hostname);
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
    };
  }

  async #json<T>(
    res: Response,
    target: Pick<Target, "method" | "url">,
    t: { correlationId?: string; requestId?: string },
  ): Promise<JsonResponse<T>> {
    return this.#parsed<T>(res, target, await this.#text(res, target), t);
  }

  /**
   * The body text. A body that cannot be decoded (Content-Encoding garbage)
   * is an ApiError with the status; one that breaks off, a ConnectionError.
   * Anything else (an abort's reason) is rethrown as it is.
   */
  async #text(
    res: Response,
    target: Pick<Target, "method" | "url">,
  ): Promise<string> {
    try {
      return await res.text();
    } catch (err) {
      if (!(err instanceof TypeError)) throw err;
      const url = this.redact(target.url);
      const reason = this.redact(networkReason(err));
      const cause = new Error(reason);
      cause.name = err.name;
      const encoding = res.headers.get("content-encoding");
      if (encoding && encoding !== "identity" && DECODING.test(reason)) {
        throw new ApiError({
          status: res.status,
          method: target.method,
          url,
          title: "Response body could not be decoded",
          detail: `Content-Encoding ${encoding}: ${reason}`,
          ...tracing(res.headers),
          cause,
        });
      }
      throw new ConnectionError(
        `Connection failed: the response body broke off (${reason}) [${target.method} ${url}]`,
        { url, cause },
      );
    }
  }

  /** The JSON response for a body text, or an ApiError when it is not JSON. */
  #parsed<T>(
    res: Response,
    target: Pick<Target, "method" | "url">,
    text: string,
    t: { correlationId?: string; requestId?: string },
  ): JsonResponse<T> {
    try {
      return {
        status: res.status,
        body: JSON.parse(text) as T,
        headers: res.headers,
        correlationId: t.correlationId,
        requestId: t.requestId,
      };
    } catch (cause) {
      throw apiErrorFrom(
        res.status,
        res.headers,
        text,
        {
          method: target.method,
          url: this.redact(target.url),
          redactor: this.#redactor,
          cause,
        },
        text.trim() === ""
          ? "Empty response body"
          : "Response body is not valid JSON",
      );
    }
  }

  async #run<T>(
    target: Target,
    options: RequestOptions,
    read: true | ((res: Response) => Promise<unknown>) | undefined,
  ): Promise<T> {
    checkRequestOptions(options);
    const signal = options.signal;
    if (signal?.aborted) throw signal.reason;
    const maxRetries = options.maxRetries ?? this.#maxRetries;
    const timeoutMs = options.timeoutMs ?? this.#timeoutMs;
    const deadline = options.deadlineMs === undefined
      ? Infinity
      : performance.now() + options.deadlineMs;
    const baseHeaders = requestHeaders(options);
    // Redacting costs a regex pass: do it only for hooks and errors.
    let redacted: string | undefined;
    const safe = () => (redacted ??= this.redact(target.url));
    const trusted = target.trusted;
    const serviceLimiter = this.#serviceLimiters.get(target.service);
    let renewed = false;

    for (let attempt = 0;; attempt++) {
      const globalTurn = await this.#globalLimiter?.take(signal);
      const serviceTurn = await serviceLimiter?.take(signal);
      const release = this.#semaphore
        ? await this.#semaphore.acquire(signal)
        : undefined;
      let failure: Error;
      let status: number | undefined;
      let retryAfterMs: number | undefined;
      let bearer: string | undefined;
      const attemptCtl = new AbortController();
      const attemptSignal = signal
        ? AbortSignal.any([signal, attemptCtl.signal])
        : attemptCtl.signal;
      let timedOut: "attempt" | "deadline" | undefined;
      const limit = deadline === Infinity
        ? timeoutMs
        : Math.min(timeoutMs, deadline - performance.now());
      const expiry = expireAfter(Math.max(0, limit), () => {
        timedOut = limit === timeoutMs ? "attempt" : "deadline";
        attemptCtl.abort(new TimeoutError("timeout"));
      });
      try {
        const headers = { ...baseHeaders };
        headers.accept ??= "application/json";
        if (target.body !== undefined) {
          headers["content-type"] = "application/json";
        }
        let url = target.url;
        if (trusted && this.#keyParam) {
          url += `${url.includes("?") ? "&" : "?"}${this.#keyParam}`;
        } else if (trusted && this.#auth) {
          bearer = await this.#auth.getToken(attemptSignal);
          this.#redactor.add(bearer);
          headers.authorization = `Bearer ${bearer}`;
        }
        if (this.#hooks.onRequest) {
          this.#emit("onRequest", {
            method: target.method,
            url: safe(),
            headers: redactHeaders(new Headers(headers), this.#redactor),
            attempt,
          });
        }
        const started = this.#hooks.onResponse ? performance.now() : 0;
        // Defaults (GET, no body, follow) are left out: fetch converts every
        // member it is given.
        const init: RequestInit = { headers, signal: attemptSignal };
        if (target.method !== "GET") init.method = target.method;
        if (target.body !== undefined) init.body = target.body;
        if (target.redirect !== "follow") init.redirect = target.redirect;
        if (globalTurn !== undefined) this.#globalLimiter!.started(globalTurn);
        if (serviceTurn !== undefined) serviceLimiter!.started(serviceTurn);
        const res = await this.#fetch(url, init);
        status = res.status;
        const t = tracing(res.headers);
        if (this.#hooks.onResponse) {
          this.#emit("onResponse", {
            method: target.method,
            url: safe(),
            status: res.status,
            attempt,
            durationMs: performance.now() - started,
            ...t,
          });
        }
        if (target.expect.includes(res.status)) {
          // The body is read here, under this attempt's retries; JSON under
          // its timeout too, a caller's reader on its own time.
          if (read === true) return await this.#json(res, target, t) as T;
          if (read === undefined) return res as T;
          cancelExpiry(expiry);
          return await read(res) as T;
        }
        const text = await this.#text(res, target);
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
          throw new TimeoutError(
            `Operation exceeded its deadline of ${options.deadlineMs} ms [${target.method} ${safe()}]`,
            { url: safe() },
          );
        }
        if (timedOut === "attempt") {
          failure = new TimeoutError(
            `Request timed out after ${timeoutMs} ms [${target.method} ${safe()}]`,
            { url: safe() },
          );
        } else if (err instanceof ApiError || err instanceof ValueError) {
          failure = err;
          status = err instanceof ApiError ? err.status : undefined;
          retryAfterMs = err instanceof ApiError ? err.retryAfterMs : undefined;
          if (err instanceof ValueError) throw err;
        } else if (
          err instanceof TimeoutError || err instanceof ConnectionError
        ) {
          failure = err;
        } else {
          // The runtime's error names the URL, key included: keep a scrubbed copy.
          const reason = this.redact(networkReason(err));
          const cause = new Error(reason);
          if (err instanceof Error) cause.name = err.name;
          failure = new ConnectionError(
            `Connection failed: ${reason} [${target.method} ${safe()}]`,
            { url: safe(), cause },
          );
        }
        // A failure after the status was accepted (a broken body) is retried
        // like a connection failure; a non-JSON 200 body is not.
        if (
          failure instanceof ApiError && status !== undefined &&
          target.expect.includes(status)
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
      if (performance.now() + delayMs > deadline) throw failure;
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
}

/** The caller's headers as a record (lower-case names, cheaper for fetch). */
function requestHeaders(options: RequestOptions): Record<string, string> {
  let headers: Record<string, string>;
  try {
    headers = options.headers === undefined
      ? {}
      : Object.fromEntries(new Headers(options.headers));
  } catch {
    // The platform's message quotes the value, which may be a credential.
    throw new ValueError(
      "headers",
      "must be HTTP headers with valid names and values",
    );
  }
  const id = options.requestId;
  if (id !== undefined) {
    if (typeof id !== "string" || !/^[\t\x20-\x7e]*$/.test(id)) {
      throw new ValueError(
        "requestId",
        "must be a string of printable ASCII characters (an HTTP header value)",
        id,
      );
    }
    if (id) headers["x-request-id"] = id;
  }
  return headers;
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
  const safe = scrubStrings(client, body);
  const error = typeof safe === "object" && safe !== null &&
      typeof (safe as Record<string, unknown>).error === "object"
    ? (safe as Record<string, unknown>).error
    : safe;
  const text = JSON.stringify(safe) ?? "";
  return apiErrorFromBody(init.status, init.headers, error, text, {
    method: init.method,
    url: client.redact(init.url),
  }, init.title);
}

/** A copy of a JSON value with every credential scrubbed from its strings. */
function scrubStrings(client: Client, value: unknown): unknown {
  if (typeof value === "string") return client.redact(value);
  if (Array.isArray(value)) return value.map((v) => scrubStrings(client, v));
  if (typeof value !== "object" || value === null) return value;
  if (ArrayBuffer.isView(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    out[client.redact(k)] = scrubStrings(client, v);
  }
  return out;
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

function checkBaseUrl(value: string): string {
  let u: URL;
  try {
    u = new URL(value);
  } catch {
    throw new ValueError("baseUrl", "must be an absolute http(s) URL", value);
  }
  if (u.protocol !== "http:" && u.protocol !== "https:") {
    throw new ValueError("baseUrl", "must be an absolute http(s) URL", value);
  }
  return u.href.replace(/\/+$/, "");
}

function nonNegativeInt(
  v: number | undefined,
  dflt: number,
  name: string,
): number {
  if (v === undefined) return dflt;
  if (!Number.isSafeInteger(v) || v < 0) {
    throw new ValueError(name, "must be a non-negative integer", v);
  }
  return v;
}

function positiveInt(v: number, name: string): number {
  if (!Number.isSafeInteger(v) || v <= 0) {
    throw new ValueError(name, "must be a positive integer", v);
  }
  return v;
}

function positive(v: number | undefined, dflt: number, name: string): number {
  if (v === undefined) return dflt;
  if (typeof v !== "number" || !(v > 0) || Number.isNaN(v)) {
    throw new ValueError(name, "must be a positive number", v);
  }
  return v;
}

function nonNegative(
  v: number | undefined,
  dflt: number,
  name: string,
): number {
  if (v === undefined) return dflt;
  if (typeof v !== "number" || !(v >= 0) || !Number.isFinite(v)) {
    throw new ValueError(name, "must be a non-negative number", v);
  }
  return v;
}
