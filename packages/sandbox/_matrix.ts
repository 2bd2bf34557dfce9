// Matrix Routing v8: POST /v8/matrix (sync and async), the job status and
// the result download. Entries come from the street network, one search
// per origin (or per pair, for long trips), so they equal the summaries of
// single-section routes. Big matrices are computed in slices, so other
// requests are answered meanwhile.

import { type Ctx, json, malformed, readJson, routingError } from "./_http.ts";
import { type City, type Gazetteer, loadGazetteer } from "./_gazetteer.ts";
import { matchPoint } from "./_network.ts";
import {
  CODE,
  inRegion,
  type MatrixRequest,
  parseMatrixRequest,
} from "./_matrix_request.ts";
import { checkQuery } from "./_routing_params.ts";
import { Slicer } from "./_slicer.ts";
import type { LatLngLike } from "./geodesy.ts";
import { Matcher, streetRow } from "./_streets_travel.ts";

async function compute(
  req: MatrixRequest,
  g: Gazetteer,
  matrixId: string,
  signal: AbortSignal,
): Promise<Record<string, unknown>> {
  const slicer = new Slicer(signal);
  const o = req.origins.length, d = req.destinations.length;
  const times = req.attributes.has("travelTimes")
    ? new Array<number>(o * d)
    : undefined;
  const dists = req.attributes.has("distances")
    ? new Array<number>(o * d)
    : undefined;
  const codes = new Array<number>(o * d).fill(0);
  const match = new Map<string, City | null>();
  const matched = (p: LatLngLike) => {
    const key = `${p.lat},${p.lng}`;
    let city = match.get(key);
    if (city === undefined) {
      city = matchPoint(g, p) ?? null;
      match.set(key, city);
    }
    return city;
  };
  // Once per point, not per entry: a polygon region may have many vertices.
  const inside = async (list: readonly LatLngLike[]) => {
    const out: boolean[] = [];
    for (const p of list) {
      if (slicer.due()) await slicer.pause();
      out.push(inRegion(req.region, p));
    }
    return out;
  };
  const originInside = await inside(req.origins);
  const destinationInside = await inside(req.destinations);
  const streets = new Matcher(g);
  for (let i = 0; i < o; i++) {
    if (slicer.due()) await slicer.pause();
    const a = req.origins[i];
    const ca = matched(a);
    // The destinations this origin can reach on the same land mass, then
    // one search from the origin for all of them.
    const wanted: number[] = [];
    for (let j = 0; j < d; j++) {
      const k = d * i + j;
      const b = req.destinations[j];
      let code = 0;
      if (!originInside[i] || !destinationInside[j]) code = 4;
      else {
        const cb = matched(b);
        if (!ca || !cb) code = 2;
        else if (g.landmass(ca) !== g.landmass(cb)) code = 1;
        else wanted.push(j);
      }
      codes[k] = code;
      if (times) times[k] = 0;
      if (dists) dists[k] = 0;
    }
    if (!wanted.length) continue;
    const row = streetRow(
      streets,
      a,
      wanted.map((j) => req.destinations[j]),
      req.options,
    );
    wanted.forEach((j, n) => {
      const k = d * i + j;
      const trip = row[n];
      if (typeof trip === "string") {
        codes[k] = trip === "unmatched" ? 2 : 1;
        return;
      }
      if (trip.blocked) codes[k] = 3;
      if (times) times[k] = trip.duration;
      if (dists) dists[k] = trip.distance;
    });
  }
  const matrix: Record<string, unknown> = { numOrigins: o, numDestinations: d };
  if (times) matrix.travelTimes = times;
  if (dists) matrix.distances = dists;
  if (codes.some((c) => c !== 0)) matrix.errorCodes = codes;
  return { matrixId, matrix, regionDefinition: req.echo };
}

function parseAsync(ctx: Ctx): boolean {
  const value = ctx.params.get("async");
  if (value === undefined) return true;
  if (value !== "true" && value !== "false") {
    throw malformed(
      CODE,
      `Invalid value for parameter 'async': '${value}' (use true or false)`,
    );
  }
  return value === "true";
}

/** `POST /v8/matrix?async=true|false`. */
export async function submitMatrix(ctx: Ctx): Promise<Response> {
  checkQuery(ctx.params);
  const isAsync = parseAsync(ctx);
  const body = await readJson(ctx, CODE);
  const req = parseMatrixRequest(body, isAsync);
  const g = await loadGazetteer();
  if (!isAsync) {
    return json(await compute(req, g, crypto.randomUUID(), ctx.signal));
  }
  let id = "";
  id = ctx.state.addJob({
    kind: "matrix",
    run: (signal) => compute(req, g, id, signal),
    extra: req.region.type === "circle" && req.echo.type === "circle"
      ? { regionDefinition: req.echo }
      : undefined,
  });
  return json({
    matrixId: id,
    status: "accepted",
    statusUrl: `${ctx.origin}/v8/matrix/${id}/status`,
    ...(ctx.state.jobs.get(id)?.extra ?? {}),
  }, 202);
}

function jobId(ctx: Ctx): string {
  return /\/v8\/matrix\/([^/]+)/.exec(ctx.url.pathname)![1];
}

function notFound(id: string) {
  return routingError(
    404,
    "E605404",
    "Not found",
    `No matrix job with id ${id}; it is unknown or expired`,
  );
}

/** `GET /v8/matrix/{id}/status`. */
export async function matrixStatus(ctx: Ctx): Promise<Response> {
  const id = jobId(ctx);
  const state = await ctx.state.jobState(id, "matrix");
  if (!state) throw notFound(id);
  const statusUrl = `${ctx.origin}/v8/matrix/${id}/status`;
  if (state.state === "pending") {
    const elapsed = Date.now() - state.job.submittedAt;
    return json({
      matrixId: id,
      status: elapsed < ctx.state.asyncDelayMs / 3 ? "accepted" : "inProgress",
      statusUrl,
    });
  }
  if (state.state === "failed") {
    return json({
      matrixId: id,
      status: "failed",
      error: {
        title: "Matrix calculation failed",
        status: 500,
        code: "E605500",
        cause: state.job.error instanceof Error
          ? state.job.error.message
          : String(state.job.error),
      },
    });
  }
  const resultUrl = `${ctx.origin}/v8/matrix/${id}`;
  return json({ matrixId: id, status: "completed", resultUrl }, 303, {
    location: resultUrl,
  });
}

/** `GET /v8/matrix/{id}`: the result, gzip-compressed when the client accepts it. */
export async function matrixResult(ctx: Ctx): Promise<Response> {
  const id = jobId(ctx);
  const state = await ctx.state.jobState(id, "matrix");
  if (!state) throw notFound(id);
  if (state.state !== "done") {
    throw routingError(
      404,
      "E605404",
      "Not found",
      `Matrix ${id} has no result (yet); poll its status`,
    );
  }
  const text = JSON.stringify(state.job.result);
  const accept = ctx.request.headers.get("accept-encoding") ?? "";
  if (/\bgzip\b/i.test(accept)) {
    const stream = new Blob([text]).stream().pipeThrough(
      new CompressionStream("gzip"),
    );
    return new Response(stream, {
      status: 200,
      headers: {
        "content-type": "application/json; charset=utf-8",
        "content-encoding": "gzip",
        vary: "accept-encoding",
      },
    });
  }
  return new Response(text, {
    status: 200,
    headers: { "content-type": "application/json; charset=utf-8" },
  });
}
