/**
 * {@linkcode Section}: one section of a route, with typed access to its
 * fields, its notices sorted by what they mean, its polyline decoded on
 * first use, and its GeoJSON feature.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Section } from "@ls/routing";
 * const section = new Section({
 *   id: "s0",
 *   type: "vehicle",
 *   departure: { time: "2024-05-01T08:00:00+02:00", place: { type: "place", location: { lat: 52.5, lng: 13.4 } } },
 *   arrival: { time: "2024-05-01T08:10:00+02:00", place: { type: "place", location: { lat: 52.6, lng: 13.5 } } },
 *   transport: { mode: "car" },
 *   polyline: "BFg9tgKgm5xCgxTgxT",
 * });
 * assert.deepEqual([...section.coordinates!], [52.5, 13.4, 52.6, 13.5]);
 * ```
 *
 * @module
 */

import type { Feature, LineString } from "@ls/core";
import {
  decodePolylineFlat,
  type FlatPolyline,
  flatToPositions,
  polylineToGeoJSON,
} from "@ls/core";
import {
  isBlockingNotice,
  isCriticalNotice,
  isViolationNotice,
  type Notice,
} from "./notices.ts";
import type {
  Passthrough,
  RouteAction,
  SectionJson,
  SectionSpan,
  Summary,
  TimedPlace,
  Transport,
  TravelSummary,
} from "./routing_json.ts";

/**
 * `properties` of a section's GeoJSON feature.
 *
 * @example
 * ```ts
 * import type { SectionProperties } from "@ls/routing";
 * const properties: SectionProperties = {
 *   routeId: "r0",
 *   routeIndex: 0,
 *   sectionId: "s0",
 *   sectionIndex: 0,
 *   type: "vehicle",
 *   transportMode: "car",
 *   violations: [],
 * };
 * ```
 */
export interface SectionProperties {
  /** The route's id (set by the route's and the response's `toGeoJSON`). */
  routeId?: string;
  /** The route's index in HERE's `routes` list. */
  routeIndex?: number;
  /** The section's id. */
  sectionId: string;
  /** The section's index in its route. */
  sectionIndex: number;
  /** The section type, e.g. `vehicle`. */
  type: string;
  /** `transport.mode`, e.g. `car`. */
  transportMode?: string;
  /** `departure.time`. */
  departureTime?: string;
  /** `arrival.time`. */
  arrivalTime?: string;
  /** `summary.duration`, seconds, when returned. */
  duration?: number;
  /** `summary.length`, metres, when returned. */
  length?: number;
  /** Codes of the violation notices the section carries (empty when none). */
  violations: string[];
  /** Other properties. */
  [name: string]: unknown;
}

const NO_NOTICES: readonly Notice[] = Object.freeze([]);

/**
 * One section of a route: typed access to its fields, its notices sorted by
 * what they mean, and its polyline decoded on first use.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Section } from "@ls/routing";
 * const section = new Section({
 *   id: "s0",
 *   type: "vehicle",
 *   departure: { time: "2024-05-01T08:00:00+02:00", place: { type: "place", location: { lat: 52.5, lng: 13.4, elv: 34 } } },
 *   arrival: { time: "2024-05-01T08:01:10+02:00", place: { type: "place", location: { lat: 52.503, lng: 13.405, elv: 36 } } },
 *   transport: { mode: "car" },
 *   polyline: "B2FgirkkDg87xZoVw-Bg9Deg9Dw7FK",
 * });
 * assert.equal(section.dimensions, 3);
 * assert.deepEqual(section.toGeoJSON()?.geometry.coordinates[0], [13.4, 52.5, 34]);
 * ```
 */
export class Section {
  /** The section as HERE sent it. */
  readonly raw: SectionJson;
  /** Position in its route's `sections`. */
  readonly index: number;
  #flat?: FlatPolyline;

  /** Wraps a section's JSON; `index` is its position in the route. */
  constructor(raw: SectionJson, index = 0) {
    this.raw = raw;
    this.index = index;
  }

