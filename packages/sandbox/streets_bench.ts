// How fast the sandbox's street network answers, against the budgets it
// promises: a route across a big city in at most 50 ms, a 100 × 100
// matrix in at most 1 s, a 10-minute isoline in at most 200 ms. Before the
// benches it prints, for each, the first call in this process (which
// builds the tiles it needs), the median of warm calls, and the median's
// ratio to the budget.
//
//   npx -y deno@2.9.6 bench --allow-read packages/sandbox/streets_bench.ts

import { loadGazetteer } from "./_gazetteer.ts";
import { streetsOf } from "./_streets.ts";
import { match } from "./_streets_match.ts";
import { profileOf } from "./_streets_profile.ts";
import { streetIsoline } from "./_streets_isoline.ts";
import { Matcher, streetRoute, streetRow } from "./_streets_travel.ts";
import { random } from "./_util.ts";
import { destinationPoint, type LatLngLike } from "./geodesy.ts";

const g = await loadGazetteer();
const s = streetsOf(g);
const BERLIN = { lat: 52.52, lng: 13.405 };
// Reinickendorf to Treptow: 20 km across Berlin's own streets.
const WEST = { lat: 52.55, lng: 13.3 }, EAST = { lat: 52.47, lng: 13.52 };
const rand = random(2029);
const points: LatLngLike[] = Array.from(
  { length: 100 },
  () => destinationPoint(BERLIN, rand() * 360, 12_000 * Math.sqrt(rand())),
);

function route(): number {
  const trip = streetRoute(new Matcher(g), WEST, EAST);
  if (typeof trip === "string") throw new Error(`No route: ${trip}`);
  return trip.duration;
}

function matrix(): number {
  const m = new Matcher(g);
  let sum = 0;
  for (const a of points) {
    for (const t of streetRow(m, a, points)) {
      if (typeof t !== "string") sum += t.duration;
    }
  }
  return sum;
}

function isoline(): number {
  const start = match(s, BERLIN)!;
  return streetIsoline(s, profileOf({}), start, {
    type: "time",
    value: 600,
  }, BERLIN).length;
}

function report(
  name: string,
  budgetMs: number,
  fn: () => number,
  runs: number,
) {
  const t0 = performance.now();
  fn();
  const first = performance.now() - t0;
  const times: number[] = [];
  for (let k = 0; k < runs; k++) {
    const t = performance.now();
    fn();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const median = times[times.length >> 1];
  console.log(
    `${name.padEnd(34)} first ${first.toFixed(0).padStart(5)} ms | median ${
      median.toFixed(1).padStart(7)
    } ms | budget ${budgetMs} ms | ratio ${(median / budgetMs).toFixed(2)}`,
  );
}

report("route across Berlin (20 km)", 50, route, 15);
report("matrix 100 x 100 in Berlin", 1000, matrix, 5);
report("isoline car 10 min, Berlin", 200, isoline, 7);

Deno.bench("route across Berlin (20 km)", () => {
  route();
});
Deno.bench("matrix 100 x 100 in Berlin", { n: 3, warmup: 1 }, () => {
  matrix();
});
Deno.bench("isoline car 10 min, Berlin", { n: 5, warmup: 1 }, () => {
  isoline();
});
