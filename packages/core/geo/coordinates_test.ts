import assert from "node:assert/strict";
import { assertValueError } from "../testing.ts";
import { Query } from "../params/query.ts";
import { inBbox, inCircle } from "./area.ts";
import {
  type BoundingBox,
  formatLatLng,
  inCountryCodes,
  type LatLng,
  validateBbox,
  validateCountryCodes,
  validateLatLng,
  validateLatLngObject,
} from "./coordinates.ts";

const expectValueError = assertValueError;

Deno.test("validateLatLng() accepts positions up to the range limits", () => {
  for (
    const p of [[52.5, 13.4], [90, 180], [-90, -180], [0, 0], [
      1e-7,
      -1e-7,
    ]] as LatLng[]
  ) {
    assert.deepEqual(validateLatLng(p, "origin"), p);
  }
});

Deno.test("validateLatLng() returns a fresh tuple", () => {
  const input: LatLng = [52.5, 13.4];
  const out = validateLatLng(input, "origin");
  assert.notEqual(out, input);
  assert.deepEqual(out, input);
});

Deno.test("validateLatLng() rejects out-of-range and non-finite coordinates", () => {
  expectValueError(
    () => validateLatLng([90.0001, 13.4], "origin"),
    "origin[0]",
    "Invalid origin[0]: must be a latitude from -90 to 90, got 90.0001",
  );
  expectValueError(() => validateLatLng([-91, 13.4], "origin"), "origin[0]");
  expectValueError(
    () => validateLatLng([52.5, -180.5], "origin"),
    "origin[1]",
    "Invalid origin[1]: must be a longitude from -180 to 180, got -180.5",
  );
  expectValueError(
    () => validateLatLng([52.5, 181], "destination"),
    "destination[1]",
  );
  expectValueError(() => validateLatLng([NaN, 13.4], "at"), "at[0]");
  expectValueError(() => validateLatLng([52.5, Infinity], "at"), "at[1]");
  expectValueError(() => validateLatLng(["52.5", 13.4], "at"), "at[0]");
  expectValueError(() => validateLatLng([null, 13.4], "at"), "at[0]");
});

Deno.test("validateLatLng() requires exactly two elements in an array", () => {
  const rule = "must be a [lat, lng] array";
  expectValueError(
    () => validateLatLng([52.5], "origin"),
    "origin",
    `Invalid origin: ${rule}, got [52.5]`,
  );
  expectValueError(() => validateLatLng([52.5, 13.4, 10], "origin"), "origin");
  expectValueError(() => validateLatLng([], "origin"), "origin");
  expectValueError(
    () => validateLatLng({ lat: 52.5, lng: 13.4 }, "origin"),
    "origin",
  );
  expectValueError(() => validateLatLng("52.5,13.4", "origin"), "origin");
  expectValueError(() => validateLatLng(undefined, "origin"), "origin");
});

Deno.test("validateLatLngObject() accepts {lat, lng} and drops other keys", () => {
  assert.deepEqual(
    validateLatLngObject({ lat: 52.5, lng: 13.4 }, "origins[0]"),
    { lat: 52.5, lng: 13.4 },
  );
  assert.deepEqual(validateLatLngObject({ lat: -90, lng: 180, elv: 34 }, "p"), {
    lat: -90,
    lng: 180,
  });
});

Deno.test("validateLatLngObject() names the offending field", () => {
  expectValueError(
    () => validateLatLngObject({ lat: 100, lng: 13.4 }, "origins[2]"),
    "origins[2].lat",
    "Invalid origins[2].lat: must be a latitude from -90 to 90, got 100",
  );
  expectValueError(
    () => validateLatLngObject({ lat: 52.5, lng: NaN }, "center"),
    "center.lng",
  );
  expectValueError(
    () => validateLatLngObject({ lat: 52.5, lon: 13.4 }, "center"),
    "center.lng",
  );
  expectValueError(
    () => validateLatLngObject([52.5, 13.4], "center"),
    "center",
    "Invalid center: must be an object with lat and lng, got [52.5,13.4]",
  );
  expectValueError(() => validateLatLngObject(null, "center"), "center");
});

