/**
 * Isoline example: where can you drive in 5 and 10 minutes from Berlin
 * Hauptbahnhof, and from where can you walk to it in 10 minutes, with
 * `@ls/isoline`.
 *
 * Run against HERE (needs a key):
 *
 *   HERE_API_KEY=... deno run --allow-env --allow-net examples/isoline.ts
 *
 * or against any server that speaks the HERE wire protocol (a sandbox, a
 * proxy, a test server):
 *
 *   LS_BASE_URL=http://127.0.0.1:8080 deno run --allow-env --allow-net examples/isoline.ts
 *
 * @module
 */

import { ApiError, Client } from "@ls/core";
import { calculateIsoline, OptimisedFor, RangeType } from "@ls/isoline";

const baseUrl = Deno.env.get("LS_BASE_URL") || undefined;
const apiKey = Deno.env.get("HERE_API_KEY") ||
  (baseUrl ? "ls-sandbox-fake-api-key" : "");
if (!apiKey) {
  console.error(
    "Set HERE_API_KEY, or LS_BASE_URL to use a local server instead of HERE.",
  );
  Deno.exit(1);
}

const client = new Client({ apiKey, baseUrl, maxRetries: 2 });
const hauptbahnhof: [number, number] = [52.5251, 13.3694];

try {
  const drive = await calculateIsoline(client, {
    origin: hauptbahnhof,
    range: "300,600",
    rangeType: RangeType.time,
    transportMode: "car",
    departureTime: new Date(),
    optimisedFor: OptimisedFor.balanced,
  });
  console.log(`drive from ${hauptbahnhof.join(",")}:`);
  for (const isoline of drive.isolines) {
    const points = isoline.polygons.reduce((n, p) => n + p.outer.length, 0);
    console.log(
      `  ${
        isoline.range.value / 60
      } min: ${isoline.polygons.length} polygon(s), ${points} points`,
    );
  }
  for (const notice of drive.notices) {
    console.log(
      `  notice ${notice.code} (${notice.severity}): ${notice.title}`,
    );
  }

  const walk = await calculateIsoline(client, {
    destination: hauptbahnhof,
    range: [600],
    rangeType: RangeType.time,
    transportMode: "pedestrian",
  });
  const geojson = walk.toGeoJSON();
  const feature = geojson.features[0];
  console.log(
    `walk to it within 10 min: ${
      feature?.geometry.type ?? "no isoline"
    }, range ${JSON.stringify(feature?.properties.range ?? null)}`,
  );
} catch (error) {
  if (error instanceof ApiError) {
    console.error(
      `HERE answered ${error.status}: ${error.code ?? ""} ${
        error.title ?? ""
      } ${error.detail ?? ""}`,
    );
    Deno.exit(1);
  }
  throw error;
}
