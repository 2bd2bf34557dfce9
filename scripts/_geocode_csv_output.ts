// The output side of geocode_csv.ts: a CSV or GeoJSON file appended one row
// at a time, read back when a run resumes (the complete rows are kept, rows
// to redo are taken out), and write failures that say what is safe.

import { parse } from "csv-parse/stream";
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

/** An output file opened for appending after its first `keep` bytes. */
class Appender {
  #file: Deno.FsFile;
  #path: string | URL;
  #rows: number;
  #failure: Error | undefined;

  private constructor(file: Deno.FsFile, path: string | URL, rows: number) {
    this.#file = file;
    this.#path = path;
    this.#rows = rows;
  }

  /** Opens `path`, cut to `keep` bytes, holding `rows` rows. */
  static async open(
    path: string | URL,
    keep: number,
    rows: number,
  ): Promise<Appender> {
    const file = await Deno.open(path, { create: true, write: true });
    try {
      if ((await file.stat()).size !== keep) await file.truncate(keep);
      await file.seek(keep, Deno.SeekMode.Start);
    } catch (error) {
      file.close();
      throw error;
    }
    return new Appender(file, path, rows);
  }

  /** Appends `bytes`: one more row when `row`. */
  async append(bytes: Uint8Array, row: boolean): Promise<void> {
    if (this.#failure) throw this.#failure;
    try {
      await writeAll(this.#file, bytes);
    } catch (error) {
      this.#failure = writeFailure(this.#path, error, this.#rows);
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
}

/** Bytes of a file, or 0 when it does not exist. */
async function sizeOf(path: string | URL): Promise<number> {
  try {
    return (await Deno.stat(path)).size;
  } catch (e) {
    if (e instanceof Deno.errors.NotFound) return 0;
    throw e;
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

/** `path` with `suffix` added to its name. */
function beside(path: string | URL, suffix: string): string | URL {
  return typeof path === "string" ? path + suffix : new URL(path.href + suffix);
}

/**
 * Writes `pieces` to a file beside `path` and renames it over `path`: the
 * old file stays whole until the new one is.
 */
async function replace(
  path: string | URL,
  pieces: AsyncIterable<Uint8Array>,
  rows: number,
): Promise<number> {
  const temp = beside(path, ".resume");
  let size = 0;
  const file = await Deno.open(temp, {
    create: true,
    write: true,
    truncate: true,
  });
  try {
    for await (const piece of pieces) {
      await writeAll(file, piece);
      size += piece.length;
    }
  } catch (error) {
    file.close();
    await Deno.remove(temp).catch(() => {});
    // The old file is untouched: every row in it is safe.
    throw writeFailure(temp, error, rows);
  }
  file.close();
  await Deno.rename(temp, path);
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
  const { path, delimiter, redo } = options;
  const columns = [...options.header, ...RESULT_COLUMNS];
  const done = new Set<number>();
  const encoder = new TextEncoder();
  const line = (fields: unknown[]) =>
    encoder.encode(stringify([fields], { delimiter }));
  const head = line(columns);
  const size = await sizeOf(path);
  let keep = 0;
  let rows = 0;
  if (size > 0 && !await cutOffIn(path, size, head)) {
    const indexAt = options.header.length;
    /** Byte ranges of the rows to redo. */
    const drop: [number, number][] = [];
    let start = 0;
    const parser = parse({
      delimiter,
      relax_column_count: true,
      // Each record is checked as the parser finds it, so a parse error
      // further on (a quoted field cut off by an interrupted run) cannot
      // take back rows already read.
      on_record: (record: string[], info: { bytes: number }) => {
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
    });
    try {
      for await (
        const _ of (await completeLines(path, size)).pipeThrough(parser)
      ) {
        // Every record is taken by `on_record`.
      }
    } catch {
      // The end of what counts as done: a row cut off, or not ours.
    }
    if (keep === 0) {
      throw new Error(
        `${path} does not start with the columns this run writes (${
          columns.join(delimiter)
        }): name another output, or delete it to start again`,
      );
    }
    if (drop.length > 0) {
      keep = await replace(path, spans(path, drop, keep), rows + drop.length);
    }
  }
  const out = await Appender.open(path, keep, rows);
  if (keep === 0) await out.append(head, false);
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

/** The lines of a file with the byte offset after each one's newline. */
async function* lines(
  path: string | URL,
): AsyncGenerator<{ text: string; end: number; terminated: boolean }> {
  const file = await Deno.open(path);
  const decoder = new TextDecoder();
  let carry = new Uint8Array(0);
  let offset = 0;
  for await (const chunk of file.readable) {
    const bytes = new Uint8Array(carry.length + chunk.length);
    bytes.set(carry);
    bytes.set(chunk, carry.length);
    let start = 0;
    for (
      let nl = bytes.indexOf(0x0a);
      nl >= 0;
      nl = bytes.indexOf(0x0a, start)
    ) {
      offset += nl + 1 - start;
      yield {
        text: decoder.decode(bytes.subarray(start, nl)),
        end: offset,
        terminated: true,
      };
      start = nl + 1;
    }
    carry = bytes.slice(start);
  }
  if (carry.length > 0) {
    yield {
      text: decoder.decode(carry),
      end: offset + carry.length,
      terminated: false,
    };
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
  const { path, header, redo } = options;
  const done = new Set<number>();
  const encoder = new TextEncoder();
  const head = encoder.encode(`${GEOJSON_HEAD}\n`);
  const size = await sizeOf(path);
  let keep = 0;
  let rows = 0;
  let dropped = 0;
  if (size > 0 && !await cutOffIn(path, size, head)) {
    for await (const { text, end, terminated } of lines(path)) {
      // A line an interrupted run was cut off in, and what follows, is
      // written again.
      if (!terminated) break;
      if (keep === 0) {
        if (text !== GEOJSON_HEAD) break;
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
    if (keep === 0) {
      throw new Error(
        `${path} is not a FeatureCollection this script wrote: name another output, or delete it to start again`,
      );
    }
    if (dropped > 0) {
      keep = await replace(
        path,
        keptFeatures(path, keep, redo),
        rows + dropped,
      );
    }
  }
  const out = await Appender.open(path, keep, rows);
  let features = rows;
  if (keep === 0) await out.append(head, false);
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
      yield encoder.encode(`${text}\n`); // the opening line
      continue;
    }
    if (redo(feature.status)) continue;
    const body = text.replace(/^,/, "");
    yield encoder.encode(`${features++ === 0 ? "" : ","}${body}\n`);
  }
}
