import assert from "node:assert/strict";
import { decodePolyline } from "@ls/core";
import { type Sandbox, startSandbox } from "./sandbox.ts";
import { call, routeSummary } from "./_test_sandbox.ts";
import {
  insidePolygons as inside,
  isolineProbes,
  type RingPolygon,
} from "./_test_isoline.ts";

const ORIGIN = { lat: 52.52, lng: 13.405 };

type Polygon = RingPolygon;

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
  const tested = isolineProbes(polygons, {
    corners: 32,
    offset: 1e-4, // a tenth of the raster's cell
    spread: 16,
  }).filter((t) => side === "both" || t.inside === (side === "inside"));
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

for (
  const [side, name] of [
    ["inside", "a point inside a time isoline is reached within its range"],
    [
      "outside",
      "a point outside a time isoline is not reached within its range",
    ],
  ] as const
) {
  Deno.test(name, async () => {
    await using sandbox = await startSandbox();
    const breaks: string[] = [];
    for (const mode of ["car", "pedestrian", "truck"]) {
      for (const { range, polygons } of await timeIsolines(sandbox, mode)) {
        breaks.push(
          ...await contractBreaks(sandbox, polygons, range, mode, { side }),
        );
      }
    }
    assert.deepEqual(breaks, []);
  });
}

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
