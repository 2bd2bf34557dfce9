/**
 * Geocoding: free text to addresses and positions, with HERE's
 * `GET /v1/geocode`.
 *
 * @example
 * ```ts ignore
 * import { Client } from "@ls/core";
 * import { geocode } from "@ls/geocoding";
 * const client = new Client({ apiKey: "<API_KEY>" });
 * const res = await geocode(client, { query: "Invalidenstr 116, 10115 Berlin" });
 * console.log(res.items[0]?.position); // { lat: 52.53..., lng: 13.38... }
 * ```
 *
 * @module
 */

import {
  checkParams,
  type Client,
  nonBlankString,
  Query,
  type RequestOptions,
  type RequestSpec,
} from "@ls/core";
import { type ItemsBody, ItemsResponse } from "./items_response.ts";
import { langValue, limitValue } from "./_params.ts";

/** Parameters of {@linkcode geocode}. */
export interface GeocodeParams {
  /** Free-text address or place, e.g. `"Invalidenstr 116, 10115 Berlin"`; sent as `q`. */
  query: string;
  /** Most results, 1 to 100 (HERE's documented maximum); default 20. */
  limit?: number;
  /** BCP 47 language tag, or a list in order of preference; default `"en-US"`. */
  lang?: string | readonly string[];
}

/**
 * The response of {@linkcode geocode}: `items` (addresses and places, best
 * match first, with `scoring`), `raw`, `toJSON()`, `toGeoJSON()` and HERE's
 * tracing ids.
 *
 * @example
 * ```ts
 * import { GeocoderResponse } from "@ls/geocoding";
 * const res = new GeocoderResponse({
 *   body: { items: [{ title: "Sampletown", position: { lat: 52.1, lng: 13.5 } }] },
 * });
 * res.items[0].title; // "Sampletown"
 * ```
 */
export class GeocoderResponse extends ItemsResponse {}

/**
 * The request {@linkcode geocode} sends, validated: `GET /v1/geocode` on the
 * geocode host with `q`, `limit` and `lang`. Pass it to `client.request` for
 * the raw `Response`.
 *
 * @example
 * ```ts
 * import { buildGeocodeRequest } from "@ls/geocoding";
 * const spec = buildGeocodeRequest({ query: "Main St 1, Springfield", limit: 5 });
 * spec.query?.toString(); // "q=Main%20St%201%2C%20Springfield&limit=5&lang=en-US"
 * ```
 *
 * @throws {ValueError} for an empty or whitespace-only `query`, a `limit`
 * that is not an integer from 1 to 100, or a malformed `lang`
 */
export function buildGeocodeRequest(params: GeocodeParams): RequestSpec {
  checkParams(params);
  const query = new Query()
    .set("q", nonBlankString(params.query, "query"))
    .set("limit", limitValue(params.limit, 20))
    .set("lang", langValue(params.lang));
  return { service: "geocode", method: "GET", path: "/v1/geocode", query };
}

/**
 * Finds addresses and places for a free-text query.
 *
 * @example
 * ```ts ignore
 * import { Client } from "@ls/core";
 * import { geocode } from "@ls/geocoding";
 * const client = new Client({ apiKey: "<API_KEY>" });
 * const res = await geocode(client, { query: "Invalidenstr 116, Berlin", limit: 1, lang: "de-DE" });
 * const [best] = res.items;
 * console.log(best?.address?.label, best?.position, best?.scoring?.queryScore);
 * console.log(JSON.stringify(res.toGeoJSON()));
 * ```
 *
 * @throws {ValueError} before any request, for the reasons of
 * {@linkcode buildGeocodeRequest}
 * @throws {ApiError} when HERE answers with a status other than 200
 */
export async function geocode(
  client: Client,
  params: GeocodeParams,
  options?: RequestOptions,
): Promise<GeocoderResponse> {
  const spec = buildGeocodeRequest(params);
  return new GeocoderResponse(
    await client.requestJson<ItemsBody>(spec, options),
  );
}
