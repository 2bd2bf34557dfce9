/**
 * The `vehicle[…]` a car or truck route sends from its `vehicle` option,
 * checked: ranges, HERE's engine types, and `hovOccupancy` neither with
 * `occupancy` nor with `allow`.
 *
 * @module
 */

import * as z from "zod/mini";
import { type Query, ValueError } from "@ls/core";
import {
  formatBoolean,
  formatInteger,
  formatNumber,
  integer,
  numberInRange,
  parseWith,
  stringMatching,
} from "@ls/core/internal";
import { EngineType, type VehicleOptions } from "./vehicle.ts";

const vehicleSchema = /* @__PURE__ */ z.optional(z.strictObject({
  speedCap: z.optional(numberInRange(1, 70, "must be 1 to 70 m/s")),
  speedCapPerFc: z.optional(
    z.array(z.nullable(numberInRange(1, 70, "must be 1 to 70 m/s or null")), {
      error: "must be an array",
    }).check(
      z.refine((v) => v.length >= 1 && v.length <= 5, {
        error: "must have 1 to 5 items, FC1 to FC5",
      }),
    ),
  ),
  occupancy: z.optional(integer(1)),
  hovOccupancy: z.optional(integer(1)),
  licensePlate: z.optional(z.strictObject({
    lastCharacter: stringMatching(
      /^[0-9A-Za-z]$/,
      "must be one letter or digit",
    ),
  })),
  engineType: z.optional(z.enum(Object.values(EngineType))),
  commercial: z.optional(z.boolean()),
}));

/**
 * Adds `vehicle[speedCap]`, `vehicle[speedCapPerFc]`, `vehicle[occupancy]`, `vehicle[hovOccupancy]`,
 * `vehicle[licensePlate]`, `vehicle[engineType]` and `vehicle[commercial]`.
 *
 * @throws {ValueError} naming `vehicle` or its field for a rule broken
 */
export function appendVehicle(
  query: Query,
  vehicle: VehicleOptions | undefined,
  allow: unknown,
): void {
  const v = parseWith(vehicleSchema, vehicle, "vehicle");
  if (v === undefined) return;
  if (v.hovOccupancy !== undefined) {
    const other = v.occupancy !== undefined
      ? "vehicle.occupancy"
      : allow !== undefined
      ? "allow"
      : undefined;
    if (other) {
      throw new ValueError(
        "vehicle.hovOccupancy",
        `not with ${other}; give occupancy alone`,
        v.hovOccupancy,
      );
    }
  }
  if (v.speedCap !== undefined) {
    query.setStructured("vehicle[speedCap]", formatNumber(v.speedCap));
  }
  if (v.speedCapPerFc) {
    query.setStructured(
      "vehicle[speedCapPerFc]",
      v.speedCapPerFc.map((c) => c === null ? "" : formatNumber(c)).join(","),
    );
  }
  for (const key of ["occupancy", "hovOccupancy"] as const) {
    const n = v[key];
    if (n !== undefined) {
      query.setStructured(`vehicle[${key}]`, formatInteger(n));
    }
  }
  if (v.licensePlate) {
    query.setStructured(
      "vehicle[licensePlate]",
      `lastCharacter:${v.licensePlate.lastCharacter}`,
    );
  }
  query.set("vehicle[engineType]", v.engineType);
  if (v.commercial !== undefined) {
    query.setStructured("vehicle[commercial]", formatBoolean(v.commercial));
  }
}
