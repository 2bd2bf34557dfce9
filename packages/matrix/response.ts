/**
 * {@linkcode MatrixRoutingResponse}: a routing matrix held in typed arrays,
 * with accessors by origin and destination, nested-row conversions, and the
 * body as HERE sent it (`raw`, `toJSON()`), built only when asked for.
 *
 * @module
 */

import { ApiResponse, ValueError } from "@ls/core";
import type { RegionDefinitionJson } from "./regions.ts";
import { isNumericKey, NUMERIC_KEYS, typedArrayFrom } from "./_typed_arrays.ts";

/**
 * The `matrix` object of a result with its arrays as typed arrays, flat and
 * row-major by origin: the entry of origin `i` and destination `j` is at
 * `k = numDestinations * i + j`.
 *
 * - `travelTimes` (seconds) and `distances` (metres) are `Float64Array`s:
 *   HERE sends integers, but a `Float64Array` also keeps fractions, `null`
 *   (as `NaN`) and every integer exactly — a `Float32Array` would round
 *   distances above 16,777,216 m, an `Int32Array` would lose `null`.
 * - `errorCodes` is a `Uint8Array` (codes are 0–4 and 99); HERE sends it only
 *   when some entry has an error. A code outside 0–255 or `null` reads as 99,
 *   HERE's "unknown error".
 *
 * Other fields HERE adds are kept as parsed, untyped: read them through
 * the response's `raw`.
 *
 * @example
 * ```ts
 * import type { MatrixData } from "@ls/matrix";
 * const data: MatrixData = {
 *   numOrigins: 1,
 *   numDestinations: 2,
 *   travelTimes: new Float64Array([610, 1220]),
 * };
 * ```
 */
export interface MatrixData {
  /** Number of origins (rows). */
  numOrigins: number;
  /** Number of destinations (columns). */
  numDestinations: number;
  /** Travel times in seconds, when requested. */
  travelTimes?: Float64Array;
  /** Distances in metres, when requested. */
  distances?: Float64Array;
  /** Error codes, present only when at least one entry has an error. */
  errorCodes?: Uint8Array;
}

/**
 * A result body with its matrix in typed arrays: what
 * {@linkcode MatrixRoutingResponse}'s constructor takes.
 *
 * @example
 * ```ts
 * import type { MatrixResultBody } from "@ls/matrix";
 * const body: MatrixResultBody = {
 *   matrixId: "m-1",
 *   matrix: { numOrigins: 1, numDestinations: 1, travelTimes: new Float64Array([0]) },
 *   regionDefinition: { type: "world" },
 * };
 * ```
 */
export interface MatrixResultBody {
  /** HERE's id of the matrix calculation. */
  matrixId?: string;
  /** The matrix. */
  matrix: MatrixData;
  /** The region HERE used (for `autoCircle`, the circle it derived). */
  regionDefinition?: RegionDefinitionJson;
}

/**
 * The `matrix` object as HERE sends it, with plain arrays.
 *
 * @example
 * ```ts
 * import type { MatrixJson } from "@ls/matrix";
 * const m: MatrixJson = { numOrigins: 1, numDestinations: 2, travelTimes: [610, 1220] };
 * ```
 */
export interface MatrixJson {
  /** Number of origins. */
  numOrigins: number;
  /** Number of destinations. */
  numDestinations: number;
  /** Travel times in seconds. */
  travelTimes?: number[];
  /** Distances in metres. */
  distances?: number[];
  /** Error codes (0 OK, 1 no route, 2 no match, 3 violations, 4 outside the region, 99 unknown). */
  errorCodes?: number[];
}

/**
 * A result body as HERE sends it.
 *
 * @example
 * ```ts
 * import type { MatrixRoutingResult } from "@ls/matrix";
 * const json: MatrixRoutingResult = {
 *   matrixId: "m-1",
 *   matrix: { numOrigins: 1, numDestinations: 1, travelTimes: [0] },
 *   regionDefinition: { type: "world" },
 * };
 * ```
 */
export interface MatrixRoutingResult {
  /** HERE's id of the matrix calculation. */
  matrixId?: string;
  /** The matrix. */
  matrix: MatrixJson;
  /** The region HERE used. */
  regionDefinition?: RegionDefinitionJson;
}

/**
 * Known values of a matrix entry's error code. Any other code means an
 * unknown error.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { MatrixErrorCode, MatrixRoutingResponse } from "@ls/matrix";
 * const res = MatrixRoutingResponse.fromJSON({
 *   matrix: { numOrigins: 1, numDestinations: 2, travelTimes: [0, 0], errorCodes: [0, 1] },
 * });
 * assert.equal(res.errorCode(0, 1), MatrixErrorCode.noRoute);
 * ```
 */
