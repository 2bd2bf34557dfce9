import assert from "node:assert/strict";
import { assertValueError } from "../testing.ts";
import { Query } from "../params/query.ts";
import { AvoidBoundingBox } from "./route_options.ts";
import {
  avoidAreaToJson,
  formatAvoidAreas,
  formatCountryList,
} from "./avoid_areas.ts";

// ----------------------------------------------------------- avoid areas

Deno.test("formatAvoidAreas() writes bbox:west,south,east,north joined by %7C", () => {
  assert.equal(
    formatAvoidAreas([{
      north: 52.53,
      south: 52.51,
      west: 13.41,
      east: 13.43,
    }]),
    "bbox:13.41,52.51,13.43,52.53",
  );
  assert.equal(
    formatAvoidAreas([
      { west: 13.41, south: 52.51, east: 13.43, north: 52.53 },
      { west: 13.44, south: 52.54, east: 13.46, north: 52.56 },
    ]),
    "bbox:13.41,52.51,13.43,52.53%7Cbbox:13.44,52.54,13.46,52.56",
  );
  assert.equal(
    formatAvoidAreas([{ west: -1e-7, south: -33.9, east: 1e-7, north: -33.8 }]),
    "bbox:-0.0000001,-33.9,0.0000001,-33.8",
  );
  // West > east crosses the antimeridian and is sent unchanged.
  assert.equal(
    formatAvoidAreas([{ west: 179, south: -17, east: -179, north: -16 }]),
    "bbox:179,-17,-179,-16",
  );
});

Deno.test("formatAvoidAreas() returns undefined for no areas, so the key is omitted", () => {
  assert.equal(formatAvoidAreas([]), undefined);
  assert.equal(formatAvoidAreas(undefined), undefined);
  assert.equal(
    new Query().setStructured("avoid[areas]", formatAvoidAreas([])).toString(),
    "",
  );
});

Deno.test("formatAvoidAreas() validates each area", () => {
  assertValueError(
    () =>
      formatAvoidAreas([
        { west: 13.41, south: 52.51, east: 13.43, north: 52.53 },
        { west: 13.44, south: 52.54, east: 13.46, north: 91 },
      ]),
    "avoidAreas[1].north",
    "Invalid avoidAreas[1].north: must be a latitude from -90 to 90, got 91",
  );
  assertValueError(
    () =>
      formatAvoidAreas([{
        west: 13.41,
        south: 52.6,
        east: 13.43,
        north: 52.5,
      }]),
    "avoidAreas[0]",
    'Invalid avoidAreas[0]: south must not be greater than north, got {"west":13.41,"south":52.6,"east":13.43,"north":52.5}',
  );
  assertValueError(
    () => formatAvoidAreas([{ west: -181, south: 1, east: 2, north: 3 }]),
    "avoidAreas[0].west",
  );
  assertValueError(
    () => formatAvoidAreas([{ west: 1, south: 1, east: NaN, north: 3 }]),
    "avoidAreas[0].east",
  );
  assertValueError(
    () => formatAvoidAreas([{ west: 1, south: 1, east: 2 } as never]),
    "avoidAreas[0].north",
  );
  assertValueError(
    () => formatAvoidAreas("bbox:1,2,3,4" as never),
    "avoidAreas",
    'Invalid avoidAreas: must be an array, got "bbox:1,2,3,4"',
  );
  const many = Array.from(
    { length: 251 },
    () => ({ west: 1, south: 1, east: 2, north: 2 }),
  );
  assertValueError(
    () => formatAvoidAreas(many),
    "avoidAreas",
    "Invalid avoidAreas: must have at most 250 areas, got an array of 251 items",
  );
  assert.equal(formatAvoidAreas(many.slice(1))?.split("%7C").length, 250);
  assertValueError(
    () =>
      formatAvoidAreas(
        [{ west: 1, south: 3, east: 2, north: 2 }],
        "avoid.areas",
      ),
    "avoid.areas[0]",
  );
});

Deno.test("avoidAreaToJson() gives matrix's boundingBox object", () => {
  assert.deepEqual(
    avoidAreaToJson({ north: 52.53, south: 52.51, west: 13.41, east: 13.43 }),
    {
      type: "boundingBox",
      north: 52.53,
      south: 52.51,
      west: 13.41,
      east: 13.43,
    },
  );
  const area = new AvoidBoundingBox({
    north: 1,
    south: 0,
    west: 179,
    east: -179,
  });
  assert.ok(area instanceof AvoidBoundingBox);
  assert.deepEqual(avoidAreaToJson(area), {
    type: "boundingBox",
    north: 1,
    south: 0,
    west: 179,
    east: -179,
  });
  // Its own JSON form may be passed back in.
  const json = avoidAreaToJson(area);
  assert.deepEqual(avoidAreaToJson(json), json);
  assertValueError(
    () => avoidAreaToJson({ north: 0, south: 1, west: 0, east: 1 }),
    "avoidArea",
  );
  assertValueError(
    () =>
      avoidAreaToJson(
        { north: 1, south: 0, west: 0, east: 1e3 },
        "avoid.areas[2]",
      ),
    "avoid.areas[2].east",
  );
});

