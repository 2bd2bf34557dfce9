/**
 * HERE's flexible polyline: a compact, URL-safe text encoding of a list of
 * `[lat, lng]` or `[lat, lng, z]` points, used by routing (`sections[].polyline`),
 * isolines (`polygons[].outer`) and `avoid[areas]`.
 *
 * - {@linkcode encodePolyline} and {@linkcode decodePolyline} behave like HERE's
 *   reference JavaScript `encode` and `decode`.
 * - {@linkcode decodePolylineFlat} is the fast path: it decodes straight into one
 *   `Float64Array`.
 * - {@linkcode polylineToGeoJSON} and {@linkcode flatToPositions} give GeoJSON
 *   `[lng, lat]` / `[lng, lat, z]` positions.
 *
 * Decoding keeps integer sums and divides by `10^precision` only when emitting a
 * point, so long lines do not drift. Precisions above 10 need integers beyond
 * 2^53; they take an exact `BigInt` path.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { decodePolyline, encodePolyline } from "@ls/core";
 *
 * const encoded = encodePolyline({ polyline: [[52.5, 13.4], [52.6, 13.5]] });
 * assert.equal(encoded, "BFg9tgKgm5xCgxTgxT");
 * assert.deepEqual(decodePolyline(encoded).polyline, [[52.5, 13.4], [52.6, 13.5]]);
 * ```
 *
 * @module
 */

import type { LineString, Position } from "geojson";
import { ValueError } from "../errors/errors.ts";

/**
 * Third-dimension type: none, the polyline is 2-D.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { ABSENT, encodePolyline } from "@ls/core";
 * assert.equal(encodePolyline({ thirdDim: ABSENT, polyline: [[52.5, 13.4]] }), "BFg9tgKgm5xC");
 * ```
 */
export const ABSENT: number = 0;
/**
 * Third-dimension type: floor level.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { decodePolyline, encodePolyline, LEVEL } from "@ls/core";
 * const decoded = decodePolyline(encodePolyline({ thirdDim: LEVEL, polyline: [[52.5, 13.4, 2]] }));
 * assert.equal(decoded.thirdDim, LEVEL);
 * assert.deepEqual(decoded.polyline, [[52.5, 13.4, 2]]);
 * ```
 */
export const LEVEL: number = 1;
/**
 * Third-dimension type: altitude.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { ALTITUDE, decodePolyline, encodePolyline } from "@ls/core";
 * const decoded = decodePolyline(encodePolyline({ thirdDim: ALTITUDE, polyline: [[52.5, 13.4, 120]] }));
 * assert.equal(decoded.thirdDim, ALTITUDE);
 * assert.deepEqual(decoded.polyline, [[52.5, 13.4, 120]]);
 * ```
 */
export const ALTITUDE: number = 2;
/**
 * Third-dimension type: elevation (what routing returns with `return=elevation`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { ELEVATION, encodePolyline } from "@ls/core";
 * const encoded = encodePolyline({
 *   precision: 6,
 *   thirdDim: ELEVATION,
 *   thirdDimPrecision: 1,
 *   polyline: [[52.5, 13.4, 34]],
 * });
 * assert.equal(encoded, "B2FgirkkDg87xZoV");
 * ```
 */
export const ELEVATION: number = 3;
/**
 * Third-dimension type: user-defined value number 1.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { CUSTOM1, decodePolyline, encodePolyline } from "@ls/core";
 * const decoded = decodePolyline(encodePolyline({ thirdDim: CUSTOM1, polyline: [[52.5, 13.4, 7]] }));
 * assert.equal(decoded.thirdDim, CUSTOM1);
 * assert.deepEqual(decoded.polyline, [[52.5, 13.4, 7]]);
 * ```
 */
export const CUSTOM1: number = 6;
/**
 * Third-dimension type: user-defined value number 2.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { CUSTOM2, decodePolyline, encodePolyline } from "@ls/core";
 * const decoded = decodePolyline(encodePolyline({ thirdDim: CUSTOM2, polyline: [[52.5, 13.4, 7]] }));
 * assert.equal(decoded.thirdDim, CUSTOM2);
 * assert.deepEqual(decoded.polyline, [[52.5, 13.4, 7]]);
 * ```
 */
export const CUSTOM2: number = 7;

/**
 * The input of {@linkcode encodePolyline}.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { encodePolyline, type EncodePolylineOptions } from "@ls/core";
 * const input: EncodePolylineOptions = { precision: 6, polyline: [[52.51, 13.39]] };
 * assert.equal(encodePolyline(input), "BGgz-kkDgroxZ");
 * ```
 */
