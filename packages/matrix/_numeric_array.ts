// The numeric arrays of a Matrix Routing result (`travelTimes`, `distances`,
// `errorCodes`), read byte by byte straight into typed arrays.
//
// Numbers: an integer of at most 15 digits is accumulated directly from the
// bytes (exact, no string made); anything else (a sign, a fraction, an
// exponent, more digits) is collected as text of at most MAX_NUMBER_CHARS
// characters, checked against JSON's number grammar and converted with
// Number(). `null` entries become NaN (travel times, distances) or 99, HERE's
// "unknown error" (error codes). Error codes are bytes: a code outside 0–255
// or not an integer is stored as 99 too.
//
// The hot loop writes to one Float64Array only, whatever the key (one
// machine representation, so the engine keeps it monomorphic): travel times
// and distances go straight into their result array; error codes go
// through a small staging array that is flushed into their Uint8Array.

import {
  type ArraySource,
  codeOf,
  type ExpectedSize,
  NEW_ARRAYS,
  type NumericKey,
} from "./_typed_arrays.ts";

/** Where an array reader reports malformed input. */
export interface ArrayHost {
  /**
   * Throws the syntax error `message` at index `i` of the current chunk, or
   * at its start (without a snippet) when `i` is undefined.
   */
  fail(message: string, i?: number): never;
}

/** Largest matrix HERE computes (10,000 × 10,000); caps preallocation. */
const MAX_ENTRIES = 100_000_000;

/**
 * The longest number accepted in an array, in characters: far more than any
 * double needs, and a bound on the text kept while one is read.
 */
export const MAX_NUMBER_CHARS = 100;

/** Error codes staged before they are flushed into their Uint8Array. */
const CODE_STAGE = 4096;

const NULL_BYTES = [0x6e, 0x75, 0x6c, 0x6c]; // "null"
const NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

// Array states.
const A_FIRST = 0; // after "[": a value or "]"
const A_NEXT = 1; // after ",": a value
const A_AFTER = 2; // after a value: "," or "]"
const A_INT = 3; // an integer continues into the next chunk
const A_TEXT = 4; // a number collected as text
const A_LIT = 5; // inside "null"

/** JSON whitespace. */
export function isWhitespace(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
}

function latin1(buf: Uint8Array, from: number, to: number): string {
  return String.fromCharCode.apply(
    null,
    buf.subarray(from, to) as unknown as number[],
  );
}

function validCount(v: unknown): v is number {
  return typeof v === "number" && Number.isSafeInteger(v) && v >= 0;
}

/** Where {@linkcode scanIntegers} stopped (its second result). */
let scanEnd = 0;

/**
 * Reads integers that each end in a comma, from `i` (at a digit) into `out`
 * from `n`, and returns the new `n`; `scanEnd` is where it stopped: at the
 * end, after a comma at a byte that is not a digit, or at the first digit of
 * a number it leaves to the caller (one at the end of the chunk, of more
 * than nine digits, not ending in a comma, or with `out` full). Most of a
 * result's bytes go through this loop: a plain function over few variables
 * is what the engine compiles best.
 */
function scanIntegers(
  buf: Uint8Array,
  i: number,
  end: number,
  out: Float64Array,
  n: number,
): number {
  const cap = out.length;
  for (;;) {
    const start = i;
    let v = buf[i++] - 0x30;
    if (v !== 0) {
      const stop = end - start > 9 ? start + 9 : end;
      while (i < stop) {
        const d = buf[i] - 0x30;
        if (d < 0 || d > 9) break;
        v = (v * 10 + d) | 0;
        i++;
      }
    }
    if (i === end || buf[i] !== 0x2c || n === cap) {
      scanEnd = start;
      return n;
    }
    out[n++] = v;
    if (++i === end) break;
    const c = buf[i];
    if (c < 0x30 || c > 0x39) break;
  }
  scanEnd = i;
  return n;
}

/**
 * Reads one numeric array after its `[`, across chunks: `start()` it, then
 * `fill()` each chunk's bytes until `done`, then `take()` the typed array.
 */
export class NumericArrayReader {
  readonly #host: ArrayHost;
  readonly #expected?: ExpectedSize;
  readonly #arrays: ArraySource;
  #key: NumericKey = "travelTimes";
  /** The values (travel times, distances), or the staged error codes. */
  #out: Float64Array = new Float64Array(0);
  #n = 0;
  /** The error codes flushed so far (error codes only). */
  #codes?: Uint8Array;
  #codesN = 0;
  /** Most entries the array may have: the requested size, if known. */
  #limit = Infinity;
  #nullValue = NaN;
  #aState = A_FIRST;
  #int = 0;
  #intDigits = 0;
  #text = "";
  #lit = 0;
  /** Whether the array's `]` was read. */
  done = false;

  /**
   * A reader reporting to `host`, sized for `expected` when known, taking
   * the arrays it preallocates from `arrays`.
   */
  constructor(
    host: ArrayHost,
    expected?: ExpectedSize,
    arrays: ArraySource = NEW_ARRAYS,
  ) {
    this.#host = host;
    this.#expected = expected;
    this.#arrays = arrays;
  }

