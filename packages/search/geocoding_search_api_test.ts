import assert from "node:assert/strict";
import { ApiError, PlatformCredentials, ValueError } from "@ls/core";
import type { Client } from "@ls/core";
import { assertGetRequest, jsonReply } from "@ls/core/testing";
import { rejectsValueError, startTestServer } from "@ls/core/testing";
import { TEST_API_KEY, TEST_KEY_QUERY } from "@ls/core/testing";
import type { TestServer } from "@ls/core/testing";
import { geocode, reverseGeocode } from "@ls/geocoding";
import type { GeocodeParams, ReverseGeocodeParams } from "@ls/geocoding";
import {
  autosuggest,
  browse,
  discover,
  GeocodingSearchApi,
  lookup,
} from "./mod.ts";
import type {
  AutosuggestParams,
  BrowseParams,
  DiscoverParams,
  LookupParams,
} from "./mod.ts";
import errors from "./testdata/errors.json" with { type: "json" };

interface Case {
  method:
    | "getGeocoding"
    | "getReverseGeocoding"
    | "getSearchDiscover"
    | "getSearchBrowse"
    | "getSearchLookup"
    | "getSearchAutosuggest";
  params: unknown;
  path: string;
  rawQuery: string;
  host: string;
  body: unknown;
  typed: (client: Client, params: never) => Promise<unknown>;
  invalid: [unknown, string];
}

const ITEMS = { items: [{ title: "X", position: { lat: 1, lng: 2 } }] };

const CASES: Case[] = [
  {
    method: "getGeocoding",
    params: { query: "Invalidenstr 116, Berlin" } satisfies GeocodeParams,
    path: "/v1/geocode",
    rawQuery: "q=Invalidenstr%20116%2C%20Berlin&limit=20&lang=en-US",
    host: "geocode.search",
    body: ITEMS,
    typed: geocode,
    invalid: [{ query: " " }, "query"],
  },
  {
    method: "getReverseGeocoding",
    params: {
      lat: 52.5309,
      lng: 13.3847,
      limit: 3,
      lang: "de",
    } satisfies ReverseGeocodeParams,
    path: "/v1/revgeocode",
    rawQuery: "at=52.5309,13.3847&limit=3&lang=de",
    host: "revgeocode.search",
    body: ITEMS,
    typed: reverseGeocode,
    invalid: [{ lat: 100, lng: 0 }, "lat"],
  },
  {
    method: "getSearchDiscover",
    params: {
      query: "coffee",
      center: [52.5, 13.4],
      countryCodes: ["DEU", "FRA"],
      limit: 5,
      lang: "en",
    } satisfies DiscoverParams,
    path: "/v1/discover",
    rawQuery: "q=coffee&at=52.5,13.4&in=countryCode:DEU,FRA&limit=5&lang=en",
    host: "discover.search",
    body: ITEMS,
    typed: discover,
    invalid: [{ query: "coffee", center: [52.5, 13.4] }, "center"],
  },
  {
    method: "getSearchBrowse",
    params: {
      center: [52.5, 13.4],
      boundingBox: [13.3, 52.4, 13.5, 52.6],
      categories: ["100-1000-0000"],
      name: "bistro",
      limit: 10,
      lang: "en",
    } satisfies BrowseParams,
    path: "/v1/browse",
    rawQuery:
      "at=52.5,13.4&in=bbox:13.3,52.4,13.5,52.6&categories=100-1000-0000&name=bistro&limit=10&lang=en",
    host: "browse.search",
    body: ITEMS,
    typed: browse,
    invalid: [
      { center: [52.5, 13.4], radius: 5, countryCodes: ["DEU"] },
      "countryCodes",
    ],
  },
  {
    method: "getSearchLookup",
    params: {
      locationId: "here:pds:place:276u0vhj-b0bace",
      lang: "en",
    } satisfies LookupParams,
    path: "/v1/lookup",
    rawQuery: "id=here%3Apds%3Aplace%3A276u0vhj-b0bace&lang=en",
    host: "lookup.search",
    body: { title: "X", id: "here:pds:place:276u0vhj-b0bace" },
    typed: lookup,
    invalid: [{ locationId: "" }, "locationId"],
  },
  {
    method: "getSearchAutosuggest",
    params: {
      query: "res",
      searchInCircle: { lat: 52.53, lng: 13.38, radius: 10000 },
      termsLimit: 2,
    } satisfies AutosuggestParams,
    path: "/v1/autosuggest",
    rawQuery: "q=res&in=circle:52.53,13.38;r=10000&limit=20&termsLimit=2",
    host: "autosuggest.search",
    body: { items: [], queryTerms: [] },
    typed: autosuggest,
    invalid: [{
      query: "res",
      searchInCircle: { lat: 1, lng: 2, radius: 5 },
      inCountry: ["DEU"],
    }, "inCountry"],
  },
];