Deno.test("validateBbox() accepts [west, south, east, north]", () => {
  const box: BoundingBox = [13.08836, 52.33812, 13.761, 52.6755];
  assert.deepEqual(validateBbox(box, "bbox"), box);
  assert.deepEqual(validateBbox([-180, -90, 180, 90], "bbox"), [
    -180,
    -90,
    180,
    90,
  ]);
  // Degenerate boxes (a line, a point) are left to HERE.
  assert.deepEqual(validateBbox([13, 52, 13, 52], "bbox"), [13, 52, 13, 52]);
});

Deno.test("validateBbox() passes a box across the antimeridian (west > east) unchanged", () => {
  assert.deepEqual(validateBbox([170, -50, -170, -30], "bbox"), [
    170,
    -50,
    -170,
    -30,
  ]);
});

Deno.test("validateBbox() rejects south > north, bad ranges and shapes", () => {
  expectValueError(
    () => validateBbox([13.08, 52.7, 13.76, 52.3], "bbox"),
    "bbox",
    "Invalid bbox: south must not be greater than north, got [13.08,52.7,13.76,52.3]",
  );
  expectValueError(
    () => validateBbox([-181, 52.3, 13.76, 52.7], "bbox"),
    "bbox[0]",
  );
  expectValueError(
    () => validateBbox([13.08, -91, 13.76, 52.7], "bbox"),
    "bbox[1]",
  );
  expectValueError(
    () => validateBbox([13.08, 52.3, 180.1, 52.7], "bbox"),
    "bbox[2]",
  );
  expectValueError(
    () => validateBbox([13.08, 52.3, 13.76, 90.5], "bbox"),
    "bbox[3]",
  );
  expectValueError(
    () => validateBbox([13.08, 52.3, NaN, 52.7], "bbox"),
    "bbox[2]",
  );
  expectValueError(
    () => validateBbox([13.08, 52.3, 13.76], "bbox"),
    "bbox",
    "Invalid bbox: must be a [west, south, east, north] array, got [13.08,52.3,13.76]",
  );
  expectValueError(() => validateBbox([1, 2, 3, 4, 5], "bbox"), "bbox");
  expectValueError(
    () => validateBbox({ west: 1, south: 2, east: 3, north: 4 }, "bbox"),
    "bbox",
  );
});

Deno.test("formatLatLng() writes plain decimals, never exponents", () => {
  assert.equal(formatLatLng(52.5, 13.4), "52.5,13.4");
  assert.equal(formatLatLng(52.51375, 13.42462), "52.51375,13.42462");
  assert.equal(formatLatLng(-33.8688, -151.2093), "-33.8688,-151.2093");
  assert.equal(formatLatLng(1e-7, -1e-7), "0.0000001,-0.0000001");
  assert.equal(formatLatLng(-0, 0), "0,0");
  assert.equal(
    formatLatLng(52.1234567891, 13.0000000001),
    "52.1234567891,13.0000000001",
  );
  expectValueError(() => formatLatLng(NaN, 13.4, "at"), "at");
  expectValueError(() => formatLatLng(52.5, Infinity), "position");
});

Deno.test("validateCountryCodes() accepts upper-case alpha-3 codes by default", () => {
  assert.deepEqual(validateCountryCodes(["DEU", "FRA"], "countryCodes"), [
    "DEU",
    "FRA",
  ]);
  assert.deepEqual(validateCountryCodes(["XEA"], "countryCodes"), ["XEA"]);
  assert.deepEqual(validateCountryCodes(["CHE"], "c", { alpha: 3 }), ["CHE"]);
});

Deno.test("validateCountryCodes() accepts alpha-2 codes on request", () => {
  assert.deepEqual(validateCountryCodes(["DE", "FR"], "c", { alpha: 2 }), [
    "DE",
    "FR",
  ]);
  expectValueError(
    () => validateCountryCodes(["DEU"], "c", { alpha: 2 }),
    "c[0]",
    'Invalid c[0]: must be an upper-case ISO 3166-1 alpha-2 code, got "DEU"',
  );
});

