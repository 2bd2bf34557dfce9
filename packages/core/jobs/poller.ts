/**
 * The status polls of an async job (matrix, tour planning), which the job
 * runner makes between the submit and the download: {@linkcode pollJob}
 * polls the status URL HERE returned with growing intervals, honours
 * `Retry-After`, reports progress and stops at a deadline.
 *
 * @module
 */

import type { Client } from "../client/client.ts";
import type { RequestOptions } from "../http/spec.ts";
import { plainRequestOptions } from "../http/request_options.ts";
import { checkRequestOptions } from "../client/client_checks.ts";
import { numberOption } from "../params/check_params.ts";
import { scrubbing } from "../redact/scrubbing.ts";
import { ApiError, ConnectionError, TimeoutError } from "../errors/errors.ts";
import {
  BodyNotJson,
  DEFAULT_MAX_STATUS_BYTES,
  readJsonBody,
} from "../http/read.ts";
import type { Service } from "../http/hosts.ts";
import { parseRetryAfter, RETRY_STATUSES } from "../http/_retry.ts";
import { sleep } from "../http/timers.ts";
import { Deadline, wholeMs } from "../http/deadline.ts";
import { failedJobError, responseFacts } from "./job_response.ts";
import { checkPollTiming, MIN_POLL_DELAY_MS } from "./poll_options.ts";
import { emit } from "../client/_hooks.ts";

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

/**
 * How long a job is polled when no deadline is given: 15 minutes. A literal,
 * not `15 * 60_000`, so that bundles which never poll can drop it.
 */
export const DEFAULT_JOB_DEADLINE_MS = 900_000;

/** How many polls may fail in a row before a job is given up. */
export const DEFAULT_MAX_FAILED_POLLS = 10;

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
  checkPollJob(client, options, requestOptions);
  // Read once, getters and inherited fields too: each poll spreads them.
  requestOptions = plainRequestOptions(requestOptions);
  const { signal } = requestOptions;
  const maxFailedPolls = options.maxFailedPolls ?? DEFAULT_MAX_FAILED_POLLS;
  const polls = statusPolls(client, options, requestOptions);
  if (options.status !== undefined) polls.report(options.status, false);
  let failedPolls = 0;
  for (;;) {
    const left = await polls.nextTurn();
    let polled: JobStatusResponse;
    try {
      polled = await fetchStatus(client, options, requestOptions, left);
    } catch (err) {
      // The caller's abort and any failure that is not transient end the
      // job. A status URL that keeps failing is given up, not polled until
      // the deadline: a job whose status cannot be read is lost to the
      // caller.
      if (signal?.aborted) throw signal.reason;
      const transient =
        (err instanceof ApiError && RETRY_STATUSES.has(err.status)) ||
        err instanceof ConnectionError || err instanceof TimeoutError;
      if (!transient || ++failedPolls >= maxFailedPolls) throw err;
      if (err instanceof ApiError) polls.retryAfter(err.retryAfterMs);
      continue;
    }
    failedPolls = 0;
    const step = options.interpret(polled);
    const status = polls.report(step.status, step.state !== "pending");
    switch (step.state) {
      case "pending":
        polls.retryAfter(parseRetryAfter(polled.headers.get("retry-after")));
        break;
      case "done":
        return {
          kind: "url",
          url: resultUrlOf(polled, step.resultUrl, options.statusUrl),
        };
      case "result":
        return { kind: "body", body: step.body };
      case "failed":
        throw failedJobError(
          polled,
          step.body,
          `Async job failed with status ${status}`,
        );
    }
  }
}

/** Checks the options of {@linkcode pollJob} before it waits or polls. */
function checkPollJob(
  client: Client,
  options: PollJobOptions,
  requestOptions: RequestOptions,
): void {
  scrubbing(client, () => {
    checkRequestOptions(requestOptions);
    checkPollTiming(options, "poll");
  });
  numberOption(
    options.maxFailedPolls,
    0,
    "poll.maxFailedPolls",
    "positive integer",
  );
}

