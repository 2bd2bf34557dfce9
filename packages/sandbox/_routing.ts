// Routing v8: GET /v8/routes over the travel model.

import { ELEVATION, encodePolyline } from "@ls/core";
import { type Ctx, json, malformed } from "./_http.ts";
import { type City, type Gazetteer, loadGazetteer } from "./_gazetteer.ts";
import { connected, matchPoint } from "./_network.ts";
import { STREETS } from "./_places.ts";
import type { Params } from "./_query.ts";
import {
  buildGeometry,
  compass,
  type Geometry,
  type Road,
  touchesBoxes,
  turnAngle,
} from "./_route_geometry.ts";
import { terrainElevation } from "./_terrain.ts";
import {
  apportion,
  formatTime,
  hash32,
  hashUuid,
  offsetForLongitude,
  round,
} from "./_util.ts";
import {
  checkVehicle,
  parseAvoidAreas,
  parseAvoidFeatures,
  parseLang,
  parseRoutingMode,
  parseTimeParam,
  parseTransportMode,
  parseWaypoint,
  type TimeParam,
  type Waypoint,
} from "./_waypoints.ts";
import {
  destinationPoint,
  detourFactor,
  durationSeconds,
  haversineMeters,
  initialBearing,
  intermediatePoint,
  type LatLngLike,
  pathDistanceMeters,
  planPath,
  type TransportMode,
  type TravelOptions,
} from "./travel_model.ts";

const RETURN_VALUES = [
  "polyline",
  "actions",
  "instructions",
  "summary",
  "travelSummary",
  "mlDuration",
  "typicalDuration",
  "turnByTurnActions",
  "elevation",
  "routeHandle",
  "passthrough",
  "incidents",
  "routingZones",
  "truckRoadTypes",
  "tolls",
  "routeLabels",
  "potentialTimeDependentViolations",
  "noThroughRestrictions",
];

const SPAN_VALUES = [
  "walkAttributes",
  "streetAttributes",
  "carAttributes",
  "truckAttributes",
  "scooterAttributes",
  "names",
  "length",
  "duration",
  "baseDuration",
  "typicalDuration",
  "countryCode",
  "stateCode",
  "functionalClass",
  "routeNumbers",
  "speedLimit",
  "maxSpeed",
  "dynamicSpeedInfo",
  "segmentId",
  "segmentRef",
  "consumption",
  "routingZones",
  "truckRoadTypes",
  "notices",
  "noThroughRestrictions",
  "incidents",
  "tollSystems",
  "gates",
  "railwayCrossings",
];

const KNOWN = new Set([
  "transportMode",
  "origin",
  "destination",
  "via",
  "departureTime",
  "arrivalTime",
  "routingMode",
  "alternatives",
  "units",
  "lang",
  "return",
  "spans",
  "currency",
  "consumptionModel",
  "customizations",
  "maxSpeedOnSegment",
  "billingTag",
]);
const KNOWN_PREFIXES = [
  "avoid[",
  "exclude[",
  "allow[",
  "truck[",
  "vehicle[",
  "scooter[",
  "pedestrian[",
  "ev[",
  "fuel[",
  "driver[",
  "taxi[",
  "traffic[",
  "tolls[",
];

/** `info` notices for parameters the service does not know. */
export function unknownParameterNotices(
  params: Params,
  known: ReadonlySet<string>,
  prefixes: readonly string[],
): Record<string, unknown>[] {
  return params.unknown(known)
    .filter((k) => !prefixes.some((p) => k.startsWith(p) && k.endsWith("]")))
    .map((k) => ({
      title: `The provided parameter '${k}' is unknown.`,
      code: "unknownParameter",
      severity: "info",
    }));
}

/** Checks the common query-level rules of the routing family. */
export function checkQuery(
  params: Params,
  repeatable: readonly string[] = [],
): void {
  if (params.malformed.length) {
    throw malformed(
      "E605001",
      `Parameter '${params.malformed[0]}' is not valid percent-encoding`,
    );
  }
  const repeated = params.repeated(repeatable);
  if (repeated.length) {
    throw malformed(
      "E605001",
      `Parameter '${repeated[0]}' is given ${
        params.all(repeated[0]).length
      } times; it may occur only once`,
    );
  }
}

