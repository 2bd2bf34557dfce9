import assert from "node:assert/strict";
import { startSandbox } from "./sandbox.ts";
import { call } from "./_test_sandbox.ts";

const NOW = Date.UTC(2024, 4, 8, 12);
const fixed = { now: () => new Date(NOW) };

Deno.test("alerts: FeatureCollection in, alert features with wa- ids out", async () => {
  await using sandbox = await startSandbox(fixed);
  const res = await call(sandbox, "/v3/alerts", {
    json: {
      type: "FeatureCollection",
      features: [{
        type: "Feature",
        id: "route-1",
        geometry: {
          type: "LineString",
          coordinates: [[13.4, 52.5], [8.68, 50.11], [2.35, 48.85]],
        },
        properties: { width: 20000 },
      }],
    },
  });
  assert.equal(res.status, 200, res.text);
  assert.equal(res.body.type, "FeatureCollection");
  assert.ok(res.body.features.length >= 1);
  for (const feature of res.body.features) {
    assert.equal(feature.type, "Feature");
    assert.match(feature.id, /^wa-\d{10}$/);
    assert.match(feature.geometry.type, /^(Multi)?Polygon$/);
    assert.equal(feature.properties.featureId, "route-1");
    assert.ok(feature.properties.endTime > feature.properties.startTime);
    const ring = feature.geometry.type === "Polygon"
      ? feature.geometry.coordinates[0]
      : feature.geometry.coordinates[0][0];
    assert.deepEqual(ring[0], ring[ring.length - 1]);
  }
  // A filter that matches no alert type removes them all.
  const filtered = await call(sandbox, "/v3/alerts", {
    json: {
      type: "FeatureCollection",
      features: [{
        type: "Feature",
        geometry: {
          type: "LineString",
          coordinates: [[13.4, 52.5], [8.68, 50.11], [2.35, 48.85]],
        },
        properties: {
          width: 20000,
          warnings: [{ startTime: Math.floor(NOW / 1000), type: 21 }],
        },
      }],
    },
  });
  assert.deepEqual(filtered.body.features, []);
});

Deno.test("alerts: Polygon geometry is E611309, too wide a corridor E611302", async () => {
  await using sandbox = await startSandbox(fixed);
  const polygon = await call(sandbox, "/v3/alerts", {
    json: {
      type: "FeatureCollection",
      features: [{
        type: "Feature",
        geometry: {
          type: "Polygon",
          coordinates: [[[13, 52], [14, 52], [14, 53], [13, 52]]],
        },
        properties: {},
      }],
    },
  });
  assert.equal(polygon.status, 400);
  assert.equal(polygon.body.code, "E611309");
  assert.equal(
    polygon.body.cause,
    "Unsupported geometry type 'Polygon'. Only 'Point' and 'LineString' are supported",
  );
  const wide = await call(sandbox, "/v3/alerts", {
    json: {
      type: "FeatureCollection",
      features: [{
        type: "Feature",
        geometry: { type: "LineString", coordinates: [[13, 52], [14, 52]] },
        properties: { width: 50000 },
      }],
    },
  });
  assert.equal(wide.status, 400);
  assert.equal(wide.body.code, "E611302");
  assert.equal(wide.body.cause, "Maximum width is 25000, from request = 50000");
  const point = await call(sandbox, "/v3/alerts", {
    json: {
      type: "FeatureCollection",
      features: [{
        type: "Feature",
        geometry: { type: "Point", coordinates: [13, 52] },
        properties: { width: 100001 },
      }],
    },
  });
  assert.equal(
    point.body.cause,
    "Maximum width is 100000, from request = 100001",
  );
  const empty = await call(sandbox, "/v3/alerts", {
    json: { type: "FeatureCollection", features: [] },
  });
  assert.equal(empty.status, 400);
});
