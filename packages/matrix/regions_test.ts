import assert from "node:assert/strict";
import { assertValueError } from "@ls/core/testing";
import {
  AutoCircleRegion,
  BoundingBoxRegion,
  CircleRegion,
  DEFAULT_AUTO_CIRCLE_MARGIN,
  PolygonRegion,
  type RegionDefinition,
  regionToJson,
  WorldRegion,
} from "./mod.ts";

Deno.test("regions: classes carry their type and copy their init", () => {
  assert.deepEqual(
    { ...new CircleRegion({ center: { lat: 1, lng: 2 }, radius: 3 }) },
    { center: { lat: 1, lng: 2 }, radius: 3, type: "circle" },
  );
  assert.equal(
    new BoundingBoxRegion({ north: 1, south: 0, west: 0, east: 1 }).type,
    "boundingBox",
  );
  assert.equal(new PolygonRegion({ outer: [] }).type, "polygon");
  assert.deepEqual({ ...new AutoCircleRegion() }, { type: "autoCircle" });
  assert.deepEqual({ ...new WorldRegion() }, { type: "world" });
});

Deno.test("regions: regionToJson puts type first and defaults the autoCircle margin", () => {
  assert.deepEqual(
    Object.keys(
      regionToJson(
        new CircleRegion({ radius: 5, center: { lng: 13, lat: 52 } }),
      ),
    ),
    ["type", "center", "radius"],
  );
  assert.deepEqual(regionToJson({ type: "autoCircle" }), {
    type: "autoCircle",
    margin: DEFAULT_AUTO_CIRCLE_MARGIN,
  });
  assert.equal(DEFAULT_AUTO_CIRCLE_MARGIN, 10000);
  // A box across the antimeridian is sent unchanged.
  assert.deepEqual(
    regionToJson({
      type: "boundingBox",
      north: 10,
      south: 0,
      west: 170,
      east: -170,
    }),
    { type: "boundingBox", north: 10, south: 0, west: 170, east: -170 },
  );
});

const INVALID: [string, unknown, string, RegExp?][] = [
  ["not an object", null, "regionDefinition"],
  [
    "unknown type",
    { type: "hexagon" },
    "regionDefinition.type",
    /must be one of "circle", "boundingBox", "polygon", "autoCircle", "world"/,
  ],
  [
    "circle without radius",
    { type: "circle", center: { lat: 1, lng: 2 } },
    "regionDefinition.radius",
  ],
  ["circle with a fractional radius", {
    type: "circle",
    center: { lat: 1, lng: 2 },
    radius: 1.5,
  }, "regionDefinition.radius"],
  ["circle centre out of range", {
    type: "circle",
    center: { lat: 91, lng: 2 },
    radius: 1,
  }, "regionDefinition.center.lat"],
  ["circle with a typo", {
    type: "circle",
    center: { lat: 1, lng: 2 },
    radius: 1,
    radus: 2,
  }, "regionDefinition.radus"],
  [
    "box south above north",
    { type: "boundingBox", north: 0, south: 1, west: 0, east: 1 },
    "regionDefinition",
    /south must not be greater than north/,
  ],
  [
    "box missing east",
    { type: "boundingBox", north: 1, south: 0, west: 0 },
    "regionDefinition.east",
  ],
  [
    "polygon not an array",
    { type: "polygon", outer: "52,13" },
    "regionDefinition.outer",
  ],
  ["polygon with two vertices", {
    type: "polygon",
    outer: [{ lat: 1, lng: 1 }, { lat: 2, lng: 2 }],
  }, "regionDefinition.outer"],
  [
    "polygon with an odd count",
    { type: "polygon", outer: [1, 2, 3, 4, 5, 6, 7] },
    "regionDefinition.outer",
    /even count/,
  ],
  ["polygon with a bad longitude", {
    type: "polygon",
    outer: [1, 2, 3, 4, 5, 200],
  }, "regionDefinition.outer[5]"],
  ["polygon mixing forms", {
    type: "polygon",
    outer: [{ lat: 1, lng: 1 }, 2, 3],
  }, "regionDefinition.outer"],
  ["polygon with a bad vertex", {
    type: "polygon",
    outer: [{ lat: 1, lng: 1 }, { lat: 2 }, { lat: 3, lng: 3 }],
  }, "regionDefinition.outer[1].lng"],
  [
    "autoCircle with a negative margin",
    { type: "autoCircle", margin: -1 },
    "regionDefinition.margin",
  ],
  [
    "world with extra keys",
    { type: "world", radius: 1 },
    "regionDefinition.radius",
  ],
];

for (const [name, region, parameter, message] of INVALID) {
  Deno.test(`regions: ${name} is a ValueError`, () => {
    const err = assertValueError(
      () => regionToJson(region as RegionDefinition),
      parameter,
    );
    if (message) assert.match(err.message, message);
  });
}
