// The sandbox's streets and places inside a box, for drawing a base map:
// the motorways and trunk roads between towns, each town's lattice of
// streets, and the places with their populations.

import { loadGazetteer } from "./_gazetteer.ts";
import { roadNumber, streetName } from "./_street_names.ts";
import { latticeClass, type Link, streetsOf } from "./_streets.ts";

/** One road of the street network. */
export interface StreetMapRoad {
  /** Road class, widest first. */
  roadClass: "motorway" | "trunk" | "primary" | "arterial" | "local";
  /** Street name or road number. */
  name: string;
  /** [lat, lng] pairs. */
  points: [number, number][];
}

/** One populated place. */
export interface StreetMapPlace {
  /** Its name. */
  name: string;
  /** Latitude. */
  lat: number;
  /** Longitude. */
  lng: number;
  /** Population. */
  population: number;
}

/** Roads and places inside a box. */
export interface StreetMap {
  /** Roads, largest classes first. */
  roads: StreetMapRoad[];
  /** Places. */
  places: StreetMapPlace[];
}

/** A box in degrees. */
export interface StreetMapBox {
  /** Western longitude. */
  west: number;
  /** Southern latitude. */
  south: number;
  /** Eastern longitude. */
  east: number;
  /** Northern latitude. */
  north: number;
}

const CLASSES: StreetMapRoad["roadClass"][] = [
  "motorway",
  "trunk",
  "primary",
  "arterial",
  "local",
];

/**
 * The generated streets and places inside `box` (at most `maxRoads` roads,
 * largest classes first).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { streetMap } from "@ls/sandbox";
 * const { places } = await streetMap({
 *   west: 13.3,
 *   south: 52.45,
 *   east: 13.5,
 *   north: 52.6,
 * });
 * assert.ok(places.some((p) => p.name === "Berlin"));
 * ```
 */
export async function streetMap(
  box: StreetMapBox,
  options: { maxRoads?: number } = {},
): Promise<StreetMap> {
  const g = await loadGazetteer();
  const s = streetsOf(g);
  const max = options.maxRoads ?? 20_000;
  const inBox = (lat: number, lng: number) =>
    lat >= box.south && lat <= box.north && lng >= box.west && lng <= box.east;
  const centre = {
    lat: (box.south + box.north) / 2,
    lng: (box.west + box.east) / 2,
  };
  const corner = { lat: box.north, lng: box.east };
  const radius = Math.hypot(
    (corner.lat - centre.lat) * 111_320,
    (corner.lng - centre.lng) * 111_320 *
      Math.cos((centre.lat * Math.PI) / 180),
  );
  // Towns whose streets may reach into the box, biggest first.
  const towns = s.near(centre, radius + 30_000)
    .map((h) => s.town(h.city))
    .filter((t) => t !== undefined)
    .sort((a, b) =>
      b.city.population - a.city.population || a.city.i - b.city.i
    );
  const roads: StreetMapRoad[] = [];
  const links = new Set<Link>();
  for (const t of towns) {
    for (const link of s.links(t)) {
      if (link.points.some(([lat, lng]) => inBox(lat, lng))) links.add(link);
    }
  }
  for (const link of links) {
    roads.push({
      roadClass: link.roadClass,
      name: roadNumber(link.country, link.roadClass, link.seed),
      points: link.points.map(([lat, lng]) => [lat, lng]),
    });
  }
  for (const t of towns) {
    if (roads.length >= 4 * max) break;
    for (const axis of [0, 1] as const) {
      for (let line = -t.n + 1; line < t.n; line++) {
        const m = Math.floor(Math.sqrt(t.n * t.n - line * line));
        const ends = [-m, m].map((k) =>
          axis === 0 ? s.nodePoint(t, k, line) : s.nodePoint(t, line, k)
        );
        if (!ends.some((p) => inBox(p.lat, p.lng)) && !crosses(ends, box)) {
          continue;
        }
        roads.push({
          roadClass: latticeClass(line),
          name: streetName(t.city.country, t.city.id, axis, line),
          points: ends.map((p) => [round(p.lat), round(p.lng)]),
        });
      }
    }
  }
  roads.sort((a, b) =>
    CLASSES.indexOf(a.roadClass) - CLASSES.indexOf(b.roadClass)
  );
  const places: StreetMapPlace[] = g.cities
    .filter((c) => inBox(c.lat, c.lng))
    .sort((a, b) => b.population - a.population || a.i - b.i)
    .map(({ name, lat, lng, population }) => ({ name, lat, lng, population }));
  return { roads: roads.slice(0, max), places };
}

/** Whether a straight street crosses the box (both ends outside it). */
function crosses(
  ends: { lat: number; lng: number }[],
  box: StreetMapBox,
): boolean {
  const [a, b] = ends;
  return Math.min(a.lat, b.lat) <= box.north &&
    Math.max(a.lat, b.lat) >= box.south &&
    Math.min(a.lng, b.lng) <= box.east && Math.max(a.lng, b.lng) >= box.west;
}

function round(x: number): number {
  return Math.round(x * 1e5) / 1e5;
}
