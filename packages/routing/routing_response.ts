/**
 * The typed result of the route functions: {@linkcode RoutingResponse} with
 * its {@linkcode Route}s and their {@linkcode Section}s, the JSON shapes
 * behind them (routing.md §8), lazily decoded polylines and GeoJSON.
 *
 * Every object keeps the JSON HERE sent (`raw`, `toJSON()`), so fields this
 * package does not type are still there. Polylines are decoded only when
 * asked for, once per section.
 *
 * @example
 * ```ts
 * import { RoutingResponse } from "@ls/routing";
 * const res = new RoutingResponse({
 *   body: {
 *     routes: [{
 *       id: "r0",
 *       sections: [{
 *         id: "s0",
 *         type: "vehicle",
 *         departure: { time: "2024-05-01T08:00:00+02:00", place: { type: "place", location: { lat: 52.5, lng: 13.4 } } },
 *         arrival: { time: "2024-05-01T08:10:00+02:00", place: { type: "place", location: { lat: 52.6, lng: 13.5 } } },
 *         transport: { mode: "car" },
 *         polyline: "BFg9tgKgm5xCgxTgxT",
 *       }],
 *     }],
 *   },
 * });
 * res.routes[0].sections[0].coordinates; // Float64Array [52.5, 13.4, 52.6, 13.5]
 * res.toGeoJSON().features[0].geometry.coordinates; // [[13.4, 52.5], [13.5, 52.6]]
 * ```
 *
 * @module
 */

import type { Feature, FeatureCollection, LineString } from "geojson";
import {
  ApiResponse,
  decodePolylineFlat,
  type FlatPolyline,
  flatToPositions,
  type JsonResponse,
  type LatLngObject,
  polylineToGeoJSON,
} from "@ls/core";
import {
  isBlockingNotice,
  isCriticalNotice,
  isViolationNotice,
  type Notice,
} from "./notices.ts";

// -------------------------------------------------------------- JSON shapes

/**
 * A matched position; `elv` (metres) appears with `return=elevation`.
 *
 * @example
 * ```ts
 * import type { Location } from "@ls/routing";
 * const location: Location = { lat: 52.5, lng: 13.4, elv: 34 };
 * ```
 */
export interface Location extends LatLngObject {
  /** Elevation in metres, with `return=elevation`. */
  elv?: number;
  /** Fields HERE adds. */
  [field: string]: unknown;
}

/**
 * A place a section departs from or arrives at.
 *
 * @example
 * ```ts
 * import type { Place } from "@ls/routing";
 * const place: Place = { type: "place", location: { lat: 52.5, lng: 13.4 }, waypoint: 0 };
 * ```
 */
export interface Place {
  /** `place` for road places; an open set. */
  type: string;
  /** The position matched to the road network. */
  location: Location;
  /** The position as given in the request, before matching. */
  originalLocation?: LatLngObject;
  /** Index of the waypoint this place belongs to (origin 0, vias, destination). */
  waypoint?: number;
  /** Fields HERE adds. */
  [field: string]: unknown;
}

/**
 * A section's departure or arrival: a time at a place.
 *
 * @example
 * ```ts
 * import type { TimedPlace } from "@ls/routing";
 * const departure: TimedPlace = {
 *   time: "2024-05-01T08:00:00+02:00",
 *   place: { type: "place", location: { lat: 52.5, lng: 13.4 } },
 * };
 * ```
 */
export interface TimedPlace {
  /** RFC 3339 with the local offset, e.g. `2024-05-01T08:00:00+02:00`. */
  time: string;
  /** Where. */
  place: Place;
  /** Battery charge in kWh, on EV routes. */
  charge?: number;
  /** Fields HERE adds. */
  [field: string]: unknown;
}

/**
 * Duration (s) and length (m) of a section.
 *
 * @example
 * ```ts
 * import type { Summary } from "@ls/routing";
 * const summary: Summary = { duration: 70, length: 480, baseDuration: 62 };
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
  /** Energy or fuel used, on EV/fuel routes. */
  consumption?: number;
  /** Fields HERE adds. */
  [field: string]: unknown;
}

/**
 * A price as HERE gives it in toll summaries and fares.
 *
 * @example
 * ```ts
 * import type { Price } from "@ls/routing";
 * const price: Price = { type: "value", currency: "EUR", value: 4.2 };
 * ```
 */
