import assert from "node:assert/strict";
import * as z from "zod/mini";
import { ValueError } from "../errors/errors.ts";
import {
  formatPoint,
  type LatLngLike,
  parsePoint,
  parsePoints,
  pointSchema,
} from "./point.ts";
import { parseWith } from "../params/validate.ts";

const BERLIN = { lat: 52.52, lng: 13.405 };

Deno.test("parsePoint reads every form to { lat, lng }", () => {
  const forms: LatLngLike[] = [
    [52.52, 13.405],
    [52.52, 13.405] as const,
    BERLIN,
    { ...BERLIN, elv: 30, title: "x" } as LatLngLike,
    { type: "Point", coordinates: [13.405, 52.52] },
    { type: "Point", coordinates: [13.405, 52.52, 34] },
    {
      type: "Feature",
      properties: null,
      geometry: { type: "Point", coordinates: [13.405, 52.52] },
    },
    {
      type: "Feature",
      properties: { name: "Berlin" },
      id: 3,
      geometry: { type: "Point", coordinates: [13.405, 52.52] },
    },
  ];
  for (const form of forms) {
    const got = parsePoint(form, "at");
    assert.deepEqual(got, BERLIN);
    assert.notEqual(got, form);
  }
});

Deno.test("parsePoint accepts the edges of the ranges", () => {
  assert.deepEqual(parsePoint([-90, 180], "at"), { lat: -90, lng: 180 });
  assert.deepEqual(parsePoint([90, -180], "at"), { lat: 90, lng: -180 });
  assert.deepEqual(
    parsePoint({ type: "Point", coordinates: [-180, 90] }, "at"),
    {
      lat: 90,
      lng: -180,
    },
  );
});

function message(value: unknown, parameter = "origin"): string {
  try {
    parsePoint(value, parameter);
  } catch (error) {
    assert.ok(error instanceof ValueError);
    assert.ok(error.parameter.startsWith(parameter));
    return error.message;
  }
  assert.fail("no error");
}

Deno.test("parsePoint rejects bad shapes with a ValueError naming the place", () => {
  const cases: [unknown, string][] = [
    [
      [NaN, 13.4],
      "Invalid origin[0]: must be a latitude from -90 to 90, got NaN",
    ],
    [
      [52.5, Infinity],
      "Invalid origin[1]: must be a longitude from -180 to 180, got Infinity",
    ],
    [
      [52.5, 13.4, 0],
      "Invalid origin: must be a [lat, lng] array of two numbers, got [52.5,13.4,0]",
    ],
    [
      [52.5],
      "Invalid origin: must be a [lat, lng] array of two numbers, got [52.5]",
    ],
    [
      ["52.5", "13.4"],
      'Invalid origin[0]: must be a latitude from -90 to 90, got "52.5"',
    ],
    [
      [139.7, 35.6],
      "Invalid origin: latitude 139.7 is out of range: arrays are [lat, lng]; GeoJSON is [lng, lat], got [139.7,35.6]",
    ],
    [
      [35.6, 200],
      "Invalid origin: longitude 200 is out of range: arrays are [lat, lng]; GeoJSON is [lng, lat], got [35.6,200]",
    ],
    [
      { type: "Point", coordinates: [35.6, 139.7] },
      "Invalid origin.coordinates: latitude 139.7 is out of range: GeoJSON is [lng, lat]; arrays are [lat, lng], got [35.6,139.7]",
    ],
    [
      { type: "Point", coordinates: [13.4] },
      "Invalid origin.coordinates: must be a GeoJSON position [lng, lat], got [13.4]",
    ],
    [
      { type: "Point" },
      "Invalid origin.coordinates: must be a GeoJSON position [lng, lat], got undefined",
    ],
    [
      { type: "Point", coordinates: [13.4, 52.5, "x"] },
      'Invalid origin.coordinates[2]: must be an altitude in metres, got "x"',
    ],
    [
      { type: "LineString", coordinates: [[13.4, 52.5], [13.5, 52.6]] },
      "Invalid origin: must be a point: [lat, lng], { lat, lng }, or a GeoJSON Point or Feature with a Point geometry, got a GeoJSON LineString",
    ],
    [
      { type: "Feature", properties: {} },
      "Invalid origin.geometry: is required: a Feature used as a point needs a Point",
    ],
    [
      { type: "Feature", properties: {}, geometry: null },
      "Invalid origin.geometry: must be a GeoJSON Point, got null",
    ],
    [
      { type: "Feature", geometry: { type: "Polygon", coordinates: [] } },
      "Invalid origin.geometry: must be a GeoJSON Point, got a GeoJSON Polygon",
    ],
    [
      { type: "FeatureCollection", features: [] },
      "Invalid origin: must be a point: [lat, lng], { lat, lng }, or a GeoJSON Point or Feature with a Point geometry, got a GeoJSON FeatureCollection",
    ],
    [{ lat: 52.5 }, "Invalid origin.lng: is required"],
    [
      { type: "Point", coordinates: [13.4, 52.5], lat: 13.4, lng: 52.5 },
      "Invalid origin: must not have both a GeoJSON type and lat/lng",
    ],
    [
      { type: "Feature", lat: 52.5, lng: 13.4, geometry: null },
      "Invalid origin: must not have both a GeoJSON type and lat/lng",
    ],
    [{ lng: 13.4 }, "Invalid origin.lat: is required"],
    [
      { lat: 95, lng: 13.4 },
      "Invalid origin.lat: must be a latitude from -90 to 90, got 95",
    ],
    [
      { lat: null, lng: 13.4 },
      "Invalid origin.lat: must be a latitude from -90 to 90, got null",
    ],
    [
      { latitude: 52.5, longitude: 13.4 },
      'Invalid origin: must be a point: [lat, lng], { lat, lng }, or a GeoJSON Point or Feature with a Point geometry, got {"latitude":52.5,"longitude":13.4}',
    ],
    [
      null,
      "Invalid origin: must be a point: [lat, lng], { lat, lng }, or a GeoJSON Point or Feature with a Point geometry, got null",
    ],
    [undefined, "Invalid origin: is required"],
    [
      "52.5,13.4",
      'Invalid origin: must be a point: [lat, lng], { lat, lng }, or a GeoJSON Point or Feature with a Point geometry, got "52.5,13.4"',
    ],
  ];
  for (const [value, expected] of cases) {
    assert.equal(message(value), expected, JSON.stringify(value));
  }
});

