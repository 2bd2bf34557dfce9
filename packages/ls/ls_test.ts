import assert from "node:assert/strict";
import { assertGetRequest, jsonReply } from "@ls/core/testing";
import { rejectsValueError, startTestServer } from "@ls/core/testing";
import { TEST_API_KEY } from "@ls/core/testing";
import { LS } from "./mod.ts";

/** One call of an `LS` method with a misspelt key, and the operation named. */
const MISSPELT: [string, (ls: LS) => Promise<unknown>][] = [
  ["geocode", (ls) => ls.geocode({ query: "x", limt: 1 } as never)],
  [
    "reverseGeocode",
    (ls) => ls.reverseGeocode({ lat: 1, lng: 2, limt: 1 } as never),
  ],
  [
    "discover",
    (ls) =>
      ls.discover({ query: "x", boundingBox: [1, 2, 3, 4], limt: 1 } as never),
  ],
  ["browse", (ls) => ls.browse({ center: [1, 2], limt: 1 } as never)],
  ["lookup", (ls) => ls.lookup({ locationId: "here:x", limt: 1 } as never)],
  [
    "autosuggest",
    (ls) => ls.autosuggest({ query: "x", at: [1, 2], limt: 1 } as never),
  ],
  [
    "autocomplete",
    (ls) => ls.autocomplete({ query: "x", limt: 1 } as never),
  ],
  [
    "getDestWeather",
    (ls) =>
      ls.getDestWeather({ products: ["alerts"], query: "x", limt: 1 } as never),
  ],
  [
    "getWeatherAlerts",
    (ls) =>
      ls.getWeatherAlerts({
        geometry: { type: "Point", coordinates: [2, 1] },
        startTime: new Date(0),
        limt: 1,
      } as never),
  ],
];

Deno.test("LS passes params through unchanged: an unknown key is refused by the operation, before any request", async () => {
  await using server = await startTestServer();
  using ls = new LS({ apiKey: TEST_API_KEY, baseUrl: server.url });
  for (const [operation, call] of MISSPELT) {
    await rejectsValueError(
      call(ls),
      "limt",
      new RegExp(`^Invalid limt: is not a parameter of ${operation}(;|$)`),
    );
  }
  assert.equal(server.requests.length, 0);
});

Deno.test("LS sends the operation's request with its one client", async () => {
  await using server = await startTestServer();
  server.route("GET /v1/geocode", jsonReply(200, { items: [{ title: "X" }] }));
  using ls = new LS({ apiKey: TEST_API_KEY, baseUrl: server.url });
  const res = await ls.geocode({ query: "Berlin", limit: 1 });
  assert.equal(res.items[0].title, "X");
  assertGetRequest(
    server.requests[0],
    "/v1/geocode",
    "q=Berlin&limit=1&lang=en-US",
  );
});

Deno.test("LS.reverseGeocode passes a circle and a bearing through as reverseGeocode sends them", async () => {
  await using server = await startTestServer();
  server.route("GET /v1/revgeocode", jsonReply(200, { items: [] }));
  using ls = new LS({ apiKey: TEST_API_KEY, baseUrl: server.url });
  await ls.reverseGeocode({
    searchInCircle: { center: [52.5, 13.4], radius: 150 },
  });
  await ls.reverseGeocode({ at: [52.5, 13.4], bearing: 270 });
  assertGetRequest(
    server.requests[0],
    "/v1/revgeocode",
    "in=circle:52.5,13.4;r=150&limit=1&lang=en-US",
  );
  assertGetRequest(
    server.requests[1],
    "/v1/revgeocode",
    "at=52.5,13.4&bearing=270&limit=1&lang=en-US",
  );
  await rejectsValueError(
    ls.reverseGeocode({
      searchInCircle: { center: [52.5, 13.4], radius: 150 },
      bearing: 90,
    } as never),
    "searchInCircle",
  );
  assert.equal(server.requests.length, 2);
});

Deno.test("LS.autocomplete sends HERE's GET /v1/autocomplete and answers a typed response", async () => {
  await using server = await startTestServer();
  server.route(
    "GET /v1/autocomplete",
    jsonReply(200, { items: [{ title: "Berlin", hasRelatedMPA: false }] }),
  );
  using ls = new LS({ apiKey: TEST_API_KEY, baseUrl: server.url });
  const res = await ls.autocomplete({
    query: "Berl",
    inCountry: ["DEU"],
    types: ["city"],
  });
  assert.equal(res.items[0].hasRelatedMPA, false);
  assertGetRequest(
    server.requests[0],
    "/v1/autocomplete",
    "q=Berl&in=countryCode:DEU&types=city",
  );
});

Deno.test("LS: matrix and solveTourPlanning take one async switch and options.poll, and any point", async () => {
  await using server = await startTestServer();
  server.route(
    "POST /v8/matrix",
    jsonReply(202, {
      matrixId: "m",
      status: "accepted",
      statusUrl: `${server.url}/v8/matrix/m/status`,
    }),
  );
  server.route(
    "GET /v8/matrix/m/status",
    jsonReply(200, {
      matrixId: "m",
      status: "completed",
      matrix: { numOrigins: 1, numDestinations: 1, travelTimes: [7] },
    }),
  );
  server.route(
    "POST /v3/problems/async",
    jsonReply(202, { statusId: "t", href: `${server.url}/v3/status/t` }),
  );
  server.route(
    "GET /v3/status/t",
    jsonReply(200, {
      status: "success",
      resource: { href: `${server.url}/v3/problems/t/solution` },
    }),
  );
  server.route(
    "GET /v3/problems/t/solution",
    jsonReply(200, { tours: [], problemId: "p" }),
  );
  using ls = new LS({
    apiKey: TEST_API_KEY,
    baseUrl: server.url,
    serviceRequestsPerSecond: { tourplanning: Infinity },
  });
  const poll = { initialDelayMs: 1, minDelayMs: 10 };
  const position = { lat: 52.5, lng: 13.4 };
  const m = await ls.matrix({
    origins: [position],
    destinations: [[52.5, 13.4]],
    regionDefinition: { type: "world" },
    async: true,
  }, { poll });
  assert.equal(m.travelTime(0, 0), 7);
  const t = await ls.solveTourPlanning({
    fleet: {
      types: [{
        id: "van",
        profile: "car",
        costs: { fixed: 1 },
        shifts: [{
          start: { time: "2024-05-01T08:00:00Z", location: position },
        }],
        capacity: [1],
        amount: 1,
      }],
      profiles: [{ name: "car", type: "car" }],
    },
    plan: {
      jobs: [{
        id: "j",
        tasks: {
          deliveries: [{
            places: [{ location: [52.52, 13.38], duration: 60 }],
            demand: [1],
          }],
        },
      }],
    },
    async: true,
  }, { poll });
  assert.deepEqual(t.tours, []);
  const [matrixSubmit, , tourSubmit] = server.requests;
  assert.equal(matrixSubmit.rawQuery.split("&")[0], "async=true");
  assert.deepEqual(
    (matrixSubmit.body as { destinations: unknown }).destinations,
    [
      position,
    ],
  );
  assert.equal(tourSubmit.path, "/v3/problems/async");
  const body = tourSubmit.body as {
    plan: {
      jobs: { tasks: { deliveries: { places: { location: unknown }[] }[] } }[];
    };
  };
  assert.deepEqual(body.plan.jobs[0].tasks.deliveries[0].places[0].location, {
    lat: 52.52,
    lng: 13.38,
  });
});
