// Alternative routes: the request bent sideways through shape points, by
// the bends tried in turn.

import type { Gazetteer } from "./_gazetteer.ts";
import { matchPoint } from "./_network.ts";
import { abeam, touchesBoxes } from "./_route_geometry.ts";
import type { RouteRequest } from "./_route_request.ts";
import type { Waypoint } from "./_waypoints.ts";
import { haversineMeters, type LatLngLike } from "./geodesy.ts";

/**
 * The bends tried, in order, for alternatives. Not mirrored: a bend to
 * either side by the same amount gives two routes of the same length and
 * duration, which read as one route twice.
 */
export const BENDS: readonly number[] = [0.12, -0.15, 0.24, -0.28, 0.36, -0.41];

/**
 * An alternative to `req`: the longest leg of each section pushed sideways
 * by `bend` (a fraction of the leg, signed) through a shape point, a
 * pass-through waypoint the response never shows. `req` itself for a bend
 * of 0; undefined when the bend is not possible (a short leg, off the
 * network or into an avoided area). Charging stops planned on the result
 * keep its shape: they split the bent path, not bend again.
 */
export function bendRoute(
  req: RouteRequest,
  bend: number,
  g: Gazetteer,
): RouteRequest | undefined {
  if (bend === 0) return req;
  const wps = req.waypoints;
  const boxes = req.options.avoidAreas ?? [];
  const bent: Waypoint[] = [wps[0]];
  let sectionStart = 0;
  for (let i = 1; i < wps.length; i++) {
    if (wps[i].passThrough && i < wps.length - 1) continue;
    // The section sectionStart..i: bend its longest leg.
    let longest = 0, at = -1;
    for (let k = sectionStart + 1; k <= i; k++) {
      const d = haversineMeters(wps[k - 1], wps[k]);
      if (d > longest) [longest, at] = [d, k];
    }
    if (longest < 300) return undefined;
    const p = abeam(wps[at - 1], wps[at], 0.5, bend * longest);
    if (!matchPoint(g, p) || touchesBoxes([p], boxes)) return undefined;
    for (let k = sectionStart + 1; k <= i; k++) {
      if (k === at) bent.push(shapePoint(p));
      bent.push(wps[k]);
    }
    sectionStart = i;
  }
  return { ...req, waypoints: bent };
}

/** A pass-through waypoint that shapes an alternative. */
function shapePoint(p: LatLngLike): Waypoint {
  return {
    lat: p.lat,
    lng: p.lng,
    place: {},
    stopDuration: 0,
    passThrough: true,
    shape: true,
  };
}
