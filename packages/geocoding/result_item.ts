/**
 * The result item of Geocoding & Search v7: one address, place or
 * suggestion, as geocode, revgeocode, discover, browse, lookup and
 * autosuggest return it. Every field is optional and unknown fields are
 * kept, because HERE adds fields over time and fills them per endpoint.
 *
 * @example
 * ```ts
 * import type { ResultItem } from "@ls/geocoding";
 * const item: ResultItem = {
 *   title: "Examplestraße 1, 12345 Sampletown, Germany",
 *   resultType: "houseNumber",
 *   position: { lat: 52.1234, lng: 13.5678 },
 * };
 * ```
 *
 * @module
 */

import type { BoundingBoxObject, LatLngObject } from "@ls/core";
import type {
  AddressUsage,
  NavigationAttributes,
  PostalCodeDetails,
  Translations,
} from "./result_extras.ts";
import type { ExtendedAttributes, Media } from "./place_extras.ts";

/**
 * A `resultType`: the known values of geocode, revgeocode, discover, browse,
 * lookup and autosuggest, or any other string HERE adds.
 *
 * @example
 * ```ts
 * import type { ResultType } from "@ls/geocoding";
 * const kind: ResultType = "place";
 * ```
 */
export type ResultType =
  | "addressBlock"
  | "administrativeArea"
  | "houseNumber"
  | "intersection"
  | "locality"
  | "place"
  | "postalCodePoint"
  | "street"
  | "categoryQuery"
  | "chainQuery"
  | (string & Record<never, never>);

/**
 * The address of a result item. Autosuggest items may carry only `label`.
 *
 * @example
 * ```ts
 * import type { Address } from "@ls/geocoding";
 * const address: Address = { label: "Demo Square 1, Sampletown", countryCode: "DEU" };
 * ```
 */
export interface Address {
  /** The whole address as one display line. */
  label?: string;
  /** ISO 3166-1 alpha-3 country code, e.g. `DEU`. */
  countryCode?: string;
  /** Country name, localised by `lang`. */
  countryName?: string;
  /** State code, e.g. `BE`. */
  stateCode?: string;
  /** State name. */
  state?: string;
  /** County name. */
  county?: string;
  /** City name. */
  city?: string;
  /** District name. */
  district?: string;
  /** Street name. */
  street?: string;
  /** Postal code. */
  postalCode?: string;
  /** House number. */
  houseNumber?: string;
}

/**
 * A place category of a result item (see `PlaceCategory` in `@ls/search`).
 *
 * @example
 * ```ts
 * import type { Category } from "@ls/geocoding";
 * const category: Category = { id: "100-1000-0000", name: "Restaurant", primary: true };
 * ```
 */
export interface Category {
  /** Category id, e.g. `100-1000-0000`. */
  id: string;
  /** Category name, localised by `lang`. */
  name?: string;
  /** True for the place's main category. */
  primary?: boolean;
}

/**
 * An external reference of a place: a supplier and that supplier's id.
 *
 * @example
 * ```ts
 * import type { Reference } from "@ls/geocoding";
 * const ref: Reference = { supplier: { id: "core" }, id: "000000001" };
 * ```
 */
export interface Reference {
  /** The supplier, e.g. `{ id: "core" }`. */
  supplier?: { id: string };
  /** The place's id at that supplier. */
  id?: string;
}

/**
 * How well a geocode result matches the query, from 0 to 1.
 *
 * @example
 * ```ts
 * import type { Scoring } from "@ls/geocoding";
 * const scoring: Scoring = { queryScore: 0.98, fieldScore: { city: 1 } };
 * ```
 */
export interface Scoring {
  /** Score of the whole query. */
  queryScore?: number;
  /** One score per matched address field, e.g. `city`. */
  fieldScore?: Record<string, unknown>;
}

/**
 * A matched range in a text, as autosuggest's `highlights` report it.
 *
 * @example
 * ```ts
 * import type { Highlight } from "@ls/geocoding";
 * const h: Highlight = { start: 0, end: 3 };
 * ```
 */
export interface Highlight {
  /** Index of the first matched character. */
  start: number;
  /** Index after the last matched character. */
  end: number;
}

