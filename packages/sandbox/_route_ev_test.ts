import assert from "node:assert/strict";
import { startSandbox } from "./sandbox.ts";
import { call } from "./_test_sandbox.ts";

/** Berlin to Dresden, about 240 km of road. */
const TRIP = "transportMode=car&origin=52.53,13.38&destination=51.05,13.74" +
  "&departureTime=2024-05-01T08:00:00%2B02:00&return=summary,polyline";

/** HERE's guide values for the empirical model. */
const MODEL = "consumptionModel=empirical" +
  "&ev%5BfreeFlowSpeedTable%5D=0,0.239,27,0.239,45,0.259,60,0.196,75,0.207,90,0.238,100,0.26,110,0.296,120,0.337,130,0.351" +
  "&ev%5Bascent%5D=9&ev%5Bdescent%5D=4.3&ev%5BauxiliaryConsumption%5D=1.8";

const CHARGING =
  "&ev%5BmaxCharge%5D=80&ev%5BmaxChargeAfterChargingStation%5D=72" +
  "&ev%5BminChargeAtChargingStation%5D=8&ev%5BminChargeAtDestination%5D=8" +
  "&ev%5BchargingCurve%5D=0,239,32,199,56,167,60,130,64,111,68,83,72,55,76,33,78,17,80,1" +
  "&ev%5BchargingSetupDuration%5D=300&ev%5BconnectorTypes%5D=iec62196Type2Combo" +
  "&ev%5BmakeReachable%5D=true";

// deno-lint-ignore no-explicit-any
type Json = any;

Deno.test("EV route: a charging stop where the charge would run short, charging to what the rest needs", async () => {
  await using sandbox = await startSandbox();
  const res = await call(
    sandbox,
    `/v8/routes?${TRIP}&${MODEL}&ev%5BinitialCharge%5D=20${CHARGING}`,
  );
  assert.equal(res.status, 200, res.text);
  const sections: Json[] = res.body.routes[0].sections;
  assert.ok(sections.length >= 2, "at least one charging stop");
  const [first, ...rest] = sections;
  const last = sections[sections.length - 1];
  assert.equal(first.departure.charge, 20);
  assert.equal(first.departure.place.type, "place");
  assert.equal(last.arrival.place.type, "place");
  assert.ok(last.arrival.charge >= 8, "the destination reserve is kept");
  sections.forEach((s, i) => {
    assert.equal(s.consumptionType, "electric");
    assert.ok(s.arrival.charge < s.departure.charge, "charge falls on the way");
    if (i === sections.length - 1) return;
    // The stop: a charging station with its connector, then charging.
    const station = s.arrival.place;
    assert.equal(station.type, "chargingStation");
    assert.equal(station.waypoint, undefined);
    assert.equal(station.attributes.connectorType, "iec62196Type2Combo");
    assert.equal(station.attributes.power, 150);
    assert.deepEqual(sections[i + 1].departure.place, station);
    assert.ok(s.arrival.charge >= 8, "arrives with the station reserve");
    const [setup, charging] = s.postActions;
    assert.deepEqual(setup, { action: "chargingSetup", duration: 300 });
    assert.equal(charging.action, "charging");
    assert.equal(charging.arrivalCharge, s.arrival.charge);
    assert.equal(charging.targetCharge, sections[i + 1].departure.charge);
    assert.ok(
      charging.targetCharge <= 72,
      "no more than the limit after a stop",
    );
    assert.ok(charging.duration > 0);
    // HERE counts the charging against the section: departure − next departure.
    assert.ok(
      Math.abs(
        s.summary.consumption -
          (s.departure.charge - sections[i + 1].departure.charge),
      ) < 0.01,
    );
    // The next section leaves after setup and charging.
    const dwell = (Date.parse(sections[i + 1].departure.time) -
      Date.parse(s.arrival.time)) / 1000;
    assert.equal(dwell, 300 + charging.duration);
  });
  for (const s of rest) assert.equal(s.departure.place.type, "chargingStation");
  assert.ok(
    Math.abs(
      last.summary.consumption - (last.departure.charge - last.arrival.charge),
    ) < 0.01,
  );
});

