/**
 * {@linkcode taxiRoute}: a route for a taxi (`transportMode=taxi`), with
 * its parameters ({@linkcode TaxiRoutingParams}: a car's, and `taxi`), its
 * wire names and {@linkcode buildTaxiRouteRequest}, the request it sends.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { buildTaxiRouteRequest } from "@ls/routing";
 * const spec = buildTaxiRouteRequest({
 *   origin: [52.5, 13.4],
 *   destination: [52.52, 13.41],
 *   taxi: { allowDriveThroughTaxiRoads: false },
 * });
 * assert.match(spec.query!.toString(), /^transportMode=taxi&.*&taxi%5BallowDriveThroughTaxiRoads%5D=false$/);
 * ```
 *
 * @module
 */

import type { RouteBuilder, RouteFunction } from "./route_function.ts";
import type { TaxiOptions } from "@ls/core";
import * as op from "./_route_operation.ts";
import { CAR_ROUTE_WIRE_NAMES, type CarRoutingParams } from "./routes.ts";

/**
 * The parameters of `taxiRoute`: a car's ({@linkcode CarRoutingParams})
 * plus `taxi` (`taxi[allowDriveThroughTaxiRoads]`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { buildTaxiRouteRequest, type TaxiRoutingParams } from "@ls/routing";
 * const params: TaxiRoutingParams = {
 *   origin: [52.5, 13.4],
 *   destination: [52.6, 13.5],
 *   taxi: { allowDriveThroughTaxiRoads: true },
 * };
 * assert.match(buildTaxiRouteRequest(params).query!.toString(), /&taxi%5BallowDriveThroughTaxiRoads%5D=true$/);
 * ```
 */
export interface TaxiRoutingParams extends CarRoutingParams {
  /** Taxi options: whether taxi-only roads may be driven through. */
  taxi?: TaxiOptions;
}

/**
 * The names HERE's Routing v8 gives parameters that {@linkcode taxiRoute}
 * names otherwise, mapped to ours: those of carRoute, and
 * `taxi[allowDriveThroughTaxiRoads]` as `taxi.allowDriveThroughTaxiRoads`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { TAXI_ROUTE_WIRE_NAMES } from "@ls/routing";
 * assert.equal(TAXI_ROUTE_WIRE_NAMES["taxi[allowDriveThroughTaxiRoads]"], "taxi.allowDriveThroughTaxiRoads");
 * ```
 */
export const TAXI_ROUTE_WIRE_NAMES: Readonly<Record<string, string>> =
  /* @__PURE__ */ Object.freeze({
    ...CAR_ROUTE_WIRE_NAMES,
    "taxi[allowDriveThroughTaxiRoads]": "taxi.allowDriveThroughTaxiRoads",
  });

/** taxiRoute: its mode, keys beyond the common ones, and wire names. */
const TAXI: op.RouteMode = {
  transportMode: "taxi",
  extras: {
    ...op.MOTOR_EXTRAS,
    vehicle: 0,
    taxi: 0,
  } satisfies op.Extras<TaxiRoutingParams>,
  wireNames: TAXI_ROUTE_WIRE_NAMES,
};

/**
 * The request {@linkcode taxiRoute} sends (`transportMode=taxi`): query and
 * validation as in `buildCarRouteRequest`, then `taxi[…]`. HERE supports
 * only `routingMode: "fast"` for taxis.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { buildTaxiRouteRequest } from "@ls/routing";
 * const ends = { origin: [52.5, 13.4] as [number, number], destination: [52.52, 13.41] as [number, number] };
 * assert.match(buildTaxiRouteRequest(ends).query!.toString(), /^transportMode=taxi&/);
 * assert.throws(
 *   () => buildTaxiRouteRequest({ ...ends, taxi: { allowDriveThroughTaxiRoads: "no" as never } }),
 *   { message: 'Invalid taxi.allowDriveThroughTaxiRoads: must be a boolean, got "no"' },
 * );
 * ```
 *
 * @throws {ValueError} for the reasons of `buildCarRouteRequest`, for
 * `routingMode: "short"`, and for a `taxi` key that is not
 * `allowDriveThroughTaxiRoads` or a value that is not a boolean
 */
export const buildTaxiRouteRequest: RouteBuilder<TaxiRoutingParams> =
  /* @__PURE__ */ op.routeBuilder(TAXI);

/**
 * Calculates a taxi route (`transportMode=taxi`): sends
 * {@linkcode buildTaxiRouteRequest}'s request and wraps the answer in a
 * {@linkcode RoutingResponse}, as `carRoute` does.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Client } from "@ls/core";
 * import { SANDBOX_API_KEY, startSandbox } from "@ls/sandbox";
 * import { taxiRoute } from "@ls/routing";
 * await using sandbox = await startSandbox();
 * const client = new Client({ apiKey: SANDBOX_API_KEY, baseUrl: sandbox.url });
 * const res = await taxiRoute(client, {
 *   origin: [52.5, 13.4],
 *   destination: [52.52, 13.41],
 *   taxi: { allowDriveThroughTaxiRoads: true },
 *   returnResults: ["summary"],
 * });
 * assert.equal(res.routes[0].sections[0].transport?.mode, "taxi");
 * ```
 *
 * @throws {ValueError} before any request, for the reasons of
 * {@linkcode buildTaxiRouteRequest}
 * @throws {ApiError} for an error response (HERE's `E605…` codes)
 */
export const taxiRoute: RouteFunction<TaxiRoutingParams> = /* @__PURE__ */ op
  .routeFunction(buildTaxiRouteRequest);
