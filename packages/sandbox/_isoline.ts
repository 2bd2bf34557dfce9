// Isoline Routing v8: GET /v8/isolines. A time or distance isoline is the
// raster cells whose street is in reach on the street network, traced into
// polygons with holes, so a point inside has a route within the range and
// a point outside has none. A consumption range (Wh) still reaches, in
// each direction, as far as the EV consumption model and the terrain's
// climbs allow along a straight line.

import { encodePolyline } from "@ls/core";
import { type Ctx, json, malformed } from "./_http.ts";
import { loadGazetteer } from "./_gazetteer.ts";
import { matchPoint } from "./_network.ts";
import {
  checkQuery,
  checkVehicle,
  parseAvoidFeatures,
  parseRoutingMode,
  parseTimeParam,
  parseTransportMode,
  unknownParameterNotices,
} from "./_routing_params.ts";
import { formatTime, offsetForLongitude } from "./_util.ts";
import { parseWaypoint } from "./_waypoints.ts";
import { parseAvoidAreas } from "./_avoid_areas.ts";
import { destinationPoint, haversineMeters } from "./geodesy.ts";
import { consumptionReachMeters } from "./_ev.ts";
import { parseEv } from "./_ev_query.ts";
import { checkIsolineOptions } from "./_isoline_options.ts";
import { parseFuel } from "./_isoline_fuel.ts";
import { checkIsolineVehicle } from "./_isoline_vehicle.ts";
import { checkIsolineAvoid } from "./_isoline_avoid.ts";
import { isolineRadiusMeters, type TravelOptions } from "./travel_model.ts";
import { Matcher } from "./_streets_travel.ts";
import { profileOf } from "./_streets_profile.ts";
import { withEnds } from "./_streets_trip.ts";
import { streetIsoline } from "./_streets_isoline.ts";

const KNOWN = new Set([
  "transportMode",
  "origin",
  "destination",
  "range[type]",
  "range[values]",
  "departureTime",
  "arrivalTime",
  "routingMode",
  "optimizeFor",
  "shape[maxPoints]",
  "shape[maxResolution]",
  "consumptionModel",
  "billingTag",
  "maxSpeedOnSegment",
]);
const PREFIXES = [
  "avoid[",
  "truck[",
  "vehicle[",
  "ev[",
  "exclude[",
  "scooter[",
  "traffic[",
  "allow[",
  "taxi[",
  "fuel[",
];

/** Ring points per polygon when `shape[maxPoints]` is not given. */
const DEFAULT_POINTS = 72;

