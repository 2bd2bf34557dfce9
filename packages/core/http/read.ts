// The one read path of response bodies: every body the client reads passes
// through here, under the attempt's signal (its timeout, the operation's
// deadline and the caller's abort) and a cap on the decoded bytes.

import type { JsonResponse } from "./spec.ts";
import { lazy } from "../params/lazy.ts";

/** Default cap of a JSON answer's decoded body: 8 MiB. */
export const DEFAULT_MAX_JSON_BYTES = 8_388_608;

/** Default cap of an async job's status response: 1 MiB. */
export const DEFAULT_MAX_STATUS_BYTES = 1_048_576;

/** Default cap of a token or server-time response: 64 KiB. */
export const DEFAULT_MAX_TOKEN_BYTES = 65_536;

/** The most of an error body the client reads: 64 KiB (it keeps 4 KiB). */
export const MAX_ERROR_BYTES = 65_536;

/** The deepest nesting of arrays and objects a JSON answer may have. */
export const MAX_JSON_DEPTH = 512;

/**
 * Thrown by a read when the decoded body passes its cap; the client turns it
 * into a `ResponseTooLargeError` that names the response.
 */
export class BodyTooLarge extends Error {
  /** The cap, in bytes. */
  declare readonly limit: number;

  constructor(limit: number) {
    super(`The response body exceeds ${limit} bytes`);
    this.name = "BodyTooLarge";
    this.limit = limit;
  }
}

/** Thrown by {@linkcode parseJsonText}: why a text is not an acceptable JSON value. */
export class BodyNotJson extends Error {
  /** The text, for the library's error to keep a scrubbed snippet of. */
  declare readonly text: string;

  constructor(message: string, text: string) {
    super(message);
    this.name = "BodyNotJson";
    this.text = text;
  }
}

/** How a body is read: the attempt's signal and the cap on decoded bytes. */
export interface ReadGuard {
  /** Aborts on the attempt's timeout, the deadline or the caller's abort. */
  readonly signal?: AbortSignal;
  /** The most decoded bytes the body may have. */
  readonly maxBytes: number;
}

/** Chunks of a body read under a guard. */
export interface BodyChunks {
  /** The next chunk, valid until the next call; `undefined` at the end. */
  read(): Promise<Uint8Array | undefined>;
  /** Stops reading and releases the connection; never rejects. */
  cancel(): Promise<void>;
}

/**
 * A body's chunks, counted against `guard.maxBytes` (decoded bytes: a
 * compressed bomb stops at the cap) and stopped by `guard.signal`, whether or
 * not the `fetch` that made the response honours signals. With `reuse`, the
 * runtime reads into one 256 KiB buffer where it exposes a byte stream,
 * which spares an allocation per network packet; each chunk is then valid
 * only until the next read.
 */
export function bodyChunks(
  res: Response,
  guard: ReadGuard,
  reuse = false,
): BodyChunks {
  const body = res.body;
  if (!body) return { read: () => Promise.resolve(undefined), cancel: done };
  const { signal, maxBytes } = guard;
  let byob: ReadableStreamBYOBReader | undefined;
  if (reuse) {
    try {
      byob = body.getReader({ mode: "byob" });
    } catch {
      // Not a byte stream.
    }
  }
  const reader = byob ?? body.getReader();
  let buffer = byob ? new ArrayBuffer(256 * 1024) : undefined;
  let total = 0;
  let finished = false;
  const cancel = (): Promise<void> => {
    if (finished) return done();
    finished = true;
    signal?.removeEventListener("abort", onAbort);
    return reader.cancel().catch(() => {});
  };
  // A cancel settles a pending read, whatever the fetch does with the signal.
  const onAbort = () => void cancel();
  signal?.addEventListener("abort", onAbort, { once: true });
  return {
    async read() {
      if (signal?.aborted) {
        await cancel();
        throw signal.reason;
      }
      if (finished) return undefined;
      let value: Uint8Array | undefined;
      try {
        if (byob) {
          const r = await byob.read(new Uint8Array(buffer!));
          if (r.value) buffer = r.value.buffer as ArrayBuffer;
          value = r.done ? undefined : r.value;
        } else {
          const r = await (reader as ReadableStreamDefaultReader<Uint8Array>)
            .read();
          value = r.done ? undefined : r.value;
        }
      } catch (err) {
        finished = true;
        signal?.removeEventListener("abort", onAbort);
        if (signal?.aborted) throw signal.reason;
        throw err;
      }
      if (signal?.aborted) {
        await cancel();
        throw signal.reason;
      }
      if (value === undefined) {
        finished = true;
        signal?.removeEventListener("abort", onAbort);
        return undefined;
      }
      total += value.byteLength;
      if (total > maxBytes) {
        await cancel();
        throw new BodyTooLarge(maxBytes);
      }
      return value;
    },
    cancel,
  };
}

