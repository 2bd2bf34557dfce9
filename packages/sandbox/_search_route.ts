// Search along a route (`route={flexible polyline};w={width}`) and paging
// (`offset`) for discover, browse and autosuggest: the corridor's points,
// a predicate for "within w metres of the route", and HERE's 400s for a
// malformed route or an area that cannot go with one.

import { decodePolyline } from "@ls/core";
import type { Ctx } from "./_http.ts";
import type { Common } from "./_search_params.ts";
import { illegal, missing } from "./_search_params.ts";
import { haversineMeters, type LatLngLike } from "./geodesy.ts";

/** The width the sandbox assumes when `;w=` is left out, in metres. */
const DEFAULT_WIDTH = 1_000;

/** A parsed `route`: its points and corridor width. */
export interface Corridor {
  points: LatLngLike[];
  width: number;
}

/** The `route` of the request, or `undefined`; HERE's 400 when malformed. */
export function parseRoute(ctx: Ctx, common: Common): Corridor | undefined {
  const text = ctx.params.get("route");
  if (text === undefined) {
    const ranking = ctx.params.get("ranking");
    if (ranking !== undefined) {
      illegal("ranking", ranking, "ranking=excursionDistance needs a route");
    }
    return undefined;
  }
  const [line, w, ...extra] = text.split(";");
  const width = w === undefined
    ? DEFAULT_WIDTH
    : Number(/^w=(\d+)$/.exec(w)?.[1]);
  let points: LatLngLike[] = [];
  try {
    points = decodePolyline(line).polyline.map(([lat, lng]) => ({ lat, lng }));
  } catch { /* reported below */ }
  if (points.length < 2 || !(width > 0) || extra.length) {
    illegal("route", text, "Use {flexible polyline};w={width in metres}");
  }
  if (common.at || (common.area && common.area.type !== "countryCode")) {
    illegal(
      "route",
      text,
      "route cannot be combined with at, in=circle or in=bbox",
    );
  }
  const ranking = ctx.params.get("ranking");
  if (ranking !== undefined && ranking !== "excursionDistance") {
    illegal("ranking", ranking, "Use excursionDistance");
  }
  const mode = ctx.params.get("mobilityMode");
  if (mode !== undefined && !["car", "motorbike", "truck"].includes(mode)) {
    illegal("mobilityMode", mode, "Use car, motorbike or truck");
  }
  return { points, width };
}

/**
 * Points along the corridor, at most `width` (and at most 5 km) apart, so
 * that circles of radius `width` around them cover it.
 */
export function corridorSamples(c: Corridor): LatLngLike[] {
  const step = Math.min(Math.max(c.width, 500), 5_000);
  const out: LatLngLike[] = [c.points[0]];
  for (let i = 1; i < c.points.length; i++) {
    const a = c.points[i - 1], b = c.points[i];
    const n = Math.ceil(haversineMeters(a, b) / step);
    for (let k = 1; k <= n; k++) {
      out.push({
        lat: a.lat + (b.lat - a.lat) * k / n,
        lng: a.lng + (b.lng - a.lng) * k / n,
      });
    }
  }
  return out;
}

/** Metres from `p` to the nearest of `samples` (an approximation). */
export function distanceToCorridor(
  samples: readonly LatLngLike[],
  p: LatLngLike,
): number {
  let best = Infinity;
  for (const s of samples) best = Math.min(best, haversineMeters(s, p));
  return best;
}

/** The checked `offset` (0 when absent); HERE's 400 when malformed. */
export function parseOffset(ctx: Ctx): number {
  const text = ctx.params.get("offset");
  if (text === undefined) return 0;
  if (!/^\d+$/.test(text)) illegal("offset", text, "Use an integer from 0");
  return Number(text);
}

/**
 * The corridor of a route search, or none, and the point results are
 * measured from: the route's start, or `center`; HERE's 400 when neither.
 */
export function searchContext(
  ctx: Ctx,
  common: Common,
  center: LatLngLike | undefined,
): { corridor?: Corridor; center: LatLngLike } {
  const corridor = parseRoute(ctx, common);
  const from = corridor?.points[0] ?? center;
  if (!from) {
    missing("at", "Provide one of 'at', 'in=circle', 'in=bbox' or 'route'");
  }
  return { corridor, center: from };
}
