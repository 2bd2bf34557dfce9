import assert from "node:assert/strict";
import { ApiError } from "@ls/core";
import { assertValueError, jsonReply, startTestServer } from "@ls/core/testing";
import {
  buildLookupRequest,
  lookup,
  type LookupParams,
  LookupResponse,
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
import fixture from "./testdata/lookup.json" with { type: "json" };

const PATH = "/v1/lookup";
const ROUTE = `GET ${PATH}`;
const ID = "here:pds:place:276u0vhj-b0bace6448ae4b0fbc1d5e323998a7d2";

Deno.test("lookup sends the id content-encoded and lang", async () => {
  await using server = await startTestServer();
  server.route(ROUTE, jsonReply(200, fixture));
  const client = makeClient(server.url);
  await lookup(client, { locationId: ID, lang: "en" });
  await lookup(client, { locationId: ID });
  await lookup(client, {
    locationId: "here:cm:namedplace:2031 1/2",
    lang: ["de", "en"],
  });
  const reqs = server.requestsFor(ROUTE);
  assertRequest(
    reqs[0],
    PATH,
    "id=here%3Apds%3Aplace%3A276u0vhj-b0bace6448ae4b0fbc1d5e323998a7d2&lang=en",
  );
  assertRequest(
    reqs[1],
    PATH,
    "id=here%3Apds%3Aplace%3A276u0vhj-b0bace6448ae4b0fbc1d5e323998a7d2",
  );
  assertRequest(
    reqs[2],
    PATH,
    "id=here%3Acm%3Anamedplace%3A2031%201%2F2&lang=de,en",
  );
  assert.equal(reqs[0].query.get("id"), ID);
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
  const place = await lookup(makeClient(server.url), {
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
  const client = makeClient(server.url);

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
  await lookup(regionClient(server, undefined, seen), { locationId: "here:x" });
  await lookup(regionClient(server, "china", seen), {
    locationId: "here:x",
    lang: "zh-CN",
  });
  assert.deepEqual(seen, [
    `https://lookup.search.hereapi.com/v1/lookup?id=here%3Ax&${KEY_QS}`,
    `https://lookup.search.hereapi.cn/v1/lookup?id=here%3Ax&lang=zh-CN&${KEY_QS}`,
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
];

Deno.test("lookup rejects invalid input before any request", async () => {
  await using server = await startTestServer();
  server.route(ROUTE, jsonReply(200, fixture));
  const client = makeClient(server.url);
  for (const [params, parameter] of INVALID) {
    assertValueError(
      () => buildLookupRequest(params as LookupParams),
      parameter,
    );
    await assertRejectsValueError(
      lookup(client, params as LookupParams),
      parameter,
    );
  }
  assert.equal(server.requests.length, 0);
});

Deno.test("lookup turns both error body shapes into ApiError", async () => {
  await using server = await startTestServer();
  server.route(ROUTE, [
    jsonReply(400, GS_ERROR),
    jsonReply(401, GATEWAY_ERROR),
    jsonReply(404, {
      status: 404,
      title: "The requested resource was not found",
      correlationId: "corr-404",
    }),
  ]);
  const client = makeClient(server.url);
  const e400 = await lookup(client, { locationId: ID }).catch((e) => e);
  assert.ok(e400 instanceof ApiError);
  assert.equal(e400.status, 400);
  assert.equal(e400.title, GS_ERROR.title);
  assert.equal(e400.detail, GS_ERROR.cause);
  assert.equal(e400.action, GS_ERROR.action);
  assert.equal(e400.correlationId, GS_ERROR.correlationId);
  const e401 = await lookup(client, { locationId: ID }).catch((e) => e);
  assert.ok(e401 instanceof ApiError);
  assert.equal(e401.title, "Unauthorized");
  assert.equal(e401.detail, GATEWAY_ERROR.error_description);
  const e404 = await lookup(client, { locationId: ID }).catch((e) => e);
  assert.ok(e404 instanceof ApiError);
  assert.equal(e404.status, 404);
  assert.equal(e404.correlationId, "corr-404");
});
