// The rules of a Tour Planning v3 problem that no single field's shape
// states: what must be unique, what must exist, what must agree.

import { type Truck, ValueError } from "@ls/core";
import { describe, lazy, TRUCK_FIELDS } from "@ls/core/internal";
import type { Fleet, Plan } from "./problem_types.ts";

/** The fields of a truck profile's `options` (routing's truck fields). */
const truckOptions = /* @__PURE__ */ lazy((): ReadonlySet<keyof Truck> =>
  new Set(TRUCK_FIELDS)
);

/**
 * The rules across a fleet's fields: unique profile names and vehicle type
 * ids, options that fit the profile's type, profiles that exist, one
 * capacity size, shifts that do not end before they start.
 */
export function checkFleet(fleet: Fleet): void {
  const profiles = new Map<string, number>();
  fleet.profiles.forEach((profile, i) => {
    const at = `fleet.profiles[${i}]`;
    unique(profiles, profile.name, i, `${at}.name`, "fleet.profiles", "name");
    const options = profile.options ?? {};
    for (const key of Object.keys(options)) {
      if (key === "allowHighway" && profile.type !== "scooter") {
        throw new ValueError(
          `${at}.options.allowHighway`,
          'is a scooter option; it needs type "scooter"',
          profile.type,
        );
      }
      if (truckOptions().has(key as keyof Truck) && profile.type !== "truck") {
        throw new ValueError(
          `${at}.options.${key}`,
          'is a truck option; it needs type "truck"',
          profile.type,
        );
      }
    }
  });

  const types = new Map<string, number>();
  const dimensions = fleet.types[0].capacity.length;
  fleet.types.forEach((type, i) => {
    const at = `fleet.types[${i}]`;
    unique(types, type.id, i, `${at}.id`, "fleet.types", "id");
    if (!profiles.has(type.profile)) {
      const names = [...profiles.keys()];
      throw new ValueError(
        `${at}.profile`,
        `must name a profile defined in fleet.profiles (${
          names.slice(0, 3).map(describe).join(", ")
        }${names.length > 3 ? `, … ${names.length} in all` : ""})`,
        type.profile,
      );
    }
    if (type.capacity.length !== dimensions) {
      throw new ValueError(
        `${at}.capacity`,
        `must have ${dimensionText(dimensions)} like fleet.types[0].capacity`,
        type.capacity,
      );
    }
    type.shifts.forEach((shift, j) => {
      if (
        shift.end && Date.parse(shift.end.time) < Date.parse(shift.start.time)
      ) {
        throw new ValueError(
          `${at}.shifts[${j}].end.time`,
          "must not be before start.time",
          shift.end.time,
        );
      }
    });
  });
}

/**
 * The rules across a plan's fields and the fleet: unique job ids, a task in
 * every job, demands of the capacity's size, relations naming vehicles
 * that exist.
 */
export function checkPlan(plan: Plan, fleet: Fleet): void {
  const dimensions = fleet.types[0].capacity.length;
  const ids = new Map<string, number>();
  plan.jobs.forEach((job, i) => {
    const at = `plan.jobs[${i}]`;
    unique(ids, job.id, i, `${at}.id`, "plan.jobs", "id");
    const pickups = job.tasks.pickups ?? [];
    const deliveries = job.tasks.deliveries ?? [];
    if (pickups.length + deliveries.length === 0) {
      throw new ValueError(
        `${at}.tasks`,
        "must have at least one pickup or delivery",
        job.tasks,
      );
    }
    for (
      const [kind, tasks] of [["pickups", pickups], [
        "deliveries",
        deliveries,
      ]] as const
    ) {
      tasks.forEach((task, j) => {
        if (task.demand.length !== dimensions) {
          throw new ValueError(
            `${at}.tasks.${kind}[${j}].demand`,
            `must have ${dimensionText(dimensions)} like the vehicle capacity`,
            task.demand,
          );
        }
      });
    }
  });

  const amounts = new Map(fleet.types.map((t) => [t.id, t.amount]));
  (plan.relations ?? []).forEach((relation, i) => {
    const id = relation.vehicleId;
    const cut = id.lastIndexOf("_");
    const n = Number(id.slice(cut + 1));
    const amount = amounts.get(id.slice(0, cut));
    if (
      cut <= 0 || amount === undefined || !/^\d+$/.test(id.slice(cut + 1)) ||
      n < 1 || n > amount
    ) {
      throw new ValueError(
        `plan.relations[${i}].vehicleId`,
        "must name a vehicle <typeId>_<n> of fleet.types, n from 1 to its amount",
        id,
      );
    }
  });
}

function unique(
  seen: Map<string, number>,
  value: string,
  index: number,
  parameter: string,
  list: string,
  field: string,
): void {
  const first = seen.get(value);
  if (first !== undefined) {
    throw new ValueError(
      parameter,
      `must be unique, ${list}[${first}].${field} is the same`,
      value,
    );
  }
  seen.set(value, index);
}

function dimensionText(n: number): string {
  return `${n} dimension${n === 1 ? "" : "s"}`;
}
