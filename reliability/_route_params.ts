// Generators for the route parameters beyond the common core: arrival
// time, tolls, traffic, restrictions, fuel and the other vehicle options.
// Some draws break HERE's rules on purpose (arrivalTime with
// departureTime, tolls without return=tolls): the client must refuse them
// with a ValueError before any request.

import type { TransportMode } from "@ls/core";
import { maybe, obj, type Random } from "./_random.ts";

type Mode = TransportMode;

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

function exclude(r: Random): unknown {
  if (r.chance(0.3)) return r.pick([["AUT"], "CHE", { states: "USA:NV" }]);
  return obj({
    countries: maybe(r, 0.3, () => r.pick([["CHE"], ["ch"]])),
    states: maybe(
      r,
      0.4,
      () => r.pick([{ USA: ["NV", "CA"] }, { usa: ["NV"] }, { CAN: [] }]),
    ),
    areas: maybe(r, 0.3, () => [[13.2, 52.44, 13.3, 52.48]]),
  });
}

function avoidExtras(r: Random): Record<string, unknown> {
  return obj({
    avoidSegments: maybe(
      r,
      0.2,
      () => r.pick([["here:cm:segment:1#+0"], ["a,b"], [""], "x"]),
    ),
    avoidZoneCategories: maybe(r, 0.2, () =>
      r.pick([
        { categories: ["environmental"], exceptZoneIds: ["here:cm:envzone:2"] },
        { categories: ["vignette", "congestionPricing"] },
        { categories: [] },
        ["vignette"],
      ])),
    avoidZoneIdentifiers: maybe(r, 0.1, () => ["here:cm:envzone:3"]),
    avoidTruckRoadTypes: maybe(r, 0.1, () => r.pick([["BK1", "C"], [" "]])),
    avoidTollTransponders: maybe(r, 0.1, () => r.pick(["all", "none"])),
  });
}

function fuel(r: Random): unknown {
  if (r.chance(0.1)) return r.pick(["diesel", null, { tank: 60 }]);
  const table = maybe(
    r,
    0.6,
    () => r.pick([[[0, 0.07], [90, 0.06]], [[10, 0.1], [5, 0.2]], [[0, -1]]]),
  );
  return obj({
    type: r.pick(["diesel", "petrol", "lpg", "cng", "hydrogen", "kerosene"]),
    freeFlowSpeedTable: table,
    trafficSpeedTable: maybe(r, 0.2, () => [[0, 0.09]]),
    additionalConsumption: maybe(r, 0.2, () => r.pick([0.2, -1])),
    ascent: maybe(r, 0.2, () => r.float(0, 1)),
  });
}

/**
 * An EV: the empirical model as HERE's guide writes it, or the physical
 * one, sometimes with an auxiliary power curve (valid, or breaking one of
 * HERE's rules on it).
 */
function ev(r: Random): Record<string, unknown> {
  if (r.chance(0.5)) return { freeFlowSpeedTable: [[0, 0.239], [27, 0.196]] };
  return obj({
    consumptionModel: "physical",
    driveEfficiency: 0.9,
    recuperationEfficiency: 0.8,
    currentWeight: 2500,
    frontalArea: 2.36,
    rollingResistanceCoefficient: 0.0066,
    airDragCoefficient: 0.23,
    auxiliaryPowerConsumption: maybe(r, 0.2, () => r.pick([2000, -1])),
    auxiliaryPowerCurve: maybe(r, 0.6, () =>
      r.pick([
        [[0, 2000], [600, 1500]],
        [[0, 300]],
        [[10, 2000]],
        [[0, 1], [0, 2]],
        [[0, 1], [1801, 2]],
        [[0, -5]],
        [[0, 1], [1, 1], [2, 1], [3, 1], [4, 1], [5, 1], [6, 1]],
        "0,2000|600,1500",
      ])),
  });
}

