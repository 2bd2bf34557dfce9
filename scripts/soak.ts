/**
 * The soak run: the reliability suite's load (item 8) and fuzz (item 7)
 * parts at 10× their CI size (load first, before the sandbox's place data
 * sits in the heap), with the same checks, printing the figures
 * (fuzz counts per operation and their seeds; requests per second, p50/p99
 * latency, measured requests in flight and starts per second, heap before
 * and after). Exits 1 when a check fails. Not part of CI.
 *
 *   deno run --allow-net=127.0.0.1 --allow-read --allow-env scripts/soak.ts
 *
 * `SOAK_SCALE` changes the size (default 10); `RELIABILITY_SEED` replays a
 * fuzz run.
 *
 * @module
 */

import { sandbox } from "../reliability/_harness.ts";
import {
  fuzzLine,
  fuzzOperation,
  fuzzRuns,
  type FuzzStats,
} from "../reliability/_fuzz.ts";
import {
  gcForced,
  loadLine,
  LoadServer,
  runLoad,
  settledHeap,
} from "../reliability/_load.ts";
import { seedFromEnv } from "../reliability/_random.ts";

const scale = Number(Deno.env.get("SOAK_SCALE") ?? "10");
if (!Number.isFinite(scale) || scale <= 0) {
  console.error("SOAK_SCALE must be a positive number");
  Deno.exit(2);
}
const seed = seedFromEnv();
const problems: string[] = [];
const started = performance.now();
const mb = (bytes: number) => (bytes / 1e6).toFixed(1);

console.log(
  `soak: scale ${scale}, fuzz master seed ${seed} (replay: RELIABILITY_SEED=${seed})`,
);
console.log(`Deno ${Deno.version.deno}, V8 ${Deno.version.v8}\n`);

// ---------------------------------------------------------------- load

console.log("## Load (item 8)\n");
const N = Math.round(10_000 * scale);
const RPS = 2_000;
const LIMIT = 16;
const runs = [
  { label: "no limits", requests: N, concurrency: 64, serverDelayMs: 2 },
  {
    label: "maxConcurrency",
    requests: N,
    concurrency: 64,
    maxConcurrency: LIMIT,
    serverDelayMs: 2,
  },
  {
    label: "requestsPerSecond",
    requests: N,
    concurrency: 64,
    requestsPerSecond: RPS,
  },
];
for (const run of runs) {
  await using server = await LoadServer.start();
  await runLoad(server, { ...run, label: "warm-up", requests: 1_000 });
  const before = await settledHeap();
  const s = await runLoad(server, run);
  const after = await settledHeap();
  const growth = (after / before - 1) * 100;
  console.log(
    `${loadLine(s)}; ${(s.ms / 1000).toFixed(1)} s; heap ${mb(before)} → ${
      mb(after)
    } MB (${growth >= 0 ? "+" : ""}${growth.toFixed(1)}%${
      gcForced() ? "" : ", gc not forced"
    })`,
  );
  if (s.failures > 0) {
    problems.push(`${run.label}: ${s.failures} failures: ${s.failureSamples}`);
  }
  if (s.served !== N) problems.push(`${run.label}: served ${s.served} of ${N}`);
  if (after > before * 1.1) {
    problems.push(`${run.label}: heap grew ${growth.toFixed(1)}%`);
  }
  if (run.maxConcurrency !== undefined && s.maxInFlight > run.maxConcurrency) {
    problems.push(`${run.label}: ${s.maxInFlight} in flight`);
  }
  if (run.requestsPerSecond !== undefined) {
    const cap = run.requestsPerSecond * 1.05;
    if (s.maxStartsPerSecond > cap || s.maxPerSecond > cap) {
      problems.push(
        `${run.label}: ${s.maxStartsPerSecond} starts / ${s.maxPerSecond} arrivals in 1 s`,
      );
    }
  }
}

// ---------------------------------------------------------------- fuzz

console.log("## Fuzz (item 7)\n");
const fuzz: FuzzStats[] = [];
{
  await using box = await sandbox({ preload: true });
  for (const options of [false, true]) {
    if (options) console.log();
    for (const [op, run] of fuzzRuns(seed, scale, box.url, options)) {
      const s = await fuzzOperation(op, run);
      console.log(options ? `options ${fuzzLine(s)}` : fuzzLine(s));
      fuzz.push(s);
      problems.push(...s.failures);
    }
  }
}
const total = (
  key:
    | "generated"
    | "rejected"
    | "accepted"
    | "sent"
    | "resolved"
    | "serverRejected",
) => fuzz.reduce((n, s) => n + s[key], 0);
console.log(
  `\nfuzz total: ${total("generated")} inputs, ${
    total("rejected")
  } ValueError before any request, ${total("accepted")} accepted, ${
    total("sent")
  } sent to the sandbox (${total("resolved")} resolved, ${
    total("serverRejected")
  } answered with the service's own error), ${problems.length} failures`,
);

console.log(
  `\nsoak finished in ${((performance.now() - started) / 1000).toFixed(0)} s: ${
    problems.length === 0 ? "all checks passed" : `${problems.length} problems`
  }`,
);
for (const p of problems) console.log(`\n${p}`);
Deno.exit(problems.length === 0 ? 0 : 1);
