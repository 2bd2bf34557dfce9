// Seeded random parameter objects for every LS operation: a plausible valid
// object (boundary values included), then, most of the time, one to three
// mutations: a node replaced by a nasty value (wrong type, NaN, Infinity, a
// huge array, an empty string, odd unicode, a value just out of range), a key
// deleted, or an unknown key added. Sometimes the whole object is frozen (the
// client must not write to its input) or replaced by a non-object.

import type { TransportMode } from "@ls/core";
import type { OpName } from "./_ops.ts";
import { tomorrowAt } from "./_ops.ts";
import { maybe, obj, type Random } from "./_random.ts";
import { routeExtras } from "./_route_params.ts";
import {
  geocodeExtras,
  lookupExtras,
  placeSearchExtras,
  reverseGeocodeExtras,
} from "./_search_params.ts";

// ------------------------------------------------------------ nasty values

const HUGE_NUMBERS: readonly number[] = Object.freeze(
  Array.from({ length: 100_001 }, (_, i) => (i % 180) - 90),
);
const HUGE_POINTS: readonly unknown[] = Object.freeze(
  Array.from({ length: 10_001 }, (_, i) => ({ lat: 52 + i / 1e5, lng: 13 })),
);
const HUGE_STRINGS: readonly string[] = Object.freeze(
  Array.from({ length: 20_000 }, (_, i) => `s${i}`),
);
const LONG_STRING = "x".repeat(100_000);
const SPARSE = Object.freeze(new Array(5));

/** Values that are wrong in some way for almost any parameter. */
const NASTY: readonly (() => unknown)[] = [
  () => undefined,
  () => null,
  () => true,
  () => false,
  () => 0,
  () => -0,
  () => -1,
  () => 1,
  () => 1.5,
  () => -1.5,
  () => 2 ** 31,
  () => 2 ** 53,
  () => 2 ** 53 + 2,
  () => -(2 ** 53),
  () => Number.MAX_VALUE,
  () => -Number.MAX_VALUE,
  () => Number.MIN_VALUE,
  () => Number.EPSILON,
  () => NaN,
  () => Infinity,
  () => -Infinity,
  () => 1e21,
  () => 1e-7,
  () => 90.0000001,
  () => -90.0000001,
  () => 180.0000001,
  () => -180.0000001,
  () => 361,
  () => 50_000,
  () => 101,
  () => "",
  () => " ",
  () => "\t\n",
  () => "0",
  () => "-1",
  () => "NaN",
  () => "Infinity",
  () => "1e309",
  () => "true",
  () => "null",
  () => "[]",
  () => "a,b",
  () => "a;b!c",
  () => "%",
  () => "%zz",
  () => "&apiKey=stolen",
  () => "#fragment",
  () => "?q=1",
  () => "\0",
  () => "\u0000\u0001\u001f",
  () => "😀",
  () => "👩‍👩‍👧‍👦",
  () => "\uD800",
  () => "\uDFFF\uD800",
  () => "\u202Eevil",
  () => "e\u0301",
  () => "日本語",
  () => "Ω≈ç√",
  () => "<script>alert(1)</script>",
  () => "' OR 1=1 --",
  () => "../../etc/passwd",
  () => LONG_STRING,
  () => "52.5,13.4",
  () => "2024-02-30T25:61:61Z",
  () => "2024-01-01",
  () => "any",
  () => [],
  () => [[]],
  () => [null],
  () => [NaN],
  () => [1],
  () => [1, 2],
  () => [1, 2, 3],
  () => [[1, 2]],
  () => ["a"],
  () => [""],
  () => [undefined],
  () => SPARSE,
  () => HUGE_NUMBERS,
  () => HUGE_POINTS,
  () => HUGE_STRINGS,
  () => ({}),
  () => ({ a: 1 }),
  () => ({ lat: 1 }),
  () => ({ lat: NaN, lng: 0 }),
  () => ({ length: 2, 0: 1, 1: 2 }),
  () => ({ length: Object.create(null) }),
  () => ({ 0: 1, 1: 2, length: Symbol("length") }),
  () => Object.create(null),
  () => {
    const loop: Record<string, unknown> = { name: "loop" };
    loop.self = loop;
    return loop;
  },
  () => new Date(NaN),
  () => new Date(0),
  () => new Date(-1e14),
  () => 10n,
  () => Symbol("nasty"),
  () => () => 1,
  () => new Map([["a", 1]]),
  () => new Set([1]),
  () => /re/g,
  () => new Uint8Array(2),
  () => new Float64Array([52.5, 13.4]),
];

/** One nasty value. */
export function nasty(r: Random): unknown {
  return r.pick(NASTY)();
}

