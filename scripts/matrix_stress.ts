// Stress test of @ls/matrix's streamed results: a loopback server plays HERE's
// async flow (202 → status poll → 303 → result) and serves generated results
// with travel times and distances (about 1.3 GB of JSON for the default
// 10,000 × 10,000) as streams, never held in memory whole. A real `matrix()`
// call reads it, or with `--rows` a real `matrixRows()` iteration, which asks
// for blocks of rows (one async job each); the script prints the throughput,
// the elapsed time, the main thread's CPU time and the peak resident memory,
// and checks values.
//
//   npx -y deno@2.9.6 run -A scripts/matrix_stress.ts [--size 10000] [--gzip]
//     [--rows [--block-entries 500000] [--blocks-ahead 2] [--concurrency 4]]
//     [--raw] [--worker]
//
// The server runs in a process of its own, so that the resident memory
// measured is the client's; `--worker` runs it in a worker of this process
// instead (its memory, some 40 MB at the start, then counts too). `--raw`
// reads the full result with bare reads and no parsing: the ceiling the test
// rig (server, loopback, fetch) sets on this machine.
//
// Not part of CI. Targets at 10,000²: ≥ 300 MB/s in both modes; peak RSS
// ≤ 2.5 GB for the full matrix and < 256 MB with `--rows`.

import { Client } from "@ls/core";
import { CircleRegion, matrix, matrixRows } from "@ls/matrix";

const args = Deno.args;
const flag = <T>(name: string, fallback: T) => {
  const at = args.indexOf(name);
  return at === -1 ? fallback : Number(args[at + 1]);
};
const N = flag("--size", 10_000);
const GZIP = args.includes("--gzip");
const ROWS = args.includes("--rows");
const RAW = args.includes("--raw");
const BLOCK_ENTRIES = flag("--block-entries", undefined);
const CONCURRENCY = flag("--concurrency", undefined);
const BLOCKS_AHEAD = flag("--blocks-ahead", undefined);
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

/** The k-th origin (or destination, from another latitude). */
const pointOf = (lat: number, k: number) => ({
  lat: lat + Math.floor(k / 100) * 1e-3,
  lng: 13 + (k % 100) * 1e-3,
});
const ORIGIN_LAT = 52.4;
/**
 * The rig's jobs are done when first polled, and the poll comes as soon as
 * the client allows: the figures measure the client, not a job's latency.
 * (With HERE a job takes seconds; `--rows` hides that behind `concurrency`
 * jobs in flight.)
 */
const POLLS = { poll: { initialDelayMs: 10, minDelayMs: 10 } };

/** Information the server announces when it listens. */
interface ServerInfo {
  port: number;
  fullBytes: number;
}

const WORKER_NAME = "matrix-stress-server";
/** This module's global scope when it runs as the server worker. */
const workerScope = globalThis as unknown as {
  name?: string;
  postMessage(message: unknown): void;
  close(): void;
};
// The server runs in its own process (this same file with `--serve`), or
// with `--worker` in a worker of this one: either way generating and
// sending the bodies does not take turns with parsing them on one thread, as
// it would not with HERE's servers. In its own process, its memory is not
// counted as the client's.
if (workerScope.name === WORKER_NAME) {
  await serve((info) => workerScope.postMessage(info));
  workerScope.close();
} else if (args.includes("--serve")) {
  await serve((info) => console.log(JSON.stringify(info)));
} else {
  await main();
}

/**
 * The fake Matrix Routing service: announces its port, serves until
 * `POST /stress/stop`; `GET /stress/served` tells the result bytes sent.
 */
