import assert from "node:assert/strict";
import { assertValueError } from "@ls/core/testing";
import docProblem from "./testdata/problem.json" with { type: "json" };
import {
  buildTourPlanningProblem,
  timeWindow,
  type TourPlanningProblemParams,
} from "./mod.ts";

/** A fresh deep copy of HERE's documented problem, for mutation. */
function doc(): typeof docProblem {
  return structuredClone(docProblem);
}

Deno.test("buildTourPlanningProblem: HERE's documented v3 problem (imported JSON) goes out unchanged", () => {
  const { fleet, plan, objectives, configuration } = doc();
  const problem = buildTourPlanningProblem({
    fleet,
    plan,
    objectives,
    configuration,
  });
  assert.deepEqual(problem, docProblem);
  // The very objects given are sent: nothing is dropped or re-shaped.
  assert.equal(problem.fleet, fleet);
  assert.equal(problem.plan, plan);
});

Deno.test("buildTourPlanningProblem: unknown fields pass through; id leads the body", () => {
  const { fleet, plan } = doc();
  const withExtras = {
    ...plan,
    jobs: [{ ...plan.jobs[0], customerId: "c-17" }, plan.jobs[1]],
  };
  const problem = buildTourPlanningProblem({
    id: "berlin-2024-05-01",
    fleet: { ...fleet, traffic: "liveOrHistorical" },
    plan: withExtras,
  });
  assert.deepEqual(Object.keys(problem), ["id", "fleet", "plan"]);
  assert.equal(problem.plan.jobs[0].customerId, "c-17");
  assert.equal(problem.fleet.traffic, "liveOrHistorical");
});

Deno.test("buildTourPlanningProblem: traffic and waiting time go into configuration.optimizations, each on its own", () => {
  const { fleet, plan } = doc();
  const base = { fleet, plan };
  assert.equal("configuration" in buildTourPlanningProblem(base), false);
  assert.deepEqual(
    buildTourPlanningProblem({ ...base, optimizationTraffic: "automatic" })
      .configuration,
    { optimizations: { traffic: "automatic" } },
  );
  // Waiting time without traffic is sent (the reference client dropped it).
  assert.deepEqual(
    buildTourPlanningProblem({
      ...base,
      optimizationWaitingTime: { reduce: true, bufferTime: 900 },
    }).configuration,
    { optimizations: { waitingTime: { reduce: true, bufferTime: 900 } } },
  );
  assert.deepEqual(
    buildTourPlanningProblem({
      ...base,
      configuration: { termination: { maxTime: 30 } },
      optimizationTraffic: "liveOrHistorical",
      optimizationWaitingTime: { reduce: false },
    }).configuration,
    {
      termination: { maxTime: 30 },
      optimizations: {
        traffic: "liveOrHistorical",
        waitingTime: { reduce: false },
      },
    },
  );
  // Empty objects are left out.
  const empty = buildTourPlanningProblem({
    ...base,
    configuration: { optimizations: {} },
    optimizationWaitingTime: {},
    objectives: [],
  });
  assert.deepEqual(Object.keys(empty), ["fleet", "plan"]);
  assert.ok(!JSON.stringify(empty).includes("null"));
});

// Mutations reach deep into the documented problem; typing each path adds nothing.
// deno-lint-ignore no-explicit-any
type Loose = any;
type Mutate = (p: Loose) => void;

