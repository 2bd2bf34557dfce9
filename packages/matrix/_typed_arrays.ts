// The typed arrays of a Matrix Routing result (`travelTimes`, `distances`,
// `errorCodes`): their keys, where a reader gets them, how a plain list
// becomes one, and how a tile's arrays are placed into a larger matrix's.

/** The keys inside `matrix` that are held as typed arrays. */
export type NumericKey = "travelTimes" | "distances" | "errorCodes";

/** The keys of {@linkcode NumericKey}, in the order HERE sends them. */
export const NUMERIC_KEYS: readonly NumericKey[] = [
  "travelTimes",
  "distances",
  "errorCodes",
];

/** Whether a key inside `matrix` holds a numeric array. */
export function isNumericKey(key: string): key is NumericKey {
  return (NUMERIC_KEYS as readonly string[]).includes(key);
}

/** Dimensions to preallocate for, when the caller knows them. */
export interface ExpectedSize {
  /** Origins of the request. */
  numOrigins: number;
  /** Destinations of the request. */
  numDestinations: number;
}

/**
 * Where a reader gets the arrays it preallocates for the requested size;
 * without one, new arrays. Their content does not matter: the reader
 * writes every entry it keeps.
 */
export interface ArraySource {
  /** A Float64Array of `length` entries. */
  float64(length: number): Float64Array;
  /** A Uint8Array of `length` entries. */
  uint8(length: number): Uint8Array;
}

/** New arrays: the {@linkcode ArraySource} of a reader given none. */
export const NEW_ARRAYS: ArraySource = {
  float64: (length) => new Float64Array(length),
  uint8: (length) => new Uint8Array(length),
};

/** An error code as stored: an integer 0–255, else 99. */
export function codeOf(v: number): number {
  return v >= 0 && v <= 255 && Number.isInteger(v) ? v : 99;
}

/**
 * A plain array as the reader would have produced it: `Float64Array` with
 * `null` (or any non-number) as NaN, or, for error codes, a `Uint8Array`
 * with anything outside 0–255 or not an integer as 99.
 */
export function typedArrayFrom(
  key: NumericKey,
  list: readonly unknown[],
): Float64Array | Uint8Array {
  if (key === "errorCodes") {
    return Uint8Array.from(
      list,
      (v) => typeof v === "number" ? codeOf(v) : 99,
    );
  }
  return Float64Array.from(list, (v) => typeof v === "number" ? v : NaN);
}

/**
 * An array of `length` entries for `key`, from `arrays`, ready to take
 * tiles: travel times and distances NaN (not computed), error codes 0.
 */
export function emptyArray(
  key: NumericKey,
  length: number,
  arrays: ArraySource = NEW_ARRAYS,
): Float64Array | Uint8Array {
  return key === "errorCodes"
    ? arrays.uint8(length).fill(0)
    : arrays.float64(length).fill(NaN);
}

/** Where a tile's rows go in a larger row-major array. */
export interface Placement {
  /** Rows of the tile. */
  rows: number;
  /** Entries per row of the tile. */
  width: number;
  /** Index in the target of the tile's first entry. */
  at: number;
  /** Entries per row of the target. */
  stride: number;
}

/** Copies a tile's row-major entries into `target` at their place. */
export function placeTile(
  target: Float64Array | Uint8Array,
  part: Float64Array | Uint8Array,
  { rows, width, at, stride }: Placement,
): void {
  for (let r = 0; r < rows; r++) {
    target.set(part.subarray(r * width, (r + 1) * width), at + r * stride);
  }
}
