// The job runner: an async job from start to end, under one deadline. It
// submits the job, polls its status URL (poller.ts) and downloads its result
// (_download_result.ts). Matrix Routing and Tour Planning both run their
// jobs through runJob.

import type { Client } from "../client/client.ts";
import type {
  JsonResponse,
  RequestOptions,
  RequestSpec,
} from "../http/spec.ts";
import { checkRequestOptions } from "../client/client_checks.ts";
import { plainRequestOptions } from "../http/request_options.ts";
import { scrubbing } from "../redact/scrubbing.ts";
import { ApiError, type ResponseFacts } from "../errors/errors.ts";
import { type JobStatusResponse, type JobStep, pollJob } from "./poller.ts";
import type { PollTiming } from "./poll_options.ts";
import { downloadResult } from "./_download_result.ts";
import {
  DEFAULT_MAX_JSON_BYTES,
  DEFAULT_MAX_STATUS_BYTES,
  type ResponseReader,
} from "../http/read.ts";
import { Deadline } from "../http/deadline.ts";
import { responseFacts } from "./job_response.ts";
import { tracing } from "../http/_error_response.ts";

/** What the answer that accepted a job says, as a service reads it. */
export interface JobAcceptance<T> {
  /** The status URL, absolute or relative to the submit URL. */
  statusUrl?: unknown;
  /** The status the job was accepted with, reported first. */
  status?: string;
  /** The result itself, when the answer carried it instead of a status URL. */
  result?: T;
}

/** How a service's async job runs: see {@linkcode runJob}. */
export interface Job<T> {
  /** The request that submits the job; its `expect` lists the answers it takes. */
  submit: RequestSpec;
  /**
   * Reads a `200` answer to the submit as the result (a request HERE
   * answered at once), within the attempt. Without it, every answer is
   * read as an acceptance.
   */
  readAnswer?: ResponseReader<T>;
  /** Reads an acceptance (its method is the submit's, its URL redacted). */
  accepted(answer: JsonResponse): JobAcceptance<T>;
  /** The titles of the errors for an acceptance without a usable status URL. */
  titles: { noStatusUrl: string; badStatusUrl: string };
  /** What a status response means. */
  interpret(res: JobStatusResponse): JobStep;
  /**
   * The result a status response carried itself (a `"result"` step):
   * `response` names that status response for errors.
   */
  statusResult(body: unknown, response: ResponseFacts): T;
  /** Reads the downloaded result within its attempt. */
  readResult: ResponseReader<T>;
  /**
   * Awaited once the job is done, before its result is downloaded: a caller
   * that holds results in memory keeps a download from starting until it
   * has room for it. Its signal aborts with the call's signal, or when the
   * deadline passes (the job then fails with the deadline's error).
   */
  beforeDownload?(signal: AbortSignal | undefined): Promise<void>;
  /** The cadence of the status polls. */
  poll?: PollTiming;
}

/** The result of {@linkcode runJob}, and the tracing ids of the submit's answer. */
export interface JobResult<T> {
  /** What `readAnswer`, `accepted`, `statusResult` or `readResult` made. */
  value: T;
  /** The submit answer's `X-Correlation-Id`. */
  correlationId?: string;
  /** The submit answer's `X-Request-Id`. */
  requestId?: string;
}

/**
 * Runs an async job: submits it, reads the answer (the result itself, or
 * an acceptance naming a status URL), polls the status URL with
 * {@linkcode pollJob} until the job is done, and downloads the result with
 * {@linkcode downloadResult}. Every request gets what is left of `deadline`
 * (default: `options.deadlineMs` from now), so it bounds the whole job and
 * its messages name it; without one, polling stops after 15 minutes. An
 * acceptance answer is read under the 1 MiB cap of a job status when it is a
 * `202`, under the JSON cap otherwise (a `200` may carry a result).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { runJob } from "@ls/core/internal";
 * import { jsonReply, startTestServer, testClient } from "@ls/core/testing";
 * await using server = await startTestServer();
 * server.route("POST /v8/matrix", jsonReply(202, { status: "accepted", statusUrl: "/v8/matrix/ID/status" }));
 * server.route("GET /v8/matrix/ID/status", jsonReply(303, { resultUrl: "/v8/matrix/ID" }));
 * server.route("GET /v8/matrix/ID", jsonReply(200, { done: true }));
 * const progress: string[] = [];
 * const { value } = await runJob(testClient(server), {
 *   submit: { service: "matrix", method: "POST", path: "/v8/matrix", body: {}, expect: [202], retry: "submit" },
 *   accepted: (answer) => ({ statusUrl: (answer.body as { statusUrl?: string }).statusUrl, status: "accepted" }),
 *   titles: { noStatusUrl: "No statusUrl", badStatusUrl: "Invalid statusUrl" },
 *   interpret: (res) => res.status === 303
 *     ? { state: "done", status: "completed", resultUrl: (res.body as { resultUrl: string }).resultUrl }
 *     : { state: "pending", status: "inProgress" },
 *   statusResult: (body) => body,
 *   readResult: (res) => res.json(),
 *   poll: { initialDelayMs: 0, minDelayMs: 10 },
 * }, { onProgress: (status) => progress.push(status) });
 * assert.deepEqual(value, { done: true });
 * assert.deepEqual(progress, ["accepted", "completed"]);
 * ```
 *
 * @throws {ApiError} for an answer the submit does not expect, an
 * acceptance without a usable status URL, a failed job or a failed download
 * @throws {TimeoutError} when the deadline passes
 * @throws {ConnectionError} when no response (or not all of it) arrived
 */
