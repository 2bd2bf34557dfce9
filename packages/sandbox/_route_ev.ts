// EV routes: the energy each section takes (consumption model over the
// drawn road and the terrain's climbs), the charge along the route (never
// above `ev[maxCharge]`: what a full battery recovers downhill is lost),
// and the charging stops `ev[makeReachable]=true` adds where the charge
// would run short, each a section boundary at a charging station with its
// charging time from the vehicle's curve. Each route, alternatives too,
// plans its own stops. The sandbox adds at most `MAX_STOPS` to a route;
// past them, or when `ev[maxChargingDuration]` keeps the stops short, the
// route comes back as planned, its notices saying where the charge runs
// out (`outOfCharge`) and why (`targetChargeNotAchievable`).

import { STREETS } from "./_places.ts";
import { sectionGeometry } from "./_route_geometry.ts";
import { planSections, type SectionPlan } from "./_route_plan.ts";
import type { RouteRequest } from "./_route_request.ts";
import { terrainElevation } from "./_terrain.ts";
import { hash32, round } from "./_util.ts";
import type { Waypoint } from "./_waypoints.ts";
import {
  type Battery,
  chargeAfter,
  chargingSeconds,
  energyWh,
  type EvRequest,
} from "./_ev.ts";
import { haversineMeters } from "./geodesy.ts";

/** Power of every sandbox charging station, kW (DC). */
const STATION_KW = 150;
/** Reserve kept on top of the minimums when planning stops, of `maxCharge`. */
const SAFETY = 0.02;
/** Most charging stops the sandbox adds to one route. */
const MAX_STOPS = 8;
/** The closest a charging stop may be to where the charge was last topped up, m. */
const MIN_HOP = 1000;

/** The EV fields of one section, as `buildSection` writes them. */
export interface SectionEv {
  /** kWh; absent without `ev[initialCharge]`. */
  departureCharge?: number;
  arrivalCharge?: number;
  /**
   * kWh: driving, less what is charged at the section's end. With a
   * battery, what the battery lost on the way (departure − arrival).
   */
  consumption: number;
  postActions?: Record<string, unknown>[];
  notices: Record<string, unknown>[];
}

/** Energy used from a section's start to each of its drawn points, kWh. */
interface Profile {
  points: { lat: number; lng: number }[];
  used: number[];
  /** Road metres from the section's start to each point. */
  along: number[];
  /** Drawn-point index of each waypoint of the section. */
  waypointPoints: number[];
}

function profile(
  req: RouteRequest,
  plan: SectionPlan,
  ev: EvRequest,
): Profile {
  const geometry = sectionGeometry(req, plan);
  const points = geometry.points;
  const drawn: number[] = [0];
  for (let i = 1; i < points.length; i++) {
    drawn.push(haversineMeters(points[i - 1], points[i]));
  }
  const total = drawn.reduce((a, b) => a + b, 0);
  const scale = total > 0 ? plan.distance / total : 0;
  const perMetre = plan.distance > 0 ? plan.duration / plan.distance : 0;
  const used = [0], along = [0];
  let elevation = terrainElevation(points[0].lat, points[0].lng);
  for (let i = 1; i < points.length; i++) {
    const length = drawn[i] * scale;
    const next = terrainElevation(points[i].lat, points[i].lng);
    const dh = next - elevation;
    elevation = next;
    const wh = energyWh(
      ev.model,
      length,
      length * perMetre,
      Math.max(0, dh),
      Math.max(0, -dh),
    );
    used.push(used[i - 1] + wh / 1000);
    along.push(along[i - 1] + length);
  }
  return {
    points,
    used,
    along,
    waypointPoints: plan.waypointAt.map((at) => geometry.pathIndex[at]),
  };
}

/** Where a route's charge would fall short, and where to stop before. */
interface Shortfall {
  section: number;
  /** Drawn-point index in that section for the stop, or -1 when none is reachable. */
  point: number;
}

/** The result of walking a route's sections with its battery. */
interface Walk {
  sections: SectionEv[];
  shortfall?: Shortfall;
}

/**
 * The charge along a route: per section its charges, consumption, charging
 * at its end and EV notices; with `plan` (makeReachable) also the first
 * place the charge falls short. Sets `dwell` on sections that end with
 * charging.
 */
