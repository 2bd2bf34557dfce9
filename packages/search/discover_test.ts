import assert from "node:assert/strict";
import { Client } from "@ls/core";
import { SANDBOX_API_KEY, startSandbox } from "@ls/sandbox";
import { assertGetRequest, assertValueError } from "@ls/core/testing";
import { hostRecordingClient, jsonReply } from "@ls/core/testing";
import { rejectsValueError, startTestServer } from "@ls/core/testing";
import { TEST_KEY_QUERY, testClient } from "@ls/core/testing";
import { buildDiscoverRequest, discover, DiscoverResponse } from "./mod.ts";
import type { DiscoverParams } from "./mod.ts";
import fixture from "./testdata/discover.json" with { type: "json" };

const PATH = "/v1/discover";
const ROUTE = `GET ${PATH}`;

Deno.test("discover center+radius sends q, in=circle, limit and lang as HERE documents it", async () => {
  await using server = await startTestServer();
  server.route(
    ROUTE,
    jsonReply(200, fixture, {
      "x-correlation-id": "corr-d",
      "x-request-id": "req-d",
    }),
  );
  const res = await discover(testClient(server), {
    query: "coffee shop",
    center: [52.5, 13.4],
    radius: 1000,
    limit: 5,
    lang: "en",
  });
  assertGetRequest(
    server.requests[0],
    PATH,
    "q=coffee%20shop&in=circle:52.5,13.4;r=1000&limit=5&lang=en",
  );
  assert.ok(res instanceof DiscoverResponse);
  assert.equal(res.correlationId, "corr-d");
  assert.equal(res.requestId, "req-d");
  assert.equal(res.items.length, 2);
  const [cafe, street] = res.items;
  assert.equal(cafe.title, "Demo Coffee Roasters");
  assert.equal(cafe.resultType, "place");
  assert.equal(cafe.distance, 460);
  assert.deepEqual(cafe.categories?.map((c) => [c.id, c.primary]), [
    ["100-1100-0010", true],
    ["100-1000-0000", undefined],
  ]);
  assert.equal(cafe.references?.[0].supplier?.id, "core");
  assert.deepEqual(cafe.access, [{ lat: 52.50409, lng: 13.40221 }]);
  // Fields not modelled are kept as HERE sent them.
  assert.deepEqual(cafe.openingHours, fixture.items[0].openingHours);
  assert.deepEqual(cafe.contacts, fixture.items[0].contacts);
  assert.equal(street.mapView?.west, 13.3941);
  assert.deepEqual(res.toJSON(), fixture);
});

Deno.test("discover center+countryCodes sends at and in=countryCode as HERE documents it", async () => {
  await using server = await startTestServer();
  server.route(ROUTE, jsonReply(200, { items: [] }));
  const client = testClient(server);
  await discover(client, {
    query: "coffee",
    center: [52.5, 13.4],
    countryCodes: ["DEU", "FRA"],
  });
  await discover(client, {
    query: "coffee",
    center: [48.8566, 2.3522],
    countryCodes: ["XEA"],
    limit: 100,
    lang: ["fr", "en-GB"],
  });
  const reqs = server.requestsFor(ROUTE);
  assertGetRequest(
    reqs[0],
    PATH,
    "q=coffee&at=52.5,13.4&in=countryCode:DEU,FRA",
  );
  assertGetRequest(
    reqs[1],
    PATH,
    "q=coffee&at=48.8566,2.3522&in=countryCode:XEA&limit=100&lang=fr,en-GB",
  );
});

Deno.test("discover boundingBox sends in=bbox west,south,east,north as HERE documents it", async () => {
  await using server = await startTestServer();
  server.route(ROUTE, jsonReply(200, { items: [] }));
  const client = testClient(server);
  await discover(client, {
    query: "coffee",
    boundingBox: [13.08836, 52.33812, 13.761, 52.6755],
  });
  await discover(client, {
    query: "café & bar",
    boundingBox: [170, -50, -170, -30], // across the antimeridian: unchanged
    limit: 1,
  });
  const reqs = server.requestsFor(ROUTE);
  assertGetRequest(
    reqs[0],
    PATH,
    "q=coffee&in=bbox:13.08836,52.33812,13.761,52.6755",
  );
  assertGetRequest(
    reqs[1],
    PATH,
    "q=caf%C3%A9%20%26%20bar&in=bbox:170,-50,-170,-30&limit=1",
  );
});

