import assert from "node:assert/strict";
import { ApiError, Client } from "@ls/core";
import { SANDBOX_API_KEY, startSandbox } from "@ls/sandbox";
import { assertGetRequest, assertValueError } from "@ls/core/testing";
import { hostRecordingClient, jsonReply } from "@ls/core/testing";
import { rejectsValueError, startTestServer } from "@ls/core/testing";
import { TEST_API_KEY, TEST_KEY_QUERY, testClient } from "@ls/core/testing";
import { buildGeocodeRequest, geocode, GeocoderResponse } from "./mod.ts";
import type { GeocodeParams } from "./mod.ts";
import fixture from "./testdata/geocode.json" with { type: "json" };
import errors from "./testdata/errors.json" with { type: "json" };

Deno.test("geocode sends q, limit=20 and lang=en-US by default and types the items", async () => {
  await using server = await startTestServer();
  server.route(
    "GET /v1/geocode",
    jsonReply(200, fixture, {
      "x-correlation-id": "corr-geo",
      "x-request-id": "req-geo",
    }),
  );
  const res = await geocode(testClient(server), {
    query: "Examplestraße 1, 12345 Sampletown",
  }, { requestId: "req-geo" });

  assertGetRequest(
    server.requests[0],
    "/v1/geocode",
    "q=Examplestra%C3%9Fe%201%2C%2012345%20Sampletown&limit=20&lang=en-US",
  );
  assert.equal(server.requests[0].headers.get("x-request-id"), "req-geo");
  assert.ok(res instanceof GeocoderResponse);
  assert.deepEqual([res.correlationId, res.requestId], ["corr-geo", "req-geo"]);
  assert.equal(res.items.length, 2);
  const [best, city] = res.items;
  assert.equal(best.title, "Examplestraße 1, 12345 Sampletown, Germany");
  assert.equal(best.resultType, "houseNumber");
  assert.equal(best.houseNumberType, "PA");
  assert.equal(best.address?.postalCode, "12345");
  assert.deepEqual(best.position, { lat: 52.1234, lng: 13.5678 });
  assert.deepEqual(best.access, [{ lat: 52.1236, lng: 13.5677 }]);
  assert.equal(best.mapView?.north, 52.1243);
  assert.equal(best.scoring?.queryScore, 0.98);
  assert.equal(city.localityType, "city");
  // Unknown fields are kept.
  assert.deepEqual(city.timeZone, {
    name: "Europe/Berlin",
    utcOffset: "+01:00",
  });
  assert.deepEqual(res.raw, fixture);
  assert.deepEqual(res.toJSON(), fixture);
  assert.deepEqual(JSON.parse(JSON.stringify(res)), fixture);
});

Deno.test("geocode sends limit and lang as given; content is strictly encoded", async () => {
  await using server = await startTestServer();
  server.route("GET /v1/geocode", jsonReply(200, { items: [] }));
  const client = testClient(server);

  await geocode(client, {
    query: "Examplestraße 1, 12345 Sampletown",
    limit: 2,
  });
  await geocode(client, { query: "A&B #7 +1/2; x=y?", limit: 1, lang: "de" });
  await geocode(client, { query: "Berlin", limit: 100, lang: ["de-DE", "en"] });
  await geocode(client, { query: "  padded  ", lang: ["fr"] });

  const reqs = server.requestsFor("GET /v1/geocode");
  assertGetRequest(
    reqs[0],
    "/v1/geocode",
    "q=Examplestra%C3%9Fe%201%2C%2012345%20Sampletown&limit=2&lang=en-US",
  );
  assertGetRequest(
    reqs[1],
    "/v1/geocode",
    "q=A%26B%20%237%20%2B1%2F2%3B%20x%3Dy%3F&limit=1&lang=de",
  );
  assertGetRequest(reqs[2], "/v1/geocode", "q=Berlin&limit=100&lang=de-DE,en");
  assertGetRequest(
    reqs[3],
    "/v1/geocode",
    "q=%20%20padded%20%20&limit=20&lang=fr",
  );
  assert.equal(reqs[1].query.get("q"), "A&B #7 +1/2; x=y?");
});

