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
import { EMPTY, evaluate, hasSkills } from "./_tour_evaluate.ts";
import type {
  Act,
  Evaluation,
  Job,
  Problem,
  Reason,
  Shift,
  Solution,
} from "./_tour_problem.ts";

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
