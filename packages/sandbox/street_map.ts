// The sandbox's streets and places inside a box, for drawing a base map.
//
// A stand-in until the generated street network lands: it returns the
// gazetteer's places in the box and a few straight roads between the largest
// of them, so that maps can be drawn against the final signature.

import { loadGazetteer } from "./_gazetteer.ts";

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
  const gazetteer = await loadGazetteer();
  const places: StreetMapPlace[] = gazetteer.cities
    .filter((c) =>
      c.lat >= box.south && c.lat <= box.north && c.lng >= box.west &&
      c.lng <= box.east
    )
    .sort((a, b) => b.population - a.population || a.i - b.i)
    .map(({ name, lat, lng, population }) => ({ name, lat, lng, population }));
  const roads: StreetMapRoad[] = [];
  const [first, ...others] = places.slice(0, 6);
  if (first) {
    others.forEach((p, i) =>
      roads.push({
        roadClass: CLASSES[Math.min(i, 2)],
        name: `${first.name} – ${p.name}`,
        points: [[first.lat, first.lng], [p.lat, p.lng]],
      })
    );
    // A small grid of straight streets around the largest place.
    for (let k = -4; k <= 4; k++) {
      const roadClass = k === 0 ? "arterial" : "local";
      const d = k * 0.01;
      roads.push({
        roadClass,
        name: `Street ${k + 5}`,
        points: [[first.lat + d, first.lng - 0.06], [
          first.lat + d,
          first.lng + 0.06,
        ]],
      }, {
        roadClass,
        name: `Avenue ${k + 5}`,
        points: [[first.lat - 0.04, first.lng + 1.5 * d], [
          first.lat + 0.04,
          first.lng + 1.5 * d,
        ]],
      });
    }
  }
  roads.sort((a, b) =>
    CLASSES.indexOf(a.roadClass) - CLASSES.indexOf(b.roadClass)
  );
  return { roads: roads.slice(0, options.maxRoads ?? roads.length), places };
}
