// The load runner shared by load_test.ts and scripts/soak.ts: N requests
// through LS at a fixed concurrency against a small loopback server that
// measures what arrives (requests in flight, arrival times), with the
// client's maxConcurrency / requestsPerSecond set or not. Allocation-light:
// every measurement goes into preallocated typed arrays, so the heap
// measured before and after reflects the client, not the harness.

import v8 from "node:v8";
import vm from "node:vm";
import { LS } from "@ls/ls";
import { SECRETS } from "./_harness.ts";

/** What one load run measured. */
export interface LoadStats {
  /** A label for the report. */
  label: string;
  /** Requests made. */
  requests: number;
  /** Calls that rejected (must be 0). */
  failures: number;
  /** The first few failures. */
  failureSamples: string[];
  /** Callers running at once. */
  concurrency: number;
  /** The client's maxConcurrency, if set. */
  maxConcurrency?: number;
  /** The client's requestsPerSecond, if set. */
  requestsPerSecond?: number;
  /** Wall time of the run, ms. */
  ms: number;
  /** Requests per second achieved. */
  throughput: number;
  /** Latency percentiles of a call, ms. */
  p50: number;
  p99: number;
  max: number;
  /** Most requests the server had in flight at once. */
  maxInFlight: number;
  /** Most request arrivals at the server within any 1000 ms window. */
  maxPerSecond: number;
  /** Most request starts (onRequest, just before fetch) within any 1000 ms window. */
  maxStartsPerSecond: number;
  /** Requests the server answered. */
  served: number;
}

/** Options of {@linkcode runLoad}. */
export interface LoadOptions {
  label: string;
  requests: number;
  concurrency: number;
  maxConcurrency?: number;
  requestsPerSecond?: number;
  /** How long the server holds each request, ms (so that requests overlap). */
  serverDelayMs?: number;
}

const ITEMS = JSON.stringify({
  items: [{
    title: "Invalidenstraße 116, 10115 Berlin, Deutschland",
    id: "here:af:streetsection:load",
    resultType: "houseNumber",
    address: { label: "Invalidenstraße 116, 10115 Berlin", countryCode: "DEU" },
    position: { lat: 52.53086, lng: 13.38469 },
    scoring: { queryScore: 1 },
  }],
});
const ALERTS = JSON.stringify({ type: "FeatureCollection", features: [] });

/** A loopback server that counts and times what arrives. */
export class LoadServer implements AsyncDisposable {
  readonly url: string;
  #server: Deno.HttpServer<Deno.NetAddr>;
  #ctl: AbortController;
  #inFlight = 0;
  #arrivals = new Float64Array(0);
  #served = 0;
  delayMs = 0;
  maxInFlight = 0;

  private constructor(
    server: Deno.HttpServer<Deno.NetAddr>,
    ctl: AbortController,
    url: string,
  ) {
    this.#server = server;
    this.#ctl = ctl;
    this.url = url;
  }

