import assert from "node:assert/strict";
import { ApiError } from "@ls/core";
import { assertValueError, jsonReply, startTestServer } from "@ls/core/testing";
import {
  browse,
  type BrowseParams,
  BrowseResponse,
  buildBrowseRequest,
  PlaceCategory,
} from "./mod.ts";
import {
  assertRejectsValueError,
  assertRequest,
  GATEWAY_ERROR,
  GS_ERROR,
  KEY_QS,
  makeClient,
  regionClient,
} from "../geocoding/_test_util.ts";
import fixture from "./testdata/browse.json" with { type: "json" };

const PATH = "/v1/browse";
const ROUTE = `GET ${PATH}`;
const C: [number, number] = [52.5, 13.4];

Deno.test("browse sends at, in=circle, categories, name, limit and lang (wire example); never area=", async () => {
  await using server = await startTestServer();
  server.route(
    ROUTE,
    jsonReply(200, fixture, { "x-correlation-id": "corr-b" }),
  );
  const res = await browse(makeClient(server.url), {
    center: C,
    radius: 9000,
    categories: ["100-1000-0000", "300-3100-0000"],
    name: "star bucks",
    limit: 5,
    lang: "en",
  });
  const [req] = server.requests;
  assertRequest(
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

Deno.test("browse: center alone, with countryCodes, with boundingBox", async () => {
  await using server = await startTestServer();
  server.route(ROUTE, jsonReply(200, { items: [] }));
  const client = makeClient(server.url);
  await browse(client, { center: C });
  await browse(client, { center: C, countryCodes: ["DEU", "AUT"] });
  await browse(client, {
    center: C,
    boundingBox: [13.08836, 52.33812, 13.761, 52.6755],
    limit: 100,
  });
  const reqs = server.requestsFor(ROUTE);
  assertRequest(reqs[0], PATH, "at=52.5,13.4");
  assertRequest(reqs[1], PATH, "at=52.5,13.4&in=countryCode:DEU,AUT");
  assertRequest(
    reqs[2],
    PATH,
    "at=52.5,13.4&in=bbox:13.08836,52.33812,13.761,52.6755&limit=100",
  );
});

Deno.test("browse: categories at every level, PlaceCategory constants, content-encoded name, lang list", async () => {
  await using server = await startTestServer();
  server.route(ROUTE, jsonReply(200, { items: [] }));
  const client = makeClient(server.url);
  await browse(client, {
    center: [-33.8688, 151.2093],
    categories: ["100", "100-1000", PlaceCategory.coffeeShop],
    name: "Café #1 & Co; Ltd.",
    lang: ["en-AU", "en"],
  });
  await browse(client, { center: C, categories: [], name: "x" });
  const reqs = server.requestsFor(ROUTE);
  assertRequest(
    reqs[0],
    PATH,
    "at=-33.8688,151.2093&categories=100,100-1000,100-1100-0010&name=Caf%C3%A9%20%231%20%26%20Co%3B%20Ltd.&lang=en-AU,en",
  );
  assert.equal(reqs[0].query.get("name"), "Café #1 & Co; Ltd.");
  // An empty category list is no filter: the key is omitted.
  assertRequest(reqs[1], PATH, "at=52.5,13.4&name=x");
});

Deno.test("browse goes to the browse host, hereapi.cn for china", async () => {
  await using server = await startTestServer();
  server.route(ROUTE, jsonReply(200, { items: [] }));
  const seen: string[] = [];
  const params: BrowseParams = {
    center: [31.23, 121.47],
    categories: [PlaceCategory.hotel],
  };
  await browse(regionClient(server, "row", seen), params);
  await browse(regionClient(server, "china", seen), params);
  assert.deepEqual(seen, [
    `https://browse.search.hereapi.com/v1/browse?at=31.23,121.47&categories=500-5000-0053&${KEY_QS}`,
    `https://browse.search.hereapi.cn/v1/browse?at=31.23,121.47&categories=500-5000-0053&${KEY_QS}`,
  ]);
});

const BOX: [number, number, number, number] = [13.1, 52.3, 13.7, 52.7];

const INVALID: [string, unknown, string][] = [
  ["missing center", { radius: 10 }, "center"],
  ["null center", { center: null }, "center"],
  ["latitude out of range", { center: [-90.5, 0] }, "center[0]"],
  ["longitude out of range", { center: [0, -180.1] }, "center[1]"],
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
];

Deno.test("browse rejects invalid input and several areas before any request", async () => {
  await using server = await startTestServer();
  server.route(ROUTE, jsonReply(200, { items: [] }));
  const client = makeClient(server.url);
  for (const [name, params, parameter] of INVALID) {
    try {
      assertValueError(
        () => buildBrowseRequest(params as BrowseParams),
        parameter,
      );
      await assertRejectsValueError(
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

Deno.test("browse turns both error body shapes into ApiError", async () => {
  await using server = await startTestServer();
  server.route(ROUTE, [
    jsonReply(400, GS_ERROR),
    jsonReply(401, GATEWAY_ERROR),
  ]);
  const client = makeClient(server.url);
  const e400 = await browse(client, { center: C }).catch((e) => e);
  assert.ok(e400 instanceof ApiError);
  assert.equal(e400.status, 400);
  assert.equal(e400.title, GS_ERROR.title);
  assert.equal(e400.detail, GS_ERROR.cause);
  assert.equal(e400.action, GS_ERROR.action);
  const e401 = await browse(client, { center: C }).catch((e) => e);
  assert.ok(e401 instanceof ApiError);
  assert.equal(e401.status, 401);
  assert.equal(e401.detail, GATEWAY_ERROR.error_description);
});

Deno.test("browse toGeoJSON on a realistic response", async () => {
  await using server = await startTestServer();
  server.route(ROUTE, jsonReply(200, fixture));
  const res = await browse(makeClient(server.url), { center: C });
  assert.deepEqual(res.toGeoJSON(), {
    type: "FeatureCollection",
    features: fixture.items.map((item) => ({
      type: "Feature",
      id: item.id,
      geometry: {
        type: "Point",
        coordinates: [item.position.lng, item.position.lat],
      },
      properties: item,
    })),
  });
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
