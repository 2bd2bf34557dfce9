import assert from "node:assert/strict";
import { ApiError, encodePolyline, ValueError } from "@ls/core";
import {
  carRoute,
  EvNoticeCode,
  isEvNotice,
  Route,
  type RouteJson,
  RoutingResponse,
  type RoutingResponseBody,
  Section,
  type SectionJson,
  VIOLATION_NOTICE_CODES,
} from "./mod.ts";
import { rejectsWith, startJsonServer, testClient } from "@ls/core/testing";
import elevation from "./testdata/route_elevation.json" with { type: "json" };
import twoD from "./testdata/routes_2d.json" with { type: "json" };
import minimalSection from "./testdata/section_minimal.json" with {
  type: "json",
};
import evCharging from "./testdata/route_ev_charging.json" with {
  type: "json",
};

/** A server answering `GET /v8/routes` with `body`. */
const routesServer = (body: unknown) => startJsonServer("GET /v8/routes", body);

function response(body: unknown): RoutingResponse {
  return new RoutingResponse({ body: body as RoutingResponseBody });
}

/** A car section without polyline or summary, with `extra` on top. */
function section(extra: Partial<SectionJson> = {}): SectionJson {
  return { ...structuredClone(minimalSection), ...extra };
}

/** An object's fields, the untyped ones included (what HERE added). */
function fields(value: object): Record<string, unknown> {
  return value as Record<string, unknown>;
}

function notice(code: string, severity: string) {
  return { title: `Notice ${code}`, code, severity };
}

// --------------------------------------------------------- typed fields

Deno.test("the wire doc's example: typed fields, unknown fields kept", async () => {
  await using server = await routesServer(elevation);
  const res = await carRoute(testClient(server), {
    origin: [52.5, 13.4],
    destination: [52.503, 13.405],
  });
  assert.equal(res.routes.length, 1);
  assert.deepEqual(res.discardedRoutes, []);
  const [route] = res.routes;
  assert.equal(route.id, "route-0000-example");
  assert.equal(route.index, 0);
  const [s] = route.sections;
  assert.equal(s.id, "section-0000-example");
  assert.equal(s.type, "vehicle");
  assert.equal(s.transport.mode, "car");
  assert.equal(s.departure.time, "2024-05-01T08:00:00+02:00");
  assert.equal(s.departure.place.location.elv, 34);
  assert.deepEqual(s.arrival.place.originalLocation, {
    lat: 52.50301,
    lng: 13.40502,
  });
  assert.deepEqual(s.summary, { duration: 70, length: 480, baseDuration: 62 });
  assert.equal(s.actions?.[1].action, "arrive");
  assert.equal(s.actions?.[0].instruction, "Head northeast on Example Street.");
  assert.equal(s.spans?.[1].offset, 1);
  assert.deepEqual(s.spans?.[1].names, [{
    value: "Demo Avenue",
    language: "en",
  }]);
  assert.equal(s.passthrough?.[0].place.waypoint, 1);
  assert.equal(s.language, "en-us");
  assert.equal(s.notices[0].code, "simplePolyline");
  assert.deepEqual(s.criticalNotices, []);
  assert.equal(s.usable, true);
  assert.equal(s.hasViolations, false);
  assert.deepEqual(res.toJSON(), elevation);
  assert.deepEqual(JSON.parse(JSON.stringify(res)), elevation);
});

Deno.test("unknown fields stay reachable through raw and toJSON()", () => {
  const res = response(twoD);
  assert.equal(fields(res.raw).futureTopLevel, 1);
  const [a] = res.routes;
  assert.deepEqual(a.raw.routeLabels, [{ label: { value: "Example Road" } }]);
  assert.deepEqual(fields(a.sections[0].raw).futureSectionField, {
    kept: true,
  });
  assert.deepEqual(a.sections[0].toJSON(), twoD.routes[0].sections[0]);
  assert.deepEqual(a.toJSON(), twoD.routes[0]);
  assert.equal(a.sections[0].travelSummary?.tolls?.total?.currency, "EUR");
  assert.deepEqual(res.notices.map((n) => n.code), ["mainLanguageNotFound"]);
});

