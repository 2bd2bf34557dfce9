// One section of a Routing v8 response: departure and arrival places and
// times, summaries, the flexible polyline (3-D with elevation), actions,
// spans, passthrough waypoints and notices.

import { ELEVATION, encodePolyline } from "@ls/core";
import type { Gazetteer } from "./_gazetteer.ts";
import { STREETS } from "./_places.ts";
import { type RoadName, sectionActions } from "./_route_actions.ts";
import { type Road, sectionGeometry } from "./_route_geometry.ts";
import { chargingStationPlace, type SectionEv } from "./_route_ev.ts";
import type { Battery } from "./_ev.ts";
import type { SectionPlan, Timing } from "./_route_plan.ts";
import type { RouteRequest } from "./_route_request.ts";
import { sectionSpans } from "./_route_spans.ts";
import { type SectionTolls, sectionTolls } from "./_route_tolls.ts";
import { sectionFuel } from "./_route_fuel.ts";
import { terrainElevation } from "./_terrain.ts";
import { apportion, formatTime, hash32, hashUuid, round } from "./_util.ts";
import type { Waypoint } from "./_waypoints.ts";
import type { LatLngLike } from "./geodesy.ts";

/**
 * A road's name, stable by position: a route number (`E45` in Afro-Eurasia,
 * `I-90` in the Americas, `M1` in Oceania) for a road over 15 km, else a
 * street name.
 */
export function roadName(road: Road, g: Gazetteer): RoadName {
  if (road.name !== undefined) {
    return road.number
      ? { name: road.name, number: road.number }
      : { name: road.name };
  }
  const h = hash32("road", round(road.mid.lat, 3), round(road.mid.lng, 3));
  if (road.length > 15_000) {
    const city = g.match(road.mid)?.city;
    const region = city ? g.landmass(city) : "";
    const number = `${
      region === "Americas" ? "I-" : region === "Oceania" ? "M" : "E"
    }${1 + (h % 95)}`;
    return { name: number, number };
  }
  return { name: STREETS[h % STREETS.length] };
}

function place(
  p: Waypoint,
  elevation: boolean,
  waypoint?: number,
  battery?: Battery,
  matched?: LatLngLike,
): Record<string, unknown> {
  // The place is where the waypoint meets the street network.
  const at = matched ?? p;
  const location: Record<string, number> = {
    lat: round(at.lat, 6),
    lng: round(at.lng, 6),
  };
  if (elevation) location.elv = terrainElevation(location.lat, location.lng);
  if (p.station) return chargingStationPlace(p, location, battery);
  return {
    type: "place",
    location,
    originalLocation: { lat: p.lat, lng: p.lng },
    ...(waypoint !== undefined ? { waypoint } : {}),
  };
}

/**
 * The section `index` of a route as HERE writes it, with what the request's
 * `return` and `spans` ask for. `departureMs` is undefined for
 * `departureTime=any` (no times then).
 */