Deno.test("validateCountryCodes() rejects lower case, wrong length, non-letters and empty lists", () => {
  expectValueError(
    () => validateCountryCodes(["DEU", "fra"], "countryCodes"),
    "countryCodes[1]",
    'Invalid countryCodes[1]: must be an upper-case ISO 3166-1 alpha-3 code, got "fra"',
  );
  expectValueError(() => validateCountryCodes(["Deu"], "c"), "c[0]");
  expectValueError(() => validateCountryCodes(["DE"], "c"), "c[0]");
  expectValueError(() => validateCountryCodes(["DEUT"], "c"), "c[0]");
  expectValueError(() => validateCountryCodes(["D3U"], "c"), "c[0]");
  expectValueError(() => validateCountryCodes([" DEU"], "c"), "c[0]");
  expectValueError(() => validateCountryCodes([276], "c"), "c[0]");
  expectValueError(
    () => validateCountryCodes([], "c"),
    "c",
    "Invalid c: must be a non-empty array of ISO 3166-1 alpha-3 codes, got []",
  );
  expectValueError(() => validateCountryCodes("DEU", "c"), "c");
  expectValueError(() => validateCountryCodes(undefined, "c"), "c");
});

Deno.test("inCircle() builds circle:lat,lng;r=radius", () => {
  assert.equal(
    inCircle({ lat: 52.53, lng: 13.38, radius: 10000 }),
    "circle:52.53,13.38;r=10000",
  );
  assert.equal(
    inCircle({ lat: 1e-7, lng: -0.5, radius: 1 }),
    "circle:0.0000001,-0.5;r=1",
  );
});

Deno.test("inCircle() requires a positive integer radius and a valid centre", () => {
  expectValueError(
    () => inCircle({ lat: 52.53, lng: 13.38, radius: 0 }),
    "in.radius",
    "Invalid in.radius: must be a positive integer, got 0",
  );
  expectValueError(
    () => inCircle({ lat: 52.53, lng: 13.38, radius: 1500.5 }),
    "in.radius",
  );
  expectValueError(
    () => inCircle({ lat: 52.53, lng: 13.38, radius: -10 }),
    "in.radius",
  );
  expectValueError(
    () => inCircle({ lat: 52.53, lng: 13.38, radius: 1e300 }),
    "in.radius",
  );
  expectValueError(
    () => inCircle({ lat: 95, lng: 13.38, radius: 10 }),
    "in.lat",
  );
  expectValueError(
    () => inCircle({ lat: 52.5, lng: 13.38 } as never, "searchInCircle"),
    "searchInCircle.radius",
  );
});

Deno.test("inBbox() builds bbox:west,south,east,north", () => {
  assert.equal(
    inBbox([13.08836, 52.33812, 13.761, 52.6755]),
    "bbox:13.08836,52.33812,13.761,52.6755",
  );
  assert.equal(inBbox([170, -50, -170, -30]), "bbox:170,-50,-170,-30");
  assert.equal(inBbox([-1e-7, 0, 1e-7, 1]), "bbox:-0.0000001,0,0.0000001,1");
  expectValueError(() => inBbox([13.08, 52.7, 13.76, 52.3]), "in");
  expectValueError(() => inBbox([13.08, 52.3, 200, 52.7], "bbox"), "bbox[2]");
});

Deno.test("inCountryCodes() builds countryCode:A,B", () => {
  assert.equal(inCountryCodes(["DEU", "FRA"]), "countryCode:DEU,FRA");
  assert.equal(inCountryCodes(["USA"]), "countryCode:USA");
  expectValueError(() => inCountryCodes([]), "in");
  expectValueError(
    () => inCountryCodes(["DEU", "de"], "countryCodes"),
    "countryCodes[1]",
  );
});

Deno.test("in= values go on the wire with literal delimiters", () => {
  const circle = new Query()
    .set("q", "café & bar")
    .setStructured("in", inCircle({ lat: 52.52, lng: 13.405, radius: 1500 }))
    .set("limit", 5);
  assert.equal(
    circle.toString(),
    "q=caf%C3%A9%20%26%20bar&in=circle:52.52,13.405;r=1500&limit=5",
  );
  const bbox = new Query().set("q", "coffee").setStructured(
    "in",
    inBbox([13.08836, 52.33812, 13.761, 52.6755]),
  );
  assert.equal(
    bbox.toString(),
    "q=coffee&in=bbox:13.08836,52.33812,13.761,52.6755",
  );
  const countries = new Query().setStructured(
    "in",
    inCountryCodes(["DEU", "FRA"]),
  );
  assert.equal(countries.toString(), "in=countryCode:DEU,FRA");
});
