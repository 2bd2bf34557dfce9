import assert from "node:assert/strict";
import { ApiError } from "@ls/core";
import { assertValueError, jsonReply } from "@ls/core/testing";
import { rejectsValueError, startTestServer } from "@ls/core/testing";
import { TEST_KEY_QUERY, testClient } from "@ls/core/testing";
import {
  buildWeatherAlertsRequest,
  getWeatherAlerts,
  WEATHER_ALERTS_WIRE_NAMES,
  WeatherAlertsResponse,
  WeatherSeverity,
  WeatherType,
} from "./mod.ts";
import type { WeatherAlertsParams } from "./mod.ts";
import alertsFixture from "./testdata/alerts_response.json" with {
  type: "json",
};

const ROUTE = "POST /v3/alerts";

const line = {
  type: "LineString",
  coordinates: [[13.40, 52.50], [13.45, 52.52], [13.50, 52.55]],
} as const satisfies WeatherAlertsParams["geometry"];

Deno.test("getWeatherAlerts: LineString → the FeatureCollection body, times as integer UTC seconds", async () => {
  await using server = await startTestServer();
  const body = alertsFixture;
  server.route(ROUTE, jsonReply(200, body));
  const res = await getWeatherAlerts(testClient(server), {
    geometry: {
      type: "LineString",
      coordinates: [[13.40, 52.50], [13.45, 52.52], [13.50, 52.55]],
    },
    startTime: new Date(Date.UTC(2024, 4, 1, 6, 0, 0)),
    // The same instant as 2024-05-02T06:00:00Z, written with an offset.
    endTime: "2024-05-02T08:00:00+02:00",
    id: "my-route-1",
    weatherSeverity: WeatherSeverity.medium,
    weatherType: WeatherType.rain,
    country: "DE",
    width: 3000,
  });
  assert.equal(server.requests.length, 1);
  const [req] = server.requests;
  assert.equal(req.method, "POST");
  assert.equal(req.path, "/v3/alerts");
  assert.equal(req.rawQuery, `${TEST_KEY_QUERY}`);
  assert.equal(req.headers.get("content-type"), "application/json");
  assert.deepEqual(req.body, {
    type: "FeatureCollection",
    features: [{
      type: "Feature",
      id: "my-route-1",
      geometry: {
        type: "LineString",
        coordinates: [[13.40, 52.50], [13.45, 52.52], [13.50, 52.55]],
      },
      properties: {
        width: 3000,
        warnings: [{
          startTime: 1714543200,
          endTime: 1714629600,
          severity: 3,
          type: 5,
          country: "DE",
        }],
      },
    }],
  });
  assert.ok(res instanceof WeatherAlertsResponse);
  assert.equal(res.features.length, 2);
});

Deno.test("buildWeatherAlertsRequest: the alerts request, built without a client", () => {
  const spec = buildWeatherAlertsRequest({
    geometry: { type: "Point", coordinates: [13.4, 52.5] },
    startTime: "2024-05-01T08:00:00+02:00",
    endTime: new Date(Date.UTC(2024, 4, 1, 18)),
    id: 7,
  });
  assert.deepEqual(spec, {
    service: "weather",
    method: "POST",
    path: "/v3/alerts",
    body: {
      type: "FeatureCollection",
      features: [{
        type: "Feature",
        id: 7,
        geometry: { type: "Point", coordinates: [13.4, 52.5] },
        properties: {
          warnings: [{ startTime: 1714543200, endTime: 1714586400 }],
        },
      }],
    },
  });
});

Deno.test("getWeatherAlerts: Point without optional fields: nothing null, nothing invented", async () => {
  await using server = await startTestServer();
  server.route(
    ROUTE,
    jsonReply(200, { type: "FeatureCollection", features: [] }),
  );
  await getWeatherAlerts(testClient(server), {
    geometry: { type: "Point", coordinates: [13.4, 52.5] },
    startTime: "2024-05-01T08:00:00.750+02:00",
  });
  const [req] = server.requests;
  assert.deepEqual(req.body, {
    type: "FeatureCollection",
    features: [{
      type: "Feature",
      geometry: { type: "Point", coordinates: [13.4, 52.5] },
      properties: { warnings: [{ startTime: 1714543200 }] },
    }],
  });
  assert.ok(!req.bodyText.includes("null"));
  assert.ok(!req.bodyText.includes("width"));
});

