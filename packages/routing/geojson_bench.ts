/**
 * What `RoutingResponse#toGeoJSON()` costs against the bare decode of the
 * same polyline. One deterministic 100k-point route section, as HERE sends
 * it (precision 6), in two variants: 2-D, and with elevation at precision 1
 * (`return=elevation`). Per group:
 *
 * - `decodePolylineFlat` (the baseline): the bare decode into one
 *   `Float64Array`;
 * - `RoutingResponse#toGeoJSON()`: a response holding that one section,
 *   whose coordinates were never read, so every call decodes and builds the
 *   `[lng, lat(, z)]` positions from scratch (nothing is cached between
 *   calls);
 * - `RoutingResponse#toGeoJSONLines()`: the whole route as one line with
 *   its totals; for a one-section route the same work as toGeoJSON plus
 *   one copy of the position list (the join);
 * - `polylineToGeoJSON` (core): the decode-and-build pass alone, which
 *   toGeoJSON uses; it shows that the response wrapper adds next to
 *   nothing, and that the distance to the baseline is the positions;
 * - `flatToPositions` of an already decoded polyline: building the positions
 *   with no decoding at all, the floor of what any GeoJSON output costs on
 *   top of the decode. On V8 it is about as dear as the whole decode (for
 *   2-D) once the collection of the discarded arrays is counted, which is why
 *   the 2-D ratio stays above 1.2×: the fused pass already hides much of it.
 *
 * The target is toGeoJSON ≤ 1.2× the baseline. Both variants of the work
 * are one pass over the string; what toGeoJSON adds is one small array per
 * point (about 64 bytes each: some 7 MB per call) and the garbage collection
 * that follows. The averages include that collection, which lands almost
 * entirely on the allocating variants and makes their averages noisy (see
 * the p75 and max columns); hence the long warm-up and 1000 samples each.
 * Because the groups run one after the other, background load and leftover
 * garbage shift their averages; so the file also prints a paired
 * measurement first (the two calls alternating, 300 rounds) with the ratio
 * of the means and of the medians.
 *
 * Run: `deno bench --allow-read packages/routing/geojson_bench.ts`
 */

import {
  decodePolylineFlat,
  encodePolyline,
  flatToPositions,
  polylineToGeoJSON,
} from "@ls/core";
import { RoutingResponse } from "./mod.ts";

const POINTS = 100_000;

/**
 * A deterministic route-like line: steps of 5–60 m, a heading that wanders
 * back and forth, and rolling terrain (metres) when `withElevation`.
 */
function syntheticRoute(phase: number, withElevation: boolean): number[][] {
  const out: number[][] = [];
  let [lat, lng, z, heading] = [52.5, 13.4, 34, phase];
  for (let k = 0; k < POINTS; k++) {
    out.push(withElevation ? [lat, lng, z] : [lat, lng]);
    const metres = 32.5 + 27.5 * Math.sin(k * 1.618 + phase);
    heading += 0.3 * Math.sin(k * 0.7071) * Math.cos(k * 0.013 + phase);
    lat += (metres * Math.cos(heading)) / 111_320;
    lng += (metres * Math.sin(heading)) /
      (111_320 * Math.cos((lat * Math.PI) / 180));
    z += 0.08 * metres * Math.sin(k * 0.002 + phase);
  }
  return out;
}

function responseWith(polyline: string): RoutingResponse {
  const place = (lat: number, lng: number) => ({
    type: "place",
    location: { lat, lng },
  });
  return new RoutingResponse({
    body: {
      routes: [{
        id: "bench-route",
        sections: [{
          id: "bench-section",
          type: "vehicle",
          departure: {
            time: "2024-05-01T08:00:00+02:00",
            place: place(52.5, 13.4),
          },
          arrival: {
            time: "2024-05-01T10:00:00+02:00",
            place: place(52.9, 13.9),
          },
          summary: { duration: 7200, length: 3_250_000 },
          transport: { mode: "car" },
          polyline,
        }],
      }],
    },
  });
}

