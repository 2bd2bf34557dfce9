import assert from "node:assert/strict";
import { assertGetRequest, assertValueError } from "@ls/core/testing";
import { jsonReply, startTestServer, testClient } from "@ls/core/testing";
import { buildGeocodeRequest, geocode, type GeocodeParams } from "./mod.ts";

Deno.test("geocode sends with, the modes and the show… lists in HERE's order", async () => {
  await using server = await startTestServer();
  server.route("GET /v1/geocode", jsonReply(200, { items: [] }));
  await geocode(testClient(server), {
    query: "Berlin",
    showTranslations: ["city", "state"],
    showRelated: ["parentPA", "MPA"],
    showNavAttributes: ["speedLimits", "access"],
    showMapReferences: ["segments", "adminIds"],
    postalCodeMode: "districtLookup",
    addressNamesMode: "normalized",
    with: ["MPA"],
    show: ["tz"],
  });
  assertGetRequest(
    server.requests[0],
    "/v1/geocode",
    "q=Berlin&with=MPA&limit=20&lang=en-US&addressNamesMode=normalized" +
      "&postalCodeMode=districtLookup&show=tz" +
      "&showMapReferences=segments,adminIds" +
      "&showNavAttributes=speedLimits,access&showRelated=parentPA,MPA" +
      "&showTranslations=city,state",
  );
});

Deno.test("geocode refuses values HERE does not list for the new parameters", () => {
  const cases: [Record<string, unknown>, string, string][] = [
    [{ with: ["mpa"] }, "with[0]", 'must be one of "MPA"'],
    [
      { addressNamesMode: "exact" },
      "addressNamesMode",
      'must be "matched" or "normalized"',
    ],
    [
      { postalCodeMode: 1 },
      "postalCodeMode",
      'must be "cityLookup" or "districtLookup"',
    ],
    [{ showMapReferences: ["link"] }, "showMapReferences[0]", "must be one of"],
    [{ showNavAttributes: "access" }, "showNavAttributes", "must be"],
    [{ showRelated: ["nearbyAddress"] }, "showRelated[0]", "must be one of"],
    [
      { showTranslations: ["country"] },
      "showTranslations[0]",
      "must be one of",
    ],
  ];
  for (const [extra, parameter, rule] of cases) {
    const err = assertValueError(
      () => buildGeocodeRequest({ query: "x", ...extra } as GeocodeParams),
      parameter,
    );
    assert.ok(
      err.message.startsWith(`Invalid ${parameter}: ${rule}`),
      err.message,
    );
  }
});
