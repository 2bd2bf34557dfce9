// The `vehicle[…]` attributes of isolines beyond the truck's and the EV
// model's: checked as HERE checks them (E605001 for a malformed value or a
// field the mode does not take, E605010 for vehicle attributes of a mode
// without a vehicle, which checkVehicle reports). The model's reach does not
// change for them.

import { malformed } from "./_http.ts";
import type { Params } from "./_query.ts";

/** The body's integer fields, which routes and isolines take alike, and their least values. */
const BODY_INTEGERS: Readonly<Record<string, number>> = {
  emptyWeight: 0,
  kpraLength: 0,
  payloadCapacity: 0,
  tiresCount: 0,
  engineSizeCc: 0,
};
const INTEGERS: Readonly<Record<string, number>> = {
  occupancy: 1,
  hovOccupancy: 1,
};
const CATEGORIES = ["undefined", "lightTruck"];
const ENUMS: Readonly<Record<string, readonly string[]>> = {
  engineType: ["electric", "internalCombustion", "pluginHybrid"],
};
const NUMBER = /^(\d+\.?\d*|\.\d+)$/;
const GROUPS =
  /^(single|tandem|triple|quad|quint):\d+(,(single|tandem|triple|quad|quint):\d+)*$/;

function bad(key: string, value: string, rule: string): Error {
  return malformed(
    "E605001",
    `Invalid value for parameter 'vehicle[${key}]': '${value}' (${rule})`,
  );
}

/**
 * Checks the vehicle's body as routes and isolines take it: the integer
 * fields (and `more` of the operation's own), the category and the weight
 * per axle group.
 */
export function checkVehicleBody(
  params: Params,
  mode: string,
  more: Readonly<Record<string, number>> = {},
): void {
  const get = (key: string) => params.get(`vehicle[${key}]`);
  for (const [key, min] of Object.entries({ ...BODY_INTEGERS, ...more })) {
    const v = get(key);
    if (v !== undefined && (!/^\d+$/.test(v) || Number(v) < min)) {
      throw bad(key, v, `use an integer of at least ${min}`);
    }
  }
  const category = get("category");
  if (category !== undefined && !CATEGORIES.includes(category)) {
    throw bad("category", category, `use one of ${CATEGORIES.join(", ")}`);
  }
  if (category === "lightTruck" && mode !== "truck") {
    throw bad("category", "lightTruck", "only for transportMode=truck");
  }
  const groups = get("weightPerAxleGroup");
  if (groups !== undefined && !GROUPS.test(groups)) {
    throw bad("weightPerAxleGroup", groups, "use single:<kg>,tandem:<kg>,…");
  }
}

/** Checks the isoline's further vehicle attributes. */
export function checkIsolineVehicle(params: Params, mode: string): void {
  const get = (key: string) => params.get(`vehicle[${key}]`);
  checkVehicleBody(params, mode);
  for (const [key, min] of Object.entries(INTEGERS)) {
    const v = get(key);
    if (v !== undefined && (!/^\d+$/.test(v) || Number(v) < min)) {
      throw bad(key, v, `use an integer of at least ${min}`);
    }
  }
  for (const [key, values] of Object.entries(ENUMS)) {
    const v = get(key);
    if (v !== undefined && !values.includes(v)) {
      throw bad(key, v, `use one of ${values.join(", ")}`);
    }
  }
  const cap = get("speedCap");
  if (cap !== undefined && (!NUMBER.test(cap) || Number(cap) === 0)) {
    throw bad("speedCap", cap, "use a speed in m/s above 0");
  }
  const perFc = get("speedCapPerFc");
  if (
    perFc !== undefined && (perFc.split(",").length > 5 ||
      !perFc.split(",").every((s) =>
        s === "" || (NUMBER.test(s) && Number(s) >= 1 && Number(s) <= 70)
      ))
  ) {
    throw bad("speedCapPerFc", perFc, "use up to 5 speeds of 1 to 70 m/s");
  }
  const plate = get("licensePlate");
  if (plate !== undefined && !/^lastCharacter:[\p{L}\p{N}]$/u.test(plate)) {
    throw bad("licensePlate", plate, "use lastCharacter:<character>");
  }
  if (
    get("hovOccupancy") !== undefined &&
    (get("occupancy") !== undefined || params.has("allow[hov]") ||
      params.has("allow[hot]"))
  ) {
    throw malformed(
      "E605001",
      "vehicle[hovOccupancy] cannot be combined with vehicle[occupancy], allow[hov] or allow[hot]",
    );
  }
}