Deno.test("formatAvoidAreas() takes boxes as arrays and polygons of any points", () => {
  assert.equal(
    formatAvoidAreas([[13.41, 52.51, 13.43, 52.53]]),
    "bbox:13.41,52.51,13.43,52.53",
  );
  // The box's own JSON form (with its type) passes back in.
  assert.equal(
    formatAvoidAreas([{
      type: "boundingBox",
      west: 13.41,
      south: 52.51,
      east: 13.43,
      north: 52.53,
    }]),
    "bbox:13.41,52.51,13.43,52.53",
  );
  const outer = [
    [52.5, 13.4],
    { lat: 52.6, lng: 13.4, elv: 40 },
    { type: "Point", coordinates: [13.5, 52.6] },
    {
      type: "Feature",
      properties: null,
      geometry: { type: "Point", coordinates: [13.5, 52.5] },
    },
  ];
  assert.equal(
    formatAvoidAreas([
      { type: "polygon", outer },
      { west: 13.41, south: 52.51, east: 13.43, north: 52.53 },
    ]),
    "polygon:52.5,13.4;52.6,13.4;52.6,13.5;52.5,13.5%7Cbbox:13.41,52.51,13.43,52.53",
  );
  assert.equal(
    formatAvoidAreas([{ type: "polygon", outer: [[1e-7, 0], [1, 0], [1, 1]] }]),
    "polygon:0.0000001,0;1,0;1,1",
  );
});

Deno.test("formatAvoidAreas() names the bad part of a polygon", () => {
  const good = [[52.5, 13.4], [52.6, 13.4], [52.6, 13.5]];
  assertValueError(
    () => formatAvoidAreas([{ type: "polygon", outer: good.slice(0, 2) }]),
    "avoidAreas[0].outer",
    "Invalid avoidAreas[0].outer: must be an array of at least 3 points, got [[52.5,13.4],[52.6,13.4]]",
  );
  assertValueError(
    () => formatAvoidAreas([{ type: "polygon" }]),
    "avoidAreas[0].outer",
  );
  assertValueError(
    () => formatAvoidAreas([{ type: "polygon", outer: [...good, [95, 13.4]] }]),
    "avoidAreas[0].outer[3]",
    "Invalid avoidAreas[0].outer[3]: latitude 95 is out of range: arrays are [lat, lng]; GeoJSON is [lng, lat], got [95,13.4]",
  );
  assertValueError(
    () =>
      formatAvoidAreas([{ type: "polygon", outer: [...good, { lat: 52.5 }] }]),
    "avoidAreas[0].outer[3].lng",
  );
  assertValueError(
    () =>
      formatAvoidAreas([{
        type: "polygon",
        outer: [...good, { type: "LineString", coordinates: [[1, 2], [3, 4]] }],
      }]),
    "avoidAreas[0].outer[3]",
  );
  assertValueError(
    () => formatAvoidAreas([{ type: "polygon", outer: good, inner: [] }]),
    "avoidAreas[0].inner",
  );
  assertValueError(
    () => formatAvoidAreas([{ type: "Polygon", coordinates: [] }]),
    "avoidAreas[0]",
  );
  assertValueError(() => formatAvoidAreas(["bbox:1,2,3,4"]), "avoidAreas[0]");
  assertValueError(() => formatAvoidAreas([null]), "avoidAreas[0]");
  assertValueError(
    () => formatAvoidAreas([[13.4, 52.5, 13.5]]),
    "avoidAreas[0]",
  );
  // HERE's limits: 100 points per polygon, 20 polygons.
  const ring = Array.from({ length: 101 }, (_, i) => [0, i / 1000]);
  assertValueError(
    () => formatAvoidAreas([{ type: "polygon", outer: ring }]),
    "avoidAreas[0].outer",
  );
  assert.ok(formatAvoidAreas([{ type: "polygon", outer: ring.slice(1) }]));
  const polygons = Array.from(
    { length: 21 },
    () => ({ type: "polygon", outer: good }),
  );
  assertValueError(
    () => formatAvoidAreas(polygons),
    "avoidAreas",
    "Invalid avoidAreas: must have at most 20 polygons (HERE's limit), got 21",
  );
  assert.equal(
    formatAvoidAreas(polygons.slice(1))?.split("%7C").length,
    20,
  );
});

Deno.test("avoidAreaToJson() gives a polygon's vertices as { lat, lng }", () => {
  assert.deepEqual(
    avoidAreaToJson({
      type: "polygon",
      outer: [[52.5, 13.4], { lat: 52.6, lng: 13.4 }, {
        type: "Point",
        coordinates: [13.5, 52.6],
      }],
    }),
    {
      type: "polygon",
      outer: [
        { lat: 52.5, lng: 13.4 },
        { lat: 52.6, lng: 13.4 },
        { lat: 52.6, lng: 13.5 },
      ],
    },
  );
  assert.deepEqual(avoidAreaToJson([13.41, 52.51, 13.43, 52.53]), {
    type: "boundingBox",
    north: 52.53,
    south: 52.51,
    west: 13.41,
    east: 13.43,
  });
  assertValueError(
    () =>
      avoidAreaToJson({ type: "polygon", outer: [[1, 2]] }, "avoid.areas[0]"),
    "avoid.areas[0].outer",
  );
});

// -------------------------------------------------------------- exclude

Deno.test("formatCountryList() joins alpha-3 codes for exclude[countries]", () => {
  assert.equal(formatCountryList(["CHE", "AUT"]), "CHE,AUT");
  assert.equal(formatCountryList([]), undefined);
  assert.equal(formatCountryList(undefined), undefined);
  assert.equal(
    new Query().setStructured(
      "exclude[countries]",
      formatCountryList(["CHE", "AUT"]),
    ).toString(),
    "exclude%5Bcountries%5D=CHE,AUT",
  );
  assertValueError(
    () => formatCountryList(["CHE", "aut"]),
    "excludeCountries[1]",
    'Invalid excludeCountries[1]: must be an upper-case ISO 3166-1 alpha-3 code, got "aut"',
  );
  assertValueError(
    () => formatCountryList(["CH"], "exclude.countries"),
    "exclude.countries[0]",
  );
});