export const MatrixErrorCode: {
  readonly ok: 0;
  readonly noRoute: 1;
  readonly noMatch: 2;
  readonly violations: 3;
  readonly outsideRegion: 4;
  readonly unknown: 99;
} = {
  ok: 0,
  noRoute: 1,
  noMatch: 2,
  violations: 3,
  outsideRegion: 4,
  unknown: 99,
} as const;

/**
 * The result of `matrix()`: the matrix in typed arrays, accessors by origin
 * `i` and destination `j`, nested rows on demand, and the body as HERE sent
 * it. `raw` and `toJSON()` turn the typed arrays into plain arrays lazily (on
 * first access of each array), so a large result is not held twice unless a
 * caller asks for it.
 *
 * When `matrix()` tiled a request, this is the merged result, laid out
 * exactly as one call's: `matrixId` is the first tile's, `regionDefinition`
 * is valid for every point.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { MatrixRoutingResponse } from "@ls/matrix";
 * const res = MatrixRoutingResponse.fromJSON({
 *   matrixId: "m-1",
 *   matrix: {
 *     numOrigins: 2,
 *     numDestinations: 3,
 *     travelTimes: [610, 1220, 905, 780, 1410, 640],
 *     errorCodes: [0, 0, 0, 0, 3, 0],
 *   },
 *   regionDefinition: { type: "world" },
 * });
 * assert.equal(res.travelTime(1, 2), 640); // k = 3 * 1 + 2
 * assert.equal(res.errorCode(1, 1), 3);
 * assert.equal(res.distance(0, 0), undefined); // distances were not requested
 * assert.deepEqual(res.toTravelTimesMatrix(), [[610, 1220, 905], [780, 1410, 640]]);
 * ```
 */
export class MatrixRoutingResponse extends ApiResponse<MatrixRoutingResult> {
  /** The matrix, arrays typed. */
  readonly matrix: MatrixData;
  /** HERE's id of the calculation (the first tile's when tiled). */
  readonly matrixId?: string;
  /** The region HERE used; for `autoCircle`, the circle it derived. */
  readonly regionDefinition?: RegionDefinitionJson;

  /**
   * Wraps a result body whose arrays are typed.
   *
   * @throws {ValueError} when the dimensions are not non-negative integers or
   * an array's length is not `numOrigins * numDestinations`
   */
  constructor(
    body: MatrixResultBody,
    tracing: { correlationId?: string; requestId?: string } = {},
  ) {
    checkMatrix(body?.matrix);
    super({
      body: lazyJson(body),
      correlationId: tracing.correlationId,
      requestId: tracing.requestId,
    });
    this.matrix = body.matrix;
    this.matrixId = body.matrixId;
    this.regionDefinition = body.regionDefinition;
  }

  /**
   * Builds a response from a result body with plain arrays (a stored result,
   * for example). `null` entries become `NaN` (times, distances) or 99
   * (error codes).
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { MatrixRoutingResponse } from "@ls/matrix";
   * const res = MatrixRoutingResponse.fromJSON({
   *   matrix: { numOrigins: 1, numDestinations: 1, distances: [4200] },
   * });
   * assert.equal(res.distance(0, 0), 4200);
   * ```
   *
   * @throws {ValueError} when the body has no valid `matrix`
   */
  static fromJSON(
    json: MatrixRoutingResult,
    tracing: { correlationId?: string; requestId?: string } = {},
  ): MatrixRoutingResponse {
    if (typeof json !== "object" || json === null) {
      throw new ValueError("json", "must be a matrix result object", json);
    }
    const matrix = json.matrix;
    if (typeof matrix !== "object" || matrix === null) {
      throw new ValueError("json.matrix", "must be an object", matrix);
    }
    const typed: Record<string, unknown> = { ...matrix };
    for (const key of NUMERIC_KEYS) {
      const list = matrix[key];
      if (list === undefined || list === null) {
        delete typed[key];
        continue;
      }
      if (!Array.isArray(list)) {
        throw new ValueError(`json.matrix.${key}`, "must be an array", list);
      }
      typed[key] = typedArrayFrom(key, list);
    }
    return new MatrixRoutingResponse(
      { ...json, matrix: typed as unknown as MatrixData },
      tracing,
    );
  }