export interface EncodePolylineOptions {
  /** Decimal digits kept for lat/lng, 0–15. Default 5. */
  precision?: number;
  /** Third-dimension type: 0 (absent, the default), 1, 2, 3, 6 or 7. */
  thirdDim?: number;
  /** Decimal digits kept for the third value, 0–15. Default 0. */
  thirdDimPrecision?: number;
  /** The points: `[lat, lng]` when `thirdDim` is 0, else `[lat, lng, z]`. */
  polyline: ArrayLike<ArrayLike<number>>;
}

/**
 * A decoded polyline: the header fields and one array per point.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { decodePolyline, type DecodedPolyline } from "@ls/core";
 * const d: DecodedPolyline = decodePolyline("BFg9tgKgm5xCgxTgxT");
 * assert.deepEqual(d, { precision: 5, thirdDim: 0, thirdDimPrecision: 0, polyline: [[52.5, 13.4], [52.6, 13.5]] });
 * ```
 */
export interface DecodedPolyline {
  /** Decimal digits of lat/lng. */
  precision: number;
  /** Third-dimension type (0 when the polyline is 2-D). */
  thirdDim: number;
  /** Decimal digits of the third value. */
  thirdDimPrecision: number;
  /** `[lat, lng]` or `[lat, lng, z]` per point. */
  polyline: number[][];
}

/**
 * A decoded polyline as one flat array: `lat, lng[, z]` per point, interleaved.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { decodePolylineFlat, type FlatPolyline } from "@ls/core";
 * const flat: FlatPolyline = decodePolylineFlat("BFg9tgKgm5xCgxTgxT");
 * assert.deepEqual([...flat.coordinates], [52.5, 13.4, 52.6, 13.5]);
 * ```
 */
export interface FlatPolyline {
  /** Decimal digits of lat/lng. */
  precision: number;
  /** Third-dimension type; when not 0 every point has three values. */
  thirdDim: number;
  /** Decimal digits of the third value. */
  thirdDimPrecision: number;
  /** `lat, lng` (2-D) or `lat, lng, z` (3-D) per point, point after point. */
  coordinates: Float64Array;
}

// ---------------------------------------------------------------------------
// Tables and limits

const ALPHABET =
  "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
/** 6-bit value → character code. */
const ENCODE_TABLE: Uint8Array = /* @__PURE__ */ (() => {
  const table = new Uint8Array(64);
  for (let k = 0; k < 64; k++) table[k] = ALPHABET.charCodeAt(k);
  return table;
})();
/**
 * Marks a character outside the alphabet. Bit 6 makes it fail `v > 63`; bit 5
 * makes it look like a continuation, so a fast read never ends on it.
 */
const INVALID = 0xe0;
/** Character code or byte (< 256) → 6-bit value, or {@linkcode INVALID}. */
const DECODE_TABLE: Uint8Array = /* @__PURE__ */ (() => {
  const table = new Uint8Array(256).fill(INVALID);
  for (let k = 0; k < 64; k++) table[ALPHABET.charCodeAt(k)] = k;
  return table;
})();

/** Exact powers of ten, 10^0 … 10^15. */
const POW10: readonly number[] = [
  1,
  10,
  100,
  1e3,
  1e4,
  1e5,
  1e6,
  1e7,
  1e8,
  1e9,
  1e10,
  1e11,
  1e12,
  1e13,
  1e14,
  1e15,
];
/** Precisions up to this one stay below 2^53 for any coordinate: number path. */
const MAX_FAST_PRECISION = 10;
/**
 * Scaled values up to 2^51 keep deltas (< 2^52) and zigzag values (< 2^53) exact.
 * The limits are written as literals, not `2 ** n`, so that bundles which never
 * encode or decode can drop them.
 */
const ENCODE_LIMIT = 2_251_799_813_685_248; // 2^51
/**
 * Sums are exact below 2^53. The fast decoder checks them only after a long
 * value: one- and two-character values change a sum by at most 512, and no
 * string is long enough for those to cover the margin between 2^52 and 2^53.
 */
const SLOW_SUM_LIMIT = 4_503_599_627_370_496; // 2^52
/** Varint values with more than 50 bits (10 characters) take the BigInt path. */
const VARINT_LIMIT = 1_125_899_906_842_624; // 2^50
const FORMAT_VERSION = 1;
/** `Number.MAX_SAFE_INTEGER` as a `BigInt`. */
const MAX_SAFE_BIG = 9_007_199_254_740_991n;

const TEXT_DECODER = /* @__PURE__ */ new TextDecoder();
const TEXT_ENCODER = /* @__PURE__ */ new TextEncoder();

// ---------------------------------------------------------------------------
// Encoding

