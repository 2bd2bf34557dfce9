import assert from "node:assert/strict";
import { Client } from "../client/client.ts";
import type { ClientOptions } from "../client/client_options.ts";
import type { RequestOptions } from "../http/spec.ts";
import { ApiError, TimeoutError, ValueError } from "../errors/errors.ts";
import {
  type JobOutcome,
  type JobStatusResponse,
  type JobStep,
  pollJob,
  type PollJobOptions,
} from "./poller.ts";
import { downloadResult } from "./_download_result.ts";
import { Deadline } from "../http/deadline.ts";
import { jsonReply, startTestServer, type TestServer } from "../testing.ts";
import { LEAK_SECRETS as SECRETS, LeakWitness } from "../testing.ts";

const leakWitness = new LeakWitness();

function makeClient(url: string, extra: Partial<ClientOptions> = {}): Client {
  return new Client({
    apiKey: SECRETS.apiKey,
    baseUrl: url,
    retryBaseDelayMs: 1,
    ...leakWitness.hooks,
    ...extra,
  });
}

// A matrix-like interpreter (the real one lives in @ls/matrix).
function interpret(r: JobStatusResponse): JobStep {
  const b = (r.body ?? {}) as Record<string, unknown>;
  if (r.status === 303) {
    return {
      state: "done",
      status: String(b.status ?? "completed"),
      resultUrl: String(b.resultUrl ?? r.headers.get("location")),
    };
  }
  if (b.error !== undefined || b.status === "failed") {
    return { state: "failed", status: String(b.status ?? "failed"), body: b };
  }
  return { state: "pending", status: String(b.status) };
}

const fast = { initialDelayMs: 1, maxDelayMs: 5, minDelayMs: 10 };

function statusRoutes(
  server: TestServer,
  steps: Parameters<TestServer["route"]>[1],
) {
  server.route("GET /v8/matrix/job-1/status", steps);
}

/**
 * Polls the job of {@linkcode statusRoutes} with {@linkcode interpret};
 * `extra` adds to its options.
 */
function pollStatus(
  client: Client,
  server: TestServer,
  extra: Partial<PollJobOptions> = {},
  requestOptions?: RequestOptions,
): Promise<JobOutcome> {
  return pollJob(client, {
    service: "matrix",
    statusUrl: `${server.url}/v8/matrix/job-1/status`,
    interpret,
    ...extra,
  }, requestOptions);
}

Deno.test("poller: pending statuses (known and unknown) → 303 → result download", async () => {
  await using server = await startTestServer();
  const resultUrl = `${server.url}/v8/matrix/job-1`;
  statusRoutes(server, [
    jsonReply(200, { matrixId: "job-1", status: "accepted" }),
    jsonReply(200, { matrixId: "job-1", status: "inProgress" }),
    jsonReply(200, { matrixId: "job-1", status: "somethingNew" }),
    jsonReply(303, { status: "completed", resultUrl }, { location: resultUrl }),
  ]);
  server.route(
    "GET /v8/matrix/job-1",
    jsonReply(200, { matrix: { numOrigins: 1 } }),
  );
  const client = makeClient(server.url);
  const progress: string[] = [];
  const outcome = await pollStatus(client, server, fast, {
    onProgress: (s) => progress.push(s),
  });
  assert.deepEqual(outcome, { kind: "url", url: resultUrl });
  assert.deepEqual(progress, [
    "accepted",
    "inProgress",
    "somethingNew",
    "completed",
  ]);
  const res = await downloadResult(client, {
    service: "matrix",
    url: outcome.url,
  });
  assert.deepEqual(await res.json(), { matrix: { numOrigins: 1 } });
  // Every status poll and the download carried the key: the host is trusted.
  for (const r of server.requests) {
    assert.equal(r.query.get("apiKey"), SECRETS.apiKey);
  }
});

