// The output side of geocode_csv.ts: a CSV or GeoJSON file appended one row
// at a time, read back when a run resumes (the complete rows are kept, rows
// to redo are taken out), and write failures that say what is safe.

import { type ParseOptions, parseRecords } from "./_csv_parse.ts";
import { stringify } from "csv-stringify/sync";
import type { Feature, Point } from "geojson";

/** How a row ended, as the output's status column says. */
export type RowStatus = "found" | "no_match" | "failed" | "failed_temporarily";

const STATUSES: ReadonlySet<string> = new Set<RowStatus>([
  "found",
  "no_match",
  "failed",
  "failed_temporarily",
]);

/** The columns a CSV output has after the input's. */
export const RESULT_COLUMNS: readonly string[] = [
  "geocode_index",
  "geocode_status",
  "geocode_lat",
  "geocode_lng",
  "geocode_title",
  "geocode_resultType",
  "geocode_error",
];

/** The properties a GeoJSON Feature has after the input's columns. */
export const RESULT_PROPERTIES: readonly string[] = [
  "geocode_index",
  "geocode_status",
  "geocode_title",
  "geocode_resultType",
  "geocode_error",
];

/** One row's outcome, as written. */
export interface Outcome {
  index: number;
  /** The input's fields, one per column of its header. */
  record: string[];
  status: RowStatus;
  lat?: number;
  lng?: number;
  title?: string;
  resultType?: string;
  error?: string;
}

/** Where outcomes go. */
export interface Sink {
  /** The indices of the rows the output holds and keeps. */
  done: Set<number>;
  /** Appends one row. */
  write(outcome: Outcome): Promise<void>;
  /** Ends the output; after a failed write, only lets the file go. */
  close(): Promise<void>;
}

/** What a sink is opened with. */
export interface SinkOptions {
  path: string | URL;
  /** The input's columns. */
  header: string[];
  delimiter: string;
  /** Whether a row already in the output with this status is done again. */
  redo: (status: RowStatus) => boolean;
  /** Stops the reading and rewriting of the output. */
  signal?: AbortSignal;
}

/**
 * The error for a write that failed: it names the file, says why (a full
 * disk in words), and how many rows the file holds whole.
 */
export function writeFailure(
  path: string | URL,
  error: unknown,
  rows: number,
): Error {
  const code = (error as { code?: unknown } | null)?.code;
  const why = code === "ENOSPC"
    ? "the disk is full"
    : code === "EDQUOT"
    ? "the disk quota is used up"
    : error instanceof Error
    ? error.message
    : String(error);
  return new Error(
    `Could not write to ${path}: ${why}. The ${rows} ${
      rows === 1 ? "row" : "rows"
    } written before are safe in it: ${
      code === "ENOSPC" || code === "EDQUOT" ? "free some space, then " : ""
    }run again with the same output to resume`,
    { cause: error },
  );
}

/** Writes all of `bytes`, however many calls it takes. */
async function writeAll(file: Deno.FsFile, bytes: Uint8Array): Promise<void> {
  // `file.writable` resolves a write that the disk took only in part; a
  // plain `write` says how much it took.
  for (let at = 0; at < bytes.length;) {
    at += await file.write(bytes.subarray(at));
  }
}

/**
 * Opens the output for reading and writing and takes an exclusive lock on
 * it, so that two runs never write one output; checks that the lock is on
 * the file the path names now (a run that rewrote it may have renamed
 * another one over it).
 */
async function lock(shown: string | URL, target: string | URL) {
  for (let attempt = 0;; attempt++) {
    let file: Deno.FsFile;
    try {
      file = await Deno.open(target, { read: true, write: true, create: true });
    } catch (error) {
      throw new Error(`Cannot write to ${shown}: ${(error as Error).message}`, {
        cause: error,
      });
    }
    let current = false;
    try {
      const info = await file.stat();
      if (!info.isFile) {
        throw new Error(
          `${shown} is not a regular file: name a file for the output`,
        );
      }
      if (!await file.tryLock(true)) {
        throw new Error(
          `Another run is writing to ${shown}: wait for it to end, or name another output`,
        );
      }
      const now = await Deno.stat(target).catch(() => undefined);
      current = now !== undefined &&
        (info.ino === null || (now.ino === info.ino && now.dev === info.dev));
    } catch (error) {
      file.close();
      throw error;
    }
    if (current) return file;
    file.close();
    if (attempt === 3) {
      throw new Error(
        `${shown} keeps being replaced while this run opens it: is another program writing to it?`,
      );
    }
  }
}