export interface Price {
  /** e.g. `value`. */
  type: string;
  /** ISO 4217 currency. */
  currency: string;
  /** Amount. */
  value: number;
  /** Fields HERE adds. */
  [field: string]: unknown;
}

/**
 * A {@linkcode Summary} of the travel, with toll totals (`return=travelSummary`).
 *
 * @example
 * ```ts
 * import type { TravelSummary } from "@ls/routing";
 * const travel: TravelSummary = {
 *   duration: 70,
 *   length: 480,
 *   tolls: { total: { type: "value", currency: "EUR", value: 4.2 } },
 * };
 * ```
 */
export interface TravelSummary extends Summary {
  /** Toll totals, with `return=tolls`. */
  tolls?: { total?: Price; [field: string]: unknown };
}

/**
 * A manoeuvre; `offset` indexes the section's decoded polyline points.
 *
 * @example
 * ```ts
 * import type { RouteAction } from "@ls/routing";
 * const action: RouteAction = {
 *   action: "depart",
 *   duration: 30,
 *   length: 190,
 *   offset: 0,
 *   instruction: "Head northeast on Example Street.",
 * };
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
  /** Fields HERE adds. */
  [field: string]: unknown;
}

/**
 * A stretch of a section from point `offset` to the next span's offset, with
 * the attributes requested in `spans`. Attribute shapes vary and are kept
 * as HERE sent them.
 *
 * @example
 * ```ts
 * import type { SectionSpan } from "@ls/routing";
 * const span: SectionSpan = { offset: 1, length: 290, names: [{ value: "Demo Avenue", language: "en" }] };
 * ```
 */
export interface SectionSpan {
  /** Index of the first point of the span. */
  offset: number;
  /** The requested attributes (`names`, `length`, `speedLimit`, …). */
  [attribute: string]: unknown;
}

/**
 * How a section is travelled.
 *
 * @example
 * ```ts
 * import type { Transport } from "@ls/routing";
 * const transport: Transport = { mode: "car" };
 * ```
 */
export interface Transport {
  /** e.g. `car`, `truck`, `pedestrian`; an open set. */
  mode: string;
  /** Fields HERE adds. */
  [field: string]: unknown;
}

/**
 * A pass-through via, with `return=passthrough`.
 *
 * @example
 * ```ts
 * import type { Passthrough } from "@ls/routing";
 * const passed: Passthrough = {
 *   place: { type: "place", location: { lat: 52.501, lng: 13.402 }, waypoint: 1 },
 *   offset: 1,
 * };
 * ```
 */
export interface Passthrough {
  /** The via's place. */
  place: Place;
  /** Index of the polyline point where it is passed. */
  offset: number;
  /** Fields HERE adds. */
  [field: string]: unknown;
}

/**
 * A section of a route, as HERE sends it (routing.md §8.2).
 *
 * @example
 * ```ts
 * import type { SectionJson } from "@ls/routing";
 * const section: SectionJson = {
 *   id: "s0",
 *   type: "vehicle",
 *   departure: { time: "2024-05-01T08:00:00+02:00", place: { type: "place", location: { lat: 52.5, lng: 13.4 } } },
 *   arrival: { time: "2024-05-01T08:10:00+02:00", place: { type: "place", location: { lat: 52.6, lng: 13.5 } } },
 *   transport: { mode: "car" },
 *   polyline: "BFg9tgKgm5xCgxTgxT",
 * };
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
  /** Shape unverified. */
  postActions?: unknown[];
  /** With `return=turnByTurnActions`; shape unverified. */
  turnByTurnActions?: unknown[];
  /** With `spans=`. */
  spans?: SectionSpan[];
  /** Notices about this section. */
  notices?: Notice[];
  /** Language of the instructions, e.g. `en-us`. */
  language?: string;
  /** Tolls per country and system, with `return=tolls`. */
  tolls?: unknown[];
  /** Toll systems referenced by `tolls`. */
  tollSystems?: unknown[];
  /** Pass-through vias, with `return=passthrough`. */
  passthrough?: Passthrough[];
  /** e.g. `electric`, on EV routes. */
  consumptionType?: string;
  /** Fields HERE adds (incidents, routingZones, …). */
  [field: string]: unknown;
}

/**
 * A route as HERE sends it.
 *
 * @example
 * ```ts
 * import type { RouteJson } from "@ls/routing";
 * const route: RouteJson = { id: "r0", sections: [] };
 * ```
 */
export interface RouteJson {
  /** Route id. */
  id: string;
  /** Its sections, in travel order. */
  sections: SectionJson[];
  /** Fields HERE adds (e.g. route labels). */
  [field: string]: unknown;
}

