import assert from "node:assert/strict";
import { decodePolyline } from "@ls/core";
import { haversineMeters, type LatLngLike } from "./geodesy.ts";
import { startSandbox } from "./sandbox.ts";
import { call } from "./_test_sandbox.ts";

const BERLIN = { lat: 52.52, lng: 13.405 };
const POTSDAM = { lat: 52.3906, lng: 13.0645 };
const FRANKFURT_ODER = { lat: 52.3471, lng: 14.5506 };

function route(query: string): string {
  return `/v8/routes?${query}`;
}

function polylineLength(points: number[][]): number {
  let sum = 0;
  for (let i = 1; i < points.length; i++) {
    sum += haversineMeters({ lat: points[i - 1][0], lng: points[i - 1][1] }, {
      lat: points[i][0],
      lng: points[i][1],
    });
  }
  return sum;
}

Deno.test("a route's summary follows the streets, and equals the matrix entry", async () => {
  await using sandbox = await startSandbox();
  const durations: Record<string, number> = {};
  for (const mode of ["car", "truck", "bicycle", "pedestrian", "scooter"]) {
    const res = await call(
      sandbox,
      route(
        `transportMode=${mode}&origin=52.52,13.405&destination=52.3906,13.0645&return=summary&departureTime=any`,
      ),
    );
    assert.equal(res.status, 200, res.text);
    const [section] = res.body.routes[0].sections;
    // The streets are longer than the straight line, but not absurdly.
    const straight = haversineMeters(BERLIN, POTSDAM);
    assert.ok(section.summary.length > straight, `${mode}: too short`);
    assert.ok(section.summary.length < 1.6 * straight, `${mode}: too long`);
    assert.equal(section.summary.baseDuration, section.summary.duration);
    durations[mode] = section.summary.duration;
    assert.equal(section.transport.mode, mode);
    const matrix = await call(sandbox, "/v8/matrix?async=false", {
      json: {
        origins: [BERLIN],
        destinations: [POTSDAM],
        regionDefinition: { type: "world" },
        transportMode: mode,
        departureTime: "any",
        matrixAttributes: ["travelTimes", "distances"],
      },
    });
    assert.equal(matrix.body.matrix.travelTimes[0], section.summary.duration);
    assert.equal(matrix.body.matrix.distances[0], section.summary.length);
  }
  assert.ok(durations.car < durations.truck);
  assert.ok(durations.truck < durations.bicycle);
  assert.ok(durations.bicycle < durations.pedestrian);
});

Deno.test("the polyline runs from origin to destination and is as long as the summary", async () => {
  await using sandbox = await startSandbox();
  const res = await call(
    sandbox,
    route(
      "transportMode=car&origin=52.52,13.405&destination=52.3906,13.0645&return=polyline,summary",
    ),
  );
  const [section] = res.body.routes[0].sections;
  const decoded = decodePolyline(section.polyline);
  assert.equal(decoded.precision, 6);
  assert.equal(decoded.thirdDim, 0);
  const pts = decoded.polyline;
  // It starts and ends where the waypoints meet the streets: nearby.
  const dep = section.departure.place, arr = section.arrival.place;
  assert.deepEqual(pts[0], [dep.location.lat, dep.location.lng]);
  assert.deepEqual(pts[pts.length - 1], [arr.location.lat, arr.location.lng]);
  assert.deepEqual(dep.originalLocation, { lat: 52.52, lng: 13.405 });
  assert.ok(haversineMeters(dep.location, BERLIN) < 150);
  assert.ok(haversineMeters(arr.location, POTSDAM) < 150);
  // A route on streets has many points, not a straight line.
  assert.ok(pts.length > 40, `${pts.length} points`);
  const drawn = polylineLength(pts);
  assert.ok(
    Math.abs(drawn - section.summary.length) / section.summary.length < 0.02,
    `${drawn} vs ${section.summary.length}`,
  );
  assert.equal(section.actions, undefined);
  assert.match(
    section.departure.time,
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+01:00$/,
  );
});

