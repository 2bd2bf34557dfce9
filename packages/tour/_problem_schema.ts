// The shapes of a Tour Planning v3 problem's parts, as zod/mini schemas:
// required fields, integers, coordinates and RFC 3339 times. Objects are
// loose: fields not modelled here are sent as given.

import * as z from "zod/mini";
import {
  fixedArray,
  formatDateTime,
  integer,
  latLngObjectSchema,
  minLength,
  nonEmptyString,
  nonNegativeInteger,
  numberInRange,
  positiveInteger,
} from "@ls/core/internal";
import type { OptimizationTraffic } from "./problem_types.ts";

const RFC3339_RULE = "must be an RFC 3339 date-time with an offset";

function isRfc3339(value: string): boolean {
  try {
    formatDateTime(value, "time");
  } catch {
    return false;
  }
  return Number.isFinite(Date.parse(value));
}

const dateTime = z.string({ error: RFC3339_RULE }).check(
  z.refine(isRfc3339, { error: RFC3339_RULE }),
);

const WINDOW_RULE = "must be a [start, end] pair of RFC 3339 date-times";

const timeWindowSchema = fixedArray<[string, string]>(
  [dateTime, dateTime],
  WINDOW_RULE,
)
  .check(
    z.refine(([start, end]) => Date.parse(start) <= Date.parse(end), {
      error: "must not end before it starts",
    }),
  );

const nonNegative = numberInRange(0, Infinity, "must be a non-negative number");
const opt = z.optional;
const strings = z.array(nonEmptyString, {
  error: "must be an array of strings",
});

const shiftEndSchema = z.looseObject({
  time: dateTime,
  location: latLngObjectSchema,
}, { error: "must be an object with time and location" });

const vehicleTypeSchema = z.looseObject({
  id: nonEmptyString,
  profile: nonEmptyString,
  costs: z.looseObject({
    fixed: opt(nonNegative),
    distance: opt(nonNegative),
    time: opt(nonNegative),
  }, { error: "must be an object with fixed, distance and time costs" }),
  shifts: z.array(
    z.looseObject({
      start: shiftEndSchema,
      end: opt(shiftEndSchema),
      breaks: opt(z.array(z.looseObject({
        duration: opt(nonNegative),
        times: opt(z.array(timeWindowSchema)),
      }))),
    }),
  ).check(minLength(1, "must have at least 1 shift")),
  capacity: z.array(nonNegativeInteger, {
    error: "must be an array of non-negative integers",
  }).check(minLength(1, "must have at least 1 dimension")),
  amount: positiveInteger,
  skills: opt(strings),
  limits: opt(z.looseObject({
    maxDistance: opt(nonNegative),
    shiftTime: opt(nonNegative),
  })),
}, { error: "must be a vehicle type object" });

const profileSchema = z.looseObject({
  name: nonEmptyString,
  type: nonEmptyString,
  departureTime: opt(dateTime),
  avoid: opt(z.looseObject({ features: opt(strings) })),
  options: opt(z.looseObject({})),
  mode: opt(nonEmptyString),
}, { error: "must be a profile object" });

export const fleetSchema: z.ZodMiniType<unknown> = z.looseObject({
  types: z.array(vehicleTypeSchema, {
    error: "must be an array of vehicle types",
  }).check(minLength(1, "must have at least 1 vehicle type")),
  profiles: z.array(profileSchema, { error: "must be an array of profiles" })
    .check(minLength(1, "must have at least 1 profile")),
}, { error: "must be an object with types and profiles" });

const taskSchema = z.looseObject({
  places: z.array(
    z.looseObject({
      location: latLngObjectSchema,
      duration: nonNegative,
      times: opt(z.array(timeWindowSchema)),
      tag: opt(z.string()),
    }, { error: "must be a place object" }),
    { error: "must be an array of places" },
  ).check(minLength(1, "must have at least 1 place")),
  demand: z.array(nonNegativeInteger, {
    error: "must be an array of non-negative integers",
  }),
}, { error: "must be a task object with places" });

export const planSchema: z.ZodMiniType<unknown> = z.looseObject({
  jobs: z.array(
    z.looseObject({
      id: nonEmptyString,
      tasks: z.looseObject({
        pickups: opt(z.array(taskSchema)),
        deliveries: opt(z.array(taskSchema)),
      }, { error: "must be an object with pickups and/or deliveries" }),
      priority: opt(integer()),
      skills: opt(strings),
      groupId: opt(nonEmptyString),
    }, { error: "must be a job object" }),
    { error: "must be an array of jobs" },
  ).check(minLength(1, "must have at least 1 job")),
  relations: opt(z.array(
    z.looseObject({
      type: nonEmptyString,
      jobs: strings.check(
        minLength(1, "must have at least 1 job"),
      ),
      vehicleId: nonEmptyString,
    }, { error: "must be a relation object" }),
  )),
}, { error: "must be an object with jobs" });

export const objectivesSchema: z.ZodMiniType<unknown> = z.array(
  z.looseObject({ type: nonEmptyString, action: opt(nonEmptyString) }, {
    error: "must be an objective object with a type",
  }),
  { error: "must be an array of objectives" },
);

const TRAFFIC_RULE =
  'must be one of "liveOrHistorical", "historicalOnly", "automatic"';
const TRAFFIC = ["liveOrHistorical", "historicalOnly", "automatic"];
export const trafficSchema: z.ZodMiniType<OptimizationTraffic> = z.string({
  error: TRAFFIC_RULE,
}).check(
  z.refine((v) => TRAFFIC.includes(v), { error: TRAFFIC_RULE }),
) as z.ZodMiniType<OptimizationTraffic>;

export const waitingTimeSchema: z.ZodMiniType<unknown> = z.looseObject({
  reduce: opt(z.boolean({ error: "must be a boolean" })),
  bufferTime: opt(nonNegativeInteger),
}, { error: "must be an object with reduce and bufferTime" });

export const configurationSchema: z.ZodMiniType<unknown> = z.looseObject({
  termination: opt(z.looseObject({
    maxTime: opt(nonNegative),
    stagnationTime: opt(nonNegative),
  })),
  optimizations: opt(z.looseObject({
    traffic: opt(trafficSchema),
    waitingTime: opt(waitingTimeSchema),
  })),
  experimentalFeatures: opt(strings),
}, { error: "must be a configuration object" });
