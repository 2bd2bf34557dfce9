import assert from "node:assert/strict";
import { assertValueError } from "../testing.ts";
import { formatDateTime } from "../params/format.ts";
import { Query } from "../params/query.ts";
import { formatAvoidAreas } from "./avoid_areas.ts";
import {
  AvoidBoundingBox,
  Course,
  MatchSideOfStreet,
} from "./route_options.ts";
import { PlaceOptions, Via, WayPointOptions } from "./route_options.ts";
import {
  formatVia,
  formatWaypoint,
  setWaypoint,
  type WaypointFormatOptions,
  type WaypointRole,
} from "./waypoints.ts";

/** formatWaypoint() for `role`, named after the role. */
function waypoint(
  role: WaypointRole,
  placeOptions?: PlaceOptions,
  waypointOptions?: WayPointOptions,
  position: [number, number] = [52.5, 13.4],
): string {
  const opts: WaypointFormatOptions = {
    role,
    parameter: role,
    placeOptions,
    waypointOptions,
  };
  return formatWaypoint(position, opts);
}

// ------------------------------------------------------------- waypoints

Deno.test("formatWaypoint() with no options is lat,lng", () => {
  assert.equal(waypoint("origin"), "52.5,13.4");
  assert.equal(waypoint("origin", {}, {}), "52.5,13.4");
  assert.equal(
    waypoint("destination", undefined, undefined, [1e-7, -0]),
    "0.0000001,0",
  );
});

Deno.test("formatWaypoint() writes each place option after ;", () => {
  const cases: [PlaceOptions, string][] = [
    [{ course: 270 }, ";course=270"],
    [{ course: 0 }, ";course=0"],
    [{ course: Course.north }, ";course=360"],
    [
      { sideOfStreetHint: [52.512149, 13.304076] },
      ";sideOfStreetHint=52.512149,13.304076",
    ],
    [
      { sideOfStreetHint: [1e-7, -1e-7] },
      ";sideOfStreetHint=0.0000001,-0.0000001",
    ],
    [
      {
        sideOfStreetHint: [52.51, 13.3],
        matchSideOfStreet: MatchSideOfStreet.always,
      },
      ";sideOfStreetHint=52.51,13.3;matchSideOfStreet=always",
    ],
    [
      { sideOfStreetHint: [52.51, 13.3], matchSideOfStreet: "onlyIfDivided" },
      ";sideOfStreetHint=52.51,13.3;matchSideOfStreet=onlyIfDivided",
    ],
    [{ nameHint: "Main St" }, ";nameHint=Main%20St"],
    [{ radius: 10 }, ";radius=10"],
    [{ radius: 0 }, ";radius=0"],
    [{ minCourseDistance: 10 }, ";minCourseDistance=10"],
  ];
  for (const [opts, suffix] of cases) {
    assert.equal(
      waypoint("origin", opts),
      `52.5,13.4${suffix}`,
      JSON.stringify(opts),
    );
  }
});

Deno.test("formatWaypoint() orders place options, then waypoint options", () => {
  const place: PlaceOptions = {
    minCourseDistance: 50,
    radius: 20,
    nameHint: "Invalidenstraße",
    matchSideOfStreet: "always",
    sideOfStreetHint: [52.512149, 13.304076],
    course: 90,
  };
  assert.equal(
    waypoint("via", place, { passThrough: false, stopDuration: 60 }),
    "52.5,13.4;course=90;sideOfStreetHint=52.512149,13.304076;matchSideOfStreet=always" +
      ";nameHint=Invalidenstra%C3%9Fe;radius=20;minCourseDistance=50!stopDuration=60!passThrough=false",
  );
});