// ------------------------------------------------------------- mutations

type Path = (string | number)[];

function isPlain(v: unknown): v is Record<string, unknown> {
  if (typeof v !== "object" || v === null) return false;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

/** Paths to the nodes of a parameter tree (big arrays and non-plain objects are leaves). */
function nodes(value: unknown): { path: Path; value: unknown }[] {
  const out: { path: Path; value: unknown }[] = [];
  const seen = new WeakSet<object>();
  const walk = (v: unknown, path: Path) => {
    out.push({ path, value: v });
    if (typeof v !== "object" || v === null || seen.has(v)) return;
    seen.add(v);
    if (Array.isArray(v) && v.length <= 50 && !Object.isFrozen(v)) {
      v.forEach((x, i) => walk(x, [...path, i]));
    } else if (isPlain(v) && !Object.isFrozen(v)) {
      for (const [k, x] of Object.entries(v)) walk(x, [...path, k]);
    }
  };
  walk(value, []);
  return out;
}

function parentOf(root: unknown, path: Path): Record<string | number, unknown> {
  let node = root as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) {
    node = node[key] as Record<string | number, unknown>;
  }
  return node;
}

const UNKNOWN_KEYS = [
  "extra",
  "apiKey",
  "__proto__x",
  "constructor",
  "lat ",
  "Limit",
  "0",
];

/** Applies one to three random mutations to `params` (in place; returns the result). */
export function mutateParams(params: unknown, r: Random): unknown {
  let root = params;
  const n = r.int(1, 3);
  for (let i = 0; i < n; i++) {
    const all = nodes(root);
    const inner = all.filter((x) => x.path.length > 0);
    const kind = r.next();
    if (inner.length === 0 || kind < 0.04) {
      root = nasty(r);
      continue;
    }
    if (kind < 0.7) {
      const { path } = r.pick(inner);
      parentOf(root, path)[path[path.length - 1]] = nasty(r);
    } else if (kind < 0.85) {
      const keyed = inner.filter((x) =>
        typeof x.path[x.path.length - 1] === "string"
      );
      if (keyed.length === 0) continue;
      const { path } = r.pick(keyed);
      delete parentOf(root, path)[path[path.length - 1]];
    } else {
      const objects = all.filter((x) => isPlain(x.value));
      if (objects.length === 0) continue;
      const target = r.pick(objects).value as Record<string, unknown>;
      target[r.pick(UNKNOWN_KEYS)] = r.chance(0.5) ? nasty(r) : "x";
    }
  }
  return root;
}

function deepFreeze(v: unknown, seen = new WeakSet<object>()): unknown {
  if ((Array.isArray(v) || isPlain(v)) && !seen.has(v)) {
    seen.add(v);
    for (const x of Object.values(v as object)) deepFreeze(x, seen);
    Object.freeze(v);
  }
  return v;
}

// -------------------------------------------------------- valid building blocks

const TEXTS = [
  "Berlin",
  "Invalidenstr 116, 10115 Berlin",
  "東京",
  "São Paulo",
  "Zürich Hauptbahnhof",
  "  Paris  ",
  "a",
  "café 😀",
  "Straße & Co., 1/2",
  "100% real; #1 ?",
  "Αθήνα",
  "القاهرة",
];

function text(r: Random): string {
  return r.chance(0.85) ? r.pick(TEXTS) : "q".repeat(r.int(1, 250));
}

const LANGS = [
  "en-US",
  "de",
  "de-DE",
  "fr",
  "zh-Hant-TW",
  "pt-BR",
  "sr-Latn",
  "ja",
];

function lang(r: Random): string | string[] {
  return r.chance(0.8) ? r.pick(LANGS) : r.some(LANGS, 1, 3);
}

function lat(r: Random): number {
  return r.chance(0.1)
    ? r.pick([-90, 90, 0, -0])
    : Number(r.float(-89, 89).toFixed(r.int(0, 7)));
}

function lng(r: Random): number {
  return r.chance(0.1)
    ? r.pick([-180, 180, 0])
    : Number(r.float(-179, 179).toFixed(r.int(0, 7)));
}

/** A point near Berlin (routable distances in the sandbox). */
function near(r: Random): [number, number] {
  return [
    Number((52.52 + r.float(-0.2, 0.2)).toFixed(5)),
    Number((13.4 + r.float(-0.3, 0.3)).toFixed(5)),
  ];
}

function latLng(r: Random): [number, number] {
  return r.chance(0.7) ? near(r) : [lat(r), lng(r)];
}

