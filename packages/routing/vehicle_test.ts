import assert from "node:assert/strict";
import {
  assertValueError,
  startJsonServer,
  TEST_KEY_QUERY,
  testClient,
} from "@ls/core/testing";
import {
  buildCarRouteRequest,
  buildScooterRouteRequest,
  buildTruckRouteRequest,
  type RoutingParams,
  truckRoute,
  type VehicleOptions,
} from "./mod.ts";

const ENDS: RoutingParams = { origin: [52.5, 13.4], destination: [52.6, 13.5] };
const DEFAULTS = "routingMode=fast&alternatives=0&units=metric&lang=en-US";

Deno.test("vehicle: vehicle[…] after the truck's fields, in a fixed order", async () => {
  await using server = await startJsonServer("GET /v8/routes", { routes: [] });
  await truckRoute(testClient(server), {
    ...ENDS,
    truck: { grossWeight: 12000 },
    vehicle: {
      speedCap: 22.5,
      speedCapPerFc: [30, null, 20],
      occupancy: 2,
      licensePlate: { lastCharacter: "B" },
      engineType: "internalCombustion",
      commercial: true,
    },
  });
  assert.equal(
    server.requests[0].rawQuery,
    "transportMode=truck&origin=52.5,13.4&destination=52.6,13.5&" + DEFAULTS +
      "&vehicle%5BgrossWeight%5D=12000&vehicle%5BspeedCap%5D=22.5" +
      "&vehicle%5BspeedCapPerFc%5D=30,,20" +
      "&vehicle%5Boccupancy%5D=2&vehicle%5BlicensePlate%5D=lastCharacter:B" +
      "&vehicle%5BengineType%5D=internalCombustion&vehicle%5Bcommercial%5D=true" +
      `&${TEST_KEY_QUERY}`,
  );
});

Deno.test("vehicle: ranges, sets and hovOccupancy's conflicts are ValueErrors before any request", () => {
  const bad: [VehicleOptions, string][] = [
    [{ speedCap: 0.5 }, "vehicle.speedCap"],
    [{ speedCap: 71 }, "vehicle.speedCap"],
    [{ occupancy: 0 }, "vehicle.occupancy"],
    [{ speedCapPerFc: [80] }, "vehicle.speedCapPerFc[0]"],
    [{ speedCapPerFc: [1, 2, 3, 4, 5, 6] }, "vehicle.speedCapPerFc"],
    [{ speedCapPerFc: [] }, "vehicle.speedCapPerFc"],
    [{ hovOccupancy: 1.5 }, "vehicle.hovOccupancy"],
    [{ hovOccupancy: 2, occupancy: 2 }, "vehicle.hovOccupancy"],
    [
      { licensePlate: { lastCharacter: "77" } },
      "vehicle.licensePlate.lastCharacter",
    ],
    [{ licensePlate: "7" as never }, "vehicle.licensePlate"],
    [{ engineType: "diesel" as never }, "vehicle.engineType"],
    [{ commercial: "yes" as never }, "vehicle.commercial"],
    [{ wheels: 4 } as never, "vehicle.wheels"],
  ];
  for (const [vehicle, parameter] of bad) {
    assertValueError(
      () => buildCarRouteRequest({ ...ENDS, vehicle }),
      parameter,
    );
  }
  assertValueError(
    () =>
      buildCarRouteRequest({
        ...ENDS,
        vehicle: { hovOccupancy: 2 },
        allow: { hov: true },
      }),
    "vehicle.hovOccupancy",
  );
  assertValueError(
    () =>
      buildScooterRouteRequest({ ...ENDS, vehicle: { speedCap: 10 } } as never),
    "vehicle",
  );
});

