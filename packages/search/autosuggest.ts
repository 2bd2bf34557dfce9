/**
 * Type-ahead suggestions for partial input, with HERE's
 * `GET /v1/autosuggest`. Returns the raw fetch `Response`; its JSON is an
 * `AutosuggestBody`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { buildAutosuggestRequest } from "@ls/search";
 * const spec = buildAutosuggestRequest({ query: "res", at: [52.93175, 12.77165], limit: 5 });
 * assert.equal(spec.query?.toString(), "q=res&at=52.93175,12.77165&limit=5");
 * ```
 *
 * @module
 */

import { Query, ValueError } from "@ls/core";
import type { Client, RequestOptions, RequestSpec } from "@ls/core";
import {
  checkOperation,
  formatPoint,
  integer,
  lazy,
  limitValue,
  nonBlankString,
  parseWith,
  scrubbing,
  setSearchParams,
} from "@ls/core/internal";
import type { SearchTable } from "@ls/core/internal";
import type { GeocodingSearchParams } from "@ls/geocoding";
import type { InAreaParams } from "./search_area_params.ts";
import { type AreaFilter, areaFilter, ONE_IN, oneArea } from "./_area.ts";
import { searchRouteEntries, type SearchRouteParams } from "./search_route.ts";
import {
  PLACE_FILTER_KEYS,
  placeFilterEntries,
  withValue,
} from "./place_filters.ts";
import type { PlaceFilterParams } from "./place_filters.ts";
import { offsetValue } from "./_offset.ts";
import type { AutosuggestRawResponse } from "./autosuggest_response.ts";

/**
 * A `show` value of autosuggest: a known one, or any other string HERE adds.
 *
 * @example
 * ```ts
 * import type { AutosuggestShow } from "@ls/search";
 * const show: AutosuggestShow[] = ["phonemes", "tz"];
 * ```
 */
export type AutosuggestShow =
  | "details"
  | "fuel"
  | "phonemes"
  | "streetInfo"
  | "truck"
  | "tz";

/** The values of {@linkcode AutosuggestShow}, for the run-time check. */
const AUTOSUGGEST_SHOW = Object.keys(
  {
    details: 0,
    fuel: 0,
    phonemes: 0,
    streetInfo: 0,
    truck: 0,
    tz: 0,
  } satisfies Record<AutosuggestShow, 0>,
);

/** `termsLimit`: 0 (no query terms) to 10. */
const termsLimitSchema = /* @__PURE__ */ lazy(() => integer(0, 10));

/**
 * A `showMapReferences` value of autosuggest: `adminIds`, `pointAddress`
 * or `segments`, the HERE map ids behind a result.
 */
export type AutosuggestMapReference = "adminIds" | "pointAddress" | "segments";

const MAP_REFERENCES = Object.keys(
  { adminIds: 0, pointAddress: 0, segments: 0 } satisfies Record<
    AutosuggestMapReference,
    0
  >,
);

/**
 * The parameters autosuggest checks with the shared rules, in HERE's order:
 * after `termsLimit`, before `with`.
 */
const AUTOSUGGEST_TABLE: SearchTable = [
  ["lang"],
  ["politicalView"],
  ["show", AUTOSUGGEST_SHOW],
  ["showMapReferences", MAP_REFERENCES],
];

/**
 * Parameters of {@linkcode autosuggest}. Give exactly one of `at`,
 * `searchInCircle`, `searchInBbox` and `route`; `inCountry` only together
 * with `at` or `route`. `limit` defaults to 20; `show` takes the blocks of
 * {@linkcode AutosuggestShow}.
 */
export interface AutosuggestParams
  extends
    GeocodingSearchParams<AutosuggestShow>,
    InAreaParams,
    SearchRouteParams,
    PlaceFilterParams {
  /** The partial input, e.g. `"res"`; sent as `q`. */
  query: string;
  /** Most query-term suggestions, 0 (none) to 10. */
  termsLimit?: number;
  /**
   * Suggestions to skip, an integer from 0, for the next page; requires
   * `limit`, the page size.
   */
  offset?: number;
  /** `with`: `["recommendPlaces"]` adds places HERE recommends. */
  with?: readonly "recommendPlaces"[];
  /**
   * `showMapReferences`: HERE map ids to add to each result, among
   * `adminIds`, `pointAddress` and `segments` (in `mapReferences`).
   */
  showMapReferences?: readonly AutosuggestMapReference[];
}

/**
 * HERE's wire names that {@linkcode autosuggest} takes under another name:
 * given as a parameter, each is refused naming ours.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { AUTOSUGGEST_WIRE_NAMES } from "@ls/search";
 * assert.equal(AUTOSUGGEST_WIRE_NAMES.q, "query");
 * ```
 */
export const AUTOSUGGEST_WIRE_NAMES: Readonly<Record<string, string>> = {
  q: "query",
  in: "searchInCircle",
};

const AUTOSUGGEST_KEYS = Object.keys(
  {
    query: 0,
    at: 0,
    searchInCircle: 0,
    searchInBbox: 0,
    inCountry: 0,
    limit: 0,
    termsLimit: 0,
    lang: 0,
    politicalView: 0,
    show: 0,
    offset: 0,
    with: 0,
    showMapReferences: 0,
    route: 0,
    routeWidth: 0,
    ranking: 0,
    mobilityMode: 0,
    ...PLACE_FILTER_KEYS,
  } satisfies Record<keyof AutosuggestParams, 0>,
);

