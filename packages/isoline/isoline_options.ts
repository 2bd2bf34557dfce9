/**
 * The deep-object options of `calculateIsoline` that HERE groups
 * under one prefix: {@linkcode IsolineExclude} (`exclude[…]`),
 * {@linkcode IsolineAllow} (`allow[…]`), {@linkcode IsolineTraffic}
 * (`traffic[…]`) and {@linkcode IsolineTaxi} (`taxi[…]`), each an object
 * shaped like HERE's, and the closed set {@linkcode IsolineTrafficMode}.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { buildCalculateIsolineRequest, type IsolineTraffic } from "@ls/isoline";
 * const traffic: IsolineTraffic = { mode: "disabled" };
 * const spec = buildCalculateIsolineRequest({
 *   origin: [52.5, 13.4],
 *   range: [600],
 *   rangeType: "time",
 *   transportMode: "car",
 *   traffic,
 * });
 * assert.match(spec.query!.toString(), /&traffic%5Bmode%5D=disabled/);
 * ```
 *
 * @module
 */

import type { NamedValues, TaxiOptions } from "@ls/core";
import { namedValues } from "@ls/core/internal";
import type { IsolineAvoidArea } from "./constants.ts";

/**
 * Values of `traffic.mode` (`traffic[mode]`): `default` uses the traffic
 * HERE knows (live and historical flow, closures; with
 * `departureTime: "any"` only long-term closures), `disabled` none of it.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { IsolineTrafficMode } from "@ls/isoline";
 * assert.deepEqual(Object.keys(IsolineTrafficMode), ["default", "disabled"]);
 * ```
 */
export const IsolineTrafficMode: NamedValues<["default", "disabled"]> =
  /* @__PURE__ */ namedValues(["default", "disabled"]);

/** A `traffic.mode` value: `default` or `disabled`. */
export type IsolineTrafficMode =
  (typeof IsolineTrafficMode)[keyof typeof IsolineTrafficMode];

/**
 * Where the isoline must strictly not go (`exclude[…]`), unlike `avoid`,
 * which HERE honours on a best-effort basis.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { buildCalculateIsolineRequest } from "@ls/isoline";
 * const spec = buildCalculateIsolineRequest({
 *   origin: [52.5, 13.4],
 *   range: [600],
 *   rangeType: "time",
 *   transportMode: "car",
 *   exclude: { countries: ["POL", "CZE"], states: { USA: ["NY", "PA"] } },
 * });
 * assert.match(
 *   spec.query!.toString(),
 *   /&exclude%5Bcountries%5D=POL,CZE&exclude%5Bstates%5D=USA:NY,PA/,
 * );
 * ```
 */
export interface IsolineExclude {
  /** Countries not to enter: ISO 3166-1 alpha-3 codes (`exclude[countries]`). */
  countries?: readonly string[];
  /**
   * States not to enter (`exclude[states]`): ISO 3166-2 subdivision codes
   * (without the country prefix) by ISO 3166-1 alpha-3 country, e.g.
   * `{ USA: ["NY", "PA"], CAN: ["QC"] }`, sent as `USA:NY,PA|CAN:QC`.
   */
  states?: Readonly<Record<string, readonly string[]>>;
  /**
   * Areas not to enter (`exclude[areas]`): boxes and polygons, as for
   * `avoidAreas` (at most 250, at most 20 polygons).
   */
  areas?: readonly IsolineAvoidArea[];
}

/**
 * Lanes the vehicle may use (`allow[…]`), both off by default. The vehicle's
 * occupancy is checked against a lane's rule where HERE knows it.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { IsolineAllow } from "@ls/isoline";
 * const allow: IsolineAllow = { hov: true };
 * assert.equal(allow.hov, true);
 * ```
 */
export interface IsolineAllow {
  /** High-occupancy vehicle (carpool) lanes (`allow[hov]`). */
  hov?: boolean;
  /** High-occupancy toll lanes (`allow[hot]`). */
  hot?: boolean;
}

/**
 * How traffic is taken into account (`traffic[…]`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { IsolineTraffic } from "@ls/isoline";
 * const traffic: IsolineTraffic = { overrideFlowDuration: 600 };
 * assert.equal(traffic.overrideFlowDuration, 600);
 * ```
 */
export interface IsolineTraffic {
  /** `default` (traffic used) or `disabled` (`traffic[mode]`). */
  mode?: IsolineTrafficMode;
  /**
   * For how long, in seconds from departure, live flow is trusted over
   * historical speeds (`traffic[overrideFlowDuration]`): an integer ≥ 0.
   */
  overrideFlowDuration?: number;
}

/**
 * Options of `transportMode: "taxi"` (`taxi[…]`): core's
 * {@linkcode TaxiOptions}, which taxi routes take too.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { IsolineTaxi } from "@ls/isoline";
 * const taxi: IsolineTaxi = { allowDriveThroughTaxiRoads: false };
 * assert.equal(taxi.allowDriveThroughTaxiRoads, false);
 * ```
 */
export type IsolineTaxi = TaxiOptions;
