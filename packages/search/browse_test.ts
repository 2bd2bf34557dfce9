import assert from "node:assert/strict";
import { Client } from "@ls/core";
import { SANDBOX_API_KEY, startSandbox } from "@ls/sandbox";
import { assertGetRequest, assertValueError } from "@ls/core/testing";
import { hostRecordingClient, jsonReply } from "@ls/core/testing";
import { rejectsValueError, startTestServer } from "@ls/core/testing";
import { TEST_KEY_QUERY, testClient } from "@ls/core/testing";
import {
  browse,
  BrowseResponse,
  buildBrowseRequest,
  PlaceCategory,
} from "./mod.ts";
import { itemsToGeoJSON } from "@ls/geocoding";
import type { BrowseParams } from "./mod.ts";
import fixture from "./testdata/browse.json" with { type: "json" };

const PATH = "/v1/browse";
const ROUTE = `GET ${PATH}`;
const C: [number, number] = [52.5, 13.4];

Deno.test("browse sends at, in=circle, categories, name, limit and lang as HERE documents it; never area=", async () => {
  await using server = await startTestServer();
  server.route(
    ROUTE,
    jsonReply(200, fixture, { "x-correlation-id": "corr-b" }),
  );
  const res = await browse(testClient(server), {
    center: C,
    radius: 9000,
    categories: ["100-1000-0000", "300-3100-0000"],
    name: "star bucks",
    limit: 5,
    lang: "en",
  });
  const [req] = server.requests;
  assertGetRequest(
    req,
    PATH,
    "at=52.5,13.4&in=circle:52.5,13.4;r=9000&categories=100-1000-0000,300-3100-0000&name=star%20bucks&limit=5&lang=en",
  );
  assert.equal(req.query.has("area"), false);
  assert.ok(res instanceof BrowseResponse);
  assert.equal(res.correlationId, "corr-b");
  assert.deepEqual(res.items.map((i) => [i.title, i.distance]), [
    ["Demo Bistro", 180],
    ["Sample Museum of Things", 1012],
  ]);
  assert.equal(res.items[0].categories?.[0].name, "Restaurant");
  assert.deepEqual(res.raw, fixture);
});

Deno.test("browse sends foodTypes, politicalView and show; the radius may reach HERE's 250 km", async () => {
  await using server = await startTestServer();
  server.route(ROUTE, jsonReply(200, { items: [] }));
  const client = testClient(server);
  await browse(client, {
    center: C,
    radius: 250_000,
    categories: [PlaceCategory.restaurant],
    foodTypes: ["101-000", "800-057"],
    name: "pizza",
    limit: 5,
    lang: "en",
    politicalView: "MAR",
    show: ["tz", "phonemes"],
  });
  await browse(client, { center: C, foodTypes: [], show: [] });
  const reqs = server.requestsFor(ROUTE);
  assertGetRequest(
    reqs[0],
    PATH,
    "at=52.5,13.4&in=circle:52.5,13.4;r=250000&categories=100-1000-0000&foodTypes=101-000,800-057&name=pizza&limit=5&lang=en&politicalView=MAR&show=tz,phonemes",
  );
  assertGetRequest(reqs[1], PATH, "at=52.5,13.4");
  assertValueError(
    () => buildBrowseRequest({ center: C, radius: 300_000 }),
    "radius",
    "Invalid radius: must be an integer from 1 to 250000, got 300000",
  );
});

Deno.test("browse against the sandbox: foodTypes keeps eateries, show=tz adds the time zone", async () => {
  await using sandbox = await startSandbox();
  const client = new Client({ apiKey: SANDBOX_API_KEY, baseUrl: sandbox.url });
  const res = await browse(client, {
    center: [52.52, 13.405],
    radius: 250_000,
    foodTypes: ["101-000"],
    limit: 5,
    politicalView: "RUS",
    show: ["tz"],
  });
  assert.ok(res.items.length > 0);
  for (const item of res.items) {
    assert.ok(item.categories?.some((c) => c.id.startsWith("100-")));
    assert.equal(typeof (item.timeZone as { name?: unknown }).name, "string");
  }
});

