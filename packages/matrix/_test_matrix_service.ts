// A fake Matrix Routing service for the tests of matrix and matrixRows: it
// computes every entry from the request body, with points whose coordinates
// encode their index, so that merged tiles and blocks of rows can be checked
// value by value.

import type { LatLngObject } from "@ls/core";
import {
  jsonReply,
  type RecordedRequest,
  type RouteHandler,
} from "@ls/core/testing";

/** Poll fast in tests. */
export const fastPolls = {
  poll: { initialDelayMs: 1, maxDelayMs: 5, minDelayMs: 10 },
};

/**
 * The k-th test point: near Berlin, its index recoverable from its
 * coordinates (`keyOf`), origins and destinations on different grids.
 */
export function point(k: number, kind: "o" | "d" = "o"): LatLngObject {
  const lat = 52 + Math.floor(k / 100) * 1e-3 + (kind === "d" ? 0.5e-3 : 0);
  const lng = 13 + (k % 100) * 1e-3;
  return {
    lat: Math.round(lat * 1e6) / 1e6,
    lng: Math.round(lng * 1e6) / 1e6,
  };
}

/** A stable integer for a point made by `point`. */
export function keyOf(p: LatLngObject): number {
  const row = Math.round((p.lat - 52) * 2e3); // half-steps: origins even, destinations odd
  const col = Math.round((p.lng - 13) * 1e3);
  return row * 100 + col;
}

/** The travel time the fake service computes for a pair. */
export function travelTimeOf(o: LatLngObject, d: LatLngObject): number {
  return keyOf(o) * 100_000 + keyOf(d);
}

/** The distance the fake service computes for a pair. */
export function distanceOf(o: LatLngObject, d: LatLngObject): number {
  return keyOf(o) * 7 + keyOf(d) * 3 + 0.5;
}

/** The error code the fake service computes for a pair (mostly 0). */
export function errorCodeOf(o: LatLngObject, d: LatLngObject): number {
  const s = keyOf(o) + 3 * keyOf(d);
  return s % 211 === 0 ? 1 : s % 307 === 0 ? 3 : 0;
}

/** The result the fake service answers for a request body. */
export function resultFor(
  body: {
    origins: LatLngObject[];
    destinations?: LatLngObject[];
    regionDefinition: unknown;
    matrixAttributes?: string[];
  },
  matrixId = "m-1",
): Record<string, unknown> {
  const origins = body.origins;
  const destinations = body.destinations ?? origins;
  const attributes = body.matrixAttributes ?? ["travelTimes"];
  const tt: number[] = [];
  const ds: number[] = [];
  const ec: number[] = [];
  for (const o of origins) {
    for (const d of destinations) {
      tt.push(travelTimeOf(o, d));
      ds.push(distanceOf(o, d));
      ec.push(errorCodeOf(o, d));
    }
  }
  const matrix: Record<string, unknown> = {
    numOrigins: origins.length,
    numDestinations: destinations.length,
  };
  if (attributes.includes("travelTimes")) matrix.travelTimes = tt;
  if (attributes.includes("distances")) matrix.distances = ds;
  if (ec.some((c) => c !== 0)) matrix.errorCodes = ec;
  return { matrixId, matrix, regionDefinition: body.regionDefinition };
}

/** A fake sync endpoint: 200 with the computed result. */
export const syncService: RouteHandler = (req: RecordedRequest, n: number) =>
  Response.json(resultFor(req.body as never, `m-${n}`), {
    headers: { "x-correlation-id": `corr-${n}` },
  });

/** A response whose body is gzip-compressed JSON. */
export function gzipJson(value: unknown, status = 200): Response {
  const stream = new Blob([JSON.stringify(value)]).stream().pipeThrough(
    new CompressionStream("gzip"),
  );
  return new Response(stream, {
    status,
    headers: { "content-type": "application/json", "content-encoding": "gzip" },
  });
}

/** `count` test points. */
export const many = (count: number, kind: "o" | "d" = "o") =>
  Array.from({ length: count }, (_, k) => point(k, kind));

/** A submit's answer: job `job-1` accepted, its status URL on `url`. */
export function acceptedReply(
  url: string,
  headers?: Record<string, string>,
): RouteHandler {
  return jsonReply(202, {
    matrixId: "job-1",
    status: "accepted",
    statusUrl: `${url}/v8/matrix/job-1/status`,
  }, headers);
}

/** What `fn` throws, or undefined. */
export function caught(fn: () => unknown): unknown {
  try {
    fn();
  } catch (e) {
    return e;
  }
  return undefined;
}
