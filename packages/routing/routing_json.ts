/**
 * The JSON shapes of `GET /v8/routes`'s answer: {@linkcode RoutingResponseBody}
 * with its {@linkcode RouteJson}s and their {@linkcode SectionJson}s (their
 * places are in `place_json.ts`). Every
 * shape keeps the fields HERE adds (an index signature), so nothing HERE
 * sends is out of reach.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { RoutingResponseBody } from "@ls/routing";
 * const body: RoutingResponseBody = {
 *   routes: [{ id: "r0", sections: [] }],
 *   notices: [{ title: "Simplified polyline", code: "simplePolyline", severity: "info" }],
 * };
 * assert.equal(body.routes[0].id, "r0");
 * ```
 *
 * @module
 */

import type { Notice } from "./notices.ts";
import type { Place, TimedPlace } from "./place_json.ts";
import type { Toll, TollSummaryJson, TollSystem } from "./tolls.ts";

/**
 * Duration (s) and length (m) of a section.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { Summary } from "@ls/routing";
 * const summary: Summary = { duration: 70, length: 480, baseDuration: 62 };
 * assert.equal(summary.duration - summary.baseDuration!, 8); // seconds lost to traffic
 * ```
 */
export interface Summary {
  /** Seconds, traffic included. */
  duration: number;
  /** Metres. */
  length: number;
  /** Seconds without traffic. */
  baseDuration?: number;
  /** Seconds under typical traffic. */
  typicalDuration?: number;
  /**
   * Energy used, kWh, on EV routes; fuel used on fuel routes, litres
   * (kilograms for CNG and hydrogen). A section that
   * ends with charging counts the energy charged against it, so its
   * consumption can be negative.
   */
  consumption?: number;
  /** CO₂ emitted, kg, on fuel routes (`fuel`). */
  co2Emission?: number;
  /** Toll costs added up, with `tolls[summaries]`. */
  tolls?: TollSummaryJson;
}

/**
 * A {@linkcode Summary} of the travel, with toll totals (`return=travelSummary`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { TravelSummary } from "@ls/routing";
 * const travel: TravelSummary = {
 *   duration: 70,
 *   length: 480,
 *   tolls: { total: { type: "value", currency: "EUR", value: 4.2 } },
 * };
 * assert.equal(travel.tolls?.total?.value, 4.2);
 * ```
 */
export interface TravelSummary extends Summary {
  /** Toll totals, with `tolls[summaries]`. */
  tolls?: TollSummaryJson;
}

/**
 * A manoeuvre; `offset` indexes the section's decoded polyline points.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { RouteAction } from "@ls/routing";
 * const action: RouteAction = {
 *   action: "depart",
 *   duration: 30,
 *   length: 190,
 *   offset: 0,
 *   instruction: "Head northeast on Example Street.",
 * };
 * assert.equal(action.offset, 0); // starts at the first polyline point
 * ```
 */
export interface RouteAction {
  /** e.g. `depart`, `turn`, `arrive`, `roundaboutExit`; an open set. */
  action: string;
  /** Seconds. */
  duration: number;
  /** Metres. */
  length: number;
  /** Index of the point where the action starts. */
  offset: number;
  /** Text, with `return=instructions`. */
  instruction?: string;
  /** e.g. `left`, `right`. */
  direction?: string;
  /** Roundabout exit number. */
  exit?: number;
}

/**
 * Something done at the end of a section, after arriving (`postActions`):
 * on EV routes, `chargingSetup` and `charging`
 * ({@linkcode ChargingAction}). An open set; fields HERE adds are kept.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { PostAction } from "@ls/routing";
 * const setup: PostAction = { action: "chargingSetup", duration: 300 };
 * assert.equal(setup.duration, 300); // seconds
 * ```
 */
export interface PostAction {
  /** e.g. `chargingSetup`, `charging`; an open set. */
  action: string;
  /** Seconds. */
  duration?: number;
  /** Text, with `return=instructions`. */
  instruction?: string;
}

/**
 * Charging at the end of a section: how long, from which charge to which,
 * and the power the station and vehicle allow together.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { ChargingAction } from "@ls/routing";
 * const charging: ChargingAction = {
 *   action: "charging",
 *   duration: 1200,
 *   consumablePower: 150,
 *   arrivalCharge: 8.1,
 *   targetCharge: 60.5,
 * };
 * assert.equal(Math.round(charging.targetCharge! - charging.arrivalCharge!), 52); // kWh charged
 * ```
 */
