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

Deno.test("reverseGeocode sends bearing after the position, and a circle as in=circle: in place of at", async () => {
  await using server = await startTestServer();
  server.route("GET /v1/revgeocode", jsonReply(200, { items: [] }));
  const client = testClient(server);
  await reverseGeocode(client, { at: [52.5, 13.4], bearing: 270, limit: 2 });
  await reverseGeocode(client, {
    searchInCircle: { center: { lat: 52.5, lng: 13.4 }, radius: 150 },
    types: ["street"],
  });
  await reverseGeocode(client, {
    searchInCircle: { lat: 52.5, lng: 13.4, radius: 20 },
  });
  assertGetRequest(
    server.requests[0],
    "/v1/revgeocode",
    "at=52.5,13.4&bearing=270&limit=2&lang=en-US",
  );
  assertGetRequest(
    server.requests[1],
    "/v1/revgeocode",
    "in=circle:52.5,13.4;r=150&limit=1&lang=en-US&types=street",
  );
  assertGetRequest(
    server.requests[2],
    "/v1/revgeocode",
    "in=circle:52.5,13.4;r=20&limit=1&lang=en-US",
  );
});

Deno.test("reverseGeocode refuses a bad bearing or circle, and a circle given with a position or a bearing", () => {
  const circle = { center: [52.5, 13.4] as [number, number], radius: 100 };
  const cases: [Record<string, unknown>, string, string][] = [
    [
      { lat: 1, lng: 2, bearing: 360 },
      "bearing",
      "must be an integer from 0 to 359",
    ],
    [
      { lat: 1, lng: 2, bearing: -1 },
      "bearing",
      "must be an integer from 0 to 359",
    ],
    [
      { lat: 1, lng: 2, bearing: 45.5 },
      "bearing",
      "must be an integer from 0 to 359",
    ],
    [{ lat: 1, lng: 2, bearing: "90" }, "bearing", "must be"],
    [
      { searchInCircle: { ...circle, radius: 0 } },
      "searchInCircle.radius",
      "must be a positive integer",
    ],
    [
      { searchInCircle: { center: [91, 0], radius: 5 } },
      "searchInCircle.center",
      "latitude 91 is out of range",
    ],
    [
      { searchInCircle: "circle:1,2;r=5" },
      "searchInCircle",
      "must be a circle",
    ],
    [{}, "lat", "is required, or give at or searchInCircle"],
    [
      { at: undefined, searchInCircle: undefined },
      "lat",
      "is required, or give at or searchInCircle",
    ],
    [
      { searchInCircle: circle, at: [1, 2] },
      "searchInCircle",
      "cannot be combined with at",
    ],
    [
      { searchInCircle: circle, lat: 1, lng: 2 },
      "searchInCircle",
      "cannot be combined with lat",
    ],
    [
      { searchInCircle: circle, bearing: 10 },
      "searchInCircle",
      "cannot be combined with bearing",
    ],
  ];
  for (const [params, parameter, rule] of cases) {
    const err = assertValueError(
      () => buildReverseGeocodeRequest(params as never),
      parameter,
    );
    assert.ok(
      err.message.startsWith(`Invalid ${parameter}: ${rule}`),
      err.message,
    );
  }
});
