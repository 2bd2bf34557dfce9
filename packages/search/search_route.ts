/**
 * Search along a route: the `route` parameter of discover, browse and
 * autosuggest, sent as HERE's `route={flexible polyline};w={width}`, and the
 * ranking by detour that a route enables.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { buildDiscoverRequest } from "@ls/search";
 * const spec = buildDiscoverRequest({
 *   query: "fuel",
 *   route: [[52.5, 13.4], [52.6, 13.5]],
 *   routeWidth: 500,
 * });
 * assert.equal(spec.query?.toString(), "q=fuel&route=BFg9tgKgm5xCgxTgxT;w=500");
 * ```
 *
 * @module
 */

import * as z from "zod/mini";
import { decodePolyline, encodePolyline, ValueError } from "@ls/core";
import type { LatLngLike } from "@ls/core";
import {
  lazy,
  parsePoints,
  parseWith,
  positiveInteger,
} from "@ls/core/internal";

/** A route section as HERE's router returns it: its encoded polyline. */
export interface SearchRouteSection {
  /** A flexible polyline, as in a routing response's `sections[].polyline`. */
  readonly polyline?: string;
}

/**
 * The route to search along, in any of the forms a caller holds it: an
 * encoded flexible polyline; a list of points `[lat, lng]` (or any point
 * form); a route section with a `polyline`; a route with `sections` (their
 * polylines are joined in travel order); or a routing response with
 * `routes` (its first route is used). A `RoutingResponse` of `@ls/routing`
 * fits as it is, asked for with `return: ["polyline"]`.
 *
 * @example
 * ```ts
 * import type { SearchRoute } from "@ls/search";
 * const routes: SearchRoute[] = [
 *   "BFg9tgKgm5xCgxTgxT",
 *   [[52.5, 13.4], [52.6, 13.5]],
 *   { sections: [{ polyline: "BFg9tgKgm5xCgxTgxT" }] },
 * ];
 * ```
 */
export type SearchRoute =
  | string
  | readonly LatLngLike[]
  | SearchRouteSection
  | { readonly sections: readonly SearchRouteSection[] }
  | {
    readonly routes: readonly {
      readonly sections: readonly SearchRouteSection[];
    }[];
  };

/**
 * A value of `ranking`: `"excursionDistance"` orders results by the detour
 * from the route they cost (it needs `route`).
 */
export type SearchRanking = "excursionDistance";

/**
 * A value of `mobilityMode`: the vehicle whose detour `ranking:
 * "excursionDistance"` measures.
 */
export type MobilityMode = "car" | "motorbike" | "truck";

/** The route parameters of discover, browse and autosuggest. */
export interface SearchRouteParams {
  /**
   * Searches in a corridor along this route instead of around a point (sent
   * as `route=`); see {@linkcode SearchRoute} for the forms it takes. Cannot
   * be combined with another search area but a country filter.
   */
  route?: SearchRoute;
  /**
   * The corridor's width in metres (`;w=` of `route`), a positive integer;
   * HERE's default applies when omitted. Requires `route`.
   */
  routeWidth?: number;
  /**
   * `ranking`: `"excursionDistance"` orders results by the detour they cost
   * from the route. Requires `route`.
   */
  ranking?: SearchRanking;
  /**
   * `mobilityMode`: the vehicle, `"car"`, `"motorbike"` or `"truck"`, whose
   * detour `ranking: "excursionDistance"` measures. Requires that ranking.
   */
  mobilityMode?: MobilityMode;
}

const rankingSchema = /* @__PURE__ */ lazy(() => z.enum(["excursionDistance"]));
const mobilitySchema = /* @__PURE__ */ lazy(() =>
  z.enum(["car", "motorbike", "truck"])
);

/** The points of one encoded polyline, refused naming `parameter`. */
function decoded(encoded: unknown, parameter: string): number[][] {
  if (typeof encoded !== "string" || encoded === "") {
    throw new ValueError(
      parameter,
      "must be an encoded flexible polyline",
      encoded,
    );
  }
  try {
    return decodePolyline(encoded).polyline;
  } catch {
    throw new ValueError(parameter, "is not a valid flexible polyline");
  }
}

/**
 * Every point of `route`, in travel order, as `[lat, lng]`; a routing
 * response's `routes` are read at the top only (`response` true), so a
 * route that holds itself cannot recurse without end.
 */
function routePoints(route: unknown, response = true): number[][] {
  if (typeof route === "string") return decoded(route, "route");
  if (Array.isArray(route)) {
    return parsePoints(route, "route", 2).map((p) => [p.lat, p.lng]);
  }
  if (typeof route !== "object" || route === null) {
    throw new ValueError(
      "route",
      "must be a flexible polyline, a list of points, a section, a route or a routing response",
      route,
    );
  }
  const r = route as Record<string, unknown>;
  if (response && Array.isArray(r.routes)) {
    if (r.routes.length === 0) {
      throw new ValueError("route", "is a routing response without routes");
    }
    return routePoints(r.routes[0], false);
  }
  if (Array.isArray(r.sections)) {
    const points: number[][] = [];
    // Array.from visits a hole (which forEach skips), refused as null is.
    Array.from(r.sections).forEach((s: unknown, i) => {
      const line = (s as SearchRouteSection | null)?.polyline;
      for (const p of decoded(line, `route.sections[${i}].polyline`)) {
        const last = points[points.length - 1];
        if (!last || last[0] !== p[0] || last[1] !== p[1]) points.push(p);
      }
    });
    return points;
  }
  return decoded(r.polyline, "route.polyline");
}

/**
 * The checked `route`, `ranking` and `mobilityMode` entries, in that order.
 *
 * @throws {ValueError} for a malformed route or width, `routeWidth`,
 * `ranking` or `mobilityMode` without what it requires, or a value of a
 * closed set that HERE does not list
 */
export function searchRouteEntries(
  params: SearchRouteParams,
): [string, string | undefined][] {
  const { route, routeWidth, ranking, mobilityMode } = params;
  const width = routeWidth === undefined
    ? undefined
    : parseWith(positiveInteger(), routeWidth, "routeWidth");
  let value: string | undefined;
  if (route !== undefined) {
    const points = routePoints(route);
    if (points.length < 2) {
      throw new ValueError("route", "must have at least 2 points");
    }
    const line = encodePolyline({
      polyline: points.map((p) => [p[0], p[1]]),
    });
    value = width === undefined ? line : `${line};w=${width}`;
  } else if (width !== undefined) {
    throw new ValueError("routeWidth", "requires route");
  }
  if (ranking !== undefined) {
    parseWith(rankingSchema(), ranking, "ranking");
    if (route === undefined) {
      throw new ValueError("ranking", `${ranking} requires route`);
    }
  }
  if (mobilityMode !== undefined) {
    parseWith(mobilitySchema(), mobilityMode, "mobilityMode");
    if (ranking === undefined) {
      throw new ValueError(
        "mobilityMode",
        'requires ranking "excursionDistance" (and a route)',
      );
    }
  }
  return [
    ["route", value],
    ["ranking", ranking],
    ["mobilityMode", mobilityMode],
  ];
}
