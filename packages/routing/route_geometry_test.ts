/**
 * Geometry ready for a map (issue 24, point 9): one line per route with its
 * totals, section features with duration and length from either summary,
 * and an EV section's energy used driving apart from HERE's consumption.
 */

import assert from "node:assert/strict";
import { encodePolyline, ValueError } from "@ls/core";
import { startJsonServer, TEST_KEY_QUERY, testClient } from "@ls/core/testing";
import {
  carRoute,
  Route,
  type RouteJson,
  RoutingResponse,
  type RoutingResponseBody,
  Section,
  type SectionJson,
} from "./mod.ts";
import elevation from "./testdata/route_elevation.json" with { type: "json" };
import twoD from "./testdata/routes_2d.json" with { type: "json" };
import evCharging from "./testdata/route_ev_charging.json" with {
  type: "json",
};

const ROUTES = "GET /v8/routes";
const DEFAULTS = "routingMode=fast&alternatives=0&units=metric&lang=en-US";

function response(body: unknown): RoutingResponse {
  return new RoutingResponse({ body: body as RoutingResponseBody });
}

const place = (lat: number, lng: number) => ({
  type: "place",
  location: { lat, lng },
});

/**
 * A HERE-shaped car section along `points` (`[lat, lng]` or
 * `[lat, lng, elevation]`), with `extra` on top.
 */
function section(
  id: string,
  points: number[][] | undefined,
  extra: Partial<SectionJson> = {},
): SectionJson {
  const [first, last] = [points?.[0] ?? [52.5, 13.4], points?.at(-1)];
  const end = last ?? [52.6, 13.5];
  const threeD = points !== undefined && points[0].length === 3;
  return {
    id,
    type: "vehicle",
    departure: {
      time: "2024-05-01T08:00:00+02:00",
      place: place(first[0], first[1]),
    },
    arrival: {
      time: "2024-05-01T08:10:00+02:00",
      place: place(end[0], end[1]),
    },
    transport: { mode: "car" },
    ...(points && {
      polyline: encodePolyline(
        threeD
          ? { polyline: points, thirdDim: 3, thirdDimPrecision: 1 }
          : { polyline: points },
      ),
    }),
    ...extra,
  };
}

function route(id: string, sections: SectionJson[]): RouteJson {
  return { id, sections };
}

// ------------------------------------------------------ the whole route

Deno.test("toGeoJSONLines: one line per route from the wire, sections joined, totals summed", async () => {
  await using server = await startJsonServer(ROUTES, twoD);
  const res = await carRoute(testClient(server), {
    origin: [52.5, 13.4],
    destination: [52.503, 13.405],
    returnResults: ["polyline", "summary"],
  });
  assert.equal(server.requests.length, 1);
  assert.equal(server.requests[0].path, "/v8/routes");
  assert.equal(
    server.requests[0].rawQuery,
    "transportMode=car&origin=52.5,13.4&destination=52.503,13.405&" +
      `${DEFAULTS}&return=polyline,summary&${TEST_KEY_QUERY}`,
  );
  const lines = res.toGeoJSONLines();
  assert.equal(lines.type, "FeatureCollection");
  assert.deepEqual(lines.features, [
    {
      type: "Feature",
      geometry: {
        type: "LineString",
        // Section a0 ends at [13.405, 52.503], where a1 starts: kept once.
        coordinates: [[13.4, 52.5], [13.402, 52.501], [13.405, 52.503], [
          13.41,
          52.51,
        ]],
      },
      properties: {
        routeId: "route-a",
        routeIndex: 0,
        sectionCount: 2,
        departureTime: "2024-05-01T08:00:00+02:00",
        arrivalTime: "2024-05-01T08:09:00+02:00",
        duration: 240,
        length: 1380,
        violations: [],
      },
    },
    {
      type: "Feature",
      geometry: {
        type: "LineString",
        coordinates: [[13.405, 52.503], [13.41, 52.51]],
      },
      properties: {
        routeId: "route-b",
        routeIndex: 1,
        sectionCount: 1,
        departureTime: "2024-05-01T08:00:00+02:00",
        arrivalTime: "2024-05-01T08:12:00+02:00",
        duration: 720,
        length: 2100,
        violations: ["violatedAvoidTollRoad"],
      },
    },
  ]);
  // Beside, not instead of, the per-section features.
  assert.equal(res.toGeoJSON().features.length, 3);
  assert.equal(res.routes[0].duration, 240);
  assert.equal(res.routes[0].length, 1380);
  assert.equal(res.routes[0].baseDuration, undefined);
  // Plain JSON: what a map library is handed.
  assert.deepEqual(JSON.parse(JSON.stringify(lines)), lines);
});

