// A vehicle-routing heuristic for tour planning: cheapest insertion in
// priority order, then local search (relocate, 2-opt, tour elimination),
// honouring multi-dimensional capacity, time windows, shift times, breaks,
// skills, distance and shift-time limits, and job relations. Travel comes
// from the sandbox's travel model. Deterministic: no randomness, and the
// search is bounded by a pass count (a cap on working time only guards
// against very large problems). The search yields to the event loop every
// few milliseconds (see `Slicer`), so a big problem does not stall the
// sandbox's other requests.

import { Slicer } from "./_slicer.ts";
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

const FAIL = (reason: Reason): Evaluation => ({
  ok: false,
  reason,
  cost: Infinity,
  distance: 0,
  duration: 0,
  driving: 0,
  serving: 0,
  waiting: 0,
  breakTime: 0,
  events: [],
});

const EMPTY: Evaluation = {
  ok: true,
  cost: 0,
  distance: 0,
  duration: 0,
  driving: 0,
  serving: 0,
  waiting: 0,
  breakTime: 0,
  events: [],
};

/** True when the shift's vehicle has the job's skills. */
function hasSkills(shift: Shift, job: Job): boolean {
  const s = job.skills;
  return s.allOf.every((k) => shift.skills.has(k)) &&
    (s.oneOf.length === 0 || s.oneOf.some((k) => shift.skills.has(k))) &&
    s.noneOf.every((k) => !shift.skills.has(k));
}

function fitsCapacity(
  load: readonly number[],
  capacity: readonly number[],
): boolean {
  for (let i = 0; i < capacity.length; i++) {
    if ((load[i] ?? 0) > capacity[i] || (load[i] ?? 0) < 0) return false;
  }
  return true;
}

function staticDelivery(job: Job): boolean {
  return job.tasks.every((t) => t.kind === "delivery");
}

