// Issue 24, point 5, for matrix and tour planning: typos in closed sets, the
// old async switches and misspelled reads fail type-checking (deno test
// type-checks this file, so an unused @ts-expect-error fails it). The
// functions holding them are never called; the run-time ValueError of each
// request typo is asserted beside it.

import assert from "node:assert/strict";
import { ValueError } from "@ls/core";
import {
  buildMatrixRequest,
  type MatrixParams,
  type MatrixRoutingResponse,
  WorldRegion,
} from "@ls/matrix";
import {
  buildTourPlanningProblem,
  type Objective,
  type TourPlanningProblemParams,
  type TourPlanningResponse,
} from "@ls/tour";

const WORLD = new WorldRegion();

/** Never called: each line below must fail `deno check`. */
function _matrixTypos(): unknown[] {
  type P = MatrixParams;
  // @ts-expect-error: the attribute is "distances"
  const attributes: P["matrixAttributes"] = ["distance"];
  // @ts-expect-error: the seed's async switch is `async` now
  const old: P = { origins: [], regionDefinition: WORLD, asyncReq: true };
  // @ts-expect-error: routing modes are "fast" and "short"
  const routingMode: P["routingMode"] = "fastest";
  // @ts-expect-error: not a transport mode
  const transportMode: P["transportMode"] = "boat";
  // @ts-expect-error: not a profile
  const profile: P["profile"] = "carFastest";
  // @ts-expect-error: matrix avoids "controlledAccessHighway"
  const avoid: P["avoidFeatures"] = ["motorway"];
  // @ts-expect-error: a three-number array is not a point
  const origins: P["origins"] = [[52.5, 13.4, 0]];
  return [attributes, old, routingMode, transportMode, profile, avoid, origins];
}

/** Never called: misspelled reads of a response. */
function _matrixReads(res: MatrixRoutingResponse): unknown[] {
  return [
    // @ts-expect-error: it is `travelTimes`
    res.matrix.travelTime,
    // @ts-expect-error: it is `numOrigins`
    res.matrix.originCount,
  ];
}

/** Never called: tour typos. */
function _tourTypos(): unknown[] {
  const objectives: Objective[] = [
    // @ts-expect-error: it is "minimizeCost"
    { type: "minimiseCost" },
  ];
  const params: Partial<TourPlanningProblemParams> = {
    // @ts-expect-error: the seed's async switch is not a problem parameter
    isAsync: true,
  };
  const profile: TourPlanningProblemParams["fleet"]["profiles"][number] = {
    name: "car",
    // @ts-expect-error: not a profile type
    type: "van",
  };
  return [objectives, params, profile];
}

/** Never called: misspelled reads of a tour solution. */
function _tourReads(res: TourPlanningResponse): unknown[] {
  const stop = res.tours[0].stops[0];
  return [
    // @ts-expect-error: it is `activities`
    stop.activity,
    // @ts-expect-error: a stop's time has `arrival`, not `arrive`
    stop.time?.arrive,
    // @ts-expect-error: an unassigned job has `reasons`
    res.unassigned[0].reason,
  ];
}

Deno.test("types: the matrix typos above are ValueErrors at run time too", () => {
  const base: MatrixParams = {
    origins: [[52.5, 13.4]],
    regionDefinition: WORLD,
  };
  const typos: [Record<string, unknown>, string, RegExp][] = [
    [
      { matrixAttributes: ["distance"] },
      "matrixAttributes[0]",
      /must be one of "travelTimes", "distances"/,
    ],
    [{ asyncReq: true }, "asyncReq", /"async"/],
    [
      { routingMode: "fastest" },
      "routingMode",
      /must be one of "fast", "short"/,
    ],
    [{ transportMode: "boat" }, "transportMode", /must be one of "car"/],
    [{ profile: "carFastest" }, "profile", /must be one of "carFast"/],
    [
      { avoidFeatures: ["motorway"] },
      "avoidFeatures[0]",
      /must be one of "tollRoad"/,
    ],
    [
      { origins: [[52.5, 13.4, 0]] },
      "origins[0]",
      /\[lat, lng\] array of two numbers/,
    ],
  ];
  for (const [typo, parameter, message] of typos) {
    assert.throws(
      () => buildMatrixRequest({ ...base, ...typo } as MatrixParams),
      (e) =>
        e instanceof ValueError && e.parameter === parameter &&
        message.test(e.message),
    );
  }
});

Deno.test("types: the tour typos above are ValueErrors at run time too", () => {
  const params: TourPlanningProblemParams = {
    fleet: {
      types: [{
        id: "van",
        profile: "car",
        costs: { fixed: 1 },
        shifts: [{
          start: { time: "2024-05-01T08:00:00Z", location: [52.5, 13.4] },
        }],
        capacity: [1],
        amount: 1,
      }],
      profiles: [{ name: "car", type: "car" }],
    },
    plan: {
      jobs: [{
        id: "j",
        tasks: {
          deliveries: [{
            places: [{ location: [52.52, 13.38], duration: 60 }],
            demand: [1],
          }],
        },
      }],
    },
  };
  const cases: [TourPlanningProblemParams, string, RegExp][] = [
    [
      { ...params, objectives: [{ type: "minimiseCost" as never }] },
      "objectives[0].type",
      /must be one of "minimizeUnassigned"/,
    ],
    [{ ...params, isAsync: true } as never, "isAsync", /"async"/],
    [
      {
        ...params,
        fleet: {
          ...params.fleet,
          profiles: [{ name: "car", type: "van" as never }],
        },
      },
      "fleet.profiles[0].type",
      /must be one of "car", "truck"/,
    ],
  ];
  for (const [p, parameter, message] of cases) {
    assert.throws(
      () => buildTourPlanningProblem(p),
      (e) =>
        e instanceof ValueError && e.parameter === parameter &&
        message.test(e.message),
    );
  }
});