Deno.test("formatWaypoint() encodes nameHint content strictly, delimiters stay literal", () => {
  assert.equal(
    waypoint("destination", { course: 270, nameHint: "Main St; Gate 2" }, {
      stopDuration: 300,
    }),
    "52.5,13.4;course=270;nameHint=Main%20St%3B%20Gate%202!stopDuration=300",
  );
  assert.equal(
    waypoint("origin", { nameHint: "A&B!C=D,E(F)*'+#%|:/?[]~" }),
    "52.5,13.4;nameHint=A%26B%21C%3DD%2CE%28F%29%2A%27%2B%23%25%7C%3A%2F%3F%5B%5D~",
  );
  assert.equal(
    waypoint("origin", { nameHint: "東京 駅" }),
    "52.5,13.4;nameHint=%E6%9D%B1%E4%BA%AC%20%E9%A7%85",
  );
});

Deno.test("formatWaypoint() refuses a matchSideOfStreet HERE does not list", () => {
  assertValueError(
    () =>
      waypoint("origin", {
        sideOfStreetHint: [52.5, 13.4],
        matchSideOfStreet: "newMode;x" as never,
      }),
    "originPlaceOptions.matchSideOfStreet",
    'Invalid originPlaceOptions.matchSideOfStreet: must be one of "always", "onlyIfDivided", got "newMode;x"',
  );
  assert.equal(
    waypoint("origin", {
      sideOfStreetHint: [52.5, 13.4],
      matchSideOfStreet: "onlyIfDivided",
    }),
    "52.5,13.4;sideOfStreetHint=52.5,13.4;matchSideOfStreet=onlyIfDivided",
  );
});

Deno.test("formatWaypoint() reproduces HERE's documented waypoint examples", () => {
  assert.equal(
    waypoint("origin", undefined, undefined, [52.51375, 13.42462]),
    "52.51375,13.42462",
  );
  assert.equal(
    waypoint(
      "origin",
      { course: 270, radius: 10, minCourseDistance: 10 },
      undefined,
      [52.51375, 13.42462],
    ),
    "52.51375,13.42462;course=270;radius=10;minCourseDistance=10",
  );
  assert.equal(
    waypoint(
      "via",
      { sideOfStreetHint: [52.512149, 13.304076], matchSideOfStreet: "always" },
      { stopDuration: 300 },
      [52.52, 13.43],
    ),
    "52.52,13.43;sideOfStreetHint=52.512149,13.304076;matchSideOfStreet=always!stopDuration=300",
  );
  assert.equal(
    waypoint("via", undefined, { passThrough: true }, [52.52426, 13.43]),
    "52.52426,13.43!passThrough=true",
  );
  assert.equal(
    waypoint("via", undefined, { stopDuration: 600 }, [52.52624, 13.44012]),
    "52.52624,13.44012!stopDuration=600",
  );
  assert.equal(
    waypoint("destination", { nameHint: "Main St" }, { stopDuration: 10 }, [
      52.52332,
      13.428,
    ]),
    "52.52332,13.428;nameHint=Main%20St!stopDuration=10",
  );
});

Deno.test("formatWaypoint() writes waypoint options after ! with lowercase booleans", () => {
  assert.equal(
    waypoint("destination", undefined, { stopDuration: 0 }),
    "52.5,13.4!stopDuration=0",
  );
  assert.equal(
    waypoint("destination", undefined, { stopDuration: 49999 }),
    "52.5,13.4!stopDuration=49999",
  );
  assert.equal(
    waypoint("via", undefined, { passThrough: true }),
    "52.5,13.4!passThrough=true",
  );
  assert.equal(
    waypoint("via", undefined, { passThrough: false }),
    "52.5,13.4!passThrough=false",
  );
  assert.equal(
    waypoint("via", undefined, { passThrough: true, stopDuration: 0 }),
    "52.5,13.4!stopDuration=0!passThrough=true",
  );
  assert.equal(
    waypoint("via", undefined, { passThrough: false, stopDuration: 120 }),
    "52.5,13.4!stopDuration=120!passThrough=false",
  );
});

Deno.test("formatWaypoint() accepts class instances", () => {
  const place = new PlaceOptions({ course: Course.west, nameHint: "Main St" });
  const wp = new WayPointOptions({ stopDuration: 30 });
  assert.ok(place instanceof PlaceOptions);
  assert.equal(place.course, 270);
  assert.equal(
    waypoint("destination", place, wp),
    "52.5,13.4;course=270;nameHint=Main%20St!stopDuration=30",
  );
  assert.equal(
    waypoint("origin", new PlaceOptions(), new WayPointOptions()),
    "52.5,13.4",
  );
});