Deno.test("toGeoJSONLine: sections that do not meet are joined as they are", () => {
  const line = new Route(route("r0", [
    section("s0", [[52.5, 13.4], [52.6, 13.5]]),
    section("s1", [[52.61, 13.51], [52.7, 13.6]]),
  ])).toGeoJSONLine()!;
  assert.deepEqual(line.geometry.coordinates, [
    [13.4, 52.5],
    [13.5, 52.6],
    [13.51, 52.61],
    [13.6, 52.7],
  ]);
});

Deno.test("toGeoJSONLine: elevation is kept when every section has it, dropped when one has not", () => {
  const [single] = response(elevation).routes;
  assert.deepEqual(single.toGeoJSONLine()!.geometry.coordinates, [
    [13.4, 52.5, 34],
    [13.402, 52.501, 35.5],
    [13.405, 52.503, 36],
  ]);
  assert.equal(single.toGeoJSONLine()!.properties.baseDuration, 62);

  const both = new Route(route("r0", [
    section("s0", [[52.5, 13.4, 34], [52.6, 13.5, 40]]),
    section("s1", [[52.6, 13.5, 41], [52.7, 13.6, 50]]),
  ])).toGeoJSONLine()!;
  // The shared point is kept once (the first section's, with its elevation).
  assert.deepEqual(both.geometry.coordinates, [
    [13.4, 52.5, 34],
    [13.5, 52.6, 40],
    [13.6, 52.7, 50],
  ]);

  const mixed = new Route(route("r0", [
    section("s0", [[52.5, 13.4, 34], [52.6, 13.5, 40]]),
    section("s1", [[52.6, 13.5], [52.7, 13.6]]),
  ])).toGeoJSONLine()!;
  assert.deepEqual(mixed.geometry.coordinates, [
    [13.4, 52.5],
    [13.5, 52.6],
    [13.6, 52.7],
  ]);
});

Deno.test("toGeoJSONLine: sections without a polyline are left out; none gives no line", () => {
  const partial = new Route(route("r0", [
    section("s0", [[52.5, 13.4], [52.6, 13.5]], {
      summary: { duration: 60, length: 1000 },
    }),
    section("s1", undefined, { summary: { duration: 30, length: 500 } }),
  ]));
  const line = partial.toGeoJSONLine()!;
  assert.deepEqual(line.geometry.coordinates, [[13.4, 52.5], [13.5, 52.6]]);
  // The totals are the route's, not the drawn part's.
  assert.equal(line.properties.sectionCount, 2);
  assert.equal(line.properties.duration, 90);
  assert.equal(line.properties.length, 1500);

  const none = response({
    routes: [route("r0", [section("s0", undefined)]), route("r1", [])],
  });
  assert.equal(none.routes[0].toGeoJSONLine(), undefined);
  assert.equal(none.routes[1].toGeoJSONLine(), undefined);
  assert.deepEqual(none.toGeoJSONLines(), {
    type: "FeatureCollection",
    features: [],
  });
  assert.deepEqual(response({}).toGeoJSONLines().features, []);
});

