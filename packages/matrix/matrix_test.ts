import assert from "node:assert/strict";
import {
  ApiError,
  Client,
  ConnectionError,
  type LatLngObject,
  Query,
} from "@ls/core";
import { TimeoutError, ValueError } from "@ls/core";
import { formatDateTime } from "@ls/core/internal";
import {
  assertValueError,
  hostRecordingClient,
  jsonReply,
} from "@ls/core/testing";
import type { RecordedRequest } from "@ls/core/testing";
import { startTestServer, TEST_API_KEY as KEY } from "@ls/core/testing";
import { TEST_KEY_QUERY as KEY_QUERY, testClient } from "@ls/core/testing";
import { type TestServer, textReply } from "@ls/core/testing";
import {
  AutoCircleRegion,
  BoundingBoxRegion,
  buildMatrixRequest,
  CircleRegion,
  matrix,
  type MatrixParams,
  PolygonRegion,
  type RegionDefinition,
  WorldRegion,
} from "./mod.ts";
import { haversine } from "./_covering_circle.ts";
import {
  acceptedReply,
  distanceOf,
  errorCodeOf,
  fastPolls,
  gzipJson,
  many,
  point,
  resultFor,
  syncService,
  travelTimeOf,
} from "./_test_matrix_service.ts";

const SUBMIT = "POST /v8/matrix";
const STATUS = "GET /v8/matrix/job-1/status";
const RESULT = "GET /v8/matrix/job-1";

const ORIGINS = [{ lat: 52.5, lng: 13.4 }, { lat: 52.52, lng: 13.38 }];
const DESTINATIONS = [
  { lat: 52.53, lng: 13.42 },
  { lat: 52.48, lng: 13.45 },
  { lat: 52.51, lng: 13.3 },
];
const CIRCLE = new CircleRegion({
  center: { lat: 52.51, lng: 13.4 },
  radius: 20000,
});

/** The example result of HERE's Matrix Routing documentation. */
const EXAMPLE_RESULT = {
  matrixId: "00000000-aaaa-bbbb-cccc-000000000001",
  matrix: {
    numOrigins: 2,
    numDestinations: 3,
    travelTimes: [610, 1220, 905, 780, 1410, 640],
    distances: [4200, 9100, 6600, 5100, 10900, 4800],
    errorCodes: [0, 0, 0, 0, 3, 0],
  },
  regionDefinition: { type: "world" },
};

function asyncRoutes(
  server: TestServer,
  statuses: Parameters<TestServer["route"]>[1],
  result: Parameters<TestServer["route"]>[1] = () => gzipJson(EXAMPLE_RESULT),
) {
  server.route(
    SUBMIT,
    acceptedReply(server.url, { "x-correlation-id": "corr-submit" }),
  );
  server.route(STATUS, statuses);
  server.route(RESULT, result);
}

const completed = (server: TestServer) =>
  jsonReply(303, {
    matrixId: "job-1",
    status: "completed",
    resultUrl: `${server.url}/v8/matrix/job-1`,
  }, { location: `${server.url}/v8/matrix/job-1` });

// ------------------------------------------------------------------ sync

const TRACING = { "x-correlation-id": "corr-1", "x-request-id": "req-1" };

Deno.test("sync: exact request, typed response", async () => {
  await using server = await startTestServer();
  server.route(SUBMIT, jsonReply(200, EXAMPLE_RESULT, TRACING));
  const res = await matrix(testClient(server.url), {
    origins: ORIGINS,
    destinations: DESTINATIONS,
    regionDefinition: new WorldRegion(),
    matrixAttributes: ["travelTimes", "distances"],
  }, { requestId: "req-1" });

  const [req] = server.requests;
  assert.equal(server.requests.length, 1);
  assert.equal(req.method, "POST");
  assert.equal(req.path, "/v8/matrix");
  assert.equal(req.rawQuery, `async=false&${KEY_QUERY}`);
  assert.equal(req.headers.get("content-type"), "application/json");
  assert.equal(req.headers.get("x-request-id"), "req-1");
  assert.equal(
    req.bodyText,
    '{"origins":[{"lat":52.5,"lng":13.4},{"lat":52.52,"lng":13.38}],' +
      '"destinations":[{"lat":52.53,"lng":13.42},{"lat":52.48,"lng":13.45},{"lat":52.51,"lng":13.3}],' +
      '"regionDefinition":{"type":"world"},"matrixAttributes":["travelTimes","distances"]}',
  );

  assert.equal(res.matrix.numOrigins, 2);
  assert.equal(res.matrix.numDestinations, 3);
  assert.ok(res.matrix.travelTimes instanceof Float64Array);
  assert.ok(res.matrix.distances instanceof Float64Array);
  assert.ok(res.matrix.errorCodes instanceof Uint8Array);
  assert.equal(res.travelTime(1, 2), 640); // k = 3 * 1 + 2
  assert.equal(res.distance(0, 1), 9100);
  assert.equal(res.errorCode(1, 1), 3);
  assert.equal(res.matrixId, EXAMPLE_RESULT.matrixId);
  assert.deepEqual(res.regionDefinition, { type: "world" });
  assert.equal(res.correlationId, "corr-1");
  assert.equal(res.requestId, "req-1");
  assert.deepEqual(res.toJSON(), EXAMPLE_RESULT);
  assert.equal(JSON.stringify(res), JSON.stringify(EXAMPLE_RESULT));
});

Deno.test("sync: a square matrix sends no destinations", async () => {
  await using server = await startTestServer();
  server.route(SUBMIT, syncService);
  const res = await matrix(testClient(server.url), {
    origins: [point(0), point(1), point(2)],
    regionDefinition: { type: "world" },
    matrixAttributes: ["distances"],
  });
  const body = server.requests[0].body as Record<string, unknown>;
  assert.equal("destinations" in body, false);
  assert.equal(res.matrix.numDestinations, 3);
  assert.equal(res.distance(2, 1), distanceOf(point(2), point(1)));
  assert.equal(res.travelTime(0, 0), undefined);
  assert.equal(res.toTravelTimesMatrix(), undefined);
});

const REGIONS: [string, RegionDefinition, unknown][] = [
  [
    "circle (class)",
    new CircleRegion({ center: { lat: 52.51, lng: 13.4 }, radius: 20000 }),
    { type: "circle", center: { lat: 52.51, lng: 13.4 }, radius: 20000 },
  ],
  [
    "boundingBox (object, keys in any order)",
    { type: "boundingBox", west: 13.3, east: 13.5, south: 52.4, north: 52.6 },
    { type: "boundingBox", north: 52.6, south: 52.4, west: 13.3, east: 13.5 },
  ],
  [
    "boundingBox (class)",
    new BoundingBoxRegion({ north: 52.6, south: 52.4, west: 13.3, east: 13.5 }),
    { type: "boundingBox", north: 52.6, south: 52.4, west: 13.3, east: 13.5 },
  ],
  [
    "polygon, flat numbers",
    new PolygonRegion({ outer: [52.4, 13.3, 52.6, 13.4, 52.4, 13.5] }),
    { type: "polygon", outer: [52.4, 13.3, 52.6, 13.4, 52.4, 13.5] },
  ],
  [
    "polygon, objects",
    {
      type: "polygon",
      outer: [{ lat: 52.4, lng: 13.3 }, { lat: 52.6, lng: 13.4 }, {
        lat: 52.4,
        lng: 13.5,
      }],
    },
    {
      type: "polygon",
      outer: [{ lat: 52.4, lng: 13.3 }, { lat: 52.6, lng: 13.4 }, {
        lat: 52.4,
        lng: 13.5,
      }],
    },
  ],
  [
    "autoCircle without margin",
    new AutoCircleRegion(),
    { type: "autoCircle", margin: 10000 },
  ],
  [
    "autoCircle with margin",
    new AutoCircleRegion({ margin: 0 }),
    { type: "autoCircle", margin: 0 },
  ],
  ["world (class)", new WorldRegion(), { type: "world" }],
  ["world (object)", { type: "world" }, { type: "world" }],
];

