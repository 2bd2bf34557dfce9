// One circle covering a set of points, for tiling an autoCircle request: every
// tile is sent with this explicit circle, so all tiles route in the same
// region and the merged result's regionDefinition is valid for every point.

import type { LatLngObject } from "@ls/core";

const EARTH_RADIUS = 6_371_008.8; // mean radius, metres
const RAD = Math.PI / 180;

/** Great-circle distance in metres. */
export function haversine(a: LatLngObject, b: LatLngObject): number {
  const dLat = (b.lat - a.lat) * RAD;
  const dLng = (b.lng - a.lng) * RAD;
  const s = Math.sin(dLat / 2) ** 2 +
    Math.cos(a.lat * RAD) * Math.cos(b.lat * RAD) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS * Math.asin(Math.min(1, Math.sqrt(s)));
}

interface Circle {
  x: number;
  y: number;
  r: number;
}

function circle2(ax: number, ay: number, bx: number, by: number): Circle {
  const x = (ax + bx) / 2;
  const y = (ay + by) / 2;
  return { x, y, r: Math.hypot(ax - x, ay - y) };
}

function circle3(
  ax: number,
  ay: number,
  bx: number,
  by: number,
  cx: number,
  cy: number,
): Circle {
  const d = 2 * (ax * (by - cy) + bx * (cy - ay) + cx * (ay - by));
  if (Math.abs(d) < 1e-12) {
    // Collinear: the widest pair spans it.
    const pairs = [
      circle2(ax, ay, bx, by),
      circle2(ax, ay, cx, cy),
      circle2(bx, by, cx, cy),
    ];
    return pairs.reduce((p, q) => (q.r > p.r ? q : p));
  }
  const a2 = ax * ax + ay * ay;
  const b2 = bx * bx + by * by;
  const c2 = cx * cx + cy * cy;
  const x = (a2 * (by - cy) + b2 * (cy - ay) + c2 * (ay - by)) / d;
  const y = (a2 * (cx - bx) + b2 * (ax - cx) + c2 * (bx - ax)) / d;
  return { x, y, r: Math.hypot(ax - x, ay - y) };
}

/**
 * The smallest circle covering the points (Welzl's incremental algorithm in
 * a local equirectangular projection, exact enough for HERE's ≤ 400 km
 * regions), re-measured with great-circle distances from its rounded centre,
 * plus 0.5 % and 1 m for the difference between spherical and ellipsoidal
 * distances, plus `margin`.
 */
export function coveringCircle(
  points: readonly LatLngObject[],
  margin: number,
): { type: "circle"; center: LatLngObject; radius: number } {
  const lat0 = points.reduce((s, p) => s + p.lat, 0) / points.length;
  const lng0 = points[0].lng;
  const kx = Math.cos(lat0 * RAD);
  const xs = new Float64Array(points.length);
  const ys = new Float64Array(points.length);
  // A fixed pseudo-random order: expected linear time, same request every run.
  const order = Array.from(points.keys());
  let seed = 0x2545f491;
  for (let k = order.length - 1; k > 0; k--) {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    const r = seed % (k + 1);
    [order[k], order[r]] = [order[r], order[k]];
  }
  points.forEach((p, k) => {
    let dLng = p.lng - lng0;
    if (dLng > 180) dLng -= 360;
    if (dLng < -180) dLng += 360;
    xs[k] = dLng * kx;
    ys[k] = p.lat - lat0;
  });
  const inside = (c: Circle, k: number) =>
    Math.hypot(xs[k] - c.x, ys[k] - c.y) <= c.r * (1 + 1e-12) + 1e-12;
  let c: Circle = { x: xs[order[0]], y: ys[order[0]], r: 0 };
  for (let i = 1; i < order.length; i++) {
    const p = order[i];
    if (inside(c, p)) continue;
    c = { x: xs[p], y: ys[p], r: 0 };
    for (let j = 0; j < i; j++) {
      const q = order[j];
      if (inside(c, q)) continue;
      c = circle2(xs[p], ys[p], xs[q], ys[q]);
      for (let k = 0; k < j; k++) {
        const s = order[k];
        if (inside(c, s)) continue;
        c = circle3(xs[p], ys[p], xs[q], ys[q], xs[s], ys[s]);
      }
    }
  }
  let lng = lng0 + c.x / kx;
  if (lng > 180) lng -= 360;
  if (lng < -180) lng += 360;
  const center = {
    lat: Math.round(Math.max(-90, Math.min(90, lat0 + c.y)) * 1e6) / 1e6,
    lng: Math.round(lng * 1e6) / 1e6,
  };
  let far = 0;
  for (const p of points) far = Math.max(far, haversine(center, p));
  return {
    type: "circle",
    center,
    radius: Math.ceil(far * 1.005) + 1 + margin,
  };
}
