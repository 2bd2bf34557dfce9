import assert from "node:assert/strict";
import { ApiError, Client } from "@ls/core";
import { SANDBOX_API_KEY, startSandbox } from "@ls/sandbox";
import { assertGetRequest, assertValueError } from "@ls/core/testing";
import { hostRecordingClient, jsonReply } from "@ls/core/testing";
import { rejectsValueError, startTestServer } from "@ls/core/testing";
import { TEST_KEY_QUERY, testClient } from "@ls/core/testing";
import { buildLookupRequest, discover, lookup, LookupResponse } from "./mod.ts";
import type { LookupParams } from "./mod.ts";
import fixture from "./testdata/lookup.json" with { type: "json" };

const PATH = "/v1/lookup";
const ROUTE = `GET ${PATH}`;
const ID = "here:pds:place:276u0vhj-b0bace6448ae4b0fbc1d5e323998a7d2";

Deno.test("lookup sends the id content-encoded and lang", async () => {
  await using server = await startTestServer();
  server.route(ROUTE, jsonReply(200, fixture));
  const client = testClient(server);
  await lookup(client, { locationId: ID, lang: "en" });
  await lookup(client, { locationId: ID });
  await lookup(client, {
    locationId: "here:cm:namedplace:2031 1/2",
    lang: ["de", "en"],
  });
  const reqs = server.requestsFor(ROUTE);
  assertGetRequest(
    reqs[0],
    PATH,
    "id=here%3Apds%3Aplace%3A276u0vhj-b0bace6448ae4b0fbc1d5e323998a7d2&lang=en",
  );
  assertGetRequest(
    reqs[1],
    PATH,
    "id=here%3Apds%3Aplace%3A276u0vhj-b0bace6448ae4b0fbc1d5e323998a7d2",
  );
  assertGetRequest(
    reqs[2],
    PATH,
    "id=here%3Acm%3Anamedplace%3A2031%201%2F2&lang=de,en",
  );
  assert.equal(reqs[0].query.get("id"), ID);
});

Deno.test("lookup sends show after lang", async () => {
  await using server = await startTestServer();
  server.route(ROUTE, jsonReply(200, fixture));
  const client = testClient(server);
  await lookup(client, {
    locationId: ID,
    lang: "en",
    show: ["tz", "phonemes"],
  });
  await lookup(client, { locationId: "here:x", show: [] });
  const reqs = server.requestsFor(ROUTE);
  assertGetRequest(
    reqs[0],
    PATH,
    "id=here%3Apds%3Aplace%3A276u0vhj-b0bace6448ae4b0fbc1d5e323998a7d2&lang=en&show=tz,phonemes",
  );
  assertGetRequest(reqs[1], PATH, "id=here%3Ax");
});

Deno.test("lookup against the sandbox: show=tz adds the place's time zone", async () => {
  await using sandbox = await startSandbox();
  const client = new Client({ apiKey: SANDBOX_API_KEY, baseUrl: sandbox.url });
  const found = await discover(client, {
    query: "coffee",
    center: [52.52, 13.405],
    radius: 2000,
    limit: 1,
  });
  const id = found.items[0].id!;
  const plain = await lookup(client, { locationId: id });
  const withTz = await lookup(client, { locationId: id, show: ["tz"] });
  assert.equal(plain.item.timeZone, undefined);
  assert.deepEqual(withTz.item.timeZone, {
    name: "Etc/GMT-1",
    utcOffset: "+01:00",
  });
  assert.equal(withTz.title, plain.title);
});

Deno.test("lookup exposes the single place's fields directly", async () => {
  await using server = await startTestServer();
  server.route(
    ROUTE,
    jsonReply(200, fixture, {
      "x-correlation-id": "corr-l",
      "x-request-id": "req-l",
    }),
  );
  const place = await lookup(testClient(server), {
    locationId: fixture.id,
  });
  assert.ok(place instanceof LookupResponse);
  assert.equal(place.title, "Sample Regional Airport");
  assert.equal(place.id, fixture.id);
  assert.equal(place.resultType, "place");
  assert.equal(place.address?.city, "Demotown");
  assert.deepEqual(place.position, { lat: 49.95, lng: 7.26 });
  assert.deepEqual(place.access, [{ lat: 49.9487, lng: 7.2634 }]);
  assert.equal(place.categories?.[0].id, "400-4000-4581");
  assert.equal(place.references?.[0].id, "000000002");
  assert.equal(place.mapView, undefined);
  assert.equal(place.distance, undefined);
  assert.deepEqual(place.item.contacts, fixture.contacts); // unknown field kept
  assert.deepEqual(place.items, [fixture]);
  assert.deepEqual(place.raw, fixture);
  assert.deepEqual(place.toJSON(), fixture);
  assert.equal(place.correlationId, "corr-l");
  assert.equal(place.requestId, "req-l");
});