/**
 * The body of `GET /v8/routes`.
 *
 * @example
 * ```ts
 * import type { RoutingResponseBody } from "@ls/routing";
 * const body: RoutingResponseBody = {
 *   routes: [],
 *   notices: [{ title: "No route found", code: "noRouteFound", severity: "critical" }],
 * };
 * ```
 */
export interface RoutingResponseBody {
  /** The routes; may be empty when none was found. */
  routes: RouteJson[];
  /** Route-independent notices, e.g. why no route was found. */
  notices?: Notice[];
  /** Fields HERE adds. */
  [field: string]: unknown;
}

/**
 * `properties` of a section's GeoJSON feature.
 *
 * @example
 * ```ts
 * import type { SectionProperties } from "@ls/routing";
 * const properties: SectionProperties = {
 *   routeId: "r0",
 *   routeIndex: 0,
 *   sectionId: "s0",
 *   sectionIndex: 0,
 *   type: "vehicle",
 *   transportMode: "car",
 *   violations: [],
 * };
 * ```
 */
export interface SectionProperties {
  /** The route's id (set by the route's and the response's `toGeoJSON`). */
  routeId?: string;
  /** The route's index in HERE's `routes` list. */
  routeIndex?: number;
  /** The section's id. */
  sectionId: string;
  /** The section's index in its route. */
  sectionIndex: number;
  /** The section type, e.g. `vehicle`. */
  type: string;
  /** `transport.mode`, e.g. `car`. */
  transportMode?: string;
  /** `departure.time`. */
  departureTime?: string;
  /** `arrival.time`. */
  arrivalTime?: string;
  /** `summary.duration`, seconds, when returned. */
  duration?: number;
  /** `summary.length`, metres, when returned. */
  length?: number;
  /** Codes of the violation notices the section carries (empty when none). */
  violations: string[];
  /** Other properties. */
  [name: string]: unknown;
}

// ---------------------------------------------------------------- Section

const NO_NOTICES: readonly Notice[] = Object.freeze([]);

/**
 * One section of a route: typed access to its fields, its notices sorted by
 * what they mean, and its polyline decoded on first use.
 *
 * @example
 * ```ts
 * import { Section } from "@ls/routing";
 * const section = new Section({
 *   id: "s0",
 *   type: "vehicle",
 *   departure: { time: "2024-05-01T08:00:00+02:00", place: { type: "place", location: { lat: 52.5, lng: 13.4, elv: 34 } } },
 *   arrival: { time: "2024-05-01T08:01:10+02:00", place: { type: "place", location: { lat: 52.503, lng: 13.405, elv: 36 } } },
 *   transport: { mode: "car" },
 *   polyline: "B2FgirkkDg87xZoVw-Bg9Deg9Dw7FK",
 * });
 * section.dimensions; // 3
 * section.toGeoJSON()?.geometry.coordinates[0]; // [13.4, 52.5, 34]
 * ```
 */
export class Section {
  /** The section as HERE sent it. */
  readonly raw: SectionJson;
  /** Position in its route's `sections`. */
  readonly index: number;
  #flat?: FlatPolyline;

  /** Wraps a section's JSON; `index` is its position in the route. */
  constructor(raw: SectionJson, index = 0) {
    this.raw = raw;
    this.index = index;
  }

  /** Section id. */
  get id(): string {
    return this.raw.id;
  }
  /** `vehicle`, `pedestrian`, …; an open set. */
  get type(): string {
    return this.raw.type;
  }
  /** Where and when the section starts. */
  get departure(): TimedPlace {
    return this.raw.departure;
  }
  /** Where and when the section ends. */
  get arrival(): TimedPlace {
    return this.raw.arrival;
  }
  /** The transport mode. */
  get transport(): Transport {
    return this.raw.transport;
  }
  /** Duration and length, with `return=summary`. */
  get summary(): Summary | undefined {
    return this.raw.summary;
  }
  /** Travel summary, with `return=travelSummary`. */
  get travelSummary(): TravelSummary | undefined {
    return this.raw.travelSummary;
  }
  /** The encoded flexible polyline, with `return=polyline`. */
  get polyline(): string | undefined {
    return this.raw.polyline;
  }
  /** Manoeuvres, with `return=actions`. */
  get actions(): RouteAction[] | undefined {
    return this.raw.actions;
  }
  /** Turn-by-turn manoeuvres, with `return=turnByTurnActions`. */
  get turnByTurnActions(): unknown[] | undefined {
    return this.raw.turnByTurnActions;
  }
  /** Span attributes, with `spans=`. */
  get spans(): SectionSpan[] | undefined {
    return this.raw.spans;
  }
  /** Every notice on the section (empty when none). */
  get notices(): readonly Notice[] {
    return Array.isArray(this.raw.notices) ? this.raw.notices : NO_NOTICES;
  }
  /** Language of the instructions. */
  get language(): string | undefined {
    return this.raw.language;
  }
  /** Tolls, with `return=tolls`. */
  get tolls(): unknown[] | undefined {
    return this.raw.tolls;
  }
  /** Pass-through vias, with `return=passthrough`. */
  get passthrough(): Passthrough[] | undefined {
    return this.raw.passthrough;
  }