Deno.test("discover sends politicalView and show after lang", async () => {
  await using server = await startTestServer();
  server.route(ROUTE, jsonReply(200, { items: [] }));
  const client = testClient(server);
  await discover(client, {
    query: "charging",
    center: [52.5, 13.4],
    radius: 5000,
    limit: 5,
    lang: "en",
    politicalView: "RUS",
    show: ["ev", "eMobilityServiceProviders", "tz"],
  });
  await discover(client, {
    query: "coffee",
    center: [52.5, 13.4],
    countryCodes: ["DEU"],
    // A block HERE adds later goes through the query option.
  }, { query: { show: ["someFutureBlock"] } });
  await discover(client, {
    query: "coffee",
    center: [52.5, 13.4],
    radius: 5000,
    show: [],
  });
  const reqs = server.requestsFor(ROUTE);
  assertGetRequest(
    reqs[0],
    PATH,
    "q=charging&in=circle:52.5,13.4;r=5000&limit=5&lang=en&politicalView=RUS&show=ev,eMobilityServiceProviders,tz",
  );
  assertGetRequest(
    reqs[1],
    PATH,
    "q=coffee&at=52.5,13.4&in=countryCode:DEU&show=someFutureBlock",
  );
  assertGetRequest(reqs[2], PATH, "q=coffee&in=circle:52.5,13.4;r=5000");
  assertValueError(
    () =>
      buildDiscoverRequest({
        query: "x",
        center: [52.5, 13.4],
        radius: 1,
        politicalView: "RS",
      }),
    "politicalView",
    'Invalid politicalView: must be an upper-case ISO 3166-1 alpha-3 code such as RUS, got "RS"',
  );
});

Deno.test("discover against the sandbox: show=tz adds each place's time zone", async () => {
  await using sandbox = await startSandbox();
  const client = new Client({ apiKey: SANDBOX_API_KEY, baseUrl: sandbox.url });
  const res = await discover(client, {
    query: "coffee",
    center: [52.52, 13.405],
    radius: 2000,
    limit: 3,
    politicalView: "RUS",
    show: ["tz"],
  });
  assert.ok(res.items.length > 0);
  for (const item of res.items) {
    assert.equal(typeof (item.timeZone as { name?: unknown }).name, "string");
  }
});

Deno.test("discover encodes content strictly and keeps delimiters literal", async () => {
  await using server = await startTestServer();
  server.route(ROUTE, jsonReply(200, { items: [] }));
  await discover(testClient(server), {
    query: "café & bar",
    center: [52.52, 13.405],
    radius: 1500,
    limit: 5,
  });
  assertGetRequest(
    server.requests[0],
    PATH,
    "q=caf%C3%A9%20%26%20bar&in=circle:52.52,13.405;r=1500&limit=5",
  );
  assert.equal(server.requests[0].query.get("q"), "café & bar");
});

Deno.test("discover goes to the discover host, hereapi.cn for china", async () => {
  await using server = await startTestServer();
  server.route(ROUTE, jsonReply(200, { items: [] }));
  const seen: string[] = [];
  const params: DiscoverParams = {
    query: "tea",
    center: [39.9, 116.4],
    radius: 500,
  };
  await discover(hostRecordingClient(server, seen), params);
  await discover(
    hostRecordingClient(server, seen, { country: "china" }),
    params,
  );
  assert.deepEqual(seen, [
    `https://discover.search.hereapi.com/v1/discover?q=tea&in=circle:39.9,116.4;r=500&${TEST_KEY_QUERY}`,
    `https://discover.search.hereapi.cn/v1/discover?q=tea&in=circle:39.9,116.4;r=500&${TEST_KEY_QUERY}`,
  ]);
});

const C: [number, number] = [52.5, 13.4];
const BOX: [number, number, number, number] = [13.1, 52.3, 13.7, 52.7];