Deno.test("actions, instructions and spans add up to the summary", async () => {
  await using sandbox = await startSandbox();
  const res = await call(
    sandbox,
    route(
      "transportMode=car&origin=52.52,13.405&destination=52.3471,14.5506" +
        "&return=polyline,summary,actions,instructions&spans=names,length,duration,countryCode,functionalClass",
    ),
  );
  const [section] = res.body.routes[0].sections;
  const points = decodePolyline(section.polyline).polyline.length;
  const actions = section.actions;
  assert.equal(actions[0].action, "depart");
  assert.match(
    actions[0].instruction,
    /^Head \w+ on .+\. Go for [\d.]+ k?m\.$/,
  );
  assert.ok(
    actions.some((a: { instruction: string }) =>
      /^Turn (left|right) onto .+\./.test(a.instruction)
    ),
  );
  assert.equal(actions[actions.length - 1].action, "arrive");
  assert.equal(
    actions[actions.length - 1].instruction,
    "Arrive at your destination.",
  );
  assert.equal(actions[actions.length - 1].offset, points - 1);
  assert.equal(
    actions.reduce((s: number, a: { length: number }) => s + a.length, 0),
    section.summary.length,
  );
  assert.equal(
    actions.reduce((s: number, a: { duration: number }) => s + a.duration, 0),
    section.summary.duration,
  );
  assert.ok(actions.some((a: { action: string }) => a.action === "turn"));
  assert.equal(section.language, "en-us");
  const spans = section.spans;
  assert.equal(spans[0].offset, 0);
  for (let i = 1; i < spans.length; i++) {
    assert.ok(spans[i].offset > spans[i - 1].offset);
  }
  assert.equal(
    spans.reduce((s: number, x: { length: number }) => s + x.length, 0),
    section.summary.length,
  );
  assert.equal(
    spans.reduce((s: number, x: { duration: number }) => s + x.duration, 0),
    section.summary.duration,
  );
  assert.equal(spans[0].countryCode, "DEU");
  assert.equal(typeof spans[0].names[0].value, "string");
  assert.ok(
    spans.every((x: { functionalClass: number }) =>
      x.functionalClass >= 1 && x.functionalClass <= 5
    ),
  );
});

Deno.test("a stop-over via starts a new section; a pass-through via does not", async () => {
  await using sandbox = await startSandbox();
  const departure = "2024-05-01T08:00:00+02:00";
  const stop = await call(
    sandbox,
    route(
      `transportMode=car&origin=52.52,13.405&destination=52.3471,14.5506&via=52.3906,13.0645!stopDuration=600` +
        `&departureTime=${encodeURIComponent(departure)}&return=summary`,
    ),
  );
  const sections = stop.body.routes[0].sections;
  assert.equal(sections.length, 2);
  const leg = async (a: LatLngLike, b: LatLngLike) =>
    (await call(
      sandbox,
      route(
        `transportMode=car&origin=${a.lat},${a.lng}&destination=${b.lat},${b.lng}&return=summary`,
      ),
    )).body.routes[0].sections[0].summary;
  assert.deepEqual(
    sections[0].summary,
    await leg(BERLIN, POTSDAM),
  );
  assert.deepEqual(
    sections[1].summary,
    await leg(POTSDAM, FRANKFURT_ODER),
  );
  assert.equal(sections[0].departure.time, departure);
  assert.match(sections[1].arrival.time, /\+02:00$/);
  const arrived = Date.parse(sections[0].arrival.time);
  assert.equal(
    arrived,
    Date.parse(departure) + sections[0].summary.duration * 1000,
  );
  assert.equal(Date.parse(sections[1].departure.time), arrived + 600_000);
  assert.equal(sections[0].arrival.place.waypoint, 1);

  const through = await call(
    sandbox,
    route(
      `transportMode=car&origin=52.52,13.405&destination=52.3471,14.5506&via=52.3906,13.0645!passThrough=true` +
        `&return=summary,polyline,passthrough`,
    ),
  );
  const [only] = through.body.routes[0].sections;
  assert.equal(through.body.routes[0].sections.length, 1);
  assert.equal(
    only.summary.length,
    sections[0].summary.length + sections[1].summary.length,
  );
  const pts = decodePolyline(only.polyline).polyline;
  const via = only.passthrough[0];
  assert.equal(via.place.waypoint, 1);
  assert.ok(
    haversineMeters(
      { lat: pts[via.offset][0], lng: pts[via.offset][1] },
      POTSDAM,
    ) <
      150,
  );
});

Deno.test("arrivalTime schedules backwards; departureTime=any omits times", async () => {
  await using sandbox = await startSandbox();
  const res = await call(
    sandbox,
    route(
      "transportMode=car&origin=52.52,13.405&destination=52.3906,13.0645&return=summary&arrivalTime=2024-05-01T10:00:00Z",
    ),
  );
  const [section] = res.body.routes[0].sections;
  assert.equal(Date.parse(section.arrival.time), Date.UTC(2024, 4, 1, 10));
  assert.equal(
    Date.parse(section.departure.time),
    Date.UTC(2024, 4, 1, 10) - section.summary.duration * 1000,
  );
  const any = await call(
    sandbox,
    route(
      "transportMode=car&origin=52.52,13.405&destination=52.3906,13.0645&departureTime=any",
    ),
  );
  assert.equal(any.body.routes[0].sections[0].departure.time, undefined);
  assert.equal(any.body.routes[0].sections[0].summary, undefined);
});

