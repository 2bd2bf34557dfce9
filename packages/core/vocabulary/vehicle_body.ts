/**
 * The vehicle's body as routes and isolines take it under `vehicle`, beyond
 * the truck's dimensions: empty weight, payload, weight per axle group,
 * KPRA length, tyres, category and engine size. Written once here, so
 * `carRoute`/`truckRoute` and `calculateIsoline` check and send them alike.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Query } from "@ls/core";
 * import { setVehicleBody } from "@ls/core/internal";
 * const query = new Query();
 * setVehicleBody(query, { weightPerAxleGroup: { single: 10000, tandem: 18000 } });
 * assert.equal(decodeURIComponent(query.toString()), "vehicle[weightPerAxleGroup]=single:10000,tandem:18000");
 * ```
 *
 * @module
 */

import * as z from "zod/mini";
import { ValueError } from "../errors/errors.ts";
import { formatInteger } from "../params/format.ts";
import { type NamedValues, namedValues } from "../params/named_values.ts";
import type { Query } from "../params/query.ts";
import { nonNegativeInteger } from "../params/validate.ts";

/**
 * The weight on each axle group, kg, integers ≥ 0
 * (`vehicle[weightPerAxleGroup]`, sent as `single:10000,tandem:18000`).
 * Trucks, buses and private buses only; not with the truck's
 * `weightPerAxle`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { AxleGroupWeights } from "@ls/core";
 * const weights: AxleGroupWeights = { single: 10000, tandem: 18000 };
 * assert.equal(weights.tandem, 18000);
 * ```
 */
export interface AxleGroupWeights {
  /** A single axle, kg. */
  single?: number;
  /** A tandem (two axles), kg. */
  tandem?: number;
  /** A triple axle group, kg. */
  triple?: number;
  /** A group of four axles, kg. */
  quad?: number;
  /** A group of five axles, kg. */
  quint?: number;
}

/**
 * The categories of `vehicle[category]`: `undefined` (HERE's default) or
 * `lightTruck`, which only a truck may be.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { VEHICLE_CATEGORIES } from "@ls/core/internal";
 * assert.equal(VEHICLE_CATEGORIES.lightTruck, "lightTruck");
 * ```
 */
export const VEHICLE_CATEGORIES: NamedValues<["undefined", "lightTruck"]> =
  /* @__PURE__ */ namedValues(["undefined", "lightTruck"]);

/** The axle groups in HERE's order. */
const AXLE_GROUPS = ["single", "tandem", "triple", "quad", "quint"] as const;

/** The integer fields of the body, in the order they are sent. */
const BODY_INTEGERS = [
  "emptyWeight",
  "kpraLength",
  "payloadCapacity",
  "tiresCount",
] as const;

/**
 * The vehicle's body, sent as `vehicle[…]` by routes (`carRoute`,
 * `truckRoute`) and isolines under their `vehicle` option; each field only
 * when given.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { VehicleBody } from "@ls/core";
 * const body: VehicleBody = { emptyWeight: 7500, payloadCapacity: 10000, tiresCount: 6 };
 * assert.equal(body.tiresCount, 6);
 * ```
 */
export interface VehicleBody {
  /** Empty (unladen, ready to drive) weight, kg, integer ≥ 0 (`vehicle[emptyWeight]`). */
  emptyWeight?: number;
  /**
   * Weight per axle group, kg (`vehicle[weightPerAxleGroup]`): trucks,
   * buses and private buses only, not with the truck's `weightPerAxle`.
   */
  weightPerAxleGroup?: AxleGroupWeights;
  /**
   * Kingpin to rearmost axle, cm, integer ≥ 0 (`vehicle[kpraLength]`): the
   * length some US states restrict tractor-trailers by.
   */
  kpraLength?: number;
  /** Payload capacity including trailers, kg, integer ≥ 0 (`vehicle[payloadCapacity]`). */
  payloadCapacity?: number;
  /** Tyres of the vehicle and its trailers, integer ≥ 0 (`vehicle[tiresCount]`). */
  tiresCount?: number;
  /**
   * `undefined` (HERE's default, no special category) or `lightTruck`,
   * which legal restrictions treat closer to a car; truck mode only
   * (`vehicle[category]`).
   */
  category?: "undefined" | "lightTruck";
  /**
   * Engine displacement, cm³, integer ≥ 0 (`vehicle[engineSizeCc]`): on
   * scooters, below 51 cm³ HERE treats the vehicle as a moped.
   */
  engineSizeCc?: number;
}

