import assert from "node:assert/strict";
import {
  type Feature,
  type Point,
  type RequestSpec,
  ValueError,
} from "@ls/core";
import {
  assertValueError,
  startJsonServer,
  TEST_KEY_QUERY,
  testClient,
} from "@ls/core/testing";
import {
  BICYCLE_ROUTE_WIRE_NAMES,
  buildBicycleRouteRequest,
  buildCarRouteRequest,
  buildPedestrianRouteRequest,
  buildScooterRouteRequest,
  buildTruckRouteRequest,
  CAR_ROUTE_WIRE_NAMES,
  carRoute,
  PEDESTRIAN_ROUTE_WIRE_NAMES,
  type RoutingParams,
  SCOOTER_ROUTE_WIRE_NAMES,
  TRUCK_ROUTE_WIRE_NAMES,
  type TruckRoutingParams,
} from "./mod.ts";

/** Each builder with the operation it serves and the mode it sends. */
const BUILDERS: readonly {
  operation: string;
  mode: string;
  build: (params: RoutingParams) => RequestSpec;
}[] = [
  { operation: "carRoute", mode: "car", build: buildCarRouteRequest },
  {
    operation: "bicycleRoute",
    mode: "bicycle",
    build: buildBicycleRouteRequest,
  },
  { operation: "truckRoute", mode: "truck", build: buildTruckRouteRequest },
  {
    operation: "scooterRoute",
    mode: "scooter",
    build: buildScooterRouteRequest,
  },
  {
    operation: "pedestrianRoute",
    mode: "pedestrian",
    build: buildPedestrianRouteRequest,
  },
];

const ENDS: RoutingParams = { origin: [52.5, 13.4], destination: [52.6, 13.5] };

for (const { operation, mode, build } of BUILDERS) {
  Deno.test(`build request of ${operation}: GET /v8/routes on the router host`, () => {
    const { query, ...rest } = build(ENDS);
    assert.deepEqual(rest, {
      service: "router",
      method: "GET",
      path: "/v8/routes",
    });
    assert.equal(
      query?.toString(),
      `transportMode=${mode}&origin=52.5,13.4&destination=52.6,13.5` +
        "&routingMode=fast&alternatives=0&units=metric&lang=en-US",
    );
  });

  Deno.test(`build request of ${operation}: names the operation for an unknown key`, () => {
    assertValueError(
      () => build({ ...ENDS, avoidFeature: ["ferry"] } as RoutingParams),
      "avoidFeature",
      `Invalid avoidFeature: is not a parameter of ${operation}; did you mean "avoidFeatures"?`,
    );
  });
}

Deno.test("the builders are pure: params stay untouched, frozen ones work", () => {
  const params: TruckRoutingParams = {
    ...ENDS,
    via: [{ lat: 52.55, lng: 13.45, waypointOptions: { passThrough: true } }],
    returnResults: ["polyline", "summary"],
    truck: { height: 380, shippedHazardousGoods: ["gas"] },
  };
  const copy = structuredClone(params);
  const first = buildTruckRouteRequest(deepFreeze(params));
  const second = buildTruckRouteRequest(params);
  assert.deepEqual(params, copy);
  assert.equal(first.query?.toString(), second.query?.toString());
  assert.notEqual(first.query, second.query);
});

Deno.test("a mode's extra key is refused elsewhere, naming where it belongs", () => {
  assertValueError(
    () => buildCarRouteRequest({ ...ENDS, truck: { height: 380 } } as never),
    "truck",
    "Invalid truck: is not a parameter of carRoute; it belongs to truckRoute",
  );
  assertValueError(
    () => buildTruckRouteRequest({ ...ENDS, scooter: {} } as never),
    "scooter",
    "Invalid scooter: is not a parameter of truckRoute; it belongs to scooterRoute",
  );
  assert.match(
    buildTruckRouteRequest({ ...ENDS, truck: { height: 380 } }).query!
      .toString(),
    /&vehicle%5Bheight%5D=380$/,
  );
  assert.match(
    buildScooterRouteRequest({ ...ENDS, scooter: { allowHighway: false } })
      .query!.toString(),
    /&scooter%5BallowHighway%5D=false$/,
  );
});

Deno.test("the builders throw synchronously, before anything is sent", () => {
  assert.throws(
    () => buildCarRouteRequest({ ...ENDS, alternatives: 7 }),
    { name: "ValueError", parameter: "alternatives" },
  );
  assert.throws(
    () => buildPedestrianRouteRequest(undefined as never),
    { name: "ValueError", parameter: "params" },
  );
});

function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null) {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}

