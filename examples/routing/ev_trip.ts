/**
 * EV trip example: an electric car leaves Berlin for Frankfurt (Oder) with
 * too little charge to get there, so the router adds a charging stop; then
 * the consumption isoline shows how far 6 and 12 kWh of battery go from
 * Berlin. With `@ls/routing` and `@ls/isoline`.
 *
 * Run against HERE (needs a key):
 *
 *   HERE_API_KEY=... deno run --allow-env --allow-net examples/routing/ev_trip.ts
 *
 * or against any server that speaks the HERE wire protocol (a sandbox, a
 * proxy, a test server):
 *
 *   LS_BASE_URL=http://127.0.0.1:8080 deno run --allow-env --allow-net examples/routing/ev_trip.ts
 *
 * Give a file name to also write the route and the isolines as one GeoJSON
 * FeatureCollection (add `--allow-write`):
 *
 *   ... examples/routing/ev_trip.ts ev_trip.geojson
 *
 * `planEvTrip` is exported for `deno task demo`, which draws both on its
 * map.
 *
 * @module
 */

import {
  Client,
  ConnectorType,
  type EmpiricalEvOptions,
  type FeatureCollection,
  type LatLng,
} from "@ls/core";
import { carRoute, type RoutingResponse } from "@ls/routing";
import { calculateIsoline, type IsolineResponse } from "@ls/isoline";
import { exampleOptions, exitOnApiError } from "../_setup.ts";

/** Where the trip starts and ends. */
export const BERLIN: LatLng = [52.52, 13.405];
/** The destination, about 100 km east. */
export const FRANKFURT_ODER: LatLng = [52.3471, 14.5506];

/**
 * A mid-size electric car, with HERE's guide values for the empirical
 * model: kWh per km (Wh per metre) by speed, the cost of climbing and the
 * auxiliary systems, a 64 kWh battery and its charging curve (kW by kWh).
 */
export const CAR: EmpiricalEvOptions = {
  freeFlowSpeedTable: [
    [0, 0.239],
    [27, 0.239],
    [45, 0.259],
    [60, 0.196],
    [75, 0.207],
    [90, 0.238],
    [100, 0.26],
    [110, 0.296],
    [120, 0.337],
    [130, 0.351],
  ],
  ascent: 9,
  descent: 4.3,
  auxiliaryConsumption: 1.8,
};

/** The route and the isolines of the trip. */
export interface EvTrip {
  route: RoutingResponse;
  isolines: IsolineResponse;
  /** The route's sections and the isolines, ready to draw. */
  geojson: FeatureCollection;
}

/**
 * Plans the trip with `client`: a car route that may stop to charge, and
 * the consumption isolines of 6 and 12 kWh from the start.
 */
export async function planEvTrip(client: Client): Promise<EvTrip> {
  const route = await carRoute(client, {
    origin: BERLIN,
    destination: FRANKFURT_ODER,
    departureTime: new Date(),
    returnResults: ["polyline", "summary"],
    ev: {
      ...CAR,
      initialCharge: 14, // kWh: not enough for 100 km
      maxCharge: 64,
      maxChargeAfterChargingStation: 58,
      minChargeAtChargingStation: 5,
      minChargeAtDestination: 6,
      chargingCurve: [[0, 150], [32, 120], [48, 80], [58, 40], [64, 10]],
      chargingSetupDuration: 120,
      connectorTypes: [ConnectorType.iec62196Type2Combo],
      makeReachable: true,
    },
  });
  const isolines = await calculateIsoline(client, {
    origin: BERLIN,
    range: [6000, 12000], // Wh
    rangeType: "consumption",
    transportMode: "car",
    ev: CAR,
  });
  const geojson: FeatureCollection = {
    type: "FeatureCollection",
    features: [
      ...route.toGeoJSON().features,
      ...isolines.toGeoJSON().features,
    ],
  };
  return { route, isolines, geojson };
}

if (import.meta.main) {
  const client = new Client({ ...exampleOptions(), maxRetries: 2 });
  try {
    const { route, isolines, geojson } = await planEvTrip(client);
    const [best] = route.routes;
    if (!best) {
      console.log(
        `no route: ${route.notices.map((n) => n.code).join(", ") || "?"}`,
      );
      Deno.exit(1);
    }
    for (const section of best.sections) {
      const km = ((section.summary?.length ?? 0) / 1000).toFixed(1);
      console.log(
        `${km} km: ${section.departureCharge} → ${section.arrivalCharge} kWh` +
          ` (${section.energyUsed} kWh used driving)`,
      );
      const stop = section.chargingStop;
      if (stop) {
        const place = stop.place as { name?: string };
        console.log(
          `  charge at ${place.name ?? "a station"}: ${stop.arrivalCharge} → ` +
            `${stop.targetCharge} kWh in ${
              Math.round(stop.chargingTime / 60)
            } min at up to ${stop.consumablePower} kW`,
        );
      }
      for (const notice of section.evNotices) {
        console.log(`  notice ${notice.code} (${notice.severity})`);
      }
    }
    for (const isoline of isolines.isolines) {
      const points = isoline.polygons.reduce((n, p) => n + p.outer.length, 0);
      console.log(
        `${
          isoline.range.value / 1000
        } kWh from Berlin: ${isoline.polygons.length} polygon(s), ${points} points`,
      );
    }
    const out = Deno.args[0];
    if (out) {
      await Deno.writeTextFile(out, JSON.stringify(geojson));
      console.log(`wrote ${geojson.features.length} features to ${out}`);
    }
  } catch (error) {
    exitOnApiError(error);
  } finally {
    client.close();
  }
}
