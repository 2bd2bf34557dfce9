// Arrays kept for reuse between the blocks of matrixRows: once a block's
// rows have been copied out, its arrays take the next block's entries. The
// first write to a fresh large array costs the runtime a page fault every
// few kilobytes, about as much time as parsing the numbers into it; a
// reused array costs nothing.

import type { ArraySource } from "./_numeric_array.ts";

/** A few free arrays of each length, handed out again before new ones. */
export class ArrayPool implements ArraySource {
  readonly #float64 = new Map<number, Float64Array[]>();
  readonly #uint8 = new Map<number, Uint8Array[]>();
  readonly #keep: number;

  /** A pool keeping at most `keep` free arrays of each kind and length. */
  constructor(keep: number) {
    this.#keep = keep;
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
    const lists: Map<number, (Float64Array | Uint8Array)[]> =
      array instanceof Float64Array ? this.#float64 : this.#uint8;
    let list = lists.get(array.length);
    if (!list) lists.set(array.length, list = []);
    if (list.length < this.#keep && !list.includes(array)) list.push(array);
  }
}