async function serve(announce: (info: ServerInfo) => void): Promise<void> {
  const encoder = new TextEncoder();
  // Rows are written as bytes directly: strings would leave this worker's
  // heap (part of the process measured) holding tens of MB of garbage.
  const digits = new Uint8Array(16);
  const rowBytes = (i: number, value: (i: number, j: number) => number) => {
    const out = new Uint8Array(N * 17);
    let at = 0;
    for (let j = 0; j < N; j++) {
      let v = value(i, j);
      let k = 0;
      do {
        digits[k++] = 0x30 + v % 10;
        v = Math.floor(v / 10);
      } while (v > 0);
      while (k > 0) out[at++] = digits[--k];
      out[at++] = 0x2c;
    }
    return out.slice(0, at);
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
  const middle = encoder.encode('],"distances":[');
  const close = encoder.encode("]");
  const tail = encoder.encode(
    '},"regionDefinition":{"type":"circle","center":{"lat":52.5,"lng":13.4},"radius":150000}}',
  );

  /** The result of origins [o0, o0 + count) × every destination, in pieces. */
  const resultOf = (id: string, o0: number, count: number) => {
    const head = encoder.encode(
      `{"matrixId":"${id}","matrix":{"numOrigins":${count},"numDestinations":${N},"travelTimes":[`,
    );
    // 0: head; 1..count: travel-time rows; count+1: middle; count+2 ..
    // 2count+1: distance rows; 2count+2: close; 2count+3: tail. The last row
    // of an array has no comma.
    const piece = (k: number): Uint8Array => {
      if (k === 0) return head;
      if (k === count + 1) return middle;
      if (k === 2 * count + 2) return close;
      if (k === 2 * count + 3) return tail;
      const key = k <= count ? "travelTimes" : "distances";
      const r = k <= count ? k - 1 : k - count - 2;
      const row = rows[key][(o0 + r) % PERIOD];
      return r === count - 1 ? row.subarray(0, row.length - 1) : row;
    };
    return { piece, pieces: 2 * count + 4 };
  };
  let served = 0;
  const resultStream = (id: string, o0: number, count: number) => {
    const { piece, pieces } = resultOf(id, o0, count);
    let next = 0;
    return new ReadableStream<Uint8Array>({
      pull(controller) {
        let sent = 0; // about 1 MB per pull
        while (next < pieces && sent < 1 << 20) {
          const p = piece(next++);
          controller.enqueue(p);
          sent += p.length;
        }
        served += sent;
        if (next === pieces) controller.close();
      },
    }, { highWaterMark: 0 });
  };
  const fullBytes = (() => {
    const { piece, pieces } = resultOf("stress-0-" + N, 0, N);
    let bytes = 0;
    for (let k = 0; k < pieces; k++) bytes += piece(k).length;
    return bytes;
  })();

  // A job is named by its origins: `stress-<o0>-<count>`.
  const ac = new AbortController();
  const server = Deno.serve({
    hostname: "127.0.0.1",
    port: 0,
    signal: ac.signal,
    onListen: ({ port }) => announce({ port, fullBytes }),
  }, async (req) => {
    const url = new URL(req.url);
    const origin = `http://${url.host}`;
    if (url.pathname === "/stress/served") return Response.json({ served });
    if (url.pathname === "/stress/stop") {
      setTimeout(() => ac.abort(), 0);
      return new Response(null, { status: 204 });
    }
    if (req.method === "POST" && url.pathname === "/v8/matrix") {
      // The origins are all this server needs of the body: their count and
      // the first one's index (the body is not parsed whole, for the same
      // reason as above).
      const text = await req.text();
      const origins = text.slice(0, text.indexOf("]"));
      const first = /"lat":([-\d.]+),"lng":([-\d.]+)/.exec(origins)!;
      const o0 = Math.round((Number(first[1]) - ORIGIN_LAT) * 1e3) * 100 +
        Math.round((Number(first[2]) - 13) * 1e3);
      const count = origins.split('"lat"').length - 1;
      const id = `stress-${o0}-${count}`;
      return Response.json({
        matrixId: id,
        status: "accepted",
        statusUrl: `${origin}/v8/matrix/${id}/status`,
      }, { status: 202 });
    }
    const status = /^\/v8\/matrix\/(stress-\d+-\d+)\/status$/.exec(
      url.pathname,
    );
    if (status) {
      // A job is done when first polled.
      const id = status[1];
      const resultUrl = `${origin}/v8/matrix/${id}`;
      return Response.json({ status: "completed", resultUrl }, {
        status: 303,
        headers: { location: resultUrl },
      });
    }
    const result = /^\/v8\/matrix\/(stress-(\d+)-(\d+))$/.exec(url.pathname);
    if (result) {
      const body = resultStream(
        result[1],
        Number(result[2]),
        Number(result[3]),
      );
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
  await server.finished;
}

/** Starts the server, in its own process or in a worker; returns its info. */
async function startServer(): Promise<
  ServerInfo & { stop(): Promise<void> }
> {
  if (args.includes("--worker")) {
    const worker = new Worker(import.meta.url, {
      type: "module",
      name: WORKER_NAME,
    });
    const info = await new Promise<ServerInfo>((resolve) => {
      worker.onmessage = (e) => resolve(e.data);
    });
    return { ...info, stop: () => stopServer(info.port) };
  }
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", new URL(import.meta.url).pathname, ...args, "--serve"],
    stdout: "piped",
    stderr: "inherit",
  }).spawn();
  const lines = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  let text = "";
  while (!text.includes("\n")) {
    const { value, done } = await lines.read();
    if (done) throw new Error("The server process ended before listening");
    text += value;
  }
  const info = JSON.parse(text.slice(0, text.indexOf("\n"))) as ServerInfo;
  return {
    ...info,
    stop: async () => {
      await stopServer(info.port);
      await lines.cancel();
      await child.status;
    },
  };
}

async function stopServer(port: number): Promise<void> {
  await (await fetch(`http://127.0.0.1:${port}/stress/stop`, {
    method: "POST",
  })).body?.cancel();
}

/** The client (main thread): one real async matrix() call, or the rows. */
async function main(): Promise<void> {
  const server = await startServer();
  const { fullBytes } = server;
  const baseUrl = `http://127.0.0.1:${server.port}`;
  if (RAW) {
    await raw(baseUrl, fullBytes);
    await server.stop();
    return;
  }

  let peakSampled = 0;
  const sampler = setInterval(() => {
    peakSampled = Math.max(peakSampled, Deno.memoryUsage().rss);
  }, 20);

  const client = new Client({ apiKey: "stress-key", baseUrl });
  const params = {
    origins: Array.from({ length: N }, (_, k) => pointOf(ORIGIN_LAT, k)),
    destinations: Array.from({ length: N }, (_, k) => pointOf(52.41, k)),
    regionDefinition: new CircleRegion({
      center: { lat: 52.5, lng: 13.4 },
      radius: 150_000,
    }),
    async: true,
    matrixAttributes: ["travelTimes", "distances"] as const,
  };
  const rssBefore = Deno.memoryUsage().rss;
  const cpuBefore = mainThreadCpuMs();
  const started = performance.now();
  let downloadStart = 0;
  const statuses: string[] = [];
  const onProgress = (status: string) => {
    statuses.push(status);
    // "completed" is reported just before a result download starts.
    if (status === "completed" && !downloadStart) {
      downloadStart = performance.now();
    }
  };
  let checked = 0;
  if (ROWS) {
    // Every row, in order: two values checked in each, and the corners.
    let next = 0;
    for await (
      const row of matrixRows(client, {
        ...params,
        matrixAttributes: [...params.matrixAttributes],
      }, {
        ...POLLS,
        onProgress,
        blockEntries: BLOCK_ENTRIES,
        blocksAhead: BLOCKS_AHEAD,
        concurrency: CONCURRENCY,
      })
    ) {
      const i = row.origin;
      if (i !== next++) throw new Error(`Row ${i} came out of order`);
      const j = (i * 7919) % N;
      if (
        row.travelTimes![j] !== travelTimeOf(i, j) ||
        row.distances![N - 1 - j] !== distanceOf(i, N - 1 - j) ||
        row.travelTimes!.length !== N || row.distances!.length !== N
      ) throw new Error(`Wrong value in row ${i}`);
      checked += 2;
    }
    if (next !== N) throw new Error(`${next} rows, expected ${N}`);
  } else {
    const res = await matrix(client, {
      ...params,
      matrixAttributes: [...params.matrixAttributes],
    }, { ...POLLS, onProgress });
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
  }
  const finished = performance.now();
  const cpuAfter = mainThreadCpuMs();
  const cpuMs = cpuAfter !== undefined && cpuBefore !== undefined
    ? cpuAfter - cpuBefore
    : undefined;
  peakSampled = Math.max(peakSampled, Deno.memoryUsage().rss);
  clearInterval(sampler);
  const { served } = await (await fetch(`${baseUrl}/stress/served`))
    .json() as { served: number };
  await server.stop();

  const mb = (b: number) => (b / 1e6).toFixed(1);
  const mib = (b: number) => (b / 2 ** 20).toFixed(0);
  const rate = (ms: number) => (served / 1e6 / (ms / 1000)).toFixed(0);
  const downloadMs = finished - downloadStart; // until the last row or result
  const kernelPeak = kernelPeakRss();
  console.log(
    `matrix ${N} × ${N}, travel times + distances, ${
      GZIP ? "gzip" : "identity"
    } encoding, ${
      ROWS
        ? `matrixRows (blockEntries ${
          BLOCK_ENTRIES ?? "default"
        }, blocksAhead ${BLOCKS_AHEAD ?? "default"}, concurrency ${
          CONCURRENCY ?? "default"
        })`
        : "matrix()"
    }`,
  );
  console.log(
    ROWS
      ? `statuses:         ${statuses.length} (${
        statuses.filter((s) => s === "completed").length
      } jobs completed)`
      : `statuses:         ${statuses.join(" → ")}`,
  );
  console.log(
    `result bodies:    ${mb(served)} MB of JSON${
      ROWS ? ` (one document: ${mb(fullBytes)} MB)` : ""
    }`,
  );
  console.log(
    `download + parse: ${(downloadMs / 1000).toFixed(2)} s → ${
      rate(downloadMs)
    } MB/s`,
  );
  console.log(
    `whole call:       ${((finished - started) / 1000).toFixed(2)} s → ${
      rate(finished - started)
    } MB/s (submit, polls, download, parse, validation${ROWS ? ", rows" : ""})`,
  );
  if (cpuMs !== undefined) {
    console.log(
      `main thread CPU:  ${(cpuMs / 1000).toFixed(2)} s → ${
        rate(cpuMs)
      } MB per CPU-second (does not count waiting for other processes)`,
    );
  }
  console.log(
    `peak RSS:         ${mib(peakSampled)} MiB sampled every 20 ms${
      kernelPeak
        ? `, ${mib(kernelPeak)} MiB kernel high-water mark (VmHWM)`
        : ""
    }; ${mib(rssBefore)} MiB before the call; ${
      args.includes("--worker")
        ? "the server worker's memory included"
        : "the server is another process"
    }`,
  );
  console.log(
    `checks:           ${checked} ${
      ROWS ? "entries (every row, in order)" : "random entries and two corners"
    } match`,
  );
}

/** Reads the full result with bare reads, nothing parsed: the rig's ceiling. */
async function raw(baseUrl: string, bytes: number): Promise<void> {
  for (let run = 0; run < 3; run++) {
    const cpuBefore = mainThreadCpuMs();
    const t0 = performance.now();
    const res = await fetch(`${baseUrl}/v8/matrix/stress-0-${N}`);
    let total = 0;
    let reads = 0;
    const reader = res.body!.getReader({ mode: "byob" });
    let buffer = new ArrayBuffer(256 * 1024);
    for (;;) {
      const r = await reader.read(new Uint8Array(buffer));
      if (r.done) break;
      buffer = r.value.buffer as ArrayBuffer;
      total += r.value.byteLength;
      reads++;
    }
    const ms = performance.now() - t0;
    const cpuMs = mainThreadCpuMs();
    if (total !== bytes) throw new Error(`${total} bytes, expected ${bytes}`);
    console.log(
      `raw read ${run + 1}: ${(total / 1e6).toFixed(1)} MB in ${reads} reads, ${
        (total / 1e6 / (ms / 1000)).toFixed(0)
      } MB/s${
        cpuMs !== undefined && cpuBefore !== undefined
          ? `, main thread CPU ${((cpuMs - cpuBefore) / 1000).toFixed(2)} s`
          : ""
      }`,
    );
  }
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

/** The calling thread's CPU time, user and system, in ms (Linux). */
function mainThreadCpuMs(): number | undefined {
  try {
    const stat = Deno.readTextFileSync("/proc/thread-self/stat");
    // Fields after the command name (which may hold spaces): utime and
    // stime are the 12th and 13th, in clock ticks of 10 ms.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}