Deno.test("formatWaypoint() validates the position", () => {
  assertValueError(
    () => waypoint("origin", undefined, undefined, [91, 13.4]),
    "origin",
    "Invalid origin: latitude 91 is out of range: arrays are [lat, lng]; GeoJSON is [lng, lat], got [91,13.4]",
  );
  assertValueError(
    () => waypoint("destination", undefined, undefined, [52.5, NaN]),
    "destination[1]",
  );
  assertValueError(
    () => waypoint("origin", undefined, undefined, { lat: 52.5 } as never),
    "origin.lng",
    "Invalid origin.lng: is required",
  );
  assertValueError(
    () =>
      waypoint("origin", undefined, undefined, {
        type: "LineString",
        coordinates: [[13.4, 52.5], [13.5, 52.6]],
      } as never),
    "origin",
  );
  assertValueError(
    () =>
      waypoint("origin", undefined, undefined, {
        type: "Feature",
        properties: null,
      } as never),
    "origin.geometry",
  );
  assertValueError(
    () =>
      formatWaypoint([52.5] as never, { role: "origin", parameter: "origin" }),
    "origin",
  );
});

Deno.test("formatWaypoint() validates place options, naming <parameter>PlaceOptions", () => {
  const cases: [unknown, string, string][] = [
    [
      { course: 361 },
      "originPlaceOptions.course",
      "must be an integer from 0 to 360, got 361",
    ],
    [
      { course: -1 },
      "originPlaceOptions.course",
      "must be an integer from 0 to 360, got -1",
    ],
    [
      { course: 90.5 },
      "originPlaceOptions.course",
      "must be an integer from 0 to 360, got 90.5",
    ],
    [
      { course: "90" },
      "originPlaceOptions.course",
      'must be an integer from 0 to 360, got "90"',
    ],
    [
      { radius: -1 },
      "originPlaceOptions.radius",
      "must be a non-negative integer, got -1",
    ],
    [
      { radius: 10.5 },
      "originPlaceOptions.radius",
      "must be a non-negative integer, got 10.5",
    ],
    [
      { minCourseDistance: NaN },
      "originPlaceOptions.minCourseDistance",
      "must be a non-negative integer, got NaN",
    ],
    [
      { sideOfStreetHint: [52.5, 200] },
      "originPlaceOptions.sideOfStreetHint",
      "longitude 200 is out of range: arrays are [lat, lng]; GeoJSON is [lng, lat], got [52.5,200]",
    ],
    [
      { sideOfStreetHint: { lat: 52.5 } },
      "originPlaceOptions.sideOfStreetHint.lng",
      "is required",
    ],
    [
      { sideOfStreetHint: [52.5] },
      "originPlaceOptions.sideOfStreetHint",
      "must be a [lat, lng] array of two numbers, got [52.5]",
    ],
    [
      { matchSideOfStreet: "always" },
      "originPlaceOptions.matchSideOfStreet",
      'requires sideOfStreetHint, got "always"',
    ],
    [
      { sideOfStreetHint: [52.5, 13.4], matchSideOfStreet: "" },
      "originPlaceOptions.matchSideOfStreet",
      'must be one of "always", "onlyIfDivided", got ""',
    ],
    [
      { nameHint: "" },
      "originPlaceOptions.nameHint",
      'must be a non-empty string, got ""',
    ],
    [
      { nameHint: 5 },
      "originPlaceOptions.nameHint",
      "must be a non-empty string, got 5",
    ],
    [
      { namehint: "Main St" },
      "originPlaceOptions.namehint",
      'is not a known option, got "Main St"',
    ],
    [
      { snapRadius: 10 },
      "originPlaceOptions.snapRadius",
      "is not a known option, got 10",
    ],
    [null, "originPlaceOptions", "must be an object, got null"],
    ["course=90", "originPlaceOptions", 'must be an object, got "course=90"'],
  ];
  for (const [opts, parameter, rule] of cases) {
    assertValueError(
      () => waypoint("origin", opts as PlaceOptions),
      parameter,
      `Invalid ${parameter}: ${rule}`,
    );
  }
  assertValueError(
    () => waypoint("destination", { course: 400 }),
    "destinationPlaceOptions.course",
  );
  assertValueError(
    () =>
      waypoint(
        "origin",
        new PlaceOptions({ nameHint: "x", typo: 1 } as PlaceOptions),
      ),
    "originPlaceOptions.typo",
  );
});

