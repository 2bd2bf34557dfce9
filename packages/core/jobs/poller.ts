/**
 * The async-job poller shared by matrix and tour planning (through
 * {@linkcode runJob}): it polls the
 * status URL HERE returned, with growing intervals, honours `Retry-After`,
 * reports progress, stops at a deadline, and downloads the result following
 * redirects by hand so that credentials never reach a host that is not HERE's.
 *
 * @module
 */

import type { Client } from "../client/client.ts";
import type { RequestOptions } from "../client/client_options.ts";
import { checkRequestOptions } from "../client/client_checks.ts";
import { scrubbing } from "../redact/scrubbing.ts";
import { checkKeys } from "../params/check_params.ts";
import {
  ApiError,
  ConnectionError,
  TimeoutError,
  ValueError,
} from "../errors/errors.ts";
import {
  BodyNotJson,
  DEFAULT_MAX_STATUS_BYTES,
  readJsonBody,
  type ResponseReader,
} from "../http/read.ts";
import type { Service } from "../http/hosts.ts";
import { parseRetryAfter, RETRY_STATUSES } from "../http/_retry.ts";
import { sleep } from "../http/timers.ts";
import { Deadline, wholeMs } from "../http/deadline.ts";
import { failedJobError, responseFacts } from "./job_response.ts";

/**
 * One status response, as the poller hands it to a service's interpreter.
 * It is the `ResponseFacts` of an error about it: an error built
 * from it with `ApiError.fromResponse` is scrubbed by the client's rules.
 */
export interface JobStatusResponse {
  /** HTTP status (200, 303, ...). */
  status: number;
  /** The parsed JSON body, or `undefined`. */
  body: unknown;
  /** Response headers. */
  headers: Headers;
  /** The method of the request: `GET` for a status poll. */
  method?: string;
  /** The status URL polled (credentials not included). */
  url: string;
  /** `X-Correlation-Id`, scrubbed. */
  correlationId?: string;
  /** `X-Request-Id`, scrubbed. */
  requestId?: string;
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
  /**
   * Give up after this many ms in total; default the request options'
   * `deadlineMs`, else 15 minutes.
   */
  deadlineMs?: number;
  /**
   * The deadline of the operation the job belongs to (begun before its
   * submit); it wins over `deadlineMs` when it has one.
   */
  deadline?: Deadline;
  /**
   * The status the job was accepted with: reported first, and not again
   * until it changes.
   */
  status?: string;
  /** Delay before the first poll; default 1000 ms. */
  initialDelayMs?: number;
  /** Largest delay between polls; default 10 000 ms. */
  maxDelayMs?: number;
  /**
   * Shortest delay between polls, whatever `Retry-After` says; default
   * {@linkcode MIN_POLL_DELAY_MS} (250 ms), at least 10 ms.
   */
  minDelayMs?: number;
  /** Growth of the delay per poll; default 1.5. */
  factor?: number;
  /**
   * Polls that fail in a row (429, 5xx, a timeout, a broken connection)
   * before the last failure is thrown; default 10.
   */
  maxFailedPolls?: number;
}

/** How long a job is polled when no deadline is given: 15 minutes. */
export const DEFAULT_JOB_DEADLINE_MS = 15 * 60_000;

/** How many polls may fail in a row before a job is given up. */
export const DEFAULT_MAX_FAILED_POLLS = 10;

/** The default floor between two status polls, in ms. */
export const MIN_POLL_DELAY_MS = 250;

/** The lowest floor between status polls a caller may set, in ms. */
const LOWEST_POLL_DELAY_MS = 10;

/** Poll timing, as the domain packages take it from their callers. */
export interface PollTiming {
  /** Delay before the first poll, ms. */
  initialDelayMs?: number;
  /** Largest delay between polls, ms. */
  maxDelayMs?: number;
  /** Shortest delay between polls, ms (at least 10). */
  minDelayMs?: number;
  /** Growth of the delay per poll. */
  factor?: number;
}