/** `GET /v8/isolines`. */
export async function isolines(ctx: Ctx): Promise<Response> {
  const p = ctx.params;
  checkQuery(p);
  const mode = parseTransportMode(p);
  const originRaw = p.raw("origin"), destinationRaw = p.raw("destination");
  if ((originRaw === undefined) === (destinationRaw === undefined)) {
    throw malformed(
      "E605001",
      "Exactly one of 'origin' and 'destination' must be given",
    );
  }
  const center = originRaw !== undefined
    ? parseWaypoint(originRaw, "origin", "origin")
    : parseWaypoint(destinationRaw!, "destination", "destination");
  const type = p.get("range[type]");
  if (type === undefined) {
    throw malformed("E605001", "Missing parameter 'range[type]'");
  }
  if (type !== "time" && type !== "distance" && type !== "consumption") {
    throw malformed(
      "E605001",
      `Invalid value for parameter 'range[type]': '${type}'`,
    );
  }
  const valuesText = p.get("range[values]");
  if (!valuesText) {
    throw malformed("E605001", "Missing parameter 'range[values]'");
  }
  const values = valuesText.split(",").map((v) => {
    if (!/^\d+$/.test(v) || Number(v) === 0) {
      throw malformed(
        "E605001",
        `Invalid value for parameter 'range[values]': '${v}' is not a positive integer`,
      );
    }
    return Number(v);
  });
  const max = type === "time"
    ? 32_400
    : type === "consumption"
    ? 200_000
    : 1_000_000;
  if (values.length > 10 || values.some((v) => v > max)) {
    throw malformed(
      "E605001",
      `Invalid value for parameter 'range[values]': at most 10 values up to ${max} ${
        type === "time" ? "seconds" : type === "consumption" ? "Wh" : "metres"
      }`,
    );
  }
  if (p.has("departureTime") && originRaw === undefined) {
    throw malformed("E605001", "departureTime is only allowed with 'origin'");
  }
  if (p.has("arrivalTime") && destinationRaw === undefined) {
    throw malformed(
      "E605001",
      "arrivalTime is only allowed with 'destination'",
    );
  }
  const time = originRaw !== undefined
    ? parseTimeParam(p, "departureTime", true)
    : parseTimeParam(p, "arrivalTime", true);
  const routingMode = parseRoutingMode(p, mode);
  const optimizeFor = p.get("optimizeFor");
  if (
    optimizeFor !== undefined &&
    !["quality", "performance", "balanced"].includes(optimizeFor)
  ) {
    throw malformed(
      "E605001",
      `Invalid value for parameter 'optimizeFor': '${optimizeFor}'`,
    );
  }
  let points = DEFAULT_POINTS;
  const maxPoints = p.get("shape[maxPoints]");
  if (maxPoints !== undefined) {
    if (!/^\d+$/.test(maxPoints) || Number(maxPoints) < 4) {
      throw malformed(
        "E605001",
        `Invalid value for parameter 'shape[maxPoints]': '${maxPoints}' (use an integer of at least 4)`,
      );
    }
    points = Math.min(DEFAULT_POINTS, Number(maxPoints) - 1);
  }
  const avoidFeatures = parseAvoidFeatures(p, mode);
  const avoidAreas = parseAvoidAreas(p);
  checkVehicle(p, mode);
  checkIsolineVehicle(p, mode);
  checkIsolineAvoid(p);
  const maxResolution = checkIsolineOptions(p, await loadGazetteer());
  const ev = parseEv(p, mode, true);
  const fuel = parseFuel(p);
  const model = ev?.model ?? fuel;
  if (type === "consumption" && !model) {
    throw malformed(
      "E605030",
      "range[type]=consumption needs a consumption model (ev[freeFlowSpeedTable], consumptionModel=physical with its parameters, or fuel[type] with fuel[freeFlowSpeedTable])",
      "Add the ev[...] or fuel[...] consumption parameters",
    );
  }
  const notices = [
    ...unknownParameterNotices(p, KNOWN, PREFIXES),
    ...(ev?.ignored ?? []).map((k) => ({
      title: `The provided parameter '${k}' is unknown.`,
      code: "unknownParameter",
      severity: "info",
    })),
  ];
  const g = await loadGazetteer();
  // Off the network (open sea, ice, or farther than a road reaches).
  const unmatched = () =>
    json({
      isolines: [],
      notices: [...notices, {
        title: `The ${
          originRaw !== undefined ? "origin" : "destination"
        } could not be matched to the road network`,
        code: originRaw !== undefined
          ? "couldNotMatchOrigin"
          : "couldNotMatchDestination",
        severity: "critical",
      }],
    });
  if (!matchPoint(g, center)) return unmatched();

  const options: TravelOptions = {
    transportMode: mode,
    routingMode,
    avoidFeatures,
    avoidAreas,
  };
  const streets = new Matcher(g);
  const ringMax = p.has("shape[maxPoints]") ? points : Infinity;
  const start = streets.pos(center, options);
  if (!start && type !== "consumption") return unmatched();
  const result: Record<string, unknown> = {};
  const offset = time?.kind === "instant"
    ? time.offsetMinutes
    : offsetForLongitude(center.lng);
  let ms: number | undefined;
  if (time?.kind === "instant") ms = time.ms;
  else if (time?.kind === "local") ms = time.ms - offset * 60_000;
  else if (!time) ms = Math.floor(ctx.state.now().getTime() / 1000) * 1000;
  const placeInfo = {
    ...(ms !== undefined ? { time: formatTime(ms, offset) } : {}),
    place: {
      type: "place",
      location: { lat: center.lat, lng: center.lng },
      originalLocation: { lat: center.lat, lng: center.lng },
    },
  };
  if (originRaw !== undefined) result.departure = placeInfo;
  else result.arrival = placeInfo;
  result.isolines = values.map((value) => {
    if (type !== "consumption" && start) {
      // The reachable part of the street network, traced into polygons.
      const { profile } = withEnds(profileOf(options), [
        start.point,
        center,
      ]);
      const polygons = streetIsoline(
        streets.s,
        originRaw !== undefined ? profile : { ...profile, reverse: true },
        start,
        { type: type as "time" | "distance", value },
        center,
      );
      return {
        range: { type, value },
        polygons: polygons.map((poly) => ({
          outer: encodePolyline({
            precision: 6,
            polyline: thin(poly.outer, ringMax, maxResolution),
          }),
          ...(poly.inner.length
            ? {
              inner: poly.inner.map((ring) =>
                encodePolyline({
                  precision: 6,
                  polyline: thin(ring, ringMax, maxResolution),
                })
              ),
            }
            : {}),
        })),
      };
    }
    const radius = type === "consumption"
      ? undefined
      : isolineRadiusMeters({ type, value }, options);
    const ring: number[][] = [];
    const n = ringPoints(points, radius, maxResolution);
    for (let k = 0; k < n; k++) {
      const bearing = (360 * k) / n;
      const q = destinationPoint(
        center,
        bearing,
        radius ??
          consumptionReachMeters(center, bearing, value, model!, options),
      );
      ring.push([q.lat, q.lng]);
    }
    ring.push(ring[0]);
    return {
      range: { type, value },
      polygons: [{ outer: encodePolyline({ precision: 6, polyline: ring }) }],
    };
  });
  if (notices.length) result.notices = notices;
  return json(result);
}

/**
 * A ring with at most `max` points (closing point aside): every k-th
 * corner kept when it has more. Only `shape[maxPoints]` asks for fewer
 * than the traced ring has; the traced ring is exact on the raster.
 */
function thin(
  ring: [number, number][],
  max: number,
  resolution = 0,
): [number, number][] {
  let out = ring;
  if (resolution > 0) {
    // shape[maxResolution]: corners closer than that to the last one kept go.
    out = [ring[0]];
    for (let k = 1; k < ring.length - 1; k++) {
      const [lat, lng] = out[out.length - 1];
      const [lat2, lng2] = ring[k];
      if (
        haversineMeters({ lat, lng }, { lat: lat2, lng: lng2 }) >= resolution
      ) out.push(ring[k]);
    }
    if (out.length < 4) out = ring.slice(0, -1);
    out.push(out[0]);
  }
  if (out.length - 1 <= max) return out;
  const step = Math.ceil((out.length - 1) / max);
  const kept = out.filter((_, k) => k % step === 0 && k < out.length - 1);
  kept.push(kept[0]);
  return kept;
}

/**
 * Ring points of one polygon: `points`, fewer when `shape[maxResolution]`
 * asks for points at least that many metres apart (8 at the least).
 */
function ringPoints(
  points: number,
  radius: number | undefined,
  maxResolution: number,
): number {
  if (!maxResolution || radius === undefined) return points;
  const spaced = Math.floor((2 * Math.PI * radius) / maxResolution);
  return Math.max(8, Math.min(points, spaced));
}
