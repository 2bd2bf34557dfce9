/**
 * The options every route function takes beyond waypoints and what to
 * return: traffic ({@linkcode TrafficOptions}), zones to avoid
 * ({@linkcode AvoidZoneCategories}), lanes to allow
 * ({@linkcode AllowOptions}) and what to exclude
 * ({@linkcode ExcludeOptions}), with their named values.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { buildCarRouteRequest } from "@ls/routing";
 * const spec = buildCarRouteRequest({
 *   origin: [52.5, 13.4],
 *   destination: [52.6, 13.5],
 *   traffic: { mode: "disabled" },
 *   allow: { hov: true },
 * });
 * assert.match(spec.query!.toString(), /&allow%5Bhov%5D=true&traffic%5Bmode%5D=disabled$/);
 * ```
 *
 * @module
 */

import type {
  AvoidBoundingBox,
  BoundingBoxLike,
  LatLngLike,
  NamedValues,
} from "@ls/core";
import { namedValues, ZONE_CATEGORIES } from "@ls/core/internal";

/**
 * A polygon to avoid: `{ type: "polygon", outer }`, `outer` its 3 to 100
 * vertices in any point form (`[lat, lng]`, `{ lat, lng }`, a GeoJSON
 * `Point` or `Feature`). Sent as `polygon:lat,lng;lat,lng;…`; HERE closes
 * the ring and takes at most 20 polygons a request.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { type AvoidPolygon, buildCarRouteRequest } from "@ls/routing";
 * const park: AvoidPolygon = { type: "polygon", outer: [[52.51, 13.35], [52.52, 13.37], [52.51, 13.38]] };
 * const spec = buildCarRouteRequest({ origin: [52.5, 13.3], destination: [52.53, 13.4], avoidAreas: [park] });
 * assert.match(spec.query!.toString(), /&avoid%5Bareas%5D=polygon:52.51,13.35;52.52,13.37;52.51,13.38$/);
 * ```
 */
export interface AvoidPolygon {
  /** Always `"polygon"`. */
  type: "polygon";
  /** The vertices, 3 to 100, in any point form. */
  outer: readonly LatLngLike[];
}

/**
 * An area to avoid: a box (`{ west, south, east, north }`, the seed's
 * `AvoidBoundingBox`, or `[west, south, east, north]`) or an
 * {@linkcode AvoidPolygon}.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { type AvoidArea, buildCarRouteRequest } from "@ls/routing";
 * const areas: AvoidArea[] = [
 *   { west: 13.41, south: 52.51, east: 13.43, north: 52.53 },
 *   [13.44, 52.54, 13.46, 52.56],
 * ];
 * const spec = buildCarRouteRequest({ origin: [52.5, 13.4], destination: [52.6, 13.5], avoidAreas: areas });
 * assert.match(spec.query!.toString(), /&avoid%5Bareas%5D=bbox:13.41,52.51,13.43,52.53%7Cbbox:13.44,52.54,13.46,52.56$/);
 * ```
 */
export type AvoidArea = BoundingBoxLike | AvoidBoundingBox | AvoidPolygon;

/**
 * Values of {@linkcode TrafficOptions.mode}: `default` (HERE's: live and
 * historical traffic, with `departureTime: "any"` only long-term closures)
 * or `disabled` (no traffic data at all).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { TrafficMode } from "@ls/routing";
 * assert.equal(TrafficMode.disabled, "disabled");
 * ```
 */
export const TrafficMode: NamedValues<["default", "disabled"]> =
  /* @__PURE__ */ namedValues(["default", "disabled"]);

/** A `traffic[mode]` value: one of {@linkcode TrafficMode}'s. */
export type TrafficMode = (typeof TrafficMode)[keyof typeof TrafficMode];

/**
 * The `traffic` parameter (`traffic[…]`): which traffic data shapes the
 * route and its duration.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { TrafficOptions } from "@ls/routing";
 * const traffic: TrafficOptions = { overrideFlowDuration: 900 };
 * assert.equal(traffic.overrideFlowDuration, 900);
 * ```
 */
export interface TrafficOptions {
  /** `default` (HERE's) or `disabled`. */
  mode?: TrafficMode;
  /**
   * Seconds after departure during which live traffic flow is trusted
   * over historical speeds: an integer ≥ 0.
   */
  overrideFlowDuration?: number;
}

/**
 * Values of {@linkcode AvoidZoneCategories.categories}: zones a vehicle
 * may need a sticker or a fee for.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { ZoneCategory } from "@ls/routing";
 * assert.equal(ZoneCategory.environmental, "environmental");
 * ```
 */
export const ZoneCategory: NamedValues<
  ["vignette", "congestionPricing", "environmental"]
> = ZONE_CATEGORIES;

/** An `avoid[zoneCategories]` value: one of {@linkcode ZoneCategory}'s. */
export type ZoneCategory = (typeof ZoneCategory)[keyof typeof ZoneCategory];

