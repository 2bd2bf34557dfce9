/**
 * The async-job poller shared by matrix and tour planning: it polls the
 * status URL HERE returned, with growing intervals, honours `Retry-After`,
 * reports progress, stops at a deadline, and downloads the result following
 * redirects by hand so that credentials never reach a host that is not HERE's.
 *
 * @module
 */

import {
  checkRequestOptions,
  type Client,
  jobError,
  type RequestOptions,
} from "./client.ts";
import { ApiError, ConnectionError, TimeoutError } from "./errors.ts";
import type { Service } from "./hosts.ts";
import { parseRetryAfter, RETRY_STATUSES } from "./retry.ts";
import { sleep } from "./_timers.ts";

/** One status response, as the poller hands it to a service's interpreter. */
export interface JobStatusResponse {
  /** HTTP status (200, 303, ...). */
  status: number;
  /** The parsed JSON body, or `undefined`. */
  body: unknown;
  /** Response headers. */
  headers: Headers;
  /** The status URL polled (credentials not included). */
  url: string;
}

/** What a status response means, decided by the service. */
export type JobStep =
  /** Still running; `status` is reported to `onProgress`. */
  | { state: "pending"; status: string }
  /** Done; the result is at `resultUrl`. */
  | { state: "done"; status: string; resultUrl: string }
  /** Done; the status response itself carried the result. */
  | { state: "result"; status: string; body: unknown }
  /** The job failed; `body` is HERE's error. */
  | { state: "failed"; status: string; body: unknown };

/** Options of {@linkcode pollJob}. */
export interface PollJobOptions {
  /** The service the job runs on. */
  service: Service;
  /** The absolute status URL HERE returned. */
  statusUrl: string;
  /** Decides what a status response means. */
  interpret: (res: JobStatusResponse) => JobStep;
  /** Give up after this many ms in total; default 15 minutes. */
  deadlineMs?: number;
  /** Delay before the first poll; default 1000 ms. */
  initialDelayMs?: number;
  /** Largest delay between polls; default 10 000 ms. */
  maxDelayMs?: number;
  /** Growth of the delay per poll; default 1.5. */
  factor?: number;
}

/** How a job ended. */
export type JobOutcome =
  /** Download the result from `url` (see {@linkcode downloadResult}). */
  | { kind: "url"; url: string }
  /** The result body arrived with the last status response. */
  | { kind: "body"; body: unknown };

/**
 * Polls a job's status URL until it completes, fails or runs out of time.
 * When the next poll would come after the deadline, the last one is made
 * shortly before it instead. Unknown status strings keep it polling (and are reported); 429 and 5xx
 * answers and network errors back off and poll again; any other status is an
 * {@linkcode ApiError}. A failed job becomes an `ApiError` carrying HERE's
 * error body. The caller's signal aborts at once with its reason.
 *
 * @example
 * ```ts ignore
 * import { Client, pollJob } from "@ls/core";
 * const client = new Client({ apiKey: "<API_KEY>" });
 * const outcome = await pollJob(client, {
 *   service: "matrix",
 *   statusUrl: "https://matrix.router.hereapi.com/v8/matrix/ID/status",
 *   interpret: (r) =>
 *     r.status === 303
 *       ? { state: "done", status: "completed", resultUrl: (r.body as { resultUrl: string }).resultUrl }
 *       : { state: "pending", status: String((r.body as { status?: string })?.status) },
 * }, { onProgress: console.log });
 * ```
 */
