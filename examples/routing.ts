/**
 * Routing example: a car route through Berlin with turn instructions and
 * elevation, drawn as GeoJSON, then the same trip for a truck, with
 * `@ls/routing`.
 *
 * Run against HERE (needs a key):
 *
 *   HERE_API_KEY=... deno run --allow-env --allow-net examples/routing.ts
 *
 * or against any server that speaks the HERE wire protocol (a sandbox, a
 * proxy, a test server):
 *
 *   LS_BASE_URL=http://127.0.0.1:8080 deno run --allow-env --allow-net examples/routing.ts
 *
 * @module
 */

import { ApiError, Client } from "@ls/core";
import { carRoute, Return, Span, truckRoute } from "@ls/routing";

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
const origin: [number, number] = [52.5308, 13.3847]; // Invalidenstraße
const destination: [number, number] = [52.5163, 13.3777]; // Brandenburger Tor

try {
  const car = await carRoute(client, {
    origin,
    destination,
    via: [{
      lat: 52.5251,
      lng: 13.3694,
      waypointOptions: { passThrough: true },
    }],
    departureTime: new Date(),
    returnResults: [
      Return.polyline,
      Return.summary,
      Return.actions,
      Return.instructions,
      Return.elevation,
    ],
    spans: [Span.names],
    alternatives: 1,
  });
  console.log(
    `car: ${car.routes.length} route(s)` +
      (car.discardedRoutes.length
        ? `, ${car.discardedRoutes.length} discarded (critical notices)`
        : ""),
  );
  for (const route of car.routes) {
    for (const section of route.sections) {
      const { duration = 0, length = 0 } = section.summary ?? {};
      console.log(
        `  route ${route.index} section ${section.index}: ${
          (length / 1000).toFixed(1)
        } km, ${Math.round(duration / 60)} min, ${
          section.coordinates!.length / section.dimensions!
        } points`,
      );
    }
  }
  for (const action of car.routes[0]?.sections[0]?.actions?.slice(0, 3) ?? []) {
    console.log(`  ${action.instruction ?? action.action}`);
  }
  const geojson = car.toGeoJSON();
  console.log(
    `GeoJSON: ${geojson.features.length} LineString feature(s), first position [lng, lat, elevation] ${
      JSON.stringify(geojson.features[0]?.geometry.coordinates[0] ?? null)
    }`,
  );

  const truck = await truckRoute(client, {
    origin,
    destination,
    truck: { grossWeight: 18000, height: 400, axleCount: 3 },
    returnResults: [Return.summary],
  });
  const [first] = truck.routes;
  console.log(
    `truck: ${truck.routes.length} route(s)` +
      (first?.hasViolations
        ? `, violates ${first.violations.map((n) => n.code).join(", ")}`
        : ""),
  );
  for (const notice of truck.notices) {
    console.log(
      `  notice ${notice.code} (${notice.severity}): ${notice.title}`,
    );
  }
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
