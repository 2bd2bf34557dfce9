/**
 * The filters on charging and fuel stations that discover, browse and
 * autosuggest take (`evStation[...]`, `fuelStation[...]`), and their `with`
 * extras.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { buildDiscoverRequest } from "@ls/search";
 * const spec = buildDiscoverRequest({
 *   query: "charging station",
 *   center: [52.5, 13.4],
 *   radius: 5000,
 *   evStation: { minPower: 50, current: "DC" },
 * });
 * assert.equal(
 *   spec.query?.toString(),
 *   "q=charging%20station&in=circle:52.5,13.4;r=5000&evStation%5BminPower%5D=50&evStation%5Bcurrent%5D=DC",
 * );
 * ```
 *
 * @module
 */

import * as z from "zod/mini";
import { ValueError } from "@ls/core";
import {
  checkKeys,
  formatNumber,
  isRecord,
  lazy,
  nameListValue,
  numberInRange,
  parseWith,
  stringList,
} from "@ls/core/internal";

/** The connector type ids HERE documents for `evStation[connectorTypeIds]`. */
const CONNECTOR_TYPE_IDS: readonly string[] =
  "5,6,7,8,9,10,11,12,13,14,15,20,21,22,23,24,25,29,30,31,32,33,34,35,36,37,42,43,46,48,49,50,52,53"
    .split(",");

/** A payment method id of `evStation[paymentMethodIds]`. */
export type EvPaymentMethod =
  | "authByCarPlugAndCharge"
  | "creditCard"
  | "debitCard"
  | "onlineApplePay"
  | "onlineGooglePay"
  | "onlinePaypal"
  | "operatorApp";

const PAYMENT_METHODS = Object.keys(
  {
    authByCarPlugAndCharge: 0,
    creditCard: 0,
    debitCard: 0,
    onlineApplePay: 0,
    onlineGooglePay: 0,
    onlinePaypal: 0,
    operatorApp: 0,
  } satisfies Record<EvPaymentMethod, 0>,
);

/**
 * `evStation[...]`: only charging stations that match every member given.
 *
 * @example
 * ```ts
 * import type { EvStationFilter } from "@ls/search";
 * const fast: EvStationFilter = { minPower: 150, connectorTypeIds: ["33"], paymentMethodIds: ["creditCard"] };
 * ```
 */
export interface EvStationFilter {
  /**
   * HERE connector type ids, e.g. `"33"` (CCS Combo 2) or `"29"` (Tesla);
   * a station matches with a connector of one of them.
   */
  connectorTypeIds?: readonly string[];
  /** Least power of a charge point, in kW (a positive number). */
  minPower?: number;
  /** The current a charge point supplies: `"AC"` or `"DC"`. */
  current?: "AC" | "DC";
  /** Supplier names (no commas); a station matches with one of them. */
  supplierNames?: readonly string[];
  /** e-Mobility Service Provider partner ids; a station matches with one. */
  eMobilityServiceProviderPartnerIds?: readonly string[];
  /** Payment methods; a station matches when it takes one of them. */
  paymentMethodIds?: readonly EvPaymentMethod[];
}

/** A fuel type of `fuelStation[fuelTypes]`. */
export type FuelStationFuelType =
  | "biodiesel"
  | "cng"
  | "diesel"
  | "diesel_with_additives"
  | "e10"
  | "e20"
  | "e85"
  | "ethanol"
  | "ethanol_with_additives"
  | "gasoline"
  | "hvo"
  | "hydrogen"
  | "lng"
  | "lpg"
  | "midgrade"
  | "octane_100"
  | "octane_87"
  | "octane_89"
  | "octane_90"
  | "octane_91"
  | "octane_92"
  | "octane_93"
  | "octane_95"
  | "octane_98"
  | "premium"
  | "regular"
  | "truck_cng"
  | "truck_diesel"
  | "truck_hydrogen"
  | "truck_lng";

const FUEL_TYPES: readonly string[] =
  "biodiesel,cng,diesel,diesel_with_additives,e10,e20,e85,ethanol,ethanol_with_additives,gasoline,hvo,hydrogen,lng,lpg,midgrade,octane_100,octane_87,octane_89,octane_90,octane_91,octane_92,octane_93,octane_95,octane_98,premium,regular,truck_cng,truck_diesel,truck_hydrogen,truck_lng"
    .split(",");

/**
 * `fuelStation[...]` (a restricted beta at HERE): only fuel stations that
 * sell one of `fuelTypes` and serve trucks of `minimumTruckClass`.
 *
 * @example
 * ```ts
 * import type { FuelStationFilter } from "@ls/search";
 * const trucks: FuelStationFilter = { fuelTypes: ["truck_diesel"], minimumTruckClass: "heavy" };
 * ```
 */
