import assert from "node:assert/strict";
import { assertValueError } from "./testing.ts";
import { Query } from "./query.ts";
import { AvoidBoundingBox } from "./options.ts";
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
  assert.deepEqual(avoidAreaToJson(json as AvoidBoundingBox), json);
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
