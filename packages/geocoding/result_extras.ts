/**
 * The address blocks that the `show…` parameters and `show` values add to a
 * result item, typed as HERE's Geocoding & Search v7 reference defines
 * them: navigation attributes of the street segment (`showNavAttributes`),
 * names in other languages (`showTranslations`), postal code details and
 * address usage (the place blocks are in `place_extras.ts`). Every field
 * is optional, enumerations accept values HERE adds later, and fields not
 * modelled here stay in the response's `raw`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { NavigationAttributes } from "@ls/geocoding";
 * const nav: NavigationAttributes = {
 *   speedLimits: [{ maxSpeed: 50, speedUnit: "kph", direction: "N", source: "posted" }],
 *   functionalClass: [{ value: 5 }],
 * };
 * assert.equal(nav.speedLimits?.[0].maxSpeed, 50);
 * ```
 *
 * @module
 */

/**
 * A speed limit of the result's street segment (`showNavAttributes`
 * `speedLimits`), one per direction of traffic.
 *
 * @example
 * ```ts
 * import type { SpeedLimit } from "@ls/geocoding";
 * const limit: SpeedLimit = { maxSpeed: 30, speedUnit: "mph", direction: "E" };
 * ```
 */
export interface SpeedLimit {
  /** The allowed speed in `speedUnit`; `999` means unlimited. */
  maxSpeed?: number;
  /** The country's speed unit, e.g. `"kph"` or `"mph"`. */
  speedUnit?: "kph" | "mph" | (string & Record<never, never>);
  /** The direction of traffic it applies to, as a compass value (`N`, `SE`, ...). */
  direction?: string;
  /** `"posted"` (a sign or official data) or `"derived"` (from regulations). */
  source?: "derived" | "posted" | (string & Record<never, never>);
}

/**
 * The functional class of the result's street segment (`showNavAttributes`
 * `functionalClass`): 1 for high-volume, maximum-speed roads to 5 for local
 * roads.
 *
 * @example
 * ```ts
 * import type { FunctionalClass } from "@ls/geocoding";
 * const fc: FunctionalClass = { value: 2 };
 * ```
 */
export interface FunctionalClass {
  /** The class, 1 (main roads) to 5 (local roads). */
  value?: number;
}

/**
 * Who may use the result's street segment (`showNavAttributes` `access`):
 * `true` when the road allows them.
 *
 * @example
 * ```ts
 * import type { AccessAttributes } from "@ls/geocoding";
 * const access: AccessAttributes = { automobiles: true, pedestrians: true, trucks: false };
 * ```
 */
export interface AccessAttributes {
  /** Cars. */
  automobiles?: boolean;
  /** Bicycles. */
  bicycles?: boolean;
  /** Buses. */
  buses?: boolean;
  /** Carpools. */
  carpools?: boolean;
  /** Deliveries. */
  deliveries?: boolean;
  /** Emergency vehicles. */
  emergencyVehicles?: boolean;
  /** Motorcycles. */
  motorcycles?: boolean;
  /** Pedestrians. */
  pedestrians?: boolean;
  /** Taxis. */
  taxis?: boolean;
  /** Through traffic. */
  throughTraffic?: boolean;
  /** Trucks. */
  trucks?: boolean;
}

/**
 * Physical traits of the result's street segment (`showNavAttributes`
 * `physical`): `true` when the segment has the trait.
 *
 * @example
 * ```ts
 * import type { PhysicalAttributes } from "@ls/geocoding";
 * const physical: PhysicalAttributes = { bridge: false, paved: true, tunnel: false };
 * ```
 */
export interface PhysicalAttributes {
  /** A boat ferry route. */
  boatFerry?: boolean;
  /** A bridge. */
  bridge?: boolean;
  /** A delivery road. */
  deliveryRoad?: boolean;
  /** A bridge that moves to let boats pass. */
  movableBridge?: boolean;
  /** Digitised with one line per direction of traffic. */
  multiplyDigitized?: boolean;
  /** Paved. */
  paved?: boolean;
  /** Private (not maintained by a public road authority). */
  private?: boolean;
  /** A rail ferry route. */
  railFerry?: boolean;
  /** A tunnel. */
  tunnel?: boolean;
}

