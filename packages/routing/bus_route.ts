/**
 * {@linkcode busRoute} and {@linkcode privateBusRoute}: routes for a
 * public bus (`transportMode=bus`, which may use bus lanes and bus-only
 * roads) and a private bus such as a coach (`transportMode=privateBus`),
 * with their parameters ({@linkcode BusRoutingParams}: a car's, the bus's
 * dimensions and weights, and the driver's schedule), wire names and the
 * requests they send. HERE marks both modes beta.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { buildBusRouteRequest, buildPrivateBusRouteRequest } from "@ls/routing";
 * const ends = { origin: [52.5, 13.4] as [number, number], destination: [52.52, 13.41] as [number, number] };
 * assert.match(buildBusRouteRequest(ends).query!.toString(), /^transportMode=bus&/);
 * assert.match(buildPrivateBusRouteRequest(ends).query!.toString(), /^transportMode=privateBus&/);
 * ```
 *
 * @module
 */

import type { RouteBuilder, RouteFunction } from "./route_function.ts";
import type { Truck } from "@ls/core";
import { TRUCK_FIELDS } from "@ls/core/internal";
import * as op from "./_route_operation.ts";
import { CAR_ROUTE_WIRE_NAMES, type CarRoutingParams } from "./routes.ts";
import type { DriverOptions } from "./route_options.ts";

/**
 * A bus's dimensions, weights and loads, sent as `vehicle[…]` as a
 * truck's are: the fields of a `Truck` but `type`, which HERE takes for
 * trucks alone (weights in kg, dimensions in cm).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { BusVehicle } from "@ls/routing";
 * const bus: BusVehicle = { grossWeight: 18000, height: 320, length: 1200 };
 * assert.equal(bus.length, 1200);
 * ```
 */
export type BusVehicle = Omit<Truck, "type">;

/**
 * The parameters of `busRoute` and `privateBusRoute`: a car's
 * ({@linkcode CarRoutingParams}), the bus's restrictions (`bus`, sent as
 * `vehicle[…]`, only the fields given) and the driver's schedule
 * (`driver[schedule]`); `vehicle` may also give the weight per axle group,
 * which HERE takes for buses and trucks only.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { buildBusRouteRequest, type BusRoutingParams } from "@ls/routing";
 * const params: BusRoutingParams = {
 *   origin: [52.5, 13.4],
 *   destination: [52.6, 13.5],
 *   vehicle: { weightPerAxleGroup: { single: 11500 }, occupancy: 40 },
 * };
 * assert.match(buildBusRouteRequest(params).query!.toString(), /&vehicle%5BweightPerAxleGroup%5D=single:11500&/);
 * ```
 */
export interface BusRoutingParams extends CarRoutingParams {
  /** The bus's restrictions (weights in kg, dimensions in cm). */
  bus?: BusVehicle;
  /**
   * The driver's schedule of driving and rest (`driver[schedule]`), so the
   * route includes rest stops ({@linkcode DriverOptions}).
   */
  driver?: DriverOptions;
}

/**
 * The names HERE's Routing v8 gives parameters that {@linkcode busRoute}
 * and {@linkcode privateBusRoute} name otherwise, mapped to ours: those of
 * carRoute, each bus field under HERE's `vehicle[…]` prefix as an option
 * of `bus`, and `driver[schedule]`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { BUS_ROUTE_WIRE_NAMES } from "@ls/routing";
 * assert.equal(BUS_ROUTE_WIRE_NAMES["vehicle[height]"], "bus.height");
 * assert.equal(BUS_ROUTE_WIRE_NAMES["driver[schedule]"], "driver.schedule");
 * ```
 */
export const BUS_ROUTE_WIRE_NAMES: Readonly<Record<string, string>> =
  /* @__PURE__ */ Object.freeze({
    ...CAR_ROUTE_WIRE_NAMES,
    ...Object.fromEntries(
      TRUCK_FIELDS.filter((key) => key !== "type").map((key) => [
        `vehicle[${key}]`,
        `bus.${key}`,
      ]),
    ),
    "driver[schedule]": "driver.schedule",
  });

/** The keys buses take beyond the common ones: a car's, `bus` and `driver`. */
const BUS_EXTRAS = {
  bus: 0,
  ...op.MOTOR_EXTRAS,
  vehicle: 0,
  driver: 0,
} satisfies op.Extras<BusRoutingParams>;

/** busRoute: its mode, keys beyond the common ones, and wire names. */
const BUS: op.RouteMode = {
  transportMode: "bus",
  extras: BUS_EXTRAS,
  wireNames: BUS_ROUTE_WIRE_NAMES,
};

/** privateBusRoute: its mode, keys beyond the common ones, and wire names. */
const PRIVATE_BUS: op.RouteMode = {
  transportMode: "privateBus",
  extras: BUS_EXTRAS,
  wireNames: BUS_ROUTE_WIRE_NAMES,
};