Deno.test("geocode goes to the geocode host, hereapi.cn for country china", async () => {
  await using server = await startTestServer();
  server.route("GET /v1/geocode", jsonReply(200, { items: [] }));
  const seen: string[] = [];
  await geocode(hostRecordingClient(server, seen), { query: "Berlin" });
  await geocode(hostRecordingClient(server, seen, { country: "row" }), {
    query: "Berlin",
  });
  await geocode(hostRecordingClient(server, seen, { country: "china" }), {
    query: "北京",
  });
  assert.deepEqual(seen, [
    `https://geocode.search.hereapi.com/v1/geocode?q=Berlin&limit=20&lang=en-US&${TEST_KEY_QUERY}`,
    `https://geocode.search.hereapi.com/v1/geocode?q=Berlin&limit=20&lang=en-US&${TEST_KEY_QUERY}`,
    `https://geocode.search.hereapi.cn/v1/geocode?q=%E5%8C%97%E4%BA%AC&limit=20&lang=en-US&${TEST_KEY_QUERY}`,
  ]);
});

const INVALID: [string, unknown, string][] = [
  ["empty query", { query: "" }, "query"],
  ["whitespace query", { query: " \t\n " }, "query"],
  ["missing query", {}, "query"],
  ["non-string query", { query: 42 }, "query"],
  ["limit 0", { query: "x", limit: 0 }, "limit"],
  ["limit 101", { query: "x", limit: 101 }, "limit"],
  ["fractional limit", { query: "x", limit: 2.5 }, "limit"],
  ["NaN limit", { query: "x", limit: NaN }, "limit"],
  ["string limit", { query: "x", limit: "5" }, "limit"],
  ["malformed lang", { query: "x", lang: "en_US" }, "lang"],
  ["empty lang", { query: "x", lang: "" }, "lang"],
  ["empty lang list", { query: "x", lang: [] }, "lang"],
  ["malformed lang in list", { query: "x", lang: ["en", "e n"] }, "lang[1]"],
  ["params not an object", null, "params"],
  ["misspelt key", { query: "x", limt: 5 }, "limt"],
  ["key of another operation", { query: "x", center: [52.5, 13.4] }, "center"],
  ["neither query nor qualifiedQuery", { limit: 5 }, "query"],
  ["null query with qualifiedQuery", {
    query: null,
    qualifiedQuery: { city: "Berlin" },
  }, "query"],
  [
    "qualifiedQuery not an object",
    { qualifiedQuery: "city=Berlin" },
    "qualifiedQuery",
  ],
  [
    "qualifiedQuery a list",
    { qualifiedQuery: [["city", "Berlin"]] },
    "qualifiedQuery",
  ],
  ["qualifiedQuery without fields", { qualifiedQuery: {} }, "qualifiedQuery"],
  ["qualifiedQuery all fields undefined", {
    qualifiedQuery: { city: undefined },
  }, "qualifiedQuery"],
  ["unknown qualifiedQuery field", {
    qualifiedQuery: { city: "Berlin", zip: "10115" },
  }, "qualifiedQuery.zip"],
  ["blank qualifiedQuery field", {
    qualifiedQuery: { city: "Berlin", street: " " },
  }, "qualifiedQuery.street"],
  ["numeric house number", {
    qualifiedQuery: { street: "Invalidenstr", houseNumber: 116 },
  }, "qualifiedQuery.houseNumber"],
  ["unpaired surrogate in qualifiedQuery", {
    qualifiedQuery: { city: "Berlin \uD800" },
  }, "qualifiedQuery.city"],
  ["at as text", { query: "x", at: "52.5,13.4" }, "at"],
  ["at latitude out of range", { query: "x", at: [91, 13.4] }, "at"],
  ["at as a GeoJSON LineString", {
    query: "x",
    at: { type: "LineString", coordinates: [[13.4, 52.5], [13.5, 52.6]] },
  }, "at"],
  ["empty countryCodes", { query: "x", countryCodes: [] }, "countryCodes"],
  [
    "alpha-2 country code",
    { query: "x", countryCodes: ["DE"] },
    "countryCodes[0]",
  ],
  ["lower-case country code", {
    query: "x",
    countryCodes: ["DEU", "fra"],
  }, "countryCodes[1]"],
  ["countryCodes as text", { query: "x", countryCodes: "DEU" }, "countryCodes"],
  ["types as text", { query: "x", types: "street" }, "types"],
  ["types with a comma", { query: "x", types: ["street,city"] }, "types[0]"],
  ["empty type", { query: "x", types: ["city", ""] }, "types[1]"],
  ["show as text", { query: "x", show: "tz" }, "show"],
  ["show with a space", { query: "x", show: ["tz", "street info"] }, "show[1]"],
  [
    "lower-case politicalView",
    { query: "x", politicalView: "srb" },
    "politicalView",
  ],
  [
    "alpha-2 politicalView",
    { query: "x", politicalView: "RS" },
    "politicalView",
  ],
  ["unpaired surrogate in query", { query: "Berlin \uD800" }, "query"],
  ["unpaired surrogate in lang", { query: "x", lang: ["\uDFFF"] }, "lang[0]"],
];

