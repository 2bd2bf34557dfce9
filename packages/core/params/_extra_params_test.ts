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
} from "../testing.ts";
import { ApiError } from "../errors/errors.ts";

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
      [{ "": "v" }, "query"],
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

Deno.test("extra body: toJSON, or keys that change between reads, cannot replace what the call sets", async () => {
  await using server = await startTestServer();
  server.route("POST /v8/matrix", jsonReply(200, {}));
  const client = testClient(server);
  const spec = {
    service: "matrix",
    method: "POST",
    path: "/v8/matrix",
    body: { origins: [{ lat: 1, lng: 2 }] },
  } as const;
  await rejectsValueError(
    client.requestJson(spec, {
      body: { toJSON: () => ({ origins: [{ lat: 0, lng: 0 }] }) },
    }),
    "body.toJSON",
    /would replace the whole body/,
  );
  // A Proxy that names `origins` only from its second read on.
  let reads = 0;
  const shifty = new Proxy({ note: "x" } as Record<string, unknown>, {
    ownKeys: (t) => reads++ === 0 ? Reflect.ownKeys(t) : ["origins"],
    getOwnPropertyDescriptor: (t, k) =>
      k === "origins"
        ? { value: [], enumerable: true, configurable: true }
        : Reflect.getOwnPropertyDescriptor(t, k),
  });
  await client.requestJson(spec, { body: shifty }).catch(() => {});
  for (const r of server.requests) {
    assert.deepEqual((r.body as { origins: unknown }).origins, [{
      lat: 1,
      lng: 2,
    }]);
  }
  // Not plain objects, or values JSON cannot carry.
  for (
    const [body, parameter] of [
      [new Map([["a", 1]]), "body"],
      [new Date(), "body"],
      [{ [Symbol("s")]: 1 }, "body"],
      [{ f: () => 1 }, "body.f"],
      [{ "\ud800": 1 }, "body"],
      [{ a: "\ud800" }, "body.a"],
    ] as const
  ) {
    await rejectsValueError(
      client.requestJson(spec, { body: body as never }),
      parameter,
    );
  }
  // `__proto__` stays a field, and pollutes nothing.
  await client.requestJson(spec, {
    body: JSON.parse('{"__proto__": {"x": 1}}'),
  });
  const last = server.requests.at(-1)!;
  assert.equal(
    last.bodyText,
    '{"origins":[{"lat":1,"lng":2}],"__proto__":{"x":1}}',
  );
  assert.equal(({} as Record<string, unknown>).x, undefined);
});

Deno.test("extra query: Maps, Dates, symbol keys, sparse lists and lone surrogates in names are refused", async () => {
  await using server = await startTestServer();
  const client = testClient(server);
  for (
    const [query, parameter] of [
      [new Map([["apiKey", "x"]]), "query"],
      [new Date(), "query"],
      [{ [Symbol("s")]: "x" }, "query"],
      // deno-lint-ignore no-sparse-arrays
      [{ foo: [, "a"] }, "query.foo"],
      [{ "\ud800": "x" }, "query"],
    ] as const
  ) {
    await rejectsValueError(
      client.requestJson(GEOCODE, { query: query as never }),
      parameter,
    );
  }
  assert.equal(server.requests.length, 0);
});

Deno.test("extra query: a name that could be a credential is never printed; the client's key is scrubbed", async () => {
  await using server = await startTestServer();
  const key = "AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcd";
  const client = testClient(server, { apiKey: key });
  for (
    const query of [
      { [key]: {} },
      { [key]: "\ud800" },
      { [`evil\n\x1b[31mFAKE`]: {} },
      { ["k".repeat(100_000)]: {} },
    ]
  ) {
    const err = await rejectsValueError(
      client.requestJson(GEOCODE, { query: query as never }),
      "query",
    );
    assert.ok(err.message.length < 300, err.message.slice(0, 100));
    assert.ok(!err.message.includes(key) && !err.message.includes("\x1b"));
  }
  // A short name is printed, but the client's own key never.
  const short = "sh0rt-key";
  const c2 = testClient(server, { apiKey: short });
  const err = await rejectsValueError(
    c2.requestJson(GEOCODE, { query: { [short]: {} } as never }),
    "query.REDACTED",
  );
  assert.ok(!err.message.includes(short));
  // A URL too long names no implausible key either.
  const long = await rejectsValueError(
    client.requestJson(GEOCODE, { query: { [key + "x".repeat(66_000)]: "1" } }),
    "query",
  );
  assert.ok(!long.message.includes(key));
  // A huge value is refused before it is encoded.
  await rejectsValueError(
    client.requestJson(GEOCODE, {
      query: { foo: new Array(1e6).fill("abcdefghij") },
    }),
    "query.foo",
    /longer than the 65534 characters/,
  );
  assert.equal(server.requests.length, 0);
});

Deno.test("a request option holding the client's key is refused without quoting it", async () => {
  await using server = await startTestServer();
  const key = "AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcd";
  const client = testClient(server, { apiKey: key });
  for (const name of ["timeoutMs", "deadlineMs", "maxRetries"]) {
    const err = await rejectsValueError(
      client.requestJson(GEOCODE, { [name]: key } as never),
      name,
    );
    assert.ok(!err.message.includes(key), err.message);
  }
  assert.equal(server.requests.length, 0);
});
