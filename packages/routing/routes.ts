/**
 * The five route functions: {@linkcode carRoute}, {@linkcode bicycleRoute},
 * {@linkcode truckRoute}, {@linkcode scooterRoute} and
 * {@linkcode pedestrianRoute}. Each builds its request with the matching
 * builder (a `ValueError` before any request for an invalid parameter),
 * sends it with the client, and wraps the body in a
 * {@linkcode RoutingResponse}.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Client } from "@ls/core";
 * import { carRoute } from "@ls/routing";
 * const client = new Client({ apiKey: "<API_KEY>" });
 * await assert.rejects(
 *   carRoute(client, { origin: [91, 13.4], destination: [52.503, 13.405] }),
 *   { name: "ValueError", parameter: "origin" },
 * );
 * ```
 *
 * @module
 */

import {
  ApiError,
  type Client,
  type JsonResponse,
  type RequestOptions,
  type RequestSpec,
} from "@ls/core";
import {
  buildBicycleRouteRequest,
  buildCarRouteRequest,
  buildPedestrianRouteRequest,
  buildScooterRouteRequest,
  buildTruckRouteRequest,
} from "./route_request.ts";
import type {
  CarRoutingParams,
  RoutingParams,
  ScooterRoutingParams,
  TruckRoutingParams,
} from "./params.ts";
import { scrubbing } from "@ls/core/internal";
import type { RoutingResponseBody } from "./routing_json.ts";
import { RoutingResponse } from "./routing_response.ts";

/**
 * The shared implementation of the five route functions. The request is
 * built inside, so an invalid parameter rejects the promise.
 */
async function route<P>(
  client: Client,
  build: (params: P, options?: Pick<RequestOptions, "query">) => RequestSpec,
  params: P,
  options: RequestOptions | undefined,
): Promise<RoutingResponse> {
  const spec = scrubbing(client, () => build(params, options));
  const res = await client.requestJson<RoutingResponseBody>(spec, options);
  const response = new RoutingResponse(res);
  if (response.routes.length === 0 && response.discardedRoutes.length > 0) {
    throw allDiscarded(res, response);
  }
  return response;
}

/** The error for a response whose every route must be discarded. */
function allDiscarded(
  res: JsonResponse<RoutingResponseBody>,
  response: RoutingResponse,
): ApiError {
  const discarded = response.discardedRoutes;
  const notices = discarded.flatMap((r) => r.blockingNotices);
  // Whole: ApiError.fromResponse scrubs, then cuts.
  const codes = [...new Set(notices.map((n) => String(n?.code)))];
  const which = discarded.length === 1
    ? "the only route"
    : `all ${discarded.length} routes`;
  return ApiError.fromResponse(res, {
    title: "Every route carries a critical notice and must be discarded",
    code: codes[0],
    detail: `HERE flagged ${which} with critical notice codes this client ` +
      `does not know (${codes.join(", ")}); HERE's rule is to discard such ` +
      "sections",
  });
}

/**
 * Calculates a car route: sends {@linkcode buildCarRouteRequest}'s
 * request (`GET /v8/routes`, `transportMode=car`) and wraps the answer in a
 * {@linkcode RoutingResponse}.
 *
 * If HERE returns routes but every one has a section with a critical
 * notice of an unknown code, the call fails with an `ApiError` (status
 * 200) whose `body` holds the response; see {@linkcode RoutingResponse}.
 * If HERE returns no route at all, that is the answer, not an error:
 * `res.notices` say why, and `res.evNotices` those with an EV code (such
 * as `noReachableChargingStationsFound`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Client } from "@ls/core";
 * import { SANDBOX_API_KEY, startSandbox } from "@ls/sandbox";
 * await using sandbox = await startSandbox();
 * const client = new Client({ apiKey: SANDBOX_API_KEY, baseUrl: sandbox.url });
 * import { carRoute } from "@ls/routing";
 *
 * const res = await carRoute(client, {
 *   origin: [52.5, 13.4],
 *   destination: [52.503, 13.405],
 *   via: [{ lat: 52.501, lng: 13.402, waypointOptions: { passThrough: true } }],
 *   departureTime: new Date(),
 *   returnResults: ["polyline", "summary", "actions", "instructions"],
 *   avoidFeatures: ["tollRoad"],
 * });
 * const [section] = res.routes[0].sections;
 * assert.ok(section.summary!.length > 0);
 * assert.equal(section.actions?.at(-1)?.action, "arrive");
 * assert.equal(res.toGeoJSON().features[0].geometry.type, "LineString");
 * ```
 *
 * @throws {ValueError} before any request, for the reasons of
 * {@linkcode buildCarRouteRequest}
 * @throws {ApiError} for an error response (HERE's `E605…` codes) or when
 * every route must be discarded
 */
export function carRoute(
  client: Client,
  params: CarRoutingParams,
  options?: RequestOptions,
): Promise<RoutingResponse> {
  return route(client, buildCarRouteRequest, params, options);
}

/**
 * Calculates a bicycle route (`transportMode=bicycle`): sends
 * {@linkcode buildBicycleRouteRequest}'s request and wraps the answer in a
 * {@linkcode RoutingResponse}, as {@linkcode carRoute} does. HERE supports
 * only `routingMode: "fast"` for bicycles.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Client } from "@ls/core";
 * import { SANDBOX_API_KEY, startSandbox } from "@ls/sandbox";
 * await using sandbox = await startSandbox();
 * const client = new Client({ apiKey: SANDBOX_API_KEY, baseUrl: sandbox.url });
 * import { bicycleRoute } from "@ls/routing";
 *
 * const res = await bicycleRoute(client, {
 *   origin: [52.5, 13.4],
 *   destination: [52.52, 13.41],
 *   returnResults: ["polyline", "summary"],
 *   spans: ["names"],
 * });
 * const [section] = res.routes[0].sections;
 * assert.equal(section.transport.mode, "bicycle");
 * assert.equal(section.spans?.[0].offset, 0);
 * ```
 *
 * @throws {ValueError} before any request, for the reasons of
 * {@linkcode buildBicycleRouteRequest}
 * @throws {ApiError} for an error response (HERE's `E605…` codes) or when
 * every route must be discarded
 */
export function bicycleRoute(
  client: Client,
  params: RoutingParams,
  options?: RequestOptions,
): Promise<RoutingResponse> {
  return route(client, buildBicycleRouteRequest, params, options);
}

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
export function truckRoute(
  client: Client,
  params: TruckRoutingParams,
  options?: RequestOptions,
): Promise<RoutingResponse> {
  return route(client, buildTruckRouteRequest, params, options);
}

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
export function scooterRoute(
  client: Client,
  params: ScooterRoutingParams,
  options?: RequestOptions,
): Promise<RoutingResponse> {
  return route(client, buildScooterRouteRequest, params, options);
}

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
export function pedestrianRoute(
  client: Client,
  params: RoutingParams,
  options?: RequestOptions,
): Promise<RoutingResponse> {
  return route(client, buildPedestrianRouteRequest, params, options);
}