for (const [name, region, wire] of REGIONS) {
  Deno.test(`regions: ${name} goes on the wire as HERE's JSON`, async () => {
    await using server = await startTestServer();
    server.route(SUBMIT, syncService);
    const res = await matrix(testClient(server.url), {
      origins: [point(0)],
      destinations: [point(1, "d")],
      regionDefinition: region,
    });
    const [req] = server.requests;
    assert.equal(
      req.bodyText,
      `{"origins":[${JSON.stringify(point(0))}],"destinations":[${
        JSON.stringify(point(1, "d"))
      }],"regionDefinition":${JSON.stringify(wire)}}`,
    );
    // The service's echo comes back as the response's regionDefinition.
    assert.deepEqual(res.regionDefinition, wire);
  });
}

Deno.test("options: the exact body for every option (truck mode)", async () => {
  await using server = await startTestServer();
  server.route(SUBMIT, syncService);
  const departure = new Date(Date.UTC(2024, 4, 1, 6, 0, 0));
  await matrix(testClient(server.url), {
    origins: ORIGINS,
    destinations: DESTINATIONS,
    regionDefinition: CIRCLE,
    departureTime: departure,
    routingMode: "short",
    transportMode: "truck",
    avoidFeatures: ["tollRoad", "ferry"],
    avoidAreas: [{ north: 52.53, south: 52.51, west: 13.41, east: 13.43 }],
    truck: {
      grossWeight: 12000,
      height: 380,
      shippedHazardousGoods: ["explosive", "gas"],
      axleCount: 4,
      tunnelCategory: "C",
    },
    matrixAttributes: ["distances", "travelTimes", "distances"],
  });
  const [req] = server.requests;
  const sent = formatDateTime(departure, "departureTime");
  assert.equal(new Date(sent).getTime(), departure.getTime());
  assert.equal(
    req.bodyText,
    '{"origins":[{"lat":52.5,"lng":13.4},{"lat":52.52,"lng":13.38}],' +
      '"destinations":[{"lat":52.53,"lng":13.42},{"lat":52.48,"lng":13.45},{"lat":52.51,"lng":13.3}],' +
      '"regionDefinition":{"type":"circle","center":{"lat":52.51,"lng":13.4},"radius":20000},' +
      `"departureTime":"${sent}","routingMode":"short","transportMode":"truck",` +
      '"avoid":{"features":["tollRoad","ferry"],"areas":[{"type":"boundingBox","north":52.53,"south":52.51,"west":13.41,"east":13.43}]},' +
      '"truck":{"shippedHazardousGoods":["explosive","gas"],"grossWeight":12000,"height":380,"tunnelCategory":"C","axleCount":4},' +
      '"matrixAttributes":["distances","travelTimes"]}',
  );
  assert.equal(req.rawQuery, `async=false&${KEY_QUERY}`);
});

Deno.test("options: avoid features and avoid areas are each sent alone", async () => {
  await using server = await startTestServer();
  server.route(SUBMIT, syncService);
  const client = testClient(server.url);
  const base: MatrixParams = { origins: [point(0)], regionDefinition: CIRCLE };
  await matrix(client, { ...base, avoidFeatures: ["tunnel"] });
  await matrix(client, {
    ...base,
    avoidAreas: [{ north: 52.6, south: 52.5, west: 13.3, east: 13.4 }],
  });
  await matrix(client, { ...base, avoidFeatures: [], avoidAreas: [] });
  const bodies = server.requests.map((r) =>
    (r.body as { avoid?: unknown }).avoid
  );
  assert.deepEqual(bodies, [
    { features: ["tunnel"] },
    {
      areas: [{
        type: "boundingBox",
        north: 52.6,
        south: 52.5,
        west: 13.3,
        east: 13.4,
      }],
    },
    undefined,
  ]);
});

Deno.test('options: departureTime as an RFC 3339 string and as "any"', async () => {
  await using server = await startTestServer();
  server.route(SUBMIT, syncService);
  const client = testClient(server.url);
  for (const departureTime of ["2024-05-01T08:00:00+02:00", "any"]) {
    await matrix(client, {
      origins: [point(0)],
      regionDefinition: CIRCLE,
      departureTime,
    });
  }
  assert.deepEqual(
    server.requests.map((r) =>
      (r.body as { departureTime: string }).departureTime
    ),
    ["2024-05-01T08:00:00+02:00", "any"],
  );
});

Deno.test("options: a profile with a world region", async () => {
  await using server = await startTestServer();
  server.route(SUBMIT, syncService);
  await matrix(testClient(server.url), {
    origins: [point(0)],
    destinations: [point(0, "d")],
    regionDefinition: new WorldRegion(),
    profile: "carFast",
    matrixAttributes: ["travelTimes"],
  });
  assert.equal(
    server.requests[0].bodyText,
    `{"origins":[${JSON.stringify(point(0))}],"destinations":[${
      JSON.stringify(point(0, "d"))
    }],"regionDefinition":{"type":"world"},"profile":"carFast","matrixAttributes":["travelTimes"]}`,
  );
});

// ------------------------------------------------------------- conflicts

