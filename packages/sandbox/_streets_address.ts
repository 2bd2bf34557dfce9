// Addresses on the generated streets: each lattice line of a town is a
// named street whose house numbers run from its western (or southern) end,
// one pair every 10 m, odd on the left and even on the right. Reverse
// geocoding reads the street and number at a point; geocoding finds the
// point of a street and number again.

import type { City } from "./_gazetteer.ts";
import { findStreet, streetName } from "./_street_names.ts";
import {
  type Link,
  nodeParts,
  type Streets,
  type Town,
  wrap,
} from "./_streets.ts";
import { roadNumber } from "./_street_names.ts";
import { haversineMeters } from "./geodesy.ts";
import { latticeMatch, match } from "./_streets_match.ts";
import type { LatLngLike } from "./geodesy.ts";

/**
 * Metres of street per house number pair: 10, or more on streets longer
 * than 4.8 km, so that numbers stay below 1000 (four digits read as a
 * postal code).
 */
function plotOf(t: Town, line: number): number {
  const m = Math.floor(Math.sqrt(t.n * t.n - line * line));
  return Math.max(10, Math.ceil((2 * m * t.spacing) / 480));
}

/** A street address on the network. */
export interface NetworkAddress {
  city: City;
  street: string;
  houseNumber?: string;
  /** The point on the street. */
  position: LatLngLike;
}

/** The street and house number nearest a point, or undefined off the streets. */
export function addressAt(
  s: Streets,
  p: LatLngLike,
): NetworkAddress | undefined {
  const pos = match(s, p);
  if (!pos) return nearestStreet(s, p);
  if (pos.link) {
    return roadAddress(s, pos.link, pos.f, p) ?? nearestStreet(s, p);
  }
  const [ti, i, j] = nodeParts(pos.a);
  const [, i2] = nodeParts(pos.b);
  const t = s.townAt(ti);
  const axis: 0 | 1 = i2 !== i ? 0 : 1;
  const line = axis === 0 ? j : i;
  const along = (axis === 0 ? i : j) + pos.f;
  const [u, v] = s.toLattice(t, p);
  const across = axis === 0 ? v - line : line - u;
  const m = Math.floor(Math.sqrt(t.n * t.n - line * line));
  const size = plotOf(t, line);
  const metres = (along + m) * t.spacing;
  const plot = Math.max(0, Math.floor(metres / size));
  const houseNumber = 2 * plot + (across >= 0 ? 1 : 2);
  return {
    city: t.city,
    street: streetName(t.city.country, t.city.id, axis, line),
    houseNumber: String(houseNumber),
    position: streetPoint(
      s,
      t,
      axis,
      line,
      (plot + 0.5) * size / t.spacing - m,
    ),
  };
}

/**
 * Where a street and house number of a place lie, or undefined when the
 * place has no such street. Numbers past the street's end land at its end.
 */
export function locateAddress(
  s: Streets,
  city: City,
  street: string,
  houseNumber?: string,
): LatLngLike | undefined {
  const t = townOf(s, city);
  if (!t) return undefined;
  const found = findStreet(t.city.country, t.city.id, street);
  if (!found) return locateOnRoad(s, t, street, houseNumber);
  if (Math.abs(found.line) > t.n) return undefined;
  const m = Math.floor(Math.sqrt(t.n * t.n - found.line * found.line));
  if (m < 1) return undefined;
  const number = parseInt(houseNumber ?? "", 10);
  let along = 0;
  if (Number.isFinite(number) && number > 0) {
    const plot = Math.floor((number - 1) / 2);
    along = (plot + 0.5) * plotOf(t, found.line) / t.spacing - m;
  }
  along = Math.max(-m, Math.min(m, along));
  return streetPoint(s, t, found.axis, found.line, along);
}

/** The town a place's streets belong to: its own, or the one that takes it in. */
function townOf(s: Streets, city: City): Town | undefined {
  const own = s.town(city);
  if (own) return own;
  const pos = match(s, city);
  if (!pos || pos.link) return undefined;
  return s.townAt(nodeParts(pos.a)[0]);
}

function streetPoint(
  s: Streets,
  t: Town,
  axis: 0 | 1,
  line: number,
  along: number,
): LatLngLike {
  const [i, j] = axis === 0 ? [along, line] : [line, along];
  const p = s.nodePoint(t, i, j);
  return {
    lat: Math.round(p.lat * 1e6) / 1e6,
    lng: Math.round(wrap(p.lng) * 1e6) / 1e6,
  };
}

