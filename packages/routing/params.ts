/**
 * The parameters every route function takes: {@linkcode RoutingParams},
 * with the forms a via ({@linkcode ViaPoint}) and an avoided area
 * ({@linkcode AvoidArea}) come in. A mode's own parameters are in its
 * function's file: `ev` with `carRoute` (and truck and scooter routes),
 * `truck` with `truckRoute`, `scooter` with `scooterRoute`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { buildCarRouteRequest, type RoutingParams } from "@ls/routing";
 * const params: RoutingParams = {
 *   origin: [52.5, 13.4],
 *   destination: [52.503, 13.405],
 *   returnResults: ["polyline", "summary"],
 * };
 * assert.match(buildCarRouteRequest(params).query!.toString(), /&return=polyline,summary$/);
 * ```
 *
 * @module
 */

import type { LatLngLike, PlaceOptions, Via, WayPointOptions } from "@ls/core";
import type {
  AvoidFeature,
  Return,
  RoutingMode,
  Span,
  Units,
} from "./constants.ts";
import type {
  AllowOptions,
  AvoidArea,
  AvoidZoneCategories,
  ExcludeOptions,
  SegmentSpeed,
  TrafficOptions,
} from "./route_options.ts";

/**
 * A via given as any point with its options:
 * `{ point, placeOptions?, waypointOptions? }`. `point` takes every form a
 * position comes in (`[lat, lng]`, `{ lat, lng }`, a GeoJSON `Point` or
 * `Feature`), so a geocoded `position` or a map's GeoJSON feature becomes a
 * stop with options. The seed's `{ lat, lng, placeOptions?, waypointOptions? }`
 * ({@linkcode Via}) works as before; a point without options may be given
 * bare.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { buildCarRouteRequest, type ViaPoint } from "@ls/routing";
 * const stop: ViaPoint = {
 *   point: { type: "Point", coordinates: [13.402, 52.501] },
 *   waypointOptions: { stopDuration: 300 },
 * };
 * const spec = buildCarRouteRequest({
 *   origin: [52.5, 13.4],
 *   destination: { lat: 52.503, lng: 13.405 },
 *   via: [stop, [52.502, 13.403], { lat: 52.5025, lng: 13.404, waypointOptions: { passThrough: true } }],
 * });
 * assert.match(
 *   spec.query!.toString(),
 *   /&via=52.501,13.402!stopDuration=300&via=52.502,13.403&via=52.5025,13.404!passThrough=true&/,
 * );
 * ```
 */
export interface ViaPoint {
  /** The position: `[lat, lng]`, `{ lat, lng }`, a GeoJSON `Point` or `Feature`. */
  point: LatLngLike;
  /** Place options of this via (sent after `;`). */
  placeOptions?: PlaceOptions;
  /** Waypoint options of this via (sent after `!`). */
  waypointOptions?: WayPointOptions;
}

/**
 * What every route function takes. Only `origin` and `destination` are
 * required.
 *
 * Defaults are the interface's, and they are sent explicitly:
 * `routingMode=fast`, `alternatives=0`, `units=metric`, `lang=en-US` appear
 * in every request, so the query says what was asked for.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { buildCarRouteRequest, type RoutingParams } from "@ls/routing";
 * const params: RoutingParams = {
 *   origin: [52.5, 13.4],
 *   destination: [52.503, 13.405],
 *   via: [{ lat: 52.501, lng: 13.402, waypointOptions: { passThrough: true } }],
 *   departureTime: "2024-05-01T08:00:00+02:00",
 *   returnResults: ["polyline", "summary", "actions", "instructions"],
 *   spans: ["names", "length"],
 *   avoidFeatures: ["tollRoad", "ferry"],
 *   exclude: ["CHE"],
 * };
 * const query = buildCarRouteRequest(params).query!.toString();
 * assert.match(query, /&routingMode=fast&alternatives=0&units=metric&lang=en-US&/);
 * assert.match(query, /&exclude%5Bcountries%5D=CHE$/);
 * ```
 */
