/**
 * The {@linkcode LS} class: every HERE Location Services operation on one
 * object, sharing one {@linkcode Client} (credentials, token cache, retries,
 * limits).
 *
 * @module
 */

import {
  bulk,
  type BulkInputs,
  type BulkItem,
  type BulkOperation,
  type BulkOptions,
  Client,
  type ClientOptions,
  type RequestOptions,
  ValueError,
} from "@ls/core";
import { lazy, scrubbing } from "@ls/core/internal";
import { geocode, reverseGeocode } from "@ls/geocoding";
import type {
  GeocodeParams,
  GeocoderResponse,
  ResultItem,
  ReverseGeocodeParams,
  ReverseGeocoderResponse,
} from "@ls/geocoding";
import {
  autocomplete,
  autosuggest,
  browse,
  browseAll,
  discover,
  discoverAll,
  lookup,
} from "@ls/search";
import type {
  AutocompleteParams,
  AutocompleteResponse,
  AutosuggestParams,
  AutosuggestRawResponse,
  BrowseParams,
  BrowseResponse,
  DiscoverParams,
  DiscoverResponse,
  LookupParams,
  LookupResponse,
  PagingOptions,
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
  busRoute,
  carRoute,
  pedestrianRoute,
  privateBusRoute,
  scooterRoute,
  taxiRoute,
  truckRoute,
} from "@ls/routing";
import type {
  BusRoutingParams,
  CarRoutingParams,
  RoutingParams,
  RoutingResponse,
  ScooterRoutingParams,
  TaxiRoutingParams,
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
import type {
  SolveTourPlanningOptions,
  SolveTourPlanningParams,
  TourPlanningResponse,
} from "@ls/tour";
import { LS_OPERATIONS, type LSBulkOperation } from "./operations.ts";

/**
 * Options of {@linkcode LS}: a credential (`apiKey`, `platformCredentials`
 * or a shared `auth`; read from the environment when none is given),
 * `country` (`"row"` by default, or `"china"`),
 * `proxies`, and the transport options of {@linkcode ClientOptions}
 * (`baseUrl`, `fetch`, `maxRetries`, `timeoutMs`, `maxConcurrency`,
 * `requestsPerSecond`, hooks, ...).
 */
export type LSOptions = ClientOptions;

/** The names {@linkcode LS.bulk} runs, in the order of the class. */
const bulkOperations = /* @__PURE__ */ lazy((): readonly string[] =>
  Object.entries(LS_OPERATIONS)
    .filter(([, answer]) => answer === "response").map(([name]) => name)
);

/**
 * An unknown operation given to {@linkcode LS.bulk}, for its error message:
 * named only when it looks like a method name, since a string given in the
 * wrong place may be a credential.
 */
function unknownOperation(operation: unknown): string {
  if (typeof operation === "string") {
    return /^[a-z][A-Za-z]{0,31}$/.test(operation)
      ? `"${operation}"`
      : "an unknown operation";
  }
  if (operation === null || operation === undefined) return String(operation);
  return typeof operation === "object" ? "an object" : `a ${typeof operation}`;
}

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

  /**
   * Runs `operation` (an `LS` method name, or a function called as
   * `operation(input, options)`) for every input of `inputs` — any iterable
   * or async iterable of its parameter objects, pulled lazily — at most
   * `options.concurrency` (default 8) at once, and yields
   * `{ index, input, result }` or `{ index, input, error }` as each
   * finishes. One failed input never stops the others; its `error` is the
   * library's (`ValueError` for a bad input, `ApiError`, `TimeoutError`,
   * `ConnectionError`). Every call goes through this object's client, so
   * its limits, retries and credentials apply. See `@ls/core` `bulk` for
   * progress, cancellation and how a run ends.
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { LS } from "@ls/ls";
   * import { SANDBOX_API_KEY, startSandbox } from "@ls/sandbox";
   * await using sandbox = await startSandbox();
   * using ls = new LS({ apiKey: SANDBOX_API_KEY, baseUrl: sandbox.url });
   *
   * const rows = ["Invalidenstr 116, Berlin", "", "Rue de Rivoli 1, Paris"];
   * const found: string[] = [];
   * const failed: string[] = [];
   * for await (
   *   const item of ls.bulk("geocode", rows.map((query) => ({ query })), {
   *     concurrency: 2,
   *     callOptions: { deadlineMs: 30_000 },
   *   })
   * ) {
   *   if ("error" in item) failed.push(`${item.index}: ${(item.error as Error).name}`);
   *   else found[item.index] = item.result.items[0].address?.city ?? "";
   * }
   * assert.deepEqual(found, ["Berlin", , "Paris"]);
   * assert.deepEqual(failed, ["1: ValueError"]); // a blank query is refused, sent nowhere
   * ```
   *
   * @throws {ValueError} at once, before any input is pulled, for an
   * unknown operation name, inputs that are not iterable, or a bad option
   * (`concurrency` above 10,000 included)
   */
  bulk<K extends LSBulkOperation>(
    operation: K,
    inputs: BulkInputs<Parameters<LS[K]>[0]>,
    options?: BulkOptions,
  ): AsyncGenerator<
    BulkItem<Parameters<LS[K]>[0], Awaited<ReturnType<LS[K]>>>,
    void,
    undefined
  >;
  /**
   * Runs a function for every input; see the other signature.
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { LS, type RequestOptions } from "@ls/ls";
   * import { SANDBOX_API_KEY, startSandbox } from "@ls/sandbox";
   * await using sandbox = await startSandbox();
   * using ls = new LS({ apiKey: SANDBOX_API_KEY, baseUrl: sandbox.url });
   * interface Row { id: string; address: string }
   * const rows: Row[] = [{ id: "a", address: "Invalidenstr 116, Berlin" }];
   * const run = (row: Row, options: RequestOptions) =>
   *   ls.geocode({ query: row.address, limit: 1 }, options);
   * for await (const item of ls.bulk(run, rows)) {
   *   assert.ok("result" in item);
   *   assert.equal(item.input.id, "a");
   *   assert.equal(item.result.items[0].address?.city, "Berlin");
   * }
   * ```
   */
  bulk<I, R>(
    operation: BulkOperation<I, R>,
    inputs: BulkInputs<I>,
    options?: BulkOptions,
  ): AsyncGenerator<BulkItem<I, R>, void, undefined>;
  bulk(
    operation: LSBulkOperation | BulkOperation<unknown, unknown>,
    inputs: BulkInputs<unknown>,
    options?: BulkOptions,
  ): AsyncGenerator<BulkItem<unknown, unknown>, void, undefined> {
    // Its options are checked at once: scrubbed of the client's credentials.
    return scrubbing(this.client, () => {
      if (typeof operation === "function") {
        return bulk(operation, inputs, options);
      }
      const names = bulkOperations();
      if (!names.includes(operation)) {
        throw new ValueError(
          "operation",
          `must be a function or one of ${names.join(", ")}, got ${
            unknownOperation(operation)
          }`,
        );
      }
      const method = this[operation] as BulkOperation<unknown, unknown>;
      return bulk((input, o) => method.call(this, input, o), inputs, options);
    });
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

  /**
   * Every result of a discover search, page by page, up to `maxItems`. See
   * `@ls/search` `discoverAll`.
   */
  discoverAll(
    params: DiscoverParams,
    options?: PagingOptions,
  ): AsyncGenerator<ResultItem, void, undefined> {
    return discoverAll(this.client, params, options);
  }

  /**
   * Every result of a browse search, page by page, up to `maxItems`. See
   * `@ls/search` `browseAll`.
   */
  browseAll(
    params: BrowseParams,
    options?: PagingOptions,
  ): AsyncGenerator<ResultItem, void, undefined> {
    return browseAll(this.client, params, options);
  }

  /** One place by its HERE id. See `@ls/search` `lookup`. */
  lookup(
    params: LookupParams,
    options?: RequestOptions,
  ): Promise<LookupResponse> {
    return lookup(this.client, params, options);
  }

  /**
   * Type-ahead suggestions; returns the raw `Response`, its `json()` typed
   * (`AutosuggestResponse.from(res)` makes a response object). See
   * `@ls/search` `autosuggest`.
   */
  autosuggest(
    params: AutosuggestParams,
    options?: RequestOptions,
  ): Promise<AutosuggestRawResponse> {
    return autosuggest(this.client, params, options);
  }

  /**
   * Completes a partial address for a form. See `@ls/search`
   * `autocomplete`.
   */
  autocomplete(
    params: AutocompleteParams,
    options?: RequestOptions,
  ): Promise<AutocompleteResponse> {
    return autocomplete(this.client, params, options);
  }

  /** A car route, electric ones included. See `@ls/routing` `carRoute`. */
  carRoute(
    params: CarRoutingParams,
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

  /** A taxi route, with `taxi` options. See `@ls/routing` `taxiRoute`. */
  taxiRoute(
    params: TaxiRoutingParams,
    options?: RequestOptions,
  ): Promise<RoutingResponse> {
    return taxiRoute(this.client, params, options);
  }

  /** A public bus route (HERE: beta). See `@ls/routing` `busRoute`. */
  busRoute(
    params: BusRoutingParams,
    options?: RequestOptions,
  ): Promise<RoutingResponse> {
    return busRoute(this.client, params, options);
  }

  /** A private bus (coach) route (HERE: beta). See `@ls/routing` `privateBusRoute`. */
  privateBusRoute(
    params: BusRoutingParams,
    options?: RequestOptions,
  ): Promise<RoutingResponse> {
    return privateBusRoute(this.client, params, options);
  }

  /** Areas reachable within time or distance ranges. See `@ls/isoline` `calculateIsoline`. */
  calculateIsoline(
    params: IsolineParams,
    options?: RequestOptions,
  ): Promise<IsolineResponse> {
    return calculateIsoline(this.client, params, options);
  }

  /**
   * A routing matrix: sync, async (`async: true`, polled as `options.poll`
   * says), or split into tiles when larger than one call allows. See
   * `@ls/matrix` `matrix`.
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

  /**
   * Tour planning, sync or async (`async: true`, polled as `options.poll`
   * says, as for `matrix`). See `@ls/tour` `solveTourPlanning`.
   */
  solveTourPlanning(
    params: SolveTourPlanningParams,
    options?: SolveTourPlanningOptions,
  ): Promise<TourPlanningResponse> {
    return solveTourPlanning(this.client, params, options);
  }
}
