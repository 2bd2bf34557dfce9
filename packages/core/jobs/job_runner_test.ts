import assert from "node:assert/strict";
import { ApiError, TimeoutError } from "../errors/errors.ts";
import { type Job, runJob } from "./job_runner.ts";
import type { JobStatusResponse, JobStep } from "./poller.ts";
import { Deadline } from "../http/deadline.ts";
import {
  jsonReply,
  LEAK_SECRETS as SECRETS,
  LeakWitness,
  startTestServer,
  testClient,
  type TestServer,
} from "../testing.ts";

const leakWitness = new LeakWitness();

const SUBMIT = "POST /v1/jobs";
const STATUS = "GET /v1/jobs/j1/status";
const RESULT = "GET /v1/jobs/j1/result";

function client(server: TestServer) {
  return testClient(server, { apiKey: SECRETS.apiKey, ...leakWitness.hooks });
}

function interpret(res: JobStatusResponse): JobStep {
  const body = (res.body ?? {}) as Record<string, unknown>;
  if (res.status === 303) {
    return {
      state: "done",
      status: "completed",
      resultUrl: String(body.resultUrl),
    };
  }
  if (body.status === "failed") {
    return { state: "failed", status: "failed", body };
  }
  if (body.result !== undefined) {
    return { state: "result", status: "completed", body: body.result };
  }
  return { state: "pending", status: String(body.status) };
}

/** A job whose results are `{ from, value }`, saying where they came from. */
function job(
  extra: Partial<Job<{ from: string; value: unknown }>> = {},
): Job<{ from: string; value: unknown }> {
  return {
    submit: {
      service: "matrix",
      method: "POST",
      path: "/v1/jobs",
      body: { work: 1 },
      expect: [200, 202],
      retry: "submit",
    },
    readAnswer: async (res) => ({ from: "answer", value: await res.json() }),
    accepted: (answer) => {
      const body = answer.body as Record<string, unknown>;
      return {
        statusUrl: body.statusUrl,
        status: typeof body.status === "string" ? body.status : undefined,
      };
    },
    titles: { noStatusUrl: "No status URL", badStatusUrl: "Bad status URL" },
    interpret,
    statusResult: (value) => ({ from: "status", value }),
    readResult: async (res) => ({ from: "download", value: await res.json() }),
    poll: { initialDelayMs: 0, maxDelayMs: 10, minDelayMs: 10 },
    ...extra,
  };
}

function accepted(server: TestServer, status = "accepted") {
  server.route(
    SUBMIT,
    jsonReply(202, { status, statusUrl: "/v1/jobs/j1/status" }, {
      "x-correlation-id": "corr-submit",
      "x-request-id": "req-submit",
    }),
  );
}

Deno.test("runJob: a 200 answer is the result itself, with its tracing ids", async () => {
  await using server = await startTestServer();
  server.route(
    SUBMIT,
    jsonReply(200, { sum: 3 }, { "x-correlation-id": "corr-1" }),
  );
  const res = await runJob(client(server), job());
  assert.deepEqual(res, {
    value: { from: "answer", value: { sum: 3 } },
    correlationId: "corr-1",
    requestId: undefined,
  });
  assert.equal(server.requests.length, 1);
});

Deno.test("runJob: accepted → polls → download; statuses reported once each, submit's tracing ids", async () => {
  await using server = await startTestServer();
  accepted(server);
  server.route(STATUS, [
    jsonReply(200, { status: "accepted" }),
    jsonReply(200, { status: "inProgress" }),
    jsonReply(303, { resultUrl: "/v1/jobs/j1/result" }),
  ]);
  server.route(RESULT, jsonReply(200, { sum: 3 }));
  const progress: string[] = [];
  const res = await runJob(client(server), job(), {
    onProgress: (s) => progress.push(s),
  });
  assert.deepEqual(res, {
    value: { from: "download", value: { sum: 3 } },
    correlationId: "corr-submit",
    requestId: "req-submit",
  });
  assert.deepEqual(progress, ["accepted", "inProgress", "completed"]);
  const sent = server.requests.map((r) => `${r.method} ${r.path}`);
  assert.deepEqual(sent, [SUBMIT, STATUS, STATUS, STATUS, RESULT]);
});

