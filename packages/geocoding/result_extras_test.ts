import assert from "node:assert/strict";
import { startJsonServer, testClient } from "@ls/core/testing";
import {
  type AddressUsage,
  geocode,
  type MapReferences,
  type NavigationAttributes,
  type PostalCodeDetails,
  reverseGeocode,
  type Translations,
} from "./mod.ts";

/** A geocode answer whose item carries `extra`, plus a field no type names. */
function itemWith(extra: Record<string, unknown>) {
  return {
    items: [{
      title: "Demo Street 1, Sampletown",
      id: "here:af:streetsection:demo",
      resultType: "houseNumber",
      position: { lat: 52.5, lng: 13.4 },
      notYetModelled: { kept: true },
      ...extra,
    }],
  };
}

Deno.test("showNavAttributes: speed limits, functional class, access and physical traits are typed", async () => {
  await using server = await startJsonServer(
    "GET /v1/geocode",
    itemWith({
      navigationAttributes: {
        speedLimits: [
          {
            maxSpeed: 50,
            speedUnit: "kph",
            direction: "N",
            source: "posted",
          },
          { maxSpeed: 30, speedUnit: "kph", direction: "S" },
        ],
        functionalClass: [{ value: 5 }],
        access: [{ automobiles: true, trucks: false, pedestrians: true }],
        physical: [{ paved: true, bridge: false, tunnel: false }],
        laneCount: [{ value: 2 }],
      },
    }),
  );
  const res = await geocode(testClient(server), {
    query: "Demo Street 1",
    showNavAttributes: ["speedLimits", "functionalClass", "access", "physical"],
  });
  const nav: NavigationAttributes | undefined = res.items[0]
    .navigationAttributes;
  const limit: number | undefined = nav?.speedLimits?.[0].maxSpeed;
  assert.equal(limit, 50);
  assert.equal(nav?.speedLimits?.[1].source, undefined);
  assert.equal(nav?.functionalClass?.[0].value, 5);
  assert.equal(nav?.access?.[0].trucks, false);
  assert.equal(nav?.physical?.[0].paved, true);
  // Blocks not modelled are kept in raw.
  const raw = res.raw as {
    items: {
      navigationAttributes: { laneCount: unknown };
      notYetModelled: unknown;
    }[];
  };
  assert.deepEqual(raw.items[0].navigationAttributes.laneCount, [{ value: 2 }]);
  assert.deepEqual(raw.items[0].notYetModelled, { kept: true });
});

Deno.test("showTranslations: the names of each asked level, grouped by view", async () => {
  await using server = await startJsonServer(
    "GET /v1/geocode",
    itemWith({
      translations: {
        cityNames: [{
          preference: "primary",
          names: [
            {
              value: "München",
              type: "baseName",
              language: "de",
              primary: true,
            },
            { value: "Munich", type: "exonym", language: "en" },
          ],
        }],
        stateNames: [{
          names: [{ value: "Bayern", type: "baseName", language: "de" }],
        }],
      },
    }),
  );
  const res = await geocode(testClient(server), {
    query: "München",
    showTranslations: ["city", "state"],
  });
  const t: Translations | undefined = res.items[0].translations;
  const english = t?.cityNames?.[0].names?.find((n) => n.language === "en");
  assert.equal(english?.value, "Munich");
  assert.equal(english?.type, "exonym");
  assert.equal(t?.cityNames?.[0].preference, "primary");
  assert.equal(t?.stateNames?.[0].names?.[0].value, "Bayern");
  assert.equal(t?.districtNames, undefined);
});

Deno.test("show=postalCodeDetails and show=addressUsage are typed", async () => {
  await using server = await startJsonServer(
    "GET /v1/geocode",
    itemWith({
      resultType: "postalCodePoint",
      postalCodeDetails: [{
        postalCode: "10118",
        postalEntity: "USPS",
        postalCodeType: "ZIP",
        zipClassificationCode: "unique",
        primaryCity: "New York",
      }],
      addressUsage: { usageType: "residential" },
    }),
  );
  const res = await geocode(testClient(server), {
    query: "10118",
    show: ["postalCodeDetails", "addressUsage"],
  });
  const details: PostalCodeDetails[] | undefined = res.items[0]
    .postalCodeDetails;
  const usage: AddressUsage | undefined = res.items[0].addressUsage;
  assert.equal(details?.[0].postalCode, "10118");
  assert.equal(details?.[0].postalCodeType, "ZIP");
  assert.equal(usage?.usageType, "residential");
  const raw = res.raw as {
    items: { postalCodeDetails: { primaryCity: string }[] }[];
  };
  assert.equal(raw.items[0].postalCodeDetails[0].primaryCity, "New York");
});

Deno.test("showMapReferences: point address, map version and admin sections through reverse geocoding", async () => {
  await using server = await startJsonServer(
    "GET /v1/revgeocode",
    itemWith({
      mapReferences: {
        pointAddress: { hmcId: "pa-1", partitionId: "23614240" },
        segments: [{
          ref: "hrn:here:data::olp-here:rib-2:1:-2",
          side: "left",
        }],
        links: [{ cmId: "1234", side: "left" }],
        city: { hmcId: "admin-city" },
        cmVersion: { region: "EU", dvn: "23150" },
      },
    }),
  );
  const res = await reverseGeocode(testClient(server), {
    lat: 52.5,
    lng: 13.4,
    showMapReferences: [
      "pointAddress",
      "segments",
      "links",
      "adminIds",
      "cmVersion",
    ],
  });
  const refs: MapReferences | undefined = res.items[0].mapReferences;
  assert.equal(refs?.pointAddress?.hmcId, "pa-1");
  assert.equal(refs?.cmVersion?.dvn, "23150");
  assert.equal(refs?.links?.[0].cmId, "1234");
  assert.deepEqual(refs?.city, { hmcId: "admin-city" });
});
