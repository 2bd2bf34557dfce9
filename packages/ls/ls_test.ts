import assert from "node:assert/strict";
import { assertGetRequest, jsonReply } from "@ls/core/testing";
import { rejectsValueError, startTestServer } from "@ls/core/testing";
import { TEST_API_KEY } from "@ls/core/testing";
import { LS } from "./mod.ts";

/** One call of an `LS` method with a misspelt key, and the operation named. */
const MISSPELT: [string, (ls: LS) => Promise<unknown>][] = [
  ["geocode", (ls) => ls.geocode({ query: "x", limt: 1 } as never)],
  [
    "reverseGeocode",
    (ls) => ls.reverseGeocode({ lat: 1, lng: 2, limt: 1 } as never),
  ],
  [
    "discover",
    (ls) =>
      ls.discover({ query: "x", boundingBox: [1, 2, 3, 4], limt: 1 } as never),
  ],
  ["browse", (ls) => ls.browse({ center: [1, 2], limt: 1 } as never)],
  ["lookup", (ls) => ls.lookup({ locationId: "here:x", limt: 1 } as never)],
  [
    "autosuggest",
    (ls) => ls.autosuggest({ query: "x", at: [1, 2], limt: 1 } as never),
  ],
  [
    "getDestWeather",
    (ls) =>
      ls.getDestWeather({ products: ["alerts"], query: "x", limt: 1 } as never),
  ],
  [
    "getWeatherAlerts",
    (ls) =>
      ls.getWeatherAlerts({
        geometry: { type: "Point", coordinates: [2, 1] },
        startTime: new Date(0),
        limt: 1,
      } as never),
  ],
];

Deno.test("LS passes params through unchanged: an unknown key is refused by the operation, before any request", async () => {
  await using server = await startTestServer();
  using ls = new LS({ apiKey: TEST_API_KEY, baseUrl: server.url });
  for (const [operation, call] of MISSPELT) {
    await rejectsValueError(
      call(ls),
      "limt",
      new RegExp(`^Invalid limt: is not a parameter of ${operation}(;|$)`),
    );
  }
  assert.equal(server.requests.length, 0);
});

Deno.test("LS sends the operation's request with its one client", async () => {
  await using server = await startTestServer();
  server.route("GET /v1/geocode", jsonReply(200, { items: [{ title: "X" }] }));
  using ls = new LS({ apiKey: TEST_API_KEY, baseUrl: server.url });
  const res = await ls.geocode({ query: "Berlin", limit: 1 });
  assert.equal(res.items[0].title, "X");
  assertGetRequest(
    server.requests[0],
    "/v1/geocode",
    "q=Berlin&limit=1&lang=en-US",
  );
});
