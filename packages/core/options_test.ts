import assert from "node:assert/strict";
import { assertValueError } from "./testing.ts";
import { formatDateTime } from "./format.ts";
import { Query } from "./query.ts";
import {
  appendScooter,
  appendTruck,
  avoidAreaToJson,
  AvoidBoundingBox,
  Course,
  formatAvoidAreas,
  formatCountryList,
  formatVia,
  formatWaypoint,
  MatchSideOfStreet,
  PlaceOptions,
  Scooter,
  ShippedHazardousGoods,
  Truck,
  truckToJson,
  TruckType,
  TunnelCategory,
  Via,
  type WaypointFormatOptions,
  WayPointOptions,
  type WaypointRole,
} from "./options.ts";

const expectValueError = assertValueError;

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

/** The query string appendTruck() produces. */
function truckQuery(truck: Truck | undefined, parameter?: string): string {
  return appendTruck(new Query(), truck, parameter).toString();
}

// ------------------------------------------------------------- constants

Deno.test("constants carry HERE's wire values", () => {
  assert.deepEqual(MatchSideOfStreet, {
    always: "always",
    onlyIfDivided: "onlyIfDivided",
  });
  assert.deepEqual(Course, { east: 90, south: 180, west: 270, north: 360 });
  assert.deepEqual(TunnelCategory, { B: "B", C: "C", D: "D", E: "E" });
  assert.deepEqual(TruckType, { straight: "straight", tractor: "tractor" });
  assert.equal(Object.keys(ShippedHazardousGoods).length, 11);
  for (const [key, value] of Object.entries(ShippedHazardousGoods)) {
    assert.equal(key, value);
  }
});

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

Deno.test("formatWaypoint() passes unknown matchSideOfStreet values through, encoded", () => {
  assert.equal(
    waypoint("origin", {
      sideOfStreetHint: [52.5, 13.4],
      matchSideOfStreet: "newMode;x",
    }),
    "52.5,13.4;sideOfStreetHint=52.5,13.4;matchSideOfStreet=newMode%3Bx",
  );
});

Deno.test("formatWaypoint() reproduces routing.md §3.3 examples", () => {
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
  expectValueError(
    () => waypoint("origin", undefined, undefined, [91, 13.4]),
    "origin[0]",
    "Invalid origin[0]: must be a latitude from -90 to 90, got 91",
  );
  expectValueError(
    () => waypoint("destination", undefined, undefined, [52.5, NaN]),
    "destination[1]",
  );
  expectValueError(
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
      "originPlaceOptions.sideOfStreetHint[1]",
      "must be a longitude from -180 to 180, got 200",
    ],
    [
      { sideOfStreetHint: [52.5] },
      "originPlaceOptions.sideOfStreetHint",
      "must be a [lat, lng] array, got [52.5]",
    ],
    [
      { matchSideOfStreet: "always" },
      "originPlaceOptions.matchSideOfStreet",
      'requires sideOfStreetHint, got "always"',
    ],
    [
      { sideOfStreetHint: [52.5, 13.4], matchSideOfStreet: "" },
      "originPlaceOptions.matchSideOfStreet",
      'must be a non-empty string, got ""',
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
    expectValueError(
      () => waypoint("origin", opts as PlaceOptions),
      parameter,
      `Invalid ${parameter}: ${rule}`,
    );
  }
  expectValueError(
    () => waypoint("destination", { course: 400 }),
    "destinationPlaceOptions.course",
  );
  expectValueError(
    () =>
      waypoint(
        "origin",
        new PlaceOptions({ nameHint: "x", typo: 1 } as PlaceOptions),
      ),
    "originPlaceOptions.typo",
  );
});

Deno.test("formatWaypoint() validates waypoint options, naming <parameter>WaypointOptions", () => {
  expectValueError(
    () => waypoint("destination", undefined, { stopDuration: 50000 }),
    "destinationWaypointOptions.stopDuration",
    "Invalid destinationWaypointOptions.stopDuration: must be an integer from 0 to 49999, got 50000",
  );
  expectValueError(
    () => waypoint("via", undefined, { stopDuration: -1 }),
    "viaWaypointOptions.stopDuration",
  );
  expectValueError(
    () => waypoint("via", undefined, { stopDuration: 1.5 }),
    "viaWaypointOptions.stopDuration",
  );
  expectValueError(
    () => waypoint("via", undefined, { passThrough: "true" as never }),
    "viaWaypointOptions.passThrough",
    'Invalid viaWaypointOptions.passThrough: must be a boolean, got "true"',
  );
  expectValueError(
    () =>
      waypoint("via", undefined, { charging: "(power=50)" } as WayPointOptions),
    "viaWaypointOptions.charging",
  );
});

