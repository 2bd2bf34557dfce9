// Stress test of @ls/matrix's streamed results: a loopback server plays HERE's
// async flow (202 → status poll → 303 → result) and serves a generated
// N × N result with travel times and distances (about 1.2 GB of JSON for the
// default 10,000 × 10,000) as a stream, never held in memory whole. A real
// `matrix()` call reads it; the script prints the throughput, the elapsed
// time and the peak resident memory, then spot-checks values.
//
//   npx -y deno@2.9.6 run -A scripts/matrix_stress.ts [--size 10000] [--gzip]
//
// Not part of CI. Targets: ≥ 100 MB/s and a peak RSS ≤ 2.5 GB at 10,000².

import { Client } from "@ls/core";
import { CircleRegion, matrix } from "@ls/matrix";

const args = Deno.args;
const sizeArg = args.indexOf("--size");
const N = sizeArg === -1 ? 10_000 : Number(args[sizeArg + 1]);
const GZIP = args.includes("--gzip");
if (!Number.isSafeInteger(N) || N < 1 || N > 10_000) {
  console.error("--size must be an integer from 1 to 10000");
  Deno.exit(2);
}

// Rows repeat every PERIOD origins, so the server only keeps PERIOD rows of
// bytes per attribute, however large N is. Entry (i, j) is then known here.
const PERIOD = 64;
const travelTimeOf = (i: number, j: number) =>
  ((i % PERIOD) * 7919 + j * 104_729) % 86_400;
const distanceOf = (i: number, j: number) =>
  ((i % PERIOD) * 15_485_863 + j * 32_452_843) % 2_000_000;

const WORKER_NAME = "matrix-stress-server";
/** This module's global scope when it runs as the server worker. */
const workerScope = globalThis as unknown as {
  name?: string;
  postMessage(message: unknown): void;
  onmessage: ((event: MessageEvent) => void) | null;
  close(): void;
};
// The server runs in a worker (this same file), so that generating and
// sending the body does not take turns with parsing it on one thread, as it
// would not with HERE's servers.
if (workerScope.name === WORKER_NAME) {
  await serve();
} else {
  await main();
}

/** The fake Matrix Routing service (worker side). */
async function serve(): Promise<void> {
  const encoder = new TextEncoder();
  const rowBytes = (i: number, value: (i: number, j: number) => number) => {
    const parts = new Array<string>(N);
    for (let j = 0; j < N; j++) parts[j] = String(value(i, j));
    return encoder.encode(parts.join(",") + ",");
  };
  const rows = {
    travelTimes: Array.from(
      { length: Math.min(PERIOD, N) },
      (_, i) => rowBytes(i, travelTimeOf),
    ),
    distances: Array.from(
      { length: Math.min(PERIOD, N) },
      (_, i) => rowBytes(i, distanceOf),
    ),
  };
  // The body, as a list of pieces produced on demand.
  const head = encoder.encode(
    `{"matrixId":"stress","matrix":{"numOrigins":${N},"numDestinations":${N},"travelTimes":[`,
  );
  const middle = encoder.encode('],"distances":[');
  const close = encoder.encode("]");
  const tail = encoder.encode(
    '},"regionDefinition":{"type":"circle","center":{"lat":52.5,"lng":13.4},"radius":150000}}',
  );
  const piece = (k: number): Uint8Array => {
    // 0: head; 1..N: travel-time rows; N+1: middle; N+2..2N+1: distance
    // rows; 2N+2: close; 2N+3: tail. The last row of an array has no comma.
    if (k === 0) return head;
    if (k === N + 1) return middle;
    if (k === 2 * N + 2) return close;
    if (k === 2 * N + 3) return tail;
    const key = k <= N ? "travelTimes" : "distances";
    const i = k <= N ? k - 1 : k - N - 2;
    const row = rows[key][i % PERIOD];
    return i === N - 1 ? row.subarray(0, row.length - 1) : row;
  };
  const pieces = 2 * N + 4;
  let bodyBytes = 0;
  for (let k = 0; k < pieces; k++) bodyBytes += piece(k).length;

  const resultStream = () => {
    let next = 0;
    return new ReadableStream<Uint8Array>({
      pull(controller) {
        let sent = 0; // about 1 MB per pull
        while (next < pieces && sent < 1 << 20) {
          const p = piece(next++);
          controller.enqueue(p);
          sent += p.length;
        }
        if (next === pieces) controller.close();
      },
    }, { highWaterMark: 0 });
  };

  let polls = 0;
  const ac = new AbortController();
  const server = Deno.serve({
    hostname: "127.0.0.1",
    port: 0,
    signal: ac.signal,
    onListen: ({ port }) => workerScope.postMessage({ port, bodyBytes }),
  }, async (req) => {
    const url = new URL(req.url);
    const origin = `http://${url.host}`;
    if (req.method === "POST" && url.pathname === "/v8/matrix") {
      await req.body?.cancel();
      return Response.json({
        matrixId: "stress",
        status: "accepted",
        statusUrl: `${origin}/v8/matrix/stress/status`,
      }, { status: 202 });
    }
    if (url.pathname === "/v8/matrix/stress/status") {
      if (polls++ === 0) return Response.json({ status: "inProgress" });
      return Response.json({
        status: "completed",
        resultUrl: `${origin}/v8/matrix/stress`,
      }, { status: 303, headers: { location: `${origin}/v8/matrix/stress` } });
    }
    if (url.pathname === "/v8/matrix/stress") {
      const body = resultStream();
      return new Response(
        GZIP
          ? body.pipeThrough(
            new CompressionStream("gzip") as unknown as TransformStream<
              Uint8Array,
              Uint8Array
            >,
          )
          : body,
        {
          headers: {
            "content-type": "application/json",
            // Keep Deno.serve from compressing on its own.
            ...(GZIP
              ? { "content-encoding": "gzip" }
              : { "cache-control": "no-transform" }),
          },
        },
      );
    }
    return new Response("not found", { status: 404 });
  });
  workerScope.onmessage = () => ac.abort();
  await server.finished;
  workerScope.close();
}