function bbox(r: Random): [number, number, number, number] {
  const [la, ln] = near(r);
  const d = r.float(0.001, 0.5);
  return [
    Number((ln - d).toFixed(5)),
    Number((la - d).toFixed(5)),
    Number((ln + d).toFixed(5)),
    Number((la + d).toFixed(5)),
  ];
}

const ALPHA3 = ["DEU", "FRA", "USA", "JPN", "BRA", "POL", "ITA"];
const ALPHA2 = ["DE", "FR", "US", "JP", "BR"];

function limit(r: Random): number {
  return r.chance(0.3) ? r.pick([1, 100]) : r.int(1, 100);
}

function dateTime(r: Random): Date | string {
  const d = new Date(
    Date.now() + r.int(-3, 10) * 86_400_000 + r.int(0, 86_399) * 1000,
  );
  switch (r.int(0, 3)) {
    case 0:
      return d;
    case 1:
      return d.toISOString();
    case 2:
      return d.toISOString().replace(/\.\d+Z$/, "+02:00");
    default:
      return d.toISOString().slice(0, 19); // local time, where allowed
  }
}

const RETURNS = [
  "polyline",
  "summary",
  "actions",
  "instructions",
  "travelSummary",
  "turnByTurnActions",
  "elevation",
  "tolls",
];
const SPANS = [
  "length",
  "duration",
  "names",
  "countryCode",
  "speedLimit",
  "functionalClass",
];
const AVOID = [
  "tollRoad",
  "ferry",
  "tunnel",
  "controlledAccessHighway",
  "dirtRoad",
  "uTurns",
];

function routeReturns(
  r: Random,
): { returnResults?: string[]; spans?: string[] } {
  const chosen = new Set(r.some(RETURNS, 0, 4));
  if (chosen.has("instructions")) chosen.add("actions");
  if (chosen.has("actions") || chosen.has("turnByTurnActions")) {
    chosen.add("polyline");
  }
  const spans = chosen.has("polyline")
    ? maybe(r, 0.4, () => r.some(SPANS, 1, 3))
    : undefined;
  return obj({
    returnResults: chosen.size > 0 || r.chance(0.5) ? [...chosen] : undefined,
    spans,
  });
}

function placeOptions(r: Random): Record<string, unknown> {
  const hint = maybe(r, 0.3, () => near(r));
  return obj({
    course: maybe(r, 0.3, () => r.int(0, 360)),
    sideOfStreetHint: hint,
    matchSideOfStreet: hint
      ? maybe(r, 0.5, () => r.pick(["always", "onlyIfDivided"]))
      : undefined,
    nameHint: maybe(r, 0.2, () => r.pick(TEXTS)),
    radius: maybe(r, 0.3, () => r.int(0, 500)),
    minCourseDistance: maybe(r, 0.2, () => r.int(0, 100)),
  });
}

function truck(r: Random): Record<string, unknown> {
  return obj({
    shippedHazardousGoods: maybe(
      r,
      0.3,
      () => r.some(["explosive", "gas", "flammable", "poison"], 1, 2),
    ),
    grossWeight: maybe(r, 0.5, () => r.int(1_000, 40_000)),
    weightPerAxle: maybe(r, 0.3, () => r.int(1_000, 10_000)),
    height: maybe(r, 0.4, () => r.int(200, 420)),
    width: maybe(r, 0.3, () => r.int(200, 260)),
    length: maybe(r, 0.3, () => r.int(500, 1_800)),
    tunnelCategory: maybe(r, 0.2, () => r.pick(["B", "C", "D", "E"])),
    axleCount: maybe(r, 0.3, () => r.int(2, 6)),
    type: maybe(r, 0.3, () => r.pick(["straight", "tractor"])),
    trailerCount: maybe(r, 0.2, () => r.int(0, 2)),
  });
}

function avoidArea(r: Random): Record<string, number> {
  const [west, south, east, north] = bbox(r);
  return { west, south, east, north };
}

