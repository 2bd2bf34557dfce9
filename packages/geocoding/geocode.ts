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

import { Query, ValueError } from "@ls/core";
import type { Client, LatLngLike, RequestOptions, RequestSpec } from "@ls/core";
import {
  checkOperation,
  formatPoint,
  inCountryCodes,
  lazy,
  mapDetailRows,
  nonBlankString,
  scrubbing,
  setSearchParams,
} from "@ls/core/internal";
import type { AllKeys, SearchTable } from "@ls/core/internal";
import type {
  GeocodingSearchParams,
  ShowExtrasParams,
} from "./geocoding_search_params.ts";
import { type ItemsBody, ItemsResponse } from "./items_response.ts";
import { qualifiedQueryValue } from "./_qualified_query.ts";

/**
 * A qualified query (HERE's `qq`): the parts of an address, each matched
 * against that field only. Sent as `field=value` pairs joined by `;` in the
 * order below, e.g. `{ country: "Germany", city: "Berlin" }` as
 * `qq=country=Germany;city=Berlin`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { buildGeocodeRequest, type QualifiedQuery } from "@ls/geocoding";
 * const qq: QualifiedQuery = { city: "Berlin", street: "Invalidenstr", houseNumber: "116" };
 * const spec = buildGeocodeRequest({ qualifiedQuery: qq });
 * assert.equal(spec.query?.toString(), "qq=city=Berlin;street=Invalidenstr;houseNumber=116&limit=20&lang=en-US");
 * ```
 */
export interface QualifiedQuery {
  /** Country name or code, e.g. `"Germany"` or `"DEU"`. */
  country?: string;
  /** State or province, e.g. `"Bayern"` or `"CA"`. */
  state?: string;
  /** County. */
  county?: string;
  /** City. */
  city?: string;
  /** District within the city. */
  district?: string;
  /** Street name, without the house number. */
  street?: string;
  /** House number, e.g. `"116"` or `"12a"`. */
  houseNumber?: string;
  /** Postal code, e.g. `"10115"`. */
  postalCode?: string;
}

/**
 * A `types` value of {@linkcode geocode}: a known one, or any other string
 * HERE adds (sent unchanged).
 *
 * @example
 * ```ts
 * import type { GeocodeType } from "@ls/geocoding";
 * const types: GeocodeType[] = ["houseNumber", "street"];
 * ```
 */
export type GeocodeType =
  | "address"
  | "area"
  | "city"
  | "houseNumber"
  | "place"
  | "postalCode"
  | "street"
  | (string & Record<never, never>);

/**
 * A `show` value of {@linkcode geocode} and `reverseGeocode`: an extra block
 * per result, known or any other string HERE adds (sent unchanged). `tz` is
 * the time zone, `countryInfo` the country's codes, `streetInfo` the parts
 * of the street name, `parsing` how the query was read.
 *
 * @example
 * ```ts
 * import type { GeocodeShow } from "@ls/geocoding";
 * const show: GeocodeShow[] = ["tz", "countryInfo"];
 * ```
 */
export type GeocodeShow =
  | "addressUsage"
  | "countryInfo"
  | "parsing"
  | "postalCodeDetails"
  | "secondaryUnitInfo"
  | "streetInfo"
  | "tz";

/** The values of {@linkcode GeocodeShow}, in HERE's order. */
const GEOCODE_SHOW = Object.keys(
  {
    addressUsage: 0,
    countryInfo: 0,
    parsing: 0,
    postalCodeDetails: 0,
    secondaryUnitInfo: 0,
    streetInfo: 0,
    tz: 0,
  } satisfies Record<GeocodeShow, 0>,
);

/**
 * Parameters of {@linkcode geocode}. Give `query`, `qualifiedQuery`, or
 * both. `limit` defaults to 20 and `lang` to `"en-US"`; `show` takes the
 * blocks of {@linkcode GeocodeShow}.
 */
export interface GeocodeParams
  extends
    GeocodingSearchParams<GeocodeShow>,
    ShowExtrasParams<"intersections" | "MPA" | "parentPA"> {
  /**
   * Free-text address or place, e.g. `"Invalidenstr 116, 10115 Berlin"`;
   * sent as `q`. Required unless `qualifiedQuery` is given.
   */
  query?: string;
  /**
   * The address by its parts, sent as `qq` (see {@linkcode QualifiedQuery}):
   * at least one non-blank field. Alone or together with `query`.
   */
  qualifiedQuery?: QualifiedQuery;
  /**
   * `at`: a position that ranks results near it first, in any point form
   * (`[lat, lng]`, `{ lat, lng }`, a GeoJSON `Point` or `Feature`); none
   * when omitted.
   */
  at?: LatLngLike;
  /**
   * Only results in these countries: upper-case ISO 3166-1 alpha-3 codes,
   * e.g. `["DEU", "FRA"]` (`XEA` is the EU-27), sent as
   * `in=countryCode:DEU,FRA`. The only `in` form HERE documents for geocode.
   */
  countryCodes?: readonly string[];
  /**
   * `types`: only results of these kinds, e.g. `["houseNumber", "street"]`
   * (see {@linkcode GeocodeType}); all kinds when omitted or empty.
   */
  types?: readonly GeocodeType[];
  /**
   * `with`: extra kinds of result; `MPA` adds micro point addresses
   * (addresses of units within a building). None when omitted.
   */
  with?: readonly "MPA"[];
  /**
   * `addressNamesMode`: `matched` returns address names as the query spelt
   * them (an alternative or exonym), `normalized` the official names;
   * HERE's default (`matched`) when omitted.
   */
  addressNamesMode?: "matched" | "normalized";
  /**
   * `postalCodeMode`: for a query that is only a postal code, return one
   * result per city it covers (`cityLookup`) or per district
   * (`districtLookup`); the postal code itself when omitted.
   */
  postalCodeMode?: "cityLookup" | "districtLookup";
  /**
   * `showTranslations`: the names of these address parts in every language
   * HERE has, per result; none when omitted.
   */
  showTranslations?: readonly ("city" | "county" | "district" | "state")[];
}

