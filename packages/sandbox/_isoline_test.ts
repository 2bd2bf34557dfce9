import assert from "node:assert/strict";
import { decodePolyline } from "@ls/core";
import type { LatLngLike } from "./geodesy.ts";
import { type Sandbox, startSandbox } from "./sandbox.ts";
import { call, routeSummary } from "./_test_sandbox.ts";

const ORIGIN = { lat: 52.52, lng: 13.405 };

type Ring = number[][];
interface Polygon {
  outer: Ring;
  inner: Ring[];
}

/** The polygons of an isoline, decoded; every ring closed. */
function polygonsOf(
  isoline: { polygons: { outer: string; inner?: string[] }[] },
): Polygon[] {
  const ring = (encoded: string) => {
    const decoded = decodePolyline(encoded);
    assert.equal(decoded.precision, 6);
    assert.equal(decoded.thirdDim, 0);
    const pts = decoded.polyline;
    assert.ok(pts.length >= 4);
    assert.deepEqual(pts[0], pts[pts.length - 1]);
    return pts;
  };
  return isoline.polygons.map((p) => ({
    outer: ring(p.outer),
    inner: (p.inner ?? []).map(ring),
  }));
}

function inRing(ring: Ring, lat: number, lng: number): boolean {
  let inside = false;
  for (let k = 1; k < ring.length; k++) {
    const [y1, x1] = ring[k - 1], [y2, x2] = ring[k];
    if ((y1 > lat) !== (y2 > lat)) {
      const x = x1 + ((lat - y1) / (y2 - y1)) * (x2 - x1);
      if (x > lng) inside = !inside;
    }
  }
  return inside;
}

/** Whether a point lies in one of the polygons and in none of its holes. */
function inside(polygons: Polygon[], p: LatLngLike): boolean {
  return polygons.some((poly) =>
    inRing(poly.outer, p.lat, p.lng) &&
    !poly.inner.some((hole) => inRing(hole, p.lat, p.lng))
  );
}

/**
 * Points to test an isoline's polygons with, each inside or outside them
 * (by a point-in-polygon test): beside ring corners, a few metres off in
 * each diagonal direction, so just inside and just outside the boundary
 * (a corner of every ring, and corners evenly along all rings), and
 * points spread over the polygons' bounding box.
 */
function probes(polygons: Polygon[]): { p: LatLngLike; inside: boolean }[] {
  const rings = polygons.flatMap((poly) => [poly.outer, ...poly.inner]);
  const corners = rings.flatMap((ring) => ring.slice(1));
  const picked = new Set(rings.map((ring) => ring[0]));
  const step = Math.max(1, Math.floor(corners.length / 32));
  for (let k = 0; k < corners.length; k += step) picked.add(corners[k]);
  const out: { p: LatLngLike; inside: boolean }[] = [];
  const d = 1e-4; // a tenth of the raster's cell
  for (const [lat, lng] of picked) {
    let wantIn = true, wantOut = true;
    for (const [dy, dx] of [[d, d], [d, -d], [-d, d], [-d, -d]]) {
      const p = { lat: lat + dy, lng: lng + dx };
      const isIn = inside(polygons, p);
      if (isIn ? wantIn : wantOut) out.push({ p, inside: isIn });
      if (isIn) wantIn = false;
      else wantOut = false;
    }
  }
  const all = corners.concat(rings.map((ring) => ring[0]));
  const south = Math.min(...all.map((c) => c[0])),
    north = Math.max(...all.map((c) => c[0]));
  const west = Math.min(...all.map((c) => c[1])),
    east = Math.max(...all.map((c) => c[1]));
  let seed = 12345;
  const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
  for (let k = 0; k < 16; k++) {
    const p = {
      lat: south + (north - south) * (1.2 * random() - 0.1),
      lng: west + (east - west) * (1.2 * random() - 0.1),
    };
    out.push({ p, inside: inside(polygons, p) });
  }
  return out;
}

/**
 * Checks an isoline's contract by routing: a point inside its polygons is
 * reached from the centre (reaches it, for a destination isoline) within
 * the range, a point outside is not (or has no route). `side` picks the
 * points checked. Returns the points that break it, for one message.
 */