/**
 * Encodes points as a flexible polyline, like HERE's reference `encode`.
 *
 * Each value is scaled by `10^precision` (`10^thirdDimPrecision` for `z`) in
 * double arithmetic and rounded with `Math.round` semantics (ties towards +∞),
 * exactly as the reference does; the first point is stored as is and every later
 * point as the difference from the previous one. Above precision 10 the scaled
 * integers can exceed 2^53, so they are differenced and written with `BigInt`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { ELEVATION, encodePolyline } from "@ls/core";
 *
 * const line = encodePolyline({
 *   polyline: [[50.10228, 8.69821], [50.10201, 8.69567], [50.10063, 8.6915], [50.09878, 8.68752]],
 * });
 * assert.equal(line, "BFoz5xJ67i1B1B7PzIhaxL7Y");
 *
 * const withElevation = encodePolyline({
 *   precision: 6,
 *   thirdDim: ELEVATION,
 *   thirdDimPrecision: 1,
 *   polyline: [[52.5, 13.4, 34], [52.501, 13.402, 35.5], [52.503, 13.405, 36]],
 * });
 * assert.equal(withElevation, "B2FgirkkDg87xZoVw-Bg9Deg9Dw7FK");
 *
 * assert.throws(() => encodePolyline({ polyline: [[52.5, 13.4, 34]] }), {
 *   message: "Invalid polyline[0]: must be [lat, lng] (thirdDim is 0), got [52.5,13.4,34]",
 * });
 * ```
 *
 * @throws {ValueError} when `precision` or `thirdDimPrecision` is not an integer
 * from 0 to 15, `thirdDim` is not 0, 1, 2, 3, 6 or 7 (4 and 5 are reserved), a point
 * has the wrong number of values, or a value is not a finite number
 */
export function encodePolyline(
  { precision = 5, thirdDim = ABSENT, thirdDimPrecision = 0, polyline }:
    EncodePolylineOptions,
): string {
  checkPrecision("precision", precision);
  checkPrecision("thirdDimPrecision", thirdDimPrecision);
  if (
    typeof thirdDim !== "number" || !Number.isInteger(thirdDim) ||
    thirdDim < 0 ||
    thirdDim > 7 || thirdDim === 4 || thirdDim === 5
  ) {
    throw new ValueError(
      "thirdDim",
      "must be 0 (absent), 1 (level), 2 (altitude), 3 (elevation), 6 (custom1) or 7 (custom2)",
      thirdDim,
    );
  }
  if (
    polyline === null || typeof polyline !== "object" ||
    !Number.isSafeInteger(polyline.length) || polyline.length < 0
  ) {
    throw new ValueError("polyline", "must be an array of points", polyline);
  }
  const dims = thirdDim === ABSENT ? 2 : 3;
  const header = (thirdDimPrecision << 7) | (thirdDim << 4) | precision;
  if (
    precision <= MAX_FAST_PRECISION &&
    (dims === 2 || thirdDimPrecision <= MAX_FAST_PRECISION)
  ) {
    const fast = encodeNumbers(
      polyline,
      dims,
      header,
      POW10[precision],
      POW10[thirdDimPrecision],
    );
    if (fast !== undefined) return fast;
  }
  return encodeBigInts(polyline, dims, header, precision, thirdDimPrecision);
}

function checkPrecision(parameter: string, value: number): void {
  if (
    typeof value !== "number" || !Number.isInteger(value) || value < 0 ||
    value > 15
  ) {
    throw new ValueError(parameter, "must be an integer from 0 to 15", value);
  }
}

function tupleError(index: number, point: unknown, dims: number): ValueError {
  const shape = dims === 2
    ? "[lat, lng] (thirdDim is 0)"
    : "[lat, lng, z] (thirdDim is set)";
  return new ValueError(`polyline[${index}]`, `must be ${shape}`, point);
}

/**
 * The number path: every scaled value and delta is an exact double. Returns
 * `undefined` when a value is not finite or too large, so the caller retries on the
 * exact path (which also reports bad values).
 */
function encodeNumbers(
  polyline: ArrayLike<ArrayLike<number>>,
  dims: number,
  header: number,
  factor: number,
  factorZ: number,
): string | undefined {
  const count = polyline.length;
  let buf = new Uint8Array(16 + count * dims * 3);
  let pos = writeUnsigned(buf, 0, FORMAT_VERSION);
  pos = writeUnsigned(buf, pos, header);
  let lastA = 0;
  let lastB = 0;
  let lastC = 0;
  for (let k = 0; k < count; k++) {
    const point = polyline[k];
    if (point?.length !== dims) throw tupleError(k, point, dims);
    // At most 11 characters per value, plus the spare byte writeSigned may touch.
    if (pos + 34 > buf.length) buf = grow(buf, pos + 34);
    const x = point[0];
    const y = point[1];
    if (typeof x !== "number" || typeof y !== "number") return undefined;
    const a = round(x * factor);
    const b = round(y * factor);
    if (
      !(Math.abs(a) <= ENCODE_LIMIT && Math.abs(b) <= ENCODE_LIMIT)
    ) {
      return undefined;
    }
    pos = writeSigned(buf, pos, a - lastA);
    pos = writeSigned(buf, pos, b - lastB);
    lastA = a;
    lastB = b;
    if (dims === 3) {
      const z = point[2];
      if (typeof z !== "number") return undefined;
      const c = round(z * factorZ);
      if (!(Math.abs(c) <= ENCODE_LIMIT)) return undefined;
      pos = writeSigned(buf, pos, c - lastC);
      lastC = c;
    }
  }
  return TEXT_DECODER.decode(buf.subarray(0, pos));
}

