import assert from "node:assert/strict";
import { seededRandom as random } from "@ls/core/testing";
import { coveringCircle, haversine } from "./_covering_circle.ts";

Deno.test("covering circle: two points give their midpoint and half the distance", () => {
  const a = { lat: 52.5, lng: 13.3 };
  const b = { lat: 52.5, lng: 13.5 };
  const c = coveringCircle([a, b], 0);
  const half = haversine(a, b) / 2;
  assert.ok(Math.abs(c.center.lat - 52.5) < 1e-3);
  assert.ok(Math.abs(c.center.lng - 13.4) < 1e-6);
  assert.ok(c.radius >= half && c.radius <= half * 1.006 + 2);
});

Deno.test("covering circle: random clouds are covered, near-minimal, with the margin", () => {
  const rnd = random(3);
  for (let round = 0; round < 20; round++) {
    const lat0 = -60 + rnd() * 120;
    const lng0 = -180 + rnd() * 360; // some clouds straddle the antimeridian
    const points = Array.from({ length: 1 + Math.floor(rnd() * 400) }, () => {
      let lng = lng0 + (rnd() - 0.5) * 2;
      if (lng > 180) lng -= 360;
      if (lng < -180) lng += 360;
      return { lat: lat0 + (rnd() - 0.5) * 2, lng };
    });
    const c = coveringCircle(points, 500);
    assert.ok(Number.isInteger(c.radius));
    assert.ok(c.center.lng >= -180 && c.center.lng <= 180);
    let far = 0;
    for (const p of points) far = Math.max(far, haversine(c.center, p));
    assert.ok(far + 500 <= c.radius, `round ${round}: covers all`);
    // No point pair is farther apart than the diameter: the circle is not
    // needlessly large (minimal up to projection error).
    let diameter = 0;
    for (let i = 0; i < points.length; i += 7) {
      for (let j = 0; j < points.length; j++) {
        diameter = Math.max(diameter, haversine(points[i], points[j]));
      }
    }
    assert.ok(c.radius - 500 <= diameter * 0.6 + 2, `round ${round}: tight`);
  }
});