Deno.test("toGeoJSONLine: a total is left out when a section lacks it, never summed over some", () => {
  const r = new Route(route("r0", [
    section("s0", [[52.5, 13.4], [52.6, 13.5]], {
      summary: { duration: 60, length: 1000, baseDuration: 50 },
    }),
    section("s1", [[52.6, 13.5], [52.7, 13.6]], {
      summary: { duration: 30, length: 500 },
    }),
    section("s2", [[52.7, 13.6], [52.8, 13.7]]),
  ]));
  const { properties } = r.toGeoJSONLine()!;
  assert.deepEqual(properties, {
    routeId: "r0",
    routeIndex: 0,
    sectionCount: 3,
    departureTime: "2024-05-01T08:00:00+02:00",
    arrivalTime: "2024-05-01T08:10:00+02:00",
    violations: [],
  });
  assert.equal(r.duration, undefined);
  assert.equal(r.length, undefined);
  assert.equal(new Route(route("r0", [])).duration, undefined);
  // A summary that is no object, or values that are no finite number.
  const odd = new Route(route("r0", [
    section("s0", [[52.5, 13.4], [52.6, 13.5]], { summary: "x" as never }),
    section("s1", [[52.6, 13.5], [52.7, 13.6]], {
      summary: { duration: "60" as never, length: Infinity },
    }),
  ]));
  assert.equal(odd.duration, undefined);
  assert.equal(odd.length, undefined);
  assert.equal(odd.toGeoJSONLine()!.properties.duration, undefined);
});

Deno.test("toGeoJSONLines: discarded routes are left out; a malformed polyline is a ValueError", () => {
  const blocked = section("s0", [[52.5, 13.4], [52.6, 13.5]], {
    notices: [{ title: "Blocked", code: "somethingNew", severity: "critical" }],
  });
  const res = response({
    routes: [
      route("bad", [blocked]),
      route("good", [section("s0", [[52.5, 13.4], [52.6, 13.5]])]),
    ],
  });
  assert.deepEqual(
    res.toGeoJSONLines().features.map((f) => f.properties.routeId),
    ["good"],
  );
  const broken = response({
    routes: [route("r0", [section("s0", undefined, { polyline: "!!" })])],
  });
  assert.throws(() => broken.toGeoJSONLines(), ValueError);
});

Deno.test("toGeoJSONLine: an EV route's totals, its energy used and its times around the charging stop", () => {
  const [ev] = response(evCharging).routes;
  assert.deepEqual(ev.toGeoJSONLine(), {
    type: "Feature",
    geometry: {
      type: "LineString",
      coordinates: [
        [13.38, 52.53],
        [13.55, 52.3],
        [13.6, 52.02],
        [13.7, 51.4],
        [13.74, 51.05],
      ],
    },
    properties: {
      routeId: "route-ev-0000-example",
      routeIndex: 0,
      sectionCount: 2,
      // 08:00 to 09:55 includes the 26 minutes at the station ...
      departureTime: "2024-05-01T08:00:00+02:00",
      arrivalTime: "2024-05-01T09:55:00+02:00",
      // ... which the duration (time on the move) does not.
      duration: 5340,
      length: 178900,
      baseDuration: 5100,
      energyUsed: 28.1,
      violations: ["violatedChargingStationOpeningHours"],
    },
  });
  assert.equal(ev.energyUsed, 28.1);
});

// ------------------------------------------ section features and summaries

