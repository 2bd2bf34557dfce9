// The sections of a route and their schedule: where a route stops (its
// non-pass-through vias), the path of each section around avoided areas,
// the bends that make an alternative, and when each section departs.

import type { Gazetteer } from "./_gazetteer.ts";
import { matchPoint } from "./_network.ts";
import type { RouteRequest } from "./_route_request.ts";
import type { Waypoint } from "./_waypoints.ts";
import { touchesBoxes } from "./_route_geometry.ts";
import { offsetForLongitude } from "./_util.ts";
import {
  destinationPoint,
  haversineMeters,
  initialBearing,
  intermediatePoint,
  type LatLngLike,
} from "./geodesy.ts";
import { planPath } from "./plan_path.ts";
import { durationSeconds, pathDistanceMeters } from "./travel_model.ts";

/** One section of a route: its waypoints, drawn path, length and duration. */
export interface SectionPlan {
  /** Waypoint indices of the section's start and end. */
  start: number;
  end: number;
  /** The drawn path: waypoints (an alternative's bends among them) and avoid corners. */
  path: LatLngLike[];
  /** Index in `path` of each waypoint of the section. */
  waypointAt: number[];
  blocked: boolean;
  clearance: number;
  distance: number;
  duration: number;
  /** Seconds spent at the section's end before the next one, when not the waypoint's `stopDuration` (charging). */
  dwell?: number;
}

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
    const a = wps[at - 1], b = wps[at];
    const mid = intermediatePoint(a, b, 0.5);
    const p = destinationPoint(
      mid,
      initialBearing(mid, b) + 90,
      bend * longest,
    );
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

/**
 * The sections of a route: one from each waypoint that is no pass-through
 * via to the next, drawn around avoided areas.
 */
export function planSections(req: RouteRequest): SectionPlan[] {
  const wps = req.waypoints;
  const bounds = [0];
  for (let i = 1; i < wps.length - 1; i++) {
    if (!wps[i].passThrough) bounds.push(i);
  }
  bounds.push(wps.length - 1);
  const boxes = req.options.avoidAreas ?? [];
  const sections: SectionPlan[] = [];
  for (let s = 0; s + 1 < bounds.length; s++) {
    const stops: LatLngLike[] = wps.slice(bounds[s], bounds[s + 1] + 1);
    const path: LatLngLike[] = [stops[0]];
    const waypointAt = [0];
    let blocked = false;
    let clearance = Infinity;
    for (let i = 1; i < stops.length; i++) {
      const leg = planPath(stops[i - 1], stops[i], boxes);
      blocked ||= leg.blocked;
      clearance = Math.min(clearance, leg.clearance);
      path.push(...leg.points.slice(1));
      waypointAt.push(path.length - 1);
    }
    const distance = pathDistanceMeters(path, req.options);
    sections.push({
      start: bounds[s],
      end: bounds[s + 1],
      path,
      waypointAt,
      blocked,
      clearance,
      distance,
      duration: durationSeconds(distance, req.options),
    });
  }
  return sections;
}

/** When the sections of a route depart, and in which offset times are written. */
export interface Timing {
  offsetFor: (p: LatLngLike) => number;
  departures: (number | undefined)[];
}

/** The schedule of a route's sections from its departure or arrival time. */
export function timing(
  req: RouteRequest,
  sections: SectionPlan[],
  now: number,
): Timing {
  const wps = req.waypoints;
  // Times are written in the caller's offset when the request had one,
  // else in the sandbox's time zone of each place (whole hours by longitude).
  const given = req.departure?.kind === "instant"
    ? req.departure.offsetMinutes
    : req.arrival?.kind === "instant"
    ? req.arrival.offsetMinutes
    : undefined;
  const offsetFor = (p: LatLngLike) => given ?? offsetForLongitude(p.lng);
  const total = sections.reduce(
    (sum, s, i) =>
      sum + s.duration +
      (i < sections.length - 1 ? s.dwell ?? wps[s.end].stopDuration : 0),
    0,
  );
  let start: number | undefined;
  const dep = req.departure, arr = req.arrival;
  if (arr) {
    const end = arr.kind === "local"
      ? arr.ms - offsetFor(wps[wps.length - 1]) * 60_000
      : (arr as { ms: number }).ms;
    start = end - total * 1000;
  } else if (dep?.kind === "any") {
    start = undefined;
  } else if (dep) {
    start = dep.kind === "local" ? dep.ms - offsetFor(wps[0]) * 60_000 : dep.ms;
  } else {
    start = Math.floor(now / 1000) * 1000;
  }
  const departures: (number | undefined)[] = [];
  let t = start;
  for (let i = 0; i < sections.length; i++) {
    departures.push(t);
    if (t !== undefined) {
      const s = sections[i];
      t += (s.duration + (s.dwell ?? wps[s.end].stopDuration)) * 1000;
    }
  }
  return { offsetFor, departures };
}

/**
 * The bends tried, in order, for alternatives. Not mirrored: a bend to
 * either side by the same amount gives two routes of the same length and
 * duration, which read as one route twice.
 */
export const BENDS: readonly number[] = [0.12, -0.15, 0.24, -0.28, 0.36, -0.41];