Deno.test("vehicle: the body fields isolines take too, the trailer's axles and the height at the first axle, sent in a fixed order", async () => {
  await using server = await startJsonServer("GET /v8/routes", { routes: [] });
  await truckRoute(testClient(server), {
    ...ENDS,
    truck: { axleCount: 5, trailerCount: 1 },
    vehicle: {
      commercial: true,
      engineSizeCc: 12800,
      heightAboveFirstAxle: 150,
      trailerAxleCount: 2,
      category: "lightTruck",
      tiresCount: 18,
      payloadCapacity: 24000,
      kpraLength: 1250,
      weightPerAxleGroup: { tandem: 18000, single: 10000 },
      emptyWeight: 15000,
    },
  });
  assert.equal(
    server.requests[0].rawQuery,
    "transportMode=truck&origin=52.5,13.4&destination=52.6,13.5&" + DEFAULTS +
      "&vehicle%5BaxleCount%5D=5&vehicle%5BtrailerCount%5D=1" +
      "&vehicle%5BemptyWeight%5D=15000" +
      "&vehicle%5BweightPerAxleGroup%5D=single:10000,tandem:18000" +
      "&vehicle%5BkpraLength%5D=1250&vehicle%5BpayloadCapacity%5D=24000" +
      "&vehicle%5BtiresCount%5D=18&vehicle%5Bcategory%5D=lightTruck" +
      "&vehicle%5BtrailerAxleCount%5D=2&vehicle%5BheightAboveFirstAxle%5D=150" +
      "&vehicle%5BengineSizeCc%5D=12800&vehicle%5Bcommercial%5D=true" +
      `&${TEST_KEY_QUERY}`,
  );
});

Deno.test("vehicle: the body fields' ranges and HERE's rules on mode, trailer and axles are ValueErrors before any request", () => {
  const truck = { axleCount: 4, trailerCount: 1 };
  const bad: [Record<string, unknown>, string, string?][] = [
    [{ vehicle: { emptyWeight: -1 } }, "vehicle.emptyWeight"],
    [{ vehicle: { kpraLength: 1.5 } }, "vehicle.kpraLength"],
    [{ vehicle: { payloadCapacity: "10t" } }, "vehicle.payloadCapacity"],
    [{ vehicle: { tiresCount: NaN } }, "vehicle.tiresCount"],
    [{ vehicle: { engineSizeCc: -50 } }, "vehicle.engineSizeCc"],
    [
      { vehicle: { heightAboveFirstAxle: Infinity } },
      "vehicle.heightAboveFirstAxle",
    ],
    [{ vehicle: { category: "van" } }, "vehicle.category"],
    [
      { vehicle: { weightPerAxleGroup: { double: 9000 } } },
      "vehicle.weightPerAxleGroup.double",
    ],
    [
      { vehicle: { weightPerAxleGroup: { single: -1 } } },
      "vehicle.weightPerAxleGroup.single",
    ],
    [
      { vehicle: { category: "lightTruck" } },
      "vehicle.category",
      'Invalid vehicle.category: "lightTruck" requires transportMode "truck", got "car"',
    ],
    [
      { vehicle: { weightPerAxleGroup: { single: 9000 } } },
      "vehicle.weightPerAxleGroup",
      'Invalid vehicle.weightPerAxleGroup: is for transportMode "truck", "bus", "privateBus", not "car"',
    ],
    [{ vehicle: { trailerAxleCount: 1 } }, "vehicle.trailerAxleCount"],
  ];
  for (const [params, parameter, message] of bad) {
    assertValueError(
      () => buildCarRouteRequest({ ...ENDS, ...params } as never),
      parameter,
      message,
    );
  }
  const truckBad: [Record<string, unknown>, string, string?][] = [
    [{ truck, vehicle: { trailerAxleCount: 0 } }, "vehicle.trailerAxleCount"],
    [
      { truck: { axleCount: 4 }, vehicle: { trailerAxleCount: 1 } },
      "vehicle.trailerAxleCount",
      "Invalid vehicle.trailerAxleCount: needs truck.trailerCount above 0: HERE counts the axles of trailers, got 1",
    ],
    [
      { truck, vehicle: { trailerAxleCount: 4 } },
      "vehicle.trailerAxleCount",
      "Invalid vehicle.trailerAxleCount: must be below truck.axleCount (4), which counts the trailers' axles too, got 4",
    ],
    [
      {
        truck: { weightPerAxle: 9000 },
        vehicle: { weightPerAxleGroup: { single: 9000 } },
      },
      "vehicle.weightPerAxleGroup",
      "Invalid vehicle.weightPerAxleGroup: cannot be combined with truck.weightPerAxle: give one of them",
    ],
  ];
  for (const [params, parameter, message] of truckBad) {
    assertValueError(
      () => buildTruckRouteRequest({ ...ENDS, ...params } as never),
      parameter,
      message,
    );
  }
  // Within the rules: a trailer with fewer axles than the whole vehicle.
  buildTruckRouteRequest({ ...ENDS, truck, vehicle: { trailerAxleCount: 3 } });
});