export interface ChargingAction extends PostAction {
  /** `charging`. */
  action: "charging";
  /** Seconds of charging. */
  duration: number;
  /** Most power available to the vehicle here, kW. */
  consumablePower?: number;
  /** Charge on arrival, kWh. */
  arrivalCharge?: number;
  /** Charge to charge up to, kWh. */
  targetCharge?: number;
}

/**
 * A stretch of a section from point `offset` to the next span's offset, with
 * the attributes requested in `spans`. The attributes whose shape the wire
 * notes give are typed; the rest are `unknown` (shape unverified), and each
 * is present only when requested.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { SectionSpan } from "@ls/routing";
 * const span: SectionSpan = { offset: 1, length: 290, names: [{ value: "Demo Avenue", language: "en" }] };
 * assert.deepEqual(span.names, [{ value: "Demo Avenue", language: "en" }]);
 * ```
 */
export interface SectionSpan {
  /** Index of the first point of the span. */
  offset: number;
  /** Street names, with `spans=names`. */
  names?: LocalizedText[];
  /** Route numbers (e.g. `A 100`), with `spans=routeNumbers`. */
  routeNumbers?: LocalizedText[];
  /** Metres, with `spans=length`. */
  length?: number;
  /** Seconds, with `spans=duration`. */
  duration?: number;
  /** Seconds without traffic, with `spans=baseDuration`. */
  baseDuration?: number;
  /** Seconds under typical traffic, with `spans=typicalDuration`. */
  typicalDuration?: number;
  /** ISO 3166-1 alpha-3 country code, with `spans=countryCode`. */
  countryCode?: string;
  /** State or province code, with `spans=stateCode`. */
  stateCode?: string;
  /** Road class 1 (major) to 5, with `spans=functionalClass`. */
  functionalClass?: number;
  /** Speed limit, with `spans=speedLimit`. */
  speedLimit?: number;
  /** Highest speed the vehicle may drive, with `spans=maxSpeed`. */
  maxSpeed?: number;
  /** Traffic and base speed and turn time, with `spans=dynamicSpeedInfo`. */
  dynamicSpeedInfo?: DynamicSpeedInfo;
  /** Segment id, with `spans=segmentId`. */
  segmentId?: string;
  /** Segment reference, with `spans=segmentRef`. */
  segmentRef?: string;
  /** Energy or fuel used on the span, with `spans=consumption`. */
  consumption?: number;
  /** With `spans=walkAttributes`, e.g. `["stairs"]`; an open set. */
  walkAttributes?: string[];
  /** With `spans=streetAttributes`, e.g. `["tunnel"]`; an open set. */
  streetAttributes?: string[];
  /** With `spans=carAttributes`, e.g. `["tollRoad"]`; an open set. */
  carAttributes?: string[];
  /** With `spans=truckAttributes`; an open set. */
  truckAttributes?: string[];
  /** With `spans=scooterAttributes`; an open set. */
  scooterAttributes?: string[];
  /** With `spans=notices`: indices into the section's `notices`. */
  notices?: number[];
  /** With `spans=routingZones`; shape unverified. */
  routingZones?: unknown;
  /** With `spans=truckRoadTypes`; shape unverified. */
  truckRoadTypes?: unknown;
  /** With `spans=noThroughRestrictions`; shape unverified. */
  noThroughRestrictions?: unknown;
  /** With `spans=incidents`; shape unverified. */
  incidents?: unknown;
  /** With `spans=tollSystems`; shape unverified. */
  tollSystems?: unknown;
  /** With `spans=gates`; shape unverified. */
  gates?: unknown;
  /** With `spans=railwayCrossings`; shape unverified. */
  railwayCrossings?: unknown;
}

/**
 * A text with its language, as in a span's `names`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { LocalizedText } from "@ls/routing";
 * const name: LocalizedText = { value: "Demo Avenue", language: "en" };
 * assert.equal(name.value, "Demo Avenue");
 * ```
 */
export interface LocalizedText {
  /** The text. */
  value: string;
  /** BCP 47 language code, e.g. `en`. */
  language?: string;
}

/**
 * A span's speeds with `spans=dynamicSpeedInfo` (metres per second) and the
 * time a turn at its start takes (seconds).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { DynamicSpeedInfo } from "@ls/routing";
 * const info: DynamicSpeedInfo = { trafficSpeed: 8.3, baseSpeed: 13.9, turnTime: 2 };
 * assert.ok(info.trafficSpeed! < info.baseSpeed!); // slower than usual
 * ```
 */
export interface DynamicSpeedInfo {
  /** Speed in current traffic. */
  trafficSpeed?: number;
  /** Speed without traffic. */
  baseSpeed?: number;
  /** Seconds a turn at the span's start takes. */
  turnTime?: number;
}

