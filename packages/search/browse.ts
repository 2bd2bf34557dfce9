/**
 * Places around a centre, filtered by category and name, with HERE's
 * `GET /v1/browse` (results within 250 km of the centre, nearest first).
 *
 * @example
 * ```ts ignore
 * import { Client } from "@ls/core";
 * import { browse, PlaceCategory } from "@ls/search";
 * const client = new Client({ apiKey: "<API_KEY>" });
 * const res = await browse(client, {
 *   center: [52.5, 13.4],
 *   radius: 9000,
 *   categories: [PlaceCategory.restaurant],
 * });
 * for (const place of res.items) console.log(place.distance, place.title);
 * ```
 *
 * @module
 */

import * as z from "zod/mini";
import {
  type BoundingBox,
  checkParams,
  type Client,
  formatLatLng,
  type LatLng,
  nonBlankString,
  parseWith,
  Query,
  type RequestOptions,
  type RequestSpec,
  stringMatching,
  validateLatLng,
  ValueError,
} from "@ls/core";
import { type ItemsBody, ItemsResponse } from "@ls/geocoding";
import type { PlaceCategory } from "./place_category.ts";
import {
  type AreaFilter,
  bboxFilter,
  circleFilter,
  countryFilter,
  langValue,
  limitValue,
  ONE_IN,
  radiusValue,
} from "./_params.ts";

/**
 * Parameters of {@linkcode browse}. `center` is required; at most one of
 * `radius`, `countryCodes` and `boundingBox` narrows the area.
 */
export interface BrowseParams {
  /** Search centre `[lat, lng]` (sent as `at`); results are sorted by distance from it. */
  center: LatLng;
  /** Radius around `center` in metres, a positive integer (`in=circle:`). */
  radius?: number;
  /** Upper-case ISO 3166-1 alpha-3 codes, e.g. `["DEU"]` (`in=countryCode:`). */
  countryCodes?: readonly string[];
  /** `[west, south, east, north]` (`in=bbox:`). */
  boundingBox?: BoundingBox;
  /**
   * Category ids at any level (`"100"`, `"100-1000"`, `"100-1000-0001"`); a
   * place matches when it has one of them. See {@linkcode PlaceCategory}.
   */
  categories?: readonly PlaceCategory[];
  /** Most results, 1 to 100 (HERE's documented maximum). */
  limit?: number;
  /** Full-text filter on place names, e.g. `"star bucks"`. */
  name?: string;
  /** BCP 47 language tag, or a list in order of preference. */
  lang?: string | readonly string[];
}

const CATEGORY_RULE =
  "must be a place category id such as 100, 100-1000 or 100-1000-0001";

const categoriesSchema = /* @__PURE__ */ z.array(
  stringMatching(/^\d{3}(-\d{4}(-\d{4})?)?$/, CATEGORY_RULE),
  { error: "must be an array of place category ids" },
);

/**
 * The response of {@linkcode browse}: `items` (places, nearest first, with
 * `distance` and `categories`), `raw`, `toJSON()`, `toGeoJSON()` and HERE's
 * tracing ids.
 *
 * @example
 * ```ts
 * import { BrowseResponse } from "@ls/search";
 * const res = new BrowseResponse({
 *   body: { items: [{ title: "Demo Bistro", distance: 180, position: { lat: 52.5, lng: 13.4 } }] },
 * });
 * res.items[0].distance; // 180
 * ```
 */
export class BrowseResponse extends ItemsResponse {}

/**
 * The request {@linkcode browse} sends, validated: `GET /v1/browse` on the
 * browse host with `at`, the optional `in` filter, `categories`, `name`,
 * `limit` and `lang`. Pass it to `client.request` for the raw `Response`.
 *
 * @example
 * ```ts
 * import { buildBrowseRequest } from "@ls/search";
 * const spec = buildBrowseRequest({
 *   center: [52.5, 13.4],
 *   radius: 9000,
 *   categories: ["100-1000-0000", "300-3100-0000"],
 *   name: "star bucks",
 * });
 * spec.query?.toString();
 * // "at=52.5,13.4&in=circle:52.5,13.4;r=9000&categories=100-1000-0000,300-3100-0000&name=star%20bucks"
 * ```
 *
 * @throws {ValueError} for a missing or invalid `center`; an invalid `radius`
 * (not a positive integer), country code or `boundingBox`; more than one of
 * `radius`, `countryCodes` and `boundingBox`; a malformed category id; an
 * empty `name`; a `limit` that is not an integer from 1 to 100; a malformed
 * `lang`
 */
export function buildBrowseRequest(params: BrowseParams): RequestSpec {
  checkParams(params);
  if (params.center === undefined) {
    throw new ValueError("center", "is required");
  }
  const center = validateLatLng(params.center, "center");
  const radius = radiusValue(params.radius);
  const areas = [
    radius === undefined ? undefined : circleFilter(center, radius),
    countryFilter(params.countryCodes, "countryCodes"),
    bboxFilter(params.boundingBox, "boundingBox"),
  ].filter((a): a is AreaFilter => a !== undefined);
  if (areas.length > 1) {
    throw new ValueError(
      areas[1].parameter,
      `cannot be combined with ${areas[0].parameter}: ${ONE_IN}`,
    );
  }
  const categories = params.categories === undefined
    ? undefined
    : parseWith(categoriesSchema, params.categories, "categories");
  const name = params.name === undefined
    ? undefined
    : nonBlankString(params.name, "name");

  const query = new Query()
    .setStructured("at", formatLatLng(center[0], center[1]))
    .setStructured("in", areas[0]?.value)
    .set("categories", categories)
    .set("name", name)
    .set("limit", limitValue(params.limit))
    .set("lang", langValue(params.lang));
  return { service: "browse", method: "GET", path: "/v1/browse", query };
}

/**
 * Lists places around a centre, optionally filtered by area, category and
 * name.
 *
 * @example
 * ```ts ignore
 * import { Client } from "@ls/core";
 * import { browse, PlaceCategory } from "@ls/search";
 * const client = new Client({ apiKey: "<API_KEY>" });
 * const res = await browse(client, {
 *   center: [52.5, 13.4],
 *   countryCodes: ["DEU"],
 *   categories: [PlaceCategory.evChargingStation],
 *   limit: 10,
 * });
 * console.log(res.items.map((p) => `${p.distance} m ${p.title}`));
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
  const spec = buildBrowseRequest(params);
  return new BrowseResponse(
    await client.requestJson<ItemsBody>(spec, options),
  );
}
