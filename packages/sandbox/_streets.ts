// The sandbox's generated street network. Every populated place of the
// gazetteer that is not part of a bigger one becomes a town: a square
// lattice of streets, turned by an angle of its own, that fills a disk
// sized by its population. Towns are linked by trunk roads (each town to
// the nearest bigger one, and the biggest town of each quarter-degree cell
// to those of the cells around it) and the biggest cities of each degree
// cell by motorways. Everything is a pure function of the gazetteer,
// computed when first asked for and kept in capped caches.

import type { City, Gazetteer } from "./_gazetteer.ts";
import { hash32 } from "./_util.ts";
import { linkGeometry, M_PER_DEG, wrap } from "./_streets_shape.ts";

export type { Link, RoadClass, Town } from "./_streets_shape.ts";
import type { Link, Town } from "./_streets_shape.ts";
export {
  latticeClass,
  latticeOneWay,
  M_PER_DEG,
  wrap,
} from "./_streets_shape.ts";
import { haversineMeters, type LatLngLike } from "./geodesy.ts";

/** The largest town radius, metres. */
const MAX_RADIUS = 30_000;
/** The smallest disk a town gets, metres: less, and it is a district. */
const MIN_RADIUS = 400;
/** How far a town looks for a bigger one to link to, metres. */
const PARENT_RADIUS = 30_000;
/** Longest trunk link between cell hubs, metres. */
const HUB_LINK_MAX = 90_000;
/** Longest motorway link, metres. */
const MOTORWAY_LINK_MAX = 450_000;
/** Smallest population of a motorway city. */
const MOTORWAY_POPULATION = 20_000;
/** Cell sizes (degrees) of trunk hubs and motorway hubs. */
const HUB_CELL = 0.25;
const MOTORWAY_CELL = 1;
/** Entries a cache holds before it starts again. */
const CACHE_CAP = 50_000;

/** Node ids: town index × 2^18 + lattice offsets (9 bits each). */
const TOWN_SHIFT = 262_144;
const OFF = 256;

/** Countries whose motorways charge tolls in the sandbox. */
const TOLL_COUNTRIES = new Set([
  "FR",
  "IT",
  "ES",
  "PT",
  "PL",
  "GR",
  "HR",
  "RS",
  "TR",
  "JP",
  "CN",
  "IN",
  "MX",
  "CL",
  "BR",
  "US",
]);

class Capped<K, V> {
  #map = new Map<K, V>();
  #cap: number;
  constructor(cap = CACHE_CAP) {
    this.#cap = cap;
  }
  get(k: K): V | undefined {
    return this.#map.get(k);
  }
  has(k: K): boolean {
    return this.#map.has(k);
  }
  set(k: K, v: V): V {
    if (this.#map.size >= this.#cap) this.#map.clear();
    this.#map.set(k, v);
    return v;
  }
}

/** A place's own radius from its population, before neighbours trim it. */
function popRadius(city: City): number {
  return Math.min(MAX_RADIUS, Math.max(500, 35 * city.population ** 0.4));
}

/** True when `a` ranks above `b` (more people, then the lower index). */
function bigger(a: City, b: City): boolean {
  return a.population > b.population ||
    (a.population === b.population && a.i < b.i);
}

/** Node id of lattice offset (i, j) of town `t`. */
export function nodeId(t: number, i: number, j: number): number {
  return t * TOWN_SHIFT + (i + OFF) * 512 + (j + OFF);
}

/** The town index, i and j of a node id. */
export function nodeParts(id: number): [number, number, number] {
  const t = Math.floor(id / TOWN_SHIFT);
  const r = id - t * TOWN_SHIFT;
  return [t, (r >> 9) - OFF, (r & 511) - OFF];
}

/** The generated network over one gazetteer. */
export class Streets {
  readonly g: Gazetteer;
  #towns = new Capped<number, Town | null>();
  #parents = new Capped<number, number>();
  #links = new Capped<number, Link[]>();
  #motorways = new Capped<number, Link[]>();
  // A link carries its drawn road: fewer of them.
  #linkCache = new Capped<string, Link>(8_000);
  #hubs = new Capped<string, number>();

  #fine?: Map<number, number[]>;
  #coarse?: Map<number, number[]>;

  constructor(g: Gazetteer) {
    this.g = g;
  }

