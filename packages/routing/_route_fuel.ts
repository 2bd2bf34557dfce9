/**
 * The `fuel[…]` a route request sends, checked: a type from HERE's set,
 * speed tables as for EVs, the extras only with a free-flow table, and
 * never together with `ev`.
 *
 * @module
 */

import * as z from "zod/mini";
import { type Query, ValueError } from "@ls/core";
import {
  finiteNumber,
  formatNumber,
  formatPairs,
  isRecord,
  lazy,
  parseWith,
  speedTable,
} from "@ls/core/internal";
import { FuelType } from "./fuel.ts";

const fuelSchema = /* @__PURE__ */ lazy(() =>
  z.strictObject({
    type: z.enum(Object.values(FuelType)),
    freeFlowSpeedTable: z.optional(z.unknown()),
    trafficSpeedTable: z.optional(z.unknown()),
    additionalConsumption: z.optional(finiteNumber()),
    ascent: z.optional(finiteNumber()),
  })
);

/** The extras that need `freeFlowSpeedTable`. */
const NEED_TABLE = [
  "trafficSpeedTable",
  "additionalConsumption",
  "ascent",
] as const;

/**
 * Adds `fuel[type]`, `fuel[freeFlowSpeedTable]`, `fuel[trafficSpeedTable]`,
 * `fuel[additionalConsumption]` and `fuel[ascent]` to `query`.
 *
 * @throws {ValueError} naming `fuel` or its option for a rule broken:
 * together with `ev`, a type outside HERE's set, a malformed table, an
 * extra without `freeFlowSpeedTable`
 */
export function appendFuel(
  query: Query,
  fuel: unknown,
  ev: unknown,
): void {
  if (fuel === undefined) return;
  if (ev !== undefined) {
    throw new ValueError(
      "fuel",
      "not with ev: HERE routes either an electric or a combustion engine",
      fuel,
    );
  }
  if (!isRecord(fuel)) {
    throw new ValueError("fuel", "must be an object { type, … }", fuel);
  }
  const options = parseWith(fuelSchema(), fuel, "fuel");
  const free = options.freeFlowSpeedTable === undefined
    ? undefined
    : speedTable(options.freeFlowSpeedTable, "fuel.freeFlowSpeedTable");
  const traffic = options.trafficSpeedTable === undefined
    ? undefined
    : speedTable(options.trafficSpeedTable, "fuel.trafficSpeedTable");
  for (const key of NEED_TABLE) {
    if (options[key] !== undefined && free === undefined) {
      throw new ValueError(
        `fuel.${key}`,
        "requires fuel.freeFlowSpeedTable",
        options[key],
      );
    }
  }
  for (const key of ["additionalConsumption", "ascent"] as const) {
    const value = options[key];
    if (value !== undefined && value < 0) {
      throw new ValueError(`fuel.${key}`, "must be 0 or more", value);
    }
  }
  query.set("fuel[type]", options.type);
  if (free) query.setStructured("fuel[freeFlowSpeedTable]", formatPairs(free));
  if (traffic) {
    query.setStructured("fuel[trafficSpeedTable]", formatPairs(traffic));
  }
  for (const key of ["additionalConsumption", "ascent"] as const) {
    const value = options[key];
    if (value !== undefined) {
      query.setStructured(`fuel[${key}]`, formatNumber(value));
    }
  }
}
