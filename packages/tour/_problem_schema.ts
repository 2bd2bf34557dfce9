// The shapes of a Tour Planning v3 problem's parts, as zod/mini schemas:
// required fields, integers, points and RFC 3339 times, closed sets. The
// output is what HERE gets: points as { lat, lng }. Objects are strict: a
// field not modelled here goes in the object's `extra`, whose entries are
// merged into it (a modelled field may not be repeated there). Each schema
// is built on first use, not at import.

import * as z from "zod/mini";
import {
  fixedArray,
  formatDateTime,
  integer,
  lazy,
  minLength,
  nonEmptyString,
  nonNegativeInteger,
  numberInRange,
  pointSchema,
  positiveInteger,
} from "@ls/core/internal";
import type { OptimizationTraffic } from "./problem_types.ts";

type Shape = Record<string, z.ZodMiniType<unknown, unknown>>;

const extraSchema = /* @__PURE__ */ lazy(() =>
  z.record(z.string(), z.unknown(), {
    error: "must be an object of HERE field names to values",
  })
);

/**
 * A strict object of `shape` plus `extra`, whose entries are merged into
 * the output; an unknown key or an `extra` key the shape models is an
 * issue at its path.
 */
function open(
  shape: Shape,
  params?: { error: string },
): z.ZodMiniType<Record<string, unknown>, unknown> {
  const modelled = new Set(Object.keys(shape));
  return z.pipe(
    z.strictObject(
      { ...shape, extra: z.optional(extraSchema()) },
      // The object's own message is for a value that is not an object; an
      // unknown key keeps parseWith's "is not a known option".
      params && {
        error: (issue) =>
          issue.code === "invalid_type" ? params.error : undefined,
      },
    ),
    z.transform((value, ctx) => {
      const { extra, ...rest } = value as Record<string, unknown>;
      if (extra === undefined) return rest;
      for (const key of Object.keys(extra as object)) {
        if (modelled.has(key) || key === "extra") {
          ctx.issues.push({
            code: "custom",
            message:
              `must not repeat the modelled field ${key}: give it as a field of its own`,
            input: (extra as Record<string, unknown>)[key],
            path: ["extra", key],
          });
        }
      }
      return { ...rest, ...(extra as object) };
    }),
  ) as unknown as z.ZodMiniType<Record<string, unknown>, unknown>;
}

/** A closed set: the message lists the allowed values. */
function oneOf<const T extends readonly [string, ...string[]]>(
  values: T,
): z.ZodMiniType<T[number], unknown> {
  return z.enum(values) as unknown as z.ZodMiniType<T[number], unknown>;
}

export const PROFILE_TYPES = [
  "car",
  "truck",
  "scooter",
  "bicycle",
  "pedestrian",
] as const;
export const AVOID_FEATURES = [
  "tollRoad",
  "motorway",
  "ferry",
  "tunnel",
  "dirtRoad",
] as const;
export const RELATION_TYPES = ["sequence", "tour", "flexible"] as const;
export const OBJECTIVE_TYPES = [
  "minimizeUnassigned",
  "optimizeTourCount",
  "minimizeCost",
  "minimizeDistance",
  "minimizeDuration",
  "minimizeTours",
  "maximizeTours",
  "optimizeTaskOrder",
] as const;

const RFC3339_RULE = "must be an RFC 3339 date-time with an offset";

function isRfc3339(value: string): boolean {
  try {
    formatDateTime(value, "time");
  } catch {
    return false;
  }
  return Number.isFinite(Date.parse(value));
}

const dateTime = /* @__PURE__ */ lazy(() =>
  z.string({ error: RFC3339_RULE }).check(
    z.refine(isRfc3339, { error: RFC3339_RULE }),
  )
);

const WINDOW_RULE = "must be a [start, end] pair of RFC 3339 date-times";

const timeWindowSchema = /* @__PURE__ */ lazy(() =>
  fixedArray<[string, string]>([dateTime(), dateTime()], WINDOW_RULE).check(
    z.refine(([start, end]) => Date.parse(start) <= Date.parse(end), {
      error: "must not end before it starts",
    }),
  )
);

const nonNegative = /* @__PURE__ */ lazy(() =>
  numberInRange(0, Infinity, "must be a non-negative number")
);
const opt = z.optional;
const strings = /* @__PURE__ */ lazy(() =>
  z.array(nonEmptyString(), { error: "must be an array of strings" })
);

const shiftEndSchema = /* @__PURE__ */ lazy(() =>
  open({
    time: dateTime(),
    location: pointSchema(),
  }, { error: "must be an object with time and location" })
);

