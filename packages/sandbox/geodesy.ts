/**
 * Great-circle geometry on a spherical Earth: distance, bearing, and points
 * along or away from a great circle. The travel model, the routes' drawn
 * geometry, isoline rings and synthetic places all use it.
 *
 * @module
 */

/**
 * Mean Earth radius in metres (the haversine radius).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { EARTH_RADIUS_METERS } from "@ls/sandbox";
 * assert.equal(EARTH_RADIUS_METERS, 6371008.8);
 * ```
 */
export const EARTH_RADIUS_METERS = 6_371_008.8;

/**
 * A position.
 *
 * @example
 * ```ts
 * import type { LatLngLike } from "@ls/sandbox";
 * const berlin: LatLngLike = { lat: 52.52, lng: 13.405 };
 * ```
 */
export interface LatLngLike {
  /** Latitude, degrees. */
  lat: number;
  /** Longitude, degrees. */
  lng: number;
}

const RAD = Math.PI / 180;

/** The haversine of an angle in radians: `sin²(θ / 2)`. */
function hav(theta: number): number {
  return Math.sin(theta / 2) ** 2;
}

/**
 * Great-circle distance in metres (haversine, unrounded).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { haversineMeters } from "@ls/sandbox";
 * assert.equal(Math.round(haversineMeters({ lat: 0, lng: 0 }, { lat: 0, lng: 1 })), 111195);
 * ```
 */
export function haversineMeters(a: LatLngLike, b: LatLngLike): number {
  const h = hav((b.lat - a.lat) * RAD) +
    Math.cos(a.lat * RAD) * Math.cos(b.lat * RAD) * hav((b.lng - a.lng) * RAD);
  return 2 * EARTH_RADIUS_METERS * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * Initial great-circle bearing from `a` to `b`, degrees clockwise from north in [0, 360).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { initialBearing } from "@ls/sandbox";
 * assert.equal(Math.round(initialBearing({ lat: 0, lng: 0 }, { lat: 0, lng: 1 })), 90);
 * ```
 */
export function initialBearing(a: LatLngLike, b: LatLngLike): number {
  const φ1 = a.lat * RAD, φ2 = b.lat * RAD, Δλ = (b.lng - a.lng) * RAD;
  const y = Math.sin(Δλ) * Math.cos(φ2);
  const x = Math.cos(φ1) * Math.sin(φ2) -
    Math.sin(φ1) * Math.cos(φ2) * Math.cos(Δλ);
  return (Math.atan2(y, x) / RAD + 360) % 360;
}

/**
 * The point `meters` away from `from` along the great circle with the given
 * initial bearing (degrees).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { destinationPoint } from "@ls/sandbox";
 * const p = destinationPoint({ lat: 0, lng: 0 }, 90, 111195);
 * assert.equal(Math.round(p.lng * 1000) / 1000, 1);
 * ```
 */
export function destinationPoint(
  from: LatLngLike,
  bearingDegrees: number,
  meters: number,
): LatLngLike {
  const δ = meters / EARTH_RADIUS_METERS;
  const θ = bearingDegrees * RAD;
  const φ1 = from.lat * RAD, λ1 = from.lng * RAD;
  const sinφ2 = Math.sin(φ1) * Math.cos(δ) +
    Math.cos(φ1) * Math.sin(δ) * Math.cos(θ);
  const φ2 = Math.asin(Math.max(-1, Math.min(1, sinφ2)));
  const λ2 = λ1 +
    Math.atan2(
      Math.sin(θ) * Math.sin(δ) * Math.cos(φ1),
      Math.cos(δ) - Math.sin(φ1) * sinφ2,
    );
  return { lat: φ2 / RAD, lng: ((λ2 / RAD + 540) % 360) - 180 };
}

/**
 * The point at `fraction` (0–1) of the great circle from `a` to `b`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { intermediatePoint } from "@ls/sandbox";
 * assert.equal(intermediatePoint({ lat: 0, lng: 0 }, { lat: 0, lng: 2 }, 0.5).lng, 1);
 * ```
 */
export function intermediatePoint(
  a: LatLngLike,
  b: LatLngLike,
  fraction: number,
): LatLngLike {
  const d = haversineMeters(a, b) / EARTH_RADIUS_METERS;
  if (d < 1e-12) return { lat: a.lat, lng: a.lng };
  const A = Math.sin((1 - fraction) * d) / Math.sin(d);
  const B = Math.sin(fraction * d) / Math.sin(d);
  const φ1 = a.lat * RAD, λ1 = a.lng * RAD, φ2 = b.lat * RAD, λ2 = b.lng * RAD;
  const x = A * Math.cos(φ1) * Math.cos(λ1) + B * Math.cos(φ2) * Math.cos(λ2);
  const y = A * Math.cos(φ1) * Math.sin(λ1) + B * Math.cos(φ2) * Math.sin(λ2);
  const z = A * Math.sin(φ1) + B * Math.sin(φ2);
  return {
    lat: Math.atan2(z, Math.sqrt(x * x + y * y)) / RAD,
    lng: Math.atan2(y, x) / RAD,
  };
}
