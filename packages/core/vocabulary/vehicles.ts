/**
 * Truck and scooter options on the wire: {@linkcode appendTruck} adds the
 * truck's `vehicle[...]` keys to a query, {@linkcode truckToJson} gives the
 * matrix body's `truck` object, {@linkcode appendScooter} adds
 * `scooter[allowHighway]`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Query } from "@ls/core";
 * import { appendTruck } from "@ls/core/internal";
 * const query = appendTruck(new Query(), { height: 380, axleCount: 4 });
 * assert.equal(query.toString(), "vehicle%5Bheight%5D=380&vehicle%5BaxleCount%5D=4");
 * ```
 *
 * @module
 */

import * as z from "zod/mini";
import { ValueError } from "../errors/errors.ts";
import { formatBoolean, formatInteger } from "../params/format.ts";
import { lazy } from "../params/lazy.ts";
import type { Query } from "../params/query.ts";
import { nonNegativeInteger, parseWith } from "../params/validate.ts";
import {
  type Scooter,
  ShippedHazardousGoods,
  type Truck,
  TruckType,
  TunnelCategory,
} from "./route_options.ts";

const truckSchema = /* @__PURE__ */ lazy(() =>
  z.strictObject({
    shippedHazardousGoods: z.optional(
      z.array(z.enum(Object.values(ShippedHazardousGoods)), {
        error: "must be an array",
      }),
    ),
    grossWeight: z.optional(nonNegativeInteger()),
    weightPerAxle: z.optional(nonNegativeInteger()),
    height: z.optional(nonNegativeInteger()),
    width: z.optional(nonNegativeInteger()),
    length: z.optional(nonNegativeInteger()),
    tunnelCategory: z.optional(z.enum(Object.values(TunnelCategory))),
    axleCount: z.optional(nonNegativeInteger()),
    type: z.optional(z.enum(Object.values(TruckType))),
    trailerCount: z.optional(nonNegativeInteger()),
  })
);

const taxiSchema = /* @__PURE__ */ lazy(() =>
  z.strictObject({
    allowDriveThroughTaxiRoads: z.optional(
      z.boolean({ error: "must be a boolean" }),
    ),
  })
);

const scooterSchema = /* @__PURE__ */ lazy(() =>
  z.strictObject({
    allowHighway: z.optional(z.boolean()),
  })
);

/**
 * The fields of a {@linkcode Truck}, in the order HERE lists them (and
 * {@linkcode appendTruck} and {@linkcode truckToJson} send them).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { TRUCK_FIELDS } from "@ls/core/internal";
 * assert.equal(TRUCK_FIELDS[0], "shippedHazardousGoods");
 * ```
 */
export const TRUCK_FIELDS: readonly (keyof Truck)[] = [
  "shippedHazardousGoods",
  "grossWeight",
  "weightPerAxle",
  "height",
  "width",
  "length",
  "tunnelCategory",
  "axleCount",
  "type",
  "trailerCount",
];

/** The validated fields that were given, in wire order; empty lists dropped. */
function truckEntries(
  truck: unknown,
  parameter: string,
): [string, string | number | string[]][] {
  const parsed: Record<string, unknown> = parseWith(
    truckSchema(),
    truck,
    parameter,
  );
  const entries: [string, string | number | string[]][] = [];
  for (const key of TRUCK_FIELDS) {
    const value = parsed[key] as string | number | string[] | undefined;
    if (value === undefined || (Array.isArray(value) && value.length === 0)) {
      continue;
    }
    entries.push([key, value]);
  }
  return entries;
}

/**
 * Adds truck options to a routing or isoline query as deep-object keys with
 * the `vehicle[...]` prefix, which HERE recommends over the possibly
 * deprecated `truck[...]` (same fields). Only the fields given are
 * sent — no `type` or `trailerCount` defaults; an empty hazardous-goods list
 * is omitted. Weights (kg), dimensions (cm), `axleCount` and `trailerCount`
 * must be integers ≥ 0; `type`, `tunnelCategory` and each hazardous-goods
 * class one of HERE's values. `undefined` adds nothing.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Query } from "@ls/core";
 * import { appendTruck } from "@ls/core/internal";
 * const q = appendTruck(new Query(), { grossWeight: 12000, shippedHazardousGoods: ["explosive", "gas"] });
 * assert.equal(
 *   q.toString(),
 *   "vehicle%5BshippedHazardousGoods%5D=explosive,gas&vehicle%5BgrossWeight%5D=12000",
 * );
 * assert.throws(() => appendTruck(new Query(), { type: "straight" as never }), {
 *   message: 'Invalid truck.type: must be one of "StraightTruck", "Tractor", got "straight"',
 * });
 * ```
 *
 * @throws {ValueError} naming e.g. `truck.height`, or `truck.type` with
 * the allowed values
 */