Deno.test("EV route: enough charge means no stop; too little without makeReachable means notices", async () => {
  await using sandbox = await startSandbox();
  const full = await call(
    sandbox,
    `/v8/routes?${TRIP}&${MODEL}&ev%5BinitialCharge%5D=80${CHARGING}`,
  );
  assert.equal(full.status, 200, full.text);
  const [only] = full.body.routes[0].sections;
  assert.equal(full.body.routes[0].sections.length, 1);
  assert.equal(only.postActions, undefined);
  assert.equal(only.notices, undefined);

  const short = await call(
    sandbox,
    `/v8/routes?${TRIP}&${MODEL}&ev%5BinitialCharge%5D=20&ev%5BmaxCharge%5D=80&ev%5BminChargeAtDestination%5D=5`,
  );
  assert.equal(short.status, 200, short.text);
  const [section] = short.body.routes[0].sections;
  assert.equal(short.body.routes[0].sections.length, 1);
  assert.ok(section.arrival.charge < 0);
  assert.deepEqual(section.notices.map((n: Json) => [n.code, n.severity]), [
    ["outOfCharge", "info"],
    ["violatedMinChargeAtDestination", "info"],
  ]);
});

Deno.test("EV route: consumption alone, without a battery; climbing costs more", async () => {
  await using sandbox = await startSandbox();
  const flat = MODEL.replace("&ev%5Bascent%5D=9&ev%5Bdescent%5D=4.3", "");
  const a = await call(sandbox, `/v8/routes?${TRIP}&${flat}`);
  const b = await call(sandbox, `/v8/routes?${TRIP}&${MODEL}`);
  const [sa] = a.body.routes[0].sections;
  const [sb] = b.body.routes[0].sections;
  assert.equal(sa.departure.charge, undefined);
  assert.equal(sa.arrival.charge, undefined);
  assert.equal(sa.consumptionType, "electric");
  assert.ok(sa.summary.consumption > 20 && sa.summary.consumption < 200);
  assert.notEqual(sb.summary.consumption, sa.summary.consumption);
  // Without return=summary there is no consumption to report.
  const c = await call(
    sandbox,
    `/v8/routes?${TRIP.replace("summary,", "")}&${MODEL}`,
  );
  assert.equal(c.body.routes[0].sections[0].summary, undefined);
  assert.equal(c.body.routes[0].sections[0].consumptionType, "electric");
});

Deno.test("EV route: the physical model from the vehicle's attributes", async () => {
  await using sandbox = await startSandbox();
  const physical = "consumptionModel=physical&ev%5BdriveEfficiency%5D=0.9" +
    "&ev%5BrecuperationEfficiency%5D=0.8&ev%5BauxiliaryPowerConsumption%5D=2000" +
    "&vehicle%5BcurrentWeight%5D=2500&vehicle%5BrollingResistanceCoefficient%5D=0.0066" +
    "&vehicle%5BairDragCoefficient%5D=0.23";
  const light = await call(
    sandbox,
    `/v8/routes?${TRIP}&${physical}&vehicle%5BfrontalArea%5D=2.36`,
  );
  assert.equal(light.status, 200, light.text);
  const heavy = await call(
    sandbox,
    `/v8/routes?${TRIP}&${
      physical.replace("currentWeight%5D=2500", "currentWeight%5D=4000")
    }&vehicle%5Bwidth%5D=190&vehicle%5Bheight%5D=170`,
  );
  assert.equal(heavy.status, 200, heavy.text);
  const kwh = (r: Json) => r.body.routes[0].sections[0].summary.consumption;
  assert.ok(kwh(light) > 10 && kwh(light) < 100, `${kwh(light)} kWh`);
  assert.ok(kwh(heavy) > kwh(light));
});

