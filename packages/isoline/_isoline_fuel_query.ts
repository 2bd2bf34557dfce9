// `fuel`: the combustion vehicle's consumption model, checked (its rules
// and HERE's dependencies) and written as `fuel[…]` keys.

import * as z from "zod/mini";
import { type Query, ValueError } from "@ls/core";
import {
  fixedArray,
  formatNumber,
  integer,
  lazy,
  parseWith,
} from "@ls/core/internal";
import { IsolineFuelType } from "./isoline_fuel.ts";

const NON_NEGATIVE = "must be a finite number, 0 or more";
const nonNegative = /* @__PURE__ */ lazy(() =>
  z.number({ error: NON_NEGATIVE }).check(
    z.refine((n) => Number.isFinite(n) && n >= 0, { error: NON_NEGATIVE }),
  )
);

const fuelSchema = /* @__PURE__ */ lazy(() =>
  z.strictObject({
    type: z.enum(Object.values(IsolineFuelType)),
    freeFlowSpeedTable: z.optional(z.unknown()),
    trafficSpeedTable: z.optional(z.unknown()),
    additionalConsumption: z.optional(nonNegative()),
    ascent: z.optional(nonNegative()),
  })
);

const pairSchema = /* @__PURE__ */ lazy(() =>
  fixedArray<[number, number]>(
    [integer(0), nonNegative()],
    "must be a [speedKmh, consumptionPerMetre] pair",
  )
);

/** `[[speed, consumption], …]` checked and as HERE's flat comma list. */
function speedTableValue(value: unknown, at: string): string | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || value.length === 0) {
    throw new ValueError(at, "must be a non-empty array of pairs", value);
  }
  let last = -1;
  return value.map((pair, i) => {
    const [speed, used] = parseWith(pairSchema(), pair, `${at}[${i}]`);
    if (speed <= last) {
      throw new ValueError(
        `${at}[${i}][0]`,
        `must be above the speed before it (${last} km/h): speeds go strictly up`,
        speed,
      );
    }
    last = speed;
    return `${formatNumber(speed)},${formatNumber(used)}`;
  }).join(",");
}

/**
 * Writes `fuel[…]`; refuses it with `ev` or for a mode without fuel, and
 * a table or climb cost without `freeFlowSpeedTable`.
 */
export function setFuel(
  query: Query,
  params: { fuel?: unknown; ev?: unknown },
  transportMode: string,
): void {
  if (params.fuel === undefined) return;
  if (params.ev !== undefined) {
    throw new ValueError(
      "fuel",
      "cannot be combined with ev: HERE has no hybrid consumption model " +
        "(give the fuel or the EV model)",
    );
  }
  if (transportMode === "pedestrian" || transportMode === "bicycle") {
    throw new ValueError(
      "fuel",
      `is not for transportMode "${transportMode}" (HERE answers E605028)`,
    );
  }
  const fuel = parseWith(fuelSchema(), params.fuel, "fuel");
  const freeFlow = speedTableValue(
    fuel.freeFlowSpeedTable,
    "fuel.freeFlowSpeedTable",
  );
  if (freeFlow === undefined) {
    for (
      const key of ["trafficSpeedTable", "additionalConsumption", "ascent"]
    ) {
      if (fuel[key as keyof typeof fuel] !== undefined) {
        throw new ValueError(
          `fuel.${key}`,
          "requires fuel.freeFlowSpeedTable",
        );
      }
    }
  }
  query.set("fuel[type]", fuel.type);
  query.setStructured("fuel[freeFlowSpeedTable]", freeFlow);
  query.setStructured(
    "fuel[trafficSpeedTable]",
    speedTableValue(fuel.trafficSpeedTable, "fuel.trafficSpeedTable"),
  );
  for (const key of ["additionalConsumption", "ascent"] as const) {
    const n = fuel[key];
    if (n !== undefined) query.setStructured(`fuel[${key}]`, formatNumber(n));
  }
}
