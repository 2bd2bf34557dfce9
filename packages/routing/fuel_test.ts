import assert from "node:assert/strict";
import {
  assertValueError,
  startJsonServer,
  TEST_KEY_QUERY,
  testClient,
} from "@ls/core/testing";
import {
  buildCarRouteRequest,
  buildPedestrianRouteRequest,
  carRoute,
  type CarRoutingParams,
  type RoutingParams,
} from "./mod.ts";

const ENDS: RoutingParams = {
  origin: [52.5, 13.4],
  destination: [51.05, 13.74],
};
const DEFAULTS = "routingMode=fast&alternatives=0&units=metric&lang=en-US";

Deno.test("fuel: fuel[…] after the common keys, tables flat; the summary's fuel and CO₂ typed", async () => {
  await using server = await startJsonServer("GET /v8/routes", {
    routes: [{
      id: "r0",
      sections: [{
        id: "s0",
        type: "vehicle",
        departure: {
          place: { type: "place", location: { lat: 52.5, lng: 13.4 } },
        },
        arrival: {
          place: { type: "place", location: { lat: 51.05, lng: 13.74 } },
        },
        transport: { mode: "car" },
        summary: {
          duration: 7000,
          length: 190_000,
          consumption: 11.4,
          co2Emission: 30.1,
        },
        consumptionType: "diesel",
      }],
    }],
  });
  const res = await carRoute(testClient(server), {
    ...ENDS,
    returnResults: ["summary"],
    fuel: {
      type: "diesel",
      freeFlowSpeedTable: [[0, 0.0725], [90, 0.06]],
      trafficSpeedTable: [[0, 0.09]],
      additionalConsumption: 0.0000001,
      ascent: 0.5,
    },
  });
  assert.equal(
    server.requests[0].rawQuery,
    "transportMode=car&origin=52.5,13.4&destination=51.05,13.74&" + DEFAULTS +
      "&return=summary&fuel%5Btype%5D=diesel" +
      "&fuel%5BfreeFlowSpeedTable%5D=0,0.0725,90,0.06" +
      "&fuel%5BtrafficSpeedTable%5D=0,0.09" +
      "&fuel%5BadditionalConsumption%5D=0.0000001&fuel%5Bascent%5D=0.5" +
      `&${TEST_KEY_QUERY}`,
  );
  const [section] = res.routes[0].sections;
  assert.equal(section.summary?.consumption, 11.4);
  assert.equal(section.summary?.co2Emission, 30.1);
  assert.equal(section.raw.consumptionType, "diesel");
});

Deno.test("fuel: HERE's rules are ValueErrors before any request", () => {
  const bad: [unknown, string, string?][] = [
    [{ freeFlowSpeedTable: [[0, 0.07]] }, "fuel.type"],
    [{ type: "kerosene" }, "fuel.type"],
    [
      { type: "diesel", ascent: 0.5 },
      "fuel.ascent",
      "requires fuel.freeFlowSpeedTable",
    ],
    [
      { type: "diesel", trafficSpeedTable: [[0, 0.1]] },
      "fuel.trafficSpeedTable",
    ],
    [
      { type: "diesel", freeFlowSpeedTable: [[10, 0.1], [5, 0.2]] },
      "fuel.freeFlowSpeedTable[1][0]",
    ],
    [
      { type: "diesel", freeFlowSpeedTable: [[0, -1]] },
      "fuel.freeFlowSpeedTable[0][1]",
    ],
    [{
      type: "diesel",
      freeFlowSpeedTable: [[0, 0.1]],
      additionalConsumption: -1,
    }, "fuel.additionalConsumption"],
    [
      { type: "diesel", freeFlowSpeedTable: [[0, 0.1]], ascent: NaN },
      "fuel.ascent",
    ],
    [{ type: "diesel", tank: 60 }, "fuel.tank"],
    ["diesel", "fuel"],
    [null, "fuel"],
  ];
  for (const [fuel, parameter, rule] of bad) {
    const e = assertValueError(
      () => buildCarRouteRequest({ ...ENDS, fuel: fuel as never }),
      parameter,
    );
    if (rule) assert.match(e.message, new RegExp(rule));
  }
  const both: CarRoutingParams = {
    ...ENDS,
    fuel: { type: "diesel" },
    ev: { freeFlowSpeedTable: [[0, 0.2]] },
  };
  const e = assertValueError(() => buildCarRouteRequest(both), "fuel");
  assert.match(e.message, /^Invalid fuel: not with ev/);
  assertValueError(
    () =>
      buildPedestrianRouteRequest(
        { ...ENDS, fuel: { type: "diesel" } } as never,
      ),
    "fuel",
  );
});