function call(
  api: GeocodingSearchApi,
  c: Case,
  params: unknown = c.params,
  options?: { requestId?: string },
): Promise<Response> {
  return (api[c.method] as (p: unknown, o?: unknown) => Promise<Response>)
    .call(api, params, options);
}

function routeAll(server: TestServer): void {
  for (const c of CASES) server.route(`GET ${c.path}`, jsonReply(200, c.body));
}

Deno.test("each method sends its operation's exact request and returns the raw 200 Response", async () => {
  await using server = await startTestServer();
  for (const c of CASES) {
    server.route(
      `GET ${c.path}`,
      jsonReply(200, c.body, { "x-correlation-id": `corr-${c.method}` }),
    );
  }
  const api = new GeocodingSearchApi({
    apiKey: TEST_API_KEY,
    baseUrl: server.url,
  });
  for (const c of CASES) {
    const res = await call(api, c, c.params, { requestId: `req-${c.method}` });
    assert.ok(res instanceof Response);
    assert.equal(res.status, 200);
    assert.equal(res.bodyUsed, false);
    assert.equal(res.headers.get("x-correlation-id"), `corr-${c.method}`);
    assert.deepEqual(await res.json(), c.body);
    const req = server.requests.at(-1);
    assertGetRequest(req, c.path, c.rawQuery);
    assert.equal(req?.headers.get("x-request-id"), `req-${c.method}`);
  }
  assert.equal(server.requests.length, CASES.length);
});

Deno.test("each method sends the same request as the typed function", async () => {
  await using server = await startTestServer();
  routeAll(server);
  const api = new GeocodingSearchApi({
    apiKey: TEST_API_KEY,
    baseUrl: server.url,
  });
  for (const c of CASES) {
    const res = await call(api, c);
    await res.body?.cancel();
    const typed = await c.typed(api.client, c.params as never);
    if (typed instanceof Response) await typed.body?.cancel();
    const [raw, viaTyped] = server.requests.slice(-2);
    assert.equal(raw.path, viaTyped.path);
    assert.equal(raw.rawQuery, viaTyped.rawQuery, c.method);
  }
});

async function hostsFor(
  country: "row" | "china" | undefined,
): Promise<string[]> {
  await using server = await startTestServer();
  routeAll(server);
  const seen: string[] = [];
  const api = new GeocodingSearchApi({
    apiKey: TEST_API_KEY,
    country,
    fetch: (input, init) => {
      const u = new URL(String(input));
      seen.push(u.href);
      return fetch(`${server.url}${u.pathname}${u.search}`, init);
    },
  });
  for (const c of CASES) await (await call(api, c)).body?.cancel();
  return seen;
}

Deno.test("each method goes to its own host: hereapi.com by default, hereapi.cn for china", async () => {
  const row = await hostsFor(undefined);
  assert.deepEqual(
    row,
    CASES.map((c) =>
      `https://${c.host}.hereapi.com${c.path}?${c.rawQuery}&${TEST_KEY_QUERY}`
    ),
  );
  assert.deepEqual(await hostsFor("row"), row);
  assert.deepEqual(
    await hostsFor("china"),
    CASES.map((c) =>
      `https://${c.host}.hereapi.cn${c.path}?${c.rawQuery}&${TEST_KEY_QUERY}`
    ),
  );
});

Deno.test("a status other than 200 rejects with ApiError carrying HERE's fields (both body shapes), from each method and each typed function", async () => {
  await using server = await startTestServer();
  const replies = [
    jsonReply(400, errors.geocodingSearch),
    jsonReply(401, errors.gateway, { "x-correlation-id": "corr-401" }),
    jsonReply(204, undefined),
  ];
  for (const c of CASES) {
    server.route(`GET ${c.path}`, [...replies, ...replies]);
  }
  const api = new GeocodingSearchApi({
    apiKey: TEST_API_KEY,
    baseUrl: server.url,
    maxRetries: 0,
  });
  const senders = [
    (c: Case) => call(api, c),
    (c: Case) => c.typed(api.client, c.params as never),
  ];
  for (const c of CASES) {
    for (const send of senders) {
      await assertErrorShapes(c, () => send(c));
    }
  }
});