Deno.test("build request of an EV route: ev is the last group, its query HERE's", () => {
  const spec = buildCarRouteRequest({
    ...ENDS,
    ev: {
      freeFlowSpeedTable: [[0, 0.239], [27, 0.239]],
      initialCharge: 30,
      maxCharge: 80,
      maxChargeAfterChargingStation: 72,
      chargingCurve: [[0, 150], [72, 50], [80, 10]],
      connectorTypes: ["iec62196Type2Combo"],
      makeReachable: true,
    },
  });
  assert.equal(
    spec.query?.toString(),
    "transportMode=car&origin=52.5,13.4&destination=52.6,13.5" +
      "&routingMode=fast&alternatives=0&units=metric&lang=en-US" +
      "&consumptionModel=empirical&ev%5BfreeFlowSpeedTable%5D=0,0.239,27,0.239" +
      "&ev%5BinitialCharge%5D=30&ev%5BmaxCharge%5D=80" +
      "&ev%5BmaxChargeAfterChargingStation%5D=72" +
      "&ev%5BchargingCurve%5D=0,150,72,50,80,10" +
      "&ev%5BconnectorTypes%5D=iec62196Type2Combo&ev%5BmakeReachable%5D=true",
  );
});

Deno.test("build request of an EV route: a truck's width and height complete the physical model", () => {
  const ev = {
    consumptionModel: "physical",
    driveEfficiency: 0.9,
    recuperationEfficiency: 0.8,
    currentWeight: 11000,
    rollingResistanceCoefficient: 0.006,
    airDragCoefficient: 0.6,
  } as const;
  assert.match(
    buildTruckRouteRequest({ ...ENDS, truck: { width: 250, height: 380 }, ev })
      .query!.toString(),
    /&vehicle%5Bheight%5D=380&vehicle%5Bwidth%5D=250&consumptionModel=physical&vehicle%5BcurrentWeight%5D=11000&/,
  );
  assertValueError(
    () => buildCarRouteRequest({ ...ENDS, ev }),
    "ev.frontalArea",
  );
  assertValueError(
    () =>
      buildTruckRouteRequest({
        ...ENDS,
        truck: { height: 380 },
        ev: { ...ev, height: 380, width: 250 },
      }),
    "ev.height",
    "Invalid ev.height: is given as the truck's height too; give it once",
  );
});

Deno.test("build request of an EV route: ev is refused where HERE has no EV routing", () => {
  for (const build of [buildBicycleRouteRequest, buildPedestrianRouteRequest]) {
    assertValueError(
      () => build({ ...ENDS, ev: { freeFlowSpeedTable: [[0, 0.2]] } } as never),
      "ev",
    );
  }
});

// ------------------------------------------------- one point, wire names

Deno.test("every point parameter takes every point form, sent as lat,lng", () => {
  const position = { lat: 52.5, lng: 13.4 };
  const feature: Feature<Point> = {
    type: "Feature",
    properties: { title: "Alexanderplatz" },
    geometry: { type: "Point", coordinates: [13.41, 52.52] },
  };
  // A routing response's location, with its elevation.
  const location = { lat: 52.507, lng: 13.407, elv: 40 };
  const spec = buildCarRouteRequest({
    origin: position,
    destination: feature,
    originPlaceOptions: {
      sideOfStreetHint: { type: "Point", coordinates: [13.401, 52.501] },
    },
    via: [
      [52.505, 13.405],
      { type: "Point", coordinates: [13.406, 52.506] },
      location,
      { lat: 52.508, lng: 13.408, waypointOptions: { stopDuration: 60 } },
      { point: feature, waypointOptions: { passThrough: true } },
    ],
    avoidAreas: [
      [13.3, 52.4, 13.31, 52.41],
      { type: "polygon", outer: [position, [52.6, 13.4], feature] },
    ],
  });
  assert.equal(
    spec.query?.toString(),
    "transportMode=car&origin=52.5,13.4;sideOfStreetHint=52.501,13.401" +
      "&destination=52.52,13.41" +
      "&via=52.505,13.405&via=52.506,13.406&via=52.507,13.407" +
      "&via=52.508,13.408!stopDuration=60&via=52.52,13.41!passThrough=true" +
      "&routingMode=fast&alternatives=0&units=metric&lang=en-US" +
      "&avoid%5Bareas%5D=bbox:13.3,52.4,13.31,52.41%7Cpolygon:52.5,13.4;52.6,13.4;52.52,13.41",
  );
});

Deno.test("a truck type is HERE's StraightTruck or Tractor", () => {
  const spec = buildTruckRouteRequest({
    ...ENDS,
    truck: { type: "StraightTruck" },
  });
  assert.match(spec.query!.toString(), /&vehicle%5Btype%5D=StraightTruck$/);
  assertValueError(
    () =>
      buildTruckRouteRequest({ ...ENDS, truck: { type: "straight" as never } }),
    "truck.type",
    'Invalid truck.type: must be one of "StraightTruck", "Tractor", got "straight"',
  );
});

