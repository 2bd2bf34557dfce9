import assert from "node:assert/strict";
import {
  chargeAfter,
  chargingSeconds,
  consumptionReachMeters,
  type EmpiricalModel,
  energyWh,
  type PhysicalModel,
  tableValue,
} from "./_ev.ts";
import { durationSeconds } from "./travel_model.ts";

const FLAT: EmpiricalModel = {
  kind: "empirical",
  freeFlow: [[0, 0.2], [50, 0.1], [100, 0.2]],
  ascent: 0,
  descent: 0,
  auxiliary: 0,
};

const CAR: PhysicalModel = {
  kind: "physical",
  driveEfficiency: 0.9,
  recuperationEfficiency: 0.8,
  auxiliaryPower: 0,
  airDensity: 1.225,
  mass: 2000,
  rollingResistance: 0.01,
  airDrag: 0.3,
  frontalArea: 2,
};

Deno.test("tableValue: linear between pairs, flat beyond them", () => {
  assert.equal(tableValue(FLAT.freeFlow, -5), 0.2);
  assert.equal(tableValue(FLAT.freeFlow, 0), 0.2);
  assert.ok(Math.abs(tableValue(FLAT.freeFlow, 25) - 0.15) < 1e-12);
  assert.ok(Math.abs(tableValue(FLAT.freeFlow, 75) - 0.15) < 1e-12);
  assert.equal(tableValue(FLAT.freeFlow, 300), 0.2);
  assert.equal(tableValue([[30, 0.4]], 80), 0.4);
});

Deno.test("energyWh, empirical: per metre at the speed, climbs, descents, auxiliaries", () => {
  // 1000 m in 72 s is 50 km/h: 0.1 Wh/m.
  assert.equal(energyWh(FLAT, 1000, 72, 0, 0), 100);
  const hilly = { ...FLAT, ascent: 9, descent: 4, auxiliary: 2 };
  assert.equal(energyWh(hilly, 1000, 72, 10, 0), 100 + 90 + 144);
  assert.equal(energyWh(hilly, 1000, 72, 0, 10), 100 - 40 + 144);
  assert.equal(energyWh(hilly, 0, 0, 10, 0), 0);
});

Deno.test("energyWh, physical: rolling and air resistance through the drive, recuperation downhill", () => {
  const v = 20; // m/s
  const forces = 2000 * 9.81 * 0.01 + 0.5 * 1.225 * 0.3 * 2 * v * v;
  assert.ok(
    Math.abs(energyWh(CAR, 1000, 50, 0, 0) - (forces * 1000) / 0.9 / 3600) <
      1e-9,
  );
  const up = energyWh(CAR, 1000, 50, 10, 0);
  const down = energyWh(CAR, 1000, 50, 0, 10);
  assert.ok(up > energyWh(CAR, 1000, 50, 0, 0));
  // Less comes back downhill than went into the same climb.
  assert.ok(
    up - energyWh(CAR, 1000, 50, 0, 0) > energyWh(CAR, 1000, 50, 0, 0) - down,
  );
  // Faster costs more per metre (air drag).
  assert.ok(energyWh(CAR, 1000, 30, 0, 0) > energyWh(CAR, 1000, 50, 0, 0));
});

Deno.test("chargingSeconds follows the curve's steps and the station's cap; chargeAfter inverts it", () => {
  const curve: [number, number][] = [[0, 200], [40, 100], [70, 20]];
  // 10 → 40 at 150 kW (capped), 40 → 60 at 100 kW.
  const seconds = chargingSeconds(curve, 10, 60, 150);
  assert.equal(seconds, Math.round((30 / 150 + 20 / 100) * 3600));
  assert.equal(chargingSeconds(curve, 60, 60, 150), 0);
  // Beyond the last point the last power holds.
  assert.equal(
    chargingSeconds(curve, 70, 80, 150),
    Math.round((10 / 20) * 3600),
  );
  assert.ok(Math.abs(chargeAfter(curve, 10, 60, 150, seconds) - 60) < 1e-6);
  assert.equal(chargeAfter(curve, 10, 60, 150, 720), 40);
  assert.equal(chargeAfter(curve, 10, 60, 150, 1e9), 60);
});

Deno.test("consumptionReachMeters: the budget is spent at the boundary, more budget reaches farther", () => {
  const center = { lat: 52.52, lng: 13.405 };
  const options = { transportMode: "car" };
  let previous = 0;
  for (const budget of [2000, 5000, 20000]) {
    const reach = consumptionReachMeters(center, 90, budget, FLAT, options);
    assert.ok(reach > previous, `${budget} Wh reaches ${reach} m`);
    previous = reach;
    // On flat tables the energy is the table's at the trip's speed.
    const road = reach * 1.3;
    const speed = (road / durationSeconds(road, options)) * 3.6;
    const energy = tableValue(FLAT.freeFlow, speed) * road;
    assert.ok(energy <= budget, `${energy} Wh within ${budget} Wh`);
  }
  assert.equal(consumptionReachMeters(center, 0, 1, FLAT, options), 0);
});
