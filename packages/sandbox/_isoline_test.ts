import assert from "node:assert/strict";
import { decodePolyline } from "@ls/core";
import {
  distanceMeters,
  durationSeconds,
  reachableDistanceMeters,
} from "./travel_model.ts";
import { startSandbox } from "./sandbox.ts";
import { call } from "./_test_sandbox.ts";

const ORIGIN = { lat: 52.52, lng: 13.405 };

Deno.test("every isoline boundary point is reachable within its time range", async () => {
  await using sandbox = await startSandbox();
  for (const mode of ["car", "pedestrian", "truck"]) {
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
    for (const isoline of res.body.isolines) {
      const ring = decodePolyline(isoline.polygons[0].outer);
      assert.equal(ring.precision, 6);
      assert.equal(ring.thirdDim, 0);
      assert.deepEqual(
        ring.polyline[0],
        ring.polyline[ring.polyline.length - 1],
      );
      const reach = reachableDistanceMeters(isoline.range, {
        transportMode: mode,
      });
      for (const [lat, lng] of ring.polyline) {
        const d = distanceMeters(ORIGIN, { lat, lng });
        assert.ok(
          durationSeconds(d, { transportMode: mode }) <= isoline.range.value,
        );
        // ... and it is the boundary: within a few metres of the reach.
        assert.ok(reach - d <= 3, `${mode}: ${d} vs reach ${reach}`);
      }
    }
  }
});

Deno.test("distance isolines, destination isolines and shape[maxPoints]", async () => {
  await using sandbox = await startSandbox();
  const res = await call(
    sandbox,
    "/v8/isolines?transportMode=car&destination=52.52,13.405&range%5Btype%5D=distance&range%5Bvalues%5D=5000" +
      "&shape%5BmaxPoints%5D=20&arrivalTime=2024-05-01T08:00:00Z",
  );
  assert.equal(res.status, 200, res.text);
  assert.equal(res.body.departure, undefined);
  assert.equal(Date.parse(res.body.arrival.time), Date.UTC(2024, 4, 1, 8));
  assert.deepEqual(res.body.arrival.place.location, ORIGIN);
  const ring = decodePolyline(res.body.isolines[0].polygons[0].outer).polyline;
  assert.equal(ring.length, 20);
  for (const [lat, lng] of ring) {
    assert.ok(distanceMeters(ORIGIN, { lat, lng }) <= 5000);
  }
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
