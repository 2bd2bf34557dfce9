/**
 * The place blocks that discover, browse and lookup add on request, typed
 * as HERE's Geocoding & Search v7 reference defines them: charging, fuel
 * and truck details under `extended` (`show=ev`, `show=fuel`,
 * `show=truck`) and Tripadvisor media (`show=tripadvisor`). Every field is
 * optional, enumerations accept values HERE adds later, and fields not
 * modelled here stay in the response's `raw`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { ExtendedAttributes } from "@ls/geocoding";
 * const extended: ExtendedAttributes = {
 *   evStation: { connectors: [{ connectorType: { id: "33" }, maxPowerLevel: 150 }] },
 *   fuelStation: { fuelTypes: [{ type: "diesel", available: true }] },
 * };
 * assert.equal(extended.evStation?.connectors?.[0].maxPowerLevel, 150);
 * ```
 *
 * @module
 */

/**
 * A connector type of a charging station: HERE's id and its name.
 *
 * @example
 * ```ts
 * import type { EvConnectorType } from "@ls/geocoding";
 * const ccs: EvConnectorType = { id: "33", name: "IEC 62196-3 type 2 combo (Mennekes)" };
 * ```
 */
export interface EvConnectorType {
  /** HERE's connector type id (as `evStation.connectorTypeIds` takes it). */
  id?: string;
  /** The connector type's name. */
  name?: string;
}

/**
 * The charge point of a group of connectors: its electric ratings and, where
 * HERE has live data, how many connectors are free.
 *
 * @example
 * ```ts
 * import type { EvChargingPoint } from "@ls/geocoding";
 * const point: EvChargingPoint = { numberOfConnectors: 4, numberOfAvailable: 1, voltsRange: "400V DC" };
 * ```
 */
export interface EvChargingPoint {
  /** Physical connectors in the group. */
  numberOfConnectors?: number;
  /** Voltage, e.g. `"100-120V AC"`. */
  voltsRange?: string;
  /** Number of phases. */
  phases?: number;
  /** Amperage, e.g. `"12A-80A"`. */
  ampsRange?: string;
  /** Connectors free to charge. */
  numberOfAvailable?: number;
  /** Connectors charging a vehicle. */
  numberOfInUse?: number;
  /** Connectors out of service. */
  numberOfOutOfService?: number;
  /** Connectors reserved. */
  numberOfReserved?: number;
  /** When the counts were updated, ISO 8601. */
  lastUpdateTimestamp?: string;
}

/**
 * A group of connectors of one type and power at a charging station.
 *
 * @example
 * ```ts
 * import type { EvConnector } from "@ls/geocoding";
 * const group: EvConnector = { connectorType: { id: "33" }, maxPowerLevel: 150, fixedCable: true };
 * ```
 */
export interface EvConnector {
  /** The charge point operator. */
  supplierName?: string;
  /** The connector type. */
  connectorType?: EvConnectorType;
  /** Whether a cable is provided. */
  fixedCable?: boolean;
  /** Maximum charge power of the group, in kW. */
  maxPowerLevel?: number;
  /** The group's charge point. */
  chargingPoint?: EvChargingPoint;
}

/**
 * A charging station (`show=ev`, under `extended.evStation`): its connector
 * groups, access, roaming partners and payment methods.
 *
 * @example
 * ```ts
 * import type { EvStation } from "@ls/geocoding";
 * const station: EvStation = {
 *   totalNumberOfConnectors: 2,
 *   connectors: [{ connectorType: { id: "33" }, maxPowerLevel: 50 }],
 *   paymentMethods: [{ id: "creditCard", accepted: true }],
 * };
 * ```
 */
export interface EvStation {
  /** Groups of connectors, by type and power. */
  connectors?: EvConnector[];
  /** All connectors of the station. */
  totalNumberOfConnectors?: number;
  /** Who may use the station, e.g. `public`. */
  access?: string;
  /** e-Mobility Service Providers with a roaming agreement (`show=eMobilityServiceProviders`). */
  eMobilityServiceProviders?: { name?: string; partnerId?: string }[];
  /** Payment methods by id (`creditCard`, `authByCarPlugAndCharge`, ...), each `accepted` or not. */
  paymentMethods?: { id?: string; accepted?: boolean }[];
}

/**
 * A connector of an EVSE in live availability data.
 *
 * @example
 * ```ts
 * import type { EvAvailabilityConnector } from "@ls/geocoding";
 * const c: EvAvailabilityConnector = { id: "c1", typeId: "33", maxPowerLevel: 150 };
 * ```
 */
export interface EvAvailabilityConnector {
  /** HERE id of the connector. */
  id?: string;
  /** The operator's id of the connector. */
  cpoId?: string;
  /** Connector type id. */
  typeId?: string;
  /** Maximum charge power, in kW. */
  maxPowerLevel?: number;
}

/**
 * An EVSE (one charging spot) in live availability data, with its state.
 *
 * @example
 * ```ts
 * import type { EvAvailabilityEvse } from "@ls/geocoding";
 * const evse: EvAvailabilityEvse = { id: "e1", state: "AVAILABLE", connectors: [{ typeId: "33" }] };
 * ```
 */