/**
 * The number a road between towns is addressed by: its road number
 * without spaces ("B2 17", where "B 2 17" would read as two numbers).
 */
function roadLabel(link: Link): string {
  return roadNumber(link.country, link.roadClass, link.seed).replace(
    /\s+/g,
    "",
  );
}

/** The town whose address a road carries: an end it is the first road of that number from. */
function roadTown(s: Streets, link: Link): Town | undefined {
  const label = roadLabel(link);
  for (const end of [link.a, link.b]) {
    const t = s.townAt(end);
    const first = s.links(t).find((l) => roadLabel(l) === label);
    if (first === link) return t;
  }
  return undefined;
}

function roadPlot(link: Link): number {
  return Math.max(10, Math.ceil(link.length / 480));
}

/** The address at fraction `f` of a road between towns, on the side of `p`. */
function roadAddress(
  s: Streets,
  link: Link,
  f: number,
  p: LatLngLike,
): NetworkAddress | undefined {
  const t = roadTown(s, link);
  if (!t) return undefined;
  // Numbers run from the town's end.
  const fromTown = link.a === t.city.i ? f : 1 - f;
  const size = roadPlot(link);
  const plot = Math.min(
    Math.floor((link.length - 1) / size),
    Math.floor((fromTown * link.length) / size),
  );
  const at = linkPoint(link, t, ((plot + 0.5) * size) / link.length);
  const ahead = linkPoint(
    link,
    t,
    Math.min(1, ((plot + 0.6) * size) / link.length),
  );
  const left = (ahead.lng - at.lng) * (p.lat - at.lat) -
      (ahead.lat - at.lat) * (p.lng - at.lng) >= 0;
  return {
    city: t.city,
    street: roadLabel(link),
    houseNumber: String(2 * plot + (left ? 1 : 2)),
    position: at,
  };
}

/** Where a number of a road from town `t` lies, or undefined. */
function locateOnRoad(
  s: Streets,
  t: Town,
  street: string,
  houseNumber?: string,
): LatLngLike | undefined {
  const label = street.replace(/\s+/g, "").toLowerCase();
  const link = s.links(t).find((l) => roadLabel(l).toLowerCase() === label);
  if (!link || roadTown(s, link) !== t) return undefined;
  const size = roadPlot(link);
  const number = parseInt(houseNumber ?? "", 10);
  const plot = Number.isFinite(number) && number > 0
    ? Math.min(
      Math.floor((number - 1) / 2),
      Math.floor((link.length - 1) / size),
    )
    : 0;
  return linkPoint(link, t, ((plot + 0.5) * size) / link.length);
}

/** The point at fraction `f` of a link's length, measured from town `t`'s end. */
function linkPoint(link: Link, t: Town, f: number): LatLngLike {
  const pts = link.a === t.city.i ? link.points : [...link.points].reverse();
  const goal = f * link.length;
  let walked = 0;
  for (let k = 1; k < pts.length; k++) {
    const a = { lat: pts[k - 1][0], lng: pts[k - 1][1] };
    const b = { lat: pts[k][0], lng: pts[k][1] };
    const d = haversineMeters(a, b);
    if (walked + d >= goal || k === pts.length - 1) {
      const u = d > 0 ? Math.min(1, Math.max(0, (goal - walked) / d)) : 0;
      return {
        lat: Math.round((a.lat + u * (b.lat - a.lat)) * 1e6) / 1e6,
        lng: Math.round(wrap(a.lng + u * wrap(b.lng - a.lng)) * 1e6) / 1e6,
      };
    }
    walked += d;
  }
  return { lat: pts[0][0], lng: pts[0][1] };
}

/** The address on the nearest town's nearest street, for a road no address names. */
function nearestStreet(s: Streets, p: LatLngLike): NetworkAddress | undefined {
  for (const h of s.near(p, 30_000)) {
    const t = s.town(h.city);
    if (!t) continue;
    const hit = latticeMatch(s, t, p);
    if (!hit) return undefined;
    const pos = match(s, hit.pos.point);
    // The street's point matches back to the street (not some road).
    return pos && !pos.link ? addressAt(s, hit.pos.point) : undefined;
  }
  return undefined;
}