Deno.test("EV route: an auxiliary power curve draws its last power; HERE's rules on it are E605030", async () => {
  await using sandbox = await startSandbox();
  const base = "consumptionModel=physical&ev%5BdriveEfficiency%5D=0.9" +
    "&ev%5BrecuperationEfficiency%5D=0.8" +
    "&vehicle%5BcurrentWeight%5D=2500&vehicle%5BrollingResistanceCoefficient%5D=0.0066" +
    "&vehicle%5BairDragCoefficient%5D=0.23&vehicle%5BfrontalArea%5D=2.36";
  const untimed = TRIP.replace(/&departureTime=[^&]*/, "");
  const kwh = (r: Json) => r.body.routes[0].sections[0].summary.consumption;
  const none = await call(sandbox, `/v8/routes?${TRIP}&${base}`);
  const curve = await call(
    sandbox,
    `/v8/routes?${TRIP}&${base}&ev%5BauxiliaryPowerCurve%5D=0,500|600,3000`,
  );
  assert.equal(curve.status, 200, curve.text);
  assert.ok(kwh(curve) > kwh(none), `${kwh(curve)} > ${kwh(none)} kWh`);
  const bad = [
    `${TRIP}&${base}&ev%5BauxiliaryPowerCurve%5D=10,500`,
    `${TRIP}&${base}&ev%5BauxiliaryPowerCurve%5D=0,500|0,600`,
    `${TRIP}&${base}&ev%5BauxiliaryPowerCurve%5D=0,500|1801,600`,
    `${TRIP}&${base}&ev%5BauxiliaryPowerCurve%5D=0,-5`,
    `${untimed}&${base}&ev%5BauxiliaryPowerCurve%5D=0,500`,
    `${untimed}&departureTime=any&${base}&ev%5BauxiliaryPowerCurve%5D=0,500`,
    `${TRIP}&${base}&ev%5BauxiliaryPowerCurve%5D=0,500&ev%5BauxiliaryPowerConsumption%5D=100`,
  ];
  for (const query of bad) {
    const res = await call(sandbox, `/v8/routes?${query}`);
    assert.equal(res.status, 400, query);
    assert.equal(res.body.code, "E605030", `${query}: ${res.text}`);
  }
});

Deno.test("EV route: no station in reach is a critical notice, as HERE reports it", async () => {
  await using sandbox = await startSandbox();
  const res = await call(
    sandbox,
    `/v8/routes?${TRIP}&${MODEL}&ev%5BinitialCharge%5D=5${
      CHARGING.replace(
        "ev%5BmaxCharge%5D=80",
        "ev%5BmaxCharge%5D=80&ev%5BminChargeAtFirstChargingStation%5D=4.5",
      )
    }`,
  );
  assert.equal(res.status, 200, res.text);
  assert.deepEqual(res.body.routes, []);
  assert.deepEqual(res.body.notices.map((n: Json) => [n.code, n.severity]), [
    ["noReachableChargingStationsFound", "critical"],
  ]);
});

Deno.test("EV route: HERE's errors for EV options that cannot be", async () => {
  await using sandbox = await startSandbox();
  const cases: [string, string, RegExp][] = [
    [
      `${TRIP.replace("car", "pedestrian")}&${MODEL}`,
      "E605027",
      /not supported for transport mode 'pedestrian'/,
    ],
    [
      `${TRIP.replace("car", "bicycle")}&fuel%5Btype%5D=diesel`,
      "E605028",
      /Fuel parameter 'fuel\[type\]'/,
    ],
    [`${TRIP}&${MODEL}&fuel%5Btype%5D=diesel`, "E605030", /cannot be combined/],
    [
      `${TRIP}&consumptionModel=empirical`,
      "E605030",
      /freeFlowSpeedTable\] is required/,
    ],
    [
      `${TRIP}&${MODEL}&ev%5Bcolour%5D=red`,
      "E605030",
      /Unknown EV parameter 'ev\[colour\]'/,
    ],
    [
      `${TRIP}&${MODEL}&ev%5BdriveEfficiency%5D=0.9`,
      "E605030",
      /belongs to consumptionModel=physical/,
    ],
    [
      `${TRIP}&${MODEL}&ev%5BfreeFlowSpeedTable%5D=50,0.2,30,0.2`.replace(
        /ev%5BfreeFlowSpeedTable%5D=0,[^&]*&/,
        "",
      ),
      "E605030",
      /freeFlowSpeedTable/,
    ],
    [`${TRIP}&${MODEL}&ev%5BinitialCharge%5D=20`, "E605030", /together/],
    [
      `${TRIP}&${MODEL}&ev%5BinitialCharge%5D=90&ev%5BmaxCharge%5D=80`,
      "E605030",
      /must not exceed/,
    ],
    [
      `${TRIP}&${MODEL}&ev%5BinitialCharge%5D=20&ev%5BmaxCharge%5D=80&ev%5BmakeReachable%5D=true`,
      "E605030",
      /makeReachable\]=true needs/,
    ],
    [
      `${TRIP}&consumptionModel=physical&ev%5BdriveEfficiency%5D=0.9&ev%5BrecuperationEfficiency%5D=0.8`,
      "E605030",
      /vehicle\[currentWeight\] is required/,
    ],
    [`${TRIP}&consumptionModel=hybrid`, "E605001", /consumptionModel/],
  ];
  for (const [query, code, cause] of cases) {
    const res = await call(sandbox, `/v8/routes?${query}`);
    assert.equal(res.status, 400, query);
    assert.equal(res.body.code, code, `${query}: ${res.body.cause}`);
    assert.match(res.body.cause, cause, query);
  }
});