const CONFLICTS: [
  string,
  Partial<MatrixParams> & Record<string, unknown>,
  string,
  RegExp?,
][] = [
  [
    "profile with a circle",
    { profile: "carFast" },
    "profile",
    /world regionDefinition, not "circle"/,
  ],
  [
    "profile with departureTime",
    {
      regionDefinition: { type: "world" },
      profile: "carFast",
      departureTime: "any",
    },
    "departureTime",
    /cannot be combined with profile "carFast"/,
  ],
  ["profile with routingMode", {
    regionDefinition: { type: "world" },
    profile: "carFast",
    routingMode: "fast",
  }, "routingMode"],
  ["profile with transportMode", {
    regionDefinition: { type: "world" },
    profile: "truckFast",
    transportMode: "truck",
  }, "transportMode"],
  ["profile with avoidFeatures", {
    regionDefinition: { type: "world" },
    profile: "carFast",
    avoidFeatures: ["ferry"],
  }, "avoidFeatures"],
  ["profile with avoidAreas", {
    regionDefinition: { type: "world" },
    profile: "carFast",
    avoidAreas: [{ north: 1, south: 0, west: 0, east: 1 }],
  }, "avoidAreas"],
  ["profile with truck", {
    regionDefinition: { type: "world" },
    profile: "truckFast",
    truck: { height: 380 },
  }, "truck"],
  [
    "truck without transportMode",
    { truck: { height: 380 } },
    "truck",
    /requires transportMode "truck" \(transportMode is not set\)/,
  ],
  [
    "truck with transportMode car",
    { truck: { height: 380 }, transportMode: "car" },
    "truck",
    /transportMode is "car"/,
  ],
  [
    "truck with a huge transportMode: the message stays short",
    { truck: { height: 380 }, transportMode: "x".repeat(100_000) as never },
    "truck",
    // Described by its length: a piece of it could be a piece of a key.
    /^.{0,200}\(transportMode is a string of 100000 characters\)$/,
  ],
  [
    "truck with a BigInt transportMode: a ValueError all the same",
    { truck: { height: 380 }, transportMode: 10n as never },
    "truck",
    /transportMode is 10\)/,
  ],
  [
    "invalid truck field",
    { truck: { height: 3.5 }, transportMode: "truck" },
    "truck.height",
  ],
  ["empty origins", { origins: [] }, "origins", /non-empty array/],
  ["missing origins", { origins: undefined }, "origins"],
  ["empty destinations", { destinations: [] }, "destinations"],
  ["invalid latitude", { origins: [{ lat: 95, lng: 13 }] }, "origins[0].lat"],
  [
    "NaN longitude",
    { destinations: [point(0), { lat: 52, lng: NaN }] },
    "destinations[1].lng",
  ],
  [
    "origin a three-number array",
    {
      origins: [[52.5, 13.4, 0] as unknown as LatLngObject],
    },
    "origins[0]",
    /must be a \[lat, lng\] array of two numbers/,
  ],
  [
    "origin in GeoJSON order as an array",
    {
      origins: [[139.7, 35.6]],
    },
    "origins[0]",
    /latitude 139.7 is out of range: arrays are \[lat, lng\]/,
  ],
  [
    "origin a GeoJSON LineString",
    {
      origins: [{
        type: "LineString",
        coordinates: [[13.4, 52.5], [13.5, 52.6]],
      } as never],
    },
    "origins[0]",
    /got a GeoJSON LineString$/,
  ],
  [
    "destination a Feature without geometry",
    {
      destinations: [{ type: "Feature", properties: null } as never],
    },
    "destinations[0].geometry",
    /is required/,
  ],
  [
    "origin { lat } alone",
    {
      origins: [{ lat: 52.5 } as never],
    },
    "origins[0].lng",
    /is required/,
  ],
  [
    "origin a string",
    {
      origins: ["52.5,13.4" as never],
    },
    "origins[0]",
    /must be a point/,
  ],
  [
    "too many origins",
    { origins: many(10_001) },
    "origins",
    /at most 10000 points/,
  ],
  [
    "too many destinations",
    { destinations: many(10_001, "d") },
    "destinations",
  ],
  [
    "unknown matrixAttributes",
    { matrixAttributes: ["travelTimes", "durations" as "distances"] },
    "matrixAttributes[1]",
    /must be one of "travelTimes", "distances", got "durations"/,
  ],
  ["empty matrixAttributes", { matrixAttributes: [] }, "matrixAttributes"],
  [
    "matrixAttributes with a hole",
    { matrixAttributes: new Array(1) },
    "matrixAttributes[0]",
    /must be one of "travelTimes", "distances"/,
  ],
  // Holes are not skipped: map would keep them, and JSON would send null.
  [
    "origins with a hole",
    { origins: [point(0), , point(1)] as never },
    "origins[1]",
    /is required/,
  ],
  [
    "destinations ending in a hole",
    { destinations: Object.assign([point(0, "d")], { length: 2 }) },
    "destinations[1]",
  ],
  [
    "avoidFeatures with a hole",
    { avoidFeatures: [, "ferry"] as never },
    "avoidFeatures[0]",
  ],
  [
    "avoidAreas with a hole",
    { avoidAreas: new Array(1) },
    "avoidAreas[0]",
  ],
  [
    "unknown parameter",
    { avoid_features: ["ferry"] },
    "avoid_features",
    /is not a parameter of matrix; did you mean "avoidFeatures"\?/,
  ],
  ["bad departureTime", { departureTime: "2024-05-01 08:00" }, "departureTime"],
  ["bad async", { async: "yes" as unknown as boolean }, "async"],
  [
    "bad avoid area",
    { avoidAreas: [{ north: 1, south: 2, west: 0, east: 1 }] },
    "avoidAreas[0]",
  ],
  ["bad avoid feature", { avoidFeatures: ["" as never] }, "avoidFeatures[0]"],
  [
    "avoid feature outside the set",
    { avoidFeatures: ["motorway" as never] },
    "avoidFeatures[0]",
    /must be one of "tollRoad", "controlledAccessHighway", "ferry", "tunnel", "dirtRoad", got "motorway"/,
  ],
  [
    "routingMode outside the set",
    { routingMode: "fastest" as never },
    "routingMode",
    /must be one of "fast", "short", got "fastest"/,
  ],
  [
    "transportMode outside the set",
    { transportMode: "boat" as never },
    "transportMode",
    /must be one of "car", "truck", .*"taxi", got "boat"/,
  ],
  [
    "profile outside the set",
    { regionDefinition: { type: "world" }, profile: "carFastest" as never },
    "profile",
    /must be one of "carFast", "carShort", "truckFast", "pedestrian", "bicycle", got "carFastest"/,
  ],
  [
    "the seed's async switch",
    { asyncReq: true } as never,
    "asyncReq",
    /"async"/,
  ],
  [
    "polygon region mixing numbers and points",
    {
      regionDefinition: {
        type: "polygon",
        outer: [52.5, 13.3, [52.6, 13.4], [52.5, 13.5]] as never,
      },
    },
    "regionDefinition.outer",
    /must not mix numbers and points/,
  ],
  [
    "polygon region with a bad point",
    {
      regionDefinition: {
        type: "polygon",
        outer: [[52.5, 13.3], [52.6, 13.4], [95, 13.5]],
      },
    },
    "regionDefinition.outer[2]",
    /latitude 95 is out of range/,
  ],
  [
    "circle region with a GeoJSON LineString centre",
    {
      regionDefinition: {
        type: "circle",
        center: { type: "LineString", coordinates: [] } as never,
        radius: 100,
      },
    },
    "regionDefinition.center",
  ],
  ["unknown region type", {
    regionDefinition: { type: "square" } as unknown as RegionDefinition,
  }, "regionDefinition.type"],
  ["bad circle radius", {
    regionDefinition: {
      type: "circle",
      center: { lat: 52, lng: 13 },
      radius: 0,
    },
  }, "regionDefinition.radius"],
  [
    "flexible matrix needing too many calls",
    {
      regionDefinition: { type: "world" },
      origins: many(1000),
      destinations: many(2000, "d"),
    },
    "regionDefinition",
    /would need 1340 calls/,
  ],
];

for (const [name, override, parameter, message] of CONFLICTS) {
  Deno.test(`conflicts: ${name} is a ValueError before any request`, async () => {
    await using server = await startTestServer();
    server.route(SUBMIT, syncService);
    const params = {
      origins: [point(0)],
      regionDefinition: CIRCLE,
      ...override,
    } as MatrixParams;
    await assert.rejects(matrix(testClient(server.url), params), (e) => {
      assert.ok(e instanceof ValueError, String(e));
      assert.equal(e.parameter, parameter);
      if (message) assert.match(e.message, message);
      return true;
    });
    assert.equal(server.requests.length, 0);
  });
}

// ----------------------------------------------------------------- async

