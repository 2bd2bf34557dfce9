import assert from "node:assert/strict";
import { planPath } from "./plan_path.ts";
import { distanceMeters, pathDistanceMeters } from "./travel_model.ts";

Deno.test("planPath bends around an avoided box and keeps clear of it", () => {
  const box = { west: 13.38, south: 52.48, east: 13.42, north: 52.52 };
  const a = { lat: 52.5, lng: 13.3 }, b = { lat: 52.5, lng: 13.5 };
  const path = planPath(a, b, [box]);
  assert.equal(path.blocked, false);
  assert.ok(path.points.length > 2);
  assert.deepEqual(path.points[0], a);
  assert.deepEqual(path.points[path.points.length - 1], b);
  for (const p of path.points) {
    assert.ok(
      !(p.lat > box.south && p.lat < box.north && p.lng > box.west &&
        p.lng < box.east),
    );
  }
  const around = distanceMeters(a, b, { avoidAreas: [box] });
  assert.equal(around, pathDistanceMeters(path.points));
  assert.ok(around > distanceMeters(a, b));
  // A box off the way changes nothing.
  assert.equal(
    distanceMeters(a, b, {
      avoidAreas: [{ west: 0, south: 0, east: 1, north: 1 }],
    }),
    distanceMeters(a, b),
  );
});

Deno.test("planPath: no box, or one off the way, keeps the straight leg", () => {
  const a = { lat: 52.5, lng: 13.3 }, b = { lat: 52.5, lng: 13.5 };
  assert.deepEqual(planPath(a, b), {
    points: [a, b],
    blocked: false,
    clearance: Infinity,
  });
  const off = planPath(a, b, [{ west: 0, south: 0, east: 1, north: 1 }]);
  assert.deepEqual(off.points, [a, b]);
  assert.equal(off.blocked, false);
  assert.ok(off.clearance >= 150 && off.clearance <= 1500);
});

Deno.test("planPath: a box that holds an end point is ignored and flagged", () => {
  const a = { lat: 52.5, lng: 13.3 }, b = { lat: 52.5, lng: 13.5 };
  const box = { west: 13.25, south: 52.45, east: 13.35, north: 52.55 };
  const path = planPath(a, b, [box]);
  assert.equal(path.blocked, true);
  assert.deepEqual(path.points, [a, b]);
});
