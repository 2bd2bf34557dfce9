// End to end: every LS operation against the offline sandbox, over real HTTP,
// and checks that the answers agree with each other on the sandbox's street
// network (route summary = matrix entry, points inside an isoline reached
// within its range and points just outside not, tours respect capacity and
// time windows).
import assert from "node:assert/strict";
import {
  ApiError,
  type Fleet,
  type Job,
  LS,
  type LSOptions,
  PlatformCredentials,
  ValueError,
} from "@ls/ls";
import {
  distanceMeters,
  type Sandbox,
  SANDBOX_API_KEY,
  SANDBOX_CREDENTIALS,
  startSandbox,
} from "@ls/sandbox";
import {
  insidePolygons,
  isolineProbes,
} from "../packages/sandbox/_test_isoline.ts";

const BERLIN: [number, number] = [52.52, 13.405];
const POTSDAM: [number, number] = [52.3906, 13.0645];

async function withLs(
  fn: (ls: LS, sandbox: Sandbox) => Promise<void>,
  extra: Partial<LSOptions> = {},
): Promise<void> {
  await using sandbox = await startSandbox({ asyncDelayMs: 50 });
  const ls = new LS(
    { apiKey: SANDBOX_API_KEY, baseUrl: sandbox.url, ...extra } as LSOptions,
  );
  await fn(ls, sandbox);
}

Deno.test("e2e: geocode, reverse geocode, discover, browse, lookup, autosuggest", async () => {
  await withLs(async (ls) => {
    const g = await ls.geocode({ query: "Berlin" });
    assert.match(g.items[0].title ?? "", /Berlin/);
    assert.equal(g.items[0].address?.countryCode, "DEU");
    const [lng, lat] = g.toGeoJSON().features[0].geometry.coordinates;
    assert.ok(
      Math.abs(lat - BERLIN[0]) < 0.2 && Math.abs(lng - BERLIN[1]) < 0.2,
    );

    const r = await ls.reverseGeocode({
      lat: POTSDAM[0] + 0.001,
      lng: POTSDAM[1] + 0.001,
    });
    assert.match(r.items[0].title ?? "", /Potsdam/);

    const d = await ls.discover({
      query: "restaurant",
      center: BERLIN,
      radius: 5000,
      limit: 5,
    });
    assert.ok(d.items.length > 0 && d.items.length <= 5);
    for (const item of d.items) {
      assert.ok(
        distanceFrom(BERLIN, item.position!) <= 5000 * 1.01,
        "inside the circle",
      );
    }

    const b = await ls.browse({ center: BERLIN, radius: 3000, limit: 10 });
    const distances = b.items.map((i) => i.distance ?? 0);
    assert.deepEqual(
      distances,
      [...distances].sort((x, y) => x - y),
      "sorted by distance",
    );

    const id = d.items[0].id!;
    const place = await ls.lookup({ locationId: id });
    assert.equal(place.id, id);
    assert.equal(place.title, d.items[0].title);

    const res = await ls.autosuggest({ query: "Berl", at: BERLIN });
    assert.equal(res.status, 200);
    const body = await res.json();
    assert.ok(Array.isArray(body.items) && body.items.length > 0);
  });
});