  /** Starts the server on 127.0.0.1. */
  static async start(): Promise<LoadServer> {
    const ctl = new AbortController();
    const { promise, resolve } = Promise.withResolvers<Deno.NetAddr>();
    const ref: { self?: LoadServer } = {};
    const server = Deno.serve({
      hostname: "127.0.0.1",
      port: 0,
      signal: ctl.signal,
      onListen: resolve,
    }, (req) => ref.self!.#handle(req));
    const addr = await promise;
    ref.self = new LoadServer(server, ctl, `http://127.0.0.1:${addr.port}`);
    return ref.self;
  }

  /** Clears the counters and makes room for `n` arrival times. */
  reset(n: number): void {
    if (this.#arrivals.length < n) this.#arrivals = new Float64Array(n);
    this.#served = 0;
    this.maxInFlight = 0;
  }

  /** Requests answered since the last reset. */
  get served(): number {
    return this.#served;
  }

  /** Most arrivals within any `windowMs` window since the last reset. */
  maxInWindow(windowMs = 1000): number {
    const n = Math.min(this.#served, this.#arrivals.length);
    return maxInWindow(this.#arrivals, n, windowMs);
  }

  async #handle(req: Request): Promise<Response> {
    const i = this.#served++;
    if (i < this.#arrivals.length) this.#arrivals[i] = performance.now();
    this.#inFlight++;
    if (this.#inFlight > this.maxInFlight) this.maxInFlight = this.#inFlight;
    try {
      if (req.method === "POST") await req.arrayBuffer();
      if (this.delayMs > 0) {
        await new Promise((r) => setTimeout(r, this.delayMs));
      }
      const body = req.method === "POST" ? ALERTS : ITEMS;
      return new Response(body, {
        headers: { "content-type": "application/json" },
      });
    } finally {
      this.#inFlight--;
    }
  }

  async [Symbol.asyncDispose](): Promise<void> {
    this.#ctl.abort();
    await this.#server.finished;
  }
}

/** Most of the (ascending) times `t[0..n)` within any `windowMs` window. */
function maxInWindow(t: Float64Array, n: number, windowMs: number): number {
  let best = 0;
  for (let lo = 0, hi = 0; hi < n; hi++) {
    while (t[hi] - t[lo] >= windowMs) lo++;
    best = Math.max(best, hi - lo + 1);
  }
  return best;
}

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
}

const ALERT_PARAMS = {
  geometry: { type: "Point" as const, coordinates: [13.4, 52.5] },
  startTime: "2030-01-01T00:00:00Z",
};

/** Runs `requests` calls through one LS at `concurrency` against `server`. */
export async function runLoad(
  server: LoadServer,
  o: LoadOptions,
): Promise<LoadStats> {
  const starts = new Float64Array(o.requests);
  let started = 0;
  const ls = new LS({
    onRequest: () => {
      if (started < starts.length) starts[started] = performance.now();
      started++;
    },
    apiKey: SECRETS.apiKey,
    baseUrl: server.url,
    retryBaseDelayMs: 1,
    retryMaxDelayMs: 5,
    maxConcurrency: o.maxConcurrency,
    requestsPerSecond: o.requestsPerSecond,
  });
  server.reset(o.requests);
  server.delayMs = o.serverDelayMs ?? 0;
  const latencies = new Float64Array(o.requests);
  const failureSamples: string[] = [];
  let failures = 0;
  let next = 0;
  const t0 = performance.now();
  const worker = async () => {
    for (;;) {
      const i = next++;
      if (i >= o.requests) return;
      const t = performance.now();
      try {
        switch (i % 3) {
          case 0:
            await ls.geocode({ query: "Invalidenstr 116, Berlin" });
            break;
          case 1:
            await ls.reverseGeocode({ lat: 52.53, lng: 13.38 });
            break;
          default:
            await ls.getWeatherAlerts(ALERT_PARAMS);
        }
      } catch (e) {
        failures++;
        if (failureSamples.length < 5) failureSamples.push(String(e));
      }
      latencies[i] = performance.now() - t;
    }
  };
  await Promise.all(Array.from({ length: o.concurrency }, worker));
  const ms = performance.now() - t0;
  latencies.sort();
  return {
    label: o.label,
    requests: o.requests,
    failures,
    failureSamples,
    concurrency: o.concurrency,
    maxConcurrency: o.maxConcurrency,
    requestsPerSecond: o.requestsPerSecond,
    ms,
    throughput: o.requests / (ms / 1000),
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    max: latencies[latencies.length - 1],
    maxInFlight: server.maxInFlight,
    maxPerSecond: server.maxInWindow(1000),
    maxStartsPerSecond: maxInWindow(
      starts,
      Math.min(started, starts.length),
      1000,
    ),
    served: server.served,
  };
}

let gc: (() => void) | null | undefined;

/**
 * V8's gc() without command-line flags: set --expose-gc at run time and take
 * gc from a fresh context (node:v8 and node:vm, no permission needed).
 * `null` where that is not possible.
 */
function collector(): (() => void) | null {
  if (gc !== undefined) return gc;
  try {
    v8.setFlagsFromString("--expose-gc");
    const fn = vm.runInNewContext("gc");
    gc = typeof fn === "function" ? fn as () => void : null;
  } catch {
    gc = null;
  }
  return gc;
}

/**
 * The heap in use once things have settled: a few timer turns and full
 * garbage collections (or, where gc() is unavailable, the lowest of several
 * samples with short-lived garbage in between).
 */
export async function settledHeap(): Promise<number> {
  const collect = collector();
  let low = Infinity;
  for (let round = 0; round < 4; round++) {
    await new Promise((r) => setTimeout(r, 10));
    if (collect) collect();
    else {
      let junk: unknown[] = [];
      for (let i = 0; i < 2_000; i++) junk.push({ i, s: `x${i}` });
      junk = [];
      void junk;
    }
    low = Math.min(low, Deno.memoryUsage().heapUsed);
  }
  return low;
}

/** Whether {@linkcode settledHeap} could force full collections. */
export function gcForced(): boolean {
  return collector() !== null;
}

/** One line of figures for a report. */
export function loadLine(s: LoadStats): string {
  const limits = [
    s.maxConcurrency === undefined ? "" : `maxConcurrency ${s.maxConcurrency}`,
    s.requestsPerSecond === undefined
      ? ""
      : `requestsPerSecond ${s.requestsPerSecond}`,
  ].filter(Boolean).join(", ") || "no limits";
  return `${s.label}: ${s.requests} requests at concurrency ${s.concurrency} (${limits}): ${s.failures} failures, ${
    Math.round(s.throughput)
  } req/s, p50 ${s.p50.toFixed(2)} ms, p99 ${
    s.p99.toFixed(2)
  } ms, max in flight ${s.maxInFlight}, most in any 1 s: ${s.maxStartsPerSecond} started, ${s.maxPerSecond} arrived`;
}
