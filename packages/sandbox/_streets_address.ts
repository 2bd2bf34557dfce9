// Addresses on the generated streets: each lattice line of a town is a
// named street whose house numbers run from its western (or southern) end,
// one pair every 10 m, odd on the left and even on the right. Reverse
// geocoding reads the street and number at a point; geocoding finds the
// point of a street and number again.

import type { City } from "./_gazetteer.ts";
import { findStreet, streetName } from "./_street_names.ts";
import { nodeParts, type Streets, type Town, wrap } from "./_streets.ts";
import { match } from "./_streets_match.ts";
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
  if (!pos) return undefined;
  if (pos.link) return undefined;
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
  if (!found || Math.abs(found.line) > t.n) return undefined;
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
