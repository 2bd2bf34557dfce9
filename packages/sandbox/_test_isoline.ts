// Helpers of the isoline tests: whether a point lies in an isoline's
// polygons, and the points to check them with. The test is an even-odd
// crossing count, independent of the sandbox's own tracing.

/** A ring of [lat, lng] pairs, closed. */
export type Ring = readonly (readonly number[])[];

/** An isoline polygon: its outer ring and its holes. */
export interface RingPolygon {
  outer: Ring;
  inner: readonly Ring[];
}

/** A point and whether it lies in the polygons. */
export interface Probe {
  p: { lat: number; lng: number };
  inside: boolean;
}

function inRing(ring: Ring, lat: number, lng: number): boolean {
  let inside = false;
  for (let k = 1; k < ring.length; k++) {
    const [y1, x1] = ring[k - 1], [y2, x2] = ring[k];
    if ((y1 > lat) !== (y2 > lat)) {
      const x = x1 + ((lat - y1) / (y2 - y1)) * (x2 - x1);
      if (x > lng) inside = !inside;
    }
  }
  return inside;
}

/** Whether a point lies in one of the polygons and in none of its holes. */
export function insidePolygons(
  polygons: readonly RingPolygon[],
  p: { lat: number; lng: number },
): boolean {
  return polygons.some((poly) =>
    inRing(poly.outer, p.lat, p.lng) &&
    !poly.inner.some((hole) => inRing(hole, p.lat, p.lng))
  );
}

/**
 * Points to check isoline polygons with, each inside or outside them:
 * beside ring corners (the first of every ring and about `corners` evenly
 * along all of them), `offset` degrees off diagonally, one just inside and
 * one just outside each; and `spread` points over the polygons' bounding
 * box and a tenth beyond it on each side.
 */
export function isolineProbes(
  polygons: readonly RingPolygon[],
  { corners: count, offset, spread }: {
    corners: number;
    offset: number;
    spread: number;
  },
): Probe[] {
  const rings = polygons.flatMap((poly) => [poly.outer, ...poly.inner]);
  const corners = rings.flatMap((ring) => ring.slice(1));
  const picked = new Set(rings.map((ring) => ring[0]));
  const step = Math.max(1, Math.floor(corners.length / count));
  for (let k = 0; k < corners.length; k += step) picked.add(corners[k]);
  const out: Probe[] = [];
  const d = offset;
  for (const [lat, lng] of picked) {
    let wantIn = true, wantOut = true;
    for (const [dy, dx] of [[d, d], [d, -d], [-d, d], [-d, -d]]) {
      const p = { lat: lat + dy, lng: lng + dx };
      const isIn = insidePolygons(polygons, p);
      if (isIn ? wantIn : wantOut) out.push({ p, inside: isIn });
      if (isIn) wantIn = false;
      else wantOut = false;
    }
  }
  // A closed ring's first corner is also its last: the corners span them all.
  const lats = corners.map((c) => c[0]), lngs = corners.map((c) => c[1]);
  const south = Math.min(...lats), north = Math.max(...lats);
  const west = Math.min(...lngs), east = Math.max(...lngs);
  let seed = 12345;
  const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
  for (let k = 0; k < spread; k++) {
    const p = {
      lat: south + (north - south) * (1.2 * random() - 0.1),
      lng: west + (east - west) * (1.2 * random() - 0.1),
    };
    out.push({ p, inside: insidePolygons(polygons, p) });
  }
  return out;
}