Deno.test("lookup toGeoJSON is one Feature; without a position its geometry is null", async () => {
  await using server = await startTestServer();
  const { position: _, ...noPosition } = fixture;
  server.route(ROUTE, [
    jsonReply(200, fixture),
    jsonReply(200, noPosition),
    jsonReply(200, {}),
    jsonReply(200, []),
  ]);
  const client = testClient(server);

  const place = await lookup(client, { locationId: fixture.id });
  assert.deepEqual(place.toGeoJSON(), {
    type: "Feature",
    id: fixture.id,
    geometry: { type: "Point", coordinates: [7.26, 49.95] },
    properties: fixture,
  });

  const unplaced = await lookup(client, { locationId: fixture.id });
  assert.deepEqual(unplaced.toGeoJSON(), {
    type: "Feature",
    id: fixture.id,
    geometry: null,
    properties: noPosition,
  });

  const odd = await lookup(client, { locationId: fixture.id });
  assert.deepEqual(odd.item, {});
  assert.equal(odd.title, undefined);
  assert.deepEqual(odd.toGeoJSON(), {
    type: "Feature",
    geometry: null,
    properties: {},
  });

  // A body that is not an object is no lookup answer at all.
  await assert.rejects(
    lookup(client, { locationId: fixture.id }),
    (e) =>
      e instanceof ApiError && e.title === "Response body is not a JSON object",
  );
});

Deno.test("lookup goes to the lookup host, hereapi.cn for china", async () => {
  await using server = await startTestServer();
  server.route(ROUTE, jsonReply(200, fixture));
  const seen: string[] = [];
  await lookup(hostRecordingClient(server, seen), { locationId: "here:x" });
  await lookup(hostRecordingClient(server, seen, { country: "china" }), {
    locationId: "here:x",
    lang: "zh-CN",
  });
  assert.deepEqual(seen, [
    `https://lookup.search.hereapi.com/v1/lookup?id=here%3Ax&${TEST_KEY_QUERY}`,
    `https://lookup.search.hereapi.cn/v1/lookup?id=here%3Ax&lang=zh-CN&${TEST_KEY_QUERY}`,
  ]);
});

const INVALID: [unknown, string][] = [
  [{ locationId: "" }, "locationId"],
  [{ locationId: "  " }, "locationId"],
  [{}, "locationId"],
  [{ locationId: 42 }, "locationId"],
  [{ locationId: ID, lang: "" }, "lang"],
  [{ locationId: ID, lang: ["en", 5] }, "lang[1]"],
  [ID, "params"],
  [{ id: ID }, "id"],
  [{ locationId: ID, language: "de" }, "language"],
  [{ locationId: ID, show: "tz" }, "show"],
  [{ locationId: ID, show: ["tz", " "] }, "show[1]"],
  [{ locationId: ID, politicalView: "rus" }, "politicalView"],
];

Deno.test("lookup rejects invalid input before any request", async () => {
  await using server = await startTestServer();
  server.route(ROUTE, jsonReply(200, fixture));
  const client = testClient(server);
  for (const [params, parameter] of INVALID) {
    const name = JSON.stringify(params);
    try {
      assertValueError(
        () => buildLookupRequest(params as LookupParams),
        parameter,
      );
      await rejectsValueError(
        lookup(client, params as LookupParams),
        parameter,
      );
    } catch (e) {
      throw new Error(`case ${name}: ${(e as Error).message}`);
    }
  }
  assert.equal(server.requests.length, 0);
});

Deno.test("lookup: an unknown id is an ApiError with HERE's 404 fields", async () => {
  await using server = await startTestServer();
  server.route(
    ROUTE,
    jsonReply(404, {
      status: 404,
      title: "The requested resource was not found",
      correlationId: "corr-404",
    }),
  );
  const e404 = await lookup(testClient(server), { locationId: ID }).catch((
    e,
  ) => e);
  assert.ok(e404 instanceof ApiError);
  assert.equal(e404.status, 404);
  assert.equal(e404.title, "The requested resource was not found");
  assert.equal(e404.correlationId, "corr-404");
});
