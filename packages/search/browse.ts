/**
 * Places around a centre, filtered by category and name, with HERE's
 * `GET /v1/browse` (results within 250 km of the centre, nearest first).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { buildBrowseRequest, PlaceCategory } from "@ls/search";
 * const spec = buildBrowseRequest({ center: [52.5, 13.4], categories: [PlaceCategory.restaurant] });
 * assert.equal(spec.query?.toString(), "at=52.5,13.4&categories=100-1000-0000");
 * ```
 *
 * @module
 */

import { Query, ValueError } from "@ls/core";
import type { Client, LatLngLike, RequestOptions, RequestSpec } from "@ls/core";
import {
  checkOperation,
  formatPoint,
  nameListValue,
  nonBlankString,
  parsePoint,
  scrubbing,
  setSearchEntries,
  setSearchParams,
  stringList,
} from "@ls/core/internal";
import type { SearchAreaParams } from "./search_area_params.ts";
import { searchRouteEntries, type SearchRouteParams } from "./search_route.ts";
import {
  PLACE_FILTER_KEYS,
  placeFilterEntries,
  type PlaceFilterParams,
} from "./place_filters.ts";
import { offsetValue } from "./_offset.ts";
import {
  type GeocodingSearchParams,
  type ItemsBody,
  ItemsResponse,
} from "@ls/geocoding";
import type { PlaceCategory } from "./place_category.ts";
import {
  type AreaFilter,
  areaFilter,
  MAX_BROWSE_RADIUS,
  oneArea,
  radiusValue,
} from "./_area.ts";
import { PLACE_TABLE, type PlaceShow } from "./place_show.ts";

/**
 * Parameters of {@linkcode browse}. `center` is required unless `route`
 * is given; at most one of `radius`, `countryCodes` and `boundingBox`
 * narrows the area around a centre, and only `countryCodes` a route. `show`
 * takes the blocks of {@linkcode PlaceShow}.
 */
export interface BrowseParams
  extends
    GeocodingSearchParams<PlaceShow>,
    SearchAreaParams,
    Omit<SearchRouteParams, "mobilityMode">,
    PlaceFilterParams {
  /**
   * Search centre `[lat, lng]` (sent as `at`); results are sorted by
   * distance from it. Required unless `route` is given.
   */
  center?: LatLngLike;
  /**
   * `chains`: HERE chain ids (e.g. `"1566"`); a place matches when it
   * belongs to one of them. Each is a name without commas or spaces.
   */
  chains?: readonly string[];
  /**
   * Results to skip, an integer from 0, for the next page; requires
   * `limit`, the page size. {@linkcode browseAll} walks the pages.
   */
  offset?: number;
  /**
   * Radius around `center` in metres (`in=circle:`): an integer from 1 to
   * 250000, since HERE's browse finds places within 250 km of the centre.
   */
  radius?: number;
  /**
   * Category ids at any level (`"100"`, `"100-1000"`, `"100-1000-0001"`); a
   * place matches when it has one of them. See {@linkcode PlaceCategory}.
   */
  categories?: readonly PlaceCategory[];
  /**
   * `foodTypes`: HERE cuisine ids (from HERE's food type list); a place
   * matches when it serves one of them. Each is a name without commas or
   * spaces, sent as given; no filter when omitted or empty.
   */
  foodTypes?: readonly string[];
  /** Full-text filter on place names, e.g. `"star bucks"`. */
  name?: string;
}

const CATEGORY_RULE =
  "must be a place category id such as 100, 100-1000 or 100-1000-0001";

/**
 * The response of {@linkcode browse}: `items` (places, nearest first, with
 * `distance` and `categories`), `raw`, `toJSON()`, `toGeoJSON()` and HERE's
 * tracing ids.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { BrowseResponse } from "@ls/search";
 * const res = new BrowseResponse({
 *   body: { items: [{ title: "Demo Bistro", distance: 180, position: { lat: 52.5, lng: 13.4 } }] },
 * });
 * assert.equal(res.items[0].distance, 180);
 * ```
 */
export class BrowseResponse extends ItemsResponse {}

/**
 * HERE's wire names that {@linkcode browse} takes under another name:
 * given as a parameter, each is refused naming ours.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { BROWSE_WIRE_NAMES } from "@ls/search";
 * assert.equal(BROWSE_WIRE_NAMES.at, "center");
 * ```
 */
export const BROWSE_WIRE_NAMES: Readonly<Record<string, string>> = {
  at: "center",
  in: "boundingBox",
};

const BROWSE_KEYS = Object.keys(
  {
    center: 0,
    radius: 0,
    countryCodes: 0,
    boundingBox: 0,
    categories: 0,
    foodTypes: 0,
    limit: 0,
    name: 0,
    lang: 0,
    politicalView: 0,
    show: 0,
    chains: 0,
    offset: 0,
    route: 0,
    routeWidth: 0,
    ranking: 0,
    ...PLACE_FILTER_KEYS,
  } satisfies Record<keyof BrowseParams, 0>,
);

