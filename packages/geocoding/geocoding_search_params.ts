/**
 * The parameters that the operations of Geocoding & Search v7 share,
 * declared once: each operation's parameters extend
 * {@linkcode GeocodingSearchParams}, or the part of it the operation takes.
 *
 * @example
 * ```ts
 * import type { GeocodingSearchParams } from "@ls/geocoding";
 * const shared: GeocodingSearchParams<"tz"> = { limit: 5, lang: ["de", "en"], politicalView: "SRB", show: ["tz"] };
 * ```
 *
 * @module
 */

/**
 * `limit`, `lang`, `politicalView` and `show`, with one meaning in every
 * Geocoding & Search operation; `Show` is the set of blocks the operation's
 * `show` takes.
 *
 * @example
 * ```ts
 * import type { GeocodingSearchParams } from "@ls/geocoding";
 * interface MyOptions extends Pick<GeocodingSearchParams<"tz">, "lang" | "show"> {
 *   label?: string;
 * }
 * const options: MyOptions = { lang: "en-US", show: ["tz"], label: "home" };
 * ```
 */
export interface GeocodingSearchParams<Show extends string = string> {
  /**
   * Most results, 1 to 100 (HERE's documented maximum); the operation's
   * default when omitted (20 for geocode and autosuggest, 1 for
   * reverseGeocode, HERE's own for discover and browse).
   */
  limit?: number;
  /**
   * BCP 47 language tag, or a list in order of preference; `"en-US"` for
   * geocode and reverseGeocode when omitted, HERE's choice for the others.
   */
  lang?: string | readonly string[];
  /**
   * `politicalView`: the upper-case ISO 3166-1 alpha-3 code of the country
   * whose view of disputed areas the results follow, e.g. `"SRB"`; HERE's
   * default view when omitted.
   */
  politicalView?: string;
  /**
   * `show`: extra blocks per result, e.g. `["tz"]` (the operation's `Show`
   * type lists them); none when omitted or empty.
   */
  show?: readonly Show[];
}

/**
 * A `showMapReferences` value: `adminIds` (ids of the administrative
 * areas), `cmVersion` (the map version), `links` and `segments` (the road
 * link and segment ids with their side and offset), `pointAddress` and
 * `microPointAddress` (the address point's id).
 *
 * @example
 * ```ts
 * import type { MapReference } from "@ls/geocoding";
 * const refs: MapReference[] = ["segments", "adminIds"];
 * ```
 */
export type MapReference =
  | "adminIds"
  | "cmVersion"
  | "links"
  | "microPointAddress"
  | "pointAddress"
  | "segments";

/**
 * A `showNavAttributes` value: attributes of the result's street segment,
 * `access` (who may use it), `functionalClass` (1 main roads to 5 local),
 * `physical` (bridge, tunnel, paved…) and `speedLimits` (with their unit).
 *
 * @example
 * ```ts
 * import type { NavAttribute } from "@ls/geocoding";
 * const attrs: NavAttribute[] = ["speedLimits"];
 * ```
 */
export type NavAttribute =
  | "access"
  | "functionalClass"
  | "physical"
  | "speedLimits";

/**
 * The `show…` families of geocode, revgeocode and lookup; `Related` is the
 * set `showRelated` takes for the operation.
 *
 * @example
 * ```ts
 * import type { ShowExtrasParams } from "@ls/geocoding";
 * const extras: ShowExtrasParams<"parentPA"> = { showMapReferences: ["segments"], showRelated: ["parentPA"] };
 * ```
 */
export interface ShowExtrasParams<Related extends string = string> {
  /**
   * `showMapReferences`: HERE map references per result (see
   * {@linkcode MapReference}); none when omitted.
   */
  showMapReferences?: readonly MapReference[];
  /**
   * `showNavAttributes`: navigation attributes of the result's street
   * segment (see {@linkcode NavAttribute}); none when omitted.
   */
  showNavAttributes?: readonly NavAttribute[];
  /**
   * `showRelated`: related results per result, e.g. `parentPA` (the parent
   * address point of a sub-address) or `intersections`; none when omitted.
   */
  showRelated?: readonly Related[];
}
