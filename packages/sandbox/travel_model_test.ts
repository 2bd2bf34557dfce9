import assert from "node:assert/strict";
import { destinationPoint, haversineMeters } from "./geodesy.ts";
import {
  DETOUR_FACTOR,
  distanceMeters,
  durationSeconds,
  isolineRadiusMeters,
  reachableDistanceMeters,
  SPEED_PROFILES,
  speedProfile,
  TRANSPORT_MODES,
  travel,
} from "./travel_model.ts";

const BERLIN = { lat: 52.52, lng: 13.405 };
const POTSDAM = { lat: 52.3906, lng: 13.0645 };

Deno.test("distance is the rounded great-circle length times the detour factor", () => {
  const h = haversineMeters(BERLIN, POTSDAM);
  assert.equal(distanceMeters(BERLIN, POTSDAM), Math.round(h * DETOUR_FACTOR));
  assert.equal(
    distanceMeters(BERLIN, POTSDAM, { routingMode: "short" }),
    Math.round(h * 1.2),
  );
  assert.equal(distanceMeters(BERLIN, BERLIN), 0);
  assert.equal(
    distanceMeters(BERLIN, POTSDAM),
    distanceMeters(POTSDAM, BERLIN),
  );
});

Deno.test("duration moves from urban to highway speed with trip length", () => {
  const car = SPEED_PROFILES.car;
  assert.equal(durationSeconds(0), 0);
  // Very short trips run at urban speed, very long ones approach highway speed.
  assert.equal(durationSeconds(100), Math.round(100 / car.urban));
  const long = 2_000_000;
  const speed = long / durationSeconds(long);
  assert.ok(
    speed < car.highway && speed > car.highway * 0.95,
    `speed ${speed}`,
  );
  // Constant-speed modes are exact.
  assert.equal(durationSeconds(1390, { transportMode: "pedestrian" }), 1000);
  // Monotone in distance for every mode.
  for (const mode of TRANSPORT_MODES) {
    let last = -1;
    for (let d = 0; d <= 500_000; d += 997) {
      const t = durationSeconds(d, { transportMode: mode });
      assert.ok(t >= last, `${mode} at ${d}`);
      last = t;
    }
  }
});

Deno.test("options change speeds as documented", () => {
  const base = speedProfile({ transportMode: "car" });
  assert.equal(
    speedProfile({ transportMode: "car", routingMode: "short" }).highway,
    base.highway * 0.85,
  );
  assert.equal(
    speedProfile({
      transportMode: "car",
      avoidFeatures: ["controlledAccessHighway"],
    }).highway,
    base.highway * 0.7,
  );
  assert.deepEqual(speedProfile({ transportMode: "pedestrian", speed: 1.1 }), {
    urban: 1.1,
    highway: 1.1,
  });
  assert.deepEqual(speedProfile({ transportMode: "hovercraft" }), base);
});

Deno.test("reachableDistanceMeters inverts durationSeconds exactly", () => {
  for (const mode of ["car", "truck", "bicycle", "pedestrian", "scooter"]) {
    for (const T of [1, 59, 300, 601, 3600, 7200, 32400]) {
      const d = reachableDistanceMeters({ type: "time", value: T }, {
        transportMode: mode,
      });
      assert.ok(
        durationSeconds(d, { transportMode: mode }) <= T,
        `${mode} ${T}`,
      );
      assert.ok(
        durationSeconds(d + 1, { transportMode: mode }) > T,
        `${mode} ${T} +1`,
      );
    }
  }
  assert.equal(
    reachableDistanceMeters({ type: "distance", value: 5000 }),
    5000,
  );
});

Deno.test("isoline radius points are reachable within range", () => {
  for (
    const range of [{ type: "time", value: 900 }, {
      type: "distance",
      value: 12_345,
    }]
  ) {
    const r = isolineRadiusMeters(range);
    for (let b = 0; b < 360; b += 7) {
      const p = destinationPoint(BERLIN, b, r);
      const d = distanceMeters(BERLIN, p);
      const limit = range.type === "time" ? durationSeconds(d) : d;
      assert.ok(
        limit <= range.value,
        `bearing ${b}: ${limit} > ${range.value}`,
      );
    }
  }
});

Deno.test("a box that holds an end point is driven through and flagged", () => {
  const box = { west: 13.2, south: 52.4, east: 13.5, north: 52.6 };
  const t = travel(BERLIN, POTSDAM, { avoidAreas: [box] });
  assert.equal(t.blocked, true);
  assert.equal(t.distance, distanceMeters(BERLIN, POTSDAM));
});
