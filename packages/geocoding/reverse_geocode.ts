/**
 * Reverse geocoding: a position to the nearest addresses and places, with
 * HERE's `GET /v1/revgeocode` on its own host (`revgeocode.search.hereapi.com`).
 *
 * @example
 * ```ts ignore
 * import { Client } from "@ls/core";
 * import { reverseGeocode } from "@ls/geocoding";
 * const client = new Client({ apiKey: "<API_KEY>" });
 * const res = await reverseGeocode(client, { lat: 52.5309, lng: 13.3847 });
 * console.log(res.items[0]?.address?.label);
 * ```
 *
 * @module
 */

import {
  checkParams,
  type Client,
  formatLatLng,
  latitude,
  longitude,
  parseWith,
  Query,
  type RequestOptions,
  type RequestSpec,
} from "@ls/core";
import { type ItemsBody, ItemsResponse } from "./items_response.ts";
import { langValue, limitValue } from "./_params.ts";

/** Parameters of {@linkcode reverseGeocode}. */
export interface ReverseGeocodeParams {
  /** Latitude in degrees, -90 to 90. */
  lat: number;
  /** Longitude in degrees, -180 to 180. */
  lng: number;
  /** Most results, 1 to 100 (HERE's documented maximum); default 1. */
  limit?: number;
  /** BCP 47 language tag, or a list in order of preference; default `"en-US"`. */
  lang?: string | readonly string[];
}

/**
 * The response of {@linkcode reverseGeocode}: `items` (nearest first, with
 * `distance` in metres), `raw`, `toJSON()`, `toGeoJSON()` and HERE's tracing
 * ids.
 *
 * @example
 * ```ts
 * import { ReverseGeocoderResponse } from "@ls/geocoding";
 * const res = new ReverseGeocoderResponse({
 *   body: { items: [{ title: "Samplelane 7", distance: 42, position: { lat: 46, lng: 7 } }] },
 * });
 * res.items[0].distance; // 42
 * ```
 */
export class ReverseGeocoderResponse extends ItemsResponse {}

/**
 * The request {@linkcode reverseGeocode} sends, validated:
 * `GET /v1/revgeocode` on the revgeocode host with `at`, `limit` and `lang`.
 * Pass it to `client.request` for the raw `Response`.
 *
 * @example
 * ```ts
 * import { buildReverseGeocodeRequest } from "@ls/geocoding";
 * const spec = buildReverseGeocodeRequest({ lat: 52.5309, lng: 13.3847 });
 * spec.query?.toString(); // "at=52.5309,13.3847&limit=1&lang=en-US"
 * ```
 *
 * @throws {ValueError} when `lat` is not a finite number from -90 to 90, `lng`
 * not one from -180 to 180, `limit` not an integer from 1 to 100, or `lang`
 * malformed
 */
export function buildReverseGeocodeRequest(
  params: ReverseGeocodeParams,
): RequestSpec {
  checkParams(params);
  const lat = parseWith(latitude, params.lat, "lat");
  const lng = parseWith(longitude, params.lng, "lng");
  const query = new Query()
    .setStructured("at", formatLatLng(lat, lng))
    .set("limit", limitValue(params.limit, 1))
    .set("lang", langValue(params.lang));
  return {
    service: "revgeocode",
    method: "GET",
    path: "/v1/revgeocode",
    query,
  };
}

/**
 * Finds the addresses and places nearest to a position.
 *
 * @example
 * ```ts ignore
 * import { Client } from "@ls/core";
 * import { reverseGeocode } from "@ls/geocoding";
 * const client = new Client({ apiKey: "<API_KEY>" });
 * const res = await reverseGeocode(client, { lat: 52.5309, lng: 13.3847, limit: 3 });
 * for (const item of res.items) console.log(item.distance, item.title);
 * ```
 *
 * @throws {ValueError} before any request, for the reasons of
 * {@linkcode buildReverseGeocodeRequest}
 * @throws {ApiError} when HERE answers with a status other than 200
 */
export async function reverseGeocode(
  client: Client,
  params: ReverseGeocodeParams,
  options?: RequestOptions,
): Promise<ReverseGeocoderResponse> {
  const spec = buildReverseGeocodeRequest(params);
  return new ReverseGeocoderResponse(
    await client.requestJson<ItemsBody>(spec, options),
  );
}