Deno.test("section features carry duration and length when HERE sends only travelSummary", async () => {
  const travelOnly = {
    routes: [route("r0", [
      section("s0", [[52.5, 13.4], [52.6, 13.5]], {
        travelSummary: {
          duration: 600,
          length: 13000,
          baseDuration: 560,
          tolls: { total: { type: "value", currency: "EUR", value: 1.5 } },
        },
      }),
      section("s1", [[52.6, 13.5], [52.7, 13.6]], {
        travelSummary: { duration: 540, length: 12500, baseDuration: 500 },
      }),
    ])],
  };
  await using server = await startJsonServer(ROUTES, travelOnly);
  const res = await carRoute(testClient(server), {
    origin: [52.5, 13.4],
    destination: [52.7, 13.6],
    returnResults: ["polyline", "travelSummary"],
  });
  assert.equal(
    server.requests[0].rawQuery,
    "transportMode=car&origin=52.5,13.4&destination=52.7,13.6&" +
      `${DEFAULTS}&return=polyline,travelSummary&${TEST_KEY_QUERY}`,
  );
  const [s0, s1] = res.routes[0].sections;
  assert.equal(s0.summary, undefined);
  assert.deepEqual([s0.duration, s0.length, s0.baseDuration], [
    600,
    13000,
    560,
  ]);
  assert.deepEqual(
    res.toGeoJSON().features.map((f) => [
      f.properties.duration,
      f.properties.length,
    ]),
    [[600, 13000], [540, 12500]],
  );
  assert.equal(s1.travelSummary?.duration, 540);
  const [line] = res.toGeoJSONLines().features;
  assert.deepEqual(
    [
      line.properties.duration,
      line.properties.length,
      line.properties.baseDuration,
    ],
    [1140, 25500, 1060],
  );
});

Deno.test("section features: summary wins over travelSummary when both are sent", () => {
  const s = new Section(section("s0", [[52.5, 13.4], [52.6, 13.5]], {
    summary: { duration: 70, length: 480 },
    travelSummary: { duration: 71, length: 481 },
  }));
  const { properties } = s.toGeoJSON()!;
  assert.deepEqual([properties.duration, properties.length], [70, 480]);
  assert.deepEqual([s.duration, s.length, s.baseDuration], [
    70,
    480,
    undefined,
  ]);
  const travel = new Section(section("s0", [[52.5, 13.4], [52.6, 13.5]], {
    summary: "x" as never,
    travelSummary: { duration: 71, length: 481 },
  }));
  assert.equal(travel.toGeoJSON()!.properties.duration, 71);
});

// ---------------------------------------------------------- EV energy

Deno.test("EV: energy used driving, apart from HERE's consumption net of the charging at the end", async () => {
  await using server = await startJsonServer(ROUTES, evCharging);
  const res = await carRoute(testClient(server), {
    origin: [52.53, 13.38],
    destination: [51.05, 13.74],
    returnResults: ["polyline", "summary"],
    ev: {
      freeFlowSpeedTable: [[0, 0.239], [27, 0.239]],
      initialCharge: 20,
      maxCharge: 80,
    },
  });
  assert.match(
    server.requests[0].rawQuery,
    new RegExp(
      "^transportMode=car&origin=52.53,13.38&destination=51.05,13.74&" +
        `${DEFAULTS}&return=polyline,summary&consumptionModel=empirical&` +
        "ev%5BfreeFlowSpeedTable%5D=0,0.239,27,0.239&" +
        "ev%5BinitialCharge%5D=20&ev%5BmaxCharge%5D=80&",
    ),
  );
  const [toStation, toDestination] = res.routes[0].sections;
  // 20 kWh → 8.4 kWh driving, then charged to 63.6 kWh: HERE's consumption
  // is 11.6 − 55.2 = −43.6.
  assert.equal(toStation.consumption, -43.6);
  assert.equal(toStation.energyUsed, 11.6);
  assert.equal(toStation.energyCharged, 55.2);
  // No charging at the end: consumption is the energy used.
  assert.equal(toDestination.consumption, 16.5);
  assert.equal(toDestination.energyUsed, 16.5);
  assert.equal(toDestination.energyCharged, undefined);
  assert.deepEqual(
    res.toGeoJSON().features.map((f) => [
      f.properties.consumption,
      f.properties.energyUsed,
      f.properties.energyCharged,
    ]),
    [[-43.6, 11.6, 55.2], [16.5, 16.5, undefined]],
  );
});

