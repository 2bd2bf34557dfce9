// The per-call escape hatch on every kind of operation: a GET query, a POST
// body, and an async job whose polls and download must not get the extras.

import assert from "node:assert/strict";
import { assertGetRequest, jsonReply } from "@ls/core/testing";
import { rejectsValueError, startTestServer } from "@ls/core/testing";
import { TEST_API_KEY, TEST_KEY_QUERY } from "@ls/core/testing";
import type { TestServer } from "@ls/core/testing";
import { WorldRegion } from "@ls/matrix";
import { LS } from "./mod.ts";

function ls(server: TestServer): LS {
  return new LS({
    apiKey: TEST_API_KEY,
    baseUrl: server.url,
    serviceRequestsPerSecond: { tourplanning: Infinity },
  });
}

const ROUTE = {
  sections: [{
    id: "s1",
    type: "vehicle",
    departure: {
      time: "2024-01-01T00:00:00Z",
      place: { type: "place", location: { lat: 52.5, lng: 13.4 } },
    },
    arrival: {
      time: "2024-01-01T00:10:00Z",
      place: { type: "place", location: { lat: 52.52, lng: 13.38 } },
    },
    transport: { mode: "car" },
    summary: { duration: 600, length: 3000 },
  }],
  id: "r1",
};

Deno.test("extra query reaches HERE on GET operations, after the modelled parameters", async () => {
  await using server = await startTestServer();
  server.route("GET /v1/geocode", jsonReply(200, { items: [] }));
  server.route("GET /v8/routes", jsonReply(200, { routes: [ROUTE] }));
  using client = ls(server);
  await client.geocode({ query: "Berlin" }, {
    query: { addressNamesMode: "normalized" },
  });
  assertGetRequest(
    server.requests[0],
    "/v1/geocode",
    "q=Berlin&limit=20&lang=en-US&addressNamesMode=normalized",
  );
  // `billingTag` is a routing parameter HERE documents and this client
  // does not model.
  await client.carRoute({ origin: [52.5, 13.4], destination: [52.52, 13.38] }, {
    query: { billingTag: "nightly-batch" },
  });
  assert.match(
    server.requests[1].rawQuery,
    new RegExp(
      `&billingTag=nightly-batch&${TEST_KEY_QUERY.replace(/[+]/g, "\\+")}$`,
    ),
  );
  await rejectsValueError(
    client.geocode({ query: "Berlin" }, { query: { apiKey: "x" } }),
    "query.apiKey",
  );
  await rejectsValueError(
    client.geocode({ query: "Berlin" }, { query: { q: "Paris" } }),
    "query.q",
  );
  await rejectsValueError(
    client.geocode({ query: "Berlin" }, { body: { q: "Paris" } }),
    "body",
  );
  assert.equal(server.requests.length, 2);
});

Deno.test("extra body reaches HERE on POST operations; a field the call sets is refused", async () => {
  await using server = await startTestServer();
  server.route(
    "POST /v8/matrix",
    jsonReply(200, {
      matrixId: "m1",
      matrix: { numOrigins: 1, numDestinations: 1, travelTimes: [0] },
      regionDefinition: { type: "world" },
    }),
  );
  using client = ls(server);
  const params = {
    origins: [{ lat: 52.5, lng: 13.4 }],
    regionDefinition: new WorldRegion(),
    matrixAttributes: ["travelTimes"],
  } as const;
  // Matrix Routing takes `exclude.countries`, which MatrixParams lacks.
  await client.matrix(params, { body: { exclude: { countries: ["CHE"] } } });
  assert.equal(server.requests[0].rawQuery, `async=false&${TEST_KEY_QUERY}`);
  assert.deepEqual(server.requests[0].body, {
    origins: [{ lat: 52.5, lng: 13.4 }],
    regionDefinition: { type: "world" },
    matrixAttributes: ["travelTimes"],
    exclude: { countries: ["CHE"] },
  });
  await rejectsValueError(
    client.matrix(params, { body: { origins: [] } }),
    "body.origins",
  );
  await rejectsValueError(
    client.matrix(params, { query: { async: "true" } }),
    "query.async",
  );
  assert.equal(server.requests.length, 1);
});

Deno.test("an async job sends the extras with its submit only, not with polls or the download", async () => {
  await using server = await startTestServer();
  server.route(
    "POST /v3/problems/async",
    jsonReply(202, { statusId: "j1", href: `${server.url}/v3/status/j1` }),
  );
  server.route(
    "GET /v3/status/j1",
    jsonReply(200, {
      status: "success",
      resource: { href: `${server.url}/v3/problems/j1/solution` },
    }),
  );
  server.route(
    "GET /v3/problems/j1/solution",
    jsonReply(200, { statistic: {}, tours: [] }),
  );
  using client = ls(server);
  await client.solveTourPlanning({
    fleet: {
      types: [{
        id: "t1",
        profile: "car",
        costs: { fixed: 1, distance: 0.001, time: 0.002 },
        shifts: [{
          start: {
            time: "2024-01-01T08:00:00Z",
            location: { lat: 52.5, lng: 13.4 },
          },
        }],
        capacity: [10],
        amount: 1,
      }],
      profiles: [{ type: "car", name: "car" }],
    },
    plan: {
      jobs: [{
        id: "j1",
        tasks: {
          deliveries: [{
            places: [{ location: { lat: 52.52, lng: 13.38 }, duration: 60 }],
            demand: [1],
          }],
        },
      }],
    },
    async: true,
  }, {
    poll: { initialDelayMs: 1, maxDelayMs: 5, minDelayMs: 10 },
    query: { trace: "on" },
    body: { note: "x" },
  });
  const [submit, ...rest] = server.requests;
  assert.equal(submit.rawQuery, `trace=on&${TEST_KEY_QUERY}`);
  assert.equal((submit.body as Record<string, unknown>).note, "x");
  assert.deepEqual(
    rest.map((r) => `${r.method} ${r.path}?${r.rawQuery}`),
    [
      `GET /v3/status/j1?${TEST_KEY_QUERY}`,
      `GET /v3/problems/j1/solution?${TEST_KEY_QUERY}`,
    ],
  );
});
