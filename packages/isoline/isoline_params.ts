/**
 * {@linkcode IsolineParams}, the parameters of `calculateIsoline` and
 * `buildCalculateIsolineRequest`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { IsolineParams } from "@ls/isoline";
 * const params: IsolineParams = {
 *   destination: [52.5, 13.4],
 *   range: [1000],
 *   rangeType: "distance",
 *   transportMode: "car",
 * };
 * assert.equal(params.origin, undefined);
 * ```
 *
 * @module
 */

import type {
  EvOptions,
  LatLngLike,
  PlaceOptions,
  Truck,
  WayPointOptions,
} from "@ls/core";
import type {
  IsolineAvoidArea,
  IsolineAvoidFeature,
  IsolineRoutingMode,
  IsolineTransportMode,
  OptimisedFor,
  RangeType,
} from "./constants.ts";
import type {
  IsolineAllow,
  IsolineExclude,
  IsolineTaxi,
  IsolineTraffic,
} from "./isoline_options.ts";
import type { IsolineFuel } from "./isoline_fuel.ts";
import type {
  IsolineAvoidZones,
  IsolineSegmentSpeed,
  IsolineTollTransponders,
} from "./isoline_avoid.ts";
import type { IsolineVehicle } from "./isoline_vehicle.ts";

/**
 * The parameters of `calculateIsoline`. `range`, `rangeType`,
 * `transportMode` and exactly one of `origin` / `destination` are required.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { buildCalculateIsolineRequest, type IsolineParams } from "@ls/isoline";
 * const params: IsolineParams = {
 *   origin: [52.5, 13.4],
 *   range: [300, 600, 900],
 *   rangeType: "time",
 *   transportMode: "pedestrian",
 * };
 * const query = buildCalculateIsolineRequest(params).query!.toString();
 * assert.match(query, /&range%5Bvalues%5D=300,600,900&/);
 * ```
 */