export interface EvAvailabilityEvse {
  /** HERE id of the EVSE. */
  id?: string;
  /** The operator's id of the EVSE. */
  cpoId?: string;
  /** The eMI3 id of the EVSE, e.g. `DE*ICT*E0001897`, when known. */
  cpoEvseEMI3Id?: string;
  /**
   * `AVAILABLE`, `OCCUPIED`, `OFFLINE`, `OTHER`, `OUT_OF_SERVICE`,
   * `RESERVED` or `UNAVAILABLE`.
   */
  state?:
    | "AVAILABLE"
    | "OCCUPIED"
    | "OFFLINE"
    | "OTHER"
    | "OUT_OF_SERVICE"
    | "RESERVED"
    | "UNAVAILABLE"
    | (string & Record<never, never>);
  /** When the state was updated, ISO 8601 (HERE's own snake-case name). */
  last_updated?: string;
  /** The EVSE's connectors. */
  connectors?: EvAvailabilityConnector[];
}

/**
 * Live availability of the charging stations at a place (`show=ev`, under
 * `extended.evAvailability`).
 *
 * @example
 * ```ts
 * import type { EvAvailability } from "@ls/geocoding";
 * const live: EvAvailability = { stations: [{ id: "s1", evses: [{ state: "OCCUPIED" }] }] };
 * ```
 */
export interface EvAvailability {
  /** The stations at the place (currently one). */
  stations?: { id?: string; cpoId?: string; evses?: EvAvailabilityEvse[] }[];
}

/**
 * A fuel price, in `currency` per `unit` (`l`, `gal`, `bbl`, `kg`, `m3`).
 *
 * @example
 * ```ts
 * import type { FuelPrice } from "@ls/geocoding";
 * const price: FuelPrice = { amount: 1.789, currency: "EUR", unit: "l" };
 * ```
 */
export interface FuelPrice {
  /** Price of one unit. */
  amount?: number;
  /** Currency code. */
  currency?: string;
  /** Unit of the quantity. */
  unit?: string;
}

/**
 * A fuel sold, or known not to be sold, at a station: a car fuel
 * (`diesel`, `e10`, ...) or a truck fuel (`truck_diesel`, ...).
 *
 * @example
 * ```ts
 * import type { StationFuel } from "@ls/geocoding";
 * const diesel: StationFuel = { type: "diesel", available: true, price: { amount: 1.659, currency: "EUR", unit: "l" } };
 * ```
 */
export interface StationFuel {
  /** The fuel, as `fuelStation[fuelTypes]` names it, or one HERE adds. */
  type?: string;
  /** Whether the station sells it. */
  available?: boolean;
  /** The price (`show=fuelPrices`). */
  price?: FuelPrice;
  /** Car fuels: additives sold with it, as HERE sends them. */
  additives?: Record<string, unknown>[];
  /** Hydrogen: the pressures offered, in bar. */
  pressures?: number[];
  /** Truck fuels: the largest truck class served, `medium` or `heavy`. */
  maximumTruckClass?: string;
  /** Truck fuels: pumps with large nozzles. */
  largeNozzle?: boolean;
}

/**
 * A fuel station (`show=fuel`, under `extended.fuelStation`).
 *
 * @example
 * ```ts
 * import type { FuelStation } from "@ls/geocoding";
 * const station: FuelStation = { fuelTypes: [{ type: "e10", available: true }], payAtThePump: true };
 * ```
 */
export interface FuelStation {
  /** The fuels sold or known not to be sold. */
  fuelTypes?: StationFuel[];
  /** Payment at the pump. */
  payAtThePump?: boolean;
  /** High-volume pumps for commercial vehicles. */
  highVolumePumps?: boolean;
}

/**
 * `extended`: the charging, fuel and truck blocks of a place. Filled by
 * `show=ev` (`evStation`, `evAvailability`), `show=fuel` (`fuelStation`)
 * and `show=truck` (`truckAmenities`).
 *
 * @example
 * ```ts
 * import type { ExtendedAttributes } from "@ls/geocoding";
 * const extended: ExtendedAttributes = { evStation: { totalNumberOfConnectors: 4 } };
 * ```
 */
export interface ExtendedAttributes {
  /** The charging station. */
  evStation?: EvStation;
  /** Live availability of its charging spots. */
  evAvailability?: EvAvailability;
  /** The fuel station. */
  fuelStation?: FuelStation;
  /**
   * Amenities for truck drivers (parking, showers, ...), as key-value
   * entries; HERE marks them beta, so they are kept as sent.
   */
  truckAmenities?: Record<string, unknown>[];
}

/**
 * The supplier of a media item, e.g. `{ id: "tripadvisor" }`.
 *
 * @example
 * ```ts
 * import type { MediaSupplier } from "@ls/geocoding";
 * const supplier: MediaSupplier = { id: "tripadvisor" };
 * ```
 */
export interface MediaSupplier {
  /** Supplier id. */
  id?: string;
}

/**
 * `show=tripadvisor`: images, editorials and ratings of a place, each a
 * collection of `items`.
 *
 * @example
 * ```ts
 * import type { Media } from "@ls/geocoding";
 * const media: Media = {
 *   ratings: { items: [{ count: 120, average: 4.5, supplier: { id: "tripadvisor" } }] },
 * };
 * ```
 */
export interface Media {
  /** Images (`href`, `supplier`; `variants` with `show=tripadvisorImageVariants`, as sent). */
  images?: {
    items?: {
      href?: string;
      supplier?: MediaSupplier;
      variants?: Record<string, unknown>;
    }[];
  };
  /** Editorials: the text, its language, the supplier and a link. */
  editorials?: {
    items?: {
      description?: string;
      language?: string;
      supplier?: MediaSupplier;
      href?: string;
    }[];
  };
  /** Ratings: the review count, the average, the supplier and a link. */
  ratings?: {
    items?: {
      count?: number;
      average?: number;
      supplier?: MediaSupplier;
      href?: string;
    }[];
  };
}
