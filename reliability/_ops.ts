// The LS operations as data: a name, a way to call it (draining any raw
// Response) and one valid parameters object for the sandbox. Shared by the
// fault, malformed-response, credential and fuzz tests.

import type { LS, MatrixOptions } from "@ls/ls";

/** One `LS` operation. */
export interface Op {
  /** The method name on `LS`. */
  name: OpName;
  /** The request path the operation sends first. */
  path: string;
  /** Calls the operation; a raw `Response` (autosuggest) is read to the end. */
  call(ls: LS, params: unknown, options?: MatrixOptions): Promise<unknown>;
  /** A valid parameters object that the sandbox answers with 200. */
  example(): Record<string, unknown>;
}

/** Every operation of `LS`. */
export type OpName =
  | "geocode"
  | "reverseGeocode"
  | "discover"
  | "browse"
  | "lookup"
  | "autosuggest"
  | "carRoute"
  | "bicycleRoute"
  | "truckRoute"
  | "scooterRoute"
  | "pedestrianRoute"
  | "calculateIsoline"
  | "matrix"
  | "getDestWeather"
  | "getWeatherAlerts"
  | "solveTourPlanning";

/** A day in the sandbox's future, at `hour` UTC, as RFC 3339. */
export function tomorrowAt(hour: number): string {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + 1);
  d.setUTCHours(hour, 0, 0, 0);
  return d.toISOString().replace(".000Z", "Z");
}

const BERLIN: [number, number] = [52.5308, 13.3847];
const POTSDAM: [number, number] = [52.3906, 13.0645];

/** A small, valid tour planning problem (two jobs, one van type). */
export function tourProblem(): Record<string, unknown> {
  const depot = { lat: BERLIN[0], lng: BERLIN[1] };
  return {
    fleet: {
      types: [{
        id: "van",
        profile: "car_profile",
        costs: { fixed: 20, distance: 0.0002, time: 0.005 },
        shifts: [{
          start: { time: tomorrowAt(8), location: depot },
          end: { time: tomorrowAt(17), location: depot },
        }],
        capacity: [4],
        amount: 1,
      }],
      profiles: [{ name: "car_profile", type: "car" }],
    },
    plan: {
      jobs: [
        [52.5206, 13.4095],
        [52.5163, 13.3777],
      ].map(([lat, lng], i) => ({
        id: `job-${i + 1}`,
        tasks: {
          deliveries: [{
            places: [{ location: { lat, lng }, duration: 300 }],
            demand: [1],
          }],
        },
      })),
    },
  };
}

async function drain(value: unknown): Promise<unknown> {
  if (value instanceof Response) {
    const text = await value.text();
    return text.length;
  }
  return value;
}

// deno-lint-ignore no-explicit-any
type Method = (params: any, options?: MatrixOptions) => Promise<unknown>;

function op(
  name: OpName,
  path: string,
  example: () => Record<string, unknown>,
): Op {
  return {
    name,
    path,
    example,
    async call(ls, params, options) {
      const method = (ls[name] as Method).bind(ls);
      return await drain(await method(params, options));
    },
  };
}

/** All sixteen operations, in `LS` order. */
export const OPS: readonly Op[] = [
  op("geocode", "/v1/geocode", () => ({ query: "Berlin" })),
  op("reverseGeocode", "/v1/revgeocode", () => ({
    lat: BERLIN[0],
    lng: BERLIN[1],
  })),
  op("discover", "/v1/discover", () => ({
    query: "cafe",
    center: BERLIN,
    radius: 5000,
  })),
  op("browse", "/v1/browse", () => ({ center: BERLIN, radius: 5000 })),
  op("lookup", "/v1/lookup", () => ({
    locationId: "here:cm:namedplace:2950159",
  })),
  op("autosuggest", "/v1/autosuggest", () => ({ query: "ber", at: BERLIN })),
  op("carRoute", "/v8/routes", () => ({
    origin: BERLIN,
    destination: POTSDAM,
  })),
  op("bicycleRoute", "/v8/routes", () => ({
    origin: BERLIN,
    destination: POTSDAM,
  })),
  op("truckRoute", "/v8/routes", () => ({
    origin: BERLIN,
    destination: POTSDAM,
    truck: { grossWeight: 12_000, axleCount: 3 },
  })),
  op("scooterRoute", "/v8/routes", () => ({
    origin: BERLIN,
    destination: POTSDAM,
  })),
  op("pedestrianRoute", "/v8/routes", () => ({
    origin: BERLIN,
    destination: [52.52, 13.4],
  })),
  op("calculateIsoline", "/v8/isolines", () => ({
    origin: BERLIN,
    range: [600],
    rangeType: "time",
    transportMode: "car",
  })),
  op("matrix", "/v8/matrix", () => ({
    origins: [
      { lat: BERLIN[0], lng: BERLIN[1] },
      { lat: 52.52, lng: 13.4 },
    ],
    regionDefinition: {
      type: "circle",
      center: { lat: BERLIN[0], lng: BERLIN[1] },
      radius: 20_000,
    },
  })),
  op("getDestWeather", "/v3/report", () => ({
    products: ["observation"],
    at: BERLIN,
  })),
  op("getWeatherAlerts", "/v3/alerts", () => ({
    geometry: { type: "Point", coordinates: [BERLIN[1], BERLIN[0]] },
    startTime: new Date(),
  })),
  op("solveTourPlanning", "/v3/problems", tourProblem),
];

/** The operation called `name`. */
export function opNamed(name: OpName): Op {
  return OPS.find((o) => o.name === name)!;
}
