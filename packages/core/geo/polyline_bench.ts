/**
 * Flexible polyline benchmarks against HERE's reference implementation
 * (`@here/flexpolyline`). Two deterministic 100k-point routes: 2-D at precision 5,
 * and precision 6 with elevation at precision 1.
 *
 * At load it also prints paired ratios (see {@linkcode paired}), the figures to
 * quote; the `Deno.bench` groups follow.
 *
 * Run: `deno bench --allow-read packages/core/polyline_bench.ts`
 */

import process from "node:process";
import { decode as refDecode, encode as refEncode } from "@here/flexpolyline";
import {
  decodePolyline,
  decodePolylineFlat,
  encodePolyline,
  polylineToGeoJSON,
} from "./polyline.ts";

const POINTS = 100_000;

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A route-like walk: 5–60 m steps, a slowly turning heading, rolling terrain. */
function route(
  seed: number,
  points: number,
  withElevation: boolean,
): number[][] {
  const random = mulberry32(seed);
  let lat = 52.5;
  let lng = 13.4;
  let z = 34;
  let heading = random() * 2 * Math.PI;
  let slope = 0;
  const out: number[][] = [];
  for (let k = 0; k < points; k++) {
    out.push(withElevation ? [lat, lng, z] : [lat, lng]);
    heading += (random() - 0.5) * 0.6;
    const metres = 5 + random() * 55;
    lat += (metres * Math.cos(heading)) / 111_320;
    lng += (metres * Math.sin(heading)) /
      (111_320 * Math.cos((lat * Math.PI) / 180));
    slope = Math.max(-0.08, Math.min(0.08, slope + (random() - 0.5) * 0.02));
    z += slope * metres;
  }
  return out;
}

const flat2d = { precision: 5, polyline: route(1, POINTS, false) };
const elev3d = {
  precision: 6,
  // The reference types `thirdDim` as a literal union, so not our `number` constant.
  thirdDim: 3 as const,
  thirdDimPrecision: 1,
  polyline: route(2, POINTS, true),
};
const encoded2d = encodePolyline(flat2d);
const encoded3d = encodePolyline(elev3d);
if (encoded2d !== refEncode(flat2d) || encoded3d !== refEncode(elev3d)) {
  throw new Error(
    "The encoders disagree; the benchmark would compare different work",
  );
}

// Deno.bench runs one case after the other, so a change in background load
// between the reference's batch and ours moves the ratio (seen: 16× to 34× for
// the flat 2-D decode). These paired rounds time the reference and each of our
// functions back to back, in alternating order, so all see the same
// conditions, and print the ratios of the medians and of the means.
//
// Each call is timed twice: wall clock, and the process's CPU time. On a busy
// machine a 50–150 ms reference call is often descheduled part-way while a
// 1 ms call rarely is, which inflates the wall-clock ratio; CPU time leaves
// that out (it includes the garbage collector's helper threads).
function paired(
  label: string,
  reference: () => unknown,
  ours: Record<string, () => unknown>,
  rounds: number,
): void {
  const names = Object.keys(ours);
  const fns = names.map((name) => ours[name]);
  // Warm up: let the JIT settle before anything is recorded.
  for (let k = 0; k < 3; k++) reference();
  for (let k = 0; k < 30; k++) for (const fn of fns) fn();
  const cpu = () => {
    const { user, system } = process.cpuUsage();
    return (user + system) / 1000;
  };
  const ref = { wall: [] as number[], cpu: [] as number[] };
  const mine = names.map(() => ({ wall: [] as number[], cpu: [] as number[] }));
  const time = (fn: () => unknown, into: typeof ref) => {
    const c0 = cpu();
    const t0 = performance.now();
    fn();
    into.wall.push(performance.now() - t0);
    into.cpu.push(cpu() - c0);
  };
  for (let k = 0; k < rounds; k++) {
    if (k % 2) {
      time(reference, ref);
      for (let j = 0; j < fns.length; j++) time(fns[j], mine[j]);
    } else {
      for (let j = fns.length - 1; j >= 0; j--) time(fns[j], mine[j]);
      time(reference, ref);
    }
  }
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const median = (xs: number[]) => xs.toSorted((a, b) => a - b)[xs.length >> 1];
  const ms = (x: number) => `${x.toFixed(2)} ms`;
  const ratios = (xs: number[], refs: number[]) =>
    `median ${ms(median(xs))} = ${(median(refs) / median(xs)).toFixed(1)}×, ` +
    `mean ${ms(mean(xs))} = ${(mean(refs) / mean(xs)).toFixed(1)}×`;
  const lines = names.map((name, j) =>
    `  ${name}: wall ${ratios(mine[j].wall, ref.wall)}; CPU ${
      ratios(mine[j].cpu, ref.cpu)
    }`
  );
  console.log(
    `${label}, ${rounds} paired rounds, times faster than the reference ` +
      `(wall median ${ms(median(ref.wall))}, mean ${ms(mean(ref.wall))}; ` +
      `CPU median ${ms(median(ref.cpu))}, mean ${ms(mean(ref.cpu))}):\n` +
      lines.join("\n"),
  );
}

paired(
  `decode 2-D p5, ${POINTS / 1000}k points`,
  () => refDecode(encoded2d),
  {
    decodePolylineFlat: () => decodePolylineFlat(encoded2d),
    decodePolyline: () => decodePolyline(encoded2d),
    polylineToGeoJSON: () => polylineToGeoJSON(encoded2d),
  },
  60,
);
paired(
  `decode 3-D p6+elevation, ${POINTS / 1000}k points`,
  () => refDecode(encoded3d),
  {
    decodePolylineFlat: () => decodePolylineFlat(encoded3d),
    decodePolyline: () => decodePolyline(encoded3d),
    polylineToGeoJSON: () => polylineToGeoJSON(encoded3d),
  },
  25,
);
paired(
  `encode 2-D p5, ${POINTS / 1000}k points`,
  () => refEncode(flat2d),
  { encodePolyline: () => encodePolyline(flat2d) },
  25,
);
paired(
  `encode 3-D p6+elevation, ${POINTS / 1000}k points`,
  () => refEncode(elev3d),
  { encodePolyline: () => encodePolyline(elev3d) },
  25,
);

for (
  const [label, encoded, input] of [
    ["2-D p5", encoded2d, flat2d],
    ["3-D p6+elevation", encoded3d, elev3d],
  ] as const
) {
  const decodeGroup = `decode ${label} (${
    POINTS / 1000
  }k points, ${encoded.length} chars)`;
  Deno.bench({
    name: "reference decode",
    group: decodeGroup,
    baseline: true,
    fn: () => {
      refDecode(encoded);
    },
  });
  Deno.bench({
    name: "decodePolylineFlat",
    group: decodeGroup,
    fn: () => {
      decodePolylineFlat(encoded);
    },
  });
  Deno.bench({
    name: "decodePolyline",
    group: decodeGroup,
    fn: () => {
      decodePolyline(encoded);
    },
  });
  Deno.bench({
    name: "polylineToGeoJSON",
    group: decodeGroup,
    fn: () => {
      polylineToGeoJSON(encoded);
    },
  });

  const encodeGroup = `encode ${label} (${POINTS / 1000}k points)`;
  Deno.bench({
    name: "reference encode",
    group: encodeGroup,
    baseline: true,
    fn: () => {
      refEncode(input);
    },
  });
  Deno.bench({
    name: "encodePolyline",
    group: encodeGroup,
    fn: () => {
      encodePolyline(input);
    },
  });
}
