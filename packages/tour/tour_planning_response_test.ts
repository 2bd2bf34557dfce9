import assert from "node:assert/strict";
import { TourPlanningResponse, type TourPlanningSolution } from "./mod.ts";
import solution from "./testdata/solution.json" with { type: "json" };

/** A fresh copy of the solution fixture. */
function fixture(): TourPlanningSolution {
  return structuredClone(solution) as TourPlanningSolution;
}

Deno.test("TourPlanningResponse: tours, stops, activities, load, times, unassigned reasons", () => {
  const body = fixture();
  const res = new TourPlanningResponse({ body, correlationId: "corr-9" });
  assert.equal(res.problemId, "berlin-2024-05-01");
  assert.equal(res.correlationId, "corr-9");
  assert.deepEqual(res.statistic, {
    cost: 83.5,
    distance: 38120,
    duration: 7410,
    times: { driving: 5630, serving: 960, waiting: 0, break: 1800 },
  });
  assert.deepEqual(res.tours.map((t) => [t.vehicleId, t.typeId]), [
    ["smallVan_1", "smallVan"],
    ["smallVan_2", "smallVan"],
  ]);
  const [first, second] = res.tours;
  assert.equal(first.stops.length, 3);
  // Unknown tour fields are kept, untyped: reachable through raw.
  assert.equal(Reflect.get(first, "shiftIndex"), 0);
  assert.equal(Reflect.get(res.raw.tours![0], "shiftIndex"), 0);
  assert.equal(first.statistic?.cost, 41.75);
  const delivery = first.stops[1];
  assert.deepEqual(delivery.location, { lat: 52.52, lng: 13.38 });
  assert.deepEqual(delivery.time, {
    arrival: "2024-05-01T09:00:00Z",
    departure: "2024-05-01T09:05:00Z",
  });
  assert.deepEqual(delivery.load, [0]);
  assert.equal(delivery.distance, 4210);
  assert.deepEqual(delivery.activities, [{
    jobId: "job-1",
    type: "delivery",
    jobTag: "door-A",
    time: { start: "2024-05-01T09:00:00Z", end: "2024-05-01T09:05:00Z" },
  }]);
  assert.deepEqual(
    second.stops[2].activities.map((a) => [a.jobId, a.type]),
    [["job-3", "delivery"], ["break", "break"]],
  );
  assert.deepEqual(res.unassigned, [{
    jobId: "job-2",
    reasons: [
      {
        code: "CAPACITY_CONSTRAINT",
        description: "cannot be assigned due to capacity of vehicle",
      },
      {
        code: "SOME_NEW_REASON",
        description: "a reason code HERE added later",
      },
    ],
  }]);
  assert.deepEqual(res.toJSON(), body);
  assert.equal(res.raw, body);
});

Deno.test("TourPlanningResponse.toGeoJSON: a LineString per tour in stop order, then a Point per stop", () => {
  const body = fixture();
  const geo = new TourPlanningResponse({ body }).toGeoJSON();
  assert.equal(geo.type, "FeatureCollection");
  assert.deepEqual(
    geo.features.map((f) => `${f.geometry.type}:${f.properties.vehicleId}`),
    [
      "LineString:smallVan_1",
      "Point:smallVan_1",
      "Point:smallVan_1",
      "Point:smallVan_1",
      "LineString:smallVan_2",
      "Point:smallVan_2",
      "Point:smallVan_2",
      "Point:smallVan_2",
      "Point:smallVan_2",
    ],
  );
  assert.deepEqual(geo.features[4].geometry, {
    type: "LineString",
    coordinates: [[13.40, 52.50], [13.45, 52.48], [13.30, 52.51], [
      13.40,
      52.50,
    ]],
  });
  assert.deepEqual(geo.features[4].properties, {
    kind: "tour",
    vehicleId: "smallVan_2",
    typeId: "smallVan",
    stopCount: 4,
    statistic: body.tours![1].statistic,
  });
  assert.deepEqual(geo.features[7], {
    type: "Feature",
    geometry: { type: "Point", coordinates: [13.30, 52.51] },
    properties: {
      kind: "stop",
      vehicleId: "smallVan_2",
      typeId: "smallVan",
      stopIndex: 2,
      arrival: "2024-05-01T09:10:00Z",
      departure: "2024-05-01T09:43:00Z",
      load: [0],
      jobIds: ["job-3", "break"],
      activityTypes: ["delivery", "break"],
    },
  });
  // Every Point's position equals the LineString vertex of its stop.
  const line = geo.features[0].geometry;
  assert.equal(line.type, "LineString");
  if (line.type === "LineString") {
    assert.deepEqual(
      geo.features.slice(1, 4).map((f) =>
        f.geometry.type === "Point" && f.geometry.coordinates
      ),
      line.coordinates,
    );
  }
});

Deno.test("TourPlanningResponse: tolerant of missing parts", () => {
  const empty = new TourPlanningResponse({ body: {} });
  assert.deepEqual(empty.tours, []);
  assert.deepEqual(empty.unassigned, []);
  assert.equal(empty.problemId, undefined);
  assert.deepEqual(empty.toGeoJSON(), {
    type: "FeatureCollection",
    features: [],
  });

  const odd = new TourPlanningResponse({
    body: {
      tours: [
        {
          vehicleId: "v_1",
          typeId: "v",
          stops: [
            { location: { lat: 52.5, lng: 13.4 } } as never,
            { time: { arrival: "x", departure: "y" } } as never,
          ],
        },
      ],
      unassigned: [{ jobId: "j" } as never],
    },
  });
  assert.deepEqual(odd.tours[0].stops[0].activities, []);
  assert.deepEqual(odd.unassigned[0].reasons, []);
  // One located stop: a Point, no LineString; the unlocated stop is skipped.
  const geo = odd.toGeoJSON();
  assert.deepEqual(geo.features.map((f) => f.geometry.type), ["Point"]);
  assert.deepEqual(geo.features[0].properties, {
    kind: "stop",
    vehicleId: "v_1",
    typeId: "v",
    stopIndex: 0,
    jobIds: [],
    activityTypes: [],
  });
});
