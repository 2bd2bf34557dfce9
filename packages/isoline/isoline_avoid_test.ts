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

Deno.test("segments, zones, road types, transponders and segment speeds go out after avoid[features]", async () => {
  await using server = await startJsonServer(ISOLINES, example);
  await calculateIsoline(testClient(server), {
    ...BASE,
    avoidFeatures: ["ferry"],
    avoidSegments: ["here:cm:segment:207551710#+", "here:cm:segment:1#*"],
    avoidZones: {
      categories: ["congestionPricing", "environmental"],
      exceptZoneIds: ["here:cm:envzone:3", "here:cm:envzone:4"],
    },
    avoidZoneIds: ["here:cm:envzone:2"],
    avoidTruckRoadTypes: ["BK1", "ET2"],
    avoidTollTransponders: "all",
    maxSpeedOnSegment: [
      { segment: "here:cm:segment:84905195#-", speed: 10 },
      { segment: "here:cm:segment:84905196", speed: 2.5 },
    ],
  });
  assert.equal(
    onlyRequest(server, ISOLINES).rawQuery,
    "transportMode=truck&origin=52.5,13.4&range%5Btype%5D=time&range%5Bvalues%5D=600" +
      "&routingMode=fast&optimizeFor=balanced&avoid%5Bfeatures%5D=ferry" +
      "&avoid%5Bsegments%5D=here:cm:segment:207551710%23%2B,here:cm:segment:1%23*" +
      "&avoid%5BzoneCategories%5D=congestionPricing,environmental;exceptZoneIds=here:cm:envzone:3,here:cm:envzone:4" +
      "&avoid%5BzoneIdentifiers%5D=here:cm:envzone:2" +
      "&avoid%5BtruckRoadTypes%5D=BK1,ET2&avoid%5BtollTransponders%5D=all" +
      "&maxSpeedOnSegment=here:cm:segment:84905195%23-;speed=10,here:cm:segment:84905196;speed=2.5" +
      `&${TEST_KEY_QUERY}`,
  );
});

Deno.test("bad avoid options are ValueErrors naming the field, before any request", async () => {
  const many = Array.from({ length: 600 }, (_, i) => `here:cm:segment:${i}`);
  const bad: [Record<string, unknown>, string, RegExp][] = [
    [
      { avoidSegments: ["here:cm:segment:1#x"] },
      "avoidSegments[0]",
      /#\+, #- or #\*/,
    ],
    [{ avoidSegments: ["a,b"] }, "avoidSegments[0]", /segment id/],
    [{ avoidSegments: "here:cm:segment:1" }, "avoidSegments", /array/],
    [
      { avoidZones: { categories: [] } },
      "avoidZones.categories",
      /at least one/,
    ],
    [
      { avoidZones: { categories: ["lowEmission"] } },
      "avoidZones.categories[0]",
      /"environmental"/,
    ],
    [
      { avoidZones: { categories: ["vignette"], except: [] } },
      "avoidZones.except",
      /not a known option/,
    ],
    [
      { avoidZones: { categories: ["vignette"], exceptZoneIds: ["a b"] } },
      "avoidZones.exceptZoneIds[0]",
      /zone id/,
    ],
    [{ avoidZoneIds: ["x;y"] }, "avoidZoneIds[0]", /zone id/],
    [{ avoidTruckRoadTypes: ["BK 1"] }, "avoidTruckRoadTypes[0]", /road type/],
    [{ avoidTollTransponders: "some" }, "avoidTollTransponders", /"all"/],
    [
      { maxSpeedOnSegment: [{ segment: "here:cm:segment:1", speed: 0.5 }] },
      "maxSpeedOnSegment[0].speed",
      /1 m\/s or more/,
    ],
    [
      { maxSpeedOnSegment: [{ segment: "here:cm:segment:1" }] },
      "maxSpeedOnSegment[0].speed",
      /speed/,
    ],
    [
      {
        maxSpeedOnSegment: [{
          segment: "here:cm:segment:1",
          speed: 5,
          lane: 1,
        }],
      },
      "maxSpeedOnSegment[0].lane",
      /not a known option/,
    ],
    [
      {
        avoidSegments: many,
        maxSpeedOnSegment: many.map((segment) => ({ segment, speed: 5 })),
      },
      "maxSpeedOnSegment",
      /at most 1000 segments together with avoidSegments/,
    ],
  ];
  await using server = await startJsonServer(ISOLINES, example);
  for (const [params, parameter, rule] of bad) {
    const error = assertValueError(
      () => buildCalculateIsolineRequest({ ...BASE, ...params } as never),
      parameter,
    );
    assert.match(error.message, rule, JSON.stringify(params).slice(0, 200));
    await rejectsWith(
      calculateIsoline(testClient(server), { ...BASE, ...params } as never),
      ValueError,
    );
  }
  assert.equal(server.requests.length, 0);
});