/**
 * Zone categories to avoid (`avoid[zoneCategories]`), except the zones
 * named in `exceptZoneIds` (a vignette the vehicle has, say). Sent as
 * `environmental,vignette;exceptZoneIds=here:cm:envzone:2`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { AvoidZoneCategories } from "@ls/routing";
 * const zones: AvoidZoneCategories = { categories: ["environmental"], exceptZoneIds: ["here:cm:envzone:2"] };
 * assert.equal(zones.categories.length, 1);
 * ```
 */
export interface AvoidZoneCategories {
  /** The categories, at least one. */
  categories: readonly ZoneCategory[];
  /** Zone ids (`here:cm:envzone:2`) the route may still enter. */
  exceptZoneIds?: readonly string[];
}

/**
 * The `allow` parameter (`allow[…]`): lanes the vehicle may use. HERE's
 * default for both: `false`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { AllowOptions } from "@ls/routing";
 * const allow: AllowOptions = { hov: true, hot: false };
 * assert.equal(allow.hov, true);
 * ```
 */
export interface AllowOptions {
  /** High-occupancy vehicle (carpool) lanes. */
  hov?: boolean;
  /** High-occupancy toll lanes, paid when the occupancy is too low. */
  hot?: boolean;
}

/**
 * The `exclude` parameter as an object (`exclude[…]`): countries, states
 * and areas the route must not enter at all (unlike `avoidAreas`, which
 * HERE may still cross when there is no other way).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { ExcludeOptions } from "@ls/routing";
 * const exclude: ExcludeOptions = { countries: ["CHE"], states: { USA: ["NV", "CA"] } };
 * assert.deepEqual(exclude.states?.USA, ["NV", "CA"]);
 * ```
 */
export interface ExcludeOptions {
  /** Countries, upper-case ISO 3166-1 alpha-3 (`exclude[countries]`). */
  countries?: readonly string[];
  /**
   * States per country (`exclude[states]`): upper-case alpha-3 country
   * code → its states' codes (`{ USA: ["NV", "CA"] }`, sent as
   * `USA:NV,CA`).
   */
  states?: Readonly<Record<string, readonly string[]>>;
  /** Boxes and polygons (`exclude[areas]`), as in `avoidAreas`. */
  areas?: readonly AvoidArea[];
}

/**
 * The `pedestrian` parameter of `pedestrianRoute` (`pedestrian[…]`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { PedestrianOptions } from "@ls/routing";
 * const walker: PedestrianOptions = { speed: 1.2 };
 * assert.equal(walker.speed, 1.2);
 * ```
 */
export interface PedestrianOptions {
  /** Walking speed, m/s, from 0.5 to 2 (HERE's default: 1). */
  speed?: number;
}

/**
 * A speed cap on one road segment (`maxSpeedOnSegment`), sent as
 * `here:cm:segment:84905195#+;speed=10`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { SegmentSpeed } from "@ls/routing";
 * const slow: SegmentSpeed = { segment: "here:cm:segment:84905195#+", speed: 10 };
 * assert.equal(slow.speed, 10);
 * ```
 */
export interface SegmentSpeed {
  /** The segment reference, with an optional direction (`#+`, `#-`, `#*`). */
  segment: string;
  /** The most the router assumes on it, m/s, at least 1. */
  speed: number;
}

/**
 * The `driver` parameter of `truckRoute`, `busRoute` and `privateBusRoute`
 * (`driver[…]`): how long the driver may drive before resting, so the
 * router adds rest stops.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { DriverOptions } from "@ls/routing";
 * const driver: DriverOptions = { schedule: [[16200, 2700], [16200, 39600]] };
 * assert.equal(driver.schedule.length, 2);
 * ```
 */
export interface DriverOptions {
  /**
   * `[driveSeconds, restSeconds]` pairs, in order: at most `driveSeconds`
   * (an integer ≥ 240) at the wheel, then at least `restSeconds` (an
   * integer ≥ 0) of rest. Not with `arrivalTime` or `ev`.
   */
  schedule: readonly (readonly [driveSeconds: number, restSeconds: number])[];
}

/**
 * One country's road networks a network-restricted truck may use (an
 * entry of `truckRoute`'s `permittedNetworks`, sent as
 * `networkRestrictedTruck[permittedNetworks]`, Beta at HERE).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { PermittedNetwork } from "@ls/routing";
 * const nz: PermittedNetwork = { country: "NZL", networks: ["HPMV"] };
 * const au: PermittedNetwork = { country: "AUS", states: ["NSW", "VIC"], networks: ["BDouble"] };
 * assert.deepEqual([nz.country, au.states], ["NZL", ["NSW", "VIC"]]);
 * ```
 */
export interface PermittedNetwork {
  /** The country, an upper-case ISO 3166-1 alpha-3 code (`NZL`). */
  country: string;
  /** The states the networks are permitted in (`NSW`); none for a country's countrywide networks. */
  states?: readonly string[];
  /** The networks the truck may use, at least one (`HPMV`, `BDouble`). */
  networks: readonly string[];
}