function walk(
  req: RouteRequest,
  sections: SectionPlan[],
  ev: EvRequest,
  plan: boolean,
): Walk {
  const wps = req.waypoints;
  const profiles = sections.map((s) => profile(req, s, ev));
  const battery = ev.battery;
  const out: SectionEv[] = profiles.map((p) => ({
    consumption: p.used[p.used.length - 1],
    notices: [],
  }));
  if (!battery) return { sections: round3(out) };

  // Runs: from the origin or a charging stop to the next stop or the end.
  const runs: number[][] = [[]];
  sections.forEach((s, i) => {
    runs[runs.length - 1].push(i);
    if (wps[s.end].station && i < sections.length - 1) runs.push([]);
  });
  let charge = battery.initial;
  let stops = 0;
  for (const run of runs) {
    const last = run[run.length - 1];
    const toStation = Boolean(wps[sections[last].end].station);
    const first = run[0];
    const reserveHere = stops === 0
      ? battery.minAtFirstStation ?? battery.minAtStation
      : battery.minAtStation;
    // The energy the run takes, and what the stop ahead needs on arrival.
    const runUsed = run.reduce(
      (sum, i) => sum + out[i].consumption,
      0,
    );
    const endReserve = toStation
      ? (stops === 0
        ? battery.minAtFirstStation ?? battery.minAtStation
        : battery.minAtStation)
      : battery.minAtDestination;
    if (first > 0 && wps[sections[first].start].station) {
      // Charge at the stop this run starts from, just enough for the run.
      const arrival = charge;
      let target = Math.min(
        battery.maxAfterStation ?? battery.max,
        Math.max(arrival, runUsed + endReserve + SAFETY * battery.max),
      );
      const curve = battery.curve ?? [[0, STATION_KW]];
      let seconds = chargingSeconds(curve, arrival, target, STATION_KW);
      const before = out[first - 1];
      if (
        battery.maxChargingDuration !== undefined &&
        seconds > battery.maxChargingDuration
      ) {
        seconds = battery.maxChargingDuration;
        target = chargeAfter(curve, arrival, target, STATION_KW, seconds);
        before.notices.push({
          title:
            "The target charge cannot be reached within ev[maxChargingDuration]",
          code: "targetChargeNotAchievable",
          severity: "info",
        });
      }
      const power = Math.min(STATION_KW, Math.max(...curve.map((p) => p[1])));
      before.postActions = [
        ...(battery.setupDuration > 0
          ? [{ action: "chargingSetup", duration: battery.setupDuration }]
          : []),
        {
          action: "charging",
          duration: seconds,
          consumablePower: power,
          arrivalCharge: round(arrival, 3),
          targetCharge: round(target, 3),
        },
      ];
      before.consumption -= target - arrival;
      sections[first - 1].dwell = battery.setupDuration + seconds;
      charge = target;
    }
    const start = charge;

    // Walk the run's points: the charge at each (recovered energy fills
    // the battery up to maxCharge, no further), the lowest, and where to
    // stop if short (the last point before the charge runs out that still
    // keeps the stop's reserve; not a waypoint).
    let c = start, lowest = Infinity, spot: Shortfall | undefined;
    for (const i of run) {
      const p = profiles[i];
      const result = out[i];
      result.departureCharge = c;
      let sectionLowest = c;
      for (let k = 1; k < p.used.length; k++) {
        c = Math.min(battery.max, c - (p.used[k] - p.used[k - 1]));
        sectionLowest = Math.min(sectionLowest, c);
        if (
          lowest >= 0 && sectionLowest >= 0 &&
          c >= reserveHere + SAFETY * battery.max &&
          k < p.used.length - 1
        ) spot = { section: i, point: k };
      }
      lowest = Math.min(lowest, sectionLowest);
      result.arrivalCharge = c;
      result.consumption = result.departureCharge - c;
      if (sectionLowest < 0) {
        result.notices.push({
          title: "The charge of the vehicle drops below 0 on this section",
          code: "outOfCharge",
          severity: "info",
        });
      }
    }
    const end = c;
    const short = lowest < 0 ||
      end < endReserve - (toStation ? SAFETY * battery.max : 0);
    if (plan && battery.makeReachable && short) {
      const hop = spot ? distanceFromRunStart(profiles, run, spot) : 0;
      return {
        sections: out,
        shortfall: spot && hop >= MIN_HOP
          ? spot
          : { section: first, point: -1 },
      };
    }
    const lastOut = out[last];
    if (!toStation && end < battery.minAtDestination) {
      lastOut.notices.push({
        title:
          "The charge at the destination is below ev[minChargeAtDestination]",
        code: "violatedMinChargeAtDestination",
        severity: "info",
      });
    }
    if (toStation && end < endReserve) {
      lastOut.notices.push({
        title: "The charge at the charging station is below the minimum",
        code: stops === 0 && battery.minAtFirstStation !== undefined
          ? "violatedMinChargeAtFirstChargingStation"
          : "violatedMinChargeAtChargingStation",
        severity: "info",
      });
    }
    charge = end;
    if (toStation) stops++;
  }
  return { sections: round3(out) };
}

