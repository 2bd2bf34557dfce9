// One section of a Routing v8 response: departure and arrival places and
// times, summaries, the flexible polyline (3-D with elevation), actions,
// spans, passthrough waypoints and notices.

import { ELEVATION, encodePolyline } from "@ls/core";
import type { Gazetteer } from "./_gazetteer.ts";
import { STREETS } from "./_places.ts";
import { type RoadName, sectionActions } from "./_route_actions.ts";
import {
  buildGeometry,
  type Geometry,
  type Road,
  touchesBoxes,
} from "./_route_geometry.ts";
import type { SectionPlan, Timing } from "./_route_plan.ts";
import type { RouteRequest } from "./_route_request.ts";
import { sectionSpans } from "./_route_spans.ts";
import { terrainElevation } from "./_terrain.ts";
import { apportion, formatTime, hash32, hashUuid, round } from "./_util.ts";
import type { LatLngLike } from "./geodesy.ts";
import { detourFactor } from "./travel_model.ts";

/**
 * A road's name, stable by position: a route number (`E45` in Afro-Eurasia,
 * `I-90` in the Americas, `M1` in Oceania) for a road over 15 km, else a
 * street name.
 */
export function roadName(road: Road, g: Gazetteer): RoadName {
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
  p: LatLngLike,
  elevation: boolean,
  waypoint?: number,
): Record<string, unknown> {
  const location: Record<string, number> = { lat: p.lat, lng: p.lng };
  if (elevation) location.elv = terrainElevation(p.lat, p.lng);
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
): Record<string, unknown> {
  const wps = req.waypoints;
  const from = wps[plan.start], to = wps[plan.end];
  const elevation = req.returns.has("elevation");
  const section: Record<string, unknown> = {
    id: hashUuid(routeSeed, "section", index),
    type: req.mode === "pedestrian" ? "pedestrian" : "vehicle",
  };
  const isVia = (i: number) => i > 0 && i < wps.length - 1;
  section.departure = {
    ...(departureMs !== undefined
      ? { time: formatTime(departureMs, tm.offsetFor(from)) }
      : {}),
    place: place(from, elevation, isVia(plan.start) ? plan.start : undefined),
  };
  section.arrival = {
    ...(departureMs !== undefined
      ? {
        time: formatTime(departureMs + plan.duration * 1000, tm.offsetFor(to)),
      }
      : {}),
    place: place(to, elevation, isVia(plan.end) ? plan.end : undefined),
  };
  const summary: Record<string, number> = {
    duration: plan.duration,
    length: plan.distance,
    baseDuration: plan.duration,
  };
  if (req.returns.has("typicalDuration")) {
    summary.typicalDuration = plan.duration;
  }
  if (req.returns.has("mlDuration")) summary.mlDuration = plan.duration;
  if (req.returns.has("summary")) section.summary = summary;
  if (req.returns.has("travelSummary")) section.travelSummary = { ...summary };

  const notices: Record<string, unknown>[] = [];
  if (plan.blocked) {
    notices.push({
      title:
        "The route passes through an avoided area that contains a waypoint",
      code: "violatedBlockedRoad",
      severity: "critical",
    });
  }

  if (req.returns.has("polyline")) {
    let geometry: Geometry = buildGeometry(
      plan.path,
      detourFactor(req.options),
      plan.clearance,
    );
    const boxes = req.options.avoidAreas ?? [];
    if (!plan.blocked && boxes.length && touchesBoxes(geometry.points, boxes)) {
      geometry = buildGeometry(plan.path, 1, plan.clearance);
    }
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
    const durations = apportion(plan.duration, roads.map((r) => r.length));
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
        const at = plan.waypointAt[w - plan.start];
        passthrough.push({
          place: place(wps[w], elevation, w),
          offset: geometry.pathIndex[at],
        });
      }
      section.passthrough = passthrough;
    }
  }
  if (notices.length) section.notices = notices;
  for (
    const key of [
      "tolls",
      "incidents",
      "routingZones",
      "truckRoadTypes",
      "noThroughRestrictions",
    ]
  ) {
    if (req.returns.has(key)) section[key] = [];
  }
  section.transport = { mode: req.mode };
  return section;
}
