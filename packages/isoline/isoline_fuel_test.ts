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
  range: [2000],
  rangeType: "consumption",
  transportMode: "car",
};
const FREE_FLOW = [[0, 0.07], [50, 0.05], [130, 0.08]] as const;

Deno.test("fuel goes out as fuel[…] keys after the range, a consumption range in ml", async () => {
  await using server = await startJsonServer(ISOLINES, example);
  await calculateIsoline(testClient(server), {
    ...BASE,
    fuel: {
      type: "diesel",
      freeFlowSpeedTable: FREE_FLOW,
      trafficSpeedTable: [[0, 0.1], [30, 0.08]],
      additionalConsumption: 0.3,
      ascent: 1e-7,
    },
  });
  assert.equal(
    onlyRequest(server, ISOLINES).rawQuery,
    "transportMode=car&origin=52.5,13.4&range%5Btype%5D=consumption&range%5Bvalues%5D=2000" +
      "&routingMode=fast&optimizeFor=balanced" +
      "&fuel%5Btype%5D=diesel&fuel%5BfreeFlowSpeedTable%5D=0,0.07,50,0.05,130,0.08" +
      "&fuel%5BtrafficSpeedTable%5D=0,0.1,30,0.08" +
      "&fuel%5BadditionalConsumption%5D=0.3&fuel%5Bascent%5D=0.0000001" +
      `&${TEST_KEY_QUERY}`,
  );
});

Deno.test("fuel[type] alone goes with a time range", async () => {
  await using server = await startJsonServer(ISOLINES, example);
  await calculateIsoline(testClient(server), {
    ...BASE,
    rangeType: "time",
    transportMode: "truck",
    fuel: { type: "lng" },
  });
  assert.match(
    onlyRequest(server, ISOLINES).rawQuery,
    /&optimizeFor=balanced&fuel%5Btype%5D=lng&/,
  );
});

Deno.test("fuel's dependencies and rules are ValueErrors before any request", async () => {
  const ev = { freeFlowSpeedTable: [[0, 0.2]] };
  const bad: [Record<string, unknown>, string, RegExp][] = [
    [
      { fuel: { type: "diesel", freeFlowSpeedTable: FREE_FLOW }, ev },
      "fuel",
      /cannot be combined with ev/,
    ],
    [
      { fuel: { type: "diesel" } },
      "fuel.freeFlowSpeedTable",
      /required for rangeType "consumption"/,
    ],
    [{}, "ev", /or give fuel/],
    [
      { transportMode: "bicycle", rangeType: "time", fuel: { type: "petrol" } },
      "fuel",
      /E605028/,
    ],
    [{ fuel: { freeFlowSpeedTable: FREE_FLOW } }, "fuel.type", /"diesel"/],
    [
      { fuel: { type: "coal", freeFlowSpeedTable: FREE_FLOW } },
      "fuel.type",
      /"hydrogen"/,
    ],
    [
      { rangeType: "time", fuel: { type: "lpg", ascent: 0.1 } },
      "fuel.ascent",
      /requires fuel.freeFlowSpeedTable/,
    ],
    [
      {
        rangeType: "time",
        fuel: { type: "lpg", trafficSpeedTable: FREE_FLOW },
      },
      "fuel.trafficSpeedTable",
      /requires fuel.freeFlowSpeedTable/,
    ],
    [
      { fuel: { type: "cng", freeFlowSpeedTable: [[50, 0.05], [50, 0.06]] } },
      "fuel.freeFlowSpeedTable[1][0]",
      /strictly up/,
    ],
    [
      { fuel: { type: "cng", freeFlowSpeedTable: [[50.5, 0.05]] } },
      "fuel.freeFlowSpeedTable[0][0]",
      /integer/,
    ],
    [
      { fuel: { type: "cng", freeFlowSpeedTable: [[50, -1]] } },
      "fuel.freeFlowSpeedTable[0][1]",
      /0 or more/,
    ],
    [
      { fuel: { type: "cng", freeFlowSpeedTable: [] } },
      "fuel.freeFlowSpeedTable",
      /non-empty/,
    ],
    [
      { fuel: { type: "cng", freeFlowSpeedTable: [[0, 1]], ascent: NaN } },
      "fuel.ascent",
      /finite/,
    ],
    [
      { fuel: { type: "cng", freeFlowSpeedTable: [[0, 1]], descent: 1 } },
      "fuel.descent",
      /not a known option/,
    ],
    [{ fuel: "diesel" }, "fuel", /object/],
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
