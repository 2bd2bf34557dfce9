// Waypoints of the routing family: `lat,lng;placeOption=..!waypointOption=..`
// with HERE's rules for place and waypoint options.

import { malformed } from "./_http.ts";
import { decodeComponent, structured } from "./_query.ts";

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
  /** Set on a charging stop the sandbox added to an EV route (not a request waypoint). */
  station?: { id: string; name: string };
  /** Set on the pass-through point that bends an alternative (not a request waypoint, never shown). */
  shape?: true;
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
