/**
 * The places of `GET /v8/routes`'s answer: a section's departure and
 * arrival ({@linkcode TimedPlace}), the {@linkcode Place} with its matched
 * {@linkcode Location}, and the charging station an EV route stops at
 * ({@linkcode ChargingStationPlace}).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { TimedPlace } from "@ls/routing";
 * const arrival: TimedPlace = {
 *   time: "2024-05-01T08:42:00+02:00",
 *   place: { type: "chargingStation", location: { lat: 52.02, lng: 13.6 } },
 *   charge: 8.4,
 * };
 * assert.equal(arrival.place.type, "chargingStation");
 * ```
 *
 * @module
 */

import type { LatLngObject } from "@ls/core";

/**
 * A matched position; `elv` (metres) appears with `return=elevation`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { Location } from "@ls/routing";
 * const location: Location = { lat: 52.5, lng: 13.4, elv: 34 };
 * assert.equal(location.elv, 34); // metres above sea level
 * ```
 */
export interface Location extends LatLngObject {
  /** Elevation in metres, with `return=elevation`. */
  elv?: number;
}

/**
 * A place a section departs from or arrives at.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { Place } from "@ls/routing";
 * const place: Place = { type: "place", location: { lat: 52.5, lng: 13.4 }, waypoint: 0 };
 * assert.equal(place.waypoint, 0); // the origin
 * ```
 */
export interface Place {
  /** `place` for road places; an open set. */
  type: string;
  /** The position matched to the road network. */
  location: Location;
  /** The position as given in the request, before matching. */
  originalLocation?: LatLngObject;
  /** Index of the waypoint this place belongs to (origin 0, vias, destination). */
  waypoint?: number;
}

/**
 * The connector HERE suggests at a charging station (a charging stop's
 * `place.attributes`). Shape from HERE's spec, read tolerantly: every
 * field may be missing, and fields HERE adds are kept.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { ChargingConnectorAttributes } from "@ls/routing";
 * const plug: ChargingConnectorAttributes = { power: 150, supplyType: "dc", connectorType: "iec62196Type2Combo" };
 * assert.equal(plug.power, 150); // kW
 * ```
 */
export interface ChargingConnectorAttributes {
  /** Power the connector supplies, kW. */
  power?: number;
  /** `acSingle`, `acThree` or `dc`; an open set. */
  supplyType?: string;
  /** e.g. `iec62196Type2Combo`; an open set. */
  connectorType?: string;
  /** Current, A. */
  current?: number;
  /** Voltage, V. */
  voltage?: number;
}

/**
 * A charging station a section arrives at or departs from: a
 * {@linkcode Place} of type `chargingStation`, with the station's name, id,
 * brand and the connector to use. Stops the router added carry no
 * `waypoint`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { ChargingStationPlace } from "@ls/routing";
 * const station: ChargingStationPlace = {
 *   type: "chargingStation",
 *   location: { lat: 52.1, lng: 13.6 },
 *   name: "Example Charging",
 *   attributes: { power: 150, supplyType: "dc", connectorType: "iec62196Type2Combo" },
 * };
 * assert.equal(station.attributes?.power, 150);
 * ```
 */
export interface ChargingStationPlace extends Place {
  /** `chargingStation`. */
  type: "chargingStation";
  /** HERE's id of the station. */
  id?: string;
  /** The station's name. */
  name?: string;
  /** The station's brand, e.g. `{ name: "Example Charging" }`. */
  brand?: { name?: string };
  /** The connector to charge with. */
  attributes?: ChargingConnectorAttributes;
}

/**
 * A section's departure or arrival: a time at a place.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { TimedPlace } from "@ls/routing";
 * const departure: TimedPlace = {
 *   time: "2024-05-01T08:00:00+02:00",
 *   place: { type: "place", location: { lat: 52.5, lng: 13.4 } },
 * };
 * assert.equal(new Date(departure.time).toISOString(), "2024-05-01T06:00:00.000Z");
 * ```
 */
export interface TimedPlace {
  /** RFC 3339 with the local offset, e.g. `2024-05-01T08:00:00+02:00`. */
  time: string;
  /** Where. */
  place: Place;
  /** Battery charge, kWh, on EV routes with `ev.initialCharge`. */
  charge?: number;
}
