/**
 * The five route functions: {@linkcode carRoute}, {@linkcode bicycleRoute},
 * {@linkcode truckRoute}, {@linkcode scooterRoute} and
 * {@linkcode pedestrianRoute}. Each is a thin wrapper around one shared
 * implementation: validate every parameter (a `ValueError` before any
 * request), build `GET /v8/routes`, send it with the client, and wrap the
 * body in a {@linkcode RoutingResponse}.
 *
 * @example
 * ```ts ignore
 * import { Client } from "@ls/core";
 * import { carRoute } from "@ls/routing";
 *
 * const client = new Client({ apiKey: "<API_KEY>" });
 * const res = await carRoute(client, {
 *   origin: [52.5, 13.4],
 *   destination: [52.503, 13.405],
 *   returnResults: ["polyline", "summary"],
 * });
 * console.log(res.routes[0].sections[0].summary?.duration);
 * ```
 *
 * @module
 */

import { ApiError, type Client, type RequestOptions } from "@ls/core";
import {
  type AnyRoutingParams,
  buildRoutingQuery,
  type RouteMode,
} from "./_query.ts";
import type {
  RoutingParams,
  ScooterRoutingParams,
  TruckRoutingParams,
} from "./params.ts";
import {
  RoutingResponse,
  type RoutingResponseBody,
} from "./routing_response.ts";

const PATH = "/v8/routes";

/** The shared implementation of the five route functions. */
async function route(
  client: Client,
  mode: RouteMode,
  functionName: string,
  params: AnyRoutingParams,
  options: RequestOptions | undefined,
): Promise<RoutingResponse> {
  const query = buildRoutingQuery(mode, params, functionName);
  const res = await client.requestJson<RoutingResponseBody>(
    { service: "router", path: PATH, query },
    options,
  );
  const response = new RoutingResponse(res);
  if (response.routes.length === 0 && response.discardedRoutes.length > 0) {
    const notices = response.discardedRoutes.flatMap((r) => r.blockingNotices);
    // The codes are the server's text: scrubbed like any error body.
    const codes = [
      ...new Set(
        notices.map((n) => client.redact(String(n?.code).slice(0, 100))),
      ),
    ];
    throw new ApiError({
      status: res.status,
      method: "GET",
      url: client.redact(`${client.originFor("router")}${PATH}?${query}`),
      code: codes[0],
      title: "Every route carries a critical notice and must be discarded",
      detail: `HERE flagged ${
        response.discardedRoutes.length === 1
          ? "the only route"
          : `all ${response.discardedRoutes.length} routes`
      } with critical notice codes this client does not know (${
        codes.join(", ")
      }); HERE's rule is to discard such sections`,
      correlationId: res.correlationId,
      requestId: res.requestId,
      body: client.redactValue(res.body),
    });
  }
  return response;
}

/**
 * Calculates a car route (`transportMode=car`).
 *
 * The query carries, in this order: `transportMode`, `origin`,
 * `destination`, each `via`, `departureTime`, `routingMode`, `alternatives`,
 * `units`, `lang` (the last four always, with their defaults `fast`, `0`,
 * `metric`, `en-US`), then `return`, `spans`, `avoid[features]`,
 * `avoid[areas]`, `exclude[countries]` when given.
 *
 * Rejected with a `ValueError` before sending: invalid coordinates;
 * `alternatives` that is not an integer from 0 to 6; `actions` without
 * `polyline`, `instructions` without `actions`, `turnByTurnActions` without
 * `polyline`, `spans` without `polyline`; `stopDuration` on the origin;
 * `passThrough` anywhere but a via, or with a `stopDuration` above 0;
 * country codes that are not upper-case alpha-3; `routingMode: "short"`
 * for bicycle, scooter and pedestrian routes, and `"uTurns"` in
 * `avoidFeatures` for those modes (HERE's `E605012`, `E605011`); unknown
 * parameter names.
 * Unknown values of open sets (`returnResults`, `spans`, `avoidFeatures`,
 * `routingMode`, `units`) are sent unchanged.
 *
 * If HERE returns routes but every one has a section with a critical
 * notice of an unknown code, the call fails with an `ApiError` (status
 * 200) whose `body` holds the response; see {@linkcode RoutingResponse}.
 *
 * @example
 * ```ts ignore
 * import { Client } from "@ls/core";
 * import { carRoute } from "@ls/routing";
 *
 * const client = new Client({ apiKey: "<API_KEY>" });
 * const res = await carRoute(client, {
 *   origin: [52.5, 13.4],
 *   destination: [52.503, 13.405],
 *   via: [{ lat: 52.501, lng: 13.402, waypointOptions: { passThrough: true } }],
 *   departureTime: new Date(),
 *   returnResults: ["polyline", "summary", "actions", "instructions"],
 *   avoidFeatures: ["tollRoad"],
 * });
 * for (const action of res.routes[0].sections[0].actions ?? []) {
 *   console.log(action.instruction);
 * }
 * ```
 *
 * @throws {ValueError} for invalid parameters, before any request
 * @throws {ApiError} for an error response (HERE's `E605…` codes) or when
 * every route must be discarded
 */