Deno.test("getWeatherAlerts: zero values are sent (severity 0, numeric id 0)", async () => {
  await using server = await startTestServer();
  server.route(
    ROUTE,
    jsonReply(200, { type: "FeatureCollection", features: [] }),
  );
  await getWeatherAlerts(testClient(server), {
    geometry: { type: "Point", coordinates: [-87.63, 41.88, 181] },
    startTime: new Date(1714543200999),
    weatherSeverity: WeatherSeverity.insignificant,
    id: 0,
    width: 100_000,
  });
  const feature = (server.requests[0].body as {
    features: Record<string, unknown>[];
  }).features[0];
  assert.equal(feature.id, 0);
  assert.deepEqual(feature.geometry, {
    type: "Point",
    coordinates: [-87.63, 41.88, 181],
  });
  assert.deepEqual(feature.properties, {
    width: 100000,
    warnings: [{ startTime: 1714543200, severity: 0 }],
  });
});

Deno.test("getWeatherAlerts: width limits are inclusive: 25 000 for a LineString is sent", async () => {
  await using server = await startTestServer();
  server.route(
    ROUTE,
    jsonReply(200, { type: "FeatureCollection", features: [] }),
  );
  await getWeatherAlerts(testClient(server), {
    geometry: line,
    startTime: new Date(0),
    width: 25_000,
  });
  const props = (server.requests[0].body as {
    features: { properties: Record<string, unknown> }[];
  }).features[0].properties;
  assert.equal(props.width, 25000);
  assert.deepEqual(props.warnings, [{ startTime: 0 }]);
});

