import assert from "node:assert/strict";
import { assertGetRequest } from "@ls/core/testing";
import {
  jsonReply,
  rejectsValueError,
  startTestServer,
} from "@ls/core/testing";
import { testClient } from "@ls/core/testing";
import { autosuggest, browse, buildBrowseRequest, discover } from "./mod.ts";
import type { BrowseParams } from "./mod.ts";

Deno.test("evStation and fuelStation are sent as HERE's deep-object members", async () => {
  await using server = await startTestServer();
  server.route("GET /v1/discover", jsonReply(200, { items: [] }));
  await discover(testClient(server), {
    query: "charging",
    center: [52.5, 13.4],
    radius: 5000,
    with: ["recommendPlaces"],
    evStation: {
      connectorTypeIds: ["33", "29"],
      minPower: 50.5,
      current: "DC",
      supplierNames: ["Tesla Supercharger", "Ionity"],
      eMobilityServiceProviderPartnerIds: ["abc-1"],
      paymentMethodIds: ["creditCard", "operatorApp"],
    },
    fuelStation: {
      fuelTypes: ["truck_diesel", "lng"],
      minimumTruckClass: "heavy",
    },
  });
  assertGetRequest(
    server.requests[0],
    "/v1/discover",
    "q=charging&in=circle:52.5,13.4;r=5000&with=recommendPlaces" +
      "&evStation%5BconnectorTypeIds%5D=33,29&evStation%5BminPower%5D=50.5" +
      "&evStation%5Bcurrent%5D=DC" +
      "&evStation%5BsupplierNames%5D=Tesla%20Supercharger,Ionity" +
      "&evStation%5BeMobilityServiceProviderPartnerIds%5D=abc-1" +
      "&evStation%5BpaymentMethodIds%5D=creditCard,operatorApp" +
      "&fuelStation%5BfuelTypes%5D=truck_diesel,lng" +
      "&fuelStation%5BminimumTruckClass%5D=heavy",
  );
});

Deno.test("autosuggest sends showMapReferences, with and the station filters", async () => {
  await using server = await startTestServer();
  server.route("GET /v1/autosuggest", jsonReply(200, { items: [] }));
  await autosuggest(testClient(server), {
    query: "char",
    at: [52.5, 13.4],
    showMapReferences: ["adminIds", "segments"],
    with: ["recommendPlaces"],
    evStation: { current: "AC" },
    offset: 20,
  });
  assertGetRequest(
    server.requests[0],
    "/v1/autosuggest",
    "q=char&at=52.5,13.4&limit=20&offset=20&showMapReferences=adminIds,segments&with=recommendPlaces&evStation%5Bcurrent%5D=AC",
  );
});

Deno.test("station filters outside HERE's sets are ValueErrors before any request", async () => {
  await using server = await startTestServer();
  const client = testClient(server);
  const cases: [Record<string, unknown>, string][] = [
    [{ evStation: "fast" }, "evStation"],
    [{ evStation: { minPowr: 5 } }, "minPowr"],
    [{ evStation: { minPower: 0 } }, "evStation.minPower"],
    [{ evStation: { minPower: "50" } }, "evStation.minPower"],
    [{ evStation: { current: "ac" } }, "evStation.current"],
    [
      { evStation: { connectorTypeIds: ["99"] } },
      "evStation.connectorTypeIds[0]",
    ],
    [{ evStation: { supplierNames: ["a,b"] } }, "evStation.supplierNames[0]"],
    [
      { evStation: { paymentMethodIds: ["cash"] } },
      "evStation.paymentMethodIds[0]",
    ],
    [{ fuelStation: { fuelTypes: ["petrol"] } }, "fuelStation.fuelTypes[0]"],
    [
      { fuelStation: { minimumTruckClass: "light" } },
      "fuelStation.minimumTruckClass",
    ],
    [{ fuelStation: [] }, "fuelStation"],
    [{ chains: ["a b"] }, "chains[0]"],
  ];
  for (const [extra, parameter] of cases) {
    const params = { center: [52.5, 13.4], ...extra } as BrowseParams;
    await rejectsValueError(browse(client, params), parameter);
  }
  assert.equal(server.requests.length, 0);
});

Deno.test("evStation.minPower is sent as a plain decimal, as every number is, never with an exponent", () => {
  for (
    const [minPower, sent] of [[1e21, "1000000000000000000000"], [
      1e-7,
      "0.0000001",
    ]] as const
  ) {
    const spec = buildBrowseRequest({
      center: [52.5, 13.4],
      radius: 100,
      evStation: { minPower },
    });
    assert.equal(
      spec.query?.toString(),
      `at=52.5,13.4&in=circle:52.5,13.4;r=100&evStation%5BminPower%5D=${sent}`,
    );
  }
});
