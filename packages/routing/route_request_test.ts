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