/**
 * `Math.round(x)` (nearest, ties towards +∞) for |x| < 2^51, without its
 * data-dependent branch, which mispredicts half the time on coordinates.
 * `x + 0.5` is exact in this range except for x = 0.49999999999999994, where it
 * rounds up to 1; the check (exact: `r - 0.5` is representable) corrects that
 * and is otherwise never taken. NaN and ±Infinity pass through.
 */
function round(x: number): number {
  const r = Math.floor(x + 0.5);
  return r - 0.5 > x ? r - 1 : r;
}

/**
 * Writes a signed integer (|value| < 2^52) as a zigzag varint. May write one byte
 * past the returned position.
 */
function writeSigned(buf: Uint8Array, pos: number, value: number): number {
  if (value >= -0x40000000 && value < 0x40000000) {
    // Zigzag in 32-bit integer arithmetic: the common case.
    let u = (value << 1) ^ (value >> 31);
    if (u < 1024) {
      // One or two characters, written without a branch: `more` is 1 when
      // u ≥ 32. The second byte is overwritten later when not needed.
      const more = (u + 992) >> 10;
      buf[pos] = ENCODE_TABLE[(u & 31) | (more << 5)];
      buf[pos + 1] = ENCODE_TABLE[u >> 5];
      return pos + 1 + more;
    }
    while (u >= 32) {
      buf[pos++] = ENCODE_TABLE[(u & 31) | 32];
      u >>= 5;
    }
    buf[pos++] = ENCODE_TABLE[u];
    return pos;
  }
  return writeUnsigned(buf, pos, value < 0 ? -2 * value - 1 : 2 * value);
}

/** Writes an unsigned integer below 2^53 as a varint, with arithmetic, not shifts. */
function writeUnsigned(buf: Uint8Array, pos: number, value: number): number {
  let u = value;
  while (u >= 32) {
    const low = u % 32;
    buf[pos++] = ENCODE_TABLE[low | 32];
    u = (u - low) / 32;
  }
  buf[pos++] = ENCODE_TABLE[u];
  return pos;
}

function grow(
  buf: Uint8Array<ArrayBuffer>,
  needed: number,
): Uint8Array<ArrayBuffer> {
  const bigger = new Uint8Array(Math.max(needed, buf.length * 2));
  bigger.set(buf);
  return bigger;
}

/** The exact path: scaled values as `BigInt`, for precisions above 10 and huge values. */
function encodeBigInts(
  polyline: ArrayLike<ArrayLike<number>>,
  dims: number,
  header: number,
  precision: number,
  thirdDimPrecision: number,
): string {
  const count = polyline.length;
  let buf = new Uint8Array(16 + count * dims * 8);
  let pos = writeUnsigned(buf, 0, FORMAT_VERSION);
  pos = writeUnsigned(buf, pos, header);
  const last = [0n, 0n, 0n];
  for (let k = 0; k < count; k++) {
    const point = polyline[k];
    if (point?.length !== dims) throw tupleError(k, point, dims);
    for (let d = 0; d < dims; d++) {
      const value = point[d];
      if (typeof value !== "number" || !Number.isFinite(value)) {
        throw new ValueError(
          `polyline[${k}][${d}]`,
          "must be a finite number",
          value,
        );
      }
      const digits = d < 2 ? precision : thirdDimPrecision;
      const rounded = Math.round(value * POW10[digits]);
      if (!Number.isFinite(rounded)) {
        throw new ValueError(
          `polyline[${k}][${d}]`,
          `must be small enough to scale by 10^${digits}`,
          value,
        );
      }
      const scaled = BigInt(rounded);
      const delta = scaled - last[d];
      last[d] = scaled;
      const u = delta < 0n ? (-delta << 1n) - 1n : delta << 1n;
      // A double's integer part has at most 1024 bits: 205 characters.
      if (pos + 210 > buf.length) buf = grow(buf, pos + 210);
      pos = writeUnsignedBigInt(buf, pos, u);
    }
  }
  return TEXT_DECODER.decode(buf.subarray(0, pos));
}

function writeUnsignedBigInt(
  buf: Uint8Array,
  pos: number,
  value: bigint,
): number {
  let u = value;
  while (u > MAX_SAFE_BIG) {
    buf[pos++] = ENCODE_TABLE[Number(u & 31n) | 32];
    u >>= 5n;
  }
  return writeUnsigned(buf, pos, Number(u));
}

// ---------------------------------------------------------------------------
// Decoding