const variants = [
  ["2-D", encodePolyline({ precision: 6, polyline: syntheticRoute(1, false) })],
  [
    "3-D elevation",
    encodePolyline({
      precision: 6,
      thirdDim: 3,
      thirdDimPrecision: 1,
      polyline: syntheticRoute(2, true),
    }),
  ],
] as const;

/**
 * The same comparison, paired: the two calls alternate (in alternating
 * order), so background load and collector cycles hit both alike. Prints the
 * ratio of the means (collection included) and of the medians.
 */
function pairedRatio(
  label: string,
  encoded: string,
  response: RoutingResponse,
) {
  const rounds = 300;
  const flat: number[] = [];
  const geo: number[] = [];
  const time = (fn: () => unknown, into: number[]) => {
    const t0 = performance.now();
    fn();
    into.push(performance.now() - t0);
  };
  const decode = () => decodePolylineFlat(encoded);
  const toGeoJSON = () => response.toGeoJSON();
  for (let k = 0; k < 50; k++) (decode(), toGeoJSON());
  for (let k = 0; k < rounds; k++) {
    if (k % 2) (time(decode, flat), time(toGeoJSON, geo));
    else (time(toGeoJSON, geo), time(decode, flat));
  }
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const median = (xs: number[]) => xs.toSorted((a, b) => a - b)[xs.length >> 1];
  console.log(
    `${label}: toGeoJSON / decodePolylineFlat, ${rounds} paired rounds: ` +
      `mean ${mean(geo).toFixed(2)} / ${mean(flat).toFixed(2)} ms = ${
        (mean(geo) / mean(flat)).toFixed(2)
      }x, median ${median(geo).toFixed(2)} / ${median(flat).toFixed(2)} ms = ${
        (median(geo) / median(flat)).toFixed(2)
      }x`,
  );
}

for (const [label, encoded] of variants) {
  const response = responseWith(encoded);
  // Same work: the feature holds every point, in GeoJSON order.
  const feature = response.toGeoJSON().features[0];
  const flat = decodePolylineFlat(encoded).coordinates;
  const stride = label === "2-D" ? 2 : 3;
  if (
    feature.geometry.coordinates.length !== POINTS ||
    flat.length !== POINTS * stride ||
    feature.geometry.coordinates[POINTS - 1][0] !==
      flat[flat.length - stride + 1]
  ) {
    throw new Error("toGeoJSON and the flat decode disagree");
  }
  const line = response.toGeoJSONLines().features[0];
  if (
    line.geometry.coordinates.length !== POINTS ||
    line.properties.length !== 3_250_000
  ) {
    throw new Error("toGeoJSONLines lost points or the route's length");
  }
  pairedRatio(label, encoded, response);

  const group = `${label} section, ${
    POINTS / 1000
  }k points (${encoded.length} chars)`;
  Deno.bench({
    name: "decodePolylineFlat (bare decode)",
    group,
    baseline: true,
    warmup: 100,
    n: 1000,
    fn: () => {
      decodePolylineFlat(encoded);
    },
  });
  Deno.bench({
    name: "RoutingResponse#toGeoJSON()",
    group,
    warmup: 100,
    n: 1000,
    fn: () => {
      response.toGeoJSON();
    },
  });
  Deno.bench({
    name: "RoutingResponse#toGeoJSONLines()",
    group,
    warmup: 100,
    n: 1000,
    fn: () => {
      response.toGeoJSONLines();
    },
  });
  const decoded = decodePolylineFlat(encoded);
  Deno.bench({
    name: "flatToPositions (positions only, no decode)",
    group,
    warmup: 100,
    n: 1000,
    fn: () => {
      flatToPositions(decoded);
    },
  });
  Deno.bench({
    name: "polylineToGeoJSON (core, for reference)",
    group,
    warmup: 100,
    n: 1000,
    fn: () => {
      polylineToGeoJSON(encoded);
    },
  });
}
