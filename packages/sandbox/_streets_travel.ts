// What the services ask of the street network: the trip between two
// points (with its path), the trips from one point to many, and the
// names of the roads a path takes.

import type { Gazetteer } from "./_gazetteer.ts";
import { roadNumber, streetName } from "./_street_names.ts";
import { type Streets, streetsOf } from "./_streets.ts";
import { match } from "./_streets_match.ts";
import {
  type Profile,
  profileOf,
  type StreetOptions,
} from "./_streets_profile.ts";
import { type Pos, unpack } from "./_streets_search.ts";
import {
  costsFrom,
  findPath,
  type Leg,
  type StreetPath,
  withEnds,
} from "./_streets_trip.ts";
import type { LatLngLike } from "./geodesy.ts";

/** A trip on the network. */
export interface StreetTrip {
  /** Whole metres. */
  distance: number;
  /** Whole seconds. */
  duration: number;
  /** True when an avoided area held an end of the trip and was driven through. */
  blocked: boolean;
}

/** Why a trip has no answer. */
export type NoTrip = "unmatched" | "unreachable";

/** Matches points once per request. */
export class Matcher {
  readonly s: Streets;
  #memo = new Map<string, Pos | undefined>();
  constructor(g: Gazetteer) {
    this.s = streetsOf(g);
  }
  /** The network position of a point, or undefined. */
  pos(p: LatLngLike, options: StreetOptions = {}): Pos | undefined {
    return this.posFor(p, profileOf(options));
  }
  /** The network position of a point for a profile already built. */
  posFor(p: LatLngLike, profile: Profile): Pos | undefined {
    const motorways = profile.speeds[0] > 0;
    const key = `${motorways}|${p.lat},${p.lng}`;
    if (this.#memo.has(key)) return this.#memo.get(key);
    const pos = match(this.s, p, motorways);
    this.#memo.set(key, pos);
    return pos;
  }
}

function seconds(tenths: number): number {
  return Math.round(tenths / 10);
}

/** The route between two points: its trip and path. */
export function streetRoute(
  m: Matcher,
  a: LatLngLike,
  b: LatLngLike,
  options: StreetOptions = {},
): (StreetTrip & { path: StreetPath; from: Pos; to: Pos }) | NoTrip {
  const base = profileOf(options);
  const from = m.posFor(a, base), to = m.posFor(b, base);
  if (!from || !to) return "unmatched";
  const { profile, blocked } = withEnds(base, [
    from.point,
    to.point,
    a,
    b,
  ]);
  const path = findPath(m.s, profile, from, to);
  if (!path) return "unreachable";
  return {
    distance: path.length,
    duration: seconds(path.time),
    blocked,
    path,
    from,
    to,
  };
}

/** The trips from one point to many, as a matrix row. */
export function streetRow(
  m: Matcher,
  a: LatLngLike,
  targets: readonly LatLngLike[],
  options: StreetOptions = {},
): (StreetTrip | NoTrip)[] {
  const base = profileOf(options);
  const from = m.posFor(a, base);
  if (!from) return targets.map(() => "unmatched");
  const to = targets.map((t) => m.posFor(t, base));
  const out: (StreetTrip | NoTrip)[] = targets.map(() => "unreachable");
  const plain: number[] = [];
  to.forEach((pos, k) => {
    if (!pos) {
      out[k] = "unmatched";
      return;
    }
    const { profile, blocked } = withEnds(base, [
      from.point,
      pos.point,
      a,
      targets[k],
    ]);
    if (blocked) {
      // An avoided area that holds an end changes the rules for this pair.
      const path = findPath(m.s, profile, from, pos);
      if (path) {
        out[k] = {
          distance: path.length,
          duration: seconds(path.time),
          blocked: true,
        };
      }
    } else plain.push(k);
  });
  if (plain.length) {
    const costs = costsFrom(m.s, base, from, plain.map((k) => to[k]));
    plain.forEach((k, n) => {
      const c = costs[n];
      if (c === undefined) return;
      const [time, length] = unpack(base, c);
      out[k] = { distance: length, duration: seconds(time), blocked: false };
    });
  }
  return out;
}

/** The name of the road a leg runs on, and its number for main roads. */
export function legName(leg: Leg): { name: string; number?: string } {
  if (leg.link) {
    const c = leg.link.roadClass;
    const number = roadNumber(leg.link.country, c, leg.link.seed);
    return { name: number, number };
  }
  const t = leg.town!;
  return { name: streetName(t.city.country, t.city.id, leg.axis!, leg.line!) };
}