export async function pollJob(
  client: Client,
  options: PollJobOptions,
  requestOptions: RequestOptions = {},
): Promise<JobOutcome> {
  checkRequestOptions(requestOptions);
  const { signal, onProgress } = requestOptions;
  const deadlineMs = options.deadlineMs ?? requestOptions.deadlineMs ??
    15 * 60_000;
  const started = performance.now();
  const deadline = started + deadlineMs;
  const maxDelay = options.maxDelayMs ?? 10_000;
  // maxDelayMs bounds every wait, the first one too.
  let delay = Math.min(maxDelay, options.initialDelayMs ?? 1000);
  const factor = options.factor ?? 1.5;
  let lastStatus = "submitted";
  const url = options.statusUrl;
  let wait = delay;

  const timeout = () =>
    new TimeoutError(
      `Async job did not finish within ${deadlineMs} ms; last status ${lastStatus} [GET ${
        client.redact(options.statusUrl)
      }]`,
      { url: client.redact(options.statusUrl) },
    );

  let lastPoll = false;
  for (;;) {
    const before = deadline - performance.now();
    if (wait >= before) {
      // The next poll would come after the deadline: poll once more shortly
      // before it instead, so a job that finishes by then is not given up.
      if (lastPoll || before <= 0) throw timeout();
      lastPoll = true;
      wait = Math.max(0, before - Math.min(1000, before / 10));
    }
    await sleep(wait, signal);
    delay = Math.min(maxDelay, delay * factor);
    wait = delay;
    // Timers may fire late: what is left can be nothing by now.
    const left = deadline - performance.now();
    if (left <= 0) throw timeout();

    let res: Response;
    try {
      res = await client.requestUrl({
        service: options.service,
        url,
        expect: [200, 301, 302, 303, 307, 308, 0],
        redirect: "manual",
      }, {
        signal,
        maxRetries: 0,
        timeoutMs: Math.min(requestOptions.timeoutMs ?? 30_000, left),
        headers: requestOptions.headers,
        requestId: requestOptions.requestId,
      });
    } catch (err) {
      if (signal?.aborted) throw signal.reason;
      if (err instanceof ApiError && RETRY_STATUSES.has(err.status)) {
        if (err.retryAfterMs !== undefined) {
          wait = Math.min(maxDelay, err.retryAfterMs);
        }
        continue;
      }
      if (err instanceof ConnectionError || err instanceof TimeoutError) {
        continue;
      }
      throw err;
    }

    if (res.type === "opaqueredirect") {
      // Browsers hide a manual redirect: let the runtime follow it instead.
      await res.body?.cancel();
      res = await client.requestUrl({ service: options.service, url }, {
        signal,
        headers: requestOptions.headers,
      });
    }
    const parsed = await client.parseJson(res).catch((err) => {
      if (res.status >= 300 && res.status < 400) return { body: undefined };
      if (err instanceof ConnectionError) return undefined; // poll again
      throw err;
    });
    if (!parsed) continue;
    const step = options.interpret({
      status: res.status,
      body: parsed.body,
      headers: res.headers,
      url: client.redact(url),
    });
    if (step.status !== lastStatus || step.state !== "pending") {
      lastStatus = step.status;
      try {
        onProgress?.(step.status);
      } catch {
        // A progress hook must never break the job.
      }
    }
    switch (step.state) {
      case "pending": {
        const ra = parseRetryAfter(res.headers.get("retry-after"));
        if (ra !== undefined) wait = Math.min(maxDelay, ra);
        continue;
      }
      case "done": {
        let resultUrl: string;
        try {
          resultUrl = new URL(step.resultUrl, url).href;
        } catch {
          throw new ApiError({
            status: res.status,
            method: "GET",
            url: client.redact(url),
            title: "Async job returned an invalid result URL",
            detail: client.redact(String(step.resultUrl)),
          });
        }
        return { kind: "url", url: resultUrl };
      }
      case "result":
        return { kind: "body", body: step.body };
      case "failed":
        throw jobError(client, step.body, {
          status: res.status,
          method: "GET",
          url,
          headers: res.headers,
          title: `Async job failed with status ${step.status}`,
        });
    }
  }
}

/** Options of {@linkcode downloadResult}. */
export interface DownloadOptions {
  /** The service the job ran on. */
  service: Service;
  /** The result URL HERE returned. */
  url: string;
  /** Most redirects followed; default 5. */
  maxRedirects?: number;
}

/** Options of {@linkcode downloadResult} with a reader of the result. */
export interface ReadDownloadOptions<T> extends DownloadOptions {
  /**
   * Reads the `200` response within the attempt, so that a body that breaks
   * off is downloaded again like any failed idempotent request.
   */
  read: (res: Response) => Promise<T>;
}

/**
 * Downloads a job result, following redirects by hand: credentials go only
 * to HERE hosts (or the client's `baseUrl`), never to pre-signed storage.
 * `options.read` reads the `200` response within each attempt, so that a
 * body that breaks off is downloaded again (up to `maxRetries` times); its
 * result is returned.
 *
 * @example
 * ```ts ignore
 * import { Client, downloadResult } from "@ls/core";
 * const client = new Client({ apiKey: "<API_KEY>" });
 * const body = await downloadResult(client, {
 *   service: "matrix",
 *   url: "https://matrix.router.hereapi.com/v8/matrix/ID",
 *   read: (res) => res.json(),
 * });
 * ```
 */
export function downloadResult<T>(
  client: Client,
  options: ReadDownloadOptions<T>,
  requestOptions?: RequestOptions,
): Promise<T>;
/**
 * Downloads a job result, following redirects by hand: credentials go only
 * to HERE hosts (or the client's `baseUrl`), never to pre-signed storage.
 * Returns the `200` response with its body unread, for streaming.
 *
 * @example
 * ```ts ignore
 * import { Client, downloadResult } from "@ls/core";
 * const client = new Client({ apiKey: "<API_KEY>" });
 * const res = await downloadResult(client, { service: "matrix", url: "https://matrix.router.hereapi.com/v8/matrix/ID" });
 * const body = await res.json();
 * ```
 */
export function downloadResult(
  client: Client,
  options: DownloadOptions,
  requestOptions?: RequestOptions,
): Promise<Response>;
export async function downloadResult<T>(
  client: Client,
  options: DownloadOptions & { read?: (res: Response) => Promise<T> },
  requestOptions: RequestOptions = {},
): Promise<T | Response> {
  let url = options.url;
  const max = options.maxRedirects ?? 5;
  const read = options.read;
  for (let hop = 0;; hop++) {
    const got = await client.requestUrl(
      {
        service: options.service,
        url,
        expect: [200, 301, 302, 303, 307, 308],
        redirect: "manual",
      },
      requestOptions,
      async (res) => {
        if (res.status === 200) {
          return { done: true, value: read ? await read(res) : res } as const;
        }
        await res.body?.cancel();
        return { done: false, res } as const;
      },
    );
    if (got.done) return got.value;
    const res = got.res;
    const location = res.headers.get("location");
    if (!location || hop >= max) {
      throw new ApiError({
        status: res.status,
        method: "GET",
        url: client.redact(url),
        title: location
          ? `More than ${max} redirects`
          : "Redirect without a Location header",
      });
    }
    url = new URL(location, url).href;
  }
}
