/**
 * The Tour Planning v3 problem, typed after HERE's problem JSON itself:
 * `fleet` is `{ types, profiles }`, `plan` is `{ jobs, relations }`, with
 * HERE's field names. A problem copied from HERE's documentation (as an
 * object literal, or parsed or imported JSON) type-checks and is sent
 * with its points as `{ lat, lng }`. Every location takes any point
 * (`[lat, lng]`, `{ lat, lng }`, a GeoJSON `Point` or `Feature`).
 *
 * The types hold the fields modelled here and no others, so a misspelled
 * field fails type-checking (and is refused at run time). A field HERE
 * documents that is not modelled (a newer or experimental one) goes in the
 * object's `extra`, whose entries are sent beside the modelled fields
 * (`{ id: "job-1", tasks, extra: { customField: 1 } }` sends
 * `{ id, tasks, customField }`); `extra` may not repeat a modelled field.
 *
 * Times are RFC 3339 strings with an offset (`2024-05-01T08:00:00Z`),
 * durations are seconds, distances metres.
 *
 * @example
 * ```ts
 * import type { Fleet, Plan } from "@ls/tour";
 * const fleet: Fleet = {
 *   types: [{
 *     id: "smallVan",
 *     profile: "car_profile",
 *     costs: { fixed: 20, distance: 0.0002, time: 0.005 },
 *     shifts: [{
 *       start: { time: "2024-05-01T08:00:00Z", location: [52.5, 13.4] },
 *       end: { time: "2024-05-01T17:00:00Z", location: { lat: 52.5, lng: 13.4 } },
 *     }],
 *     capacity: [20],
 *     amount: 2,
 *   }],
 *   profiles: [{ name: "car_profile", type: "car" }],
 * };
 * const plan: Plan = {
 *   jobs: [{
 *     id: "job-1",
 *     tasks: {
 *       deliveries: [{
 *         places: [{ location: { lat: 52.52, lng: 13.38 }, duration: 300 }],
 *         demand: [2],
 *       }],
 *     },
 *   }],
 * };
 * ```
 *
 * @module
 */

import type { LatLngLike } from "@ls/core";

/**
 * A location of a problem: any point (`[lat, lng]`, `{ lat, lng }`, a
 * GeoJSON `Point` or `Feature`), sent to HERE as `{ lat, lng }`.
 *
 * @example
 * ```ts
 * import type { TourLocation } from "@ls/tour";
 * const depot: TourLocation = [52.5, 13.4];
 * ```
 */
export type TourLocation = LatLngLike;

/**
 * Fields HERE documents that the object's type does not model, sent as
 * given beside the modelled ones; a modelled field may not be repeated here.
 *
 * @example
 * ```ts
 * import type { Extra } from "@ls/tour";
 * const extra: Extra = { vehicleTypeIds: ["van"] };
 * ```
 */
export type Extra = Readonly<Record<string, unknown>>;

/**
 * A time window: a `[start, end]` pair of RFC 3339 date-times, `start` not
 * after `end`. Typed as a string array so that parsed or imported JSON fits;
 * {@linkcode timeWindow} builds one from `Date`s.
 */
export type TimeWindow = readonly string[];

/** Costs of a vehicle type. */
export interface VehicleCosts {
  /** Cost of using a vehicle at all (per tour). */
  fixed?: number;
  /** Cost per metre. */
  distance?: number;
  /** Cost per second. */
  time?: number;
  /** Fields HERE documents that are not modelled here, sent as given. */
  extra?: Extra;
}

/** Where and when a shift starts or ends. */
export interface ShiftEnd {
  /** RFC 3339 date-time. */
  time: string;
  /** The depot. */
  location: TourLocation;
  /** Fields HERE documents that are not modelled here, sent as given. */
  extra?: Extra;
}

/** A driver break. */
export interface ShiftBreak {
  /** Break length in seconds. */
  duration?: number;
  /** Windows in which the break may start. */
  times?: readonly TimeWindow[];
  /** Fields HERE documents that are not modelled here, sent as given. */
  extra?: Extra;
}