Deno.test("what a caller's own getter or proxy throws passes through unchanged, as the README promises", () => {
  const boom = new TypeError("boom");
  const hostile = new Proxy({}, {
    get() {
      throw boom;
    },
  });
  assert.throws(() => parsePoint(hostile, "at"), (e) => e === boom);
  assert.throws(
    () => parseWith(pointSchema(), hostile, "at"),
    (e) => e === boom,
  );
  const array = new Proxy([52, 13], {
    get(target, key) {
      if (key === "0") throw boom;
      return Reflect.get(target, key);
    },
  });
  assert.throws(() => parsePoint(array, "at"), (e) => e === boom);
});

Deno.test("pointSchema reports the path inside a larger value", () => {
  const jobs = z.array(z.object({ location: pointSchema() }));
  assert.throws(
    () =>
      parseWith(
        jobs,
        [{ location: { type: "Feature", geometry: null } }],
        "jobs",
      ),
    {
      message:
        "Invalid jobs[0].location.geometry: must be a GeoJSON Point, got null",
    },
  );
  assert.throws(() => parseWith(jobs, [{}], "jobs"), {
    message: "Invalid jobs[0].location: is required",
  });
});

Deno.test("parsePoints and formatPoint", () => {
  assert.throws(() => parsePoints("x", "origins", 1), ValueError);
  assert.throws(() => parsePoints([[52.5, 13.4], [95, 0]], "origins"), {
    message:
      "Invalid origins[1]: latitude 95 is out of range: arrays are [lat, lng]; GeoJSON is [lng, lat], got [95,0]",
  });
  assert.equal(formatPoint([-0, 1e-7], "at"), "0,0.0000001");
});

Deno.test("parsePoints refuses a hole in the list by its index, as it refuses undefined", () => {
  // deno-lint-ignore no-sparse-arrays
  const sparse = [[52.5, 13.4], , [52.6, 13.5]];
  assert.throws(() => parsePoints(sparse, "route", 2), {
    message: "Invalid route[1]: is required",
  });
});

Deno.test("extra keys: a place's type is ignored; lat and lng are never taken from a polluted prototype", () => {
  assert.deepEqual(parsePoint({ lat: 52, lng: 13, type: "depot" }, "at"), {
    lat: 52,
    lng: 13,
  });
  assert.deepEqual(parsePoint({ lat: 52, lng: 13, type: null }, "at"), {
    lat: 52,
    lng: 13,
  });
  const proto = Object.prototype as Record<string, unknown>;
  proto.lat = 10;
  proto.lng = 20;
  try {
    assert.throws(() => parsePoint({}, "at"), { name: "ValueError" });
    assert.throws(() => parsePoint(new Date(0), "at"), { name: "ValueError" });
  } finally {
    delete proto.lat;
    delete proto.lng;
  }
  // A class's own getters still count.
  class Place {
    get lat(): number {
      return 52;
    }
    get lng(): number {
      return 13;
    }
  }
  assert.deepEqual(parsePoint(new Place(), "at"), { lat: 52, lng: 13 });
});
