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
  checkVehicleBody,
  formatBoolean,
  formatInteger,
  formatNumber,
  integer,
  lazy,
  nonNegativeInteger,
  numberInRange,
  parseWith,
  setVehicleBody,
  stringMatching,
  vehicleBodyShape,
} from "@ls/core/internal";
import { EngineType, type VehicleOptions } from "./vehicle.ts";

const vehicleSchema = /* @__PURE__ */ lazy(() =>
  z.optional(z.strictObject({
    ...vehicleBodyShape(),
    trailerAxleCount: z.optional(integer(1)),
    heightAboveFirstAxle: z.optional(nonNegativeInteger()),
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
  }))
);

/**
 * Adds `vehicle[speedCap]`, `vehicle[speedCapPerFc]`, `vehicle[occupancy]`, `vehicle[hovOccupancy]`,
 * `vehicle[licensePlate]`, `vehicle[engineType]` and `vehicle[commercial]`.
 *
 * @throws {ValueError} naming `vehicle` or its field for a rule broken, or
 * `vehicle.speedCapPerFc` with a mode other than car and truck (HERE's
 * reference lists those two only)
 */
export function appendVehicle(
  query: Query,
  params: { vehicle?: VehicleOptions; allow?: unknown },
  transportMode: string,
  truck?: {
    weightPerAxle?: unknown;
    trailerCount?: unknown;
    axleCount?: unknown;
  },
): void {
  const v = parseWith(vehicleSchema(), params.vehicle, "vehicle");
  if (v === undefined) return;
  const allow = params.allow;
  // The parameter a message names: a bus's dimensions are `bus`.
  const owner = transportMode === "bus" || transportMode === "privateBus"
    ? "bus"
    : "truck";
  checkVehicleBody(v, transportMode, truck, owner);
  if (
    v.speedCapPerFc && transportMode !== "car" && transportMode !== "truck"
  ) {
    throw new ValueError(
      "vehicle.speedCapPerFc",
      `is for transportMode "car" and "truck" only, not "${transportMode}"`,
      v.speedCapPerFc,
    );
  }
  checkTrailerAxles(v.trailerAxleCount, truck, owner);
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
  setVehicleBody(query, v);
  for (
    const key of [
      "trailerAxleCount",
      "heightAboveFirstAxle",
      "engineSizeCc",
    ] as const
  ) {
    const n = v[key];
    if (n !== undefined) {
      query.setStructured(`vehicle[${key}]`, formatInteger(n));
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

/**
 * HERE's rule on `vehicle[trailerAxleCount]`: there is a trailer
 * (`truck.trailerCount` above 0, or `bus.trailerCount`: `owner`), and,
 * when the axles are counted, the trailers have fewer of them than the
 * whole vehicle.
 */
function checkTrailerAxles(
  count: number | undefined,
  truck: { trailerCount?: unknown; axleCount?: unknown } | undefined,
  owner: string,
): void {
  if (count === undefined) return;
  const trailers = truck?.trailerCount;
  if (!(typeof trailers === "number" && trailers > 0)) {
    throw new ValueError(
      "vehicle.trailerAxleCount",
      `needs ${owner}.trailerCount above 0: HERE counts the axles of trailers`,
      count,
    );
  }
  const axles = truck?.axleCount;
  if (typeof axles === "number" && count >= axles) {
    throw new ValueError(
      "vehicle.trailerAxleCount",
      `must be below ${owner}.axleCount (${axles}), which counts the trailers' axles too`,
      count,
    );
  }
}