Deno.test("poller: in a browser, whose manual redirects are opaque, the redirect is followed and the result read from the status poll", async () => {
  await using server = await startTestServer();
  const resultUrl = `${server.url}/v8/matrix/job-1`;
  statusRoutes(
    server,
    jsonReply(303, { status: "completed", resultUrl }, { location: resultUrl }),
  );
  server.route(
    "GET /v8/matrix/job-1",
    jsonReply(200, { status: "completed", matrix: { numOrigins: 1 } }),
  );
  // A browser answers a manual redirect with an opaque response, status 0.
  const browserLike: typeof fetch = async (input, init) => {
    const res = await fetch(input, init);
    if (init?.redirect !== "manual" || res.status < 300 || res.status > 399) {
      return res;
    }
    await res.body?.cancel();
    const opaque = new Response(null, { status: 200 });
    Object.defineProperty(opaque, "type", { value: "opaqueredirect" });
    Object.defineProperty(opaque, "status", { value: 0 });
    return opaque;
  };
  const client = makeClient(server.url, { fetch: browserLike });
  const outcome = await pollJob(client, {
    service: "matrix",
    statusUrl: `${server.url}/v8/matrix/job-1/status`,
    interpret: (r) => {
      const body = r.body as Record<string, unknown>;
      return body?.matrix
        ? { state: "result", status: "completed", body }
        : interpret(r);
    },
    ...fast,
  });
  assert.deepEqual(outcome, {
    kind: "body",
    body: { status: "completed", matrix: { numOrigins: 1 } },
  });
});

Deno.test("poller: 5xx and 429 on the status URL back off and recover", async () => {
  await using server = await startTestServer();
  statusRoutes(server, [
    jsonReply(503, {}),
    jsonReply(502, {}),
    jsonReply(429, {}, { "retry-after": "0" }),
    jsonReply(200, { status: "inProgress" }),
    jsonReply(303, { resultUrl: `${server.url}/r` }),
  ]);
  const client = makeClient(server.url);
  const outcome = await pollStatus(client, server, fast);
  assert.deepEqual(outcome, { kind: "url", url: `${server.url}/r` });
  assert.equal(server.requests.length, 5);
});

Deno.test("poller: a status body that breaks off is polled again", async () => {
  await using server = await startTestServer();
  statusRoutes(server, [
    () => "drop",
    jsonReply(303, { resultUrl: `${server.url}/r` }),
  ]);
  const client = makeClient(server.url);
  const outcome = await pollStatus(client, server, fast);
  assert.deepEqual(outcome, { kind: "url", url: `${server.url}/r` });
  assert.equal(server.requests.length, 2);
});

Deno.test("poller: its request options are checked before it waits or polls", async () => {
  await using server = await startTestServer();
  const client = makeClient(server.url);
  for (
    const [options, parameter] of [[{ onProgress: "x" }, "onProgress"], [{
      signal: false,
    }, "signal"]] as const
  ) {
    await assert.rejects(
      pollStatus(client, server, fast, options as unknown as RequestOptions),
      (e) => e instanceof ValueError && e.parameter === parameter,
    );
  }
  assert.equal(server.requests.length, 0);
});

Deno.test("poller: a status that echoes the key where it is cut short shows no piece of it", async () => {
  await using server = await startTestServer();
  const resultUrl = `${server.url}/v8/matrix/job-1`;
  // The key starts 195 characters in: a status cut at 200 before it is
  // scrubbed would keep its first 5 characters, which no scrubber finds.
  const echo = `${"s".repeat(195)}${SECRETS.apiKey}`;
  statusRoutes(server, [
    jsonReply(200, { matrixId: "job-1", status: echo }),
    jsonReply(303, { status: "completed", resultUrl }, { location: resultUrl }),
  ]);
  const client = makeClient(server.url);
  const progress: string[] = [];
  await pollStatus(client, server, fast, {
    onProgress: (s) => progress.push(s),
  });
  assert.equal(progress.length, 2);
  assert.ok(progress[0].startsWith("s".repeat(195)));
  assert.ok(progress[0].length <= 200);
  assert.ok(!progress[0].includes(SECRETS.apiKey.slice(0, 5)), progress[0]);
});

Deno.test("poller: an onProgress that throws does not break the job", async () => {
  await using server = await startTestServer();
  statusRoutes(server, [
    jsonReply(200, { status: "inProgress" }),
    jsonReply(303, { resultUrl: `${server.url}/r` }),
  ]);
  const outcome = await pollStatus(makeClient(server.url), server, fast, {
    onProgress: () => {
      throw new Error("hook failed");
    },
  });
  assert.deepEqual(outcome, { kind: "url", url: `${server.url}/r` });
});