/** A working shift of a vehicle type. */
export interface Shift {
  /** Shift start. */
  start: ShiftEnd;
  /** Shift end; omit for open-ended tours. */
  end?: ShiftEnd;
  /** Breaks. */
  breaks?: readonly ShiftBreak[];
  /** Fields HERE documents that are not modelled here, sent as given. */
  extra?: Extra;
}

/** Limits of a vehicle type. */
export interface VehicleLimits {
  /** Longest tour in metres. */
  maxDistance?: number;
  /** Longest shift in seconds. */
  shiftTime?: number;
  /** Fields HERE documents that are not modelled here, sent as given. */
  extra?: Extra;
}

/** A vehicle type (`fleet.types[]`). Its vehicles are named `<id>_1`, `<id>_2`, .... */
export interface VehicleType {
  /** Unique id of the type. */
  id: string;
  /** The `name` of an entry of `fleet.profiles`. */
  profile: string;
  /** Costs. */
  costs: VehicleCosts;
  /** Working shifts, at least one. */
  shifts: readonly Shift[];
  /** Capacity per dimension (integers); aligns with job `demand`. */
  capacity: readonly number[];
  /** Number of vehicles of this type. */
  amount: number;
  /** Skills jobs may require. */
  skills?: readonly string[];
  /** Limits. */
  limits?: VehicleLimits;
  /** Fields HERE documents that are not modelled here, sent as given. */
  extra?: Extra;
}

/** A routing profile's mode of transport. */
export type VehicleProfileType =
  | "car"
  | "truck"
  | "scooter"
  | "bicycle"
  | "pedestrian";

/** Road features a profile can avoid (Tour Planning's names: `motorway`, not routing's `controlledAccessHighway`). */
export type TourAvoidFeature =
  | "tollRoad"
  | "motorway"
  | "ferry"
  | "tunnel"
  | "dirtRoad";

/** A routing profile (`fleet.profiles[]`). */
export interface VehicleProfile {
  /** Unique name, referenced by `types[].profile`. */
  name: string;
  /** Mode of transport. */
  type: VehicleProfileType;
  /** RFC 3339 departure time used for routing. */
  departureTime?: string;
  /** Road features to avoid. */
  avoid?: {
    /** The features. */
    features?: readonly TourAvoidFeature[];
    /** Fields HERE documents that are not modelled here, sent as given. */
    extra?: Extra;
  };
  /**
   * Mode options: truck fields (`grossWeight`, `height`, ...) for a
   * `truck` profile, `{ allowHighway }` for a `scooter` profile.
   */
  options?: Record<string, unknown>;
  /** Car profiles: `fast` or `short`. */
  mode?: "fast" | "short";
  /** Fields HERE documents that are not modelled here, sent as given. */
  extra?: Extra;
}

/** The fleet: vehicle types and the profiles they use. */
export interface Fleet {
  /** Vehicle types, at least one. */
  types: readonly VehicleType[];
  /** Routing profiles, at least one. */
  profiles: readonly VehicleProfile[];
  /** Fields HERE documents that are not modelled here, sent as given. */
  extra?: Extra;
}

/** One alternative place of a task. */
export interface JobPlace {
  /** Where. */
  location: TourLocation;
  /** Service time in seconds. */
  duration: number;
  /** Time windows in which service may start. */
  times?: readonly TimeWindow[];
  /** Free text returned with the activity (`jobTag`). */
  tag?: string;
  /** Fields HERE documents that are not modelled here, sent as given. */
  extra?: Extra;
}

/** A pickup or delivery: alternative places and the demand. */
export interface JobTask {
  /** Alternative places; one of them is served. */
  places: readonly JobPlace[];
  /** Demand per capacity dimension (integers), as many as `capacity` has. */
  demand: readonly number[];
  /** Fields HERE documents that are not modelled here, sent as given. */
  extra?: Extra;
}

/** The tasks of a job; at least one pickup or delivery. */
export interface JobTasks {
  /** Pickups; all happen before the job's deliveries. */
  pickups?: readonly JobTask[];
  /** Deliveries. */
  deliveries?: readonly JobTask[];
  /** Fields HERE documents that are not modelled here, sent as given. */
  extra?: Extra;
}