interface Header {
  precision: number;
  thirdDim: number;
  thirdDimPrecision: number;
  /** Index of the first data character. */
  start: number;
}

/** Output modes of {@linkcode decodeNumbers}. */
const FLAT = 0;
const POINTS = 1;
const POSITIONS = 2;
const NO_FLAT: Float64Array = /* @__PURE__ */ new Float64Array(0);
const NO_LIST: number[][] = [];

/**
 * Decodes a flexible polyline into one array per point, like HERE's reference
 * `decode`. Points are `[lat, lng]`, or `[lat, lng, z]` when the header names a
 * third dimension (the reserved types 4 and 5 are decoded as 3-D too).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { decodePolyline } from "@ls/core";
 *
 * assert.deepEqual(decodePolyline("B2FgirkkDg87xZoVw-Bg9Deg9Dw7FK"), {
 *   precision: 6,
 *   thirdDim: 3,
 *   thirdDimPrecision: 1,
 *   polyline: [[52.5, 13.4, 34], [52.501, 13.402, 35.5], [52.503, 13.405, 36]],
 * });
 * assert.throws(() => decodePolyline("BFg9tgKgm5x!"), {
 *   message: "Invalid polyline: must contain only the characters A-Z, a-z, 0-9, '-' and '_', but character 11 is not one of them, got \"!\"",
 * });
 * ```
 *
 * @throws {ValueError} when the string holds a character outside the alphabet, the
 * version is not 1, it ends inside a value or a point, or it is not a string
 */
export function decodePolyline(encoded: string): DecodedPolyline {
  const header = readHeader(encoded);
  const { precision, thirdDim, thirdDimPrecision } = header;
  let polyline: number[][] | undefined;
  if (isFast(header)) {
    polyline = new Array(capacity(encoded, header));
    if (decodeNumbers(encoded, header, POINTS, NO_FLAT, polyline) < 0) {
      polyline = undefined;
    }
  }
  if (polyline === undefined) {
    const c = decodeBigInts(encoded, header);
    const dims = thirdDim === ABSENT ? 2 : 3;
    polyline = [];
    for (let i = 0; i < c.length; i += dims) {
      polyline.push(Array.from(c.subarray(i, i + dims)));
    }
  }
  return { precision, thirdDim, thirdDimPrecision, polyline };
}

/**
 * Decodes a flexible polyline into one `Float64Array`: `lat, lng` per point, or
 * `lat, lng, z` when `thirdDim` is not 0. The fastest way to read a polyline.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { decodePolylineFlat } from "@ls/core";
 *
 * const { thirdDim, coordinates } = decodePolylineFlat("B2FgirkkDg87xZoVw-Bg9Deg9Dw7FK");
 * const stride = thirdDim === 0 ? 2 : 3;
 * const elevations: number[] = [];
 * for (let i = 0; i < coordinates.length; i += stride) {
 *   elevations.push(coordinates[i + 2]); // after lat (i) and lng (i + 1)
 * }
 * assert.deepEqual(elevations, [34, 35.5, 36]);
 * ```
 *
 * @throws {ValueError} when the string holds a character outside the alphabet, the
 * version is not 1, it ends inside a value or a point, or it is not a string
 */
export function decodePolylineFlat(encoded: string): FlatPolyline {
  const header = readHeader(encoded);
  const { precision, thirdDim, thirdDimPrecision } = header;
  let coordinates: Float64Array | undefined;
  if (isFast(header)) {
    // Every value takes at least one character, so the rest of the string bounds
    // the count; the unused tail is cut off with a view.
    const out = new Float64Array(encoded.length - header.start);
    const n = decodeNumbers(encoded, header, FLAT, out, NO_LIST);
    if (n >= 0) coordinates = out.subarray(0, n);
  }
  coordinates ??= decodeBigInts(encoded, header);
  return { precision, thirdDim, thirdDimPrecision, coordinates };
}

/**
 * Decodes a flexible polyline into a GeoJSON `LineString`, with positions in
 * GeoJSON order: `[lng, lat]`, or `[lng, lat, z]` for a 3-D polyline.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { polylineToGeoJSON } from "@ls/core";
 *
 * assert.deepEqual(polylineToGeoJSON("BFg9tgKgm5xCgxTgxT"), {
 *   type: "LineString",
 *   coordinates: [[13.4, 52.5], [13.5, 52.6]],
 * });
 * ```
 *
 * @throws {ValueError} when the string is not a valid flexible polyline
 */
export function polylineToGeoJSON(encoded: string): LineString {
  const header = readHeader(encoded);
  let coordinates: Position[] | undefined;
  if (isFast(header)) {
    coordinates = new Array(capacity(encoded, header));
    if (decodeNumbers(encoded, header, POSITIONS, NO_FLAT, coordinates) < 0) {
      coordinates = undefined;
    }
  }
  coordinates ??= flatToPositions({
    ...header,
    coordinates: decodeBigInts(encoded, header),
  });
  return { type: "LineString", coordinates };
}