Deno.test("poller: an async onProgress whose promise rejects does not break the job", async () => {
  await using server = await startTestServer();
  statusRoutes(server, [
    jsonReply(200, { status: "inProgress" }),
    jsonReply(303, { resultUrl: `${server.url}/r` }),
  ]);
  let calls = 0;
  const outcome = await pollStatus(makeClient(server.url), server, fast, {
    onProgress: () => {
      calls++;
      return Promise.reject(new Error("hook failed"));
    },
  });
  assert.deepEqual(outcome, { kind: "url", url: `${server.url}/r` });
  assert.ok(calls >= 1);
  // An unhandled rejection would fail this test file.
  await new Promise((resolve) => setTimeout(resolve, 0));
});

Deno.test("poller: a failed job is an ApiError carrying HERE's error", async () => {
  await using server = await startTestServer();
  const error = {
    title: "Matrix calculation failed",
    cause: "Region too large",
    code: "E606",
  };
  const running = jsonReply(200, { status: "inProgress" });
  statusRoutes(server, [running, jsonReply(200, { status: "failed", error })]);
  const client = makeClient(server.url);
  const progress: string[] = [];
  const err = await leakWitness.rejects(
    pollStatus(client, server, fast, { onProgress: (s) => progress.push(s) }),
  );
  assert.ok(err instanceof ApiError);
  assert.equal(err.title, "Matrix calculation failed");
  assert.equal(err.detail, "Region too large");
  assert.equal(err.code, "E606");
  assert.deepEqual(progress, ["inProgress", "failed"]);
});

Deno.test("poller: a 404 status URL stops at once", async () => {
  await using server = await startTestServer();
  statusRoutes(server, jsonReply(404, { title: "Not found", status: 404 }));
  const client = makeClient(server.url);
  const err = await leakWitness.rejects(pollStatus(client, server, fast));
  assert.ok(err instanceof ApiError);
  assert.equal(err.status, 404);
  assert.equal(server.requests.length, 1);
});

Deno.test("poller: a job that never finishes ends at the deadline", async () => {
  await using server = await startTestServer();
  statusRoutes(server, jsonReply(200, { status: "inProgress" }));
  const client = makeClient(server.url);
  const err = await leakWitness.rejects(pollStatus(client, server, {
    deadlineMs: 80,
    ...fast,
  }));
  assert.ok(err instanceof TimeoutError);
  assert.match(
    err.message,
    /did not finish within 80 ms; last status inProgress/,
  );
  assert.ok(server.requests.length >= 2);
});

Deno.test("poller: a first delay past the deadline still polls once before it", async () => {
  await using server = await startTestServer();
  const resultUrl = `${server.url}/v8/matrix/job-1`;
  statusRoutes(
    server,
    jsonReply(303, { status: "completed", resultUrl }, { location: resultUrl }),
  );
  const client = makeClient(server.url);
  const outcome = await pollStatus(client, server, {
    deadlineMs: 150,
    initialDelayMs: 60_000,
    // A floor that fits before the deadline (the default 250 ms does not).
    minDelayMs: 10,
  });
  // Before, the job was given up at once, without a single poll.
  assert.deepEqual(outcome, { kind: "url", url: resultUrl });
  assert.equal(server.requests.length, 1);
});

Deno.test("poller: maxDelayMs bounds the first wait too", async () => {
  await using server = await startTestServer();
  const resultUrl = `${server.url}/v8/matrix/job-1`;
  statusRoutes(server, [
    jsonReply(200, { status: "inProgress" }),
    jsonReply(303, { status: "completed", resultUrl }, { location: resultUrl }),
  ]);
  const client = makeClient(server.url);
  const outcome = await pollStatus(client, server, {
    // Without the bound, the first poll would wait until the deadline.
    initialDelayMs: Number.MAX_VALUE,
    maxDelayMs: 5,
    deadlineMs: 60_000,
  });
  assert.deepEqual(outcome, { kind: "url", url: resultUrl });
  assert.equal(server.requests.length, 2);
});

