// Destination Weather v3: `POST /v3/alerts`. Each Point or LineString
// feature is sampled along its way; the alerts the weather model raises
// there in the next day come back as polygons around the affected stretch.

import type { Feature, FeatureCollection, Polygon, Position } from "geojson";
import {
  type Ctx,
  isNumber,
  isObject,
  json,
  malformed,
  readJson,
} from "./_http.ts";
import { loadGazetteer } from "./_gazetteer.ts";
import { checkQuery } from "./_routing_params.ts";
import { formatTime, hash32, round } from "./_util.ts";
import { HOUR } from "./_weather_format.ts";
import { alertsFor, conditionsAt } from "./_weather_model.ts";
import {
  destinationPoint,
  haversineMeters,
  initialBearing,
  type LatLngLike,
} from "./geodesy.ts";

/** A malformed alerts request: HERE's 400 with code E611001. */
const bad = (cause: string) => malformed("E611001", cause);

interface Warning {
  startTime?: number;
  endTime?: number;
  severity?: number;
  type?: number;
  country?: string;
}

function position(value: unknown, where: string): LatLngLike {
  if (
    !Array.isArray(value) || value.length < 2 || !isNumber(value[0]) ||
    !isNumber(value[1])
  ) {
    throw malformed("E611303", `${where} must be a [lng, lat] position`);
  }
  const [lng, lat] = value;
  if (lat < -90 || lat > 90 || lng < -180 || lng > 180) {
    throw malformed("E611303", `${where} is out of range: [${lng}, ${lat}]`);
  }
  return { lat, lng };
}

function circle(center: LatLngLike, radius: number): Position[] {
  const ring: Position[] = [];
  for (let k = 0; k < 24; k++) {
    const p = destinationPoint(center, k * 15, radius);
    ring.push([round(p.lng, 6), round(p.lat, 6)]);
  }
  ring.push(ring[0]);
  return ring;
}

function corridor(points: LatLngLike[], halfWidth: number): Position[] {
  if (points.length === 1) return circle(points[0], halfWidth);
  const left: Position[] = [], right: Position[] = [];
  points.forEach((p, i) => {
    const a = points[Math.max(0, i - 1)],
      b = points[Math.min(points.length - 1, i + 1)];
    const bearing = initialBearing(a, b);
    const l = destinationPoint(p, bearing - 90, halfWidth);
    const r = destinationPoint(p, bearing + 90, halfWidth);
    left.push([round(l.lng, 6), round(l.lat, 6)]);
    right.push([round(r.lng, 6), round(r.lat, 6)]);
  });
  const ring = [...left, ...right.reverse()];
  ring.push(ring[0]);
  return ring;
}

function samples(points: LatLngLike[], step: number): LatLngLike[] {
  const out: LatLngLike[] = [points[0]];
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1], b = points[i];
    const d = haversineMeters(a, b);
    const n = Math.max(1, Math.ceil(d / step));
    for (let k = 1; k <= n; k++) {
      out.push({
        lat: a.lat + (b.lat - a.lat) * k / n,
        lng: a.lng + (b.lng - a.lng) * k / n,
      });
    }
  }
  if (out.length > 400) {
    const every = Math.ceil(out.length / 400);
    return out.filter((_, i) => i % every === 0 || i === out.length - 1);
  }
  return out;
}