export function buildSection(
  req: RouteRequest,
  plan: SectionPlan,
  index: number,
  routeSeed: string,
  departureMs: number | undefined,
  tm: Timing,
  g: Gazetteer,
  ev?: SectionEv,
): Record<string, unknown> {
  const wps = req.waypoints;
  const from = wps[plan.start], to = wps[plan.end];
  const elevation = req.returns.has("elevation");
  const section: Record<string, unknown> = {
    id: hashUuid(routeSeed, "section", index),
    type: req.mode === "pedestrian" ? "pedestrian" : "vehicle",
  };
  // Charging stops and an alternative's shape points are no request
  // waypoints: the request's index of a waypoint skips them.
  const requestIndex = (i: number) =>
    i - wps.slice(0, i).filter((w) => w.station || w.shape).length;
  const isVia = (i: number) => i > 0 && i < wps.length - 1;
  const battery = req.ev?.battery;
  section.departure = {
    ...(departureMs !== undefined
      ? { time: formatTime(departureMs, tm.offsetFor(from)) }
      : {}),
    place: place(
      from,
      elevation,
      isVia(plan.start) ? requestIndex(plan.start) : undefined,
      battery,
      plan.legs ? plan.path[0] : undefined,
    ),
    ...(ev?.departureCharge !== undefined
      ? { charge: ev.departureCharge }
      : {}),
  };
  section.arrival = {
    ...(departureMs !== undefined
      ? {
        time: formatTime(departureMs + plan.duration * 1000, tm.offsetFor(to)),
      }
      : {}),
    place: place(
      to,
      elevation,
      isVia(plan.end) ? requestIndex(plan.end) : undefined,
      battery,
      plan.legs ? plan.path[plan.path.length - 1] : undefined,
    ),
    ...(ev?.arrivalCharge !== undefined ? { charge: ev.arrivalCharge } : {}),
  };
  const summary: Record<string, unknown> = {
    duration: plan.duration,
    length: plan.distance,
    baseDuration: plan.duration,
  };
  if (ev) summary.consumption = ev.consumption;
  if (req.fuel) {
    Object.assign(summary, sectionFuel(req.fuel, plan.distance, plan.duration));
  }
  const tolls = req.returns.has("tolls") ? tollsOf(req, plan, g) : undefined;
  if (tolls?.total) summary.tolls = { total: tolls.total };
  if (req.returns.has("typicalDuration")) {
    summary.typicalDuration = plan.duration;
  }
  if (req.returns.has("mlDuration")) summary.mlDuration = plan.duration;
  if (req.returns.has("summary")) section.summary = summary;
  if (req.returns.has("travelSummary")) section.travelSummary = { ...summary };

  const notices: Record<string, unknown>[] = [...(ev?.notices ?? [])];
  if (plan.blocked) {
    notices.push({
      title:
        "The route passes through an avoided area that contains a waypoint",
      code: "violatedBlockedRoad",
      severity: "critical",
    });
  }

  if (req.returns.has("polyline")) {
    const geometry = sectionGeometry(req, plan);
    const { points, roads } = geometry;
    section.polyline = encodePolyline({
      precision: 6,
      thirdDim: elevation ? ELEVATION : 0,
      thirdDimPrecision: elevation ? 1 : 0,
      polyline: points.map((p) =>
        elevation
          ? [p.lat, p.lng, terrainElevation(p.lat, p.lng)]
          : [p.lat, p.lng]
      ),
    });
    const lengths = apportion(plan.distance, roads.map((r) => r.length));
    const durations = apportion(
      plan.duration,
      roads.map((r) => r.time ?? r.length),
    );
    const names = roads.map((r) => roadName(r, g));

    if (req.returns.has("actions") || req.returns.has("turnByTurnActions")) {
      const withText = req.returns.has("instructions");
      const hint = to.place.nameHint;
      const { actions, turnByTurn } = sectionActions(
        roads,
        names,
        lengths,
        durations,
        withText
          ? {
            imperial: req.imperial,
            arrive: hint
              ? `Arrive at ${hint}.`
              : to.station
              ? `Arrive at ${to.station.name}.`
              : plan.end === wps.length - 1
              ? "Arrive at your destination."
              : "Arrive at your stop.",
          }
          : undefined,
      );
      if (req.returns.has("actions")) section.actions = actions;
      if (req.returns.has("turnByTurnActions")) {
        section.turnByTurnActions = turnByTurn;
      }
      if (withText) {
        section.language = "en-us";
        if (!req.lang[0].toLowerCase().startsWith("en")) {
          notices.push({
            title: `The requested language '${
              req.lang[0]
            }' is not available; instructions are in en-us`,
            code: "mainLanguageNotFound",
            severity: "info",
          });
        }
      }
    }

    if (req.spans.size) {
      section.spans = sectionSpans(
        roads,
        names,
        lengths,
        durations,
        req.spans,
        g,
      );
    }

    if (req.returns.has("passthrough")) {
      const passthrough: Record<string, unknown>[] = [];
      for (let w = plan.start + 1; w < plan.end; w++) {
        if (wps[w].shape) continue;
        const at = plan.waypointAt[w - plan.start];
        passthrough.push({
          place: place(wps[w], elevation, requestIndex(w)),
          offset: geometry.pathIndex[at],
        });
      }
      section.passthrough = passthrough;
    }
  }
  if (notices.length) section.notices = notices;
  if (tolls) {
    section.tolls = tolls.tolls;
    if (tolls.tollSystems.length) section.tollSystems = tolls.tollSystems;
  }
  for (
    const key of [
      "incidents",
      "routingZones",
      "truckRoadTypes",
      "noThroughRestrictions",
    ]
  ) {
    if (req.returns.has(key)) section[key] = [];
  }
  if (ev?.postActions) section.postActions = ev.postActions;
  section.transport = { mode: req.mode };
  if (ev) section.consumptionType = "electric";
  if (req.fuel) section.consumptionType = req.fuel.type;
  return section;
}

/** The tolls of a section (none when toll roads are avoided). */
function tollsOf(
  req: RouteRequest,
  plan: SectionPlan,
  g: Gazetteer,
): SectionTolls {
  if (req.options.avoidFeatures?.includes("tollRoad")) {
    return { tolls: [], tollSystems: [] };
  }
  const { roads } = sectionGeometry(req, plan);
  const lengths = apportion(plan.distance, roads.map((r) => r.length));
  return sectionTolls(req.tolls, req.mode, roads, lengths, g);
}