Deno.test("geocode rejects invalid input before any request", async () => {
  await using server = await startTestServer();
  server.route("GET /v1/geocode", jsonReply(200, { items: [] }));
  const client = testClient(server);
  for (const [name, params, parameter] of INVALID) {
    const err = assertValueError(
      () => buildGeocodeRequest(params as GeocodeParams),
      parameter,
    );
    assert.ok(err.message.startsWith(`Invalid ${parameter}: `), name);
    await rejectsValueError(
      geocode(client, params as GeocodeParams),
      parameter,
    );
  }
  assert.equal(server.requests.length, 0);
});

Deno.test("geocode validation messages state the rule and the value", () => {
  assertValueError(
    () => buildGeocodeRequest({ query: "x", limt: 5 } as GeocodeParams),
    "limt",
    'Invalid limt: is not a parameter of geocode; did you mean "limit"?',
  );
  assertValueError(
    () => buildGeocodeRequest({ qq: "city=Berlin" } as GeocodeParams),
    "qq",
    'Invalid qq: is not a parameter of geocode; did you mean "qualifiedQuery"? (our name for qq)',
  );
  assertValueError(
    () => buildGeocodeRequest({ query: "   " }),
    "query",
    'Invalid query: must be a non-empty string that is not only whitespace, got "   "',
  );
  assertValueError(
    () => buildGeocodeRequest({ query: "x", limit: 101 }),
    "limit",
    "Invalid limit: must be an integer from 1 to 100, got 101",
  );
});

