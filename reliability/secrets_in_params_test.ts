// A caller who pastes their key into a parameter (a list item, a field, an
// option) gets a ValueError that does not show it: not whole, and not the
// first 60 characters of a long one. Builders run before the client sees a
// call, so each operation hands their errors to the client to scrub; and no
// message quotes a piece of a long value, which no scrubber could recognise.

import assert from "node:assert/strict";
import { LS } from "@ls/ls";
import { Auth, PlatformCredentials } from "@ls/core";
import { WorldRegion } from "@ls/matrix";
import { startTestServer } from "@ls/core/testing";
import { errorTexts, leakCheck } from "./_harness.ts";
import { tourProblem } from "./_ops.ts";

/**
 * A long key (quoted in part, had it been cut short) and a short one (quoted
 * whole, had the client not scrubbed it), with the characters that
 * encodings change.
 */
const KEYS = [
  "Zq7/Wx+2=Lp9vRt4Hk8/Ny+3=Gm6sBd1Fc5/Jw+0=Qe7uXa2Ti9/Ko+4=Mr8yPz3Ul6/Dh+1=Vb5nCj0Sg",
  "Yk3/Qa+8=Wn5eTz1Ro7/Lc+6=Pv9mHs4",
];

/** Every 8 characters of a key, as typed, percent-encoded and JSON-escaped. */
function piecesOf(key: string): string[] {
  const pieces = new Set<string>();
  for (const form of [key, encodeURIComponent(key), JSON.stringify(key)]) {
    for (let i = 0; i + 8 <= form.length; i++) pieces.add(form.slice(i, i + 8));
  }
  return [...pieces];
}

function leaked(err: unknown, key: string): string | undefined {
  const pieces = piecesOf(key);
  for (const text of errorTexts(err)) {
    const piece = pieces.find((p) => text.includes(p));
    if (piece !== undefined) return `${piece} in ${text.slice(0, 300)}`;
  }
  return undefined;
}

const AREA = { west: 13.3, south: 52.4, east: 13.5, north: 52.6 };

/** Valid parameters for every operation, with a list wherever one is taken. */
const BASES: [keyof LS & string, () => Record<string, unknown>][] = [
  ["geocode", () => ({
    query: "Berlin",
    countryCodes: ["DEU", "FRA"],
    types: ["city", "street"],
    lang: ["en-US", "de"],
    show: ["tz"],
    at: [52.5, 13.4],
  })],
  ["reverseGeocode", () => ({
    lat: 52.5,
    lng: 13.4,
    lang: ["en-US"],
    types: ["address"],
    show: ["tz"],
  })],
  ["discover", () => ({
    query: "cafe",
    center: [52.5, 13.4],
    lang: ["en"],
    show: ["tz"],
    countryCodes: ["DEU"],
  })],
  ["browse", () => ({
    center: [52.5, 13.4],
    categories: ["100-1000-0000"],
    foodTypes: ["101-000"],
    lang: ["en"],
    countryCodes: ["DEU"],
  })],
  ["lookup", () => ({
    locationId: "here:pds:place:276u33db-8097f3194e4b411081b761ea9a366776",
    lang: ["en"],
    show: ["tz"],
  })],
  ["autosuggest", () => ({
    query: "caf",
    at: [52.5, 13.4],
    inCountry: ["DEU"],
    lang: ["en"],
  })],
  ["autocomplete", () => ({
    query: "Berlin Pariser",
    at: [52.5, 13.4],
    inCountry: ["DEU"],
    types: ["city"],
    postalCodeMode: "cityLookup",
    lang: ["en"],
    show: ["streetInfo"],
  })],
  ["carRoute", () => ({
    origin: [52.5, 13.4],
    destination: [52.52, 13.38],
    via: [{ lat: 52.51, lng: 13.39 }],
    lang: ["en-US"],
    returnResults: ["polyline", "summary"],
    spans: ["length"],
    avoidFeatures: ["ferry"],
    avoidAreas: [{ ...AREA }],
    exclude: ["CHE"],
    ev: {
      freeFlowSpeedTable: [[0, 0.239], [27, 0.239]],
      initialCharge: 48,
      maxCharge: 80,
      connectorTypes: ["iec62196Type2Combo"],
    },
  })],
  ["truckRoute", () => ({
    origin: [52.5, 13.4],
    destination: [52.52, 13.38],
    returnResults: ["summary"],
    truck: { shippedHazardousGoods: ["explosive"], grossWeight: 12000 },
  })],
  ["calculateIsoline", () => ({
    range: [300, 600],
    rangeType: "time",
    transportMode: "truck",
    origin: [52.5, 13.4],
    avoidFeatures: ["ferry"],
  })],
  ["matrix", () => ({
    origins: [{ lat: 52.5, lng: 13.4 }],
    destinations: [{ lat: 52.6, lng: 13.5 }],
    regionDefinition: new WorldRegion(),
    matrixAttributes: ["travelTimes", "distances"],
    avoidFeatures: ["ferry"],
    transportMode: "truck",
    truck: { shippedHazardousGoods: ["explosive"] },
  })],
  ["getDestWeather", () => ({
    products: ["observation", "forecast7days"],
    at: [52.5, 13.4],
  })],
  ["getWeatherAlerts", () => ({
    geometry: { type: "Point", coordinates: [13.4, 52.5] },
    startTime: new Date("2024-05-01T00:00:00Z"),
  })],
  ["solveTourPlanning", () => tourProblem()],
];

type Path = (string | number)[];

