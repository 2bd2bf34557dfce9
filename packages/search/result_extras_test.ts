import assert from "node:assert/strict";
import { startJsonServer, testClient } from "@ls/core/testing";
import {
  discover,
  type EvStation,
  type ExtendedAttributes,
  type FuelStation,
  lookup,
  type Media,
  type NavigationAttributes,
} from "./mod.ts";

/** A place as discover or lookup answers it, with `extra` and a field no type names. */
function place(extra: Record<string, unknown>) {
  return {
    title: "Demo Charging Park",
    id: "here:pds:place:276u33db-demo",
    resultType: "place",
    address: { label: "Demo Charging Park, Sampletown" },
    position: { lat: 52.5, lng: 13.4 },
    notYetModelled: { kept: true },
    ...extra,
  };
}

Deno.test("show=ev: the charging station and its live availability under extended", async () => {
  await using server = await startJsonServer("GET /v1/discover", {
    items: [place({
      extended: {
        evStation: {
          totalNumberOfConnectors: 4,
          access: "public",
          connectors: [{
            supplierName: "Demo Charge",
            connectorType: {
              id: "33",
              name: "IEC 62196-3 type 2 combo (Mennekes)",
            },
            fixedCable: true,
            maxPowerLevel: 150,
            chargingPoint: {
              numberOfConnectors: 4,
              numberOfAvailable: 1,
              numberOfInUse: 3,
              voltsRange: "400V DC",
              lastUpdateTimestamp: "2026-01-01T12:00:00Z",
            },
          }],
          eMobilityServiceProviders: [{
            name: "Demo eMSP",
            partnerId: "p-1",
          }],
          paymentMethods: [{ id: "creditCard", accepted: true }],
        },
        evAvailability: {
          stations: [{
            id: "s-1",
            evses: [{
              id: "e-1",
              state: "AVAILABLE",
              last_updated: "2026-01-01T12:00:00Z",
              connectors: [{ id: "c-1", typeId: "33", maxPowerLevel: 150 }],
            }, { id: "e-2", state: "CHARGING_SOON" }],
          }],
        },
      },
    })],
  });
  const res = await discover(testClient(server), {
    query: "charging station",
    center: [52.5, 13.4],
    radius: 5000,
    show: ["ev", "eMobilityServiceProviders"],
  });
  const extended: ExtendedAttributes | undefined = res.items[0].extended;
  const station: EvStation | undefined = extended?.evStation;
  const group = station?.connectors?.[0];
  assert.equal(group?.connectorType?.id, "33");
  assert.equal(group?.maxPowerLevel, 150);
  assert.equal(group?.chargingPoint?.numberOfAvailable, 1);
  assert.equal(station?.paymentMethods?.[0].accepted, true);
  assert.equal(station?.eMobilityServiceProviders?.[0].partnerId, "p-1");
  const evses = extended?.evAvailability?.stations?.[0].evses;
  assert.equal(evses?.[0].state, "AVAILABLE");
  assert.equal(evses?.[0].connectors?.[0].typeId, "33");
  // A state HERE adds later is still accepted as a string.
  assert.equal(evses?.[1].state, "CHARGING_SOON");
  const raw = res.raw as { items: { notYetModelled: unknown }[] };
  assert.deepEqual(raw.items[0].notYetModelled, { kept: true });
});

