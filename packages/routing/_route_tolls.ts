/**
 * The `currency` and `tolls[…]` a route request sends, checked against
 * HERE's rules: every toll option needs `return=tolls`, a `total` summary
 * needs `currency`, `vehicleCategory` is for cars and `emissionType` not
 * for electric vehicles.
 *
 * @module
 */

import * as z from "zod/mini";
import { type Query, ValueError } from "@ls/core";
import { integer, lazy, parseWith, stringMatching } from "@ls/core/internal";
import {
  TollEmissionType,
  type TollOptions,
  TollSummary,
  TollVehicleCategory,
} from "./tolls.ts";

const tollsSchema = /* @__PURE__ */ lazy(() => {
  const emissionType = z.enum(Object.values(TollEmissionType));
  return z.optional(z.strictObject({
    summaries: z.optional(
      z.array(z.enum(Object.values(TollSummary)), {
        error: "must be an array",
      }),
    ),
    vignettes: z.optional(z.literal("all")),
    transponders: z.optional(z.literal("all")),
    vehicleCategory: z.optional(z.enum(Object.values(TollVehicleCategory))),
    emissionType: z.optional(z.union([
      emissionType,
      z.strictObject({
        type: emissionType,
        co2Class: z.optional(integer(1, 5)),
      }),
    ])),
  }));
});
const currencySchema = /* @__PURE__ */ lazy(() =>
  z.optional(
    stringMatching(/^[A-Z]{3}$/, "must be an ISO 4217 code such as EUR"),
  )
);

/** What {@linkcode appendTolls} reads. */
export interface TollParams {
  tolls?: TollOptions;
  currency?: string;
  ev?: unknown;
}

/**
 * Adds `currency` and `tolls[…]` to `query`. `returns` is what the request
 * returns.
 *
 * @throws {ValueError} for a value outside HERE's sets, a toll option
 * without `"tolls"` in `returnResults`, a `total` summary without
 * `currency`, `vehicleCategory` on a mode other than car, `emissionType`
 * with `ev`
 */
export function appendTolls(
  query: Query,
  params: TollParams,
  returns: readonly string[],
  transportMode: string,
): void {
  const currency = parseWith(currencySchema(), params.currency, "currency");
  const tolls = parseWith(tollsSchema(), params.tolls, "tolls");
  query.set("currency", currency);
  if (tolls === undefined) return;
  const given = Object.keys(tolls).filter((k) =>
    tolls[k as keyof typeof tolls] !== undefined
  );
  if (given.length > 0 && !returns.includes("tolls")) {
    throw new ValueError(
      `tolls.${given[0]}`,
      'requires "tolls" in returnResults',
      tolls[given[0] as keyof typeof tolls],
    );
  }
  const { summaries, vehicleCategory, emissionType } = tolls;
  if (summaries?.includes("total") && currency === undefined) {
    throw new ValueError(
      "tolls.summaries",
      '"total" requires currency (an ISO 4217 code such as EUR)',
      summaries,
    );
  }
  if (vehicleCategory !== undefined && transportMode !== "car") {
    throw new ValueError(
      "tolls.vehicleCategory",
      `is for transportMode "car" only, not "${transportMode}"`,
      vehicleCategory,
    );
  }
  if (emissionType !== undefined && params.ev !== undefined) {
    throw new ValueError(
      "tolls.emissionType",
      "not with ev: an electric vehicle has no emission class",
      emissionType,
    );
  }
  if (summaries?.length) query.set("tolls[summaries]", summaries);
  query.set("tolls[vignettes]", tolls.vignettes);
  query.set("tolls[transponders]", tolls.transponders);
  query.set("tolls[vehicleCategory]", vehicleCategory);
  if (emissionType !== undefined) {
    query.setStructured(
      "tolls[emissionType]",
      typeof emissionType === "string"
        ? emissionType
        : emissionType.co2Class === undefined
        ? emissionType.type
        : `${emissionType.type};co2class=${emissionType.co2Class}`,
    );
  }
}
