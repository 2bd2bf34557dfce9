/**
 * Place search by free text in an area, with HERE's `GET /v1/discover`.
 *
 * The area is one of: `center` with `radius` (a circle), `center` with
 * `countryCodes` (a position plus a country filter), or `boundingBox`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { buildDiscoverRequest } from "@ls/search";
 * const spec = buildDiscoverRequest({ query: "coffee", boundingBox: [13.08836, 52.33812, 13.761, 52.6755] });
 * assert.equal(spec.query?.toString(), "q=coffee&in=bbox:13.08836,52.33812,13.761,52.6755");
 * ```
 *
 * @module
 */

import { Query, ValueError } from "@ls/core";
import type { Client, RequestOptions, RequestSpec } from "@ls/core";
import {
  checkOperation,
  formatPoint,
  nonBlankString,
  parseOptionalPoint,
  scrubbing,
  searchEntries,
  setSearchEntries,
} from "@ls/core/internal";
import type { SearchAreaParams } from "./search_area_params.ts";
import { searchRouteEntries, type SearchRouteParams } from "./search_route.ts";
import {
  PLACE_FILTER_KEYS,
  placeFilterEntries,
  withValue,
} from "./place_filters.ts";
import type { PlaceFilterParams } from "./place_filters.ts";
import { offsetValue } from "./_offset.ts";
import {
  type GeocodingSearchParams,
  type ItemsBody,
  ItemsResponse,
} from "@ls/geocoding";
import { type AreaFilter, areaFilter, ONE_IN, radiusValue } from "./_area.ts";
import { PLACE_TABLE, type PlaceShow } from "./place_show.ts";

/**
 * Parameters of {@linkcode discover}. Give `center` with `radius`, `center`
 * with `countryCodes`, `boundingBox` alone, or `route` (alone or with
 * `countryCodes`). `show` takes the blocks of {@linkcode PlaceShow}.
 */
export interface DiscoverParams
  extends
    GeocodingSearchParams<PlaceShow>,
    SearchAreaParams,
    SearchRouteParams,
    PlaceFilterParams {
  /** Free text, e.g. `"coffee shop"`; sent as `q`. */
  query: string;
  /**
   * Results to skip, an integer from 0, for the next page; requires
   * `limit`, the page size. {@linkcode discoverAll} walks the pages.
   */
  offset?: number;
  /** `with`: `["recommendPlaces"]` adds places HERE recommends. */
  with?: readonly "recommendPlaces"[];
}

/**
 * The response of {@linkcode discover}: `items` (places and addresses, with
 * `distance`, `categories`, `access`, ...), `raw`, `toJSON()`, `toGeoJSON()`
 * and HERE's tracing ids.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { DiscoverResponse } from "@ls/search";
 * const res = new DiscoverResponse({
 *   body: { items: [{ title: "Demo Café", position: { lat: 52.5, lng: 13.4 } }] },
 * });
 * assert.deepEqual(res.toGeoJSON().features[0].geometry.coordinates, [13.4, 52.5]);
 * ```
 */
export class DiscoverResponse extends ItemsResponse {}

/**
 * HERE's wire names that {@linkcode discover} takes under another name:
 * given as a parameter, each is refused naming ours.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { DISCOVER_WIRE_NAMES } from "@ls/search";
 * assert.equal(DISCOVER_WIRE_NAMES.at, "center");
 * ```
 */
export const DISCOVER_WIRE_NAMES: Readonly<Record<string, string>> = {
  q: "query",
  at: "center",
  in: "center",
};

const DISCOVER_KEYS = Object.keys(
  {
    query: 0,
    center: 0,
    radius: 0,
    countryCodes: 0,
    boundingBox: 0,
    limit: 0,
    lang: 0,
    politicalView: 0,
    show: 0,
    offset: 0,
    with: 0,
    route: 0,
    routeWidth: 0,
    ranking: 0,
    mobilityMode: 0,
    ...PLACE_FILTER_KEYS,
  } satisfies Record<keyof DiscoverParams, 0>,
);

/**
 * The request {@linkcode discover} sends, validated: `GET /v1/discover` on
 * the discover host with `q`, the area (`in=circle:...`,
 * `at=...&in=countryCode:...` or `in=bbox:...`), `limit`, `lang`,
 * `politicalView` and `show`. Pass it to `client.request` for the raw
 * `Response`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { buildDiscoverRequest } from "@ls/search";
 * const spec = buildDiscoverRequest({ query: "coffee shop", center: [52.5, 13.4], radius: 1000, limit: 5 });
 * assert.equal(spec.path, "/v1/discover");
 * assert.equal(spec.query?.toString(), "q=coffee%20shop&in=circle:52.5,13.4;r=1000&limit=5");
 * const inCountries = buildDiscoverRequest({ query: "coffee", center: [52.5, 13.4], countryCodes: ["DEU", "FRA"] });
 * assert.equal(inCountries.query?.toString(), "q=coffee&at=52.5,13.4&in=countryCode:DEU,FRA");
 * const viewed = buildDiscoverRequest({ query: "coffee", boundingBox: [13.1, 52.3, 13.7, 52.7], politicalView: "SRB", show: ["tz"] });
 * assert.equal(viewed.query?.toString(), "q=coffee&in=bbox:13.1,52.3,13.7,52.7&politicalView=SRB&show=tz");
 * const along = buildDiscoverRequest({
 *   query: "fuel",
 *   route: { sections: [{ polyline: "BFg9tgKgm5xCgxTgxT" }] },
 *   routeWidth: 200,
 *   ranking: "excursionDistance",
 *   mobilityMode: "truck",
 *   limit: 10,
 *   offset: 10,
 * });
 * assert.equal(
 *   along.query?.toString(),
 *   "q=fuel&route=BFg9tgKgm5xCgxTgxT;w=200&limit=10&offset=10&ranking=excursionDistance&mobilityMode=truck",
 * );
 * assert.throws(
 *   () => buildDiscoverRequest({ query: "coffee", center: [52.5, 13.4], radius: 1000, limt: 5 } as never),
 *   { message: 'Invalid limt: is not a parameter of discover; did you mean "limit"?' },
 * );
 * ```
 *
 * @throws {ValueError} for a key that is not a parameter of discover; an
 * empty `query`; an invalid `center`, `radius`
 * (not a positive integer), country code or `boundingBox`; `center` with
 * `boundingBox`, `countryCodes` with `radius` or `boundingBox`, `radius`
 * without `center`, a `center` with neither `radius` nor `countryCodes`, or
 * no area at all; a `limit` that is not an integer from 1 to 100; a malformed
 * `lang`; a `politicalView` that is not an upper-case alpha-3 code; a `show`
 * that is not a list of names without commas or spaces; a `route` with
 * `center` or `boundingBox`, a malformed route or `routeWidth`, `routeWidth`
 * or `ranking` without `route`, `mobilityMode` without `ranking`, `offset`
 * without `limit`; a value of `ranking`, `mobilityMode`, `with`,
 * `evStation` or `fuelStation` outside the sets HERE documents
 */
