/**
 * Avoided areas and excluded countries on the wire:
 * {@linkcode formatAvoidAreas} writes `avoid[areas]`,
 * {@linkcode avoidAreaToJson} one area of a matrix body's `avoid.areas`,
 * {@linkcode formatCountryList} writes `exclude[countries]`.
 *
 * An avoided area is a box or a polygon:
 *
 * - a box in any form core reads (`{ west, south, east, north }`, the
 *   seed's `AvoidBoundingBox`, or `[west, south, east, north]`), sent as
 *   `bbox:west,south,east,north`;
 * - a polygon `{ type: "polygon", outer }`, `outer` a list of 3 to 100
 *   points in any form (`[lat, lng]`, `{ lat, lng }`, a GeoJSON `Point` or
 *   `Feature`), sent as `polygon:lat,lng;lat,lng;…` (HERE closes the ring).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { formatCountryList } from "@ls/core/internal";
 * import { formatAvoidAreas } from "./avoid_areas.ts";
 * assert.equal(
 *   formatAvoidAreas([
 *     { west: 13.41, south: 52.51, east: 13.43, north: 52.53 },
 *     { type: "polygon", outer: [[52.5, 13.4], { lat: 52.6, lng: 13.4 }, [52.6, 13.5]] },
 *   ]),
 *   "bbox:13.41,52.51,13.43,52.53%7Cpolygon:52.5,13.4;52.6,13.4;52.6,13.5",
 * );
 * assert.equal(formatCountryList(["CHE", "AUT"]), "CHE,AUT");
 * ```
 *
 * @module
 */

import { ValueError } from "../errors/errors.ts";
import { formatNumber } from "../params/format.ts";
import type { BoundingBoxObject, LatLngObject } from "../geo/coordinates.ts";
import { validateCountryCodes } from "../geo/coordinates.ts";
import { parseBox } from "../geo/area.ts";
import { parsePoints } from "../geo/point.ts";

/**
 * The JSON form of an avoided area (matrix `avoid.areas[]`): a bounding box
 * `{ type: "boundingBox", north, south, west, east }` or a polygon
 * `{ type: "polygon", outer: [{ lat, lng }, …] }`.
 */
export type AvoidAreaJson =
  | {
    /** A bounding box. */
    type: "boundingBox";
    /** Northern latitude. */
    north: number;
    /** Southern latitude. */
    south: number;
    /** Western longitude. */
    west: number;
    /** Eastern longitude. */
    east: number;
  }
  | {
    /** A polygon. */
    type: "polygon";
    /** Its vertices, 3 to 100; HERE closes the ring. */
    outer: LatLngObject[];
  };

/** Most areas `avoid[areas]` takes, exceptions included (E605054). */
const MAX_AREAS = 250;
/** Most polygons and corridors together (E605055). */
const MAX_SHAPES = 20;
/** Most points of one polygon (E605057). */
const MAX_POLYGON_POINTS = 100;

const AREA_RULE =
  'must be a box ({ west, south, east, north } or [west, south, east, north]) or a polygon ({ type: "polygon", outer: [point, …] })';

/** An area read: a box, or a polygon's vertices. */
type ParsedArea =
  | { box: BoundingBoxObject; outer?: undefined }
  | { box?: undefined; outer: LatLngObject[] };

/** Reads one area: a box in any form, or `{ type: "polygon", outer }`. */
function parseArea(area: unknown, parameter: string): ParsedArea {
  if (typeof area === "object" && area !== null && !Array.isArray(area)) {
    const type: unknown = Reflect.get(area, "type");
    if (type === "polygon") {
      for (const key of Object.keys(area)) {
        if (key !== "type" && key !== "outer") {
          throw new ValueError(
            `${parameter}.${key}`,
            "is not a known option of a polygon (type, outer)",
          );
        }
      }
      const outer = Reflect.get(area, "outer");
      const name = `${parameter}.outer`;
      if (Array.isArray(outer) && outer.length > MAX_POLYGON_POINTS) {
        throw new ValueError(
          name,
          `must have at most ${MAX_POLYGON_POINTS} points (HERE's limit)`,
          outer,
        );
      }
      return { outer: parsePoints(outer, name, 3) };
    }
    if (type !== undefined && type !== "boundingBox") {
      throw new ValueError(parameter, AREA_RULE, area);
    }
  } else if (!Array.isArray(area)) {
    throw new ValueError(parameter, AREA_RULE, area);
  }
  return { box: parseBox(area, parameter) };
}

