/**
 * `@ls/geocoding`: HERE Geocoding & Search v7 geocoding — free text to
 * positions ({@linkcode geocode}, `GET /v1/geocode`) and positions to
 * addresses ({@linkcode reverseGeocode}, `GET /v1/revgeocode`, on its own
 * documented host).
 *
 * - Beyond free text (`query`, HERE's `q`), geocode takes the address by its
 *   parts ({@linkcode QualifiedQuery}, HERE's `qq`), a position to rank by
 *   (`at`), a country filter (`countryCodes`: `in=countryCode:DEU,FRA`),
 *   result kinds (`types`), extra blocks (`show`) and a `politicalView`;
 *   reverse geocoding takes `types` and `show`.
 * - Input is checked before anything is sent: neither `query` nor
 *   `qualifiedQuery`, an empty or whitespace-only `query`, a latitude outside
 *   -90..90 or a longitude outside -180..180, a country code that is not
 *   upper-case alpha-3, a `limit` that is not an integer from 1 to 100, a
 *   malformed `lang`, or a key that is not a parameter (`limt`: did you mean
 *   `limit`?) throws a `ValueError` naming the parameter. Each operation's request is also
 *   built on its own, without a client: {@linkcode buildGeocodeRequest},
 *   {@linkcode buildReverseGeocodeRequest}.
 * - Responses expose typed `items` ({@linkcode ResultItem}: `title`, `id`,
 *   `resultType`, `address`, `position`, `access`, `mapView`, `distance`,
 *   `categories`, `scoring`, ... with unknown fields kept), `raw`, `toJSON()`,
 *   `correlationId`, `requestId`, and `toGeoJSON()`: a `FeatureCollection` of
 *   `Point`s in `[lng, lat]` order, items without a position skipped.
 * - A status other than 200 becomes an `ApiError` carrying HERE's `title`,
 *   `detail` (HERE's `cause`), `action`, `code` and `correlationId`.
 * - The result-item types and {@linkcode itemsToGeoJSON} are shared with
 *   `@ls/search` (discover, browse, lookup, autosuggest).
 *
 * Depends on `@ls/core` only.
 *
 * Runtimes: Deno, Node, browsers and edge runtimes (web-standard APIs only).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Client } from "@ls/core";
 * import { geocode, reverseGeocode } from "@ls/geocoding";
 * import { SANDBOX_API_KEY, startSandbox } from "@ls/sandbox";
 * await using sandbox = await startSandbox();
 * // For HERE: new Client({ apiKey: "<API_KEY>" }), with country: "china" for hereapi.cn
 * const client = new Client({ apiKey: SANDBOX_API_KEY, baseUrl: sandbox.url });
 *
 * const found = await geocode(client, { query: "Invalidenstr 116, Berlin", limit: 5 });
 * const { lat, lng } = found.items[0].position!;
 * const nearest = await reverseGeocode(client, { lat, lng });
 * assert.equal(nearest.items[0].address?.city, "Berlin");
 * assert.equal(found.toGeoJSON().features[0].geometry.type, "Point");
 * ```
 *
 * @module
 */

export * from "./geocode.ts";
export * from "./reverse_geocode.ts";
export * from "./geocoding_search_params.ts";
export * from "./items_response.ts";
export * from "./result_item.ts";
export * from "./result_extras.ts";
export * from "./place_extras.ts";
export * from "./to_geojson.ts";
