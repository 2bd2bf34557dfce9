import assert from "node:assert/strict";
import { assertValueError } from "@ls/core/testing";
import docProblem from "./testdata/problem.json" with { type: "json" };
import {
  buildTourPlanningProblem,
  timeWindow,
  type TourPlanningProblemParams,
} from "./mod.ts";

type DocProblem = Required<
  Pick<
    TourPlanningProblemParams,
    "fleet" | "plan" | "objectives" | "configuration"
  >
>;

/**
 * A fresh deep copy of HERE's documented problem, for mutation. Imported
 * JSON widens every string, so its closed sets (profile types, objectives)
 * need a cast.
 */
function doc(): DocProblem {
  return structuredClone(docProblem) as unknown as DocProblem;
}

Deno.test("buildTourPlanningProblem: HERE's documented v3 problem (imported JSON) goes out unchanged", () => {
  const { fleet, plan, objectives, configuration } = doc();
  const problem = buildTourPlanningProblem({
    fleet,
    plan,
    objectives,
    configuration,
  });
  // Nothing is dropped or re-shaped.
  assert.deepEqual(problem, docProblem);
});

Deno.test("buildTourPlanningProblem: fields not modelled go in extra, merged into their object; id leads the body", () => {
  const { fleet, plan } = doc();
  const withExtras = {
    ...plan,
    jobs: [{ ...plan.jobs[0], extra: { customerId: "c-17" } }, plan.jobs[1]],
  };
  const problem = buildTourPlanningProblem({
    id: "berlin-2024-05-01",
    fleet: { ...fleet, extra: { traffic: "liveOrHistorical" } },
    plan: withExtras,
  });
  assert.deepEqual(Object.keys(problem), ["id", "fleet", "plan"]);
  assert.equal(Reflect.get(problem.plan.jobs[0], "customerId"), "c-17");
  assert.equal("extra" in problem.plan.jobs[0], false);
  assert.equal(Reflect.get(problem.fleet, "traffic"), "liveOrHistorical");
});

Deno.test("buildTourPlanningProblem: a misspelled field is refused, and extra may not repeat a modelled one", () => {
  const { fleet, plan } = doc();
  const job = plan.jobs[0];
  assertValueError(
    () =>
      buildTourPlanningProblem({
        fleet,
        plan: { jobs: [{ ...job, priorty: 1 } as never] },
      }),
    "plan.jobs[0].priorty",
  );
  assertValueError(
    () =>
      buildTourPlanningProblem({
        fleet,
        plan: { jobs: [{ ...job, extra: { priority: 1 } }] },
      }),
    "plan.jobs[0].extra.priority",
  );
});

// A response's position, with a key a point does not need.
const POSITION = { lat: 52.53, lng: 13.39, elv: 5 };

Deno.test("buildTourPlanningProblem: locations take any point and go out as { lat, lng }", () => {
  const { fleet, plan } = doc();
  const type = fleet.types[0];
  const task = plan.jobs[0].tasks.deliveries![0];
  const problem = buildTourPlanningProblem({
    fleet: {
      ...fleet,
      types: [{
        ...type,
        shifts: [{
          start: { time: "2024-05-01T08:00:00Z", location: [52.5, 13.4] },
          end: {
            time: "2024-05-01T17:00:00Z",
            location: { type: "Point", coordinates: [13.4, 52.5] },
          },
        }],
      }, ...fleet.types.slice(1)],
    },
    plan: {
      jobs: [{
        id: "j",
        tasks: {
          deliveries: [{
            ...task,
            places: [{
              location: {
                type: "Feature",
                properties: null,
                geometry: { type: "Point", coordinates: [13.38, 52.52] },
              },
              duration: 60,
            }, { location: POSITION, duration: 60 }],
          }],
        },
      }],
    },
  });
  const shift = problem.fleet.types[0].shifts[0];
  assert.deepEqual(shift.start.location, { lat: 52.5, lng: 13.4 });
  assert.deepEqual(shift.end!.location, { lat: 52.5, lng: 13.4 });
  const places = problem.plan.jobs[0].tasks.deliveries![0].places;
  assert.deepEqual(places.map((p) => p.location), [
    { lat: 52.52, lng: 13.38 },
    { lat: 52.53, lng: 13.39 },
  ]);
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
      /must be one of "minimizeUnassigned", .*, got undefined$/,
    ],
    [
      "a misspelled objective",
      (p) => {
        p.objectives = [{ type: "minimiseCost" }];
      },
      "objectives[0].type",
      /must be one of "minimizeUnassigned", "optimizeTourCount", "minimizeCost", .*, got "minimiseCost"$/,
    ],
    [
      "a profile type outside the set",
      (p) => {
        p.fleet.profiles[0].type = "van";
      },
      "fleet.profiles[0].type",
      /must be one of "car", "truck", "scooter", "bicycle", "pedestrian", got "van"/,
    ],
    [
      "routing's avoid feature name on a tour profile",
      (p) => {
        p.fleet.profiles[0].avoid = { features: ["controlledAccessHighway"] };
      },
      "fleet.profiles[0].avoid.features[0]",
      /must be one of "tollRoad", "motorway", "ferry", "tunnel", "dirtRoad"/,
    ],
    [
      "a car mode outside the set",
      (p) => {
        p.fleet.profiles[0].mode = "fastest";
      },
      "fleet.profiles[0].mode",
      /must be one of "fast", "short", got "fastest"/,
    ],
    [
      "a relation type outside the set",
      (p) => {
        p.plan.relations[0].type = "strict";
      },
      "plan.relations[0].type",
      /must be one of "sequence", "tour", "flexible"/,
    ],
    [
      "a misspelled place field",
      (p) => {
        p.plan.jobs[0].tasks.deliveries[0].places[0].durration = 1;
      },
      "plan.jobs[0].tasks.deliveries[0].places[0].durration",
      /is not a known option/,
    ],
    [
      "a location in GeoJSON order as an array",
      (p) => {
        p.plan.jobs[0].tasks.deliveries[0].places[0].location = [139.7, 35.6];
      },
      "plan.jobs[0].tasks.deliveries[0].places[0].location",
      /latitude 139.7 is out of range: arrays are \[lat, lng\]/,
    ],
    [
      "a location that is a GeoJSON LineString",
      (p) => {
        p.fleet.types[0].shifts[0].start.location = {
          type: "LineString",
          coordinates: [[13.4, 52.5], [13.5, 52.6]],
        };
      },
      "fleet.types[0].shifts[0].start.location",
      /got a GeoJSON LineString/,
    ],
    [
      "a location { lat } alone",
      (p) => {
        p.fleet.types[0].shifts[0].start.location = { lat: 52.5 };
      },
      "fleet.types[0].shifts[0].start.location.lng",
      /is required/,
    ],
    [
      "extra that is not an object",
      (p) => {
        p.plan.extra = 5;
      },
      "plan.extra",
      /must be an object/,
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
        p.fleet.types[0].costs.extra = { toll: 10n };
      },
      "fleet.types[0].costs.extra.toll",
      /must not be a BigInt/,
    ],
    [
      "a cycle in a field sent as given",
      (p) => {
        p.plan.jobs[0].extra = { note: p.plan };
      },
      "plan.jobs[0].extra.note",
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
