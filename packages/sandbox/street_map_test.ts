import assert from "node:assert/strict";
import { streetMap } from "./street_map.ts";

Deno.test("streetMap: Berlin's motorways, trunk roads and named streets, widest first", async () => {
  const box = { west: 13.3, south: 52.45, east: 13.5, north: 52.58 };
  const map = await streetMap(box, { maxRoads: 5000 });
  const classes = map.roads.map((r) => r.roadClass);
  const order = ["motorway", "trunk", "primary", "arterial", "local"];
  for (let k = 1; k < classes.length; k++) {
    assert.ok(order.indexOf(classes[k - 1]) <= order.indexOf(classes[k]));
  }
  assert.ok(classes.includes("local") && classes.includes("arterial"));
  assert.ok(classes.includes("trunk"));
  assert.ok(map.roads.length <= 5000);
  for (const road of map.roads) {
    assert.ok(road.points.length >= 2);
    assert.ok(road.name.length > 0);
  }
  // German streets in Berlin.
  assert.ok(map.roads.some((r) => /straße|weg|allee|platz|damm/i.test(r.name)));
  assert.equal(map.places[0].name, "Berlin");
  for (const p of map.places) {
    assert.ok(p.lat >= box.south && p.lat <= box.north);
    assert.ok(p.lng >= box.west && p.lng <= box.east);
  }
});

Deno.test("streetMap: the open sea has no roads and no places", async () => {
  const map = await streetMap({
    west: -30,
    south: 30,
    east: -29.9,
    north: 30.1,
  });
  assert.deepEqual(map, { roads: [], places: [] });
});
