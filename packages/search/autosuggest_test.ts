import assert from "node:assert/strict";
import { assertGetRequest, assertValueError } from "@ls/core/testing";
import { hostRecordingClient, jsonReply } from "@ls/core/testing";
import { rejectsValueError, startTestServer } from "@ls/core/testing";
import { TEST_KEY_QUERY, testClient } from "@ls/core/testing";
import { itemsToGeoJSON } from "@ls/geocoding";
import { autosuggest, buildAutosuggestRequest } from "./mod.ts";
import type { AutosuggestBody, AutosuggestParams } from "./mod.ts";
import fixture from "./testdata/autosuggest.json" with { type: "json" };

const PATH = "/v1/autosuggest";
const ROUTE = `GET ${PATH}`;

Deno.test("autosuggest sends every parameter in HERE's documented form and keeps the country filter", async () => {
  await using server = await startTestServer();
  server.route(ROUTE, jsonReply(200, { items: [] }));
  const res = await autosuggest(testClient(server), {
    query: "res",
    at: [52.93175, 12.77165],
    inCountry: ["USA", "CAN"],
    limit: 5,
    termsLimit: 3,
    lang: ["en", "de"],
    politicalView: "RUS",
    show: ["phonemes", "tz"],
  });
  await res.body?.cancel();
  assertGetRequest(
    server.requests[0],
    PATH,
    "q=res&at=52.93175,12.77165&in=countryCode:USA,CAN&limit=5&termsLimit=3&lang=en,de&politicalView=RUS&show=phonemes,tz",
  );
});

Deno.test("autosuggest: circle (HERE's documented example), bbox and at alone; limit defaults to 20", async () => {
  await using server = await startTestServer();
  server.route(ROUTE, jsonReply(200, { items: [] }));
  const client = testClient(server);
  const send = async (params: AutosuggestParams) =>
    await (await autosuggest(client, params)).body?.cancel();
  await send({
    query: "res",
    searchInCircle: { lat: 52.53, lng: 13.38, radius: 10000 },
  });
  await send({
    query: "Invalidenstr",
    searchInBbox: [13.08836, 52.33812, 13.761, 52.6755],
    limit: 100,
    termsLimit: 10,
    lang: "de-DE",
  });
  await send({
    query: "東京 タワー",
    at: [35.6586, 139.7454],
    limit: 1,
    termsLimit: 1,
    show: [],
  });
  const reqs = server.requestsFor(ROUTE);
  assertGetRequest(
    reqs[0],
    PATH,
    "q=res&in=circle:52.53,13.38;r=10000&limit=20",
  );
  assertGetRequest(
    reqs[1],
    PATH,
    "q=Invalidenstr&in=bbox:13.08836,52.33812,13.761,52.6755&limit=100&termsLimit=10&lang=de-DE",
  );
  assertGetRequest(
    reqs[2],
    PATH,
    "q=%E6%9D%B1%E4%BA%AC%20%E3%82%BF%E3%83%AF%E3%83%BC&at=35.6586,139.7454&limit=1&termsLimit=1",
  );
});

Deno.test("autosuggest returns the raw Response; its body parses as AutosuggestBody", async () => {
  await using server = await startTestServer();
  server.route(
    ROUTE,
    jsonReply(200, fixture, { "x-correlation-id": "corr-a" }),
  );
  const res = await autosuggest(testClient(server), {
    query: "res",
    at: [52.5, 13.4],
  }, { requestId: "req-a" });
  assert.ok(res instanceof Response);
  assert.equal(res.status, 200);
  assert.equal(res.bodyUsed, false);
  assert.equal(res.headers.get("x-correlation-id"), "corr-a");
  assert.equal(server.requests[0].headers.get("x-request-id"), "req-a");
  const body: AutosuggestBody = await res.json();
  assert.deepEqual(body, fixture);
  assert.equal(body.items[0].resultType, "categoryQuery");
  assert.equal(body.items[1].highlights?.address?.label?.[0].end, 3);
  assert.equal(body.queryTerms?.[0].replaces, "res");
  // The query item has no position: skipped, not a crash.
  const fc = itemsToGeoJSON(body.items);
  assert.deepEqual(fc.features.map((f) => [f.id, f.geometry.coordinates]), [
    ["here:pds:place:000demo0-00000000000000000000000000000003", [
      13.4102,
      52.5101,
    ]],
    ["here:af:street:GGGGexampleGGGG", [13.4188, 52.4955]],
  ]);
});

Deno.test("autosuggest goes to the autosuggest host, hereapi.cn for china", async () => {
  await using server = await startTestServer();
  server.route(ROUTE, jsonReply(200, { items: [] }));
  const seen: string[] = [];
  const params: AutosuggestParams = { query: "bei", at: [39.9, 116.4] };
  for (const country of [undefined, "china"] as const) {
    const res = await autosuggest(
      hostRecordingClient(server, seen, { country }),
      params,
    );
    await res.body?.cancel();
  }
  assert.deepEqual(seen, [
    `https://autosuggest.search.hereapi.com/v1/autosuggest?q=bei&at=39.9,116.4&limit=20&${TEST_KEY_QUERY}`,
    `https://autosuggest.search.hereapi.cn/v1/autosuggest?q=bei&at=39.9,116.4&limit=20&${TEST_KEY_QUERY}`,
  ]);
});

const AT: [number, number] = [52.5, 13.4];
const CIRCLE = { lat: 52.5, lng: 13.4, radius: 500 };
const BOX: [number, number, number, number] = [13.1, 52.3, 13.7, 52.7];

