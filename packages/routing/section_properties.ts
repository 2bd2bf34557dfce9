/**
 * What a {@linkcode Section} is read into besides its fields: the
 * `properties` of its GeoJSON feature ({@linkcode SectionProperties}) and
 * the charging stop at its end ({@linkcode ChargingStop}).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { ChargingStop, SectionProperties } from "@ls/routing";
 * const stop: ChargingStop = {
 *   place: { type: "chargingStation", location: { lat: 52.1, lng: 13.6 } },
 *   chargingTime: 1200,
 *   setupTime: 300,
 * };
 * const properties: SectionProperties = {
 *   sectionId: "s0",
 *   sectionIndex: 0,
 *   type: "vehicle",
 *   violations: [],
 *   chargingTime: stop.chargingTime,
 * };
 * assert.equal(properties.chargingTime, 1200);
 * ```
 *
 * @module
 */

import type { ChargingStationPlace, Place } from "./place_json.ts";

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
  /**
   * Seconds, from `summary.duration`, or `travelSummary.duration` when only
   * that was requested.
   */
  duration?: number;
  /** Metres, from `summary.length` or `travelSummary.length`. */
  length?: number;
  /** Codes of the violation notices the section carries (empty when none). */
  violations: string[];
  /** `departure.charge`, kWh, on EV routes with a charge. */
  departureCharge?: number;
  /** `arrival.charge`, kWh: the charge at the section's end. */
  arrivalCharge?: number;
  /** `summary.consumption`, kWh, on EV routes (net of charging at the end). */
  consumption?: number;
  /** Energy used driving the section, kWh ({@linkcode Section.energyUsed}). */
  energyUsed?: number;
  /** Energy charged at the section's end, kWh ({@linkcode Section.energyCharged}). */
  energyCharged?: number;
  /** Seconds of charging at the section's end, when it ends at a charging stop. */
  chargingTime?: number;
  /** Charge after that charging, kWh. */
  targetCharge?: number;
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