  /** Section id. */
  get id(): string {
    return this.raw.id;
  }
  /** `vehicle`, `pedestrian`, …; an open set. */
  get type(): string {
    return this.raw.type;
  }
  /** Where and when the section starts. */
  get departure(): TimedPlace {
    return this.raw.departure;
  }
  /** Where and when the section ends. */
  get arrival(): TimedPlace {
    return this.raw.arrival;
  }
  /** The transport mode. */
  get transport(): Transport {
    return this.raw.transport;
  }
  /** Duration and length, with `return=summary`. */
  get summary(): Summary | undefined {
    return this.raw.summary;
  }
  /** Travel summary, with `return=travelSummary`. */
  get travelSummary(): TravelSummary | undefined {
    return this.raw.travelSummary;
  }
  /** The encoded flexible polyline, with `return=polyline`. */
  get polyline(): string | undefined {
    return this.raw.polyline;
  }
  /** Manoeuvres, with `return=actions`. */
  get actions(): RouteAction[] | undefined {
    return this.raw.actions;
  }
  /** Turn-by-turn manoeuvres, with `return=turnByTurnActions`. */
  get turnByTurnActions(): unknown[] | undefined {
    return this.raw.turnByTurnActions;
  }
  /** Span attributes, with `spans=`. */
  get spans(): SectionSpan[] | undefined {
    return this.raw.spans;
  }
  /** Every notice on the section (empty when none). */
  get notices(): readonly Notice[] {
    return Array.isArray(this.raw.notices) ? this.raw.notices : NO_NOTICES;
  }
  /** Language of the instructions. */
  get language(): string | undefined {
    return this.raw.language;
  }
  /** Tolls, with `return=tolls`. */
  get tolls(): unknown[] | undefined {
    return this.raw.tolls;
  }
  /** Pass-through vias, with `return=passthrough`. */
  get passthrough(): Passthrough[] | undefined {
    return this.raw.passthrough;
  }

  /** Notices whose severity is not `info` (violations and blocking ones). */
  get criticalNotices(): Notice[] {
    return this.notices.filter(isCriticalNotice);
  }
  /** Critical notices with a known violation code; the section is still usable. */
  get violations(): Notice[] {
    return this.notices.filter(isViolationNotice);
  }
  /** Critical notices with an unknown code; HERE says to discard the section. */
  get blockingNotices(): Notice[] {
    return this.notices.filter(isBlockingNotice);
  }
  /** True when the section carries at least one violation notice. */
  get hasViolations(): boolean {
    return this.notices.some(isViolationNotice);
  }
  /** False when a blocking notice means the section must be discarded. */
  get usable(): boolean {
    return !this.notices.some(isBlockingNotice);
  }

  /**
   * The polyline decoded once into one `Float64Array` with its header, or
   * `undefined` without a polyline. Cached.
   *
   * @throws {ValueError} when the polyline is malformed
   */
  get decodedPolyline(): FlatPolyline | undefined {
    if (this.#flat === undefined && typeof this.raw.polyline === "string") {
      this.#flat = decodePolylineFlat(this.raw.polyline);
    }
    return this.#flat;
  }

  /**
   * The decoded points, `lat, lng` (or `lat, lng, elevation` with
   * `return=elevation`) per point, interleaved; see {@linkcode dimensions}.
   * `actions[].offset` and `spans[].offset` index these points.
   *
   * @throws {ValueError} when the polyline is malformed
   */
  get coordinates(): Float64Array | undefined {
    return this.decodedPolyline?.coordinates;
  }

  /**
   * Values per point in {@linkcode coordinates}: 2, or 3 when the polyline
   * has a third dimension (elevation). `undefined` without a polyline.
   *
   * @throws {ValueError} when the polyline is malformed
   */
  get dimensions(): 2 | 3 | undefined {
    const flat = this.decodedPolyline;
    if (flat === undefined) return undefined;
    return flat.thirdDim === 0 ? 2 : 3;
  }

  /**
   * The section as a GeoJSON `LineString` feature, positions
   * `[lng, lat]` or `[lng, lat, elevation]` — whichever the polyline holds.
   * `undefined` when the section has no polyline (not requested). Builds the
   * positions in the same pass as the decode, or from the cached
   * {@linkcode coordinates} when those were read already.
   *
   * @throws {ValueError} when the polyline is malformed
   */
  toGeoJSON(): Feature<LineString, SectionProperties> | undefined {
    const encoded = this.raw.polyline;
    if (typeof encoded !== "string") return undefined;
    const geometry: LineString = this.#flat
      ? { type: "LineString", coordinates: flatToPositions(this.#flat) }
      : polylineToGeoJSON(encoded);
    const raw = this.raw;
    return {
      type: "Feature",
      geometry,
      properties: {
        sectionId: raw.id,
        sectionIndex: this.index,
        type: raw.type,
        transportMode: raw.transport?.mode,
        departureTime: raw.departure?.time,
        arrivalTime: raw.arrival?.time,
        duration: raw.summary?.duration,
        length: raw.summary?.length,
        violations: this.violations.map((n) => n.code),
      },
    };
  }

  /** The section as HERE sent it. */
  toJSON(): SectionJson {
    return this.raw;
  }
}