Deno.test("e2e: a route's duration equals the matrix entry for the same pair", async () => {
  // Berlin to Potsdam on the sandbox's streets: [duration s, length m].
  const PINNED = {
    car: [1405, 29400],
    bicycle: [5936, 29400],
    pedestrian: [21168, 29400],
  };
  await withLs(async (ls) => {
    for (const mode of ["car", "bicycle", "pedestrian"] as const) {
      const params = {
        origin: BERLIN,
        destination: POTSDAM,
        departureTime: "any" as const,
        returnResults: ["polyline", "summary"] as const,
      };
      const route = mode === "car"
        ? await ls.carRoute(params)
        : mode === "bicycle"
        ? await ls.bicycleRoute(params)
        : await ls.pedestrianRoute(params);
      const section = route.routes[0].sections[0];
      const m = await ls.matrix({
        origins: [{ lat: BERLIN[0], lng: BERLIN[1] }],
        destinations: [{ lat: POTSDAM[0], lng: POTSDAM[1] }],
        regionDefinition: { type: "world" },
        transportMode: mode,
        departureTime: "any",
        matrixAttributes: ["travelTimes", "distances"],
      });
      assert.equal(
        m.travelTime(0, 0),
        section.summary?.duration,
        `${mode} duration`,
      );
      assert.equal(m.distance(0, 0), section.summary?.length, `${mode} length`);
      // The network's answer for this pair, pinned: a change to the
      // sandbox's streets shows here (the matrix is tied to it above).
      assert.deepEqual(
        [section.summary?.duration, section.summary?.length],
        PINNED[mode],
        `${mode} summary`,
      );
      // The geometry starts and ends where the waypoints meet the streets,
      // and the sections keep the waypoints as they were asked for.
      const line = route.toGeoJSON().features[0].geometry.coordinates;
      const { departure, arrival } = section;
      assert.deepEqual(line[0], [
        departure.place.location.lng,
        departure.place.location.lat,
      ]);
      assert.deepEqual(line.at(-1), [
        arrival.place.location.lng,
        arrival.place.location.lat,
      ]);
      assert.deepEqual(departure.place.originalLocation, {
        lat: BERLIN[0],
        lng: BERLIN[1],
      });
      assert.deepEqual(arrival.place.originalLocation, {
        lat: POTSDAM[0],
        lng: POTSDAM[1],
      });
    }
    assert.ok(PINNED.car[0] < PINNED.bicycle[0]);
    assert.ok(PINNED.bicycle[0] < PINNED.pedestrian[0]);
  });
});

Deno.test("e2e: truck and scooter routes, vias, alternatives", async () => {
  await withLs(async (ls) => {
    const truck = await ls.truckRoute({
      origin: BERLIN,
      destination: POTSDAM,
      via: [{ lat: 52.45, lng: 13.2, waypointOptions: { stopDuration: 600 } }],
      truck: { grossWeight: 12000, height: 380, axleCount: 3 },
      returnResults: ["polyline", "summary", "actions", "instructions"],
    });
    assert.equal(
      truck.routes[0].sections.length,
      2,
      "a stop-over via starts a new section",
    );
    const scooter = await ls.scooterRoute({
      origin: BERLIN,
      destination: POTSDAM,
      alternatives: 2,
      scooter: { allowHighway: false },
    });
    assert.equal(scooter.routes.length, 3);
  });
});

Deno.test("e2e: a point inside an isoline is reached within its range, one just outside is not", async () => {
  await withLs(async (ls) => {
    // Ranges the fine raster draws (a car isoline past about 20 minutes is
    // drawn on a coarser one, approximate at its edges).
    const iso = await ls.calculateIsoline({
      origin: BERLIN,
      range: [300, 600],
      rangeType: "time",
      transportMode: "car",
    });
    assert.equal(iso.isolines.length, 2);
    const origin = { lat: BERLIN[0], lng: BERLIN[1] };
    const breaks: string[] = [];
    for (const isoline of iso.isolines) {
      const limit = isoline.range.value;
      const polygons = isoline.polygons.map((p) => ({
        outer: p.outer,
        inner: p.inner,
      }));
      assert.ok(insidePolygons(polygons, origin), "the origin is inside");
      const tested = isolineProbes(polygons, {
        corners: 24,
        offset: 2e-4, // the raster's cells are 1/500 degree wide
        spread: 12,
      });
      assert.ok(tested.some((t) => t.inside) && tested.some((t) => !t.inside));
      let farthestInside = 0;
      for (const { p, inside } of tested) {
        const got = (await routeSummary(ls, origin, p))?.duration;
        if (inside && got !== undefined) {
          farthestInside = Math.max(farthestInside, got);
        }
        const ok = inside
          ? got !== undefined && got <= limit
          : got === undefined || got > limit;
        if (!ok) {
          breaks.push(
            `${limit} s: ${p.lat},${p.lng} is ${
              inside ? "inside" : "outside"
            }, the route takes ${got ?? "none"}`,
          );
        }
      }
      // The boundary is tight: points beside it take nearly the range.
      assert.ok(
        farthestInside >= limit * 0.9,
        `points inside the ${limit} s isoline are only ${farthestInside} s away`,
      );
    }
    assert.deepEqual(breaks, []);
    const geo = iso.toGeoJSON();
    for (const f of geo.features) {
      const rings = f.geometry.type === "Polygon"
        ? f.geometry.coordinates
        : f.geometry.coordinates.flat();
      for (const ring of rings) {
        assert.deepEqual(ring[0], ring.at(-1), "closed ring");
      }
    }
  });
});

