/**
 * Named values: the constants through which HERE's enum-like parameters
 * (`routingMode`, `returnResults`, `avoidFeatures`, …) are offered. Each
 * constant maps every known value to itself, so `RoutingMode.short` is
 * `"short"`. For a request value HERE documents as a closed set, the type of
 * the same name is exactly those values, so a typo fails type-checking; a
 * value HERE adds later goes through an operation's `query` option.
 * {@linkcode OpenValue} is for sets that stay open: values a response may
 * carry, which HERE extends over time.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { type OpenValue, RoutingMode } from "@ls/core";
 * const mode: RoutingMode = RoutingMode.short;
 * const seen: OpenValue<typeof RoutingMode> = "eco"; // e.g. read from a response
 * assert.deepEqual([mode, seen], ["short", "eco"]);
 * ```
 *
 * @module
 */

/**
 * The type of a named-value constant: an object whose keys are the names in
 * the tuple `T`, each mapped to itself.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { type NamedValues, RoutingMode } from "@ls/core";
 * const modes: NamedValues<["fast", "short"]> = RoutingMode;
 * assert.equal(modes.short, "short");
 * ```
 */
export type NamedValues<T extends readonly string[]> = {
  readonly [K in T[number]]: K;
};

/**
 * A value of the open set behind the named-value constant `T`: one of its
 * known values, or any other string. Editors still suggest the known ones.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { type OpenValue, TruckType } from "@ls/core";
 * const types: OpenValue<typeof TruckType>[] = [TruckType.tractor, "lightTruck"];
 * assert.deepEqual(types, ["Tractor", "lightTruck"]);
 * ```
 */
export type OpenValue<T> = T[keyof T] | (string & Record<never, never>);

/**
 * Builds a named-value constant from a list of its names: `{ name: name, … }`,
 * keys in the order of the list.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { namedValues } from "@ls/core/internal";
 * const Units = namedValues(["metric", "imperial"]);
 * assert.deepEqual(Units, { metric: "metric", imperial: "imperial" });
 * assert.equal(Units.imperial, "imperial");
 * ```
 */
export /* @__NO_SIDE_EFFECTS__ */ function namedValues<
  const T extends readonly string[],
>(
  names: T,
): NamedValues<T> {
  const values: Record<string, string> = {};
  for (const name of names) values[name] = name;
  return values as NamedValues<T>;
}
