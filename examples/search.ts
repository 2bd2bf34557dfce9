/**
 * Place search example with `@ls/search`: discover, browse, lookup,
 * autosuggest, and the raw-`Response` `GeocodingSearchApi`.
 *
 * Run against HERE (needs a key):
 *
 *   HERE_API_KEY=... deno run --allow-env --allow-net examples/search.ts
 *
 * or against any server that speaks the HERE wire protocol (a sandbox, a
 * proxy, a test server):
 *
 *   LS_BASE_URL=http://127.0.0.1:8080 deno run --allow-env --allow-net examples/search.ts
 *
 * @module
 */

import { Client } from "@ls/core";
import { itemsToGeoJSON } from "@ls/geocoding";
import {
  autosuggest,
  type AutosuggestBody,
  browse,
  discover,
  GeocodingSearchApi,
  lookup,
  PlaceCategory,
} from "@ls/search";
import { exampleOptions, exitOnApiError } from "./_setup.ts";

const options = exampleOptions();
const client = new Client({ ...options, maxRetries: 2 });
const berlin: [number, number] = [52.5200, 13.4050];

try {
  // Free text within 1 km of a centre.
  const cafes = await discover(client, {
    query: "coffee",
    center: berlin,
    radius: 1000,
    limit: 5,
  });
  console.log(`discover "coffee" within 1 km: ${cafes.items.length} place(s)`);
  for (const place of cafes.items) {
    console.log(`  ${place.distance ?? "?"} m  ${place.title}`);
  }

  // Restaurants and museums around the centre, nearest first.
  const around = await browse(client, {
    center: berlin,
    radius: 2000,
    categories: [PlaceCategory.restaurant, PlaceCategory.museum],
    limit: 5,
  });
  console.log(
    `browse restaurants and museums: ${around.items.length} place(s)`,
  );
  for (const place of around.items) {
    const category = place.categories?.find((c) => c.primary)?.name;
    console.log(`  ${place.distance ?? "?"} m  ${place.title} (${category})`);
  }

  // One place by the id of an earlier result.
  const id = cafes.items[0]?.id ?? around.items[0]?.id;
  if (id) {
    const place = await lookup(client, { locationId: id, lang: "en-US" });
    console.log(
      `lookup ${id}: ${place.title} — ${place.address?.label ?? "no address"}`,
    );
    console.log(`  as GeoJSON: ${JSON.stringify(place.toGeoJSON().geometry)}`);
  }

  // Type-ahead: autosuggest returns the raw Response.
  const res = await autosuggest(client, {
    query: "res",
    at: berlin,
    inCountry: ["DEU"],
    limit: 5,
    termsLimit: 3,
  });
  const suggestions: AutosuggestBody = await res.json();
  console.log(
    `autosuggest "res": ${suggestions.items.length} suggestion(s), terms: ${
      (suggestions.queryTerms ?? []).map((t) => t.term).join(", ") || "none"
    }`,
  );
  for (const item of suggestions.items) {
    console.log(`  [${item.resultType}] ${item.title}`);
  }
  console.log(
    `  ${
      itemsToGeoJSON(suggestions.items).features.length
    } of them have a position`,
  );

  // The same operations with raw Responses.
  using api = new GeocodingSearchApi(options);
  const raw = await api.getSearchDiscover({
    query: "museum",
    boundingBox: [13.3, 52.45, 13.5, 52.6],
    limit: 3,
  });
  const body = await raw.json();
  console.log(
    `GeocodingSearchApi.getSearchDiscover: HTTP ${raw.status}, ${
      body.items?.length ?? 0
    } item(s)`,
  );
} catch (error) {
  exitOnApiError(error);
}
