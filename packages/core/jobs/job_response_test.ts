import assert from "node:assert/strict";
import { Client } from "../client/client.ts";
import { ApiError } from "../errors/errors.ts";
import { failedJobError, responseFacts } from "./job_response.ts";

const KEY = "job-key-0123456789";
const client = new Client({ apiKey: KEY });

Deno.test("responseFacts: status, method, the URL redacted and the tracing ids scrubbed", () => {
  const res = new Response(null, {
    status: 200,
    headers: { "x-correlation-id": `c ${KEY}`, "x-request-id": "r-1" },
  });
  const facts = responseFacts(
    client,
    res,
    "GET",
    `https://matrix.router.hereapi.com/v8/matrix/1?apiKey=${KEY}`,
  );
  assert.equal(facts.status, 200);
  assert.equal(facts.method, "GET");
  assert.ok(!facts.url.includes(KEY), facts.url);
  assert.ok(!facts.correlationId?.includes(KEY), facts.correlationId);
  assert.equal(facts.requestId, "r-1");
});

Deno.test("responseFacts: an error built from them scrubs what it quotes", () => {
  const facts = responseFacts(
    client,
    new Response(null, { status: 200 }),
    "GET",
    "https://matrix.router.hereapi.com/v8/matrix/1",
  );
  const err = ApiError.fromResponse(facts, {
    title: "Malformed matrix result",
    detail: `near ${KEY}`,
  });
  assert.ok(!err.message.includes(KEY), err.message);
  assert.ok(!JSON.stringify(err).includes(KEY));
});

Deno.test("failedJobError: HERE's fields from the error object, the body's correlationId first", () => {
  const facts = responseFacts(
    client,
    new Response(null, {
      status: 200,
      headers: { "x-correlation-id": "from-header" },
    }),
    "GET",
    "https://tourplanning.hereapi.com/v3/status/1",
  );
  const err = failedJobError(facts, {
    status: "failure",
    error: {
      title: "Problem could not be solved",
      code: "E613429",
      cause: `echo apiKey=${KEY}`,
      action: "Shrink the region",
      correlationId: "from-body",
    },
  }, "Async job failed with status failure");
  assert.equal(err.status, 200);
  assert.equal(err.title, "Problem could not be solved");
  assert.equal(err.code, "E613429");
  assert.equal(err.action, "Shrink the region");
  assert.equal(err.correlationId, "from-body");
  assert.ok(!err.detail?.includes(KEY), err.detail);
  assert.ok(!JSON.stringify(err.body).includes(KEY));
  assert.equal((err.body as { code: string }).code, "E613429");
});

Deno.test("failedJobError: the title given when the body names none; the body itself when it has no error object", () => {
  const err = failedJobError(
    { status: 200, method: "GET", url: "https://x/status" },
    { status: "timeout", message: "took too long" },
    "Async job failed with status timeout",
  );
  assert.equal(err.title, "took too long");
  const bare = failedJobError(
    { status: 200, method: "GET", url: "https://x/status" },
    { status: "timeout" },
    "Async job failed with status timeout",
  );
  assert.equal(bare.title, "Async job failed with status timeout");
  assert.deepEqual(bare.body, { status: "timeout" });
  assert.match(bare.message, /status timeout\) \[GET https:\/\/x\/status\]$/);
});

Deno.test("failedJobError: the fallback title and the body text are scrubbed too", () => {
  const facts = responseFacts(
    client,
    new Response(null, { status: 200 }),
    "GET",
    "https://x/status",
  );
  const err = failedJobError(
    facts,
    { status: `s ${KEY}` },
    `Async job failed with status s ${KEY}`,
  );
  assert.ok(!err.title?.includes(KEY), err.title);
  assert.ok(err.bodyText?.includes("REDACTED"), err.bodyText);
  assert.ok(!err.bodyText?.includes(KEY), err.bodyText);
});

Deno.test("failedJobError: a key at the end of a string is redacted, the body stays JSON", () => {
  const client = new Client({
    apiKey: KEY,
    baseUrl: "http://127.0.0.1:9",
  });
  const url = `http://127.0.0.1:9/v8/matrix/m1/status?apiKey=${
    encodeURIComponent(KEY)
  }`;
  const facts = responseFacts(
    client,
    { status: 200, headers: new Headers(), url },
    "GET",
  );
  const err = failedJobError(facts, {
    status: "failed",
    error: { title: "Matrix failed", cause: `Job ${url}` },
  }, "Async job failed");
  assert.equal(
    err.detail,
    "Job http://127.0.0.1:9/v8/matrix/m1/status?apiKey=REDACTED",
  );
  assert.equal(err.title, "Matrix failed");
  assert.deepEqual(JSON.parse(err.bodyText!), {
    status: "failed",
    error: { title: "Matrix failed", cause: err.detail },
  });
  for (const text of [err.message, JSON.stringify(err), err.bodyText!]) {
    assert.ok(!text.includes(KEY) && !text.includes(encodeURIComponent(KEY)));
  }
});
