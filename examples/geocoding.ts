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

import { Client } from "@ls/core";
import { geocode, reverseGeocode } from "@ls/geocoding";
import { exampleOptions, exitOnApiError } from "./_setup.ts";

const client = new Client({ ...exampleOptions(), maxRetries: 2 });
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
  exitOnApiError(error);
}
