/**
 * `deno task demo`: runs every `LS` operation once and draws the results,
 * then geocodes `examples/data/addresses.csv` with `LS.bulk` (the
 * `scripts/geocode_csv.ts` command) into `demo-output/addresses.geojson`.
 *
 * With `HERE_API_KEY` (or `HERE_ACCESS_KEY_ID` and `HERE_ACCESS_KEY_SECRET`)
 * in the environment it talks to HERE; otherwise it starts the offline
 * sandbox in-process and says so. It prints one line per operation and writes
 * `demo-output/`: a GeoJSON file per result and `map.html`, a self-contained
 * page that draws the route, the isolines, the matrix origins, the tours,
 * and the electric-car trip of `examples/routing/ev_trip.ts` with its
 * charging stop and consumption isolines, on an SVG (no tile server) over
 * the sandbox's street network and places (`scripts/_demo_map.ts`).
 *
 * @module
 */

import type { FeatureCollection } from "geojson";
import { LS, type LSOptions, PlatformCredentials } from "@ls/ls";
import {
  type Sandbox,
  SANDBOX_API_KEY,
  startSandbox,
  streetMap,
} from "@ls/sandbox";
import { planEvTrip } from "../examples/routing/ev_trip.ts";
import { geocodeCsv } from "./geocode_csv.ts";
import { mapView, MAX_ROADS, renderMap } from "./_demo_map.ts";

const OUT = new URL("../demo-output/", import.meta.url);
const ADDRESSES = new URL("../examples/data/addresses.csv", import.meta.url);
const BERLIN: [number, number] = [52.52, 13.405];
const POTSDAM: [number, number] = [52.3906, 13.0645];

type Fc = FeatureCollection;

function line(label: string, text: string): void {
  console.log(`${label.padEnd(19)} ${text}`);
}

async function connect(): Promise<
  { ls: LS; sandbox?: Sandbox; where: string }
> {
  const env = Deno.env.toObject();
  if (env.HERE_API_KEY) {
    return {
      ls: new LS({ apiKey: env.HERE_API_KEY }),
      where: "HERE (HERE_API_KEY)",
    };
  }
  if (env.HERE_ACCESS_KEY_ID || env.HERE_ACCESS_KEY) {
    const platformCredentials = PlatformCredentials.fromEnv(env);
    return {
      ls: new LS({ platformCredentials }),
      where: "HERE (OAuth credentials)",
    };
  }
  const sandbox = await startSandbox({ asyncDelayMs: 300 });
  const options: LSOptions = { apiKey: SANDBOX_API_KEY, baseUrl: sandbox.url };
  return {
    ls: new LS(options),
    sandbox,
    where:
      `the offline sandbox at ${sandbox.url} (no HERE_API_KEY in the environment)`,
  };
}

