import assert from "node:assert/strict";
import { assertGetRequest, assertValueError } from "@ls/core/testing";
import { hostRecordingClient, jsonReply } from "@ls/core/testing";
import { rejectsValueError, startTestServer } from "@ls/core/testing";
import { TEST_KEY_QUERY, testClient } from "@ls/core/testing";
import { autocomplete, buildAutocompleteRequest } from "./mod.ts";
import type { AutocompleteItem, AutocompleteParams } from "./mod.ts";

const PATH = "/v1/autocomplete";
const ROUTE = `GET ${PATH}`;
const AT: [number, number] = [52.5, 13.4];

Deno.test("autocomplete sends every parameter in HERE's documented form", async () => {
  await using server = await startTestServer();
  server.route(ROUTE, jsonReply(200, { items: [] }));
  await autocomplete(testClient(server), {
    query: "Berlin Pariser 20",
    at: AT,
    inCountry: ["DEU", "AUT"],
    types: ["area", "city", "postalCode"],
    postalCodeMode: "districtLookup",
    limit: 20,
    lang: ["de", "en"],
    politicalView: "IND",
    show: ["hasRelatedMPA", "streetInfo"],
  });
  assertGetRequest(
    server.requests[0],
    PATH,
    "q=Berlin%20Pariser%2020&at=52.5,13.4&in=countryCode:DEU,AUT&types=area,city,postalCode&postalCodeMode=districtLookup&limit=20&lang=de,en&politicalView=IND&show=hasRelatedMPA,streetInfo",
  );
});

Deno.test("autocomplete: the query alone, a circle, a box; no default limit is sent (HERE's is 5)", async () => {
  await using server = await startTestServer();
  server.route(ROUTE, jsonReply(200, { items: [] }));
  const client = testClient(server);
  const sent: AutocompleteParams[] = [
    { query: "Invalidenstr 11" },
    {
      query: "Pari",
      searchInCircle: { lat: 52.53, lng: 13.38, radius: 10000 },
    },
    { query: "Pari", searchInBbox: [13.08836, 52.33812, 13.761, 52.6755] },
    { query: "Pari", postalCodeMode: "cityLookup", lang: "de-DE", show: [] },
  ];
  for (const params of sent) await autocomplete(client, params);
  const reqs = server.requestsFor(ROUTE);
  assertGetRequest(reqs[0], PATH, "q=Invalidenstr%2011");
  assertGetRequest(reqs[1], PATH, "q=Pari&in=circle:52.53,13.38;r=10000");
  assertGetRequest(
    reqs[2],
    PATH,
    "q=Pari&in=bbox:13.08836,52.33812,13.761,52.6755",
  );
  assertGetRequest(
    reqs[3],
    PATH,
    "q=Pari&postalCodeMode=cityLookup&lang=de-DE",
  );
});

Deno.test("autocomplete goes to its own host, hereapi.cn for china", async () => {
  await using server = await startTestServer();
  server.route(ROUTE, jsonReply(200, { items: [] }));
  const seen: string[] = [];
  for (const country of ["row", "china"] as const) {
    await autocomplete(hostRecordingClient(server, seen, { country }), {
      query: "bei",
    });
  }
  assert.deepEqual(seen, [
    `https://autocomplete.search.hereapi.com/v1/autocomplete?q=bei&${TEST_KEY_QUERY}`,
    `https://autocomplete.search.hereapi.cn/v1/autocomplete?q=bei&${TEST_KEY_QUERY}`,
  ]);
});

