// `vehicle`: the `vehicle[…]` attributes beyond the truck's and the EV
// model's, checked (types, ranges, the modes HERE takes them for, their
// conflicts) and written in HERE's order.

import * as z from "zod/mini";
import { type Query, ValueError } from "@ls/core";
import {
  checkVehicleBody,
  encodeContent,
  formatInteger,
  formatNumber,
  integer,
  lazy,
  numberInRange,
  parseWith,
  setVehicleBody,
  stringMatching,
  vehicleBodyShape,
} from "@ls/core/internal";
import { IsolineEngineType } from "./isoline_vehicle.ts";

const ABOVE_ZERO = "must be a finite number above 0";

const vehicleSchema = /* @__PURE__ */ lazy(() =>
  z.strictObject({
    ...vehicleBodyShape(),
    hovOccupancy: z.optional(integer(1)),
    licensePlate: z.optional(
      z.strictObject({
        lastCharacter: stringMatching(
          /^[\p{L}\p{N}]$/u,
          "must be one letter or digit",
        ),
      }),
    ),
    speedCap: z.optional(
      z.number({ error: ABOVE_ZERO }).check(
        z.refine((n) => Number.isFinite(n) && n > 0, { error: ABOVE_ZERO }),
      ),
    ),
    speedCapPerFc: z.optional(
      z.array(z.unknown(), { error: "must be an array" }),
    ),
    occupancy: z.optional(integer(1)),
    engineType: z.optional(z.enum(Object.values(IsolineEngineType))),
  })
);

type Vehicle = z.infer<ReturnType<typeof vehicleSchema>>;

/**
 * HERE's `vehicle[…]` name of each field → ours, for the unknown-key error:
 * the schema's fields in its order, listed so that the names need no schema.
 */
export /* @__NO_SIDE_EFFECTS__ */ function vehicleWireNames(): Record<
  string,
  string
> {
  const fields = {
    emptyWeight: 0,
    weightPerAxleGroup: 0,
    kpraLength: 0,
    payloadCapacity: 0,
    tiresCount: 0,
    category: 0,
    engineSizeCc: 0,
    hovOccupancy: 0,
    licensePlate: 0,
    speedCap: 0,
    speedCapPerFc: 0,
    occupancy: 0,
    engineType: 0,
  } satisfies Record<keyof Vehicle, 0>;
  const names: Record<string, string> = {};
  for (const key of Object.keys(fields)) {
    names[`vehicle[${key}]`] = `vehicle.${key}`;
  }
  return names;
}

/** Modes HERE takes a field for, where it says so. */
const MODES: Readonly<Record<string, readonly string[]>> = {
  speedCap: ["car", "truck", "scooter", "taxi", "bus", "privateBus"],
  speedCapPerFc: ["car", "truck"],
};

/** What a scooter takes (HERE answers E605010 for the rest). */
const SCOOTER_FIELDS = ["speedCap", "engineSizeCc", "occupancy"];

/** Vehicle attributes for a mode without any: E605010 from HERE. */
function checkMode(v: Vehicle, transportMode: string): void {
  if (transportMode === "pedestrian" || transportMode === "bicycle") {
    throw new ValueError(
      "vehicle",
      `is not for transportMode "${transportMode}" (HERE answers E605010)`,
    );
  }
  if (transportMode !== "scooter") return;
  for (const key of Object.keys(v)) {
    if (
      v[key as keyof Vehicle] !== undefined && !SCOOTER_FIELDS.includes(key)
    ) {
      throw new ValueError(
        `vehicle.${key}`,
        'is not for transportMode "scooter", which takes speedCap, ' +
          "engineSizeCc and occupancy (HERE answers E605010)",
      );
    }
  }
}

function checkRules(
  v: Vehicle,
  params: { truck?: { weightPerAxle?: unknown }; allow?: unknown },
  transportMode: string,
): void {
  checkMode(v, transportMode);
  checkVehicleBody(v, transportMode, params.truck);
  for (const [key, modes] of Object.entries(MODES)) {
    if (
      v[key as keyof Vehicle] !== undefined && !modes.includes(transportMode)
    ) {
      throw new ValueError(
        `vehicle.${key}`,
        `is for transportMode ${modes.map((m) => `"${m}"`).join(", ")}, ` +
          `not "${transportMode}"`,
      );
    }
  }
  if (v.hovOccupancy !== undefined) {
    const allow = params.allow as { hov?: unknown; hot?: unknown } | undefined;
    const other = v.occupancy !== undefined
      ? "vehicle.occupancy"
      : allow?.hov !== undefined
      ? "allow.hov"
      : allow?.hot !== undefined
      ? "allow.hot"
      : undefined;
    if (other) {
      throw new ValueError(
        "vehicle.hovOccupancy",
        `cannot be combined with ${other}: HERE deprecates hovOccupancy ` +
          "for vehicle.occupancy with allow.hov",
      );
    }
  }
}

const fcCap = /* @__PURE__ */ lazy(() =>
  numberInRange(1, 70, "must be 1 to 70 m/s, or null")
);

/** `speedCapPerFc` checked: at most 5 caps of 1 to 70 m/s, or `null`. */
function speedCapsValue(caps: unknown[] | undefined): string | undefined {
  if (!caps?.length) return undefined;
  if (caps.length > 5) {
    throw new ValueError(
      "vehicle.speedCapPerFc",
      "must hold at most 5 caps (FC1 to FC5)",
      caps,
    );
  }
  return caps.map((n, i) =>
    n === null
      ? ""
      : formatNumber(parseWith(fcCap(), n, `vehicle.speedCapPerFc[${i}]`))
  ).join(",");
}

/** Writes the vehicle's `vehicle[…]` keys; `undefined` writes nothing. */
export function setVehicle(
  query: Query,
  params: {
    vehicle?: unknown;
    truck?: { weightPerAxle?: unknown };
    allow?: unknown;
  },
  transportMode: string,
): void {
  if (params.vehicle === undefined) return;
  const v = parseWith(vehicleSchema(), params.vehicle, "vehicle");
  checkRules(v, params, transportMode);
  const int = (key: keyof Vehicle) => {
    const n = v[key] as number | undefined;
    if (n !== undefined) {
      query.setStructured(`vehicle[${key}]`, formatInteger(n));
    }
  };
  setVehicleBody(query, v);
  int("hovOccupancy");
  if (v.licensePlate) {
    query.setStructured(
      "vehicle[licensePlate]",
      `lastCharacter:${encodeContent(v.licensePlate.lastCharacter)}`,
    );
  }
  if (v.speedCap !== undefined) {
    query.setStructured("vehicle[speedCap]", formatNumber(v.speedCap));
  }
  query.setStructured(
    "vehicle[speedCapPerFc]",
    speedCapsValue(v.speedCapPerFc),
  );
  int("engineSizeCc");
  int("occupancy");
  query.set("vehicle[engineType]", v.engineType);
}
