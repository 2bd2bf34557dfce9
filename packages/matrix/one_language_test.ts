// Issue 24 for matrix: any point where a position goes, one async switch
// (`async`), poll settings in options.poll, HERE's names leading to ours,
// closed sets. Every request is checked on a real 127.0.0.1 server.

import assert from "node:assert/strict";
import { ValueError } from "@ls/core";
import {
  jsonReply,
  startTestServer,
  TEST_KEY_QUERY as KEY_QUERY,
  testClient,
} from "@ls/core/testing";
import {
  BoundingBoxRegion,
  buildMatrixRequest,
  CircleRegion,
  matrix,
  MATRIX_WIRE_NAMES,
  type MatrixParams,
  matrixRows,
  PolygonRegion,
  WorldRegion,
} from "./mod.ts";
import { acceptedReply, gzipJson } from "./_test_matrix_service.ts";

const SUBMIT = "POST /v8/matrix";
const RESULT_1x1 = {
  matrixId: "m-1",
  matrix: { numOrigins: 1, numDestinations: 1, travelTimes: [60] },
  regionDefinition: { type: "world" },
};

// A geocode result's position, with the extra keys a response carries.
const POSITION = { lat: 52.5, lng: 13.4, elv: 34 };

Deno.test("matrix: origins and destinations take any point, sent as { lat, lng }", async () => {
  await using server = await startTestServer();
  server.route(
    SUBMIT,
    jsonReply(200, {
      matrixId: "m-1",
      matrix: { numOrigins: 4, numDestinations: 1, travelTimes: [1, 2, 3, 4] },
    }),
  );
  await matrix(testClient(server.url), {
    origins: [
      [52.5, 13.4],
      POSITION,
      { type: "Point", coordinates: [13.41, 52.51] },
      {
        type: "Feature",
        properties: { name: "depot" },
        geometry: { type: "Point", coordinates: [13.42, 52.52, 40] },
      },
    ],
    destinations: [[52.53, 13.43] as const],
    regionDefinition: new WorldRegion(),
    matrixAttributes: ["travelTimes"],
  });
  const [req] = server.requests;
  assert.equal(req.rawQuery, `async=false&${KEY_QUERY}`);
  assert.equal(
    req.bodyText,
    '{"origins":[{"lat":52.5,"lng":13.4},{"lat":52.5,"lng":13.4},' +
      '{"lat":52.51,"lng":13.41},{"lat":52.52,"lng":13.42}],' +
      '"destinations":[{"lat":52.53,"lng":13.43}],' +
      '"regionDefinition":{"type":"world"},"matrixAttributes":["travelTimes"]}',
  );
});

Deno.test("matrix: region centres and polygons take any point; a box takes [w, s, e, n] in its constructor", async () => {
  await using server = await startTestServer();
  server.route(SUBMIT, jsonReply(200, RESULT_1x1));
  const regions = [
    new CircleRegion({ center: [52.5, 13.4], radius: 10000 }),
    { type: "circle", center: POSITION, radius: 10000 } as const,
    new PolygonRegion({ outer: [[52.4, 13.3], [52.6, 13.4], POSITION] }),
    new PolygonRegion({ outer: [52.4, 13.3, 52.6, 13.4, 52.5, 13.5] }),
    new BoundingBoxRegion([13.3, 52.4, 13.5, 52.6]),
  ];
  for (const regionDefinition of regions) {
    await matrix(testClient(server.url), {
      origins: [POSITION],
      regionDefinition,
      matrixAttributes: ["travelTimes"],
    });
  }
  const sent = server.requests.map((r) =>
    (r.body as { regionDefinition: unknown }).regionDefinition
  );
  assert.deepEqual(sent, [
    { type: "circle", center: { lat: 52.5, lng: 13.4 }, radius: 10000 },
    { type: "circle", center: { lat: 52.5, lng: 13.4 }, radius: 10000 },
    {
      type: "polygon",
      outer: [
        { lat: 52.4, lng: 13.3 },
        { lat: 52.6, lng: 13.4 },
        { lat: 52.5, lng: 13.4 },
      ],
    },
    { type: "polygon", outer: [52.4, 13.3, 52.6, 13.4, 52.5, 13.5] },
    { type: "boundingBox", north: 52.6, south: 52.4, west: 13.3, east: 13.5 },
  ]);
});