  /**
   * Travel time in seconds from origin `i` to destination `j`, or
   * `undefined` when travel times were not requested. Check
   * {@linkcode MatrixRoutingResponse.errorCode} first: an entry with an error
   * carries no usable value (code 3 may: a route with violations).
   *
   * @throws {ValueError} when `i` or `j` is out of range
   */
  travelTime(i: number, j: number): number | undefined {
    const k = this.#index(i, j);
    return this.matrix.travelTimes?.[k];
  }

  /**
   * Distance in metres from origin `i` to destination `j`, or `undefined`
   * when distances were not requested.
   *
   * @throws {ValueError} when `i` or `j` is out of range
   */
  distance(i: number, j: number): number | undefined {
    const k = this.#index(i, j);
    return this.matrix.distances?.[k];
  }

  /**
   * Error code of the entry from origin `i` to destination `j`: 0 when HERE
   * sent no `errorCodes` (no entry failed). See {@linkcode MatrixErrorCode}.
   *
   * @throws {ValueError} when `i` or `j` is out of range
   */
  errorCode(i: number, j: number): number {
    const k = this.#index(i, j);
    return this.matrix.errorCodes?.[k] ?? 0;
  }

  /**
   * Travel times as rows, `rows[i][j]`, or `undefined` when travel times were
   * not requested.
   */
  toTravelTimesMatrix(): number[][] | undefined {
    return this.#rows(this.matrix.travelTimes);
  }

  /** Distances as rows, `rows[i][j]`, or `undefined` when not requested. */
  toDistancesMatrix(): number[][] | undefined {
    return this.#rows(this.matrix.distances);
  }

  #rows(values: Float64Array | undefined): number[][] | undefined {
    if (!values) return undefined;
    const { numOrigins: n, numDestinations: m } = this.matrix;
    const rows: number[][] = new Array(n);
    for (let i = 0; i < n; i++) {
      rows[i] = Array.from(values.subarray(i * m, (i + 1) * m));
    }
    return rows;
  }

  #index(i: number, j: number): number {
    const { numOrigins: n, numDestinations: m } = this.matrix;
    if (!Number.isInteger(i) || i < 0 || i >= n) {
      throw new ValueError("i", `must be an integer from 0 to ${n - 1}`, i);
    }
    if (!Number.isInteger(j) || j < 0 || j >= m) {
      throw new ValueError("j", `must be an integer from 0 to ${m - 1}`, j);
    }
    return m * i + j;
  }
}

function checkMatrix(matrix: MatrixData | undefined): void {
  if (typeof matrix !== "object" || matrix === null) {
    throw new ValueError("matrix", "must be an object", matrix);
  }
  const { numOrigins: n, numDestinations: m } = matrix;
  for (const [name, v] of [["numOrigins", n], ["numDestinations", m]]) {
    if (typeof v !== "number" || !Number.isSafeInteger(v) || v < 0) {
      throw new ValueError(
        `matrix.${name}`,
        "must be a non-negative integer",
        v,
      );
    }
  }
  for (const key of NUMERIC_KEYS) {
    const values = matrix[key];
    if (values === undefined) continue;
    const ok = key === "errorCodes"
      ? values instanceof Uint8Array
      : values instanceof Float64Array;
    if (!ok) {
      throw new ValueError(
        `matrix.${key}`,
        `must be a ${key === "errorCodes" ? "Uint8Array" : "Float64Array"}`,
        values,
      );
    }
    if (values.length !== n * m) {
      throw new ValueError(
        `matrix.${key}`,
        `must have numOrigins × numDestinations = ${n * m} entries`,
        `${values.length} entries`,
      );
    }
  }
}

/**
 * The body with plain arrays in place of typed ones, each built on first
 * access (and then kept): key order and every other field as given.
 */
function lazyJson(body: MatrixResultBody): MatrixRoutingResult {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    if (key !== "matrix") {
      out[key] = value;
      continue;
    }
    const matrix: Record<string, unknown> = {};
    for (const [mKey, mValue] of Object.entries(value as MatrixData)) {
      if (isNumericKey(mKey) && ArrayBuffer.isView(mValue)) {
        const typed = mValue as Float64Array | Uint8Array;
        Object.defineProperty(matrix, mKey, {
          enumerable: true,
          configurable: true,
          get() {
            const plain = Array.from(typed);
            Object.defineProperty(matrix, mKey, {
              value: plain,
              enumerable: true,
              configurable: true,
              writable: true,
            });
            return plain;
          },
        });
      } else matrix[mKey] = mValue;
    }
    out.matrix = matrix;
  }
  return out as unknown as MatrixRoutingResult;
}
