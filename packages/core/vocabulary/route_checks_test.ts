import assert from "node:assert/strict";
import { assertValueError } from "../testing.ts";
import {
  avoidFeaturesValue,
  evWireNames,
  sendsDefault,
  truckWireNames,
} from "./route_checks.ts";
import { TRUCK_FIELDS } from "./vehicles.ts";

Deno.test("avoidFeaturesValue: HERE's values pass; uTurns only where HERE has it", () => {
  assert.equal(avoidFeaturesValue(undefined, "car"), undefined);
  for (const mode of ["car", "truck", "taxi", "bus"]) {
    assert.deepEqual(avoidFeaturesValue(["uTurns"], mode), ["uTurns"]);
  }
  for (const mode of ["bicycle", "pedestrian", "scooter"]) {
    const e = assertValueError(
      () => avoidFeaturesValue(["ferry", "uTurns"], mode),
      "avoidFeatures",
    );
    assert.match(e.message, new RegExp(`"uTurns" for transportMode "${mode}"`));
    assert.match(e.message, /HERE answers E605011/);
  }
  assertValueError(
    () => avoidFeaturesValue(["tollRoads"], "car"),
    "avoidFeatures[0]",
  );
  assertValueError(() => avoidFeaturesValue("ferry", "car"), "avoidFeatures");
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

Deno.test("evWireNames: every EV option, battery keys for routes only", () => {
  const route = evWireNames();
  assert.equal(route.consumptionModel, "ev.consumptionModel");
  assert.equal(route["ev[freeFlowSpeedTable]"], "ev.freeFlowSpeedTable");
  assert.equal(route["ev[makeReachable]"], "ev.makeReachable");
  assert.equal(route["vehicle[width]"], "ev.width");
  assert.equal(Object.keys(route).length, 30);
  const isoline = evWireNames(true);
  assert.equal(isoline["ev[airDensity]"], "ev.airDensity");
  assert.equal(isoline["ev[initialCharge]"], undefined);
  assert.equal(Object.keys(isoline).length, 16);
});

Deno.test("truckWireNames: each truck field under truck[…] and vehicle[…]", () => {
  const names = truckWireNames();
  assert.equal(Object.keys(names).length, 2 * TRUCK_FIELDS.length);
  for (const key of TRUCK_FIELDS) {
    assert.equal(names[`truck[${key}]`], `truck.${key}`);
    assert.equal(names[`vehicle[${key}]`], `truck.${key}`);
  }
});
