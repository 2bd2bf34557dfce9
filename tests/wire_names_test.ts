// HERE's names lead to ours: every operation of LS has one table of the HERE
// wire names (and the seed's old names) that differ from ours, and each entry
// of each table, given as a parameter, is refused before any request with a
// ValueError that names our parameter.

import assert from "node:assert/strict";
import { ValueError } from "@ls/core";
import { startTestServer, TEST_API_KEY } from "@ls/core/testing";
import { LS } from "@ls/ls";
import {
  BICYCLE_ROUTE_WIRE_NAMES,
  BUS_ROUTE_WIRE_NAMES,
  CAR_ROUTE_WIRE_NAMES,
  PEDESTRIAN_ROUTE_WIRE_NAMES,
  SCOOTER_ROUTE_WIRE_NAMES,
  TAXI_ROUTE_WIRE_NAMES,
  TRUCK_ROUTE_WIRE_NAMES,
} from "@ls/routing";
import { CALCULATE_ISOLINE_WIRE_NAMES } from "@ls/isoline";
import { MATRIX_WIRE_NAMES } from "@ls/matrix";
import { SOLVE_TOUR_PLANNING_WIRE_NAMES } from "@ls/tour";
import { GEOCODE_WIRE_NAMES, REVERSE_GEOCODE_WIRE_NAMES } from "@ls/geocoding";
import {
  AUTOCOMPLETE_WIRE_NAMES,
  AUTOSUGGEST_WIRE_NAMES,
  BROWSE_WIRE_NAMES,
  DISCOVER_WIRE_NAMES,
  LOOKUP_WIRE_NAMES,
} from "@ls/search";
import {
  DEST_WEATHER_WIRE_NAMES,
  WEATHER_ALERTS_WIRE_NAMES,
} from "@ls/weather";

type Table = Readonly<Record<string, string>>;

const A: [number, number] = [52.5, 13.4];
const B: [number, number] = [52.52, 13.38];
const ROUTE = { origin: A, destination: B };

/** Every operation of LS: its table and parameters it accepts. */
const OPERATIONS: Record<string, { table: Table; params: object }> = {
  geocode: { table: GEOCODE_WIRE_NAMES, params: { query: "Berlin" } },
  reverseGeocode: { table: REVERSE_GEOCODE_WIRE_NAMES, params: { at: A } },
  discover: {
    table: DISCOVER_WIRE_NAMES,
    params: { query: "coffee", center: A, radius: 100 },
  },
  browse: { table: BROWSE_WIRE_NAMES, params: { center: A } },
  lookup: { table: LOOKUP_WIRE_NAMES, params: { locationId: "here:pds:x" } },
  autosuggest: {
    table: AUTOSUGGEST_WIRE_NAMES,
    params: { query: "res", at: A },
  },
  autocomplete: {
    table: AUTOCOMPLETE_WIRE_NAMES,
    params: { query: "Pari" },
  },
  carRoute: { table: CAR_ROUTE_WIRE_NAMES, params: ROUTE },
  bicycleRoute: { table: BICYCLE_ROUTE_WIRE_NAMES, params: ROUTE },
  truckRoute: { table: TRUCK_ROUTE_WIRE_NAMES, params: ROUTE },
  scooterRoute: { table: SCOOTER_ROUTE_WIRE_NAMES, params: ROUTE },
  pedestrianRoute: { table: PEDESTRIAN_ROUTE_WIRE_NAMES, params: ROUTE },
  taxiRoute: { table: TAXI_ROUTE_WIRE_NAMES, params: ROUTE },
  busRoute: { table: BUS_ROUTE_WIRE_NAMES, params: ROUTE },
  privateBusRoute: { table: BUS_ROUTE_WIRE_NAMES, params: ROUTE },
  calculateIsoline: {
    table: CALCULATE_ISOLINE_WIRE_NAMES,
    params: {
      origin: A,
      range: [300],
      rangeType: "time",
      transportMode: "car",
    },
  },
  matrix: {
    table: MATRIX_WIRE_NAMES,
    params: { origins: [A, B], regionDefinition: { type: "world" } },
  },
  getDestWeather: {
    table: DEST_WEATHER_WIRE_NAMES,
    params: { products: ["observation"], at: A },
  },
  getWeatherAlerts: {
    table: WEATHER_ALERTS_WIRE_NAMES,
    params: { geometry: A, startTime: "2026-12-01T00:00:00Z" },
  },
  solveTourPlanning: {
    table: SOLVE_TOUR_PLANNING_WIRE_NAMES,
    params: {
      fleet: {
        types: [{
          id: "v",
          profile: "car",
          costs: { fixed: 1, distance: 0.001, time: 0.001 },
          shifts: [{ start: { time: "2026-12-01T08:00:00Z", location: A } }],
          capacity: [1],
          amount: 1,
        }],
        profiles: [{ name: "car", type: "car" }],
      },
      plan: {
        jobs: [{
          id: "j",
          tasks: {
            deliveries: [{
              places: [{ location: B, duration: 60 }],
              demand: [1],
            }],
          },
        }],
      },
    },
  },
};

Deno.test("every wire-name table entry is answered with our name, before any request", async () => {
  await using server = await startTestServer();
  using ls = new LS({
    apiKey: TEST_API_KEY,
    baseUrl: server.url,
    maxRetries: 0,
  });
  let entries = 0;
  for (const [operation, { table, params }] of Object.entries(OPERATIONS)) {
    // Reverse geocoding takes HERE's own names: its table is empty.
    if (operation !== "reverseGeocode") {
      assert.ok(
        Object.keys(table).length > 0,
        `${operation} has an empty table`,
      );
    }
    for (const [wire, ours] of Object.entries(table)) {
      entries++;
      const call = Reflect.get(ls, operation) as (
        p: object,
      ) => Promise<unknown>;
      await assert.rejects(
        () => call.call(ls, { ...params, [wire]: "x" }),
        (e: unknown) => {
          assert.ok(e instanceof ValueError, `${operation} ${wire}: ${e}`);
          assert.equal(e.parameter, wire);
          assert.ok(
            e.message.includes(`did you mean ${JSON.stringify(ours)}?`),
            `${operation} ${wire}: ${e.message}`,
          );
          return true;
        },
      );
    }
  }
  assert.ok(entries > 20, `only ${entries} entries`);
  assert.equal(server.requests.length, 0, "no request is sent");
});

Deno.test("every table maps to a parameter the operation takes", () => {
  // Our side of each entry is a name, never a wire name of the same table.
  for (const [operation, { table }] of Object.entries(OPERATIONS)) {
    for (const [wire, ours] of Object.entries(table)) {
      assert.notEqual(wire, ours, operation);
      assert.ok(
        !Object.hasOwn(table, ours.split(".")[0]),
        `${operation}: ${ours}`,
      );
    }
  }
});

Deno.test("every operation of LS has a table", () => {
  const methods = Object.getOwnPropertyNames(LS.prototype).filter((name) =>
    name !== "constructor" && !name.startsWith("_") &&
    ![
      "bulk",
      "close",
      "matrixRows",
      "discoverAll",
      "browseAll",
      "geocodingSearchApi",
    ].includes(name) &&
    typeof Reflect.get(LS.prototype, name) === "function" &&
    !name.startsWith("Symbol")
  );
  const missing = methods.filter((m) => !Object.hasOwn(OPERATIONS, m));
  assert.deepEqual(missing, [], `operations without a table: ${missing}`);
});