Deno.test("alternatives are distinct and longer than the main route", async () => {
  await using sandbox = await startSandbox();
  const res = await call(
    sandbox,
    route(
      "transportMode=car&origin=52.52,13.405&destination=52.3471,14.5506&alternatives=2&return=summary,polyline",
    ),
  );
  const routes = res.body.routes;
  assert.equal(routes.length, 3);
  assert.equal(new Set(routes.map((r: { id: string }) => r.id)).size, 3);
  assert.equal(
    new Set(
      routes.map((r: { sections: { polyline: string }[] }) =>
        r.sections[0].polyline
      ),
    ).size,
    3,
  );
  const main = routes[0].sections[0].summary;
  const matrix = await call(sandbox, "/v8/matrix?async=false", {
    json: {
      origins: [BERLIN],
      destinations: [FRANKFURT_ODER],
      regionDefinition: { type: "world" },
      matrixAttributes: ["travelTimes", "distances"],
    },
  });
  assert.equal(matrix.body.matrix.travelTimes[0], main.duration);
  assert.equal(matrix.body.matrix.distances[0], main.length);
  const drawn = routes.map((r: { sections: { polyline: string }[] }) =>
    decodePolyline(r.sections[0].polyline).polyline.map((p) => p.join())
  );
  for (const [k, alt] of routes.slice(1).entries()) {
    assert.ok(alt.sections[0].summary.duration > main.duration);
    // Really another way: most of its points are not on the main route.
    const onMain = new Set(drawn[0]);
    const shared = drawn[k + 1].filter((p: string) => onMain.has(p)).length;
    assert.ok(shared < 0.7 * drawn[k + 1].length, `${shared} shared`);
  }
});

Deno.test("avoid[areas] bends the polyline around the box", async () => {
  await using sandbox = await startSandbox();
  const box = { west: 13.6, south: 52.3, east: 13.9, north: 52.6 };
  const base =
    "transportMode=car&origin=52.52,13.405&destination=52.3471,14.5506&return=summary,polyline";
  const avoided = await call(
    sandbox,
    route(
      `${base}&avoid%5Bareas%5D=bbox:${box.west},${box.south},${box.east},${box.north}`,
    ),
  );
  const direct = await call(sandbox, route(base));
  const [section] = avoided.body.routes[0].sections;
  const points = decodePolyline(section.polyline).polyline;
  for (const [lat, lng] of points) {
    assert.ok(
      !(lat > box.south && lat < box.north && lng > box.west && lng < box.east),
      `${lat},${lng} is inside`,
    );
  }
  assert.ok(
    section.summary.length > direct.body.routes[0].sections[0].summary.length,
  );
  assert.equal(section.notices, undefined);
  const matrix = await call(sandbox, "/v8/matrix?async=false", {
    json: {
      origins: [BERLIN],
      destinations: [FRANKFURT_ODER],
      regionDefinition: { type: "world" },
      avoid: { areas: [{ type: "boundingBox", ...box }] },
      matrixAttributes: ["distances", "travelTimes"],
    },
  });
  assert.equal(matrix.body.matrix.distances[0], section.summary.length);
  assert.equal(matrix.body.matrix.travelTimes[0], section.summary.duration);
});

Deno.test("return=elevation gives a 3-D polyline and elv on places", async () => {
  await using sandbox = await startSandbox();
  const res = await call(
    sandbox,
    route(
      "transportMode=car&origin=52.52,13.405&destination=52.3906,13.0645&return=polyline,elevation",
    ),
  );
  const [section] = res.body.routes[0].sections;
  const decoded = decodePolyline(section.polyline);
  assert.equal(decoded.thirdDim, 3);
  assert.equal(decoded.thirdDimPrecision, 1);
  assert.equal(decoded.polyline[0][2], section.departure.place.location.elv);
  assert.equal(typeof section.arrival.place.location.elv, "number");
});

Deno.test("HERE's return/spans dependency rules: E605013 and E605017", async () => {
  await using sandbox = await startSandbox();
  const base =
    "transportMode=car&origin=52.52,13.405&destination=52.3906,13.0645";
  const cases: [string, string, RegExp][] = [
    ["return=actions", "E605013", /'actions' requires 'polyline'/],
    [
      "return=polyline,instructions",
      "E605013",
      /'instructions' requires 'actions'/,
    ],
    ["return=turnByTurnActions", "E605013", /requires 'polyline'/],
    [
      "return=summary&spans=names",
      "E605017",
      /spans=names requires return=polyline/,
    ],
    [
      "return=summary&tolls%5Bsummaries%5D=total",
      "E605013",
      /requires return=tolls/,
    ],
  ];
  for (const [query, code, cause] of cases) {
    const res = await call(sandbox, route(`${base}&${query}`));
    assert.equal(res.status, 400, query);
    assert.deepEqual(Object.keys(res.body), [
      "title",
      "status",
      "code",
      "cause",
      "action",
      "correlationId",
    ]);
    assert.equal(res.body.code, code, query);
    assert.equal(res.body.status, 400);
    assert.match(res.body.cause, cause);
    assert.equal(res.body.correlationId, res.headers.get("x-correlation-id"));
  }
});

