import assert from "node:assert/strict";
import {
  ApiError,
  type Feature,
  type Point,
  type Truck,
  ValueError,
} from "@ls/core";
import { assertValueError, hostRecordingClient } from "@ls/core/testing";
import { jsonReply, onlyRequest, rejectsWith } from "@ls/core/testing";
import { startJsonServer, startTestServer } from "@ls/core/testing";
import { TEST_KEY_QUERY, testClient, type TestServer } from "@ls/core/testing";
import {
  buildCalculateIsolineRequest,
  CALCULATE_ISOLINE_WIRE_NAMES,
  calculateIsoline,
  type IsolineParams,
  IsolineResponse,
} from "./mod.ts";
import example from "./testdata/isolines_wire_example.json" with {
  type: "json",
};
import e605001 from "./testdata/error_e605001.json" with { type: "json" };

const ISOLINES = "GET /v8/isolines";
const isolineServer = (body: unknown = example) =>
  startJsonServer(ISOLINES, body);
const onlyQuery = (server: TestServer) =>
  onlyRequest(server, ISOLINES).rawQuery;

const BASE: IsolineParams = {
  origin: [52.5, 13.4],
  range: "300,600",
  rangeType: "time",
  transportMode: "car",
};

const TRUCK_QUERY = [
  "vehicle%5BshippedHazardousGoods%5D=explosive,harmfulToWater",
  "vehicle%5BgrossWeight%5D=12000",
  "vehicle%5BweightPerAxle%5D=5000",
  "vehicle%5Bheight%5D=380",
  "vehicle%5Bwidth%5D=250",
  "vehicle%5Blength%5D=1200",
  "vehicle%5BtunnelCategory%5D=D",
  "vehicle%5BaxleCount%5D=3",
  "vehicle%5Btype%5D=StraightTruck",
  "vehicle%5BtrailerCount%5D=0",
].join("&");

const TRUCK: Truck = {
  shippedHazardousGoods: ["explosive", "harmfulToWater"],
  grossWeight: 12000,
  weightPerAxle: 5000,
  height: 380,
  width: 250,
  length: 1200,
  tunnelCategory: "D",
  axleCount: 3,
  type: "StraightTruck",
  trailerCount: 0,
};

// ------------------------------------------------------------- the wire

Deno.test("the wire doc's example request, byte for byte", async () => {
  await using server = await isolineServer();
  const res = await calculateIsoline(testClient(server), {
    ...BASE,
    departureTime: "2024-05-01T08:00:00+02:00",
  });
  assert.ok(res instanceof IsolineResponse);
  assert.equal(
    onlyQuery(server),
    "transportMode=car&origin=52.5,13.4&range%5Btype%5D=time&range%5Bvalues%5D=300,600" +
      "&routingMode=fast&optimizeFor=balanced" +
      `&departureTime=2024-05-01T08%3A00%3A00%2B02%3A00&${TEST_KEY_QUERY}`,
  );
});

Deno.test("every parameter with an origin: avoid and truck values actually sent", async () => {
  await using server = await isolineServer();
  await calculateIsoline(testClient(server), {
    origin: [52.5, 13.4],
    originPlaceOptions: { course: 90, nameHint: "Gate A & B" },
    originWaypointOptions: {},
    range: [1000, 2000, 3000],
    rangeType: "distance",
    transportMode: "truck",
    departureTime: "any",
    routingMode: "short",
    shapeMaxPoints: 200,
    optimisedFor: "quality",
    avoidFeatures: ["tollRoad", "ferry"],
    truck: TRUCK,
  });
  assert.equal(
    onlyQuery(server),
    "transportMode=truck&origin=52.5,13.4;course=90;nameHint=Gate%20A%20%26%20B" +
      "&range%5Btype%5D=distance&range%5Bvalues%5D=1000,2000,3000" +
      "&routingMode=short&optimizeFor=quality&departureTime=any" +
      "&shape%5BmaxPoints%5D=200&avoid%5Bfeatures%5D=tollRoad,ferry" +
      `&${TRUCK_QUERY}&${TEST_KEY_QUERY}`,
  );
});