/** The isoline's grouped options: exclude, allow, traffic, taxi, …. */
function isolineOptions(r: Random, mode: string): Record<string, unknown> {
  return {
    shapeMaxResolution: maybe(r, 0.15, () => r.int(0, 2000)),
    exclude: maybe(r, 0.15, () =>
      obj({
        countries: maybe(r, 0.5, () => r.some(ALPHA3, 1, 2)),
        states: maybe(
          r,
          0.3,
          () => ({ USA: r.some(["NY", "PA", "CA"], 1, 2) }),
        ),
        areas: maybe(r, 0.3, () => [avoidArea(r)]),
      })),
    allow: maybe(r, 0.1, () => obj({ hov: r.chance(0.5), hot: r.chance(0.5) })),
    traffic: maybe(r, 0.15, () =>
      obj({
        mode: maybe(r, 0.7, () => r.pick(["default", "disabled"])),
        overrideFlowDuration: maybe(r, 0.5, () => r.int(0, 3600)),
      })),
    taxi: mode === "taxi"
      ? maybe(r, 0.5, () => ({ allowDriveThroughTaxiRoads: r.chance(0.5) }))
      : undefined,
    billingTag: maybe(r, 0.1, () => r.pick(["ABCD+EFGH", "team-7"])),
    avoidSegments: maybe(
      r,
      0.1,
      () =>
        r.some(
          ["here:cm:segment:207551710#+", "here:cm:segment:76771992"],
          1,
          2,
        ),
    ),
    avoidZones: maybe(r, 0.1, () =>
      obj({
        categories: r.some(
          ["vignette", "congestionPricing", "environmental"],
          1,
          3,
        ),
        exceptZoneIds: maybe(r, 0.3, () => ["here:cm:envzone:3"]),
      })),
    avoidZoneIds: maybe(r, 0.1, () => ["here:cm:envzone:2"]),
    avoidTruckRoadTypes: mode === "truck"
      ? maybe(r, 0.1, () => r.some(["BK1", "BK2", "ET2"], 1, 2))
      : undefined,
    avoidTollTransponders: maybe(r, 0.1, () => "all"),
    maxSpeedOnSegment: maybe(r, 0.1, () => [
      { segment: "here:cm:segment:84905195#-", speed: r.int(1, 40) },
    ]),
    vehicle: mode === "pedestrian" || mode === "bicycle"
      ? undefined
      : maybe(r, 0.2, () => isolineVehicle(r, mode)),
  };
}

/** The isoline's further vehicle attributes, those the mode takes. */
function isolineVehicle(r: Random, mode: string): Record<string, unknown> {
  const truck = mode === "truck";
  const all = mode !== "scooter";
  return obj({
    emptyWeight: all ? maybe(r, 0.2, () => r.int(0, 20_000)) : undefined,
    weightPerAxleGroup: truck
      ? maybe(r, 0.2, () => ({ single: r.int(0, 11_500), tandem: 18_000 }))
      : undefined,
    kpraLength: all ? maybe(r, 0.2, () => r.int(0, 1500)) : undefined,
    payloadCapacity: all ? maybe(r, 0.2, () => r.int(0, 30_000)) : undefined,
    tiresCount: all ? maybe(r, 0.2, () => r.int(0, 18)) : undefined,
    category: truck
      ? maybe(r, 0.2, () => r.pick(["undefined", "lightTruck"]))
      : undefined,
    licensePlate: all
      ? maybe(r, 0.2, () => ({ lastCharacter: r.pick(["0", "7", "A"]) }))
      : undefined,
    speedCap: maybe(r, 0.3, () => r.int(5, 40)),
    speedCapPerFc: mode === "car" || truck
      ? maybe(r, 0.2, () => [r.int(20, 40), null, r.int(10, 30)])
      : undefined,
    engineSizeCc: maybe(r, 0.2, () => r.int(49, 3000)),
    occupancy: maybe(r, 0.2, () => r.int(1, 5)),
    engineType: all
      ? maybe(
        r,
        0.2,
        () => r.pick(["electric", "internalCombustion", "pluginHybrid"]),
      )
      : undefined,
  });
}

/** A combustion vehicle's fuel model, for isolines. */
function fuel(r: Random): Record<string, unknown> {
  const table = maybe(r, 0.8, () => [[0, 0.07], [50, 0.05], [130, 0.08]]);
  return obj({
    type: r.pick(["diesel", "petrol", "lpg", "cng", "lng", "hydrogen"]),
    freeFlowSpeedTable: table,
    trafficSpeedTable: table && maybe(r, 0.3, () => [[0, 0.1], [30, 0.08]]),
    additionalConsumption: table && maybe(r, 0.3, () => r.int(0, 10) / 10),
    ascent: table && maybe(r, 0.3, () => r.int(0, 5) / 100),
  });
}