Deno.test("e2e: an EV route with a charging stop and a consumption isoline, their queries as the wire notes write them", async () => {
  const urls: string[] = [];
  await withLs(async (ls) => {
    const model = {
      freeFlowSpeedTable: [[0, 0.239], [27, 0.239], [45, 0.259], [60, 0.196]],
      ascent: 9,
      descent: 4.3,
      auxiliaryConsumption: 1.8,
    } as const;
    const route = await ls.carRoute({
      origin: BERLIN,
      destination: [51.05, 13.74], // Dresden
      departureTime: "any",
      returnResults: ["polyline", "summary"],
      ev: {
        ...model,
        initialCharge: 20,
        maxCharge: 80,
        maxChargeAfterChargingStation: 72,
        minChargeAtChargingStation: 8,
        minChargeAtDestination: 8,
        chargingCurve: [[0, 239], [32, 199], [56, 167], [72, 55], [80, 1]],
        connectorTypes: ["iec62196Type2Combo"],
        makeReachable: true,
      },
    });
    const sections = route.routes[0].sections;
    assert.ok(sections.length >= 2, "a charging stop splits the route");
    const stop = sections[0].chargingStop!;
    assert.equal(stop.place.type, "chargingStation");
    assert.ok(stop.chargingTime > 0);
    assert.equal(stop.arrivalCharge, sections[0].arrivalCharge);
    assert.equal(stop.targetCharge, sections[1].departureCharge);
    assert.ok(sections.at(-1)!.arrivalCharge! >= 8, "the reserve is kept");
    for (const s of sections) {
      assert.equal(s.consumptionType, "electric");
      assert.ok(s.arrivalCharge! < s.departureCharge!);
    }
    const [feature] = route.toGeoJSON().features;
    assert.equal(feature.properties.arrivalCharge, sections[0].arrivalCharge);
    assert.equal(feature.properties.chargingTime, stop.chargingTime);

    const iso = await ls.calculateIsoline({
      origin: BERLIN,
      range: [5000, 10000],
      rangeType: "consumption",
      transportMode: "car",
      ev: model,
    });
    assert.deepEqual(iso.isolines.map((i) => i.range), [
      { type: "consumption", value: 5000 },
      { type: "consumption", value: 10000 },
    ]);
    const origin = { lat: BERLIN[0], lng: BERLIN[1] };
    const far = (i: number) =>
      Math.min(
        ...iso.isolines[i].polygons[0].outer.map(([lat, lng]) =>
          distanceMeters(origin, { lat, lng })
        ),
      );
    assert.ok(far(1) > far(0), "twice the energy reaches farther everywhere");
  }, { onRequest: (e) => urls.push(e.url) });
  // What the hook sees is what was sent, the credential left out.
  const queries = urls.map((u) => new URL(u).search.slice(1));
  assert.equal(
    queries[0],
    "transportMode=car&origin=52.52,13.405&destination=51.05,13.74&departureTime=any" +
      "&routingMode=fast&alternatives=0&units=metric&lang=en-US&return=polyline,summary" +
      "&consumptionModel=empirical" +
      "&ev%5BfreeFlowSpeedTable%5D=0,0.239,27,0.239,45,0.259,60,0.196" +
      "&ev%5Bascent%5D=9&ev%5Bdescent%5D=4.3&ev%5BauxiliaryConsumption%5D=1.8" +
      "&ev%5BinitialCharge%5D=20&ev%5BmaxCharge%5D=80" +
      "&ev%5BminChargeAtDestination%5D=8&ev%5BminChargeAtChargingStation%5D=8" +
      "&ev%5BmaxChargeAfterChargingStation%5D=72" +
      "&ev%5BchargingCurve%5D=0,239,32,199,56,167,72,55,80,1" +
      "&ev%5BconnectorTypes%5D=iec62196Type2Combo&ev%5BmakeReachable%5D=true",
  );
  assert.equal(
    queries[1],
    "transportMode=car&origin=52.52,13.405&range%5Btype%5D=consumption&range%5Bvalues%5D=5000,10000" +
      "&routingMode=fast&optimizeFor=balanced&consumptionModel=empirical" +
      "&ev%5BfreeFlowSpeedTable%5D=0,0.239,27,0.239,45,0.259,60,0.196" +
      "&ev%5Bascent%5D=9&ev%5Bdescent%5D=4.3&ev%5BauxiliaryConsumption%5D=1.8",
  );
});