// ------------------------------------------------------- decoded points

Deno.test("coordinates: 3-D polyline decoded lazily into lat, lng, elevation", () => {
  const s = response(elevation).routes[0].sections[0];
  assert.equal(s.dimensions, 3);
  assert.deepEqual(
    Array.from(s.coordinates!),
    [52.5, 13.4, 34, 52.501, 13.402, 35.5, 52.503, 13.405, 36],
  );
  assert.equal(s.coordinates, s.coordinates, "decoded once and cached");
  assert.equal(s.decodedPolyline?.precision, 6);
  assert.equal(s.decodedPolyline?.thirdDim, 3);
  // actions[].offset indexes the decoded points
  const last = s.actions![1].offset * s.dimensions!;
  assert.deepEqual(Array.from(s.coordinates!.subarray(last, last + 2)), [
    52.503,
    13.405,
  ]);
});

Deno.test("coordinates: 2-D polyline, and no polyline at all", () => {
  const s = response(twoD).routes[0].sections[0];
  assert.equal(s.dimensions, 2);
  assert.deepEqual(Array.from(s.coordinates!), [
    52.5,
    13.4,
    52.501,
    13.402,
    52.503,
    13.405,
  ]);
  const bare = new Section(section());
  assert.equal(bare.polyline, undefined);
  assert.equal(bare.coordinates, undefined);
  assert.equal(bare.dimensions, undefined);
  assert.equal(bare.toGeoJSON(), undefined);
});

Deno.test("a malformed polyline fails when it is read, with a ValueError", () => {
  const s = new Section(section({ polyline: "B2Fgirk!" }));
  assert.throws(() => s.coordinates, ValueError);
  assert.throws(() => s.toGeoJSON(), ValueError);
});

// --------------------------------------------------------------- GeoJSON

Deno.test("toGeoJSON: 3-D polyline gives [lng, lat, elevation] positions", () => {
  const fc = response(elevation).toGeoJSON();
  assert.equal(fc.type, "FeatureCollection");
  assert.equal(fc.features.length, 1);
  const [f] = fc.features;
  assert.equal(f.type, "Feature");
  assert.deepEqual(f.geometry, {
    type: "LineString",
    coordinates: [[13.4, 52.5, 34], [13.402, 52.501, 35.5], [
      13.405,
      52.503,
      36,
    ]],
  });
  assert.deepEqual(f.properties, {
    routeId: "route-0000-example",
    routeIndex: 0,
    sectionId: "section-0000-example",
    sectionIndex: 0,
    type: "vehicle",
    transportMode: "car",
    departureTime: "2024-05-01T08:00:00+02:00",
    arrivalTime: "2024-05-01T08:01:10+02:00",
    duration: 70,
    length: 480,
    violations: [],
  });
});

Deno.test("toGeoJSON: 2-D polylines give [lng, lat] positions (no elevation needed)", () => {
  const fc = response(twoD).toGeoJSON();
  assert.deepEqual(
    fc.features.map((f) => [f.properties.routeId, f.properties.sectionIndex]),
    [["route-a", 0], ["route-a", 1], ["route-b", 0]],
  );
  assert.deepEqual(fc.features[0].geometry.coordinates, [
    [13.4, 52.5],
    [13.402, 52.501],
    [13.405, 52.503],
  ]);
  assert.deepEqual(fc.features[1].geometry.coordinates, [
    [13.405, 52.503],
    [13.41, 52.51],
  ]);
  assert.deepEqual(fc.features[2].properties.violations, [
    "violatedAvoidTollRoad",
  ]);
  assert.equal(fc.features[2].properties.routeIndex, 1);
});

