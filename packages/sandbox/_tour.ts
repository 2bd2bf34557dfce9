// Tour Planning v3: POST /v3/problems (sync), POST /v3/problems/async,
// GET /v3/status/{id} and GET /v3/problems/{id}/solution.

import {
  type Ctx,
  isNumber,
  isObject,
  json,
  latLngObject,
  readJson,
  routingError,
} from "./_http.ts";
import { type Gazetteer, loadGazetteer } from "./_gazetteer.ts";
import { matchPoint } from "./_network.ts";
import { checkQuery } from "./_routing.ts";
import { Slicer } from "./_slicer.ts";
import {
  type Break,
  type Job,
  type Place,
  type Problem,
  type Reason,
  type Shift,
  type Skills,
  solve,
  type Task,
  type Window,
} from "./_tour_solver.ts";
import { formatTime, parseTime, round } from "./_util.ts";
import {
  TRANSPORT_MODES,
  type TransportMode,
  travel,
  type TravelOptions,
} from "./travel_model.ts";

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

/**
 * The largest problem solved: v2's documented async limits (3,000 jobs, 150
 * vehicle types; tour.md §1). v3's limits are unverified; sync problems get
 * the same bound, as the sandbox solves big ones without stalling.
 */
const MAX_JOBS = 3000;
const MAX_VEHICLE_TYPES = 150;

class Invalid extends Error {}

const fail = (cause: string): never => {
  throw new Invalid(cause);
};

function time(value: unknown, where: string): number {
  if (typeof value !== "string") fail(`${where} must be an RFC 3339 date-time`);
  const t = parseTime(value as string);
  if (!t) {
    fail(
      `${where} must be an RFC 3339 date-time with an offset, got '${
        String(value)
      }'`,
    );
  }
  return t!.ms;
}

function windows(value: unknown, where: string): Window[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) {
    fail(`${where} must be an array of [start, end] pairs`);
  }
  return (value as unknown[]).map((w, i) => {
    if (!Array.isArray(w) || w.length !== 2) {
      fail(`${where}[${i}] must be a [start, end] pair`);
    }
    const [s, e] = [
      time((w as unknown[])[0], `${where}[${i}][0]`),
      time((w as unknown[])[1], `${where}[${i}][1]`),
    ];
    if (s > e) fail(`${where}[${i}] starts after it ends`);
    return [s, e] as Window;
  }).sort((a, b) => a[0] - b[0]);
}

function intArray(value: unknown, where: string): number[] {
  if (
    !Array.isArray(value) || value.length === 0 ||
    value.some((v) => !Number.isInteger(v) || v < 0)
  ) {
    fail(`${where} must be a non-empty array of non-negative integers`);
  }
  return value as number[];
}

function strings(value: unknown, where: string): string[] {
  if (value === undefined) return [];
  if (!Array.isArray(value) || value.some((v) => typeof v !== "string")) {
    fail(`${where} must be an array of strings`);
  }
  return value as string[];
}

interface Parsed {
  problem: Problem;
  locations: { lat: number; lng: number }[];
}