async function contractBreaks(
  sandbox: Sandbox,
  polygons: Polygon[],
  range: { type: "time" | "distance"; value: number },
  mode: string,
  options: {
    role?: "origin" | "destination";
    side?: "inside" | "outside" | "both";
  } = {},
): Promise<string[]> {
  const { role = "origin", side = "both" } = options;
  const breaks: string[] = [];
  const tested = probes(polygons).filter((t) =>
    side === "both" || t.inside === (side === "inside")
  );
  if (side !== "outside") assert.ok(tested.some((t) => t.inside));
  if (side !== "inside") assert.ok(tested.some((t) => !t.inside));
  for (const { p, inside } of tested) {
    const route = role === "origin"
      ? await routeSummary(sandbox, ORIGIN, p, mode)
      : await routeSummary(sandbox, p, ORIGIN, mode);
    const got = route
      ? (range.type === "time" ? route.duration : route.length)
      : undefined;
    const ok = inside
      ? got !== undefined && got <= range.value
      : got === undefined || got > range.value;
    if (!ok) {
      breaks.push(
        `${mode} ${range.type} ${range.value} (${role}): ${p.lat},${p.lng} is ${
          inside ? "inside" : "outside"
        }, the route gives ${got ?? "none"}`,
      );
    }
  }
  return breaks;
}

/** The 300 s and 900 s isolines from ORIGIN by `mode`, decoded. */
async function timeIsolines(
  sandbox: Sandbox,
  mode: string,
): Promise<{ range: { type: "time"; value: number }; polygons: Polygon[] }[]> {
  const res = await call(
    sandbox,
    `/v8/isolines?transportMode=${mode}&origin=52.52,13.405&range%5Btype%5D=time&range%5Bvalues%5D=300,900`,
  );
  assert.equal(res.status, 200, res.text);
  assert.deepEqual(
    res.body.isolines.map((i: { range: unknown }) => i.range),
    [
      { type: "time", value: 300 },
      { type: "time", value: 900 },
    ],
  );
  return res.body.isolines.map((
    isoline: { range: { type: "time"; value: number } },
  ) => {
    const polygons = polygonsOf(isoline as never);
    assert.ok(inside(polygons, ORIGIN), `${mode}: the origin is inside`);
    return { range: isoline.range, polygons };
  });
}

Deno.test("a point inside a time isoline is reached within its range", async () => {
  await using sandbox = await startSandbox();
  const breaks: string[] = [];
  for (const mode of ["car", "pedestrian", "truck"]) {
    for (const { range, polygons } of await timeIsolines(sandbox, mode)) {
      breaks.push(
        ...await contractBreaks(sandbox, polygons, range, mode, {
          side: "inside",
        }),
      );
    }
  }
  assert.deepEqual(breaks, []);
});

Deno.test({
  name: "a point outside a time isoline is not reached within its range",
  async fn() {
    await using sandbox = await startSandbox();
    const breaks: string[] = [];
    for (const mode of ["car", "pedestrian", "truck"]) {
      for (const { range, polygons } of await timeIsolines(sandbox, mode)) {
        breaks.push(
          ...await contractBreaks(sandbox, polygons, range, mode, {
            side: "outside",
          }),
        );
      }
    }
    assert.deepEqual(breaks, []);
  },
});