Deno.test("buildTourPlanningProblem: every rule is a ValueError naming the path", () => {
  const cases: [string, Mutate, string, RegExp][] = [
    [
      "a job with neither pickups nor deliveries",
      (p) => {
        p.plan.jobs[0].tasks = {};
      },
      "plan.jobs[0].tasks",
      /^Invalid plan\.jobs\[0\]\.tasks: must have at least one pickup or delivery, got \{\}$/,
    ],
    [
      "empty pickup and delivery lists",
      (p) => {
        p.plan.jobs[1].tasks = {
          pickups: [],
          deliveries: [],
        };
      },
      "plan.jobs[1].tasks",
      /at least one pickup or delivery/,
    ],
    [
      "a duplicate job id",
      (p) => {
        p.plan.jobs[1].id = "job-1";
      },
      "plan.jobs[1].id",
      /must be unique, plan\.jobs\[0\]\.id is the same, got "job-1"/,
    ],
    [
      "a duplicate vehicle type id",
      (p) => {
        p.fleet.types.push({ ...p.fleet.types[0] });
      },
      "fleet.types[1].id",
      /must be unique, fleet\.types\[0\]\.id is the same, got "smallVan"/,
    ],
    [
      "a duplicate profile name",
      (p) => {
        p.fleet.profiles.push({ name: "car_profile", type: "truck" });
      },
      "fleet.profiles[1].name",
      /must be unique/,
    ],
    [
      "a profile referenced but not defined",
      (p) => {
        p.fleet.types[0].profile = "truck_profile";
      },
      "fleet.types[0].profile",
      /must name a profile defined in fleet\.profiles \("car_profile"\), got "truck_profile"/,
    ],
    [
      "a place time window that ends before it starts",
      (p) => {
        const place = p.plan.jobs[0].tasks.deliveries[0].places[0];
        place.times = [["2024-05-01T12:00:00Z", "2024-05-01T09:00:00Z"]];
      },
      "plan.jobs[0].tasks.deliveries[0].places[0].times[0]",
      /must not end before it starts/,
    ],
    [
      "a window that only looks ordered (offsets differ)",
      (p) => {
        const place = p.plan.jobs[0].tasks.deliveries[0].places[0];
        place.times = [["2024-05-01T09:00:00Z", "2024-05-01T10:00:00+02:00"]];
      },
      "plan.jobs[0].tasks.deliveries[0].places[0].times[0]",
      /must not end before it starts/,
    ],
    [
      "a break window that ends before it starts",
      (p) => {
        const shift = p.fleet.types[0].shifts[0];
        shift.breaks[0].times = [[
          "2024-05-01T13:00:00Z",
          "2024-05-01T11:30:00Z",
        ]];
      },
      "fleet.types[0].shifts[0].breaks[0].times[0]",
      /must not end before it starts/,
    ],
    [
      "a shift that ends before it starts",
      (p) => {
        p.fleet.types[0].shifts[0].end.time = "2024-05-01T07:00:00Z";
      },
      "fleet.types[0].shifts[0].end.time",
      /must not be before start\.time/,
    ],
    [
      "a time window with three entries",
      (p) => {
        const place = p.plan.jobs[0].tasks.deliveries[0].places[0];
        place.times = [[
          "2024-05-01T09:00:00Z",
          "2024-05-01T10:00:00Z",
          "2024-05-01T11:00:00Z",
        ]];
      },
      "plan.jobs[0].tasks.deliveries[0].places[0].times[0]",
      /must be a \[start, end\] pair of RFC 3339 date-times/,
    ],
    [
      "a time without an offset",
      (p) => {
        p.fleet.types[0].shifts[0].start.time = "2024-05-01T08:00:00";
      },
      "fleet.types[0].shifts[0].start.time",
      /RFC 3339 date-time with an offset/,
    ],
    [
      "demand of another dimension than capacity",
      (p) => {
        p.plan.jobs[1].tasks.pickups[0].demand = [
          1,
          2,
        ];
      },
      "plan.jobs[1].tasks.pickups[0].demand",
      /must have 1 dimension like the vehicle capacity, got \[1,2\]/,
    ],
    [
      "vehicle types of different capacity dimensions",
      (p) => {
        p.fleet.types.push({
          ...p.fleet.types[0],
          id: "bigVan",
          capacity: [10, 5],
        });
      },
      "fleet.types[1].capacity",
      /must have 1 dimension like fleet\.types\[0\]\.capacity/,
    ],
    [
      "a fractional capacity",
      (p) => {
        p.fleet.types[0].capacity = [2.5];
      },
      "fleet.types[0].capacity[0]",
      /non-negative integer/,
    ],
    [
      "no vehicle",
      (p) => {
        p.fleet.types[0].amount = 0;
      },
      "fleet.types[0].amount",
      /positive integer/,
    ],
    [
      "no shifts",
      (p) => {
        p.fleet.types[0].shifts = [];
      },
      "fleet.types[0].shifts",
      /at least 1 shift/,
    ],
    [
      "a missing costs object",
      (p) => {
        delete p.fleet.types[0].costs;
      },
      "fleet.types[0].costs",
      /is required/,
    ],
    [
      "a bad location",
      (p) => {
        const place = p.plan.jobs[0].tasks.deliveries[0].places[0];
        place.location = { lat: 95, lng: 13.38 };
      },
      "plan.jobs[0].tasks.deliveries[0].places[0].location.lat",
      /latitude from -90 to 90, got 95/,
    ],
    [
      "a negative duration",
      (p) => {
        p.plan.jobs[1].tasks.pickups[0].places[0]
          .duration = -1;
      },
      "plan.jobs[1].tasks.pickups[0].places[0].duration",
      /non-negative number/,
    ],
    [
      "a task without places",
      (p) => {
        p.plan.jobs[1].tasks.pickups[0].places = [];
      },
      "plan.jobs[1].tasks.pickups[0].places",
      /at least 1 place/,
    ],
    [
      "skills: null (never sent)",
      (p) => {
        p.fleet.types[0].skills = null;
      },
      "fleet.types[0].skills",
      /must be an array of strings/,
    ],
    [
      "a relation to a vehicle beyond the type's amount",
      (p) => {
        p.plan.relations[0].vehicleId = "smallVan_3";
      },
      "plan.relations[0].vehicleId",
      /<typeId>_<n> of fleet\.types, n from 1 to its amount, got "smallVan_3"/,
    ],
    [
      "a relation to an unknown vehicle type",
      (p) => {
        p.plan.relations[0].vehicleId = "bigVan_1";
      },
      "plan.relations[0].vehicleId",
      /<typeId>_<n>/,
    ],
    [
      "a relation naming a type, not a vehicle",
      (p) => {
        p.plan.relations[0].vehicleId = "smallVan";
      },
      "plan.relations[0].vehicleId",
      /<typeId>_<n>/,
    ],
    [
      "truck options on a car profile",
      (p) => {
        p.fleet.profiles[0].options = {
          grossWeight: 12000,
        };
      },
      "fleet.profiles[0].options.grossWeight",
      /is a truck option; it needs type "truck", got "car"/,
    ],
    [
      "allowHighway on a car profile",
      (p) => {
        p.fleet.profiles[0].options = {
          allowHighway: true,
        };
      },
      "fleet.profiles[0].options.allowHighway",
      /is a scooter option; it needs type "scooter"/,
    ],
    [
      "an optimizationTraffic outside the three values",
      (p) => {
        p.optimizationTraffic = "live";
      },
      "optimizationTraffic",
      /^Invalid optimizationTraffic: must be one of "liveOrHistorical", "historicalOnly", "automatic", got "live"$/,
    ],
    [
      "traffic given twice",
      (p) => {
        p.optimizationTraffic = "automatic";
        p.configuration = { optimizations: { traffic: "historicalOnly" } };
      },
      "optimizationTraffic",
      /give it once/,
    ],
    [
      "a negative buffer time",
      (p) => {
        p.optimizationWaitingTime = { reduce: true, bufferTime: -5 };
      },
      "optimizationWaitingTime.bufferTime",
      /non-negative integer/,
    ],
    [
      "an empty problem id",
      (p) => {
        p.id = "";
      },
      "id",
      /non-empty string/,
    ],
    [
      "an objective without a type",
      (p) => {
        p.objectives = [{ action: "maximize" }];
      },
      "objectives[0].type",
      /is required/,
    ],
    [
      "a missing fleet",
      (p) => {
        delete p.fleet;
      },
      "fleet",
      /is required/,
    ],
    [
      "no jobs",
      (p) => {
        p.plan.jobs = [];
      },
      "plan.jobs",
      /at least 1 job/,
    ],
    [
      "a task without demand (tour.md: required)",
      (p) => {
        delete p.plan.jobs[1].tasks.pickups[0].demand;
      },
      "plan.jobs[1].tasks.pickups[0].demand",
      /is required/,
    ],
    [
      "a BigInt in a field sent as given",
      (p) => {
        p.fleet.types[0].costs.extra = 10n;
      },
      "fleet.types[0].costs.extra",
      /must not be a BigInt/,
    ],
    [
      "a cycle in a field sent as given",
      (p) => {
        p.plan.jobs[0].note = p.plan;
      },
      "plan.jobs[0].note",
      /must not contain itself/,
    ],
    [
      "an unknown profile among many long names: the rule stays short",
      (p) => {
        const long = "p".repeat(100_000);
        for (let i = 0; i < 5; i++) {
          p.fleet.profiles.push({ name: `${long}${i}`, type: "car" });
        }
        p.fleet.types[0].profile = long;
      },
      "fleet.types[0].profile",
      /^.{0,400}, … 6 in all\), got a string of 100000 characters$/,
    ],
  ];
  for (const [name, mutate, parameter, message] of cases) {
    const { fleet, plan } = doc();
    const params: Loose = { fleet, plan };
    mutate(params);
    const err = assertValueError(
      () => buildTourPlanningProblem(params as TourPlanningProblemParams),
      parameter,
    );
    assert.match(err.message, message, `${name}: ${err.message}`);
  }
});

