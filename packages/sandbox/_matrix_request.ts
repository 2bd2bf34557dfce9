// The body of Matrix Routing v8's `POST /v8/matrix`: origins and
// destinations, the region (circle, bounding box, polygon, autoCircle or
// world), a profile or transport options, avoided features and areas, and
// the size limits of sync, async and flexible matrices.

import { isNumber, isObject, latLngObject, malformed } from "./_http.ts";
import { parseTime } from "./_util.ts";
import { haversineMeters, type LatLngLike } from "./geodesy.ts";
import type { AvoidBox } from "./plan_path.ts";
import {
  TRANSPORT_MODES,
  type TransportMode,
  type TravelOptions,
} from "./travel_model.ts";

/** The error code of every malformed matrix request. */
export const CODE = "E605001";

const PROFILES: Record<string, TravelOptions> = {
  carFast: { transportMode: "car", routingMode: "fast" },
  carShort: { transportMode: "car", routingMode: "short" },
  truckFast: { transportMode: "truck", routingMode: "fast" },
  pedestrian: { transportMode: "pedestrian" },
  bicycle: { transportMode: "bicycle" },
  scooterFast: { transportMode: "scooter" },
};

const FEATURES = [
  "tollRoad",
  "controlledAccessHighway",
  "ferry",
  "tunnel",
  "dirtRoad",
  "seasonalClosure",
  "carShuttleTrain",
  "uTurns",
  "difficultTurns",
];

/** Largest async matrix the sandbox computes (entries). */
const MAX_ASYNC_ENTRIES = 1_000_000;

/** Where a matrix routes: `regionDefinition`, an autoCircle resolved. */
export type Region =
  | { type: "world" }
  | { type: "circle"; center: LatLngLike; radius: number }
  | ({ type: "boundingBox" } & AvoidBox)
  | { type: "polygon"; outer: LatLngLike[] };

/** A parsed matrix request body. */
export interface MatrixRequest {
  origins: LatLngLike[];
  destinations: LatLngLike[];
  region: Region;
  /** The region as echoed (the derived circle for autoCircle). */
  echo: Record<string, unknown>;
  options: TravelOptions;
  attributes: Set<string>;
}

const bad = (cause: string) => malformed(CODE, cause);

function points(value: unknown, name: string): LatLngLike[] {
  if (!Array.isArray(value) || value.length === 0) {
    throw bad(`'${name}' must be a non-empty array of {lat, lng}`);
  }
  return value.map((v, i) => {
    const p = latLngObject(v);
    if (!p) {
      throw bad(
        `'${name}[${i}]' must be {lat, lng} with lat in [-90, 90] and lng in [-180, 180]`,
      );
    }
    return p;
  });
}

function polygonPoints(value: unknown): LatLngLike[] {
  if (!Array.isArray(value)) {
    throw bad("'regionDefinition.outer' must be an array");
  }
  if (value.every(isNumber)) {
    if (value.length % 2 !== 0) {
      throw bad("'regionDefinition.outer' must hold lat, lng pairs");
    }
    const out: LatLngLike[] = [];
    for (let i = 0; i < value.length; i += 2) {
      out.push({ lat: value[i], lng: value[i + 1] });
    }
    return out;
  }
  return points(value, "regionDefinition.outer");
}

function inPolygon(p: LatLngLike, ring: readonly LatLngLike[]): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const a = ring[i], b = ring[j];
    if (
      (a.lat > p.lat) !== (b.lat > p.lat) &&
      p.lng < ((b.lng - a.lng) * (p.lat - a.lat)) / (b.lat - a.lat) + a.lng
    ) inside = !inside;
  }
  return inside;
}

/** True when the point lies in the region. */
export function inRegion(region: Region, p: LatLngLike): boolean {
  switch (region.type) {
    case "world":
      return true;
    case "circle":
      return haversineMeters(region.center, p) <= region.radius;
    case "boundingBox":
      return p.lat >= region.south && p.lat <= region.north &&
        p.lng >= region.west && p.lng <= region.east;
    case "polygon":
      return inPolygon(p, region.outer);
  }
}