Deno.test("show=fuel and show=truck: fuel types with prices and truck amenities under extended", async () => {
  await using server = await startJsonServer("GET /v1/discover", {
    items: [place({
      title: "Demo Fuel",
      extended: {
        fuelStation: {
          fuelTypes: [
            {
              type: "diesel",
              available: true,
              price: { amount: 1.659, currency: "EUR", unit: "l" },
            },
            {
              type: "truck_diesel",
              available: true,
              maximumTruckClass: "heavy",
              largeNozzle: true,
            },
            { type: "hydrogen", available: false, pressures: [350, 700] },
          ],
          payAtThePump: true,
          highVolumePumps: false,
        },
        truckAmenities: [{ type: "showers", available: true }],
      },
    })],
  });
  const res = await discover(testClient(server), {
    query: "fuel",
    center: [52.5, 13.4],
    radius: 5000,
    show: ["fuel", "fuelPrices", "truck"],
  });
  const fuel: FuelStation | undefined = res.items[0].extended?.fuelStation;
  const diesel = fuel?.fuelTypes?.find((f) => f.type === "diesel");
  assert.equal(diesel?.price?.amount, 1.659);
  assert.equal(diesel?.price?.unit, "l");
  assert.equal(fuel?.fuelTypes?.[1].maximumTruckClass, "heavy");
  assert.deepEqual(fuel?.fuelTypes?.[2].pressures, [350, 700]);
  assert.equal(fuel?.payAtThePump, true);
  assert.deepEqual(res.items[0].extended?.truckAmenities, [
    { type: "showers", available: true },
  ]);
});

Deno.test("show=tripadvisor: images, editorials and ratings through lookup", async () => {
  await using server = await startJsonServer(
    "GET /v1/lookup",
    place({
      media: {
        images: {
          items: [{
            href: "https://media.example/1.jpg",
            supplier: { id: "tripadvisor" },
          }],
        },
        editorials: {
          items: [{
            description: "A quiet spot.",
            language: "en",
            supplier: { id: "tripadvisor" },
          }],
        },
        ratings: {
          items: [{
            count: 120,
            average: 4.5,
            supplier: { id: "tripadvisor" },
            href: "https://ratings.example/1",
          }],
        },
      },
    }),
  );
  const res = await lookup(testClient(server), {
    locationId: "here:pds:place:276u33db-demo",
    show: ["tripadvisor"],
  });
  const media: Media | undefined = res.item.media;
  assert.equal(media?.images?.items?.[0].href, "https://media.example/1.jpg");
  assert.equal(media?.editorials?.items?.[0].language, "en");
  assert.equal(media?.ratings?.items?.[0].average, 4.5);
  assert.equal(media?.ratings?.items?.[0].supplier?.id, "tripadvisor");
  assert.deepEqual(
    (res.raw as { notYetModelled: unknown }).notYetModelled,
    { kept: true },
  );
});

Deno.test("showNavAttributes through lookup: the typed block", async () => {
  await using server = await startJsonServer(
    "GET /v1/lookup",
    place({
      resultType: "street",
      navigationAttributes: {
        speedLimits: [{ maxSpeed: 999, speedUnit: "kph", source: "derived" }],
        functionalClass: [{ value: 1 }],
      },
    }),
  );
  const res = await lookup(testClient(server), {
    locationId: "here:af:streetsection:demo",
    showNavAttributes: ["speedLimits", "functionalClass"],
  });
  const nav: NavigationAttributes | undefined = res.item.navigationAttributes;
  assert.equal(nav?.speedLimits?.[0].maxSpeed, 999);
  assert.equal(nav?.speedLimits?.[0].source, "derived");
  assert.equal(nav?.functionalClass?.[0].value, 1);
});

Deno.test("ranking=excursionDistance along a route: each item's excursionDistance is typed", async () => {
  await using server = await startJsonServer("GET /v1/discover", {
    items: [
      place({ distance: 1200, excursionDistance: 240 }),
      place({ title: "Farther", distance: 900, excursionDistance: 1800 }),
    ],
  });
  const res = await discover(testClient(server), {
    query: "charging station",
    route: [[52.5, 13.4], [52.6, 13.5]],
    routeWidth: 1000,
    ranking: "excursionDistance",
  });
  const detours: (number | undefined)[] = res.items.map((item) =>
    item.excursionDistance
  );
  assert.deepEqual(detours, [240, 1800]);
  assert.equal(
    server.requests[0].url.searchParams.get("ranking"),
    "excursionDistance",
  );
});