Deno.test("formatWaypoint() forbids stopDuration on the origin, even 0", () => {
  // The wire README §7.6 example puts `!stopDuration=0` on the origin, but
  // routing.md §3.2 says stopDuration is not allowed there: the service rule wins.
  for (const stopDuration of [0, 300]) {
    expectValueError(
      () => waypoint("origin", undefined, { stopDuration }),
      "originWaypointOptions.stopDuration",
      `Invalid originWaypointOptions.stopDuration: is not allowed on the origin, got ${stopDuration}`,
    );
  }
});

Deno.test("formatWaypoint() allows passThrough only on a via", () => {
  for (const role of ["origin", "destination"] as const) {
    for (const passThrough of [true, false]) {
      expectValueError(
        () => waypoint(role, undefined, { passThrough }),
        `${role}WaypointOptions.passThrough`,
        `Invalid ${role}WaypointOptions.passThrough: is only allowed on a via, got ${passThrough}`,
      );
    }
  }
});

Deno.test("formatWaypoint() forbids passThrough with stopDuration > 0", () => {
  expectValueError(
    () => waypoint("via", undefined, { passThrough: true, stopDuration: 300 }),
    "viaWaypointOptions.passThrough",
    "Invalid viaWaypointOptions.passThrough: cannot be combined with a stopDuration greater than 0, got true",
  );
});