/**
 * Autosuggest's matched ranges in the title and in address fields.
 *
 * @example
 * ```ts
 * import type { Highlights } from "@ls/geocoding";
 * const highlights: Highlights = {
 *   title: [{ start: 0, end: 3 }],
 *   address: { label: [{ start: 0, end: 3 }] },
 * };
 * ```
 */
export interface Highlights {
  /** Ranges in `title`. */
  title?: Highlight[];
  /** Ranges per address field, e.g. `label`. */
  address?: Record<string, Highlight[]>;
}

/**
 * `showMapReferences`: HERE map identifiers of a result. Each block is
 * there when asked for and known for the result; other fields HERE sends
 * are kept.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { MapReferences } from "@ls/geocoding";
 * const refs: MapReferences = {
 *   segments: [{ ref: "hrn:here:data::olp-here:rib-2:7599:-1234", side: "right" }],
 *   links: [{ cmId: "733328455", side: "right" }],
 * };
 * assert.equal(refs.links?.[0].side, "right");
 * ```
 */
export interface MapReferences {
  /** `segments`: the road segment at each access position, with its side. */
  segments?: { ref: string; side?: string }[];
  /** `links`: the map link at each access position, with its side. */
  links?: { cmId: string; side?: string }[];
  /** `pointAddress`: the point address's id in HERE Map Content (`hmcId`). */
  pointAddress?: { hmcId?: string; partitionId?: string };
  /** `microPointAddress`: the micro point address's identifier. */
  microPointAddress?: Record<string, unknown>;
  /**
   * Not a field of HERE's reference: `showMapReferences=adminIds` fills the
   * per-level fields (`country`, `state`, ... `subdistrict`); kept as sent.
   */
  adminIds?: Record<string, unknown>[];
  /** `adminIds`: the country's map identifier, as HERE sends it. */
  country?: Record<string, unknown>;
  /** `adminIds`: the state's map identifier, as HERE sends it. */
  state?: Record<string, unknown>;
  /** `adminIds`: the county's map identifier, as HERE sends it. */
  county?: Record<string, unknown>;
  /** `adminIds`: the city's map identifier, as HERE sends it. */
  city?: Record<string, unknown>;
  /** `adminIds`: the district's map identifier, as HERE sends it. */
  district?: Record<string, unknown>;
  /** `adminIds`: the subdistrict's map identifier, as HERE sends it. */
  subdistrict?: Record<string, unknown>;
  /** `cmVersion`: the map version the identifiers refer to: `region` and `dvn` (e.g. `"23150"`). */
  cmVersion?: { region?: string; dvn?: string };
}

/**
 * A related result (`showRelated`): an address or intersection beside the
 * result, with its relationship (`MPA`, `parentPA`, `intersection`,
 * `nearbyAddress`) and the usual result fields.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { RelatedItem } from "@ls/geocoding";
 * const unit: RelatedItem = { relationship: "MPA", title: "802/84 Northbourne Ave", houseNumberType: "MPA" };
 * assert.equal(unit.relationship, "MPA");
 * ```
 */
export interface RelatedItem extends Omit<ResultItem, "related"> {
  /** How the item relates to the result, as HERE names it. */
  relationship?: string;
}

/**
 * One result item. Every field is optional (HERE fills them per endpoint and
 * result type), and fields that are not modelled here are kept as they came.
 *
 * @example
 * ```ts
 * import type { ResultItem } from "@ls/geocoding";
 * const item: ResultItem = {
 *   title: "Demo Bistro",
 *   id: "here:pds:place:000demo0-00000000000000000000000000000001",
 *   resultType: "place",
 *   position: { lat: 52.5012, lng: 13.4021 },
 *   categories: [{ id: "100-1000-0000", name: "Restaurant", primary: true }],
 *   openingHours: [{ text: ["Mon-Sun: 10:00 - 22:00"] }], // kept as is
 * };
 * ```
 */