export function appendTruck(
  query: Query,
  truck: Truck | undefined,
  parameter = "truck",
): Query {
  if (truck === undefined) return query;
  for (const [key, value] of truckEntries(truck, parameter)) {
    const wireKey = `vehicle[${key}]`;
    if (typeof value === "number") {
      query.setStructured(wireKey, formatInteger(value));
    } else query.set(wireKey, value);
  }
  return query;
}

/**
 * The JSON form of truck options for a matrix body's `truck` object: the
 * fields given, numbers as numbers, lists as arrays (empty lists omitted).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { truckToJson } from "@ls/core/internal";
 * assert.deepEqual(
 *   truckToJson({ height: 380, shippedHazardousGoods: ["explosive"] }),
 *   { shippedHazardousGoods: ["explosive"], height: 380 },
 * );
 * ```
 *
 * @throws {ValueError} naming e.g. `truck.grossWeight`
 */
export function truckToJson(
  truck: Truck,
  parameter = "truck",
): Record<string, unknown> {
  return Object.fromEntries(truckEntries(truck, parameter));
}

/**
 * Adds scooter options to a query: `scooter[allowHighway]=true|false`.
 * `undefined` adds nothing.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Query } from "@ls/core";
 * import { appendScooter } from "@ls/core/internal";
 * const q = appendScooter(new Query(), { allowHighway: true });
 * assert.equal(q.toString(), "scooter%5BallowHighway%5D=true");
 * ```
 *
 * @throws {ValueError} naming `scooter.allowHighway` for a non-boolean
 */
export function appendScooter(
  query: Query,
  scooter: Scooter | undefined,
  parameter = "scooter",
): Query {
  if (scooter === undefined) return query;
  const { allowHighway } = parseWith(scooterSchema(), scooter, parameter);
  if (allowHighway !== undefined) {
    query.setStructured("scooter[allowHighway]", formatBoolean(allowHighway));
  }
  return query;
}

/**
 * Adds vehicle attributes that come from another option object (the
 * physical EV model's weight, size and drag) as `vehicle[field]=value`,
 * each value already formatted. A field the query already has (from the
 * truck's options) is a conflict: the same attribute given twice.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Query } from "@ls/core";
 * import { appendTruck } from "@ls/core/internal";
 * import { appendVehicleFields } from "./vehicles.ts";
 * const q = appendVehicleFields(new Query(), [["currentWeight", "2500"]], "ev");
 * assert.equal(q.toString(), "vehicle%5BcurrentWeight%5D=2500");
 * assert.throws(
 *   () => appendVehicleFields(appendTruck(new Query(), { height: 380 }), [["height", "400"]], "ev"),
 *   { message: "Invalid ev.height: is given as the truck's height too; give it once" },
 * );
 * ```
 *
 * @throws {ValueError} naming `<parameter>.<field>` for a field the query
 * already has
 */
export function appendVehicleFields(
  query: Query,
  fields: readonly (readonly [field: string, formatted: string])[],
  parameter: string,
): Query {
  for (const [field] of fields) {
    if (query.has(`vehicle[${field}]`)) {
      throw new ValueError(
        `${parameter}.${field}`,
        `is given as the truck's ${field} too; give it once`,
      );
    }
  }
  for (const [field, text] of fields) {
    query.setStructured(`vehicle[${field}]`, text);
  }
  return query;
}

/**
 * Options of a taxi (`taxi[…]`), for taxi routes and taxi isolines.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { TaxiOptions } from "@ls/core";
 * const taxi: TaxiOptions = { allowDriveThroughTaxiRoads: false };
 * assert.equal(taxi.allowDriveThroughTaxiRoads, false);
 * ```
 */
export interface TaxiOptions {
  /**
   * Whether the taxi may drive through taxi-only roads and lanes
   * (`taxi[allowDriveThroughTaxiRoads]`, HERE's default `true`); at the
   * start and end they are always allowed.
   */
  allowDriveThroughTaxiRoads?: boolean;
}

/**
 * Adds `taxi[allowDriveThroughTaxiRoads]` when given; `undefined` adds
 * nothing.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Query } from "@ls/core";
 * import { appendTaxi } from "@ls/core/internal";
 * const q = appendTaxi(new Query(), { allowDriveThroughTaxiRoads: false });
 * assert.equal(q.toString(), "taxi%5BallowDriveThroughTaxiRoads%5D=false");
 * ```
 *
 * @throws {ValueError} naming `taxi.…` for an unknown key or a value that
 * is not a boolean
 */
export function appendTaxi(
  query: Query,
  taxi: TaxiOptions | undefined,
  parameter = "taxi",
): Query {
  if (taxi === undefined) return query;
  const { allowDriveThroughTaxiRoads } = parseWith(
    taxiSchema(),
    taxi,
    parameter,
  );
  if (allowDriveThroughTaxiRoads !== undefined) {
    query.setStructured(
      "taxi[allowDriveThroughTaxiRoads]",
      formatBoolean(allowDriveThroughTaxiRoads),
    );
  }
  return query;
}
