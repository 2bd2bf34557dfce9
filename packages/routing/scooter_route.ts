/**
 * {@linkcode scooterRoute}: a route for a scooter
 * (`transportMode=scooter`), with its parameters
 * ({@linkcode ScooterRoutingParams}: the common ones, `scooter` and `ev`),
 * its wire names and {@linkcode buildScooterRouteRequest}, the request it
 * sends.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { buildScooterRouteRequest } from "@ls/routing";
 * const spec = buildScooterRouteRequest({
 *   origin: [52.5, 13.4],
 *   destination: [52.52, 13.41],
 *   scooter: { allowHighway: false },
 * });
 * assert.match(spec.query!.toString(), /^transportMode=scooter&.*&scooter%5BallowHighway%5D=false$/);
 * ```
 *
 * @module
 */

import type { RouteBuilder, RouteFunction } from "./route_function.ts";
import type { Scooter } from "@ls/core";
import * as op from "./_route_operation.ts";
import { CAR_ROUTE_WIRE_NAMES, type CarRoutingParams } from "./routes.ts";

/**
 * The parameters of `scooterRoute`: {@linkcode RoutingParams} plus scooter
 * options (`scooter[allowHighway]`) and `ev` for an electric scooter.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { buildScooterRouteRequest, type ScooterRoutingParams } from "@ls/routing";
 * const params: ScooterRoutingParams = {
 *   origin: [52.5, 13.4],
 *   destination: [52.6, 13.5],
 *   scooter: { allowHighway: true },
 * };
 * assert.match(buildScooterRouteRequest(params).query!.toString(), /&scooter%5BallowHighway%5D=true$/);
 * ```
 */
export interface ScooterRoutingParams
  extends Omit<CarRoutingParams, "vehicle"> {
  /** Scooter options. */
  scooter?: Scooter;
}

/**
 * The names HERE's Routing v8 gives parameters that
 * {@linkcode scooterRoute} names otherwise, mapped to ours: those of
 * carRoute, and `scooter[allowHighway]` as `scooter.allowHighway`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { SCOOTER_ROUTE_WIRE_NAMES } from "@ls/routing";
 * assert.equal(SCOOTER_ROUTE_WIRE_NAMES["scooter[allowHighway]"], "scooter.allowHighway");
 * ```
 */
export const SCOOTER_ROUTE_WIRE_NAMES: Readonly<Record<string, string>> =
  /* @__PURE__ */ Object.freeze({
    ...CAR_ROUTE_WIRE_NAMES,
    "scooter[allowHighway]": "scooter.allowHighway",
  });

/** scooterRoute: its mode, keys beyond the common ones, and wire names. */
const SCOOTER: op.RouteMode = {
  transportMode: "scooter",
  extras: {
    scooter: 0,
    ...op.MOTOR_EXTRAS,
  } satisfies op.Extras<ScooterRoutingParams>,
  wireNames: SCOOTER_ROUTE_WIRE_NAMES,
};

/**
 * The request {@linkcode scooterRoute} sends (`transportMode=scooter`).
 * Query and validation as in {@linkcode buildCarRouteRequest}, plus
 * `scooter`: `{ allowHighway }`, sent last as
 * `scooter[allowHighway]=true|false`, and `ev` as for cars. HERE supports
 * only `routingMode: "fast"` for scooters, and no `"uTurns"` in
 * `avoidFeatures`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { buildScooterRouteRequest } from "@ls/routing";
 * const spec = buildScooterRouteRequest({
 *   origin: [52.5, 13.4],
 *   destination: [52.52, 13.41],
 *   scooter: { allowHighway: true },
 * });
 * assert.match(spec.query!.toString(), /&scooter%5BallowHighway%5D=true$/);
 * ```
 *
 * @throws {ValueError} for the reasons of {@linkcode buildCarRouteRequest},
 * for a non-boolean `scooter.allowHighway`, `routingMode: "short"` or
 * `"uTurns"` in `avoidFeatures`
 */
export const buildScooterRouteRequest: RouteBuilder<ScooterRoutingParams> =
  /* @__PURE__ */ op.routeBuilder(SCOOTER);

/**
 * Calculates a scooter route (`transportMode=scooter`): sends
 * {@linkcode buildScooterRouteRequest}'s request and wraps the answer in a
 * {@linkcode RoutingResponse}, as {@linkcode carRoute} does. An
 * `avoidFeatures: ["controlledAccessHighway"]` wins over
 * `scooter.allowHighway`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Client } from "@ls/core";
 * import { SANDBOX_API_KEY, startSandbox } from "@ls/sandbox";
 * await using sandbox = await startSandbox();
 * const client = new Client({ apiKey: SANDBOX_API_KEY, baseUrl: sandbox.url });
 * import { scooterRoute } from "@ls/routing";
 *
 * const res = await scooterRoute(client, {
 *   origin: [52.5, 13.4],
 *   destination: [52.52, 13.41],
 *   scooter: { allowHighway: true },
 * });
 * assert.equal(res.routes.length, 1);
 * assert.equal(res.routes[0].sections[0].polyline, undefined); // not requested
 * ```
 *
 * @throws {ValueError} before any request, for the reasons of
 * {@linkcode buildScooterRouteRequest}
 * @throws {ApiError} for an error response (HERE's `E605…` codes) or when
 * every route must be discarded
 */
export const scooterRoute: RouteFunction<ScooterRoutingParams> =
  /* @__PURE__ */ op.routeFunction(buildScooterRouteRequest);