Deno.test("async: 202 → polls → 303 → gzipped result, statuses reported", async () => {
  await using server = await startTestServer();
  asyncRoutes(server, [
    jsonReply(200, { matrixId: "job-1", status: "accepted" }),
    jsonReply(200, { matrixId: "job-1", status: "inProgress" }),
    jsonReply(200, { matrixId: "job-1", status: "inProgress" }),
    completed(server),
  ]);
  const progress: string[] = [];
  const res = await matrix(testClient(server.url), {
    origins: ORIGINS,
    destinations: DESTINATIONS,
    regionDefinition: { type: "world" },
    async: true,
    matrixAttributes: ["travelTimes", "distances"],
  }, { ...fastPolls, onProgress: (s) => progress.push(s) });

  assert.deepEqual(progress, ["accepted", "inProgress", "completed"]);
  const submit = server.requestsFor(SUBMIT);
  assert.equal(submit.length, 1);
  assert.equal(submit[0].rawQuery, `async=true&${KEY_QUERY}`);
  assert.equal(server.requestsFor(STATUS).length, 4);
  for (
    const r of [...server.requestsFor(STATUS), ...server.requestsFor(RESULT)]
  ) {
    assert.equal(r.rawQuery, KEY_QUERY);
    assert.equal(r.headers.get("content-type"), null);
  }
  assert.match(
    server.requestsFor(RESULT)[0].headers.get("accept-encoding") ?? "",
    /gzip/,
  );
  assert.deepEqual(res.toJSON(), EXAMPLE_RESULT);
  assert.equal(res.correlationId, "corr-submit");
  assert.deepEqual(res.toDistancesMatrix(), [[4200, 9100, 6600], [
    5100,
    10900,
    4800,
  ]]);
});

Deno.test("options: request options matrix does not handle itself reach every request, tiles and job polls included", async () => {
  await using server = await startTestServer();
  server.route(SUBMIT, syncService);
  const options = {
    headers: { "x-trace": "t-1" },
    requestId: "req-9",
    concurrency: 2,
  };
  // Flexible mode, 20 × 100: two sync tiles.
  await matrix(testClient(server.url), {
    origins: many(20),
    destinations: many(100, "d"),
    regionDefinition: new WorldRegion(),
  }, options);
  assert.equal(server.requests.length, 2);

  server.route(SUBMIT, acceptedReply(server.url));
  server.route(STATUS, completed(server));
  server.route(RESULT, () => gzipJson(EXAMPLE_RESULT));
  await matrix(testClient(server.url), {
    origins: ORIGINS,
    destinations: DESTINATIONS,
    regionDefinition: new WorldRegion(),
    async: true,
  }, { ...options, ...fastPolls });
  assert.equal(server.requests.length, 5);

  for (const r of server.requests) {
    assert.equal(r.headers.get("x-trace"), "t-1", `${r.method} ${r.path}`);
    assert.equal(
      r.headers.get("x-request-id"),
      "req-9",
      `${r.method} ${r.path}`,
    );
  }
});

Deno.test("async: a 303 without resultUrl in its body uses Location", async () => {
  await using server = await startTestServer();
  asyncRoutes(server, [
    jsonReply(303, { status: "completed" }, {
      location: "/v8/matrix/job-1",
    }),
  ], jsonReply(200, EXAMPLE_RESULT));
  const res = await matrix(testClient(server.url), {
    origins: ORIGINS,
    destinations: DESTINATIONS,
    regionDefinition: { type: "world" },
    async: true,
  }, fastPolls);
  assert.equal(res.travelTime(0, 0), 610);
  assert.equal(server.requestsFor(RESULT).length, 1);
});

Deno.test("async: a result redirected to a foreign host gets no key", async () => {
  await using server = await startTestServer();
  await using storage = await startTestServer();
  const signed = `${storage.url}/bucket/result.json?X-Sig=abc%2B1`;
  asyncRoutes(
    server,
    [jsonReply(200, { status: "inProgress" }), completed(server)],
    jsonReply(303, {}, { location: signed }),
  );
  storage.route("GET /bucket/result.json", () => gzipJson(EXAMPLE_RESULT));
  const res = await matrix(testClient(server.url), {
    origins: ORIGINS,
    destinations: DESTINATIONS,
    regionDefinition: { type: "world" },
    async: true,
  }, fastPolls);
  assert.equal(res.errorCode(1, 1), 3);
  assert.equal(server.requestsFor(RESULT)[0].rawQuery, KEY_QUERY);
  const [foreign] = storage.requests;
  assert.equal(storage.requests.length, 1);
  assert.equal(foreign.rawQuery, "X-Sig=abc%2B1");
  assert.equal(foreign.headers.get("authorization"), null);
  assert.ok(!foreign.url.href.includes(encodeURIComponent(KEY)));
});

Deno.test("async: a sync call answered with 202 continues by polling", async () => {
  await using server = await startTestServer();
  asyncRoutes(server, [completed(server)], jsonReply(200, EXAMPLE_RESULT));
  const progress: string[] = [];
  const res = await matrix(testClient(server.url), {
    origins: ORIGINS,
    destinations: DESTINATIONS,
    regionDefinition: { type: "world" },
  }, { ...fastPolls, onProgress: (s) => progress.push(s) });
  assert.equal(
    server.requestsFor(SUBMIT)[0].rawQuery,
    `async=false&${KEY_QUERY}`,
  );
  assert.equal(res.travelTime(1, 0), 780);
  assert.deepEqual(progress, ["accepted", "completed"]);
});

Deno.test("async: a status response that carries the result (browser redirect) is used", async () => {
  await using server = await startTestServer();
  asyncRoutes(server, [jsonReply(200, EXAMPLE_RESULT)]);
  const res = await matrix(testClient(server.url), {
    origins: ORIGINS,
    destinations: DESTINATIONS,
    regionDefinition: { type: "world" },
    async: true,
  }, fastPolls);
  assert.deepEqual(res.toJSON(), EXAMPLE_RESULT);
  assert.equal(server.requestsFor(RESULT).length, 0);
});

/** A status answer of a job that failed, with HERE's error. */
const FAILED_JOB = {
  matrixId: "job-1",
  status: "failed",
  error: {
    title: "Matrix calculation failed",
    status: 400,
    code: "E606301",
    cause: "Region too large",
    action: "",
    correlationId: "corr-job",
  },
};

Deno.test("async: a failed job is an ApiError with HERE's error", async () => {
  await using server = await startTestServer();
  const running = jsonReply(200, { status: "inProgress" });
  asyncRoutes(server, [running, jsonReply(200, FAILED_JOB)]);
  const progress: string[] = [];
  await assert.rejects(
    matrix(testClient(server.url), {
      origins: ORIGINS,
      regionDefinition: CIRCLE,
      async: true,
    }, { ...fastPolls, onProgress: (s) => progress.push(s) }),
    (e) => {
      assert.ok(e instanceof ApiError, String(e));
      assert.equal(e.code, "E606301");
      assert.equal(e.title, "Matrix calculation failed");
      assert.equal(e.detail, "Region too large");
      assert.equal(e.correlationId, "corr-job");
      assert.ok(!e.url.includes(KEY) && !e.message.includes(KEY));
      return true;
    },
  );
  assert.deepEqual(progress, ["accepted", "inProgress", "failed"]);
  assert.equal(server.requestsFor(RESULT).length, 0);
});

Deno.test("async: a failure status without an error body also ends the job", async () => {
  await using server = await startTestServer();
  asyncRoutes(server, [jsonReply(200, { status: "timeout" })]);
  await assert.rejects(
    matrix(testClient(server.url), {
      origins: ORIGINS,
      regionDefinition: CIRCLE,
      async: true,
    }, fastPolls),
    (e) => e instanceof ApiError && /status timeout/.test(e.message),
  );
  assert.equal(server.requestsFor(STATUS).length, 1);
});

