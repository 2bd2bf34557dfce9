import assert from "node:assert/strict";
import { ApiError, Client, ValueError } from "@ls/core";
import { SANDBOX_API_KEY, startSandbox } from "@ls/sandbox";
import { assertGetRequest, assertValueError } from "@ls/core/testing";
import { hostRecordingClient, jsonReply } from "@ls/core/testing";
import { rejectsValueError, startTestServer } from "@ls/core/testing";
import { TEST_KEY_QUERY, testClient } from "@ls/core/testing";
import {
  buildReverseGeocodeRequest,
  reverseGeocode,
  ReverseGeocoderResponse,
} from "./mod.ts";
import type { ReverseGeocodeParams } from "./mod.ts";
import fixture from "./testdata/revgeocode.json" with { type: "json" };
import errors from "./testdata/errors.json" with { type: "json" };

Deno.test("reverseGeocode sends at, limit=1 and lang=en-US by default and types the items", async () => {
  await using server = await startTestServer();
  server.route(
    "GET /v1/revgeocode",
    jsonReply(200, fixture, { "x-correlation-id": "corr-rev" }),
  );
  const res = await reverseGeocode(testClient(server), {
    lat: 46.0001,
    lng: 7.0002,
  });
  assertGetRequest(
    server.requests[0],
    "/v1/revgeocode",
    "at=46.0001,7.0002&limit=1&lang=en-US",
  );
  assert.ok(res instanceof ReverseGeocoderResponse);
  assert.equal(res.correlationId, "corr-rev");
  assert.equal(res.items.length, 2);
  assert.equal(res.items[0].distance, 42);
  assert.equal(res.items[0].address?.county, "Demo District");
  assert.equal(res.items[1].resultType, "street");
  assert.deepEqual(res.toJSON(), fixture);
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

Deno.test("reverseGeocode sends limit and lang as given; numbers never use exponents", async () => {
  await using server = await startTestServer();
  server.route("GET /v1/revgeocode", jsonReply(200, { items: [] }));
  const client = testClient(server);
  await reverseGeocode(client, { lat: 52.5, lng: 13.4, limit: 5, lang: "de" });
  await reverseGeocode(client, {
    lat: 1e-7,
    lng: -0,
    limit: 100,
    lang: ["de-CH", "fr"],
  });
  await reverseGeocode(client, { lat: 90, lng: -180 });
  await reverseGeocode(client, { lat: -90, lng: 180 });
  await reverseGeocode(client, { lat: 52.123456789012, lng: -0.0001 });
  const reqs = server.requestsFor("GET /v1/revgeocode");
  assertGetRequest(reqs[0], "/v1/revgeocode", "at=52.5,13.4&limit=5&lang=de");
  assertGetRequest(
    reqs[1],
    "/v1/revgeocode",
    "at=0.0000001,0&limit=100&lang=de-CH,fr",
  );
  assertGetRequest(reqs[2], "/v1/revgeocode", "at=90,-180&limit=1&lang=en-US");
  assertGetRequest(reqs[3], "/v1/revgeocode", "at=-90,180&limit=1&lang=en-US");
  assertGetRequest(
    reqs[4],
    "/v1/revgeocode",
    "at=52.123456789012,-0.0001&limit=1&lang=en-US",
  );
});

Deno.test("reverseGeocode sends types and show as comma lists after lang", async () => {
  await using server = await startTestServer();
  server.route("GET /v1/revgeocode", jsonReply(200, { items: [] }));
  const client = testClient(server);
  await reverseGeocode(client, {
    lat: 52.5309,
    lng: 13.3847,
    limit: 3,
    types: ["address", "street"],
    show: ["tz", "countryInfo"],
  });
  await reverseGeocode(client, { lat: 52.5, lng: 13.4, types: ["area"] });
  await reverseGeocode(client, { lat: 52.5, lng: 13.4, types: [], show: [] });
  const reqs = server.requestsFor("GET /v1/revgeocode");
  assertGetRequest(
    reqs[0],
    "/v1/revgeocode",
    "at=52.5309,13.3847&limit=3&lang=en-US&types=address,street&show=tz,countryInfo",
  );
  assertGetRequest(
    reqs[1],
    "/v1/revgeocode",
    "at=52.5,13.4&limit=1&lang=en-US&types=area",
  );
  assertGetRequest(
    reqs[2],
    "/v1/revgeocode",
    "at=52.5,13.4&limit=1&lang=en-US",
  );
  assert.equal(
    buildReverseGeocodeRequest({ lat: 1, lng: 2, show: ["tz"] }).query
      ?.toString(),
    "at=1,2&limit=1&lang=en-US&show=tz",
  );
});

Deno.test("reverseGeocode against the sandbox: types narrows the kinds, show adds the time zone", async () => {
  await using sandbox = await startSandbox();
  const client = new Client({ apiKey: SANDBOX_API_KEY, baseUrl: sandbox.url });
  const at = { lat: 52.5309, lng: 13.3847 };
  const cities = await reverseGeocode(client, {
    ...at,
    limit: 3,
    types: ["city"],
    show: ["tz"],
  });
  assert.ok(cities.items.length > 0);
  for (const item of cities.items) {
    assert.equal(item.resultType, "locality");
    assert.equal(typeof (item.timeZone as { name?: unknown }).name, "string");
  }
  const streets = await reverseGeocode(client, { ...at, types: ["street"] });
  assert.deepEqual(streets.items.map((i) => i.resultType), ["street"]);
  assert.equal(streets.items[0].timeZone, undefined);
});

Deno.test("reverseGeocode goes to the revgeocode host (not geocode), hereapi.cn for china", async () => {
  await using server = await startTestServer();
  server.route("GET /v1/revgeocode", jsonReply(200, { items: [] }));
  const seen: string[] = [];
  await reverseGeocode(hostRecordingClient(server, seen), {
    lat: 52.5,
    lng: 13.4,
  });
  await reverseGeocode(
    hostRecordingClient(server, seen, { country: "china" }),
    {
      lat: 39.9,
      lng: 116.4,
    },
  );
  assert.deepEqual(seen, [
    `https://revgeocode.search.hereapi.com/v1/revgeocode?at=52.5,13.4&limit=1&lang=en-US&${TEST_KEY_QUERY}`,
    `https://revgeocode.search.hereapi.cn/v1/revgeocode?at=39.9,116.4&limit=1&lang=en-US&${TEST_KEY_QUERY}`,
  ]);
});

const INVALID: [unknown, string][] = [
  [{ lat: 90.0001, lng: 0 }, "lat"],
  [{ lat: -91, lng: 0 }, "lat"],
  [{ lat: NaN, lng: 0 }, "lat"],
  [{ lat: Infinity, lng: 0 }, "lat"],
  [{ lat: "52.5", lng: 0 }, "lat"],
  [{ lng: 0 }, "lat"],
  [{ lat: 0, lng: 180.5 }, "lng"],
  [{ lat: 0, lng: -181 }, "lng"],
  [{ lat: 0, lng: -Infinity }, "lng"],
  [{ lat: 0, lng: null }, "lng"],
  [{ lat: 0 }, "lng"],
  [{ lat: 0, lng: 0, limit: 0 }, "limit"],
  [{ lat: 0, lng: 0, limit: 101 }, "limit"],
  [{ lat: 0, lng: 0, limit: 1.5 }, "limit"],
  [{ lat: 0, lng: 0, lang: "english!" }, "lang"],
  [{ lat: 0, lng: 0, lang: [] }, "lang"],
  [undefined, "params"],
  [{ latitude: 0, lng: 0 }, "latitude"],
  [{ lat: 0, lng: 0, lang: "de", query: "Berlin" }, "query"],
  [{ lat: 0, lng: 0, types: "street" }, "types"],
  [{ lat: 0, lng: 0, types: ["street", "city,area"] }, "types[1]"],
  [{ lat: 0, lng: 0, types: [""] }, "types[0]"],
  [{ lat: 0, lng: 0, show: "tz" }, "show"],
  [{ lat: 0, lng: 0, show: [null] }, "show[0]"],
  [{ lat: 0, lng: 0, politicalView: "srb" }, "politicalView"],
];

Deno.test("reverseGeocode rejects invalid input before any request", async () => {
  await using server = await startTestServer();
  server.route("GET /v1/revgeocode", jsonReply(200, { items: [] }));
  const client = testClient(server);
  for (const [params, parameter] of INVALID) {
    const err = assertValueError(
      () => buildReverseGeocodeRequest(params as ReverseGeocodeParams),
      parameter,
    );
    assert.ok(err.message.startsWith(`Invalid ${parameter}: `), err.message);
    await rejectsValueError(
      reverseGeocode(client, params as ReverseGeocodeParams),
      parameter,
    );
  }
  assert.equal(server.requests.length, 0);
  assertValueError(
    () => buildReverseGeocodeRequest({ lat: 91, lng: 0 }),
    "lat",
    "Invalid lat: must be a latitude from -90 to 90, got 91",
  );
  assertValueError(
    () => buildReverseGeocodeRequest({ lat: 0, lgn: 0 } as never),
    "lgn",
    'Invalid lgn: is not a parameter of reverseGeocode; did you mean "lng"?',
  );
  assertValueError(
    () => buildReverseGeocodeRequest({ lat: 0, lng: 200 }),
    "lng",
    "Invalid lng: must be a longitude from -180 to 180, got 200",
  );
});

Deno.test("reverseGeocode turns both error body shapes into ApiError", async () => {
  await using server = await startTestServer();
  server.route("GET /v1/revgeocode", [
    jsonReply(400, errors.geocodingSearch),
    jsonReply(403, {
      error: "Forbidden",
      error_description: "These credentials do not authorize access",
    }),
    jsonReply(401, errors.gateway),
  ]);
  const client = testClient(server);
  const params = { lat: 1, lng: 2 };
  const e400 = await reverseGeocode(client, params).catch((e) => e);
  assert.ok(e400 instanceof ApiError);
  assert.equal(e400.status, 400);
  assert.equal(e400.title, errors.geocodingSearch.title);
  assert.equal(e400.detail, errors.geocodingSearch.cause);
  assert.equal(e400.action, errors.geocodingSearch.action);
  assert.equal(e400.correlationId, errors.geocodingSearch.correlationId);
  const e403 = await reverseGeocode(client, params).catch((e) => e);
  assert.ok(e403 instanceof ApiError);
  assert.equal(e403.status, 403);
  assert.equal(e403.title, "Forbidden");
  assert.equal(e403.detail, "These credentials do not authorize access");
  const e401 = await reverseGeocode(client, params).catch((e) => e);
  assert.ok(e401 instanceof ApiError);
  assert.equal(e401.status, 401);
  assert.equal(e401.detail, errors.gateway.error_description);
  assert.equal(server.requests.length, 3);
});

Deno.test("reverseGeocode and geocode take a point in any form as at", async () => {
  const { geocode } = await import("./geocode.ts");
  await using server = await startTestServer();
  server.route("GET /v1/revgeocode", jsonReply(200, { items: [] }));
  server.route("GET /v1/geocode", jsonReply(200, { items: [] }));
  const client = testClient(server);
  const forms = [
    [52.5309, 13.3847],
    { lat: 52.5309, lng: 13.3847, title: "a geocode result" },
    { type: "Point", coordinates: [13.3847, 52.5309] },
    {
      type: "Feature",
      properties: null,
      geometry: { type: "Point", coordinates: [13.3847, 52.5309] },
    },
  ] as const;
  for (const at of forms) {
    await reverseGeocode(client, { at });
    await geocode(client, { query: "x", at });
  }
  assert.deepEqual(
    server.requests.map((r) => `${r.path}?${r.rawQuery}`),
    forms.flatMap(() => [
      `/v1/revgeocode?at=52.5309,13.3847&limit=1&lang=en-US&${TEST_KEY_QUERY}`,
      `/v1/geocode?q=x&at=52.5309,13.3847&limit=20&lang=en-US&${TEST_KEY_QUERY}`,
    ]),
  );
  const bad: [unknown, string][] = [
    [{ at: [NaN, 13] }, "at[0]"],
    [{ at: [52.5, 13.4, 0] }, "at"],
    [{ at: { type: "LineString", coordinates: [[13, 52], [14, 53]] } }, "at"],
    [{ at: { type: "Feature", properties: {} } }, "at.geometry"],
    [{ at: { lat: 52.5 } }, "at.lng"],
    [{ at: [52.5, 13.4], lat: 52.5, lng: 13.4 }, "at"],
    [{}, "lat"],
  ];
  for (const [params, parameter] of bad) {
    await assert.rejects(reverseGeocode(client, params as never), (e) => {
      assert.ok(e instanceof ValueError, String(e));
      assert.equal(e.parameter, parameter);
      return true;
    });
  }
  assert.equal(server.requests.length, forms.length * 2);
});
