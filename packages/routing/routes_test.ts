import assert from "node:assert/strict";
import { ApiError, type Client } from "@ls/core";
import { hostRecordingClient, jsonReply, onlyRequest } from "@ls/core/testing";
import { rejectsValueError, startJsonServer } from "@ls/core/testing";
import { startTestServer, TEST_API_KEY } from "@ls/core/testing";
import { TEST_KEY_QUERY, testClient, type TestServer } from "@ls/core/testing";
import {
  bicycleRoute,
  busRoute,
  carRoute,
  type EmpiricalEvOptions,
  pedestrianRoute,
  privateBusRoute,
  type RoutingParams,
  RoutingResponse,
  scooterRoute,
  taxiRoute,
  truckRoute,
} from "./mod.ts";
import elevation from "./testdata/route_elevation.json" with { type: "json" };
import e605001 from "./testdata/error_e605001.json" with { type: "json" };

const ROUTES = "GET /v8/routes";

/** The route functions with their `transportMode` value. */
const MODES: readonly {
  name: string;
  mode: string;
  fn: (client: Client, params: RoutingParams) => Promise<RoutingResponse>;
}[] = [
  { name: "carRoute", mode: "car", fn: carRoute },
  { name: "bicycleRoute", mode: "bicycle", fn: bicycleRoute },
  { name: "truckRoute", mode: "truck", fn: truckRoute },
  { name: "scooterRoute", mode: "scooter", fn: scooterRoute },
  { name: "pedestrianRoute", mode: "pedestrian", fn: pedestrianRoute },
  { name: "taxiRoute", mode: "taxi", fn: taxiRoute },
  { name: "busRoute", mode: "bus", fn: busRoute },
  { name: "privateBusRoute", mode: "privateBus", fn: privateBusRoute },
];

/** A server answering `GET /v8/routes` with HERE's documented example. */
const routesServer = () => startJsonServer(ROUTES, elevation);

/** The raw query of the only request the server saw. */
const onlyQuery = (server: TestServer) => onlyRequest(server, ROUTES).rawQuery;

const MINIMAL: RoutingParams = {
  origin: [52.5, 13.4],
  destination: [52.503, 13.405],
};

const DEFAULTS = "routingMode=fast&alternatives=0&units=metric&lang=en-US";

/** Every common parameter, each with a non-default value. */
const FULL: RoutingParams = {
  origin: [52.5, 13.4],
  destination: [52.503, 13.405],
  via: [
    { lat: 52.501, lng: 13.402, waypointOptions: { passThrough: true } },
    {
      lat: 52.52,
      lng: 13.43,
      placeOptions: {
        sideOfStreetHint: [52.512149, 13.304076],
        matchSideOfStreet: "always",
        nameHint: "Main St; Gate #2 & more",
      },
      waypointOptions: { stopDuration: 300 },
    },
    { lat: 52.52426, lng: 13.43, waypointOptions: { passThrough: false } },
  ],
  originPlaceOptions: { course: 270, radius: 10, minCourseDistance: 10 },
  originWaypointOptions: {},
  destinationPlaceOptions: { nameHint: "Demo Avenue" },
  destinationWaypointOptions: { stopDuration: 10 },
  departureTime: "2024-05-01T08:00:00+02:00",
  routingMode: "short",
  alternatives: 3,
  units: "imperial",
  lang: ["de-DE", "en-US"],
  returnResults: [
    "polyline",
    "summary",
    "actions",
    "instructions",
    "elevation",
    "passthrough",
    "turnByTurnActions",
  ],
  spans: ["names", "length", "carAttributes"],
  avoidFeatures: ["tollRoad", "ferry"],
  avoidAreas: [
    { west: 13.41, south: 52.51, east: 13.43, north: 52.53 },
    { west: 13.44, south: 52.54, east: 13.46, north: 52.56 },
  ],
  exclude: ["CHE", "AUT"],
};

const FULL_QUERY = [
  "origin=52.5,13.4;course=270;radius=10;minCourseDistance=10",
  "destination=52.503,13.405;nameHint=Demo%20Avenue!stopDuration=10",
  "via=52.501,13.402!passThrough=true",
  "via=52.52,13.43;sideOfStreetHint=52.512149,13.304076;matchSideOfStreet=always;nameHint=Main%20St%3B%20Gate%20%232%20%26%20more!stopDuration=300",
  "via=52.52426,13.43!passThrough=false",
  "departureTime=2024-05-01T08%3A00%3A00%2B02%3A00",
  "routingMode=short",
  "alternatives=3",
  "units=imperial",
  "lang=de-DE,en-US",
  "return=polyline,summary,actions,instructions,elevation,passthrough,turnByTurnActions",
  "spans=names,length,carAttributes",
  "avoid%5Bfeatures%5D=tollRoad,ferry",
  "avoid%5Bareas%5D=bbox:13.41,52.51,13.43,52.53%7Cbbox:13.44,52.54,13.46,52.56",
  "exclude%5Bcountries%5D=CHE,AUT",
].join("&");

const FULL_FAST: RoutingParams = { ...FULL, routingMode: "fast" };
const FULL_FAST_QUERY = FULL_QUERY.replace(
  "routingMode=short",
  "routingMode=fast",
);

// ------------------------------------------------------------- the wire

