// Generators for the route parameters beyond the common core: arrival
// time, tolls, traffic, restrictions, fuel and the other vehicle options.
// Some draws break HERE's rules on purpose (arrivalTime with
// departureTime, tolls without return=tolls): the client must refuse them
// with a ValueError before any request.

import type { Random } from "./_random.ts";

type Mode = "car" | "bicycle" | "truck" | "scooter" | "pedestrian";

function maybe<T>(r: Random, p: number, f: () => T): T | undefined {
  return r.chance(p) ? f() : undefined;
}

/** Drops undefined fields. */
function obj(fields: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(fields).filter(([, v]) => v !== undefined),
  );
}

function arrival(r: Random): Date | string {
  const d = new Date(Date.now() + r.int(0, 10) * 86_400_000);
  return r.chance(0.5) ? d : d.toISOString().slice(0, 19);
}

function tolls(r: Random): Record<string, unknown> {
  return obj({
    summaries: maybe(r, 0.5, () => r.some(["total", "tollSystem", "country"])),
    vignettes: maybe(r, 0.3, () => "all"),
    transponders: maybe(r, 0.3, () => r.pick(["all", "some"])),
    vehicleCategory: maybe(r, 0.2, () => "minibus"),
    emissionType: maybe(
      r,
      0.3,
      () =>
        r.chance(0.5)
          ? r.pick(["euro4", "euro6", "euroEev", "euro9"])
          : { type: "euro6", co2Class: r.int(0, 6) },
    ),
  });
}

/** Route parameters beyond the common ones, for `mode`. */
export function routeExtras(
  r: Random,
  mode: Mode,
): Record<string, unknown> {
  const vehicle = mode === "car" || mode === "truck" || mode === "scooter";
  return obj({
    arrivalTime: maybe(r, 0.1, () => arrival(r)),
    tolls: vehicle ? maybe(r, 0.15, () => tolls(r)) : undefined,
    currency: vehicle
      ? maybe(r, 0.15, () => r.pick(["EUR", "USD", "CHF", "eur"]))
      : undefined,
  });
}