/**
 * The parameters geocode checks with the shared rules, in HERE's order:
 * after `q`, `qq`, `at` and `in`.
 */
const GEOCODE_TABLE = [
  ["types"],
  ["with", ["MPA"]],
  ["limit", 20],
  ["lang", "en-US"],
  ["politicalView"],
  ["addressNamesMode", ["matched", "normalized"]],
  ["postalCodeMode", ["cityLookup", "districtLookup"]],
  ["show", GEOCODE_SHOW],
  ...mapDetailRows(["intersections", "MPA", "parentPA"]),
  ["showTranslations", ["city", "county", "district", "state"]],
] as const satisfies SearchTable<keyof GeocodeParams>;

const geocodeKeys = /* @__PURE__ */ lazy(() =>
  [
    "query",
    "qualifiedQuery",
    "at",
    "countryCodes",
    ...GEOCODE_TABLE.map(([name]) => name),
  ] as const
);

/** Every parameter is among the keys: the compiler checks the table. */
const _allKeys: AllKeys<
  GeocodeParams,
  ReturnType<typeof geocodeKeys>[number]
> = 0;

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
 * HERE's wire names that {@linkcode geocode} takes under another name:
 * given as a parameter, each is refused naming ours.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { GEOCODE_WIRE_NAMES } from "@ls/geocoding";
 * assert.equal(GEOCODE_WIRE_NAMES.qq, "qualifiedQuery");
 * ```
 */
export const GEOCODE_WIRE_NAMES: Readonly<Record<string, string>> = {
  q: "query",
  qq: "qualifiedQuery",
  in: "countryCodes",
};

/**
 * The request {@linkcode geocode} sends, validated: `GET /v1/geocode` on the
 * geocode host with `q` and/or `qq`, the optional `at`,
 * `in=countryCode:...` and `types`, `limit`, `lang`, and the optional
 * `politicalView` and `show`, in that order. Pass it to `client.request` for
 * the raw `Response`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { buildGeocodeRequest } from "@ls/geocoding";
 * const spec = buildGeocodeRequest({ query: "Main St 1, Springfield", limit: 5 });
 * assert.equal(spec.service, "geocode");
 * assert.equal(spec.query?.toString(), "q=Main%20St%201%2C%20Springfield&limit=5&lang=en-US");
 * const narrowed = buildGeocodeRequest({
 *   query: "Invalidenstr 116",
 *   qualifiedQuery: { country: "Germany", city: "Berlin" },
 *   at: [52.53, 13.38],
 *   countryCodes: ["DEU"],
 *   types: ["houseNumber"],
 *   show: ["tz"],
 * });
 * assert.equal(
 *   narrowed.query?.toString(),
 *   "q=Invalidenstr%20116&qq=country=Germany;city=Berlin&at=52.53,13.38&in=countryCode:DEU&types=houseNumber&limit=20&lang=en-US&show=tz",
 * );
 * assert.throws(
 *   () => buildGeocodeRequest({ query: "Springfield", limt: 5 } as never),
 *   { message: 'Invalid limt: is not a parameter of geocode; did you mean "limit"?' },
 * );
 * ```
 *
 * @throws {ValueError} for a key that is not a parameter of geocode; neither
 * `query` nor `qualifiedQuery`; an empty or whitespace-only `query`; a
 * `qualifiedQuery` that is not an object of non-blank address fields (or has
 * none); an `at` out of range; a country code that is not upper-case
 * alpha-3; `types` or `show` that are not lists of names without commas or
 * spaces; a `limit` that is not an integer from 1 to 100; a malformed `lang`;
 * a `politicalView` that is not an upper-case alpha-3 code; a `with`,
 * `showMapReferences`, `showNavAttributes`, `showRelated` or
 * `showTranslations` value, or an `addressNamesMode` or `postalCodeMode`,
 * that HERE does not list
 */
export function buildGeocodeRequest(params: GeocodeParams): RequestSpec {
  checkOperation(params, "geocode", geocodeKeys(), GEOCODE_WIRE_NAMES);
  const q = params.query === undefined
    ? undefined
    : nonBlankString(params.query, "query");
  const qq = qualifiedQueryValue(params.qualifiedQuery);
  if (q === undefined && qq === undefined) {
    throw new ValueError(
      "query",
      "is required unless qualifiedQuery is given (HERE needs q or qq)",
    );
  }
  const query = new Query()
    .set("q", q)
    .setStructured("qq", qq)
    .setStructured(
      "at",
      params.at === undefined ? undefined : formatPoint(params.at, "at"),
    )
    .setStructured(
      "in",
      params.countryCodes === undefined
        ? undefined
        : inCountryCodes(params.countryCodes, "countryCodes"),
    );
  setSearchParams(query, params, GEOCODE_TABLE);
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
  const spec = scrubbing(client, () => buildGeocodeRequest(params));
  return new GeocoderResponse(
    await client.requestJson<ItemsBody>(spec, options),
  );
}
