/**
 * Geocoding: free text to addresses and positions, with HERE's
 * `GET /v1/geocode`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { buildGeocodeRequest } from "@ls/geocoding";
 * const spec = buildGeocodeRequest({ query: "Invalidenstr 116, 10115 Berlin" });
 * assert.equal(spec.path, "/v1/geocode");
 * assert.equal(spec.query?.toString(), "q=Invalidenstr%20116%2C%2010115%20Berlin&limit=20&lang=en-US");
 * ```
 *
 * @module
 */

import { Query } from "@ls/core";
import type { Client, RequestOptions, RequestSpec } from "@ls/core";
import { checkKeys, checkParams, nonBlankString } from "@ls/core/internal";
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

const GEOCODE_KEYS = Object.keys(
  { query: 0, limit: 0, lang: 0 } satisfies Record<keyof GeocodeParams, 0>,
);

/**
 * The response of {@linkcode geocode}: `items` (addresses and places, best
 * match first, with `scoring`), `raw`, `toJSON()`, `toGeoJSON()` and HERE's
 * tracing ids.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { GeocoderResponse } from "@ls/geocoding";
 * const res = new GeocoderResponse({
 *   body: { items: [{ title: "Sampletown", position: { lat: 52.1, lng: 13.5 } }] },
 * });
 * assert.equal(res.items[0].title, "Sampletown");
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
 * import assert from "node:assert/strict";
 * import { buildGeocodeRequest } from "@ls/geocoding";
 * const spec = buildGeocodeRequest({ query: "Main St 1, Springfield", limit: 5 });
 * assert.equal(spec.service, "geocode");
 * assert.equal(spec.query?.toString(), "q=Main%20St%201%2C%20Springfield&limit=5&lang=en-US");
 * assert.throws(
 *   () => buildGeocodeRequest({ query: "Springfield", limt: 5 } as never),
 *   { message: 'Invalid limt: is not a parameter of geocode; did you mean "limit"?' },
 * );
 * ```
 *
 * @throws {ValueError} for a key that is not a parameter of geocode, an
 * empty or whitespace-only `query`, a `limit` that is not an integer from 1
 * to 100, or a malformed `lang`
 */
export function buildGeocodeRequest(params: GeocodeParams): RequestSpec {
  checkParams(params);
  checkKeys(params, GEOCODE_KEYS, { operation: "geocode" });
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
 * ```ts
 * import assert from "node:assert/strict";
 * import { Client } from "@ls/core";
 * import { geocode } from "@ls/geocoding";
 * import { SANDBOX_API_KEY, startSandbox } from "@ls/sandbox";
 * await using sandbox = await startSandbox();
 * const client = new Client({ apiKey: SANDBOX_API_KEY, baseUrl: sandbox.url });
 *
 * const res = await geocode(client, { query: "Invalidenstr 116, Berlin", limit: 1 });
 * const [best] = res.items;
 * assert.equal(best.resultType, "houseNumber");
 * assert.equal(best.address?.houseNumber, "116");
 * assert.equal(res.toGeoJSON().features[0].geometry.coordinates[0], best.position?.lng);
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
