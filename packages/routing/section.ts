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
import { isRecord } from "@ls/core/internal";
import {
  type EvNotice,
  isBlockingNotice,
  isCriticalNotice,
  isEvNotice,
  isViolationNotice,
  type Notice,
} from "./notices.ts";
import type {
  ChargingStationPlace,
  Passthrough,
  Place,
  PostAction,
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
  /** `departure.charge`, kWh, on EV routes with a charge. */
  departureCharge?: number;
  /** `arrival.charge`, kWh: the charge at the section's end. */
  arrivalCharge?: number;
  /** `summary.consumption`, kWh, on EV routes. */
  consumption?: number;
  /** Seconds of charging at the section's end, when it ends at a charging stop. */
  chargingTime?: number;
  /** Charge after that charging, kWh. */
  targetCharge?: number;
  /** Other properties. */
  [name: string]: unknown;
}

/**
 * A charging stop at the end of a section, gathered from its arrival place
 * and its `postActions`: where, how long, from which charge to which, and
 * at what power.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { ChargingStop } from "@ls/routing";
 * const stop: ChargingStop = {
 *   place: { type: "chargingStation", location: { lat: 52.1, lng: 13.6 } },
 *   arrivalCharge: 8.1,
 *   targetCharge: 60.5,
 *   chargingTime: 1200,
 *   setupTime: 300,
 *   consumablePower: 150,
 * };
 * assert.equal(stop.chargingTime + stop.setupTime, 1500); // seconds at the station
 * ```
 */
export interface ChargingStop {
  /** The station (type `chargingStation`), or the place of a charging via. */
  place: ChargingStationPlace | Place;
  /** Charge on arrival, kWh. */
  arrivalCharge?: number;
  /** Charge when leaving, kWh. */
  targetCharge?: number;
  /** Seconds of charging (the `charging` actions). */
  chargingTime: number;
  /** Seconds before charging starts (the `chargingSetup` actions). */
  setupTime: number;
  /** Most power available to the vehicle, kW (the `charging` action's). */
  consumablePower?: number;
  /** The suggested connector's power, kW (`place.attributes.power`). */
  power?: number;
  /** The suggested connector (`place.attributes.connectorType`). */
  connectorType?: string;
}

const NO_NOTICES: readonly Notice[] = Object.freeze([]);
const NO_ACTIONS: readonly PostAction[] = Object.freeze([]);

/** A finite number, or undefined. */
function finite(value: unknown): number | undefined {
  return typeof value === "number" && Number.isFinite(value)
    ? value
    : undefined;
}

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
  /** What happens after arriving (empty when nothing), e.g. charging. */
  get postActions(): readonly PostAction[] {
    const actions = this.raw.postActions;
    return Array.isArray(actions)
      ? actions.filter((a) => typeof a === "object" && a !== null)
      : NO_ACTIONS;
  }

  /** Battery charge when the section starts, kWh (EV routes with a charge). */
  get departureCharge(): number | undefined {
    return finite(this.raw.departure?.charge);
  }
  /** Battery charge when the section ends, before any charging there, kWh. */
  get arrivalCharge(): number | undefined {
    return finite(this.raw.arrival?.charge);
  }
  /**
   * Energy used on the section, kWh (EV routes), from `summary` or
   * `travelSummary`; negative when the charging at its end adds more than
   * the driving used.
   */
  get consumption(): number | undefined {
    return finite(this.raw.summary?.consumption) ??
      finite(this.raw.travelSummary?.consumption);
  }
  /** What the consumption counts: `electric` on EV routes. */
  get consumptionType(): string | undefined {
    return this.raw.consumptionType;
  }

  /**
   * The charging stop at the end of the section: when it arrives at a
   * charging station or has a `charging` post-action. `undefined`
   * otherwise.
   */
  get chargingStop(): ChargingStop | undefined {
    const place = this.raw.arrival?.place;
    const actions = this.postActions;
    const charging = actions.filter((a) => a.action === "charging");
    if (typeof place !== "object" || place === null) return undefined;
    if (place.type !== "chargingStation" && charging.length === 0) {
      return undefined;
    }
    const seconds = (action: string) =>
      actions.reduce(
        (sum, a) => a.action === action ? sum + (finite(a.duration) ?? 0) : sum,
        0,
      );
    const first = charging[0], last = charging.at(-1);
    const attributes = (place as ChargingStationPlace).attributes;
    const stop: ChargingStop = {
      place,
      chargingTime: seconds("charging"),
      setupTime: seconds("chargingSetup"),
    };
    const arrivalCharge = finite(first?.arrivalCharge) ?? this.arrivalCharge;
    const targetCharge = finite(last?.targetCharge);
    const consumablePower = finite(first?.consumablePower);
    const power = finite(attributes?.power);
    const connectorType = attributes?.connectorType;
    if (arrivalCharge !== undefined) stop.arrivalCharge = arrivalCharge;
    if (targetCharge !== undefined) stop.targetCharge = targetCharge;
    if (consumablePower !== undefined) stop.consumablePower = consumablePower;
    if (power !== undefined) stop.power = power;
    if (typeof connectorType === "string") stop.connectorType = connectorType;
    return stop;
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
  /** The notices with an EV code (`outOfCharge`, `violatedMinCharge…`, …). */
  get evNotices(): EvNotice[] {
    return this.notices.filter(isEvNotice);
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
    // A summary that is no object has no fields (a string's `length` is
    // not the section's).
    const summary = isRecord(raw.summary) ? raw.summary : undefined;
    const properties: SectionProperties = {
      sectionId: raw.id,
      sectionIndex: this.index,
      type: raw.type,
      transportMode: raw.transport?.mode,
      departureTime: raw.departure?.time,
      arrivalTime: raw.arrival?.time,
      duration: summary?.duration,
      length: summary?.length,
      violations: this.violations.map((n) => n.code),
    };
    // EV fields only where HERE sent them, so other routes' features stay
    // as they were.
    const ev = {
      departureCharge: this.departureCharge,
      arrivalCharge: this.arrivalCharge,
      consumption: this.consumption,
      chargingTime: undefined as number | undefined,
      targetCharge: undefined as number | undefined,
    };
    const stop = this.chargingStop;
    if (stop) {
      // Finite durations can add up to Infinity, which JSON cannot carry.
      ev.chargingTime = finite(stop.chargingTime);
      ev.targetCharge = stop.targetCharge;
    }
    for (const [key, value] of Object.entries(ev)) {
      if (value !== undefined) properties[key] = value;
    }
    return { type: "Feature", geometry, properties };
  }

  /** The section as HERE sent it. */
  toJSON(): SectionJson {
    return this.raw;
  }
}
