// The LS operations as data: a name, a way to call it (draining any raw
// Response) and one valid parameters object for the sandbox. Shared by the
// fault, malformed-response, credential and fuzz tests.

import { type LS, LS_OPERATIONS, type LSOperation } from "@ls/ls";
import type { MatrixOptions } from "@ls/ls";

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
export type OpName = LSOperation;

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
  const shift = {
    start: { time: tomorrowAt(8), location: depot },
    end: { time: tomorrowAt(17), location: depot },
  };
  const costs = { fixed: 20, distance: 0.0002, time: 0.005 };
  const van = { id: "van", profile: "car_profile", costs, shifts: [shift] };
  const delivery = (lat: number, lng: number) => ({
    places: [{ location: { lat, lng }, duration: 300 }],
    demand: [1],
  });
  return {
    fleet: {
      types: [{ ...van, capacity: [4], amount: 1 }],
      profiles: [{ name: "car_profile", type: "car" }],
    },
    plan: {
      jobs: [[52.5206, 13.4095], [52.5163, 13.3777]].map(([lat, lng], i) => ({
        id: `job-${i + 1}`,
        tasks: { deliveries: [delivery(lat, lng)] },
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

/** What the sandbox is sent for each operation, and where it goes first. */
const REQUESTS: Record<OpName, Pick<Op, "path" | "example">> = {
  geocode: { path: "/v1/geocode", example: () => ({ query: "Berlin" }) },
  reverseGeocode: {
    path: "/v1/revgeocode",
    example: () => ({ lat: BERLIN[0], lng: BERLIN[1] }),
  },
  discover: {
    path: "/v1/discover",
    example: () => ({ query: "cafe", center: BERLIN, radius: 5000 }),
  },
  browse: {
    path: "/v1/browse",
    example: () => ({ center: BERLIN, radius: 5000 }),
  },
  lookup: {
    path: "/v1/lookup",
    example: () => ({ locationId: "here:cm:namedplace:2950159" }),
  },
  autosuggest: {
    path: "/v1/autosuggest",
    example: () => ({ query: "ber", at: BERLIN }),
  },
  autocomplete: {
    path: "/v1/autocomplete",
    example: () => ({ query: "Berlin Main", inCountry: ["DEU"] }),
  },
  carRoute: {
    path: "/v8/routes",
    example: () => ({ origin: BERLIN, destination: POTSDAM }),
  },
  bicycleRoute: {
    path: "/v8/routes",
    example: () => ({ origin: BERLIN, destination: POTSDAM }),
  },
  truckRoute: {
    path: "/v8/routes",
    example: () => ({
      origin: BERLIN,
      destination: POTSDAM,
      truck: { grossWeight: 12_000, axleCount: 3 },
    }),
  },
  scooterRoute: {
    path: "/v8/routes",
    example: () => ({ origin: BERLIN, destination: POTSDAM }),
  },
  pedestrianRoute: {
    path: "/v8/routes",
    example: () => ({ origin: BERLIN, destination: [52.52, 13.4] }),
  },
  taxiRoute: {
    path: "/v8/routes",
    example: () => ({
      origin: BERLIN,
      destination: POTSDAM,
      taxi: { allowDriveThroughTaxiRoads: true },
    }),
  },
  busRoute: {
    path: "/v8/routes",
    example: () => ({ origin: BERLIN, destination: POTSDAM }),
  },
  privateBusRoute: {
    path: "/v8/routes",
    example: () => ({ origin: BERLIN, destination: POTSDAM }),
  },
  calculateIsoline: {
    path: "/v8/isolines",
    example: () => ({
      origin: BERLIN,
      range: [600],
      rangeType: "time",
      transportMode: "car",
    }),
  },
  matrix: {
    path: "/v8/matrix",
    example: () => ({
      origins: [
        { lat: BERLIN[0], lng: BERLIN[1] },
        { lat: 52.52, lng: 13.4 },
      ],
      regionDefinition: {
        type: "circle",
        center: { lat: BERLIN[0], lng: BERLIN[1] },
        radius: 20_000,
      },
    }),
  },
  getDestWeather: {
    path: "/v3/report",
    example: () => ({ products: ["observation"], at: BERLIN }),
  },
  getWeatherAlerts: {
    path: "/v3/alerts",
    example: () => ({
      geometry: { type: "Point", coordinates: [BERLIN[1], BERLIN[0]] },
      startTime: new Date(),
    }),
  },
  solveTourPlanning: { path: "/v3/problems", example: tourProblem },
};

/** All seventeen operations, in `LS` order. */
export const OPS: readonly Op[] = (Object.keys(LS_OPERATIONS) as OpName[]).map(
  (name): Op => ({
    name,
    ...REQUESTS[name],
    async call(ls, params, options) {
      const method = (ls[name] as Method).bind(ls);
      return await drain(await method(params, options));
    },
  }),
);

/** The operation called `name`. */
export function opNamed(name: OpName): Op {
  return OPS.find((o) => o.name === name)!;
}