/** The statuses a status poll takes: a result, or a redirect to one. */
const STATUS_ANSWERS: readonly number[] = [200, 301, 302, 303, 307, 308];

/** The clock and cadence of a job's polls, and the status last reported. */
interface StatusPolls {
  /**
   * Reports a status to `onProgress`, scrubbed and cut short, unless it is
   * the one last reported and the job goes on; returns it as reported.
   */
  report(status: string, final: boolean): string;
  /**
   * Waits until the next poll is due and returns the ms left then; throws
   * the deadline's error when no further poll fits before it.
   */
  nextTurn(): Promise<number>;
  /** Makes the next wait `ms` (within the floor and the largest delay), if given. */
  retryAfter(ms: number | undefined): void;
}

/** The {@linkcode StatusPolls} of one job. */
function statusPolls(
  client: Client,
  options: PollJobOptions,
  requestOptions: RequestOptions,
): StatusPolls {
  const { signal, onProgress } = requestOptions;
  const deadline = options.deadline?.ms !== undefined
    ? options.deadline
    : new Deadline(
      options.deadlineMs ?? requestOptions.deadlineMs ??
        DEFAULT_JOB_DEADLINE_MS,
    );
  const minDelay = options.minDelayMs ?? MIN_POLL_DELAY_MS;
  const maxDelay = Math.max(minDelay, options.maxDelayMs ?? 10_000);
  const factor = options.factor ?? 1.5;
  const bounded = (ms: number) => Math.min(maxDelay, Math.max(minDelay, ms));
  // The delay between polls, growing by the factor after each; the floor
  // and maxDelayMs bound every wait, the first one too.
  let delay = bounded(options.initialDelayMs ?? 1000);
  // The wait before the next poll: the delay, or what `Retry-After` says.
  let wait = delay;
  let lastStatus = "submitted";
  let lastPoll = false;
  /** `why`: the reason no further poll is sent, if not that time ran out. */
  const timeout = (why = "") => {
    const safeUrl = client.redact(options.statusUrl);
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
  return {
    report(status, final) {
      // The status is the server's text: scrubbed before anyone sees it.
      // Scrubbed whole, then cut: a cut could leave part of a key to show.
      const safe = client.redact(String(status)).slice(0, 200);
      if (safe === lastStatus && !final) return safe;
      lastStatus = safe;
      emit(onProgress, safe);
      return safe;
    },
    async nextTurn() {
      const before = deadline.left();
      if (before <= 0) throw timeout();
      if (wait >= before) {
        // The next poll would come after the deadline: poll once more
        // shortly before it instead, so a job that finishes by then is not
        // given up, but never sooner than the floor allows: when that does
        // not fit before the deadline, the job ends here without a poll.
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
      return left;
    },
    retryAfter(ms) {
      if (ms !== undefined) wait = bounded(ms);
    },
  };
}

/**
 * Polls the status URL of a job once, with `left` ms to spare, and reads
 * the answer.
 */
function fetchStatus(
  client: Client,
  options: PollJobOptions,
  requestOptions: RequestOptions,
  left: number,
): Promise<JobStatusResponse> {
  const url = options.statusUrl;
  return client.requestUrl({
    service: options.service,
    url,
    expect: STATUS_ANSWERS,
    redirect: "manual",
  }, {
    // The caller's signal, headers, requestId, size cap and timeout per
    // poll (else the client's), within what is left: the deadline covers
    // waiting for a slot or a rate turn too.
    ...requestOptions,
    maxRetries: 0,
    deadlineMs: Math.ceil(left),
  }, async (res, context): Promise<JobStatusResponse> => {
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
}

/**
 * The result URL a done job names, resolved against its status URL; an
 * unusable one is an `ApiError` about `polled`.
 */
function resultUrlOf(
  polled: JobStatusResponse,
  href: string,
  statusUrl: string,
): string {
  try {
    return new URL(href, statusUrl).href;
  } catch {
    throw ApiError.fromResponse(polled, {
      title: "Async job returned an invalid result URL",
      body: undefined,
    });
  }
}