export async function runJob<T>(
  client: Client,
  job: Job<T>,
  options: RequestOptions = {},
  deadline?: Deadline,
): Promise<JobResult<T>> {
  options = scrubbing(client, () => {
    checkRequestOptions(options);
    return plainRequestOptions(options);
  });
  const until = deadline ?? new Deadline(options.deadlineMs);
  const { signal } = options;
  const { service, method = "GET", path } = job.submit;
  const submitUrl = `${client.originFor(service)}${path}`;
  // A request's options: the caller's, with what is left of the deadline.
  const within = (what: string, verb: string, url: string) => {
    if (signal?.aborted) throw signal.reason;
    return {
      ...options,
      deadlineMs: until.requestMs(what, verb, client.redact(url)),
    };
  };

  const answer = await submitJob(
    client,
    job,
    submitUrl,
    within("before the request was sent", method, submitUrl),
  );
  const { accepted, correlationId, requestId } = answer;
  if (!accepted) return { value: answer.value, correlationId, requestId };

  const acceptance = job.accepted(accepted);
  if (acceptance.result !== undefined) {
    return { value: acceptance.result, correlationId, requestId };
  }
  const statusUrl = statusUrlOf(
    accepted,
    acceptance.statusUrl,
    submitUrl,
    job.titles,
  );
  const outcome = await pollJob(client, {
    service,
    statusUrl,
    interpret: job.interpret,
    deadline: until,
    status: acceptance.status,
    ...job.poll,
  }, options);
  if (outcome.kind === "body") {
    const response = responseFacts(
      client,
      { status: 200, headers: new Headers(), url: statusUrl },
      "GET",
    );
    const value = job.statusResult(outcome.body, response);
    return { value, correlationId, requestId };
  }
  if (job.beforeDownload) {
    const { beforeDownload } = job;
    await until.bound(
      signal,
      (bounded) => beforeDownload.call(job, bounded),
      () =>
        until.error(
          "before the result was downloaded",
          "GET",
          client.redact(outcome.url),
        ),
    );
  }
  const value = await downloadResult(client, {
    service,
    url: outcome.url,
    referrer: statusUrl,
    read: job.readResult,
  }, within("before the result was downloaded", "GET", outcome.url));
  return { value, correlationId, requestId };
}

/** What the submit's answer gave: the result, or an acceptance to read. */
type SubmitAnswer<T> = JobResult<T> & { accepted?: JsonResponse };

/**
 * Submits the job to `submitUrl` and reads the answer: a `200` with
 * `readAnswer` as the result, anything else as an acceptance, under the
 * status cap when it is a `202` and the JSON cap otherwise.
 */
function submitJob<T>(
  client: Client,
  job: Job<T>,
  submitUrl: string,
  options: RequestOptions,
): Promise<SubmitAnswer<T>> {
  const { method = "GET" } = job.submit;
  return client.request(
    job.submit,
    options,
    async (res, context): Promise<SubmitAnswer<T>> => {
      const ids = tracing(res.headers);
      if (res.status === 200 && job.readAnswer) {
        return { value: await job.readAnswer(res, context), ...ids };
      }
      const accepted = await client.parseJson(res, method, {
        signal: context.signal,
        maxBytes: context.maxBytes ??
          (res.status === 202
            ? DEFAULT_MAX_STATUS_BYTES
            : DEFAULT_MAX_JSON_BYTES),
      });
      accepted.url = client.redact(submitUrl);
      return { value: undefined as T, accepted, ...ids };
    },
  );
}

/**
 * The status URL an acceptance names, resolved against the submit URL;
 * none, or one that is not a URL, is an `ApiError` about the acceptance.
 */
function statusUrlOf(
  accepted: JsonResponse,
  href: unknown,
  submitUrl: string,
  titles: Job<unknown>["titles"],
): string {
  try {
    if (typeof href === "string" && href !== "") {
      return new URL(href, submitUrl).href;
    }
  } catch {
    // reported below
  }
  throw ApiError.fromResponse(accepted, {
    title: href === undefined || href === ""
      ? titles.noStatusUrl
      : titles.badStatusUrl,
  });
}