Deno.test("toGeoJSON: the same positions whether or not coordinates were read first", () => {
  const points = Array.from(
    { length: 500 },
    (_, i) => [52.5 + i * 1e-4, 13.4 - i * 2e-4, 30 + (i % 17) * 0.5],
  );
  const polyline = encodePolyline({
    precision: 6,
    thirdDim: 3,
    thirdDimPrecision: 1,
    polyline: points,
  });
  const fresh = new Section(section({ polyline })).toGeoJSON()!;
  const warmed = new Section(section({ polyline }));
  void warmed.coordinates;
  assert.deepEqual(warmed.toGeoJSON(), fresh);
  assert.equal(fresh.geometry.coordinates.length, 500);
  assert.deepEqual(fresh.geometry.coordinates[499], [
    points[499][1],
    points[499][0],
    points[499][2],
  ]);
});

Deno.test("toGeoJSON: sections without a polyline are left out, not a crash", () => {
  const route: RouteJson = {
    id: "r",
    sections: [
      section({ id: "no-line" }),
      section({ id: "line", polyline: "BFg9tgKgm5xCgxTgxT" }),
    ],
  };
  const fc = response({ routes: [route] }).toGeoJSON();
  assert.deepEqual(fc.features.map((f) => f.properties.sectionId), ["line"]);
  assert.equal(fc.features[0].properties.sectionIndex, 1);
  assert.deepEqual(fc.features[0].geometry.coordinates, [[13.4, 52.5], [
    13.5,
    52.6,
  ]]);
  assert.equal(fc.features[0].properties.duration, undefined);
  assert.deepEqual(new Route(route, 4).toGeoJSON().features[0].properties, {
    ...fc.features[0].properties,
    routeIndex: 4,
  });
});

Deno.test("toGeoJSON: an empty or odd body gives an empty collection", () => {
  assert.deepEqual(response({ routes: [] }).toGeoJSON(), {
    type: "FeatureCollection",
    features: [],
  });
  const odd = response({ notices: [] });
  assert.deepEqual(odd.routes, []);
  assert.deepEqual(odd.toGeoJSON().features, []);
});

// --------------------------------------------------------------- notices

Deno.test("notices: info passes, known violations are kept and flagged", () => {
  const res = response(twoD);
  assert.deepEqual(res.routes.map((r) => r.id), ["route-a", "route-b"]);
  const [a, b] = res.routes;
  assert.equal(a.hasViolations, false);
  assert.equal(b.hasViolations, true);
  assert.equal(b.usable, true);
  assert.deepEqual(b.violations.map((n) => n.code), ["violatedAvoidTollRoad"]);
  assert.deepEqual(b.sections[0].criticalNotices, b.violations);
  assert.deepEqual(b.blockingNotices, []);
});

Deno.test("notices: an unknown critical code or an unknown severity discards the route", () => {
  const res = response({
    routes: [
      {
        id: "unknown-critical",
        sections: [
          section({ id: "ok" }),
          section({
            id: "bad",
            notices: [
              notice("simplePolyline", "info"),
              notice("brandNewProblem", "critical"),
            ],
          }),
        ],
      },
      {
        id: "unknown-severity",
        sections: [section({ notices: [notice("somethingOdd", "warning")] })],
      },
      {
        id: "no-severity",
        sections: [section({ notices: [{ title: "?", code: "x" } as never] })],
      },
      {
        id: "fine",
        sections: [
          section({
            notices: [
              notice("violatedBlockedRoad", "critical"),
              notice("unknownInfoCode", "info"),
            ],
          }),
        ],
      },
    ],
  });
  assert.deepEqual(res.routes.map((r) => [r.id, r.index]), [["fine", 3]]);
  assert.deepEqual(res.discardedRoutes.map((r) => r.id), [
    "unknown-critical",
    "unknown-severity",
    "no-severity",
  ]);
  const [first] = res.discardedRoutes;
  assert.equal(first.usable, false);
  assert.deepEqual(first.sections.map((s) => s.usable), [true, false]);
  assert.deepEqual(first.blockingNotices.map((n) => n.code), [
    "brandNewProblem",
  ]);
  assert.deepEqual(first.sections[1].criticalNotices.map((n) => n.code), [
    "brandNewProblem",
  ]);
  // Discarded routes are not drawn.
  assert.deepEqual(
    res.toGeoJSON().features.map((f) => f.properties.routeId),
    [],
  );
  assert.equal(res.routes[0].hasViolations, true);
});