function list(
  params: Params,
  name: string,
  allowed: readonly string[],
): string[] {
  const value = params.get(name);
  if (value === undefined || value === "") return [];
  const items = value.split(",");
  for (const item of items) {
    if (!allowed.includes(item)) {
      throw malformed(
        "E605001",
        `Invalid value for parameter '${name}': '${item}' is not supported`,
      );
    }
  }
  return items;
}

interface Request {
  mode: TransportMode;
  waypoints: Waypoint[];
  options: TravelOptions;
  alternatives: number;
  departure?: TimeParam;
  arrival?: TimeParam;
  returns: Set<string>;
  spans: Set<string>;
  lang: string[];
  imperial: boolean;
}

function parseRequest(params: Params): Request {
  checkQuery(params, ["via"]);
  const mode = parseTransportMode(params);
  const originRaw = params.raw("origin");
  const destinationRaw = params.raw("destination");
  if (originRaw === undefined) {
    throw malformed("E605001", "Missing parameter 'origin'");
  }
  if (destinationRaw === undefined) {
    throw malformed("E605001", "Missing parameter 'destination'");
  }
  const origin = parseWaypoint(originRaw, "origin", "origin");
  const vias = params.all("via").map((e, i) =>
    parseWaypoint(e.raw, `via[${i}]`, "via")
  );
  const destination = parseWaypoint(
    destinationRaw,
    "destination",
    "destination",
  );
  const routingMode = parseRoutingMode(params, mode);

  let alternatives = 0;
  const altText = params.get("alternatives");
  if (altText !== undefined) {
    if (!/^\d+$/.test(altText)) {
      throw malformed(
        "E605001",
        `Invalid value for parameter 'alternatives': '${altText}' is not an integer`,
      );
    }
    alternatives = Number(altText);
    if (alternatives > 6) {
      throw malformed(
        "E605015",
        `Too many alternatives: ${alternatives} requested, at most 6 are allowed`,
        "Request at most 6 alternatives",
      );
    }
  }
  if (params.has("departureTime") && params.has("arrivalTime")) {
    throw malformed(
      "E605018",
      "departureTime and arrivalTime cannot be given together",
      "Remove one of them",
    );
  }
  const departure = parseTimeParam(params, "departureTime", true);
  const arrival = parseTimeParam(params, "arrivalTime", false);

  const returns = new Set(list(params, "return", RETURN_VALUES));
  const spans = new Set(list(params, "spans", SPAN_VALUES));
  const need = (what: string, needs: string) => {
    if (returns.has(what) && !returns.has(needs)) {
      throw malformed(
        "E605013",
        `Invalid return combination: '${what}' requires '${needs}'`,
        `Add '${needs}' to return`,
      );
    }
  };
  need("actions", "polyline");
  need("instructions", "actions");
  need("turnByTurnActions", "polyline");
  if (spans.size && !returns.has("polyline")) {
    throw malformed(
      "E605017",
      `spans=${[...spans][0]} requires return=polyline`,
      "Add 'polyline' to return",
    );
  }
  const tollKeys = params.entries.filter((e) => e.key.startsWith("tolls[")).map(
    (e) => e.key,
  );
  if (tollKeys.length && !returns.has("tolls")) {
    throw malformed(
      "E605013",
      `Parameter '${tollKeys[0]}' requires return=tolls`,
      "Add 'tolls' to return",
    );
  }
  const lang = parseLang(params);
  const units = params.get("units") ?? "metric";
  if (units !== "metric" && units !== "imperial") {
    throw malformed(
      "E605001",
      `Invalid value for parameter 'units': '${units}'`,
    );
  }
  const avoidFeatures = parseAvoidFeatures(params, mode);
  const avoidAreas = parseAvoidAreas(params);
  checkVehicle(params, mode);
  const scooter = params.get("scooter[allowHighway]");
  if (scooter !== undefined && scooter !== "true" && scooter !== "false") {
    throw malformed(
      "E605001",
      `Invalid value for parameter 'scooter[allowHighway]': '${scooter}'`,
    );
  }
  let speed: number | undefined;
  const walk = params.get("pedestrian[speed]");
  if (walk !== undefined) {
    speed = Number(walk);
    if (!(speed >= 0.5 && speed <= 2)) {
      throw malformed(
        "E605001",
        `Invalid value for parameter 'pedestrian[speed]': '${walk}' (use 0.5 to 2 m/s)`,
      );
    }
    if (mode !== "pedestrian") speed = undefined;
  }
  return {
    mode,
    waypoints: [origin, ...vias, destination],
    options: {
      transportMode: mode,
      routingMode,
      avoidFeatures,
      avoidAreas,
      speed,
    },
    alternatives,
    departure,
    arrival,
    returns,
    spans,
    lang,
    imperial: units === "imperial",
  };
}