Deno.test("other invalid routing parameters get their E605 codes", async () => {
  await using sandbox = await startSandbox();
  const base = "origin=52.52,13.405&destination=52.3906,13.0645";
  const cases: [string, string][] = [
    [`transportMode=car&${base}&alternatives=7`, "E605015"],
    [
      `transportMode=car&${base}&departureTime=2024-05-01T08:00:00Z&arrivalTime=2024-05-01T09:00:00Z`,
      "E605018",
    ],
    [
      `transportMode=car&${base}&arrivalTime=2024-05-01T09:00:00Z&ev%5BfreeFlowSpeedTable%5D=0,0.2`,
      "E605030",
    ],
    [
      `transportMode=car&${base}&departureTime=2024-05-01T08:00:00+02:00`,
      "E605001",
    ],
    [`transportMode=spaceship&${base}`, "E605001"],
    [`${base}`, "E605001"],
    [`transportMode=car&origin=52.52,13.405`, "E605001"],
    [`transportMode=car&origin=95,13.405&destination=52.39,13.06`, "E605001"],
    [`transportMode=car&${base}&return=summary&return=polyline`, "E605001"],
    [`transportMode=car&${base}&return=wings`, "E605001"],
    [`transportMode=pedestrian&${base}&routingMode=short`, "E605012"],
    [
      `transportMode=pedestrian&${base}&vehicle%5BgrossWeight%5D=3000`,
      "E605010",
    ],
    [`transportMode=car&${base}&vehicle%5BgrossWeight%5D=5000`, "E605024"],
    [`transportMode=bicycle&${base}&avoid%5Bfeatures%5D=uTurns`, "E605011"],
    [`transportMode=car&${base}&lang=not_a_tag`, "E605014"],
    [`transportMode=car&${base}&exclude%5Bcountries%5D=XXX`, "E605016"],
    [
      `transportMode=car&origin=52.52,13.405!stopDuration=10&destination=52.39,13.06`,
      "E605001",
    ],
  ];
  for (const [query, code] of cases) {
    const res = await call(sandbox, route(query));
    assert.equal(res.status, 400, query);
    assert.equal(res.body.code, code, `${query}: ${res.body.cause}`);
  }
});

Deno.test("unknown parameters and unmatched waypoints give notices, not errors", async () => {
  await using sandbox = await startSandbox();
  const unknown = await call(
    sandbox,
    route(
      "transportMode=car&origin=52.52,13.405&destination=52.3906,13.0645&departure=now&return=summary",
    ),
  );
  assert.equal(unknown.status, 200);
  assert.deepEqual(unknown.body.notices, [{
    title: "The provided parameter 'departure' is unknown.",
    code: "unknownParameter",
    severity: "info",
  }]);
  const sea = await call(
    sandbox,
    route("transportMode=car&origin=0,-30&destination=52.3906,13.0645"),
  );
  assert.equal(sea.status, 200);
  assert.deepEqual(sea.body.routes, []);
  assert.equal(sea.body.notices[0].code, "couldNotMatchOrigin");
  assert.equal(sea.body.notices[0].severity, "critical");
  const ocean = await call(
    sandbox,
    route("transportMode=car&origin=52.52,13.405&destination=40.71,-74.0"),
  );
  assert.equal(ocean.body.notices[0].code, "noRouteFound");
});

Deno.test("fully percent-encoded waypoints and encoded brackets are understood", async () => {
  await using sandbox = await startSandbox();
  const res = await call(
    sandbox,
    route(
      "transportMode=car&origin=52.52%2C13.405&destination=52.3906%2C13.0645%3BnameHint%3DMain%20St" +
        "&return=polyline%2Csummary%2Cactions%2Cinstructions",
    ),
  );
  assert.equal(res.status, 200, res.text);
  const [section] = res.body.routes[0].sections;
  const plain = await call(
    sandbox,
    route(
      "transportMode=car&origin=52.52,13.405&destination=52.3906,13.0645&return=summary",
    ),
  );
  assert.deepEqual(section.summary, plain.body.routes[0].sections[0].summary);
  assert.equal(section.actions.at(-1).instruction, "Arrive at Main St.");
  const points: LatLngLike[] = decodePolyline(section.polyline).polyline.map((
    [lat, lng],
  ) => ({ lat, lng }));
  assert.ok(points.length > 2);
});