Deno.test("EV isoline: a consumption range reaches as far as the model allows, per direction", async () => {
  await using sandbox = await startSandbox();
  const base = "/v8/isolines?transportMode=car&origin=52.52,13.405" +
    `&range%5Btype%5D=consumption&range%5Bvalues%5D=5000,20000&${MODEL}`;
  const res = await call(sandbox, base);
  assert.equal(res.status, 200, res.text);
  assert.deepEqual(
    res.body.isolines.map((i: Json) => i.range),
    [{ type: "consumption", value: 5000 }, {
      type: "consumption",
      value: 20000,
    }],
  );
  assert.equal(res.body.notices, undefined);
  // A battery option is no isoline parameter: HERE's unknownParameter notice.
  const noted = await call(sandbox, `${base}&ev%5BinitialCharge%5D=50`);
  assert.equal(noted.status, 200, noted.text);
  assert.deepEqual(noted.body.notices.map((n: Json) => n.code), [
    "unknownParameter",
  ]);
  const physical = await call(
    sandbox,
    "/v8/isolines?transportMode=truck&origin=52.52,13.405&range%5Btype%5D=consumption" +
      "&range%5Bvalues%5D=50000&consumptionModel=physical&ev%5BdriveEfficiency%5D=0.9" +
      "&ev%5BrecuperationEfficiency%5D=0.7&vehicle%5BcurrentWeight%5D=15000" +
      "&vehicle%5BrollingResistanceCoefficient%5D=0.006&vehicle%5BairDragCoefficient%5D=0.6" +
      "&vehicle%5Bwidth%5D=250&vehicle%5Bheight%5D=380",
  );
  assert.equal(physical.status, 200, physical.text);
  const none = await call(
    sandbox,
    "/v8/isolines?transportMode=pedestrian&origin=52.52,13.405&range%5Btype%5D=consumption" +
      `&range%5Bvalues%5D=5000&${MODEL}`,
  );
  assert.equal(none.status, 400);
  assert.equal(none.body.code, "E605027");
});

/** Berlin to Munich, about 650 km: two stops for an 80 kWh battery. */
const LONG_TRIP =
  "transportMode=car&origin=52.52,13.405&destination=48.14,11.58" +
  "&departureTime=2024-05-01T08:00:00%2B02:00&return=summary";
const REACH = "&ev%5BfreeFlowSpeedTable%5D=0,0.2&ev%5BinitialCharge%5D=30" +
  "&ev%5BmaxCharge%5D=80&ev%5BmaxChargeAfterChargingStation%5D=72" +
  "&ev%5BchargingCurve%5D=0,150,80,7&ev%5BconnectorTypes%5D=chademo" +
  "&ev%5BmakeReachable%5D=true";

/** Every section's [departure, arrival] charge and notice codes. */
function charges(route: Json): [number, number, string[]][] {
  return route.sections.map((s: Json) => [
    s.departure.charge,
    s.arrival.charge,
    (s.notices ?? []).map((n: Json) => n.code),
  ]);
}