function routing(
  r: Random,
  mode: TransportMode,
) {
  return obj({
    origin: near(r),
    destination: near(r),
    via: maybe(r, 0.3, () =>
      Array.from({ length: r.int(0, 3) }, () =>
        obj({
          lat: near(r)[0],
          lng: near(r)[1],
          placeOptions: maybe(r, 0.2, () => placeOptions(r)),
          waypointOptions: maybe(r, 0.3, () =>
            r.chance(0.5)
              ? { stopDuration: r.int(0, 3600) }
              : { passThrough: true }),
        }))),
    originPlaceOptions: maybe(r, 0.2, () => placeOptions(r)),
    destinationPlaceOptions: maybe(r, 0.2, () => placeOptions(r)),
    destinationWaypointOptions: maybe(
      r,
      0.1,
      () => ({ stopDuration: r.int(0, 600) }),
    ),
    departureTime: maybe(r, 0.3, () => r.chance(0.2) ? "any" : dateTime(r)),
    routingMode: maybe(r, 0.3, () => r.pick(["fast", "short"])),
    alternatives: maybe(r, 0.3, () => r.int(0, 6)),
    units: maybe(r, 0.3, () => r.pick(["metric", "imperial"])),
    lang: maybe(r, 0.3, () => lang(r)),
    ...routeReturns(r),
    avoidFeatures: maybe(r, 0.2, () => r.some(AVOID, 0, 3)),
    avoidAreas: maybe(
      r,
      0.2,
      () => Array.from({ length: r.int(0, 3) }, () => avoidArea(r)),
    ),
    exclude: maybe(
      r,
      0.1,
      () => r.some(ALPHA3, 1, 2).filter((c) => c !== "DEU"),
    ),
    truck: mode === "truck" ? maybe(r, 0.7, () => truck(r)) : undefined,
    bus: mode === "bus" || mode === "privateBus"
      ? maybe(r, 0.6, () => {
        const { type: _, ...bus } = truck(r);
        return bus;
      })
      : undefined,
    permittedNetworks: mode === "truck"
      ? maybe(r, 0.1, () =>
        r.pick([
          [{ country: "NZL", networks: ["HPMV"] }],
          [{ country: "AUS", states: ["NSW"], networks: ["BDouble", "PBS"] }],
          [],
          [{ country: "nz", networks: [] }],
          [{ country: "NZL", networks: ["HP|MV"] }],
        ]))
      : undefined,
    scooter: mode === "scooter"
      ? maybe(r, 0.5, () => ({ allowHighway: r.chance(0.5) }))
      : undefined,
    ...routeExtras(r, mode),
  });
}

function tour(r: Random): Record<string, unknown> {
  const depot = { lat: 52.53, lng: 13.38 };
  const dims = r.int(1, 2);
  const start = tomorrowAt(8);
  const end = tomorrowAt(r.int(12, 20));
  const nJobs = r.int(1, 5);
  const place = () => {
    const [la, ln] = near(r);
    return obj({
      location: { lat: la, lng: ln },
      duration: r.int(0, 900),
      times: maybe(r, 0.3, () => [[tomorrowAt(8), tomorrowAt(r.int(9, 20))]]),
      tag: maybe(r, 0.2, () => r.pick(TEXTS)),
    });
  };
  const task = () =>
    obj({
      places: [place()],
      demand: maybe(r, 0.97, () =>
        Array.from({ length: dims }, () =>
          r.int(0, 2))),
    });
  const jobs = Array.from({ length: nJobs }, (_, i) => {
    const kind = r.int(0, 2);
    return obj({
      id: `job-${i}-${r.pick(["a", "ü", "😀"])}`,
      tasks: kind === 0
        ? { deliveries: [task()] }
        : kind === 1
        ? { pickups: [task()] }
        : { pickups: [task()], deliveries: [task()] },
      priority: maybe(r, 0.2, () => r.int(1, 2)),
    });
  });
  const amount = r.int(1, 3);
  return obj({
    id: maybe(r, 0.2, () => `problem-${r.int(1, 1e6)}`),
    fleet: {
      types: [{
        id: "van",
        profile: "car_profile",
        costs: { fixed: r.int(0, 30), distance: 0.0002, time: 0.005 },
        shifts: [{
          start: { time: start, location: depot },
          end: r.chance(0.8) ? { time: end, location: depot } : undefined,
        }].map((s) => obj(s)),
        capacity: Array.from({ length: dims }, () => r.int(5, 20)),
        amount,
        limits: maybe(r, 0.2, () => ({ maxDistance: r.int(50_000, 300_000) })),
      }].map((t) => obj(t)),
      profiles: [{ name: "car_profile", type: "car" }],
    },
    plan: obj({
      jobs,
      relations: maybe(r, 0.15, () => [{
        type: r.pick(["sequence", "tour", "flexible"]),
        jobs: [String(jobs[0].id)],
        vehicleId: `van_${r.int(1, amount)}`,
      }]),
    }),
    objectives: maybe(
      r,
      0.15,
      () => [{ type: "minimizeUnassigned" }, { type: "minimizeCost" }],
    ),
    optimizationTraffic: maybe(
      r,
      0.2,
      () => r.pick(["liveOrHistorical", "historicalOnly", "automatic"]),
    ),
    optimizationWaitingTime: maybe(
      r,
      0.1,
      () =>
        obj({
          reduce: r.chance(0.5),
          bufferTime: maybe(r, 0.5, () => r.int(0, 600)),
        }),
    ),
    async: maybe(r, 0.3, () => r.chance(0.5)),
  });
}