Deno.test("status: unexpected statuses are ApiErrors", async (t) => {
  await t.step("sync 400 with HERE's body", async () => {
    await using server = await startTestServer();
    server.route(
      SUBMIT,
      jsonReply(400, {
        title: "Malformed request",
        status: 400,
        code: "E606001",
        cause: "Invalid origins",
        action: "",
        correlationId: "c-400",
      }),
    );
    await assert.rejects(
      matrix(testClient(server.url), {
        origins: ORIGINS,
        regionDefinition: CIRCLE,
      }),
      (e) =>
        e instanceof ApiError && e.status === 400 && e.code === "E606001" &&
        e.correlationId === "c-400",
    );
    assert.equal(server.requests.length, 1);
  });
  await t.step("async submit answered with 200", async () => {
    await using server = await startTestServer();
    server.route(SUBMIT, jsonReply(200, EXAMPLE_RESULT));
    await assert.rejects(
      matrix(testClient(server.url), {
        origins: ORIGINS,
        regionDefinition: CIRCLE,
        async: true,
      }),
      (e) => e instanceof ApiError && e.status === 200,
    );
  });
  await t.step("202 without statusUrl", async () => {
    await using server = await startTestServer();
    server.route(SUBMIT, jsonReply(202, { status: "accepted" }));
    await assert.rejects(
      matrix(testClient(server.url), {
        origins: ORIGINS,
        regionDefinition: CIRCLE,
        async: true,
      }),
      (e) => e instanceof ApiError && /no statusUrl/.test(e.message),
    );
  });
  await t.step("202 with an unusable statusUrl", async () => {
    await using server = await startTestServer();
    server.route(SUBMIT, jsonReply(202, { statusUrl: "http://[broken" }));
    await assert.rejects(
      matrix(testClient(server.url), {
        origins: ORIGINS,
        regionDefinition: CIRCLE,
        async: true,
      }),
      (e) => e instanceof ApiError && /invalid statusUrl/.test(e.message),
    );
  });
  await t.step("status URL 404", async () => {
    await using server = await startTestServer();
    asyncRoutes(server, [jsonReply(404, { title: "Not found", status: 404 })]);
    await assert.rejects(
      matrix(testClient(server.url), {
        origins: ORIGINS,
        regionDefinition: CIRCLE,
        async: true,
      }, fastPolls),
      (e) => e instanceof ApiError && e.status === 404,
    );
  });
  await t.step("result download 410", async () => {
    await using server = await startTestServer();
    asyncRoutes(server, [completed(server)], jsonReply(410, { title: "Gone" }));
    await assert.rejects(
      matrix(testClient(server.url), {
        origins: ORIGINS,
        regionDefinition: CIRCLE,
        async: true,
      }, fastPolls),
      (e) => e instanceof ApiError && e.status === 410 && e.title === "Gone",
    );
  });
  await t.step("sync 200 with an error and no matrix", async () => {
    await using server = await startTestServer();
    server.route(
      SUBMIT,
      jsonReply(200, { error: { title: "Calculation failed", code: "E1" } }),
    );
    await assert.rejects(
      matrix(testClient(server.url), {
        origins: ORIGINS,
        regionDefinition: CIRCLE,
      }),
      (e) => e instanceof ApiError && e.code === "E1",
    );
  });
});

Deno.test("async: the deadline ends a job that never finishes", async () => {
  await using server = await startTestServer();
  asyncRoutes(server, jsonReply(200, { status: "inProgress" }));
  await assert.rejects(
    matrix(testClient(server.url), {
      origins: ORIGINS,
      regionDefinition: CIRCLE,
      async: true,
    }, { ...fastPolls, deadlineMs: 100 }),
    (e) =>
      e instanceof TimeoutError && /last status inProgress/.test(e.message),
  );
  assert.ok(server.requestsFor(STATUS).length >= 2);
});

Deno.test("async: abort mid-poll rejects with the signal's reason", async () => {
  await using server = await startTestServer();
  const ctl = new AbortController();
  const reason = new Error("user stopped it");
  asyncRoutes(server, (_req, n) => {
    if (n === 2) ctl.abort(reason);
    return Response.json({ status: "inProgress" });
  });
  await assert.rejects(
    matrix(testClient(server.url), {
      origins: ORIGINS,
      regionDefinition: CIRCLE,
      async: true,
    }, { ...fastPolls, signal: ctl.signal }),
    (e) => e === reason,
  );
  const polls = server.requestsFor(STATUS).length;
  assert.equal(polls, 3);
  assert.equal(server.requestsFor(RESULT).length, 0);
});

// ---------------------------------------------------------------- results

Deno.test("results: malformed, mis-sized and broken bodies", async (t) => {
  const params: MatrixParams = {
    origins: ORIGINS,
    destinations: DESTINATIONS,
    regionDefinition: { type: "world" },
  };
  await t.step("not JSON: ApiError with a snippet", async () => {
    await using server = await startTestServer();
    const text =
      '{"matrix":{"numOrigins":2,"numDestinations":3,"travelTimes":[1,2,oops]}}';
    server.route(SUBMIT, textReply(200, text));
    await assert.rejects(matrix(testClient(server.url), params), (e) => {
      assert.ok(e instanceof ApiError, String(e));
      assert.equal(e.title, "Malformed matrix result");
      assert.match(
        e.detail!,
        new RegExp(
          `Expected a number at byte ${text.indexOf("oops")}: ".*oops`,
        ),
      );
      assert.ok(!e.url.includes(encodeURIComponent(KEY)));
      return true;
    });
  });
  await t.step("dimensions other than requested", async () => {
    await using server = await startTestServer();
    server.route(
      SUBMIT,
      jsonReply(200, {
        matrix: { numOrigins: 1, numDestinations: 3, travelTimes: [1, 2, 3] },
      }),
    );
    await assert.rejects(
      matrix(testClient(server.url), params),
      (e) =>
        e instanceof ApiError &&
        /is 1 × 3, the request was 2 × 3/.test(e.detail!),
    );
  });
  await t.step("array of the wrong length", async () => {
    await using server = await startTestServer();
    server.route(
      SUBMIT,
      jsonReply(200, {
        matrix: { numOrigins: 2, numDestinations: 3, distances: [1, 2, 3] },
      }),
    );
    await assert.rejects(
      matrix(testClient(server.url), params),
      (e) =>
        e instanceof ApiError &&
        /distances has 3 entries, expected 2 × 3 = 6/.test(e.detail!),
    );
  });
  await t.step("a connection dropped mid-body", async () => {
    await using server = await startTestServer();
    server.route(SUBMIT, () => "drop");
    await assert.rejects(
      matrix(testClient(server.url, { maxRetries: 0 }), params),
      (e) => e instanceof ConnectionError,
    );
  });
});

Deno.test("results: a sync result or a download that breaks off is requested again", async () => {
  const params: MatrixParams = {
    origins: ORIGINS,
    destinations: DESTINATIONS,
    regionDefinition: { type: "world" },
  };
  {
    await using server = await startTestServer();
    server.route(SUBMIT, [() => "drop", jsonReply(200, EXAMPLE_RESULT)]);
    const res = await matrix(testClient(server.url), params);
    assert.equal(res.travelTime(1, 2), 640);
    assert.equal(server.requestsFor(SUBMIT).length, 2);
  }
  {
    await using server = await startTestServer();
    asyncRoutes(server, completed(server), [
      () => "drop",
      () => gzipJson(EXAMPLE_RESULT),
    ]);
    const res = await matrix(
      testClient(server.url),
      { ...params, async: true },
      fastPolls,
    );
    assert.equal(res.travelTime(1, 2), 640);
    assert.equal(server.requestsFor(RESULT).length, 2);
  }
});

