import { parseJsonText } from "@ls/core";

// An incremental parser for Matrix Routing result bodies (wire matrix.md §6).
//
// It reads the body as Uint8Array chunks, split anywhere, and never holds
// the whole text: the numeric arrays `matrix.travelTimes`, `matrix.distances`
// and `matrix.errorCodes` are parsed byte by byte straight into typed arrays
// (preallocated when the dimensions are known), and every other value
// (`matrixId`, `regionDefinition`, `numOrigins`, `error`, unknown keys) is
// small: its bytes are collected and handed to JSON.parse. The structure it
// walks itself is the root object and the `matrix` object; anything it does
// not expect there is a ResultSyntaxError carrying the byte offset and a
// snippet of the text.
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

/** What the parser found inside `matrix`. */
export interface ParsedMatrix {
  /** Entries in body order; a typed array's entry holds the array. */
  entries: [string, unknown][];
}

/** What the parser found. */
export interface ParsedResult {
  /** Top-level entries in body order; `matrix` (when an object) is a ParsedMatrix. */
  entries: [string, unknown][];
  /** The `matrix` object, when there was one. */
  matrix?: ParsedMatrix;
}

/** Malformed result text: where, what, and a snippet around it. */
export class ResultSyntaxError extends Error {
  /** Byte offset in the body. */
  readonly offset: number;
  /** A few bytes around the offset, as JSON string content. */
  readonly snippet: string;

  constructor(message: string, offset: number, snippet: string) {
    super(`${message} at byte ${offset}: ${snippet}`);
    this.name = "ResultSyntaxError";
    this.offset = offset;
    this.snippet = snippet;
  }
}

/** The most bytes of keys and values kept beside the matrix arrays. */
const MAX_CAPTURE_BYTES = 8 * 1024 * 1024;

/** Largest matrix HERE computes (10,000 × 10,000); caps preallocation. */
const MAX_ENTRIES = 100_000_000;

const NULL_BYTES = [0x6e, 0x75, 0x6c, 0x6c]; // "null"
const BOM = [0xef, 0xbb, 0xbf];
const NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;
const decoder = new TextDecoder();

// Parser states.
const S_ROOT = 0; // before the root object
const S_OBJ_OPEN = 1; // after "{": a key or "}"
const S_KEY = 2; // inside a key string
const S_COLON = 3; // after a key
const S_VALUE = 4; // after ":"
const S_AFTER = 5; // after a value: "," or "}"
const S_NEXT_KEY = 6; // after ",": a key
const S_CAPTURE = 7; // inside a value collected for JSON.parse
const S_ARRAY = 8; // inside a numeric array
const S_DONE = 9; // after the root object: only whitespace

// Numeric-array states.
const A_FIRST = 0; // after "[": a value or "]"
const A_NEXT = 1; // after ",": a value
const A_AFTER = 2; // after a value: "," or "]"
const A_INT = 3; // an integer continues into the next chunk
const A_TEXT = 4; // a number collected as text
const A_LIT = 5; // inside "null"

function isWhitespace(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
}

function isNumericKey(key: string): key is NumericKey {
  return key === "travelTimes" || key === "distances" || key === "errorCodes";
}

function latin1(buf: Uint8Array, from: number, to: number): string {
  return String.fromCharCode.apply(
    null,
    buf.subarray(from, to) as unknown as number[],
  );
}

function concat(parts: Uint8Array[], last: Uint8Array): Uint8Array {
  if (parts.length === 0) return last;
  let size = last.length;
  for (const p of parts) size += p.length;
  const out = new Uint8Array(size);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  out.set(last, at);
  return out;
}

function validCount(v: unknown): v is number {
  return typeof v === "number" && Number.isSafeInteger(v) && v >= 0;
}

/**
 * Parses one result body pushed in chunks. `push()` each chunk in order, then
 * `end()`. Throws ResultSyntaxError on malformed input.
 */
