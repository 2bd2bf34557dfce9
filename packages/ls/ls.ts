/**
 * The {@linkcode LS} class: every HERE Location Services operation on one
 * object, sharing one {@linkcode Client} (credentials, token cache, retries,
 * limits).
 *
 * @module
 */

import { Client, type ClientOptions, type RequestOptions } from "@ls/core";
import { geocode, reverseGeocode } from "@ls/geocoding";
import type {
  GeocodeParams,
  GeocoderResponse,
  ReverseGeocodeParams,
  ReverseGeocoderResponse,
} from "@ls/geocoding";
import { autosuggest, browse, discover, lookup } from "@ls/search";
import type {
  AutosuggestParams,
  BrowseParams,
  BrowseResponse,
  DiscoverParams,
  DiscoverResponse,
  LookupParams,
  LookupResponse,
} from "@ls/search";
import { getDestWeather, getWeatherAlerts } from "@ls/weather";
import type {
  DestinationWeatherResponse,
  DestWeatherParams,
  WeatherAlertsParams,
  WeatherAlertsResponse,
} from "@ls/weather";
import {
  bicycleRoute,
  carRoute,
  pedestrianRoute,
  scooterRoute,
  truckRoute,
} from "@ls/routing";
import type {
  RoutingParams,
  RoutingResponse,
  ScooterRoutingParams,
  TruckRoutingParams,
} from "@ls/routing";
import { calculateIsoline } from "@ls/isoline";
import type { IsolineParams, IsolineResponse } from "@ls/isoline";
import { matrix, matrixRows } from "@ls/matrix";
import type {
  MatrixOptions,
  MatrixParams,
  MatrixRoutingResponse,
  MatrixRow,
  MatrixRowsOptions,
} from "@ls/matrix";
import { solveTourPlanning } from "@ls/tour";
import type { SolveTourPlanningParams, TourPlanningResponse } from "@ls/tour";

/**
 * Options of {@linkcode LS}: a credential (`apiKey`, `platformCredentials`
 * or a shared `auth`; read from the environment when none is given),
 * `country` (`"row"` by default, or `"china"`),
 * `proxies`, and the transport options of {@linkcode ClientOptions}
 * (`baseUrl`, `fetch`, `maxRetries`, `timeoutMs`, `maxConcurrency`,
 * `requestsPerSecond`, hooks, ...).
 */
export type LSOptions = ClientOptions;

/**
 * One object for every HERE Location Services operation. Each method takes
 * its parameters object and an optional {@linkcode RequestOptions}
 * (`signal`, `timeoutMs`, `deadlineMs`, `maxRetries`, `headers`,
 * `requestId`, `onProgress`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { LS } from "@ls/ls";
 * import { SANDBOX_API_KEY, startSandbox } from "@ls/sandbox";
 * await using sandbox = await startSandbox();
 * // For HERE: new LS({ apiKey: "<API_KEY>" })
 * using ls = new LS({ apiKey: SANDBOX_API_KEY, baseUrl: sandbox.url });
 *
 * const res = await ls.geocode({ query: "Invalidenstr 116, Berlin" });
 * assert.equal(res.items[0].address?.city, "Berlin");
 * await assert.rejects(
 *   ls.geocode({ query: "Invalidenstr 116, Berlin", limt: 1 } as never),
 *   { name: "ValueError", parameter: "limt" }, // a misspelt key is never dropped silently
 * );
 * ```
 */
export class LS {
  /** The transport every method uses. */
  readonly client: Client;

  /**
   * Builds the one {@linkcode Client} every method sends with. `new LS()`
   * with no credential reads `HERE_API_KEY`, then `LS_API_KEY`, then the
   * OAuth variables `HERE_ACCESS_KEY_ID` and `HERE_ACCESS_KEY_SECRET`, then
   * `~/.here/credentials.properties`.
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { LS } from "@ls/ls";
   * // With HERE_API_KEY (or LS_API_KEY) set, `new LS()` needs no argument.
   * const saved = Deno.env.get("HERE_API_KEY");
   * Deno.env.set("HERE_API_KEY", "<API_KEY>");
   * try {
   *   using ls = new LS();
   *   assert.equal(ls.client.country, "row");
   * } finally {
   *   if (saved === undefined) Deno.env.delete("HERE_API_KEY");
   *   else Deno.env.set("HERE_API_KEY", saved);
   * }
   * ```
   *
   * @throws {ValueError} when no credential is given or found, listing the
   * sources tried, or when an option is invalid
   */
  constructor(options: LSOptions = {}) {
    this.client = new Client(options);
  }

  /** Releases the client's resources (a proxy HTTP client, if any). */
  close(): void {
    this.client.close();
  }