Deno.test("vehicle[type] takes HERE's StraightTruck or Tractor; lower case is a 400", async () => {
  await using sandbox = await startSandbox();
  const base =
    "transportMode=truck&origin=52.52,13.405&destination=52.3906,13.0645&return=summary";
  for (const type of ["StraightTruck", "Tractor"]) {
    const res = await call(sandbox, route(`${base}&vehicle%5Btype%5D=${type}`));
    assert.equal(res.status, 200, res.text);
  }
  assert.equal(
    (await call(sandbox, route(`${base}&truck%5Btype%5D=Straight`))).status,
    200,
  );
  for (
    const key of ["vehicle%5Btype%5D=straight", "vehicle%5Btype%5D=tractor"]
  ) {
    const res = await call(sandbox, route(`${base}&${key}`));
    assert.equal(res.status, 400, key);
    assert.equal(res.body.code, "E605001");
    assert.match(res.body.cause, /use one of StraightTruck, Tractor/);
  }
});

Deno.test("avoid[areas] polygons of any size up to HERE's limits are understood", async () => {
  await using sandbox = await startSandbox();
  const base =
    "transportMode=car&origin=52.52,13.405&destination=52.3906,13.0645&return=summary";
  const ok = await call(
    sandbox,
    route(
      `${base}&avoid%5Bareas%5D=polygon:52.45,13.2;52.47,13.25;52.44,13.3%7Cbbox:13.1,52.4,13.15,52.42`,
    ),
  );
  assert.equal(ok.status, 200, ok.text);
  const two = await call(
    sandbox,
    route(`${base}&avoid%5Bareas%5D=polygon:52.45,13.2;52.47,13.25`),
  );
  assert.equal(two.status, 400);
  assert.equal(two.body.code, "E605056");
});

Deno.test("tolls: fares on long roads where the mode is charged, converted and totalled in the currency", async () => {
  await using sandbox = await startSandbox();
  const ask = (query: string) =>
    call(
      sandbox,
      route(
        "origin=52.52,13.405&destination=51.05,13.74&return=summary,tolls" +
          `&currency=CHF&tolls%5Bsummaries%5D=total&${query}`,
      ),
    );
  const truck = (await ask("transportMode=truck")).body.routes[0].sections[0];
  assert.ok(truck.tolls.length > 0, "German motorways charge trucks");
  const fare = truck.tolls[0].fares[0];
  assert.equal(truck.tolls[0].countryCode, "DEU");
  assert.equal(
    truck.tollSystems[truck.tolls[0].tollSystemRef].name,
    "Toll Collect",
  );
  assert.equal(fare.price.currency, "EUR");
  assert.equal(fare.convertedPrice.currency, "CHF");
  assert.equal(truck.summary.tolls.total.currency, "CHF");
  assert.ok(truck.summary.tolls.total.value > 0);
  const car = (await ask("transportMode=car")).body.routes[0].sections[0];
  assert.deepEqual(car.tolls, [], "German motorways are free for cars");
  const avoided = (await ask(
    "transportMode=truck&avoid%5Bfeatures%5D=tollRoad",
  )).body.routes[0].sections[0];
  assert.deepEqual(avoided.tolls, []);
  const euro6 = (await ask(
    "transportMode=truck&tolls%5BemissionType%5D=euro6;co2class=3",
  )).body.routes[0].sections[0];
  assert.ok(euro6.summary.tolls.total.value < truck.summary.tolls.total.value);
});

Deno.test("tolls: HERE's error codes for invalid combinations", async () => {
  await using sandbox = await startSandbox();
  const base = "origin=52.52,13.405&destination=52.3906,13.0645";
  const cases: [string, string][] = [
    [`transportMode=car&${base}&tolls%5Bvignettes%5D=all`, "E605013"],
    [
      `transportMode=car&${base}&return=tolls&tolls%5Bsummaries%5D=total`,
      "E605013",
    ],
    [`transportMode=car&${base}&currency=XXX`, "E605001"],
    [
      `transportMode=truck&${base}&return=tolls&tolls%5BvehicleCategory%5D=minibus`,
      "E605010",
    ],
    [
      `transportMode=car&${base}&return=tolls&tolls%5BemissionType%5D=euro7`,
      "E605001",
    ],
    [
      `transportMode=car&${base}&return=tolls&tolls%5BemissionType%5D=euro6&ev%5BfreeFlowSpeedTable%5D=0,0.2`,
      "E605030",
    ],
  ];
  for (const [query, code] of cases) {
    const res = await call(sandbox, route(query));
    assert.equal(res.status, 400, query);
    assert.equal(res.body.code, code, `${query}: ${res.body.cause}`);
  }
});

