import assert from "node:assert/strict";
import type { RequestSpec } from "@ls/core";
import { assertValueError } from "@ls/core/testing";
import {
  buildBicycleRouteRequest,
  buildCarRouteRequest,
  buildPedestrianRouteRequest,
  buildScooterRouteRequest,
  buildTruckRouteRequest,
  type RoutingParams,
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
  const params = {
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