Deno.test("e2e: the EV trip example runs against the sandbox", async () => {
  await using sandbox = await startSandbox();
  const root = new URL("../", import.meta.url).pathname;
  const { code, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "--allow-env",
      `--allow-net=${new URL(sandbox.url).host}`,
      "examples/routing/ev_trip.ts",
    ],
    cwd: root,
    env: { LS_BASE_URL: sandbox.url, HERE_API_KEY: "", NO_COLOR: "1" },
    stdout: "piped",
    stderr: "piped",
  }).output();
  const out = new TextDecoder().decode(stdout);
  assert.equal(code, 0, new TextDecoder().decode(stderr));
  assert.match(
    out,
    /^ {2}charge at .+ Charging Park: [\d.]+ → [\d.]+ kWh in \d+ min/m,
  );
  assert.match(out, /^12 kWh from Berlin: 1 polygon\(s\)/m);
});

Deno.test("e2e: every example sends the sandbox's own key to a local server", async () => {
  const root = new URL("../examples/", import.meta.url);
  const keys: string[] = [];
  for (const dir of ["", "routing/"]) {
    for await (const entry of Deno.readDir(new URL(dir, root))) {
      if (!entry.isFile || !entry.name.endsWith(".ts")) continue;
      const text = await Deno.readTextFile(new URL(dir + entry.name, root));
      for (const [, key] of text.matchAll(/\(baseUrl \? "([^"]*)"/g)) {
        keys.push(key);
      }
    }
  }
  assert.ok(keys.length >= 5, keys.join(", "));
  for (const key of keys) assert.equal(key, SANDBOX_API_KEY);
});

