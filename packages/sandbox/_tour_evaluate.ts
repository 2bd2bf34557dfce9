// The cost of one tour: its events simulated in order (departure as late as
// the first time window allows, travel, waiting, service, breaks, arrival)
// against capacity, time windows, shift times, skills and limits.

import type {
  Act,
  Evaluation,
  Event,
  Job,
  Problem,
  Reason,
  Shift,
} from "./_tour_problem.ts";

/** The evaluation of an empty tour. */
export const EMPTY: Evaluation = {
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

/** The evaluation of a tour that breaks a constraint. */
function fail(reason: Reason): Evaluation {
  return { ...EMPTY, ok: false, reason, cost: Infinity };
}

/** True when the shift's vehicle has the job's skills. */
export function hasSkills(shift: Shift, job: Job): boolean {
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
    if (!hasSkills(shift, job)) return fail("SKILL_CONSTRAINT");
    if (seen.has(a.job)) continue;
    seen.add(a.job);
    if (staticDelivery(job)) {
      for (const t of job.tasks) {
        for (let i = 0; i < dims; i++) load[i] += t.demand[i] ?? 0;
      }
    }
  }
  if (!fitsCapacity(load, shift.capacity)) return fail("CAPACITY_CONSTRAINT");

  // Depart as late as the first activity allows.
  const first = acts[0];
  const firstPlace =
    problem.jobs[first.job].tasks[first.task].places[first.place];
  const firstLeg = problem.travel(
    shift.profile,
    shift.start.loc,
    firstPlace.loc,
  );
  if (!firstLeg) return fail("REACHABLE_CONSTRAINT");
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
    if (!leg) return fail("REACHABLE_CONSTRAINT");
    maybeBreak(leg.duration);
    const arrival = t + leg.duration * 1000;
    let start = arrival;
    if (place.windows.length) {
      const w = place.windows.find((win) => win[1] >= arrival);
      if (!w) return fail("TIME_WINDOW_CONSTRAINT");
      start = Math.max(arrival, w[0]);
    }
    const end = start + place.duration * 1000;
    if (task.kind === "pickup") {
      for (let i = 0; i < dims; i++) load[i] += task.demand[i] ?? 0;
      picked.add(a.job);
    } else {
      if (!staticDelivery(job) && !picked.has(a.job)) {
        return fail("CAPACITY_CONSTRAINT");
      }
      for (let i = 0; i < dims; i++) load[i] -= task.demand[i] ?? 0;
    }
    if (!fitsCapacity(load, shift.capacity)) return fail("CAPACITY_CONSTRAINT");
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
    if (!leg) return fail("REACHABLE_CONSTRAINT");
    maybeBreak(leg.duration);
    const arrival = t + leg.duration * 1000;
    if (arrival > shift.end.time) return fail("SHIFT_TIME_CONSTRAINT");
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
    return fail("SHIFT_TIME_CONSTRAINT");
  }
  const duration = (t - departure) / 1000;
  if (
    shift.limits.shiftTime !== undefined && duration > shift.limits.shiftTime
  ) {
    return fail("SHIFT_TIME_CONSTRAINT");
  }
  if (
    shift.limits.maxDistance !== undefined &&
    distance > shift.limits.maxDistance
  ) {
    return fail("MAX_DISTANCE_CONSTRAINT");
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
