/**
 * Tolls: what a route function asks about them ({@linkcode TollOptions},
 * sent as `tolls[…]`, with `currency`) and what a section then carries
 * ({@linkcode Toll}, its {@linkcode TollFare}s and the
 * {@linkcode TollSummaryJson} totals). HERE answers with tolls only when
 * `returnResults` includes `"tolls"`; every toll option needs it.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { buildCarRouteRequest } from "@ls/routing";
 * const spec = buildCarRouteRequest({
 *   origin: [48.85, 2.35],
 *   destination: [45.76, 4.83],
 *   returnResults: ["tolls", "summary"],
 *   currency: "EUR",
 *   tolls: { summaries: ["total", "country"], emissionType: { type: "euro6", co2Class: 2 } },
 * });
 * assert.match(
 *   spec.query!.toString(),
 *   /&currency=EUR&tolls%5Bsummaries%5D=total,country&tolls%5BemissionType%5D=euro6;co2class=2$/,
 * );
 * ```
 *
 * @module
 */

import type { NamedValues } from "@ls/core";
import { namedValues } from "@ls/core/internal";

/**
 * Values of {@linkcode TollOptions.summaries}: the section's toll costs
 * added up in `total` (needs `currency`), per `tollSystem` or per
 * `country`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { TollSummary } from "@ls/routing";
 * assert.equal(TollSummary.total, "total");
 * ```
 */
export const TollSummary: NamedValues<["total", "tollSystem", "country"]> =
  /* @__PURE__ */ namedValues(["total", "tollSystem", "country"]);

/** A `tolls[summaries]` value: one of {@linkcode TollSummary}'s. */
export type TollSummary = (typeof TollSummary)[keyof typeof TollSummary];

/**
 * Values of {@linkcode TollEmission.type}: the vehicle's Euro emission
 * class, which toll operators price by (HERE's default: `euro5`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { TollEmissionType } from "@ls/routing";
 * assert.equal(TollEmissionType.euroEev, "euroEev");
 * ```
 */
export const TollEmissionType: NamedValues<
  ["euro1", "euro2", "euro3", "euro4", "euro5", "euro6", "euroEev"]
> = /* @__PURE__ */ namedValues([
  "euro1",
  "euro2",
  "euro3",
  "euro4",
  "euro5",
  "euro6",
  "euroEev",
]);

/** A Euro emission class: one of {@linkcode TollEmissionType}'s. */
export type TollEmissionType =
  (typeof TollEmissionType)[keyof typeof TollEmissionType];

/**
 * Values of {@linkcode TollOptions.vehicleCategory}: a toll class the
 * transport mode does not tell (`minibus`, for cars only).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { TollVehicleCategory } from "@ls/routing";
 * assert.equal(TollVehicleCategory.minibus, "minibus");
 * ```
 */
export const TollVehicleCategory: NamedValues<["minibus"]> =
  /* @__PURE__ */ namedValues(["minibus"]);

/** A `tolls[vehicleCategory]` value: one of {@linkcode TollVehicleCategory}'s. */
export type TollVehicleCategory =
  (typeof TollVehicleCategory)[keyof typeof TollVehicleCategory];

/**
 * The vehicle's emission class for tolls: sent as `euro6` or
 * `euro6;co2class=2`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { TollEmission } from "@ls/routing";
 * const emission: TollEmission = { type: "euro6", co2Class: 2 };
 * assert.equal(emission.co2Class, 2);
 * ```
 */
export interface TollEmission {
  /** The Euro emission class. */
  type: TollEmissionType;
  /** The EU CO₂ emission class, an integer from 1 to 5 (HERE's default: 1). */
  co2Class?: number;
}

/**
 * The `tolls` parameter (`tolls[…]`): how HERE prices the route's tolls.
 * Every option needs `"tolls"` in `returnResults`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { TollOptions } from "@ls/routing";
 * const tolls: TollOptions = { summaries: ["total"], vignettes: "all", transponders: "all" };
 * assert.equal(tolls.vignettes, "all");
 * ```
 */