Deno.test("results: a body that is not a byte stream is read chunk by chunk", async () => {
  await using server = await startTestServer();
  server.route(SUBMIT, syncService);
  let byteStream = true;
  const client = new Client({
    apiKey: KEY,
    baseUrl: server.url,
    fetch: async (input, init) => {
      const res = await fetch(input, init);
      // A plain (non-byte) stream, as some runtimes hand out.
      const body = res.body!.pipeThrough(new TransformStream());
      try {
        body.getReader({ mode: "byob" }).releaseLock();
      } catch {
        byteStream = false;
      }
      return new Response(body, res);
    },
  });
  const origins = many(30);
  const destinations = many(40, "d");
  const res = await matrix(client, {
    origins: origins.slice(0, 15),
    destinations,
    regionDefinition: { type: "world" },
    matrixAttributes: ["travelTimes", "distances"],
  });
  assert.equal(byteStream, false, "the fallback path was taken");
  checkValues(res, origins.slice(0, 15), destinations);
});

Deno.test("results: a body stalled past the deadline is a TimeoutError", async () => {
  await using server = await startTestServer();
  let release!: () => void;
  const stalled = new Promise<void>((r) => release = r);
  server.route(SUBMIT, () =>
    new Response(
      new ReadableStream({
        async start(c) {
          c.enqueue(new TextEncoder().encode('{"matrix":{"travelTimes":[1,'));
          await stalled;
          c.close();
        },
      }),
      { headers: { "content-type": "application/json" } },
    ));
  try {
    await assert.rejects(
      matrix(testClient(server.url), {
        origins: ORIGINS,
        regionDefinition: CIRCLE,
      }, { deadlineMs: 150 }),
      (e) =>
        e instanceof TimeoutError &&
        /while the response was read/.test(e.message),
    );
  } finally {
    release();
  }
});

Deno.test("results: a deadline beyond setTimeout's range does not end the read at once", async () => {
  await using server = await startTestServer();
  const text = JSON.stringify(EXAMPLE_RESULT);
  server.route(SUBMIT, () =>
    new Response(
      new ReadableStream({
        async start(c) {
          c.enqueue(new TextEncoder().encode(text.slice(0, 20)));
          await new Promise((r) => setTimeout(r, 20));
          c.enqueue(new TextEncoder().encode(text.slice(20)));
          c.close();
        },
      }),
      { headers: { "content-type": "application/json" } },
    ));
  const res = await matrix(testClient(server.url), {
    origins: ORIGINS,
    destinations: DESTINATIONS,
    regionDefinition: { type: "world" },
  }, { deadlineMs: 2 ** 40 });
  assert.equal(res.travelTime(1, 2), 640);
});

// ----------------------------------------------------------------- tiling

function checkValues(
  res: Awaited<ReturnType<typeof matrix>>,
  origins: LatLngObject[],
  destinations: LatLngObject[],
) {
  assert.equal(res.matrix.numOrigins, origins.length);
  assert.equal(res.matrix.numDestinations, destinations.length);
  let errors = 0;
  for (let i = 0; i < origins.length; i++) {
    for (let j = 0; j < destinations.length; j++) {
      const o = origins[i];
      const d = destinations[j];
      if (res.travelTime(i, j) !== travelTimeOf(o, d)) {
        assert.fail(`travelTime(${i}, ${j}) is ${res.travelTime(i, j)}`);
      }
      if (res.distance(i, j) !== distanceOf(o, d)) {
        assert.fail(`distance(${i}, ${j}) is ${res.distance(i, j)}`);
      }
      if (res.errorCode(i, j) !== errorCodeOf(o, d)) {
        assert.fail(`errorCode(${i}, ${j}) is ${res.errorCode(i, j)}`);
      }
      if (errorCodeOf(o, d)) errors++;
    }
  }
  return errors;
}

function tileShapes(requests: RecordedRequest[]): string[] {
  return requests.map((r) => {
    const b = r.body as { origins: unknown[]; destinations: unknown[] };
    return `${b.origins.length}x${b.destinations.length}`;
  });
}

Deno.test("tiling: 40 × 250 flexible becomes 9 sync calls of ≤ 15 × 100, merged exactly", async () => {
  await using server = await startTestServer();
  let inFlight = 0;
  let most = 0;
  server.route(SUBMIT, async (req, n) => {
    inFlight++;
    most = Math.max(most, inFlight);
    await new Promise((r) => setTimeout(r, 5));
    inFlight--;
    return syncService(req, n, new AbortController().signal);
  });
  const origins = many(40);
  const destinations = many(250, "d");
  const res = await matrix(testClient(server.url), {
    origins,
    destinations,
    regionDefinition: new WorldRegion(),
    departureTime: "any",
    matrixAttributes: ["travelTimes", "distances"],
  }, { concurrency: 3 });

  assert.equal(server.requests.length, 9);
  assert.deepEqual(tileShapes(server.requests).sort(), [
    "10x100",
    "10x100",
    "10x50",
    "15x100",
    "15x100",
    "15x100",
    "15x100",
    "15x50",
    "15x50",
  ]);
  assert.ok(most <= 3, `at most 3 tiles in flight, saw ${most}`);
  for (const r of server.requests) {
    assert.equal(r.rawQuery, `async=false&${KEY_QUERY}`);
    const b = r.body as Record<string, unknown>;
    assert.deepEqual(b.regionDefinition, { type: "world" });
    assert.equal(b.departureTime, "any");
  }
  const errors = checkValues(res, origins, destinations);
  assert.ok(errors > 0, "some entries carry error codes");
  assert.equal(res.matrix.travelTimes!.length, 40 * 250);
  assert.equal(res.matrixId, "m-0");
  assert.equal(res.correlationId, "corr-0");
  assert.deepEqual(res.regionDefinition, { type: "world" });
  assert.equal(
    res.toTravelTimesMatrix()![39][249],
    travelTimeOf(origins[39], destinations[249]),
  );
});

Deno.test("tiling: flexible 150 × 1 uses the 100 × 1 shape; async tiles stay async", async () => {
  await using server = await startTestServer();
  let job = 0;
  server.route(SUBMIT, (req) => {
    const id = `t${job++}`;
    server.route(
      `GET /jobs/${id}/status`,
      jsonReply(303, { resultUrl: `${server.url}/jobs/${id}` }),
    );
    server.route(
      `GET /jobs/${id}`,
      () => gzipJson(resultFor(req.body as never, id)),
    );
    return Response.json({
      statusUrl: `${server.url}/jobs/${id}/status`,
      status: "accepted",
    }, {
      status: 202,
    });
  });
  const origins = many(150);
  const destinations = [point(3, "d")];
  const res = await matrix(testClient(server.url), {
    origins,
    destinations,
    regionDefinition: { type: "world" },
    async: true,
    matrixAttributes: ["travelTimes", "distances"],
  }, fastPolls);
  const submits = server.requestsFor(SUBMIT);
  assert.deepEqual(tileShapes(submits), ["100x1", "50x1"]);
  for (const r of submits) assert.equal(r.rawQuery, `async=true&${KEY_QUERY}`);
  checkValues(res, origins, destinations);
});

