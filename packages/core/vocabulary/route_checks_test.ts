import assert from "node:assert/strict";
import { assertValueError } from "../testing.ts";
import {
  evWireNames,
  sendsDefault,
  setAvoid,
  setRoutingMode,
  truckWireNames,
} from "./route_checks.ts";
import { Query } from "../params/query.ts";
import { TRUCK_FIELDS } from "./vehicles.ts";

Deno.test("setAvoid: HERE's features and areas; uTurns only where HERE has it", () => {
  const avoid = (params: object, mode: string) =>
    setAvoid(new Query(), params, mode).toString();
  assert.equal(avoid({}, "car"), "");
  assert.equal(avoid({ avoidFeatures: [], avoidAreas: [] }, "car"), "");
  for (const mode of ["car", "truck", "taxi", "bus"]) {
    assert.equal(
      avoid({ avoidFeatures: ["uTurns"] }, mode),
      "avoid%5Bfeatures%5D=uTurns",
    );
  }
  for (const mode of ["bicycle", "pedestrian", "scooter"]) {
    const e = assertValueError(
      () => avoid({ avoidFeatures: ["ferry", "uTurns"] }, mode),
      "avoidFeatures",
    );
    assert.match(e.message, new RegExp(`"uTurns" for transportMode "${mode}"`));
    assert.match(e.message, /HERE answers E605011/);
  }
  // difficultTurns is a truck's alone (a networkRestrictedTruck's too).
  assert.equal(
    avoid({ avoidFeatures: ["difficultTurns"] }, "truck"),
    "avoid%5Bfeatures%5D=difficultTurns",
  );
  for (const mode of ["car", "taxi", "bus", "privateBus", "scooter"]) {
    const e = assertValueError(
      () => avoid({ avoidFeatures: ["difficultTurns"] }, mode),
      "avoidFeatures",
    );
    assert.match(e.message, /"difficultTurns" for transportMode/);
    assert.match(e.message, /HERE answers E605011/);
  }
  assertValueError(
    () => avoid({ avoidFeatures: ["tollRoads"] }, "car"),
    "avoidFeatures[0]",
  );
  assertValueError(
    () => avoid({ avoidFeatures: "ferry" }, "car"),
    "avoidFeatures",
  );
  assertValueError(
    () =>
      avoid(
        { avoidAreas: [{ west: 13, south: 53, east: 14, north: 52 }] },
        "car",
      ),
    "avoidAreas[0]",
  );
});

Deno.test("sendsDefault: a default gives way to options.query; a given value does not", () => {
  const sends = sendsDefault({ routingMode: "eco", inherited: undefined });
  assert.equal(sends("routingMode", undefined), false);
  assert.equal(sends("routingMode", "fast"), true);
  assert.equal(sends("units", undefined), true);
  assert.equal(sendsDefault(undefined)("routingMode", undefined), true);
  // Only own keys count.
  const extra = Object.create({ lang: "de" });
  assert.equal(sendsDefault(extra)("lang", undefined), true);
});

Deno.test("setRoutingMode: fast by default, unless options.query has it; short where HERE has it", () => {
  const routingMode = (value: unknown, mode: string, extra?: object) =>
    setRoutingMode(new Query(), value, mode, extra as never).toString();
  assert.equal(routingMode(undefined, "car"), "routingMode=fast");
  assert.equal(routingMode(undefined, "car", { routingMode: "eco" }), "");
  assert.equal(
    routingMode("short", "truck", { routingMode: "eco" }),
    "routingMode=short",
  );
  assert.equal(routingMode(undefined, "pedestrian"), "routingMode=fast");
  assertValueError(() => routingMode("short", "bicycle"), "routingMode");
  assertValueError(() => routingMode("fastest", "car"), "routingMode");
});

Deno.test("evWireNames: every EV option, battery keys for routes only", () => {
  const route = evWireNames();
  assert.equal(route.consumptionModel, "ev.consumptionModel");
  assert.equal(route["ev[freeFlowSpeedTable]"], "ev.freeFlowSpeedTable");
  assert.equal(route["ev[makeReachable]"], "ev.makeReachable");
  assert.equal(route["vehicle[width]"], "ev.width");
  assert.equal(route["ev[auxiliaryPowerCurve]"], "ev.auxiliaryPowerCurve");
  assert.equal(Object.keys(route).length, 31);
  const isoline = evWireNames(true);
  assert.equal(isoline["ev[airDensity]"], "ev.airDensity");
  assert.equal(isoline["ev[initialCharge]"], undefined);
  assert.equal(isoline["ev[auxiliaryPowerCurve]"], "ev.auxiliaryPowerCurve");
  assert.equal(Object.keys(isoline).length, 17);
});

Deno.test("truckWireNames: each truck field under truck[…] and vehicle[…]", () => {
  const names = truckWireNames();
  assert.equal(Object.keys(names).length, 2 * TRUCK_FIELDS.length);
  for (const key of TRUCK_FIELDS) {
    assert.equal(names[`truck[${key}]`], `truck.${key}`);
    assert.equal(names[`vehicle[${key}]`], `truck.${key}`);
  }
});
