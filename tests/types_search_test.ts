// Typos in geocoding and search requests and misspelled reads of their
// results fail type-checking (each `@ts-expect-error` below must have an
// error to expect), and the request typos are ValueErrors at run time too.

import assert from "node:assert/strict";
import {
  buildGeocodeRequest,
  type GeocodeParams,
  type GeocoderResponse,
} from "@ls/geocoding";
import {
  type AutosuggestRawResponse,
  buildDiscoverRequest,
  type DiscoverParams,
} from "@ls/search";

// Never called: autosuggest's json() is the documented body, not any.
async function _suggestions(res: AutosuggestRawResponse): Promise<unknown[]> {
  const body = await res.json();
  return [
    body.items[0]?.title,
    body.queryTerms?.[0]?.term,
    // @ts-expect-error: misspelled
    body.itemz,
    // @ts-expect-error: a term is a string
    body.queryTerms?.[0]?.term.toFixed(),
  ];
}

// Never called: only type-checked.
function _reads(res: GeocoderResponse): unknown[] {
  const item = res.items[0];
  return [
    item.address?.city,
    // @ts-expect-error: misspelled
    item.adress,
    // @ts-expect-error: the city is in address
    item.city,
  ];
}

Deno.test("search request typos fail type-checking and are ValueErrors listing the set", () => {
  const geocode: GeocodeParams = {
    query: "Berlin",
    // @ts-expect-error: HERE's block is tz
    show: ["timezone"],
  };
  assert.throws(() => buildGeocodeRequest(geocode), {
    name: "ValueError",
    message:
      /^Invalid show\[0\]: must be one of "addressUsage", .*"tz".*, got "timezone"$/,
  });
  const discover: DiscoverParams = {
    query: "coffee",
    center: [52.5, 13.4],
    radius: 100,
    // @ts-expect-error: not a block of discover
    show: ["parsing"],
  };
  assert.throws(() => buildDiscoverRequest(discover), {
    name: "ValueError",
    message: /^Invalid show\[0\]: must be one of "eMobilityServiceProviders"/,
  });
  assert.equal(typeof _reads, "function");
  assert.equal(typeof _suggestions, "function");
});