Deno.test("getWeatherAlerts: invalid input is a ValueError naming the parameter, and nothing is sent", async () => {
  await using server = await startTestServer();
  server.route(
    ROUTE,
    jsonReply(200, { type: "FeatureCollection", features: [] }),
  );
  const client = testClient(server);
  const point = { type: "Point", coordinates: [13.4, 52.5] };
  const base = { geometry: line, startTime: new Date(0) };
  const polygon = {
    type: "Polygon",
    coordinates: [[[13.3, 52.4], [13.6, 52.4], [13.6, 52.6], [13.3, 52.4]]],
  };
  const cases: [Record<string, unknown>, string, RegExp][] = [
    [
      { ...base, geometry: polygon },
      "geometry",
      /^Invalid geometry: must be a point, a list of points, or a GeoJSON Point or LineString, got "Polygon"$/,
    ],
    [
      { ...base, geometry: { type: "MultiPoint", coordinates: [[1, 2]] } },
      "geometry",
      /"MultiPoint"/,
    ],
    [{ startTime: new Date(0) }, "geometry", /^Invalid geometry: is required$/],
    [{ ...base, geometry: [NaN, 13.4] }, "geometry[0]", /latitude/],
    [{ ...base, geometry: [52.5, 13.4, 0] }, "geometry", /\[lat, lng\] array/],
    [{ ...base, geometry: [[52.5, 13.4]] }, "geometry", /at least 2 points/],
    [
      { ...base, geometry: [[52.5, 13.4], [95, 13]] },
      "geometry[1]",
      /latitude 95 is out of range/,
    ],
    [
      { ...base, geometry: { type: "Feature", properties: {} } },
      "geometry.geometry",
      /GeoJSON Point or LineString/,
    ],
    [{ ...base, geometry: { lat: 52.5 } }, "geometry.lng", /is required/],
    [
      { ...base, geometry: { type: "Point", coordinates: [13.4, 95] } },
      "geometry.coordinates[1]",
      /latitude from -90 to 90, got 95/,
    ],
    [
      { ...base, geometry: { type: "Point", coordinates: [190, 52.5] } },
      "geometry.coordinates[0]",
      /longitude from -180 to 180/,
    ],
    [
      {
        ...base,
        geometry: { type: "LineString", coordinates: [[13.4, 52.5]] },
      },
      "geometry.coordinates",
      /at least 2 positions/,
    ],
    [
      {
        ...base,
        geometry: { type: "LineString", coordinates: [[13.4, 52.5], [13.5]] },
      },
      "geometry.coordinates[1][1]",
      /is required/,
    ],
    [
      { ...base, width: 25_001 },
      "width",
      /^Invalid width: must be at most 25000 metres for a LineString, got 25001$/,
    ],
    [
      { ...base, geometry: point, width: 100_001 },
      "width",
      /must be at most 100000 metres for a Point, got 100001/,
    ],
    [{ ...base, width: 0 }, "width", /must be a positive number/],
    [{ ...base, width: -5 }, "width", /must be a positive number/],
    [{ ...base, width: NaN }, "width", /must be a positive number/],
    [{ ...base, width: "3000" }, "width", /must be a positive number/],
    [{ geometry: line }, "startTime", /required/],
    [
      { ...base, startTime: "2024-05-01T10:00:00" },
      "startTime",
      /time zone offset/,
    ],
    [{ ...base, startTime: "tomorrow" }, "startTime", /RFC 3339/],
    [{ ...base, startTime: new Date(NaN) }, "startTime", /valid Date/],
    [
      {
        ...base,
        startTime: "2024-05-01T10:00:00Z",
        endTime: "2024-05-01T11:59:59+02:00",
      },
      "endTime",
      /must not be before startTime/,
    ],
    [
      { ...base, weatherSeverity: 1.5 },
      "weatherSeverity",
      /non-negative integer/,
    ],
    [
      { ...base, weatherSeverity: -1 },
      "weatherSeverity",
      /non-negative integer/,
    ],
    [{ ...base, weatherType: 0 }, "weatherType", /positive integer/],
    [{ ...base, country: "DEU" }, "country", /alpha-2/],
    [{ ...base, country: "us" }, "country", /alpha-2/],
    [{ ...base, id: "" }, "id", /non-empty string or a number/],
    [
      { ...base, severity: 3 },
      "severity",
      /^Invalid severity: is not a parameter of getWeatherAlerts; did you mean "weatherSeverity"\? \(our name for severity\)$/,
    ],
    [
      { ...base, widht: 3000 },
      "widht",
      /is not a parameter of getWeatherAlerts; did you mean "width"\?/,
    ],
    [[line] as never, "params", /must be an object/],
  ];
  for (const [params, parameter, message] of cases) {
    const err = assertValueError(
      () => buildWeatherAlertsRequest(params as unknown as WeatherAlertsParams),
      parameter,
    );
    assert.match(err.message, message);
    await rejectsValueError(
      getWeatherAlerts(client, params as unknown as WeatherAlertsParams),
      parameter,
      message,
    );
  }
  assert.equal(server.requests.length, 0);
});

Deno.test("WeatherAlertsResponse: toGeoJSON keeps feature ids and opaque properties", () => {
  const body = alertsFixture as Record<string, unknown>;
  const res = new WeatherAlertsResponse({ body });
  const geo = res.toGeoJSON();
  assert.equal(geo.type, "FeatureCollection");
  assert.deepEqual(geo.features.map((f) => f.id), [
    "wa-0000000001",
    "wa-0000000002",
  ]);
  assert.deepEqual(geo.features.map((f) => f.geometry.type), [
    "Polygon",
    "MultiPolygon",
  ]);
  assert.deepEqual(geo.features[1].properties, {
    example: "second alert",
    nested: { severity: 3 },
  });
  assert.deepEqual(geo, body);
  assert.deepEqual(res.toJSON(), body);
});