Deno.test("distance isolines, destination isolines and shape[maxPoints]", async () => {
  await using sandbox = await startSandbox();
  const query =
    "/v8/isolines?transportMode=car&destination=52.52,13.405&range%5Btype%5D=distance&range%5Bvalues%5D=5000" +
    "&arrivalTime=2024-05-01T08:00:00Z";
  const res = await call(sandbox, `${query}&shape%5BmaxPoints%5D=20`);
  assert.equal(res.status, 200, res.text);
  assert.equal(res.body.departure, undefined);
  assert.equal(Date.parse(res.body.arrival.time), Date.UTC(2024, 4, 1, 8));
  assert.deepEqual(res.body.arrival.place.location, ORIGIN);
  const thinned = polygonsOf(res.body.isolines[0]);
  assert.equal(thinned[0].outer.length, 20);
  // The full shape: the places from which the destination is at most
  // 5 km away by road, and the thinned one keeps some of its corners.
  const full = await call(sandbox, query);
  assert.equal(full.status, 200, full.text);
  const polygons = polygonsOf(full.body.isolines[0]);
  assert.equal(polygons.length, thinned.length);
  polygons.forEach((poly, k) => {
    const rings = [poly.outer, ...poly.inner];
    const few = [thinned[k].outer, ...thinned[k].inner];
    assert.equal(few.length, rings.length);
    few.forEach((ring, n) => {
      assert.ok(ring.length <= 20);
      const corners = new Set(rings[n].map(([lat, lng]) => `${lat},${lng}`));
      for (const [lat, lng] of ring) assert.ok(corners.has(`${lat},${lng}`));
    });
  });
  assert.ok(inside(polygons, ORIGIN));
  assert.deepEqual(
    await contractBreaks(
      sandbox,
      polygons,
      { type: "distance", value: 5000 },
      "car",
      { role: "destination" },
    ),
    [],
  );
});

Deno.test("invalid isoline requests get routing-family 400s", async () => {
  await using sandbox = await startSandbox();
  const cases: [string, string, RegExp][] = [
    [
      "transportMode=car&range%5Btype%5D=time&range%5Bvalues%5D=300",
      "E605001",
      /Exactly one of 'origin' and 'destination'/,
    ],
    [
      "transportMode=car&origin=52.5,13.4&destination=52.5,13.4&range%5Btype%5D=time&range%5Bvalues%5D=300",
      "E605001",
      /Exactly one/,
    ],
    [
      "transportMode=car&origin=52.5,13.4&range%5Bvalues%5D=300",
      "E605001",
      /range\[type\]/,
    ],
    [
      "transportMode=car&origin=52.5,13.4&range%5Btype%5D=time&range%5Bvalues%5D=-5",
      "E605001",
      /positive integer/,
    ],
    [
      "transportMode=car&origin=52.5,13.4&range%5Btype%5D=consumption&range%5Bvalues%5D=5",
      "E605030",
      /consumption/,
    ],
    [
      "transportMode=car&destination=52.5,13.4&departureTime=any&range%5Btype%5D=time&range%5Bvalues%5D=5",
      "E605001",
      /only allowed with 'origin'/,
    ],
  ];
  for (const [query, code, cause] of cases) {
    const res = await call(sandbox, `/v8/isolines?${query}`);
    assert.equal(res.status, 400, query);
    assert.equal(res.body.code, code, query);
    assert.match(res.body.cause, cause);
    assert.equal(res.body.title, "Malformed request");
  }
});

Deno.test("an unknown isoline parameter is an info notice (200)", async () => {
  await using sandbox = await startSandbox();
  const res = await call(
    sandbox,
    "/v8/isolines?transportMode=car&origin=52.52,13.405&range%5Btype%5D=time&range%5Bvalues%5D=60&optimisedFor=quality",
  );
  assert.equal(res.status, 200);
  assert.deepEqual(res.body.notices, [{
    title: "The provided parameter 'optimisedFor' is unknown.",
    code: "unknownParameter",
    severity: "info",
  }]);
});

Deno.test("isolines check avoid[areas] and take seasonalClosure and uTurns", async () => {
  await using sandbox = await startSandbox();
  const base =
    "/v8/isolines?transportMode=car&origin=52.52,13.405&range%5Btype%5D=time&range%5Bvalues%5D=300";
  const ok = await call(
    sandbox,
    `${base}&avoid%5Bfeatures%5D=seasonalClosure,uTurns&avoid%5Bareas%5D=bbox:13.41,52.51,13.43,52.53%7Cpolygon:52.45,13.3;52.46,13.32;52.45,13.33`,
  );
  assert.equal(ok.status, 200, ok.text);
  assert.deepEqual(ok.body.notices ?? [], []);
  const bad = await call(sandbox, `${base}&avoid%5Bareas%5D=circle:1,2`);
  assert.equal(bad.status, 400);
  assert.equal(bad.body.code, "E605001");
});
