/**
 * {@linkcode truckRoute}: a route for a truck (`transportMode=truck`), with
 * its parameters ({@linkcode TruckRoutingParams}: the common ones, the
 * truck's restrictions and `ev`), its wire names and
 * {@linkcode buildTruckRouteRequest}, the request it sends.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { buildTruckRouteRequest } from "@ls/routing";
 * const spec = buildTruckRouteRequest({
 *   origin: [52.5, 13.4],
 *   destination: [52.6, 13.5],
 *   truck: { axleCount: 4 },
 * });
 * assert.match(spec.query!.toString(), /^transportMode=truck&.*&vehicle%5BaxleCount%5D=4$/);
 * ```
 *
 * @module
 */

import type { RouteBuilder, RouteFunction } from "./route_function.ts";
import type { Truck } from "@ls/core";
import { truckWireNames } from "@ls/core/internal";
import * as op from "./_route_operation.ts";
import { CAR_ROUTE_WIRE_NAMES, type CarRoutingParams } from "./routes.ts";
import type { DriverOptions, PermittedNetwork } from "./route_options.ts";

/**
 * The parameters of `truckRoute`: {@linkcode RoutingParams} plus the truck's
 * restrictions, sent as `vehicle[...]` (only the fields given), and `ev`
 * for an electric truck.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { buildTruckRouteRequest, type TruckRoutingParams } from "@ls/routing";
 * const params: TruckRoutingParams = {
 *   origin: [52.5, 13.4],
 *   destination: [52.6, 13.5],
 *   truck: { grossWeight: 12000, height: 380, shippedHazardousGoods: ["explosive"] },
 * };
 * const query = buildTruckRouteRequest(params).query!.toString();
 * assert.match(query, /&vehicle%5BshippedHazardousGoods%5D=explosive&vehicle%5BgrossWeight%5D=12000&/);
 * ```
 */
export interface TruckRoutingParams extends CarRoutingParams {
  /** Vehicle restrictions (weights in kg, dimensions in cm). */
  truck?: Truck;
  /**
   * The driver's schedule of driving and rest (`driver[schedule]`), so the
   * route includes rest stops ({@linkcode DriverOptions}).
   */
  driver?: DriverOptions;
  /**
   * The road networks a network-restricted truck may use, per country
   * ({@linkcode PermittedNetwork}). Given, the request goes out as HERE's
   * `transportMode=networkRestrictedTruck` (Beta: `routingMode: "fast"`
   * only, no `ev`) with `networkRestrictedTruck[permittedNetworks]`.
   */
  permittedNetworks?: readonly PermittedNetwork[];
}

/**
 * The names HERE's Routing v8 gives parameters that {@linkcode truckRoute}
 * names otherwise, mapped to ours: those of carRoute, each truck field
 * under HERE's `vehicle[…]` or `truck[…]` prefix as an option of `truck`,
 * `driver[schedule]` and `networkRestrictedTruck[permittedNetworks]`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { TRUCK_ROUTE_WIRE_NAMES } from "@ls/routing";
 * assert.equal(TRUCK_ROUTE_WIRE_NAMES["vehicle[grossWeight]"], "truck.grossWeight");
 * assert.equal(TRUCK_ROUTE_WIRE_NAMES["truck[height]"], "truck.height");
 * assert.equal(TRUCK_ROUTE_WIRE_NAMES["vehicle[currentWeight]"], "ev.currentWeight");
 * ```
 */
export const TRUCK_ROUTE_WIRE_NAMES: Readonly<Record<string, string>> =
  /* @__PURE__ */ Object.freeze({
    ...CAR_ROUTE_WIRE_NAMES,
    ...truckWireNames(),
    "driver[schedule]": "driver.schedule",
    "networkRestrictedTruck[permittedNetworks]": "permittedNetworks",
  });

/** truckRoute: its mode, keys beyond the common ones, and wire names. */
const TRUCK: op.RouteMode = {
  transportMode: "truck",
  extras: {
    truck: 0,
    ...op.MOTOR_EXTRAS,
    vehicle: 0,
    driver: 0,
    permittedNetworks: 0,
  } satisfies op.Extras<TruckRoutingParams>,
  wireNames: TRUCK_ROUTE_WIRE_NAMES,
};

