// Parsing a 1000 × 1000 result (travel times and distances, about 12 MB of
// JSON) from bytes into typed arrays, against JSON.parse of the same bytes.
// The reference includes the UTF-8 decoding, since both start from bytes;
// JSON.parse of an already decoded string is listed too, for honesty.
//
//   npx -y deno@2.9.6 bench packages/matrix/parse_bench.ts

import { MatrixResultParser } from "./_result_parser.ts";

const N = 1000;
const M = 1000;

function generate(): Uint8Array {
  const travelTimes = new Array<number>(N * M);
  const distances = new Array<number>(N * M);
  let seed = 12345;
  for (let k = 0; k < N * M; k++) {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    travelTimes[k] = seed % 20_000; // seconds: up to 5.5 hours
    distances[k] = seed % 400_000; // metres: up to 400 km
  }
  return new TextEncoder().encode(JSON.stringify({
    matrixId: "00000000-aaaa-bbbb-cccc-000000000001",
    matrix: { numOrigins: N, numDestinations: M, travelTimes, distances },
    regionDefinition: {
      type: "circle",
      center: { lat: 52.5, lng: 13.4 },
      radius: 200_000,
    },
  }));
}

const bytes = generate();
const text = new TextDecoder().decode(bytes);
// Network-sized chunks, as a fetch body delivers them.
const chunks: Uint8Array[] = [];
for (let at = 0; at < bytes.length; at += 64 * 1024) {
  chunks.push(bytes.subarray(at, at + 64 * 1024));
}
const expected = { numOrigins: N, numDestinations: M };
let sink = 0;

Deno.bench({
  name: "JSON.parse(TextDecoder.decode(bytes))",
  group: "1000x1000 result from bytes",
  baseline: true,
  fn() {
    const body = JSON.parse(new TextDecoder().decode(bytes));
    sink += body.matrix.travelTimes.length;
  },
});

Deno.bench({
  name: "MatrixResultParser, 64 KiB chunks",
  group: "1000x1000 result from bytes",
  fn() {
    const parser = new MatrixResultParser(expected);
    for (const chunk of chunks) parser.push(chunk);
    sink += parser.end().entries.length;
  },
});

Deno.bench({
  name: "MatrixResultParser, one buffer",
  group: "1000x1000 result from bytes",
  fn() {
    const parser = new MatrixResultParser(expected);
    parser.push(bytes);
    sink += parser.end().entries.length;
  },
});

Deno.bench({
  name: "JSON.parse(text), text already decoded",
  group: "1000x1000 result from bytes",
  fn() {
    sink += JSON.parse(text).matrix.distances.length;
  },
});

globalThis.addEventListener("unload", () => {
  if (sink < 0) console.log(sink);
});