Deno.test("poller: after the last poll before the deadline, a TimeoutError", async () => {
  await using server = await startTestServer();
  statusRoutes(server, jsonReply(200, { status: "inProgress" }));
  const client = makeClient(server.url);
  // A deadline long enough for the first poll to arrive on a loaded
  // machine; the next would come a minute later.
  const err = await leakWitness.rejects(pollStatus(client, server, {
    deadlineMs: 1_000,
    initialDelayMs: 60_000,
    minDelayMs: 10,
  }));
  assert.ok(err instanceof TimeoutError);
  assert.equal(server.requests.length, 1);
});

/** A status route that answers "inProgress" and records when each poll came. */
function timedStatus(server: TestServer): number[] {
  const at: number[] = [];
  statusRoutes(server, () => {
    at.push(performance.now());
    return Response.json({ status: "inProgress" });
  });
  return at;
}

/** Timers may round a few ms: a gap this much under the floor still keeps it. */
const TIMER_SLACK_MS = 10;

Deno.test("poller: the last poll before the deadline keeps the floor; when it does not fit, a TimeoutError without that poll", async () => {
  await using server = await startTestServer();
  const at = timedStatus(server);
  const started = performance.now();
  const err = await leakWitness.rejects(
    pollStatus(makeClient(server.url), server, {
      // A poll every 250 ms: after the fourth, some 100 ms are left, too few
      // for the floor. Before, one more poll came within those 100 ms.
      initialDelayMs: 0,
      maxDelayMs: 250,
      deadlineMs: 1_100,
    }),
  );
  assert.ok(err instanceof TimeoutError, String(err));
  assert.ok(at.length >= 1, `${at.length} polls`);
  const gaps = [at[0] - started, ...at.slice(1).map((t, i) => t - at[i])];
  for (const gap of gaps) {
    assert.ok(
      gap >= 250 - TIMER_SLACK_MS,
      `gaps ${gaps.map(Math.round).join(", ")} ms`,
    );
  }
  assert.match(
    err.message,
    /did not finish within 1100 ms; last status inProgress; the deadline passes before the next poll may be sent \(at most one poll per 250 ms\)/,
  );
});

Deno.test("poller: a floor that does not fit before the deadline ends the job without a poll", async () => {
  for (
    const timing of [
      { deadlineMs: 150 }, // the default floor of 250 ms
      { deadlineMs: 300, minDelayMs: 400, initialDelayMs: 0 },
      { deadline: new Deadline(200), initialDelayMs: 60_000 },
    ]
  ) {
    await using server = await startTestServer();
    const at = timedStatus(server);
    const err = await leakWitness.rejects(
      pollStatus(makeClient(server.url), server, {
        ...timing,
      }),
    );
    assert.ok(err instanceof TimeoutError, String(err));
    assert.equal(at.length, 0, JSON.stringify(timing));
    assert.match(
      err.message,
      /the deadline passes before the next poll may be sent \(at most one poll per \d+ ms\)/,
    );
  }
});

Deno.test("poller: abort mid-poll rejects with the signal's reason", async () => {
  await using server = await startTestServer();
  statusRoutes(server, jsonReply(200, { status: "inProgress" }));
  const client = makeClient(server.url);
  const ctl = new AbortController();
  const reason = new Error("stop polling");
  const p = pollStatus(client, server, {
    initialDelayMs: 10,
    maxDelayMs: 10,
  }, { signal: ctl.signal });
  setTimeout(() => ctl.abort(reason), 35);
  await assert.rejects(p, (e) => e === reason);
});

Deno.test("download: a result URL on a foreign host is fetched without credentials", async () => {
  await using server = await startTestServer();
  await using storage = await startTestServer();
  statusRoutes(server, jsonReply(303, { resultUrl: `${storage.url}/r` }));
  storage.route("GET /r", jsonReply(200, {}));
  const client = makeClient(server.url);
  const outcome = await pollStatus(client, server, fast);
  assert.equal(outcome.kind, "url");
  if (outcome.kind !== "url") return;
  await (await downloadResult(client, { service: "matrix", url: outcome.url }))
    .body?.cancel();
  assert.equal(storage.requests[0].rawQuery, "");
});