Deno.test("tiling: a 700 × 700 square region request becomes 4 sync calls, merged exactly", async () => {
  await using server = await startTestServer();
  server.route(SUBMIT, syncService);
  const origins = many(700);
  const region = new BoundingBoxRegion({
    north: 52.1,
    south: 51.9,
    west: 12.9,
    east: 13.2,
  });
  const res = await matrix(testClient(server.url), {
    origins,
    regionDefinition: region,
    matrixAttributes: ["travelTimes", "distances"],
  });
  assert.deepEqual(tileShapes(server.requests).sort(), [
    "200x200",
    "200x500",
    "500x200",
    "500x500",
  ]);
  for (const r of server.requests) {
    assert.deepEqual((r.body as Record<string, unknown>).regionDefinition, {
      type: "boundingBox",
      north: 52.1,
      south: 51.9,
      west: 12.9,
      east: 13.2,
    });
  }
  checkValues(res, origins, origins);
  assert.deepEqual(res.regionDefinition, {
    type: "boundingBox",
    north: 52.1,
    south: 51.9,
    west: 12.9,
    east: 13.2,
  });
});

Deno.test("tiling: a tiled autoCircle is sent as one circle covering every point", async () => {
  await using server = await startTestServer();
  server.route(SUBMIT, syncService);
  const origins = many(600);
  const destinations = many(30, "d");
  const res = await matrix(testClient(server.url), {
    origins,
    destinations,
    regionDefinition: new AutoCircleRegion({ margin: 2000 }),
    matrixAttributes: ["travelTimes", "distances"],
  });
  assert.equal(server.requests.length, 2);
  const regions = server.requests.map((r) =>
    (r.body as { regionDefinition: RegionDefinition }).regionDefinition
  );
  assert.deepEqual(regions[0], regions[1]);
  const circle = regions[0];
  assert.equal(circle.type, "circle");
  if (circle.type !== "circle") return;
  assert.ok(Number.isInteger(circle.radius));
  const far = Math.max(
    ...[...origins, ...destinations].map((p) =>
      haversine(circle.center as LatLngObject, p)
    ),
  );
  assert.ok(far + 2000 <= circle.radius, "covers every point plus the margin");
  assert.ok(circle.radius <= far * 1.01 + 2002, "and not much more");
  assert.deepEqual(res.regionDefinition, circle);
  checkValues(res, origins, destinations);
});

Deno.test("tiling: a profile 1 × 5000 request uses 1 × 2000 tiles", async () => {
  await using server = await startTestServer();
  server.route(SUBMIT, syncService);
  const origins = [point(5)];
  const destinations = many(5000, "d");
  const res = await matrix(testClient(server.url), {
    origins,
    destinations,
    regionDefinition: { type: "world" },
    profile: "carFast",
    matrixAttributes: ["travelTimes", "distances"],
  });
  assert.deepEqual(tileShapes(server.requests), ["1x2000", "1x2000", "1x1000"]);
  checkValues(res, origins, destinations);
});

Deno.test("tiling: beyond 16 sync tiles a region request is one async job", async () => {
  await using server = await startTestServer();
  let submitted: unknown;
  server.route(SUBMIT, (req) => {
    submitted = req.body;
    return Response.json({
      status: "accepted",
      statusUrl: `${server.url}/v8/matrix/job-1/status`,
    }, { status: 202 });
  });
  server.route(STATUS, completed(server));
  server.route(RESULT, () => gzipJson(resultFor(submitted as never)));
  const origins = many(8001);
  const destinations = [point(0, "d")];
  const res = await matrix(testClient(server.url), {
    origins,
    destinations,
    regionDefinition: CIRCLE,
    matrixAttributes: ["travelTimes", "distances"],
  }, fastPolls);
  const submits = server.requestsFor(SUBMIT);
  assert.equal(submits.length, 1);
  assert.equal(submits[0].rawQuery, `async=true&${KEY_QUERY}`);
  checkValues(res, origins, destinations);
});

Deno.test("tiling: async with a region sends one async job up to 10,000 × 10,000", async () => {
  await using server = await startTestServer();
  let submitted: unknown;
  server.route(SUBMIT, (req) => {
    submitted = req.body;
    return Response.json({
      statusUrl: `${server.url}/v8/matrix/job-1/status`,
    }, { status: 202 });
  });
  server.route(STATUS, completed(server));
  server.route(RESULT, () => gzipJson(resultFor(submitted as never)));
  const origins = many(700);
  const res = await matrix(testClient(server.url), {
    origins,
    destinations: many(2, "d"),
    regionDefinition: CIRCLE,
    async: true,
  }, fastPolls);
  assert.equal(server.requestsFor(SUBMIT).length, 1);
  assert.equal(res.matrix.numOrigins, 700);
});

Deno.test("tiling: one failing tile fails the whole request and stops the rest", async () => {
  await using server = await startTestServer();
  server.route(SUBMIT, (req, n) => {
    if (n === 1) {
      return Response.json({ title: "Bad tile", status: 400 }, { status: 400 });
    }
    return syncService(req, n, new AbortController().signal);
  });
  await assert.rejects(
    matrix(testClient(server.url), {
      origins: many(100),
      destinations: many(100, "d"),
      regionDefinition: { type: "world" },
    }, { concurrency: 1 }),
    (e) => e instanceof ApiError && e.status === 400 && e.title === "Bad tile",
  );
  assert.equal(server.requests.length, 2, "no tile starts after a failure");
});

Deno.test("tiling: abort while tiles run rejects with the reason", async () => {
  await using server = await startTestServer();
  const ctl = new AbortController();
  const reason = new Error("enough");
  server.route(SUBMIT, (req, n) => {
    if (n === 2) ctl.abort(reason);
    return syncService(req, n, new AbortController().signal);
  });
  await assert.rejects(
    matrix(testClient(server.url), {
      origins: many(100),
      destinations: many(100, "d"),
      regionDefinition: { type: "world" },
    }, { concurrency: 2, signal: ctl.signal }),
    (e) => e === reason,
  );
  assert.ok(server.requests.length <= 4);
});

Deno.test("concurrency option must be a positive integer", async () => {
  await using server = await startTestServer();
  await assert.rejects(
    matrix(testClient(server.url), {
      origins: [point(0)],
      regionDefinition: CIRCLE,
    }, { concurrency: 0 }),
    (e) => e instanceof ValueError && e.parameter === "concurrency",
  );
  assert.equal(server.requests.length, 0);
});

Deno.test("deadlineMs and signal are checked before any request", async () => {
  await using server = await startTestServer();
  const cases: [Record<string, unknown>, string][] = [
    [{ deadlineMs: 0 }, "deadlineMs"],
    [{ deadlineMs: "5000" }, "deadlineMs"],
    [{ deadlineMs: Infinity }, "deadlineMs"],
    [{ deadlineMs: 10n }, "deadlineMs"],
    [{ signal: "stop" }, "signal"],
  ];
  for (const [options, parameter] of cases) {
    await assert.rejects(
      matrix(testClient(server.url), {
        origins: many(100),
        destinations: many(100, "d"),
        regionDefinition: { type: "world" },
      }, options),
      (e) => e instanceof ValueError && e.parameter === parameter,
    );
  }
  assert.equal(server.requests.length, 0);
});

