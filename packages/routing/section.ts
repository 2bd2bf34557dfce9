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
import type { ChargingStationPlace, TimedPlace } from "./place_json.ts";
import type {
  ChargingAction,
  Passthrough,
  PostAction,
  RouteAction,
  SectionJson,
  SectionSpan,
  Summary,
  Transport,
  TravelSummary,
} from "./routing_json.ts";
import type { ChargingStop, SectionProperties } from "./section_properties.ts";
import type { Toll, TollSystem } from "./tolls.ts";

const NO_NOTICES: readonly Notice[] = Object.freeze([]);
const NO_ACTIONS: readonly PostAction[] = Object.freeze([]);

/** A finite number, or undefined. */
function finite(value: unknown): number | undefined {
  return typeof value === "number" && Number.isFinite(value)
    ? value
    : undefined;
}

/** kWh rounded to 1 mWh, which drops the noise of adding decimals. */
function kWh(value: number | undefined): number | undefined {
  return value === undefined ? undefined : Math.round(value * 1e6) / 1e6;
}

/**
 * The section's `summary`, or its `travelSummary` when only that was
 * requested; `undefined` when neither is an object (a string's `length` is
 * not the section's).
 */
function summaryOf(raw: SectionJson): Summary | undefined {
  if (isRecord(raw.summary)) return raw.summary;
  return isRecord(raw.travelSummary) ? raw.travelSummary : undefined;
}