Deno.test("avoid, exclude, allow and traffic options: well-formed ones are answered, others get HERE's codes", async () => {
  await using sandbox = await startSandbox();
  const base =
    "transportMode=car&origin=52.52,13.405&destination=52.3906,13.0645";
  const ok = await call(
    sandbox,
    route(
      `${base}&return=summary&avoid%5Bsegments%5D=here%3Acm%3Asegment%3A1%23%2B0` +
        "&avoid%5BzoneCategories%5D=environmental,vignette;exceptZoneIds=here%3Acm%3Aenvzone%3A2" +
        "&avoid%5BzoneIdentifiers%5D=here%3Acm%3Aenvzone%3A3&avoid%5BtruckRoadTypes%5D=BK1" +
        "&avoid%5BtollTransponders%5D=all&exclude%5Bstates%5D=USA:NV,CA%7CCAN:QC" +
        "&exclude%5Bareas%5D=bbox:13.2,52.44,13.3,52.48&allow%5Bhov%5D=true&allow%5Bhot%5D=false" +
        "&traffic%5Bmode%5D=disabled&traffic%5BoverrideFlowDuration%5D=600",
    ),
  );
  assert.equal(ok.status, 200, JSON.stringify(ok.body));
  assert.equal(ok.body.notices, undefined, "no parameter is unknown");
  const plain = await call(sandbox, route(`${base}&return=summary`));
  assert.ok(
    ok.body.routes[0].sections[0].summary.length >
      plain.body.routes[0].sections[0].summary.length,
    "an excluded area is driven around",
  );
  const cases: [string, string][] = [
    ["avoid%5BzoneCategories%5D=lowEmission", "E605001"],
    ["avoid%5BtollTransponders%5D=some", "E605001"],
    ["avoid%5Bsegments%5D=a,,b", "E605001"],
    ["exclude%5Bstates%5D=USA", "E605025"],
    ["exclude%5Bareas%5D=box:1,2", "E605001"],
    ["allow%5Bhov%5D=yes", "E605001"],
    ["traffic%5Bmode%5D=live", "E605001"],
    ["traffic%5BoverrideFlowDuration%5D=-5", "E605001"],
  ];
  for (const [query, code] of cases) {
    const res = await call(sandbox, route(`${base}&${query}`));
    assert.equal(res.status, 400, query);
    assert.equal(res.body.code, code, `${query}: ${res.body.cause}`);
  }
});

Deno.test("fuel: the summary carries litres by the speed table and the CO2; HERE's codes for bad input", async () => {
  await using sandbox = await startSandbox();
  const base = "origin=52.52,13.405&destination=52.3906,13.0645&return=summary";
  const ask = (query: string) => call(sandbox, route(`${base}&${query}`));
  const diesel = await ask(
    "transportMode=truck&fuel%5Btype%5D=diesel&fuel%5BfreeFlowSpeedTable%5D=0,0.3,90,0.25",
  );
  const [section] = diesel.body.routes[0].sections;
  assert.equal(section.consumptionType, "diesel");
  const { length, consumption, co2Emission } = section.summary;
  assert.ok(
    consumption >= length * 0.25 / 1000 && consumption <= length * 0.3 / 1000,
  );
  assert.equal(co2Emission, Math.round(consumption * 2.64 * 1000) / 1000);
  const petrol = await ask("transportMode=car&fuel%5Btype%5D=petrol");
  assert.ok(petrol.body.routes[0].sections[0].summary.consumption > 0);
  const cases: [string, string][] = [
    ["transportMode=car&fuel%5Btype%5D=kerosene", "E605001"],
    ["transportMode=car&fuel%5Bascent%5D=1", "E605001"],
    ["transportMode=car&fuel%5Btype%5D=diesel&fuel%5Bascent%5D=1", "E605001"],
    [
      "transportMode=car&fuel%5Btype%5D=diesel&fuel%5BfreeFlowSpeedTable%5D=10,0.1,5,0.2",
      "E605001",
    ],
    ["transportMode=pedestrian&fuel%5Btype%5D=diesel", "E605028"],
  ];
  for (const [query, code] of cases) {
    const res = await ask(query);
    assert.equal(res.status, 400, query);
    assert.equal(res.body.code, code, `${query}: ${res.body.cause}`);
  }
});

