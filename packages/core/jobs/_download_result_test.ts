import assert from "node:assert/strict";
import { Client } from "../client/client.ts";
import { PlatformCredentials } from "../auth/credentials.ts";
import { ApiError } from "../errors/errors.ts";
import { downloadResult } from "./_download_result.ts";
import { jsonReply, startTestServer, testClient } from "../testing.ts";
import { LEAK_SECRETS as SECRETS, LeakWitness } from "../testing.ts";

const leakWitness = new LeakWitness();

/** A client with the key the witness looks for, recording every event. */
function makeClient(url: string): Client {
  return testClient(url, { apiKey: SECRETS.apiKey, ...leakWitness.hooks });
}

for (const mode of ["apiKey", "bearer"] as const) {
  Deno.test(`download: a redirect to a foreign host gets no credentials (${mode})`, async () => {
    await using server = await startTestServer();
    await using storage = await startTestServer();
    const signed = `${storage.url}/bucket/result.json?X-Sig=abc`;
    server.route(
      "POST /oauth2/token",
      jsonReply(200, {
        access_token: SECRETS.token,
        token_type: "bearer",
        expires_in: 3600,
      }),
    );
    server.route(
      "GET /v8/matrix/job-1",
      jsonReply(303, {}, { location: signed }),
    );
    storage.route(
      "GET /bucket/result.json",
      jsonReply(200, { matrix: { numOrigins: 2 } }),
    );
    const client = mode === "apiKey" ? makeClient(server.url) : new Client({
      platformCredentials: new PlatformCredentials({
        accessKeyId: SECRETS.accessKeyId,
        accessKeySecret: SECRETS.accessKeySecret,
      }),
      baseUrl: server.url,
      ...leakWitness.hooks,
    });
    const res = await downloadResult(client, {
      service: "matrix",
      url: `${server.url}/v8/matrix/job-1`,
    });
    assert.deepEqual(await res.json(), { matrix: { numOrigins: 2 } });
    const here = server.requestsFor("GET /v8/matrix/job-1")[0];
    if (mode === "apiKey") {
      assert.equal(here.query.get("apiKey"), SECRETS.apiKey);
    } else {assert.equal(
        here.headers.get("authorization"),
        `Bearer ${SECRETS.token}`,
      );}
    const [foreign] = storage.requests;
    assert.equal(foreign.rawQuery, "X-Sig=abc");
    assert.equal(foreign.headers.get("authorization"), null);
  });
}

Deno.test("download with read: a result that breaks off is downloaded again", async () => {
  await using server = await startTestServer();
  server.route("GET /moved", jsonReply(302, {}, { location: "/r" }));
  server.route("GET /r", [() => "drop", jsonReply(200, { ok: true })]);
  const client = makeClient(server.url);
  const body = await downloadResult(client, {
    service: "matrix",
    url: `${server.url}/moved`,
    read: (res) => res.json(),
  });
  assert.deepEqual(body, { ok: true });
  assert.equal(server.requestsFor("GET /r").length, 2);
});

Deno.test("download: too many redirects is an ApiError", async () => {
  await using server = await startTestServer();
  server.route("GET /loop", jsonReply(302, {}, { location: "/loop" }));
  const client = makeClient(server.url);
  const err = await leakWitness.rejects(
    downloadResult(client, {
      service: "matrix",
      url: `${server.url}/loop`,
    }),
  );
  assert.ok(err instanceof ApiError);
  assert.match(err.message, /more than 20 redirects/);
  // The first request and 20 redirects (fetch's own limit), not retried.
  assert.equal(server.requests.length, 21);
});

Deno.test("no credential appears in any error or hook output of this suite", () => {
  leakWitness.assertClean(20);
});