for (const { name, mode, fn } of MODES) {
  Deno.test(`${name}: minimal request sends the defaults explicitly`, async () => {
    await using server = await routesServer();
    const res = await fn(testClient(server), MINIMAL);
    assert.ok(res instanceof RoutingResponse);
    assert.equal(
      onlyQuery(server),
      `transportMode=${mode}&origin=52.5,13.4&destination=52.503,13.405&${DEFAULTS}&${TEST_KEY_QUERY}`,
    );
  });

  Deno.test(`${name}: every common parameter, in order, encoded`, async () => {
    await using server = await routesServer();
    // HERE routes the short way for cars and trucks only.
    const short = mode === "car" || mode === "truck";
    await fn(testClient(server), short ? FULL : FULL_FAST);
    assert.equal(
      onlyQuery(server),
      `transportMode=${mode}&${
        short ? FULL_QUERY : FULL_FAST_QUERY
      }&${TEST_KEY_QUERY}`,
    );
    // The content decodes back to what was given.
    const q = server.requests[0].query;
    assert.deepEqual(q.getAll("via").length, 3);
    assert.match(q.getAll("via")[1], /;nameHint=Main St; Gate #2 & more!/);
  });
}

Deno.test("the wire doc's example request, byte for byte (our key order)", async () => {
  await using server = await routesServer();
  await carRoute(testClient(server), {
    origin: [52.5, 13.4],
    destination: [52.503, 13.405],
    via: [{ lat: 52.501, lng: 13.402, waypointOptions: { passThrough: true } }],
    departureTime: "2024-05-01T08:00:00+02:00",
    returnResults: [
      "polyline",
      "summary",
      "actions",
      "instructions",
      "elevation",
      "passthrough",
    ],
    spans: ["names", "length"],
    avoidFeatures: ["tollRoad", "ferry"],
    lang: "en-US",
  });
  assert.equal(
    onlyQuery(server),
    "transportMode=car&origin=52.5,13.4&destination=52.503,13.405" +
      "&via=52.501,13.402!passThrough=true" +
      "&departureTime=2024-05-01T08%3A00%3A00%2B02%3A00" +
      `&${DEFAULTS}` +
      "&return=polyline,summary,actions,instructions,elevation,passthrough" +
      "&spans=names,length&avoid%5Bfeatures%5D=tollRoad,ferry" +
      `&${TEST_KEY_QUERY}`,
  );
});

Deno.test("departureTime: a Date goes out as RFC 3339 with its offset", async () => {
  await using server = await routesServer();
  const when = new Date(Date.UTC(2024, 4, 1, 6, 30, 15));
  await carRoute(testClient(server), { ...MINIMAL, departureTime: when });
  const raw = onlyQuery(server);
  const sent = server.requests[0].query.get("departureTime")!;
  assert.match(
    sent,
    /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(Z|[+-]\d\d:\d\d)$/,
  );
  assert.equal(new Date(sent).getTime(), when.getTime());
  // ":" and "+" are content: never raw on the wire.
  const value = raw.split("&").find((p) => p.startsWith("departureTime="))!;
  assert.doesNotMatch(value, /[:+]/);
});

Deno.test('departureTime: "any" and a local time without offset pass', async () => {
  await using server = await routesServer();
  const client = testClient(server);
  await carRoute(client, { ...MINIMAL, departureTime: "any" });
  await carRoute(client, { ...MINIMAL, departureTime: "2024-05-01T08:30:00" });
  assert.deepEqual(
    server.requests.map((r) => r.query.get("departureTime")),
    ["any", "2024-05-01T08:30:00"],
  );
  assert.match(
    server.requests[1].rawQuery,
    /departureTime=2024-05-01T08%3A30%3A00&/,
  );
});

Deno.test("values outside HERE's sets are refused before sending, listing the allowed ones", async () => {
  await using server = await routesServer();
  const client = testClient(server);
  await rejectsValueError(
    carRoute(client, { ...MINIMAL, routingMode: "eco" as never }),
    "routingMode",
    /^Invalid routingMode: must be one of "fast", "short", got "eco"$/,
  );
  await rejectsValueError(
    carRoute(client, { ...MINIMAL, units: "nautical" as never }),
    "units",
    /^Invalid units: must be one of "metric", "imperial", got "nautical"$/,
  );
  await rejectsValueError(
    carRoute(client, {
      ...MINIMAL,
      returnResults: ["polyline", "futureReturn" as never],
    }),
    "returnResults[1]",
    /^Invalid returnResults\[1\]: must be one of "polyline", "actions", .*"noThroughRestrictions", got "futureReturn"$/,
  );
  await rejectsValueError(
    carRoute(client, {
      ...MINIMAL,
      returnResults: ["polyline"],
      spans: ["futureSpan" as never],
    }),
    "spans[0]",
  );
  await rejectsValueError(
    carRoute(client, { ...MINIMAL, avoidFeatures: ["futureFeature" as never] }),
    "avoidFeatures[0]",
  );
  assert.equal(server.requests.length, 0);
  // A value HERE adds later goes through the query option.
  await carRoute(client, MINIMAL, {
    query: { return: ["polyline", "futureReturn"] },
  });
  assert.equal(
    onlyQuery(server),
    "transportMode=car&origin=52.5,13.4&destination=52.503,13.405" +
      "&routingMode=fast&alternatives=0&units=metric&lang=en-US" +
      `&return=polyline,futureReturn&${TEST_KEY_QUERY}`,
  );
});

Deno.test("empty lists are left out; alternatives 6 and passThrough with stopDuration 0 pass", async () => {
  await using server = await routesServer();
  await carRoute(testClient(server), {
    ...MINIMAL,
    via: [{
      lat: 52.501,
      lng: 13.402,
      waypointOptions: { passThrough: true, stopDuration: 0 },
    }],
    alternatives: 6,
    returnResults: [],
    spans: [],
    avoidFeatures: [],
    avoidAreas: [],
    exclude: [],
  });
  assert.equal(
    onlyQuery(server),
    "transportMode=car&origin=52.5,13.4&destination=52.503,13.405" +
      "&via=52.501,13.402!stopDuration=0!passThrough=true" +
      `&routingMode=fast&alternatives=6&units=metric&lang=en-US&${TEST_KEY_QUERY}`,
  );
});

const TRUCK_QUERY = [
  "vehicle%5BshippedHazardousGoods%5D=explosive,gas",
  "vehicle%5BgrossWeight%5D=12000",
  "vehicle%5BweightPerAxle%5D=5000",
  "vehicle%5Bheight%5D=380",
  "vehicle%5Bwidth%5D=250",
  "vehicle%5Blength%5D=1200",
  "vehicle%5BtunnelCategory%5D=C",
  "vehicle%5BaxleCount%5D=4",
  "vehicle%5Btype%5D=Tractor",
  "vehicle%5BtrailerCount%5D=1",
].join("&");

Deno.test("truckRoute: every truck field as vehicle[...], after the common ones", async () => {
  await using server = await routesServer();
  await truckRoute(testClient(server), {
    ...FULL,
    truck: {
      shippedHazardousGoods: ["explosive", "gas"],
      grossWeight: 12000,
      weightPerAxle: 5000,
      height: 380,
      width: 250,
      length: 1200,
      tunnelCategory: "C",
      axleCount: 4,
      type: "Tractor",
      trailerCount: 1,
    },
  });
  assert.equal(
    onlyQuery(server),
    `transportMode=truck&${FULL_QUERY}&${TRUCK_QUERY}&${TEST_KEY_QUERY}`,
  );
});

Deno.test("truckRoute: only the truck fields given are sent (no type/trailerCount defaults)", async () => {
  await using server = await routesServer();
  const client = testClient(server);
  await truckRoute(client, { ...MINIMAL, truck: { height: 380 } });
  await truckRoute(client, { ...MINIMAL, truck: {} });
  assert.deepEqual(server.requests.map((r) => r.rawQuery), [
    `transportMode=truck&origin=52.5,13.4&destination=52.503,13.405&${DEFAULTS}&vehicle%5Bheight%5D=380&${TEST_KEY_QUERY}`,
    `transportMode=truck&origin=52.5,13.4&destination=52.503,13.405&${DEFAULTS}&${TEST_KEY_QUERY}`,
  ]);
});

Deno.test("scooterRoute: scooter[allowHighway] true and false, after the common ones", async () => {
  await using server = await routesServer();
  const client = testClient(server);
  await scooterRoute(client, { ...FULL_FAST, scooter: { allowHighway: true } });
  await scooterRoute(client, { ...MINIMAL, scooter: { allowHighway: false } });
  await scooterRoute(client, { ...MINIMAL, scooter: {} });
  assert.deepEqual(server.requests.map((r) => r.rawQuery), [
    `transportMode=scooter&${FULL_FAST_QUERY}&scooter%5BallowHighway%5D=true&${TEST_KEY_QUERY}`,
    `transportMode=scooter&origin=52.5,13.4&destination=52.503,13.405&${DEFAULTS}&scooter%5BallowHighway%5D=false&${TEST_KEY_QUERY}`,
    `transportMode=scooter&origin=52.5,13.4&destination=52.503,13.405&${DEFAULTS}&${TEST_KEY_QUERY}`,
  ]);
});

Deno.test('country "china" sends routes to router.hereapi.cn', async () => {
  await using server = await routesServer();
  const seen: string[] = [];
  await carRoute(
    hostRecordingClient(server, seen, { country: "china" }),
    MINIMAL,
  );
  assert.deepEqual(seen.map((u) => u.split("?")[0]), [
    "https://router.hereapi.cn/v8/routes",
  ]);
  assert.equal(
    onlyQuery(server),
    `transportMode=car&origin=52.5,13.4&destination=52.503,13.405&${DEFAULTS}&${TEST_KEY_QUERY}`,
  );
});

Deno.test("busRoute and privateBusRoute: the bus's fields as vehicle[...], then the vehicle's and driver[schedule]", async () => {
  await using server = await routesServer();
  const client = testClient(server);
  const { type: _, ...bus } = {
    shippedHazardousGoods: ["explosive", "gas"] as const,
    grossWeight: 12000,
    weightPerAxle: 5000,
    height: 380,
    width: 250,
    length: 1200,
    tunnelCategory: "C" as const,
    axleCount: 4,
    type: "Tractor",
    trailerCount: 1,
  };
  const params = {
    ...FULL_FAST,
    bus,
    vehicle: { speedCap: 25 },
    driver: { schedule: [[16200, 2700]] as const },
  };
  await busRoute(client, params);
  await privateBusRoute(client, params);
  await privateBusRoute(client, { ...MINIMAL, bus: {} });
  const tail = TRUCK_QUERY.replace("&vehicle%5Btype%5D=Tractor", "") +
    "&vehicle%5BspeedCap%5D=25&driver%5Bschedule%5D=16200,2700";
  assert.deepEqual(server.requests.map((r) => r.rawQuery), [
    `transportMode=bus&${FULL_FAST_QUERY}&${tail}&${TEST_KEY_QUERY}`,
    `transportMode=privateBus&${FULL_FAST_QUERY}&${tail}&${TEST_KEY_QUERY}`,
    `transportMode=privateBus&origin=52.5,13.4&destination=52.503,13.405&${DEFAULTS}&${TEST_KEY_QUERY}`,
  ]);
});

Deno.test("busRoute, privateBusRoute and taxiRoute: bus, driver and per-class speed caps only where HERE has them, before any request", async () => {
  await using server = await routesServer();
  const client = testClient(server);
  await rejectsValueError(
    truckRoute(client, { ...MINIMAL, bus: {} } as RoutingParams),
    "bus",
    /belongs to busRoute and privateBusRoute$/,
  );
  await rejectsValueError(
    taxiRoute(client, {
      ...MINIMAL,
      driver: { schedule: [[300, 60]] },
    } as RoutingParams),
    "driver",
    /belongs to truckRoute and the bus routes$/,
  );
  await rejectsValueError(
    busRoute(client, { ...MINIMAL, truck: { height: 380 } } as RoutingParams),
    "truck",
    /belongs to truckRoute$/,
  );
  for (const fn of [busRoute, privateBusRoute]) {
    await rejectsValueError(
      fn(client, { ...MINIMAL, bus: { type: "Tractor" } as never }),
      "bus.type",
      /is for truckRoute only: HERE takes vehicle\[type\] with transportMode "truck" alone, got "Tractor"$/,
    );
    // A type on the bus's prototype is read as its own: refused as well.
    await rejectsValueError(
      fn(client, { ...MINIMAL, bus: Object.create({ type: "Tractor" }) }),
      "bus.type",
      /is for truckRoute only/,
    );
    await rejectsValueError(
      fn(client, { ...MINIMAL, bus: { height: 3.5 } }),
      "bus.height",
      /non-negative integer/,
    );
    await rejectsValueError(
      fn(client, {
        ...MINIMAL,
        bus: { weightPerAxle: 5000 },
        vehicle: { weightPerAxleGroup: { single: 11500 } },
      }),
      "vehicle.weightPerAxleGroup",
      /cannot be combined with bus.weightPerAxle/,
    );
    await rejectsValueError(
      fn(client, { ...MINIMAL, vehicle: { trailerAxleCount: 1 } }),
      "vehicle.trailerAxleCount",
      /needs bus.trailerCount above 0/,
    );
    await rejectsValueError(
      fn(client, {
        ...MINIMAL,
        bus: { trailerCount: 1, axleCount: 4 },
        vehicle: { trailerAxleCount: 4 },
      }),
      "vehicle.trailerAxleCount",
      /must be below bus.axleCount \(4\)/,
    );
    await rejectsValueError(
      fn(client, {
        ...MINIMAL,
        arrivalTime: "2026-12-01T10:00:00Z",
        driver: { schedule: [[16200, 2700]] },
      }),
      "driver",
      /not with arrivalTime/,
    );
  }
  for (const fn of [taxiRoute, busRoute, privateBusRoute]) {
    await rejectsValueError(
      fn(client, { ...MINIMAL, vehicle: { speedCapPerFc: [30] } }),
      "vehicle.speedCapPerFc",
      /is for transportMode "car" and "truck" only, not "(taxi|bus|privateBus)", got \[30\]$/,
    );
  }
  assert.equal(server.requests.length, 0);
  // Cars and trucks keep their per-class caps.
  await carRoute(client, { ...MINIMAL, vehicle: { speedCapPerFc: [30] } });
  await truckRoute(client, { ...MINIMAL, vehicle: { speedCapPerFc: [30] } });
  assert.deepEqual(
    server.requests.map((r) =>
      r.rawQuery.includes("vehicle%5BspeedCapPerFc%5D=30")
    ),
    [true, true],
  );
});

Deno.test("truckRoute: permittedNetworks send transportMode=networkRestrictedTruck and the networks after the truck's fields", async () => {
  await using server = await routesServer();
  const client = testClient(server);
  await truckRoute(client, {
    ...FULL_FAST,
    truck: { grossWeight: 50000 },
    permittedNetworks: [
      { country: "NZL", networks: ["HPMV"] },
      {
        country: "AUS",
        states: ["NSW", "VIC"],
        networks: ["BDouble", "PBS_2"],
      },
    ],
    driver: { schedule: [[16200, 2700]] },
  });
  await truckRoute(client, {
    ...MINIMAL,
    permittedNetworks: [{ country: "NZL", states: [], networks: ["HPMV"] }],
  });
  assert.deepEqual(server.requests.map((r) => r.rawQuery), [
    `transportMode=networkRestrictedTruck&${FULL_FAST_QUERY}&vehicle%5BgrossWeight%5D=50000` +
    "&networkRestrictedTruck%5BpermittedNetworks%5D=NZL::HPMV%7CAUS:NSW,VIC:BDouble,PBS_2" +
    `&driver%5Bschedule%5D=16200,2700&${TEST_KEY_QUERY}`,
    `transportMode=networkRestrictedTruck&origin=52.5,13.4&destination=52.503,13.405&${DEFAULTS}` +
    `&networkRestrictedTruck%5BpermittedNetworks%5D=NZL::HPMV&${TEST_KEY_QUERY}`,
  ]);
  const invalid: [unknown, string, RegExp][] = [
    [[], "permittedNetworks", /must list at least one country's networks/],
    ["NZL::HPMV", "permittedNetworks", /must be an array/],
    [
      [{ country: "nzl", networks: ["HPMV"] }],
      "permittedNetworks[0].country",
      /must be an upper-case ISO 3166-1 alpha-3 code/,
    ],
    [
      [{ country: "NZL", networks: [] }],
      "permittedNetworks[0].networks",
      /must list at least one network/,
    ],
    [
      [{ country: "NZL", networks: ["HP|MV"] }],
      "permittedNetworks[0].networks[0]",
      /must be a name of letters, digits, - or _/,
    ],
    [
      [{ country: "AUS", states: ["N:W"], networks: ["B"] }],
      "permittedNetworks[0].states[0]",
      /must be a name of letters, digits, - or _/,
    ],
    [
      [{ country: "NZL", networks: ["HPMV"], state: "x" }],
      "permittedNetworks[0].state",
      /./,
    ],
  ];
  for (const [permittedNetworks, parameter, message] of invalid) {
    await rejectsValueError(
      truckRoute(client, { ...MINIMAL, permittedNetworks } as never),
      parameter,
      message,
    );
  }
  const nz = [{ country: "NZL", networks: ["HPMV"] }];
  await rejectsValueError(
    truckRoute(client, {
      ...MINIMAL,
      routingMode: "short",
      permittedNetworks: nz,
    }),
    "routingMode",
    /must be "fast" with permittedNetworks: HERE routes a networkRestrictedTruck the fast way only, got "short"$/,
  );
  await rejectsValueError(
    truckRoute(client, {
      ...MINIMAL,
      permittedNetworks: nz,
      ev: { freeFlowSpeedTable: [[0, 0.2], [27, 0.2]] },
    } as RoutingParams),
    "ev",
    /not with permittedNetworks: HERE has no EV routing for a networkRestrictedTruck$/,
  );
  // HERE's name (41 characters) is answered with ours.
  await rejectsValueError(
    truckRoute(client, {
      ...MINIMAL,
      "networkRestrictedTruck[permittedNetworks]": "NZL::HPMV",
    } as RoutingParams),
    "networkRestrictedTruck[permittedNetworks]",
    /did you mean "permittedNetworks"\? \(our name for/,
  );
  for (const fn of [carRoute, busRoute, taxiRoute]) {
    await rejectsValueError(
      fn(client, { ...MINIMAL, permittedNetworks: nz } as RoutingParams),
      "permittedNetworks",
      /belongs to truckRoute$/,
    );
  }
  assert.equal(server.requests.length, 2);
});

Deno.test("request options reach the client: X-Request-ID, ids on the response", async () => {
  await using server = await startTestServer();
  server.route(
    "GET /v8/routes",
    jsonReply(200, { routes: [] }, {
      "x-correlation-id": "corr-7",
      "x-request-id": "req-7",
    }),
  );
  const res = await carRoute(testClient(server), MINIMAL, {
    requestId: "req-7",
  });
  assert.equal(server.requests[0].headers.get("x-request-id"), "req-7");
  assert.equal(res.correlationId, "corr-7");
  assert.equal(res.requestId, "req-7");
});

// ------------------------------------------------------------ validation

interface Case {
  label: string;
  params: Record<string, unknown>;
  parameter: string;
  message?: RegExp;
}

const INVALID: Case[] = [
  {
    label: "origin latitude out of range",
    params: { origin: [91, 13.4] },
    parameter: "origin",
    message: /latitude 91 is out of range: arrays are \[lat, lng\]/,
  },
  {
    label: "destination longitude out of range",
    params: { destination: [52.5, 181] },
    parameter: "destination",
    message: /longitude 181 is out of range/,
  },
  {
    label: "origin missing",
    params: { origin: undefined },
    parameter: "origin",
  },
  {
    label: "destination of three numbers",
    params: { destination: [52.5, 13.4, 0] },
    parameter: "destination",
  },
  {
    label: "destination a GeoJSON LineString",
    params: {
      destination: {
        type: "LineString",
        coordinates: [[13.4, 52.5], [13.5, 52.6]],
      },
    },
    parameter: "destination",
    message: /got a GeoJSON LineString$/,
  },
  {
    label: "origin a Feature without geometry",
    params: { origin: { type: "Feature", properties: {} } },
    parameter: "origin.geometry",
  },
  {
    label: "origin { lat } alone",
    params: { origin: { lat: 52.5 } },
    parameter: "origin.lng",
  },
  {
    label: "a GeoJSON via out of range",
    params: { via: [{ type: "Point", coordinates: [52.5, 95] }] },
    parameter: "via[0].coordinates",
  },
  {
    label: "a via point with a misspelt option",
    params: { via: [{ point: [52.5, 13.4], waypointOption: {} }] },
    parameter: "via[0].waypointOption",
  },
  {
    label: "sideOfStreetHint without lng",
    params: { originPlaceOptions: { sideOfStreetHint: { lat: 52.5 } } },
    parameter: "originPlaceOptions.sideOfStreetHint.lng",
  },
  {
    label: "a polygon of two points",
    params: {
      avoidAreas: [{ type: "polygon", outer: [[52.5, 13.4], [52.6, 13.4]] }],
    },
    parameter: "avoidAreas[0].outer",
  },

  {
    label: "NaN coordinate",
    params: { origin: [NaN, 13.4] },
    parameter: "origin[0]",
  },
  {
    label: "via latitude out of range",
    params: { via: [{ lat: 52.5, lng: 13.4 }, { lat: -95, lng: 13.4 }] },
    parameter: "via[1].lat",
  },
  {
    label: "via not an array",
    params: { via: { lat: 52.5, lng: 13.4 } },
    parameter: "via",
  },
  {
    label: "alternatives above 6",
    params: { alternatives: 7 },
    parameter: "alternatives",
    message: /integer from 0 to 6, got 7/,
  },
  {
    label: "alternatives negative",
    params: { alternatives: -1 },
    parameter: "alternatives",
  },
  {
    label: "alternatives not an integer",
    params: { alternatives: 1.5 },
    parameter: "alternatives",
  },
  {
    label: "alternatives a string",
    params: { alternatives: "2" },
    parameter: "alternatives",
  },
  {
    label: "actions without polyline",
    params: { returnResults: ["summary", "actions"] },
    parameter: "returnResults",
    message: /"actions" requires "polyline"/,
  },
  {
    label: "instructions without actions",
    params: { returnResults: ["polyline", "instructions"] },
    parameter: "returnResults",
    message: /"instructions" requires "actions"/,
  },
  {
    label: "turnByTurnActions without polyline",
    params: { returnResults: ["turnByTurnActions"] },
    parameter: "returnResults",
    message: /"turnByTurnActions" requires "polyline"/,
  },
  {
    label: "a span without polyline",
    params: { returnResults: ["summary"], spans: ["names"] },
    parameter: "spans",
    message: /require "polyline" in returnResults/,
  },
  {
    label: "a span with no returnResults at all",
    params: { spans: ["length"] },
    parameter: "spans",
  },
  {
    label: "stopDuration on the origin",
    params: { originWaypointOptions: { stopDuration: 60 } },
    parameter: "originWaypointOptions.stopDuration",
    message: /not allowed on the origin/,
  },
  {
    label: "stopDuration 0 on the origin too",
    params: { originWaypointOptions: { stopDuration: 0 } },
    parameter: "originWaypointOptions.stopDuration",
  },
  {
    label: "passThrough with a positive stopDuration on a via",
    params: {
      via: [{
        lat: 52.5,
        lng: 13.4,
        waypointOptions: { passThrough: true, stopDuration: 30 },
      }],
    },
    parameter: "via[0].waypointOptions.passThrough",
    message: /stopDuration greater than 0/,
  },
  {
    label: "passThrough on the destination",
    params: { destinationWaypointOptions: { passThrough: true } },
    parameter: "destinationWaypointOptions.passThrough",
  },
  {
    label: "stopDuration of 50000 s",
    params: { destinationWaypointOptions: { stopDuration: 50000 } },
    parameter: "destinationWaypointOptions.stopDuration",
  },
  {
    label: "misspelt place option (namehint)",
    params: { originPlaceOptions: { namehint: "Main St" } },
    parameter: "originPlaceOptions.namehint",
  },
  {
    label: "matchSideOfStreet without sideOfStreetHint",
    params: { destinationPlaceOptions: { matchSideOfStreet: "always" } },
    parameter: "destinationPlaceOptions.matchSideOfStreet",
  },
  {
    label: "alpha-2 country code",
    params: { exclude: ["CHE", "DE"] },
    parameter: "exclude[1]",
    message: /alpha-3/,
  },
  {
    label: "lower-case country code",
    params: { exclude: ["che"] },
    parameter: "exclude[0]",
  },
  {
    label: "exclude not an array",
    params: { exclude: "CHE" },
    parameter: "exclude",
  },
  {
    label: "avoid area with south above north",
    params: {
      avoidAreas: [{ west: 13.4, south: 52.6, east: 13.5, north: 52.5 }],
    },
    parameter: "avoidAreas[0]",
  },
  {
    label: "malformed departureTime",
    params: { departureTime: "tomorrow at 8" },
    parameter: "departureTime",
  },
  {
    label: "invalid Date",
    params: { departureTime: new Date(NaN) },
    parameter: "departureTime",
  },
  {
    label: "malformed lang",
    params: { lang: ["en US"] },
    parameter: "lang[0]",
  },
  {
    label: "returnResults not a list",
    params: { returnResults: "polyline" },
    parameter: "returnResults",
  },
  {
    label: "empty avoid feature",
    params: { avoidFeatures: [""] },
    parameter: "avoidFeatures[0]",
  },
  {
    label: "empty routingMode",
    params: { routingMode: "" },
    parameter: "routingMode",
  },
  {
    label: "misspelt parameter",
    params: { avoidFeature: ["tollRoad"] },
    parameter: "avoidFeature",
    message: /is not a parameter of /,
  },
];

for (const { name, fn } of MODES) {
  Deno.test(`${name}: each invalid parameter is a ValueError before any request`, async () => {
    await using server = await routesServer();
    const client = testClient(server);
    for (const c of INVALID) {
      await rejectsValueError(
        fn(client, { ...MINIMAL, ...c.params } as unknown as RoutingParams),
        c.parameter,
        c.message,
      ).catch((e) => {
        throw new Error(`${c.label}: ${e.message}`);
      });
    }
    assert.equal(server.requests.length, 0);
  });
}

Deno.test('per-mode rules: routingMode "short" and avoid "uTurns" only where HERE has them', async () => {
  await using server = await routesServer();
  const client = testClient(server);
  const short: RoutingParams = { ...MINIMAL, routingMode: "short" };
  const uTurns: RoutingParams = {
    ...MINIMAL,
    avoidFeatures: ["tollRoad", "uTurns"],
  };
  for (const { mode, fn } of MODES) {
    if (mode === "car" || mode === "truck") {
      await fn(client, short);
      await fn(client, uTurns);
      continue;
    }
    await rejectsValueError(
      fn(client, short),
      "routingMode",
      new RegExp(`must be "fast" for transportMode "${mode}"`),
    );
    if (mode === "taxi" || mode === "bus" || mode === "privateBus") {
      await fn(client, uTurns); // a road vehicle may avoid U-turns
      continue;
    }
    await rejectsValueError(
      fn(client, uTurns),
      "avoidFeatures",
      new RegExp(`"uTurns" for transportMode "${mode}"`),
    );
  }
  assert.equal(server.requests.length, 7);
});

Deno.test("mode extras: truck and scooter are accepted only by their own function", async () => {
  await using server = await routesServer();
  const client = testClient(server);
  const truck = { height: 380 };
  await rejectsValueError(
    carRoute(client, { ...MINIMAL, truck } as RoutingParams),
    "truck",
    /not a parameter of carRoute; it belongs to truckRoute/,
  );
  await rejectsValueError(
    truckRoute(client, { ...MINIMAL, scooter: {} } as RoutingParams),
    "scooter",
    /belongs to scooterRoute/,
  );
  await rejectsValueError(
    truckRoute(client, { ...MINIMAL, truck: { height: 3.5 } }),
    "truck.height",
    /non-negative integer/,
  );
  await rejectsValueError(
    truckRoute(client, { ...MINIMAL, truck: { hight: 380 } as never }),
    "truck.hight",
  );
  await rejectsValueError(
    scooterRoute(client, {
      ...MINIMAL,
      scooter: { allowHighway: "yes" as never },
    }),
    "scooter.allowHighway",
  );
  await rejectsValueError(
    carRoute(client, null as never),
    "params",
  );
  assert.equal(server.requests.length, 0);
});

// ------------------------------------------------------------------- EV

/** HERE's guide values: an empirical model with everything charging needs. */
const EV_GUIDE = {
  freeFlowSpeedTable: [[0, 0.239], [27, 0.239], [45, 0.259], [60, 0.196]],
  trafficSpeedTable: [[0, 0.349], [27, 0.319]],
  auxiliaryConsumption: 1.8,
  ascent: 9,
  descent: 4.3,
  initialCharge: 48,
  maxCharge: 80,
  maxChargeAfterChargingStation: 72,
  minChargeAtChargingStation: 8,
  minChargeAtDestination: 8,
  chargingCurve: [[0, 239], [32, 199], [56, 167], [72, 55], [80, 1]],
  connectorTypes: ["iec62196Type2Combo"],
  makeReachable: true,
} as const;

const EV_GUIDE_QUERY = [
  "consumptionModel=empirical",
  "ev%5BfreeFlowSpeedTable%5D=0,0.239,27,0.239,45,0.259,60,0.196",
  "ev%5BtrafficSpeedTable%5D=0,0.349,27,0.319",
  "ev%5Bascent%5D=9",
  "ev%5Bdescent%5D=4.3",
  "ev%5BauxiliaryConsumption%5D=1.8",
  "ev%5BinitialCharge%5D=48",
  "ev%5BmaxCharge%5D=80",
  "ev%5BminChargeAtDestination%5D=8",
  "ev%5BminChargeAtChargingStation%5D=8",
  "ev%5BmaxChargeAfterChargingStation%5D=72",
  "ev%5BchargingCurve%5D=0,239,32,199,56,167,72,55,80,1",
  "ev%5BconnectorTypes%5D=iec62196Type2Combo",
  "ev%5BmakeReachable%5D=true",
].join("&");

Deno.test("carRoute: an EV route with charging stops, ev[...] after the common parameters", async () => {
  await using server = await routesServer();
  await carRoute(testClient(server), {
    ...MINIMAL,
    departureTime: "any",
    returnResults: ["summary"],
    ev: EV_GUIDE,
  });
  assert.equal(
    onlyQuery(server),
    "transportMode=car&origin=52.5,13.4&destination=52.503,13.405" +
      `&departureTime=any&${DEFAULTS}&return=summary&${EV_GUIDE_QUERY}&${TEST_KEY_QUERY}`,
  );
  // HERE decodes the brackets: the keys arrive as ev[...].
  const q = server.requests[0].query;
  assert.equal(q.get("ev[makeReachable]"), "true");
  assert.equal(q.get("ev[chargingCurve]"), "0,239,32,199,56,167,72,55,80,1");
});

Deno.test("truckRoute and scooterRoute take ev too; the physical model sends vehicle[...]", async () => {
  await using server = await routesServer();
  const client = testClient(server);
  const physical = {
    consumptionModel: "physical",
    driveEfficiency: 0.9,
    recuperationEfficiency: 0.8,
    auxiliaryPowerConsumption: 2000,
    currentWeight: 11000,
    rollingResistanceCoefficient: 0.006,
    airDragCoefficient: 0.6,
  } as const;
  await truckRoute(client, {
    ...MINIMAL,
    truck: { grossWeight: 12000, height: 380, width: 250 },
    ev: physical,
  });
  await scooterRoute(client, {
    ...MINIMAL,
    scooter: { allowHighway: false },
    ev: { freeFlowSpeedTable: [[0, 0.03], [45, 0.04]] },
  });
  assert.deepEqual(server.requests.map((r) => r.rawQuery), [
    `transportMode=truck&origin=52.5,13.4&destination=52.503,13.405&${DEFAULTS}` +
    "&vehicle%5BgrossWeight%5D=12000&vehicle%5Bheight%5D=380&vehicle%5Bwidth%5D=250" +
    "&consumptionModel=physical&vehicle%5BcurrentWeight%5D=11000" +
    "&vehicle%5BrollingResistanceCoefficient%5D=0.006&vehicle%5BairDragCoefficient%5D=0.6" +
    "&ev%5BdriveEfficiency%5D=0.9&ev%5BrecuperationEfficiency%5D=0.8" +
    `&ev%5BauxiliaryPowerConsumption%5D=2000&${TEST_KEY_QUERY}`,
    `transportMode=scooter&origin=52.5,13.4&destination=52.503,13.405&${DEFAULTS}` +
    "&scooter%5BallowHighway%5D=false&consumptionModel=empirical" +
    `&ev%5BfreeFlowSpeedTable%5D=0,0.03,45,0.04&${TEST_KEY_QUERY}`,
  ]);
});

Deno.test("ev: refused for pedestrians and bicycles, and for a broken rule, before any request", async () => {
  await using server = await routesServer();
  const client = testClient(server);
  const ev: EmpiricalEvOptions = { freeFlowSpeedTable: [[0, 0.2]] };
  for (const fn of [pedestrianRoute, bicycleRoute]) {
    await rejectsValueError(
      fn(client, { ...MINIMAL, ev } as RoutingParams),
      "ev",
      /is not a parameter of (pedestrian|bicycle)Route; it belongs to carRoute, truckRoute and scooterRoute \(HERE has no EV routing for pedestrians or bicycles: E605027\)/,
    );
  }
  for (const fn of [carRoute, truckRoute, scooterRoute]) {
    await rejectsValueError(
      fn(client, { ...MINIMAL, ev: { ...ev, makeReachable: true } }),
      "ev.makeReachable",
      /needs ev.initialCharge, ev.maxCharge, ev.maxChargeAfterChargingStation, ev.chargingCurve and ev.connectorTypes/,
    );
    await rejectsValueError(
      fn(client, {
        ...MINIMAL,
        ev: { freeFlowSpeedTable: [[60, 0.2], [30, 0.1]] },
      }),
      "ev.freeFlowSpeedTable[1][0]",
      /speeds go strictly up/,
    );
  }
  assert.equal(server.requests.length, 0);
});

Deno.test("ev: a hole in a table, a comma-joined connector type and a runaway nesting are ValueErrors before any request", async () => {
  await using server = await routesServer();
  const client = testClient(server);
  const holed: [number, number][] = [[0, 0.2], [30, 0.2], [50, 0.3]];
  delete holed[1];
  await rejectsValueError(
    carRoute(client, { ...MINIMAL, ev: { freeFlowSpeedTable: holed } }),
    "ev.freeFlowSpeedTable[1]",
    /must be a \[speedKmh, consumptionWhPerMetre\] pair, got undefined/,
  );
  await rejectsValueError(
    carRoute(client, {
      ...MINIMAL,
      ev: { ...EV_GUIDE, connectorTypes: ["chademo,gbtDc"] },
    }),
    "ev.connectorTypes[0]",
    /without a comma/,
  );
  let deep: unknown = [0, 0.2];
  for (let i = 0; i < 200_000; i++) deep = [deep];
  await rejectsValueError(
    carRoute(client, {
      ...MINIMAL,
      ev: { freeFlowSpeedTable: [deep as [number, number]] },
    }),
    "ev",
    /deeper than 512 levels/,
  );
  assert.equal(server.requests.length, 0);
});

// ---------------------------------------------------------------- errors

Deno.test("routing error bodies (E605…) become ApiError with HERE's fields", async () => {
  await using server = await startTestServer();
  server.route("GET /v8/routes", [
    jsonReply(400, e605001, { "x-correlation-id": "header-corr" }),
    jsonReply(403, {
      title: "Forbidden",
      status: 403,
      code: "E605101",
      cause: "Routing in Japan is not allowed for these credentials",
      action: "Contact HERE",
      correlationId: "corr-403",
    }),
    jsonReply(500, {
      title: "Internal server error",
      status: 500,
      code: "E605500",
      cause: "Unexpected failure",
      action: "",
      correlationId: "corr-500",
    }),
  ]);
  const client = testClient(server, { maxRetries: 0 });

  const errors: ApiError[] = [];
  for (let i = 0; i < 3; i++) {
    try {
      await carRoute(client, MINIMAL);
      assert.fail("expected an ApiError");
    } catch (e) {
      assert.ok(e instanceof ApiError, String(e));
      errors.push(e);
    }
  }
  const [bad, forbidden, internal] = errors;
  assert.equal(bad.status, 400);
  assert.equal(bad.code, "E605001");
  assert.equal(bad.title, "Malformed request");
  assert.equal(bad.detail, "Invalid value for parameter 'transportMode'");
  assert.equal(bad.correlationId, "00000000-1111-2222-3333-444444444444");
  assert.deepEqual(bad.body, e605001);
  assert.equal(bad.method, "GET");
  assert.match(bad.url, /\/v8\/routes\?transportMode=car&/);
  assert.ok(!bad.url.includes(TEST_KEY_QUERY), "the key is redacted");
  assert.ok(!bad.message.includes(TEST_KEY_QUERY));
  assert.ok(!bad.message.includes(TEST_API_KEY));

  assert.equal(forbidden.status, 403);
  assert.equal(forbidden.code, "E605101");
  assert.equal(forbidden.action, "Contact HERE");
  assert.equal(internal.status, 500);
  assert.equal(internal.code, "E605500");
  assert.equal(internal.correlationId, "corr-500");
});

Deno.test("a default gives way to the same key in options.query, on every mode", async () => {
  for (const { name, mode, fn } of MODES) {
    await using server = await routesServer();
    await (fn as (
      c: Client,
      p: RoutingParams,
      o: { query: Record<string, string> },
    ) => Promise<RoutingResponse>)(testClient(server), MINIMAL, {
      query: { routingMode: "eco", units: "nautical" },
    });
    assert.equal(
      onlyQuery(server),
      `transportMode=${mode}&origin=52.5,13.4&destination=52.503,13.405` +
        `&alternatives=0&lang=en-US&routingMode=eco&units=nautical&${TEST_KEY_QUERY}`,
      name,
    );
  }
});

Deno.test("a value the caller gave is not replaced by options.query", async () => {
  await using server = await routesServer();
  await rejectsValueError(
    carRoute(testClient(server), { ...MINIMAL, routingMode: "short" }, {
      query: { routingMode: "eco" },
    }),
    "query.routingMode",
    /already set by this call/,
  );
  assert.equal(server.requests.length, 0);
});

Deno.test("carRoute: an EV with an auxiliary power curve sends it as HERE's pipe list, with the departure time", async () => {
  await using server = await startJsonServer(ROUTES, { routes: [] });
  await carRoute(testClient(server), {
    origin: [52.5, 13.4],
    destination: [52.6, 13.5],
    departureTime: "2026-11-29T08:00:00Z",
    ev: {
      consumptionModel: "physical",
      driveEfficiency: 0.9,
      recuperationEfficiency: 0.8,
      currentWeight: 2500,
      frontalArea: 2.36,
      rollingResistanceCoefficient: 0.0066,
      airDragCoefficient: 0.23,
      auxiliaryPowerCurve: [[0, 2000], [600, 1500.5]],
    },
  });
  assert.equal(
    server.requests[0].rawQuery,
    "transportMode=car&origin=52.5,13.4&destination=52.6,13.5" +
      "&departureTime=2026-11-29T08%3A00%3A00Z" +
      "&routingMode=fast&alternatives=0&units=metric&lang=en-US" +
      "&consumptionModel=physical&vehicle%5BcurrentWeight%5D=2500" +
      "&vehicle%5BfrontalArea%5D=2.36&vehicle%5BrollingResistanceCoefficient%5D=0.0066" +
      "&vehicle%5BairDragCoefficient%5D=0.23&ev%5BdriveEfficiency%5D=0.9" +
      "&ev%5BrecuperationEfficiency%5D=0.8" +
      "&ev%5BauxiliaryPowerCurve%5D=0,2000|600,1500.5" +
      `&${TEST_KEY_QUERY}`,
  );
});

Deno.test("taxiRoute: taxi[allowDriveThroughTaxiRoads] after the car's options; buses take a weight per axle group", async () => {
  await using server = await startJsonServer(ROUTES, { routes: [] });
  const client = testClient(server);
  await taxiRoute(client, {
    ...MINIMAL,
    vehicle: { occupancy: 2 },
    taxi: { allowDriveThroughTaxiRoads: false },
  });
  await busRoute(client, {
    ...MINIMAL,
    vehicle: { weightPerAxleGroup: { single: 11500, tandem: 19000 } },
  });
  await privateBusRoute(client, { ...MINIMAL, routingMode: "fast" });
  const queries = server.requests.map((r) => r.rawQuery);
  const ends = "origin=52.5,13.4&destination=52.503,13.405";
  assert.deepEqual(queries, [
    `transportMode=taxi&${ends}&${DEFAULTS}&vehicle%5Boccupancy%5D=2` +
    `&taxi%5BallowDriveThroughTaxiRoads%5D=false&${TEST_KEY_QUERY}`,
    `transportMode=bus&${ends}&${DEFAULTS}` +
    `&vehicle%5BweightPerAxleGroup%5D=single:11500,tandem:19000&${TEST_KEY_QUERY}`,
    `transportMode=privateBus&${ends}&${DEFAULTS}&${TEST_KEY_QUERY}`,
  ]);
});

Deno.test("taxiRoute, busRoute, privateBusRoute: HERE's rules are ValueErrors before any request", async () => {
  await using server = await startTestServer();
  const client = testClient(server);
  const cases: [() => Promise<unknown>, string][] = [
    [
      () => taxiRoute(client, { ...MINIMAL, routingMode: "short" }),
      "routingMode",
    ],
    [
      () => busRoute(client, { ...MINIMAL, routingMode: "short" }),
      "routingMode",
    ],
    [
      () =>
        taxiRoute(
          client,
          { ...MINIMAL, taxi: { allowDriveThroughTaxiRoads: 1 } } as never,
        ),
      "taxi.allowDriveThroughTaxiRoads",
    ],
    [
      () => taxiRoute(client, { ...MINIMAL, taxi: { lanes: true } } as never),
      "taxi.lanes",
    ],
    [() => busRoute(client, { ...MINIMAL, taxi: {} } as never), "taxi"],
    [() => carRoute(client, { ...MINIMAL, taxi: {} } as never), "taxi"],
    [
      () =>
        taxiRoute(client, {
          ...MINIMAL,
          vehicle: { weightPerAxleGroup: { single: 9000 } },
        }),
      "vehicle.weightPerAxleGroup",
    ],
    [
      () =>
        busRoute(client, { ...MINIMAL, vehicle: { category: "lightTruck" } }),
      "vehicle.category",
    ],
  ];
  for (const [call, parameter] of cases) {
    await rejectsValueError(call(), parameter);
  }
  assert.equal(server.requests.length, 0);
});