Deno.test("browse: center alone, with countryCodes, with boundingBox", async () => {
  await using server = await startTestServer();
  server.route(ROUTE, jsonReply(200, { items: [] }));
  const client = testClient(server);
  await browse(client, { center: C });
  await browse(client, { center: C, countryCodes: ["DEU", "AUT"] });
  await browse(client, {
    center: C,
    boundingBox: [13.08836, 52.33812, 13.761, 52.6755],
    limit: 100,
  });
  const reqs = server.requestsFor(ROUTE);
  assertGetRequest(reqs[0], PATH, "at=52.5,13.4");
  assertGetRequest(reqs[1], PATH, "at=52.5,13.4&in=countryCode:DEU,AUT");
  assertGetRequest(
    reqs[2],
    PATH,
    "at=52.5,13.4&in=bbox:13.08836,52.33812,13.761,52.6755&limit=100",
  );
});

Deno.test("browse: categories at every level, PlaceCategory constants, content-encoded name, lang list", async () => {
  await using server = await startTestServer();
  server.route(ROUTE, jsonReply(200, { items: [] }));
  const client = testClient(server);
  await browse(client, {
    center: [-33.8688, 151.2093],
    categories: ["100", "100-1000", PlaceCategory.coffeeShop],
    name: "Café #1 & Co; Ltd.",
    lang: ["en-AU", "en"],
  });
  await browse(client, { center: C, categories: [], name: "x" });
  const reqs = server.requestsFor(ROUTE);
  assertGetRequest(
    reqs[0],
    PATH,
    "at=-33.8688,151.2093&categories=100,100-1000,100-1100-0010&name=Caf%C3%A9%20%231%20%26%20Co%3B%20Ltd.&lang=en-AU,en",
  );
  assert.equal(reqs[0].query.get("name"), "Café #1 & Co; Ltd.");
  // An empty category list is no filter: the key is omitted.
  assertGetRequest(reqs[1], PATH, "at=52.5,13.4&name=x");
});

Deno.test("browse goes to the browse host, hereapi.cn for china", async () => {
  await using server = await startTestServer();
  server.route(ROUTE, jsonReply(200, { items: [] }));
  const seen: string[] = [];
  const params: BrowseParams = {
    center: [31.23, 121.47],
    categories: [PlaceCategory.hotel],
  };
  await browse(hostRecordingClient(server, seen, { country: "row" }), params);
  await browse(hostRecordingClient(server, seen, { country: "china" }), params);
  assert.deepEqual(seen, [
    `https://browse.search.hereapi.com/v1/browse?at=31.23,121.47&categories=500-5000-0053&${TEST_KEY_QUERY}`,
    `https://browse.search.hereapi.cn/v1/browse?at=31.23,121.47&categories=500-5000-0053&${TEST_KEY_QUERY}`,
  ]);
});

const BOX: [number, number, number, number] = [13.1, 52.3, 13.7, 52.7];