Deno.test("a consumption isoline: range in Wh, the consumption model as ev[...]", async () => {
  await using server = await isolineServer();
  await calculateIsoline(testClient(server), {
    origin: [52.532988, 13.352852],
    range: [20000],
    rangeType: "consumption",
    transportMode: "car",
    ev: {
      freeFlowSpeedTable: [[0, 0.239], [27, 0.239], [45, 0.259], [60, 0.196]],
      trafficSpeedTable: [[0, 0.349], [27, 0.319]],
      ascent: 9,
      descent: 4.3,
      auxiliaryConsumption: 1.8,
    },
  });
  assert.equal(
    onlyQuery(server),
    "transportMode=car&origin=52.532988,13.352852" +
      "&range%5Btype%5D=consumption&range%5Bvalues%5D=20000" +
      "&routingMode=fast&optimizeFor=balanced&consumptionModel=empirical" +
      "&ev%5BfreeFlowSpeedTable%5D=0,0.239,27,0.239,45,0.259,60,0.196" +
      "&ev%5BtrafficSpeedTable%5D=0,0.349,27,0.319" +
      "&ev%5Bascent%5D=9&ev%5Bdescent%5D=4.3&ev%5BauxiliaryConsumption%5D=1.8" +
      `&${TEST_KEY_QUERY}`,
  );
});

Deno.test("a consumption isoline for an electric truck: the physical model, dimensions from truck", async () => {
  await using server = await isolineServer();
  await calculateIsoline(testClient(server), {
    origin: [52.5, 13.4],
    range: [50000, 100000],
    rangeType: "consumption",
    transportMode: "truck",
    truck: { grossWeight: 18000, height: 380, width: 250 },
    ev: {
      consumptionModel: "physical",
      driveEfficiency: 0.9,
      recuperationEfficiency: 0.7,
      currentWeight: 15000,
      rollingResistanceCoefficient: 0.006,
      airDragCoefficient: 0.6,
    },
  });
  assert.equal(
    onlyQuery(server),
    "transportMode=truck&origin=52.5,13.4" +
      "&range%5Btype%5D=consumption&range%5Bvalues%5D=50000,100000" +
      "&routingMode=fast&optimizeFor=balanced" +
      "&vehicle%5BgrossWeight%5D=18000&vehicle%5Bheight%5D=380&vehicle%5Bwidth%5D=250" +
      "&consumptionModel=physical&vehicle%5BcurrentWeight%5D=15000" +
      "&vehicle%5BrollingResistanceCoefficient%5D=0.006" +
      "&vehicle%5BairDragCoefficient%5D=0.6" +
      "&ev%5BdriveEfficiency%5D=0.9&ev%5BrecuperationEfficiency%5D=0.7" +
      `&${TEST_KEY_QUERY}`,
  );
});

Deno.test("a consumption isoline with an auxiliary power curve: sent as HERE's pipe list after the model's keys", async () => {
  await using server = await isolineServer();
  await calculateIsoline(testClient(server), {
    origin: [52.5, 13.4],
    range: [20000],
    rangeType: "consumption",
    transportMode: "car",
    departureTime: "2026-11-29T08:00:00Z",
    ev: {
      consumptionModel: "physical",
      driveEfficiency: 0.9,
      recuperationEfficiency: 0.7,
      currentWeight: 2000,
      frontalArea: 2.2,
      rollingResistanceCoefficient: 0.008,
      airDragCoefficient: 0.3,
      auxiliaryPowerCurve: [[0, 2500], [900, 1200]],
    },
  });
  assert.match(
    onlyQuery(server),
    /&ev%5BrecuperationEfficiency%5D=0\.7&ev%5BauxiliaryPowerCurve%5D=0,2500\|900,1200&apiKey=/,
  );
});

