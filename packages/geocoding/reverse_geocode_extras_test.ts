import assert from "node:assert/strict";
import { assertGetRequest, assertValueError } from "@ls/core/testing";
import { jsonReply, startTestServer, testClient } from "@ls/core/testing";
import {
  buildReverseGeocodeRequest,
  reverseGeocode,
  type ReverseGeocodeParams,
} from "./mod.ts";

Deno.test("reverseGeocode sends politicalView, with and the show… lists in HERE's order", async () => {
  await using server = await startTestServer();
  server.route("GET /v1/revgeocode", jsonReply(200, { items: [] }));
  await reverseGeocode(testClient(server), {
    lat: 52.5,
    lng: 13.4,
    showRelated: ["intersections", "parentPA"],
    showNavAttributes: ["physical"],
    showMapReferences: ["pointAddress", "links"],
    with: ["estimatedAreaFallback", "MPA"],
    politicalView: "SRB",
    show: ["tz"],
  });
  assertGetRequest(
    server.requests[0],
    "/v1/revgeocode",
    "at=52.5,13.4&limit=1&lang=en-US&politicalView=SRB" +
      "&with=estimatedAreaFallback,MPA&show=tz" +
      "&showMapReferences=pointAddress,links&showNavAttributes=physical" +
      "&showRelated=intersections,parentPA",
  );
});

Deno.test("reverseGeocode refuses values HERE does not list for the new parameters", () => {
  const cases: [Record<string, unknown>, string, string][] = [
    [{ with: ["mpa"] }, "with[0]", "must be one of"],
    [{ politicalView: "rs" }, "politicalView", "must be an upper-case"],
    [{ showMapReferences: ["link"] }, "showMapReferences[0]", "must be one of"],
    [{ showNavAttributes: "access" }, "showNavAttributes", "must be"],
    [{ showRelated: ["MPA"] }, "showRelated[0]", "must be one of"],
  ];
  for (const [extra, parameter, rule] of cases) {
    const params = { lat: 1, lng: 2, ...extra } as ReverseGeocodeParams;
    const err = assertValueError(
      () => buildReverseGeocodeRequest(params),
      parameter,
    );
    assert.ok(
      err.message.startsWith(`Invalid ${parameter}: ${rule}`),
      err.message,
    );
  }
});