  /**
   * Places within `radius` metres of `p`, nearest first (then by index):
   * from buckets of a tenth of a degree, or of a degree for cities of at
   * least 100,000 when `big` is set.
   */
  near(p: LatLngLike, radius: number, big = false): Hit[] {
    const size = big ? 1 : 0.1;
    let index = big ? this.#coarse : this.#fine;
    if (!index) {
      index = new Map();
      for (const c of this.g.cities) {
        if (big && c.population < MOTORWAY_POPULATION) continue;
        const k = bucket(Math.floor(c.lat / size), Math.floor(c.lng / size));
        const list = index.get(k);
        if (list) list.push(c.i);
        else index.set(k, [c.i]);
      }
      if (big) this.#coarse = index;
      else this.#fine = index;
    }
    const dLat = radius / M_PER_DEG;
    const south = Math.max(-90, p.lat - dLat),
      north = Math.min(90, p.lat + dLat);
    const cos = Math.cos(
      (Math.max(Math.abs(south), Math.abs(north)) * Math.PI) / 180,
    );
    const dLng = cos < 1e-6 ? 180 : Math.min(180, radius / (M_PER_DEG * cos));
    const cols = Math.round(360 / size);
    const out: Hit[] = [];
    const colFrom = Math.floor((p.lng - dLng) / size);
    const colTo = Math.min(
      colFrom + cols - 1,
      Math.floor((p.lng + dLng) / size),
    );
    for (let r = Math.floor(south / size); r <= Math.floor(north / size); r++) {
      for (let c = colFrom; c <= colTo; c++) {
        const wrapped = ((c + cols / 2) % cols + cols) % cols - cols / 2;
        const list = index.get(bucket(r, wrapped));
        if (!list) continue;
        for (const i of list) {
          const city = this.g.cities[i];
          const d = haversineMeters(p, city);
          if (d <= radius) out.push({ city, distance: d });
        }
      }
    }
    out.sort((a, b) => a.distance - b.distance || a.city.i - b.city.i);
    return out;
  }

  /** The town of a place, or undefined when a bigger place absorbs it. */
  town(city: City): Town | undefined {
    const hit = this.#towns.get(city.i);
    if (hit !== undefined) return hit ?? undefined;
    // Bigger towns take their disks first; a place gets what they leave,
    // and none when that is less than MIN_RADIUS (it is one of their
    // districts). So two disks never overlap, and no absorbed place lies
    // outside the disk that absorbed it.
    const own = popRadius(city);
    let radius = own;
    for (const h of this.near(city, own + MAX_RADIUS)) {
      const d = h.city;
      if (d === city || !bigger(d, city)) continue;
      if (h.distance - MAX_RADIUS >= radius) break;
      const td = this.town(d);
      if (td) radius = Math.min(radius, h.distance - td.radius);
    }
    if (radius < MIN_RADIUS) {
      this.#towns.set(city.i, null);
      return undefined;
    }
    const spacing = Math.min(200, Math.max(100, radius / 4));
    const n = Math.max(1, Math.floor(radius / spacing) - 1);
    const angle = (((hash32("lattice", city.id) % 90) - 45) * Math.PI) / 180;
    const t: Town = {
      city,
      radius,
      spacing,
      n,
      cos: Math.cos(angle),
      sin: Math.sin(angle),
      kx: M_PER_DEG * Math.cos((city.lat * Math.PI) / 180),
    };
    this.#towns.set(city.i, t);
    return t;
  }

  /** The town with gazetteer index `i` (it must be one). */
  townAt(i: number): Town {
    return this.town(this.g.cities[i])!;
  }

  /** Whether lattice node (i, j) exists in town `t`. */
  has(t: Town, i: number, j: number): boolean {
    return i * i + j * j <= t.n * t.n;
  }

  /** The position of lattice node (i, j) of town `t`. */
  nodePoint(t: Town, i: number, j: number): LatLngLike {
    const u = i * t.spacing, v = j * t.spacing;
    const x = u * t.cos - v * t.sin, y = u * t.sin + v * t.cos;
    return {
      lat: t.city.lat + y / M_PER_DEG,
      lng: wrap(t.city.lng + x / t.kx),
    };
  }

  /** A point in town `t`'s lattice frame (spacings): [u, v]. */
  toLattice(t: Town, p: LatLngLike): [number, number] {
    const x = wrap(p.lng - t.city.lng) * t.kx,
      y = (p.lat - t.city.lat) * M_PER_DEG;
    return [
      (x * t.cos + y * t.sin) / t.spacing,
      (-x * t.sin + y * t.cos) / t.spacing,
    ];
  }