/** Checks exclude[countries] against known alpha-3 codes (E605016). */
function checkExclude(params: Params, g: Gazetteer): void {
  const value = params.get("exclude[countries]");
  if (value === undefined) return;
  for (const code of value.split(",")) {
    if (!/^[A-Z]{3}$/.test(code) || !g.country(code)) {
      throw malformed(
        "E605016",
        `Invalid country code '${code}' in exclude[countries]`,
        "Use ISO 3166-1 alpha-3 codes",
      );
    }
  }
}

interface SectionPlan {
  /** Waypoint indices of the section's start and end. */
  start: number;
  end: number;
  /** The drawn path: waypoints, avoid corners and alternative bends. */
  path: LatLngLike[];
  /** Index in `path` of each waypoint of the section. */
  waypointAt: number[];
  blocked: boolean;
  clearance: number;
  distance: number;
  duration: number;
}

function planSections(
  req: Request,
  bend: number,
  g: Gazetteer,
): SectionPlan[] | undefined {
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
    let bendAt = -1;
    if (bend !== 0) {
      // Bend the longest leg sideways to make an alternative.
      let longest = 0;
      for (let i = 1; i < stops.length; i++) {
        const d = haversineMeters(stops[i - 1], stops[i]);
        if (d > longest) {
          longest = d;
          bendAt = i;
        }
      }
      if (longest < 300) return undefined;
      const a = stops[bendAt - 1], b = stops[bendAt];
      const mid = intermediatePoint(a, b, 0.5);
      const p = destinationPoint(
        mid,
        initialBearing(mid, b) + 90,
        bend * longest,
      );
      if (!matchPoint(g, p) || touchesBoxes([p], boxes)) return undefined;
      stops.splice(bendAt, 0, p);
    }
    const path: LatLngLike[] = [stops[0]];
    const waypointAt = [0];
    let blocked = false;
    let clearance = Infinity;
    for (let i = 1; i < stops.length; i++) {
      const leg = planPath(stops[i - 1], stops[i], boxes);
      blocked ||= leg.blocked;
      clearance = Math.min(clearance, leg.clearance);
      path.push(...leg.points.slice(1));
      if (i !== bendAt) waypointAt.push(path.length - 1);
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

const BENDS = [0.12, -0.12, 0.24, -0.24, 0.36, -0.36];

function roadName(road: Road, g: Gazetteer): { name: string; number?: string } {
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

function formatDistance(meters: number, imperial: boolean): string {
  if (imperial) {
    const miles = meters / 1609.344;
    return miles < 0.1
      ? `${Math.round((meters * 3.28084) / 10) * 10} ft`
      : `${miles.toFixed(1)} mi`;
  }
  return meters < 1000
    ? `${Math.round(meters / 10) * 10} m`
    : `${(meters / 1000).toFixed(1)} km`;
}

function functionalClass(road: Road): number {
  return road.length > 20_000
    ? 1
    : road.length > 8_000
    ? 2
    : road.length > 2_000
    ? 3
    : road.length > 600
    ? 4
    : 5;
}

const SPEED_LIMITS = [0, 33.33, 27.78, 19.44, 13.89, 8.33];

interface Timing {
  offsetFor: (p: LatLngLike) => number;
  departures: (number | undefined)[];
}

function timing(req: Request, sections: SectionPlan[], now: number): Timing {
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
      (i < sections.length - 1 ? wps[s.end].stopDuration : 0),
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
      t += (sections[i].duration + wps[sections[i].end].stopDuration) * 1000;
    }
  }
  return { offsetFor, departures };
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

function buildSection(
  req: Request,
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
      const actions: Record<string, unknown>[] = [];
      const turnByTurn: Record<string, unknown>[] = [];
      roads.forEach((road, i) => {
        const action: Record<string, unknown> = {
          action: "depart",
          duration: durations[i],
          length: lengths[i],
        };
        let text: string;
        const go = `Go for ${formatDistance(lengths[i], req.imperial)}.`;
        let angle = 0;
        if (i === 0) {
          text = `Head ${compass(road.bearing)} on ${names[i].name}. ${go}`;
        } else {
          angle = turnAngle(roads[i - 1].bearing, road.bearing);
          const abs = Math.abs(angle);
          if (abs < 25) {
            action.action = "continue";
            text = `Continue on ${names[i].name}. ${go}`;
          } else {
            const direction = angle > 0 ? "right" : "left";
            const severity = abs < 60 ? "light" : abs < 120 ? "quite" : "heavy";
            action.action = "turn";
            action.direction = direction;
            action.severity = severity;
            const how = severity === "light"
              ? `slightly ${direction}`
              : severity === "heavy"
              ? `sharply ${direction}`
              : direction;
            text = `Turn ${how} onto ${names[i].name}. ${go}`;
          }
        }
        if (withText) action.instruction = text;
        action.offset = road.from;
        actions.push(action);
        turnByTurn.push({
          ...action,
          currentRoad: i > 0
            ? { name: [{ value: names[i - 1].name, language: "en" }] }
            : undefined,
          nextRoad: { name: [{ value: names[i].name, language: "en" }] },
          turnAngle: round(angle, 1),
        });
      });
      const end = roads.length ? roads[roads.length - 1].to : 0;
      const hint = to.place.nameHint;
      const arrive: Record<string, unknown> = {
        action: "arrive",
        duration: 0,
        length: 0,
      };
      if (withText) {
        arrive.instruction = hint
          ? `Arrive at ${hint}.`
          : plan.end === wps.length - 1
          ? "Arrive at your destination."
          : "Arrive at your stop.";
      }
      arrive.offset = end;
      actions.push(arrive);
      turnByTurn.push({ ...arrive });
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
      const spans = roads.map((road, i) => {
        const span: Record<string, unknown> = { offset: road.from };
        const fc = functionalClass(road);
        const limit = SPEED_LIMITS[fc];
        const city = req.spans.has("countryCode") || req.spans.has("stateCode")
          ? g.match(road.mid)?.city
          : undefined;
        for (const attr of req.spans) {
          switch (attr) {
            case "names":
              span.names = [{ value: names[i].name, language: "en" }];
              break;
            case "routeNumbers":
              if (names[i].number) {
                span.routeNumbers = [{
                  value: names[i].number,
                  language: "en",
                }];
              }
              break;
            case "length":
              span.length = lengths[i];
              break;
            case "duration":
            case "baseDuration":
            case "typicalDuration":
              span[attr] = durations[i];
              break;
            case "countryCode":
              if (city) {
                span.countryCode = g.country(city.country)?.cca3 ??
                  city.country;
              }
              break;
            case "stateCode":
              if (city?.country === "US") span.stateCode = city.adminCode;
              break;
            case "functionalClass":
              span.functionalClass = fc;
              break;
            case "speedLimit":
            case "maxSpeed":
              span[attr] = limit;
              break;
            case "dynamicSpeedInfo": {
              const speed = durations[i] > 0
                ? round(lengths[i] / durations[i], 2)
                : limit;
              span.dynamicSpeedInfo = {
                trafficSpeed: speed,
                baseSpeed: speed,
                turnTime: 0,
              };
              break;
            }
            case "streetAttributes":
              span.streetAttributes = fc <= 2
                ? [
                  "rightDrivingSide",
                  "dividedRoad",
                  "controlledAccessHighway",
                  "motorway",
                ]
                : ["rightDrivingSide", "builtUpArea"];
              break;
            case "carAttributes":
            case "truckAttributes":
            case "scooterAttributes":
            case "walkAttributes":
              span[attr] = ["open"];
              break;
            case "segmentId":
              span.segmentId = `here:cm:segment:${
                hash32("seg", road.mid.lat, road.mid.lng)
              }`;
              break;
            case "segmentRef":
              span.segmentRef = `$0:${
                hash32("seg", road.mid.lat, road.mid.lng)
              }#+0..1`;
              break;
            case "consumption":
              span.consumption = 0;
              break;
            default:
              break;
          }
        }
        return span;
      });
      section.spans = spans;
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

function base64Url(text: string): string {
  return btoa(String.fromCharCode(...new TextEncoder().encode(text)))
    .replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** `GET /v8/routes`. */
export async function routes(ctx: Ctx): Promise<Response> {
  const req = parseRequest(ctx.params);
  const g = await loadGazetteer();
  checkExclude(ctx.params, g);
  const notices = unknownParameterNotices(ctx.params, KNOWN, KNOWN_PREFIXES);
  const fail = (code: string, title: string) =>
    json({
      routes: [],
      notices: [...notices, { title, code, severity: "critical" }],
    });

  const matched: City[] = [];
  for (let i = 0; i < req.waypoints.length; i++) {
    const city = matchPoint(g, req.waypoints[i]);
    if (!city) {
      const last = req.waypoints.length - 1;
      const which = i === 0
        ? "Origin"
        : i === last
        ? "Destination"
        : `Via ${i - 1}`;
      return fail(
        i === 0
          ? "couldNotMatchOrigin"
          : i === last
          ? "couldNotMatchDestination"
          : "couldNotMatchVia",
        `${which} could not be matched to the road network`,
      );
    }
    matched.push(city);
  }
  if (!connected(g, matched)) {
    return fail(
      "noRouteFound",
      "Route calculation failed: no road connects the waypoints",
    );
  }

  const seed = ctx.params.entries.filter((e) => e.key !== "apiKey").map((e) =>
    `${e.key}=${e.raw}`
  ).join("&");
  const now = ctx.state.now().getTime();
  const plans: SectionPlan[][] = [];
  const main = planSections(req, 0, g)!;
  plans.push(main);
  for (let k = 0; k < BENDS.length && plans.length <= req.alternatives; k++) {
    const alt = planSections(req, BENDS[k], g);
    if (alt) plans.push(alt);
  }
  const out = plans.map((sections, k) => {
    const routeSeed = `${seed}#${k}`;
    const tm = timing(req, sections, now);
    const route: Record<string, unknown> = {
      id: hashUuid(routeSeed),
      sections: sections.map((s, i) =>
        buildSection(req, s, i, routeSeed, tm.departures[i], tm, g)
      ),
    };
    if (req.returns.has("routeHandle")) {
      route.routeHandle = base64Url(`sbx1:${routeSeed}`);
    }
    if (req.returns.has("routeLabels")) {
      const longest = sections[0];
      const geometry = buildGeometry(
        longest.path,
        detourFactor(req.options),
        longest.clearance,
      );
      const road = geometry.roads.slice().sort((a, b) =>
        b.length - a.length
      )[0];
      route.routeLabels = road
        ? [{
          name: { value: roadName(road, g).name, language: "en" },
          labelType: "Name",
        }]
        : [];
    }
    return route;
  });
  return json(notices.length ? { routes: out, notices } : { routes: out });
}
