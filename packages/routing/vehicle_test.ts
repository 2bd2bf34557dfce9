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