Deno.test("every parameter with a destination: reverse isoline with arrivalTime", async () => {
  await using server = await isolineServer();
  await calculateIsoline(testClient(server), {
    destination: [52.52, 13.405],
    destinationPlaceOptions: {
      sideOfStreetHint: [52.5201, 13.4049],
      matchSideOfStreet: "always",
      radius: 50,
    },
    destinationWaypointOptions: { stopDuration: 120 },
    range: "600",
    rangeType: "time",
    transportMode: "pedestrian",
    arrivalTime: "2024-05-01T09:00:00Z",
    routingMode: "fast",
    shapeMaxPoints: 31,
    optimisedFor: "performance",
    avoidFeatures: ["tunnel"],
    truck: { height: 380 },
  });
  assert.equal(
    onlyQuery(server),
    "transportMode=pedestrian" +
      "&destination=52.52,13.405;sideOfStreetHint=52.5201,13.4049;matchSideOfStreet=always;radius=50!stopDuration=120" +
      "&range%5Btype%5D=time&range%5Bvalues%5D=600" +
      "&routingMode=fast&optimizeFor=performance&arrivalTime=2024-05-01T09%3A00%3A00Z" +
      "&shape%5BmaxPoints%5D=31&avoid%5Bfeatures%5D=tunnel" +
      `&vehicle%5Bheight%5D=380&${TEST_KEY_QUERY}`,
  );
});

Deno.test("times: a Date goes out as RFC 3339 with its offset; local times pass", async () => {
  await using server = await isolineServer();
  const client = testClient(server);
  const when = new Date(Date.UTC(2024, 4, 1, 6, 30));
  await calculateIsoline(client, { ...BASE, departureTime: when });
  await calculateIsoline(client, {
    ...BASE,
    origin: undefined,
    destination: [52.5, 13.4],
    arrivalTime: "2024-05-01T08:30:00",
  });
  const sent = server.requests[0].query.get("departureTime")!;
  assert.match(sent, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(Z|[+-]\d\d:\d\d)$/);
  assert.equal(new Date(sent).getTime(), when.getTime());
  assert.doesNotMatch(
    server.requests[0].rawQuery.split("&departureTime=")[1],
    /[:+]/,
  );
  assert.match(
    server.requests[1].rawQuery,
    /&arrivalTime=2024-05-01T08%3A30%3A00&apiKey=/,
  );
});

Deno.test("range: a spaced string and a number array give the same wire value", async () => {
  await using server = await isolineServer();
  const client = testClient(server);
  await calculateIsoline(client, { ...BASE, range: " 300, 600 ,900" });
  await calculateIsoline(client, { ...BASE, range: [300, 600, 900] });
  for (const req of server.requests) {
    assert.match(req.rawQuery, /&range%5Bvalues%5D=300,600,900&/);
  }
});

Deno.test("values outside HERE's sets are refused before sending, listing the allowed ones", async () => {
  await using server = await isolineServer();
  const client = testClient(server);
  const cases: [Record<string, unknown>, string, RegExp][] = [
    [
      { rangeType: "futureType" },
      "rangeType",
      /^Invalid rangeType: must be one of "distance", "time", "consumption", got "futureType"$/,
    ],
    [
      { transportMode: "hovercraft" },
      "transportMode",
      /must be one of "car", /,
    ],
    [{ routingMode: "eco" }, "routingMode", /must be one of "fast", "short"/],
    [
      { optimisedFor: "beauty" },
      "optimisedFor",
      /must be one of "quality", "performance", "balanced"/,
    ],
    [
      { avoidFeatures: ["futureFeature"] },
      "avoidFeatures[0]",
      /must be one of/,
    ],
  ];
  for (const [params, parameter, message] of cases) {
    const e = await rejectsWith(
      calculateIsoline(client, { ...BASE, ...params } as never),
      ValueError,
    );
    assert.equal(e.parameter, parameter);
    assert.match(e.message, message);
  }
  assert.equal(server.requests.length, 0);
  // A value HERE adds later goes through the query option.
  await calculateIsoline(client, BASE, {
    query: { "avoid[features]": "futureFeature" },
  });
  assert.match(onlyQuery(server), /&avoid%5Bfeatures%5D=futureFeature&/);
});