const INVALID: [string, unknown, string][] = [
  ["missing center", { radius: 10 }, "center"],
  ["null center", { center: null }, "center"],
  ["latitude out of range", { center: [-90.5, 0] }, "center"],
  ["longitude out of range", { center: [0, -180.1] }, "center"],
  [
    "radius with countryCodes",
    { center: C, radius: 10, countryCodes: ["DEU"] },
    "countryCodes",
  ],
  [
    "radius with boundingBox",
    { center: C, radius: 10, boundingBox: BOX },
    "boundingBox",
  ],
  [
    "countryCodes with boundingBox",
    { center: C, countryCodes: ["DEU"], boundingBox: BOX },
    "boundingBox",
  ],
  [
    "all three areas",
    { center: C, radius: 10, countryCodes: ["DEU"], boundingBox: BOX },
    "countryCodes",
  ],
  ["radius 0", { center: C, radius: 0 }, "radius"],
  ["fractional radius", { center: C, radius: 0.5 }, "radius"],
  ["Infinity radius", { center: C, radius: Infinity }, "radius"],
  ["radius beyond 250 km", { center: C, radius: 250_001 }, "radius"],
  ["foodTypes as text", { center: C, foodTypes: "101-000" }, "foodTypes"],
  [
    "empty food type",
    { center: C, foodTypes: ["101-000", ""] },
    "foodTypes[1]",
  ],
  [
    "food type with a comma",
    { center: C, foodTypes: ["101-000,102-000"] },
    "foodTypes[0]",
  ],
  [
    "lower-case politicalView",
    { center: C, politicalView: "mar" },
    "politicalView",
  ],
  ["show as text", { center: C, show: "tz" }, "show"],
  ["show with a space", { center: C, show: ["fuel prices"] }, "show[0]"],
  [
    "lower-case country",
    { center: C, countryCodes: ["Deu"] },
    "countryCodes[0]",
  ],
  ["empty countryCodes", { center: C, countryCodes: [] }, "countryCodes"],
  [
    "south above north",
    { center: C, boundingBox: [13.1, 52.7, 13.7, 52.3] },
    "boundingBox",
  ],
  [
    "bbox east out of range",
    { center: C, boundingBox: [0, 0, 181, 1] },
    "boundingBox[2]",
  ],
  [
    "category too short",
    { center: C, categories: ["100-1000-000"] },
    "categories[0]",
  ],
  [
    "category name",
    { center: C, categories: ["100", "restaurant"] },
    "categories[1]",
  ],
  ["category not a string", { center: C, categories: [100] }, "categories[0]"],
  ["categories not a list", { center: C, categories: "100" }, "categories"],
  ["empty name", { center: C, name: "" }, "name"],
  ["blank name", { center: C, name: " \t" }, "name"],
  ["limit 0", { center: C, limit: 0 }, "limit"],
  ["limit 101", { center: C, limit: 101 }, "limit"],
  ["malformed lang", { center: C, lang: ["en", "??"] }, "lang[1]"],
  ["params not an object", [52.5, 13.4], "params"],
  ["misspelt key", { center: [52.5, 13.4], category: ["100"] }, "category"],
  ["key of another operation", { center: [52.5, 13.4], query: "x" }, "query"],
];

Deno.test("browse rejects invalid input and several areas before any request", async () => {
  await using server = await startTestServer();
  server.route(ROUTE, jsonReply(200, { items: [] }));
  const client = testClient(server);
  for (const [name, params, parameter] of INVALID) {
    try {
      assertValueError(
        () => buildBrowseRequest(params as BrowseParams),
        parameter,
      );
      await rejectsValueError(
        browse(client, params as BrowseParams),
        parameter,
      );
    } catch (e) {
      throw new Error(`case "${name}": ${(e as Error).message}`);
    }
  }
  assert.equal(server.requests.length, 0);
  assertValueError(
    () => buildBrowseRequest({ center: C, radius: 10, boundingBox: BOX }),
    "boundingBox",
    "Invalid boundingBox: cannot be combined with radius: HERE takes a single in= filter and a combined form is not verified",
  );
  assertValueError(
    () => buildBrowseRequest({ center: C, categories: ["1000"] }),
    "categories[0]",
    'Invalid categories[0]: must be a place category id such as 100, 100-1000 or 100-1000-0001, got "1000"',
  );
});

Deno.test("browse toGeoJSON on a realistic response", async () => {
  await using server = await startTestServer();
  server.route(ROUTE, jsonReply(200, fixture));
  const res = await browse(testClient(server), { center: C });
  const geojson = res.toGeoJSON();
  assert.deepEqual(geojson, itemsToGeoJSON(fixture.items));
  assert.equal(geojson.features.length, fixture.items.length);
  const [first] = fixture.items;
  assert.deepEqual(geojson.features[0].geometry.coordinates, [
    first.position.lng,
    first.position.lat,
  ]);
});

Deno.test("PlaceCategory values are well-formed category ids that browse accepts", () => {
  const values = Object.values(PlaceCategory);
  assert.ok(values.length >= 40);
  assert.equal(new Set(values).size, values.length, "duplicate id");
  for (const id of values) {
    assert.match(id, /^\d{3}(-\d{4}(-\d{4})?)?$/);
  }
  const spec = buildBrowseRequest({ center: C, categories: values });
  assert.ok(spec.query?.toString().includes(`categories=${values.join(",")}`));
  assert.equal(PlaceCategory.restaurant, "100-1000-0000");
  assert.equal(PlaceCategory.airport, "400-4000-4581");
  assert.equal(PlaceCategory.evChargingStation, "700-7600-0322");
});