export interface FuelStationFilter {
  /** Fuel types; a station matches when it sells one of them. */
  fuelTypes?: readonly FuelStationFuelType[];
  /** The smallest truck class the station serves: `"medium"` or `"heavy"`. */
  minimumTruckClass?: "medium" | "heavy";
}

/** The station filters and extras of discover, browse and autosuggest. */
export interface PlaceFilterParams {
  /** `evStation[...]`: filters on charging stations. */
  evStation?: EvStationFilter;
  /** `fuelStation[...]`: filters on fuel stations (HERE beta). */
  fuelStation?: FuelStationFilter;
}

/** The keys of {@linkcode PlaceFilterParams}, for an operation's key list. */
export const PLACE_FILTER_KEYS = {
  evStation: 0,
  fuelStation: 0,
} as const satisfies Record<keyof PlaceFilterParams, 0>;

const EV_KEYS = Object.keys(
  {
    connectorTypeIds: 0,
    minPower: 0,
    current: 0,
    supplierNames: 0,
    eMobilityServiceProviderPartnerIds: 0,
    paymentMethodIds: 0,
  } satisfies Record<keyof EvStationFilter, 0>,
);

const currentSchema = /* @__PURE__ */ lazy(() => z.enum(["AC", "DC"]));
const truckClassSchema = /* @__PURE__ */ lazy(() =>
  z.enum(["medium", "heavy"])
);
const minPowerSchema = /* @__PURE__ */ lazy(() =>
  numberInRange(
    Number.MIN_VALUE,
    Number.MAX_VALUE,
    "must be a positive number of kW",
  )
);
function textList(value: unknown, parameter: string): string[] | undefined {
  return value === undefined ? undefined : stringList(
    value,
    parameter,
    /^[^,]*[^,\s][^,]*$/,
    "must be a non-empty string without commas",
    "must be an array of strings",
  );
}

function member(value: unknown, parameter: string): Record<string, unknown> {
  if (!isRecord(value)) {
    throw new ValueError(parameter, "must be an object", value);
  }
  return value;
}

/** The checked `evStation[...]` and `fuelStation[...]` entries. */
export function placeFilterEntries(
  params: PlaceFilterParams,
): [string, string | number | string[] | undefined][] {
  const out: [string, string | number | string[] | undefined][] = [];
  if (params.evStation !== undefined) {
    const ev = member(params.evStation, "evStation");
    checkKeys(ev, EV_KEYS, { operation: "evStation" });
    const at = (k: string) => `evStation.${k}`;
    out.push(
      [
        "evStation[connectorTypeIds]",
        nameListValue(
          ev.connectorTypeIds,
          at("connectorTypeIds"),
          CONNECTOR_TYPE_IDS,
        ),
      ],
      [
        "evStation[minPower]",
        ev.minPower === undefined ? undefined : formatNumber(
          parseWith(minPowerSchema(), ev.minPower, at("minPower")),
        ),
      ],
      [
        "evStation[current]",
        ev.current === undefined
          ? undefined
          : parseWith(currentSchema(), ev.current, at("current")),
      ],
      [
        "evStation[supplierNames]",
        textList(ev.supplierNames, at("supplierNames")),
      ],
      [
        "evStation[eMobilityServiceProviderPartnerIds]",
        textList(
          ev.eMobilityServiceProviderPartnerIds,
          at("eMobilityServiceProviderPartnerIds"),
        ),
      ],
      [
        "evStation[paymentMethodIds]",
        nameListValue(
          ev.paymentMethodIds,
          at("paymentMethodIds"),
          PAYMENT_METHODS,
        ),
      ],
    );
  }
  if (params.fuelStation !== undefined) {
    const fuel = member(params.fuelStation, "fuelStation");
    checkKeys(fuel, ["fuelTypes", "minimumTruckClass"], {
      operation: "fuelStation",
    });
    out.push(
      [
        "fuelStation[fuelTypes]",
        nameListValue(fuel.fuelTypes, "fuelStation.fuelTypes", FUEL_TYPES),
      ],
      [
        "fuelStation[minimumTruckClass]",
        fuel.minimumTruckClass === undefined ? undefined : parseWith(
          truckClassSchema(),
          fuel.minimumTruckClass,
          "fuelStation.minimumTruckClass",
        ),
      ],
    );
  }
  return out;
}

/** The values of `with` HERE documents. */
const WITH = ["recommendPlaces"];

/**
 * The checked `with` list (discover and autosuggest): `"recommendPlaces"`
 * adds recommended places to the results.
 */
export function withValue(value: unknown): string[] | undefined {
  return nameListValue(value, "with", WITH);
}