/**
 * Checks poll timing before any request: delays finite and not negative,
 * `minDelayMs` at least 10 ms, `factor` at least 1. `prefix` names the
 * parameter as the caller knows it (`poll`, or `pollInitialDelayMs`...).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { ValueError } from "@ls/core";
 * import { checkPollTiming } from "./poller.ts";
 * checkPollTiming({ initialDelayMs: 500, maxDelayMs: 5_000 }, "poll");
 * assert.throws(
 *   () => checkPollTiming({ minDelayMs: 0 }, "poll"),
 *   (e) => e instanceof ValueError && e.parameter === "poll.minDelayMs",
 * );
 * ```
 *
 * @throws {ValueError} naming the option
 */
export function checkPollTiming(
  timing: PollTiming,
  prefix: string,
  names: Partial<Record<keyof PollTiming, string>> = {},
): void {
  const name = (key: keyof PollTiming) => names[key] ?? `${prefix}.${key}`;
  for (const key of ["initialDelayMs", "maxDelayMs"] as const) {
    const v = timing[key];
    if (
      v !== undefined &&
      !(typeof v === "number" && v >= 0 && Number.isFinite(v))
    ) {
      throw new ValueError(name(key), "must be a finite number ≥ 0", v);
    }
  }
  const min = timing.minDelayMs;
  if (
    min !== undefined &&
    !(typeof min === "number" && min >= LOWEST_POLL_DELAY_MS &&
      Number.isFinite(min))
  ) {
    throw new ValueError(
      name("minDelayMs"),
      `must be a finite number ≥ ${LOWEST_POLL_DELAY_MS}`,
      min,
    );
  }
  const f = timing.factor;
  if (
    f !== undefined && !(typeof f === "number" && f >= 1 && Number.isFinite(f))
  ) {
    throw new ValueError(name("factor"), "must be a finite number ≥ 1", f);
  }
}

/**
 * How an async job (matrix, tour planning) is waited for: the cadence of
 * its status polls. One shape for every operation that runs a job, given
 * as `options.poll` beside `onProgress`. The delay grows by 1.5× per poll,
 * from `initialDelayMs` up to `maxDelayMs`, and never falls below
 * `minDelayMs`, whatever `Retry-After` says.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { PollOptions } from "@ls/core/internal";
 * const poll: PollOptions = { initialDelayMs: 500, maxDelayMs: 5_000 };
 * assert.equal(poll.minDelayMs, undefined); // 250 ms by default
 * ```
 */
export interface PollOptions {
  /** Delay before the first status poll, in ms; default 1000. */
  initialDelayMs?: number;
  /** Longest delay between status polls, in ms; default 10 000. */
  maxDelayMs?: number;
  /**
   * Shortest delay between status polls, in ms, whatever `Retry-After`
   * says; default 250, at least 10.
   */
  minDelayMs?: number;
}

const POLL_OPTION_KEYS: readonly (keyof PollOptions)[] = [
  "initialDelayMs",
  "maxDelayMs",
  "minDelayMs",
];

/**
 * Checks `options.poll` before any request ({@linkcode PollOptions}): an
 * object of known keys whose delays are finite, not negative, and
 * `minDelayMs` at least 10. Returns the timing to hand to the job runner
 * (empty when `poll` is undefined).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { checkPollOptions } from "@ls/core/internal";
 * assert.deepEqual(checkPollOptions({ initialDelayMs: 100 }, "matrix"), { initialDelayMs: 100 });
 * assert.throws(() => checkPollOptions({ initialDelay: 100 }, "matrix"), {
 *   message: 'Invalid poll.initialDelay: is not a parameter of matrix; did you mean "poll.initialDelayMs"?',
 * });
 * assert.throws(() => checkPollOptions({ minDelayMs: 5 }, "matrix"), {
 *   message: "Invalid poll.minDelayMs: must be a finite number ≥ 10, got 5",
 * });
 * ```
 *
 * @throws {ValueError} naming `poll` or `poll.<key>`
 */