/**
 * Turns a {@linkcode FlatPolyline} into GeoJSON positions, swapping each point to
 * `[lng, lat]` (or `[lng, lat, z]`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { decodePolylineFlat, flatToPositions } from "@ls/core";
 *
 * assert.deepEqual(flatToPositions(decodePolylineFlat("BFg9tgKgm5xCgxTgxT")), [[13.4, 52.5], [13.5, 52.6]]);
 * ```
 *
 * @throws {ValueError} when the coordinate count is not a multiple of the point size
 */
export function flatToPositions(flat: FlatPolyline): Position[] {
  const c = flat.coordinates;
  const n = c.length;
  const out: Position[] = [];
  if (flat.thirdDim === ABSENT) {
    if (n % 2 !== 0) {
      throw new ValueError(
        "coordinates",
        "must hold 2 values per point (thirdDim is 0)",
        n,
      );
    }
    for (let i = 0; i < n; i += 2) out.push([c[i + 1], c[i]]);
  } else {
    if (n % 3 !== 0) {
      throw new ValueError(
        "coordinates",
        "must hold 3 values per point (thirdDim is set)",
        n,
      );
    }
    for (let i = 0; i < n; i += 3) out.push([c[i + 1], c[i], c[i + 2]]);
  }
  return out;
}

/**
 * Initial length of an output array: an upper bound of the point count (every
 * value takes a character), so filling it never reallocates; the caller trims
 * it. Capped, as V8 makes huge sparse arrays slow; past that, it grows.
 */
function capacity(encoded: string, header: Header): number {
  const points = Math.floor(
    (encoded.length - header.start) / (header.thirdDim === ABSENT ? 2 : 3),
  );
  return Math.min(points, 1 << 22);
}

function isFast(header: Header): boolean {
  return header.precision <= MAX_FAST_PRECISION &&
    (header.thirdDim === ABSENT ||
      header.thirdDimPrecision <= MAX_FAST_PRECISION);
}

/** Reads the version and the header content, both varints. */
function readHeader(encoded: string): Header {
  if (typeof encoded !== "string") {
    throw new ValueError("polyline", "must be a string", encoded);
  }
  if (encoded.length === 0) {
    throw new ValueError("polyline", "must not be empty", encoded);
  }
  const version = scanUnsigned(encoded, 0);
  if (version !== FORMAT_VERSION) {
    throw new ValueError(
      "polyline",
      "must use format version 1 (start with 'B')",
      version,
    );
  }
  if (scanned >= encoded.length) {
    throw new ValueError(
      "polyline",
      "must have a header after the version",
      encoded,
    );
  }
  // Often two characters: e.g. 182 ("2F") for precision 6 + elevation at precision 1.
  const content = scanUnsigned(encoded, scanned);
  // Bits above 10 are not defined; like the reference, ignore them.
  const low = content % 2048;
  return {
    precision: low & 15,
    thirdDim: (low >> 4) & 7,
    thirdDimPrecision: (low >> 7) & 15,
    start: scanned,
  };
}

/** Index after the last varint read by {@linkcode scanUnsigned}. */
let scanned = 0;

/**
 * Reads one unsigned varint with full validation (the slow path: header, long
 * values, error diagnosis). Exact below 2^53; sets `scanned`.
 */
function scanUnsigned(encoded: string, start: number): number {
  let value = 0;
  let mul = 1;
  for (let i = start; i < encoded.length; i++) {
    const code = encoded.charCodeAt(i);
    const v = code < 128 ? DECODE_TABLE[code] : INVALID;
    if (v > 63) {
      throw new ValueError(
        "polyline",
        `must contain only the characters A-Z, a-z, 0-9, '-' and '_', but character ${i} is not one of them`,
        encoded[i],
      );
    }
    value += (v & 31) * mul;
    mul *= 32;
    if (v < 32) {
      scanned = i + 1;
      return value;
    }
  }
  throw new ValueError(
    "polyline",
    "ends in the middle of a value (its last character has the continuation bit set)",
    encoded.length > 60 ? `…${encoded.slice(-20)}` : encoded,
  );
}

/**
 * Reads one zigzag value of any length that fits 10 characters (50 bits); sets
 * `scanned`. Returns NaN when the value is longer, so the caller switches to the
 * exact path. Throws the precise error for malformed input.
 */
function scanSigned(encoded: string, start: number): number {
  const n = encoded.length;
  let i = start;
  let u = 0;
  let mul = 1;
  let v = 32;
  while (v > 31) {
    if (i >= n) {
      // At the start of a value: the point is incomplete; inside: the value.
      if (i === start) invalid(encoded);
      scanUnsigned(encoded, start);
    }
    if (mul === VARINT_LIMIT) return NaN;
    const code = encoded.charCodeAt(i++);
    v = code < 128 ? DECODE_TABLE[code] : INVALID;
    if (v > 63) scanUnsigned(encoded, start); // throws the precise error
    u += (v & 31) * mul;
    mul *= 32;
  }
  scanned = i;
  return u % 2 === 1 ? -(u + 1) / 2 : u / 2;
}