/** The client (main thread): one real async matrix() call. */
async function main(): Promise<void> {
  const worker = new Worker(import.meta.url, {
    type: "module",
    name: WORKER_NAME,
  });
  const { port, bodyBytes } = await new Promise<
    { port: number; bodyBytes: number }
  >((resolve) => {
    worker.onmessage = (e) => resolve(e.data);
  });
  const baseUrl = `http://127.0.0.1:${port}`;

  let peakSampled = 0;
  const sampler = setInterval(() => {
    peakSampled = Math.max(peakSampled, Deno.memoryUsage().rss);
  }, 20);

  const points = (lat: number) =>
    Array.from({ length: N }, (_, k) => ({
      lat: lat + Math.floor(k / 100) * 1e-3,
      lng: 13 + (k % 100) * 1e-3,
    }));

  const client = new Client({ apiKey: "stress-key", baseUrl });
  const rssBefore = Deno.memoryUsage().rss;
  const started = performance.now();
  let downloadStart = 0;
  const statuses: string[] = [];
  const res = await matrix(client, {
    origins: points(52.4),
    destinations: points(52.41),
    regionDefinition: new CircleRegion({
      center: { lat: 52.5, lng: 13.4 },
      radius: 150_000,
    }),
    asyncReq: true,
    matrixAttributes: ["travelTimes", "distances"],
  }, {
    pollInitialDelayMs: 10,
    onProgress: (status) => {
      statuses.push(status);
      // "completed" is reported just before the result download starts.
      if (status === "completed") downloadStart = performance.now();
    },
  });
  const finished = performance.now();
  peakSampled = Math.max(peakSampled, Deno.memoryUsage().rss);
  clearInterval(sampler);

  // Spot checks against the generator.
  let checked = 0;
  let seed = 1;
  for (let k = 0; k < 100_000; k++) {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    const i = seed % N;
    const j = (seed >>> 8) % N;
    if (
      res.travelTime(i, j) !== travelTimeOf(i, j) ||
      res.distance(i, j) !== distanceOf(i, j)
    ) {
      throw new Error(`Wrong value at (${i}, ${j})`);
    }
    checked++;
  }
  if (
    res.travelTime(N - 1, N - 1) !== travelTimeOf(N - 1, N - 1) ||
    res.distance(0, 0) !== distanceOf(0, 0)
  ) throw new Error("Wrong corner value");
  worker.postMessage("stop");

  const mb = (b: number) => (b / 1e6).toFixed(1);
  const gib = (b: number) => (b / 2 ** 30).toFixed(2);
  const rate = (ms: number) => (bodyBytes / 1e6 / (ms / 1000)).toFixed(0);
  const downloadMs = finished - downloadStart; // until matrix() returned
  const kernelPeak = kernelPeakRss();
  console.log(
    `matrix ${N} × ${N}, travel times + distances, ${
      GZIP ? "gzip" : "identity"
    } encoding`,
  );
  console.log(`statuses:         ${statuses.join(" → ")}`);
  console.log(`result body:      ${mb(bodyBytes)} MB of JSON`);
  console.log(
    `download + parse: ${(downloadMs / 1000).toFixed(2)} s → ${
      rate(downloadMs)
    } MB/s`,
  );
  console.log(
    `whole matrix():   ${((finished - started) / 1000).toFixed(2)} s → ${
      rate(finished - started)
    } MB/s (submit, polls, download, parse, validation)`,
  );
  console.log(
    `peak RSS:         ${gib(peakSampled)} GiB sampled every 20 ms${
      kernelPeak
        ? `, ${gib(kernelPeak)} GiB kernel high-water mark (VmHWM)`
        : ""
    }; ${gib(rssBefore)} GiB before the call`,
  );
  console.log(
    `spot checks:      ${checked} random entries and two corners match`,
  );
}

/** The kernel's record of the process's peak resident memory (Linux). */
function kernelPeakRss(): number | undefined {
  try {
    const status = Deno.readTextFileSync("/proc/self/status");
    const m = /VmHWM:\s+(\d+) kB/.exec(status);
    return m ? Number(m[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}