Deno.test("matrix: async is the switch, options.poll the cadence, onProgress the statuses", async () => {
  await using server = await startTestServer();
  server.route(SUBMIT, acceptedReply(server.url));
  server.route(
    "GET /v8/matrix/job-1/status",
    jsonReply(303, {
      status: "completed",
      resultUrl: `${server.url}/v8/matrix/job-1`,
    }),
  );
  server.route("GET /v8/matrix/job-1", () => gzipJson(RESULT_1x1));
  const statuses: string[] = [];
  const res = await matrix(testClient(server.url), {
    origins: [[52.5, 13.4]],
    regionDefinition: new WorldRegion(),
    matrixAttributes: ["travelTimes"],
    async: true,
  }, {
    poll: { initialDelayMs: 1, maxDelayMs: 5, minDelayMs: 10 },
    onProgress: (status) => statuses.push(status),
  });
  assert.equal(res.travelTime(0, 0), 60);
  assert.equal(server.requests[0].rawQuery, `async=true&${KEY_QUERY}`);
  assert.equal(server.requests[1].path, "/v8/matrix/job-1/status");
  assert.equal(server.requests[2].path, "/v8/matrix/job-1");
  assert.equal(statuses.at(-1), "completed");
});

Deno.test("matrix: bad poll options are ValueErrors naming poll.<key>, before any request", async () => {
  await using server = await startTestServer();
  server.route(SUBMIT, jsonReply(200, RESULT_1x1));
  const params: MatrixParams = {
    origins: [[52.5, 13.4]],
    regionDefinition: new WorldRegion(),
    async: true,
  };
  const cases: [unknown, string, RegExp][] = [
    [{ minDelayMs: 5 }, "poll.minDelayMs", /must be a finite number ≥ 10/],
    [{ initialDelayMs: -1 }, "poll.initialDelayMs", /≥ 0/],
    [{ maxDelayMs: NaN }, "poll.maxDelayMs", /finite/],
    [
      { initialDelay: 1 },
      "poll.initialDelay",
      /did you mean "poll.initialDelayMs"/,
    ],
    [5, "poll", /must be an object/],
  ];
  for (const [poll, parameter, message] of cases) {
    await assert.rejects(
      matrix(testClient(server.url), params, { poll: poll as never }),
      (e) => {
        assert.ok(e instanceof ValueError, String(e));
        assert.equal(e.parameter, parameter);
        assert.match(e.message, message);
        return true;
      },
    );
    // matrixRows refuses it when called, not at its first row.
    assert.throws(
      () => matrixRows(testClient(server.url), params, { poll: poll as never }),
      (e) => e instanceof ValueError && e.parameter === parameter,
    );
  }
  assert.equal(server.requests.length, 0);
});

Deno.test("MATRIX_WIRE_NAMES: each HERE or seed name is refused with ours suggested, before any request", async () => {
  await using server = await startTestServer();
  server.route(SUBMIT, jsonReply(200, RESULT_1x1));
  const valid: MatrixParams = {
    origins: [[52.5, 13.4]],
    regionDefinition: new WorldRegion(),
  };
  assert.ok(Object.keys(MATRIX_WIRE_NAMES).length > 0);
  for (const [wireName, ourName] of Object.entries(MATRIX_WIRE_NAMES)) {
    const params = { ...valid, [wireName]: true } as MatrixParams;
    const check = (e: unknown) => {
      assert.ok(e instanceof ValueError, String(e));
      assert.equal(e.parameter, wireName);
      // The wording is core's checkKeys'; either form names our parameter.
      assert.match(
        e.message,
        new RegExp(`did you mean "${ourName}"|is "${ourName}" here`),
      );
      return true;
    };
    assert.throws(() => buildMatrixRequest(params), check);
    await assert.rejects(matrix(testClient(server.url), params), check);
  }
  assert.equal(server.requests.length, 0);
});
