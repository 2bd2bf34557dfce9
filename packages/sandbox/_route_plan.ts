// The sections of a route and their schedule: where a route stops (its
// non-pass-through vias), the path of each section around avoided areas,
// and when each section departs.

import { loadedGazetteer } from "./_gazetteer.ts";
import type { RouteRequest } from "./_route_request.ts";
import { Matcher, streetRoute } from "./_streets_travel.ts";
import type { Leg } from "./_streets_trip.ts";
import { offsetForLongitude } from "./_util.ts";
import type { LatLngLike } from "./geodesy.ts";

/** A route the network cannot give: an end off it, or no road between. */
export class NoStreetRoute extends Error {
  /** `unmatched` or `unreachable`. */
  readonly kind: "unmatched" | "unreachable";
  /** The index in the request's waypoints of the one off the network (`unmatched`). */
  readonly waypoint: number;
  constructor(kind: "unmatched" | "unreachable", waypoint = -1) {
    super(`No route: ${kind}`);
    this.kind = kind;
    this.waypoint = waypoint;
  }
}

/** One section of a route: its waypoints, drawn path, length and duration. */
export interface SectionPlan {
  /** Waypoint indices of the section's start and end. */
  start: number;
  end: number;
  /** The drawn path: waypoints (an alternative's bends among them) and avoid corners. */
  path: LatLngLike[];
  /** The network legs the path is drawn from. */
  legs?: Leg[];
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
  const g = loadedGazetteer();
  if (!g) throw new Error("The gazetteer is not loaded");
  const matcher = new Matcher(g);
  const sections: SectionPlan[] = [];
  for (let s = 0; s + 1 < bounds.length; s++) {
    const stops: LatLngLike[] = wps.slice(bounds[s], bounds[s + 1] + 1);
    const path: LatLngLike[] = [];
    const legs: Leg[] = [];
    const waypointAt: number[] = [];
    let blocked = false;
    let distance = 0, time = 0;
    for (let i = 1; i < stops.length; i++) {
      const trip = streetRoute(matcher, stops[i - 1], stops[i], req.options);
      if (trip === "unmatched") {
        // Name the waypoint that is off the network, not always the origin.
        const off = matcher.pos(stops[i - 1], req.options) ? i : i - 1;
        throw new NoStreetRoute(trip, bounds[s] + off);
      }
      if (typeof trip === "string") throw new NoStreetRoute(trip);
      blocked ||= trip.blocked;
      if (i === 1) {
        path.push(trip.from.point);
        waypointAt.push(0);
      }
      for (const leg of trip.path.legs) {
        legs.push(leg);
        path.push(...leg.points.slice(1));
      }
      waypointAt.push(path.length - 1);
      distance += trip.distance;
      time += trip.path.time;
    }
    sections.push({
      start: bounds[s],
      end: bounds[s + 1],
      path,
      legs,
      waypointAt,
      blocked,
      clearance: Infinity,
      distance,
      duration: Math.round(time / 10),
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
