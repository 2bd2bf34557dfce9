// Issue 24, points 1 and 5, for routing and isoline requests: typos in
// closed sets, the old lower-case truck type and malformed points fail
// type-checking (deno test type-checks this file, so an unused expect-error
// directive fails it). The functions holding them are never called; the
// run-time ValueError of each typo is asserted beside it, before any
// request.

import assert from "node:assert/strict";
import { TruckType, ValueError } from "@ls/core";
import { buildCalculateIsolineRequest, type IsolineParams } from "@ls/isoline";
import {
  buildCarRouteRequest,
  buildTruckRouteRequest,
  type RoutingParams,
  type TruckRoutingParams,
} from "@ls/routing";

const ENDS: RoutingParams = { origin: [52.5, 13.4], destination: [52.6, 13.5] };
const ISOLINE: IsolineParams = {
  origin: [52.5, 13.4],
  range: [600],
  rangeType: "time",
  transportMode: "car",
};

/** Never called: each line below must fail `deno check`. */
function _routingTypos(): unknown[] {
  type P = TruckRoutingParams;
  // @ts-expect-error: routing modes are "fast" and "short"
  const routingMode: P["routingMode"] = "fastest";
  // @ts-expect-error: HERE's value is "polyline"
  const returnResults: P["returnResults"] = ["polylines"];
  // @ts-expect-error: not a span
  const spans: P["spans"] = ["name"];
  // @ts-expect-error: units are "metric" and "imperial"
  const units: P["units"] = "nautical";
  // @ts-expect-error: HERE's feature is "tollRoad"
  const avoidFeatures: P["avoidFeatures"] = ["tollRoads"];
  // @ts-expect-error: vehicle[type] takes "StraightTruck" or "Tractor"
  const truck: P["truck"] = { type: "tractor" };
  // @ts-expect-error: the constant's key is straightTruck now
  const straight = TruckType.straight;
  // @ts-expect-error: not an ADR tunnel category
  const tunnel: P["truck"] = { tunnelCategory: "F" };
  // @ts-expect-error: not a hazardous-goods class
  const goods: P["truck"] = { shippedHazardousGoods: ["explosives"] };
  // @ts-expect-error: a three-number array is not a point
  const origin: P["origin"] = [52.5, 13.4, 0];
  // @ts-expect-error: a GeoJSON LineString is not a point
  // deno-fmt-ignore
  const destination: P["destination"] = { type: "LineString", coordinates: [[13.4, 52.5], [13.5, 52.6]] };
  // @ts-expect-error: { lat } alone is not a point
  const half: P["origin"] = { lat: 52.5 };
  const via: P["via"] = [
    // @ts-expect-error: a misspelled option of a via is not dropped
    { lat: 52.5, lng: 13.4, waypointOption: { passThrough: true } },
  ];
  const viaPoint: P["via"] = [
    // @ts-expect-error: a misspelled option of a via point is not dropped
    { point: [52.5, 13.4], placeOption: { course: 90 } },
  ];
  const polygon: P["avoidAreas"] = [
    // @ts-expect-error: a polygon's ring is `outer`
    { type: "polygon", outr: [[52.5, 13.4], [52.6, 13.4], [52.6, 13.5]] },
  ];
  const side: P["originPlaceOptions"] = {
    sideOfStreetHint: [52.5, 13.4],
    // @ts-expect-error: matchSideOfStreet is "always" or "onlyIfDivided"
    matchSideOfStreet: "sometimes",
  };
  return [
    routingMode,
    returnResults,
    spans,
    units,
    avoidFeatures,
    truck,
    straight,
    tunnel,
    goods,
    origin,
    destination,
    half,
    via,
    viaPoint,
    polygon,
    side,
  ];
}

/** Never called: each line below must fail `deno check`. */
function _isolineTypos(): unknown[] {
  type P = IsolineParams;
  // @ts-expect-error: range types are "distance", "time" and "consumption"
  const rangeType: P["rangeType"] = "duration";
  // @ts-expect-error: not a transport mode
  const transportMode: P["transportMode"] = "boat";
  // @ts-expect-error: routing modes are "fast" and "short"
  const routingMode: P["routingMode"] = "fastest";
  // @ts-expect-error: optimisedFor is "quality", "performance" or "balanced"
  const optimisedFor: P["optimisedFor"] = "speed";
  // @ts-expect-error: HERE's feature is "ferry"
  const avoidFeatures: P["avoidFeatures"] = ["ferries"];
  // @ts-expect-error: a three-number array is not a point
  const origin: P["origin"] = [52.5, 13.4, 0];
  return [
    rangeType,
    transportMode,
    routingMode,
    optimisedFor,
    avoidFeatures,
    origin,
  ];
}