function done(): Promise<void> {
  return Promise.resolve();
}

/** The UTF-8 decoder of bodies read as bytes, made on first use. */
export const utf8Decoder = /* @__PURE__ */ lazy(() => new TextDecoder());

/**
 * The whole body as bytes, under the guard. `keepTo` ends the read early
 * without an error once that many bytes arrived (error bodies: only their
 * start is kept).
 */
export async function readBytes(
  res: Response,
  guard: ReadGuard,
  keepTo?: number,
): Promise<Uint8Array> {
  const chunks = bodyChunks(res, guard);
  // Each chunk is copied out: a runtime's chunk can be a view into a much
  // larger buffer (a 1-byte chunk holding 64 KiB), so keeping the chunks
  // themselves would let a body of tiny chunks hold memory far past its cap.
  let all = new Uint8Array(0);
  let total = 0;
  for (;;) {
    const chunk = await chunks.read();
    if (chunk === undefined) break;
    if (total + chunk.byteLength > all.length) {
      const grown = new Uint8Array(
        Math.max(total + chunk.byteLength, all.length * 2, 4096),
      );
      grown.set(all.subarray(0, total));
      all = grown;
    }
    all.set(chunk, total);
    total += chunk.byteLength;
    if (keepTo !== undefined && total >= keepTo) {
      await chunks.cancel();
      break;
    }
  }
  return all.subarray(0, total);
}

/**
 * The body as text, under the guard. A body of a declared length within the
 * cap, not content-encoded, is read by the runtime in one go (the common
 * case, and the fast one), and ended by the fetch that made it when the
 * signal aborts (it was given that signal); any other is counted chunk by
 * chunk and stopped here.
 */
export async function readText(
  res: Response,
  guard: ReadGuard,
): Promise<string> {
  const length = res.headers.get("content-length");
  const encoding = res.headers.get("content-encoding");
  if (
    length !== null && Number(length) <= guard.maxBytes &&
    (encoding === null || encoding === "identity")
  ) {
    // The transport frames the body by its length: it cannot grow past it;
    // the fetch that made the response ends it when the signal aborts.
    guard.signal?.throwIfAborted();
    return await res.text();
  }
  return utf8Decoder().decode(await readBytes(res, guard));
}

/**
 * Parses a JSON text, refusing nesting deeper than {@linkcode MAX_JSON_DEPTH}
 * (which breaks recursive code later: structured cloning, a caller's walk).
 * The error says what is wrong without quoting the text: a parser's message
 * can hold a piece of the body.
 */
export function parseJsonText(text: string): unknown {
  if (tooDeep(text)) {
    throw new BodyNotJson(
      `Response body nests arrays and objects deeper than ${MAX_JSON_DEPTH} levels`,
      "",
    );
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new BodyNotJson(
      text.trim() === ""
        ? "Empty response body"
        : "Response body is not valid JSON",
      text,
    );
  }
}

/**
 * Parses a JSON answer, which must be an object: every HERE answer is, and
 * `null`, a bare string or a list is a proxy's or a portal's, not the
 * service's. Nesting is bounded as in {@linkcode parseJsonText}.
 */
export function parseJsonObject(text: string): Record<string, unknown> {
  const value = parseJsonText(text);
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new BodyNotJson("Response body is not a JSON object", text);
  }
  return value as Record<string, unknown>;
}

/**
 * Whether the JSON text nests deeper than the limit. Nesting needs brackets:
 * a text with no more `[` and `{` than the limit is cleared by counting them
 * (a native search); only a text with more is scanned in full.
 */