/**
 * How a section is travelled.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { Transport } from "@ls/routing";
 * const transport: Transport = { mode: "car" };
 * assert.equal(transport.mode, "car");
 * ```
 */
export interface Transport {
  /** e.g. `car`, `truck`, `pedestrian`; an open set. */
  mode: string;
}

/**
 * A pass-through via, with `return=passthrough`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { Passthrough } from "@ls/routing";
 * const passed: Passthrough = {
 *   place: { type: "place", location: { lat: 52.501, lng: 13.402 }, waypoint: 1 },
 *   offset: 1,
 * };
 * assert.equal(passed.place.waypoint, 1); // the first via
 * ```
 */
export interface Passthrough {
  /** The via's place. */
  place: Place;
  /** Index of the polyline point where it is passed. */
  offset: number;
}

/**
 * A section of a route, as HERE sends it.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Section, type SectionJson } from "@ls/routing";
 * const section: SectionJson = {
 *   id: "s0",
 *   type: "vehicle",
 *   departure: { time: "2024-05-01T08:00:00+02:00", place: { type: "place", location: { lat: 52.5, lng: 13.4 } } },
 *   arrival: { time: "2024-05-01T08:10:00+02:00", place: { type: "place", location: { lat: 52.6, lng: 13.5 } } },
 *   transport: { mode: "car" },
 *   polyline: "BFg9tgKgm5xCgxTgxT",
 * };
 * assert.deepEqual([...new Section(section).coordinates!], [52.5, 13.4, 52.6, 13.5]);
 * ```
 */
export interface SectionJson {
  /** Section id. */
  id: string;
  /** `vehicle`, `pedestrian`, `transit`, …; an open set. */
  type: string;
  /** Where and when the section starts. */
  departure: TimedPlace;
  /** Where and when it ends. */
  arrival: TimedPlace;
  /** The transport mode. */
  transport: Transport;
  /** With `return=summary`. */
  summary?: Summary;
  /** With `return=travelSummary`. */
  travelSummary?: TravelSummary;
  /** Flexible polyline, with `return=polyline` (3-D with `elevation`). */
  polyline?: string;
  /** With `return=actions`. */
  actions?: RouteAction[];
  /** Shape unverified. */
  preActions?: unknown[];
  /** What happens after arriving, e.g. charging on EV routes. */
  postActions?: (PostAction | ChargingAction)[];
  /** With `return=turnByTurnActions`; shape unverified. */
  turnByTurnActions?: unknown[];
  /** With `spans=`. */
  spans?: SectionSpan[];
  /** Notices about this section. */
  notices?: Notice[];
  /** Language of the instructions, e.g. `en-us`. */
  language?: string;
  /** Tolls per country and system, with `return=tolls`. */
  tolls?: Toll[];
  /** Toll systems referenced by `tolls`. */
  tollSystems?: TollSystem[];
  /** Pass-through vias, with `return=passthrough`. */
  passthrough?: Passthrough[];
  /**
   * What `summary.consumption` counts: `electric` on EV routes, the fuel
   * type (`diesel`, …) on fuel routes.
   */
  consumptionType?: string;
  /** With `return=incidents`; shape unverified. */
  incidents?: unknown[];
  /** With `return=routingZones`; shape unverified. */
  routingZones?: unknown[];
  /** With `return=truckRoadTypes`; shape unverified. */
  truckRoadTypes?: unknown[];
  /** With `return=noThroughRestrictions`; shape unverified. */
  noThroughRestrictions?: unknown[];
  /** Shape unverified. */
  refReplacements?: unknown;
}

/**
 * A route as HERE sends it.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { RouteJson } from "@ls/routing";
 * const route: RouteJson = { id: "r0", sections: [] };
 * assert.deepEqual(route.sections, []);
 * ```
 */
export interface RouteJson {
  /** Route id. */
  id: string;
  /** Its sections, in travel order. */
  sections: SectionJson[];
  /** With `return=routeLabels`; shape unverified. */
  routeLabels?: unknown[];
}

/**
 * The body of `GET /v8/routes`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { RoutingResponse, type RoutingResponseBody } from "@ls/routing";
 * const body: RoutingResponseBody = {
 *   routes: [],
 *   notices: [{ title: "No route found", code: "noRouteFound", severity: "critical" }],
 * };
 * assert.equal(new RoutingResponse({ body }).notices[0].code, "noRouteFound");
 * ```
 */
export interface RoutingResponseBody {
  /** The routes; may be empty when none was found. */
  routes: RouteJson[];
  /** Route-independent notices, e.g. why no route was found. */
  notices?: Notice[];
}
