import assert from "node:assert/strict";
import { decodePolyline } from "@ls/core";
import { distanceMeters } from "./travel_model.ts";
import { startSandbox } from "./sandbox.ts";
import { call } from "./_test_sandbox.ts";

const ORIGIN = { lat: 52.52, lng: 13.405 };
const BASE =
  "/v8/isolines?transportMode=car&origin=52.52,13.405&range%5Btype%5D=consumption";
const DIESEL =
  "&fuel%5Btype%5D=diesel&fuel%5BfreeFlowSpeedTable%5D=0,0.07,50,0.05,130,0.08";

Deno.test("a fuel consumption range reaches further with more fuel", async () => {
  await using sandbox = await startSandbox();
  const res = await call(
    sandbox,
    `${BASE}&range%5Bvalues%5D=500,1000${DIESEL}&fuel%5Bascent%5D=0.01`,
  );
  assert.equal(res.status, 200);
  assert.equal(res.body.notices, undefined);
  const reach = res.body.isolines.map(
    (i: { polygons: { outer: string }[] }) => {
      const ring = decodePolyline(i.polygons[0].outer).polyline;
      return Math.max(
        ...ring.map(([lat, lng]) => distanceMeters(ORIGIN, { lat, lng })),
      );
    },
  );
  assert.ok(reach[0] > 1000 && reach[1] > reach[0], String(reach));
});

Deno.test("fuel[type] alone goes with a time range", async () => {
  await using sandbox = await startSandbox();
  const res = await call(
    sandbox,
    "/v8/isolines?transportMode=truck&origin=52.52,13.405&range%5Btype%5D=time&range%5Bvalues%5D=300&fuel%5Btype%5D=lng",
  );
  assert.equal(res.status, 200);
  assert.equal(res.body.notices, undefined);
});

Deno.test("invalid fuel requests get HERE's error codes", async () => {
  await using sandbox = await startSandbox();
  const cases: [string, string, RegExp][] = [
    [
      `${BASE}&range%5Bvalues%5D=500&fuel%5Btype%5D=diesel`,
      "E605030",
      /consumption model/,
    ],
    [
      `${BASE}&range%5Bvalues%5D=500${DIESEL}&ev%5BfreeFlowSpeedTable%5D=0,0.2`,
      "E605030",
      /cannot be combined/,
    ],
    [
      `${BASE.replace("car", "bicycle")}&range%5Bvalues%5D=500${DIESEL}`,
      "E605028",
      /bicycle/,
    ],
    [
      `${BASE}&range%5Bvalues%5D=500&fuel%5Btype%5D=coal&fuel%5BfreeFlowSpeedTable%5D=0,0.07`,
      "E605030",
      /fuel\[type\]/,
    ],
    [
      `${BASE}&range%5Bvalues%5D=500&fuel%5BfreeFlowSpeedTable%5D=0,0.07`,
      "E605030",
      /fuel\[type\] is required/,
    ],
    [
      `${BASE}&range%5Bvalues%5D=500&fuel%5Btype%5D=lpg&fuel%5Bascent%5D=0.1`,
      "E605030",
      /requires fuel\[freeFlowSpeedTable\]/,
    ],
    [
      `${BASE}&range%5Bvalues%5D=500&fuel%5Btype%5D=lpg&fuel%5BfreeFlowSpeedTable%5D=50,1,50,2`,
      "E605030",
      /freeFlowSpeedTable/,
    ],
  ];
  for (const [query, code, cause] of cases) {
    const res = await call(sandbox, query);
    assert.equal(res.status, 400, query);
    assert.equal(res.body.code, code, query);
    assert.match(res.body.cause, cause, query);
  }
});
