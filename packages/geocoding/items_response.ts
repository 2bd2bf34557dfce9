/**
 * The typed response of the endpoints that answer `{ "items": [...] }`:
 * geocode and revgeocode here, discover and browse in `@ls/search`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { ItemsResponse } from "@ls/geocoding";
 * const res = new ItemsResponse({ body: { items: [{ title: "X", position: { lat: 1, lng: 2 } }] } });
 * assert.equal(res.items[0].title, "X");
 * assert.equal(res.toGeoJSON().features.length, 1);
 * ```
 *
 * @module
 */

import type { FeatureCollection, Point } from "geojson";
import { ApiResponse } from "@ls/core";
import type { ResultItem } from "./result_item.ts";
import { itemsToGeoJSON } from "./to_geojson.ts";

/**
 * The body of a geocode, revgeocode, discover or browse response.
 *
 * @example
 * ```ts
 * import type { ItemsBody } from "@ls/geocoding";
 * const body: ItemsBody = { items: [] };
 * ```
 */
export interface ItemsBody {
  /** The results, best first (by distance for browse). */
  items: ResultItem[];
}

/**
 * A response made of result items: `items` typed, the body as HERE sent it
 * (`raw`, `toJSON()`), HERE's tracing ids, and `toGeoJSON()`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { ItemsResponse } from "@ls/geocoding";
 * const res = new ItemsResponse({
 *   body: { items: [{ id: "here:a", position: { lat: 52.5, lng: 13.4 } }] },
 *   correlationId: "c-1",
 * });
 * assert.equal(res.correlationId, "c-1");
 * assert.deepEqual(res.toGeoJSON().features[0].geometry.coordinates, [13.4, 52.5]);
 * assert.equal(JSON.stringify(res), '{"items":[{"id":"here:a","position":{"lat":52.5,"lng":13.4}}]}');
 * ```
 */
export class ItemsResponse extends ApiResponse<ItemsBody> {
  /** The result items; an empty list when HERE found nothing. */
  get items(): ResultItem[] {
    const raw = this.raw as Partial<ItemsBody> | null;
    return Array.isArray(raw?.items) ? raw.items : [];
  }

  /**
   * The items as a `FeatureCollection` of `Point`s (`[lng, lat]`), each with
   * the item as properties and its `id` as feature id. Items without a
   * position are skipped.
   */
  toGeoJSON(): FeatureCollection<Point, ResultItem> {
    return itemsToGeoJSON(this.items);
  }
}