/** `POST /v3/alerts`. */
export async function alerts(ctx: Ctx): Promise<Response> {
  checkQuery(ctx.params);
  const body = await readJson(ctx, "E611001");
  if (
    !isObject(body) || body.type !== "FeatureCollection" ||
    !Array.isArray(body.features)
  ) {
    throw bad("The body must be a GeoJSON FeatureCollection");
  }
  if (body.features.length === 0) {
    throw bad("The FeatureCollection has no features");
  }
  const g = await loadGazetteer();
  const now = ctx.state.now().getTime();
  const start = Math.floor(now / HOUR) * HOUR;
  const out: Feature<
    Polygon | { type: "MultiPolygon"; coordinates: Position[][][] }
  >[] = [];
  body.features.forEach((feature: unknown, index: number) => {
    if (!isObject(feature) || !isObject(feature.geometry)) {
      throw bad(`features[${index}] must be a Feature with a geometry`);
    }
    const geometry = feature.geometry;
    const type = geometry.type;
    if (type !== "Point" && type !== "LineString") {
      throw malformed(
        "E611309",
        `Unsupported geometry type '${
          String(type)
        }'. Only 'Point' and 'LineString' are supported`,
      );
    }
    const props = isObject(feature.properties) ? feature.properties : {};
    const maxWidth = type === "Point" ? 100_000 : 25_000;
    let width = type === "Point" ? 50_000 : 25_000;
    if (props.width !== undefined) {
      if (!isNumber(props.width) || props.width <= 0) {
        throw malformed(
          "E611302",
          `width must be a positive number of metres, from request = ${
            String(props.width)
          }`,
        );
      }
      if (props.width > maxWidth) {
        throw malformed(
          "E611302",
          `Maximum width is ${maxWidth}, from request = ${props.width}`,
        );
      }
      width = props.width;
    }
    const coords = type === "Point"
      ? [
        position(
          geometry.coordinates,
          `features[${index}].geometry.coordinates`,
        ),
      ]
      : (() => {
        if (
          !Array.isArray(geometry.coordinates) ||
          geometry.coordinates.length < 2
        ) {
          throw malformed(
            "E611303",
            `features[${index}] LineString needs at least two positions`,
          );
        }
        return geometry.coordinates.map((c: unknown, i: number) =>
          position(c, `features[${index}].geometry.coordinates[${i}]`)
        );
      })();
    let warnings: Warning[] | undefined;
    if (props.warnings !== undefined) {
      if (
        !Array.isArray(props.warnings) ||
        props.warnings.some((w: unknown) => !isObject(w))
      ) {
        throw bad(
          `features[${index}].properties.warnings must be an array of objects`,
        );
      }
      warnings = props.warnings as Warning[];
    }
    const pts = type === "Point" ? coords : samples(coords, 10_000);
    const found = new Map<
      number,
      {
        severity: number;
        description: string;
        hits: Set<number>;
        from: number;
        to: number;
        country: string;
      }
    >();
    pts.forEach((pt, si) => {
      const city = g.match(pt)?.city;
      for (let h = 0; h < 24; h += 3) {
        const at = start + h * HOUR;
        for (const hit of alertsFor(conditionsAt(pt.lat, pt.lng, at))) {
          const entry = found.get(hit.type) ??
            {
              severity: 0,
              description: hit.description,
              hits: new Set<number>(),
              from: at,
              to: at + 3 * HOUR,
              country: city?.country ?? "",
            };
          entry.severity = Math.max(entry.severity, hit.severity);
          entry.hits.add(si);
          entry.from = Math.min(entry.from, at);
          entry.to = Math.max(entry.to, at + 3 * HOUR);
          if (!entry.country && city) entry.country = city.country;
          found.set(hit.type, entry);
        }
      }
    });
    for (const [alertType, a] of found) {
      const startTime = Math.floor(a.from / 1000),
        endTime = Math.floor(a.to / 1000);
      if (
        warnings &&
        !warnings.some((w) =>
          (w.type === undefined || w.type === alertType) &&
          (w.severity === undefined || a.severity >= w.severity) &&
          (w.country === undefined || w.country === a.country) &&
          (w.startTime === undefined || endTime >= w.startTime) &&
          (w.endTime === undefined || startTime <= w.endTime)
        )
      ) continue;
      const runs: LatLngLike[][] = [];
      let run: LatLngLike[] = [];
      pts.forEach((pt, i) => {
        if (a.hits.has(i)) run.push(pt);
        else if (run.length) {
          runs.push(run);
          run = [];
        }
      });
      if (run.length) runs.push(run);
      const polygons = runs.map((
        r,
      ) => [type === "Point" ? circle(r[0], width) : corridor(r, width / 2)]);
      out.push({
        type: "Feature",
        id: `wa-${
          String(
            hash32("alert", String(feature.id ?? index), alertType, startTime) %
              1e10,
          ).padStart(10, "0")
        }`,
        geometry: polygons.length === 1
          ? { type: "Polygon", coordinates: polygons[0] }
          : { type: "MultiPolygon", coordinates: polygons },
        properties: {
          type: alertType,
          severity: a.severity,
          description: a.description,
          startTime,
          endTime,
          validFrom: formatTime(a.from, 0, { zulu: true }),
          validUntil: formatTime(a.to, 0, { zulu: true }),
          country: a.country,
          ...(feature.id !== undefined ? { featureId: feature.id } : {}),
        },
      });
    }
  });
  const collection: FeatureCollection = {
    type: "FeatureCollection",
    features: out as Feature[],
  };
  return json(collection);
}