  /** Notices whose severity is not `info` (violations and blocking ones). */
  get criticalNotices(): Notice[] {
    return this.notices.filter(isCriticalNotice);
  }
  /** Critical notices with a known violation code; the section is still usable. */
  get violations(): Notice[] {
    return this.notices.filter(isViolationNotice);
  }
  /** Critical notices with an unknown code; HERE says to discard the section. */
  get blockingNotices(): Notice[] {
    return this.notices.filter(isBlockingNotice);
  }
  /** True when the section carries at least one violation notice. */
  get hasViolations(): boolean {
    return this.notices.some(isViolationNotice);
  }
  /** False when a blocking notice means the section must be discarded. */
  get usable(): boolean {
    return !this.notices.some(isBlockingNotice);
  }

  /**
   * The polyline decoded once into one `Float64Array` with its header, or
   * `undefined` without a polyline. Cached.
   *
   * @throws {ValueError} when the polyline is malformed
   */
  get decodedPolyline(): FlatPolyline | undefined {
    if (this.#flat === undefined && typeof this.raw.polyline === "string") {
      this.#flat = decodePolylineFlat(this.raw.polyline);
    }
    return this.#flat;
  }

  /**
   * The decoded points, `lat, lng` (or `lat, lng, elevation` with
   * `return=elevation`) per point, interleaved; see {@linkcode dimensions}.
   * `actions[].offset` and `spans[].offset` index these points.
   *
   * @throws {ValueError} when the polyline is malformed
   */
  get coordinates(): Float64Array | undefined {
    return this.decodedPolyline?.coordinates;
  }

  /**
   * Values per point in {@linkcode coordinates}: 2, or 3 when the polyline
   * has a third dimension (elevation). `undefined` without a polyline.
   *
   * @throws {ValueError} when the polyline is malformed
   */
  get dimensions(): 2 | 3 | undefined {
    const flat = this.decodedPolyline;
    if (flat === undefined) return undefined;
    return flat.thirdDim === 0 ? 2 : 3;
  }

