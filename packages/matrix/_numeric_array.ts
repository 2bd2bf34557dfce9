// The numeric arrays of a Matrix Routing result (`travelTimes`, `distances`,
// `errorCodes`), read byte by byte straight into typed arrays.
//
// Numbers: an integer of at most 15 digits is accumulated directly (exact);
// anything else (a sign, a fraction, an exponent, more digits) is collected
// as text, checked against JSON's number grammar and converted with Number().
// `null` entries become NaN (travel times, distances) or 99, HERE's "unknown
// error" (error codes). Error codes are bytes: a code outside 0–255 or not an
// integer is stored as 99 too.

/** The keys inside `matrix` that are parsed into typed arrays. */
export type NumericKey = "travelTimes" | "distances" | "errorCodes";

/** Dimensions to preallocate for, when the caller knows them. */
export interface ExpectedSize {
  /** Origins of the request. */
  numOrigins: number;
  /** Destinations of the request. */
  numDestinations: number;
}

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

/** Whether a key inside `matrix` holds a numeric array. */
export function isNumericKey(key: string): key is NumericKey {
  return key === "travelTimes" || key === "distances" || key === "errorCodes";
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

/**
 * Reads one numeric array after its `[`, across chunks: `start()` it, then
 * `fill()` each chunk's bytes until `done`, then `take()` the typed array.
 */
export class NumericArrayReader {
  readonly #host: ArrayHost;
  readonly #expected?: ExpectedSize;
  #key: NumericKey = "travelTimes";
  #out: Float64Array | Uint8Array = new Float64Array(0);
  #n = 0;
  #max = Infinity;
  #over = 99;
  #nullValue = NaN;
  #aState = A_FIRST;
  #int = 0;
  #intDigits = 0;
  #text = "";
  #lit = 0;
  /** Whether the array's `]` was read. */
  done = false;

  /** A reader reporting to `host`, sized for `expected` when known. */
  constructor(host: ArrayHost, expected?: ExpectedSize) {
    this.#host = host;
    this.#expected = expected;
  }

  /**
   * Begins the array of `key`, preallocated for the requested size (else
   * for the body's `numOrigins` × `numDestinations`, when read before it).
   */
  start(key: NumericKey, numOrigins: unknown, numDestinations: unknown): void {
    let size = 0;
    // The requested size wins over the body's claim: a server cannot make
    // the client allocate more than it asked for.
    if (this.#expected) {
      const e = this.#expected.numOrigins * this.#expected.numDestinations;
      if (e <= MAX_ENTRIES) size = e;
    } else if (
      validCount(numOrigins) && validCount(numDestinations) &&
      numOrigins * numDestinations <= MAX_ENTRIES
    ) {
      size = numOrigins * numDestinations;
    }
    const capacity = size > 0 ? size : 1024;
    this.#key = key;
    if (key === "errorCodes") {
      this.#out = new Uint8Array(capacity);
      this.#max = 255;
      this.#nullValue = 99;
    } else {
      this.#out = new Float64Array(capacity);
      this.#max = Infinity;
      this.#nullValue = NaN;
    }
    this.#n = 0;
    this.#aState = A_FIRST;
    this.done = false;
  }

  /** The array read, as its key and typed array; the reader lets go of it. */
  take(): [NumericKey, Float64Array | Uint8Array] {
    let out = this.#out;
    if (this.#n !== out.length) out = out.slice(0, this.#n);
    this.#out = new Float64Array(0);
    return [this.#key, out];
  }

  #grow(): Float64Array | Uint8Array {
    const old = this.#out;
    const expected = this.#expected;
    if (
      expected && old.length >= expected.numOrigins * expected.numDestinations
    ) {
      // More entries than the request can have: stop instead of growing.
      this.#host.fail(
        `matrix.${this.#key} has more than the ${
          expected.numOrigins * expected.numDestinations
        } entries of the requested ${expected.numOrigins} × ${expected.numDestinations} matrix`,
      );
    }
    const next = old instanceof Uint8Array
      ? new Uint8Array(old.length * 2)
      : new Float64Array(old.length * 2);
    next.set(old);
    this.#out = next;
    return next;
  }

  #end(n: number, i: number): number {
    this.#n = n;
    this.done = true;
    return i + 1;
  }

  /**
   * The hot loop: integers straight into the typed array. Reads from `i`;
   * returns where it stopped (after the `]` once `done`, else `end`).
   */
  fill(buf: Uint8Array, i: number, end: number): number {
    let out = this.#out;
    let cap = out.length;
    let n = this.#n;
    let st = this.#aState;
    const max = this.#max;
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
      if (c >= 0x30 && c <= 0x39) {
        const start = i;
        let v = c - 0x30;
        i++;
        while (i < end) {
          c = buf[i];
          if (c < 0x30 || c > 0x39) break;
          v = v * 10 + (c - 0x30);
          i++;
        }
        const digits = i - start;
        if (digits > 1 && buf[start] === 0x30) {
          this.#host.fail("Leading zero in a number", start);
        }
        if (i === end) {
          // The number may go on in the next chunk.
          if (digits <= 15) {
            st = A_INT;
            this.#int = v;
            this.#intDigits = digits;
          } else {
            st = A_TEXT;
            this.#text = latin1(buf, start, end);
          }
          break;
        }
        if (digits > 15 || c === 0x2e || c === 0x65 || c === 0x45) {
          st = A_TEXT;
          this.#text = latin1(buf, start, i);
          continue;
        }
        if (n === cap) {
          out = this.#grow();
          cap = out.length;
        }
        out[n++] = v <= max ? v : this.#over;
        if (c === 0x2c) {
          st = A_NEXT;
          i++;
        } else st = A_AFTER;
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
      for (; i < end; i++) {
        const c = buf[i];
        const numeric = (c >= 0x30 && c <= 0x39) || c === 0x2e || c === 0x2d ||
          c === 0x2b || c === 0x65 || c === 0x45;
        if (!numeric) break;
      }
      this.#text += latin1(buf, from, i);
      if (i === end) {
        this.#aState = A_TEXT;
        return i;
      }
      const text = this.#text;
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
    const max = this.#max;
    if (max !== Infinity && !(Number.isInteger(v) && v >= 0 && v <= max)) {
      v = this.#over;
    }
    let out = this.#out;
    if (this.#n === out.length) out = this.#grow();
    out[this.#n++] = v;
    this.#aState = A_AFTER;
  }
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
      (v) =>
        typeof v === "number" && Number.isInteger(v) && v >= 0 && v <= 255
          ? v
          : 99,
    );
  }
  return Float64Array.from(list, (v) => typeof v === "number" ? v : NaN);
}
