// An incremental parser for Matrix Routing result bodies.
//
// It reads the body as Uint8Array chunks, split anywhere, and never holds
// the whole text: the numeric arrays `matrix.travelTimes`, `matrix.distances`
// and `matrix.errorCodes` are parsed byte by byte straight into typed arrays
// (see _numeric_array.ts), and every other value (`matrixId`,
// `regionDefinition`, `numOrigins`, `error`, unknown keys) is small: its
// bytes are collected and handed to JSON.parse. The structure it walks
// itself is the root object and the `matrix` object; anything it does not
// expect there (a numeric array sent twice among them) is a
// ResultSyntaxError carrying the byte offset and a snippet of the text.

import { parseJsonText } from "@ls/core/internal";
import { isWhitespace, NumericArrayReader } from "./_numeric_array.ts";
import {
  type ArraySource,
  type ExpectedSize,
  isNumericKey,
} from "./_typed_arrays.ts";

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
  /** What is wrong, without the place. */
  readonly reason: string;
  /**
   * The text a few kilobytes around the offset (back into the chunk before
   * this one): wide enough to hold whole any credential that reaches into
   * the snippet, so that a caller can tell whether the snippet shows part
   * of one.
   */
  readonly context: string;

  constructor(
    message: string,
    offset: number,
    snippet: string,
    context = "",
  ) {
    super(`${message} at byte ${offset}: ${snippet}`);
    this.name = "ResultSyntaxError";
    this.offset = offset;
    this.snippet = snippet;
    this.reason = message;
    this.context = context;
  }
}

/** How far {@linkcode ResultSyntaxError.context} reaches past the snippet. */
const CONTEXT_MARGIN = 4096;

/** The most bytes of keys and values kept beside the matrix arrays. */
export const MAX_CAPTURE_BYTES = 8 * 1024 * 1024;

const BOM = [0xef, 0xbb, 0xbf];
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

/**
 * Parses one result body pushed in chunks. `push()` each chunk in order, then
 * `end()`. Throws ResultSyntaxError on malformed input.
 */
export class MatrixResultParser {
  #state = S_ROOT;
  #bom = 0; // bytes of a byte-order mark seen; 3 once past it
  #level = 0; // 1: root object, 2: the matrix object
  #offset = 0; // bytes before the current chunk
  /** The chunk before the current one: the context of an error reaches back. */
  #prev?: Uint8Array;
  #buf: Uint8Array = new Uint8Array(0);

  #top: [string, unknown][] = [];
  #matrix?: ParsedMatrix;
  #numOrigins?: number;
  #numDestinations?: number;
  /** The numeric keys met in a matrix object so far, in any `matrix`. */
  readonly #numericKeys = new Set<string>();

  #key = "";
  #parts: Uint8Array[] = [];
  #captureBytes = 0;
  #escape = false;
  #keyEscaped = false;

  #capDepth = 0;
  #capInString = false;
  #capPrimitive = false;

  readonly #array: NumericArrayReader;

  /**
   * A parser preallocating for `expected` when known, with arrays from
   * `arrays` (default: new ones).
   */
  constructor(expected?: ExpectedSize, arrays?: ArraySource) {
    this.#array = new NumericArrayReader(
      { fail: (message, i) => this.#fail(message, i) },
      expected,
      arrays,
    );
  }

  /**
   * Bytes the parser holds: its typed arrays (read and being read) and the
   * pieces of a key or value being collected. The requested size bounds the
   * arrays and {@linkcode MAX_CAPTURE_BYTES} the pieces, whatever the body
   * claims or however it is split.
   */
  get heldBytes(): number {
    let bytes = this.#array.allocatedBytes;
    for (const [, value] of this.#matrix?.entries ?? []) {
      if (ArrayBuffer.isView(value)) bytes += value.byteLength;
    }
    for (const part of this.#parts) bytes += part.byteLength;
    return bytes;
  }

  /** Parses the next chunk. */
  push(buf: Uint8Array): void {
    this.#prev = this.#buf;
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
          i = this.#array.fill(buf, i, end);
          if (this.#array.done) {
            this.#matrix!.entries.push(this.#array.take());
            this.#state = S_AFTER;
          }
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

  #fail(message: string, i?: number): never {
    if (i === undefined) {
      throw new ResultSyntaxError(message, this.#offset, '""');
    }
    const buf = this.#buf;
    const from = Math.max(0, i - 32);
    const to = Math.min(buf.length, i + 32);
    const snippet = JSON.stringify(
      (from > 0 ? "…" : "") + decoder.decode(buf.subarray(from, to)) +
        (to < buf.length ? "…" : ""),
    );
    // The context reaches CONTEXT_MARGIN bytes past the snippet on both
    // sides, back into the chunk before when needed (a credential split
    // by the network is whole in it). Forward it ends with this chunk.
    const lo = from - CONTEXT_MARGIN;
    const before = lo < 0 && this.#prev
      ? this.#prev.subarray(Math.max(0, this.#prev.length + lo))
      : new Uint8Array(0);
    const context = decoder.decode(before) +
      decoder.decode(buf.subarray(Math.max(0, lo), to + CONTEXT_MARGIN));
    throw new ResultSyntaxError(message, this.#offset + i, snippet, context);
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
        if (this.#level === 2 && isNumericKey(this.#key)) {
          // Each copy would be a whole array held: a body may send each
          // array once, so that it holds at most the requested size.
          if (this.#numericKeys.has(this.#key)) {
            this.#fail(`Repeated "${this.#key}" in the matrix`, i);
          }
          this.#numericKeys.add(this.#key);
        }
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
      this.#array.start(
        this.#key,
        this.#numOrigins,
        this.#numDestinations,
      );
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
