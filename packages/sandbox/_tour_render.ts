// The solution of a Tour Planning v3 problem as HERE writes it, from the
// solver's tours and unassigned jobs.

import { Slicer } from "./_slicer.ts";
import type { Problem, Reason } from "./_tour_problem.ts";
import { solve } from "./_tour_solver.ts";
import { formatTime, round } from "./_util.ts";

const REASON_TEXT: Record<Reason, string> = {
  SKILL_CONSTRAINT: "no vehicle has the skills the job requires",
  CAPACITY_CONSTRAINT:
    "the job does not fit into any vehicle's remaining capacity",
  TIME_WINDOW_CONSTRAINT: "the job cannot be served within its time windows",
  SHIFT_TIME_CONSTRAINT:
    "the job cannot be served within the vehicles' shift times",
  MAX_DISTANCE_CONSTRAINT:
    "serving the job exceeds the vehicles' maximum distance",
  REACHABLE_CONSTRAINT: "the job's location cannot be reached by road",
  NO_REASON_FOUND: "no feasible insertion was found",
};

function iso(ms: number): string {
  return formatTime(ms, 0, { zulu: true });
}

/**
 * Solves a problem and writes the solution as HERE does: tours with their
 * stops (activities at one place merged into one stop), statistics, and the
 * unassigned jobs with reasons. Rejects with the abort reason when `signal`
 * aborts (the sandbox closes).
 */
export async function renderSolution(
  problem: Problem,
  signal: AbortSignal,
): Promise<Record<string, unknown>> {
  const { locations } = problem;
  const solution = await solve(problem, new Slicer(signal));
  const at = (i: number) => ({ lat: locations[i].lat, lng: locations[i].lng });
  const tours = solution.tours.map(({ shift: si, evaluation: ev }) => {
    const shift = problem.shifts[si];
    const stops: Record<string, unknown>[] = [];
    for (const e of ev.events) {
      const last = stops[stops.length - 1] as
        | {
          loc: number;
          time: { arrival: string; departure: string };
          activities: unknown[];
          load: number[];
          departureMs: number;
        }
        | undefined;
      let activity: Record<string, unknown>;
      if (e.kind === "activity") {
        const job = problem.jobs[e.act!.job];
        const task = job.tasks[e.act!.task];
        const place = task.places[e.act!.place];
        activity = {
          jobId: job.id,
          type: task.kind,
          time: { start: iso(e.start), end: iso(e.end) },
          ...(place.tag !== undefined ? { jobTag: place.tag } : {}),
        };
      } else {
        activity = {
          jobId: e.kind,
          type: e.kind,
          time: { start: iso(e.start), end: iso(e.end) },
        };
      }
      const sameStop = last && last.loc === e.loc &&
        (e.kind === "break" || e.arrival === last.departureMs);
      if (sameStop) {
        last!.activities.push(activity);
        last!.departureMs = Math.max(last!.departureMs, e.end);
        last!.time.departure = iso(last!.departureMs);
        last!.load = e.load;
      } else {
        stops.push({
          loc: e.loc,
          location: at(e.loc),
          time: { arrival: iso(e.arrival), departure: iso(e.end) },
          distance: e.distance,
          load: e.load,
          activities: [activity],
          departureMs: e.end,
        });
      }
    }
    for (const s of stops) {
      delete s.loc;
      delete s.departureMs;
    }
    const statistic = {
      cost: round(ev.cost, 3),
      distance: ev.distance,
      duration: Math.round(ev.duration),
      times: {
        driving: Math.round(ev.driving),
        serving: Math.round(ev.serving),
        waiting: Math.round(ev.waiting),
        break: Math.round(ev.breakTime),
      },
    };
    return {
      vehicleId: shift.vehicleId,
      typeId: shift.typeId,
      shiftIndex: shift.shiftIndex,
      stops,
      statistic,
    };
  });
  // The solution's statistic sums its tours' (the cost unrounded).
  const sum = (of: (tour: (typeof tours)[number]) => number) =>
    tours.reduce((total, tour) => total + of(tour), 0);
  const cost = solution.tours.reduce(
    (total, t) => total + t.evaluation.cost,
    0,
  );
  const out: Record<string, unknown> = {
    statistic: {
      cost: round(cost, 3),
      distance: sum((t) => t.statistic.distance),
      duration: sum((t) => t.statistic.duration),
      times: {
        driving: sum((t) => t.statistic.times.driving),
        serving: sum((t) => t.statistic.times.serving),
        waiting: sum((t) => t.statistic.times.waiting),
        break: sum((t) => t.statistic.times.break),
      },
    },
    tours,
  };
  if (solution.unassigned.length) {
    out.unassigned = solution.unassigned.map(({ job, reasons }) => ({
      jobId: problem.jobs[job].id,
      reasons: reasons.map((code) => ({
        code,
        description: REASON_TEXT[code],
      })),
    }));
  }
  return out;
}
