/**
 * Result items as GeoJSON: one `Point` feature per item that has a
 * position, coordinates in GeoJSON's `[lng, lat]` order.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { itemsToGeoJSON } from "@ls/geocoding";
 * const fc = itemsToGeoJSON([{ id: "a", position: { lat: 52.5, lng: 13.4 } }]);
 * assert.deepEqual(fc.features[0].geometry.coordinates, [13.4, 52.5]);
 * ```
 *
 * @module
 */

import type { Feature, FeatureCollection, Point } from "geojson";
import type { ResultItem } from "./result_item.ts";

function isCoordinate(value: unknown): value is number {
  return typeof value === "number" && Number.isFinite(value);
}

/**
 * The `Point` feature of one item: geometry `[lng, lat]` from its
 * `position`, the item as `properties`, its `id` (when it has one) as the
 * feature id. Returns `undefined` for an item without a usable position (an
 * autosuggest query item, say).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { itemToFeature } from "@ls/geocoding";
 * const feature = itemToFeature({ id: "here:x", title: "X", position: { lat: 1, lng: 2 } });
 * assert.deepEqual(feature?.geometry.coordinates, [2, 1]);
 * assert.equal(feature?.id, "here:x");
 * assert.equal(itemToFeature({ title: "Restaurants", resultType: "categoryQuery" }), undefined);
 * ```
 */
export function itemToFeature(
  item: ResultItem,
): Feature<Point, ResultItem> | undefined {
  if (typeof item !== "object" || item === null) return undefined;
  const position = item.position;
  if (
    typeof position !== "object" || position === null ||
    !isCoordinate(position.lat) || !isCoordinate(position.lng)
  ) {
    return undefined;
  }
  const feature: Feature<Point, ResultItem> = {
    type: "Feature",
    geometry: { type: "Point", coordinates: [position.lng, position.lat] },
    properties: { ...item },
  };
  if (typeof item.id === "string") feature.id = item.id;
  return feature;
}

/**
 * A `FeatureCollection` of the items' `Point` features, in item order. Items
 * without a usable position are skipped.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { itemsToGeoJSON } from "@ls/geocoding";
 * const fc = itemsToGeoJSON([
 *   { id: "here:a", position: { lat: 52.5, lng: 13.4 } },
 *   { title: "Restaurants", resultType: "categoryQuery" }, // no position: skipped
 * ]);
 * assert.equal(fc.features.length, 1);
 * ```
 */
export function itemsToGeoJSON(
  items: readonly ResultItem[],
): FeatureCollection<Point, ResultItem> {
  const features: Feature<Point, ResultItem>[] = [];
  for (const item of Array.isArray(items) ? items : []) {
    const feature = itemToFeature(item);
    if (feature) features.push(feature);
  }
  return { type: "FeatureCollection", features };
}