const CITIES = ["2950159", "2988507", "2643743", "3169070", "1850147"];

const VALID: Record<OpName, (r: Random) => Record<string, unknown>> = {
  geocode: (r) =>
    obj({
      query: text(r),
      limit: maybe(r, 0.4, () => limit(r)),
      lang: maybe(r, 0.3, () => lang(r)),
      ...geocodeExtras(r),
    }),
  reverseGeocode: (r) => {
    const extras = reverseGeocodeExtras(r);
    // A circle replaces the position; now and then both break that rule.
    const position = extras.searchInCircle === undefined || r.chance(0.2);
    return obj({
      lat: position ? lat(r) : undefined,
      lng: position ? lng(r) : undefined,
      limit: maybe(r, 0.4, () => limit(r)),
      lang: maybe(r, 0.3, () => lang(r)),
      ...extras,
    });
  },
  discover: (r) => {
    const area = r.int(0, 2);
    return placeSearchExtras(r, {
      query: text(r),
      center: area < 2 ? latLng(r) : undefined,
      radius: area === 0 ? r.int(1, 50_000) : undefined,
      countryCodes: area === 1 ? r.some(ALPHA3, 1, 3) : undefined,
      boundingBox: area === 2 ? bbox(r) : undefined,
      limit: maybe(r, 0.4, () => limit(r)),
      lang: maybe(r, 0.3, () => lang(r)),
    }, "discover");
  },
  browse: (r) => {
    const area = r.int(0, 3);
    return placeSearchExtras(r, {
      center: latLng(r),
      radius: area === 0 ? r.int(1, 50_000) : undefined,
      countryCodes: area === 1 ? r.some(ALPHA3, 1, 3) : undefined,
      boundingBox: area === 2 ? bbox(r) : undefined,
      categories: maybe(
        r,
        0.4,
        () =>
          r.some(
            [
              "100",
              "100-1000",
              "100-1000-0000",
              "300-3100-0000",
              "700-7600-0116",
            ],
            1,
            3,
          ),
      ),
      name: maybe(r, 0.2, () => r.pick(TEXTS)),
      limit: maybe(r, 0.4, () => limit(r)),
      lang: maybe(r, 0.3, () => lang(r)),
    }, "browse");
  },
  lookup: (r) =>
    obj({
      locationId: `here:cm:namedplace:${r.pick(CITIES)}`,
      lang: maybe(r, 0.3, () => lang(r)),
      ...lookupExtras(r),
    }),
  autosuggest: (r) => {
    const area = r.int(0, 2);
    const [la, ln] = latLng(r);
    return placeSearchExtras(r, {
      query: text(r),
      at: area === 0 ? [la, ln] : undefined,
      searchInCircle: area === 1
        ? { lat: la, lng: ln, radius: r.int(1, 50_000) }
        : undefined,
      searchInBbox: area === 2 ? bbox(r) : undefined,
      inCountry: area === 0
        ? maybe(r, 0.3, () => r.some(ALPHA3, 1, 3))
        : undefined,
      limit: maybe(r, 0.4, () => limit(r)),
      termsLimit: maybe(r, 0.3, () => r.int(1, 10)),
      lang: maybe(r, 0.3, () => lang(r)),
      politicalView: maybe(r, 0.1, () => r.pick(["RUS", "IND", "CHN", "ARG"])),
      show: maybe(r, 0.2, () => r.some(["phonemes", "tz", "streetInfo"], 0, 2)),
    }, "autosuggest");
  },
  autocomplete: (r) => {
    const area = r.int(0, 3);
    const [la, ln] = latLng(r);
    return obj({
      query: text(r),
      at: area === 0 || area === 3 ? maybe(r, 0.7, () => [la, ln]) : undefined,
      searchInCircle: area === 1
        ? { lat: la, lng: ln, radius: r.int(1, 50_000) }
        : undefined,
      searchInBbox: area === 2 ? bbox(r) : undefined,
      inCountry: area === 3 ? r.some(ALPHA3, 1, 3) : undefined,
      types: maybe(r, 0.3, () => r.some(["area", "city", "postalCode"], 0, 3)),
      postalCodeMode: maybe(
        r,
        0.2,
        () => r.pick(["cityLookup", "districtLookup"]),
      ),
      limit: maybe(r, 0.4, () => r.int(1, 20)),
      lang: maybe(r, 0.3, () => lang(r)),
      politicalView: maybe(r, 0.1, () => r.pick(["RUS", "IND", "CHN", "ARG"])),
      show: maybe(r, 0.2, () => r.some(["hasRelatedMPA", "streetInfo"], 0, 2)),
    });
  },
  carRoute: (r) => routing(r, "car"),
  bicycleRoute: (r) => routing(r, "bicycle"),
  truckRoute: (r) => routing(r, "truck"),
  scooterRoute: (r) => routing(r, "scooter"),
  pedestrianRoute: (r) => routing(r, "pedestrian"),
  taxiRoute: (r) => ({
    ...routing(r, "taxi"),
    taxi: maybe(r, 0.3, () =>
      r.pick([
        { allowDriveThroughTaxiRoads: false },
        { allowDriveThroughTaxiRoads: true },
        { allowDriveThroughTaxiRoads: "no" },
        { lanes: true },
      ])),
  }),
  busRoute: (r) => routing(r, "bus"),
  privateBusRoute: (r) => routing(r, "privateBus"),
  calculateIsoline: (r) => {
    const fromOrigin = r.chance(0.7);
    const mode = r.pick(
      ["car", "truck", "pedestrian", "bicycle", "scooter", "taxi"],
    );
    const fuelModel = mode !== "pedestrian" && mode !== "bicycle"
      ? maybe(r, 0.15, () => fuel(r))
      : undefined;
    const rangeType = fuelModel?.freeFlowSpeedTable && r.chance(0.5)
      ? "consumption"
      : r.pick(["time", "distance"]);
    const values = Array.from(
      { length: r.int(1, 3) },
      () =>
        rangeType === "time"
          ? r.int(60, 1800)
          : rangeType === "consumption"
          ? r.int(100, 3000)
          : r.int(500, 20_000),
    );
    return obj({
      ...isolineOptions(r, mode),
      fuel: fuelModel,
      range: r.chance(0.3) ? values.join(",") : values,
      rangeType,
      transportMode: mode,
      origin: fromOrigin ? near(r) : undefined,
      destination: fromOrigin ? undefined : near(r),
      departureTime: fromOrigin ? maybe(r, 0.2, () => dateTime(r)) : undefined,
      arrivalTime: fromOrigin ? undefined : maybe(r, 0.2, () => dateTime(r)),
      routingMode: maybe(r, 0.2, () => r.pick(["fast", "short"])),
      shapeMaxPoints: maybe(r, 0.2, () => r.int(31, 500)),
      optimisedFor: maybe(
        r,
        0.2,
        () => r.pick(["quality", "performance", "balanced"]),
      ),
      avoidFeatures: maybe(
        r,
        0.2,
        () => r.some(["tollRoad", "ferry", "tunnel"], 0, 2),
      ),
      truck: mode === "truck" ? maybe(r, 0.5, () => truck(r)) : undefined,
      originPlaceOptions: fromOrigin
        ? maybe(r, 0.1, () => placeOptions(r))
        : undefined,
    });
  },
  matrix: (r) => {
    const n = r.int(1, 6);
    const points = () =>
      Array.from({ length: n }, () => ({ lat: near(r)[0], lng: near(r)[1] }));
    const origins = points();
    const destinations = maybe(
      r,
      0.4,
      () =>
        Array.from(
          { length: r.int(1, 6) },
          () => ({ lat: near(r)[0], lng: near(r)[1] }),
        ),
    );
    const region = r.int(0, 3);
    const profile = region === 3
      ? maybe(
        r,
        0.5,
        () =>
          r.pick(["carFast", "carShort", "pedestrian", "bicycle", "truckFast"]),
      )
      : undefined;
    const transportMode = profile
      ? undefined
      : maybe(r, 0.4, () =>
        r.pick(["car", "truck", "pedestrian", "bicycle", "scooter", "taxi"]));
    return obj({
      origins,
      destinations,
      regionDefinition: region === 0
        ? {
          type: "circle",
          center: { lat: 52.52, lng: 13.4 },
          radius: r.int(60_000, 200_000),
        }
        : region === 1
        ? { type: "autoCircle", margin: maybe(r, 0.5, () => r.int(0, 20_000)) }
        : region === 2
        ? { type: "boundingBox", north: 53, south: 52, west: 12.5, east: 14.5 }
        : { type: "world" },
      async: maybe(r, 0.3, () => r.chance(0.5)),
      profile,
      departureTime: profile
        ? undefined
        : maybe(r, 0.2, () =>
          r.chance(0.3) ? "any" : new Date(Date.now() + 3600_000)),
      routingMode: profile
        ? undefined
        : maybe(r, 0.2, () => r.pick(["fast", "short"])),
      transportMode,
      avoidFeatures: profile
        ? undefined
        : maybe(r, 0.2, () => r.some(["tollRoad", "ferry", "tunnel"], 0, 2)),
      avoidAreas: profile ? undefined : maybe(r, 0.1, () => [avoidArea(r)]),
      truck: transportMode === "truck"
        ? maybe(r, 0.5, () => truck(r))
        : undefined,
      matrixAttributes: maybe(
        r,
        0.4,
        () => r.some(["travelTimes", "distances"], 1, 2),
      ),
    });
  },
  getDestWeather: (r) => {
    const where = r.int(0, 2);
    const products = r.some(
      [
        "observation",
        "forecast7days",
        "forecast7daysSimple",
        "forecastHourly",
        "forecastAstronomy",
        "alerts",
      ],
      1,
      3,
    );
    const hourly = products.includes("forecastHourly");
    return obj({
      products,
      at: where === 0 ? latLng(r) : undefined,
      query: where === 1
        ? r.pick(["Berlin", "Paris, France", "New York", "München"])
        : undefined,
      zipcode: where === 2
        ? r.pick(["10025", "90210", "10025-1234"])
        : undefined,
      hourlyDate: hourly
        ? maybe(
          r,
          0.3,
          () =>
            r.chance(0.5) ? new Date() : new Date().toISOString().slice(0, 10),
        )
        : undefined,
      oneObservation: products.includes("observation")
        ? maybe(r, 0.3, () => r.chance(0.5))
        : undefined,
      language: maybe(r, 0.3, () => r.pick(LANGS)),
      units: maybe(r, 0.3, () => r.pick(["metric", "imperial"])),
    });
  },
  getWeatherAlerts: (r) => {
    const line = r.chance(0.4);
    const pt = () => [near(r)[1], near(r)[0]];
    const start = new Date(Date.now() + r.int(-1, 3) * 3600_000);
    return obj({
      geometry: line
        ? {
          type: "LineString",
          coordinates: Array.from({ length: r.int(2, 6) }, pt),
        }
        : { type: "Point", coordinates: pt() },
      startTime: r.chance(0.5) ? start : start.toISOString(),
      endTime: maybe(
        r,
        0.3,
        () => new Date(start.getTime() + r.int(0, 48) * 3600_000),
      ),
      id: maybe(
        r,
        0.2,
        () => r.chance(0.5) ? `alert-${r.int(1, 99)}` : r.int(0, 1e6),
      ),
      weatherSeverity: maybe(r, 0.2, () => r.int(0, 5)),
      weatherType: maybe(r, 0.2, () => r.int(1, 20)),
      country: maybe(r, 0.2, () => r.pick(ALPHA2)),
      width: maybe(r, 0.3, () => line ? r.int(1, 25_000) : r.int(1, 100_000)),
    });
  },
  solveTourPlanning: tour,
};

