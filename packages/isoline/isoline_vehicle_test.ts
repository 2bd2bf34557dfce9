import assert from "node:assert/strict";
import { ValueError } from "@ls/core";
import { assertValueError, onlyRequest, rejectsWith } from "@ls/core/testing";
import { startJsonServer, TEST_KEY_QUERY, testClient } from "@ls/core/testing";
import {
  buildCalculateIsolineRequest,
  calculateIsoline,
  type IsolineParams,
} from "./mod.ts";
import example from "./testdata/isolines_wire_example.json" with {
  type: "json",
};

const ISOLINES = "GET /v8/isolines";
const BASE: IsolineParams = {
  origin: [52.5, 13.4],
  range: [600],
  rangeType: "time",
  transportMode: "truck",
};

async function sentQuery(params: Partial<IsolineParams>): Promise<string> {
  await using server = await startJsonServer(ISOLINES, example);
  await calculateIsoline(testClient(server), { ...BASE, ...params });
  return onlyRequest(server, ISOLINES).rawQuery;
}

Deno.test("every vehicle field goes out as vehicle[…] in HERE's order, after the truck's", async () => {
  const query = await sentQuery({
    truck: { grossWeight: 12000 },
    vehicle: {
      engineType: "internalCombustion",
      occupancy: 2,
      engineSizeCc: 12000,
      speedCapPerFc: [25, null, null, 20],
      speedCap: 25,
      licensePlate: { lastCharacter: "Ä" },
      category: "lightTruck",
      tiresCount: 18,
      payloadCapacity: 8000,
      kpraLength: 1250,
      weightPerAxleGroup: { tandem: 18000, single: 10000 },
      emptyWeight: 7000,
    },
  });
  assert.equal(
    query,
    "transportMode=truck&origin=52.5,13.4&range%5Btype%5D=time&range%5Bvalues%5D=600" +
      "&routingMode=fast&optimizeFor=balanced&vehicle%5BgrossWeight%5D=12000" +
      "&vehicle%5BemptyWeight%5D=7000" +
      "&vehicle%5BweightPerAxleGroup%5D=single:10000,tandem:18000" +
      "&vehicle%5BkpraLength%5D=1250&vehicle%5BpayloadCapacity%5D=8000" +
      "&vehicle%5BtiresCount%5D=18&vehicle%5Bcategory%5D=lightTruck" +
      "&vehicle%5BlicensePlate%5D=lastCharacter:%C3%84" +
      "&vehicle%5BspeedCap%5D=25&vehicle%5BspeedCapPerFc%5D=25,,,20" +
      "&vehicle%5BengineSizeCc%5D=12000&vehicle%5Boccupancy%5D=2" +
      `&vehicle%5BengineType%5D=internalCombustion&${TEST_KEY_QUERY}`,
  );
});

Deno.test("a scooter takes speedCap, engineSizeCc and occupancy", async () => {
  const query = await sentQuery({
    transportMode: "scooter",
    vehicle: { speedCap: 12.5, engineSizeCc: 49, occupancy: 1 },
  });
  assert.match(
    query,
    /&vehicle%5BspeedCap%5D=12.5&vehicle%5BengineSizeCc%5D=49&vehicle%5Boccupancy%5D=1&/,
  );
});

Deno.test("hovOccupancy goes out for a car", async () => {
  const query = await sentQuery({
    transportMode: "car",
    vehicle: { hovOccupancy: 3 },
  });
  assert.match(query, /&vehicle%5BhovOccupancy%5D=3&/);
});

Deno.test("bad vehicle fields and HERE's conflicts are ValueErrors before any request", async () => {
  const bad: [Record<string, unknown>, string, RegExp][] = [
    [{ vehicle: { emptyWeight: -1 } }, "vehicle.emptyWeight", /integer/],
    [{ vehicle: { tiresCount: 2.5 } }, "vehicle.tiresCount", /integer/],
    [{ vehicle: { occupancy: 0 } }, "vehicle.occupancy", /integer/],
    [{ vehicle: { speedCap: 0 } }, "vehicle.speedCap", /above 0/],
    [
      { vehicle: { speedCapPerFc: [80] } },
      "vehicle.speedCapPerFc[0]",
      /1 to 70/,
    ],
    [
      { vehicle: { speedCapPerFc: [1, 2, 3, 4, 5, 6] } },
      "vehicle.speedCapPerFc",
      /at most 5/,
    ],
    [
      { vehicle: { engineType: "diesel" } },
      "vehicle.engineType",
      /"pluginHybrid"/,
    ],
    [{ vehicle: { category: "van" } }, "vehicle.category", /"lightTruck"/],
    [
      { vehicle: { licensePlate: { lastCharacter: "AB" } } },
      "vehicle.licensePlate.lastCharacter",
      /one letter or digit/,
    ],
    [
      { vehicle: { weightPerAxleGroup: { double: 1 } } },
      "vehicle.weightPerAxleGroup.double",
      /not a known option/,
    ],
    [{ vehicle: { colour: "red" } }, "vehicle.colour", /not a known option/],
    [{ vehicle: 5 }, "vehicle", /object/],
    [
      { transportMode: "car", vehicle: { category: "lightTruck" } },
      "vehicle.category",
      /requires transportMode "truck"/,
    ],
    [
      { transportMode: "car", vehicle: { weightPerAxleGroup: { single: 1 } } },
      "vehicle.weightPerAxleGroup",
      /"truck", "bus", "privateBus", not "car"/,
    ],
    [
      { transportMode: "pedestrian", vehicle: { speedCap: 2 } },
      "vehicle",
      /E605010/,
    ],
    [{ transportMode: "bicycle", vehicle: {} }, "vehicle", /E605010/],
    [
      { transportMode: "scooter", vehicle: { tiresCount: 2 } },
      "vehicle.tiresCount",
      /E605010/,
    ],
    [
      { transportMode: "taxi", vehicle: { speedCapPerFc: [20] } },
      "vehicle.speedCapPerFc",
      /not "taxi"/,
    ],
    [
      {
        truck: { weightPerAxle: 9000 },
        vehicle: { weightPerAxleGroup: { single: 1 } },
      },
      "vehicle.weightPerAxleGroup",
      /truck.weightPerAxle/,
    ],
    [
      { vehicle: { hovOccupancy: 2, occupancy: 2 } },
      "vehicle.hovOccupancy",
      /vehicle.occupancy/,
    ],
    [
      { vehicle: { hovOccupancy: 2 }, allow: { hov: true } },
      "vehicle.hovOccupancy",
      /allow.hov/,
    ],
    [
      { vehicle: { hovOccupancy: 2 }, allow: { hot: true } },
      "vehicle.hovOccupancy",
      /allow.hot/,
    ],
  ];
  await using server = await startJsonServer(ISOLINES, example);
  for (const [params, parameter, rule] of bad) {
    const error = assertValueError(
      () => buildCalculateIsolineRequest({ ...BASE, ...params } as never),
      parameter,
    );
    assert.match(error.message, rule, JSON.stringify(params));
    await rejectsWith(
      calculateIsoline(testClient(server), { ...BASE, ...params } as never),
      ValueError,
    );
  }
  assert.equal(server.requests.length, 0);
});

Deno.test("HERE's vehicle[…] names of these fields lead to ours", () => {
  assertValueError(
    () =>
      buildCalculateIsolineRequest(
        { ...BASE, "vehicle[occupancy]": 2 } as never,
      ),
    "vehicle[occupancy]",
    'Invalid vehicle[occupancy]: is not a parameter of calculateIsoline; did you mean "vehicle.occupancy"? (our name for vehicle[occupancy])',
  );
});