async function assertErrorShapes(
  c: Case,
  send: () => Promise<unknown>,
): Promise<void> {
  const e400 = await send().catch((e) => e);
  assert.ok(e400 instanceof ApiError, c.method);
  assert.equal(e400.status, 400);
  assert.equal(e400.title, errors.geocodingSearch.title);
  assert.equal(e400.detail, errors.geocodingSearch.cause);
  assert.equal(e400.action, errors.geocodingSearch.action);
  assert.equal(e400.correlationId, errors.geocodingSearch.correlationId);
  assert.deepEqual(e400.body, errors.geocodingSearch);
  const e401 = await send().catch((e) => e);
  assert.ok(e401 instanceof ApiError, c.method);
  assert.equal(e401.status, 401);
  assert.equal(e401.title, "Unauthorized");
  assert.equal(e401.detail, errors.gateway.error_description);
  assert.equal(e401.correlationId, "corr-401");
  const e204 = await send().catch((e) => e);
  assert.ok(e204 instanceof ApiError, `${c.method}: 204 is not 200`);
  assert.equal(e204.status, 204);
  for (const e of [e400, e401, e204]) {
    assert.ok(
      !e.message.includes(TEST_API_KEY) && !e.url.includes(TEST_API_KEY),
    );
  }
}

Deno.test("each method validates like its typed function, before any request", async () => {
  await using server = await startTestServer();
  routeAll(server);
  const api = new GeocodingSearchApi({
    apiKey: TEST_API_KEY,
    baseUrl: server.url,
  });
  for (const c of CASES) {
    const [params, parameter] = c.invalid;
    await rejectsValueError(call(api, c, params), parameter);
    await rejectsValueError(
      c.typed(api.client, params as never),
      parameter,
    );
  }
  assert.equal(server.requests.length, 0);
});

Deno.test("each method rejects a key its operation does not take, before any request", async () => {
  await using server = await startTestServer();
  routeAll(server);
  const api = new GeocodingSearchApi({
    apiKey: TEST_API_KEY,
    baseUrl: server.url,
  });
  for (const c of CASES) {
    const operation = c.typed.name;
    await rejectsValueError(
      call(api, c, { ...c.params as object, limt: 5 }),
      "limt",
      new RegExp(`^Invalid limt: is not a parameter of ${operation}(;|$)`),
    );
  }
  assert.equal(server.requests.length, 0);
});

Deno.test("constructor passes the client options through", async () => {
  assert.throws(
    () => new GeocodingSearchApi({}),
    (e) => e instanceof ValueError && e.parameter === "apiKey",
  );
  assert.throws(
    () => new GeocodingSearchApi({ apiKey: "k", country: "eu" as never }),
    (e) => e instanceof ValueError && e.parameter === "country",
  );
  assert.throws(
    () =>
      new GeocodingSearchApi({
        apiKey: "k",
        proxies: { https: "http://127.0.0.1:3128" },
        fetch,
      }),
    (e) => e instanceof ValueError && e.parameter === "proxies",
  );
  const api = new GeocodingSearchApi({ apiKey: "k", country: "china" });
  assert.equal(api.client.country, "china");
  assert.equal(new GeocodingSearchApi({ apiKey: "k" }).client.country, "row");

  await using server = await startTestServer();
  server.route("GET /v1/geocode", [
    jsonReply(503, { title: "Busy" }),
    jsonReply(200, ITEMS),
  ]);
  const once = new GeocodingSearchApi({
    apiKey: TEST_API_KEY,
    baseUrl: server.url,
    maxRetries: 0,
  });
  const busy = await once.getGeocoding({ query: "x" }).catch((e) => e);
  assert.ok(busy instanceof ApiError);
  assert.equal(busy.status, 503);
  const retrying = new GeocodingSearchApi({
    apiKey: TEST_API_KEY,
    baseUrl: server.url,
    maxRetries: 1,
    retryBaseDelayMs: 1,
  });
  server.route("GET /v1/geocode", [
    jsonReply(503, { title: "Busy" }),
    jsonReply(200, ITEMS),
  ]);
  const res = await retrying.getGeocoding({ query: "x" });
  assert.deepEqual(await res.json(), ITEMS);
  assert.equal(server.requestsFor("GET /v1/geocode").length, 3);
});

Deno.test("OAuth credentials: the bearer token replaces the apiKey", async () => {
  await using server = await startTestServer();
  server.route(
    "POST /oauth2/token",
    jsonReply(200, {
      access_token: "tok-search-abcd",
      token_type: "bearer",
      expires_in: 3600,
    }),
  );
  server.route("GET /v1/lookup", jsonReply(200, { title: "X" }));
  using api = new GeocodingSearchApi({
    platformCredentials: new PlatformCredentials({
      accessKeyId: "key-id",
      accessKeySecret: "key-secret",
    }),
    baseUrl: server.url,
  });
  const res = await api.getSearchLookup({ locationId: "here:x" });
  await res.body?.cancel();
  const [req] = server.requestsFor("GET /v1/lookup");
  assert.equal(req.rawQuery, "id=here%3Ax");
  assert.equal(req.headers.get("authorization"), "Bearer tok-search-abcd");
});