function parseRegion(
  value: unknown,
  all: LatLngLike[],
): { region: Region; echo: Record<string, unknown> } {
  if (!isObject(value)) throw bad("'regionDefinition' is required");
  const tooBig = (diameter: number) => {
    if (diameter > 400_000) {
      throw bad(
        `The region is ${
          Math.round(diameter / 1000)
        } km across; regions may be at most 400 km in diameter`,
      );
    }
  };
  switch (value.type) {
    case "world":
      return { region: { type: "world" }, echo: { type: "world" } };
    case "circle": {
      const center = latLngObject(value.center);
      if (!center || !isNumber(value.radius) || value.radius <= 0) {
        throw bad(
          "A circle region needs 'center' {lat, lng} and a positive 'radius'",
        );
      }
      tooBig(2 * value.radius);
      return {
        region: { type: "circle", center, radius: value.radius },
        echo: { ...value },
      };
    }
    case "boundingBox": {
      const { north, south, west, east } = value;
      if (
        ![north, south, west, east].every(isNumber) ||
        (south as number) > (north as number)
      ) {
        throw bad(
          "A boundingBox region needs numeric north, south, west and east with south <= north",
        );
      }
      const box = { north, south, west, east } as {
        north: number;
        south: number;
        west: number;
        east: number;
      };
      tooBig(
        haversineMeters({ lat: box.south, lng: box.west }, {
          lat: box.north,
          lng: box.east,
        }),
      );
      return { region: { type: "boundingBox", ...box }, echo: { ...value } };
    }
    case "polygon": {
      const outer = polygonPoints(value.outer);
      if (outer.length < 3) {
        throw bad("A polygon region needs at least 3 points");
      }
      // A loop, not Math.min(...): a spread of many vertices overflows the stack.
      const min = { lat: Infinity, lng: Infinity };
      const max = { lat: -Infinity, lng: -Infinity };
      for (const p of outer) {
        min.lat = Math.min(min.lat, p.lat);
        min.lng = Math.min(min.lng, p.lng);
        max.lat = Math.max(max.lat, p.lat);
        max.lng = Math.max(max.lng, p.lng);
      }
      tooBig(haversineMeters(min, max));
      return { region: { type: "polygon", outer }, echo: { ...value } };
    }
    case "autoCircle": {
      const margin = value.margin === undefined ? 10_000 : value.margin;
      if (!isNumber(margin) || margin < 0) {
        throw bad("'regionDefinition.margin' must be a non-negative number");
      }
      const center = {
        lat: all.reduce((s, p) => s + p.lat, 0) / all.length,
        lng: all.reduce((s, p) => s + p.lng, 0) / all.length,
      };
      let farthest = 0;
      for (const p of all) {
        farthest = Math.max(farthest, haversineMeters(center, p));
      }
      const radius = Math.ceil(farthest + margin);
      tooBig(2 * radius);
      const rounded = {
        lat: Math.round(center.lat * 1e6) / 1e6,
        lng: Math.round(center.lng * 1e6) / 1e6,
      };
      return {
        region: { type: "circle", center: rounded, radius: radius + 1 },
        echo: { type: "circle", center: rounded, radius: radius + 1 },
      };
    }
    default:
      throw bad(`Unknown regionDefinition.type '${String(value.type)}'`);
  }
}

/**
 * Parses and checks a matrix request body against HERE's rules and size
 * limits (sync, async and flexible); a 400 (E605001) when it breaks one.
 */