Deno.test("timeWindow: Dates and strings, start not after end", () => {
  assert.deepEqual(
    timeWindow("2024-05-01T09:00:00Z", "2024-05-01T12:00:00+02:00"),
    ["2024-05-01T09:00:00Z", "2024-05-01T12:00:00+02:00"],
  );
  const [start, end] = timeWindow(
    new Date(Date.UTC(2024, 4, 1, 9)),
    new Date(Date.UTC(2024, 4, 1, 12)),
  );
  assert.equal(Date.parse(start), Date.UTC(2024, 4, 1, 9));
  assert.equal(Date.parse(end), Date.UTC(2024, 4, 1, 12));
  assertValueError(
    () => timeWindow("2024-05-01T12:00:00Z", "2024-05-01T09:00:00Z"),
    "end",
  );
  assertValueError(() => timeWindow("2024-05-01", "2024-05-02"), "start");
  // Its output is accepted where a time window is expected.
  const { fleet, plan }: Loose = doc();
  plan.jobs[0].tasks.deliveries[0].places[0].times = [
    timeWindow(new Date(Date.UTC(2024, 4, 1, 9)), "2024-05-01T12:00:00Z"),
  ];
  buildTourPlanningProblem({ fleet, plan });
});

Deno.test("buildTourPlanningProblem: an unknown parameter is a ValueError naming the one meant", () => {
  const { fleet, plan } = doc();
  const error = assertValueError(
    () =>
      buildTourPlanningProblem(
        { fleet, plan, objectivs: [] } as TourPlanningProblemParams,
      ),
    "objectivs",
  );
  assert.match(error.message, /did you mean "objectives"\?/);
});
