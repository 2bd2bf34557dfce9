/**
 * The two shapes every route function has, one per transport mode: a
 * builder that checks the parameters and returns the request
 * ({@linkcode RouteBuilder}, such as `buildCarRouteRequest`), and the
 * function that sends it and wraps the answer ({@linkcode RouteFunction},
 * such as `carRoute`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { buildTaxiRouteRequest, type RouteBuilder, type TaxiRoutingParams } from "@ls/routing";
 * const build: RouteBuilder<TaxiRoutingParams> = buildTaxiRouteRequest;
 * assert.equal(build({ origin: [52.5, 13.4], destination: [52.6, 13.5] }).path, "/v8/routes");
 * ```
 *
 * @module
 */

import type { Client, RequestOptions, RequestSpec } from "@ls/core";
import type { RoutingResponse } from "./routing_response.ts";

/**
 * A route request builder: checks `params` (a `ValueError` names what is
 * wrong) and returns the `GET /v8/routes` request, without sending it.
 * `options.query` may add or replace query keys, as at the call.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { buildCarRouteRequest, type CarRoutingParams, type RouteBuilder } from "@ls/routing";
 * const build: RouteBuilder<CarRoutingParams> = buildCarRouteRequest;
 * const spec = build({ origin: [52.5, 13.4], destination: [52.6, 13.5] }, { query: { routingMode: "eco" } });
 * assert.doesNotMatch(spec.query!.toString(), /routingMode=fast/);
 * ```
 */
export type RouteBuilder<P> = (
  params: P,
  options?: Pick<RequestOptions, "query">,
) => RequestSpec;

/**
 * A route function: checks `params` before any request, sends the
 * builder's request with `client` and `options`, and wraps the answer in a
 * {@linkcode RoutingResponse}.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Client } from "@ls/core";
 * import { SANDBOX_API_KEY, startSandbox } from "@ls/sandbox";
 * import { busRoute, type BusRoutingParams, type RouteFunction } from "@ls/routing";
 * await using sandbox = await startSandbox();
 * const client = new Client({ apiKey: SANDBOX_API_KEY, baseUrl: sandbox.url });
 * const route: RouteFunction<BusRoutingParams> = busRoute;
 * const res = await route(client, { origin: [52.5, 13.4], destination: [52.52, 13.41] });
 * assert.equal(res.routes.length, 1);
 * ```
 */
export type RouteFunction<P> = (
  client: Client,
  params: P,
  options?: RequestOptions,
) => Promise<RoutingResponse>;