export interface IsolineParams {
  /**
   * The range values: HERE's comma list (`"300,600"`) or an array of
   * numbers. Positive integers (seconds, metres or Wh per `rangeType`);
   * one isoline comes back per value.
   */
  range: string | readonly number[];
  /**
   * What `range` counts: `time`, `distance` or `consumption` (Wh of
   * battery, which needs `ev`).
   */
  rangeType: RangeType;
  /**
   * `car`, `truck`, `pedestrian`, `bicycle`, `scooter`, `bus`, `privateBus`
   * or `taxi`.
   */
  transportMode: IsolineTransportMode;
  /**
   * Isolines of what is reachable *from* here: `[lat, lng]`, `{ lat, lng }`
   * (any `position` a response returns), a GeoJSON `Point` or `Feature`.
   * Exactly one of `origin`/`destination`.
   */
  origin?: LatLngLike;
  /** Isolines of where this point is reachable *from*, in any point form. */
  destination?: LatLngLike;
  /** Departure (only with `origin`): `Date`, RFC 3339 (local time allowed) or `"any"`. */
  departureTime?: Date | string;
  /** Arrival (only with `destination`): `Date` or RFC 3339 (local time allowed). */
  arrivalTime?: Date | string;
  /** `fast` (default) or `short`. */
  routingMode?: IsolineRoutingMode;
  /** Most points per isoline (`shape[maxPoints]`), a positive integer. */
  shapeMaxPoints?: number;
  /** `quality`, `performance` or `balanced` (default); sent as `optimizeFor`. */
  optimisedFor?: OptimisedFor;
  /** Road features to leave out (`avoid[features]`). */
  avoidFeatures?: readonly IsolineAvoidFeature[];
  /**
   * Areas to leave out (`avoid[areas]`): boxes and polygons
   * ({@linkcode IsolineAvoidArea}), at most 250, at most 20 polygons.
   */
  avoidAreas?: readonly IsolineAvoidArea[];
  /**
   * Road segments to avoid (`avoid[segments]`): HERE segment ids such as
   * `"here:cm:segment:207551710"`, each optionally with `#+` (in its
   * direction), `#-` (against it) or `#*` (both). At most 1000 together
   * with `maxSpeedOnSegment`.
   */
  avoidSegments?: readonly string[];
  /**
   * Zones to avoid by category, with exceptions
   * (`avoid[zoneCategories]`).
   */
  avoidZones?: IsolineAvoidZones;
  /**
   * Zones to avoid whether or not their rules apply to the vehicle, by
   * HERE zone id such as `"here:cm:envzone:2"` (`avoid[zoneIdentifiers]`).
   */
  avoidZoneIds?: readonly string[];
  /**
   * Truck road types to avoid (`avoid[truckRoadTypes]`), such as Sweden's
   * `BK1` to `BK4` or Mexico's `ET2`, `ET4`, `A2`, `A4`, `B2`, `B4`, `C`,
   * `D`.
   */
  avoidTruckRoadTypes?: readonly string[];
  /**
   * `"all"` avoids roads where a toll transponder is the only way to pay
   * (`avoid[tollTransponders]`).
   */
  avoidTollTransponders?: IsolineTollTransponders;
  /**
   * Speed caps on single road segments, m/s (`maxSpeedOnSegment`); at most
   * 1000 segments together with `avoidSegments`, the strictest cap wins.
   */
  maxSpeedOnSegment?: readonly IsolineSegmentSpeed[];
  /**
   * The coarsest spacing of the polygons' points in metres
   * (`shape[maxResolution]`), an integer ≥ 0; `0` (HERE's default) leaves
   * it to HERE.
   */
  shapeMaxResolution?: number;
  /**
   * Countries, states and areas the isolines must not enter
   * (`exclude[countries]`, `exclude[states]`, `exclude[areas]`).
   */
  exclude?: IsolineExclude;
  /** HOV and HOT lanes the vehicle may use (`allow[hov]`, `allow[hot]`). */
  allow?: IsolineAllow;
  /** Whether and how traffic counts (`traffic[mode]`, `traffic[overrideFlowDuration]`). */
  traffic?: IsolineTraffic;
  /** Taxi options (`taxi[allowDriveThroughTaxiRoads]`); `transportMode: "taxi"` only. */
  taxi?: IsolineTaxi;
  /** A free-form tag HERE attaches to the request for billing (`billingTag`). */
  billingTag?: string;
  /** Vehicle restrictions, sent as `vehicle[...]` (only the fields given). */
  truck?: Truck;
  /**
   * The vehicle's other `vehicle[…]` attributes: occupancy, speed caps,
   * engine, licence plate, and a truck's further weights and counts.
   */
  vehicle?: IsolineVehicle;
  /**
   * Electric vehicle's consumption model (`consumptionModel`, `ev[...]`);
   * it, or `fuel`, is required for `rangeType: "consumption"`. Isolines
   * take the model only: the battery and charging options are for routes (the range is
   * the energy to spend). Not for `pedestrian` or `bicycle`.
   */
  ev?: EvOptions;
  /**
   * A combustion vehicle's fuel and consumption model (`fuel[…]`): with
   * `fuel.freeFlowSpeedTable`, a `rangeType: "consumption"` range counts
   * ml of fuel (g for CNG). Not with `ev`; not for `pedestrian` or
   * `bicycle`.
   */
  fuel?: IsolineFuel;
  /** Place options of the origin (requires `origin`). */
  originPlaceOptions?: PlaceOptions;
  /** Waypoint options of the origin (requires `origin`; no `stopDuration`). */
  originWaypointOptions?: WayPointOptions;
  /** Place options of the destination (requires `destination`). */
  destinationPlaceOptions?: PlaceOptions;
  /** Waypoint options of the destination (requires `destination`). */
  destinationWaypointOptions?: WayPointOptions;
}