/** Reads the list: an array of at most 250 areas, at most 20 polygons. */
function parseAreas(areas: unknown, parameter: string): ParsedArea[] {
  if (!Array.isArray(areas)) {
    throw new ValueError(parameter, "must be an array", areas);
  }
  if (areas.length > MAX_AREAS) {
    throw new ValueError(
      parameter,
      `must have at most ${MAX_AREAS} areas`,
      areas,
    );
  }
  const parsed = areas.map((a, i) => parseArea(a, `${parameter}[${i}]`));
  const polygons = parsed.filter((a) => a.outer !== undefined).length;
  if (polygons > MAX_SHAPES) {
    throw new ValueError(
      parameter,
      `must have at most ${MAX_SHAPES} polygons (HERE's limit), got ${polygons}`,
    );
  }
  return parsed;
}

const coordinates = (...values: number[]): string =>
  values.map((n) => formatNumber(n)).join(",");

/**
 * The `avoid[areas]` value: per area `bbox:west,south,east,north` or
 * `polygon:lat,lng;lat,lng;…`, joined with `|` sent as `%7C`. At most 250
 * areas, at most 20 of them polygons, each polygon 3 to 100 points. Returns
 * `undefined` for `undefined` or an empty list, so the key is omitted
 * (`Query.setStructured` skips `undefined`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { formatAvoidAreas } from "./avoid_areas.ts";
 * const areas = formatAvoidAreas([
 *   { west: 13.41, south: 52.51, east: 13.43, north: 52.53 },
 *   [13.44, 52.54, 13.46, 52.56],
 * ]);
 * assert.equal(areas, "bbox:13.41,52.51,13.43,52.53%7Cbbox:13.44,52.54,13.46,52.56");
 * assert.equal(formatAvoidAreas([]), undefined);
 * assert.throws(() => formatAvoidAreas([{ type: "polygon", outer: [[52.5, 13.4], [52.6, 13.4]] }]), {
 *   message: "Invalid avoidAreas[0].outer: must be an array of at least 3 points, got [[52.5,13.4],[52.6,13.4]]",
 * });
 * ```
 *
 * @throws {ValueError} naming e.g. `avoidAreas[1].north`,
 * `avoidAreas[0]` when south is greater than north, or
 * `avoidAreas[2].outer[1].lat`
 */
export function formatAvoidAreas(
  areas: readonly unknown[] | undefined,
  parameter = "avoidAreas",
): string | undefined {
  if (areas === undefined || (Array.isArray(areas) && areas.length === 0)) {
    return undefined;
  }
  return parseAreas(areas, parameter)
    .map(({ box, outer }) =>
      box
        ? `bbox:${coordinates(box.west, box.south, box.east, box.north)}`
        : `polygon:${outer.map((p) => coordinates(p.lat, p.lng)).join(";")}`
    )
    .join("%7C");
}

/**
 * The matrix JSON form of an avoided area: a box as
 * `{ type: "boundingBox", north, south, west, east }`, a polygon as
 * `{ type: "polygon", outer: [{ lat, lng }, …] }`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { avoidAreaToJson } from "@ls/core/internal";
 * assert.deepEqual(
 *   avoidAreaToJson({ north: 52.53, south: 52.51, west: 13.41, east: 13.43 }),
 *   { type: "boundingBox", north: 52.53, south: 52.51, west: 13.41, east: 13.43 },
 * );
 * assert.deepEqual(
 *   avoidAreaToJson({ type: "polygon", outer: [[52.5, 13.4], [52.6, 13.4], [52.6, 13.5]] }),
 *   { type: "polygon", outer: [{ lat: 52.5, lng: 13.4 }, { lat: 52.6, lng: 13.4 }, { lat: 52.6, lng: 13.5 }] },
 * );
 * ```
 *
 * @throws {ValueError} for out-of-range edges, south greater than north, or
 * a polygon without 3 to 100 valid points
 */
export function avoidAreaToJson(
  area: unknown,
  parameter = "avoidArea",
): AvoidAreaJson {
  const { box, outer } = parseArea(area, parameter);
  if (!box) return { type: "polygon", outer };
  const { north, south, west, east } = box;
  return { type: "boundingBox", north, south, west, east };
}

/**
 * The `exclude[countries]` value: upper-case ISO 3166-1 alpha-3 codes joined
 * with `,`. Returns `undefined` for `undefined` or an empty list, so the key
 * is omitted.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { formatCountryList } from "@ls/core/internal";
 * assert.equal(formatCountryList(["CHE", "AUT"]), "CHE,AUT");
 * assert.throws(() => formatCountryList(["DE"]), /excludeCountries\[0\]/);
 * ```
 *
 * @throws {ValueError} for a malformed code, naming e.g. `excludeCountries[1]`
 */
export function formatCountryList(
  codes: readonly string[] | undefined,
  parameter = "excludeCountries",
): string | undefined {
  if (codes === undefined || (Array.isArray(codes) && codes.length === 0)) {
    return undefined;
  }
  return validateCountryCodes(codes, parameter).join(",");
}
