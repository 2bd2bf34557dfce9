/**
 * The response of lookup: one place, its fields read directly.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { LookupResponse } from "@ls/search";
 * const place = new LookupResponse({ body: { title: "Sample Airport", id: "here:pds:place:x" } });
 * assert.equal(place.id, "here:pds:place:x");
 * assert.equal(place.toGeoJSON().geometry, null);
 * ```
 *
 * @module
 */

import type { Feature, Point } from "geojson";
import { ApiResponse } from "@ls/core";
import type { BoundingBoxObject, LatLngObject } from "@ls/core";
import { itemToFeature } from "@ls/geocoding";
import type {
  Address,
  Category,
  Reference,
  ResultItem,
  ResultType,
} from "@ls/geocoding";

/**
 * The response of `lookup`: the place's fields directly (`title`,
 * `id`, `address`, `position`, ...), the whole place as `item` (unknown
 * fields kept), `items` (`[item]`), `raw`, `toJSON()`, `toGeoJSON()` (one
 * `Feature`) and HERE's tracing ids.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { LookupResponse } from "@ls/search";
 * const place = new LookupResponse({
 *   body: { title: "Sample Airport", id: "here:pds:place:x", position: { lat: 49.95, lng: 7.26 } },
 * });
 * assert.equal(place.title, "Sample Airport");
 * assert.deepEqual(place.toGeoJSON().geometry, { type: "Point", coordinates: [7.26, 49.95] });
 * ```
 */
export class LookupResponse extends ApiResponse<ResultItem> {
  /** The place, as HERE sent it. */
  get item(): ResultItem {
    const raw: unknown = this.raw;
    return typeof raw === "object" && raw !== null && !Array.isArray(raw)
      ? raw as ResultItem
      : {};
  }

  /** The place as a one-item list, for code written against item lists. */
  get items(): ResultItem[] {
    return [this.item];
  }

  /** Display title. */
  get title(): string | undefined {
    return this.item.title;
  }

  /** The HERE id. */
  get id(): string | undefined {
    return this.item.id;
  }

  /** What the place is, e.g. `place`. */
  get resultType(): ResultType | undefined {
    return this.item.resultType;
  }

  /** The address. */
  get address(): Address | undefined {
    return this.item.address;
  }

  /** Display position. */
  get position(): LatLngObject | undefined {
    return this.item.position;
  }

  /** Navigation access points. */
  get access(): LatLngObject[] | undefined {
    return this.item.access;
  }

  /** Suggested viewport. */
  get mapView(): BoundingBoxObject | undefined {
    return this.item.mapView;
  }

  /** Metres from the search centre, when HERE reports one. */
  get distance(): number | undefined {
    return this.item.distance;
  }

  /** Place categories. */
  get categories(): Category[] | undefined {
    return this.item.categories;
  }

  /** External references. */
  get references(): Reference[] | undefined {
    return this.item.references;
  }

  /**
   * The place as one GeoJSON `Feature`: a `Point` at `[lng, lat]`, the place
   * as properties, its `id` as feature id. Without a position the geometry is
   * `null`.
   */
  toGeoJSON(): Feature<Point | null, ResultItem> {
    const item = this.item;
    const feature = itemToFeature(item);
    if (feature) return feature;
    const empty: Feature<null, ResultItem> = {
      type: "Feature",
      geometry: null,
      properties: { ...item },
    };
    if (typeof item.id === "string") empty.id = item.id;
    return empty;
  }
}