Deno.test("geocode sends qq, at, in=countryCode, types, politicalView and show as HERE documents them", async () => {
  await using server = await startTestServer();
  server.route("GET /v1/geocode", jsonReply(200, { items: [] }));
  const client = testClient(server);

  await geocode(client, {
    query: "Invalidenstr 116",
    qualifiedQuery: { country: "Germany", city: "Berlin" },
    at: [52.5308, 13.3847],
    countryCodes: ["DEU", "FRA"],
    types: ["houseNumber", "street"],
    limit: 5,
    lang: "de",
    politicalView: "SRB",
    show: ["tz", "streetInfo"],
  });
  // A qualified query alone; the fields go out in HERE's documented order,
  // whatever the order of the object's keys.
  await geocode(client, {
    qualifiedQuery: {
      postalCode: "10115",
      houseNumber: "116",
      street: "Invalidenstr",
      city: "Berlin",
    },
  });
  // Values are content: a ";" or "=" in one cannot start another pair.
  await geocode(client, {
    qualifiedQuery: { street: "A=B; C", district: "Mitte & Tiergarten" },
    // A block HERE adds later goes through the query option.
  }, { query: { show: ["countryInfo", "someFutureBlock"] } });
  // Empty lists are no filter: the keys are omitted.
  await geocode(client, { query: "Berlin", types: [], show: [] });

  const reqs = server.requestsFor("GET /v1/geocode");
  assertGetRequest(
    reqs[0],
    "/v1/geocode",
    "q=Invalidenstr%20116&qq=country=Germany;city=Berlin&at=52.5308,13.3847&in=countryCode:DEU,FRA&types=houseNumber,street&limit=5&lang=de&politicalView=SRB&show=tz,streetInfo",
  );
  assertGetRequest(
    reqs[1],
    "/v1/geocode",
    "qq=city=Berlin;street=Invalidenstr;houseNumber=116;postalCode=10115&limit=20&lang=en-US",
  );
  assertGetRequest(
    reqs[2],
    "/v1/geocode",
    "qq=district=Mitte%20%26%20Tiergarten;street=A%3DB%3B%20C&limit=20&lang=en-US&show=countryInfo,someFutureBlock",
  );
  assert.equal(
    reqs[2].query.get("qq"),
    "district=Mitte & Tiergarten;street=A=B; C",
  );
  assertGetRequest(reqs[3], "/v1/geocode", "q=Berlin&limit=20&lang=en-US");
});

Deno.test("buildGeocodeRequest: the new parameters, built without a client", () => {
  const spec = buildGeocodeRequest({
    qualifiedQuery: { city: "Berlin", street: "Invalidenstr" },
    countryCodes: ["XEA"],
    types: ["address"],
  });
  assert.deepEqual(
    { ...spec, query: spec.query?.toString() },
    {
      service: "geocode",
      method: "GET",
      path: "/v1/geocode",
      query:
        "qq=city=Berlin;street=Invalidenstr&in=countryCode:XEA&types=address&limit=20&lang=en-US",
    },
  );
  assertValueError(
    () => buildGeocodeRequest({}),
    "query",
    "Invalid query: is required unless qualifiedQuery is given (HERE needs q or qq)",
  );
  assertValueError(
    () => buildGeocodeRequest({ qualifiedQuery: { town: "Berlin" } as never }),
    "qualifiedQuery.town",
    "Invalid qualifiedQuery.town: is not a field of a qualified query; the fields are country, state, county, city, district, street, houseNumber, postalCode",
  );
  // A key pasted in the wrong place is not printed, as name or as value.
  const key = "AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcd";
  for (const qq of [{ city: "Berlin", apiKey: key }, { [key]: "x" }]) {
    let message = "";
    try {
      buildGeocodeRequest({ qualifiedQuery: qq as never });
    } catch (e) {
      message = String(e);
    }
    assert.match(message, /is not a field of a qualified query/);
    assert.ok(!message.includes(key), message);
  }
  assertValueError(
    () => buildGeocodeRequest({ qualifiedQuery: {} }),
    "qualifiedQuery",
    "Invalid qualifiedQuery: needs at least one of country, state, county, city, district, street, houseNumber, postalCode",
  );
  assertValueError(
    () => buildGeocodeRequest({ query: "x", countryCodes: ["de"] }),
    "countryCodes[0]",
    'Invalid countryCodes[0]: must be an upper-case ISO 3166-1 alpha-3 code, got "de"',
  );
});

