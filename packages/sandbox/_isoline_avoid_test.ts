import assert from "node:assert/strict";
import { startSandbox } from "./sandbox.ts";
import { call } from "./_test_sandbox.ts";

const BASE =
  "/v8/isolines?transportMode=truck&origin=52.52,13.405&range%5Btype%5D=time&range%5Bvalues%5D=300";

Deno.test("isolines take the further avoid keys and maxSpeedOnSegment without notices", async () => {
  await using sandbox = await startSandbox();
  const res = await call(
    sandbox,
    BASE +
      "&avoid%5Bsegments%5D=here:cm:segment:207551710%23%2B,here:cm:segment:1%23*" +
      "&avoid%5BzoneCategories%5D=congestionPricing,environmental;exceptZoneIds=here:cm:envzone:3" +
      "&avoid%5BzoneIdentifiers%5D=here:cm:envzone:2" +
      "&avoid%5BtruckRoadTypes%5D=BK1,ET2&avoid%5BtollTransponders%5D=all" +
      "&maxSpeedOnSegment=here:cm:segment:84905195%23-;speed=10,here:cm:segment:84905196;speed=2.5",
  );
  assert.equal(res.status, 200);
  assert.equal(res.body.notices, undefined);
});

Deno.test("malformed avoid keys get E605001", async () => {
  await using sandbox = await startSandbox();
  for (
    const [extra, cause] of [
      ["&avoid%5Bsegments%5D=a%20b", /avoid\[segments\]/],
      ["&avoid%5BzoneCategories%5D=lowEmission", /zoneCategories/],
      ["&avoid%5BzoneIdentifiers%5D=a%20b", /zoneIdentifiers/],
      ["&avoid%5BtruckRoadTypes%5D=BK%201", /truckRoadTypes/],
      ["&avoid%5BtollTransponders%5D=some", /tollTransponders/],
      ["&maxSpeedOnSegment=here:cm:segment:1;speed=0.5", /maxSpeedOnSegment/],
    ] as const
  ) {
    const res = await call(sandbox, BASE + extra);
    assert.equal(res.status, 400, extra);
    assert.equal(res.body.code, "E605001", extra);
    assert.match(res.body.cause, cause, extra);
  }
});