Deno.test("formatWaypoint() uses the caller's parameter name", () => {
  expectValueError(
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
  expectValueError(
    () => formatVia({ lat: 52.5, lng: 190 }, 3),
    "via[3].lng",
    "Invalid via[3].lng: must be a longitude from -180 to 180, got 190",
  );
  expectValueError(
    () => formatVia({ lat: "52.5", lng: 13.4 } as never, 0),
    "via[0].lat",
  );
  expectValueError(() => formatVia({ lng: 13.4 } as never, 0), "via[0].lat");
  expectValueError(
    () => formatVia({ lat: 52.5, lng: 13.4, placeOptions: { course: 999 } }, 0),
    "via[0].placeOptions.course",
  );
  expectValueError(
    () =>
      formatVia({
        lat: 52.5,
        lng: 13.4,
        placeOptions: { matchSideOfStreet: "always" },
      }, 1),
    "via[1].placeOptions.matchSideOfStreet",
  );
  expectValueError(
    () =>
      formatVia({
        lat: 52.5,
        lng: 13.4,
        waypointOptions: { stopDuration: 50000 },
      }, 2),
    "via[2].waypointOptions.stopDuration",
  );
  expectValueError(
    () =>
      formatVia({
        lat: 52.5,
        lng: 13.4,
        waypointOptions: { passThrough: true, stopDuration: 1 },
      }, 2),
    "via[2].waypointOptions.passThrough",
  );
  expectValueError(
    () => formatVia({ lat: 52.5, lng: 13.4, name: "x" } as Via, 4),
    "via[4].name",
  );
  expectValueError(
    () => formatVia(null as never, 5),
    "via[5]",
    "Invalid via[5]: must be an object, got null",
  );
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

Deno.test("the wire README §7.6 routing example, with the origin's stopDuration moved off the origin", () => {
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
  // The README's literal `origin=...!stopDuration=0` is refused (routing.md §3.2).
  expectValueError(
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

// ----------------------------------------------------------------- truck

Deno.test("appendTruck() writes each field under vehicle[...]", () => {
  const cases: [Truck, string][] = [
    [
      { shippedHazardousGoods: ["explosive", "gas"] },
      "vehicle%5BshippedHazardousGoods%5D=explosive,gas",
    ],
    [{ grossWeight: 12000 }, "vehicle%5BgrossWeight%5D=12000"],
    [{ weightPerAxle: 5000 }, "vehicle%5BweightPerAxle%5D=5000"],
    [{ height: 380 }, "vehicle%5Bheight%5D=380"],
    [{ width: 250 }, "vehicle%5Bwidth%5D=250"],
    [{ length: 1650 }, "vehicle%5Blength%5D=1650"],
    [{ tunnelCategory: TunnelCategory.C }, "vehicle%5BtunnelCategory%5D=C"],
    [{ axleCount: 4 }, "vehicle%5BaxleCount%5D=4"],
    [{ type: TruckType.tractor }, "vehicle%5Btype%5D=tractor"],
    [{ trailerCount: 0 }, "vehicle%5BtrailerCount%5D=0"],
    [{ grossWeight: 0 }, "vehicle%5BgrossWeight%5D=0"],
  ];
  for (const [truck, expected] of cases) {
    assert.equal(truckQuery(truck), expected, JSON.stringify(truck));
  }
});

Deno.test("appendTruck() sends all given fields in a fixed order", () => {
  const truck = new Truck({
    trailerCount: 1,
    type: "straight",
    axleCount: 4,
    tunnelCategory: "B",
    length: 1650,
    width: 250,
    height: 380,
    weightPerAxle: 5000,
    grossWeight: 12000,
    shippedHazardousGoods: [
      ShippedHazardousGoods.explosive,
      ShippedHazardousGoods.harmfulToWater,
    ],
  });
  assert.equal(
    truckQuery(truck),
    "vehicle%5BshippedHazardousGoods%5D=explosive,harmfulToWater&vehicle%5BgrossWeight%5D=12000" +
      "&vehicle%5BweightPerAxle%5D=5000&vehicle%5Bheight%5D=380&vehicle%5Bwidth%5D=250" +
      "&vehicle%5Blength%5D=1650&vehicle%5BtunnelCategory%5D=B&vehicle%5BaxleCount%5D=4" +
      "&vehicle%5Btype%5D=straight&vehicle%5BtrailerCount%5D=1",
  );
});

Deno.test("appendTruck() sends only the fields given, never type/trailerCount defaults", () => {
  assert.equal(
    truckQuery({
      grossWeight: 12000,
      height: 380,
      shippedHazardousGoods: ["explosive", "gas"],
      axleCount: 4,
    }),
    "vehicle%5BshippedHazardousGoods%5D=explosive,gas&vehicle%5BgrossWeight%5D=12000" +
      "&vehicle%5Bheight%5D=380&vehicle%5BaxleCount%5D=4",
  );
  assert.equal(truckQuery({}), "");
  assert.equal(truckQuery(new Truck()), "");
  assert.equal(truckQuery(undefined), "");
  assert.equal(truckQuery({ shippedHazardousGoods: [] }), "");
  assert.equal(
    truckQuery({ height: undefined, width: 250 }),
    "vehicle%5Bwidth%5D=250",
  );
});

Deno.test("appendTruck() passes unknown enum values through, encoded", () => {
  assert.equal(
    truckQuery({
      shippedHazardousGoods: ["explosive", "new class"],
      tunnelCategory: "F",
      type: "road,train",
    }),
    "vehicle%5BshippedHazardousGoods%5D=explosive,new%20class&vehicle%5BtunnelCategory%5D=F" +
      "&vehicle%5Btype%5D=road%2Ctrain",
  );
});

Deno.test("appendTruck() returns the query for chaining", () => {
  const q = new Query().set("transportMode", "truck");
  assert.equal(appendTruck(q, { height: 380 }), q);
  assert.equal(
    q.set("return", "summary").toString(),
    "transportMode=truck&vehicle%5Bheight%5D=380&return=summary",
  );
});

Deno.test("appendTruck() validates integers and names truck.<field>", () => {
  for (
    const field of [
      "grossWeight",
      "weightPerAxle",
      "height",
      "width",
      "length",
      "axleCount",
      "trailerCount",
    ]
  ) {
    for (const bad of [-1, 3.5, NaN, Infinity, "380"]) {
      expectValueError(
        () => truckQuery({ [field]: bad } as Truck),
        `truck.${field}`,
      );
    }
  }
  expectValueError(
    () => truckQuery({ height: 3.8 }),
    "truck.height",
    "Invalid truck.height: must be a non-negative integer, got 3.8",
  );
  expectValueError(
    () => truckQuery({ grossWeight: 1e-7 }),
    "truck.grossWeight",
  );
});

Deno.test("appendTruck() validates strings, lists and keys", () => {
  expectValueError(
    () => truckQuery({ shippedHazardousGoods: "explosive" as never }),
    "truck.shippedHazardousGoods",
    'Invalid truck.shippedHazardousGoods: must be an array, got "explosive"',
  );
  expectValueError(
    () => truckQuery({ shippedHazardousGoods: ["gas", ""] }),
    "truck.shippedHazardousGoods[1]",
  );
  expectValueError(
    () => truckQuery({ tunnelCategory: "" }),
    "truck.tunnelCategory",
  );
  expectValueError(() => truckQuery({ type: 1 as never }), "truck.type");
  expectValueError(
    () => truckQuery({ currentWeight: 9000 } as Truck),
    "truck.currentWeight",
    "Invalid truck.currentWeight: is not a known option, got 9000",
  );
  expectValueError(
    () => truckQuery(null as never),
    "truck",
    "Invalid truck: must be an object, got null",
  );
  expectValueError(
    () => truckQuery({ height: -1 }, "vehicle"),
    "vehicle.height",
  );
});

Deno.test("truckToJson() keeps numbers as numbers and lists as arrays, only given fields", () => {
  assert.deepEqual(
    truckToJson({
      height: 380,
      grossWeight: 12000,
      shippedHazardousGoods: ["explosive", "gas"],
      type: "tractor",
    }),
    {
      shippedHazardousGoods: ["explosive", "gas"],
      grossWeight: 12000,
      height: 380,
      type: "tractor",
    },
  );
  assert.deepEqual(truckToJson({}), {});
  assert.deepEqual(truckToJson({ shippedHazardousGoods: [] }), {});
  assert.deepEqual(truckToJson(new Truck({ trailerCount: 0 })), {
    trailerCount: 0,
  });
  assert.deepEqual(
    Object.keys(truckToJson({ trailerCount: 1, axleCount: 3, width: 2 })),
    [
      "width",
      "axleCount",
      "trailerCount",
    ],
  );
});

Deno.test("truckToJson() copies lists and validates like appendTruck()", () => {
  const goods = ["explosive"];
  const json = truckToJson({ shippedHazardousGoods: goods });
  assert.notEqual(json.shippedHazardousGoods, goods);
  expectValueError(
    () => truckToJson({ weightPerAxle: 1.5 }),
    "truck.weightPerAxle",
  );
  expectValueError(
    () => truckToJson({ weightPerAxle: -2 }, "options.truck"),
    "options.truck.weightPerAxle",
  );
});

// --------------------------------------------------------------- scooter

Deno.test("appendScooter() writes scooter[allowHighway]", () => {
  assert.equal(
    appendScooter(new Query(), { allowHighway: true }).toString(),
    "scooter%5BallowHighway%5D=true",
  );
  assert.equal(
    appendScooter(new Query(), new Scooter({ allowHighway: false })).toString(),
    "scooter%5BallowHighway%5D=false",
  );
  assert.equal(appendScooter(new Query(), {}).toString(), "");
  assert.equal(appendScooter(new Query(), undefined).toString(), "");
});

Deno.test("appendScooter() validates", () => {
  expectValueError(
    () => appendScooter(new Query(), { allowHighway: "yes" as never }),
    "scooter.allowHighway",
    'Invalid scooter.allowHighway: must be a boolean, got "yes"',
  );
  expectValueError(
    () => appendScooter(new Query(), { allowhighway: true } as Scooter),
    "scooter.allowhighway",
  );
});

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
  expectValueError(
    () =>
      formatAvoidAreas([
        { west: 13.41, south: 52.51, east: 13.43, north: 52.53 },
        { west: 13.44, south: 52.54, east: 13.46, north: 91 },
      ]),
    "avoidAreas[1].north",
    "Invalid avoidAreas[1].north: must be a latitude from -90 to 90, got 91",
  );
  expectValueError(
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
  expectValueError(
    () => formatAvoidAreas([{ west: -181, south: 1, east: 2, north: 3 }]),
    "avoidAreas[0].west",
  );
  expectValueError(
    () => formatAvoidAreas([{ west: 1, south: 1, east: NaN, north: 3 }]),
    "avoidAreas[0].east",
  );
  expectValueError(
    () => formatAvoidAreas([{ west: 1, south: 1, east: 2 } as never]),
    "avoidAreas[0].north",
  );
  expectValueError(
    () => formatAvoidAreas("bbox:1,2,3,4" as never),
    "avoidAreas",
    'Invalid avoidAreas: must be an array, got "bbox:1,2,3,4"',
  );
  const many = Array.from(
    { length: 251 },
    () => ({ west: 1, south: 1, east: 2, north: 2 }),
  );
  expectValueError(
    () => formatAvoidAreas(many),
    "avoidAreas",
    "Invalid avoidAreas: must have at most 250 areas, got an array of 251 items",
  );
  assert.equal(formatAvoidAreas(many.slice(1))?.split("%7C").length, 250);
  expectValueError(
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
  expectValueError(
    () => avoidAreaToJson({ north: 0, south: 1, west: 0, east: 1 }),
    "avoidArea",
  );
  expectValueError(
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
  expectValueError(
    () => formatCountryList(["CHE", "aut"]),
    "excludeCountries[1]",
    'Invalid excludeCountries[1]: must be an upper-case ISO 3166-1 alpha-3 code, got "aut"',
  );
  expectValueError(
    () => formatCountryList(["CH"], "exclude.countries"),
    "exclude.countries[0]",
  );
});
