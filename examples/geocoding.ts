/**
 * Geocoding example: free text to positions, then a position back to the
 * nearest address, with `@ls/geocoding`.
 *
 * Run against HERE (needs a key):
 *
 *   HERE_API_KEY=... deno run --allow-env --allow-net examples/geocoding.ts
 *
 * or against any server that speaks the HERE wire protocol (a sandbox, a
 * proxy, a test server):
 *
 *   LS_BASE_URL=http://127.0.0.1:8080 deno run --allow-env --allow-net examples/geocoding.ts
 *
 * An optional first argument replaces the query.
 *
 * @module
 */

import { ApiError, Client } from "@ls/core";
import { geocode, reverseGeocode } from "@ls/geocoding";

const baseUrl = Deno.env.get("LS_BASE_URL") || undefined;
const apiKey = Deno.env.get("HERE_API_KEY") || (baseUrl ? "sandbox" : "");
if (!apiKey) {
  console.error(
    "Set HERE_API_KEY, or LS_BASE_URL to use a local server instead of HERE.",
  );
  Deno.exit(1);
}

const client = new Client({ apiKey, baseUrl, maxRetries: 2 });
const query = Deno.args[0] ?? "Invalidenstr 116, 10115 Berlin";

try {
  const found = await geocode(client, { query, limit: 3 });
  console.log(`geocode "${query}": ${found.items.length} result(s)`);
  for (const item of found.items) {
    const p = item.position;
    const score = item.scoring?.queryScore;
    console.log(
      `  ${item.title} [${item.resultType}]` +
        (p ? ` at ${p.lat},${p.lng}` : "") +
        (score === undefined ? "" : ` score ${score}`),
    );
  }

  const first = found.items.find((item) => item.position)?.position;
  if (first) {
    const nearest = await reverseGeocode(client, {
      lat: first.lat,
      lng: first.lng,
      limit: 1,
    });
    const [address] = nearest.items;
    console.log(
      `reverse geocode ${first.lat},${first.lng}: ${
        address?.address?.label ?? "nothing found"
      }` + (address?.distance === undefined ? "" : ` (${address.distance} m)`),
    );
  }

  const geojson = found.toGeoJSON();
  console.log(
    `GeoJSON: ${geojson.features.length} Point feature(s), first at [lng, lat] ${
      JSON.stringify(geojson.features[0]?.geometry.coordinates ?? null)
    }`,
  );
  if (found.correlationId) {
    console.log(`correlation id: ${found.correlationId}`);
  }
} catch (error) {
  if (error instanceof ApiError) {
    console.error(
      `HERE answered ${error.status}: ${error.title ?? ""} ${
        error.detail ?? ""
      }`,
    );
    Deno.exit(1);
  }
  throw error;
}
