import assert from "node:assert/strict";
import { Query } from "./query.ts";
import {
  assertGetRequest,
  jsonReply,
  LEAK_SECRETS,
  LeakWitness,
  rejectsValueError,
  startTestServer,
  testClient,
} from "./testing.ts";
import { ApiError } from "./errors.ts";

const GEOCODE = {
  service: "geocode",
  path: "/v1/geocode",
  query: new Query().set("q", "Berlin").set("limit", 5),
} as const;

Deno.test("extra query: added after the modelled parameters, as given", async () => {
  await using server = await startTestServer();
  server.route("GET /v1/geocode", jsonReply(200, { items: [] }));
  const client = testClient(server);
  await client.requestJson(GEOCODE, {
    query: {
      addressNamesMode: "normalized",
      "with[]": ["a b", "c,d"],
      n: 2.5,
      flag: false,
      skipped: undefined as never,
      none: [],
    },
  });
  assertGetRequest(
    server.requests[0],
    "/v1/geocode",
    "q=Berlin&limit=5&addressNamesMode=normalized&with%5B%5D=a%20b,c%2Cd&n=2.5&flag=false",
  );
});

Deno.test("extra query: a credential key or one the call sets is a ValueError; nothing sent", async () => {
  await using server = await startTestServer();
  const client = testClient(server);
  for (const key of ["apiKey", "APIKEY", "api_key", "api-key"]) {
    const err = await rejectsValueError(
      client.requestJson(GEOCODE, { query: { [key]: "another-key" } }),
      `query.${key}`,
    );
    assert.match(err.message, /the client adds the credential/);
    assert.ok(!err.message.includes("another-key"));
  }
  await rejectsValueError(
    client.requestJson(GEOCODE, { query: { limit: 1 } }),
    "query.limit",
    /already set by this call/,
  );
  // A repeatable key the call appended counts as set too.
  const withVia = {
    service: "router",
    path: "/v8/routes",
    query: new Query().append("via", "1,2").append("via", "3,4"),
  } as const;
  await rejectsValueError(
    client.requestJson(withVia, { query: { via: "5,6" } }),
    "query.via",
  );
  for (
    const [query, parameter] of [
      [{ x: Infinity }, "query.x"],
      [{ x: { y: 1 } }, "query.x"],
      [{ x: [1, null] }, "query.x"],
      [{ "": "v" }, "query."],
      ["a=b", "query"],
      [["a"], "query"],
    ] as const
  ) {
    await rejectsValueError(
      client.requestJson(GEOCODE, { query: query as never }),
      parameter,
    );
  }
  await rejectsValueError(
    client.requestJson(GEOCODE, { query: { x: "\ud800" } }),
    "query.x",
  );
  assert.equal(server.requests.length, 0);
});

Deno.test("extra body: fields added to a POST body; a set field, a GET or a non-object is a ValueError", async () => {
  await using server = await startTestServer();
  server.route("POST /v3/problems", jsonReply(200, { ok: true }));
  const client = testClient(server);
  const spec = {
    service: "tourplanning",
    method: "POST",
    path: "/v3/problems",
    body: { fleet: { types: [] }, plan: { jobs: [] } },
  } as const;
  await client.requestJson(spec, { body: { objectives: [[{ type: "x" }]] } });
  assert.deepEqual(server.requests[0].body, {
    fleet: { types: [] },
    plan: { jobs: [] },
    objectives: [[{ type: "x" }]],
  });
  assert.equal(
    server.requests[0].headers.get("content-type"),
    "application/json",
  );
  await rejectsValueError(
    client.requestJson(spec, { body: { plan: {} } }),
    "body.plan",
    /already set by this call/,
  );
  await rejectsValueError(
    client.requestJson(GEOCODE, { body: { x: 1 } }),
    "body",
    /sends no JSON object body; pass extra parameters in query/,
  );
  await rejectsValueError(
    client.requestJson(spec, { body: [1] as never }),
    "body",
  );
  await rejectsValueError(
    client.requestJson(spec, { body: { big: 1n } }),
    "body.big",
  );
  assert.equal(server.requests.length, 1);
});

Deno.test("extra query: an error's URL carries it; the credential stays out of every output", async () => {
  await using server = await startTestServer();
  server.route(
    "GET /v1/geocode",
    (req) =>
      Response.json({
        title: `Bad ${req.url.search}`,
        status: 400,
        cause: decodeURIComponent(req.rawQuery),
      }, { status: 400 }),
  );
  const witness = new LeakWitness();
  const client = testClient(server, {
    apiKey: LEAK_SECRETS.apiKey,
    ...witness.hooks,
  });
  const err = await witness.rejects(
    client.requestJson(GEOCODE, { query: { addressNamesMode: "normalized" } }),
  );
  assert.ok(err instanceof ApiError);
  assert.match(err.url, /\?q=Berlin&limit=5&addressNamesMode=normalized$/);
  witness.assertClean(2);
});