/** Simulates a tour: times, loads, distance, breaks and cost. */
export function evaluate(
  problem: Problem,
  shift: Shift,
  acts: readonly Act[],
): Evaluation {
  if (acts.length === 0) return EMPTY;
  const dims = shift.capacity.length;
  const load = new Array<number>(dims).fill(0);
  const seen = new Set<number>();
  for (const a of acts) {
    const job = problem.jobs[a.job];
    if (!hasSkills(shift, job)) return FAIL("SKILL_CONSTRAINT");
    if (seen.has(a.job)) continue;
    seen.add(a.job);
    if (staticDelivery(job)) {
      for (const t of job.tasks) {
        for (let i = 0; i < dims; i++) load[i] += t.demand[i] ?? 0;
      }
    }
  }
  if (!fitsCapacity(load, shift.capacity)) return FAIL("CAPACITY_CONSTRAINT");

  // Depart as late as the first activity allows.
  const first = acts[0];
  const firstPlace =
    problem.jobs[first.job].tasks[first.task].places[first.place];
  const firstLeg = problem.travel(
    shift.profile,
    shift.start.loc,
    firstPlace.loc,
  );
  if (!firstLeg) return FAIL("REACHABLE_CONSTRAINT");
  let departure = shift.start.time;
  const reach = departure + firstLeg.duration * 1000;
  const firstWindow = firstPlace.windows.find((w) => w[1] >= reach);
  if (firstWindow && firstWindow[0] > reach && shift.breaks.length === 0) {
    departure = firstWindow[0] - firstLeg.duration * 1000;
  }

  let t = departure;
  let loc = shift.start.loc;
  let distance = 0, driving = 0, serving = 0, waiting = 0, breakTime = 0;
  const events: Event[] = [{
    kind: "departure",
    loc,
    arrival: t,
    start: t,
    end: t,
    load: load.slice(),
    distance: 0,
  }];
  const taken = new Array<boolean>(shift.breaks.length).fill(false);
  const maybeBreak = (legSeconds: number) => {
    shift.breaks.forEach((b, i) => {
      if (taken[i]) return;
      const w = b.windows.find((win) => win[1] >= t) ??
        b.windows[b.windows.length - 1];
      if (!w) return;
      if (t + legSeconds * 1000 >= w[0] || t >= w[1]) {
        const start = Math.max(t, Math.min(w[0], w[1]));
        waiting += start - t;
        const end = start + b.duration * 1000;
        events.push({
          kind: "break",
          loc,
          arrival: t,
          start,
          end,
          load: load.slice(),
          distance,
        });
        breakTime += b.duration * 1000;
        t = end;
        taken[i] = true;
      }
    });
  };
  const picked = new Set<number>();
  for (const a of acts) {
    const job = problem.jobs[a.job];
    const task = job.tasks[a.task];
    const place = task.places[a.place];
    const leg = problem.travel(shift.profile, loc, place.loc);
    if (!leg) return FAIL("REACHABLE_CONSTRAINT");
    maybeBreak(leg.duration);
    const arrival = t + leg.duration * 1000;
    let start = arrival;
    if (place.windows.length) {
      const w = place.windows.find((win) => win[1] >= arrival);
      if (!w) return FAIL("TIME_WINDOW_CONSTRAINT");
      start = Math.max(arrival, w[0]);
    }
    const end = start + place.duration * 1000;
    if (task.kind === "pickup") {
      for (let i = 0; i < dims; i++) load[i] += task.demand[i] ?? 0;
      picked.add(a.job);
    } else {
      if (!staticDelivery(job) && !picked.has(a.job)) {
        return FAIL("CAPACITY_CONSTRAINT");
      }
      for (let i = 0; i < dims; i++) load[i] -= task.demand[i] ?? 0;
    }
    if (!fitsCapacity(load, shift.capacity)) return FAIL("CAPACITY_CONSTRAINT");
    distance += leg.distance;
    driving += leg.duration * 1000;
    waiting += start - arrival;
    serving += place.duration * 1000;
    events.push({
      kind: "activity",
      loc: place.loc,
      arrival,
      start,
      end,
      act: a,
      load: load.slice(),
      distance,
    });
    t = end;
    loc = place.loc;
  }
  if (shift.end) {
    const leg = problem.travel(shift.profile, loc, shift.end.loc);
    if (!leg) return FAIL("REACHABLE_CONSTRAINT");
    maybeBreak(leg.duration);
    const arrival = t + leg.duration * 1000;
    if (arrival > shift.end.time) return FAIL("SHIFT_TIME_CONSTRAINT");
    distance += leg.distance;
    driving += leg.duration * 1000;
    events.push({
      kind: "arrival",
      loc: shift.end.loc,
      arrival,
      start: arrival,
      end: arrival,
      load: load.slice(),
      distance,
    });
    t = arrival;
  } else if (
    events[events.length - 1].end > shift.start.time + 7 * 86_400_000
  ) {
    return FAIL("SHIFT_TIME_CONSTRAINT");
  }
  const duration = (t - departure) / 1000;
  if (
    shift.limits.shiftTime !== undefined && duration > shift.limits.shiftTime
  ) {
    return FAIL("SHIFT_TIME_CONSTRAINT");
  }
  if (
    shift.limits.maxDistance !== undefined &&
    distance > shift.limits.maxDistance
  ) {
    return FAIL("MAX_DISTANCE_CONSTRAINT");
  }
  return {
    ok: true,
    cost: shift.costs.fixed + shift.costs.distance * distance +
      shift.costs.time * duration,
    distance,
    duration,
    driving: driving / 1000,
    serving: serving / 1000,
    waiting: waiting / 1000,
    breakTime: breakTime / 1000,
    events,
  };
}

interface Route {
  shift: number;
  acts: Act[];
  eval: Evaluation;
}

interface Insertion {
  route: number;
  acts: Act[];
  eval: Evaluation;
  delta: number;
}

class Solver {
  readonly p: Problem;
  routes: Route[];
  assigned: Int32Array;
  failures = new Map<number, Map<Reason, number>>();
  readonly slicer: Slicer;

  constructor(problem: Problem, slicer: Slicer) {
    this.p = problem;
    this.slicer = slicer;
    this.routes = problem.shifts.map((_, i) => ({
      shift: i,
      acts: [],
      eval: EMPTY,
    }));
    this.assigned = new Int32Array(problem.jobs.length).fill(-1);
  }