Deno.test("seasonalClosure and uTurns are isoline avoid features too; uTurns not on foot", async () => {
  await using server = await isolineServer();
  const client = testClient(server);
  await calculateIsoline(client, {
    ...BASE,
    avoidFeatures: ["seasonalClosure", "uTurns", "tollRoad"],
  });
  assert.match(
    onlyQuery(server),
    /&avoid%5Bfeatures%5D=seasonalClosure,uTurns,tollRoad&/,
  );
  for (const transportMode of ["pedestrian", "bicycle", "scooter"] as const) {
    assertValueError(
      () =>
        buildCalculateIsolineRequest({
          ...BASE,
          transportMode,
          avoidFeatures: ["uTurns"],
        }),
      "avoidFeatures",
      `Invalid avoidFeatures: must not list "uTurns" for transportMode "${transportMode}" (HERE answers E605011), got ["uTurns"]`,
    );
  }
});

Deno.test("origin and destination take every point form; avoided areas are sent", async () => {
  await using server = await isolineServer();
  const client = testClient(server);
  const feature: Feature<Point> = {
    type: "Feature",
    properties: { name: "Alexanderplatz" },
    geometry: { type: "Point", coordinates: [13.41, 52.52] },
  };
  // A geocoded position, a GeoJSON Point, a Feature.
  await calculateIsoline(client, {
    ...BASE,
    origin: { lat: 52.5, lng: 13.4 },
    originPlaceOptions: { sideOfStreetHint: { lat: 52.5001, lng: 13.4 } },
    avoidAreas: [
      { west: 13.41, south: 52.51, east: 13.43, north: 52.53 },
      {
        type: "polygon",
        outer: [[52.45, 13.3], feature, { lat: 52.45, lng: 13.33 }],
      },
    ],
  });
  await calculateIsoline(client, {
    ...BASE,
    origin: { type: "Point", coordinates: [13.4, 52.5] },
  });
  const { origin: _, ...rest } = BASE;
  await calculateIsoline(client, { ...rest, destination: feature });
  assert.deepEqual(server.requests.map((r) => r.rawQuery), [
    "transportMode=car&origin=52.5,13.4;sideOfStreetHint=52.5001,13.4" +
    "&range%5Btype%5D=time&range%5Bvalues%5D=300,600&routingMode=fast&optimizeFor=balanced" +
    "&avoid%5Bareas%5D=bbox:13.41,52.51,13.43,52.53%7Cpolygon:52.45,13.3;52.52,13.41;52.45,13.33" +
    `&${TEST_KEY_QUERY}`,
    "transportMode=car&origin=52.5,13.4&range%5Btype%5D=time&range%5Bvalues%5D=300,600" +
    `&routingMode=fast&optimizeFor=balanced&${TEST_KEY_QUERY}`,
    "transportMode=car&destination=52.52,13.41&range%5Btype%5D=time&range%5Bvalues%5D=300,600" +
    `&routingMode=fast&optimizeFor=balanced&${TEST_KEY_QUERY}`,
  ]);
});

Deno.test("bad points and areas are ValueErrors naming the parameter, before any request", async () => {
  await using server = await isolineServer();
  const client = testClient(server);
  const cases: [Record<string, unknown>, string][] = [
    [{ origin: [NaN, 13.4] }, "origin[0]"],
    [{ origin: [52.5, 13.4, 0] }, "origin"],
    [{ origin: [139.7, 35.6] }, "origin"],
    [
      { origin: { type: "LineString", coordinates: [[1, 2], [3, 4]] } },
      "origin",
    ],
    [{ origin: { type: "Feature", properties: {} } }, "origin.geometry"],
    [{ origin: { lat: 52.5 } }, "origin.lng"],
    [
      { avoidAreas: [{ type: "polygon", outer: [[1, 2], [3, 4]] }] },
      "avoidAreas[0].outer",
    ],
    [{ avoidAreas: [[13.4, 52.6, 13.5, 52.5]] }, "avoidAreas[0]"],
    [{ avoidAreas: "bbox:1,2,3,4" }, "avoidAreas"],
  ];
  for (const [params, parameter] of cases) {
    const e = await rejectsWith(
      calculateIsoline(client, { ...BASE, ...params } as never),
      ValueError,
    );
    assert.equal(e.parameter, parameter, JSON.stringify(params));
  }
  assert.equal(server.requests.length, 0);
});

