/**
 * The value sets routes and isolines share for their extra options, each
 * written once: the fuel types of `fuel[type]`, the zone categories of
 * `avoid[zoneCategories]`, `avoid[tollTransponders]` and the engines of `vehicle[engineType]`, and the
 * HERE wire names of the `exclude`, `allow` and `traffic` fields both name
 * alike. The packages publish them under their own names.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { FUEL_TYPES, OPTION_WIRE_NAMES, ZONE_CATEGORIES } from "@ls/core/internal";
 * assert.equal(FUEL_TYPES.hydrogen, "hydrogen");
 * assert.equal(ZONE_CATEGORIES.vignette, "vignette");
 * assert.equal(OPTION_WIRE_NAMES["allow[hov]"], "allow.hov");
 * ```
 *
 * @module
 */

import { type NamedValues, namedValues } from "../params/named_values.ts";

/**
 * HERE's fuel types (`fuel[type]`), for routes and consumption isolines.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { FUEL_TYPES } from "@ls/core/internal";
 * assert.equal(Object.keys(FUEL_TYPES).length, 8);
 * ```
 */
export const FUEL_TYPES: NamedValues<
  ["diesel", "petrol", "lpg", "cng", "lng", "ethanol", "propane", "hydrogen"]
> = /* @__PURE__ */ namedValues([
  "diesel",
  "petrol",
  "lpg",
  "cng",
  "lng",
  "ethanol",
  "propane",
  "hydrogen",
]);

/**
 * The zone categories a route or isoline may avoid
 * (`avoid[zoneCategories]`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { ZONE_CATEGORIES } from "@ls/core/internal";
 * assert.deepEqual(Object.keys(ZONE_CATEGORIES), ["vignette", "congestionPricing", "environmental"]);
 * ```
 */
export const ZONE_CATEGORIES: NamedValues<
  ["vignette", "congestionPricing", "environmental"]
> = /* @__PURE__ */ namedValues([
  "vignette",
  "congestionPricing",
  "environmental",
]);

/**
 * The values of `avoid[tollTransponders]`: `all`, roads where a toll
 * transponder is the only way to pay.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { TOLL_TRANSPONDERS } from "@ls/core/internal";
 * assert.deepEqual(TOLL_TRANSPONDERS, { all: "all" });
 * ```
 */
export const TOLL_TRANSPONDERS: NamedValues<["all"]> =
  /* @__PURE__ */ namedValues(["all"]);

/**
 * The engines of `vehicle[engineType]`, which HERE prices tolls by.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { ENGINE_TYPES } from "@ls/core/internal";
 * assert.equal(ENGINE_TYPES.pluginHybrid, "pluginHybrid");
 * ```
 */
export const ENGINE_TYPES: NamedValues<
  ["electric", "internalCombustion", "pluginHybrid"]
> = /* @__PURE__ */ namedValues([
  "electric",
  "internalCombustion",
  "pluginHybrid",
]);

/**
 * HERE's wire names of the `exclude` states and areas, `allow` and
 * `traffic` fields, mapped to ours as routes and isolines both name them
 * (`exclude[countries]` is each package's own).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { OPTION_WIRE_NAMES } from "@ls/core/internal";
 * assert.equal(OPTION_WIRE_NAMES["traffic[mode]"], "traffic.mode");
 * ```
 */
export const OPTION_WIRE_NAMES: Readonly<Record<string, string>> = {
  "exclude[states]": "exclude.states",
  "exclude[areas]": "exclude.areas",
  "allow[hov]": "allow.hov",
  "allow[hot]": "allow.hot",
  "traffic[mode]": "traffic.mode",
  "traffic[overrideFlowDuration]": "traffic.overrideFlowDuration",
};
