// Parsers for the routing family's structured query values: waypoints
// (`lat,lng;placeOption=..!waypointOption=..`), `avoid[areas]`, times and
// shared option checks.

import { decodePolylineFlat } from "@ls/core";
import { malformed } from "./_http.ts";
import type { Params } from "./_query.ts";
import { decodeComponent, structured } from "./_query.ts";
import { parseTime } from "./_util.ts";
import type { AvoidBox, TransportMode } from "./travel_model.ts";
import { TRANSPORT_MODES } from "./travel_model.ts";

/** A parsed waypoint. */
export interface Waypoint {
  lat: number;
  lng: number;
  /** Place options after `;` (decoded values). */
  place: Record<string, string>;
  /** `stopDuration` in seconds (0 when absent). */
  stopDuration: number;
  /** `passThrough=true`. */
  passThrough: boolean;
}

const PLACE_OPTIONS = new Set([
  "course",
  "sideOfStreetHint",
  "matchSideOfStreet",
  "nameHint",
  "radius",
  "snapRadius",
  "radiusPenalty",
  "minCourseDistance",
  "displayLocation",
  "uTurnPermission",
  "segmentIdHint",
  "onRoadThreshold",
  "customizationIndex",
]);

const NUMBER = /^[-+]?(\d+\.?\d*|\.\d+)$/;

/** Parses one waypoint; `role` decides which waypoint options are allowed. */
export function parseWaypoint(
  raw: string,
  parameter: string,
  role: "origin" | "destination" | "via",
): Waypoint {
  const { text, decodePiece } = structured(raw, /[,;!=]/);
  const shown = decodeComponent(raw) ?? raw;
  const bad = (why: string) =>
    malformed(
      "E605001",
      `Invalid value for parameter '${parameter}': ${why} (got '${shown}')`,
    );
  const [placeText, ...waypointParts] = text.split("!");
  const [coords, ...placeParts] = placeText.split(";");
  const [latText, lngText, ...extra] = coords.split(",").map(decodePiece);
  if (
    extra.length || !NUMBER.test(latText ?? "") || !NUMBER.test(lngText ?? "")
  ) {
    throw bad("expected lat,lng");
  }
  const lat = Number(latText), lng = Number(lngText);
  if (lat < -90 || lat > 90 || lng < -180 || lng > 180) {
    throw bad("lat must be in [-90, 90] and lng in [-180, 180]");
  }
  const place: Record<string, string> = {};
  for (const part of placeParts) {
    const eq = part.indexOf("=");
    const key = eq < 0 ? part : part.slice(0, eq);
    if (!PLACE_OPTIONS.has(key)) throw bad(`unknown place option '${key}'`);
    place[key] = decodePiece(eq < 0 ? "" : part.slice(eq + 1));
  }
  if (place.course !== undefined && !/^\d+$/.test(place.course)) {
    throw bad("course must be an integer number of degrees");
  }
  if (place.radius !== undefined && place.snapRadius !== undefined) {
    throw malformed(
      "E605020",
      `Invalid value for parameter '${parameter}': radius cannot be combined with snapRadius`,
    );
  }
  if (place.matchSideOfStreet !== undefined && !place.sideOfStreetHint) {
    throw bad("matchSideOfStreet requires sideOfStreetHint");
  }
  let stopDuration = 0;
  let passThrough = false;
  for (const part of waypointParts) {
    const eq = part.indexOf("=");
    const key = eq < 0 ? part : part.slice(0, eq);
    const value = decodePiece(eq < 0 ? "" : part.slice(eq + 1));
    if (key === "stopDuration") {
      if (!/^\d+$/.test(value) || Number(value) >= 50000) {
        throw bad("stopDuration must be an integer below 50000");
      }
      if (role === "origin") {
        throw bad("stopDuration is not allowed on the origin");
      }
      stopDuration = Number(value);
    } else if (key === "passThrough") {
      if (value !== "true" && value !== "false") {
        throw bad("passThrough must be true or false");
      }
      if (role !== "via") throw bad("passThrough is only allowed on a via");
      passThrough = value === "true";
    } else if (key === "charging") {
      // EV charging stops are accepted and ignored.
    } else {
      throw bad(`unknown waypoint option '${key}'`);
    }
  }
  if (passThrough && stopDuration > 0) {
    throw bad("passThrough cannot be combined with stopDuration");
  }
  return { lat, lng, place, stopDuration, passThrough };
}

/** A departure or arrival time: an instant, local wall time, or `any`. */
export type TimeParam =
  | { kind: "any" }
  | { kind: "instant"; ms: number; offsetMinutes: number }
  | { kind: "local"; ms: number };

