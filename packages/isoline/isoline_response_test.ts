import assert from "node:assert/strict";
import { ValueError } from "@ls/core";
import { startJsonServer, TEST_KEY_QUERY, testClient } from "@ls/core/testing";
import {
  calculateIsoline,
  Isoline,
  IsolineResponse,
  type IsolineResponseBody,
} from "./mod.ts";
import example from "./testdata/isolines_wire_example.json" with {
  type: "json",
};
import multi from "./testdata/isolines_multipolygon.json" with {
  type: "json",
};

function response(body: unknown): IsolineResponse {
  return new IsolineResponse({ body: body as IsolineResponseBody });
}

/** An object's fields, the untyped ones included (what HERE added). */
function fields(value: object): Record<string, unknown> {
  return value as Record<string, unknown>;
}

/** The wire doc's square, (52.51, 13.39) → … → (52.51, 13.39), as GeoJSON. */
const SQUARE = [
  [13.39, 52.51],
  [13.41, 52.51],
  [13.41, 52.49],
  [13.39, 52.49],
  [13.39, 52.51],
];

Deno.test("the wire doc's example: ranges, decoded polygons, departure, notices", () => {
  const res = response(example);
  assert.deepEqual(res.isolines.map((i) => i.range), [
    { type: "time", value: 300 },
    { type: "time", value: 600 },
  ]);
  assert.deepEqual(res.isolines[0].polygons[0].outer, [
    [52.51, 13.39],
    [52.51, 13.41],
    [52.49, 13.41],
    [52.49, 13.39],
    [52.51, 13.39],
  ]);
  assert.deepEqual(res.isolines[0].polygons[0].inner, []);
  assert.equal(res.departure?.time, "2024-05-01T08:00:00+02:00");
  assert.deepEqual(res.departure?.place.originalLocation, {
    lat: 52.50002,
    lng: 13.40001,
  });
  assert.equal(res.arrival, undefined);
  assert.equal(res.notices[0].code, "unknownParameter");
  assert.deepEqual(res.toJSON(), example);
  assert.deepEqual(JSON.parse(JSON.stringify(res)), example);
});

Deno.test("toGeoJSON: one Polygon per single-polygon isoline; a closed ring stays as is", () => {
  const fc = response(example).toGeoJSON();
  assert.equal(fc.type, "FeatureCollection");
  assert.deepEqual(fc.features, [
    {
      type: "Feature",
      geometry: { type: "Polygon", coordinates: [SQUARE] },
      properties: {
        range: { type: "time", value: 300 },
        rangeType: "time",
        rangeValue: 300,
        index: 0,
      },
    },
    {
      type: "Feature",
      geometry: { type: "Polygon", coordinates: [SQUARE] },
      properties: {
        range: { type: "time", value: 600 },
        rangeType: "time",
        rangeValue: 600,
        index: 1,
      },
    },
  ]);
});

Deno.test("toGeoJSON: several polygons make a MultiPolygon; open rings are closed, holes kept", () => {
  const res = response(multi);
  const [isoline] = res.isolines;
  const f = isoline.toGeoJSON();
  assert.deepEqual(f.properties, {
    range: { type: "distance", value: 5000 },
    rangeType: "distance",
    rangeValue: 5000,
    index: 0,
  });
  assert.deepEqual(f.geometry, {
    type: "MultiPolygon",
    coordinates: [
      [
        SQUARE, // HERE's 4 points, closed with the first
        [
          [13.395, 52.505],
          [13.405, 52.505],
          [13.405, 52.495],
          [13.395, 52.495],
          [13.395, 52.505],
        ],
      ],
      [[[13.6, 52.6], [13.62, 52.6], [13.62, 52.58], [13.6, 52.6]]],
    ],
  });
  // Every ring of the output is closed.
  for (
    const polygon of (f.geometry as { coordinates: number[][][][] }).coordinates
  ) {
    for (const ring of polygon) assert.deepEqual(ring[0], ring.at(-1));
  }
  // The decoded points stay as HERE sent them (not closed).
  assert.equal(isoline.polygons[0].outer.length, 4);
  assert.deepEqual(isoline.polygons[0].inner, [[
    [52.505, 13.395],
    [52.505, 13.405],
    [52.495, 13.405],
    [52.495, 13.395],
  ]]);
  assert.deepEqual(res.toGeoJSON().features, [f]);
});

Deno.test("arrival, connections and unknown fields are kept", () => {
  const res = response(multi);
  assert.equal(res.arrival?.time, "2024-05-01T09:00:00+02:00");
  assert.equal(res.departure, undefined);
  assert.deepEqual(res.notices, []);
  const [isoline] = res.isolines;
  assert.deepEqual(isoline.connections, [{
    fromPolygonIndex: 0,
    toPolygonIndex: 1,
    polyline: "BGgz-kkDgroxZgsuqkDgwi-Z",
  }]);
  assert.equal(fields(isoline.raw).futureIsolineField, "kept");
  assert.equal(fields(res.raw).futureTopLevel, true);
  assert.deepEqual(isoline.toJSON(), multi.isolines[0]);
});