export interface RoutingParams {
  /**
   * Start: `[lat, lng]`, `{ lat, lng }` (any `position` or `location` a
   * response returns), a GeoJSON `Point` or `Feature`.
   */
  origin: LatLngLike;
  /** End, in any point form (see `origin`). */
  destination: LatLngLike;
  /**
   * Intermediate waypoints, visited in the order given (one `via=` each):
   * any point, the seed's {@linkcode Via} `{ lat, lng, placeOptions?,
   * waypointOptions? }`, or a {@linkcode ViaPoint}
   * `{ point, placeOptions?, waypointOptions? }`.
   */
  via?: readonly (LatLngLike | Via | ViaPoint)[];
  /** Place options of the origin (sent after `;`). */
  originPlaceOptions?: PlaceOptions;
  /** Waypoint options of the origin (sent after `!`); `stopDuration` is not allowed. */
  originWaypointOptions?: WayPointOptions;
  /** Place options of the destination. */
  destinationPlaceOptions?: PlaceOptions;
  /** Waypoint options of the destination; `passThrough` is not allowed. */
  destinationWaypointOptions?: WayPointOptions;
  /**
   * When to leave: a `Date` (sent as RFC 3339 with the runtime's offset), an
   * RFC 3339 string (with an offset, or without one for local time at the
   * origin), or `"any"` for time-independent routing. HERE's default: now.
   */
  departureTime?: Date | string;
  /**
   * When to arrive at the destination: a `Date` (sent as RFC 3339 with the
   * runtime's offset) or an RFC 3339 string (with an offset, or without one
   * for local time at the destination); the route is planned backwards from
   * it. Not with `departureTime` (HERE's E605018), and not with `ev`:
   * HERE plans EV routes forwards only.
   */
  arrivalTime?: Date | string;
  /** `fast` (default) or `short` (car and truck only). */
  routingMode?: RoutingMode;
  /** Number of alternative routes, an integer from 0 (default) to 6. */
  alternatives?: number;
  /** Unit system of instructions: `metric` (default) or `imperial`. */
  units?: Units;
  /** BCP 47 language tag(s) of instructions, in order of preference. Default `en-US`. */
  lang?: string | readonly string[];
  /** What to return (`return=`); see {@linkcode Return} for the dependency rules. */
  returnResults?: readonly Return[];
  /** Span attributes to return per stretch of the polyline; need `polyline`. */
  spans?: readonly Span[];
  /** Road features to avoid (`avoid[features]`). */
  avoidFeatures?: readonly AvoidFeature[];
  /**
   * Areas to avoid (`avoid[areas]`): boxes and polygons
   * ({@linkcode AvoidArea}), at most 250, at most 20 of them polygons.
   */
  avoidAreas?: readonly AvoidArea[];
  /**
   * Road segments to avoid (`avoid[segments]`), at most 1000, each a
   * segment reference as HERE's responses give them (`spans=segmentRef`),
   * such as `here:cm:segment:76771992#+0`.
   */
  avoidSegments?: readonly string[];
  /**
   * Zone categories to avoid (`avoid[zoneCategories]`), with the zones
   * still allowed ({@linkcode AvoidZoneCategories}).
   */
  avoidZoneCategories?: AvoidZoneCategories;
  /** Zones to avoid by id (`avoid[zoneIdentifiers]`), such as `here:cm:envzone:3`. */
  avoidZoneIdentifiers?: readonly string[];
  /**
   * Truck road types to avoid (`avoid[truckRoadTypes]`), as HERE names
   * them in `spans=truckRoadTypes` (`BK1` to `BK4`, `A2`, …).
   */
  avoidTruckRoadTypes?: readonly string[];
  /**
   * `"all"`: avoid every road that needs a toll transponder
   * (`avoid[tollTransponders]`).
   */
  avoidTollTransponders?: "all";
  /**
   * What to leave out: countries, upper-case ISO 3166-1 alpha-3, as a list
   * (`exclude[countries]`), or {@linkcode ExcludeOptions}
   * `{ countries?, states?, areas? }`.
   */
  exclude?: readonly string[] | ExcludeOptions;
  /** Lanes the vehicle may use: `{ hov?, hot? }` (`allow[…]`). */
  allow?: AllowOptions;
  /** Which traffic data to use: `{ mode?, overrideFlowDuration? }` (`traffic[…]`). */
  traffic?: TrafficOptions;
  /**
   * Speed caps on road segments (`maxSpeedOnSegment`): each
   * `{ segment, speed }`, the segment a reference as in `avoidSegments`,
   * the speed in m/s, at least 1. At most 1000, together with
   * `avoidSegments`.
   */
  maxSpeedOnSegment?: readonly SegmentSpeed[];
  /** A tag HERE attaches to the request for billing (`billingTag`), e.g. `ABCD+EFGH`. */
  billingTag?: string;
  /** Ids of the account's routing customizations (`customizations`), a restricted feature. */
  customizations?: readonly string[];
}