Deno.test("runJob: without readAnswer a 200 is an acceptance, which may carry the result", async () => {
  await using server = await startTestServer();
  server.route(SUBMIT, jsonReply(200, { solution: 42 }));
  const res = await runJob(
    client(server),
    job({
      readAnswer: undefined,
      accepted: (answer) => ({
        result: { from: "acceptance", value: answer.body },
      }),
    }),
  );
  assert.deepEqual(res.value, { from: "acceptance", value: { solution: 42 } });
});

Deno.test("runJob: a status response carrying the result is used, named in statusResult's response", async () => {
  await using server = await startTestServer();
  accepted(server);
  server.route(STATUS, jsonReply(200, { result: { sum: 3 } }));
  let named: unknown;
  const res = await runJob(
    client(server),
    job({
      statusResult: (value, response) => {
        named = response;
        return { from: "status", value };
      },
    }),
  );
  assert.deepEqual(res.value, { from: "status", value: { sum: 3 } });
  assert.deepEqual(named, {
    status: 200,
    method: "GET",
    url: `${server.url}/v1/jobs/j1/status`,
    correlationId: undefined,
    requestId: undefined,
  });
  assert.equal(server.requestsFor(RESULT).length, 0);
});

Deno.test("runJob: an acceptance without a usable status URL is an ApiError naming the submit, its body scrubbed", async () => {
  for (
    const [body, title] of [
      [{ status: "accepted", echo: SECRETS.apiKey }, "No status URL"],
      [{ statusUrl: "", echo: SECRETS.apiKey }, "No status URL"],
      [{ statusUrl: "http://[broken", echo: SECRETS.apiKey }, "Bad status URL"],
    ] as const
  ) {
    await using server = await startTestServer();
    server.route(SUBMIT, jsonReply(202, body, { "x-correlation-id": "c-9" }));
    const err = await leakWitness.rejects(runJob(client(server), job()));
    assert.ok(err instanceof ApiError, String(err));
    assert.equal(err.title, title);
    assert.equal(err.status, 202);
    assert.equal(err.method, "POST");
    assert.equal(err.url, `${server.url}/v1/jobs`);
    assert.equal(err.correlationId, "c-9");
    assert.ok(JSON.stringify(err.body).includes("REDACTED"));
    assert.equal(server.requests.length, 1);
  }
});

Deno.test("runJob: a failed job is an ApiError with HERE's fields from the status response", async () => {
  await using server = await startTestServer();
  accepted(server);
  server.route(
    STATUS,
    jsonReply(200, {
      status: "failed",
      error: {
        title: "Job failed",
        code: "E1",
        cause: `echo ${SECRETS.apiKey}`,
        correlationId: "corr-job",
      },
    }, { "x-request-id": "req-status" }),
  );
  const err = await leakWitness.rejects(runJob(client(server), job()));
  assert.ok(err instanceof ApiError, String(err));
  assert.equal(err.title, "Job failed");
  assert.equal(err.code, "E1");
  assert.match(err.detail ?? "", /^echo .*REDACTED/);
  assert.equal(err.correlationId, "corr-job");
  assert.equal(err.requestId, "req-status");
  assert.equal(err.url, `${server.url}/v1/jobs/j1/status`);
});

