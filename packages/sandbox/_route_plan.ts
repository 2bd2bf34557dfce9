// The sections of a route and their schedule: where a route stops (its
// non-pass-through vias), the path of each section around avoided areas,
// and when each section departs.

import type { RouteRequest } from "./_route_request.ts";
import { offsetForLongitude } from "./_util.ts";
import type { LatLngLike } from "./geodesy.ts";
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