/**
 * `showNavAttributes`: attributes of the result's street segment, one list
 * per asked block. Speed limits come one per direction of traffic; with a
 * `bearing`, the first matches it.
 *
 * @example
 * ```ts
 * import type { NavigationAttributes } from "@ls/geocoding";
 * const nav: NavigationAttributes = {
 *   access: [{ automobiles: true }],
 *   physical: [{ paved: true }],
 * };
 * ```
 */
export interface NavigationAttributes {
  /** `speedLimits`. */
  speedLimits?: SpeedLimit[];
  /** `functionalClass`. */
  functionalClass?: FunctionalClass[];
  /** `access`. */
  access?: AccessAttributes[];
  /** `physical`. */
  physical?: PhysicalAttributes[];
}

/**
 * One name of an administrative area, in one language and of one kind.
 *
 * @example
 * ```ts
 * import type { AdminName } from "@ls/geocoding";
 * const name: AdminName = { value: "Francfort-sur-le-Main", type: "exonym", language: "fr" };
 * ```
 */
export interface AdminName {
  /** The name. */
  value?: string;
  /**
   * What kind of name: `baseName` (official), `exonym` (a translation),
   * `synonym`, `shortened`, `abbreviation` or `areaCode`.
   */
  type?:
    | "abbreviation"
    | "areaCode"
    | "baseName"
    | "exonym"
    | "shortened"
    | "synonym"
    | (string & Record<never, never>);
  /** BCP 47 language code. */
  language?: string;
  /** Present and `true` for the name shown by default. */
  primary?: boolean;
  /** Present and `true` for a transliterated form of a non-Latin-1 name. */
  transliterated?: boolean;
}

/**
 * The names of one administrative area in one view of it: `primary` (the
 * default view) or `alternative` (e.g. the postal view where it differs).
 *
 * @example
 * ```ts
 * import type { AdminNames } from "@ls/geocoding";
 * const group: AdminNames = { preference: "primary", names: [{ value: "Berlin", type: "baseName", language: "de", primary: true }] };
 * ```
 */
export interface AdminNames {
  /** Every name of the area in this view. */
  names?: AdminName[];
  /** `primary` or `alternative`. */
  preference?: "alternative" | "primary" | (string & Record<never, never>);
}

/**
 * `showTranslations`: the names of the asked address levels in every
 * language, grouped by view.
 *
 * @example
 * ```ts
 * import type { Translations } from "@ls/geocoding";
 * const t: Translations = { cityNames: [{ names: [{ value: "Munich", type: "exonym", language: "en" }] }] };
 * ```
 */
export interface Translations {
  /** State names (`showTranslations=state`). */
  stateNames?: AdminNames[];
  /** County names (`showTranslations=county`). */
  countyNames?: AdminNames[];
  /** City names (`showTranslations=city`). */
  cityNames?: AdminNames[];
  /** District names (`showTranslations=district`). */
  districtNames?: AdminNames[];
}

/**
 * `show=postalCodeDetails`: details of a postal code in the countries whose
 * postal entity HERE covers (USPS ZIP and ZIP+4 in the USA and its
 * territories, Japan Post in Japan). Only the fields common to them are
 * modelled; the others stay in the response's `raw`.
 *
 * @example
 * ```ts
 * import type { PostalCodeDetails } from "@ls/geocoding";
 * const zip: PostalCodeDetails = { postalCode: "10118", postalEntity: "USPS", postalCodeType: "ZIP" };
 * ```
 */
export interface PostalCodeDetails {
  /** The postal code. */
  postalCode?: string;
  /** The postal entity, e.g. `USPS`. */
  postalEntity?: string;
  /** The postal code type, e.g. `ZIP` or `ZIP+4`. */
  postalCodeType?: string;
  /** USPS ZIP classification code. */
  zipClassificationCode?: string;
}

/**
 * `show=addressUsage`: whether the address is residential.
 *
 * @example
 * ```ts
 * import type { AddressUsage } from "@ls/geocoding";
 * const usage: AddressUsage = { usageType: "residential" };
 * ```
 */
export interface AddressUsage {
  /** HERE's usage flag for the address, e.g. `residential`. */
  usageType?: string;
}