Deno.test("a single inner polyline string is read as one hole", () => {
  const isoline = new Isoline({
    range: { type: "time", value: 60 },
    polygons: [{
      outer: "BGgz-kkDgroxZAginB_hnBAA_hnBginBA",
      inner: "BGw60kkDwjyxZAgxT_wTAA_wT",
    }],
  });
  const geometry = isoline.toGeoJSON().geometry;
  assert.equal(geometry.type, "Polygon");
  assert.equal(geometry.coordinates.length, 2);
  assert.equal(isoline.polygons[0].inner.length, 1);
});

Deno.test("empty bodies: no isolines, and an isoline without polygons", () => {
  assert.deepEqual(response({ isolines: [] }).toGeoJSON().features, []);
  assert.deepEqual(response({}).isolines, []);
  const f = new Isoline({ range: { type: "time", value: 60 }, polygons: [] })
    .toGeoJSON();
  assert.deepEqual(f.geometry, { type: "MultiPolygon", coordinates: [] });
});

Deno.test("a malformed polygon fails when it is read, with a ValueError", () => {
  const isoline = new Isoline({
    range: { type: "time", value: 60 },
    polygons: [{ outer: "not a polyline" }],
  });
  assert.throws(() => isoline.polygons[0].outer, ValueError);
  assert.throws(() => isoline.toGeoJSON(), ValueError);
});

Deno.test("isolines or polygons that are not objects are left out; odd holes are none", () => {
  const [isoline] = example.isolines;
  const res = response({
    isolines: [null, {
      range: isoline.range,
      polygons: [null, { ...isoline.polygons[0], inner: 5 }, 7],
    }],
  });
  assert.equal(res.isolines.length, 1);
  assert.equal(res.isolines[0].index, 1);
  assert.equal(res.isolines[0].polygons.length, 1);
  assert.deepEqual(res.isolines[0].polygons[0].inner, []);
  const [feature] = res.toGeoJSON().features;
  assert.deepEqual(feature.geometry, {
    type: "Polygon",
    coordinates: [SQUARE],
  });
});

// ------------------------------------------------ flat range properties

Deno.test("toGeoJSON: rangeType and rangeValue as flat properties, from the wire", async () => {
  const consumption = {
    departure: {
      time: "2024-05-01T08:00:00+02:00",
      place: { type: "place", location: { lat: 52.532988, lng: 13.352852 } },
    },
    isolines: [
      {
        range: { type: "consumption", value: 10000 },
        polygons: [{ outer: "BGgz-kkDgroxZAginB_hnBAA_hnBginBA" }],
      },
      {
        range: { type: "consumption", value: 20000 },
        polygons: [{ outer: "BGgz-kkDgroxZAginB_hnBAA_hnBginBA" }],
      },
    ],
  };
  await using server = await startJsonServer("GET /v8/isolines", consumption);
  const res = await calculateIsoline(testClient(server), {
    origin: [52.532988, 13.352852],
    range: [10000, 20000],
    rangeType: "consumption",
    transportMode: "car",
    ev: { freeFlowSpeedTable: [[0, 0.239], [27, 0.239]] },
  });
  assert.equal(server.requests.length, 1);
  assert.equal(server.requests[0].path, "/v8/isolines");
  assert.equal(
    server.requests[0].rawQuery,
    "transportMode=car&origin=52.532988,13.352852" +
      "&range%5Btype%5D=consumption&range%5Bvalues%5D=10000,20000" +
      "&routingMode=fast&optimizeFor=balanced&consumptionModel=empirical" +
      "&ev%5BfreeFlowSpeedTable%5D=0,0.239,27,0.239" +
      `&${TEST_KEY_QUERY}`,
  );
  const features = res.toGeoJSON().features;
  assert.deepEqual(
    features.map((f) => [f.properties.rangeType, f.properties.rangeValue]),
    [["consumption", 10000], ["consumption", 20000]],
  );
  // Plain JSON values a map style expression can read directly.
  const json = JSON.parse(JSON.stringify(res.toGeoJSON()));
  assert.equal(json.features[1].properties.rangeValue, 20000);
  assert.equal(json.features[1].properties.rangeType, "consumption");
});

Deno.test("toGeoJSON: a range HERE sent oddly leaves the flat properties out", () => {
  const outer = "BGgz-kkDgroxZAginB_hnBAA_hnBginBA";
  const res = response({
    isolines: [
      { range: { type: 7, value: "300" }, polygons: [{ outer }] },
      { range: null, polygons: [{ outer }] },
      { polygons: [{ outer }] },
      { range: { type: "time", value: Infinity }, polygons: [{ outer }] },
      { range: { type: "someNewType", value: 3 }, polygons: [{ outer }] },
    ],
  });
  assert.deepEqual(
    res.toGeoJSON().features.map((f) => [
      "rangeType" in f.properties ? f.properties.rangeType : "-",
      "rangeValue" in f.properties ? f.properties.rangeValue : "-",
    ]),
    [["-", "-"], ["-", "-"], ["-", "-"], ["time", "-"], ["someNewType", 3]],
  );
});
