/**
 * What the route and isoline builders check and name alike: the
 * `avoidFeatures` list with HERE's modes that have no U-turn avoidance, the
 * rule that a default gives way to the same key in `options.query` (and
 * `routingMode`, which both send so), and the HERE wire names of the `ev`
 * and `truck` options, which lead to ours in the unknown-key error.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Query } from "@ls/core";
 * import { evWireNames, setAvoid } from "@ls/core/internal";
 * assert.equal(setAvoid(new Query(), { avoidFeatures: ["tollRoad"] }, "car").toString(), "avoid%5Bfeatures%5D=tollRoad");
 * assert.throws(() => setAvoid(new Query(), { avoidFeatures: ["uTurns"] }, "bicycle"), /E605011/);
 * assert.equal(evWireNames()["ev[initialCharge]"], "ev.initialCharge");
 * ```
 *
 * @module
 */

import * as z from "zod/mini";
import { ValueError } from "../errors/errors.ts";
import type { Query } from "../params/query.ts";
import { parseWith } from "../params/validate.ts";
import { lazy } from "../params/lazy.ts";
import { CHARGE_KEYS } from "./_ev_charge.ts";
import {
  EMPIRICAL_KEYS,
  PHYSICAL_EV_KEYS,
  PHYSICAL_VEHICLE_KEYS,
} from "./ev.ts";
import { AvoidFeature, routingModeValue } from "./routing_vocabulary.ts";
import { TRUCK_FIELDS } from "./vehicles.ts";
import { formatAvoidAreas } from "./avoid_areas.ts";

const avoidFeatureList = /* @__PURE__ */ lazy(() =>
  z.optional(
    z.array(z.enum(Object.values(AvoidFeature)), { error: "must be an array" }),
  )
);

/** Modes for which HERE has no `avoid[features]=uTurns` (E605011). */
const NO_U_TURNS: ReadonlySet<string> = /* @__PURE__ */ new Set([
  "bicycle",
  "pedestrian",
  "scooter",
]);

/**
 * The `avoidFeatures` parameter, checked: an array of HERE's
 * {@linkcode AvoidFeature} values, without `"uTurns"` for the modes HERE
 * has no U-turn avoidance for, and `"difficultTurns"` for trucks only.
 * `undefined` when not given.
 */
function avoidFeaturesValue(
  value: unknown,
  transportMode: string,
): AvoidFeature[] | undefined {
  const avoid = parseWith(avoidFeatureList(), value, "avoidFeatures");
  if (avoid?.includes("uTurns") && NO_U_TURNS.has(transportMode)) {
    throw new ValueError(
      "avoidFeatures",
      `must not list "uTurns" for transportMode "${transportMode}" (HERE answers E605011)`,
      avoid,
    );
  }
  if (avoid?.includes("difficultTurns") && transportMode !== "truck") {
    throw new ValueError(
      "avoidFeatures",
      `must not list "difficultTurns" for transportMode "${transportMode}": it is for trucks only (HERE answers E605011)`,
      avoid,
    );
  }
  return avoid;
}

/**
 * Sets what a route or isoline avoids: `avoid[features]`, HERE's
 * {@linkcode AvoidFeature} values without `"uTurns"` for the modes HERE
 * has no U-turn avoidance for (bicycle, pedestrian, scooter), then
 * `avoid[areas]`, boxes and polygons. Neither is sent when not given.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Query } from "@ls/core";
 * import { setAvoid } from "@ls/core/internal";
 * const query = setAvoid(new Query(), { avoidFeatures: ["ferry"], avoidAreas: [[13.41, 52.51, 13.43, 52.53]] }, "car");
 * assert.equal(query.toString(), "avoid%5Bfeatures%5D=ferry&avoid%5Bareas%5D=bbox:13.41,52.51,13.43,52.53");
 * assert.throws(
 *   () => setAvoid(new Query(), { avoidFeatures: ["uTurns"] }, "scooter"),
 *   { parameter: "avoidFeatures", message: /must not list "uTurns" for transportMode "scooter"/ },
 * );
 * ```
 *
 * @throws {ValueError} for a feature outside HERE's set (the message lists
 * the allowed ones), `"uTurns"` for bicycle, pedestrian or scooter,
 * `"difficultTurns"` for a mode other than truck, or an invalid area (see
 * `formatAvoidAreas`)
 */