  /** The position of a node id. */
  point(id: number): LatLngLike {
    const [ti, i, j] = nodeParts(id);
    return this.nodePoint(this.townAt(ti), i, j);
  }

  /** The town a place links to: the nearest bigger town within 30 km on its land mass, or -1. */
  parent(t: Town): number {
    const hit = this.#parents.get(t.city.i);
    if (hit !== undefined) return hit;
    const mass = this.g.landmass(t.city);
    let found = -1;
    for (const h of this.near(t.city, PARENT_RADIUS)) {
      if (!bigger(h.city, t.city) || this.g.landmass(h.city) !== mass) continue;
      if (this.town(h.city)) {
        found = h.city.i;
        break;
      }
    }
    return this.#parents.set(t.city.i, found);
  }

  /** The biggest town of a cell (`size` degrees) whose population reaches `min`, or -1. */
  hub(size: number, cy: number, cx: number, min: number): number {
    const key = `${size}:${cy}:${cx}`;
    const hit = this.#hubs.get(key);
    if (hit !== undefined) return hit;
    const centre = { lat: (cy + 0.5) * size, lng: (cx + 0.5) * size };
    let best: City | undefined;
    if (Math.abs(centre.lat) < 90) {
      const r = Math.SQRT1_2 * size * M_PER_DEG + 1000;
      for (const h of this.near(centre, r)) {
        const c = h.city;
        if (c.population < min || (best && !bigger(c, best))) continue;
        if (
          Math.floor(c.lat / size) !== cy || Math.floor(c.lng / size) !== cx
        ) continue;
        if (this.town(c)) best = c;
      }
    }
    return this.#hubs.set(key, best ? best.i : -1);
  }

  /** Whether a town is the trunk hub of its quarter-degree cell. */
  isHub(t: Town): boolean {
    const c = t.city;
    return this.hub(
      HUB_CELL,
      Math.floor(c.lat / HUB_CELL),
      Math.floor(c.lng / HUB_CELL),
      0,
    ) === c.i;
  }

  /** The links that leave town `t`'s centre, in a stable order. */
  links(t: Town): readonly Link[] {
    const hit = this.#links.get(t.city.i);
    if (hit) return hit;
    const c = t.city;
    const out = new Map<string, Link>();
    const add = this.#adder(c, out, "trunk");
    add(this.parent(t));
    for (const h of this.near(c, PARENT_RADIUS)) {
      if (!bigger(c, h.city)) continue;
      const child = this.town(h.city);
      if (child && this.parent(child) === c.i) add(h.city.i);
    }
    this.#hubLinks(c, HUB_CELL, 0, 4, HUB_LINK_MAX, add);
    for (const link of this.motorways(t)) {
      out.set(`motorway:${link.a}:${link.b}`, link);
    }
    return this.#links.set(c.i, sortLinks(out));
  }

  /** The motorways that leave town `t`'s centre (a subset of its links). */
  motorways(t: Town): readonly Link[] {
    const hit = this.#motorways.get(t.city.i);
    if (hit) return hit;
    const out = new Map<string, Link>();
    this.#hubLinks(
      t.city,
      MOTORWAY_CELL,
      MOTORWAY_POPULATION,
      4,
      MOTORWAY_LINK_MAX,
      this.#adder(t.city, out, "motorway"),
    );
    return this.#motorways.set(t.city.i, sortLinks(out));
  }