Deno.test("notices: when every route must be discarded the call fails with the notices", async () => {
  const body = {
    routes: [
      {
        id: "r0",
        sections: [
          section({ notices: [notice("brandNewProblem", "critical")] }),
        ],
      },
      {
        id: "r1",
        sections: [section({ notices: [notice("otherProblem", "critical")] })],
      },
    ],
  };
  await using server = await routesServer(body);
  const caught = await rejectsWith(
    carRoute(testClient(server), {
      origin: [52.5, 13.4],
      destination: [52.6, 13.5],
    }),
    ApiError,
  );
  assert.equal(caught.status, 200);
  assert.equal(caught.code, "brandNewProblem");
  assert.match(caught.title!, /critical notice/);
  assert.match(caught.detail!, /all 2 routes.*brandNewProblem, otherProblem/);
  assert.deepEqual(caught.body, body);
  assert.match(caught.url, /\/v8\/routes\?transportMode=car&origin=52.5,13.4&/);
  assert.ok(!caught.url.includes("apiKey"));
  assert.equal(server.requests.length, 1);
});

Deno.test("notices: no route at all is not an error; the notices explain it", async () => {
  const body = {
    routes: [],
    notices: [notice("couldNotMatchOrigin", "critical")],
  };
  await using server = await routesServer(body);
  const res = await carRoute(testClient(server), {
    origin: [52.5, 13.4],
    destination: [52.6, 13.5],
  });
  assert.deepEqual(res.routes, []);
  assert.deepEqual(res.notices.map((n) => n.code), ["couldNotMatchOrigin"]);
});

Deno.test("routes or sections that are not objects are left out; the getters work", () => {
  const polyline = encodePolyline({ polyline: [[52.5, 13.4], [52.6, 13.5]] });
  const res = response({
    routes: [null, 5, {
      id: "r1",
      sections: [null, section({ id: "s1", polyline }), "x"],
    }],
  });
  assert.equal(res.routes.length, 1);
  assert.equal(res.routes[0].index, 2);
  assert.deepEqual(res.routes[0].sections.map((s) => [s.id, s.index]), [
    ["s1", 1],
  ]);
  assert.equal(res.routes[0].usable, true);
  assert.equal(res.toGeoJSON().features.length, 1);
  assert.doesNotThrow(() => JSON.stringify(res));
});

// ------------------------------------------------------------------ EV

Deno.test("EV: charges, consumption and its type on each section", async () => {
  await using server = await routesServer(evCharging);
  const res = await carRoute(testClient(server), {
    origin: [52.53, 13.38],
    destination: [51.05, 13.74],
    ev: {
      freeFlowSpeedTable: [[0, 0.239], [27, 0.239]],
      initialCharge: 20,
      maxCharge: 80,
    },
  });
  const [route] = res.routes;
  const [toStation, toDestination] = route.sections;
  assert.deepEqual(
    route.sections.map((s) => [s.departureCharge, s.arrivalCharge]),
    [[20, 8.4], [63.6, 47.1]],
  );
  // The section ending with charging counts what was charged against it.
  assert.deepEqual(route.sections.map((s) => s.consumption), [-43.6, 16.5]);
  assert.deepEqual(route.sections.map((s) => s.consumptionType), [
    "electric",
    "electric",
  ]);
  assert.equal(toStation.raw.summary?.consumption, -43.6);
  assert.deepEqual(fields(toDestination.raw).futureEvField, { kept: true });
  assert.deepEqual(toDestination.postActions, []);
});

