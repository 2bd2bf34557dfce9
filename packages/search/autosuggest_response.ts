/**
 * What autosuggest answers: the JSON body, the raw `Response` typed to it,
 * and a response object read from that `Response`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { AutosuggestResponse } from "@ls/search";
 * const res = new Response(JSON.stringify({ items: [{ title: "Rex", position: { lat: 52.5, lng: 13.4 } }] }));
 * assert.equal((await AutosuggestResponse.from(res)).items[0].title, "Rex");
 * ```
 *
 * @module
 */

import { ItemsResponse, type ResultItem } from "@ls/geocoding";

/**
 * A suggested completion: `term` for the substring `query.slice(start, end)`,
 * which it would replace (`replaces`).
 *
 * @example
 * ```ts
 * import type { QueryTerm } from "@ls/search";
 * const term: QueryTerm = { term: "restaurant", replaces: "res", start: 0, end: 3 };
 * ```
 */
export interface QueryTerm {
  /** The suggested term. */
  term: string;
  /** The substring of the query it replaces. */
  replaces: string;
  /** Start index of that substring. */
  start: number;
  /** End index (exclusive) of that substring. */
  end: number;
}

/**
 * The JSON body of an autosuggest response. Entity items have an `id` usable
 * with lookup; query items (`resultType` `categoryQuery` or `chainQuery`)
 * have an `href` for the suggested discover search and may lack a position.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { AutosuggestBody } from "@ls/search";
 * import { itemsToGeoJSON } from "@ls/geocoding";
 * const body: AutosuggestBody = {
 *   items: [{ title: "Restaurants", resultType: "categoryQuery", href: "https://discover.search.hereapi.com/v1/discover?q=restaurant" }],
 *   queryTerms: [{ term: "restaurant", replaces: "res", start: 0, end: 3 }],
 * };
 * assert.equal(itemsToGeoJSON(body.items).features.length, 0); // query items have no position
 * ```
 */
export interface AutosuggestBody {
  /** Entity and query suggestions. */
  items: ResultItem[];
  /** Suggested completions of the query. */
  queryTerms?: QueryTerm[];
}

/**
 * What `autosuggest` returns: HERE's own fetch `Response` (the
 * seed's contract, body unread), typed so that `json()` resolves to the
 * documented {@linkcode AutosuggestBody}.
 *
 * @example
 * ```ts
 * import type { AutosuggestBody, AutosuggestRawResponse } from "@ls/search";
 * async function titles(res: AutosuggestRawResponse): Promise<string[]> {
 *   const body: AutosuggestBody = await res.json();
 *   return body.items.map((item) => item.title ?? "");
 * }
 * ```
 */
export interface AutosuggestRawResponse extends Response {
  /** Reads the body (once, as any `Response`) as the autosuggest body. */
  json(): Promise<AutosuggestBody>;
}

/**
 * An autosuggest answer as a response object, like discover's: typed
 * `items`, `queryTerms`, HERE's tracing ids and `toGeoJSON()` (items
 * without a position, such as query suggestions, are left out of it). Make
 * one from what `autosuggest` returns with
 * {@linkcode AutosuggestResponse.from}, which reads the body: a `Response`
 * can be read once.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { AutosuggestResponse } from "@ls/search";
 * const res = new Response(JSON.stringify({
 *   items: [
 *     { title: "Restaurants", resultType: "categoryQuery", href: "https://discover.search.hereapi.com/v1/discover?q=restaurant" },
 *     { title: "Rex", id: "here:pds:place:1", resultType: "place", position: { lat: 52.5, lng: 13.4 } },
 *   ],
 *   queryTerms: [{ term: "restaurant", replaces: "res", start: 0, end: 3 }],
 * }), { headers: { "x-correlation-id": "c-1" } });
 * const suggestions = await AutosuggestResponse.from(res);
 * assert.equal(suggestions.items.length, 2);
 * assert.equal(suggestions.queryTerms[0].term, "restaurant");
 * assert.equal(suggestions.toGeoJSON().features.length, 1);
 * assert.equal(suggestions.correlationId, "c-1");
 * ```
 */
export class AutosuggestResponse extends ItemsResponse {
  /** Suggested completions of the query; empty when HERE sent none. */
  get queryTerms(): QueryTerm[] {
    const terms = (this.raw as Partial<AutosuggestBody> | null)?.queryTerms;
    return Array.isArray(terms) ? terms : [];
  }

  /**
   * Reads an autosuggest `Response` (what `autosuggest` returns)
   * into a response object. The body is consumed.
   *
   * @throws {SyntaxError} when the body is not JSON
   */
  static async from(res: Response): Promise<AutosuggestResponse> {
    const body: AutosuggestBody = await res.json();
    return new AutosuggestResponse({
      body,
      correlationId: res.headers.get("x-correlation-id") ?? undefined,
      requestId: res.headers.get("x-request-id") ?? undefined,
    });
  }
}
