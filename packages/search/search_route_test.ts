import assert from "node:assert/strict";
import { encodePolyline } from "@ls/core";
import { assertGetRequest, assertValueError } from "@ls/core/testing";
import {
  jsonReply,
  rejectsValueError,
  startTestServer,
} from "@ls/core/testing";
import { testClient } from "@ls/core/testing";
import { autosuggest, browse, buildDiscoverRequest, discover } from "./mod.ts";
import type { DiscoverParams } from "./mod.ts";

const LINE = "BFg9tgKgm5xCgxTgxT"; // [52.5, 13.4] → [52.6, 13.5]
const LINE2 = encodePolyline({ polyline: [[52.6, 13.5], [52.7, 13.6]] });
const JOINED = encodePolyline({
  polyline: [[52.5, 13.4], [52.6, 13.5], [52.7, 13.6]],
});

Deno.test("discover along a route sends route=<polyline>;w=<width>, ranking and mobilityMode", async () => {
  await using server = await startTestServer();
  server.route("GET /v1/discover", jsonReply(200, { items: [] }));
  await discover(testClient(server), {
    query: "fuel",
    route: {
      routes: [{ sections: [{ polyline: LINE }, { polyline: LINE2 }] }],
    },
    routeWidth: 300,
    countryCodes: ["DEU"],
    ranking: "excursionDistance",
    mobilityMode: "car",
    limit: 5,
    offset: 5,
  });
  assertGetRequest(
    server.requests[0],
    "/v1/discover",
    `q=fuel&in=countryCode:DEU&route=${JOINED};w=300&limit=5&offset=5&ranking=excursionDistance&mobilityMode=car`,
  );
});

Deno.test("browse and autosuggest send route in HERE's form too", async () => {
  await using server = await startTestServer();
  server.route("GET /v1/browse", jsonReply(200, { items: [] }));
  server.route("GET /v1/autosuggest", jsonReply(200, { items: [] }));
  const client = testClient(server);
  await browse(client, {
    route: { polyline: LINE },
    routeWidth: 1000,
    ranking: "excursionDistance",
    chains: ["1566", "22"],
  });
  assertGetRequest(
    server.requests[0],
    "/v1/browse",
    `route=${LINE};w=1000&chains=1566,22&ranking=excursionDistance`,
  );
  await autosuggest(client, {
    query: "res",
    route: [[52.5, 13.4], { lat: 52.6, lng: 13.5 }],
    inCountry: ["DEU"],
    termsLimit: 0,
  });
  assertGetRequest(
    server.requests[1],
    "/v1/autosuggest",
    `q=res&in=countryCode:DEU&route=${LINE}&limit=20&termsLimit=0`,
  );
});

Deno.test("route rules are ValueErrors before any request", async () => {
  await using server = await startTestServer();
  const client = testClient(server);
  const base = { query: "fuel", route: LINE };
  const cases: [Record<string, unknown>, string, string][] = [
    [{ route: "" }, "route", "must be an encoded flexible polyline"],
    [{ route: "!!" }, "route", "is not a valid flexible polyline"],
    [{ route: [[52.5, 13.4]] }, "route", "must be an array of at least 2"],
    [{ route: { routes: [] } }, "route", "without routes"],
    [{ route: { sections: [{}] } }, "route.sections[0].polyline", "must be"],
    [{ route: 5 }, "route", "must be a flexible polyline"],
    [{ routeWidth: 0 }, "routeWidth", "positive integer"],
    [
      { route: undefined, routeWidth: 10, center: [1, 2], radius: 9 },
      "routeWidth",
      "requires route",
    ],
    [{ center: [52.5, 13.4] }, "center", "cannot be combined with route"],
    [
      { boundingBox: [1, 2, 3, 4] },
      "boundingBox",
      "cannot be combined with route",
    ],
    [{ ranking: "distance" }, "ranking", "must be one of"],
    [
      {
        route: undefined,
        center: [1, 2],
        radius: 9,
        ranking: "excursionDistance",
      },
      "ranking",
      "requires route",
    ],
    [{ mobilityMode: "car" }, "mobilityMode", "requires ranking"],
    [
      { ranking: "excursionDistance", mobilityMode: "bike" },
      "mobilityMode",
      "must be one of",
    ],
    [{ offset: 3 }, "offset", "requires limit"],
    [{ offset: -1, limit: 5 }, "offset", "non-negative integer"],
    [{ with: ["recommend"] }, "with[0]", "must be one of"],
  ];
  for (const [extra, parameter, rule] of cases) {
    const params = { ...base, ...extra } as DiscoverParams;
    const e = assertValueError(() => buildDiscoverRequest(params), parameter);
    assert.match(e.message, new RegExp(rule.replace(/[[\]]/g, "\\$&")));
    await rejectsValueError(discover(client, params), parameter);
  }
  assert.equal(server.requests.length, 0);
});

Deno.test("a route that holds itself in routes is a ValueError, not a stack overflow", () => {
  const loop: { routes: unknown[] } = { routes: [] };
  loop.routes.push(loop);
  assertValueError(
    () => buildDiscoverRequest({ query: "x", route: loop as never }),
    "route.polyline",
  );
});

Deno.test("a hole in route.sections is refused by its index, as a null section is", () => {
  // deno-lint-ignore no-sparse-arrays
  const sections = [, { polyline: LINE }];
  assertValueError(
    () => buildDiscoverRequest({ query: "x", route: { sections } as never }),
    "route.sections[0].polyline",
  );
});