/**
 * The request {@linkcode truckRoute} sends (`transportMode=truck`). Query
 * and validation as in {@linkcode buildCarRouteRequest}, plus `truck`: the
 * vehicle's restrictions, sent last as `vehicle[...]` keys (HERE's
 * recommended prefix; `truck[...]` takes the same fields). Only the fields
 * given are sent — no defaults for `type` or `trailerCount`. `ev` as for
 * cars; the physical model may take `width` and `height` from `truck`.
 * With `permittedNetworks`, `transportMode=networkRestrictedTruck` and
 * `networkRestrictedTruck[permittedNetworks]` after the truck's fields.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { buildTruckRouteRequest } from "@ls/routing";
 * const spec = buildTruckRouteRequest({
 *   origin: [52.5, 13.4],
 *   destination: [52.6, 13.5],
 *   truck: { grossWeight: 12000, height: 380 },
 * });
 * assert.match(
 *   spec.query!.toString(),
 *   /&lang=en-US&vehicle%5BgrossWeight%5D=12000&vehicle%5Bheight%5D=380$/,
 * );
 *
 * // A truck kept to the networks it is permitted on (HERE's Beta).
 * const nz = buildTruckRouteRequest({
 *   origin: [-36.85, 174.76],
 *   destination: [-37.79, 175.28],
 *   truck: { grossWeight: 50000 },
 *   permittedNetworks: [{ country: "NZL", networks: ["HPMV"] }],
 * });
 * assert.match(
 *   nz.query!.toString(),
 *   /^transportMode=networkRestrictedTruck&.*&vehicle%5BgrossWeight%5D=50000&networkRestrictedTruck%5BpermittedNetworks%5D=NZL::HPMV$/,
 * );
 * ```
 *
 * @throws {ValueError} for the reasons of {@linkcode buildCarRouteRequest},
 * and for truck weights (kg), dimensions (cm), `axleCount` or
 * `trailerCount` that are not integers ≥ 0, an unknown truck field, or
 * `permittedNetworks` that is empty, names a country that is not
 * upper-case alpha-3, or comes with `routingMode: "short"` or `ev`
 */
export const buildTruckRouteRequest: RouteBuilder<TruckRoutingParams> =
  /* @__PURE__ */ op.routeBuilder(TRUCK);

/**
 * Calculates a truck route (`transportMode=truck`): sends
 * {@linkcode buildTruckRouteRequest}'s request, with the truck's
 * restrictions as `vehicle[...]` keys, and wraps the answer in a
 * {@linkcode RoutingResponse}, as {@linkcode carRoute} does. Routes that
 * break a restriction come back flagged (`route.hasViolations`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Client } from "@ls/core";
 * import { SANDBOX_API_KEY, startSandbox } from "@ls/sandbox";
 * await using sandbox = await startSandbox();
 * const client = new Client({ apiKey: SANDBOX_API_KEY, baseUrl: sandbox.url });
 * import { truckRoute } from "@ls/routing";
 *
 * const res = await truckRoute(client, {
 *   origin: [52.5, 13.4],
 *   destination: [52.6, 13.5],
 *   truck: { grossWeight: 12000, height: 380, axleCount: 4, shippedHazardousGoods: ["explosive", "gas"] },
 *   returnResults: ["polyline", "summary"],
 * });
 * assert.equal(res.routes[0].hasViolations, false);
 * assert.equal(res.routes[0].sections[0].transport.mode, "truck");
 * ```
 *
 * @throws {ValueError} before any request, for the reasons of
 * {@linkcode buildTruckRouteRequest}
 * @throws {ApiError} for an error response (HERE's `E605…` codes) or when
 * every route must be discarded
 */
export const truckRoute: RouteFunction<TruckRoutingParams> = /* @__PURE__ */ op
  .routeFunction(buildTruckRouteRequest);