Deno.test("autocomplete types its items and keeps unknown fields in raw", async () => {
  await using server = await startTestServer();
  const body = {
    items: [{
      title: "Pariser Platz 1, 10117 Berlin, Deutschland",
      id: "here:af:streetsection:x",
      language: "de",
      resultType: "houseNumber",
      houseNumberType: "PA",
      address: {
        label: "Pariser Platz 1, 10117 Berlin",
        street: "Pariser Platz",
      },
      highlights: { title: [{ start: 0, end: 7 }] },
      streetInfo: [{ baseName: "Pariser", streetType: "Platz" }],
      hasRelatedMPA: true,
      somethingNew: 1,
    }],
  };
  server.route(ROUTE, jsonReply(200, body, { "x-correlation-id": "c-9" }));
  const res = await autocomplete(testClient(server), { query: "Pariser" });
  const item: AutocompleteItem = res.items[0];
  assert.equal(item.hasRelatedMPA, true);
  assert.equal(item.language, "de");
  assert.equal(item.streetInfo?.[0].baseName, "Pariser");
  assert.equal(res.correlationId, "c-9");
  assert.deepEqual(res.raw, body);
  assert.equal(res.toGeoJSON().features.length, 0); // no position
});

Deno.test("autocomplete refuses bad input before any request, naming the parameter", async () => {
  await using server = await startTestServer();
  const client = testClient(server);
  const cases: [string, Record<string, unknown>, string][] = [
    ["empty query", { query: " " }, "query"],
    ["wire name q", { q: "x" }, "q"],
    ["limit 0", { limit: 0 }, "limit"],
    ["limit 21", { limit: 21 }, "limit"],
    ["limit 1.5", { limit: 1.5 }, "limit"],
    ["unknown type", { types: ["street"] }, "types[0]"],
    ["types not a list", { types: "city" }, "types"],
    ["unknown show", { show: ["tz"] }, "show[0]"],
    ["unknown postalCodeMode", { postalCodeMode: "zip" }, "postalCodeMode"],
    ["postalCodeMode not a string", { postalCodeMode: 1 }, "postalCodeMode"],
    ["bad at", { at: [91, 0] }, "at"],
    ["bad country", { inCountry: ["de"] }, "inCountry[0]"],
    [
      "radius 0",
      { searchInCircle: { lat: 1, lng: 2, radius: 0 } },
      "searchInCircle.radius",
    ],
    ["lowercase politicalView", { politicalView: "ind" }, "politicalView"],
    ["bad lang", { lang: [] }, "lang"],
    [
      "two areas",
      { searchInBbox: [1, 2, 3, 4], inCountry: ["DEU"] },
      "inCountry",
    ],
    ["at with circle", {
      at: AT,
      searchInCircle: { lat: 1, lng: 2, radius: 9 },
    }, "searchInCircle"],
    ["at with box", { at: AT, searchInBbox: [1, 2, 3, 4] }, "searchInBbox"],
  ];
  for (const [name, extra, parameter] of cases) {
    const params = { query: "Pari", ...extra } as AutocompleteParams;
    try {
      assertValueError(() => buildAutocompleteRequest(params), parameter);
      await rejectsValueError(autocomplete(client, params), parameter);
    } catch (e) {
      throw new Error(`case "${name}": ${(e as Error).message}`);
    }
  }
  assert.equal(server.requests.length, 0);
});

Deno.test("autocomplete's rules say what is allowed", () => {
  assertValueError(
    () =>
      buildAutocompleteRequest({
        query: "x",
        at: AT,
        searchInBbox: [1, 2, 3, 4],
      }),
    "searchInBbox",
    "Invalid searchInBbox: cannot be combined with at: HERE takes a single in= filter and a combined form is not verified; at goes with inCountry or alone",
  );
  assertValueError(
    () =>
      buildAutocompleteRequest({ query: "x", postalCodeMode: "zip" as never }),
    "postalCodeMode",
    'Invalid postalCodeMode: must be one of "cityLookup", "districtLookup", got "zip"',
  );
  assertValueError(
    () => buildAutocompleteRequest({ query: "x", types: ["street" as never] }),
    "types[0]",
    'Invalid types[0]: must be one of "area", "city", "postalCode" (a value HERE adds later goes through the query option), got "street"',
  );
});

Deno.test("autocomplete with at and inCountry sends both", () => {
  const spec = buildAutocompleteRequest({
    query: "x",
    at: AT,
    inCountry: ["DEU"],
  });
  assert.equal(spec.query?.toString(), "q=x&at=52.5,13.4&in=countryCode:DEU");
  assert.equal(spec.service, "autocomplete");
});
