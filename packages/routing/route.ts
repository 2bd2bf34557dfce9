/**
 * {@linkcode Route}: a route's sections, whether they can be used, its
 * totals, and its GeoJSON: one feature per section, or one line for the
 * whole route ({@linkcode RouteProperties}).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Route } from "@ls/routing";
 * const route = new Route({ id: "r0", sections: [] });
 * assert.equal(route.usable, true);
 * assert.deepEqual(route.toGeoJSON().features, []);
 * assert.equal(route.toGeoJSONLine(), undefined); // no polyline to draw
 * ```
 *
 * @module
 */

import type {
  Feature,
  FeatureCollection,
  LineString,
  Position,
} from "@ls/core";
import type { Notice } from "./notices.ts";
import { wrapObjects } from "@ls/core/internal";
import type { RouteJson, SectionJson } from "./routing_json.ts";
import { Section } from "./section.ts";
import type { SectionProperties } from "./section_properties.ts";

/**
 * `properties` of a whole route's GeoJSON line
 * ({@linkcode Route.toGeoJSONLine}): the route's ids, times and totals.
 * A total is left out when a section lacks its value, so a total never
 * counts only some sections.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { RouteProperties } from "@ls/routing";
 * const properties: RouteProperties = {
 *   routeId: "r0",
 *   routeIndex: 0,
 *   sectionCount: 2,
 *   departureTime: "2024-05-01T08:00:00+02:00",
 *   arrivalTime: "2024-05-01T09:55:00+02:00",
 *   duration: 5340,
 *   length: 178900,
 *   violations: [],
 * };
 * assert.equal(properties.length! / 1000, 178.9); // km
 * ```
 */
export interface RouteProperties {
  /** The route's id. */
  routeId: string;
  /** The route's index in HERE's `routes` list. */
  routeIndex: number;
  /** How many sections the route has (with a polyline or not). */
  sectionCount: number;
  /** The first section's `departure.time`. */
  departureTime?: string;
  /** The last section's `arrival.time`. */
  arrivalTime?: string;
  /**
   * Seconds, the sections' durations summed (`summary` or
   * `travelSummary`): time on the move. Stops between sections, such as
   * charging, are not in it; `departureTime` to `arrivalTime` includes them.
   */
  duration?: number;
  /** Metres, the sections' lengths summed. */
  length?: number;
  /** Seconds without traffic, the sections' `baseDuration`s summed. */
  baseDuration?: number;
  /** kWh used driving, the sections' {@linkcode Section.energyUsed} summed (EV routes). */
  energyUsed?: number;
  /** Codes of the violation notices of all sections (empty when none). */
  violations: string[];
}

/** The sum of `value` over every section, or undefined when one lacks it. */
function total(
  sections: readonly Section[],
  value: (section: Section) => number | undefined,
): number | undefined {
  let sum = 0;
  for (const section of sections) {
    const v = value(section);
    if (v === undefined) return undefined;
    sum += v;
  }
  return sections.length > 0 && Number.isFinite(sum) ? sum : undefined;
}

/**
 * A route: its sections, whether they can be used, and its totals.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Route } from "@ls/routing";
 * const route = new Route({ id: "r0", sections: [] });
 * assert.equal(route.usable, true);
 * assert.deepEqual(route.toGeoJSON().features, []);
 * ```
 */
export class Route {
  /** The route as HERE sent it. */
  readonly raw: RouteJson;
  /** Position in HERE's `routes` list (kept for discarded routes too). */
  readonly index: number;
  /** The sections, in travel order. */
  readonly sections: Section[];

  /** Wraps a route's JSON; `index` is its position in HERE's list. */
  constructor(raw: RouteJson, index = 0) {
    this.raw = raw;
    this.index = index;
    this.sections = wrapObjects(
      raw?.sections,
      (s: SectionJson, i) => new Section(s, i),
    );
  }

  /** Route id. */
  get id(): string {
    return this.raw.id;
  }
  /** False when a section carries a blocking notice (HERE: discard it). */
  get usable(): boolean {
    return this.sections.every((s) => s.usable);
  }
  /** True when a section carries a known violation notice. */
  get hasViolations(): boolean {
    return this.sections.some((s) => s.hasViolations);
  }
  /** The violation notices of all sections. */
  get violations(): Notice[] {
    return this.sections.flatMap((s) => s.violations);
  }
  /** The blocking notices of all sections. */
  get blockingNotices(): Notice[] {
    return this.sections.flatMap((s) => s.blockingNotices);
  }
  /**
   * Seconds on the move: the sections' {@linkcode Section.duration}s
   * summed (from `summary` or `travelSummary`); `undefined` when a section
   * has none. Stops between sections (charging) are not counted.
   */
  get duration(): number | undefined {
    return total(this.sections, (s) => s.duration);
  }
  /** Metres: the sections' lengths summed; `undefined` when one has none. */
  get length(): number | undefined {
    return total(this.sections, (s) => s.length);
  }
  /** Seconds without traffic, summed; `undefined` when a section has none. */
  get baseDuration(): number | undefined {
    return total(this.sections, (s) => s.baseDuration);
  }
  /**
   * kWh used driving, the sections' {@linkcode Section.energyUsed} summed
   * (EV routes), rounded to 1 mWh; `undefined` when a section has none.
   */
  get energyUsed(): number | undefined {
    const sum = total(this.sections, (s) => s.energyUsed);
    return sum === undefined ? undefined : Math.round(sum * 1e6) / 1e6;
  }

