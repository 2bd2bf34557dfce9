import assert from "node:assert/strict";
import {
  assertGetRequest,
  jsonReply,
  rejectsValueError,
  startTestServer,
  TEST_API_KEY,
  testClient,
} from "@ls/core/testing";
import { ApiError } from "@ls/core";
import { browseAll, discoverAll } from "./mod.ts";
import type { ResultItem } from "@ls/geocoding";

const DISCOVER = "GET /v1/discover";
const BROWSE = "GET /v1/browse";

function items(from: number, n: number): { items: ResultItem[] } {
  return {
    items: Array.from({ length: n }, (_, i) => ({
      id: `here:pds:place:${from + i}`,
      title: `Place ${from + i}`,
    })),
  };
}

async function collect(it: AsyncIterable<ResultItem>): Promise<string[]> {
  const out: string[] = [];
  for await (const item of it) out.push(item.title!);
  return out;
}

Deno.test("discoverAll sends one page after another with offset and limit, and stops at a short page", async () => {
  await using server = await startTestServer();
  server.route(DISCOVER, [
    jsonReply(200, items(0, 2)),
    jsonReply(200, items(2, 2)),
    jsonReply(200, items(4, 1)),
  ]);
  const titles = await collect(
    discoverAll(testClient(server), {
      query: "cafe",
      center: [52.5, 13.4],
      radius: 1000,
      limit: 2,
    }),
  );
  assert.deepEqual(titles, [
    "Place 0",
    "Place 1",
    "Place 2",
    "Place 3",
    "Place 4",
  ]);
  assert.equal(server.requests.length, 3);
  for (const [i, offset] of [0, 2, 4].entries()) {
    assertGetRequest(
      server.requests[i],
      "/v1/discover",
      `q=cafe&in=circle:52.5,13.4;r=1000&limit=2&offset=${offset}`,
    );
  }
});

Deno.test("discoverAll stops at maxItems without asking for another page", async () => {
  await using server = await startTestServer();
  server.route(
    DISCOVER,
    (req) => Response.json(items(Number(req.query.get("offset")), 3)),
  );
  const titles = await collect(
    discoverAll(testClient(server), {
      query: "cafe",
      boundingBox: [13, 52, 14, 53],
      limit: 3,
    }, { maxItems: 4 }),
  );
  assert.deepEqual(titles, ["Place 0", "Place 1", "Place 2", "Place 3"]);
  assert.equal(server.requests.length, 2);
});

Deno.test("discoverAll ends against a server that ignores offset and repeats its page", async () => {
  await using server = await startTestServer();
  server.route(DISCOVER, jsonReply(200, items(0, 2)));
  const titles = await collect(
    discoverAll(testClient(server), {
      query: "cafe",
      boundingBox: [13, 52, 14, 53],
      limit: 2,
    }, { maxItems: 1000 }),
  );
  assert.deepEqual(titles, ["Place 0", "Place 1"]);
  assert.equal(server.requests.length, 2);
});

Deno.test("browseAll yields page 1, then throws page 2's ApiError", async () => {
  await using server = await startTestServer();
  server.route(BROWSE, [
    jsonReply(200, items(0, 2)),
    jsonReply(400, {
      status: 400,
      title: "Illegal input for parameter 'offset'",
      correlationId: "c",
      requestId: "r",
    }),
  ]);
  const seen: string[] = [];
  await assert.rejects(async () => {
    for await (
      const item of browseAll(testClient(server), {
        center: [52.5, 13.4],
        radius: 500,
        limit: 2,
      })
    ) seen.push(item.title!);
  }, ApiError);
  assert.deepEqual(seen, ["Place 0", "Place 1"]);
  assertGetRequest(
    server.requests[1],
    "/v1/browse",
    "at=52.5,13.4&in=circle:52.5,13.4;r=500&limit=2&offset=2",
  );
});

Deno.test("discoverAll sends nothing after an abort between pages", async () => {
  await using server = await startTestServer();
  server.route(DISCOVER, jsonReply(200, items(0, 2)));
  const abort = new AbortController();
  const it = discoverAll(testClient(server), {
    query: "cafe",
    boundingBox: [13, 52, 14, 53],
    limit: 2,
  }, { signal: abort.signal });
  assert.equal((await it.next()).value?.title, "Place 0");
  assert.equal((await it.next()).value?.title, "Place 1");
  abort.abort(new Error("user left"));
  await assert.rejects(() => it.next(), { message: "user left" });
  assert.equal(server.requests.length, 1);
});

Deno.test("discoverAll and browseAll refuse a bad maxItems or params before any request", async () => {
  await using server = await startTestServer();
  const client = testClient(server);
  for (const maxItems of [0, -1, 1.5, Number.NaN, "5" as unknown as number]) {
    await rejectsValueError(
      discoverAll(client, { query: "x", boundingBox: [13, 52, 14, 53] }, {
        maxItems,
      }).next(),
      "maxItems",
    );
  }
  await rejectsValueError(
    browseAll(client, { center: [52.5, 13.4], radius: -1 }).next(),
    "radius",
  );
  assert.equal(server.requests.length, 0);
});