  /**
   * Bytes of typed arrays the reader holds: what the requested size (or
   * the entries read) made it allocate, never what a body claims.
   */
  get allocatedBytes(): number {
    return this.#out.byteLength + (this.#codes?.byteLength ?? 0);
  }

  /**
   * Begins the array of `key`, preallocated for the requested size (else
   * for the body's `numOrigins` × `numDestinations`, when read before it).
   */
  start(key: NumericKey, numOrigins: unknown, numDestinations: unknown): void {
    let size = 0;
    this.#limit = Infinity;
    // The requested size wins over the body's claim: a server cannot make
    // the client allocate more than it asked for.
    if (this.#expected) {
      const e = this.#expected.numOrigins * this.#expected.numDestinations;
      if (e <= MAX_ENTRIES) size = e;
      this.#limit = e;
    } else if (
      validCount(numOrigins) && validCount(numDestinations) &&
      numOrigins * numDestinations <= MAX_ENTRIES
    ) {
      size = numOrigins * numDestinations;
    }
    const capacity = size > 0 ? size : 1024;
    this.#key = key;
    if (key === "errorCodes") {
      this.#codes = size > 0
        ? this.#arrays.uint8(capacity)
        : new Uint8Array(capacity);
      this.#codesN = 0;
      this.#out = new Float64Array(Math.min(capacity, CODE_STAGE));
      this.#nullValue = 99;
    } else {
      this.#codes = undefined;
      this.#out = size > 0
        ? this.#arrays.float64(capacity)
        : new Float64Array(capacity);
      this.#nullValue = NaN;
    }
    this.#n = 0;
    this.#aState = A_FIRST;
    this.done = false;
  }

  /** The array read, as its key and typed array; the reader lets go of it. */
  take(): [NumericKey, Float64Array | Uint8Array] {
    let out: Float64Array | Uint8Array;
    let n: number;
    if (this.#codes) {
      this.#flush();
      out = this.#codes;
      n = this.#codesN;
      this.#codes = undefined;
    } else {
      out = this.#out;
      n = this.#n;
    }
    if (n !== out.length) out = out.slice(0, n);
    this.#out = new Float64Array(0);
    return [this.#key, out];
  }

  /**
   * Makes room for one more entry, `n` being the entries in `#out`: grows
   * the values geometrically (never past the requested size), or flushes
   * the staged error codes. Returns the array to write to.
   */
  #room(n: number): Float64Array {
    this.#n = n;
    if (this.#codes) {
      this.#flush();
      return this.#out;
    }
    const old = this.#out;
    this.#check(old.length + 1);
    const next = new Float64Array(
      Math.min(old.length * 2, Math.max(this.#limit, old.length + 1)),
    );
    next.set(old);
    this.#out = next;
    return next;
  }

  /** Fails when `count` entries are more than the requested matrix has. */
  #check(count: number): void {
    if (count > this.#limit) {
      const e = this.#expected!;
      this.#host.fail(
        `matrix.${this.#key} has more than the ${this.#limit} entries of the requested ${e.numOrigins} × ${e.numDestinations} matrix`,
      );
    }
  }

  /** Moves the staged error codes into their Uint8Array. */
  #flush(): void {
    const stage = this.#out;
    const n = this.#n;
    let codes = this.#codes!;
    const at = this.#codesN;
    this.#check(at + n);
    if (at + n > codes.length) {
      const grown = new Uint8Array(
        Math.min(
          Math.max(codes.length * 2, at + n),
          Math.max(this.#limit, at + n),
        ),
      );
      grown.set(codes.subarray(0, at));
      codes = this.#codes = grown;
    }
    for (let k = 0; k < n; k++) codes[at + k] = codeOf(stage[k]);
    this.#codesN = at + n;
    this.#n = 0;
  }