/**
 * The zod shape of the body fields, built when called (so a bundle that
 * sends no vehicle holds no schema): spread it into a vehicle schema.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import * as z from "zod/mini";
 * import { parseWith, vehicleBodyShape } from "@ls/core/internal";
 * const schema = z.strictObject(vehicleBodyShape());
 * assert.deepEqual(parseWith(schema, { emptyWeight: 7500 }, "vehicle"), { emptyWeight: 7500 });
 * ```
 */
export /* @__NO_SIDE_EFFECTS__ */ function vehicleBodyShape(): {
  [K in keyof VehicleBody]-?: z.ZodMiniType<VehicleBody[K]>;
} {
  const weight = z.optional(nonNegativeInteger());
  return {
    emptyWeight: weight,
    weightPerAxleGroup: z.optional(
      z.strictObject(Object.fromEntries(AXLE_GROUPS.map((g) => [g, weight]))),
    ),
    kpraLength: weight,
    payloadCapacity: weight,
    tiresCount: weight,
    category: z.optional(z.enum(Object.values(VEHICLE_CATEGORIES))),
    engineSizeCc: weight,
  };
}

/** `vehicle[weightPerAxleGroup]`'s text, groups in HERE's order, or `undefined` for none. */
function axleGroupsText(
  groups: AxleGroupWeights | undefined,
): string | undefined {
  const pairs: string[] = [];
  for (const g of AXLE_GROUPS) {
    const kg = groups?.[g];
    if (kg !== undefined) pairs.push(`${g}:${formatInteger(kg)}`);
  }
  return pairs.length ? pairs.join(",") : undefined;
}

/**
 * Sends the body fields but the engine size, in HERE's order:
 * `emptyWeight`, `weightPerAxleGroup`, `kpraLength`, `payloadCapacity`,
 * `tiresCount`, `category`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Query } from "@ls/core";
 * import { setVehicleBody } from "@ls/core/internal";
 * const query = new Query();
 * setVehicleBody(query, { tiresCount: 6, emptyWeight: 7500 });
 * assert.equal(query.toString(), "vehicle%5BemptyWeight%5D=7500&vehicle%5BtiresCount%5D=6");
 * ```
 */
export function setVehicleBody(query: Query, v: VehicleBody): void {
  const int = (key: (typeof BODY_INTEGERS)[number]) => {
    const n = v[key];
    if (n !== undefined) {
      query.setStructured(`vehicle[${key}]`, formatInteger(n));
    }
  };
  int("emptyWeight");
  query.setStructured(
    "vehicle[weightPerAxleGroup]",
    axleGroupsText(v.weightPerAxleGroup),
  );
  int("kpraLength");
  int("payloadCapacity");
  int("tiresCount");
  query.set("vehicle[category]", v.category);
}

/** The modes that may carry a weight per axle group. */
const AXLE_GROUP_MODES = ["truck", "bus", "privateBus"];

/**
 * HERE's rules on the body that depend on the mode or on the truck:
 * `weightPerAxleGroup` is for trucks, buses and private buses only and not
 * with `truck.weightPerAxle` (`owner` names the truck's parameter: `bus`
 * for a bus's); `lightTruck` is a truck's category only.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { checkVehicleBody } from "@ls/core/internal";
 * checkVehicleBody({ category: "lightTruck" }, "truck");
 * assert.throws(() => checkVehicleBody({ category: "lightTruck" }, "car"), {
 *   message: 'Invalid vehicle.category: "lightTruck" requires transportMode "truck", got "car"',
 * });
 * ```
 *
 * @throws {ValueError} naming the field and the rule
 */
export function checkVehicleBody(
  v: VehicleBody,
  transportMode: string,
  truck?: { weightPerAxle?: unknown },
  owner = "truck",
): void {
  if (
    v.weightPerAxleGroup !== undefined &&
    !AXLE_GROUP_MODES.includes(transportMode)
  ) {
    throw new ValueError(
      "vehicle.weightPerAxleGroup",
      `is for transportMode ${
        AXLE_GROUP_MODES.map((m) => `"${m}"`).join(", ")
      }, not "${transportMode}"`,
    );
  }
  if (v.category === "lightTruck" && transportMode !== "truck") {
    throw new ValueError(
      "vehicle.category",
      `"lightTruck" requires transportMode "truck", got "${transportMode}"`,
    );
  }
  if (v.weightPerAxleGroup && truck?.weightPerAxle !== undefined) {
    throw new ValueError(
      "vehicle.weightPerAxleGroup",
      `cannot be combined with ${owner}.weightPerAxle: give one of them`,
    );
  }
}
