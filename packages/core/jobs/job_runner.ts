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
import { scrubbing } from "../redact/scrubbing.ts";
import { ApiError, type ResponseFacts } from "../errors/errors.ts";
import {
  type JobOutcome,
  type JobStatusResponse,
  type JobStep,
  pollJob,
} from "./poller.ts";
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
 */ export async function runJob<T>(
  client: Client,
  job: Job<T>,
  options: RequestOptions = {},
  deadline?: Deadline,
): Promise<JobResult<T>> {
  scrubbing(client, () => checkRequestOptions(options));
  const run = new JobRun(
    client,
    job,
    options,
    deadline ?? new Deadline(options.deadlineMs),
  );
  const answer = await run.submit();
  const { accepted, correlationId, requestId } = answer;
  if (!accepted) return { value: answer.value, correlationId, requestId };

  const acceptance = job.accepted(accepted);
  if (acceptance.result !== undefined) {
    return { value: acceptance.result, correlationId, requestId };
  }
  const statusUrl = run.statusUrl(accepted, acceptance.statusUrl);
  const outcome = await run.poll(statusUrl, acceptance.status);
  const value = await run.result(outcome, statusUrl);
  return { value, correlationId, requestId };
}

/** What the submit's answer gave: the result, or an acceptance to read. */
type SubmitAnswer<T> = JobResult<T> & { accepted?: JsonResponse };

/** The steps of one {@linkcode runJob}, each within its deadline. */
class JobRun<T> {
  #client: Client;
  #job: Job<T>;
  #options: RequestOptions;
  #until: Deadline;
  #submitUrl: string;

  constructor(
    client: Client,
    job: Job<T>,
    options: RequestOptions,
    until: Deadline,
  ) {
    this.#client = client;
    this.#job = job;
    this.#options = options;
    this.#until = until;
    this.#submitUrl = `${
      client.originFor(job.submit.service)
    }${job.submit.path}`;
  }

  /**
   * Submits the job and reads the answer: a `200` with `readAnswer` as the
   * result, anything else as an acceptance, under the status cap when it is
   * a `202` and the JSON cap otherwise.
   */
  submit(): Promise<SubmitAnswer<T>> {
    const client = this.#client;
    const job = this.#job;
    const { method = "GET" } = job.submit;
    const submitUrl = this.#submitUrl;
    return client.request(
      job.submit,
      this.#within("before the request was sent", method, submitUrl),
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
  statusUrl(accepted: JsonResponse, href: unknown): string {
    try {
      if (typeof href === "string" && href !== "") {
        return new URL(href, this.#submitUrl).href;
      }
    } catch {
      // reported below
    }
    const { titles } = this.#job;
    throw ApiError.fromResponse(accepted, {
      title: href === undefined || href === ""
        ? titles.noStatusUrl
        : titles.badStatusUrl,
    });
  }

  /** Polls `statusUrl` until the job is done, reporting `status` first. */
  poll(statusUrl: string, status: string | undefined): Promise<JobOutcome> {
    const job = this.#job;
    return pollJob(this.#client, {
      service: job.submit.service,
      statusUrl,
      interpret: job.interpret,
      deadline: this.#until,
      status,
      ...job.poll,
    }, this.#options);
  }

  /**
   * The result of a job that is done: the one its last status response
   * carried, or the one downloaded from the URL it named.
   */
  async result(outcome: JobOutcome, statusUrl: string): Promise<T> {
    if (outcome.kind === "body") {
      const response = responseFacts(
        this.#client,
        { status: 200, headers: new Headers(), url: statusUrl },
        "GET",
      );
      return this.#job.statusResult(outcome.body, response);
    }
    await this.#beforeDownload(outcome.url);
    return await downloadResult(this.#client, {
      service: this.#job.submit.service,
      url: outcome.url,
      referrer: statusUrl,
      read: this.#job.readResult,
    }, this.#within("before the result was downloaded", "GET", outcome.url));
  }

  /** Awaits the job's `beforeDownload`, if any, within the deadline. */
  async #beforeDownload(url: string): Promise<void> {
    const job = this.#job;
    if (!job.beforeDownload) return;
    const { beforeDownload } = job;
    await this.#until.bound(
      this.#options.signal,
      (bounded) => beforeDownload.call(job, bounded),
      () =>
        this.#until.error(
          "before the result was downloaded",
          "GET",
          this.#client.redact(url),
        ),
    );
  }

  /** A request's options: the caller's, with what is left of the deadline. */
  #within(what: string, verb: string, url: string): RequestOptions {
    const { signal } = this.#options;
    if (signal?.aborted) throw signal.reason;
    return {
      ...this.#options,
      deadlineMs: this.#until.requestMs(what, verb, this.#client.redact(url)),
    };
  }
}