const INVALID: [string, unknown, string][] = [
  ["empty query", { query: "", center: C, radius: 10 }, "query"],
  ["blank query", { query: "   ", center: C, radius: 10 }, "query"],
  ["missing query", { center: C, radius: 10 }, "query"],
  ["no area", { query: "x" }, "center"],
  ["bare center", { query: "x", center: C }, "center"],
  [
    "center with boundingBox",
    { query: "x", center: C, boundingBox: BOX },
    "boundingBox",
  ],
  [
    "center, radius and boundingBox",
    { query: "x", center: C, radius: 10, boundingBox: BOX },
    "boundingBox",
  ],
  [
    "radius with countryCodes",
    { query: "x", center: C, radius: 10, countryCodes: ["DEU"] },
    "countryCodes",
  ],
  ["radius without center", { query: "x", radius: 10 }, "radius"],
  [
    "radius with boundingBox only",
    { query: "x", radius: 10, boundingBox: BOX },
    "radius",
  ],
  [
    "countryCodes without center",
    { query: "x", countryCodes: ["DEU"] },
    "countryCodes",
  ],
  [
    "countryCodes with boundingBox",
    { query: "x", countryCodes: ["DEU"], boundingBox: BOX },
    "countryCodes",
  ],
  ["radius 0", { query: "x", center: C, radius: 0 }, "radius"],
  ["negative radius", { query: "x", center: C, radius: -5 }, "radius"],
  ["fractional radius", { query: "x", center: C, radius: 10.5 }, "radius"],
  ["NaN radius", { query: "x", center: C, radius: NaN }, "radius"],
  ["string radius", { query: "x", center: C, radius: "100" }, "radius"],
  [
    "latitude out of range",
    { query: "x", center: [91, 0], radius: 1 },
    "center",
  ],
  [
    "longitude out of range",
    { query: "x", center: [0, 181], radius: 1 },
    "center",
  ],
  ["NaN latitude", { query: "x", center: [NaN, 0], radius: 1 }, "center[0]"],
  ["short center", { query: "x", center: [52], radius: 1 }, "center"],
  ["string center", { query: "x", center: "52.5,13.4", radius: 1 }, "center"],
  [
    "lower-case country",
    { query: "x", center: C, countryCodes: ["deu"] },
    "countryCodes[0]",
  ],
  [
    "alpha-2 country",
    { query: "x", center: C, countryCodes: ["DEU", "FR"] },
    "countryCodes[1]",
  ],
  [
    "empty countryCodes",
    { query: "x", center: C, countryCodes: [] },
    "countryCodes",
  ],
  [
    "string countryCodes",
    { query: "x", center: C, countryCodes: "DEU" },
    "countryCodes",
  ],
  [
    "south above north",
    { query: "x", boundingBox: [13.1, 52.7, 13.7, 52.3] },
    "boundingBox",
  ],
  [
    "bbox west out of range",
    { query: "x", boundingBox: [200, 0, 10, 1] },
    "boundingBox[0]",
  ],
  [
    "bbox south out of range",
    { query: "x", boundingBox: [0, -95, 10, 1] },
    "boundingBox[1]",
  ],
  ["three-number bbox", { query: "x", boundingBox: [1, 2, 3] }, "boundingBox"],
  ["limit 0", { query: "x", center: C, radius: 1, limit: 0 }, "limit"],
  ["limit 101", { query: "x", center: C, radius: 1, limit: 101 }, "limit"],
  [
    "fractional limit",
    { query: "x", center: C, radius: 1, limit: 1.5 },
    "limit",
  ],
  [
    "malformed lang",
    { query: "x", center: C, radius: 1, lang: "en US" },
    "lang",
  ],
  ["params not an object", "coffee", "params"],
  ["misspelt key", { query: "x", boundingbox: [1, 2, 3, 4] }, "boundingbox"],
  ["key of another operation", { query: "x", at: [1, 2], radius: 5 }, "at"],
  [
    "lower-case politicalView",
    { query: "x", center: C, radius: 1, politicalView: "rus" },
    "politicalView",
  ],
  [
    "politicalView list",
    { query: "x", center: C, radius: 1, politicalView: ["RUS"] },
    "politicalView",
  ],
  ["show as text", { query: "x", center: C, radius: 1, show: "tz" }, "show"],
  [
    "show value with a comma",
    { query: "x", center: C, radius: 1, show: ["ev", "tz,fuel"] },
    "show[1]",
  ],
];

Deno.test("discover rejects invalid input and combinations before any request", async () => {
  await using server = await startTestServer();
  server.route(ROUTE, jsonReply(200, { items: [] }));
  const client = testClient(server);
  for (const [name, params, parameter] of INVALID) {
    try {
      assertValueError(
        () => buildDiscoverRequest(params as DiscoverParams),
        parameter,
      );
      await rejectsValueError(
        discover(client, params as DiscoverParams),
        parameter,
      );
    } catch (e) {
      throw new Error(`case "${name}": ${(e as Error).message}`);
    }
  }
  assert.equal(server.requests.length, 0);
});

Deno.test("discover's combination errors say what to give instead", () => {
  assertValueError(
    () => buildDiscoverRequest({ query: "x", center: C }),
    "center",
    "Invalid center: needs radius or countryCodes to make a search area (or give boundingBox without center)",
  );
  assertValueError(
    () => buildDiscoverRequest({ query: "x", center: C, boundingBox: BOX }),
    "boundingBox",
    "Invalid boundingBox: cannot be combined with center: give center with radius or countryCodes, or boundingBox alone",
  );
  assertValueError(
    () =>
      buildDiscoverRequest({
        query: "x",
        center: C,
        radius: 5,
        countryCodes: ["DEU"],
      }),
    "countryCodes",
    "Invalid countryCodes: cannot be combined with radius: HERE takes a single in= filter and a combined form is not verified",
  );
  assertValueError(
    () => buildDiscoverRequest({ query: "x" }),
    "center",
    "Invalid center: a search area is required: center with radius, center with countryCodes, boundingBox, or route",
  );
});

Deno.test("discover toGeoJSON: one Point per place at [lng, lat], id and item as properties", async () => {
  await using server = await startTestServer();
  server.route(ROUTE, jsonReply(200, fixture));
  const res = await discover(testClient(server), {
    query: "coffee",
    center: C,
    radius: 1000,
  });
  const fc = res.toGeoJSON();
  assert.equal(fc.type, "FeatureCollection");
  assert.equal(fc.features.length, 2);
  assert.deepEqual(fc.features[0], {
    type: "Feature",
    id: "here:pds:place:000demo0-00000000000000000000000000000010",
    geometry: { type: "Point", coordinates: [13.40215, 52.50412] },
    properties: fixture.items[0],
  });
  assert.deepEqual(fc.features[1].geometry.coordinates, [13.39554, 52.49871]);
  assert.equal(fc.features[1].id, "here:af:street:FFFFexampleFFFF");
});