Deno.test("e2e: async matrix with progress, and an auto-tiled flexible matrix", async () => {
  await withLs(async (ls) => {
    const points = Array.from({ length: 12 }, (_, i) => ({
      lat: 52.4 + i * 0.02,
      lng: 13.2 + (i % 4) * 0.05,
    }));
    const progress: string[] = [];
    const m = await ls.matrix({
      origins: points,
      regionDefinition: { type: "autoCircle", margin: 5000 },
      async: true,
      matrixAttributes: ["travelTimes", "distances"],
    }, { onProgress: (s) => progress.push(s) });
    assert.equal(m.matrix.numOrigins, 12);
    assert.equal(m.matrix.numDestinations, 12);
    assert.ok(progress.includes("completed"), progress.join(","));
    for (let i = 0; i < 12; i++) assert.equal(m.travelTime(i, i), 0);
    // Entries are the network's trips: the route for the same pair.
    for (const [i, j] of [[2, 7], [7, 2], [0, 11], [9, 4]]) {
      const leg = await routeSummary(ls, points[i], points[j]);
      assert.deepEqual(
        [m.travelTime(i, j), m.distance(i, j)],
        [leg?.duration, leg?.length],
        `matrix entry ${i},${j} is the route's summary`,
      );
    }

    const origins = points.slice(0, 20);
    const destinations = Array.from({ length: 120 }, (_, i) => ({
      lat: 52.3 + (i % 12) * 0.02,
      lng: 13.1 + Math.floor(i / 12) * 0.04,
    }));
    const flex = await ls.matrix({
      origins,
      destinations,
      regionDefinition: { type: "world" },
      departureTime: "any",
      matrixAttributes: ["travelTimes"],
    });
    assert.equal(flex.matrix.numDestinations, 120);
    // Entries from every tile are the routes for their own pairs, and
    // differ from their neighbours', so a tile merged at a wrong offset
    // shows.
    for (const [i, j] of [[5, 117], [0, 0], [11, 99], [3, 100], [8, 60]]) {
      const leg = await routeSummary(ls, origins[i], destinations[j], {
        departureTime: "any",
      });
      assert.equal(
        flex.travelTime(i, j),
        leg?.duration,
        `tiles are merged at the right offsets (${i},${j})`,
      );
      assert.notEqual(flex.travelTime(i, j), flex.travelTime(i, j ^ 1));
    }
    assert.equal(flex.toDistancesMatrix(), undefined);
  });
});

Deno.test("e2e: destination weather and weather alerts", async () => {
  await withLs(async (ls) => {
    const w = await ls.getDestWeather({
      products: ["observation", "forecast7days", "forecastHourly"],
      at: BERLIN,
    });
    assert.ok(w.places.length > 0);
    assert.ok(w.observations.length > 0);
    const again = await ls.getDestWeather({
      products: ["observation"],
      at: BERLIN,
    });
    assert.deepEqual(
      again.observations[0],
      w.observations[0],
      "deterministic by place and date",
    );

    const alerts = await ls.getWeatherAlerts({
      geometry: {
        type: "LineString",
        coordinates: [[13.4, 52.5], [13.06, 52.39]],
      },
      startTime: new Date(),
      width: 20000,
    });
    assert.equal(alerts.toGeoJSON().type, "FeatureCollection");
  });
});

function tourProblem(): {
  jobs: Job[];
  windows: Map<string, [string, string]>;
} {
  const windows = new Map<string, [string, string]>();
  const jobs: Job[] = Array.from({ length: 8 }, (_, i) => {
    const id = `job-${i}`;
    const window: [string, string] = [
      `2024-05-01T${String(8 + (i % 4)).padStart(2, "0")}:00:00Z`,
      `2024-05-01T${String(11 + (i % 4)).padStart(2, "0")}:00:00Z`,
    ];
    windows.set(id, window);
    return {
      id,
      tasks: {
        deliveries: [{
          places: [{
            location: {
              lat: 52.45 + (i % 4) * 0.03,
              lng: 13.25 + Math.floor(i / 4) * 0.1,
            },
            duration: 300,
            times: [window],
          }],
          demand: [3],
        }],
      },
    };
  });
  return { jobs, windows };
}