function distanceFromRunStart(
  profiles: Profile[],
  run: number[],
  spot: Shortfall,
): number {
  let d = 0;
  for (const i of run) {
    if (i === spot.section) return d + profiles[i].along[spot.point];
    d += profiles[i].along[profiles[i].along.length - 1];
  }
  return d;
}

function round3(sections: SectionEv[]): SectionEv[] {
  for (const s of sections) {
    s.consumption = round(s.consumption, 3);
    if (s.departureCharge !== undefined) {
      s.departureCharge = round(s.departureCharge, 3);
    }
    if (s.arrivalCharge !== undefined) {
      s.arrivalCharge = round(s.arrivalCharge, 3);
    }
  }
  return sections;
}

/** A route with its charging stops: the request with them, its sections. */
export interface PlannedRoute {
  req: RouteRequest;
  sections: SectionPlan[];
}

/**
 * The route's sections and, with `ev[makeReachable]=true`, a charging stop
 * added (as a waypoint) wherever the charge would run short on them; or
 * the reason no stop can help. An alternative comes bent (`bendRoute`):
 * its stops are planned on its own path.
 */
export function planChargingStops(
  req: RouteRequest,
  ev: EvRequest | undefined,
): PlannedRoute | { fail: { code: string; title: string } } {
  if (!ev?.battery?.makeReachable) return { req, sections: planSections(req) };
  let wps = req.waypoints;
  for (let added = 0;; added++) {
    const current: RouteRequest = { ...req, waypoints: wps };
    const sections = planSections(current);
    const walked = walk(current, sections, ev, true);
    const shortfall = walked.shortfall;
    // Done; or out of the stops the sandbox adds; or short after a stop
    // that ev[maxChargingDuration] cut short: the route as planned, its
    // notices telling where the charge runs out and why.
    if (
      !shortfall || added === MAX_STOPS ||
      (shortfall.point < 0 && limited(walked.sections))
    ) return { req: current, sections };
    if (shortfall.point < 0) break;
    const s = sections[shortfall.section];
    const p = profile(current, s, ev);
    // After the section's pass-through vias that come before the stop.
    let at = s.start + 1;
    for (let w = s.start + 1; w < s.end; w++) {
      if (p.waypointPoints[w - s.start] <= shortfall.point) at = w + 1;
    }
    const point = p.points[shortfall.point];
    wps = [...wps.slice(0, at), station(point), ...wps.slice(at)];
  }
  return {
    fail: {
      code: "noReachableChargingStationsFound",
      title: "No charging station can be reached with the given charge",
    },
  };
}

/** Whether a stop's charging was cut short by `ev[maxChargingDuration]`. */
function limited(sections: SectionEv[]): boolean {
  return sections.some((s) =>
    s.notices.some((n) => n.code === "targetChargeNotAchievable")
  );
}

/** A charging stop at `p`, named after a street. */
function station(p: { lat: number; lng: number }): Waypoint {
  const h = hash32("station", round(p.lat, 5), round(p.lng, 5));
  return {
    lat: round(p.lat, 6),
    lng: round(p.lng, 6),
    place: {},
    stopDuration: 0,
    passThrough: false,
    station: {
      id: `sbx-station-${h.toString(16).padStart(8, "0")}`,
      name: `${STREETS[h % STREETS.length]} Charging Park`,
    },
  };
}

/**
 * The EV fields of a route's sections (charges, consumption, charging at
 * stops, notices). Sets `dwell` on sections that end with charging.
 */
export function evaluateRoute(
  req: RouteRequest,
  sections: SectionPlan[],
  ev: EvRequest,
): SectionEv[] {
  return walk(req, sections, ev, false).sections;
}

/** The `chargingStation` place of a stop the sandbox added. */
export function chargingStationPlace(
  wp: Waypoint,
  location: Record<string, number>,
  battery?: Battery,
): Record<string, unknown> {
  return {
    type: "chargingStation",
    location,
    id: wp.station!.id,
    name: wp.station!.name,
    brand: { name: "Sandbox Charging" },
    attributes: {
      power: STATION_KW,
      current: 375,
      voltage: 400,
      supplyType: "dc",
      connectorType: battery?.connectors[0] ?? "iec62196Type2Combo",
    },
  };
}
