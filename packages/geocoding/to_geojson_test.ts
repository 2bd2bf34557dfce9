import assert from "node:assert/strict";
import { ItemsResponse, itemsToGeoJSON, itemToFeature } from "./mod.ts";
import type { ResultItem } from "./mod.ts";

Deno.test("itemToFeature: [lng, lat], the item as properties, its id as feature id", () => {
  const item: ResultItem = {
    title: "Demo Bistro",
    id: "here:pds:place:000demo0-00000000000000000000000000000001",
    resultType: "place",
    position: { lat: 52.5012, lng: 13.4021 },
    access: [{ lat: 52.5013, lng: 13.402 }],
    categories: [{ id: "100-1000-0000", name: "Restaurant", primary: true }],
    contacts: [{ phone: [{ value: "+4930000000" }] }],
  };
  assert.deepEqual(itemToFeature(item), {
    type: "Feature",
    id: "here:pds:place:000demo0-00000000000000000000000000000001",
    geometry: { type: "Point", coordinates: [13.4021, 52.5012] },
    properties: item,
  });
});

Deno.test("itemToFeature: no id key without an item id; properties are a copy", () => {
  const item: ResultItem = { title: "X", position: { lat: -33.9, lng: 18.4 } };
  const feature = itemToFeature(item);
  assert.ok(feature);
  assert.equal("id" in feature, false);
  feature.properties.title = "changed";
  assert.equal(item.title, "X");
});

Deno.test("items without a usable position are skipped, never a crash", () => {
  const items = [
    {
      title: "Restaurants",
      resultType: "categoryQuery",
      href: "/v1/discover?q=r",
    },
    { id: "a", position: null },
    { id: "b", position: { lat: 1 } },
    { id: "c", position: { lat: "1", lng: "2" } },
    { id: "d", position: { lat: NaN, lng: 2 } },
    { id: "e", position: [1, 2] },
    null,
    { id: "ok", position: { lat: 0, lng: 0 } },
  ] as unknown as ResultItem[];
  const fc = itemsToGeoJSON(items);
  assert.deepEqual(fc.features.map((f) => f.id), ["ok"]);
  assert.deepEqual(fc.features[0].geometry.coordinates, [0, 0]);
  assert.deepEqual(
    itemsToGeoJSON(undefined as unknown as ResultItem[]),
    { type: "FeatureCollection", features: [] },
  );
});

Deno.test("ItemsResponse tolerates a body without items", () => {
  for (const body of [{}, { items: null }, null]) {
    const res = new ItemsResponse({ body: body as never });
    assert.deepEqual(res.items, []);
    assert.deepEqual(res.toGeoJSON().features, []);
    assert.equal(res.toJSON(), body);
  }
});