Deno.test("discoverAll skips a page's items that are not objects instead of failing with a TypeError", async () => {
  await using server = await startTestServer();
  server.route(DISCOVER, [
    jsonReply(200, {
      items: [null, 7, { id: "here:pds:place:0", title: "Place 0" }],
    }),
  ]);
  const titles = await collect(
    discoverAll(testClient(server), {
      query: "cafe",
      center: [52.5, 13.4],
      radius: 1000,
      limit: 4,
    }),
  );
  assert.deepEqual(titles, ["Place 0"]);
  assert.equal(server.requests.length, 1);
});

// Items without an `id` are known by their content: without that, a server
// that ignores `offset` and answers id-less items would be paged until
// maxItems (25 requests for maxItems 50 at limit 2).
Deno.test({
  name:
    "discoverAll stops when a server ignoring offset repeats items without ids",
  fn: async () => {
    await using server = await startTestServer();
    server.route(
      DISCOVER,
      Array.from(
        { length: 30 },
        () => jsonReply(200, { items: [{ title: "x" }, { title: "y" }] }),
      ),
    );
    const titles = await collect(
      discoverAll(testClient(server), {
        query: "cafe",
        center: [52.5, 13.4],
        radius: 1000,
        limit: 2,
      }, { maxItems: 50 }),
    );
    assert.deepEqual(titles, ["x", "y"]);
    assert.ok(server.requests.length <= 2);
  },
});

Deno.test("discoverAll and browseAll refuse request options of the wrong type with a ValueError, not a TypeError", async () => {
  await using server = await startTestServer();
  const client = testClient(server);
  for (const signal of [{}, "x", 5]) {
    await rejectsValueError(
      discoverAll(client, { query: "x", boundingBox: [13, 52, 14, 53] }, {
        signal: signal as unknown as AbortSignal,
      }).next(),
      "signal",
    );
    await rejectsValueError(
      browseAll(client, { center: [52.5, 13.4], radius: 5 }, {
        signal: signal as unknown as AbortSignal,
      }).next(),
      "signal",
    );
  }
  await rejectsValueError(
    discoverAll(client, { query: "x", boundingBox: [13, 52, 14, 53] }, {
      timeoutMs: -1,
    }).next(),
    "timeoutMs",
  );
  assert.equal(server.requests.length, 0);
});

Deno.test("discoverAll and browseAll refuse params that are not an object as discover and browse do, not with a TypeError", async () => {
  await using server = await startTestServer();
  const client = testClient(server);
  for (const params of [null, undefined, 5, "cafe", []]) {
    await rejectsValueError(
      discoverAll(client, params as never).next(),
      "params",
    );
    await rejectsValueError(
      browseAll(client, params as never).next(),
      "params",
    );
  }
  assert.equal(server.requests.length, 0);
});

Deno.test("discoverAll reads inherited params and class getters as discover does", async () => {
  await using server = await startTestServer();
  server.route(DISCOVER, jsonReply(200, items(0, 1)));
  class Params {
    #query = "cafe";
    get query(): string {
      return this.#query;
    }
    get boundingBox(): [number, number, number, number] {
      return [13, 52, 14, 53];
    }
  }
  const inherited = Object.assign(
    Object.create({ query: "cafe", limit: 2 }),
    { center: [52.5, 13.4], radius: 1000 },
  );
  const frozen = Object.freeze(Object.create(Object.freeze({
    query: "cafe",
    center: [52.5, 13.4],
    radius: 1000,
    limit: 2,
  })));
  for (const params of [new Params(), inherited, frozen]) {
    assert.deepEqual(
      await collect(discoverAll(testClient(server), params)),
      ["Place 0"],
    );
  }
  for (
    const [i, query] of [
      "q=cafe&in=bbox:13,52,14,53&limit=20&offset=0",
      "q=cafe&in=circle:52.5,13.4;r=1000&limit=2&offset=0",
      "q=cafe&in=circle:52.5,13.4;r=1000&limit=2&offset=0",
    ].entries()
  ) assertGetRequest(server.requests[i], "/v1/discover", query);
  await rejectsValueError(
    discoverAll(
      testClient(server),
      Object.assign(new Params(), { limt: 5 }) as never,
    ).next(),
    "limt",
  );
});

Deno.test("discoverAll does not quote a key pasted into maxItems, signal or params", async () => {
  await using server = await startTestServer();
  const client = testClient(server);
  const checks: [Record<string, unknown>, unknown, string][] = [
    [{ query: "x", boundingBox: [13, 52, 14, 53] }, {
      maxItems: TEST_API_KEY,
    }, "maxItems"],
    [{ query: "x", boundingBox: [13, 52, 14, 53] }, {
      signal: TEST_API_KEY,
    }, "signal"],
    [TEST_API_KEY as never, undefined, "params"],
  ];
  for (const [params, options, parameter] of checks) {
    const err = await rejectsValueError(
      discoverAll(client, params as never, options as never).next(),
      parameter,
    );
    const shown = `${err.message} ${JSON.stringify(err)}`;
    assert.ok(!shown.includes(TEST_API_KEY), shown);
  }
  assert.equal(server.requests.length, 0);
});