Deno.test("each HERE wire name in CALCULATE_ISOLINE_WIRE_NAMES leads to our name", () => {
  assert.ok(Object.keys(CALCULATE_ISOLINE_WIRE_NAMES).length > 20);
  for (const [wire, ours] of Object.entries(CALCULATE_ISOLINE_WIRE_NAMES)) {
    assert.throws(
      () =>
        buildCalculateIsolineRequest({ ...BASE, [wire]: "anything" } as never),
      (e: unknown) => {
        assert.ok(e instanceof ValueError, wire);
        assert.equal(e.parameter, wire);
        assert.ok(
          e.message.startsWith(
            `Invalid ${wire}: is not a parameter of calculateIsoline; `,
          ),
          e.message,
        );
        // checkKeys words it `did you mean "<ours>"? (our name for <wire>)` (or, in a later
        // wording, `did you mean "<ours>"`): our name, quoted.
        assert.ok(e.message.includes(JSON.stringify(ours)), e.message);
        return true;
      },
    );
  }
  assert.equal(CALCULATE_ISOLINE_WIRE_NAMES["range[values]"], "range");
  assert.equal(CALCULATE_ISOLINE_WIRE_NAMES["vehicle[height]"], "truck.height");
  assert.equal(CALCULATE_ISOLINE_WIRE_NAMES["ev[ascent]"], "ev.ascent");
});

Deno.test('country "china" sends isolines to isoline.router.hereapi.cn', async () => {
  await using server = await isolineServer();
  const seen: string[] = [];
  const client = hostRecordingClient(server, seen, { country: "china" });
  await calculateIsoline(client, BASE);
  assert.deepEqual(seen.map((u) => u.split("?")[0]), [
    "https://isoline.router.hereapi.cn/v8/isolines",
  ]);
  assert.equal(onlyQuery(server).split("&")[0], "transportMode=car");
});

// --------------------------------------------------------------- notices

Deno.test("an info notice does not throw; it is exposed", async () => {
  await using server = await isolineServer(example);
  const res = await calculateIsoline(testClient(server), BASE);
  assert.deepEqual(res.notices, [{
    title: "Example informational notice",
    code: "unknownParameter",
    severity: "info",
  }]);
  assert.equal(res.isolines.length, 2);
});

Deno.test("a critical notice, or an unknown severity, fails with the notices", async () => {
  for (const severity of ["critical", "warning", undefined]) {
    const body = {
      isolines: [],
      notices: [
        { title: "Harmless", code: "unknownParameter", severity: "info" },
        {
          title: "Could not match origin",
          code: "couldNotMatchOrigin",
          severity,
        },
      ],
    };
    await using server = await isolineServer(body);
    const caught = await rejectsWith(
      calculateIsoline(testClient(server), BASE),
      ApiError,
    );
    assert.equal(caught.status, 200);
    assert.equal(caught.code, "couldNotMatchOrigin");
    assert.match(caught.title!, /critical notice/);
    assert.match(
      caught.detail!,
      /couldNotMatchOrigin .*Could not match origin/,
    );
    assert.doesNotMatch(caught.detail!, /unknownParameter/);
    assert.deepEqual(caught.body, JSON.parse(JSON.stringify(body)));
    assert.match(caught.url, /\/v8\/isolines\?transportMode=car&/);
    assert.ok(!caught.url.includes("apiKey"), "the key is left out");
  }
});

Deno.test("isoline error bodies (E605…) become ApiError", async () => {
  await using server = await startTestServer();
  server.route(ISOLINES, jsonReply(400, e605001));
  const caught = await rejectsWith(
    calculateIsoline(testClient(server), BASE),
    ApiError,
  );
  assert.equal(caught.status, 400);
  assert.equal(caught.code, "E605001");
  assert.equal(caught.title, "Malformed request");
  assert.equal(caught.detail, "Invalid value for parameter 'range[type]'");
  assert.equal(caught.correlationId, "corr-iso");
  assert.equal(server.requests.length, 1, "400 is not retried");
});

// ------------------------------------------------------------ validation

