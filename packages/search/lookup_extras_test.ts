import assert from "node:assert/strict";
import { assertGetRequest, assertValueError } from "@ls/core/testing";
import { jsonReply, startTestServer, testClient } from "@ls/core/testing";
import { buildLookupRequest, lookup, type LookupParams } from "./mod.ts";
import fixture from "./testdata/lookup.json" with { type: "json" };

Deno.test("lookup sends politicalView and the show… lists in HERE's order", async () => {
  await using server = await startTestServer();
  server.route("GET /v1/lookup", jsonReply(200, fixture));
  await lookup(testClient(server), {
    locationId: "here:x",
    showRelated: ["parentPA", "MPA"],
    showNavAttributes: ["speedLimits"],
    showMapReferences: ["adminIds", "microPointAddress"],
    show: ["tz"],
    politicalView: "SRB",
    lang: "de",
  });
  assertGetRequest(
    server.requests[0],
    "/v1/lookup",
    "id=here%3Ax&lang=de&politicalView=SRB&show=tz" +
      "&showMapReferences=adminIds,microPointAddress" +
      "&showNavAttributes=speedLimits&showRelated=parentPA,MPA",
  );
});

Deno.test("lookup refuses values HERE does not list for the new parameters", () => {
  const cases: [Record<string, unknown>, string, string][] = [
    [{ politicalView: "srb" }, "politicalView", "must be an upper-case"],
    [{ showMapReferences: ["link"] }, "showMapReferences[0]", "must be one of"],
    [{ showNavAttributes: "access" }, "showNavAttributes", "must be"],
    [{ showRelated: ["intersections"] }, "showRelated[0]", "must be one of"],
  ];
  for (const [extra, parameter, rule] of cases) {
    const params = { locationId: "here:x", ...extra } as LookupParams;
    const err = assertValueError(() => buildLookupRequest(params), parameter);
    assert.ok(
      err.message.startsWith(`Invalid ${parameter}: ${rule}`),
      err.message,
    );
  }
});
