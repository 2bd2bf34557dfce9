// Arrays kept for reuse between the blocks of matrixRows: once a block's
// rows have been copied out, its arrays take the next block's entries. The
// first write to a fresh large array costs the runtime a page fault every
// few kilobytes, about as much time as parsing the numbers into it; a
// reused array costs nothing.

import type { ArraySource } from "./_typed_arrays.ts";

/** How many arrays of each kind. */
export interface ArrayCounts {
  /** Float64Arrays (travel times, distances). */
  float64: number;
  /** Uint8Arrays (error codes). */
  uint8: number;
}

/** A few free arrays of each length, handed out again before new ones. */
export class ArrayPool implements ArraySource {
  readonly #float64 = new Map<number, Float64Array[]>();
  readonly #uint8 = new Map<number, Uint8Array[]>();
  readonly #keep: Readonly<ArrayCounts>;

  /**
   * A pool keeping at most `keep.float64` free Float64Arrays and
   * `keep.uint8` free Uint8Arrays of each length. Arrays of the same kind
   * and length are interchangeable (travel times and distances take the
   * same Float64Arrays), so each count is of every array of that kind and
   * length that is in use at once: kept fewer, the rest is dropped on
   * release and allocated again.
   */
  constructor(keep: ArrayCounts) {
    this.#keep = { ...keep };
  }

  /** A Float64Array of `length` entries, reused when one is free. */
  float64(length: number): Float64Array {
    return this.#float64.get(length)?.pop() ?? new Float64Array(length);
  }

  /** A Uint8Array of `length` entries, reused when one is free. */
  uint8(length: number): Uint8Array {
    return this.#uint8.get(length)?.pop() ?? new Uint8Array(length);
  }

  /**
   * Takes back an array nothing else refers to any more. Views into a
   * larger buffer, and arrays beyond what the pool keeps, are left to the
   * garbage collector.
   */
  release(array: Float64Array | Uint8Array): void {
    if (
      array.byteOffset !== 0 || array.byteLength !== array.buffer.byteLength
    ) {
      return;
    }
    const float = array instanceof Float64Array;
    const lists: Map<number, (Float64Array | Uint8Array)[]> = float
      ? this.#float64
      : this.#uint8;
    const keep = float ? this.#keep.float64 : this.#keep.uint8;
    let list = lists.get(array.length);
    if (!list) lists.set(array.length, list = []);
    if (list.length < keep && !list.includes(array)) list.push(array);
  }
}
