import assert from "node:assert/strict";
import { ValueError } from "@ls/core";
import { Isoline, IsolineResponse, type IsolineResponseBody } from "./mod.ts";
import example from "./testdata/isolines_wire_example.json" with {
  type: "json",
};
import multi from "./testdata/isolines_multipolygon.json" with {
  type: "json",
};

function response(body: unknown): IsolineResponse {
  return new IsolineResponse({ body: body as IsolineResponseBody });
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
      properties: { range: { type: "time", value: 300 }, index: 0 },
    },
    {
      type: "Feature",
      geometry: { type: "Polygon", coordinates: [SQUARE] },
      properties: { range: { type: "time", value: 600 }, index: 1 },
    },
  ]);
});

Deno.test("toGeoJSON: several polygons make a MultiPolygon; open rings are closed, holes kept", () => {
  const res = response(multi);
  const [isoline] = res.isolines;
  const f = isoline.toGeoJSON();
  assert.deepEqual(f.properties, {
    range: { type: "distance", value: 5000 },
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
  assert.equal(isoline.raw.futureIsolineField, "kept");
  assert.equal(res.raw.futureTopLevel, true);
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