function tooDeep(text: string): boolean {
  // Nesting deeper than the limit takes more brackets than a short text has.
  if (text.length <= MAX_JSON_DEPTH) return false;
  let n = 0;
  for (const open of ["{", "["]) {
    for (let i = text.indexOf(open); i !== -1; i = text.indexOf(open, i + 1)) {
      if (++n > MAX_JSON_DEPTH) return depthOf(text) > MAX_JSON_DEPTH;
    }
  }
  return false;
}

/** The deepest nesting of a JSON text, strings skipped (stops past the limit). */
function depthOf(text: string): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92) i++; // a backslash escapes the next character
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 || c === 123) {
      if (++depth > max && (max = depth) > MAX_JSON_DEPTH) return max;
    } else if (c === 93 || c === 125) depth--;
  }
  return max;
}

/**
 * What a reader of a response body is given: the attempt's signal and the
 * caller's size cap. Read the body with {@linkcode readJsonBody} or
 * {@linkcode bodyChunks}, which honour both.
 */
export interface ReadContext {
  /** Aborts when the attempt times out, the deadline passes or the caller aborts. */
  readonly signal?: AbortSignal;
  /** The caller's `maxResponseBytes`, if any; else the reader's default for its kind. */
  readonly maxBytes?: number;
}

/** Reads a response with an expected status, within its attempt. */
export type ResponseReader<T> = (
  res: Response,
  context: ReadContext,
) => Promise<T>;

/** Reads a JSON answer under the JSON cap (or the caller's). */
export async function readJson(
  res: Response,
  context: ReadContext,
): Promise<JsonResponse> {
  const text = await readText(res, {
    signal: context.signal,
    maxBytes: context.maxBytes ?? DEFAULT_MAX_JSON_BYTES,
  });
  return {
    status: res.status,
    body: parseJsonObject(text),
    headers: res.headers,
    correlationId: res.headers.get("x-correlation-id") ?? undefined,
    requestId: res.headers.get("x-request-id") ?? undefined,
  };
}

/**
 * Reads a whole body and hands back a response that holds it: HERE answers
 * in JSON, so a body that is not (an HTML page, a broken or too deeply
 * nested text) is the client's ApiError, not the caller's SyntaxError later.
 */
export async function buffered(
  res: Response,
  context: ReadContext,
): Promise<Response> {
  const empty = res.status === 204 || res.status === 205 ||
    res.status === 304;
  const text = empty ? "" : await readText(res, {
    signal: context.signal,
    maxBytes: context.maxBytes ?? DEFAULT_MAX_JSON_BYTES,
  });
  if (!empty) parseJsonObject(text);
  const out = new Response(empty ? null : text, {
    status: res.status,
    statusText: res.statusText,
    headers: res.headers,
  });
  // Keep the URL the body came from (a constructed Response has none).
  if (res.url) Object.defineProperty(out, "url", { value: res.url });
  return out;
}

/**
 * Reads a JSON body within a request's attempt: under the context's signal
 * and its cap (default 8 MiB; `defaultMaxBytes` for other kinds of answer),
 * refusing a body that is not a JSON object or nests deeper than 512
 * levels. Errors are turned into the library's by the client that called
 * the reader.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { readJsonBody } from "./read.ts";
 * const body = await readJsonBody(new Response('{"items":[]}'), {
 *   signal: new AbortController().signal,
 * });
 * assert.deepEqual(body, { items: [] });
 * await assert.rejects(readJsonBody(new Response("[]"), {}), { message: "Response body is not a JSON object" });
 * await assert.rejects(readJsonBody(new Response('{"items":[1,2,3]}'), { maxBytes: 8 }), {
 *   message: "The response body exceeds 8 bytes",
 * });
 * ```
 */
export async function readJsonBody(
  res: Response,
  context: ReadContext,
  defaultMaxBytes: number = DEFAULT_MAX_JSON_BYTES,
): Promise<unknown> {
  return parseJsonObject(
    await readText(res, {
      signal: context.signal,
      maxBytes: context.maxBytes ?? defaultMaxBytes,
    }),
  );
}
