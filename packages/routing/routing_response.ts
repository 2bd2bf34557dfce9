/**
 * The typed result of the route functions: {@linkcode RoutingResponse} with
 * its {@linkcode Route}s and their {@linkcode Section}s, the JSON shapes
 * behind them, lazily decoded polylines and GeoJSON.
 *
 * Every object keeps the JSON HERE sent (`raw`, `toJSON()`), so fields this
 * package does not type are still there. Polylines are decoded only when
 * asked for, once per section.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
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
 * assert.deepEqual([...res.routes[0].sections[0].coordinates!], [52.5, 13.4, 52.6, 13.5]);
 * assert.deepEqual(res.toGeoJSON().features[0].geometry.coordinates, [[13.4, 52.5], [13.5, 52.6]]);
 * assert.equal(res.toGeoJSONLines().features[0].properties.routeId, "r0");
 * ```
 *
 * @module
 */

import type { Feature, FeatureCollection, LineString } from "@ls/core";
import { ApiResponse, type JsonResponse } from "@ls/core";
import { type EvNotice, isEvNotice, type Notice } from "./notices.ts";
import { Route, type RouteProperties } from "./route.ts";
import { wrapObjects } from "@ls/core/internal";
import type { RouteJson, RoutingResponseBody } from "./routing_json.ts";
import type { SectionProperties } from "./section_properties.ts";

const NO_NOTICES: readonly Notice[] = Object.freeze([]);

/**
 * The result of a route request. `routes` holds the usable routes;
 * routes with a section HERE says must be discarded (a critical notice with
 * an unknown code, see `notices.ts`) are in `discardedRoutes` instead.
 * Routes that violate an avoid or restriction are kept and flagged
 * (`route.hasViolations`, `section.violations`).
 *
 * An answer without routes is no error: `notices` say why, and
 * `evNotices` holds those with an EV code (HERE's
 * `noReachableChargingStationsFound` when no charging station is in reach).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { RoutingResponse } from "@ls/routing";
 * const res = new RoutingResponse({
 *   body: { routes: [], notices: [{ title: "No route found", code: "noRouteFound", severity: "critical" }] },
 * });
 * assert.equal(res.routes.length, 0);
 * assert.equal(res.notices[0].code, "noRouteFound");
 *
 * const ev = new RoutingResponse({
 *   body: {
 *     routes: [],
 *     notices: [{ title: "No station in reach", code: "noReachableChargingStationsFound", severity: "critical" }],
 *   },
 * });
 * assert.equal(ev.evNotices[0].code, "noReachableChargingStationsFound");
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
    const all = wrapObjects(
      this.raw?.routes,
      (r: RouteJson, i) => new Route(r, i),
    );
    this.routes = all.filter((r) => r.usable);
    this.discardedRoutes = all.filter((r) => !r.usable);
  }

  /** Route-independent notices (empty when none). */
  get notices(): readonly Notice[] {
    return Array.isArray(this.raw?.notices) ? this.raw.notices : NO_NOTICES;
  }

  /**
   * The route-independent notices with an EV code (empty when none):
   * `noReachableChargingStationsFound` (no station in reach of the initial
   * charge, and so no route) and `avoidOptionsWithMakeReachableLimitation`.
   */
  get evNotices(): EvNotice[] {
    return this.notices.filter(isEvNotice);
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

  /**
   * Every usable route as one `LineString` feature
   * ({@linkcode Route.toGeoJSONLine}): its sections joined, with the
   * route's ids, times and totals (duration, length, and baseDuration
   * where every section has one) in `properties`. Routes without a
   * polyline are left out. Use it to draw a route as one line, beside or
   * instead of the per-section features of {@linkcode toGeoJSON}.
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { RoutingResponse } from "@ls/routing";
   * const place = (lat: number, lng: number) => ({ type: "place", location: { lat, lng } });
   * const res = new RoutingResponse({
   *   body: {
   *     routes: [{
   *       id: "r0",
   *       sections: [{
   *         id: "s0",
   *         type: "vehicle",
   *         departure: { time: "2024-05-01T08:00:00+02:00", place: place(52.5, 13.4) },
   *         arrival: { time: "2024-05-01T08:10:00+02:00", place: place(52.6, 13.5) },
   *         transport: { mode: "car" },
   *         travelSummary: { duration: 600, length: 13000, baseDuration: 560 },
   *         polyline: "BFg9tgKgm5xCgxTgxT",
   *       }],
   *     }],
   *   },
   * });
   * const [line] = res.toGeoJSONLines().features;
   * assert.deepEqual(line.geometry.coordinates, [[13.4, 52.5], [13.5, 52.6]]);
   * assert.deepEqual(
   *   [line.properties.duration, line.properties.length, line.properties.baseDuration],
   *   [600, 13000, 560],
   * );
   * ```
   *
   * @throws {ValueError} when a polyline is malformed
   */
  toGeoJSONLines(): FeatureCollection<LineString, RouteProperties> {
    const features: Feature<LineString, RouteProperties>[] = [];
    for (const route of this.routes) {
      const feature = route.toGeoJSONLine();
      if (feature) features.push(feature);
    }
    return { type: "FeatureCollection", features };
  }
}