/** Every place a value sits in `value`: leaves, lists, and each list's first item. */
function places(value: unknown, path: Path = [], out: Path[] = []): Path[] {
  if (path.length > 0) out.push(path);
  if (Array.isArray(value)) {
    value.forEach((item, i) => places(item, [...path, i], out));
  } else if (
    typeof value === "object" && value !== null && !(value instanceof Date) &&
    !(value instanceof WorldRegion)
  ) {
    for (const [k, v] of Object.entries(value)) places(v, [...path, k], out);
  }
  return out;
}

function put(target: Record<string, unknown>, path: Path, value: unknown) {
  let at: Record<string | number, unknown> = target;
  for (const k of path.slice(0, -1)) {
    at = at[k] as Record<string | number, unknown>;
  }
  at[path.at(-1)!] = value;
}

for (const key of KEYS) {
  Deno.test(`a key of ${key.length} characters pasted anywhere in an operation's parameters is never shown by its error`, async () => {
    await using server = await startTestServer();
    using ls = new LS({
      apiKey: key,
      baseUrl: server.url,
      maxRetries: 0,
      serviceRequestsPerSecond: { tourplanning: Infinity },
    });
    let refused = 0;
    const failures: string[] = [];
    for (const [name, base] of BASES) {
      for (const path of places(base())) {
        const params = base();
        put(params, path, key);
        const call = ls[name] as (p: unknown) => Promise<unknown>;
        let err: unknown;
        try {
          await call.call(ls, params);
        } catch (e) {
          err = e;
        }
        // Accepted calls reach the test server, which answers 404.
        if ((err as Error)?.name === "ValueError") refused++;
        const leak = err === undefined ? undefined : leaked(err, key);
        if (leak) failures.push(`${name} ${path.join(".")}: ${leak}`);
      }
    }
    assert.deepEqual(failures, []);
    // The walk did reach the checks: most places refuse a key.
    assert.ok(refused > 100, `only ${refused} refusals`);
  });
}

for (const key of KEYS) {
  Deno.test(`a key of ${key.length} characters given as an option is never shown by its error`, async () => {
    await using server = await startTestServer();
    using ls = new LS({ apiKey: key, baseUrl: server.url, maxRetries: 0 });
    const matrixParams = BASES.find(([n]) => n === "matrix")![1];
    const attempts: [string, () => unknown][] = [
      [
        "timeoutMs",
        () => ls.geocode({ query: "x" }, { timeoutMs: key } as never),
      ],
      [
        "headers",
        () => ls.geocode({ query: "x" }, { headers: { [key]: key } }),
      ],
      [
        "requestId",
        () => ls.geocode({ query: "x" }, { requestId: `${key}\n` }),
      ],
      [
        "matrix concurrency",
        () => ls.matrix(matrixParams() as never, { concurrency: key } as never),
      ],
      [
        "matrixRows blocksAhead",
        () =>
          ls.matrixRows(matrixParams() as never, { blocksAhead: key } as never),
      ],
      ["tour poll", () =>
        ls.solveTourPlanning(tourProblem() as never, {
          poll: { initialDelayMs: key },
        } as never)],
      [
        "bulk concurrency",
        () => ls.bulk("geocode", [], { concurrency: key } as never),
      ],
      ["bulk operation", () => ls.bulk(key as never, [])],
      [
        "bulk callOptions",
        () =>
          ls.bulk("geocode", [], { callOptions: { timeoutMs: key } } as never),
      ],
      [
        "tour timeoutMs",
        () =>
          ls.solveTourPlanning(
            tourProblem() as never,
            { timeoutMs: key } as never,
          ),
      ],
      [
        "matrix timeoutMs",
        () => ls.matrix(matrixParams() as never, { timeoutMs: key } as never),
      ],
    ];
    for (const [what, attempt] of attempts) {
      let err: unknown;
      try {
        await attempt();
      } catch (e) {
        err = e;
      }
      assert.equal((err as Error)?.name, "ValueError", what);
      assert.equal(leaked(err, key), undefined, what);
    }
  });
}

for (const key of KEYS) {
  Deno.test(`a key of ${key.length} characters given as a service name of a client's budget is never shown by its error`, () => {
    let err: unknown;
    try {
      new LS({
        apiKey: key,
        serviceRequestsPerSecond: { [key]: 1 } as never,
      }).close();
    } catch (e) {
      err = e;
    }
    assert.equal((err as Error)?.name, "ValueError");
    assert.equal(leaked(err, key), undefined);
  });
}

for (const key of KEYS) {
  Deno.test(`a key of ${key.length} characters the client found by itself or in an Auth is never shown by an option's error`, () => {
    const attempts: [string, () => unknown][] = [
      ["environment", () => {
        const saved = Deno.env.get("HERE_API_KEY");
        Deno.env.set("HERE_API_KEY", key);
        try {
          return new LS({ timeoutMs: key as never });
        } finally {
          if (saved === undefined) Deno.env.delete("HERE_API_KEY");
          else Deno.env.set("HERE_API_KEY", saved);
        }
      }],
      ["auth", () =>
        new LS({
          auth: new Auth({
            credentials: new PlatformCredentials({
              accessKeyId: "AKID",
              accessKeySecret: key,
            }),
          }),
          maxRetries: [key] as never,
        })],
    ];
    for (const [what, attempt] of attempts) {
      let err: unknown;
      try {
        (attempt() as LS).close();
      } catch (e) {
        err = e;
      }
      assert.equal((err as Error)?.name, "ValueError", what);
      assert.equal(leaked(err, key), undefined, what);
    }
  });
}

leakCheck(0);
