/**
 * Tour Planning: two vans, four jobs, solved as an async job.
 *
 *   HERE_API_KEY=... deno run --allow-net --allow-env examples/tour.ts
 *   LS_BASE_URL=http://127.0.0.1:8080 deno run --allow-net --allow-env examples/tour.ts
 *
 * @module
 */

import { Client } from "@ls/core";
import { type Job, solveTourPlanning, timeWindow } from "@ls/tour";

const baseUrl = Deno.env.get("LS_BASE_URL") || undefined;
const apiKey = Deno.env.get("HERE_API_KEY") ||
  // The sandbox's key (SANDBOX_API_KEY of @ls/sandbox).
  (baseUrl ? "ls-sandbox-fake-api-key" : undefined);
if (!apiKey) {
  console.error("Set HERE_API_KEY (or LS_BASE_URL to use a local sandbox).");
  Deno.exit(1);
}
const client = new Client({ apiKey, baseUrl });

// Tomorrow, 08:00 to 17:00 UTC.
const day = new Date();
day.setUTCDate(day.getUTCDate() + 1);
const at = (hour: number) =>
  new Date(Date.UTC(
    day.getUTCFullYear(),
    day.getUTCMonth(),
    day.getUTCDate(),
    hour,
  )).toISOString();
// Any point: [lat, lng] here, { lat, lng } or GeoJSON work as well.
const depot: [number, number] = [52.5308, 13.3847];

const deliveries: [string, number, number][] = [
  ["job-1", 52.5206, 13.4095],
  ["job-2", 52.5163, 13.3777],
  ["job-3", 52.4862, 13.4245],
  ["job-4", 52.5448, 13.3525],
];
const jobs: Job[] = deliveries.map(([id, lat, lng], i) => ({
  id,
  tasks: {
    deliveries: [{
      places: [{
        location: [lat, lng],
        duration: 300,
        times: [timeWindow(at(9 + i), at(13 + i))],
      }],
      demand: [1],
    }],
  },
}));

const res = await solveTourPlanning(client, {
  fleet: {
    types: [{
      id: "van",
      profile: "car_profile",
      costs: { fixed: 20, distance: 0.0002, time: 0.005 },
      shifts: [{
        start: { time: at(8), location: depot },
        end: { time: at(17), location: depot },
      }],
      capacity: [3],
      amount: 2,
    }],
    profiles: [{ name: "car_profile", type: "car" }],
  },
  plan: { jobs },
  optimizationTraffic: "historicalOnly",
  async: true,
}, {
  poll: { initialDelayMs: 500 },
  onProgress: (status) => console.log(`job status: ${status}`),
  deadlineMs: 5 * 60_000,
});

console.log(
  `cost ${res.statistic?.cost}, ${res.statistic?.distance} m, ${res.tours.length} tour(s)`,
);
for (const tour of res.tours) {
  const stops = tour.stops.map((s) =>
    s.activities.map((a) => a.jobId).join("+")
  );
  console.log(`  ${tour.vehicleId}: ${stops.join(" → ")}`);
}
for (const job of res.unassigned) {
  console.log(
    `  unassigned ${job.jobId}: ${job.reasons.map((r) => r.code).join(", ")}`,
  );
}
console.log(`GeoJSON features: ${res.toGeoJSON().features.length}`);