/**
 * The output of a run, locked for it: read back, rewritten when rows are
 * taken out, and appended to.
 */
class Output {
  #file: Deno.FsFile;
  /** The path as given, for messages. */
  readonly shown: string | URL;
  /** The file written: the path with its links resolved. */
  readonly target: string | URL;
  #rows = 0;
  #failure: Error | undefined;

  private constructor(
    file: Deno.FsFile,
    shown: string | URL,
    target: string | URL,
  ) {
    this.#file = file;
    this.shown = shown;
    this.target = target;
  }

  /** Takes the output at `path`, creating it empty if it does not exist. */
  static async take(path: string | URL): Promise<Output> {
    if (path instanceof URL && path.protocol !== "file:") {
      throw new Error(`${path} is not a file: give a path or a file: URL`);
    }
    let target: string | URL = path;
    try {
      // Written through a link, not over it.
      target = await Deno.realPath(path);
    } catch (error) {
      if (!(error instanceof Deno.errors.NotFound)) {
        throw new Error(
          `Cannot write to ${path}: ${(error as Error).message}`,
          { cause: error },
        );
      }
    }
    return new Output(await lock(path, target), path, target);
  }

  /** Bytes in the file. */
  async size(): Promise<number> {
    return (await this.#file.stat()).size;
  }

  /** Takes the lock on the file a rewrite renamed over the path. */
  async relock(): Promise<void> {
    const next = await lock(this.shown, this.target);
    this.#file.close();
    this.#file = next;
  }

  /**
   * Cuts the file to `keep` bytes holding `rows` rows, to append after; an
   * empty file gets `head`, the first line a run writes.
   */
  async begin(keep: number, rows: number, head: Uint8Array): Promise<void> {
    if (await this.size() !== keep) await this.#file.truncate(keep);
    await this.#file.seek(keep, Deno.SeekMode.Start);
    this.#rows = rows;
    if (keep === 0) await this.append(head, false);
  }

  /** Appends `bytes`: one more row when `row`. */
  async append(bytes: Uint8Array, row: boolean): Promise<void> {
    if (this.#failure) throw this.#failure;
    try {
      await writeAll(this.#file, bytes);
    } catch (error) {
      this.#failure = writeFailure(this.shown, error, this.#rows);
      throw this.#failure;
    }
    if (row) this.#rows++;
  }

  /** Appends `tail` unless a write failed, and lets the file go. */
  async close(tail?: Uint8Array): Promise<void> {
    try {
      if (tail && !this.#failure) await this.append(tail, false);
    } finally {
      this.#file.close();
    }
  }

  /** Lets the file go, after a failure before any write. */
  abandon(): void {
    this.#file.close();
  }
}

/** The bytes `from` to `to` of an open file, streamed. */
async function* span(
  file: Deno.FsFile,
  from: number,
  to: number,
): AsyncGenerator<Uint8Array> {
  await file.seek(from, Deno.SeekMode.Start);
  const block = new Uint8Array(65_536);
  while (from < to) {
    const n = await file.read(
      block.subarray(0, Math.min(block.length, to - from)),
    );
    if (n === null) return;
    from += n;
    yield block.slice(0, n);
  }
}

/**
 * The bytes of a file up to and including its last newline, streamed: what
 * a run finished writing, without a line it was cut off in.
 */
async function completeLines(
  path: string | URL,
  size: number,
): Promise<ReadableStream<Uint8Array>> {
  const file = await Deno.open(path);
  let end = 0;
  try {
    const block = new Uint8Array(65_536);
    for (let at = size; at > 0 && end === 0;) {
      const from = Math.max(0, at - block.length);
      await file.seek(from, Deno.SeekMode.Start);
      let got = 0;
      while (got < at - from) {
        const n = await file.read(block.subarray(got, at - from));
        if (n === null) break;
        got += n;
      }
      const nl = block.subarray(0, got).lastIndexOf(0x0a);
      if (nl >= 0) end = from + nl + 1;
      at = from;
    }
  } catch (e) {
    file.close();
    throw e;
  }
  const bytes = span(file, 0, end);
  return new ReadableStream({
    async pull(controller) {
      const { done, value } = await bytes.next();
      if (done) {
        file.close();
        controller.close();
      } else controller.enqueue(value);
    },
    cancel: () => file.close(),
  });
}

/**
 * Whether a file of `size` bytes is a proper prefix of `first`, the first
 * line a run writes: a run was stopped while writing it, and the file is
 * written again from the start.
 */
async function cutOffIn(
  path: string | URL,
  size: number,
  first: Uint8Array,
): Promise<boolean> {
  if (size >= first.length) return false;
  const bytes = await Deno.readFile(path);
  return bytes.length < first.length &&
    bytes.every((byte, i) => byte === first[i]);
}

/**
 * Writes `pieces` to a file beside the output and renames it over the
 * output: the old file stays whole until the new one is. A leftover of a
 * rewrite that was killed is removed first (never written through).
 */
async function rewrite(
  output: Output,
  pieces: AsyncIterable<Uint8Array>,
  rows: number,
  signal: AbortSignal | undefined,
): Promise<number> {
  const { target } = output;
  const temp = typeof target === "string"
    ? `${target}.resume`
    : new URL(`${target.href}.resume`);
  const before = await Deno.stat(target);
  let size = 0;
  let file: Deno.FsFile | undefined;
  try {
    await Deno.remove(temp).catch((e) => {
      if (!(e instanceof Deno.errors.NotFound)) throw e;
    });
    file = await Deno.open(temp, { createNew: true, write: true });
    if (before.mode !== null && Deno.build.os !== "windows") {
      // The copy keeps the output's permissions.
      await Deno.chmod(temp, before.mode & 0o7777);
    }
    for await (const piece of pieces) {
      signal?.throwIfAborted();
      await writeAll(file, piece);
      size += piece.length;
    }
    file.close();
    file = undefined;
    await Deno.rename(temp, target);
  } catch (error) {
    file?.close();
    await Deno.remove(temp).catch(() => {});
    if (signal?.aborted) throw error;
    const code = (error as { code?: unknown } | null)?.code;
    const full = code === "ENOSPC" || code === "EDQUOT";
    const why = full
      ? "the disk is full"
      : error instanceof Error
      ? error.message
      : String(error);
    throw new Error(
      `Could not take the rows to do again out of ${output.shown}: ${why}. It is as it was, and its ${rows} rows are safe: ${
        full
          ? `free some space beside it (the rewrite needs about ${
            Math.ceil(before.size / 1024)
          } KiB for a copy), then `
          : ""
      }run again with the same output`,
      { cause: error },
    );
  }
  await output.relock();
  return size;
}

/** Thrown by a record check to stop the reading there. */
const STOP = Symbol("stop");

/**
 * A CSV output: the header, then one row per outcome. Resuming, the rows
 * up to the first one that is incomplete or unreadable are read: those to
 * redo are taken out of the file, the others count as done, and the rest
 * of the file is cut off. A file that is only the start of the header is
 * written again.
 */
export async function csvSink(options: SinkOptions): Promise<Sink> {
  const { delimiter, redo, signal } = options;
  const columns = [...options.header, ...RESULT_COLUMNS];
  const done = new Set<number>();
  const encoder = new TextEncoder();
  const line = (fields: unknown[]) =>
    encoder.encode(stringify([fields], { delimiter }));
  const head = line(columns);
  const out = await Output.take(options.path);
  try {
    const { target, shown } = out;
    const size = await out.size();
    let keep = 0;
    let rows = 0;
    if (size > 0 && !await cutOffIn(target, size, head)) {
      const indexAt = options.header.length;
      /** Byte ranges of the rows to redo. */
      const drop: [number, number][] = [];
      let start = 0;
      const parsing: ParseOptions = {
        delimiter,
        // What this script writes, or what an editor saved it as.
        record_delimiter: ["\r\n", "\n"],
        bom: true,
        relax_column_count: true,
        // Each record is checked as the parser finds it, so a parse error
        // further on (a quoted field cut off by an interrupted run) cannot
        // take back rows already read.
        on_record: (record: string[], info: { bytes: number }) => {
          if (signal?.aborted) throw STOP;
          if (start === 0) {
            if (record.join("\u0000") !== columns.join("\u0000")) throw STOP;
          } else {
            const index = record[indexAt];
            const status = record[indexAt + 1];
            if (
              record.length !== columns.length || !/^\d{1,15}$/.test(index) ||
              !STATUSES.has(status)
            ) throw STOP;
            if (redo(status as RowStatus)) drop.push([start, info.bytes]);
            else {
              done.add(Number(index));
              rows++;
            }
          }
          start = keep = info.bytes;
          return undefined;
        },
      };
      try {
        for await (
          const _ of parseRecords(await completeLines(target, size), parsing)
        ) {
          // Every record is taken by `on_record`.
        }
      } catch {
        // The end of what counts as done: a row cut off, or not ours.
      }
      // Stopped while reading: nothing is cut.
      signal?.throwIfAborted();
      if (keep === 0) {
        throw new Error(
          `${shown} does not start with the columns this run writes (${
            columns.join(delimiter)
          }): name another output, or delete it to start again`,
        );
      }
      if (drop.length > 0) {
        keep = await rewrite(
          out,
          spans(target, drop, keep),
          rows + drop.length,
          signal,
        );
      }
    }
    await out.begin(keep, rows, head);
  } catch (error) {
    out.abandon();
    throw error;
  }
  return {
    done,
    write: (o) =>
      out.append(
        line([
          ...o.record,
          o.index,
          o.status,
          o.lat ?? "",
          o.lng ?? "",
          o.title ?? "",
          o.resultType ?? "",
          o.error ?? "",
        ]),
        true,
      ),
    close: () => out.close(),
  };
}

/** The first `keep` bytes of a file without the ranges in `drop`. */
async function* spans(
  path: string | URL,
  drop: [number, number][],
  keep: number,
): AsyncGenerator<Uint8Array> {
  const file = await Deno.open(path);
  try {
    let at = 0;
    for (const [from, to] of [...drop, [keep, keep]]) {
      yield* span(file, at, from);
      at = to;
    }
  } finally {
    file.close();
  }
}

const GEOJSON_HEAD = '{"type":"FeatureCollection","features":[';
const GEOJSON_TAIL = "]}";

/**
 * The lines of a file with the byte offset after each one's newline, a
 * `\r` before it and a byte order mark at the start left out. A long line
 * is gathered in pieces and joined once.
 */
async function* lines(
  path: string | URL,
): AsyncGenerator<{ text: string; end: number; terminated: boolean }> {
  const file = await Deno.open(path);
  const decoder = new TextDecoder();
  /** The start of the current line, from earlier chunks. */
  let pending: Uint8Array[] = [];
  let offset = 0;
  const text = (last: Uint8Array) => {
    let bytes = last;
    if (pending.length > 0) {
      bytes = new Uint8Array(
        pending.reduce((n, p) => n + p.length, last.length),
      );
      let at = 0;
      for (const piece of [...pending, last]) {
        bytes.set(piece, at);
        at += piece.length;
      }
      pending = [];
    }
    offset += bytes.length;
    return decoder.decode(bytes, { stream: true }).replace(/\r$/, "");
  };
  for await (const chunk of file.readable) {
    let start = 0;
    for (
      let nl = chunk.indexOf(0x0a);
      nl >= 0;
      nl = chunk.indexOf(0x0a, start)
    ) {
      const line = text(chunk.subarray(start, nl + 1)).slice(0, -1);
      yield { text: line.replace(/\r$/, ""), end: offset, terminated: true };
      start = nl + 1;
    }
    if (start < chunk.length) pending.push(chunk.slice(start));
  }
  if (pending.length > 0) {
    yield { text: text(new Uint8Array(0)), end: offset, terminated: false };
  }
}

/** A Feature line's index and status, or `undefined` if it is not ours. */
function featureLine(
  text: string,
): { index: number; status: RowStatus } | undefined {
  let properties: Record<string, unknown> | undefined;
  try {
    properties = JSON.parse(text.replace(/^,/, ""))?.properties;
  } catch {
    return undefined;
  }
  const index = properties?.geocode_index;
  const status = properties?.geocode_status;
  if (!Number.isSafeInteger(index) || !STATUSES.has(status as string)) {
    return undefined;
  }
  return { index: index as number, status: status as RowStatus };
}

/**
 * A GeoJSON output: a FeatureCollection written one Feature a line, closed
 * when the run ends. Resuming, the Features up to the first line that is
 * incomplete or unreadable are read: those to redo are taken out of the
 * file, the others count as done, and the rest (and the closing line) is
 * cut off and written again. A file that is only the start of the first
 * line is written again.
 */
export async function geoJsonSink(options: SinkOptions): Promise<Sink> {
  const { header, redo, signal } = options;
  const done = new Set<number>();
  const encoder = new TextEncoder();
  const head = encoder.encode(`${GEOJSON_HEAD}\n`);
  const out = await Output.take(options.path);
  let rows = 0;
  try {
    const { target, shown } = out;
    const size = await out.size();
    let keep = 0;
    let dropped = 0;
    if (size > 0 && !await cutOffIn(target, size, head)) {
      for await (const { text, end, terminated } of lines(target)) {
        // A line an interrupted run was cut off in, and what follows, is
        // written again.
        if (!terminated || signal?.aborted) break;
        if (keep === 0) {
          if (text.replace(/^\uFEFF/, "") !== GEOJSON_HEAD) break;
        } else {
          if (text === GEOJSON_TAIL) break;
          const feature = featureLine(text);
          if (feature === undefined) break;
          if (redo(feature.status)) dropped++;
          else {
            done.add(feature.index);
            rows++;
          }
        }
        keep = end;
      }
      // Stopped while reading: nothing is cut.
      signal?.throwIfAborted();
      if (keep === 0) {
        throw new Error(
          `${shown} is not a FeatureCollection this script wrote: name another output, or delete it to start again`,
        );
      }
      if (dropped > 0) {
        keep = await rewrite(
          out,
          keptFeatures(target, keep, redo),
          rows + dropped,
          signal,
        );
      }
    }
    await out.begin(keep, rows, head);
  } catch (error) {
    out.abandon();
    throw error;
  }
  let features = rows;
  return {
    done,
    write: (o) => {
      const feature: Feature<Point | null> = {
        type: "Feature",
        id: o.index,
        geometry: o.lat === undefined || o.lng === undefined
          ? null
          : { type: "Point", coordinates: [o.lng, o.lat] },
        properties: {
          ...Object.fromEntries(o.record.map((v, i) => [header[i], v])),
          geocode_index: o.index,
          geocode_status: o.status,
          geocode_title: o.title ?? null,
          geocode_resultType: o.resultType ?? null,
          geocode_error: o.error ?? null,
        },
      };
      const text = `${features === 0 ? "" : ","}${JSON.stringify(feature)}\n`;
      return out.append(encoder.encode(text), true).then(() => {
        features++;
      });
    },
    close: () => out.close(encoder.encode(`${GEOJSON_TAIL}\n`)),
  };
}

/**
 * The first `keep` bytes of a GeoJSON output without the Features to redo,
 * each Feature after the first led by its comma.
 */
async function* keptFeatures(
  path: string | URL,
  keep: number,
  redo: (status: RowStatus) => boolean,
): AsyncGenerator<Uint8Array> {
  const encoder = new TextEncoder();
  let features = 0;
  for await (const { text, end } of lines(path)) {
    if (end > keep) return;
    const feature = featureLine(text);
    if (feature === undefined) {
      yield encoder.encode(`${GEOJSON_HEAD}\n`); // the opening line
      continue;
    }
    if (redo(feature.status)) continue;
    const body = text.replace(/^,/, "");
    yield encoder.encode(`${features++ === 0 ? "" : ","}${body}\n`);
  }
}