  /** Same as {@linkcode LS.close}. */
  [Symbol.dispose](): void {
    this.close();
  }

  /** Free-text address → positions. See `@ls/geocoding` `geocode`. */
  geocode(
    params: GeocodeParams,
    options?: RequestOptions,
  ): Promise<GeocoderResponse> {
    return geocode(this.client, params, options);
  }

  /** Position → nearest addresses. See `@ls/geocoding` `reverseGeocode`. */
  reverseGeocode(
    params: ReverseGeocodeParams,
    options?: RequestOptions,
  ): Promise<ReverseGeocoderResponse> {
    return reverseGeocode(this.client, params, options);
  }

  /** Free-text place search in an area. See `@ls/search` `discover`. */
  discover(
    params: DiscoverParams,
    options?: RequestOptions,
  ): Promise<DiscoverResponse> {
    return discover(this.client, params, options);
  }

  /** Places by category or name around a point. See `@ls/search` `browse`. */
  browse(
    params: BrowseParams,
    options?: RequestOptions,
  ): Promise<BrowseResponse> {
    return browse(this.client, params, options);
  }

  /** One place by its HERE id. See `@ls/search` `lookup`. */
  lookup(
    params: LookupParams,
    options?: RequestOptions,
  ): Promise<LookupResponse> {
    return lookup(this.client, params, options);
  }

  /** Type-ahead suggestions; returns the raw `Response`. See `@ls/search` `autosuggest`. */
  autosuggest(
    params: AutosuggestParams,
    options?: RequestOptions,
  ): Promise<Response> {
    return autosuggest(this.client, params, options);
  }

  /** A car route. See `@ls/routing` `carRoute`. */
  carRoute(
    params: RoutingParams,
    options?: RequestOptions,
  ): Promise<RoutingResponse> {
    return carRoute(this.client, params, options);
  }

  /** A bicycle route. See `@ls/routing` `bicycleRoute`. */
  bicycleRoute(
    params: RoutingParams,
    options?: RequestOptions,
  ): Promise<RoutingResponse> {
    return bicycleRoute(this.client, params, options);
  }

  /** A truck route, with `truck` dimensions and loads. See `@ls/routing` `truckRoute`. */
  truckRoute(
    params: TruckRoutingParams,
    options?: RequestOptions,
  ): Promise<RoutingResponse> {
    return truckRoute(this.client, params, options);
  }

  /** A scooter route. See `@ls/routing` `scooterRoute`. */
  scooterRoute(
    params: ScooterRoutingParams,
    options?: RequestOptions,
  ): Promise<RoutingResponse> {
    return scooterRoute(this.client, params, options);
  }

  /** A pedestrian route. See `@ls/routing` `pedestrianRoute`. */
  pedestrianRoute(
    params: RoutingParams,
    options?: RequestOptions,
  ): Promise<RoutingResponse> {
    return pedestrianRoute(this.client, params, options);
  }

  /** Areas reachable within time or distance ranges. See `@ls/isoline` `calculateIsoline`. */
  calculateIsoline(
    params: IsolineParams,
    options?: RequestOptions,
  ): Promise<IsolineResponse> {
    return calculateIsoline(this.client, params, options);
  }

  /**
   * A routing matrix: sync, async, or split into tiles when larger than one
   * call allows. See `@ls/matrix` `matrix`.
   */
  matrix(
    params: MatrixParams,
    options?: MatrixOptions,
  ): Promise<MatrixRoutingResponse> {
    return matrix(this.client, params, options);
  }

  /**
   * A routing matrix row by row, in memory that does not grow with the
   * matrix. See `@ls/matrix` `matrixRows`.
   */
  matrixRows(
    params: MatrixParams,
    options?: MatrixRowsOptions,
  ): AsyncGenerator<MatrixRow, void, undefined> {
    return matrixRows(this.client, params, options);
  }

  /** Weather reports for a place. See `@ls/weather` `getDestWeather`. */
  getDestWeather(
    params: DestWeatherParams,
    options?: RequestOptions,
  ): Promise<DestinationWeatherResponse> {
    return getDestWeather(this.client, params, options);
  }

  /** Weather alerts along a point or line. See `@ls/weather` `getWeatherAlerts`. */
  getWeatherAlerts(
    params: WeatherAlertsParams,
    options?: RequestOptions,
  ): Promise<WeatherAlertsResponse> {
    return getWeatherAlerts(this.client, params, options);
  }

  /** Tour planning, sync or async. See `@ls/tour` `solveTourPlanning`. */
  solveTourPlanning(
    params: SolveTourPlanningParams,
    options?: RequestOptions,
  ): Promise<TourPlanningResponse> {
    return solveTourPlanning(this.client, params, options);
  }
}