export class MatrixResultParser {
  #state = S_ROOT;
  #bom = 0; // bytes of a byte-order mark seen; 3 once past it
  #level = 0; // 1: root object, 2: the matrix object
  #offset = 0; // bytes before the current chunk
  #buf: Uint8Array = new Uint8Array(0);
  readonly #expected?: ExpectedSize;

  #top: [string, unknown][] = [];
  #matrix?: ParsedMatrix;
  #numOrigins?: number;
  #numDestinations?: number;

  #key = "";
  #parts: Uint8Array[] = [];
  #captureBytes = 0;
  #escape = false;
  #keyEscaped = false;

  #capDepth = 0;
  #capInString = false;
  #capPrimitive = false;

  #arrKey: NumericKey = "travelTimes";
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

  constructor(expected?: ExpectedSize) {
    this.#expected = expected;
  }

  /** Parses the next chunk. */
  push(buf: Uint8Array): void {
    this.#buf = buf;
    const end = buf.length;
    let i = 0;
    // A UTF-8 byte-order mark, skipped as TextDecoder skips it.
    while (this.#bom < 3 && i < end) {
      if (buf[i] === BOM[this.#bom]) {
        this.#bom++;
        i++;
      } else if (this.#bom === 0) this.#bom = 3;
      else this.#fail("Broken byte-order mark", i);
    }
    while (i < end) {
      switch (this.#state) {
        case S_ARRAY:
          i = this.#fillArray(buf, i, end);
          break;
        case S_CAPTURE:
          i = this.#capture(buf, i, end);
          break;
        case S_KEY:
          i = this.#readKey(buf, i, end);
          break;
        default:
          i = this.#structure(buf, i);
      }
    }
    this.#offset += end;
  }

  /** Ends the input and returns what was parsed. */
  end(): ParsedResult {
    if (this.#state !== S_DONE) {
      this.#buf = new Uint8Array(0);
      this.#fail(
        this.#state === S_ROOT
          ? "Empty result body"
          : "Result body ended early",
        0,
      );
    }
    return { entries: this.#top, matrix: this.#matrix };
  }

  #fail(message: string, i: number): never {
    const buf = this.#buf;
    const from = Math.max(0, i - 32);
    const to = Math.min(buf.length, i + 32);
    const snippet = JSON.stringify(
      (from > 0 ? "…" : "") + decoder.decode(buf.subarray(from, to)) +
        (to < buf.length ? "…" : ""),
    );
    throw new ResultSyntaxError(message, this.#offset + i, snippet);
  }

  // ------------------------------------------------------------- structure

  #structure(buf: Uint8Array, i: number): number {
    const c = buf[i];
    if (isWhitespace(c)) return i + 1;
    switch (this.#state) {
      case S_ROOT:
        if (c !== 0x7b) this.#fail("Expected the result object", i);
        this.#level = 1;
        this.#state = S_OBJ_OPEN;
        return i + 1;
      case S_OBJ_OPEN:
      case S_NEXT_KEY:
        if (c === 0x22) {
          this.#parts = [];
          this.#escape = false;
          this.#keyEscaped = false;
          this.#state = S_KEY;
          return i + 1;
        }
        if (c === 0x7d && this.#state === S_OBJ_OPEN) return this.#close(i);
        return this.#fail("Expected a key", i);
      case S_COLON:
        if (c !== 0x3a) this.#fail('Expected ":" after a key', i);
        this.#state = S_VALUE;
        return i + 1;
      case S_VALUE:
        return this.#startValue(buf, i);
      case S_AFTER:
        if (c === 0x2c) {
          this.#state = S_NEXT_KEY;
          return i + 1;
        }
        if (c === 0x7d) return this.#close(i);
        return this.#fail('Expected "," or "}"', i);
      default:
        return this.#fail("Unexpected data after the result object", i);
    }
  }

  #close(i: number): number {
    if (this.#level === 2) {
      this.#level = 1;
      this.#state = S_AFTER;
    } else {
      this.#level = 0;
      this.#state = S_DONE;
    }
    return i + 1;
  }

  #readKey(buf: Uint8Array, i: number, end: number): number {
    const from = i;
    let escape = this.#escape;
    for (; i < end; i++) {
      const c = buf[i];
      if (escape) escape = false;
      else if (c === 0x5c) {
        escape = true;
        this.#keyEscaped = true;
      } else if (c === 0x22) {
        const bytes = concat(this.#parts, buf.subarray(from, i));
        this.#parts = [];
        const text = decoder.decode(bytes);
        if (this.#keyEscaped) {
          try {
            this.#key = JSON.parse(`"${text}"`);
          } catch {
            this.#fail("Invalid escape in a key", i);
          }
        } else this.#key = text;
        this.#state = S_COLON;
        return i + 1;
      } else if (c < 0x20) this.#fail("Control character in a key", i);
    }
    this.#escape = escape;
    this.#keep(buf.slice(from, end), i);
    return end;
  }

  #startValue(buf: Uint8Array, i: number): number {
    const c = buf[i];
    if (this.#level === 1 && this.#key === "matrix" && c === 0x7b) {
      this.#matrix = { entries: [] };
      this.#top.push(["matrix", this.#matrix]);
      this.#level = 2;
      this.#state = S_OBJ_OPEN;
      return i + 1;
    }
    if (this.#level === 2 && c === 0x5b && isNumericKey(this.#key)) {
      this.#startArray(this.#key);
      this.#state = S_ARRAY;
      return i + 1;
    }
    this.#parts = [];
    this.#capDepth = 0;
    this.#capInString = false;
    this.#escape = false;
    this.#capPrimitive = c !== 0x7b && c !== 0x5b && c !== 0x22;
    this.#state = S_CAPTURE;
    return i;
  }