export function setAvoid(
  query: Query,
  params: {
    avoidFeatures?: readonly unknown[];
    avoidAreas?: readonly unknown[];
  },
  transportMode: string,
): Query {
  query.set(
    "avoid[features]",
    avoidFeaturesValue(params.avoidFeatures, transportMode),
  );
  query.setStructured(
    "avoid[areas]",
    formatAvoidAreas(params.avoidAreas, "avoidAreas"),
  );
  return query;
}

/**
 * Whether a parameter's default is sent, given the call's `options.query`:
 * a value the caller gave always is; a default gives way to the same key in
 * `options.query`, which is the way to send a value HERE added after this
 * client's closed sets. Returns the test for one key and its given value.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { sendsDefault } from "@ls/core/internal";
 * const sends = sendsDefault({ routingMode: "eco" });
 * assert.equal(sends("routingMode", undefined), false); // options.query has it
 * assert.equal(sends("routingMode", "short"), true); // given, so sent
 * assert.equal(sends("lang", undefined), true); // the default goes out
 * ```
 */
export function sendsDefault(
  extra: Readonly<Record<string, unknown>> | undefined,
): (key: string, value: unknown) => boolean {
  return (key, value) =>
    value !== undefined || !extra || !Object.hasOwn(extra, key);
}

/**
 * Sets `routingMode` on a route or isoline query: the given value, checked
 * against the transport mode (`"short"` only where HERE has it), or the
 * default `fast` unless `options.query` sets the key (see
 * {@linkcode sendsDefault}).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Query } from "@ls/core";
 * import { setRoutingMode } from "@ls/core/internal";
 * assert.equal(setRoutingMode(new Query(), undefined, "car", undefined).toString(), "routingMode=fast");
 * assert.equal(setRoutingMode(new Query(), undefined, "car", { routingMode: "eco" }).toString(), "");
 * assert.throws(() => setRoutingMode(new Query(), "short", "bicycle", undefined), /routingMode/);
 * ```
 *
 * @throws {ValueError} naming `routingMode` for a value that is neither
 * `"fast"` nor `"short"`, or `"short"` with a mode HERE routes the fast way
 * only
 */
export function setRoutingMode(
  query: Query,
  routingMode: unknown,
  transportMode: string,
  extra: Readonly<Record<string, unknown>> | undefined,
): Query {
  if (sendsDefault(extra)("routingMode", routingMode)) {
    query.set("routingMode", routingModeValue(routingMode, transportMode));
  }
  return query;
}

/**
 * HERE's wire names of the `ev` option, each mapped to our `ev.…` path:
 * `consumptionModel`, each `ev[…]` key and the physical model's
 * `vehicle[…]` attributes. With `isoline`, the battery and charging keys,
 * which isolines do not take, are left out.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { evWireNames } from "@ls/core/internal";
 * assert.equal(evWireNames().consumptionModel, "ev.consumptionModel");
 * assert.equal(evWireNames()["vehicle[currentWeight]"], "ev.currentWeight");
 * assert.equal(evWireNames(true)["ev[maxCharge]"], undefined);
 * ```
 */
export /* @__NO_SIDE_EFFECTS__ */ function evWireNames(
  isoline = false,
): Record<string, string> {
  const names: Record<string, string> = {
    consumptionModel: "ev.consumptionModel",
  };
  const add = (prefix: string, keys: readonly string[]) => {
    for (const key of keys) names[`${prefix}[${key}]`] = `ev.${key}`;
  };
  add("ev", EMPIRICAL_KEYS);
  add("ev", PHYSICAL_EV_KEYS);
  if (!isoline) add("ev", CHARGE_KEYS);
  add("vehicle", PHYSICAL_VEHICLE_KEYS);
  return names;
}

/**
 * HERE's wire names of the `truck` option: each truck field under the
 * `truck[…]` and the `vehicle[…]` prefix, mapped to our `truck.…` path.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { truckWireNames } from "@ls/core/internal";
 * assert.equal(truckWireNames()["vehicle[grossWeight]"], "truck.grossWeight");
 * assert.equal(truckWireNames()["truck[height]"], "truck.height");
 * ```
 */
export /* @__NO_SIDE_EFFECTS__ */ function truckWireNames(): Record<
  string,
  string
> {
  const names: Record<string, string> = {};
  for (const prefix of ["truck", "vehicle"]) {
    for (const key of TRUCK_FIELDS) names[`${prefix}[${key}]`] = `truck.${key}`;
  }
  return names;
}