export function buildDiscoverRequest(params: DiscoverParams): RequestSpec {
  checkOperation(params, "discover", DISCOVER_KEYS, DISCOVER_WIRE_NAMES);
  const q = nonBlankString(params.query, "query");
  const { at, area } = discoverArea(params);
  const shared = searchEntries(params, PLACE_TABLE);
  const [route, ...ranking] = searchRouteEntries(params);

  const query = setSearchEntries(
    new Query().set("q", q).setStructured("at", at)
      .setStructured("in", area?.value)
      .setStructured("route", route[1]),
    shared,
  );
  query.set("offset", offsetValue(params.offset, params.limit));
  setSearchEntries(query, ranking);
  query.set("with", withValue(params.with));
  setSearchEntries(query, placeFilterEntries(params));
  return { service: "discover", method: "GET", path: "/v1/discover", query };
}

/** The `at` and `in` of discover, checked; `in` is absent along a route. */
function discoverArea(
  params: DiscoverParams,
): { at?: string; area?: AreaFilter } {
  const center = parseOptionalPoint(params.center, "center");
  const radius = radiusValue(params.radius);
  const countries = areaFilter(
    "countries",
    params.countryCodes,
    "countryCodes",
  );
  const bbox = areaFilter("bbox", params.boundingBox, "boundingBox");
  if (params.route !== undefined) {
    const other = center ? "center" : bbox ? "boundingBox" : undefined;
    if (other) {
      throw new ValueError(
        other,
        "cannot be combined with route: search along a route alone or with countryCodes",
      );
    }
    if (radius !== undefined) {
      throw new ValueError("radius", "requires center", radius);
    }
    return { area: countries };
  }
  if (center === undefined) {
    if (radius !== undefined) {
      throw new ValueError("radius", "requires center", radius);
    }
    if (countries && bbox) {
      throw new ValueError(
        "countryCodes",
        `cannot be combined with boundingBox: ${ONE_IN}`,
      );
    }
    if (countries) {
      throw new ValueError(
        "countryCodes",
        "requires center or route (HERE's country filter goes with an at= position)",
      );
    }
    if (!bbox) {
      throw new ValueError(
        "center",
        "a search area is required: center with radius, center with countryCodes, boundingBox, or route",
      );
    }
    return { area: bbox };
  }
  if (bbox) {
    throw new ValueError(
      "boundingBox",
      "cannot be combined with center: give center with radius or countryCodes, or boundingBox alone",
    );
  }
  if (radius !== undefined && countries) {
    throw new ValueError(
      "countryCodes",
      `cannot be combined with radius: ${ONE_IN}`,
    );
  }
  if (radius !== undefined) {
    return { area: areaFilter("circle", { ...center, radius }, "radius") };
  }
  if (countries) return { at: formatPoint(center, "center"), area: countries };
  throw new ValueError(
    "center",
    "needs radius or countryCodes to make a search area (or give boundingBox without center)",
  );
}

/**
 * Finds places matching free text in an area.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Client } from "@ls/core";
 * import { SANDBOX_API_KEY, startSandbox } from "@ls/sandbox";
 * import { discover } from "@ls/search";
 * await using sandbox = await startSandbox();
 * const client = new Client({ apiKey: SANDBOX_API_KEY, baseUrl: sandbox.url });
 *
 * const res = await discover(client, { query: "coffee", center: [52.52, 13.405], radius: 1000, limit: 5 });
 * const [cafe] = res.items;
 * assert.equal(cafe.categories?.[0].name, "Coffee Shop");
 * assert.ok(cafe.distance! <= 1000); // metres from the centre
 * assert.equal(res.toGeoJSON().features.length, res.items.length);
 * ```
 *
 * @throws {ValueError} before any request, for the reasons of
 * {@linkcode buildDiscoverRequest}
 * @throws {ApiError} when HERE answers with a status other than 200
 */
export async function discover(
  client: Client,
  params: DiscoverParams,
  options?: RequestOptions,
): Promise<DiscoverResponse> {
  const spec = scrubbing(client, () => buildDiscoverRequest(params));
  return new DiscoverResponse(
    await client.requestJson<ItemsBody>(spec, options),
  );
}