function parseProblem(body: unknown, g: Gazetteer): Parsed {
  if (!isObject(body)) {
    fail("The body must be a JSON object with 'fleet' and 'plan'");
  }
  const { fleet, plan, configuration } = body as Record<string, unknown>;
  if (!isObject(fleet)) fail("'fleet' is required");
  if (!isObject(plan)) fail("'plan' is required");
  const f = fleet as Record<string, unknown>,
    pl = plan as Record<string, unknown>;
  if (!Array.isArray(f.profiles) || f.profiles.length === 0) {
    fail("'fleet.profiles' must be a non-empty array");
  }
  if (!Array.isArray(f.types) || f.types.length === 0) {
    fail("'fleet.types' must be a non-empty array");
  }
  if ((f.types as unknown[]).length > MAX_VEHICLE_TYPES) {
    fail(
      `'fleet.types' has ${
        (f.types as unknown[]).length
      } vehicle types; at most ${MAX_VEHICLE_TYPES} are allowed`,
    );
  }
  if (Array.isArray(pl.jobs) && pl.jobs.length > MAX_JOBS) {
    fail(
      `'plan.jobs' has ${pl.jobs.length} jobs; at most ${MAX_JOBS} are allowed`,
    );
  }

  const locations: { lat: number; lng: number }[] = [];
  const locIndex = new Map<string, number>();
  const loc = (value: unknown, where: string): number => {
    const p = latLngObject(value);
    if (!p) fail(`${where} must be {lat, lng} with valid ranges`);
    const key = `${p!.lat},${p!.lng}`;
    let i = locIndex.get(key);
    if (i === undefined) {
      i = locations.length;
      locations.push(p!);
      locIndex.set(key, i);
    }
    return i;
  };

  const profiles: TravelOptions[] = [];
  const profileIndex = new Map<string, number>();
  (f.profiles as unknown[]).forEach((p, i) => {
    if (!isObject(p) || typeof p.name !== "string") {
      fail(`fleet.profiles[${i}] needs a 'name'`);
    }
    const prof = p as Record<string, unknown>;
    const mode = prof.type;
    if (!TRANSPORT_MODES.includes(mode as TransportMode)) {
      fail(
        `fleet.profiles[${i}].type must be one of car, truck, scooter, bicycle, pedestrian, got '${
          String(mode)
        }'`,
      );
    }
    if (profileIndex.has(prof.name as string)) {
      fail(`Duplicate profile name '${prof.name}'`);
    }
    const avoid = isObject(prof.avoid)
      ? strings(prof.avoid.features, `fleet.profiles[${i}].avoid.features`)
      : [];
    profileIndex.set(prof.name as string, profiles.length);
    profiles.push({
      transportMode: mode as TransportMode,
      routingMode: prof.mode === "short" ? "short" : "fast",
      avoidFeatures: avoid.map((a) =>
        a === "motorway" ? "controlledAccessHighway" : a
      ),
    });
  });

  const shifts: Shift[] = [];
  const vehicleShifts = new Map<string, number[]>();
  const typeIds = new Set<string>();
  let dims = -1;
  (f.types as unknown[]).forEach((t, ti) => {
    const where = `fleet.types[${ti}]`;
    if (!isObject(t)) fail(`${where} must be an object`);
    const type = t as Record<string, unknown>;
    if (typeof type.id !== "string" || type.id === "") {
      fail(`${where}.id is required`);
    }
    if (typeIds.has(type.id as string)) {
      fail(`Duplicate vehicle type id '${type.id}'`);
    }
    typeIds.add(type.id as string);
    const profile = profileIndex.get(type.profile as string);
    if (profile === undefined) {
      fail(
        `${where}.profile '${String(type.profile)}' is not in fleet.profiles`,
      );
    }
    if (!isObject(type.costs)) fail(`${where}.costs is required`);
    const c = type.costs as Record<string, unknown>;
    for (const k of ["distance", "time"]) {
      if (!isNumber(c[k]) || (c[k] as number) < 0) {
        fail(`${where}.costs.${k} must be a non-negative number`);
      }
    }
    if (c.fixed !== undefined && (!isNumber(c.fixed) || c.fixed < 0)) {
      fail(`${where}.costs.fixed must be a non-negative number`);
    }
    const capacity = intArray(type.capacity, `${where}.capacity`);
    if (dims >= 0 && capacity.length !== dims) {
      fail(
        `${where}.capacity has ${capacity.length} dimensions, other types have ${dims}`,
      );
    }
    dims = capacity.length;
    if (!Number.isInteger(type.amount) || (type.amount as number) < 1) {
      fail(`${where}.amount must be a positive integer`);
    }
    const skills = new Set(strings(type.skills, `${where}.skills`));
    const limits: Shift["limits"] = {};
    if (type.limits !== undefined) {
      if (!isObject(type.limits)) fail(`${where}.limits must be an object`);
      const l = type.limits as Record<string, unknown>;
      if (l.maxDistance !== undefined) {
        if (!isNumber(l.maxDistance) || l.maxDistance <= 0) {
          fail(`${where}.limits.maxDistance must be positive`);
        }
        limits.maxDistance = l.maxDistance as number;
      }
      if (l.shiftTime !== undefined) {
        if (!isNumber(l.shiftTime) || l.shiftTime <= 0) {
          fail(`${where}.limits.shiftTime must be positive`);
        }
        limits.shiftTime = l.shiftTime as number;
      }
    }
    if (!Array.isArray(type.shifts) || type.shifts.length === 0) {
      fail(`${where}.shifts must be a non-empty array`);
    }
    const parsedShifts = (type.shifts as unknown[]).map((s, si) => {
      const sw = `${where}.shifts[${si}]`;
      if (!isObject(s) || !isObject(s.start)) fail(`${sw}.start is required`);
      const sh = s as Record<string, Record<string, unknown>>;
      const start = {
        loc: loc(sh.start.location, `${sw}.start.location`),
        time: time(sh.start.time, `${sw}.start.time`),
      };
      let end: Shift["end"];
      if (sh.end !== undefined) {
        if (!isObject(sh.end)) fail(`${sw}.end must be an object`);
        end = {
          loc: loc(sh.end.location, `${sw}.end.location`),
          time: time(sh.end.time, `${sw}.end.time`),
        };
        if (end.time < start.time) fail(`${sw} ends before it starts`);
      }
      const breaks: Break[] = [];
      if ((s as Record<string, unknown>).breaks !== undefined) {
        const list = (s as Record<string, unknown>).breaks;
        if (!Array.isArray(list)) fail(`${sw}.breaks must be an array`);
        (list as unknown[]).forEach((b, bi) => {
          if (!isObject(b) || !isNumber(b.duration) || b.duration < 0) {
            fail(`${sw}.breaks[${bi}].duration must be a non-negative number`);
          }
          const w = windows(
            (b as Record<string, unknown>).times,
            `${sw}.breaks[${bi}].times`,
          );
          if (w.length === 0) {
            fail(
              `${sw}.breaks[${bi}].times must hold at least one time window`,
            );
          }
          breaks.push({
            duration: (b as Record<string, number>).duration,
            windows: w,
          });
        });
      }
      return { start, end, breaks };
    });
    // A vehicle beyond one per job can serve nothing: at most that many are
    // made (and any a relation names), so a fleet with a huge `amount`
    // (2^31, say) costs no memory.
    const jobCount = Array.isArray(pl.jobs) ? pl.jobs.length : 0;
    let named = 0;
    if (Array.isArray(pl.relations)) {
      for (const r of pl.relations as unknown[]) {
        const id = isObject(r) ? (r as Record<string, unknown>).vehicleId : "";
        const n = typeof id === "string" && id.startsWith(`${type.id}_`)
          ? Number(id.slice(String(type.id).length + 1))
          : 0;
        if (Number.isInteger(n) && n > named) named = n;
      }
    }
    const made = Math.min(type.amount as number, Math.max(1, jobCount, named));
    for (let n = 1; n <= made; n++) {
      const vehicleId = `${type.id}_${n}`;
      const list: number[] = [];
      parsedShifts.forEach((s, si) => {
        list.push(shifts.length);
        shifts.push({
          vehicleId,
          typeId: type.id as string,
          shiftIndex: si,
          profile: profile!,
          start: s.start,
          end: s.end,
          capacity,
          skills,
          costs: {
            fixed: (c.fixed as number) ?? 0,
            distance: c.distance as number,
            time: c.time as number,
          },
          limits,
          breaks: s.breaks,
        });
      });
      vehicleShifts.set(vehicleId, list);
    }
  });

  if (!Array.isArray(pl.jobs)) fail("'plan.jobs' must be an array");
  const jobs: Job[] = [];
  const jobIndex = new Map<string, number>();
  (pl.jobs as unknown[]).forEach((j, ji) => {
    const where = `plan.jobs[${ji}]`;
    if (!isObject(j)) fail(`${where} must be an object`);
    const job = j as Record<string, unknown>;
    if (typeof job.id !== "string" || job.id === "") {
      fail(`${where}.id is required`);
    }
    if (jobIndex.has(job.id as string)) fail(`Duplicate job id '${job.id}'`);
    if (
      ["departure", "arrival", "break", "reload"].includes(job.id as string)
    ) fail(`Job id '${job.id}' is reserved`);
    if (!isObject(job.tasks)) fail(`${where}.tasks is required`);
    const tasksIn = job.tasks as Record<string, unknown>;
    const tasks: Task[] = [];
    for (const kind of ["pickups", "deliveries"] as const) {
      const list = tasksIn[kind];
      if (list === undefined) continue;
      if (!Array.isArray(list)) fail(`${where}.tasks.${kind} must be an array`);
      (list as unknown[]).forEach((t, ti) => {
        const tw = `${where}.tasks.${kind}[${ti}]`;
        if (!isObject(t) || !Array.isArray(t.places) || t.places.length === 0) {
          fail(`${tw}.places must be a non-empty array`);
        }
        const task = t as Record<string, unknown>;
        const demand = intArray(task.demand, `${tw}.demand`);
        if (dims >= 0 && demand.length !== dims) {
          fail(
            `${tw}.demand has ${demand.length} dimensions, capacity has ${dims}`,
          );
        }
        const places: Place[] = (task.places as unknown[]).map((p, pi) => {
          const pw = `${tw}.places[${pi}]`;
          if (!isObject(p)) fail(`${pw} must be an object`);
          const place = p as Record<string, unknown>;
          const duration = place.duration ?? 0;
          if (!isNumber(duration) || duration < 0) {
            fail(`${pw}.duration must be a non-negative number of seconds`);
          }
          if (place.tag !== undefined && typeof place.tag !== "string") {
            fail(`${pw}.tag must be a string`);
          }
          return {
            loc: loc(place.location, `${pw}.location`),
            duration: duration as number,
            windows: windows(place.times, `${pw}.times`),
            tag: place.tag as string | undefined,
          };
        });
        tasks.push({
          kind: kind === "pickups" ? "pickup" : "delivery",
          places,
          demand,
        });
      });
    }
    if (tasks.length === 0) {
      fail(`${where} needs at least one pickup or delivery`);
    }
    let skills: Skills = { allOf: [], oneOf: [], noneOf: [] };
    if (Array.isArray(job.skills)) {
      skills.allOf = strings(job.skills, `${where}.skills`);
    } else if (isObject(job.skills)) {
      skills = {
        allOf: strings(job.skills.allOf, `${where}.skills.allOf`),
        oneOf: strings(job.skills.oneOf, `${where}.skills.oneOf`),
        noneOf: strings(job.skills.noneOf, `${where}.skills.noneOf`),
      };
    } else if (job.skills !== undefined) {
      fail(`${where}.skills must be an array or {allOf, oneOf, noneOf}`);
    }
    const priority = job.priority ?? 2;
    if (!Number.isInteger(priority) || (priority as number) < 1) {
      fail(`${where}.priority must be a positive integer`);
    }
    jobIndex.set(job.id as string, jobs.length);
    jobs.push({
      id: job.id as string,
      priority: priority as number,
      skills,
      tasks,
    });
  });

  if (pl.relations !== undefined) {
    if (!Array.isArray(pl.relations)) fail("'plan.relations' must be an array");
    (pl.relations as unknown[]).forEach((r, ri) => {
      const where = `plan.relations[${ri}]`;
      if (!isObject(r)) fail(`${where} must be an object`);
      const rel = r as Record<string, unknown>;
      if (!["sequence", "tour", "flexible"].includes(rel.type as string)) {
        fail(`${where}.type must be sequence, tour or flexible`);
      }
      const vehicle = vehicleShifts.get(rel.vehicleId as string);
      if (!vehicle) {
        fail(
          `${where}.vehicleId '${
            String(rel.vehicleId)
          }' is not a vehicle of the fleet`,
        );
      }
      const shiftIndex = Number.isInteger(rel.shiftIndex)
        ? rel.shiftIndex as number
        : 0;
      const shift = vehicle![shiftIndex];
      if (shift === undefined) {
        fail(`${where}.shiftIndex ${shiftIndex} does not exist`);
      }
      strings(rel.jobs, `${where}.jobs`).forEach((id, k) => {
        if (["departure", "arrival", "break", "reload"].includes(id)) return;
        const j = jobIndex.get(id);
        if (j === undefined) {
          fail(`${where}.jobs references unknown job '${id}'`);
        }
        if (jobs[j!].fixedShift !== undefined) {
          fail(`Job '${id}' appears in more than one relation`);
        }
        jobs[j!].fixedShift = shift;
        if (rel.type === "sequence") jobs[j!].sequence = ri * 10_000 + k;
      });
    });
  }

  // The search stops when it converges; this budget only cuts large problems short.
  let budget = 1000;
  if (
    isObject(configuration) && isObject(configuration.termination) &&
    isNumber(configuration.termination.maxTime)
  ) {
    budget = Math.max(
      50,
      Math.min(10_000, configuration.termination.maxTime * 1000),
    );
  }

  const matched = locations.map((p) => matchPoint(g, p));
  const cache = new Map<
    string,
    { distance: number; duration: number } | null
  >();
  const problem: Problem = {
    locations,
    profiles,
    shifts,
    jobs,
    timeBudgetMs: budget,
    travel(profile, a, b) {
      const key = `${profile}:${a}:${b}`;
      let hit = cache.get(key);
      if (hit === undefined) {
        const ca = matched[a], cb = matched[b];
        hit = !ca || !cb || g.landmass(ca) !== g.landmass(cb)
          ? null
          : (({ distance, duration }) => ({ distance, duration }))(
            travel(locations[a], locations[b], profiles[profile]),
          );
        cache.set(key, hit);
      }
      return hit ?? undefined;
    },
  };
  return { problem, locations };
}