  // ---------------------------------------------- values for JSON.parse

  #capture(buf: Uint8Array, i: number, end: number): number {
    const from = i;
    if (this.#capPrimitive) {
      for (; i < end; i++) {
        const c = buf[i];
        if (c === 0x2c || c === 0x7d || c === 0x5d || isWhitespace(c)) {
          this.#captured(buf.subarray(from, i), i);
          return i;
        }
      }
    } else {
      let depth = this.#capDepth;
      let inString = this.#capInString;
      let escape = this.#escape;
      for (; i < end; i++) {
        const c = buf[i];
        if (inString) {
          if (escape) escape = false;
          else if (c === 0x5c) escape = true;
          else if (c === 0x22) {
            inString = false;
            if (depth === 0) {
              this.#captured(buf.subarray(from, i + 1), i);
              return i + 1;
            }
          }
        } else if (c === 0x22) inString = true;
        else if (c === 0x7b || c === 0x5b) depth++;
        else if (c === 0x7d || c === 0x5d) {
          if (--depth <= 0) {
            this.#captured(buf.subarray(from, i + 1), i);
            return i + 1;
          }
        }
      }
      this.#capDepth = depth;
      this.#capInString = inString;
      this.#escape = escape;
    }
    this.#keep(buf.slice(from, end), i);
    return end;
  }

  /** Keeps a piece of a key or value, within MAX_CAPTURE_BYTES in all. */
  #keep(part: Uint8Array, i: number): void {
    this.#captureBytes += part.length;
    if (this.#captureBytes > MAX_CAPTURE_BYTES) {
      this.#fail(
        `The keys and values beside the matrix arrays pass ${MAX_CAPTURE_BYTES} bytes`,
        i,
      );
    }
    this.#parts.push(part);
  }

  #captured(last: Uint8Array, i: number): void {
    const bytes = concat(this.#parts, last);
    this.#parts = [];
    let value: unknown;
    try {
      value = parseJsonText(decoder.decode(bytes));
    } catch {
      this.#fail(
        bytes.length === 0
          ? `Expected a value for "${this.#key}"`
          : `Invalid JSON value for "${this.#key}"`,
        i,
      );
    }
    this.#state = S_AFTER;
    const key = this.#key;
    if (this.#level === 1) {
      if (key === "matrix") this.#matrix = undefined;
      this.#top.push([key, value]);
      return;
    }
    if (isNumericKey(key)) {
      // Only `null` stands in for a missing array; anything else is wrong.
      if (value === null) return;
      this.#fail(`Expected an array of numbers for "${key}"`, i);
    }
    if (key === "numOrigins") this.#numOrigins = value as number;
    if (key === "numDestinations") this.#numDestinations = value as number;
    this.#matrix!.entries.push([key, value]);
  }

  // ------------------------------------------------------ numeric arrays

  #startArray(key: NumericKey): void {
    let size = 0;
    const o = this.#numOrigins;
    const d = this.#numDestinations;
    // The requested size wins over the body's claim: a server cannot make
    // the client allocate more than it asked for.
    if (this.#expected) {
      const { numOrigins, numDestinations } = this.#expected;
      const e = numOrigins * numDestinations;
      if (e <= MAX_ENTRIES) size = e;
    } else if (validCount(o) && validCount(d) && o * d <= MAX_ENTRIES) {
      size = o * d;
    }
    const capacity = size > 0 ? size : 1024;
    this.#arrKey = key;
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
  }

  #grow(): Float64Array | Uint8Array {
    const old = this.#out;
    const expected = this.#expected;
    if (
      expected && old.length >= expected.numOrigins * expected.numDestinations
    ) {
      // More entries than the request can have: stop instead of growing.
      throw new ResultSyntaxError(
        `matrix.${this.#arrKey} has more than the ${
          expected.numOrigins * expected.numDestinations
        } entries of the requested ${expected.numOrigins} × ${expected.numDestinations} matrix`,
        this.#offset,
        '""',
      );
    }
    const next = old instanceof Uint8Array
      ? new Uint8Array(old.length * 2)
      : new Float64Array(old.length * 2);
    next.set(old);
    this.#out = next;
    return next;
  }

  #endArray(n: number): void {
    let out = this.#out;
    if (n !== out.length) out = out.slice(0, n);
    this.#out = new Float64Array(0);
    this.#matrix!.entries.push([this.#arrKey, out]);
    this.#state = S_AFTER;
  }

  /** The hot loop: integers straight into the typed array. */
  #fillArray(buf: Uint8Array, i: number, end: number): number {
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
        else if (c === 0x5d) {
          this.#endArray(n);
          return i + 1;
        } else if (!isWhitespace(c)) {
          this.#n = n;
          this.#fail('Expected "," or "]" in an array', i);
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
          this.#fail("Leading zero in a number", start);
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
      if (c === 0x5d && st === A_FIRST) {
        this.#endArray(n);
        return i + 1;
      }
      if (!isWhitespace(c)) {
        this.#n = n;
        this.#fail(
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
        if (digits === 1 && v === 0) this.#fail("Leading zero in a number", i);
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
        this.#fail(`Invalid number ${JSON.stringify(text)}`, i);
      }
      this.#store(Number(text));
      return i;
    }
    // A_LIT: "null", possibly across chunks.
    let k = this.#lit;
    for (; i < end && k < 4; i++, k++) {
      if (buf[i] !== NULL_BYTES[k]) this.#fail("Expected a number", i);
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
 * A plain array as the parser would have produced it: `Float64Array` with
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

/** Parses a whole body held in memory (tests, small bodies). */
export function parseResultBytes(
  bytes: Uint8Array,
  expected?: ExpectedSize,
): ParsedResult {
  const parser = new MatrixResultParser(expected);
  parser.push(bytes);
  return parser.end();
}