Deno.test("a deadline that passes before the first request: a TimeoutError, nothing sent", async () => {
  let fetches = 0;
  const client = testClient("http://127.0.0.1:9", {
    fetch: (_input, init) => {
      fetches++;
      return new Promise<Response>((_, reject) =>
        init?.signal?.addEventListener(
          "abort",
          () => reject(init.signal!.reason),
        )
      );
    },
  });
  await assert.rejects(
    matrix(client, { origins: many(100), regionDefinition: CIRCLE }, {
      deadlineMs: 1e-7,
    }),
    (e) => e instanceof TimeoutError,
  );
  assert.equal(fetches, 0);
});

Deno.test("hosts: HERE's hosts (row and china) get the key, pre-signed storage does not", async () => {
  for (const country of ["row", "china"] as const) {
    await using server = await startTestServer();
    const tld = country === "row" ? "com" : "cn";
    const regional = `https://aws-eu-west-1.matrix.router.hereapi.${tld}`;
    server.route(
      SUBMIT,
      jsonReply(202, {
        status: "accepted",
        statusUrl: `${regional}/v8/matrix/job-1/status`,
      }),
    );
    server.route(
      STATUS,
      jsonReply(303, { resultUrl: `${regional}/v8/matrix/job-1` }),
    );
    server.route(
      RESULT,
      jsonReply(303, {}, {
        location: "https://results.storage.example.net/job-1?sig=s1",
      }),
    );
    server.route("GET /job-1", () => gzipJson(EXAMPLE_RESULT));
    const seen: string[] = [];
    const client = hostRecordingClient(server, seen, { country });
    const res = await matrix(client, {
      origins: ORIGINS,
      destinations: DESTINATIONS,
      regionDefinition: { type: "world" },
      async: true,
    }, fastPolls);
    assert.equal(res.travelTime(0, 2), 905);
    assert.deepEqual(seen, [
      `https://matrix.router.hereapi.${tld}/v8/matrix?async=true&${KEY_QUERY}`,
      `${regional}/v8/matrix/job-1/status?${KEY_QUERY}`,
      `${regional}/v8/matrix/job-1?${KEY_QUERY}`,
      "https://results.storage.example.net/job-1?sig=s1",
    ]);
  }
});

Deno.test("errors never show the key", async (t) => {
  const params: MatrixParams = {
    origins: ORIGINS,
    regionDefinition: CIRCLE,
    async: true,
  };
  const accepted = (server: TestServer) =>
    jsonReply(202, {
      status: "accepted",
      statusUrl: `${server.url}/v8/matrix/job-1/status`,
    });
  const scenarios: Record<string, (server: TestServer) => void> = {
    "submit 400 echoing the key": (server) =>
      server.route(
        SUBMIT,
        jsonReply(400, { title: "Bad", cause: `echo apiKey=${KEY}` }),
      ),
    "failed job echoing the key": (server) => {
      server.route(SUBMIT, accepted(server));
      server.route(
        STATUS,
        jsonReply(200, { status: "failed", error: { title: `x ${KEY}` } }),
      );
    },
    "malformed result echoing the key": (server) => {
      server.route(SUBMIT, accepted(server));
      server.route(STATUS, completed(server));
      server.route(
        RESULT,
        textReply(200, `{"matrix":{"travelTimes":[x, "${KEY}"]}}`),
      );
    },
    "deadline": (server) => {
      server.route(SUBMIT, accepted(server));
      server.route(STATUS, jsonReply(200, { status: "inProgress" }));
    },
    "dropped result": (server) => {
      server.route(SUBMIT, accepted(server));
      server.route(STATUS, completed(server));
      server.route(RESULT, () => "drop");
    },
  };
  for (const [name, setup] of Object.entries(scenarios)) {
    await t.step(name, async () => {
      await using server = await startTestServer();
      setup(server);
      const client = testClient(server.url, { maxRetries: 0 });
      const err = await matrix(client, params, {
        ...fastPolls,
        deadlineMs: 200,
      }).then(() => assert.fail("expected a failure"), (e) => e);
      assert.ok(err instanceof Error, String(err));
      const { url, bodyText } = err as { url?: string; bodyText?: string };
      const text = [
        err.message,
        String(err),
        err.stack,
        JSON.stringify(err),
        url,
        bodyText,
      ].join("\n");
      assert.ok(!text.includes(KEY), `${err.name}: ${err.message}`);
      assert.ok(!text.includes(encodeURIComponent(KEY)), err.message);
    });
  }
});

Deno.test("buildMatrixRequest: a sync request, the body in HERE's order", () => {
  const spec = buildMatrixRequest({
    matrixAttributes: ["distances", "travelTimes", "distances"],
    regionDefinition: new AutoCircleRegion(),
    origins: ORIGINS,
    routingMode: "short",
  });
  assert.equal(spec.service, "matrix");
  assert.equal(spec.method, "POST");
  assert.equal(spec.path, "/v8/matrix");
  assert.ok(spec.query instanceof Query);
  assert.equal(spec.query.toString(), "async=false");
  assert.deepEqual(spec.expect, [200, 202]);
  assert.equal(spec.retry, "idempotent");
  assert.equal(
    JSON.stringify(spec.body),
    '{"origins":[{"lat":52.5,"lng":13.4},{"lat":52.52,"lng":13.38}],' +
      '"regionDefinition":{"type":"autoCircle","margin":10000},' +
      '"routingMode":"short","matrixAttributes":["distances","travelTimes"]}',
  );
});

Deno.test("buildMatrixRequest: async submits a job, retried only when refused", () => {
  const spec = buildMatrixRequest({
    origins: ORIGINS,
    regionDefinition: new WorldRegion(),
    profile: "carFast",
    async: true,
  });
  assert.equal(spec.query?.toString(), "async=true");
  assert.deepEqual(spec.expect, [202]);
  assert.equal(spec.retry, "submit");
  assert.deepEqual(spec.body, {
    origins: ORIGINS,
    regionDefinition: { type: "world" },
    profile: "carFast",
  });
});

Deno.test("buildMatrixRequest: positions are copied, not the caller's objects", () => {
  const origin = { lat: 52.5, lng: 13.4, label: "depot" };
  const spec = buildMatrixRequest({
    origins: [origin],
    regionDefinition: new WorldRegion(),
  });
  const [sent] = (spec.body as { origins: unknown[] }).origins;
  assert.notEqual(sent, origin);
  assert.deepEqual(sent, { lat: 52.5, lng: 13.4 });
});

Deno.test("buildMatrixRequest: an unknown parameter is a ValueError naming the one meant", () => {
  const error = assertValueError(
    () =>
      buildMatrixRequest({
        origins: ORIGINS,
        regionDefinition: new WorldRegion(),
        matrixAtributes: ["distances"],
      } as MatrixParams),
    "matrixAtributes",
  );
  assert.match(
    error.message,
    /is not a parameter of matrix; did you mean "matrixAttributes"\?/,
  );
});

Deno.test("buildMatrixRequest: params that are not an object", () => {
  for (const params of [null, [], "origins"]) {
    assert.throws(
      () => buildMatrixRequest(params as unknown as MatrixParams),
      (e) => e instanceof ValueError && e.parameter === "params",
    );
  }
});

Deno.test("buildMatrixRequest: a matrix larger than one call is still one request (matrix() tiles it)", () => {
  const many = Array.from({ length: 600 }, (_, k) => ({
    lat: 52 + k * 1e-4,
    lng: 13,
  }));
  const spec = buildMatrixRequest({
    origins: many,
    regionDefinition: { type: "circle", center: ORIGINS[0], radius: 50_000 },
  });
  assert.equal((spec.body as { origins: unknown[] }).origins.length, 600);
});
