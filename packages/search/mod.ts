/**
 * `@ls/search`: HERE Geocoding & Search v7 place search — {@linkcode discover}
 * (free text in an area), {@linkcode browse} (places around a centre by
 * category and name), {@linkcode lookup} (one place by HERE id),
 * {@linkcode autosuggest} (type-ahead, raw `Response`),
 * {@linkcode autocomplete} (address completion for forms), and
 * {@linkcode GeocodingSearchApi}, whose methods return raw `Response`s for
 * geocoding, reverse geocoding and the four search operations.
 *
 * - Each endpoint goes to its own host (`discover.search.hereapi.com`, ...;
 *   `hereapi.cn` with `country: "china"`), with GET and a single `in=` filter:
 *   `in=circle:lat,lng;r=R`, `in=bbox:west,south,east,north` or
 *   `in=countryCode:DEU,FRA` (the latter with `at=`). No query key is ever
 *   repeated (HERE answers 400).
 * - Input is checked before anything is sent, as `ValueError`s naming the
 *   parameter: positions, boxes, a positive integer `radius` (at most
 *   250000 m for browse, whose results lie within 250 km of its centre),
 *   `limit` 1..100, `termsLimit` 1..10, upper-case alpha-3 country codes and
 *   `politicalView`, category ids, `show` and `foodTypes` lists, and
 *   the area rules — discover takes `center`+`radius`, `center`+`countryCodes`
 *   or `boundingBox`; browse requires `center` and takes at most one of
 *   `radius`, `countryCodes`, `boundingBox`; autosuggest takes exactly one of
 *   `at`, `searchInCircle`, `searchInBbox`, and `inCountry` only with `at`;
 *   autocomplete takes at most one of them, `at` alone or with `inCountry`.
 *   A key that is not a parameter of the operation is refused too, with the
 *   known key it most likely meant.
 * - Each operation's request is also built on its own, without a client:
 *   {@linkcode buildDiscoverRequest}, {@linkcode buildBrowseRequest},
 *   {@linkcode buildLookupRequest}, {@linkcode buildAutosuggestRequest},
 *   {@linkcode buildAutocompleteRequest}.
 * - Typed responses expose `items` (the `ResultItem` type of
 *   `@ls/geocoding`, unknown fields kept), `raw`, `toJSON()`,
 *   `correlationId`, `requestId` and `toGeoJSON()` (`Point`s at `[lng, lat]`,
 *   items without a position skipped). {@linkcode LookupResponse} exposes the
 *   place's fields directly and its `toGeoJSON()` is one `Feature`.
 * - A status other than 200 becomes an `ApiError` with HERE's `title`,
 *   `detail` (`cause`), `action`, `code` and `correlationId`.
 * - {@linkcode PlaceCategory} names common category ids for browse.
 *
 * Depends on `@ls/core` and `@ls/geocoding`.
 *
 * Runtimes: Deno, Node, browsers and edge runtimes (web-standard APIs only).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Client } from "@ls/core";
 * import { autosuggest, browse, discover, lookup, PlaceCategory } from "@ls/search";
 * import { SANDBOX_API_KEY, startSandbox } from "@ls/sandbox";
 * await using sandbox = await startSandbox();
 * // For HERE: new Client({ apiKey: "<API_KEY>" })
 * const client = new Client({ apiKey: SANDBOX_API_KEY, baseUrl: sandbox.url });
 *
 * const cafes = await discover(client, { query: "coffee", center: [52.52, 13.405], radius: 1000, limit: 5 });
 * const food = await browse(client, { center: [52.52, 13.405], categories: [PlaceCategory.restaurant] });
 * const place = await lookup(client, { locationId: cafes.items[0].id! });
 * const suggestions = await (await autosuggest(client, { query: "res", at: [52.52, 13.405] })).json();
 * assert.equal(place.title, cafes.items[0].title);
 * assert.ok(food.items.length > 0 && suggestions.items.length > 0);
 * assert.equal(cafes.toGeoJSON().type, "FeatureCollection");
 * ```
 *
 * @module
 */

export * from "./discover.ts";
export type { InAreaParams, SearchAreaParams } from "./search_area_params.ts";
export type {
  MobilityMode,
  SearchRanking,
  SearchRoute,
  SearchRouteParams,
  SearchRouteSection,
} from "./search_route.ts";
export type {
  EvPaymentMethod,
  EvStationFilter,
  FuelStationFilter,
  FuelStationFuelType,
  PlaceFilterParams,
} from "./place_filters.ts";
export * from "./browse.ts";
export * from "./search_all.ts";
export * from "./lookup.ts";
export * from "./lookup_response.ts";
export * from "./autosuggest.ts";
export * from "./autosuggest_response.ts";
export * from "./autocomplete.ts";
export * from "./autocomplete_response.ts";
export * from "./geocoding_search_api.ts";
export * from "./place_category.ts";
export type { LookupShow, PlaceShow } from "./place_show.ts";

// The types of `@ls/geocoding` that this package's functions take and return.
export type {
  AccessAttributes,
  Address,
  AddressUsage,
  AdminName,
  AdminNames,
  Category,
  EvAvailability,
  EvAvailabilityConnector,
  EvAvailabilityEvse,
  EvChargingPoint,
  EvConnector,
  EvConnectorType,
  EvStation,
  ExtendedAttributes,
  FuelPrice,
  FuelStation,
  FunctionalClass,
  GeocodeParams,
  GeocodeShow,
  GeocodeType,
  GeocodingSearchParams,
  Highlight,
  Highlights,
  ItemsBody,
  ItemsResponse,
  MapReferences,
  Media,
  MediaSupplier,
  NavigationAttributes,
  PhysicalAttributes,
  PostalCodeDetails,
  QualifiedQuery,
  Reference,
  RelatedItem,
  ResultItem,
  ResultType,
  ReverseGeocodeParams,
  ReverseGeocodeType,
  Scoring,
  SpeedLimit,
  StationFuel,
  Translations,
} from "@ls/geocoding";