const INVALID: [string, unknown, string][] = [
  ["empty query", { query: "", at: AT }, "query"],
  ["blank query", { query: "\n", at: AT }, "query"],
  ["no area", { query: "res" }, "at"],
  ["inCountry alone", { query: "res", inCountry: ["DEU"] }, "at"],
  [
    "at and circle",
    { query: "res", at: AT, searchInCircle: CIRCLE },
    "searchInCircle",
  ],
  ["at and bbox", { query: "res", at: AT, searchInBbox: BOX }, "searchInBbox"],
  ["circle and bbox", {
    query: "res",
    searchInCircle: CIRCLE,
    searchInBbox: BOX,
  }, "searchInBbox"],
  [
    "all three areas",
    { query: "res", at: AT, searchInCircle: CIRCLE, searchInBbox: BOX },
    "searchInCircle",
  ],
  [
    "inCountry with circle",
    { query: "res", searchInCircle: CIRCLE, inCountry: ["DEU"] },
    "inCountry",
  ],
  [
    "inCountry with bbox",
    { query: "res", searchInBbox: BOX, inCountry: ["DEU"] },
    "inCountry",
  ],
  [
    "lower-case inCountry",
    { query: "res", at: AT, inCountry: ["usa"] },
    "inCountry[0]",
  ],
  [
    "alpha-2 inCountry",
    { query: "res", at: AT, inCountry: ["USA", "CA"] },
    "inCountry[1]",
  ],
  ["empty inCountry", { query: "res", at: AT, inCountry: [] }, "inCountry"],
  ["at out of range", { query: "res", at: [0, 200] }, "at"],
  ["at not a pair", { query: "res", at: [1, 2, 3] }, "at"],
  ["at a GeoJSON LineString", {
    query: "res",
    at: { type: "LineString", coordinates: [[1, 2], [3, 4]] },
  }, "at"],
  ["at a Feature without geometry", {
    query: "res",
    at: { type: "Feature", properties: {} },
  }, "at.geometry"],
  [
    "circle radius 0",
    { query: "res", searchInCircle: { ...CIRCLE, radius: 0 } },
    "searchInCircle.radius",
  ],
  [
    "fractional circle radius",
    { query: "res", searchInCircle: { ...CIRCLE, radius: 1.5 } },
    "searchInCircle.radius",
  ],
  [
    "circle latitude out of range",
    { query: "res", searchInCircle: { ...CIRCLE, lat: 91 } },
    "searchInCircle.lat",
  ],
  ["south above north", {
    query: "res",
    searchInBbox: [13.1, 52.7, 13.7, 52.3],
  }, "searchInBbox"],
  [
    "bbox with NaN",
    { query: "res", searchInBbox: [NaN, 0, 1, 1] },
    "searchInBbox[0]",
  ],
  ["limit 0", { query: "res", at: AT, limit: 0 }, "limit"],
  ["limit 101", { query: "res", at: AT, limit: 101 }, "limit"],
  ["termsLimit 11", { query: "res", at: AT, termsLimit: 11 }, "termsLimit"],
  [
    "fractional termsLimit",
    { query: "res", at: AT, termsLimit: 2.5 },
    "termsLimit",
  ],
  [
    "lower-case politicalView",
    { query: "res", at: AT, politicalView: "rus" },
    "politicalView",
  ],
  [
    "alpha-2 politicalView",
    { query: "res", at: AT, politicalView: "RU" },
    "politicalView",
  ],
  [
    "politicalView list",
    { query: "res", at: AT, politicalView: ["RUS"] },
    "politicalView",
  ],
  ["show not a list", { query: "res", at: AT, show: "tz" }, "show"],
  ["empty show value", { query: "res", at: AT, show: ["tz", ""] }, "show[1]"],
  [
    "show value with a comma",
    { query: "res", at: AT, show: ["tz,fuel"] },
    "show[0]",
  ],
  ["empty lang list", { query: "res", at: AT, lang: [] }, "lang"],
  ["params not an object", undefined, "params"],
  ["misspelt key", { query: "res", at: AT, termLimit: 2 }, "termLimit"],
  ["key of another operation", { query: "res", center: AT }, "center"],
];

Deno.test("autosuggest rejects invalid input and area combinations before any request", async () => {
  await using server = await startTestServer();
  server.route(ROUTE, jsonReply(200, { items: [] }));
  const client = testClient(server);
  for (const [name, params, parameter] of INVALID) {
    try {
      assertValueError(
        () => buildAutosuggestRequest(params as AutosuggestParams),
        parameter,
      );
      await rejectsValueError(
        autosuggest(client, params as AutosuggestParams),
        parameter,
      );
    } catch (e) {
      throw new Error(`case "${name}": ${(e as Error).message}`);
    }
  }
  assert.equal(server.requests.length, 0);
});

Deno.test("autosuggest's area errors say what is allowed", () => {
  assertValueError(
    () =>
      buildAutosuggestRequest({
        query: "res",
        searchInCircle: CIRCLE,
        inCountry: ["USA"],
      }),
    "inCountry",
    "Invalid inCountry: can only be combined with at or route, not with searchInCircle: HERE takes a single in= filter and a combined form is not verified",
  );
  assertValueError(
    () => buildAutosuggestRequest({ query: "res", at: AT, searchInBbox: BOX }),
    "searchInBbox",
    "Invalid searchInBbox: cannot be combined with at: give exactly one of at, searchInCircle, searchInBbox or route",
  );
  assertValueError(
    () => buildAutosuggestRequest({ query: "res" }),
    "at",
    "Invalid at: one of at, searchInCircle, searchInBbox or route is required",
  );
});
