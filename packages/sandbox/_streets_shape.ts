// The shapes of the generated network: the lattice's road classes and
// one-way streets, and the winding geometry of the links between towns.

import type { City } from "./_gazetteer.ts";
import { hash32 } from "./_util.ts";

/** Road classes, widest first. */
export type RoadClass = "motorway" | "trunk" | "primary" | "arterial" | "local";

/** A town: the lattice of streets a place gets. */
export interface Town {
  readonly city: City;
  /** Disk radius, metres. */
  readonly radius: number;
  /** Street spacing, metres. */
  readonly spacing: number;
  /** Lattice nodes lie within `n` spacings of the centre. */
  readonly n: number;
  /** Rotation of the lattice. */
  readonly cos: number;
  readonly sin: number;
  /** Metres per degree of longitude at the centre. */
  readonly kx: number;
}

/** A link between two towns' centres. */
export interface Link {
  /** Town indices, smaller first. */
  readonly a: number;
  readonly b: number;
  readonly roadClass: "motorway" | "trunk";
  /** Geometry from town `a` to town `b`, [lat, lng] pairs. */
  readonly points: readonly [number, number][];
  /**
   * The box of `points`: [south, west, north, east]. A test against it
   * needs no geometry, which may have to be drawn again.
   */
  readonly bounds: readonly [number, number, number, number];
  /** Length, whole metres. */
  readonly length: number;
  /** Whether a toll is charged. */
  readonly toll: boolean;
  /** A weight limit (kg) a heavier truck may not pass, or 0. */
  readonly maxWeight: number;
  /** A height limit (cm), or 0. */
  readonly maxHeight: number;
  /** A seed for the road's number. */
  readonly seed: number;
  /** Country of town `a`. */
  readonly country: string;
}

/** Metres per degree of latitude (the gazetteer's figure). */
export const M_PER_DEG = 111_320;

/** Longitude wrapped into [-180, 180). */
export function wrap(lng: number): number {
  return lng >= -180 && lng < 180 ? lng : ((lng + 180) % 360 + 360) % 360 - 180;
}

/**
 * A link's road from `a` to `b`: a point about every 700 m, swinging
 * sideways by two gentle waves that vanish at both ends.
 */
export function linkGeometry(
  a: City,
  b: City,
  seed: number,
  roadClass: Link["roadClass"],
): [number, number][] {
  const dLng = wrap(b.lng - a.lng);
  const lat0 = (a.lat + b.lat) / 2;
  const kx = M_PER_DEG * Math.cos((lat0 * Math.PI) / 180);
  const dx = dLng * kx, dy = (b.lat - a.lat) * M_PER_DEG;
  const len = Math.hypot(dx, dy);
  const steps = Math.max(2, Math.min(400, Math.round(len / 700)));
  const amp = len * (roadClass === "motorway" ? 0.025 : 0.045);
  const p1 = ((seed & 0xffff) / 0x10000) * 2 * Math.PI;
  const p2 = ((seed >>> 16) / 0x10000) * 2 * Math.PI;
  const nx = len > 0 ? -dy / len : 0, ny = len > 0 ? dx / len : 0;
  const pts: [number, number][] = [];
  for (let k = 0; k <= steps; k++) {
    const s = k / steps;
    const envelope = Math.sin(Math.PI * s);
    const off = amp * envelope *
      (0.7 * Math.sin(2 * Math.PI * s + p1) +
        0.3 * Math.sin(6 * Math.PI * s + p2));
    const x = dx * s + nx * off, y = dy * s + ny * off;
    pts.push([
      round6(a.lat + y / M_PER_DEG),
      round6(wrap(a.lng + x / kx)),
    ]);
  }
  pts[0] = [a.lat, a.lng];
  pts[steps] = [b.lat, b.lng];
  return pts;
}

function round6(x: number): number {
  return Math.round(x * 1e6) / 1e6;
}

/** Class of the lattice line `line` (0: main street, every 5th: arterial). */
export function latticeClass(line: number): RoadClass {
  return line === 0 ? "primary" : line % 5 === 0 ? "arterial" : "local";
}

/**
 * The one-way direction of a lattice edge, or 0 when two-way: +1 when it
 * runs towards higher offsets. Only inner local streets of towns with at
 * least 12 spacings are one-way, so every node keeps a way in and out.
 */
export function latticeOneWay(
  t: Town,
  axis: 0 | 1,
  line: number,
  at: number,
): number {
  if (t.n < 12 || line % 5 === 0) return 0;
  const inner = 0.36 * t.n * t.n;
  if (line * line + (at + 1) * (at + 1) > inner) return 0;
  if (line * line + at * at > inner) return 0;
  let dirs = oneWays.get(t);
  if (!dirs) {
    dirs = new Int8Array(2 * (2 * t.n + 1));
    for (let a = 0; a < 2; a++) {
      for (let l = -t.n; l <= t.n; l++) {
        const h = hash32("oneway", t.city.id, a, l);
        dirs[a * (2 * t.n + 1) + l + t.n] = h % 3 !== 0
          ? 0
          : (h >>> 8) & 1
          ? 1
          : -1;
      }
    }
    oneWays.set(t, dirs);
  }
  return dirs[axis * (2 * t.n + 1) + line + t.n];
}

const oneWays = new WeakMap<Town, Int8Array>();
