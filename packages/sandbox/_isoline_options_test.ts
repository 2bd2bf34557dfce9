import assert from "node:assert/strict";
import { decodePolyline } from "@ls/core";
import { startSandbox } from "./sandbox.ts";
import { call } from "./_test_sandbox.ts";

const BASE =
  "/v8/isolines?transportMode=car&origin=52.52,13.405&range%5Btype%5D=distance&range%5Bvalues%5D=5000";

Deno.test("isolines take exclude, allow, traffic, taxi and billingTag without notices", async () => {
  await using sandbox = await startSandbox();
  for (
    const extra of [
      "&exclude%5Bcountries%5D=POL,CZE&exclude%5Bstates%5D=USA:NY,PA%7CCAN:QC" +
      "&exclude%5Bareas%5D=bbox:13.41,52.51,13.43,52.53",
      "&allow%5Bhov%5D=true&allow%5Bhot%5D=false",
      "&traffic%5Bmode%5D=disabled&traffic%5BoverrideFlowDuration%5D=600",
      "&billingTag=ABCD%2BEFGH",
    ]
  ) {
    const res = await call(sandbox, BASE + extra);
    assert.equal(res.status, 200, extra);
    assert.equal(res.body.notices, undefined, extra);
    assert.equal(res.body.isolines.length, 1);
  }
  const taxi = await call(
    sandbox,
    BASE.replace("car", "taxi") + "&taxi%5BallowDriveThroughTaxiRoads%5D=false",
  );
  assert.equal(taxi.status, 200);
  assert.equal(taxi.body.notices, undefined);
});

Deno.test({
  name: "a coarser shape[maxResolution] gives fewer ring points",
  async fn() {
    await using sandbox = await startSandbox();
    const points = async (extra: string) => {
      const res = await call(sandbox, BASE + extra);
      assert.equal(res.status, 200);
      return decodePolyline(res.body.isolines[0].polygons[0].outer).polyline
        .length;
    };
    const fine = await points("");
    const coarse = await points("&shape%5BmaxResolution%5D=2000");
    assert.ok(coarse < fine, `${coarse} < ${fine}`);
    assert.equal(await points("&shape%5BmaxResolution%5D=0"), fine);
  },
});

Deno.test("malformed grouped isoline options get HERE's error codes", async () => {
  await using sandbox = await startSandbox();
  const cases: [string, string, RegExp][] = [
    ["&shape%5BmaxResolution%5D=-1", "E605001", /shape\[maxResolution\]/],
    ["&allow%5Bhov%5D=yes", "E605001", /allow\[hov\]/],
    ["&traffic%5Bmode%5D=live", "E605001", /traffic\[mode\]/],
    ["&traffic%5BoverrideFlowDuration%5D=x", "E605001", /overrideFlowDuration/],
    [
      "&taxi%5BallowDriveThroughTaxiRoads%5D=true",
      "E605001",
      /transportMode=taxi/,
    ],
    ["&exclude%5Bcountries%5D=XXX", "E605016", /XXX/],
    ["&exclude%5Bstates%5D=NY", "E605001", /exclude\[states\]/],
    ["&exclude%5Bareas%5D=circle:1,2", "E605001", /exclude\[areas\]/],
  ];
  for (const [extra, code, cause] of cases) {
    const res = await call(sandbox, BASE + extra);
    assert.equal(res.status, 400, extra);
    assert.equal(res.body.code, code, extra);
    assert.match(res.body.cause, cause, extra);
  }
});