/**
 * The request {@linkcode browse} sends, validated: `GET /v1/browse` on the
 * browse host with `at`, the optional `in` filter, `categories`,
 * `foodTypes`, `name`, `limit`, `lang`, `politicalView` and `show`. Pass it
 * to `client.request` for the raw `Response`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { buildBrowseRequest } from "@ls/search";
 * const spec = buildBrowseRequest({
 *   center: [52.5, 13.4],
 *   radius: 9000,
 *   categories: ["100-1000-0000", "300-3100-0000"],
 *   name: "star bucks",
 * });
 * assert.equal(
 *   spec.query?.toString(),
 *   "at=52.5,13.4&in=circle:52.5,13.4;r=9000&categories=100-1000-0000,300-3100-0000&name=star%20bucks",
 * );
 * assert.throws(
 *   () => buildBrowseRequest({ center: [52.5, 13.4], radius: 300_000 }),
 *   { message: "Invalid radius: must be an integer from 1 to 250000, got 300000" },
 * );
 * assert.throws(
 *   () => buildBrowseRequest({ center: [52.5, 13.4], catgories: ["100"] } as never),
 *   { message: 'Invalid catgories: is not a parameter of browse; did you mean "categories"?' },
 * );
 * ```
 *
 * @throws {ValueError} for a key that is not a parameter of browse; a
 * missing or invalid `center`; a `radius` that is not an integer from 1 to
 * 250000; an invalid country code or `boundingBox`; more than one of
 * `radius`, `countryCodes` and `boundingBox`; a malformed category id; a
 * `foodTypes` or `show` that is not a list of names without commas or
 * spaces; an empty `name`; a `limit` that is not an integer from 1 to 100; a
 * malformed `lang`; a `politicalView` that is not an upper-case alpha-3 code;
 * a `route` with `center`, `radius` or `boundingBox`, a malformed route or
 * `routeWidth`, `routeWidth` or `ranking` without `route`, `offset` without
 * `limit`; a `chains` that is not a list of names; a value of `ranking`,
 * `evStation` or `fuelStation` outside the sets HERE documents
 */
export function buildBrowseRequest(params: BrowseParams): RequestSpec {
  checkOperation(params, "browse", BROWSE_KEYS, BROWSE_WIRE_NAMES);
  const { at, area } = browseArea(params);
  const categories = params.categories === undefined ? undefined : stringList(
    params.categories,
    "categories",
    /^\d{3}(-\d{4}(-\d{4})?)?$/,
    CATEGORY_RULE,
    "must be an array of place category ids",
  );
  const foodTypes = nameListValue(params.foodTypes, "foodTypes");
  const name = params.name === undefined
    ? undefined
    : nonBlankString(params.name, "name");
  const [route, ranking] = searchRouteEntries(params);

  const query = new Query()
    .setStructured("at", at)
    .setStructured("in", area?.value)
    .setStructured("route", route[1])
    .set("categories", categories)
    .set("chains", nameListValue(params.chains, "chains"))
    .set("foodTypes", foodTypes)
    .set("name", name);
  setSearchParams(query, params, PLACE_TABLE);
  query.set("offset", offsetValue(params.offset, params.limit));
  query.set(...ranking);
  setSearchEntries(query, placeFilterEntries(params));
  return { service: "browse", method: "GET", path: "/v1/browse", query };
}

/** The `at` and `in` of browse, checked: around a centre or along a route. */
function browseArea(
  params: BrowseParams,
): { at?: string; area?: AreaFilter } {
  const countries = areaFilter(
    "countries",
    params.countryCodes,
    "countryCodes",
  );
  if (params.route !== undefined) {
    const other = params.center !== undefined
      ? "center"
      : params.radius !== undefined
      ? "radius"
      : params.boundingBox !== undefined
      ? "boundingBox"
      : undefined;
    if (other) {
      throw new ValueError(
        other,
        "cannot be combined with route: browse along a route alone or with countryCodes",
      );
    }
    return { area: countries };
  }
  if (params.center === undefined) {
    throw new ValueError("center", "is required (or give route)");
  }
  const center = parsePoint(params.center, "center");
  const radius = radiusValue(params.radius, MAX_BROWSE_RADIUS);
  const area = oneArea([
    areaFilter(
      "circle",
      radius === undefined ? undefined : { ...center, radius },
      "radius",
    ),
    countries,
    areaFilter("bbox", params.boundingBox, "boundingBox"),
  ]);
  return { at: formatPoint(center, "center"), area };
}

/**
 * Lists places around a centre, optionally filtered by area, category and
 * name.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Client } from "@ls/core";
 * import { SANDBOX_API_KEY, startSandbox } from "@ls/sandbox";
 * import { browse, PlaceCategory } from "@ls/search";
 * await using sandbox = await startSandbox();
 * const client = new Client({ apiKey: SANDBOX_API_KEY, baseUrl: sandbox.url });
 *
 * const res = await browse(client, {
 *   center: [52.52, 13.405],
 *   radius: 3000,
 *   categories: [PlaceCategory.restaurant],
 *   limit: 3,
 * });
 * assert.ok(res.items.length > 0);
 * assert.ok(res.items.every((p) => p.categories?.some((c) => c.id === PlaceCategory.restaurant)));
 * assert.ok(res.items[0].distance! <= res.items[res.items.length - 1].distance!); // nearest first
 * ```
 *
 * @throws {ValueError} before any request, for the reasons of
 * {@linkcode buildBrowseRequest}
 * @throws {ApiError} when HERE answers with a status other than 200
 */
export async function browse(
  client: Client,
  params: BrowseParams,
  options?: RequestOptions,
): Promise<BrowseResponse> {
  const spec = scrubbing(client, () => buildBrowseRequest(params));
  return new BrowseResponse(
    await client.requestJson<ItemsBody>(spec, options),
  );
}