async function main(): Promise<void> {
  const started = performance.now();
  const { ls, sandbox, where } = await connect();
  console.log(`Running every LS operation against ${where}\n`);
  const layers: Record<string, Fc> = {};
  try {
    const geo = await ls.geocode({ query: "Invalidenstraße 116, Berlin" });
    const best = geo.items[0];
    line(
      "geocode",
      `${best?.title} at ${best?.position?.lat}, ${best?.position?.lng}`,
    );
    // Only the best match goes on the map: other towns share the name.
    const geoFc = geo.toGeoJSON();
    layers.geocode = { ...geoFc, features: geoFc.features.slice(0, 1) };

    const rev = await ls.reverseGeocode({ lat: POTSDAM[0], lng: POTSDAM[1] });
    line("reverseGeocode", `${rev.items[0]?.title}`);

    const disc = await ls.discover({
      query: "cafe",
      center: BERLIN,
      radius: 3000,
      limit: 5,
    });
    line(
      "discover",
      `${disc.items.length} cafés, nearest: ${disc.items[0]?.title}`,
    );
    layers.discover = disc.toGeoJSON();

    const brw = await ls.browse({ center: BERLIN, radius: 2000, limit: 5 });
    line("browse", brw.items.map((i) => i.title).slice(0, 3).join("; "));

    if (disc.items[0]?.id) {
      const place = await ls.lookup({ locationId: disc.items[0].id });
      line("lookup", `${place.title} (${place.id})`);
    }

    const sugg =
      await (await ls.autosuggest({ query: "Pots", at: BERLIN, limit: 3 }))
        .json();
    line(
      "autosuggest",
      sugg.items.map((i) => i.title ?? "").join("; "),
    );

    const returnResults = ["polyline", "summary"] as const;
    const car = await ls.carRoute({
      origin: BERLIN,
      destination: POTSDAM,
      returnResults,
    });
    const summary = car.routes[0].sections[0].summary;
    line(
      "carRoute",
      `${((summary?.length ?? 0) / 1000).toFixed(1)} km, ${
        Math.round((summary?.duration ?? 0) / 60)
      } min`,
    );
    layers.route = car.toGeoJSON();
    for (
      const [name, run] of [
        [
          "bicycleRoute",
          () =>
            ls.bicycleRoute({
              origin: BERLIN,
              destination: POTSDAM,
              returnResults,
            }),
        ],
        [
          "pedestrianRoute",
          () =>
            ls.pedestrianRoute({
              origin: BERLIN,
              destination: POTSDAM,
              returnResults,
            }),
        ],
        [
          "scooterRoute",
          () =>
            ls.scooterRoute({
              origin: BERLIN,
              destination: POTSDAM,
              returnResults,
              scooter: { allowHighway: false },
            }),
        ],
        [
          "truckRoute",
          () =>
            ls.truckRoute({
              origin: BERLIN,
              destination: POTSDAM,
              returnResults,
              truck: { grossWeight: 12000, height: 380 },
            }),
        ],
      ] as const
    ) {
      const r = await run();
      const s = r.routes[0]?.sections[0]?.summary;
      line(name, `${Math.round((s?.duration ?? 0) / 60)} min`);
    }

    const iso = await ls.calculateIsoline({
      origin: BERLIN,
      range: "600,1200",
      rangeType: "time",
      transportMode: "car",
    });
    line(
      "calculateIsoline",
      iso.isolines.map((i) => `${i.range.value} s`).join(", "),
    );
    layers.isolines = iso.toGeoJSON();

    // An electric car with too little charge: a charging stop on the way,
    // and how far its battery goes (examples/routing/ev_trip.ts).
    const trip = await planEvTrip(ls.client);
    const evSections = trip.route.routes[0]?.sections ?? [];
    const stop = evSections.find((s) => s.chargingStop)?.chargingStop;
    const stops = evSections.filter((s) => s.chargingStop).length;
    const charging = stop
      ? ` (${stop.arrivalCharge} → ${stop.targetCharge} kWh in ${
        Math.round(stop.chargingTime / 60)
      } min)`
      : "";
    line(
      "evRoute",
      `${evSections.length} sections, ${stops} charging stop(s)${charging}` +
        `, arrives with ${evSections.at(-1)?.arrivalCharge ?? "?"} kWh`,
    );
    const ranges = trip.isolines.isolines.map((i) => i.range.value / 1000);
    line("evIsoline", ranges.map((kwh) => `${kwh} kWh`).join(", "));
    layers.evRoute = trip.route.toGeoJSON();
    layers.evIsolines = trip.isolines.toGeoJSON();

    const origins = Array.from({ length: 6 }, (_, i) => ({
      lat: 52.42 + (i % 3) * 0.06,
      lng: 13.2 + Math.floor(i / 3) * 0.2,
    }));
    const mx = await ls.matrix({
      origins,
      regionDefinition: { type: "autoCircle", margin: 10000 },
      async: true,
      matrixAttributes: ["travelTimes", "distances"],
    }, { onProgress: (s) => line("  matrix job", s) });
    line(
      "matrix",
      `${mx.matrix.numOrigins}×${mx.matrix.numDestinations}, 0→5 takes ${
        Math.round((mx.travelTime(0, 5) ?? 0) / 60)
      } min`,
    );
    layers.matrixOrigins = {
      type: "FeatureCollection",
      features: origins.map((o, i) => ({
        type: "Feature",
        id: i,
        properties: { index: i },
        geometry: { type: "Point", coordinates: [o.lng, o.lat] },
      })),
    };

    const w = await ls.getDestWeather({
      products: ["observation"],
      at: BERLIN,
    });
    const obs = w.observations[0] as Record<string, unknown> | undefined;
    line(
      "getDestWeather",
      `${obs?.description ?? "observation"}, ${obs?.temperature ?? "?"} °C`,
    );

    const alerts = await ls.getWeatherAlerts({
      geometry: { type: "Point", coordinates: [BERLIN[1], BERLIN[0]] },
      startTime: new Date(),
      width: 50000,
    });
    line("getWeatherAlerts", `${alerts.features.length} alert(s)`);

    const tour = await ls.solveTourPlanning({
      fleet: {
        types: [{
          id: "van",
          profile: "car",
          costs: { fixed: 10, distance: 0.001, time: 0.002 },
          shifts: [{
            start: {
              time: "2024-05-01T08:00:00Z",
              location: { lat: 52.5, lng: 13.4 },
            },
            end: {
              time: "2024-05-01T18:00:00Z",
              location: { lat: 52.5, lng: 13.4 },
            },
          }],
          capacity: [8],
          amount: 2,
        }],
        profiles: [{ name: "car", type: "car" }],
      },
      plan: {
        jobs: Array.from({ length: 8 }, (_, i) => ({
          id: `delivery-${i + 1}`,
          tasks: {
            deliveries: [{
              places: [{
                location: {
                  lat: 52.44 + (i % 4) * 0.04,
                  lng: 13.25 + Math.floor(i / 4) * 0.25,
                },
                duration: 300,
              }],
              demand: [2],
            }],
          },
        })),
      },
      async: true,
    }, { onProgress: (s) => line("  tour job", s) });
    line(
      "solveTourPlanning",
      `${tour.tours.length} tours, ${tour.unassigned.length} unassigned, cost ${
        tour.statistic?.cost?.toFixed(1)
      }`,
    );
    layers.tours = tour.toGeoJSON();
    // A tour's legs are drawn along the streets its vehicle drives: the car
    // route between each pair of stops.
    for (const f of layers.tours.features) {
      if (f.geometry.type !== "LineString") continue;
      const stops = f.geometry.coordinates;
      const drawn: number[][] = [];
      for (let k = 1; k < stops.length; k++) {
        const leg = await ls.carRoute({
          origin: { lat: stops[k - 1][1], lng: stops[k - 1][0] },
          destination: { lat: stops[k][1], lng: stops[k][0] },
          returnResults,
        });
        const street = leg.toGeoJSON().features.find((g) =>
          g.geometry.type === "LineString"
        );
        drawn.push(
          ...(street?.geometry.type === "LineString"
            ? street.geometry.coordinates
            : [stops[k - 1], stops[k]]),
        );
      }
      if (drawn.length) f.geometry.coordinates = drawn;
    }

    // The bulk step starts afresh each time: a previous output would be
    // resumed, with nothing left to do.
    await Deno.mkdir(OUT, { recursive: true });
    const addresses = new URL("addresses.geojson", OUT);
    await Deno.remove(addresses).catch(() => {});
    const csv = await geocodeCsv(ls, {
      input: ADDRESSES,
      output: addresses,
      concurrency: 4,
    });
    line(
      "bulk",
      `${csv.rows} addresses of examples/data/addresses.csv geocoded into demo-output/addresses.geojson: ${csv.found} found, ${csv.notFound} not found, ${csv.failed} failed`,
    );
  } finally {
    ls.close();
    await sandbox?.close();
  }

  await Deno.mkdir(OUT, { recursive: true });
  for (const [name, fc] of Object.entries(layers)) {
    await Deno.writeTextFile(
      new URL(`${name}.geojson`, OUT),
      JSON.stringify(fc, null, 1),
    );
  }
  // The base map: the sandbox's generated streets when the results came from
  // the sandbox (HERE's routes would not follow them), the gazetteer's
  // places always.
  const view = mapView(layers);
  const base = await streetMap(view.box, { maxRoads: sandbox ? MAX_ROADS : 0 });
  const credit = sandbox
    ? "Streets: the sandbox's generated network. Places: GeoNames."
    : "Places: GeoNames.";
  await Deno.writeTextFile(
    new URL("map.html", OUT),
    renderMap(layers, where, view, base, credit),
  );
  console.log(
    `\nWrote demo-output/ (${Object.keys(layers).length + 1 // addresses.geojson, by the bulk step
    } GeoJSON files and map.html) in ${
      ((performance.now() - started) / 1000).toFixed(1)
    } s`,
  );
}

if (import.meta.main) await main();