Deno.test("formatWaypoint() validates waypoint options, naming <parameter>WaypointOptions", () => {
  assertValueError(
    () => waypoint("destination", undefined, { stopDuration: 50000 }),
    "destinationWaypointOptions.stopDuration",
    "Invalid destinationWaypointOptions.stopDuration: must be an integer from 0 to 49999, got 50000",
  );
  assertValueError(
    () => waypoint("via", undefined, { stopDuration: -1 }),
    "viaWaypointOptions.stopDuration",
  );
  assertValueError(
    () => waypoint("via", undefined, { stopDuration: 1.5 }),
    "viaWaypointOptions.stopDuration",
  );
  assertValueError(
    () => waypoint("via", undefined, { passThrough: "true" as never }),
    "viaWaypointOptions.passThrough",
    'Invalid viaWaypointOptions.passThrough: must be a boolean, got "true"',
  );
  assertValueError(
    () =>
      waypoint("via", undefined, { charging: "(power=50)" } as WayPointOptions),
    "viaWaypointOptions.charging",
  );
});

Deno.test("formatWaypoint() forbids stopDuration on the origin, even 0", () => {
  // HERE's routing rules allow no stopDuration on the origin, not even 0,
  // although some published examples send `!stopDuration=0` there.
  for (const stopDuration of [0, 300]) {
    assertValueError(
      () => waypoint("origin", undefined, { stopDuration }),
      "originWaypointOptions.stopDuration",
      `Invalid originWaypointOptions.stopDuration: is not allowed on the origin, got ${stopDuration}`,
    );
  }
});

Deno.test("formatWaypoint() allows passThrough only on a via", () => {
  for (const role of ["origin", "destination"] as const) {
    for (const passThrough of [true, false]) {
      assertValueError(
        () => waypoint(role, undefined, { passThrough }),
        `${role}WaypointOptions.passThrough`,
        `Invalid ${role}WaypointOptions.passThrough: is only allowed on a via, got ${passThrough}`,
      );
    }
  }
});

Deno.test("formatWaypoint() forbids passThrough with stopDuration > 0", () => {
  assertValueError(
    () => waypoint("via", undefined, { passThrough: true, stopDuration: 300 }),
    "viaWaypointOptions.passThrough",
    "Invalid viaWaypointOptions.passThrough: cannot be combined with a stopDuration greater than 0, got true",
  );
});

Deno.test("formatWaypoint() uses the caller's parameter name", () => {
  assertValueError(
    () =>
      formatWaypoint([52.5, 13.4], {
        role: "origin",
        parameter: "start",
        placeOptions: { radius: -5 },
      }),
    "startPlaceOptions.radius",
  );
});

// ------------------------------------------------------------------ vias

Deno.test("formatVia() serialises a via", () => {
  assert.equal(formatVia({ lat: 52.55, lng: 13.45 }, 0), "52.55,13.45");
  assert.equal(
    formatVia({
      lat: 52.52426,
      lng: 13.43,
      waypointOptions: { passThrough: true },
    }, 0),
    "52.52426,13.43!passThrough=true",
  );
  assert.equal(
    formatVia(
      new Via({
        lat: 52.52,
        lng: 13.43,
        placeOptions: new PlaceOptions({
          sideOfStreetHint: [52.512149, 13.304076],
          matchSideOfStreet: "always",
        }),
        waypointOptions: new WayPointOptions({ stopDuration: 300 }),
      }),
      1,
    ),
    "52.52,13.43;sideOfStreetHint=52.512149,13.304076;matchSideOfStreet=always!stopDuration=300",
  );
  assert.equal(
    formatVia({ lat: -1e-7, lng: 1e-7, placeOptions: { nameHint: "a b" } }, 0),
    "-0.0000001,0.0000001;nameHint=a%20b",
  );
});