/** Valid parameters of each builder, with the table it answers wire names from. */
const WIRE_TABLES: readonly {
  table: Readonly<Record<string, string>>;
  build: (params: never) => RequestSpec;
  operation: string;
}[] = [
  {
    table: CAR_ROUTE_WIRE_NAMES,
    build: buildCarRouteRequest,
    operation: "carRoute",
  },
  {
    table: BICYCLE_ROUTE_WIRE_NAMES,
    build: buildBicycleRouteRequest,
    operation: "bicycleRoute",
  },
  {
    table: TRUCK_ROUTE_WIRE_NAMES,
    build: buildTruckRouteRequest,
    operation: "truckRoute",
  },
  {
    table: SCOOTER_ROUTE_WIRE_NAMES,
    build: buildScooterRouteRequest,
    operation: "scooterRoute",
  },
  {
    table: PEDESTRIAN_ROUTE_WIRE_NAMES,
    build: buildPedestrianRouteRequest,
    operation: "pedestrianRoute",
  },
];

Deno.test("each HERE wire name in a table leads to our name", () => {
  for (const { table, build, operation } of WIRE_TABLES) {
    assert.ok(Object.keys(table).length >= 4, operation);
    for (const [wire, ours] of Object.entries(table)) {
      assert.throws(
        () => build({ ...ENDS, [wire]: "anything" } as never),
        (e: unknown) => {
          assert.ok(e instanceof ValueError, `${operation} ${wire}`);
          assert.equal(e.parameter, wire);
          assert.ok(
            e.message.startsWith(
              `Invalid ${wire}: is not a parameter of ${operation}; `,
            ),
            e.message,
          );
          // checkKeys words it `did you mean "<ours>"? (our name for <wire>)` (or, in a
          // later wording, `did you mean "<ours>"`): our name, quoted.
          assert.ok(e.message.includes(JSON.stringify(ours)), e.message);
          return true;
        },
      );
    }
  }
  assert.equal(TRUCK_ROUTE_WIRE_NAMES["vehicle[type]"], "truck.type");
  assert.equal(CAR_ROUTE_WIRE_NAMES["ev[initialCharge]"], "ev.initialCharge");
  assert.equal(CAR_ROUTE_WIRE_NAMES.consumptionModel, "ev.consumptionModel");
  assert.equal(BICYCLE_ROUTE_WIRE_NAMES["ev[initialCharge]"], undefined);
});

Deno.test("transportMode is the function, and says so", () => {
  assert.throws(
    () => buildCarRouteRequest({ ...ENDS, transportMode: "truck" } as never),
    /^ValueError: Invalid transportMode: is not a parameter of carRoute; it belongs to the function: carRoute, bicycleRoute, truckRoute, scooterRoute, pedestrianRoute, taxiRoute, busRoute or privateBusRoute, one for each transport mode$/,
  );
});

Deno.test("arrivalTime: sent in departureTime's place, offset or local, on the wire", async () => {
  await using server = await startJsonServer("GET /v8/routes", { routes: [] });
  const client = testClient(server);
  await carRoute(client, { ...ENDS, arrivalTime: "2024-05-01T10:00:00+02:00" });
  await carRoute(client, { ...ENDS, arrivalTime: "2024-05-01T10:00:00" });
  await carRoute(client, {
    ...ENDS,
    arrivalTime: new Date(Date.UTC(2024, 4, 1, 8)),
  });
  const [offset, local, date] = server.requests.map((r) => r.rawQuery);
  assert.equal(
    offset,
    "transportMode=car&origin=52.5,13.4&destination=52.6,13.5" +
      "&arrivalTime=2024-05-01T10%3A00%3A00%2B02%3A00" +
      `&routingMode=fast&alternatives=0&units=metric&lang=en-US&${TEST_KEY_QUERY}`,
  );
  assert.match(local, /&arrivalTime=2024-05-01T10%3A00%3A00&routingMode=/);
  const sent = server.requests[2].query.get("arrivalTime")!;
  assert.equal(Date.parse(sent), Date.UTC(2024, 4, 1, 8));
  assert.doesNotMatch(date, /departureTime/);
});

Deno.test('arrivalTime: not with departureTime, ev or "any", before any request', () => {
  const at = "2024-05-01T10:00:00Z";
  assertValueError(
    () => buildCarRouteRequest({ ...ENDS, arrivalTime: at, departureTime: at }),
    "arrivalTime",
    `Invalid arrivalTime: not with departureTime; give one of them, got "${at}"`,
  );
  assertValueError(
    () =>
      buildCarRouteRequest({
        ...ENDS,
        arrivalTime: at,
        ev: { freeFlowSpeedTable: [[0, 0.2]] },
      }),
    "arrivalTime",
  );
  assertValueError(
    () => buildCarRouteRequest({ ...ENDS, arrivalTime: "any" }),
    "arrivalTime",
    'Invalid arrivalTime: does not accept "any", got "any"',
  );
  assertValueError(
    () => buildCarRouteRequest({ ...ENDS, arrivalTime: 5 as never }),
    "arrivalTime",
  );
});
