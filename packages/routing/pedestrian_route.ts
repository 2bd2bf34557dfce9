/**
 * {@linkcode pedestrianRoute}: a route on foot (`transportMode=pedestrian`),
 * with its parameters ({@linkcode PedestrianRoutingParams}: the common ones
 * and the walking speed), its wire names and
 * {@linkcode buildPedestrianRouteRequest}, the request it sends.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { buildPedestrianRouteRequest } from "@ls/routing";
 * const spec = buildPedestrianRouteRequest({
 *   origin: [52.5, 13.4],
 *   destination: [52.51, 13.41],
 *   pedestrian: { speed: 1.4 },
 * });
 * assert.match(spec.query!.toString(), /^transportMode=pedestrian&.*&pedestrian%5Bspeed%5D=1.4$/);
 * ```
 *
 * @module
 */

import type { RouteBuilder, RouteFunction } from "./route_function.ts";
import * as op from "./_route_operation.ts";
import type { RoutingParams } from "./params.ts";
import type { PedestrianOptions } from "./route_options.ts";

/**
 * The parameters of `pedestrianRoute`: {@linkcode RoutingParams} plus the
 * walking speed (`pedestrian[speed]`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { buildPedestrianRouteRequest, type PedestrianRoutingParams } from "@ls/routing";
 * const params: PedestrianRoutingParams = { origin: [52.5, 13.4], destination: [52.51, 13.41], pedestrian: { speed: 0.8 } };
 * assert.match(buildPedestrianRouteRequest(params).query!.toString(), /&pedestrian%5Bspeed%5D=0.8$/);
 * ```
 */
export interface PedestrianRoutingParams extends RoutingParams {
  /** The walker: `{ speed }` in m/s, 0.5 to 2 (HERE's default 1). */
  pedestrian?: PedestrianOptions;
}

/**
 * The names HERE's Routing v8 gives parameters that
 * {@linkcode pedestrianRoute} names otherwise, mapped to ours (as for
 * {@linkcode bicycleRoute}).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { PEDESTRIAN_ROUTE_WIRE_NAMES } from "@ls/routing";
 * assert.equal(PEDESTRIAN_ROUTE_WIRE_NAMES["exclude[countries]"], "exclude");
 * ```
 */
export const PEDESTRIAN_ROUTE_WIRE_NAMES: Readonly<Record<string, string>> =
  /* @__PURE__ */ Object.freeze({
    ...op.COMMON_WIRE_NAMES,
    "pedestrian[speed]": "pedestrian.speed",
  });

/** pedestrianRoute: its mode, keys beyond the common ones, and wire names. */
const PEDESTRIAN: op.RouteMode = {
  transportMode: "pedestrian",
  extras: { pedestrian: 0 } satisfies op.Extras<PedestrianRoutingParams>,
  wireNames: PEDESTRIAN_ROUTE_WIRE_NAMES,
};

/**
 * The request {@linkcode pedestrianRoute} sends
 * (`transportMode=pedestrian`). Query and validation as in
 * {@linkcode buildCarRouteRequest}; HERE supports only `routingMode: "fast"`
 * for pedestrians, no `"uTurns"` in `avoidFeatures`, and no `ev` (E605027).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { buildPedestrianRouteRequest } from "@ls/routing";
 * const spec = buildPedestrianRouteRequest({
 *   origin: [52.5, 13.4],
 *   destination: [52.501, 13.402],
 *   lang: ["de-DE", "en-US"],
 * });
 * assert.equal(spec.query?.toString().split("&")[0], "transportMode=pedestrian");
 * assert.match(spec.query!.toString(), /&lang=de-DE,en-US$/);
 * ```
 *
 * @throws {ValueError} for the reasons of {@linkcode buildCarRouteRequest},
 * and for `routingMode: "short"` or `"uTurns"` in `avoidFeatures`
 */
export const buildPedestrianRouteRequest: RouteBuilder<
  PedestrianRoutingParams
> = /* @__PURE__ */ op.routeBuilder(PEDESTRIAN);

/**
 * Calculates a walking route (`transportMode=pedestrian`): sends
 * {@linkcode buildPedestrianRouteRequest}'s request and wraps the answer in
 * a {@linkcode RoutingResponse}, as {@linkcode carRoute} does.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Client } from "@ls/core";
 * import { SANDBOX_API_KEY, startSandbox } from "@ls/sandbox";
 * await using sandbox = await startSandbox();
 * const client = new Client({ apiKey: SANDBOX_API_KEY, baseUrl: sandbox.url });
 * import { pedestrianRoute } from "@ls/routing";
 *
 * const res = await pedestrianRoute(client, {
 *   origin: [52.5, 13.4],
 *   destination: [52.501, 13.402],
 *   returnResults: ["polyline", "actions", "instructions"],
 * });
 * const [first] = res.routes[0].sections[0].actions!;
 * assert.equal(first.action, "depart");
 * assert.equal(first.offset, 0);
 * assert.equal(typeof first.instruction, "string");
 * ```
 *
 * @throws {ValueError} before any request, for the reasons of
 * {@linkcode buildPedestrianRouteRequest}
 * @throws {ApiError} for an error response (HERE's `E605…` codes) or when
 * every route must be discarded
 */
export const pedestrianRoute: RouteFunction<PedestrianRoutingParams> =
  /* @__PURE__ */ op.routeFunction(buildPedestrianRouteRequest);