Deno.test("formatVia() names errors via[<index>]", () => {
  assertValueError(
    () => formatVia({ lat: 52.5, lng: 190 }, 3),
    "via[3].lng",
    "Invalid via[3].lng: must be a longitude from -180 to 180, got 190",
  );
  assertValueError(
    () => formatVia({ lat: "52.5", lng: 13.4 } as never, 0),
    "via[0].lat",
  );
  assertValueError(() => formatVia({ lng: 13.4 } as never, 0), "via[0].lat");
  assertValueError(
    () => formatVia({ lat: 52.5, lng: 13.4, placeOptions: { course: 999 } }, 0),
    "via[0].placeOptions.course",
  );
  assertValueError(
    () =>
      formatVia({
        lat: 52.5,
        lng: 13.4,
        placeOptions: { matchSideOfStreet: "always" },
      }, 1),
    "via[1].placeOptions.matchSideOfStreet",
  );
  assertValueError(
    () =>
      formatVia({
        lat: 52.5,
        lng: 13.4,
        waypointOptions: { stopDuration: 50000 },
      }, 2),
    "via[2].waypointOptions.stopDuration",
  );
  assertValueError(
    () =>
      formatVia({
        lat: 52.5,
        lng: 13.4,
        waypointOptions: { passThrough: true, stopDuration: 1 },
      }, 2),
    "via[2].waypointOptions.passThrough",
  );
  assertValueError(
    () => formatVia({ lat: 52.5, lng: 13.4, name: "x" } as Via, 4),
    "via[4].name",
  );
  assertValueError(
    () => formatVia(null as never, 5),
    "via[5]",
    "Invalid via[5]: must be a point: [lat, lng], { lat, lng }, or a GeoJSON Point or Feature with a Point geometry, got null",
  );
  assertValueError(() => formatVia([52.5, 13.4, 0], 1), "via[1]");
  assertValueError(() => formatVia([95, 13.4], 1), "via[1]");
  assertValueError(
    () => formatVia({ point: { lat: 52.5 } }, 2),
    "via[2].point.lng",
  );
  assertValueError(
    () => formatVia({ point: [52.5, 13.4], waypointOption: {} }, 2),
    "via[2].waypointOption",
    "Invalid via[2].waypointOption: is not a known option, got {}",
  );
  assertValueError(
    () => formatVia({ point: [52.5, 13.4], lat: 52.5 }, 2),
    "via[2].lat",
  );
  assertValueError(
    () => formatVia({ lat: 52.5, lng: 13.4, placeOption: {} }, 2),
    "via[2].placeOption",
  );
  assertValueError(
    () => formatVia({ type: "Feature", properties: null }, 3),
    "via[3].geometry",
  );
});

Deno.test("formatVia() takes any point, and any point with options", () => {
  const cases: [unknown, string][] = [
    [[52.52, 13.43], "52.52,13.43"],
    [{ lat: 52.52, lng: 13.43 }, "52.52,13.43"],
    // A response location with its elevation.
    [{ lat: 52.52, lng: 13.43, elv: 34 }, "52.52,13.43"],
    [{ type: "Point", coordinates: [13.43, 52.52] }, "52.52,13.43"],
    [
      {
        type: "Feature",
        properties: { name: "Alex" },
        geometry: { type: "Point", coordinates: [13.43, 52.52] },
      },
      "52.52,13.43",
    ],
    [
      { point: [52.52, 13.43], waypointOptions: { passThrough: true } },
      "52.52,13.43!passThrough=true",
    ],
    [
      {
        point: { type: "Point", coordinates: [13.43, 52.52] },
        placeOptions: {
          sideOfStreetHint: { lat: 52.521, lng: 13.431 },
          matchSideOfStreet: "always",
        },
        waypointOptions: { stopDuration: 120 },
      },
      "52.52,13.43;sideOfStreetHint=52.521,13.431;matchSideOfStreet=always!stopDuration=120",
    ],
  ];
  for (const [via, expected] of cases) {
    assert.equal(formatVia(via, 0), expected, JSON.stringify(via));
  }
});