Deno.test("e2e: tour planning, sync and async, respects capacity and time windows", async () => {
  await withLs(async (ls) => {
    const { jobs, windows } = tourProblem();
    const fleet: Fleet = {
      types: [{
        id: "van",
        profile: "car",
        costs: { fixed: 10, distance: 0.001, time: 0.002 },
        shifts: [{
          start: {
            time: "2024-05-01T07:00:00Z",
            location: { lat: 52.5, lng: 13.4 },
          },
          end: {
            time: "2024-05-01T19:00:00Z",
            location: { lat: 52.5, lng: 13.4 },
          },
        }],
        capacity: [10],
        amount: 3,
      }],
      profiles: [{ name: "car", type: "car" }],
    };
    for (const async of [false, true]) {
      const progress: string[] = [];
      const res = await ls.solveTourPlanning(
        {
          fleet,
          plan: { jobs },
          async,
        },
        {
          poll: { initialDelayMs: 20, maxDelayMs: 50 },
          onProgress: (s) => progress.push(s),
        },
      );
      if (async) assert.ok(progress.length > 0);
      assert.equal(res.unassigned.length, 0);
      const served = new Set<string>();
      for (const tour of res.tours) {
        for (const stop of tour.stops) {
          assert.ok(
            (stop.load?.[0] ?? 0) <= 10,
            `load ${stop.load} over capacity`,
          );
          for (const a of stop.activities) {
            const window = windows.get(a.jobId);
            if (!window) continue;
            served.add(a.jobId);
            const start = Date.parse(a.time?.start ?? stop.time!.arrival);
            assert.ok(
              start >= Date.parse(window[0]),
              `${a.jobId} starts before its window`,
            );
            assert.ok(
              start <= Date.parse(window[1]),
              `${a.jobId} starts after its window`,
            );
          }
        }
      }
      assert.equal(served.size, jobs.length);
      const geo = res.toGeoJSON();
      assert.ok(geo.features.some((f) => f.geometry.type === "LineString"));
    }
  }, { serviceRequestsPerSecond: { tourplanning: 20 } });
});

Deno.test("e2e: OAuth credentials against the sandbox's token endpoint", async () => {
  await using sandbox = await startSandbox();
  const ls = new LS({
    platformCredentials: new PlatformCredentials(SANDBOX_CREDENTIALS),
    baseUrl: sandbox.url,
  });
  const g = await ls.geocode({ query: "Potsdam" });
  assert.match(g.items[0].title ?? "", /Potsdam/);
  const wrong = new LS({
    platformCredentials: new PlatformCredentials({
      accessKeyId: SANDBOX_CREDENTIALS.accessKeyId,
      accessKeySecret: "not-the-secret",
    }),
    baseUrl: sandbox.url,
  });
  await assert.rejects(
    wrong.geocode({ query: "Potsdam" }),
    (e) =>
      e instanceof ApiError && e.status === 401 &&
      !e.message.includes("not-the-secret"),
  );
});

Deno.test("e2e: HERE-shaped errors from the sandbox become ApiErrors; bad input never leaves", async () => {
  await withLs(async (ls, sandbox) => {
    const before = sandbox.requests.length;
    await assert.rejects(ls.geocode({ query: "   " }), ValueError);
    await assert.rejects(
      ls.carRoute({ origin: [91, 0], destination: BERLIN }),
      ValueError,
    );
    assert.equal(sandbox.requests.length, before);
    const bad = new LS({ apiKey: "wrong-key", baseUrl: sandbox.url });
    await assert.rejects(
      bad.geocode({ query: "Berlin" }),
      (e) =>
        e instanceof ApiError && e.status === 401 && e.title === "Unauthorized",
    );
  });
});

/**
 * The summary of the one-section car route from `a` to `b`, or undefined
 * when the sandbox finds none.
 */
async function routeSummary(
  ls: LS,
  a: { lat: number; lng: number },
  b: { lat: number; lng: number },
  options: { departureTime?: "any" } = {},
): Promise<{ duration: number; length: number } | undefined> {
  const route = await ls.carRoute({
    origin: a,
    destination: b,
    ...options,
    returnResults: ["summary"],
  });
  if (route.routes.length === 0) return undefined;
  const [section, ...more] = route.routes[0].sections;
  assert.equal(more.length, 0);
  const { duration, length } = section.summary!;
  return { duration, length };
}

function distanceFrom(
  a: [number, number],
  b: { lat: number; lng: number },
): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a[0]) * rad;
  const dLng = (b.lng - a[1]) * rad;
  const h = Math.sin(dLat / 2) ** 2 +
    Math.cos(a[0] * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6_371_008.8 * Math.asin(Math.sqrt(h));
}