/**
 * The request {@linkcode autosuggest} sends, validated: `GET /v1/autosuggest`
 * on the autosuggest host with `q`, `at` or `in`, `limit`, `termsLimit`,
 * `lang`, `politicalView` and `show`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { buildAutosuggestRequest } from "@ls/search";
 * const spec = buildAutosuggestRequest({
 *   query: "res",
 *   at: [52.93175, 12.77165],
 *   inCountry: ["USA", "CAN"],
 *   limit: 5,
 *   lang: ["en", "de"],
 * });
 * assert.equal(spec.query?.toString(), "q=res&at=52.93175,12.77165&in=countryCode:USA,CAN&limit=5&lang=en,de");
 * const inCircle = buildAutosuggestRequest({ query: "res", searchInCircle: { lat: 52.53, lng: 13.38, radius: 10000 } });
 * assert.equal(inCircle.query?.toString(), "q=res&in=circle:52.53,13.38;r=10000&limit=20");
 * assert.throws(
 *   () => buildAutosuggestRequest({ query: "res", at: [52.5, 13.4], termLimit: 3 } as never),
 *   { message: 'Invalid termLimit: is not a parameter of autosuggest; did you mean "termsLimit"?' },
 * );
 * ```
 *
 * @throws {ValueError} for a key that is not a parameter of autosuggest; an
 * empty `query`; none or several of `at`,
 * `searchInCircle` and `searchInBbox`; `inCountry` without `at`; an invalid
 * position, circle (radius not a positive integer), box or country code; a
 * `limit` that is not an integer from 1 to 100; a `termsLimit` that is not
 * one from 0 to 10; a malformed `lang`, `politicalView` or `show`; a
 * `route` with another area, a malformed route or `routeWidth`,
 * `routeWidth` or `ranking` without `route`, `mobilityMode` without
 * `ranking`, `offset` without `limit`; a value of `ranking`,
 * `mobilityMode`, `with`, `showMapReferences`, `evStation` or
 * `fuelStation` outside the sets HERE documents
 */
export function buildAutosuggestRequest(
  params: AutosuggestParams,
): RequestSpec {
  checkOperation(
    params,
    "autosuggest",
    AUTOSUGGEST_KEYS,
    AUTOSUGGEST_WIRE_NAMES,
  );
  const q = nonBlankString(params.query, "query");
  const { at, area } = autosuggestArea(params);
  const [route, ...ranking] = searchRouteEntries(params);
  const termsLimit = params.termsLimit === undefined
    ? undefined
    : parseWith(termsLimitSchema(), params.termsLimit, "termsLimit");

  const query = new Query()
    .set("q", q)
    .setStructured("at", at)
    .setStructured("in", area?.value)
    .setStructured("route", route[1])
    .set("limit", limitValue(params.limit ?? undefined) ?? 20)
    .set("offset", offsetValue(params.offset, params.limit ?? 20))
    .set("termsLimit", termsLimit);
  setSearchParams(query, params, AUTOSUGGEST_TABLE)
    .set("with", withValue(params.with));
  for (const [key, value] of [...ranking, ...placeFilterEntries(params)]) {
    query.set(key, value);
  }
  return {
    service: "autosuggest",
    method: "GET",
    path: "/v1/autosuggest",
    query,
  };
}

/** The `at` and `in` of autosuggest, checked. */
function autosuggestArea(
  params: AutosuggestParams,
): { at?: string; area?: AreaFilter } {
  const at = params.at === undefined ? undefined : formatPoint(params.at, "at");
  const circle = areaFilter("circle", params.searchInCircle, "searchInCircle");
  const bbox = areaFilter("bbox", params.searchInBbox, "searchInBbox");
  const country = areaFilter("countries", params.inCountry, "inCountry");
  const area = oneArea([
    params.route === undefined ? undefined : { parameter: "route", value: "" },
    at === undefined ? undefined : { parameter: "at", value: at },
    circle,
    bbox,
  ], "give exactly one of at, searchInCircle, searchInBbox or route");
  if (area === undefined) {
    throw new ValueError(
      "at",
      "one of at, searchInCircle, searchInBbox or route is required",
    );
  }
  if (country && !at && area.parameter !== "route") {
    throw new ValueError(
      "inCountry",
      `can only be combined with at or route, not with ${area.parameter}: ${ONE_IN}`,
    );
  }
  return { at, area: at || area.parameter === "route" ? country : area };
}

/**
 * Suggests places, addresses and query completions for partial input, and
 * returns HERE's raw `Response` (status 200, body unread).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Client } from "@ls/core";
 * import { SANDBOX_API_KEY, startSandbox } from "@ls/sandbox";
 * import { itemsToGeoJSON } from "@ls/geocoding";
 * import { autosuggest, type AutosuggestBody } from "@ls/search";
 * await using sandbox = await startSandbox();
 * const client = new Client({ apiKey: SANDBOX_API_KEY, baseUrl: sandbox.url });
 *
 * const res = await autosuggest(client, { query: "res", at: [52.52, 13.405], limit: 5, termsLimit: 3 });
 * assert.equal(res.status, 200);
 * const body: AutosuggestBody = await res.json(); // typed, no cast needed
 * assert.ok(body.items.length <= 5);
 * assert.deepEqual(body.queryTerms?.[0], { term: "restaurant", replaces: "res", start: 0, end: 3 });
 * assert.ok(itemsToGeoJSON(body.items).features.length <= body.items.length); // query items have no position
 * ```
 *
 * @throws {ValueError} before any request, for the reasons of
 * {@linkcode buildAutosuggestRequest}
 * @throws {ApiError} when HERE answers with a status other than 200
 */
export async function autosuggest(
  client: Client,
  params: AutosuggestParams,
  options?: RequestOptions,
): Promise<AutosuggestRawResponse> {
  const spec = scrubbing(client, () => buildAutosuggestRequest(params));
  return await client.request(spec, options) as AutosuggestRawResponse;
}