/** Parses `departureTime`/`arrivalTime`; `allowAny` for `any`. */
export function parseTimeParam(
  params: Params,
  name: string,
  allowAny: boolean,
): TimeParam | undefined {
  const value = params.get(name);
  if (value === undefined) return undefined;
  if (value === "any") {
    if (allowAny) return { kind: "any" };
    throw malformed(
      "E605001",
      `Invalid value for parameter '${name}': 'any' is not allowed`,
    );
  }
  const t = parseTime(value, true);
  if (!t) {
    throw malformed(
      "E605001",
      `Invalid value for parameter '${name}': '${value}' is not an RFC 3339 date-time`,
    );
  }
  return t.offsetMinutes === undefined
    ? { kind: "local", ms: t.ms }
    : { kind: "instant", ms: t.ms, offsetMinutes: t.offsetMinutes };
}

/** Parses `transportMode`. */
export function parseTransportMode(
  params: Params,
  allowed: readonly TransportMode[] = TRANSPORT_MODES,
): TransportMode {
  const mode = params.get("transportMode");
  if (mode === undefined) {
    throw malformed("E605001", "Missing parameter 'transportMode'");
  }
  if (!allowed.includes(mode as TransportMode)) {
    throw malformed(
      "E605001",
      `Invalid value for parameter 'transportMode': '${mode}' (use one of ${
        allowed.join(", ")
      })`,
    );
  }
  return mode as TransportMode;
}

const SHORT_UNSUPPORTED = [
  "bicycle",
  "bus",
  "pedestrian",
  "privateBus",
  "scooter",
  "taxi",
];

/** Parses `routingMode`; `short` is only for car and truck (E605012). */
export function parseRoutingMode(
  params: Params,
  mode: TransportMode,
): "fast" | "short" {
  const value = params.get("routingMode") ?? "fast";
  if (value !== "fast" && value !== "short") {
    throw malformed(
      "E605001",
      `Invalid value for parameter 'routingMode': '${value}'`,
    );
  }
  if (value === "short" && SHORT_UNSUPPORTED.includes(mode)) {
    throw malformed(
      "E605012",
      `Transport mode '${mode}' does not support routingMode 'short'`,
      "Use routingMode=fast",
    );
  }
  return value;
}

const AVOID_FEATURES = [
  "seasonalClosure",
  "tollRoad",
  "controlledAccessHighway",
  "ferry",
  "carShuttleTrain",
  "tunnel",
  "dirtRoad",
  "difficultTurns",
  "uTurns",
];

/** Parses `avoid[features]` with its mode rules (E605011). */
export function parseAvoidFeatures(
  params: Params,
  mode: TransportMode,
): string[] {
  const value = params.get("avoid[features]");
  if (value === undefined) return [];
  const features = value.split(",");
  for (const f of features) {
    if (!AVOID_FEATURES.includes(f)) {
      throw malformed(
        "E605001",
        `Invalid value for parameter 'avoid[features]': '${f}'`,
      );
    }
  }
  if (
    features.includes("uTurns") &&
    ["pedestrian", "bicycle", "scooter"].includes(mode)
  ) {
    throw malformed(
      "E605011",
      `avoid[features]=uTurns is not supported for transport mode '${mode}'`,
    );
  }
  if (features.includes("difficultTurns") && mode !== "truck") {
    throw malformed(
      "E605011",
      `avoid[features]=difficultTurns is only supported for transport mode 'truck'`,
    );
  }
  return features;
}

/**
 * Parses `avoid[areas]`: `bbox:`, `polygon:` and `corridor:` areas separated
 * by `|` (`%7C`), each optionally followed by `!exception=...`. Polygons and
 * corridors are avoided by their bounding boxes.
 */