export interface ResultItem {
  /** Display title. */
  title?: string;
  /** HERE id (`here:pds:place:...`, `here:af:streetsection:...`); usable with lookup. */
  id?: string;
  /** What the item is. */
  resultType?: ResultType;
  /** With `resultType: "locality"`, e.g. `city` or `postalCode`. */
  localityType?: string;
  /** With `resultType: "administrativeArea"`, e.g. `county`. */
  administrativeAreaType?: string;
  /** With `resultType: "houseNumber"`, e.g. `PA` (point address). */
  houseNumberType?: string;
  /** The address. */
  address?: Address;
  /** Display position; absent for autosuggest query items. */
  position?: LatLngObject;
  /** Navigation access points. */
  access?: LatLngObject[];
  /** Metres from the search centre (revgeocode, discover, browse, autosuggest). */
  distance?: number;
  /** Suggested viewport. */
  mapView?: BoundingBoxObject;
  /** Place categories. */
  categories?: Category[];
  /** External references. */
  references?: Reference[];
  /** Geocode match quality. */
  scoring?: Scoring;
  /** Autosuggest: matched ranges. */
  highlights?: Highlights;
  /** `show=tz`: the time zone, e.g. `{ name: "Europe/Berlin", utcOffset: "+01:00" }`. */
  timeZone?: { name: string; utcOffset: string };
  /** `show=countryInfo`: the country's ISO codes. */
  countryInfo?: { alpha2: string; alpha3: string };
  /** `show=streetInfo`: the street name's parts, per street. */
  streetInfo?: {
    baseName?: string;
    streetType?: string;
    streetTypePrecedes?: boolean;
    streetTypeAttached?: boolean;
    prefix?: string;
    suffix?: string;
    direction?: string;
    language?: string;
  }[];
  /** `show=postalCodeDetails`: details of a `postalCodePoint` result's postal code (ZIP, Japan Post). */
  postalCodeDetails?: PostalCodeDetails[];
  /** `show=addressUsage`: whether the address is residential. */
  addressUsage?: AddressUsage;
  /** `show=parsing`: which parts of the query matched which field. */
  parsing?: Record<
    string,
    { start: number; end: number; value: string; qq?: string }[]
  >;
  /** Contacts of a place: phone, fax, www, email lists. */
  contacts?: Record<string, { value: string; label?: string }[]>[];
  /** Opening hours of a place. */
  openingHours?: {
    categories?: { id: string }[];
    text: string[];
    isOpen?: boolean;
    structured?: { start: string; duration: string; recurrence: string }[];
  }[];
  /** Food types of a restaurant. */
  foodTypes?: { id: string; name?: string; primary?: boolean }[];
  /** Chains the place belongs to. */
  chains?: { id: string; name?: string }[];
  /** `show=phonemes`: pronunciations of names, as HERE sends them. */
  phonemes?: Record<string, unknown[]>;
  /**
   * `show=ev`, `show=fuel`, `show=truck`: the charging station
   * (`evStation`, `evAvailability`), fuel station (`fuelStation`) and truck
   * amenities (`truckAmenities`) of a place.
   */
  extended?: ExtendedAttributes;
  /**
   * Not a field of HERE's reference, which puts charging details under
   * `extended.evStation` and `extended.evAvailability`; kept as sent.
   */
  ev?: unknown;
  /**
   * Not a field of HERE's reference, which puts fuel details under
   * `extended.fuelStation`; kept as sent.
   */
  fuelStation?: unknown;
  /**
   * Not a field of HERE's reference, which puts truck amenities under
   * `extended.truckAmenities`; kept as sent.
   */
  truck?: unknown;
  /** `show=tripadvisor`: images, editorials and ratings of a place. */
  media?: Media;
  /**
   * Searching along a `route`: twice the distance from the route to the
   * result, in metres (the detour `ranking: "excursionDistance"` orders by).
   */
  excursionDistance?: number;
  /** `politicalView`: the view applied, as HERE sends it. */
  politicalView?: string;
  /** Autosuggest query items: a ready-made discover URL (absolute or relative). */
  href?: string;
  /** `showMapReferences`: HERE map identifiers of the result. */
  mapReferences?: MapReferences;
  /**
   * `showNavAttributes`: attributes of the result's road segment, per
   * asked block (`speedLimits`, `functionalClass`, `access`, `physical`).
   */
  navigationAttributes?: NavigationAttributes;
  /** `showRelated`: related results (micro point addresses, intersections, ...). */
  related?: RelatedItem[];
  /** `showTranslations`: names of the asked administrative levels in every language. */
  translations?: Translations;
}
