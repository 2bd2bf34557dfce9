/**
 * Address completion for forms, with HERE's `GET /v1/autocomplete`: partial
 * address text in, completed addresses (with HERE ids for lookup) out.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { buildAutocompleteRequest } from "@ls/search";
 * const spec = buildAutocompleteRequest({ query: "Berlin Pariser 20", inCountry: ["DEU"], limit: 3 });
 * assert.equal(spec.query?.toString(), "q=Berlin%20Pariser%2020&in=countryCode:DEU&limit=3");
 * ```
 *
 * @module
 */

import * as z from "zod/mini";
import { Query, ValueError } from "@ls/core";
import type { Client, RequestOptions, RequestSpec } from "@ls/core";
import {
  checkOperation,
  formatPoint,
  lazy,
  limitValue,
  nameListValue,
  nonBlankString,
  parseWith,
  scrubbing,
  setSearchParams,
} from "@ls/core/internal";
import type { SearchTable } from "@ls/core/internal";
import type { GeocodingSearchParams } from "@ls/geocoding";
import type { InAreaParams } from "./search_area_params.ts";
import { areaFilter, ONE_IN, oneArea } from "./_area.ts";
import {
  type AutocompleteBody,
  AutocompleteResponse,
} from "./autocomplete_response.ts";

/**
 * A `types` value of autocomplete: the kinds of result HERE can restrict
 * completions to (`area` covers cities, districts and the like).
 *
 * @example
 * ```ts
 * import type { AutocompleteType } from "@ls/search";
 * const types: AutocompleteType[] = ["city", "postalCode"];
 * ```
 */
export type AutocompleteType = "area" | "city" | "postalCode";

/**
 * A `show` value of autocomplete: `streetInfo` (the street name split into
 * base name, type, prefix and suffix) or `hasRelatedMPA` (whether an address
 * has related micro point addresses, such as flats or entrances).
 *
 * @example
 * ```ts
 * import type { AutocompleteShow } from "@ls/search";
 * const show: AutocompleteShow[] = ["streetInfo", "hasRelatedMPA"];
 * ```
 */
export type AutocompleteShow = "hasRelatedMPA" | "streetInfo";

/**
 * How autocomplete resolves postal code completions: `cityLookup`, one result
 * per postal code and city; `districtLookup`, one per postal code and
 * district.
 *
 * @example
 * ```ts
 * import type { AutocompletePostalCodeMode } from "@ls/search";
 * const mode: AutocompletePostalCodeMode = "districtLookup";
 * ```
 */
export type AutocompletePostalCodeMode = "cityLookup" | "districtLookup";

const AUTOCOMPLETE_TYPES = Object.keys(
  { area: 0, city: 0, postalCode: 0 } satisfies Record<AutocompleteType, 0>,
);

const AUTOCOMPLETE_SHOW = Object.keys(
  { hasRelatedMPA: 0, streetInfo: 0 } satisfies Record<AutocompleteShow, 0>,
);

const postalCodeModeSchema = /* @__PURE__ */ lazy(() =>
  z.enum(
    Object.keys(
      { cityLookup: 0, districtLookup: 0 } satisfies Record<
        AutocompletePostalCodeMode,
        0
      >,
    ) as [AutocompletePostalCodeMode, ...AutocompletePostalCodeMode[]],
  )
);

/**
 * The parameters autocomplete checks with the shared rules, in HERE's
 * order: after `limit`.
 */
const AUTOCOMPLETE_TABLE: SearchTable = [
  ["lang"],
  ["politicalView"],
  ["show", AUTOCOMPLETE_SHOW],
];

/** The largest `limit` of autocomplete. */
const MAX_AUTOCOMPLETE_LIMIT = 20;

/**
 * Parameters of {@linkcode autocomplete}. Every one but `query` is optional.
 * HERE takes one `in=` filter: give at most one of `searchInCircle`,
 * `searchInBbox` and `inCountry`; `at` (a proximity bias) goes with
 * `inCountry` or alone, not with a circle or box.
 */
export interface AutocompleteParams
  extends GeocodingSearchParams<AutocompleteShow>, InAreaParams {
  /** The partial address, e.g. `"Berlin Pariser 20"`; sent as `q`. */
  query: string;
  /** Search centre `[lat, lng]`: completions near it rank first; sent as `at`. */
  /**
   * Most completions, 1 to 20 (HERE's maximum for autocomplete); HERE's
   * default, 5, when omitted.
   */
  limit?: number;
  /** Only completions of these kinds, e.g. `["city"]`; sent as `types=city`. */
  types?: readonly AutocompleteType[];
  /** How postal code completions are resolved (see {@linkcode AutocompletePostalCodeMode}). */
  postalCodeMode?: AutocompletePostalCodeMode;
}

/**
 * HERE's wire names that {@linkcode autocomplete} takes under another name:
 * given as a parameter, each is refused naming ours.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { AUTOCOMPLETE_WIRE_NAMES } from "@ls/search";
 * assert.equal(AUTOCOMPLETE_WIRE_NAMES.q, "query");
 * ```
 */
export const AUTOCOMPLETE_WIRE_NAMES: Readonly<Record<string, string>> = {
  q: "query",
  in: "inCountry",
};