  #adder(
    c: City,
    out: Map<string, Link>,
    roadClass: Link["roadClass"],
  ): (other: number) => void {
    const mass = this.g.landmass(c);
    return (other) => {
      if (other < 0 || other === c.i) return;
      if (this.g.landmass(this.g.cities[other]) !== mass) return;
      const link = this.link(c.i, other, roadClass);
      out.set(`${roadClass}:${link.a}:${link.b}`, link);
    };
  }

  #hubLinks(
    c: City,
    size: number,
    min: number,
    rings: number,
    maxLength: number,
    add: (other: number) => void,
  ): void {
    const cy = Math.floor(c.lat / size), cx = Math.floor(c.lng / size);
    if (this.hub(size, cy, cx, min) !== c.i) return;
    const cells = Math.round(360 / size);
    for (let dy = -1; dy <= 1; dy++) {
      for (let dx = -1; dx <= 1; dx++) {
        if (!dy && !dx) continue;
        for (let k = 1; k <= rings; k++) {
          const y = cy + dy * k;
          if (y * size >= 90 || (y + 1) * size <= -90) break;
          const x = ((cx + dx * k) % cells + cells + cells / 2) % cells -
            cells / 2;
          const other = this.hub(size, y, x, min);
          if (other < 0) continue;
          if (haversineMeters(c, this.g.cities[other]) <= maxLength) add(other);
          break;
        }
      }
    }
  }

  /** The link between two towns' centres (the same object both ways). */
  link(x: number, y: number, roadClass: Link["roadClass"]): Link {
    const a = Math.min(x, y), b = Math.max(x, y);
    const key = `${roadClass}:${a}:${b}`;
    const hit = this.#linkCache.get(key);
    if (hit) return hit;
    const ca = this.g.cities[a], cb = this.g.cities[b];
    const seed = hash32(roadClass, ca.id, cb.id);
    const points = linkGeometry(ca, cb, seed, roadClass);
    let length = 0;
    const bounds: [number, number, number, number] = [
      points[0][0],
      points[0][1],
      points[0][0],
      points[0][1],
    ];
    for (let k = 1; k < points.length; k++) {
      length += haversineMeters(
        { lat: points[k - 1][0], lng: points[k - 1][1] },
        { lat: points[k][0], lng: points[k][1] },
      );
      const [lat, lng] = points[k];
      bounds[0] = Math.min(bounds[0], lat);
      bounds[1] = Math.min(bounds[1], lng);
      bounds[2] = Math.max(bounds[2], lat);
      bounds[3] = Math.max(bounds[3], lng);
    }
    const toll = roadClass === "motorway" &&
      (TOLL_COUNTRIES.has(ca.country) || TOLL_COUNTRIES.has(cb.country)) &&
      seed % 4 !== 0;
    const restricted = roadClass === "trunk" ? seed % 11 : -1;
    const link = new Road(ca, cb, roadClass, seed, {
      length: Math.max(1, Math.round(length)),
      toll,
      maxWeight: restricted === 3 ? 7500 : 0,
      maxHeight: restricted === 7 ? 380 : 0,
      bounds,
    });
    geometries.set(link, points);
    return this.#linkCache.set(key, link);
  }
}

/**
 * Drawn roads kept: each is recomputed when asked for again. A nine-hour
 * isoline walks the roads of thousands of towns; with fewer kept, it drew
 * most of them again on each call.
 */
export const GEOMETRY_CAP = 16_000;

/**
 * The drawn roads of recent links. A link is kept by every town list it
 * is in, so its geometry lives apart from it: a long motorway carries
 * hundreds of points, and town lists would keep them all alive.
 */
const geometries = new Capped<Road, readonly [number, number][]>(
  GEOMETRY_CAP,
);

/** A link whose geometry is computed again when it is no longer kept. */
class Road implements Link {
  readonly a: number;
  readonly b: number;
  readonly length: number;
  readonly toll: boolean;
  readonly maxWeight: number;
  readonly maxHeight: number;
  readonly country: string;
  readonly bounds: readonly [number, number, number, number];
  readonly #ca: City;
  readonly #cb: City;

  constructor(
    ca: City,
    cb: City,
    readonly roadClass: Link["roadClass"],
    readonly seed: number,
    o: Pick<Link, "length" | "toll" | "maxWeight" | "maxHeight" | "bounds">,
  ) {
    this.#ca = ca;
    this.#cb = cb;
    this.a = ca.i;
    this.b = cb.i;
    this.length = o.length;
    this.toll = o.toll;
    this.maxWeight = o.maxWeight;
    this.maxHeight = o.maxHeight;
    this.bounds = o.bounds;
    this.country = ca.country;
  }

  get points(): readonly [number, number][] {
    const hit = geometries.get(this);
    if (hit) return hit;
    return geometries.set(
      this,
      linkGeometry(this.#ca, this.#cb, this.seed, this.roadClass),
    );
  }
}

function bucket(row: number, col: number): number {
  return row * 100_000 + col;
}

/** A place and its distance, metres. */
export interface Hit {
  city: City;
  distance: number;
}

function sortLinks(out: Map<string, Link>): Link[] {
  return [...out.values()].sort((x, y) =>
    x.a - y.a || x.b - y.b || (x.roadClass < y.roadClass ? -1 : 1)
  );
}

let cached: { g: Gazetteer; s: Streets } | undefined;

/** The network of a gazetteer (one per process). */
export function streetsOf(g: Gazetteer): Streets {
  if (cached?.g !== g) cached = { g, s: new Streets(g) };
  return cached.s;
}