/** A job (`plan.jobs[]`). */
export interface Job {
  /** Unique id. */
  id: string;
  /** The tasks. */
  tasks: JobTasks;
  /** Priority (1 high, 2 normal in HERE's client). */
  priority?: number;
  /** Skills a vehicle needs for this job. */
  skills?: readonly string[];
  /** Groups jobs that go together. */
  groupId?: string;
  /** Fields HERE documents that are not modelled here, sent as given. */
  extra?: Extra;
}

/** How strictly a relation binds. */
export type RelationType =
  | "sequence"
  | "tour"
  | "flexible";

/** A preferred assignment of jobs to a vehicle (`plan.relations[]`). */
export interface Relation {
  /** `sequence`, `tour` or `flexible`. */
  type: RelationType;
  /** Job ids in order; `departure`, `break`, `arrival` are reserved. */
  jobs: readonly string[];
  /** A concrete vehicle, `<typeId>_<n>`. */
  vehicleId: string;
  /** Fields HERE documents that are not modelled here, sent as given. */
  extra?: Extra;
}

/** The plan: jobs, and optional relations. */
export interface Plan {
  /** Jobs, at least one. */
  jobs: readonly Job[];
  /** Relations. */
  relations?: readonly Relation[];
  /** Fields HERE documents that are not modelled here, sent as given. */
  extra?: Extra;
}

/**
 * An optimisation objective type. An objective HERE adds later: leave
 * `objectives` out and send the list with the call's `body` option
 * (`{ body: { objectives: [...] } }`).
 */
export type ObjectiveType =
  | "minimizeUnassigned"
  | "optimizeTourCount"
  | "minimizeCost"
  | "minimizeDistance"
  | "minimizeDuration"
  | "minimizeTours"
  | "maximizeTours"
  | "optimizeTaskOrder";

/** One objective, in priority order. */
export interface Objective {
  /** The objective. */
  type: ObjectiveType;
  /** E.g. `maximize` for `optimizeTourCount`. */
  action?: string;
  /** Fields HERE documents that are not modelled here, sent as given. */
  extra?: Extra;
}

/** Traffic data used for routing. */
export type OptimizationTraffic =
  | "liveOrHistorical"
  | "historicalOnly"
  | "automatic";

/** Departure-time optimisation that reduces waiting before time windows. */
export interface WaitingTimeOptimization {
  /** Reduce waiting time. */
  reduce?: boolean;
  /** Seconds of buffer kept before a time window. */
  bufferTime?: number;
  /** Fields HERE documents that are not modelled here, sent as given. */
  extra?: Extra;
}

/** Solver configuration. */
export interface TourConfiguration {
  /** When the solver stops. */
  termination?: {
    /** Seconds of solving at most. */
    maxTime?: number;
    /** Stop after this many seconds without improvement. */
    stagnationTime?: number;
    /** Fields HERE documents that are not modelled here, sent as given. */
    extra?: Extra;
  };
  /** Routing optimisations. */
  optimizations?: {
    /** Traffic data used. */
    traffic?: OptimizationTraffic;
    /** Departure-time optimisation. */
    waitingTime?: WaitingTimeOptimization;
    /** Fields HERE documents that are not modelled here, sent as given. */
    extra?: Extra;
  };
  /** Experimental features to enable. */
  experimentalFeatures?: readonly string[];
  /** Fields HERE documents that are not modelled here, sent as given. */
  extra?: Extra;
}

/**
 * The complete problem JSON sent to HERE, as
 * `buildTourPlanningProblem` returns it: every location as `{ lat, lng }`,
 * each `extra` merged into its object.
 */
export interface TourPlanningProblem {
  /** Your id of the problem. */
  id?: string;
  /** The fleet. */
  fleet: Fleet;
  /** The plan. */
  plan: Plan;
  /** Objectives in priority order. */
  objectives?: readonly Objective[];
  /** Solver configuration. */
  configuration?: TourConfiguration;
}