  /**
   * One `LineString` feature per section that has a polyline, with the
   * route's id and index in its properties. Sections without a polyline
   * (`polyline` not requested) are left out.
   *
   * @throws {ValueError} when a polyline is malformed
   */
  toGeoJSON(): FeatureCollection<LineString, SectionProperties> {
    const features: Feature<LineString, SectionProperties>[] = [];
    for (const section of this.sections) {
      const feature = section.toGeoJSON();
      if (!feature) continue;
      feature.properties = {
        routeId: this.raw.id,
        routeIndex: this.index,
        ...feature.properties,
      };
      features.push(feature);
    }
    return { type: "FeatureCollection", features };
  }

  /**
   * The whole route as one GeoJSON `LineString` feature: the sections'
   * polylines decoded and joined in travel order, positions `[lng, lat]`
   * (or `[lng, lat, elevation]` when every section has elevation). Where a
   * section starts at the point the previous one ended, that point is kept
   * once. `properties` hold the route's ids, times and totals
   * ({@linkcode RouteProperties}). Sections without a polyline are left out
   * of the line; `undefined` when no section has one (`polyline` not
   * requested). Draw it beside, or instead of, the per-section features of
   * {@linkcode toGeoJSON}.
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { encodePolyline } from "@ls/core";
   * import { Route } from "@ls/routing";
   * const place = (lat: number, lng: number) => ({ type: "place", location: { lat, lng } });
   * const section = (id: string, points: [number, number][], duration: number, length: number) => ({
   *   id,
   *   type: "vehicle",
   *   departure: { time: "2024-05-01T08:00:00+02:00", place: place(...points[0]) },
   *   arrival: { time: "2024-05-01T08:10:00+02:00", place: place(...points[points.length - 1]) },
   *   transport: { mode: "car" },
   *   summary: { duration, length },
   *   polyline: encodePolyline({ polyline: points }),
   * });
   * const route = new Route({
   *   id: "r0",
   *   sections: [
   *     section("s0", [[52.5, 13.4], [52.6, 13.5]], 600, 13000),
   *     section("s1", [[52.6, 13.5], [52.7, 13.6]], 540, 12500),
   *   ],
   * });
   * const line = route.toGeoJSONLine()!;
   * assert.deepEqual(line.geometry.coordinates, [[13.4, 52.5], [13.5, 52.6], [13.6, 52.7]]);
   * assert.equal(line.properties.duration, 1140); // seconds, both sections
   * assert.equal(line.properties.length, 25500); // metres
   * assert.equal(route.toGeoJSON().features.length, 2); // one per section
   * ```
   *
   * @throws {ValueError} when a polyline is malformed
   */
  toGeoJSONLine(): Feature<LineString, RouteProperties> | undefined {
    const parts: Position[][] = [];
    let twoD = 0; // parts without elevation
    for (const section of this.sections) {
      const positions = section.toGeoJSON()?.geometry.coordinates;
      if (positions === undefined || positions.length === 0) continue;
      if (positions[0].length < 3) twoD++;
      parts.push(positions);
    }
    if (parts.length === 0) return undefined;
    // The parts are fresh arrays: the first one grows into the line, so a
    // one-section route costs what its section's feature costs.
    // Elevation only when every part has it (mixed parts are flattened).
    const mixed = twoD > 0 && twoD < parts.length;
    const flatten = (p: Position) =>
      !mixed || p.length === 2 ? p : [p[0], p[1]];
    const coordinates = mixed ? parts[0].map(flatten) : parts[0];
    for (let i = 1; i < parts.length; i++) {
      const positions = parts[i];
      const last = coordinates[coordinates.length - 1];
      const first = positions[0];
      const start = last[0] === first[0] && last[1] === first[1] ? 1 : 0;
      for (let k = start; k < positions.length; k++) {
        coordinates.push(flatten(positions[k]));
      }
    }
    const sections = this.sections;
    const properties: RouteProperties = {
      routeId: this.raw.id,
      routeIndex: this.index,
      sectionCount: sections.length,
    } as RouteProperties;
    const departureTime = sections[0]?.departure?.time;
    const arrivalTime = sections[sections.length - 1]?.arrival?.time;
    if (typeof departureTime === "string") {
      properties.departureTime = departureTime;
    }
    if (typeof arrivalTime === "string") properties.arrivalTime = arrivalTime;
    const totals = {
      duration: this.duration,
      length: this.length,
      baseDuration: this.baseDuration,
      energyUsed: this.energyUsed,
    };
    for (const key of Object.keys(totals) as (keyof typeof totals)[]) {
      const value = totals[key];
      if (value !== undefined) properties[key] = value;
    }
    properties.violations = this.violations.map((n) => n.code);
    return {
      type: "Feature",
      geometry: { type: "LineString", coordinates },
      properties,
    };
  }

  /** The route as HERE sent it. */
  toJSON(): RouteJson {
    return this.raw;
  }
}