export function checkPollOptions(
  poll: unknown,
  operation: string,
): PollOptions {
  if (poll === undefined) return {};
  if (typeof poll !== "object" || poll === null || Array.isArray(poll)) {
    throw new ValueError("poll", "must be an object", poll);
  }
  // Named as the caller wrote them: `poll.initialDelayMs`.
  checkKeys(
    Object.fromEntries(Object.keys(poll).map((k) => [`poll.${k}`, 0])),
    POLL_OPTION_KEYS.map((key) => `poll.${key}`),
    { operation },
  );
  const { initialDelayMs, maxDelayMs, minDelayMs } = poll as PollOptions;
  const timing: PollOptions = {};
  if (initialDelayMs !== undefined) timing.initialDelayMs = initialDelayMs;
  if (maxDelayMs !== undefined) timing.maxDelayMs = maxDelayMs;
  if (minDelayMs !== undefined) timing.minDelayMs = minDelayMs;
  checkPollTiming(timing, "poll");
  return timing;
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
 * shortly before it instead, but never sooner than `minDelayMs` after the
 * previous one (or the submit): when that does not fit before the deadline,
 * the job ends with the deadline's {@linkcode TimeoutError} without another
 * poll. Unknown status strings keep it polling (and are
 * reported, scrubbed of credentials); 429 and 5xx answers, timeouts and
 * network errors back off and poll again, up to `maxFailedPolls` in a row
 * (default 10), after which the last failure is thrown; any other status is
 * an {@linkcode ApiError}. A failed job becomes an `ApiError` carrying HERE's
 * error body. The caller's signal aborts at once with its reason.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { pollJob } from "./poller.ts";
 * import { jsonReply, startTestServer, testClient } from "@ls/core/testing";
 * await using server = await startTestServer();
 * server.route("GET /v8/matrix/ID/status", [
 *   jsonReply(200, { status: "inProgress" }),
 *   jsonReply(303, { status: "completed", resultUrl: "/v8/matrix/ID" }),
 * ]);
 * const progress: string[] = [];
 * const outcome = await pollJob(testClient(server), {
 *   service: "matrix",
 *   statusUrl: `${server.url}/v8/matrix/ID/status`,
 *   interpret: (r) =>
 *     r.status === 303
 *       ? { state: "done", status: "completed", resultUrl: (r.body as { resultUrl: string }).resultUrl }
 *       : { state: "pending", status: String((r.body as { status?: string })?.status) },
 *   initialDelayMs: 0,
 *   minDelayMs: 10,
 * }, { onProgress: (status) => progress.push(status) });
 * assert.deepEqual(outcome, { kind: "url", url: `${server.url}/v8/matrix/ID` });
 * assert.deepEqual(progress, ["inProgress", "completed"]);
 * ```
 */
export async function pollJob(
  client: Client,
  options: PollJobOptions,
  requestOptions: RequestOptions = {},
): Promise<JobOutcome> {
  scrubbing(client, () => {
    checkRequestOptions(requestOptions);
    checkPollTiming(options, "poll");
  });
  const maxFailed = options.maxFailedPolls;
  if (
    maxFailed !== undefined &&
    !(Number.isSafeInteger(maxFailed) && maxFailed > 0)
  ) {
    throw new ValueError(
      "poll.maxFailedPolls",
      "must be a positive integer",
      maxFailed,
    );
  }
  const { signal, onProgress } = requestOptions;
  const deadline = options.deadline?.ms !== undefined
    ? options.deadline
    : new Deadline(
      options.deadlineMs ?? requestOptions.deadlineMs ??
        DEFAULT_JOB_DEADLINE_MS,
    );
  const minDelay = options.minDelayMs ?? MIN_POLL_DELAY_MS;
  const maxDelay = Math.max(minDelay, options.maxDelayMs ?? 10_000);
  const bounded = (ms: number) => Math.min(maxDelay, Math.max(minDelay, ms));
  // The floor and maxDelayMs bound every wait, the first one too.
  let delay = bounded(options.initialDelayMs ?? 1000);
  const factor = options.factor ?? 1.5;
  let lastStatus = "submitted";
  const report = (status: string, final: boolean) => {
    // The status is the server's text: scrubbed before anyone sees it.
    // Scrubbed whole, then cut: a cut could leave part of a key to show.
    const safe = client.redact(String(status)).slice(0, 200);
    if (safe === lastStatus && !final) return;
    lastStatus = safe;
    try {
      onProgress?.(safe);
    } catch {
      // A progress hook must never break the job.
    }
  };
  if (options.status !== undefined) report(options.status, false);
  const url = options.statusUrl;
  let wait = delay;

  /** `why`: the reason no further poll is sent, if not that time ran out. */
  const timeout = (why = "") => {
    const safeUrl = client.redact(url);
    return new TimeoutError(
      `Async job did not finish within ${
        wholeMs(deadline.ms)
      } ms; last status ${lastStatus}${why} [GET ${safeUrl}]`,
      { url: safeUrl },
    );
  };
  /** `floor`: the floor between polls is what does not fit. */
  const noRoom = (floor: boolean) =>
    timeout(
      `; the deadline passes before the next poll may be sent${
        floor ? ` (at most one poll per ${minDelay} ms)` : ""
      }`,
    );

  const maxFailedPolls = options.maxFailedPolls ?? DEFAULT_MAX_FAILED_POLLS;
  let failedPolls = 0;
  let lastPoll = false;
  for (;;) {
    const before = deadline.left();
    if (before <= 0) throw timeout();
    if (wait >= before) {
      // The next poll would come after the deadline: poll once more shortly
      // before it instead, so a job that finishes by then is not given up;
      // but never sooner than the floor allows. When the floor does not fit
      // before the deadline, the job ends here, without a poll.
      if (lastPoll) throw noRoom(false);
      lastPoll = true;
      wait = Math.max(minDelay, before - Math.min(1000, before / 10));
      if (wait >= before) throw noRoom(true);
    }
    await sleep(wait, signal);
    delay = bounded(delay * factor);
    wait = delay;
    // Timers may fire late: what is left can be nothing by now.
    const left = deadline.left();
    if (left <= 0) throw timeout();

    let polled: JobStatusResponse;
    try {
      polled = await client.requestUrl({
        service: options.service,
        url,
        expect: [200, 301, 302, 303, 307, 308],
        redirect: "manual",
      }, {
        signal,
        maxRetries: 0,
        // The client's timeout per poll (or the caller's), within what is
        // left: the deadline covers waiting for a slot or a rate turn too.
        timeoutMs: requestOptions.timeoutMs,
        deadlineMs: Math.ceil(left),
        headers: requestOptions.headers,
        requestId: requestOptions.requestId,
        maxResponseBytes: requestOptions.maxResponseBytes,
      }, async (res, context) => {
        let body: unknown;
        try {
          body = await readJsonBody(res, context, DEFAULT_MAX_STATUS_BYTES);
        } catch (err) {
          // A redirect's body is not what it says: its Location is.
          if (!(err instanceof BodyNotJson && res.status >= 300)) throw err;
        }
        // The same object, so that an error built from it is scrubbed.
        return Object.assign(responseFacts(client, res, "GET", url), {
          body,
          headers: res.headers,
        });
      });
    } catch (err) {
      if (signal?.aborted) throw signal.reason;
      const transient =
        (err instanceof ApiError && RETRY_STATUSES.has(err.status)) ||
        err instanceof ConnectionError || err instanceof TimeoutError;
      // A status URL that keeps failing is given up, not polled until the
      // deadline: a job whose status cannot be read is lost to the caller.
      if (!transient || ++failedPolls >= maxFailedPolls) throw err;
      if (err instanceof ApiError && err.retryAfterMs !== undefined) {
        wait = bounded(err.retryAfterMs);
      }
      continue;
    }

    failedPolls = 0;
    const step = options.interpret(polled);
    report(step.status, step.state !== "pending");
    switch (step.state) {
      case "pending": {
        const ra = parseRetryAfter(polled.headers.get("retry-after"));
        if (ra !== undefined) wait = bounded(ra);
        continue;
      }
      case "done": {
        let resultUrl: string;
        try {
          resultUrl = new URL(step.resultUrl, url).href;
        } catch {
          throw ApiError.fromResponse(polled, {
            title: "Async job returned an invalid result URL",
            body: undefined,
          });
        }
        return { kind: "url", url: resultUrl };
      }
      case "result":
        return { kind: "body", body: step.body };
      case "failed":
        // `lastStatus` is the step's status, scrubbed and cut short.
        throw failedJobError(
          polled,
          step.body,
          `Async job failed with status ${lastStatus}`,
        );
    }
  }
}

/** Options of {@linkcode downloadResult}. */
export interface DownloadOptions {
  /** The service the job ran on. */
  service: Service;
  /** The result URL HERE returned. */
  url: string;
  /** The status URL that named it, for errors that cannot name `url`. */
  referrer?: string;
}

/** Options of {@linkcode downloadResult} with a reader of the result. */
export interface ReadDownloadOptions<T> extends DownloadOptions {
  /**
   * Reads the `200` response within the attempt, so that a body that breaks
   * off is downloaded again like any failed idempotent request; its clock
   * and cap are in the context it is given.
   */
  read: ResponseReader<T>;
}

/**
 * Downloads a job result, following redirects within the client's rules:
 * credentials go only to HERE hosts (or the client's `baseUrl`), never to
 * pre-signed storage. `options.read` reads the `200` response within each attempt, so that a
 * body that breaks off is downloaded again (up to `maxRetries` times); its
 * result is returned.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { downloadResult } from "./poller.ts";
 * import { readJsonBody } from "../http/read.ts";
 * import { jsonReply, startTestServer, testClient } from "@ls/core/testing";
 * await using server = await startTestServer();
 * server.route("GET /v8/matrix/ID", jsonReply(200, { matrix: { numOrigins: 1 } }));
 * const body = await downloadResult(testClient(server), {
 *   service: "matrix",
 *   url: `${server.url}/v8/matrix/ID`,
 *   read: (res, context) => readJsonBody(res, context),
 * });
 * assert.deepEqual(body, { matrix: { numOrigins: 1 } });
 * ```
 */
export function downloadResult<T>(
  client: Client,
  options: ReadDownloadOptions<T>,
  requestOptions?: RequestOptions,
): Promise<T>;
/**
 * Downloads a job result, following redirects within the client's rules:
 * credentials go only to HERE hosts (or the client's `baseUrl`), never to
 * pre-signed storage. Returns the `200` response with its body read under
 * the attempt's clock and the JSON cap, buffered.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { downloadResult } from "./poller.ts";
 * import { jsonReply, startTestServer, testClient } from "@ls/core/testing";
 * await using server = await startTestServer();
 * server.route("GET /v8/matrix/ID", jsonReply(302, {}, { location: "/results/ID" }));
 * server.route("GET /results/ID", jsonReply(200, { matrix: { numOrigins: 1 } }));
 * const res = await downloadResult(testClient(server), { service: "matrix", url: `${server.url}/v8/matrix/ID` });
 * assert.deepEqual(await res.json(), { matrix: { numOrigins: 1 } });
 * ```
 */
export function downloadResult(
  client: Client,
  options: DownloadOptions,
  requestOptions?: RequestOptions,
): Promise<Response>;
export async function downloadResult<T>(
  client: Client,
  options: DownloadOptions & { read?: ResponseReader<T> },
  requestOptions: RequestOptions = {},
): Promise<T | Response> {
  // The client follows redirects itself, within its rules: https only (http
  // with an http baseUrl), credentials only to trusted hosts.
  const spec = {
    service: options.service,
    url: options.url,
    referrer: options.referrer,
  };
  return options.read
    ? await client.requestUrl(spec, requestOptions, options.read)
    : await client.requestUrl(spec, requestOptions);
}