const INVALID: [string, Record<string, unknown>, string, RegExp?][] = [
  [
    "origin and destination together",
    { destination: [52.6, 13.5] },
    "destination",
    /exactly one/,
  ],
  [
    "neither origin nor destination",
    { origin: undefined },
    "origin",
    /exactly one/,
  ],
  [
    "departureTime with a destination",
    { origin: undefined, destination: [52.6, 13.5], departureTime: "any" },
    "departureTime",
    /requires origin/,
  ],
  [
    "arrivalTime with an origin",
    { arrivalTime: "2024-05-01T09:00:00Z" },
    "arrivalTime",
    /requires destination/,
  ],
  [
    "origin place options without an origin",
    {
      origin: undefined,
      destination: [52.6, 13.5],
      originPlaceOptions: { course: 90 },
    },
    "originPlaceOptions",
  ],
  [
    "destination waypoint options without a destination",
    { destinationWaypointOptions: { stopDuration: 5 } },
    "destinationWaypointOptions",
  ],
  ['arrivalTime "any"', {
    origin: undefined,
    destination: [52.6, 13.5],
    arrivalTime: "any",
  }, "arrivalTime"],
  ["empty range string", { range: "" }, "range"],
  ["non-numeric range", { range: "300,abc" }, "range"],
  ["range with semicolons", { range: "300;600" }, "range"],
  ["zero range value", { range: "0,300" }, "range[0]", /positive integer/],
  ["empty range array", { range: [] }, "range", /at least one/],
  ["fractional range value", { range: [300, 1.5] }, "range[1]"],
  ["negative range value", { range: [-5] }, "range[0]"],
  ["range of another type", { range: 300 }, "range"],
  ["missing rangeType", { rangeType: undefined }, "rangeType"],
  ["missing transportMode", { transportMode: undefined }, "transportMode"],
  [
    'routingMode "short" for pedestrians (E605012)',
    { transportMode: "pedestrian", routingMode: "short" },
    "routingMode",
    /must be "fast" for transportMode "pedestrian"/,
  ],
  [
    'routingMode "short" for bicycles (E605012)',
    { transportMode: "bicycle", routingMode: "short" },
    "routingMode",
  ],
  ["shapeMaxPoints 0", { shapeMaxPoints: 0 }, "shapeMaxPoints"],
  ["fractional shapeMaxPoints", { shapeMaxPoints: 31.5 }, "shapeMaxPoints"],
  ["origin out of range", { origin: [91, 13.4] }, "origin"],
  [
    "stopDuration on the origin",
    { originWaypointOptions: { stopDuration: 10 } },
    "originWaypointOptions.stopDuration",
  ],
  [
    "passThrough on the destination",
    {
      origin: undefined,
      destination: [52.6, 13.5],
      destinationWaypointOptions: { passThrough: true },
    },
    "destinationWaypointOptions.passThrough",
  ],
  ["fractional truck height", { truck: { height: 3.8 } }, "truck.height"],
  ["unknown truck field", { truck: { heigth: 380 } }, "truck.heigth"],
  ["avoidFeatures not a list", { avoidFeatures: "ferry" }, "avoidFeatures"],
  ["malformed departureTime", { departureTime: "8am" }, "departureTime"],
  [
    "HERE's spelling instead of the parameter name",
    { optimizeFor: "quality" },
    "optimizeFor",
    /not a parameter of calculateIsoline/,
  ],
  [
    "a consumption range without the consumption model",
    { rangeType: "consumption", range: [20000] },
    "ev",
    /is required for rangeType "consumption": HERE needs the consumption model/,
  ],
  [
    "ev for pedestrians (E605027)",
    {
      transportMode: "pedestrian",
      rangeType: "consumption",
      ev: { freeFlowSpeedTable: [[0, 0.2]] },
    },
    "ev",
    /is not supported for transportMode "pedestrian" \(HERE answers E605027\)/,
  ],
  [
    "a battery option on an isoline",
    {
      rangeType: "consumption",
      ev: { freeFlowSpeedTable: [[0, 0.2]], initialCharge: 20, maxCharge: 80 },
    },
    "ev.initialCharge",
    /it belongs to routes, not isolines/,
  ],
  [
    "makeReachable on an isoline",
    { ev: { freeFlowSpeedTable: [[0, 0.2]], makeReachable: true } },
    "ev.makeReachable",
  ],
  [
    "speeds out of order",
    { ev: { freeFlowSpeedTable: [[50, 0.2], [20, 0.2]] } },
    "ev.freeFlowSpeedTable[1][0]",
    /strictly up/,
  ],
  [
    "the physical model without its vehicle attributes",
    {
      ev: {
        consumptionModel: "physical",
        driveEfficiency: 0.9,
        recuperationEfficiency: 0.8,
      },
    },
    "ev.currentWeight",
    /is required by the physical consumption model/,
  ],
];