export function parseMatrixRequest(
  body: unknown,
  isAsync: boolean,
): MatrixRequest {
  if (!isObject(body)) throw bad("The request body must be a JSON object");
  const origins = points(body.origins, "origins");
  const destinations = body.destinations === undefined
    ? origins
    : points(body.destinations, "destinations");
  const { region, echo } = parseRegion(body.regionDefinition, [
    ...origins,
    ...destinations,
  ]);

  const options: TravelOptions = {};
  const profile = body.profile;
  if (profile !== undefined) {
    if (typeof profile !== "string" || !PROFILES[profile]) {
      throw bad(
        `Unknown profile '${String(profile)}' (use one of ${
          Object.keys(PROFILES).join(", ")
        })`,
      );
    }
    if (region.type !== "world") {
      throw bad("'profile' is only allowed with regionDefinition.type 'world'");
    }
    for (const key of ["transportMode", "routingMode", "avoid", "truck"]) {
      if (body[key] !== undefined) {
        throw bad(`'${key}' cannot be combined with 'profile'`);
      }
    }
    if (body.departureTime !== undefined && body.departureTime !== "any") {
      throw bad("A profile implies departureTime 'any'");
    }
    Object.assign(options, PROFILES[profile]);
  } else {
    const mode = body.transportMode ?? "car";
    if (!TRANSPORT_MODES.includes(mode as TransportMode)) {
      throw bad(`Invalid transportMode '${String(mode)}'`);
    }
    options.transportMode = mode as TransportMode;
    const routingMode = body.routingMode ?? "fast";
    if (routingMode !== "fast" && routingMode !== "short") {
      throw bad(`Invalid routingMode '${String(routingMode)}'`);
    }
    options.routingMode = routingMode;
    if (body.truck !== undefined && mode !== "truck") {
      throw bad("'truck' is only allowed with transportMode 'truck'");
    }
    // A truck's size closes the roads with lower limits.
    const size = isObject(body.vehicle) ? body.vehicle : body.truck;
    if (isObject(size)) {
      for (const field of ["grossWeight", "height"] as const) {
        const v = size[field];
        if (typeof v === "number" && Number.isFinite(v) && v > 0) {
          options[field] = v;
        }
      }
    }
  }
  if (body.departureTime !== undefined && body.departureTime !== "any") {
    if (
      typeof body.departureTime !== "string" ||
      !parseTime(body.departureTime, true)
    ) {
      throw bad(`Invalid departureTime '${String(body.departureTime)}'`);
    }
  }
  if (body.avoid !== undefined) {
    if (!isObject(body.avoid)) throw bad("'avoid' must be an object");
    const { features, areas } = body.avoid;
    if (features !== undefined) {
      if (
        !Array.isArray(features) || features.some((f) => !FEATURES.includes(f))
      ) {
        throw bad(`'avoid.features' must be a list of ${FEATURES.join(", ")}`);
      }
      options.avoidFeatures = features;
    }
    if (areas !== undefined) {
      if (!Array.isArray(areas)) throw bad("'avoid.areas' must be an array");
      options.avoidAreas = areas.map((a, i): AvoidBox => {
        if (
          !isObject(a) || a.type !== "boundingBox" ||
          ![a.north, a.south, a.west, a.east].every(isNumber) ||
          (a.south as number) > (a.north as number)
        ) {
          throw bad(
            `'avoid.areas[${i}]' must be {type: "boundingBox", north, south, west, east}`,
          );
        }
        return {
          north: a.north as number,
          south: a.south as number,
          west: a.west as number,
          east: a.east as number,
        };
      });
    }
  }
  const attrs = body.matrixAttributes ?? ["travelTimes"];
  if (
    !Array.isArray(attrs) || attrs.length === 0 ||
    attrs.some((a) => a !== "travelTimes" && a !== "distances")
  ) {
    throw bad(
      "'matrixAttributes' must be a non-empty list of 'travelTimes' and 'distances'",
    );
  }

  const o = origins.length, d = destinations.length;
  const flexible = region.type === "world" && profile === undefined;
  let fits: boolean;
  let limit: string;
  if (flexible) {
    fits = (o <= 15 && d <= 100) || (o <= 100 && d === 1);
    limit = "15 x 100 or 100 x 1 without a region or profile";
  } else if (!isAsync) {
    fits = (o <= 500 && d <= 500) ||
      (profile !== undefined &&
        ((o === 1 && d <= 2000) || (o <= 2000 && d === 1)));
    limit = profile !== undefined
      ? "500 x 500, 1 x 2000 or 2000 x 1 synchronously"
      : "500 x 500 synchronously";
  } else {
    fits = o <= 10_000 && d <= 10_000 && o * d <= MAX_ASYNC_ENTRIES;
    limit =
      `10000 x 10000 (the sandbox computes at most ${MAX_ASYNC_ENTRIES} entries)`;
  }
  if (!fits) throw bad(`The matrix is ${o} x ${d}; the limit is ${limit}`);
  return {
    origins,
    destinations,
    region,
    echo,
    options,
    attributes: new Set(attrs),
  };
}
