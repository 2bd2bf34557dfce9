/**
 * {@linkcode GeocodingSearchApi}: every Geocoding & Search operation as a
 * method returning HERE's raw `Response`, for callers who parse the JSON
 * themselves. The requests are exactly those of the typed functions
 * (`geocode`, `reverseGeocode`, `discover`, `browse`, `lookup`,
 * `autosuggest`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { GeocodingSearchApi } from "@ls/search";
 * using api = new GeocodingSearchApi({ apiKey: "<API_KEY>" });
 * await assert.rejects(api.getGeocoding({ query: " " }), { name: "ValueError" }); // checked before sending
 * ```
 *
 * @module
 */

import { Client } from "@ls/core";
import type { ClientOptions, RequestOptions, RequestSpec } from "@ls/core";
import { buildGeocodeRequest, buildReverseGeocodeRequest } from "@ls/geocoding";
import type { GeocodeParams, ReverseGeocodeParams } from "@ls/geocoding";
import { buildAutosuggestRequest } from "./autosuggest.ts";
import type { AutosuggestParams } from "./autosuggest.ts";
import { type BrowseParams, buildBrowseRequest } from "./browse.ts";
import { buildDiscoverRequest, type DiscoverParams } from "./discover.ts";
import { buildLookupRequest, type LookupParams } from "./lookup.ts";

/**
 * Options of {@linkcode GeocodingSearchApi}: the credential (`apiKey`,
 * `platformCredentials` or `auth`), `proxies`, `country` (`"row"`, the
 * default, or `"china"`), and the other `Client` options such as `baseUrl`,
 * `fetch`, `maxRetries` and `timeoutMs`.
 */
export type GeocodingSearchApiOptions = ClientOptions;

/**
 * HERE Geocoding & Search with raw responses. Each method validates its
 * parameters like the typed function of the same operation (a `ValueError`
 * before any request), sends the same request, and resolves to the fetch
 * `Response` with status 200 and its body unread; any other status rejects
 * with an `ApiError` carrying HERE's error fields.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { GeocodingSearchApi } from "@ls/search";
 * import { SANDBOX_API_KEY, startSandbox } from "@ls/sandbox";
 * await using sandbox = await startSandbox();
 * // For HERE: new GeocodingSearchApi({ apiKey: "<API_KEY>" })
 * using api = new GeocodingSearchApi({ apiKey: SANDBOX_API_KEY, baseUrl: sandbox.url });
 *
 * const rev = await api.getReverseGeocoding({ lat: 52.5309, lng: 13.3847 });
 * assert.equal(rev.status, 200);
 * assert.equal((await rev.json()).items[0].address.city, "Berlin");
 * const near = await api.getSearchBrowse({ center: [52.52, 13.405], radius: 2000, limit: 5 });
 * assert.ok((await near.json()).items.length <= 5);
 * ```
 */
export class GeocodingSearchApi {
  /** The client every method sends with; pass it to the typed functions too. */
  readonly client: Client;

  /**
   * Builds the client from the options.
   *
   * @throws {ValueError} without a credential, or for invalid client options
   */
  constructor(options: GeocodingSearchApiOptions) {
    this.client = new Client(options);
  }

  /**
   * `GET /v1/geocode`: positions for a free-text `query` (`limit` default 20,
   * `lang` default `"en-US"`).
   */
  getGeocoding(
    params: GeocodeParams,
    options?: RequestOptions,
  ): Promise<Response> {
    return this.#send(buildGeocodeRequest, params, options);
  }

  /**
   * `GET /v1/revgeocode`: addresses near `lat`/`lng` (`limit` default 1,
   * `lang` default `"en-US"`).
   */
  getReverseGeocoding(
    params: ReverseGeocodeParams,
    options?: RequestOptions,
  ): Promise<Response> {
    return this.#send(buildReverseGeocodeRequest, params, options);
  }

  /**
   * `GET /v1/discover`: places for a free-text `query` in `center`+`radius`,
   * `center`+`countryCodes` or `boundingBox`.
   */
  getSearchDiscover(
    params: DiscoverParams,
    options?: RequestOptions,
  ): Promise<Response> {
    return this.#send(buildDiscoverRequest, params, options);
  }

  /**
   * `GET /v1/browse`: places around `center`, filtered by one area,
   * `categories` and `name`.
   */
  getSearchBrowse(
    params: BrowseParams,
    options?: RequestOptions,
  ): Promise<Response> {
    return this.#send(buildBrowseRequest, params, options);
  }

  /** `GET /v1/lookup`: one place by `locationId`; the body is the place itself. */
  getSearchLookup(
    params: LookupParams,
    options?: RequestOptions,
  ): Promise<Response> {
    return this.#send(buildLookupRequest, params, options);
  }

  /**
   * `GET /v1/autosuggest`: suggestions for partial input, around exactly one
   * of `at`, `searchInCircle` and `searchInBbox`.
   */
  getSearchAutosuggest(
    params: AutosuggestParams,
    options?: RequestOptions,
  ): Promise<Response> {
    return this.#send(buildAutosuggestRequest, params, options);
  }

  /** Releases the client's proxy connection, if any. */
  close(): void {
    this.client.close();
  }

  /** Same as {@linkcode GeocodingSearchApi.close}. */
  [Symbol.dispose](): void {
    this.close();
  }

  async #send<P>(
    build: (params: P) => RequestSpec,
    params: P,
    options: RequestOptions | undefined,
  ): Promise<Response> {
    return await this.client.request(build(params), options);
  }
}