/**
 * Reads one value of up to three characters from `bytes` (see
 * {@linkcode asciiBytes}) at `i`; anything longer or malformed goes through
 * {@linkcode scanSigned}, on the string. Sets `scanned`.
 */
function readValue(bytes: Uint8Array, s: string, i: number): number {
  const v0 = DECODE_TABLE[bytes[i]];
  const v1 = DECODE_TABLE[bytes[i + 1]];
  const v2 = DECODE_TABLE[bytes[i + 2]];
  let u = v0;
  scanned = i + 1;
  if (v0 > 31) {
    if (v0 > 63 || v1 > 63 || (v1 > 31 && v2 > 31)) {
      return scanSigned(s, i);
    }
    u = (v0 & 31) | ((v1 & 31) << 5);
    scanned = i + 2;
    if (v1 > 31) {
      u |= v2 << 10;
      scanned = i + 3;
    }
  }
  return (u >>> 1) ^ -(u & 1);
}

/** Walks the data again with full checks and throws the precise error. */
function invalid(encoded: string): never {
  const header = readHeader(encoded);
  const dims = header.thirdDim === ABSENT ? 2 : 3;
  let count = 0;
  for (let i = header.start; i < encoded.length; i = scanned) {
    scanUnsigned(encoded, i);
    count++;
  }
  throw new ValueError(
    "polyline",
    `ends in the middle of a point: ${count} values is not a multiple of ${dims} (${
      dims === 2 ? "lat, lng" : "lat, lng, z"
    })`,
  );
}

/**
 * Bytes reused by {@linkcode asciiBytes} from one call to the next, so decoding
 * does not allocate (and zero) a buffer the size of the string each time. Never
 * grown past {@linkcode SCRATCH_LIMIT}; longer strings get their own.
 */
let scratch = /* @__PURE__ */ new Uint8Array(0);
const SCRATCH_LIMIT = 1_048_576;

/**
 * The string's characters as bytes, followed by four zeros. Reading bytes from a
 * typed array is much cheaper than `charCodeAt`, which dispatches on the
 * string's representation at every call. A string with a non-ASCII character is
 * invalid anyway: every byte before that character matches the string, and at
 * its position there is a byte ≥ 128 or a 0 (where `encodeInto` ran out of
 * room), both outside the alphabet, so the decoder stops there and diagnoses
 * the string itself. Short strings are copied by hand: calling `encodeInto`
 * costs more than that.
 */
function asciiBytes(s: string): Uint8Array {
  const n = s.length;
  let bytes = scratch;
  if (bytes.length < n + 4) {
    bytes = new Uint8Array(n + 4);
    if (n < SCRATCH_LIMIT) scratch = bytes;
  }
  let written = n;
  if (n > 256) {
    written = TEXT_ENCODER.encodeInto(s, bytes.subarray(0, n)).written;
  } else {
    for (let j = 0; j < n; j++) {
      const code = s.charCodeAt(j);
      bytes[j] = code < 128 ? code : 128;
    }
  }
  for (let j = written; j < written + 4; j++) bytes[j] = 0;
  return bytes;
}

/**
 * The number path: decodes the data into `flat` (mode FLAT: returns the value
 * count) or stores one array per point into `list` from index 0, then trims it
 * (mode POINTS: `[lat, lng(, z)]`, mode POSITIONS: `[lng, lat(, z)]`; returns the
 * point count). Returns -1 when a value does not fit the number path, so the
 * caller switches to the exact path.
 *
 * Most values take one or two characters. Each point's latitude and longitude
 * are read without a loop from the next four bytes: table lookups and
 * branch-free arithmetic, so where the longitude starts depends on one lookup,
 * not on a chain of them. Longer values, and anything malformed, go through
 * {@linkcode readValue}. Sums stay integers and are divided by 10^precision only
 * on output.
 */
