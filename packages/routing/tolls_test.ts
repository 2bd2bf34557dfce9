import assert from "node:assert/strict";
import {
  assertValueError,
  startJsonServer,
  TEST_KEY_QUERY,
  testClient,
} from "@ls/core/testing";
import {
  buildCarRouteRequest,
  buildTruckRouteRequest,
  carRoute,
  type RoutingParams,
  truckRoute,
} from "./mod.ts";

const ENDS: RoutingParams = {
  origin: [48.85, 2.35],
  destination: [45.76, 4.83],
};
const DEFAULTS = "routingMode=fast&alternatives=0&units=metric&lang=en-US";

const SECTION = {
  id: "s0",
  type: "vehicle",
  departure: { place: { type: "place", location: { lat: 48.85, lng: 2.35 } } },
  arrival: { place: { type: "place", location: { lat: 45.76, lng: 4.83 } } },
  transport: { mode: "car" },
  travelSummary: {
    duration: 16_000,
    length: 465_000,
    tolls: { total: { type: "value", currency: "CHF", value: 33.1 } },
  },
  tolls: [{
    countryCode: "FRA",
    tollSystemRef: 0,
    tollSystem: "APRR",
    fares: [{
      id: "f0",
      name: "A6",
      price: { type: "value", currency: "EUR", value: 35.6 },
      convertedPrice: { type: "value", currency: "CHF", value: 33.1 },
      reason: "toll",
      paymentMethods: ["cash", "transponder"],
    }],
  }],
  tollSystems: [{ name: "APRR" }],
};

Deno.test("tolls and currency: sent last as currency and tolls[…], lists comma-joined", async () => {
  await using server = await startJsonServer("GET /v8/routes", {
    routes: [{ id: "r0", sections: [SECTION] }],
  });
  const res = await carRoute(testClient(server), {
    ...ENDS,
    returnResults: ["travelSummary", "tolls"],
    currency: "CHF",
    tolls: {
      summaries: ["total", "tollSystem", "country"],
      vignettes: "all",
      transponders: "all",
      vehicleCategory: "minibus",
      emissionType: { type: "euro6", co2Class: 2 },
    },
  });
  assert.equal(
    server.requests[0].rawQuery,
    "transportMode=car&origin=48.85,2.35&destination=45.76,4.83&" + DEFAULTS +
      "&return=travelSummary,tolls&currency=CHF" +
      "&tolls%5Bsummaries%5D=total,tollSystem,country" +
      "&tolls%5Bvignettes%5D=all&tolls%5Btransponders%5D=all" +
      "&tolls%5BvehicleCategory%5D=minibus" +
      `&tolls%5BemissionType%5D=euro6;co2class=2&${TEST_KEY_QUERY}`,
  );
  const [section] = res.routes[0].sections;
  const [toll] = section.tolls!;
  assert.equal(toll.fares[0].price.value, 35.6);
  assert.equal(toll.fares[0].convertedPrice?.currency, "CHF");
  assert.equal(section.tollSystems?.[toll.tollSystemRef!].name, "APRR");
  assert.equal(section.travelSummary?.tolls?.total?.value, 33.1);
});

Deno.test("tolls: an emission class alone is sent bare; a truck takes tolls too", async () => {
  await using server = await startJsonServer("GET /v8/routes", { routes: [] });
  await truckRoute(testClient(server), {
    ...ENDS,
    returnResults: ["tolls"],
    tolls: { emissionType: "euro5" },
    truck: { axleCount: 5 },
  });
  assert.match(
    server.requests[0].rawQuery,
    /&vehicle%5BaxleCount%5D=5&tolls%5BemissionType%5D=euro5&apiKey=/,
  );
});

Deno.test("tolls: HERE's dependencies are ValueErrors before any request", () => {
  assertValueError(
    () => buildCarRouteRequest({ ...ENDS, tolls: { vignettes: "all" } }),
    "tolls.vignettes",
    'Invalid tolls.vignettes: requires "tolls" in returnResults, got "all"',
  );
  assertValueError(
    () =>
      buildCarRouteRequest({
        ...ENDS,
        returnResults: ["tolls"],
        tolls: { summaries: ["total"] },
      }),
    "tolls.summaries",
  );
  assertValueError(
    () =>
      buildTruckRouteRequest({
        ...ENDS,
        returnResults: ["tolls"],
        tolls: { vehicleCategory: "minibus" },
      }),
    "tolls.vehicleCategory",
  );
  assertValueError(
    () =>
      buildCarRouteRequest({
        ...ENDS,
        returnResults: ["tolls"],
        tolls: { emissionType: "euro6" },
        ev: { freeFlowSpeedTable: [[0, 0.2]] },
      }),
    "tolls.emissionType",
  );
});

Deno.test("tolls: values outside HERE's sets are ValueErrors, never TypeErrors", () => {
  const bad: [unknown, string][] = [
    [{ summaries: ["sum"] }, "tolls.summaries[0]"],
    [{ summaries: "total" }, "tolls.summaries"],
    [{ vignettes: "some" }, "tolls.vignettes"],
    [{ emissionType: "euro7" }, "tolls.emissionType"],
    [
      { emissionType: { type: "euro6", co2Class: 6 } },
      "tolls.emissionType.co2Class",
    ],
    [{ wheels: 4 }, "tolls.wheels"],
    [null, "tolls"],
    ["all", "tolls"],
  ];
  for (const [tolls, parameter] of bad) {
    assertValueError(
      () =>
        buildCarRouteRequest({
          ...ENDS,
          returnResults: ["tolls"],
          tolls: tolls as never,
        }),
      parameter,
    );
  }
  for (const currency of ["eur", "EURO", 978]) {
    assertValueError(
      () => buildCarRouteRequest({ ...ENDS, currency: currency as never }),
      "currency",
    );
  }
  assertValueError(
    () => buildCarRouteRequest({ ...ENDS, "tolls[vignettes]": "all" } as never),
    "tolls[vignettes]",
    'Invalid tolls[vignettes]: is not a parameter of carRoute; did you mean "tolls.vignettes"? (our name for tolls[vignettes])',
  );
});