export interface TollOptions {
  /**
   * Toll costs added up per section: `total` (in `currency`, which it
   * needs), per `tollSystem`, per `country`.
   */
  summaries?: readonly TollSummary[];
  /**
   * `"all"`: the vehicle has every vignette, so HERE reports no vignette
   * fares.
   */
  vignettes?: "all";
  /**
   * `"all"`: the vehicle has every toll transponder, so HERE reports the
   * transponder prices.
   */
  transponders?: "all";
  /** A toll class the transport mode does not tell: `minibus` (cars only). */
  vehicleCategory?: TollVehicleCategory;
  /**
   * The Euro emission class (`"euro6"`, or `{ type, co2Class }`); HERE's
   * default `euro5`. Not for electric vehicles (`ev`).
   */
  emissionType?: TollEmissionType | TollEmission;
}

/**
 * One fare of a {@linkcode Toll}: what to pay, why and how.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { TollFare } from "@ls/routing";
 * const fare: TollFare = {
 *   id: "f0",
 *   name: "A6 Paris – Lyon",
 *   price: { type: "value", currency: "EUR", value: 35.6 },
 *   reason: "toll",
 *   paymentMethods: ["cash", "creditCard", "transponder"],
 * };
 * assert.equal(fare.price.value, 35.6);
 * ```
 */
export interface TollFare {
  /** Fare id. */
  id: string;
  /** The fare's name. */
  name?: string;
  /** The price, in the toll operator's currency. */
  price: Price;
  /** The price in the requested `currency`, when it differs. */
  convertedPrice?: Price;
  /** Why it is charged, e.g. `toll`; an open set. */
  reason?: string;
  /** How it can be paid (`cash`, `creditCard`, `transponder`, …); an open set. */
  paymentMethods?: string[];
  /** For a pass (a vignette, say): how long it is valid and for whom. */
  pass?: Record<string, unknown>;
}

/**
 * The tolls of one country and toll system on a section
 * (`return=tolls`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { Toll } from "@ls/routing";
 * const toll: Toll = {
 *   countryCode: "FRA",
 *   tollSystemRef: 0,
 *   tollSystem: "APRR",
 *   fares: [{ id: "f0", price: { type: "value", currency: "EUR", value: 35.6 } }],
 * };
 * assert.equal(toll.fares[0].price.currency, "EUR");
 * ```
 */
export interface Toll {
  /** ISO 3166-1 alpha-3 code of the country. */
  countryCode?: string;
  /** Index into the section's `tollSystems`. */
  tollSystemRef?: number;
  /** The toll system's name. */
  tollSystem?: string;
  /** The fares to pay; more than one is a choice (cash or transponder). */
  fares: TollFare[];
}

/**
 * A toll system a section's {@linkcode Toll}s refer to.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { TollSystem } from "@ls/routing";
 * const system: TollSystem = { name: "APRR" };
 * assert.equal(system.name, "APRR");
 * ```
 */
export interface TollSystem {
  /** The toll system's name. */
  name: string;
}

/**
 * The toll costs of a section added up (`tolls[summaries]`), in
 * `summary.tolls` and `travelSummary.tolls`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { TollSummaryJson } from "@ls/routing";
 * const tolls: TollSummaryJson = { total: { type: "value", currency: "EUR", value: 35.6 } };
 * assert.equal(tolls.total?.value, 35.6);
 * ```
 */
export interface TollSummaryJson {
  /** All fares of the section in the requested `currency`. */
  total?: Price;
}

/**
 * A price as HERE gives it in toll summaries and fares.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { Price } from "@ls/routing";
 * const price: Price = { type: "value", currency: "EUR", value: 4.2 };
 * assert.equal(`${price.value} ${price.currency}`, "4.2 EUR");
 * ```
 */
export interface Price {
  /** `value` (an exact amount) or `range`; an open set. */
  type: string;
  /** ISO 4217 currency. */
  currency: string;
  /** Amount. */
  value: number;
}