Deno.test("EV route: a number too large to represent is HERE's E605030, not a null charge", async () => {
  await using sandbox = await startSandbox();
  const huge = "9".repeat(400);
  const physical = "consumptionModel=physical&ev%5BdriveEfficiency%5D=0.9" +
    "&ev%5BrecuperationEfficiency%5D=0.8&vehicle%5BfrontalArea%5D=2.3" +
    "&vehicle%5BrollingResistanceCoefficient%5D=0.008&vehicle%5BairDragCoefficient%5D=0.28";
  const cases: [query: string, parameter: string][] = [
    [`ev%5BfreeFlowSpeedTable%5D=0,${huge}`, "ev[freeFlowSpeedTable]"],
    [
      `ev%5BfreeFlowSpeedTable%5D=0,0.2,${huge},0.3`,
      "ev[freeFlowSpeedTable]",
    ],
    [
      `${MODEL}&ev%5BinitialCharge%5D=${huge}&ev%5BmaxCharge%5D=${huge}`,
      "ev[initialCharge]",
    ],
    [
      `ev%5BfreeFlowSpeedTable%5D=0,0.2&ev%5Bascent%5D=${huge}`,
      "ev[ascent]",
    ],
    [
      `${physical}&vehicle%5BcurrentWeight%5D=${huge}`,
      "vehicle[currentWeight]",
    ],
  ];
  for (const [query, parameter] of cases) {
    const res = await call(sandbox, `/v8/routes?${TRIP}&${query}`);
    assert.equal(res.status, 400, `${parameter}: ${res.text.slice(0, 200)}`);
    assert.equal(res.body.code, "E605030", parameter);
    assert.ok(res.body.cause.includes(`'${parameter}'`), res.body.cause);
  }
  const isoline = await call(
    sandbox,
    "/v8/isolines?transportMode=car&origin=52.52,13.405&range%5Btype%5D=consumption" +
      `&range%5Bvalues%5D=5000&ev%5BfreeFlowSpeedTable%5D=0,${huge}`,
  );
  assert.equal(isoline.status, 400);
  assert.equal(isoline.body.code, "E605030");
});

Deno.test("EV route: zero where the client refuses it, and a minimum equal to the battery, are refused as the client refuses them", async () => {
  await using sandbox = await startSandbox();
  const battery = `${MODEL}&ev%5BinitialCharge%5D=20&ev%5BmaxCharge%5D=80`;
  const physical = "consumptionModel=physical&ev%5BdriveEfficiency%5D=0.9" +
    "&ev%5BrecuperationEfficiency%5D=0.8&vehicle%5BcurrentWeight%5D=2000" +
    "&vehicle%5BfrontalArea%5D=2.3&vehicle%5BrollingResistanceCoefficient%5D=0.008" +
    "&vehicle%5BairDragCoefficient%5D=0.28";
  const cases: [query: string, parameter: string][] = [
    [`${MODEL}&ev%5BinitialCharge%5D=0&ev%5BmaxCharge%5D=0`, "ev[maxCharge]"],
    [
      `${battery}&ev%5BmaxChargeAfterChargingStation%5D=0`,
      "ev[maxChargeAfterChargingStation]",
    ],
    [`${battery}&ev%5BmaxChargingVoltage%5D=0`, "ev[maxChargingVoltage]"],
    [`${battery}&ev%5BmaxChargingCurrent%5D=0`, "ev[maxChargingCurrent]"],
    [`${battery}&ev%5BmaxPowerAtLowVoltage%5D=0`, "ev[maxPowerAtLowVoltage]"],
    [
      physical.replace("driveEfficiency%5D=0.9", "driveEfficiency%5D=0"),
      "ev[driveEfficiency]",
    ],
    [`${physical}&ev%5BairDensity%5D=0`, "ev[airDensity]"],
    [
      physical.replace("currentWeight%5D=2000", "currentWeight%5D=0"),
      "vehicle[currentWeight]",
    ],
    [
      physical.replace("frontalArea%5D=2.3", "frontalArea%5D=0"),
      "vehicle[frontalArea]",
    ],
    [
      physical.replace(
        "vehicle%5BfrontalArea%5D=2.3",
        "vehicle%5Bwidth%5D=0&vehicle%5Bheight%5D=150",
      ),
      "vehicle[width]",
    ],
  ];
  for (const [query, parameter] of cases) {
    const res = await call(sandbox, `/v8/routes?${TRIP}&${query}`);
    assert.equal(res.status, 400, `${parameter}: ${res.text.slice(0, 200)}`);
    assert.equal(res.body.code, "E605030", parameter);
    assert.ok(res.body.cause.includes(`'${parameter}'`), res.body.cause);
  }
  // A minimum is below the charge it is measured against, never equal.
  const equal = await call(
    sandbox,
    `/v8/routes?${TRIP}&${battery}&ev%5BminChargeAtDestination%5D=80`,
  );
  assert.equal(equal.status, 400, equal.text);
  assert.match(
    equal.body.cause,
    /minAtDestination must be below ev\[maxCharge\]/,
  );
  // No recuperation at all is fine.
  const none = await call(
    sandbox,
    `/v8/routes?${TRIP}&${
      physical.replace(
        "recuperationEfficiency%5D=0.8",
        "recuperationEfficiency%5D=0",
      )
    }`,
  );
  assert.equal(none.status, 200, none.text);
});

