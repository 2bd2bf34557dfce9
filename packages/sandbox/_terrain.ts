// A deterministic, smooth terrain: elevation in metres for any position
// (routes' third polyline dimension, weather's temperature lapse).

/** Elevation above sea level in metres, rounded to 0.1 m; never negative. */
export function terrainElevation(lat: number, lng: number): number {
  const r = Math.PI / 180;
  const φ = lat * r, λ = lng * r;
  const e = 180 +
    220 * Math.sin(φ * 3.1 + 0.7) * Math.cos(λ * 2.3 - 0.4) +
    140 * Math.sin(φ * 11.7 + λ * 5.3) +
    60 * Math.cos(φ * 37.1 - λ * 29.3) +
    25 * Math.sin(φ * 113.0 + λ * 97.0);
  return Math.round(Math.max(0, e) * 10) / 10;
}