  #note(job: number, reason: Reason | undefined) {
    if (!reason) return;
    const m = this.failures.get(job) ?? new Map<Reason, number>();
    m.set(reason, (m.get(reason) ?? 0) + 1);
    this.failures.set(job, m);
  }

  /**
   * Candidate activity lists for inserting `job` into `acts`, one at a time
   * (a job with many places has very many).
   */
  *#candidates(
    job: number,
    acts: readonly Act[],
    shift: Shift,
  ): Generator<Act[]> {
    const j = this.p.jobs[job];
    const placeOptions = (task: number) =>
      j.tasks[task].places.map((_, i) => i);
    const n = acts.length;
    const legCost = (a: number, b: number) =>
      this.p.travel(shift.profile, a, b)?.distance ?? 1e12;
    const locOf = (k: number) => {
      if (k < 0) return shift.start.loc;
      if (k >= n) return shift.end?.loc ?? -1;
      const a = acts[k];
      return this.p.jobs[a.job].tasks[a.task].places[a.place].loc;
    };
    const positions = (loc: number, from = 0, limit = 15): number[] => {
      const all: number[] = [];
      for (let i = from; i <= n; i++) all.push(i);
      if (all.length <= limit) return all;
      const detour = (i: number) => {
        const prev = locOf(i - 1), next = locOf(i);
        return legCost(prev, loc) +
          (next >= 0 ? legCost(loc, next) - legCost(prev, next) : 0);
      };
      return all.map((i) => [i, detour(i)]).sort((a, b) =>
        a[1] - b[1] || a[0] - b[0]
      )
        .slice(0, limit).map(([i]) => i).sort((a, b) => a - b);
    };
    if (j.tasks.length === 1) {
      for (const place of placeOptions(0)) {
        const loc = j.tasks[0].places[place].loc;
        for (const i of positions(loc)) {
          yield [
            ...acts.slice(0, i),
            { job, task: 0, place },
            ...acts.slice(i),
          ];
        }
      }
      return;
    }
    const pickups = j.tasks.map((t, i) => [t, i] as const).filter(([t]) =>
      t.kind === "pickup"
    );
    const deliveries = j.tasks.map((t, i) => [t, i] as const).filter(([t]) =>
      t.kind === "delivery"
    );
    if (pickups.length === 1 && deliveries.length === 1) {
      const [, pi] = pickups[0], [, di] = deliveries[0];
      for (const pp of placeOptions(pi)) {
        for (const i of positions(j.tasks[pi].places[pp].loc, 0, 8)) {
          const withPickup = [
            ...acts.slice(0, i),
            { job, task: pi, place: pp },
            ...acts.slice(i),
          ];
          for (const dp of placeOptions(di)) {
            for (let k = i + 1; k <= n + 1; k++) {
              if (n > 30 && k > i + 12) break;
              yield [
                ...withPickup.slice(0, k),
                { job, task: di, place: dp },
                ...withPickup.slice(k),
              ];
            }
          }
        }
      }
      return;
    }
    // Several tasks: keep them together as one block, pickups first.
    const block = [...pickups, ...deliveries].map(([, i]) => ({
      job,
      task: i,
      place: 0,
    }));
    for (let i = 0; i <= n; i++) {
      yield [...acts.slice(0, i), ...block, ...acts.slice(i)];
    }
  }

  /** Cheapest feasible insertion of `job` over all routes (except `skip`). */
  async best(job: number, skip = -1): Promise<Insertion | undefined> {
    const j = this.p.jobs[job];
    let best: Insertion | undefined;
    const triedEmpty = new Set<string>();
    for (let r = 0; r < this.routes.length; r++) {
      if (this.slicer.due()) await this.slicer.pause();
      if (r === skip) continue;
      if (j.fixedShift !== undefined && j.fixedShift !== r) continue;
      const route = this.routes[r];
      const shift = this.p.shifts[route.shift];
      if (route.acts.length === 0) {
        const key = `${shift.typeId}#${shift.shiftIndex}`;
        if (j.fixedShift === undefined && triedEmpty.has(key)) continue;
        triedEmpty.add(key);
      }
      if (!hasSkills(shift, j)) {
        this.#note(job, "SKILL_CONSTRAINT");
        continue;
      }
      for (const acts of this.#candidates(job, route.acts, shift)) {
        if (this.slicer.due()) await this.slicer.pause();
        if (!this.#sequenceOk(acts)) continue;
        const ev = evaluate(this.p, shift, acts);
        if (!ev.ok) {
          this.#note(job, ev.reason);
          continue;
        }
        const delta = ev.cost - route.eval.cost;
        if (!best || delta < best.delta - 1e-9) {
          best = { route: r, acts, eval: ev, delta };
        }
      }
    }
    return best;
  }

  #sequenceOk(acts: readonly Act[]): boolean {
    let last = -Infinity;
    for (const a of acts) {
      const s = this.p.jobs[a.job].sequence;
      if (s === undefined) continue;
      if (s < last) return false;
      last = s;
    }
    return true;
  }

  apply(job: number, ins: Insertion) {
    const route = this.routes[ins.route];
    route.acts = ins.acts;
    route.eval = ins.eval;
    this.assigned[job] = ins.route;
  }

  remove(job: number): { route: number; acts: Act[]; eval: Evaluation } {
    const r = this.assigned[job];
    const route = this.routes[r];
    const saved = { route: r, acts: route.acts, eval: route.eval };
    route.acts = route.acts.filter((a) => a.job !== job);
    route.eval = evaluate(this.p, this.p.shifts[route.shift], route.acts);
    this.assigned[job] = -1;
    return saved;
  }

  restore(
    job: number,
    saved: { route: number; acts: Act[]; eval: Evaluation },
  ) {
    this.routes[saved.route].acts = saved.acts;
    this.routes[saved.route].eval = saved.eval;
    this.assigned[job] = saved.route;
  }

  get cost(): number {
    return this.routes.reduce((s, r) => s + r.eval.cost, 0);
  }

  timeLeft(): boolean {
    return this.slicer.busyMs() < this.p.timeBudgetMs;
  }

  async construct() {
    const order = this.p.jobs.map((_, i) => i).sort((a, b) => {
      const ja = this.p.jobs[a], jb = this.p.jobs[b];
      const fa = ja.fixedShift !== undefined ? 0 : 1,
        fb = jb.fixedShift !== undefined ? 0 : 1;
      return fa - fb || (ja.sequence ?? 0) - (jb.sequence ?? 0) ||
        ja.priority - jb.priority ||
        latest(ja) - latest(jb) || size(jb) - size(ja) || a - b;
    });
    for (const job of order) {
      const ins = await this.best(job);
      if (ins) this.apply(job, ins);
    }
    await this.#prioritise();
  }

  /** Makes room for unassigned jobs by dropping less important ones. */
  async #prioritise() {
    for (let u = 0; u < this.p.jobs.length && this.timeLeft(); u++) {
      if (this.assigned[u] >= 0) continue;
      const pu = this.p.jobs[u].priority;
      const victims = this.p.jobs.map((_, v) => v).filter((v) =>
        this.assigned[v] >= 0 && this.p.jobs[v].priority > pu &&
        this.p.jobs[v].fixedShift === undefined
      );
      for (const v of victims) {
        if (this.slicer.due()) await this.slicer.pause();
        const saved = this.remove(v);
        const ins = await this.best(u);
        if (ins) {
          this.apply(u, ins);
          const again = await this.best(v);
          if (again) this.apply(v, again);
          break;
        }
        this.restore(v, saved);
      }
    }
  }

  async improve(maxPasses = 25) {
    for (let pass = 0; pass < maxPasses && this.timeLeft(); pass++) {
      let improved = false;
      // Relocate.
      for (let job = 0; job < this.p.jobs.length && this.timeLeft(); job++) {
        if (this.assigned[job] < 0 || this.p.jobs[job].sequence !== undefined) {
          continue;
        }
        const before = this.cost;
        const saved = this.remove(job);
        const ins = await this.best(job);
        if (ins && this.cost + ins.delta < before - 1e-6) {
          this.apply(job, ins);
          improved = true;
        } else {
          this.restore(job, saved);
        }
      }
      // 2-opt within each tour.
      for (const route of this.routes) {
        if (route.acts.length < 3 || !this.timeLeft()) continue;
        if (route.acts.some((a) => this.p.jobs[a.job].sequence !== undefined)) {
          continue;
        }
        const shift = this.p.shifts[route.shift];
        for (let i = 0; i < route.acts.length - 1; i++) {
          for (let k = i + 1; k < route.acts.length; k++) {
            if (this.slicer.due()) await this.slicer.pause();
            const acts = [
              ...route.acts.slice(0, i),
              ...route.acts.slice(i, k + 1).reverse(),
              ...route.acts.slice(k + 1),
            ];
            const ev = evaluate(this.p, shift, acts);
            if (ev.ok && ev.cost < route.eval.cost - 1e-6) {
              route.acts = acts;
              route.eval = ev;
              improved = true;
            }
          }
        }
      }
      // Tour elimination: empty the smallest tour if its jobs fit elsewhere.
      const used = this.routes.map((r, i) => [i, r.acts.length] as const)
        .filter(([, n]) => n > 0)
        .sort((a, b) => a[1] - b[1] || a[0] - b[0]);
      if (used.length > 1 && this.timeLeft()) {
        const [victim] = used[0];
        const before = this.cost;
        const snapshot = this.routes.map((r) => ({
          acts: r.acts,
          eval: r.eval,
        }));
        const assigned = this.assigned.slice();
        const jobs = [...new Set(this.routes[victim].acts.map((a) => a.job))];
        if (jobs.every((j) => this.p.jobs[j].fixedShift === undefined)) {
          this.routes[victim].acts = [];
          this.routes[victim].eval = EMPTY;
          let ok = true;
          for (const j of jobs) {
            this.assigned[j] = -1;
            const ins = await this.best(j, victim);
            if (!ins) {
              ok = false;
              break;
            }
            this.apply(j, ins);
          }
          if (ok && this.cost < before - 1e-6) {
            improved = true;
          } else {
            this.routes.forEach((r, i) => {
              r.acts = snapshot[i].acts;
              r.eval = snapshot[i].eval;
            });
            this.assigned = assigned;
          }
        }
      }
      // Retry unassigned jobs.
      for (let job = 0; job < this.p.jobs.length && this.timeLeft(); job++) {
        if (this.assigned[job] >= 0) continue;
        const ins = await this.best(job);
        if (ins) {
          this.apply(job, ins);
          improved = true;
        }
      }
      if (!improved) break;
    }
  }

  async reasons(job: number): Promise<Reason[]> {
    const j = this.p.jobs[job];
    const reasons = new Set<Reason>();
    let fitsAlone = false;
    const groups = new Set<string>();
    for (const [r, shift] of this.p.shifts.entries()) {
      if (j.fixedShift !== undefined && j.fixedShift !== r) continue;
      const key = `${shift.typeId}#${shift.shiftIndex}`;
      if (groups.has(key)) continue;
      groups.add(key);
      if (!hasSkills(shift, j)) {
        reasons.add("SKILL_CONSTRAINT");
        continue;
      }
      // Does the job fit into an empty tour? Else the first candidate's reason.
      let first: Reason | undefined;
      let tried = false, fits = false;
      for (const acts of this.#candidates(job, [], shift)) {
        if (this.slicer.due()) await this.slicer.pause();
        const ev = evaluate(this.p, shift, acts);
        if (ev.ok) {
          fits = true;
          break;
        }
        if (!tried) first = ev.reason;
        tried = true;
      }
      if (fits) fitsAlone = true;
      else if (first) reasons.add(first);
    }
    if (fitsAlone || reasons.size === 0) {
      const counts = [...(this.failures.get(job) ?? new Map<Reason, number>())]
        .filter(([r]) =>
          r !== "SKILL_CONSTRAINT" && r !== "REACHABLE_CONSTRAINT"
        )
        .sort((a, b) => b[1] - a[1]);
      return [counts[0]?.[0] ?? "NO_REASON_FOUND"];
    }
    return [...reasons];
  }
}

function latest(job: Job): number {
  let end = Infinity;
  for (const t of job.tasks) {
    for (const p of t.places) {
      for (const w of p.windows) end = Math.min(end, w[1]);
    }
  }
  return end === Infinity ? Number.MAX_SAFE_INTEGER : end;
}

function size(job: Job): number {
  return job.tasks.reduce((s, t) => s + t.demand.reduce((a, b) => a + b, 0), 0);
}

/**
 * Solves a problem: tours for the used shifts and the unassigned jobs with
 * reasons. Yields to the event loop as `slicer` says (a fresh one by
 * default); rejects with the slicer's abort reason.
 */
export async function solve(
  problem: Problem,
  slicer: Slicer = new Slicer(),
): Promise<Solution> {
  const solver = new Solver(problem, slicer);
  await solver.construct();
  await solver.improve();
  const tours = solver.routes
    .map((r, i) => ({ shift: i, acts: r.acts, evaluation: r.eval }))
    .filter((t) => t.acts.length > 0);
  const unassigned: Solution["unassigned"] = [];
  for (const job of problem.jobs.keys()) {
    if (solver.assigned[job] < 0) {
      unassigned.push({ job, reasons: await solver.reasons(job) });
    }
  }
  return { tours, unassigned };
}
