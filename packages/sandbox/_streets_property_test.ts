// Consistency of the street network, as properties over random places.
// The seed is printed; set SANDBOX_PROPERTY_SEED to replay a run.

import assert from "node:assert/strict";
import { decodePolyline } from "@ls/core";
import { loadGazetteer } from "./_gazetteer.ts";
import { streetsOf } from "./_streets.ts";
import { match } from "./_streets_match.ts";
import { profileOf } from "./_streets_profile.ts";
import { streetIsoline } from "./_streets_isoline.ts";
import { Matcher, streetRoute } from "./_streets_travel.ts";
import { call } from "./_test_sandbox.ts";
import { insidePolygons } from "./_test_isoline.ts";
import { random } from "./_util.ts";
import {
  destinationPoint,
  haversineMeters,
  type LatLngLike,
} from "./geodesy.ts";
import { startSandbox } from "./sandbox.ts";

const SEED = Number(Deno.env.get("SANDBOX_PROPERTY_SEED") ?? 20261129) >>> 0;
const CASES = 500;

/** Towns of 30,000 people or more, to put random points in and around. */
async function places(): Promise<LatLngLike[]> {
  const g = await loadGazetteer();
  return g.cities.filter((c) => c.population >= 30_000).sort((a, b) =>
    a.i - b.i
  );
}

function around(rand: () => number, p: LatLngLike, maxMeters: number) {
  return destinationPoint(p, rand() * 360, maxMeters * Math.sqrt(rand()));
}

const MODES = ["car", "truck", "pedestrian", "bicycle", "scooter", "taxi"];

Deno.test(`property: a route's duration equals the matrix entry of its pair (seed ${SEED})`, async () => {
  console.log(`seed ${SEED} (SANDBOX_PROPERTY_SEED replays it)`);
  await using sandbox = await startSandbox();
  const rand = random(SEED);
  const towns = await places();
  let checked = 0;
  // 25 batches of 4 origins × 5 destinations: 500 pairs, each with a mode
  // and options of its batch.
  for (let batch = 0; checked < CASES; batch++) {
    const centre = towns[Math.floor(rand() * towns.length)];
    const mode = MODES[Math.floor(rand() * MODES.length)];
    const short = rand() < 0.25 && (mode === "car" || mode === "truck");
    const avoid = rand() < 0.25 ? "tollRoad" : undefined;
    const origins = Array.from(
      { length: 4 },
      () => around(rand, centre, 15_000),
    );
    const destinations = Array.from(
      { length: 5 },
      () => around(rand, centre, 25_000),
    );
    const matrix = await call(sandbox, "/v8/matrix?async=false", {
      json: {
        origins,
        destinations,
        regionDefinition: { type: "world" },
        transportMode: mode,
        ...(short ? { routingMode: "short" } : {}),
        ...(avoid ? { avoid: { features: [avoid] } } : {}),
        departureTime: "any",
        matrixAttributes: ["travelTimes", "distances"],
      },
    });
    assert.equal(matrix.status, 200, matrix.text);
    const m = matrix.body.matrix;
    for (let i = 0; i < origins.length; i++) {
      for (let j = 0; j < destinations.length; j++) {
        const a = origins[i], b = destinations[j];
        const res = await call(
          sandbox,
          `/v8/routes?transportMode=${mode}&origin=${a.lat},${a.lng}` +
            `&destination=${b.lat},${b.lng}&return=summary&departureTime=any` +
            (short ? "&routingMode=short" : "") +
            (avoid ? `&avoid[features]=${avoid}` : ""),
        );
        const k = i * destinations.length + j;
        const where = `seed ${SEED}, batch ${batch}, ${mode}, pair ${k}`;
        assert.equal(res.status, 200, `${where}: ${res.text}`);
        const code = m.errorCodes?.[k] ?? 0;
        if (!res.body.routes.length) {
          assert.notEqual(code, 0, `${where}: no route but a matrix entry`);
        } else {
          const summary = res.body.routes[0].sections[0].summary;
          assert.equal(code, 0, `${where}: a route but matrix code ${code}`);
          assert.equal(m.travelTimes[k], summary.duration, where);
          assert.equal(m.distances[k], summary.length, where);
        }
        checked++;
      }
    }
  }
  assert.ok(checked >= CASES);
});