export function parseAvoidAreas(params: Params): AvoidBox[] {
  const raw = params.raw("avoid[areas]");
  if (raw === undefined) return [];
  const areas = raw.split(/%7C|\|/i);
  if (areas.length > 250) {
    throw malformed(
      "E605054",
      `avoid[areas] has ${areas.length} areas; at most 250 are allowed`,
    );
  }
  const boxes: AvoidBox[] = [];
  let shapes = 0;
  for (const area of areas) {
    const decoded = decodeComponent(area) ?? area;
    const main = decoded.split("!")[0];
    const bad = (why: string) =>
      malformed(
        "E605001",
        `Invalid value for parameter 'avoid[areas]': ${why} (got '${main}')`,
      );
    const m = /^(bbox|polygon|corridor):(.+)$/.exec(main);
    if (!m) throw bad("expected bbox:, polygon: or corridor:");
    if (m[1] === "bbox") {
      const nums = m[2].split(",");
      if (nums.length !== 4 || nums.some((n) => !NUMBER.test(n))) {
        throw bad("expected bbox:west,south,east,north");
      }
      const [west, south, east, north] = nums.map(Number);
      if (
        south > north || south < -90 || north > 90 || west < -180 || east > 180
      ) {
        throw bad("the box is out of range or south is above north");
      }
      boxes.push({ west, south, east, north });
      continue;
    }
    shapes++;
    let body = m[2];
    let radius = 0;
    if (m[1] === "corridor") {
      const r = /;r=(\d+)$/.exec(body);
      if (!r) throw bad("a corridor needs ;r=<metres>");
      radius = Number(r[1]);
      body = body.slice(0, r.index);
    }
    const points: [number, number][] = [];
    if (/^-?\d/.test(body)) {
      for (const pair of body.split(";")) {
        const [a, b] = pair.split(",");
        if (!NUMBER.test(a ?? "") || !NUMBER.test(b ?? "")) {
          throw bad("expected lat,lng;lat,lng;...");
        }
        points.push([Number(a), Number(b)]);
      }
    } else {
      try {
        const flat = decodePolylineFlat(body);
        const stride = flat.thirdDim === 0 ? 2 : 3;
        for (let i = 0; i < flat.coordinates.length; i += stride) {
          points.push([flat.coordinates[i], flat.coordinates[i + 1]]);
        }
      } catch {
        throw bad("not a flexible polyline");
      }
    }
    const min = m[1] === "polygon" ? 3 : 2;
    if (points.length < min) {
      throw malformed(
        "E605056",
        `A ${m[1]} in avoid[areas] needs at least ${min} points`,
      );
    }
    if (points.length > 100) {
      throw malformed(
        "E605057",
        `A ${
          m[1]
        } in avoid[areas] has ${points.length} points; at most 100 are allowed`,
      );
    }
    const lats = points.map((p) => p[0]), lngs = points.map((p) => p[1]);
    const dLat = radius / 111_320;
    const midLat = (Math.min(...lats) + Math.max(...lats)) / 2;
    const dLng = radius /
      (111_320 * Math.max(0.05, Math.cos(midLat * Math.PI / 180)));
    boxes.push({
      west: Math.min(...lngs) - dLng,
      south: Math.min(...lats) - dLat,
      east: Math.max(...lngs) + dLng,
      north: Math.max(...lats) + dLat,
    });
  }
  if (shapes > 20) {
    throw malformed(
      "E605055",
      `avoid[areas] has ${shapes} polygons and corridors; at most 20 are allowed`,
    );
  }
  return boxes;
}

/** Checks `lang` (BCP 47 list); E605014 when a tag is invalid. */
export function parseLang(params: Params): string[] {
  const value = params.get("lang");
  if (value === undefined) return ["en-US"];
  const tags = value.split(",");
  for (const tag of tags) {
    if (!/^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$/.test(tag)) {
      throw malformed(
        "E605014",
        `Invalid value for parameter 'lang': '${tag}' is not a BCP 47 language tag`,
      );
    }
  }
  return tags;
}

/** Checks the vehicle parameters against the mode (E605010, E605024). */
export function checkVehicle(params: Params, mode: TransportMode): void {
  const keys = params.entries.map((e) => e.key).filter((k) =>
    k.startsWith("vehicle[") || k.startsWith("truck[")
  );
  if (keys.length === 0) return;
  if (["pedestrian", "bicycle", "scooter"].includes(mode)) {
    throw malformed(
      "E605010",
      `Vehicle parameter '${
        keys[0]
      }' is not supported for transport mode '${mode}'`,
    );
  }
  const get = (field: string) =>
    params.get(`vehicle[${field}]`) ?? params.get(`truck[${field}]`);
  for (const key of keys) {
    const value = params.get(key)!;
    const field = key.replace(/^(vehicle|truck)\[|\]$/g, "");
    if (
      [
        "grossWeight",
        "currentWeight",
        "weightPerAxle",
        "height",
        "width",
        "length",
        "axleCount",
        "trailerCount",
      ]
        .includes(field) && !/^\d+$/.test(value)
    ) {
      throw malformed(
        "E605001",
        `Invalid value for parameter '${key}': '${value}' (use a non-negative integer)`,
      );
    }
  }
  if (
    get("weightPerAxle") !== undefined &&
    get("weightPerAxleGroup") !== undefined
  ) {
    throw malformed(
      "E605019",
      "weightPerAxle cannot be combined with weightPerAxleGroup",
    );
  }
  if (mode === "car" || mode === "taxi") {
    const limit = Number(get("trailerCount") ?? 0) > 0 ? 7550 : 4250;
    const weight = Number(get("grossWeight") ?? 0);
    if (weight > limit) {
      throw malformed(
        "E605024",
        `grossWeight ${weight} kg exceeds ${limit} kg for transport mode '${mode}'`,
      );
    }
  }
}