Deno.test("EV: the charging stop at a section's end, from its place and postActions", () => {
  const [route] = response(evCharging).routes;
  const [toStation, toDestination] = route.sections;
  assert.deepEqual(toStation.chargingStop, {
    place: evCharging.routes[0].sections[0].arrival.place,
    arrivalCharge: 8.4,
    targetCharge: 63.6,
    chargingTime: 1260,
    setupTime: 300,
    consumablePower: 150,
    power: 150,
    connectorType: "iec62196Type2Combo",
  });
  assert.equal(toStation.chargingStop?.place.type, "chargingStation");
  assert.equal(toStation.postActions.length, 2);
  assert.equal(toDestination.chargingStop, undefined);
  // Departing from a station is no stop of its own.
  assert.equal(toDestination.departure.place.type, "chargingStation");
});

Deno.test("EV: a charging stop read tolerantly from partial shapes", () => {
  const charging = new Section(section({
    postActions: [
      { action: "charging", duration: 600 },
      { action: "charging", duration: "long" } as never,
      null as never,
    ],
    arrival: {
      time: "2024-05-01T08:10:00+02:00",
      place: { type: "place", location: { lat: 52.6, lng: 13.5 } },
      charge: 12,
    },
  }));
  assert.deepEqual(charging.chargingStop, {
    place: { type: "place", location: { lat: 52.6, lng: 13.5 } },
    arrivalCharge: 12,
    chargingTime: 600,
    setupTime: 0,
  });
  const station = new Section(section({
    arrival: {
      time: "2024-05-01T08:10:00+02:00",
      place: { type: "chargingStation", location: { lat: 52.6, lng: 13.5 } },
      charge: "low" as never,
    },
  }));
  assert.deepEqual(station.chargingStop, {
    place: { type: "chargingStation", location: { lat: 52.6, lng: 13.5 } },
    chargingTime: 0,
    setupTime: 0,
  });
  assert.equal(station.arrivalCharge, undefined);
  const plain = new Section(section({ postActions: "none" as never }));
  assert.equal(plain.chargingStop, undefined);
  assert.deepEqual(plain.postActions, []);
  assert.equal(plain.consumption, undefined);
  assert.equal(
    new Section(section({
      travelSummary: { duration: 1, length: 2, consumption: 0.5 },
    })).consumption,
    0.5,
  );
});

Deno.test("EV: notices are typed; a charging-station violation is kept and flagged", () => {
  const res = response(evCharging);
  assert.equal(res.discardedRoutes.length, 0);
  const [route] = res.routes;
  assert.equal(route.hasViolations, true);
  assert.deepEqual(route.violations.map((n) => n.code), [
    EvNoticeCode.violatedChargingStationOpeningHours,
  ]);
  assert.deepEqual(
    route.sections.map((s) => s.evNotices.map((n) => n.code)),
    [["violatedChargingStationOpeningHours"], [
      "violatedMinChargeAtDestination",
    ]],
  );
  assert.equal(isEvNotice(notice("outOfCharge", "info")), true);
  assert.equal(isEvNotice(notice("simplePolyline", "info")), false);
  assert.equal(isEvNotice(null as never), false);
});

Deno.test("EV: a known EV code sent as critical keeps the route and flags it, as a violation is", async () => {
  for (
    const code of [
      EvNoticeCode.outOfCharge,
      EvNoticeCode.violatedMinChargeAtDestination,
      EvNoticeCode.noReachableChargingStationsFound,
    ]
  ) {
    await using server = await routesServer({
      routes: [{
        id: "r",
        sections: [section({ notices: [notice(code, "critical")] })],
      }],
    });
    const res = await carRoute(testClient(server), {
      origin: [52.5, 13.4],
      destination: [52.6, 13.5],
    });
    assert.deepEqual(res.discardedRoutes, [], code);
    const [route] = res.routes;
    assert.equal(route.usable, true, code);
    assert.equal(route.hasViolations, true, code);
    assert.deepEqual(route.violations.map((n) => n.code), [code]);
    assert.deepEqual(route.sections[0].evNotices.map((n) => n.code), [code]);
    assert.deepEqual(route.blockingNotices, []);
  }
  for (const code of Object.values(EvNoticeCode)) {
    assert.ok(VIOLATION_NOTICE_CODES.includes(code), code);
  }
  // A critical code no one documented still discards the section.
  assert.equal(
    response({
      routes: [{
        id: "r",
        sections: [
          section({ notices: [notice("outOfChargeSoon", "critical")] }),
        ],
      }],
    }).routes.length,
    0,
  );
});

