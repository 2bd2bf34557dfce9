import assert from "node:assert/strict";
import {
  assertValueError,
  startJsonServer,
  TEST_KEY_QUERY,
  testClient,
} from "@ls/core/testing";
import {
  buildCarRouteRequest,
  buildPedestrianRouteRequest,
  buildTruckRouteRequest,
  carRoute,
  pedestrianRoute,
  type RoutingParams,
  truckRoute,
} from "./mod.ts";

const ENDS: RoutingParams = { origin: [52.5, 13.4], destination: [52.6, 13.5] };
const DEFAULTS = "routingMode=fast&alternatives=0&units=metric&lang=en-US";

Deno.test("avoid, exclude, allow and traffic options: HERE's keys in a fixed order, lists and objects encoded", async () => {
  await using server = await startJsonServer("GET /v8/routes", { routes: [] });
  await carRoute(testClient(server), {
    ...ENDS,
    avoidFeatures: ["ferry"],
    avoidSegments: ["here:cm:segment:76771992#+0", "here:cm:segment:2"],
    avoidZoneCategories: {
      categories: ["environmental", "vignette"],
      exceptZoneIds: ["here:cm:envzone:2", "here:cm:envzone:3"],
    },
    avoidZoneIdentifiers: ["here:cm:envzone:4"],
    avoidTruckRoadTypes: ["BK1", "C"],
    avoidTollTransponders: "all",
    exclude: {
      countries: ["CHE"],
      states: { USA: ["NV", "CA"], CAN: ["QC"] },
      areas: [[13.41, 52.51, 13.43, 52.53], {
        type: "polygon",
        outer: [[52.51, 13.35], [52.52, 13.37], [52.51, 13.38]],
      }],
    },
    allow: { hov: true, hot: false },
    traffic: { mode: "disabled", overrideFlowDuration: 600 },
  });
  assert.equal(
    server.requests[0].rawQuery,
    "transportMode=car&origin=52.5,13.4&destination=52.6,13.5&" + DEFAULTS +
      "&avoid%5Bfeatures%5D=ferry" +
      "&avoid%5Bsegments%5D=here%3Acm%3Asegment%3A76771992%23%2B0,here%3Acm%3Asegment%3A2" +
      "&avoid%5BzoneCategories%5D=environmental,vignette;exceptZoneIds=here%3Acm%3Aenvzone%3A2,here%3Acm%3Aenvzone%3A3" +
      "&avoid%5BzoneIdentifiers%5D=here%3Acm%3Aenvzone%3A4" +
      "&avoid%5BtruckRoadTypes%5D=BK1,C&avoid%5BtollTransponders%5D=all" +
      "&exclude%5Bcountries%5D=CHE&exclude%5Bstates%5D=USA:NV,CA%7CCAN:QC" +
      "&exclude%5Bareas%5D=bbox:13.41,52.51,13.43,52.53%7Cpolygon:52.51,13.35;52.52,13.37;52.51,13.38" +
      "&allow%5Bhov%5D=true&allow%5Bhot%5D=false" +
      `&traffic%5Bmode%5D=disabled&traffic%5BoverrideFlowDuration%5D=600&${TEST_KEY_QUERY}`,
  );
});

Deno.test("exclude: a list is still the countries; traffic works for pedestrians too", () => {
  assert.match(
    buildCarRouteRequest({ ...ENDS, exclude: ["AUT"] }).query!.toString(),
    /&exclude%5Bcountries%5D=AUT$/,
  );
  assert.match(
    buildPedestrianRouteRequest({ ...ENDS, traffic: { mode: "default" } })
      .query!.toString(),
    /&traffic%5Bmode%5D=default$/,
  );
});

Deno.test("route options: broken rules are ValueErrors naming the parameter, before any request", () => {
  const bad: [Partial<RoutingParams>, string, RegExp?][] = [
    [{ avoidSegments: ["a,b"] }, "avoidSegments[0]", /without , ; or \|/],
    [{ avoidSegments: [" "] }, "avoidSegments[0]"],
    [{ avoidSegments: "here:cm:segment:1" as never }, "avoidSegments"],
    [
      { avoidSegments: Array.from({ length: 1001 }, (_, i) => `s${i}`) },
      "avoidSegments",
      /at most 1000/,
    ],
    [
      { avoidZoneCategories: { categories: [] } },
      "avoidZoneCategories.categories",
    ],
    [
      { avoidZoneCategories: { categories: ["lowEmission" as never] } },
      "avoidZoneCategories.categories[0]",
    ],
    [{ avoidZoneCategories: ["vignette"] as never }, "avoidZoneCategories"],
    [{ avoidTollTransponders: "some" as never }, "avoidTollTransponders"],
    [{ exclude: "CHE" as never }, "exclude"],
    [{ exclude: { countries: ["ch"] } }, "exclude.countries[0]"],
    [{ exclude: { states: { us: ["NV"] } } }, "exclude.states.us"],
    [{ exclude: { states: { USA: [] } } }, "exclude.states.USA"],
    // An own "__proto__" key, as JSON.parse makes it, is no country either.
    [
      { exclude: { states: JSON.parse('{"__proto__": ["NV"]}') } },
      "exclude.states.__proto__",
    ],
    [{ exclude: { areas: [[1]] as never } }, "exclude.areas[0]"],
    [{ exclude: { regions: [] } as never }, "exclude.regions"],
    [{ allow: { hov: "yes" as never } }, "allow.hov"],
    [{ allow: { carpool: true } as never }, "allow.carpool"],
    [{ traffic: { mode: "live" as never } }, "traffic.mode"],
    [{ traffic: { overrideFlowDuration: -1 } }, "traffic.overrideFlowDuration"],
    [
      { traffic: { overrideFlowDuration: 1.5 } },
      "traffic.overrideFlowDuration",
    ],
  ];
  for (const [params, parameter, message] of bad) {
    const e = assertValueError(
      () => buildCarRouteRequest({ ...ENDS, ...params }),
      parameter,
    );
    if (message) assert.match(e.message, message);
  }
});