const AUTOCOMPLETE_KEYS = Object.keys(
  {
    query: 0,
    at: 0,
    searchInCircle: 0,
    searchInBbox: 0,
    inCountry: 0,
    types: 0,
    postalCodeMode: 0,
    limit: 0,
    lang: 0,
    politicalView: 0,
    show: 0,
  } satisfies Record<keyof AutocompleteParams, 0>,
);

/**
 * The request {@linkcode autocomplete} sends, validated:
 * `GET /v1/autocomplete` on the autocomplete host with `q`, `at`, `in`,
 * `types`, `postalCodeMode`, `limit`, `lang`, `politicalView` and `show`,
 * each only when given.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { buildAutocompleteRequest } from "@ls/search";
 * const spec = buildAutocompleteRequest({
 *   query: "Berlin Pariser",
 *   at: [52.5, 13.4],
 *   types: ["city", "postalCode"],
 *   postalCodeMode: "cityLookup",
 *   show: ["streetInfo"],
 * });
 * assert.equal(spec.path, "/v1/autocomplete");
 * assert.equal(spec.query?.toString(), "q=Berlin%20Pariser&at=52.5,13.4&types=city,postalCode&postalCodeMode=cityLookup&show=streetInfo");
 * const boxed = buildAutocompleteRequest({ query: "Pari", searchInBbox: [13.1, 52.3, 13.7, 52.7] });
 * assert.equal(boxed.query?.toString(), "q=Pari&in=bbox:13.1,52.3,13.7,52.7");
 * assert.throws(
 *   () => buildAutocompleteRequest({ query: "Pari", limit: 21 }),
 *   { message: "Invalid limit: must be an integer from 1 to 20, got 21" },
 * );
 * ```
 *
 * @throws {ValueError} for a key that is not a parameter of autocomplete; an
 * empty `query`; an invalid position, circle (radius not a positive
 * integer), box or country code; two of `searchInCircle`, `searchInBbox`
 * and `inCountry`, or `at` with a circle or box; a `limit` that is not an
 * integer from 1 to 20; a `types`, `show` or `postalCodeMode` value HERE
 * does not list; a malformed `lang` or `politicalView`
 */
export function buildAutocompleteRequest(
  params: AutocompleteParams,
): RequestSpec {
  checkOperation(
    params,
    "autocomplete",
    AUTOCOMPLETE_KEYS,
    AUTOCOMPLETE_WIRE_NAMES,
  );
  const q = nonBlankString(params.query, "query");
  const at = params.at === undefined ? undefined : formatPoint(params.at, "at");
  const area = oneArea([
    areaFilter("circle", params.searchInCircle, "searchInCircle"),
    areaFilter("bbox", params.searchInBbox, "searchInBbox"),
    areaFilter("countries", params.inCountry, "inCountry"),
  ]);
  if (at !== undefined && area && area.parameter !== "inCountry") {
    throw new ValueError(
      area.parameter,
      `cannot be combined with at: ${ONE_IN}; at goes with inCountry or alone`,
    );
  }
  const query = new Query()
    .set("q", q)
    .setStructured("at", at)
    .setStructured("in", area?.value)
    .set("types", nameListValue(params.types, "types", AUTOCOMPLETE_TYPES))
    .set(
      "postalCodeMode",
      params.postalCodeMode === undefined ? undefined : parseWith(
        postalCodeModeSchema(),
        params.postalCodeMode,
        "postalCodeMode",
      ),
    )
    .set("limit", limitValue(params.limit, "limit", MAX_AUTOCOMPLETE_LIMIT));
  setSearchParams(query, params, AUTOCOMPLETE_TABLE);
  return {
    service: "autocomplete",
    method: "GET",
    path: "/v1/autocomplete",
    query,
  };
}

/**
 * Completes a partial address: the addresses, streets, localities and postal
 * codes HERE finds for it, best first. Items carry HERE ids (pass one to
 * `lookup` for the position) and usually no position.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Client } from "@ls/core";
 * import { SANDBOX_API_KEY, startSandbox } from "@ls/sandbox";
 * import { autocomplete } from "@ls/search";
 * await using sandbox = await startSandbox();
 * const client = new Client({ apiKey: SANDBOX_API_KEY, baseUrl: sandbox.url });
 *
 * const res = await autocomplete(client, { query: "Berl", inCountry: ["DEU"], types: ["city"] });
 * assert.equal(res.items[0].address?.city, "Berlin");
 * assert.equal(res.items[0].position, undefined); // completions carry no position
 * assert.equal(res.toGeoJSON().features.length, 0);
 * ```
 *
 * @throws {ValueError} before any request, for the reasons of
 * {@linkcode buildAutocompleteRequest}
 * @throws {ApiError} when HERE answers with a status other than 200
 */
export async function autocomplete(
  client: Client,
  params: AutocompleteParams,
  options?: RequestOptions,
): Promise<AutocompleteResponse> {
  const spec = scrubbing(client, () => buildAutocompleteRequest(params));
  return new AutocompleteResponse(
    await client.requestJson<AutocompleteBody>(spec, options),
  );
}
