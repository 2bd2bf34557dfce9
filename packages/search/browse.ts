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

import * as z from "zod/mini";
import { Query, ValueError } from "@ls/core";
import type {
  BoundingBox,
  Client,
  LatLng,
  RequestOptions,
  RequestSpec,
} from "@ls/core";
import {
  checkKeys,
  checkParams,
  formatLatLng,
  nonBlankString,
  parseWith,
  stringMatching,
  validateLatLng,
} from "@ls/core/internal";
import { type ItemsBody, ItemsResponse } from "@ls/geocoding";
import type { PlaceCategory } from "./place_category.ts";
import {
  bboxFilter,
  circleFilter,
  countryFilter,
  langValue,
  limitValue,
  ONE_IN,
  radiusValue,
} from "./_params.ts";
import type { AreaFilter } from "./_params.ts";

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

const BROWSE_KEYS = Object.keys(
  {
    center: 0,
    radius: 0,
    countryCodes: 0,
    boundingBox: 0,
    categories: 0,
    limit: 0,
    name: 0,
    lang: 0,
  } satisfies Record<keyof BrowseParams, 0>,
);

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
 * The request {@linkcode browse} sends, validated: `GET /v1/browse` on the
 * browse host with `at`, the optional `in` filter, `categories`, `name`,
 * `limit` and `lang`. Pass it to `client.request` for the raw `Response`.
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
 *   () => buildBrowseRequest({ center: [52.5, 13.4], catgories: ["100"] } as never),
 *   { message: 'Invalid catgories: is not a parameter of browse; did you mean "categories"?' },
 * );
 * ```
 *
 * @throws {ValueError} for a key that is not a parameter of browse; a
 * missing or invalid `center`; an invalid `radius`
 * (not a positive integer), country code or `boundingBox`; more than one of
 * `radius`, `countryCodes` and `boundingBox`; a malformed category id; an
 * empty `name`; a `limit` that is not an integer from 1 to 100; a malformed
 * `lang`
 */
export function buildBrowseRequest(params: BrowseParams): RequestSpec {
  checkParams(params);
  checkKeys(params, BROWSE_KEYS, { operation: "browse" });
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
  const spec = buildBrowseRequest(params);
  return new BrowseResponse(
    await client.requestJson<ItemsBody>(spec, options),
  );
}