function decodeNumbers(
  s: string,
  header: Header,
  mode: number,
  flat: Float64Array,
  list: number[][],
): number {
  const n = s.length;
  const bytes = asciiBytes(s);
  const dims = header.thirdDim === ABSENT ? 2 : 3;
  const f = POW10[header.precision];
  const fz = POW10[header.thirdDimPrecision];
  let i = header.start;
  let o = 0;
  let a = 0;
  let b = 0;
  let c = 0;
  // The zeros past the end map to INVALID: a truncated value or point then
  // takes the checked path, which reports it.
  while (i < n) {
    // w0…w3: the 6-bit values of the next four characters (INVALID, with bits
    // 5–7 set, for anything outside the alphabet). k: the latitude's first
    // character continues; x0, x1: the longitude's first two characters (w1, w2
    // or w2, w3); l: x0 continues. The fast case: both values are valid and
    // end within two characters.
    const w0 = DECODE_TABLE[bytes[i]];
    const w1 = DECODE_TABLE[bytes[i + 1]];
    const w2 = DECODE_TABLE[bytes[i + 2]];
    const w3 = DECODE_TABLE[bytes[i + 3]];
    const k = w0 >> 5;
    const x0 = w1 ^ ((w1 ^ w2) & -k);
    const x1 = w2 ^ ((w2 ^ w3) & -k);
    const l = x0 >> 5;
    if ((w0 >> 6) | (k & (w1 >> 5)) | (x0 >> 6) | (l & (x1 >> 5))) {
      a += readValue(bytes, s, i);
      if (!(Math.abs(a) <= SLOW_SUM_LIMIT)) return -1;
      b += readValue(bytes, s, scanned);
      i = scanned;
      if (!(Math.abs(b) <= SLOW_SUM_LIMIT)) return -1;
    } else {
      const u = (w0 & 31) | (((w1 & 31) << 5) & -k);
      const v = (x0 & 31) | (((x1 & 31) << 5) & -l);
      a += (u >>> 1) ^ -(u & 1);
      b += (v >>> 1) ^ -(v & 1);
      i += 2 + k + l;
    }
    if (dims === 3) {
      const v0 = DECODE_TABLE[bytes[i]];
      const v1 = DECODE_TABLE[bytes[i + 1]];
      const m = v0 >> 5;
      if ((v0 >> 6) | (m & (v1 >> 5))) {
        c += readValue(bytes, s, i);
        i = scanned;
        if (!(Math.abs(c) <= SLOW_SUM_LIMIT)) return -1;
      } else {
        const u = (v0 & 31) | (((v1 & 31) << 5) & -m);
        c += (u >>> 1) ^ -(u & 1);
        i += 1 + m;
      }
      if (mode === FLAT) {
        flat[o] = a / f;
        flat[o + 1] = b / f;
        flat[o + 2] = c / fz;
        o += 3;
      } else if (mode === POINTS) {
        list[o++] = [a / f, b / f, c / fz];
      } else {
        list[o++] = [b / f, a / f, c / fz];
      }
    } else if (mode === FLAT) {
      flat[o] = a / f;
      flat[o + 1] = b / f;
      o += 2;
    } else if (mode === POINTS) {
      list[o++] = [a / f, b / f];
    } else {
      list[o++] = [b / f, a / f];
    }
  }
  if (mode !== FLAT) list.length = o;
  return o;
}

/**
 * The exact path: varints, deltas and sums as `BigInt`; each value becomes the
 * double nearest to `sum / 10^precision`.
 */
function decodeBigInts(encoded: string, header: Header): Float64Array {
  const dims = header.thirdDim === ABSENT ? 2 : 3;
  const out = new Float64Array(encoded.length - header.start);
  const sums = [0n, 0n, 0n];
  let o = 0;
  let d = 0;
  let i = header.start;
  while (i < encoded.length) {
    // Up to 10 characters in a number, the rest as BigInt.
    let small = 0;
    let mul = 1;
    let big = 0n;
    let shift = 50n;
    let v: number;
    do {
      const code = encoded.charCodeAt(i);
      v = code < 128 ? DECODE_TABLE[code] : INVALID;
      if (v > 63) scanUnsigned(encoded, i); // throws the precise error
      if (mul < VARINT_LIMIT) {
        small += (v & 31) * mul;
        mul *= 32;
      } else {
        big += BigInt(v & 31) << shift;
        shift += 5n;
      }
      i++;
    } while (v > 31 && i < encoded.length);
    if (v > 31) scanUnsigned(encoded, i - 1); // throws: ends inside a value
    const u = big + BigInt(small);
    const delta = (u & 1n) === 1n ? -((u + 1n) >> 1n) : u >> 1n;
    const sum = sums[d] + delta;
    sums[d] = sum;
    out[o++] = scaledToNumber(
      sum,
      d < 2 ? header.precision : header.thirdDimPrecision,
    );
    d = d + 1 === dims ? 0 : d + 1;
  }
  if (d !== 0) invalid(encoded);
  return out.subarray(0, o);
}

/** The double nearest to `value / 10^digits` (correctly rounded). */
function scaledToNumber(value: bigint, digits: number): number {
  if (value <= MAX_SAFE_BIG && value >= -MAX_SAFE_BIG) {
    // Both operands are exact, and IEEE division rounds correctly.
    return Number(value) / POW10[digits];
  }
  if (digits === 0) return Number(value);
  const negative = value < 0n;
  const text = (negative ? -value : value).toString().padStart(digits + 1, "0");
  const cut = text.length - digits;
  return Number(
    `${negative ? "-" : ""}${text.slice(0, cut)}.${text.slice(cut)}`,
  );
}