/** Route parameters beyond the common ones, for `mode`. */
export function routeExtras(
  r: Random,
  mode: Mode,
): Record<string, unknown> {
  const vehicle = mode !== "bicycle" && mode !== "pedestrian";
  return obj({
    arrivalTime: maybe(r, 0.1, () => arrival(r)),
    tolls: vehicle ? maybe(r, 0.15, () => tolls(r)) : undefined,
    currency: vehicle
      ? maybe(r, 0.15, () => r.pick(["EUR", "USD", "CHF", "eur"]))
      : undefined,
    ...(r.chance(0.2) ? avoidExtras(r) : {}),
    exclude: maybe(r, 0.05, () => exclude(r)),
    pedestrian: mode === "pedestrian" || r.chance(0.01)
      ? maybe(r, 0.2, () => ({ speed: r.pick([0.5, 1.4, 2, 2.5, 0]) }))
      : undefined,
    vehicle: (vehicle && mode !== "scooter") || r.chance(0.01)
      ? maybe(r, 0.15, () =>
        obj({
          speedCap: maybe(r, 0.4, () => r.pick([27.8, 0.5, 80, 1, 70])),
          speedCapPerFc: maybe(r, 0.2, () =>
            r.pick([[30, null, 20], [80], [], [1, 2, 3, 4, 5, 6]])),
          occupancy: maybe(r, 0.3, () =>
            r.int(0, 4)),
          hovOccupancy: maybe(r, 0.2, () =>
            r.int(1, 3)),
          licensePlate: maybe(r, 0.2, () =>
            r.pick([{ lastCharacter: "7" }, { lastCharacter: "77" }, "7"])),
          engineType: maybe(r, 0.3, () =>
            r.pick([
              "electric",
              "internalCombustion",
              "pluginHybrid",
              "diesel",
            ])),
          commercial: maybe(r, 0.2, () =>
            r.pick([true, false, "yes"])),
          emptyWeight: maybe(r, 0.1, () =>
            r.pick([7500, 0, -1, 1.5])),
          weightPerAxleGroup: maybe(r, 0.1, () =>
            r.pick([
              { single: 10_000, tandem: 18_000 },
              { double: 9000 },
              { single: -1 },
            ])),
          kpraLength: maybe(r, 0.1, () =>
            r.pick([1250, -3])),
          payloadCapacity: maybe(r, 0.1, () => r.pick([24_000, "10t"])),
          trailerAxleCount: maybe(r, 0.1, () => r.pick([1, 2, 0, 9])),
          tiresCount: maybe(r, 0.1, () => r.pick([18, NaN])),
          category: maybe(r, 0.1, () =>
            r.pick(["undefined", "lightTruck", "van"])),
          heightAboveFirstAxle: maybe(r, 0.1, () =>
            r.pick([150, Infinity])),
          engineSizeCc: maybe(r, 0.1, () =>
            r.pick([1600, 49, -50])),
        }))
      : undefined,
    driver: mode === "truck" || mode === "bus" || mode === "privateBus" ||
        r.chance(0.01)
      ? maybe(r, 0.1, () =>
        r.pick([
          { schedule: [[16200, 2700], [16200, 39600]] },
          { schedule: [[100, 60]] },
          { schedule: [] },
        ]))
      : undefined,
    maxSpeedOnSegment: maybe(r, 0.05, () =>
      r.pick([
        [{ segment: "here:cm:segment:1#+", speed: 10 }],
        [{ segment: "a;b", speed: 5 }],
        [{ segment: "s1", speed: 0.5 }],
      ])),
    billingTag: maybe(r, 0.05, () => r.pick(["ABCD+EFGH", " "])),
    customizations: maybe(r, 0.02, () => r.pick([["c1"], "c1"])),
    fuel: vehicle || r.chance(0.02) ? maybe(r, 0.1, () => fuel(r)) : undefined,
    ev: vehicle || r.chance(0.02) ? maybe(r, 0.1, () => ev(r)) : undefined,
    allow: maybe(r, 0.1, () => r.pick([{ hov: true }, { hot: "yes" }, {}])),
    traffic: maybe(r, 0.15, () =>
      obj({
        mode: maybe(r, 0.6, () => r.pick(["default", "disabled", "live"])),
        overrideFlowDuration: maybe(r, 0.5, () => r.int(-10, 3600)),
      })),
  });
}