Deno.test("each invalid parameter is a ValueError before any request", async () => {
  await using server = await isolineServer();
  const client = testClient(server);
  for (const [label, params, parameter, message] of INVALID) {
    let caught: unknown;
    try {
      await calculateIsoline(client, { ...BASE, ...params } as IsolineParams);
    } catch (e) {
      caught = e;
    }
    assert.ok(
      caught instanceof ValueError,
      `${label}: expected a ValueError, got ${caught}`,
    );
    assert.equal(caught.parameter, parameter, `${label}: ${caught.message}`);
    if (message) assert.match(caught.message, message, label);
  }
  await assert.rejects(
    calculateIsoline(client, undefined as never),
    (e) => e instanceof ValueError && e.parameter === "params",
  );
  assert.equal(server.requests.length, 0);
});

// --------------------------------------------------------------- builder

Deno.test("buildCalculateIsolineRequest: GET /v8/isolines on the isoline host, nothing sent", () => {
  const spec = buildCalculateIsolineRequest(BASE);
  assert.deepEqual({ ...spec, query: `${spec.query}` }, {
    service: "isoline",
    method: "GET",
    path: "/v8/isolines",
    query: "transportMode=car&origin=52.5,13.4&range%5Btype%5D=time" +
      "&range%5Bvalues%5D=300,600&routingMode=fast&optimizeFor=balanced",
  });
});

Deno.test("buildCalculateIsolineRequest: pure; frozen params work and stay untouched", () => {
  const params = Object.freeze({
    ...BASE,
    range: Object.freeze([300, 600]),
    truck: Object.freeze({ ...TRUCK }),
  });
  const copy = structuredClone(params);
  const first = buildCalculateIsolineRequest(params);
  const second = buildCalculateIsolineRequest(params);
  assert.deepEqual(params, copy);
  assert.equal(first.query?.toString(), second.query?.toString());
  assert.match(first.query!.toString(), new RegExp(`&${TRUCK_QUERY}$`));
});

Deno.test("buildCalculateIsolineRequest: an unknown key names its near match", () => {
  assertValueError(
    () => buildCalculateIsolineRequest({ ...BASE, rangetype: "time" } as never),
    "rangetype",
    'Invalid rangetype: is not a parameter of calculateIsoline; did you mean "rangeType"?',
  );
  assertValueError(
    () => buildCalculateIsolineRequest({ ...BASE, via: [] } as never),
    "via",
    "Invalid via: is not a parameter of calculateIsoline",
  );
});

Deno.test("the defaults give way to the same keys in options.query; a given value does not", async () => {
  await using server = await isolineServer();
  await calculateIsoline(testClient(server), BASE, {
    query: { routingMode: "eco", optimizeFor: "speed" },
  });
  assert.equal(
    onlyQuery(server),
    "transportMode=car&origin=52.5,13.4&range%5Btype%5D=time&range%5Bvalues%5D=300,600" +
      `&routingMode=eco&optimizeFor=speed&${TEST_KEY_QUERY}`,
  );
  await assert.rejects(
    () =>
      calculateIsoline(
        testClient(server),
        { ...BASE, optimisedFor: "quality" },
        {
          query: { optimizeFor: "speed" },
        },
      ),
    {
      name: "ValueError",
      message: /^Invalid query\.optimizeFor: is already set/,
    },
  );
  assert.equal(server.requests.length, 1);
});
