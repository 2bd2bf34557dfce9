// Which positions lie on the sandbox's road network: a point is matched to
// the nearest place within 300 km; two points are connected when their
// places lie on the same land mass.

import type { City, Gazetteer } from "./_gazetteer.ts";
import type { LatLngLike } from "./geodesy.ts";

/** A position matched to the network, or undefined (open sea, ice sheet). */
export function matchPoint(g: Gazetteer, p: LatLngLike): City | undefined {
  return g.match(p)?.city;
}

/** True when every matched place lies on one land mass. */
export function connected(g: Gazetteer, cities: readonly City[]): boolean {
  if (cities.length < 2) return true;
  const mass = g.landmass(cities[0]);
  return cities.every((c) => g.landmass(c) === mass);
}