Deno.test("EV: the response's own EV notices are typed, so no route for want of a station is visible", async () => {
  const body = {
    routes: [],
    notices: [
      notice("noReachableChargingStationsFound", "critical"),
      notice("simplePolyline", "info"),
      null,
    ],
  };
  await using server = await routesServer(body);
  const res = await carRoute(testClient(server), {
    origin: [52.5, 13.4],
    destination: [51.05, 13.74],
  });
  // As any answer without routes: no error, the notices say why.
  assert.deepEqual(res.routes, []);
  assert.deepEqual(res.evNotices.map((n) => [n.code, n.severity]), [
    ["noReachableChargingStationsFound", "critical"],
  ]);
  assert.equal(res.notices.length, 3);
  assert.deepEqual(response({ routes: [] }).evNotices, []);
  assert.deepEqual(response({ routes: [], notices: "x" }).evNotices, []);
});

Deno.test("EV: toGeoJSON leaves out a summary that is no object and a charging time that is no finite number", () => {
  const polyline = encodePolyline({ polyline: [[52.5, 13.4], [52.6, 13.5]] });
  const odd = new Section(section({
    polyline,
    summary: "x" as never,
    postActions: [
      { action: "charging", duration: 1e308 },
      { action: "charging", duration: 1e308 },
    ],
  }));
  const properties = odd.toGeoJSON()!.properties;
  assert.equal(properties.length, undefined);
  assert.equal(properties.duration, undefined);
  assert.equal("chargingTime" in properties, false);
  assert.equal(properties.violations.length, 0);
  const fine = new Section(section({
    polyline,
    summary: { duration: 60, length: 1000 },
    postActions: [{ action: "charging", duration: 600 }],
  }));
  const kept = fine.toGeoJSON()!.properties;
  assert.deepEqual([kept.duration, kept.length, kept.chargingTime], [
    60,
    1000,
    600,
  ]);
});

Deno.test("EV: toGeoJSON carries the charge at each section's ends and the charging stop", () => {
  const fc = response(evCharging).toGeoJSON();
  assert.deepEqual(fc.features.map((f) => f.properties), [
    {
      routeId: "route-ev-0000-example",
      routeIndex: 0,
      sectionId: "section-ev-0000-to-station",
      sectionIndex: 0,
      type: "vehicle",
      transportMode: "car",
      departureTime: "2024-05-01T08:00:00+02:00",
      arrivalTime: "2024-05-01T08:42:00+02:00",
      duration: 2520,
      length: 60500,
      violations: ["violatedChargingStationOpeningHours"],
      departureCharge: 20,
      arrivalCharge: 8.4,
      consumption: -43.6,
      energyUsed: 11.6,
      energyCharged: 55.2,
      chargingTime: 1260,
      targetCharge: 63.6,
    },
    {
      routeId: "route-ev-0000-example",
      routeIndex: 0,
      sectionId: "section-ev-0001-to-destination",
      sectionIndex: 1,
      type: "vehicle",
      transportMode: "car",
      departureTime: "2024-05-01T09:08:00+02:00",
      arrivalTime: "2024-05-01T09:55:00+02:00",
      duration: 2820,
      length: 118400,
      violations: [],
      departureCharge: 63.6,
      arrivalCharge: 47.1,
      consumption: 16.5,
      energyUsed: 16.5,
    },
  ]);
  assert.deepEqual(fc.features[1].geometry.coordinates.at(-1), [13.74, 51.05]);
});