/**
 * The request {@linkcode busRoute} sends (`transportMode=bus`): query and
 * validation as in `buildCarRouteRequest`, plus `bus`: the bus's
 * restrictions, sent as `vehicle[…]` keys as for trucks (only the fields
 * given; no `type`, which HERE takes for trucks alone), and `driver`, sent
 * as `driver[schedule]`. HERE supports only `routingMode: "fast"` for
 * buses, and `vehicle.speedCapPerFc` for cars and trucks only.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { buildBusRouteRequest } from "@ls/routing";
 * const ends = { origin: [52.5, 13.4] as [number, number], destination: [52.52, 13.41] as [number, number] };
 * assert.throws(
 *   () => buildBusRouteRequest({ ...ends, routingMode: "short" }),
 *   /routingMode: must be "fast" for transportMode "bus"/,
 * );
 * const spec = buildBusRouteRequest({
 *   ...ends,
 *   bus: { height: 320, grossWeight: 18000 },
 *   driver: { schedule: [[16200, 2700]] },
 * });
 * assert.match(
 *   spec.query!.toString(),
 *   /&vehicle%5BgrossWeight%5D=18000&vehicle%5Bheight%5D=320&driver%5Bschedule%5D=16200,2700$/,
 * );
 * assert.throws(
 *   () => buildBusRouteRequest({ ...ends, bus: { type: "Tractor" } as never }),
 *   { parameter: "bus.type" },
 * );
 * ```
 *
 * @throws {ValueError} for the reasons of `buildCarRouteRequest` and
 * `buildTruckRouteRequest` (naming `bus.…` for a bus field), and for
 * `bus.type`, `routingMode: "short"` or `vehicle.speedCapPerFc`
 */
export const buildBusRouteRequest: RouteBuilder<BusRoutingParams> =
  /* @__PURE__ */ op.routeBuilder(BUS);

/**
 * The request {@linkcode privateBusRoute} sends
 * (`transportMode=privateBus`): as {@linkcode buildBusRouteRequest}'s.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { buildPrivateBusRouteRequest } from "@ls/routing";
 * const spec = buildPrivateBusRouteRequest({ origin: [52.5, 13.4], destination: [52.52, 13.41] });
 * assert.match(spec.query!.toString(), /^transportMode=privateBus&/);
 * ```
 *
 * @throws {ValueError} for the reasons of {@linkcode buildBusRouteRequest}
 */
export const buildPrivateBusRouteRequest: RouteBuilder<BusRoutingParams> =
  /* @__PURE__ */ op.routeBuilder(PRIVATE_BUS);

/**
 * Calculates a bus route (`transportMode=bus`): sends
 * {@linkcode buildBusRouteRequest}'s request and wraps the answer in a
 * {@linkcode RoutingResponse}, as `carRoute` does.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Client } from "@ls/core";
 * import { SANDBOX_API_KEY, startSandbox } from "@ls/sandbox";
 * import { busRoute } from "@ls/routing";
 * await using sandbox = await startSandbox();
 * const client = new Client({ apiKey: SANDBOX_API_KEY, baseUrl: sandbox.url });
 * const res = await busRoute(client, { origin: [52.5, 13.4], destination: [52.52, 13.41] });
 * assert.equal(res.routes[0].sections[0].transport?.mode, "bus");
 * ```
 *
 * @throws {ValueError} before any request, for the reasons of
 * {@linkcode buildBusRouteRequest}
 * @throws {ApiError} for an error response (HERE's `E605…` codes)
 */
export const busRoute: RouteFunction<BusRoutingParams> = /* @__PURE__ */ op
  .routeFunction(buildBusRouteRequest);

/**
 * Calculates a route for a private bus such as a coach
 * (`transportMode=privateBus`), as {@linkcode busRoute} does for a public
 * one.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Client } from "@ls/core";
 * import { SANDBOX_API_KEY, startSandbox } from "@ls/sandbox";
 * import { privateBusRoute } from "@ls/routing";
 * await using sandbox = await startSandbox();
 * const client = new Client({ apiKey: SANDBOX_API_KEY, baseUrl: sandbox.url });
 * const res = await privateBusRoute(client, { origin: [52.5, 13.4], destination: [52.52, 13.41] });
 * assert.equal(res.routes[0].sections[0].transport?.mode, "privateBus");
 * ```
 *
 * @throws {ValueError} before any request, for the reasons of
 * {@linkcode buildPrivateBusRouteRequest}
 * @throws {ApiError} for an error response (HERE's `E605…` codes)
 */
export const privateBusRoute: RouteFunction<BusRoutingParams> =
  /* @__PURE__ */ op.routeFunction(buildPrivateBusRouteRequest);
