// The input and output of the tour-planning solver: jobs with their tasks,
// places, time windows and skills; vehicle shifts with capacity, costs,
// limits and breaks; and the tours and unassigned jobs it finds.

import type { TravelOptions } from "./travel_model.ts";

/** A time window, ms. */
export type Window = [number, number];

/** Where and how long a task is served. */
export interface Place {
  /** Index into the location list. */
  loc: number;
  /** Service time, seconds. */
  duration: number;
  /** Allowed service start windows (empty: any time). */
  windows: Window[];
  /** Caller's tag, echoed as `jobTag`. */
  tag?: string;
}

/** A pickup or delivery of a job. */
export interface Task {
  kind: "pickup" | "delivery";
  /** Alternative places; one is used. */
  places: Place[];
  /** Amount per capacity dimension. */
  demand: number[];
}

/** Skill requirements of a job. */
export interface Skills {
  allOf: string[];
  oneOf: string[];
  noneOf: string[];
}

/** A job: its tasks (pickups before deliveries), priority and skills. */
export interface Job {
  id: string;
  /** 1 is the most important. */
  priority: number;
  skills: Skills;
  tasks: Task[];
  /** Shift index the job is bound to by a relation. */
  fixedShift?: number;
  /** Position within a `sequence` relation (keeps the order). */
  sequence?: number;
}

/** A break within a shift. */
export interface Break {
  /** Seconds. */
  duration: number;
  /** When it may start, ms. */
  windows: Window[];
}

/** One shift of one vehicle: what a tour is planned for. */
export interface Shift {
  vehicleId: string;
  typeId: string;
  shiftIndex: number;
  /** Travel options of the vehicle's profile. */
  profile: number;
  start: { loc: number; time: number };
  end?: { loc: number; time: number };
  capacity: number[];
  skills: ReadonlySet<string>;
  costs: { fixed: number; distance: number; time: number };
  limits: { maxDistance?: number; shiftTime?: number };
  breaks: Break[];
}

/** The solver's input. */
export interface Problem {
  /** Distinct locations. */
  locations: readonly { lat: number; lng: number }[];
  /** Travel options per profile. */
  profiles: readonly TravelOptions[];
  shifts: Shift[];
  jobs: Job[];
  /** Travel: distance (m) and duration (s) from `a` to `b` for a profile; undefined when unreachable. */
  travel: (
    profile: number,
    a: number,
    b: number,
  ) => { distance: number; duration: number } | undefined;
  /** Working-time budget of the search, ms (pauses do not count). */
  timeBudgetMs: number;
}

/** One activity in a tour. */
export interface Act {
  job: number;
  task: number;
  place: number;
}

/** An unassigned job reason code. */
export type Reason =
  | "SKILL_CONSTRAINT"
  | "CAPACITY_CONSTRAINT"
  | "TIME_WINDOW_CONSTRAINT"
  | "SHIFT_TIME_CONSTRAINT"
  | "MAX_DISTANCE_CONSTRAINT"
  | "REACHABLE_CONSTRAINT"
  | "NO_REASON_FOUND";

/** A scheduled event of a tour. */
export interface Event {
  kind: "departure" | "activity" | "break" | "arrival";
  loc: number;
  /** Arrival at the location, ms. */
  arrival: number;
  /** Start of the activity, ms. */
  start: number;
  /** End of the activity, ms. */
  end: number;
  /** The activity (for `activity`). */
  act?: Act;
  /** Load after the event. */
  load: number[];
  /** Distance driven so far, m. */
  distance: number;
}

/** The evaluation of one tour. */
export interface Evaluation {
  ok: boolean;
  reason?: Reason;
  cost: number;
  distance: number;
  duration: number;
  driving: number;
  serving: number;
  waiting: number;
  breakTime: number;
  events: Event[];
}

/** The solver's output. */
export interface Solution {
  tours: { shift: number; acts: Act[]; evaluation: Evaluation }[];
  unassigned: { job: number; reasons: Reason[] }[];
}