function iso(ms: number): string {
  return formatTime(ms, 0, { zulu: true });
}

async function render(
  parsed: Parsed,
  signal: AbortSignal,
): Promise<Record<string, unknown>> {
  const { problem, locations } = parsed;
  const solution = await solve(problem, new Slicer(signal));
  const at = (i: number) => ({ lat: locations[i].lat, lng: locations[i].lng });
  const total = {
    cost: 0,
    distance: 0,
    duration: 0,
    driving: 0,
    serving: 0,
    waiting: 0,
    break: 0,
  };
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
    total.cost += ev.cost;
    total.distance += statistic.distance;
    total.duration += statistic.duration;
    total.driving += statistic.times.driving;
    total.serving += statistic.times.serving;
    total.waiting += statistic.times.waiting;
    total.break += statistic.times.break;
    return {
      vehicleId: shift.vehicleId,
      typeId: shift.typeId,
      shiftIndex: shift.shiftIndex,
      stops,
      statistic,
    };
  });
  const out: Record<string, unknown> = {
    statistic: {
      cost: round(total.cost, 3),
      distance: total.distance,
      duration: total.duration,
      times: {
        driving: total.driving,
        serving: total.serving,
        waiting: total.waiting,
        break: total.break,
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

async function read(ctx: Ctx): Promise<Parsed> {
  checkQuery(ctx.params);
  const body = await readJson(ctx, "E613001");
  const g = await loadGazetteer();
  try {
    return parseProblem(body, g);
  } catch (err) {
    if (err instanceof Invalid) {
      throw routingError(
        400,
        "E613002",
        "Invalid problem",
        err.message,
        "Fix the problem definition",
      );
    }
    throw err;
  }
}

/** `POST /v3/problems`: solved while other requests are answered meanwhile. */
export async function solveProblem(ctx: Ctx): Promise<Response> {
  return json(await render(await read(ctx), ctx.signal));
}

/** `POST /v3/problems/async`. */
export async function submitProblem(ctx: Ctx): Promise<Response> {
  const parsed = await read(ctx);
  const id = ctx.state.addJob({
    kind: "tour",
    run: (signal) => render(parsed, signal),
  });
  return json({ statusId: id, href: `${ctx.origin}/v3/status/${id}` }, 202);
}

function idFrom(ctx: Ctx, pattern: RegExp): string {
  return pattern.exec(ctx.url.pathname)![1];
}

/** `GET /v3/status/{id}`. */
export async function tourStatus(ctx: Ctx): Promise<Response> {
  const id = idFrom(ctx, /\/v3\/status\/([^/]+)/);
  const state = await ctx.state.jobState(id, "tour");
  if (!state) {
    throw routingError(
      404,
      "E613404",
      "Not found",
      `No tour planning job with id ${id}; it is unknown or expired`,
    );
  }
  if (state.state === "pending") {
    const elapsed = Date.now() - state.job.submittedAt;
    return json({
      status: elapsed < ctx.state.asyncDelayMs / 3 ? "pending" : "inProgress",
    });
  }
  if (state.state === "failed") {
    const cause = state.job.error instanceof Error
      ? state.job.error.message
      : String(state.job.error);
    return json({
      status: "failure",
      error: { title: "Tour planning failed", cause },
    });
  }
  return json({
    status: "success",
    resource: {
      type: "solution",
      href: `${ctx.origin}/v3/problems/${id}/solution`,
    },
  });
}

/** `GET /v3/problems/{id}/solution`. */
export async function tourSolution(ctx: Ctx): Promise<Response> {
  const id = idFrom(ctx, /\/v3\/problems\/([^/]+)\/solution/);
  const state = await ctx.state.jobState(id, "tour");
  if (!state || state.state !== "done") {
    throw routingError(
      404,
      "E613404",
      "Not found",
      `No solution for job ${id} (unknown, expired or not finished)`,
    );
  }
  return json(state.job.result);
}
