/**
 * {@linkcode busRoute} and {@linkcode privateBusRoute}: routes for a
 * public bus (`transportMode=bus`, which may use bus lanes and bus-only
 * roads) and a private bus such as a coach (`transportMode=privateBus`),
 * with their parameters ({@linkcode BusRoutingParams}: a car's), wire names
 * and the requests they send. HERE marks both modes beta.
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
import * as op from "./_route_operation.ts";
import { CAR_ROUTE_WIRE_NAMES, type CarRoutingParams } from "./routes.ts";

/**
 * The parameters of `busRoute` and `privateBusRoute`: a car's
 * ({@linkcode CarRoutingParams}); `vehicle` may also give the weight per
 * axle group, which HERE takes for buses and trucks only.
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
export type BusRoutingParams = CarRoutingParams;

/** The keys buses take beyond the common ones: a car's. */
const BUS_EXTRAS = {
  ...op.MOTOR_EXTRAS,
  vehicle: 0,
} satisfies op.Extras<BusRoutingParams>;

/** busRoute: its mode, keys beyond the common ones, and wire names. */
const BUS: op.RouteMode = {
  transportMode: "bus",
  extras: BUS_EXTRAS,
  wireNames: CAR_ROUTE_WIRE_NAMES,
};

/** privateBusRoute: its mode, keys beyond the common ones, and wire names. */
const PRIVATE_BUS: op.RouteMode = {
  transportMode: "privateBus",
  extras: BUS_EXTRAS,
  wireNames: CAR_ROUTE_WIRE_NAMES,
};

/**
 * The request {@linkcode busRoute} sends (`transportMode=bus`): query and
 * validation as in `buildCarRouteRequest`. HERE supports only
 * `routingMode: "fast"` for buses.
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
 * ```
 *
 * @throws {ValueError} for the reasons of `buildCarRouteRequest`, and for
 * `routingMode: "short"`
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