  #end(n: number, i: number): number {
    this.#n = n;
    this.done = true;
    return i + 1;
  }

  /**
   * The hot loop: integers straight from the bytes into the Float64Array.
   * Reads from `i`; returns where it stopped (after the `]` once `done`,
   * else `end`).
   */
  fill(buf: Uint8Array, i: number, end: number): number {
    let out = this.#out;
    let cap = out.length;
    let n = this.#n;
    let st = this.#aState;
    while (i < end) {
      if (st > A_AFTER) {
        this.#n = n;
        i = this.#slowValue(buf, i, end, st);
        st = this.#aState;
        n = this.#n;
        out = this.#out;
        cap = out.length;
        continue;
      }
      let c = buf[i];
      if (st === A_AFTER) {
        if (c === 0x2c) st = A_NEXT;
        else if (c === 0x5d) return this.#end(n, i);
        else if (!isWhitespace(c)) {
          this.#n = n;
          this.#host.fail('Expected "," or "]" in an array', i);
        }
        i++;
        continue;
      }
      let d = c - 0x30;
      if (d >= 0 && d <= 9) {
        const from = i;
        n = scanIntegers(buf, i, end, out, n);
        i = scanEnd;
        if (i !== from) st = A_NEXT; // values and their commas were read
        if (i === end) break;
        c = buf[i];
        d = c - 0x30;
        if (d < 0 || d > 9) continue;
        // A number the scan left: at the chunk's end, longer than nine
        // digits, not ending in a comma, or with no room for it.
        const start = i++;
        let v = d;
        if (d !== 0) {
          const stop = end - start > 15 ? start + 15 : end;
          while (i < stop) {
            d = buf[i] - 0x30;
            if (d < 0 || d > 9) break;
            v = v * 10 + d;
            i++;
          }
        }
        if (i === end) {
          // The number may go on in the next chunk.
          this.#int = v;
          this.#intDigits = i - start;
          st = A_INT;
          break;
        }
        c = buf[i];
        if (c === 0x2c) {
          if (n === cap) {
            out = this.#room(n);
            cap = out.length;
            n = this.#n;
          }
          out[n++] = v;
          st = A_NEXT;
          i++;
          continue;
        }
        // The number ends in something other than a comma.
        if (c >= 0x30 && c <= 0x39) {
          // After a lone 0, or past 15 digits.
          this.#n = n;
          if (v === 0 && i === start + 1) {
            this.#host.fail("Leading zero in a number", start);
          }
          st = A_TEXT;
          this.#text = latin1(buf, start, i);
          continue;
        }
        if (c === 0x2e || c === 0x65 || c === 0x45) {
          st = A_TEXT;
          this.#text = latin1(buf, start, i);
          continue;
        }
        if (n === cap) {
          out = this.#room(n);
          cap = out.length;
          n = this.#n;
        }
        out[n++] = v;
        st = A_AFTER;
        continue;
      }
      if (c === 0x2d) {
        st = A_TEXT;
        this.#text = "";
        continue;
      }
      if (c === 0x6e) {
        st = A_LIT;
        this.#lit = 0;
        continue;
      }
      if (c === 0x5d && st === A_FIRST) return this.#end(n, i);
      if (!isWhitespace(c)) {
        this.#n = n;
        this.#host.fail(
          c === 0x5d ? 'Trailing "," in an array' : "Expected a number",
          i,
        );
      }
      i++;
    }
    this.#n = n;
    this.#aState = st;
    return i;
  }

  /** Integers continued across chunks, numbers as text, and `null`. */
  #slowValue(buf: Uint8Array, i: number, end: number, st: number): number {
    if (st === A_INT) {
      let v = this.#int;
      let digits = this.#intDigits;
      for (; i < end; i++) {
        const c = buf[i];
        if (c < 0x30 || c > 0x39) break;
        if (digits === 1 && v === 0) {
          this.#host.fail("Leading zero in a number", i);
        }
        if (digits === 15) {
          // Beyond exact accumulation: go on as text.
          this.#text = String(v);
          this.#aState = A_TEXT;
          return i;
        }
        v = v * 10 + (c - 0x30);
        digits++;
      }
      if (i === end) {
        this.#int = v;
        this.#intDigits = digits;
        this.#aState = A_INT;
        return i;
      }
      const c = buf[i];
      if (c === 0x2e || c === 0x65 || c === 0x45) {
        this.#text = String(v);
        this.#aState = A_TEXT;
        return i;
      }
      this.#store(v);
      return i;
    }
    if (st === A_TEXT) {
      const from = i;
      const room = MAX_NUMBER_CHARS - this.#text.length;
      const stop = end - i > room ? i + room + 1 : end;
      for (; i < stop; i++) {
        const c = buf[i];
        const numeric = (c >= 0x30 && c <= 0x39) || c === 0x2e || c === 0x2d ||
          c === 0x2b || c === 0x65 || c === 0x45;
        if (!numeric) break;
      }
      if (i - from > room) {
        this.#host.fail(
          `A number longer than ${MAX_NUMBER_CHARS} characters`,
          from,
        );
      }
      this.#text += latin1(buf, from, i);
      if (i === end) {
        this.#aState = A_TEXT;
        return i;
      }
      const text = this.#text;
      this.#text = "";
      if (!NUMBER.test(text)) {
        this.#host.fail(`Invalid number ${JSON.stringify(text)}`, i);
      }
      this.#store(Number(text));
      return i;
    }
    // A_LIT: "null", possibly across chunks.
    let k = this.#lit;
    for (; i < end && k < 4; i++, k++) {
      if (buf[i] !== NULL_BYTES[k]) this.#host.fail("Expected a number", i);
    }
    if (k < 4) {
      this.#lit = k;
      this.#aState = A_LIT;
      return i;
    }
    this.#store(this.#nullValue);
    return i;
  }

  #store(v: number): void {
    let out = this.#out;
    if (this.#n === out.length) out = this.#room(this.#n);
    out[this.#n++] = v;
    this.#aState = A_AFTER;
  }
}
