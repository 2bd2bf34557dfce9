import assert from "node:assert/strict";
import {
  AvoidBoundingBox,
  Course,
  MatchSideOfStreet,
  PlaceOptions,
  Scooter,
  ShippedHazardousGoods,
  Truck,
  TruckType,
  TunnelCategory,
  Via,
  WayPointOptions,
} from "./route_options.ts";

// ------------------------------------------------------------- constants

Deno.test("constants carry HERE's wire values", () => {
  assert.deepEqual(MatchSideOfStreet, {
    always: "always",
    onlyIfDivided: "onlyIfDivided",
  });
  assert.deepEqual(Course, { east: 90, south: 180, west: 270, north: 360 });
  assert.deepEqual(TunnelCategory, { B: "B", C: "C", D: "D", E: "E" });
  assert.deepEqual(TruckType, {
    straightTruck: "StraightTruck",
    tractor: "Tractor",
  });
  assert.equal(Object.keys(ShippedHazardousGoods).length, 11);
  for (const [key, value] of Object.entries(ShippedHazardousGoods)) {
    assert.equal(key, value);
  }
});

// ---------------------------------------------------------- option objects

Deno.test("option classes copy what they are given and nothing else", () => {
  const place = new PlaceOptions({ course: Course.north, radius: 5 });
  assert.ok(place instanceof PlaceOptions);
  assert.deepEqual({ ...place }, { course: 360, radius: 5 });
  assert.deepEqual({ ...new PlaceOptions() }, {});
  assert.deepEqual({ ...new WayPointOptions({ passThrough: true }) }, {
    passThrough: true,
  });
  assert.deepEqual({ ...new Via({ lat: 1, lng: 2 }) }, { lat: 1, lng: 2 });
  assert.deepEqual({ ...new Truck({ type: TruckType.straightTruck }) }, {
    type: "StraightTruck",
  });
  assert.deepEqual({ ...new Scooter() }, {});
  const box = { north: 2, south: 1, west: 3, east: 4 };
  assert.deepEqual({ ...new AvoidBoundingBox(box) }, box);
});