const vehicleTypeSchema = /* @__PURE__ */ lazy(() =>
  open({
    id: nonEmptyString(),
    profile: nonEmptyString(),
    costs: open({
      fixed: opt(nonNegative()),
      distance: opt(nonNegative()),
      time: opt(nonNegative()),
    }, { error: "must be an object with fixed, distance and time costs" }),
    shifts: z.array(
      open({
        start: shiftEndSchema(),
        end: opt(shiftEndSchema()),
        breaks: opt(z.array(open({
          duration: opt(nonNegative()),
          times: opt(z.array(timeWindowSchema())),
        }))),
      }),
    ).check(minLength(1, "must have at least 1 shift")),
    capacity: z.array(nonNegativeInteger(), {
      error: "must be an array of non-negative integers",
    }).check(minLength(1, "must have at least 1 dimension")),
    amount: positiveInteger(),
    skills: opt(strings()),
    limits: opt(open({
      maxDistance: opt(nonNegative()),
      shiftTime: opt(nonNegative()),
    })),
  }, { error: "must be a vehicle type object" })
);

const profileSchema = /* @__PURE__ */ lazy(() =>
  open({
    name: nonEmptyString(),
    type: oneOf(PROFILE_TYPES),
    departureTime: opt(dateTime()),
    avoid: opt(open({ features: opt(z.array(oneOf(AVOID_FEATURES))) })),
    // A map of the mode's options (truck fields, allowHighway), as given.
    options: opt(z.looseObject({})),
    mode: opt(oneOf(["fast", "short"])),
  }, { error: "must be a profile object" })
);

/** The problem's `fleet`. */
export const fleetSchema: () => z.ZodMiniType<unknown> = /* @__PURE__ */ lazy(
  () =>
    open({
      types: z.array(vehicleTypeSchema(), {
        error: "must be an array of vehicle types",
      }).check(minLength(1, "must have at least 1 vehicle type")),
      profiles: z.array(profileSchema(), {
        error: "must be an array of profiles",
      }).check(minLength(1, "must have at least 1 profile")),
    }, { error: "must be an object with types and profiles" }),
);

const taskSchema = /* @__PURE__ */ lazy(() =>
  open({
    places: z.array(
      open({
        location: pointSchema(),
        duration: nonNegative(),
        times: opt(z.array(timeWindowSchema())),
        tag: opt(z.string()),
      }, { error: "must be a place object" }),
      { error: "must be an array of places" },
    ).check(minLength(1, "must have at least 1 place")),
    demand: z.array(nonNegativeInteger(), {
      error: "must be an array of non-negative integers",
    }),
  }, { error: "must be a task object with places" })
);

/** The problem's `plan`. */
export const planSchema: () => z.ZodMiniType<unknown> = /* @__PURE__ */ lazy(
  () =>
    open({
      jobs: z.array(
        open({
          id: nonEmptyString(),
          tasks: open({
            pickups: opt(z.array(taskSchema())),
            deliveries: opt(z.array(taskSchema())),
          }, { error: "must be an object with pickups and/or deliveries" }),
          priority: opt(integer()),
          skills: opt(strings()),
          groupId: opt(nonEmptyString()),
        }, { error: "must be a job object" }),
        { error: "must be an array of jobs" },
      ).check(minLength(1, "must have at least 1 job")),
      relations: opt(z.array(
        open({
          type: oneOf(RELATION_TYPES),
          jobs: strings().check(
            minLength(1, "must have at least 1 job"),
          ),
          vehicleId: nonEmptyString(),
        }, { error: "must be a relation object" }),
      )),
    }, { error: "must be an object with jobs" }),
);

/** The problem's `objectives`. */
export const objectivesSchema: () => z.ZodMiniType<unknown> =
  /* @__PURE__ */ lazy(() =>
    z.array(
      open(
        { type: oneOf(OBJECTIVE_TYPES), action: opt(nonEmptyString()) },
        {
          error: "must be an objective object with a type",
        },
      ),
      { error: "must be an array of objectives" },
    )
  );

const TRAFFIC_RULE =
  'must be one of "liveOrHistorical", "historicalOnly", "automatic"';
const TRAFFIC = ["liveOrHistorical", "historicalOnly", "automatic"];
/** `optimizationTraffic`, or `configuration.optimizations.traffic`. */
export const trafficSchema: () => z.ZodMiniType<OptimizationTraffic> =
  /* @__PURE__ */ lazy(
    () =>
      z.string({ error: TRAFFIC_RULE }).check(
        z.refine((v) => TRAFFIC.includes(v), { error: TRAFFIC_RULE }),
      ) as z.ZodMiniType<OptimizationTraffic>,
  );

/** `optimizationWaitingTime`, or `configuration.optimizations.waitingTime`. */
export const waitingTimeSchema: () => z.ZodMiniType<unknown> =
  /* @__PURE__ */ lazy(() =>
    open({
      reduce: opt(z.boolean({ error: "must be a boolean" })),
      bufferTime: opt(nonNegativeInteger()),
    }, { error: "must be an object with reduce and bufferTime" })
  );

/** The problem's `configuration`. */
export const configurationSchema: () => z.ZodMiniType<unknown> =
  /* @__PURE__ */ lazy(() =>
    open({
      termination: opt(open({
        maxTime: opt(nonNegative()),
        stagnationTime: opt(nonNegative()),
      })),
      optimizations: opt(open({
        traffic: opt(trafficSchema()),
        waitingTime: opt(waitingTimeSchema()),
      })),
      experimentalFeatures: opt(strings()),
    }, { error: "must be a configuration object" })
  );