Deno.test(`property: inside a time isoline the route fits the range, outside it does not (seed ${SEED})`, async () => {
  const g = await loadGazetteer();
  const s = streetsOf(g);
  const m = new Matcher(g);
  const rand = random(SEED ^ 0x5f3759df);
  const towns = await places();
  let inside = 0, outside = 0;
  for (let n = 0; inside < CASES || outside < CASES; n++) {
    const centre = around(rand, towns[Math.floor(rand() * towns.length)], 5000);
    const mode = rand() < 0.7 ? "car" : "pedestrian";
    const range = mode === "car"
      ? 60 + Math.floor(rand() * 420)
      : 300 + Math.floor(rand() * 900);
    const profile = profileOf({ transportMode: mode });
    const start = match(s, centre, profile.speeds[0] > 0);
    if (!start) continue;
    const polygons = streetIsoline(s, profile, start, {
      type: "time",
      value: range,
    }, centre);
    const where =
      `seed ${SEED}, isoline ${n}, ${mode} ${range} s from ${centre.lat},${centre.lng}`;
    assert.ok(polygons.length > 0, where);
    // Points in the box of the polygons: inside ones (not in a hole) and
    // outside ones, five of each per isoline.
    let south = 90, north = -90, west = 180, east = -180;
    for (const poly of polygons) {
      for (const [lat, lng] of poly.outer) {
        south = Math.min(south, lat);
        north = Math.max(north, lat);
        west = Math.min(west, lng);
        east = Math.max(east, lng);
      }
    }
    const pad = 0.01;
    let inHere = 0, outHere = 0;
    for (let tries = 0; tries < 400 && (inHere < 5 || outHere < 5); tries++) {
      const p = {
        lat: south - pad + rand() * (north - south + 2 * pad),
        lng: west - pad + rand() * (east - west + 2 * pad),
      };
      const isIn = insidePolygons(polygons, p);
      if (isIn ? inHere >= 5 : outHere >= 5) continue;
      const trip = streetRoute(m, centre, p, { transportMode: mode });
      if (isIn) {
        assert.ok(
          typeof trip !== "string",
          `${where}: ${p.lat},${p.lng} inside but ${trip}`,
        );
        assert.ok(
          trip.duration <= range,
          `${where}: ${p.lat},${p.lng} inside takes ${trip.duration} s`,
        );
        inHere++;
        inside++;
      } else {
        assert.ok(
          typeof trip === "string" || trip.duration > range,
          `${where}: ${p.lat},${p.lng} outside takes ${
            typeof trip === "string" ? trip : trip.duration
          } s`,
        );
        outHere++;
        outside++;
      }
    }
  }
});

Deno.test(`property: reverse geocoding then geocoding comes back within 50 m (seed ${SEED})`, async () => {
  await using sandbox = await startSandbox();
  const rand = random(SEED ^ 0x2545f491);
  const towns = await places();
  for (let n = 0; n < CASES; n++) {
    const p = around(rand, towns[Math.floor(rand() * towns.length)], 4000);
    const rev = await call(
      sandbox,
      `/v1/revgeocode?at=${p.lat},${p.lng}&types=address`,
    );
    const item = rev.body.items[0];
    const where = `seed ${SEED}, case ${n}, at ${p.lat},${p.lng}`;
    assert.ok(item?.address?.houseNumber, `${where}: ${rev.text}`);
    // The place the street belongs to: the district, where there is one.
    const place = item.address.district ?? item.address.city;
    const q = `${item.address.street} ${item.address.houseNumber}, ${place}`;
    // Within the country: two Cartagenas may both have the street.
    const fwd = await call(
      sandbox,
      `/v1/geocode?q=${
        encodeURIComponent(q)
      }&in=countryCode:${item.address.countryCode}`,
    );
    // Two towns of one name (Shingū, Shingū) may both have the street:
    // one of the answers is the place.
    const items: { address: { street: string }; position: LatLngLike }[] =
      fwd.body.items;
    assert.ok(items.length, `${where}: ${q} not found`);
    const d = Math.min(
      ...items.filter((i) => i.address.street === item.address.street).map((
        i,
      ) => haversineMeters(i.position, item.position)),
    );
    assert.ok(
      d <= 50,
      `${where}: ${q} comes back ${d.toFixed(0)} m away (${rev.text})`,
    );
  }
});

// The isoline property above runs on the library functions the handler
// calls: this ties them to what the handler sends.
Deno.test("an isoline over HTTP equals the library's polygons", async () => {
  await using sandbox = await startSandbox();
  const res = await call(
    sandbox,
    "/v8/isolines?transportMode=car&origin=52.52,13.405&range[type]=time&range[values]=300",
  );
  assert.equal(res.status, 200, res.text);
  const g = await loadGazetteer();
  const s = streetsOf(g);
  const start = match(s, { lat: 52.52, lng: 13.405 })!;
  const polygons = streetIsoline(s, profileOf({}), start, {
    type: "time",
    value: 300,
  });
  const got = res.body.isolines[0].polygons;
  assert.equal(got.length, polygons.length);
  assert.deepEqual(
    decodePolyline(got[0].outer).polyline,
    polygons[0].outer.map(([lat, lng]) => [
      Math.round(lat * 1e6) / 1e6,
      Math.round(lng * 1e6) / 1e6,
    ]),
  );
});
