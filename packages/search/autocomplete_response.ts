/**
 * What autocomplete answers: the completion items, their JSON body and the
 * response object.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { AutocompleteResponse } from "@ls/search";
 * const res = new AutocompleteResponse({ body: { items: [{ title: "Berlin, Deutschland", resultType: "locality" }] } });
 * assert.equal(res.items[0].title, "Berlin, Deutschland");
 * ```
 *
 * @module
 */

import { ItemsResponse, type ResultItem } from "@ls/geocoding";

/**
 * One completion: a `ResultItem` (usually without `position`: pass its `id`
 * to lookup for one) with the fields autocomplete adds.
 *
 * @example
 * ```ts
 * import type { AutocompleteItem } from "@ls/search";
 * const item: AutocompleteItem = {
 *   title: "Pariser Platz 1, 10117 Berlin, Deutschland",
 *   id: "here:af:streetsection:x",
 *   language: "de",
 *   resultType: "houseNumber",
 *   hasRelatedMPA: false,
 * };
 * ```
 */
export interface AutocompleteItem extends ResultItem {
  /** The language of the completion's texts, a BCP 47 tag such as `"de"`. */
  language?: string;
  /**
   * With `show: ["hasRelatedMPA"]`: whether the address has related micro
   * point addresses (flats, entrances, ...).
   */
  hasRelatedMPA?: boolean;
}

/**
 * The JSON body of an autocomplete response.
 *
 * @example
 * ```ts
 * import type { AutocompleteBody } from "@ls/search";
 * const body: AutocompleteBody = { items: [{ title: "Berlin", resultType: "locality", localityType: "city" }] };
 * ```
 */
export interface AutocompleteBody {
  /** The completions, best first. */
  items: AutocompleteItem[];
}

/**
 * The response of `autocomplete`: typed `items`, `raw`, `toJSON()`, HERE's
 * tracing ids and `toGeoJSON()`. Completions usually carry no position,
 * and `toGeoJSON()` leaves out items without one, so it is often empty:
 * look a completion up by its `id` for its position.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { AutocompleteResponse } from "@ls/search";
 * const res = new AutocompleteResponse({
 *   body: {
 *     items: [
 *       { title: "Berlin, Deutschland", id: "here:cm:namedplace:20187403", resultType: "locality" },
 *       { title: "Bern, Schweiz", resultType: "locality", position: { lat: 46.948, lng: 7.4474 } },
 *     ],
 *   },
 *   correlationId: "c-1",
 * });
 * assert.equal(res.items.length, 2);
 * assert.equal(res.toGeoJSON().features.length, 1); // only the item with a position
 * assert.equal(res.correlationId, "c-1");
 * ```
 */
export class AutocompleteResponse extends ItemsResponse {
  /** The completions; an empty list when HERE found none. */
  override get items(): AutocompleteItem[] {
    return super.items;
  }
}