  /**
   * The section as a GeoJSON `LineString` feature, positions
   * `[lng, lat]` or `[lng, lat, elevation]` — whichever the polyline holds.
   * `undefined` when the section has no polyline (not requested). Builds the
   * positions in the same pass as the decode, or from the cached
   * {@linkcode coordinates} when those were read already.
   *
   * @throws {ValueError} when the polyline is malformed
   */
  toGeoJSON(): Feature<LineString, SectionProperties> | undefined {
    const encoded = this.raw.polyline;
    if (typeof encoded !== "string") return undefined;
    const geometry: LineString = this.#flat
      ? { type: "LineString", coordinates: flatToPositions(this.#flat) }
      : polylineToGeoJSON(encoded);
    const raw = this.raw;
    return {
      type: "Feature",
      geometry,
      properties: {
        sectionId: raw.id,
        sectionIndex: this.index,
        type: raw.type,
        transportMode: raw.transport?.mode,
        departureTime: raw.departure?.time,
        arrivalTime: raw.arrival?.time,
        duration: raw.summary?.duration,
        length: raw.summary?.length,
        violations: this.violations.map((n) => n.code),
      },
    };
  }

  /** The section as HERE sent it. */
  toJSON(): SectionJson {
    return this.raw;
  }
}

// ------------------------------------------------------------------ Route

/**
 * A route: its sections, and whether they can be used.
 *
 * @example
 * ```ts
 * import { Route } from "@ls/routing";
 * const route = new Route({ id: "r0", sections: [] });
 * route.usable; // true
 * route.toGeoJSON().features; // []
 * ```
 */
export class Route {
  /** The route as HERE sent it. */
  readonly raw: RouteJson;
  /** Position in HERE's `routes` list (kept for discarded routes too). */
  readonly index: number;
  /** The sections, in travel order. */
  readonly sections: Section[];

  /** Wraps a route's JSON; `index` is its position in HERE's list. */
  constructor(raw: RouteJson, index = 0) {
    this.raw = raw;
    this.index = index;
    const sections = Array.isArray(raw?.sections) ? raw.sections : [];
    // An entry that is not an object (a malformed body) is left out.
    this.sections = sections.flatMap((s, i) =>
      typeof s === "object" && s !== null ? [new Section(s, i)] : []
    );
  }

  /** Route id. */
  get id(): string {
    return this.raw.id;
  }
  /** False when a section carries a blocking notice (HERE: discard it). */
  get usable(): boolean {
    return this.sections.every((s) => s.usable);
  }
  /** True when a section carries a known violation notice. */
  get hasViolations(): boolean {
    return this.sections.some((s) => s.hasViolations);
  }
  /** The violation notices of all sections. */
  get violations(): Notice[] {
    return this.sections.flatMap((s) => s.violations);
  }
  /** The blocking notices of all sections. */
  get blockingNotices(): Notice[] {
    return this.sections.flatMap((s) => s.blockingNotices);
  }

  /**
   * One `LineString` feature per section that has a polyline, with the
   * route's id and index in its properties. Sections without a polyline
   * (`polyline` not requested) are left out.
   *
   * @throws {ValueError} when a polyline is malformed
   */
  toGeoJSON(): FeatureCollection<LineString, SectionProperties> {
    const features: Feature<LineString, SectionProperties>[] = [];
    for (const section of this.sections) {
      const feature = section.toGeoJSON();
      if (!feature) continue;
      feature.properties = {
        routeId: this.raw.id,
        routeIndex: this.index,
        ...feature.properties,
      };
      features.push(feature);
    }
    return { type: "FeatureCollection", features };
  }

  /** The route as HERE sent it. */
  toJSON(): RouteJson {
    return this.raw;
  }
}

// ------------------------------------------------------------- Response

/**
 * The result of a route request. `routes` holds the usable routes;
 * routes with a section HERE says must be discarded (a critical notice with
 * an unknown code, see `notices.ts`) are in `discardedRoutes` instead.
 * Routes that violate an avoid or restriction are kept and flagged
 * (`route.hasViolations`, `section.violations`).
 *
 * @example
 * ```ts
 * import { RoutingResponse } from "@ls/routing";
 * const res = new RoutingResponse({
 *   body: { routes: [], notices: [{ title: "No route found", code: "noRouteFound", severity: "critical" }] },
 * });
 * res.routes.length; // 0
 * res.notices[0].code; // "noRouteFound"
 * ```
 */
export class RoutingResponse extends ApiResponse<RoutingResponseBody> {
  /** The usable routes, in HERE's order. */
  readonly routes: Route[];
  /** Routes dropped because a section carries a blocking notice. */
  readonly discardedRoutes: Route[];

  /** Wraps a parsed routing response and sorts out unusable routes. */
  constructor(
    response: Pick<
      JsonResponse<RoutingResponseBody>,
      "body" | "correlationId" | "requestId"
    >,
  ) {
    super(response);
    const raw = Array.isArray(this.raw?.routes) ? this.raw.routes : [];
    const all = raw.flatMap((r, i) =>
      typeof r === "object" && r !== null ? [new Route(r, i)] : []
    );
    this.routes = all.filter((r) => r.usable);
    this.discardedRoutes = all.filter((r) => !r.usable);
  }

  /** Route-independent notices (empty when none). */
  get notices(): readonly Notice[] {
    return Array.isArray(this.raw?.notices) ? this.raw.notices : NO_NOTICES;
  }

  /**
   * Every section of every usable route as a `LineString` feature,
   * positions `[lng, lat]` or `[lng, lat, elevation]`, with the route's and
   * section's ids and indices, times, duration, length and violation codes
   * in `properties`. Sections without a polyline are left out.
   *
   * @throws {ValueError} when a polyline is malformed
   */
  toGeoJSON(): FeatureCollection<LineString, SectionProperties> {
    const features: Feature<LineString, SectionProperties>[] = [];
    for (const route of this.routes) {
      features.push(...route.toGeoJSON().features);
    }
    return { type: "FeatureCollection", features };
  }
}