Deno.test("runJob: one deadline bounds the job; its messages give whole milliseconds", async () => {
  await using server = await startTestServer();
  accepted(server);
  server.route(STATUS, jsonReply(200, { status: "inProgress" }));
  const err = await leakWitness.rejects(
    runJob(client(server), job(), { deadlineMs: 60.4 }),
  );
  assert.ok(err instanceof TimeoutError, String(err));
  assert.match(
    err.message,
    /^Async job did not finish within 61 ms; last status inProgress(; the deadline passes before the next poll may be sent.*)? \[GET /,
  );
});

Deno.test("runJob: a deadline that passed before the download is a TimeoutError; nothing is downloaded", async () => {
  await using server = await startTestServer();
  accepted(server);
  const deadline = new Deadline(5_000);
  server.route(STATUS, () => {
    // The job completes just as the deadline passes.
    Object.defineProperty(deadline, "at", { value: performance.now() });
    return Response.json({ resultUrl: "/v1/jobs/j1/result" }, { status: 303 });
  });
  server.route(RESULT, jsonReply(200, { sum: 3 }));
  const err = await leakWitness.rejects(
    runJob(client(server), job(), {}, deadline),
  );
  assert.ok(err instanceof TimeoutError, String(err));
  assert.match(
    err.message,
    /^Operation exceeded its deadline of 5000 ms before the result was downloaded \[GET /,
  );
  assert.equal(server.requestsFor(RESULT).length, 0);
});

/** A job done at its first poll, with its result at RESULT. */
function doneAtOnce(server: TestServer) {
  accepted(server);
  server.route(STATUS, jsonReply(303, { resultUrl: "/v1/jobs/j1/result" }));
  server.route(RESULT, jsonReply(200, { sum: 3 }));
}

Deno.test("runJob: beforeDownload holds the download until it resolves", async () => {
  await using server = await startTestServer();
  doneAtOnce(server);
  let held = false;
  const res = await runJob(
    client(server),
    job({
      beforeDownload: async (signal) => {
        assert.ok(signal === undefined || !signal.aborted);
        // The job is done and nothing is downloaded yet.
        assert.equal(server.requestsFor(STATUS).length, 1);
        assert.equal(server.requestsFor(RESULT).length, 0);
        await new Promise((r) => setTimeout(r, 10));
        held = true;
      },
    }),
  );
  assert.ok(held);
  assert.deepEqual(res.value, { from: "download", value: { sum: 3 } });
  assert.equal(server.requestsFor(RESULT).length, 1);
});

Deno.test("runJob: a beforeDownload that outlasts the deadline is a TimeoutError; its signal aborts, nothing is downloaded", async () => {
  await using server = await startTestServer();
  doneAtOnce(server);
  let aborted = false;
  const err = await leakWitness.rejects(runJob(
    client(server),
    job({
      beforeDownload: (signal) =>
        new Promise((_, reject) => {
          signal!.addEventListener("abort", () => {
            aborted = true;
            reject(signal!.reason);
          }, { once: true });
        }),
    }),
    { deadlineMs: 100 },
  ));
  assert.ok(err instanceof TimeoutError, String(err));
  assert.match(
    err.message,
    /^Operation exceeded its deadline of 100 ms before the result was downloaded \[GET http:\/\/127\.0\.0\.1:\d+\/v1\/jobs\/j1\/result\]$/,
  );
  assert.ok(aborted);
  assert.equal(server.requestsFor(RESULT).length, 0);
});

Deno.test("runJob: an abort during beforeDownload rejects with the reason", async () => {
  await using server = await startTestServer();
  doneAtOnce(server);
  const ctl = new AbortController();
  const reason = new Error("enough");
  await assert.rejects(
    runJob(
      client(server),
      job({
        beforeDownload: (signal) =>
          new Promise((_, reject) => {
            signal!.addEventListener(
              "abort",
              () => reject(signal!.reason),
              { once: true },
            );
            ctl.abort(reason);
          }),
      }),
      { signal: ctl.signal },
    ),
    (e) => e === reason,
  );
  assert.equal(server.requestsFor(RESULT).length, 0);
});

Deno.test("runJob: an aborted signal sends nothing", async () => {
  await using server = await startTestServer();
  accepted(server);
  const reason = new Error("stop");
  await assert.rejects(
    runJob(client(server), job(), { signal: AbortSignal.abort(reason) }),
    (e) => e === reason,
  );
  assert.equal(server.requests.length, 0);
});

Deno.test("no credential appears in any error or hook output of this suite", () => {
  leakWitness.assertClean(4);
});

Deno.test("runJob: options given by getters or inherited reach every request, and an abort cancels a stalled status poll", async () => {
  await using server = await startTestServer();
  accepted(server);
  const controller = new AbortController();
  let polled!: () => void;
  const polling = new Promise<void>((resolve) => polled = resolve);
  server.route(STATUS, (_req, _n, signal) => {
    polled();
    // Stalls until the client gives up on the request.
    return new Promise((_resolve, reject) =>
      signal.addEventListener("abort", () => reject(signal.reason))
    );
  });
  class Options {
    get signal() {
      return controller.signal;
    }
    get requestId() {
      return "req-own";
    }
  }
  const options = Object.create(new Options(), {
    headers: { value: { "x-trace": "trace-1" }, enumerable: false },
  });
  const run = runJob(client(server), job(), options);
  await polling;
  const reason = new Error("stop");
  controller.abort(reason);
  await assert.rejects(run, (err) => err === reason);
  for (const req of server.requests) {
    assert.equal(req.headers.get("x-trace"), "trace-1", req.path);
    assert.equal(req.headers.get("x-request-id"), "req-own", req.path);
  }
  assert.equal(server.requestsFor(STATUS).length, 1);
});