Deno.test("pedestrian[speed]: sent last on pedestrian routes; 0.5 to 2 m/s only", async () => {
  await using server = await startJsonServer("GET /v8/routes", { routes: [] });
  await pedestrianRoute(testClient(server), {
    ...ENDS,
    pedestrian: { speed: 1.25 },
  });
  assert.equal(
    server.requests[0].rawQuery,
    "transportMode=pedestrian&origin=52.5,13.4&destination=52.6,13.5&" +
      DEFAULTS + `&pedestrian%5Bspeed%5D=1.25&${TEST_KEY_QUERY}`,
  );
  for (const speed of [0.4, 2.1, NaN, "1" as never]) {
    assertValueError(
      () => buildPedestrianRouteRequest({ ...ENDS, pedestrian: { speed } }),
      "pedestrian.speed",
    );
  }
  assertValueError(
    () => buildCarRouteRequest({ ...ENDS, pedestrian: { speed: 1 } } as never),
    "pedestrian",
  );
});

Deno.test("maxSpeedOnSegment, customizations and billingTag: encoded on the wire, checked before sending", async () => {
  await using server = await startJsonServer("GET /v8/routes", { routes: [] });
  await carRoute(testClient(server), {
    ...ENDS,
    maxSpeedOnSegment: [{ segment: "here:cm:segment:84905195#+", speed: 10 }],
    customizations: ["c1"],
    billingTag: "ABCD+EFGH",
  });
  assert.equal(
    server.requests[0].rawQuery,
    "transportMode=car&origin=52.5,13.4&destination=52.6,13.5&" + DEFAULTS +
      "&maxSpeedOnSegment=here%3Acm%3Asegment%3A84905195%23%2B;speed=10" +
      `&customizations=c1&billingTag=ABCD%2BEFGH&${TEST_KEY_QUERY}`,
  );
  const bad: [Partial<RoutingParams>, string][] = [
    [
      { maxSpeedOnSegment: [{ segment: "s1", speed: 0.5 }] },
      "maxSpeedOnSegment[0].speed",
    ],
    [
      { maxSpeedOnSegment: [{ segment: "a;b", speed: 5 }] },
      "maxSpeedOnSegment[0].segment",
    ],
    [
      { maxSpeedOnSegment: [{ segment: "s1" }] as never },
      "maxSpeedOnSegment[0].speed",
    ],
    [
      {
        avoidSegments: Array.from({ length: 1000 }, (_, i) => `s${i}`),
        maxSpeedOnSegment: [{ segment: "s1", speed: 5 }],
      },
      "maxSpeedOnSegment",
    ],
    [{ billingTag: " " }, "billingTag"],
    [{ customizations: "c1" as never }, "customizations"],
  ];
  for (const [params, parameter] of bad) {
    assertValueError(
      () => buildCarRouteRequest({ ...ENDS, ...params }),
      parameter,
    );
  }
});

Deno.test("driver[schedule]: truck only, pairs flat; not with arrivalTime or ev", async () => {
  await using server = await startJsonServer("GET /v8/routes", { routes: [] });
  await truckRoute(testClient(server), {
    ...ENDS,
    driver: { schedule: [[16200, 2700], [16200, 39600]] },
  });
  assert.match(
    server.requests[0].rawQuery,
    /&lang=en-US&driver%5Bschedule%5D=16200,2700,16200,39600&apiKey=/,
  );
  const schedule: [number, number][] = [[16200, 2700]];
  const bad: [unknown, string][] = [
    [{ schedule: [[100, 60]] }, "driver.schedule[0][0]"],
    [{ schedule: [[16200, -1]] }, "driver.schedule[0][1]"],
    [{ schedule: [[16200]] }, "driver.schedule[0]"],
    [{ schedule: [] }, "driver.schedule"],
    [{}, "driver.schedule"],
  ];
  for (const [driver, parameter] of bad) {
    assertValueError(
      () => buildTruckRouteRequest({ ...ENDS, driver: driver as never }),
      parameter,
    );
  }
  assertValueError(
    () =>
      buildTruckRouteRequest({
        ...ENDS,
        driver: { schedule },
        arrivalTime: "2024-05-01T10:00:00Z",
      }),
    "driver",
  );
  assertValueError(
    () => buildCarRouteRequest({ ...ENDS, driver: { schedule } } as never),
    "driver",
  );
});
