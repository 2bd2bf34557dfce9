// Hostile requests to the street network: the ends of the world, points
// off the roads, and ranges at the limits the services accept. Each test
// pins a defect that was found and fixed.

import assert from "node:assert/strict";
import { call } from "./_test_sandbox.ts";
import { startSandbox } from "./sandbox.ts";

// Anadyr's streets, and a point of the Gulf of Anadyr 3 km and more from
// any road (but near enough a place to pass the first, coarse match).
const ANADYR = "64.73,177.5";
const GULF = "65.0,-179.9";

Deno.test("routes: a waypoint off the streets is named for its place in the request", async () => {
  await using sandbox = await startSandbox();
  const codes: string[] = [];
  for (
    const [origin, destination, via] of [
      [GULF, ANADYR, undefined],
      [ANADYR, GULF, undefined],
      [ANADYR, ANADYR, GULF],
    ]
  ) {
    const res = await call(
      sandbox,
      `/v8/routes?transportMode=car&origin=${origin}&destination=${destination}` +
        (via ? `&via=${via}` : "") + "&return=summary",
    );
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(res.body.routes, []);
    codes.push(res.body.notices[0].code);
  }
  assert.deepEqual(codes, [
    "couldNotMatchOrigin",
    "couldNotMatchDestination",
    "couldNotMatchVia",
  ]);
});