Deno.test("vehicle speed cap, occupancy, plate, engine and use: answered when well-formed, HERE's codes when not", async () => {
  await using sandbox = await startSandbox();
  const base =
    "transportMode=car&origin=52.52,13.405&destination=52.3906,13.0645";
  const ok = await call(
    sandbox,
    route(
      `${base}&vehicle%5BspeedCap%5D=22.5&vehicle%5BspeedCapPerFc%5D=30,,20` +
        "&vehicle%5Boccupancy%5D=2" +
        "&vehicle%5BlicensePlate%5D=lastCharacter:7&vehicle%5BengineType%5D=pluginHybrid" +
        "&vehicle%5Bcommercial%5D=true",
    ),
  );
  assert.equal(ok.status, 200, JSON.stringify(ok.body));
  const cases: [string, string][] = [
    ["vehicle%5BspeedCap%5D=90", "E605032"],
    ["vehicle%5BspeedCapPerFc%5D=30,,90", "E605032"],
    ["vehicle%5Boccupancy%5D=0", "E605001"],
    ["vehicle%5BhovOccupancy%5D=2&vehicle%5Boccupancy%5D=2", "E605001"],
    ["vehicle%5BhovOccupancy%5D=2&allow%5Bhov%5D=true", "E605001"],
    ["vehicle%5BlicensePlate%5D=7", "E605001"],
    ["vehicle%5BengineType%5D=diesel", "E605001"],
    ["vehicle%5Bcommercial%5D=yes", "E605001"],
  ];
  for (const [query, code] of cases) {
    const res = await call(sandbox, route(`${base}&${query}`));
    assert.equal(res.status, 400, query);
    assert.equal(res.body.code, code, `${query}: ${res.body.cause}`);
  }
});

Deno.test("vehicle body (weights, axle groups, KPRA, tyres, category, trailer axles, engine size): answered when well-formed, HERE's codes when not", async () => {
  await using sandbox = await startSandbox();
  const base =
    "transportMode=truck&origin=52.52,13.405&destination=52.3906,13.0645" +
    "&vehicle%5BaxleCount%5D=5&vehicle%5BtrailerCount%5D=1";
  const ok = await call(
    sandbox,
    route(
      `${base}&vehicle%5BemptyWeight%5D=15000` +
        "&vehicle%5BweightPerAxleGroup%5D=single:10000,tandem:18000" +
        "&vehicle%5BkpraLength%5D=1250&vehicle%5BpayloadCapacity%5D=24000" +
        "&vehicle%5BtiresCount%5D=18&vehicle%5Bcategory%5D=lightTruck" +
        "&vehicle%5BtrailerAxleCount%5D=2&vehicle%5BheightAboveFirstAxle%5D=150" +
        "&vehicle%5BengineSizeCc%5D=12800",
    ),
  );
  assert.equal(ok.status, 200, JSON.stringify(ok.body));
  const cases: string[] = [
    "vehicle%5BemptyWeight%5D=-1",
    "vehicle%5BweightPerAxleGroup%5D=double:9000",
    "vehicle%5Bcategory%5D=van",
    "vehicle%5BtrailerAxleCount%5D=0",
    "vehicle%5BtrailerAxleCount%5D=5",
    "vehicle%5BheightAboveFirstAxle%5D=1.5",
  ];
  for (const query of cases) {
    const res = await call(sandbox, route(`${base}&${query}`));
    assert.equal(res.status, 400, query);
    assert.equal(res.body.code, "E605001", `${query}: ${res.body.cause}`);
  }
  const car = await call(
    sandbox,
    route(
      "transportMode=car&origin=52.52,13.405&destination=52.3906,13.0645" +
        "&vehicle%5Bcategory%5D=lightTruck",
    ),
  );
  assert.equal(car.status, 400);
  const towing = await call(
    sandbox,
    route(
      "transportMode=car&origin=52.52,13.405&destination=52.3906,13.0645" +
        "&vehicle%5BtrailerAxleCount%5D=1",
    ),
  );
  assert.equal(towing.status, 400, "a trailer's axles without a trailer");
});

Deno.test("taxi, bus and private bus routes: answered, each with its mode; taxi[…] only for taxis, as a boolean", async () => {
  await using sandbox = await startSandbox();
  const ends = "origin=52.52,13.405&destination=52.3906,13.0645";
  for (const mode of ["taxi", "bus", "privateBus"]) {
    const res = await call(sandbox, route(`transportMode=${mode}&${ends}`));
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.routes[0].sections[0].transport.mode, mode);
  }
  const taxi = await call(
    sandbox,
    route(
      `transportMode=taxi&${ends}&taxi%5BallowDriveThroughTaxiRoads%5D=false`,
    ),
  );
  assert.equal(taxi.status, 200, taxi.text);
  for (
    const query of [
      `transportMode=car&${ends}&taxi%5BallowDriveThroughTaxiRoads%5D=true`,
      `transportMode=taxi&${ends}&taxi%5BallowDriveThroughTaxiRoads%5D=yes`,
    ]
  ) {
    const res = await call(sandbox, route(query));
    assert.equal(res.status, 400, query);
    assert.equal(res.body.code, "E605001", query);
  }
});

