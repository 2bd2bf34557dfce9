// Every point and area form goes out exactly as the seed's form does.

import assert from "node:assert/strict";
import { jsonReply, startTestServer, testClient } from "@ls/core/testing";
import { autosuggest, browse, discover } from "./mod.ts";

const GJ = { type: "Point", coordinates: [13.4, 52.5] } as const;
const FEATURE = {
  type: "Feature",
  properties: { name: "x" },
  geometry: GJ,
} as const;
const RESULT = { lat: 52.5, lng: 13.4, title: "a result" } as {
  lat: number;
  lng: number;
};

Deno.test("search: each point and area form sends what the seed's form sends", async () => {
  await using server = await startTestServer();
  for (const path of ["/v1/discover", "/v1/browse", "/v1/autosuggest"]) {
    server.route(`GET ${path}`, jsonReply(200, { items: [] }));
  }
  const client = testClient(server);
  const pairs: [string, () => Promise<unknown>, () => Promise<unknown>][] = [
    [
      "discover center",
      () => discover(client, { query: "x", center: [52.5, 13.4], radius: 100 }),
      () => discover(client, { query: "x", center: FEATURE, radius: 100 }),
    ],
    [
      "discover boundingBox",
      () =>
        discover(client, { query: "x", boundingBox: [13.3, 52.4, 13.5, 52.6] }),
      () =>
        discover(client, {
          query: "x",
          boundingBox: { west: 13.3, south: 52.4, east: 13.5, north: 52.6 },
        }),
    ],
    [
      "browse center",
      () => browse(client, { center: [52.5, 13.4], radius: 100 }),
      () => browse(client, { center: RESULT, radius: 100 }),
    ],
    [
      "autosuggest at",
      () => autosuggest(client, { query: "x", at: [52.5, 13.4] }),
      () => autosuggest(client, { query: "x", at: GJ }),
    ],
    [
      "autosuggest searchInCircle",
      () =>
        autosuggest(client, {
          query: "x",
          searchInCircle: { lat: 52.5, lng: 13.4, radius: 100 },
        }),
      () =>
        autosuggest(client, {
          query: "x",
          searchInCircle: { center: GJ, radius: 100 },
        }),
    ],
    [
      "autosuggest searchInBbox",
      () =>
        autosuggest(client, {
          query: "x",
          searchInBbox: [13.3, 52.4, 13.5, 52.6],
        }),
      () =>
        autosuggest(client, {
          query: "x",
          searchInBbox: { west: 13.3, south: 52.4, east: 13.5, north: 52.6 },
        }),
    ],
  ];
  for (const [name, seed, other] of pairs) {
    const n = server.requests.length;
    await seed();
    await other();
    const [a, b] = server.requests.slice(n);
    assert.equal(b.path, a.path, name);
    assert.equal(b.rawQuery, a.rawQuery, name);
    assert.match(a.rawQuery, /52\.5,13\.4|13\.3,52\.4,13\.5,52\.6/, name);
  }
});

Deno.test("search: a bad circle or box form is a ValueError naming the parameter, before any request", async () => {
  await using server = await startTestServer();
  const client = testClient(server);
  const cases: [() => Promise<unknown>, string][] = [
    [
      () =>
        autosuggest(client, {
          query: "x",
          searchInCircle: { center: [95, 0], radius: 1 },
        }),
      "searchInCircle.center",
    ],
    [
      () =>
        autosuggest(client, {
          query: "x",
          searchInCircle: { center: [52, 13], radius: 0 },
        }),
      "searchInCircle.radius",
    ],
    [
      () =>
        autosuggest(client, {
          query: "x",
          searchInCircle: [52, 13, 100] as never,
        }),
      "searchInCircle",
    ],
    [
      () =>
        autosuggest(client, {
          query: "x",
          searchInBbox: { west: 1, south: 2, east: 3 } as never,
        }),
      "searchInBbox.north",
    ],
    [
      () => discover(client, { query: "x", boundingBox: [1, 50, 2, 40] }),
      "boundingBox",
    ],
  ];
  for (const [call, parameter] of cases) {
    await assert.rejects(call(), (e) => {
      assert.equal((e as Error).name, "ValueError", String(e));
      assert.equal((e as { parameter: string }).parameter, parameter);
      return true;
    });
  }
  assert.equal(server.requests.length, 0);
});