Deno.test("vias go on the wire as repeated keys", () => {
  const vias: Via[] = [
    { lat: 52.51, lng: 13.41, waypointOptions: { passThrough: true } },
    { lat: 52.52, lng: 13.42, waypointOptions: { stopDuration: 60 } },
  ];
  const q = new Query();
  vias.forEach((via, i) => q.append("via", formatVia(via, i)));
  assert.equal(
    q.toString(),
    "via=52.51,13.41!passThrough=true&via=52.52,13.42!stopDuration=60",
  );
});

Deno.test("a full routing query, with the stopDuration moved off the origin", () => {
  const q = new Query()
    .set("transportMode", "car")
    .setStructured(
      "origin",
      formatWaypoint([52.5, 13.4], {
        role: "origin",
        parameter: "origin",
        placeOptions: { nameHint: "Main St; Gate 2" },
      }),
    )
    .setStructured(
      "destination",
      formatWaypoint([52.6, 13.5], {
        role: "destination",
        parameter: "destination",
        waypointOptions: { stopDuration: 0 },
      }),
    )
    .append(
      "via",
      formatVia({
        lat: 52.55,
        lng: 13.45,
        waypointOptions: { passThrough: true },
      }, 0),
    )
    .set(
      "departureTime",
      formatDateTime("2024-05-01T08:30:00+02:00", "departureTime"),
    )
    .set("return", ["polyline", "summary"])
    .setStructured(
      "avoid[areas]",
      formatAvoidAreas([
        { west: 13.41, south: 52.51, east: 13.43, north: 52.53 },
        new AvoidBoundingBox({
          west: 13.44,
          south: 52.54,
          east: 13.46,
          north: 52.56,
        }),
      ]),
    );
  assert.equal(
    q.toString(),
    "transportMode=car&origin=52.5,13.4;nameHint=Main%20St%3B%20Gate%202" +
      "&destination=52.6,13.5!stopDuration=0&via=52.55,13.45!passThrough=true" +
      "&departureTime=2024-05-01T08%3A30%3A00%2B02%3A00&return=polyline,summary" +
      "&avoid%5Bareas%5D=bbox:13.41,52.51,13.43,52.53%7Cbbox:13.44,52.54,13.46,52.56",
  );
  // `origin=...!stopDuration=0` as such examples write it is refused.
  assertValueError(
    () =>
      formatWaypoint([52.5, 13.4], {
        role: "origin",
        parameter: "origin",
        placeOptions: { nameHint: "Main St; Gate 2" },
        waypointOptions: { stopDuration: 0 },
      }),
    "originWaypointOptions.stopDuration",
  );
});

// -------------------------------------------------------------- setWaypoint

Deno.test("setWaypoint() sets origin or destination from the flat parameters", () => {
  const params = {
    origin: [52.5, 13.4] as [number, number],
    originPlaceOptions: { course: 90 },
    destination: [52.6, 13.5] as [number, number],
    destinationWaypointOptions: { stopDuration: 60 },
  };
  const q = new Query();
  setWaypoint(q, "origin", params);
  assert.equal(setWaypoint(q, "destination", params), q);
  assert.equal(
    q.toString(),
    "origin=52.5,13.4;course=90&destination=52.6,13.5!stopDuration=60",
  );
});

Deno.test("setWaypoint() names the flat parameters in errors", () => {
  assertValueError(() => setWaypoint(new Query(), "origin", {}), "origin");
  assertValueError(
    () =>
      setWaypoint(new Query(), "origin", {
        origin: [52.5, 13.4],
        originWaypointOptions: { stopDuration: 0 },
      }),
    "originWaypointOptions.stopDuration",
  );
  assertValueError(
    () =>
      setWaypoint(new Query(), "destination", {
        destination: [52.5, 13.4],
        destinationPlaceOptions: { radius: -1 },
      }),
    "destinationPlaceOptions.radius",
  );
});