Deno.test("EV: energy used read from whatever HERE sent", () => {
  const at = (charge?: number) => ({
    time: "2024-05-01T08:00:00+02:00",
    place: place(52.5, 13.4),
    ...(charge !== undefined && { charge }),
  });
  const make = (extra: Partial<SectionJson>) =>
    new Section(section("s0", undefined, extra));
  const charging = (arrivalCharge?: number, targetCharge?: number) => ({
    action: "charging" as const,
    duration: 600,
    ...(arrivalCharge !== undefined && { arrivalCharge }),
    ...(targetCharge !== undefined && { targetCharge }),
  });

  // Consumption alone (no initial charge was given): it is the energy used.
  assert.equal(
    make({ summary: { duration: 1, length: 1, consumption: 3.2 } })
      .energyUsed,
    3.2,
  );
  // In travelSummary only.
  assert.equal(
    make({ travelSummary: { duration: 1, length: 1, consumption: 3.2 } })
      .energyUsed,
    3.2,
  );
  // Recuperating downhill: negative without any charging.
  assert.equal(
    make({
      summary: { duration: 1, length: 1, consumption: -0.4 },
      consumptionType: "electric",
    }).energyUsed,
    -0.4,
  );
  // Charges alone: departure less arrival.
  assert.equal(make({ departure: at(30), arrival: at(22.5) }).energyUsed, 7.5);
  // Charging with a target but the arrival charge only on the place.
  const viaArrival = make({
    departure: at(30),
    arrival: at(10),
    summary: { duration: 1, length: 1, consumption: -30 },
    postActions: [charging(undefined, 60)],
  });
  assert.equal(viaArrival.energyCharged, 50);
  assert.equal(viaArrival.energyUsed, 20);
  // Charging without a target: the charges at the ends decide.
  const noTarget = make({
    departure: at(30),
    arrival: at(10),
    summary: { duration: 1, length: 1, consumption: -30 },
    postActions: [charging(10)],
  });
  assert.equal(noTarget.energyCharged, undefined);
  assert.equal(noTarget.energyUsed, 20);
  // ... and without those either, it is unknown rather than wrong.
  const unknown = make({
    summary: { duration: 1, length: 1, consumption: -30 },
    postActions: [charging(10)],
  });
  assert.equal(unknown.energyUsed, undefined);
  // Several charging actions: the first's arrival, the last's target.
  const twice = make({
    summary: { duration: 1, length: 1, consumption: -40 },
    postActions: [
      { action: "chargingSetup", duration: 300 },
      charging(5, 30),
      charging(30, 55),
    ],
  });
  assert.equal(twice.energyCharged, 50);
  assert.equal(twice.energyUsed, 10);
  // A fuel route's consumption is no energy in kWh.
  assert.equal(
    make({
      summary: { duration: 1, length: 1, consumption: 2.1 },
      consumptionType: "diesel",
    }).energyUsed,
    undefined,
  );
  // Nothing EV at all.
  const plain = make({ summary: { duration: 1, length: 1 } });
  assert.equal(plain.energyUsed, undefined);
  assert.equal(plain.energyCharged, undefined);
  // Not a number where a number goes.
  assert.equal(
    make({
      departure: at(),
      arrival: { ...at(), charge: "low" as never },
      summary: { duration: 1, length: 1, consumption: "x" as never },
    }).energyUsed,
    undefined,
  );
});

Deno.test("EV: features of routes without EV fields stay as they were", () => {
  const [s] = response(twoD).routes[0].sections;
  const properties = s.toGeoJSON()!.properties;
  for (
    const key of [
      "departureCharge",
      "arrivalCharge",
      "consumption",
      "energyUsed",
      "energyCharged",
      "chargingTime",
      "targetCharge",
    ]
  ) {
    assert.equal(key in properties, false, key);
  }
});