/**
 * Random parameters for an operation: a plausible valid object, mutated
 * most of the time, sometimes frozen, sometimes not an object at all.
 */
export function generate(
  op: OpName,
  r: Random,
): { params: unknown; mutated: boolean } {
  const roll = r.next();
  if (roll < 0.02) return { params: nasty(r), mutated: true };
  const params = VALID[op](r);
  const mutated = roll >= 0.3;
  const out = mutated ? mutateParams(params, r) : params;
  return { params: r.chance(0.1) ? deepFreeze(out) : out, mutated };
}

/** A plausible valid parameters object (no mutation), for the wire checks. */
export function validParams(op: OpName, r: Random): Record<string, unknown> {
  return VALID[op](r);
}

/** Random RequestOptions: mostly sane, often with one nasty field. */
export function generateOptions(r: Random): Record<string, unknown> {
  const options = obj({
    timeoutMs: maybe(r, 0.3, () => r.int(1_000, 30_000)),
    deadlineMs: maybe(r, 0.3, () => r.int(5_000, 60_000)),
    maxRetries: maybe(r, 0.3, () => r.int(0, 3)),
    headers: maybe(r, 0.3, () => ({ "x-trace": `t-${r.int(1, 99)}` })),
    requestId: maybe(r, 0.3, () => `req-${r.int(1, 1e6)}`),
  });
  const keys = [
    "timeoutMs",
    "deadlineMs",
    "maxRetries",
    "headers",
    "requestId",
    "signal",
    "onProgress",
  ];
  const n = r.int(0, 2);
  for (let i = 0; i < n; i++) options[r.pick(keys)] = nasty(r);
  return options;
}
