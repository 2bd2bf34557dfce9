// A routing matrix between a few places in Berlin: travel times and
// distances from every origin to every destination.
//
//   HERE_API_KEY=... npx -y deno@2.9.6 run --allow-net --allow-env examples/matrix.ts
//
// LS_BASE_URL points every request at another origin (the sandbox, a proxy).

import { Client } from "@ls/core";
import { AutoCircleRegion, matrix } from "@ls/matrix";

const baseUrl = Deno.env.get("LS_BASE_URL") || undefined;
// The sandbox (deno task sandbox) accepts the key "ls-sandbox-fake-api-key"
// (SANDBOX_API_KEY of @ls/sandbox).
const apiKey = Deno.env.get("HERE_API_KEY") ||
  (baseUrl ? "ls-sandbox-fake-api-key" : undefined);
if (!apiKey) {
  console.error("Set HERE_API_KEY (or LS_BASE_URL to use a local sandbox).");
  Deno.exit(1);
}
const client = new Client({ apiKey, baseUrl });

const origins = [
  { name: "Hauptbahnhof", lat: 52.5251, lng: 13.3694 },
  { name: "Alexanderplatz", lat: 52.5219, lng: 13.4132 },
];
const destinations = [
  { name: "Brandenburger Tor", lat: 52.5163, lng: 13.3777 },
  { name: "Tempelhofer Feld", lat: 52.4731, lng: 13.4039 },
  { name: "Olympiastadion", lat: 52.5147, lng: 13.2395 },
];

const res = await matrix(client, {
  // Any object with lat and lng passes straight in (its other keys are
  // ignored), as do [lat, lng] and GeoJSON points.
  origins,
  destinations,
  regionDefinition: new AutoCircleRegion({ margin: 5000 }),
  departureTime: "any",
  matrixAttributes: ["travelTimes", "distances"],
  async: true,
}, {
  poll: { initialDelayMs: 200 },
  onProgress: (status) => console.log(`job status: ${status}`),
});

console.log(
  `Matrix ${res.matrix.numOrigins} × ${res.matrix.numDestinations}, region ${
    JSON.stringify(res.regionDefinition)
  }`,
);
origins.forEach((origin, i) => {
  destinations.forEach((destination, j) => {
    const code = res.errorCode(i, j);
    const minutes = Math.round((res.travelTime(i, j) ?? NaN) / 60);
    const km = ((res.distance(i, j) ?? NaN) / 1000).toFixed(1);
    console.log(
      code === 0
        ? `${origin.name} → ${destination.name}: ${minutes} min, ${km} km`
        : `${origin.name} → ${destination.name}: no result (error code ${code})`,
    );
  });
});