Deno.test("maxSpeedOnSegment and driver[schedule]: answered when well-formed, HERE's codes when not", async () => {
  await using sandbox = await startSandbox();
  const base = "origin=52.52,13.405&destination=52.3906,13.0645";
  const ok = await call(
    sandbox,
    route(
      `transportMode=truck&${base}&maxSpeedOnSegment=here%3Acm%3Asegment%3A1%23%2B;speed=10` +
        "&driver%5Bschedule%5D=16200,2700&billingTag=ABCD%2BEFGH",
    ),
  );
  assert.equal(ok.status, 200, JSON.stringify(ok.body));
  const cases: [string, string][] = [
    ["transportMode=car&maxSpeedOnSegment=s1;speed=0.5", "E605001"],
    ["transportMode=car&driver%5Bschedule%5D=16200,2700", "E605010"],
    ["transportMode=truck&driver%5Bschedule%5D=100,60", "E605001"],
    [
      "transportMode=truck&driver%5Bschedule%5D=16200,2700&arrivalTime=2024-05-01T10:00:00Z",
      "E605001",
    ],
  ];
  for (const [query, code] of cases) {
    const res = await call(sandbox, route(`${base}&${query}`));
    assert.equal(res.status, 400, query);
    assert.equal(res.body.code, code, `${query}: ${res.body.cause}`);
  }
});

Deno.test("bus and privateBus take a truck's dimensions and driver[schedule]; vehicle[type] and per-class speed caps not with taxi or buses", async () => {
  await using sandbox = await startSandbox();
  const base =
    "origin=52.52,13.405&destination=52.3906,13.0645&return=summary&departureTime=any";
  for (const mode of ["bus", "privateBus"]) {
    const res = await call(
      sandbox,
      route(
        `transportMode=${mode}&${base}&vehicle%5Bheight%5D=320&vehicle%5BgrossWeight%5D=18000&driver%5Bschedule%5D=16200,2700`,
      ),
    );
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.routes[0].sections[0].transport.mode, mode);
  }
  const cases: [string, string, RegExp][] = [
    ["transportMode=bus&vehicle%5Btype%5D=Tractor", "E605010", /'bus'/],
    [
      "transportMode=privateBus&truck%5Btype%5D=Tractor",
      "E605010",
      /'privateBus'/,
    ],
    ["transportMode=taxi&vehicle%5BspeedCapPerFc%5D=30", "E605010", /'taxi'/],
    ["transportMode=taxi&driver%5Bschedule%5D=16200,2700", "E605010", /'taxi'/],
    ["transportMode=bus&driver%5Bschedule%5D=100,60", "E605001", /schedule/],
  ];
  for (const [query, code, cause] of cases) {
    const res = await call(sandbox, route(`${base}&${query}`));
    assert.equal(res.status, 400, query);
    assert.equal(res.body.code, code, `${query}: ${res.body.cause}`);
    assert.match(res.body.title + res.body.cause, cause, query);
  }
  const car = await call(
    sandbox,
    route(`transportMode=car&${base}&vehicle%5BspeedCapPerFc%5D=30`),
  );
  assert.equal(car.status, 200, JSON.stringify(car.body));
});

Deno.test("networkRestrictedTruck: routed as a truck with its permitted networks; HERE's codes otherwise", async () => {
  await using sandbox = await startSandbox();
  const base =
    "origin=52.52,13.405&destination=52.3906,13.0645&return=summary&departureTime=any";
  const networks = "networkRestrictedTruck%5BpermittedNetworks%5D";
  const truck = await call(sandbox, route(`transportMode=truck&${base}`));
  const ok = await call(
    sandbox,
    route(
      `transportMode=networkRestrictedTruck&${base}&${networks}=NZL::HPMV%7CAUS:NSW,VIC:BDouble`,
    ),
  );
  assert.equal(ok.status, 200, JSON.stringify(ok.body));
  assert.deepEqual(
    ok.body.routes[0].sections[0].summary,
    truck.body.routes[0].sections[0].summary,
  );
  assert.deepEqual(ok.body.notices ?? [], []);
  const cases: [string, string][] = [
    ["transportMode=networkRestrictedTruck", "E605001"],
    [`transportMode=networkRestrictedTruck&${networks}=nz:HPMV`, "E605001"],
    [`transportMode=truck&${networks}=NZL::HPMV`, "E605001"],
    // A missing or unknown mode is answered as without networks.
    [`${networks}=NZL::HPMV`, "E605001"],
    [`transportMode=NetworkRestrictedTruck&${networks}=NZL::HPMV`, "E605001"],
    [
      `transportMode=networkRestrictedTruck&${networks}=NZL::HPMV&routingMode=short`,
      "E605012",
    ],
    [
      `transportMode=networkRestrictedTruck&${networks}=NZL::HPMV&ev%5BfreeFlowSpeedTable%5D=0,0.2,27,0.2`,
      "E605027",
    ],
  ];
  for (const [query, code] of cases) {
    const res = await call(sandbox, route(`${base}&${query}`));
    assert.equal(res.status, 400, query);
    assert.equal(res.body.code, code, `${query}: ${res.body.cause}`);
    assert.doesNotMatch(res.body.cause, /got '(undefined|NetworkR)/, query);
  }
});