Deno.test("the routing typos that fail type-checking fail at run time too, before any request", () => {
  const cases: [Record<string, unknown>, string, RegExp][] = [
    [
      { routingMode: "fastest" },
      "routingMode",
      /must be one of "fast", "short"/,
    ],
    [
      { returnResults: ["polylines"] },
      "returnResults[0]",
      /must be one of "polyline", /,
    ],
    [
      { returnResults: ["polyline"], spans: ["name"] },
      "spans[0]",
      /must be one of /,
    ],
    [{ units: "nautical" }, "units", /must be one of "metric", "imperial"/],
    [
      { avoidFeatures: ["tollRoads"] },
      "avoidFeatures[0]",
      /must be one of "seasonalClosure", /,
    ],
    [
      { truck: { type: "tractor" } },
      "truck.type",
      /must be one of "StraightTruck", "Tractor"/,
    ],
    [
      { truck: { tunnelCategory: "F" } },
      "truck.tunnelCategory",
      /must be one of "B", "C", "D", "E"/,
    ],
    [
      { truck: { shippedHazardousGoods: ["explosives"] } },
      "truck.shippedHazardousGoods[0]",
      /must be one of "explosive", /,
    ],
    [
      { origin: [52.5, 13.4, 0] },
      "origin",
      /must be a \[lat, lng\] array of two numbers/,
    ],
    [
      {
        destination: {
          type: "LineString",
          coordinates: [[13.4, 52.5], [13.5, 52.6]],
        },
      },
      "destination",
      /got a GeoJSON LineString$/,
    ],
    [{ origin: { lat: 52.5 } }, "origin.lng", /is required/],
    [
      { via: [{ lat: 52.5, lng: 13.4, waypointOption: {} }] },
      "via[0].waypointOption",
      /is not a known option/,
    ],
    [
      { via: [{ point: [52.5, 13.4], placeOption: {} }] },
      "via[0].placeOption",
      /is not a known option/,
    ],
    [
      { avoidAreas: [{ type: "polygon", outr: [] }] },
      "avoidAreas[0].outr",
      /is not a known option of a polygon/,
    ],
    [
      {
        originPlaceOptions: {
          sideOfStreetHint: [52.5, 13.4],
          matchSideOfStreet: "sometimes",
        },
      },
      "originPlaceOptions.matchSideOfStreet",
      /must be one of "always", "onlyIfDivided"/,
    ],
  ];
  for (const [params, parameter, message] of cases) {
    assert.throws(
      () => buildTruckRouteRequest({ ...ENDS, ...params } as never),
      (e: unknown) =>
        e instanceof ValueError && e.parameter === parameter &&
        message.test(e.message),
      JSON.stringify(params),
    );
  }
  assert.throws(
    () => buildCarRouteRequest({ ...ENDS, routingMode: "fastest" } as never),
    { name: "ValueError", parameter: "routingMode" },
  );
});

Deno.test("the isoline typos that fail type-checking fail at run time too, before any request", () => {
  const cases: [Record<string, unknown>, string, RegExp][] = [
    [
      { rangeType: "duration" },
      "rangeType",
      /must be one of "distance", "time", "consumption"/,
    ],
    [{ transportMode: "boat" }, "transportMode", /must be one of "car", /],
    [
      { routingMode: "fastest" },
      "routingMode",
      /must be one of "fast", "short"/,
    ],
    [
      { optimisedFor: "speed" },
      "optimisedFor",
      /must be one of "quality", "performance", "balanced"/,
    ],
    [{ avoidFeatures: ["ferries"] }, "avoidFeatures[0]", /must be one of /],
    [
      { origin: [52.5, 13.4, 0] },
      "origin",
      /must be a \[lat, lng\] array of two numbers/,
    ],
  ];
  for (const [params, parameter, message] of cases) {
    assert.throws(
      () => buildCalculateIsolineRequest({ ...ISOLINE, ...params } as never),
      (e: unknown) =>
        e instanceof ValueError && e.parameter === parameter &&
        message.test(e.message),
      JSON.stringify(params),
    );
  }
});