Deno.test("poller: bad poll timing is a ValueError before any request", async () => {
  await using server = await startTestServer();
  const client = makeClient(server.url);
  const bad: [Record<string, number>, string][] = [
    [{ initialDelayMs: -1 }, "poll.initialDelayMs"],
    [{ maxDelayMs: NaN }, "poll.maxDelayMs"],
    [{ initialDelayMs: Infinity }, "poll.initialDelayMs"],
    [{ minDelayMs: 0 }, "poll.minDelayMs"],
    [{ minDelayMs: 5 }, "poll.minDelayMs"],
    [{ factor: 0.5 }, "poll.factor"],
  ];
  for (const [timing, parameter] of bad) {
    const err = await leakWitness.rejects(pollStatus(client, server, {
      ...timing,
    }));
    assert.ok(err instanceof ValueError, String(err));
    assert.equal(err.parameter, parameter);
  }
  assert.equal(server.requests.length, 0);
});

Deno.test("poller: Retry-After 0, a past date or garbage never polls faster than the floor", async () => {
  for (const retryAfter of ["0", "Wed, 21 Oct 2015 07:28:00 GMT", "soon"]) {
    await using server = await startTestServer();
    statusRoutes(
      server,
      jsonReply(200, { status: "inProgress" }, { "retry-after": retryAfter }),
    );
    const client = makeClient(server.url);
    await leakWitness.rejects(pollStatus(client, server, {
      initialDelayMs: 0,
      minDelayMs: 50,
      deadlineMs: 500,
    }));
    // 500 ms at one poll per 50 ms at the most: never a hot loop.
    assert.ok(server.requests.length <= 11, `${server.requests.length} polls`);
  }
});

Deno.test("poller: a status URL with another scheme is refused without being quoted", async () => {
  await using server = await startTestServer();
  const client = makeClient(server.url);
  for (const url of ["file:///etc/passwd", "data:application/json,{}"]) {
    const err = await leakWitness.rejects(pollJob(client, {
      service: "matrix",
      statusUrl: url,
      interpret,
      ...fast,
    }));
    assert.ok(err instanceof ApiError, String(err));
    assert.ok(!err.message.includes("passwd"), err.message);
    assert.ok(!err.message.includes("data:application"), err.message);
  }
});

Deno.test("poller: the status a job was accepted with is reported first, and not again until it changes", async () => {
  await using server = await startTestServer();
  statusRoutes(server, [
    jsonReply(200, { status: "accepted" }),
    jsonReply(200, { status: "inProgress" }),
    jsonReply(303, { resultUrl: `${server.url}/r` }),
  ]);
  const progress: string[] = [];
  await pollStatus(makeClient(server.url), server, {
    status: "accepted",
    ...fast,
  }, { onProgress: (s) => progress.push(s) });
  assert.deepEqual(progress, ["accepted", "inProgress", "completed"]);
});

Deno.test("poller: the operation's deadline wins over deadlineMs, and its message gives whole milliseconds", async () => {
  await using server = await startTestServer();
  statusRoutes(server, jsonReply(200, { status: "inProgress" }));
  const err = await leakWitness.rejects(
    pollStatus(makeClient(server.url), server, {
      deadline: new Deadline(60.2),
      deadlineMs: 60_000,
      ...fast,
    }),
  );
  assert.ok(err instanceof TimeoutError);
  assert.match(err.message, /did not finish within 61 ms; last status/);
});

Deno.test("poller: a status response carries its method, redacted URL and scrubbed tracing ids", async () => {
  await using server = await startTestServer();
  statusRoutes(
    server,
    jsonReply(303, { resultUrl: `${server.url}/r` }, {
      "x-correlation-id": `c-${SECRETS.apiKey}`,
      "x-request-id": "r-1",
    }),
  );
  const seen: JobStatusResponse[] = [];
  await pollJob(makeClient(server.url), {
    service: "matrix",
    statusUrl: `${server.url}/v8/matrix/job-1/status`,
    interpret: (r) => {
      seen.push(r);
      return interpret(r);
    },
    ...fast,
  });
  const [r] = seen;
  assert.equal(r.method, "GET");
  assert.equal(r.url, `${server.url}/v8/matrix/job-1/status`);
  assert.equal(r.requestId, "r-1");
  assert.ok(!r.correlationId?.includes(SECRETS.apiKey), r.correlationId);
  assert.equal(r.status, 303);
});

Deno.test("no credential appears in any error or hook output of this suite", () => {
  leakWitness.assertClean(20);
});