Deno.test("EV route: energy recovered downhill never charges the battery above maxCharge", async () => {
  await using sandbox = await startSandbox();
  const ev = "ev%5BfreeFlowSpeedTable%5D=0,0&ev%5Bdescent%5D=1000" +
    "&ev%5BinitialCharge%5D=79&ev%5BmaxCharge%5D=80";
  for (
    const [origin, destination] of [
      ["48.14,11.58", "47.42,10.98"],
      ["47.42,10.98", "48.14,11.58"],
    ]
  ) {
    const res = await call(
      sandbox,
      `/v8/routes?transportMode=car&origin=${origin}&destination=${destination}` +
        `&return=summary&${ev}`,
    );
    assert.equal(res.status, 200, res.text);
    const [section] = res.body.routes[0].sections;
    assert.ok(section.arrival.charge <= 80, `${section.arrival.charge} kWh`);
    assert.ok(section.arrival.charge > 79, "the descents did recover energy");
    // What the battery lost, not what the model would have recovered.
    assert.equal(
      section.summary.consumption,
      Math.round((section.departure.charge - section.arrival.charge) * 1000) /
        1000,
    );
  }
});

Deno.test("EV route: each alternative plans its own charging stops and arrives charged", async () => {
  await using sandbox = await startSandbox();
  const res = await call(
    sandbox,
    `/v8/routes?${LONG_TRIP}&alternatives=3${REACH}`,
  );
  assert.equal(res.status, 200, res.text);
  const routes: Json[] = res.body.routes;
  assert.ok(routes.length >= 2, `${routes.length} routes`);
  for (const route of routes) {
    for (const [departure, arrival, notices] of charges(route)) {
      assert.ok(
        arrival >= 0 && arrival < departure,
        `${departure} → ${arrival}`,
      );
      assert.deepEqual(notices, []);
    }
    // The stops are the route's own: a section leaving a station leaves
    // with what was charged there.
    route.sections.slice(0, -1).forEach((s: Json, i: number) => {
      assert.equal(s.arrival.place.type, "chargingStation");
      assert.equal(
        s.postActions.at(-1).targetCharge,
        route.sections[i + 1].departure.charge,
      );
    });
  }
  // Stops at other places than the main route's.
  const stations = (route: Json) =>
    JSON.stringify(
      route.sections.slice(0, -1).map((s: Json) => s.arrival.place.location),
    );
  assert.equal(new Set(routes.map(stations)).size, routes.length);
  // Alternatives that differ differ in length too, with or without EV.
  const lengths = (body: Json) =>
    body.routes.map((r: Json) =>
      r.sections.reduce((m: number, s: Json) => m + s.summary.length, 0)
    );
  assert.equal(new Set(lengths(res.body)).size, routes.length);
  const plain = await call(sandbox, `/v8/routes?${LONG_TRIP}&alternatives=3`);
  assert.equal(new Set(lengths(plain.body)).size, 4);
});

Deno.test("EV route: a charging time too short to reach the target is told as such, not as stations out of reach", async () => {
  await using sandbox = await startSandbox();
  const res = await call(
    sandbox,
    `/v8/routes?${LONG_TRIP}${REACH}&ev%5BmaxChargingDuration%5D=60`,
  );
  assert.equal(res.status, 200, res.text);
  assert.equal(res.body.notices, undefined);
  const [route] = res.body.routes;
  const codes = charges(route).flatMap(([, , notices]) => notices);
  assert.ok(codes.includes("targetChargeNotAchievable"), codes.join());
  assert.ok(!codes.includes("noReachableChargingStationsFound"));
  // ev[maxChargingDuration] caps every stop. A stop it cuts short is told
  // as such and charges the whole 60 s; the others reach what the next
  // hop needs sooner. The next section leaves when charging is done.
  const sections: Json[] = route.sections;
  let cut = 0;
  sections.slice(0, -1).forEach((s, i) => {
    const charging = s.postActions.at(-1);
    assert.equal(charging.action, "charging");
    assert.ok(charging.duration > 0 && charging.duration <= 60);
    const told = (s.notices ?? []).some((n: Json) =>
      n.code === "targetChargeNotAchievable"
    );
    if (told) {
      assert.equal(charging.duration, 60);
      cut++;
    }
    assert.equal(
      (Date.parse(sections[i + 1].departure.time) -
        Date.parse(s.arrival.time)) / 1000,
      charging.duration,
    );
  });
  assert.ok(cut > 0);
});