Deno.test("geocode against the sandbox: qq alone, types, the country filter and show", async () => {
  await using sandbox = await startSandbox();
  const client = new Client({ apiKey: SANDBOX_API_KEY, baseUrl: sandbox.url });

  const byParts = await geocode(client, {
    qualifiedQuery: {
      city: "Berlin",
      street: "Invalidenstr",
      houseNumber: "116",
    },
    limit: 1,
  });
  const [address] = byParts.items;
  assert.equal(address.resultType, "houseNumber");
  assert.deepEqual(
    [
      address.address?.city,
      address.address?.street,
      address.address?.houseNumber,
    ],
    ["Berlin", "Invalidenstr", "116"],
  );

  const inUsa = await geocode(client, {
    query: "Berlin",
    countryCodes: ["USA"],
    types: ["city"],
    show: ["tz", "countryInfo"],
    politicalView: "SRB",
    limit: 3,
  });
  assert.equal(inUsa.items.length, 3);
  for (const item of inUsa.items) {
    assert.equal(item.address?.countryCode, "USA");
    assert.equal(item.resultType, "locality");
    assert.equal(typeof (item.timeZone as { name?: unknown }).name, "string");
    assert.deepEqual(item.countryInfo, { alpha2: "US", alpha3: "USA" });
  }
  // A kind the text cannot be: no results, not an error.
  const streets = await geocode(client, { query: "Berlin", types: ["street"] });
  assert.deepEqual(streets.items, []);
});

Deno.test("geocode turns both error body shapes into ApiError with HERE's fields", async () => {
  await using server = await startTestServer();
  server.route("GET /v1/geocode", [
    jsonReply(400, errors.geocodingSearch, { "x-request-id": "req-400" }),
    jsonReply(401, errors.gateway, { "x-correlation-id": "corr-401" }),
  ]);
  const client = testClient(server);

  const bad = await geocode(client, { query: "x" }).catch((e) => e);
  assert.ok(bad instanceof ApiError);
  assert.equal(bad.status, 400);
  assert.equal(bad.title, errors.geocodingSearch.title);
  assert.equal(bad.detail, errors.geocodingSearch.cause);
  assert.equal(bad.action, errors.geocodingSearch.action);
  assert.equal(bad.correlationId, errors.geocodingSearch.correlationId);
  assert.equal(bad.requestId, "req-400");
  assert.deepEqual(bad.body, errors.geocodingSearch);
  assert.equal(bad.method, "GET");
  assert.match(bad.url, /\/v1\/geocode\?q=x&limit=20&lang=en-US/);

  const unauthorized = await geocode(client, { query: "x" }).catch((e) => e);
  assert.ok(unauthorized instanceof ApiError);
  assert.equal(unauthorized.status, 401);
  assert.equal(unauthorized.title, "Unauthorized");
  assert.equal(unauthorized.detail, "apiKey invalid. apiKey not found.");
  assert.equal(unauthorized.correlationId, "corr-401");
  for (const err of [bad, unauthorized]) {
    assert.ok(!err.message.includes(TEST_API_KEY));
    assert.ok(!err.url.includes(TEST_API_KEY));
  }
});

Deno.test("geocode: an empty result is a response with no items", async () => {
  await using server = await startTestServer();
  server.route("GET /v1/geocode", jsonReply(200, { items: [] }));
  const res = await geocode(testClient(server), { query: "nowhere" });
  assert.deepEqual(res.items, []);
  assert.deepEqual(res.toGeoJSON(), {
    type: "FeatureCollection",
    features: [],
  });
});

Deno.test("geocode toGeoJSON: Point features in [lng, lat] order, id and properties", async () => {
  await using server = await startTestServer();
  server.route("GET /v1/geocode", jsonReply(200, fixture));
  const res = await geocode(testClient(server), { query: "Sampletown" });
  const fc = res.toGeoJSON();
  assert.equal(fc.type, "FeatureCollection");
  assert.deepEqual(
    fc.features.map((f) => [f.id, f.geometry]),
    [
      ["here:af:streetsection:AAAAexampleAAAA:BBBBexample", {
        type: "Point",
        coordinates: [13.5678, 52.1234],
      }],
      ["here:cm:namedplace:00000000", {
        type: "Point",
        coordinates: [13.5502, 52.1301],
      }],
    ],
  );
  assert.deepEqual(fc.features[0].properties, fixture.items[0]);
  assert.deepEqual(fc.features[1].properties, fixture.items[1]);
  assert.deepEqual(JSON.parse(JSON.stringify(fc)), fc);
});
