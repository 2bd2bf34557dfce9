/**
 * Place category ids for browse's `categories` filter: HERE's eleven level-1
 * groups and a selection of well-known level-2 and level-3 categories.
 *
 * Category ids have three levels — `100` (eat and drink), `100-1000`
 * (restaurants), `100-1000-0001` (casual dining) — and a place matches a
 * filter when it has at least one of the given ids at any level. HERE's
 * category documentation is authoritative; this table is a convenience, and
 * any other well-formed id may be passed as a string.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { PlaceCategory } from "@ls/search";
 * const categories = [PlaceCategory.restaurant, PlaceCategory.museum];
 * assert.deepEqual(categories, ["100-1000-0000", "300-3100-0000"]);
 * ```
 *
 * @module
 */

import type { OpenValue } from "@ls/core";

/**
 * Named place category ids (HERE's level-1 groups and common categories).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { PlaceCategory } from "@ls/search";
 * assert.equal(PlaceCategory.evChargingStation, "700-7600-0322");
 * assert.equal(PlaceCategory.eatAndDrink, "100");
 * ```
 */
export const PlaceCategory: {
  /** Level 1: eat and drink. */
  readonly eatAndDrink: "100";
  /** Level 1: going out and entertainment. */
  readonly goingOut: "200";
  /** Level 1: sights, museums and religious places. */
  readonly sightsAndMuseums: "300";
  /** Level 1: natural and geographical features. */
  readonly naturalAndGeographical: "350";
  /** Level 1: transport. */
  readonly transport: "400";
  /** Level 1: accommodation. */
  readonly accommodation: "500";
  /** Level 1: leisure and outdoor. */
  readonly leisureAndOutdoor: "550";
  /** Level 1: shopping. */
  readonly shopping: "600";
  /** Level 1: business and services. */
  readonly businessAndServices: "700";
  /** Level 1: facilities (health, government, education, parking, sports). */
  readonly facilities: "800";
  /** Level 1: areas and buildings. */
  readonly areasAndBuildings: "900";
  /** Restaurant (any kind). */
  readonly restaurant: "100-1000-0000";
  /** Casual dining restaurant. */
  readonly casualDining: "100-1000-0001";
  /** Fine dining restaurant. */
  readonly fineDining: "100-1000-0002";
  /** Fast food. */
  readonly fastFood: "100-1000-0009";
  /** Coffee and tea (any kind). */
  readonly coffeeTea: "100-1100-0000";
  /** Coffee shop. */
  readonly coffeeShop: "100-1100-0010";
  /** Bar or pub. */
  readonly barOrPub: "200-2000-0011";
  /** Night club. */
  readonly nightClub: "200-2000-0012";
  /** Cinema. */
  readonly cinema: "200-2100-0019";
  /** Tourist attraction. */
  readonly touristAttraction: "300-3000-0023";
  /** Museum (any kind). */
  readonly museum: "300-3100-0000";
  /** Religious place (any kind). */
  readonly religiousPlace: "300-3200-0000";
  /** Airport. */
  readonly airport: "400-4000-4581";
  /** Train station. */
  readonly trainStation: "400-4100-0035";
  /** Bus station. */
  readonly busStation: "400-4100-0036";
  /** Underground train or subway. */
  readonly subway: "400-4100-0037";
  /** Bus stop. */
  readonly busStop: "400-4100-0042";
  /** Ferry terminal. */
  readonly ferryTerminal: "400-4100-0044";
  /** Taxi stand. */
  readonly taxiStand: "400-4100-0047";
  /** Rest area (any kind). */
  readonly restArea: "400-4300-0000";
  /** Hotel or motel (any kind). */
  readonly hotelOrMotel: "500-5000-0000";
  /** Hotel. */
  readonly hotel: "500-5000-0053";
  /** Hostel. */
  readonly hostel: "500-5100-0055";
  /** Campground. */
  readonly campground: "500-5100-0056";
  /** Park or recreation area. */
  readonly parkRecreationArea: "550-5510-0202";
  /** Beach. */
  readonly beach: "550-5510-0205";
  /** Zoo. */
  readonly zoo: "550-5520-0208";
  /** Convenience store. */
  readonly convenienceStore: "600-6000-0061";
  /** Shopping mall. */
  readonly shoppingMall: "600-6100-0062";
  /** Grocery. */
  readonly grocery: "600-6300-0066";
  /** Pharmacy. */
  readonly pharmacy: "600-6400-0070";
  /** Bookstore. */
  readonly bookstore: "600-6700-0087";
  /** Bank. */
  readonly bank: "700-7000-0107";
  /** ATM. */
  readonly atm: "700-7010-0108";
  /** Police station. */
  readonly policeStation: "700-7300-0111";
  /** Post office. */
  readonly postOffice: "700-7450-0114";
  /** Tourist information. */
  readonly touristInformation: "700-7460-0115";
  /** Fueling station (any kind). */
  readonly fuelingStation: "700-7600-0000";
  /** Petrol (gasoline) station. */
  readonly petrolGasolineStation: "700-7600-0116";
  /** EV charging station. */
  readonly evChargingStation: "700-7600-0322";
  /** Rental car agency. */
  readonly rentalCarAgency: "700-7851-0117";
  /** Hospital or health care facility (any kind). */
  readonly hospitalOrHealthCareFacility: "800-8000-0000";
  /** Dentist or dental office. */
  readonly dentist: "800-8000-0154";
  /** Hospital. */
  readonly hospital: "800-8000-0159";
  /** Higher education. */
  readonly higherEducation: "800-8200-0173";
  /** School. */
  readonly school: "800-8200-0174";
  /** Parking lot. */
  readonly parkingLot: "800-8500-0178";
} = {
  eatAndDrink: "100",
  goingOut: "200",
  sightsAndMuseums: "300",
  naturalAndGeographical: "350",
  transport: "400",
  accommodation: "500",
  leisureAndOutdoor: "550",
  shopping: "600",
  businessAndServices: "700",
  facilities: "800",
  areasAndBuildings: "900",
  restaurant: "100-1000-0000",
  casualDining: "100-1000-0001",
  fineDining: "100-1000-0002",
  fastFood: "100-1000-0009",
  coffeeTea: "100-1100-0000",
  coffeeShop: "100-1100-0010",
  barOrPub: "200-2000-0011",
  nightClub: "200-2000-0012",
  cinema: "200-2100-0019",
  touristAttraction: "300-3000-0023",
  museum: "300-3100-0000",
  religiousPlace: "300-3200-0000",
  airport: "400-4000-4581",
  trainStation: "400-4100-0035",
  busStation: "400-4100-0036",
  subway: "400-4100-0037",
  busStop: "400-4100-0042",
  ferryTerminal: "400-4100-0044",
  taxiStand: "400-4100-0047",
  restArea: "400-4300-0000",
  hotelOrMotel: "500-5000-0000",
  hotel: "500-5000-0053",
  hostel: "500-5100-0055",
  campground: "500-5100-0056",
  parkRecreationArea: "550-5510-0202",
  beach: "550-5510-0205",
  zoo: "550-5520-0208",
  convenienceStore: "600-6000-0061",
  shoppingMall: "600-6100-0062",
  grocery: "600-6300-0066",
  pharmacy: "600-6400-0070",
  bookstore: "600-6700-0087",
  bank: "700-7000-0107",
  atm: "700-7010-0108",
  policeStation: "700-7300-0111",
  postOffice: "700-7450-0114",
  touristInformation: "700-7460-0115",
  fuelingStation: "700-7600-0000",
  petrolGasolineStation: "700-7600-0116",
  evChargingStation: "700-7600-0322",
  rentalCarAgency: "700-7851-0117",
  hospitalOrHealthCareFacility: "800-8000-0000",
  dentist: "800-8000-0154",
  hospital: "800-8000-0159",
  higherEducation: "800-8200-0173",
  school: "800-8200-0174",
  parkingLot: "800-8500-0178",
} as const;

/**
 * A place category id: a named one from {@linkcode PlaceCategory}, or any
 * other id such as `"100-1000-0001"`.
 *
 * @example
 * ```ts
 * import { PlaceCategory } from "@ls/search";
 * const wanted: PlaceCategory[] = [PlaceCategory.hotel, "500-5100-0058"];
 * ```
 */
export type PlaceCategory = OpenValue<typeof PlaceCategory>;
