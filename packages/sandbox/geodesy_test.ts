import assert from "node:assert/strict";
import {
  destinationPoint,
  EARTH_RADIUS_METERS,
  haversineMeters,
  initialBearing,
  intermediatePoint,
} from "./geodesy.ts";

const BERLIN = { lat: 52.52, lng: 13.405 };
const MUNICH = { lat: 48.1374, lng: 11.5755 };

Deno.test("haversineMeters: symmetric, zero for one point, a quarter meridian", () => {
  assert.equal(
    haversineMeters(BERLIN, MUNICH),
    haversineMeters(MUNICH, BERLIN),
  );
  assert.equal(haversineMeters(BERLIN, BERLIN), 0);
  assert.ok(
    Math.abs(
      haversineMeters({ lat: 0, lng: 0 }, { lat: 90, lng: 0 }) -
        (Math.PI / 2) * EARTH_RADIUS_METERS,
    ) < 1e-6,
  );
  // Antipodes: half the circumference, within float rounding near asin(1).
  assert.ok(
    Math.abs(
      haversineMeters({ lat: 10, lng: 20 }, { lat: -10, lng: -160 }) -
        Math.PI * EARTH_RADIUS_METERS,
    ) < 1,
  );
});

Deno.test("destinationPoint inverts initialBearing and haversineMeters", () => {
  const bearing = initialBearing(BERLIN, MUNICH);
  const distance = haversineMeters(BERLIN, MUNICH);
  const p = destinationPoint(BERLIN, bearing, distance);
  assert.ok(haversineMeters(p, MUNICH) < 0.01);
  for (const b of [0, 45, 90, 180, 270, 359]) {
    const q = destinationPoint(BERLIN, b, 10_000);
    assert.ok(Math.abs(haversineMeters(BERLIN, q) - 10_000) < 1e-6);
    assert.ok(
      Math.abs(((initialBearing(BERLIN, q) - b + 540) % 360) - 180) < 1e-6,
    );
  }
  // Longitudes wrap into [-180, 180).
  assert.ok(destinationPoint({ lat: 0, lng: 179.9 }, 90, 50_000).lng < -179);
});

Deno.test("intermediatePoint: the ends, and a point on the way", () => {
  assert.deepEqual(intermediatePoint(BERLIN, BERLIN, 0.5), BERLIN);
  const start = intermediatePoint(BERLIN, MUNICH, 0);
  const end = intermediatePoint(BERLIN, MUNICH, 1);
  assert.ok(haversineMeters(start, BERLIN) < 1e-6);
  assert.ok(haversineMeters(end, MUNICH) < 1e-6);
  const third = intermediatePoint(BERLIN, MUNICH, 1 / 3);
  const total = haversineMeters(BERLIN, MUNICH);
  assert.ok(Math.abs(haversineMeters(BERLIN, third) - total / 3) < 1e-6);
  assert.ok(Math.abs(haversineMeters(third, MUNICH) - (2 * total) / 3) < 1e-6);
});