Deno.test("WeatherAlertsResponse: missing ids and properties stay absent / empty", () => {
  const res = new WeatherAlertsResponse({
    body: {
      type: "FeatureCollection",
      features: [{
        type: "Feature",
        geometry: { type: "Polygon", coordinates: [] },
      } as never],
    },
  });
  const [f] = res.toGeoJSON().features;
  assert.equal("id" in f, false);
  assert.deepEqual(f.properties, {});
  assert.deepEqual(new WeatherAlertsResponse({ body: {} }).features, []);
});

Deno.test("getWeatherAlerts: HERE's width error becomes an ApiError", async () => {
  await using server = await startTestServer();
  server.route(
    ROUTE,
    jsonReply(400, {
      title: "Invalid request",
      status: 400,
      code: "E611302",
      cause: "Maximum width is 25000, from request = 50000",
      action: "",
    }),
  );
  await assert.rejects(
    getWeatherAlerts(testClient(server), {
      geometry: line,
      startTime: new Date(0),
    }),
    (e) =>
      e instanceof ApiError && e.code === "E611302" &&
      e.detail === "Maximum width is 25000, from request = 50000",
  );
});

Deno.test("getWeatherAlerts: a point in any form, or a list of points, goes to HERE as GeoJSON [lng, lat]", async () => {
  await using server = await startTestServer();
  server.route(
    "POST /v3/alerts",
    jsonReply(200, { type: "FeatureCollection", features: [] }),
  );
  const point = { type: "Point", coordinates: [13.4, 52.5] };
  const line = {
    type: "LineString",
    coordinates: [[13.4, 52.5], [13.5, 52.55]],
  };
  const cases: [WeatherAlertsParams["geometry"], unknown][] = [
    [[52.5, 13.4], point],
    [
      { lat: 52.5, lng: 13.4, title: "a geocode result" } as {
        lat: number;
        lng: number;
      },
      point,
    ],
    [{
      type: "Feature",
      properties: null,
      geometry: { type: "Point", coordinates: [13.4, 52.5] },
    }, point],
    [[[52.5, 13.4], [52.55, 13.5]], line],
    [
      [{ lat: 52.5, lng: 13.4 }, { type: "Point", coordinates: [13.5, 52.55] }],
      line,
    ],
    [{
      type: "Feature",
      properties: {},
      geometry: {
        type: "LineString",
        coordinates: [[13.4, 52.5], [13.5, 52.55]],
      },
    }, line],
  ];
  for (const [geometry] of cases) {
    await getWeatherAlerts(testClient(server), {
      geometry,
      startTime: "2024-05-01T06:00:00Z",
      width: 1000,
    });
  }
  assert.deepEqual(
    server.requests.map((r) =>
      (r.body as { features: { geometry: unknown }[] }).features[0].geometry
    ),
    cases.map(([, sent]) => sent),
  );
});

Deno.test("getWeatherAlerts: each HERE or Python name in WEATHER_ALERTS_WIRE_NAMES is refused naming ours, before any request", async () => {
  await using server = await startTestServer();
  server.route(
    ROUTE,
    jsonReply(200, { type: "FeatureCollection", features: [] }),
  );
  const valid = { geometry: line, startTime: new Date(0), width: 1000 };
  assert.ok(Object.keys(WEATHER_ALERTS_WIRE_NAMES).length >= 4);
  for (const [wire, ours] of Object.entries(WEATHER_ALERTS_WIRE_NAMES)) {
    const params = { ...valid, [wire]: "x" } as never;
    const message = new RegExp(
      `^Invalid ${wire}: is not a parameter of getWeatherAlerts; did you mean "${ours}"\\? \\(our name for ${wire}\\)$`,
    );
    assert.throws(() => buildWeatherAlertsRequest(params), {
      name: "ValueError",
      message,
    });
    await rejectsValueError(
      getWeatherAlerts(testClient(server), params),
      wire,
      message,
    );
  }
  assert.equal(server.requests.length, 0);
});