/** Whether a post-action is a charging one. */
function isCharging(action: PostAction): action is ChargingAction {
  return action.action === "charging";
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
  /**
   * Seconds, traffic included: `summary.duration`, or
   * `travelSummary.duration` when only `return=travelSummary` was asked for.
   * `undefined` with neither.
   */
  get duration(): number | undefined {
    return finite(summaryOf(this.raw)?.duration);
  }
  /** Metres: `summary.length`, or `travelSummary.length`. */
  get length(): number | undefined {
    return finite(summaryOf(this.raw)?.length);
  }
  /** Seconds without traffic: `summary.baseDuration` or `travelSummary`'s. */
  get baseDuration(): number | undefined {
    return finite(summaryOf(this.raw)?.baseDuration);
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
  /** Tolls per country and toll system with their fares, with `return=tolls`. */
  get tolls(): Toll[] | undefined {
    return this.raw.tolls;
  }
  /** The toll systems `tolls` refer to (`tollSystemRef`). */
  get tollSystems(): TollSystem[] | undefined {
    return this.raw.tollSystems;
  }
  /** Pass-through vias, with `return=passthrough`. */
  get passthrough(): Passthrough[] | undefined {
    return this.raw.passthrough;
  }
  /** What happens after arriving (empty when nothing), e.g. charging. */
  get postActions(): readonly (PostAction | ChargingAction)[] {
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
   * HERE's `consumption`, kWh on EV routes, from `summary` or
   * `travelSummary`. HERE counts the energy charged at the section's end
   * against it (consumption = energy used − energy charged), so it is
   * negative when that charging adds more than the driving used; see
   * {@linkcode energyUsed} for the driving alone.
   */
  get consumption(): number | undefined {
    return finite(this.raw.summary?.consumption) ??
      finite(this.raw.travelSummary?.consumption);
  }

  /**
   * Energy charged at the charging stop at the section's end, kWh: the
   * charge the last `charging` post-action charges up to (`targetCharge`)
   * less the charge on arrival (the first one's `arrivalCharge`, else
   * `arrival.charge`). `undefined` when the section ends without charging
   * or HERE sent no target charge.
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { Section } from "@ls/routing";
   * const place = (lat: number, lng: number) => ({ type: "place", location: { lat, lng } });
   * const section = new Section({
   *   id: "s0",
   *   type: "vehicle",
   *   departure: { time: "2024-05-01T08:00:00+02:00", place: place(52.53, 13.38), charge: 20 },
   *   arrival: { time: "2024-05-01T08:42:00+02:00", place: place(52.02, 13.6), charge: 8.4 },
   *   transport: { mode: "car" },
   *   postActions: [{ action: "charging", duration: 1260, arrivalCharge: 8.4, targetCharge: 63.6 }],
   * });
   * assert.equal(section.energyCharged, 55.2);
   * ```
   */
  get energyCharged(): number | undefined {
    const charging = this.postActions.filter(isCharging);
    if (charging.length === 0) return undefined;
    const target = finite(charging[charging.length - 1].targetCharge);
    const arrival = finite(charging[0].arrivalCharge) ?? this.arrivalCharge;
    if (target === undefined || arrival === undefined) return undefined;
    return kWh(target - arrival);
  }

  /**
   * Energy used driving the section, kWh, on EV routes: HERE's
   * {@linkcode consumption} without the charging at the section's end.
   * Read from what HERE sends, in this order:
   *
   * - with charging at the end, `consumption` plus {@linkcode energyCharged};
   *   without, `consumption` itself;
   * - else (no consumption, or the charged energy is unknown) the charge at
   *   departure less the charge on arrival, before any charging there.
   *
   * Negative when the section recuperates more than it uses (a long
   * descent). `undefined` when none of these was sent, or when
   * `consumptionType` says the consumption is not electric (a fuel route).
   * Rounded to 1 mWh, which drops the noise of adding decimals.
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { Section } from "@ls/routing";
   * const place = (lat: number, lng: number) => ({ type: "place", location: { lat, lng } });
   * // Drives from 20 kWh to 8.4 kWh, then charges to 63.6 kWh.
   * const section = new Section({
   *   id: "s0",
   *   type: "vehicle",
   *   departure: { time: "2024-05-01T08:00:00+02:00", place: place(52.53, 13.38), charge: 20 },
   *   arrival: { time: "2024-05-01T08:42:00+02:00", place: place(52.02, 13.6), charge: 8.4 },
   *   transport: { mode: "car" },
   *   summary: { duration: 2520, length: 60500, consumption: -43.6 },
   *   consumptionType: "electric",
   *   postActions: [{ action: "charging", duration: 1260, arrivalCharge: 8.4, targetCharge: 63.6 }],
   * });
   * assert.equal(section.consumption, -43.6); // used − charged
   * assert.equal(section.energyUsed, 11.6); // 20 − 8.4
   * assert.equal(section.energyCharged, 55.2); // 63.6 − 8.4
   * ```
   */
  get energyUsed(): number | undefined {
    const type = this.raw.consumptionType;
    if (type !== undefined && type !== "electric") return undefined;
    const consumption = this.consumption;
    const charges = this.postActions.some(isCharging);
    if (consumption !== undefined) {
      if (!charges) return consumption;
      const charged = this.energyCharged;
      if (charged !== undefined) return kWh(consumption + charged);
    }
    const departure = this.departureCharge, arrival = this.arrivalCharge;
    if (departure === undefined || arrival === undefined) return undefined;
    return kWh(departure - arrival);
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
    const charging = actions.filter(isCharging);
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
    const summary = summaryOf(raw);
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
    const departureCharge = this.departureCharge;
    const arrivalCharge = this.arrivalCharge;
    const consumption = this.consumption;
    if (departureCharge !== undefined) {
      properties.departureCharge = departureCharge;
    }
    if (arrivalCharge !== undefined) properties.arrivalCharge = arrivalCharge;
    if (consumption !== undefined) properties.consumption = consumption;
    const energyUsed = this.energyUsed;
    const energyCharged = this.energyCharged;
    if (energyUsed !== undefined) properties.energyUsed = energyUsed;
    if (energyCharged !== undefined) properties.energyCharged = energyCharged;
    const stop = this.chargingStop;
    if (stop) {
      // Finite durations can add up to Infinity, which JSON cannot carry.
      const chargingTime = finite(stop.chargingTime);
      if (chargingTime !== undefined) properties.chargingTime = chargingTime;
      if (stop.targetCharge !== undefined) {
        properties.targetCharge = stop.targetCharge;
      }
    }
    return { type: "Feature", geometry, properties };
  }

  /** The section as HERE sent it. */
  toJSON(): SectionJson {
    return this.raw;
  }
}