export function carRoute(
  client: Client,
  params: RoutingParams,
  options?: RequestOptions,
): Promise<RoutingResponse> {
  return route(client, "car", "carRoute", params, options);
}

/**
 * Calculates a bicycle route (`transportMode=bicycle`). Parameters, query
 * and validation as in {@linkcode carRoute}; HERE supports only
 * `routingMode: "fast"` for bicycles.
 *
 * @example
 * ```ts ignore
 * import { Client } from "@ls/core";
 * import { bicycleRoute } from "@ls/routing";
 *
 * const client = new Client({ apiKey: "<API_KEY>" });
 * const res = await bicycleRoute(client, {
 *   origin: [52.5, 13.4],
 *   destination: [52.52, 13.41],
 *   returnResults: ["polyline", "summary"],
 *   spans: ["names"],
 * });
 * console.log(res.toGeoJSON().features.length);
 * ```
 *
 * @throws {ValueError} for invalid parameters, before any request
 * @throws {ApiError} for an error response or when every route must be discarded
 */
export function bicycleRoute(
  client: Client,
  params: RoutingParams,
  options?: RequestOptions,
): Promise<RoutingResponse> {
  return route(client, "bicycle", "bicycleRoute", params, options);
}

/**
 * Calculates a truck route (`transportMode=truck`). Parameters, query and
 * validation as in {@linkcode carRoute}, plus `truck`: the vehicle's
 * restrictions, sent last as `vehicle[...]` keys (HERE's recommended prefix;
 * `truck[...]` takes the same fields). Only the fields given are sent —
 * no defaults for `type` or `trailerCount`. Weights (kg), dimensions (cm),
 * `axleCount` and `trailerCount` must be integers ≥ 0.
 *
 * @example
 * ```ts ignore
 * import { Client } from "@ls/core";
 * import { truckRoute } from "@ls/routing";
 *
 * const client = new Client({ apiKey: "<API_KEY>" });
 * const res = await truckRoute(client, {
 *   origin: [52.5, 13.4],
 *   destination: [52.6, 13.5],
 *   truck: { grossWeight: 12000, height: 380, axleCount: 4, shippedHazardousGoods: ["explosive", "gas"] },
 *   returnResults: ["polyline", "summary"],
 * });
 * console.log(res.routes[0].hasViolations);
 * ```
 *
 * @throws {ValueError} for invalid parameters, before any request
 * @throws {ApiError} for an error response or when every route must be discarded
 */
export function truckRoute(
  client: Client,
  params: TruckRoutingParams,
  options?: RequestOptions,
): Promise<RoutingResponse> {
  return route(client, "truck", "truckRoute", params, options);
}

/**
 * Calculates a scooter route (`transportMode=scooter`). Parameters, query
 * and validation as in {@linkcode carRoute}, plus `scooter`:
 * `{ allowHighway }`, sent last as `scooter[allowHighway]=true|false`.
 * An `avoidFeatures: ["controlledAccessHighway"]` wins over it.
 *
 * @example
 * ```ts ignore
 * import { Client } from "@ls/core";
 * import { scooterRoute } from "@ls/routing";
 *
 * const client = new Client({ apiKey: "<API_KEY>" });
 * const res = await scooterRoute(client, {
 *   origin: [52.5, 13.4],
 *   destination: [52.52, 13.41],
 *   scooter: { allowHighway: true },
 * });
 * console.log(res.routes.length);
 * ```
 *
 * @throws {ValueError} for invalid parameters, before any request
 * @throws {ApiError} for an error response or when every route must be discarded
 */
export function scooterRoute(
  client: Client,
  params: ScooterRoutingParams,
  options?: RequestOptions,
): Promise<RoutingResponse> {
  return route(client, "scooter", "scooterRoute", params, options);
}

/**
 * Calculates a walking route (`transportMode=pedestrian`). Parameters,
 * query and validation as in {@linkcode carRoute}.
 *
 * @example
 * ```ts ignore
 * import { Client } from "@ls/core";
 * import { pedestrianRoute } from "@ls/routing";
 *
 * const client = new Client({ apiKey: "<API_KEY>" });
 * const res = await pedestrianRoute(client, {
 *   origin: [52.5, 13.4],
 *   destination: [52.501, 13.402],
 *   returnResults: ["polyline", "actions", "instructions"],
 *   lang: ["de-DE", "en-US"],
 * });
 * console.log(res.routes[0].sections[0].actions?.[0].instruction);
 * ```
 *
 * @throws {ValueError} for invalid parameters, before any request
 * @throws {ApiError} for an error response or when every route must be discarded
 */
export function pedestrianRoute(
  client: Client,
  params: RoutingParams,
  options?: RequestOptions,
): Promise<RoutingResponse> {
  return route(client, "pedestrian", "pedestrianRoute", params, options);
}
