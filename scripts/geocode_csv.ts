/**
 * Geocodes the addresses of a CSV file with `LS.bulk`, into a CSV or a
 * GeoJSON file, with a progress bar on stderr. Resumable: each row is
 * written as soon as it is geocoded, and a run with an output that already
 * holds rows geocodes only the rows missing from it.
 *
 *   deno task geocode-csv [flags] <input.csv> <output.csv | output.geojson>
 *
 * Flags:
 *   -c, --column NAME    the column holding the address; default `address`.
 *                        Give it more than once to join columns with ", "
 *                        (`-c street -c city -c country`).
 *   -d, --delimiter C    the field delimiter of both files; default `,`.
 *   -n, --concurrency N  requests in flight at most; default 8.
 *   --sandbox            geocode with the offline sandbox, started in-process.
 *   --base-url URL       send every request to that origin (a sandbox, a proxy).
 *
 * Credentials come from the environment as for `new LS()`: `HERE_API_KEY`,
 * `LS_API_KEY`, `HERE_ACCESS_KEY_ID` and `HERE_ACCESS_KEY_SECRET`, or
 * `~/.here/credentials.properties`. `--sandbox` needs none.
 *
 * The output's format follows its extension:
 * - `.csv`: the input's columns, then `index` (the row's position in the
 *   input, from 0), `lat`, `lng`, `title`, `resultType` of the best match,
 *   and `error` (why a row has no position: the error's name and message, or
 *   `No match found`). Rows are in the order they finished.
 * - `.geojson` (or `.json`): a FeatureCollection with one Feature per row,
 *   `id` its index, a Point (or no geometry) and the input's columns,
 *   `index`, `title`, `resultType` and `error` as properties. The file is
 *   written one Feature a line and closed when the run ends; a run that was
 *   killed leaves it open, and the next run closes it.
 *
 * On start, the rows already in the output are read (an incomplete last row
 * is dropped and done again), and only the others are geocoded; an output
 * cut off inside its first line (a run stopped while writing it) is written
 * again from the start. A row that failed is in the output with its error,
 * so it is not tried again; delete its line to have it redone. Ctrl-C stops
 * cleanly: what was written stays.
 *
 * @module
 */

import { parseArgs } from "node:util";
import { parse } from "csv-parse/stream";
import { stringify } from "csv-stringify/sync";
import type { Feature, Point } from "geojson";
import { type BulkProgress, LS, type RequestOptions } from "@ls/ls";

/** The columns a CSV output has after the input's. */
export const RESULT_COLUMNS: readonly string[] = [
  "index",
  "lat",
  "lng",
  "title",
  "resultType",
  "error",
];

/** What {@linkcode geocodeCsv} reads and writes. */
export interface GeocodeCsvOptions {
  /** The input CSV file; its first row names the columns. */
  input: string | URL;
  /** The output file: `.csv`, or `.geojson` / `.json` for GeoJSON. */
  output: string | URL;
  /** The columns joined into the address; default `["address"]`. */
  columns?: readonly string[];
  /** The field delimiter of both files; default `,`. */
  delimiter?: string;
  /** Most requests in flight; default 8. */
  concurrency?: number;
  /** Stops the run; the rows written so far stay. */
  signal?: AbortSignal;
  /** Called after each row is geocoded. */
  onProgress?: (progress: GeocodeCsvProgress) => void;
}

/** The progress of {@linkcode geocodeCsv}: `LS.bulk`'s, and the rows. */
export interface GeocodeCsvProgress extends BulkProgress {
  /** Rows of the input. */
  rows: number;
  /** Rows that were in the output already, and are not geocoded again. */
  skipped: number;
}

/** What {@linkcode geocodeCsv} did. */
export interface GeocodeCsvSummary {
  /** The output's format. */
  format: "csv" | "geojson";
  /** Rows of the input. */
  rows: number;
  /** Rows that were in the output already. */
  skipped: number;
  /** Rows geocoded in this run: found, not found and failed. */
  geocoded: number;
  /** Rows with a position. */
  found: number;
  /** Rows geocoded without a match. */
  notFound: number;
  /** Rows whose call failed (the error is in the output). */
  failed: number;
}

/** One input row to geocode. */
interface Row {
  index: number;
  record: string[];
  address: string;
}

/** One row's outcome, as written. */
interface Outcome {
  row: Row;
  lat?: number;
  lng?: number;
  title?: string;
  resultType?: string;
  error?: string;
}

/** Where outcomes go: the indices already there, and an appender. */
interface Sink {
  done: Set<number>;
  write(outcome: Outcome): Promise<void>;
  close(): Promise<void>;
}

/**
 * Geocodes every row of `options.input` that is not yet in
 * `options.output` with `ls`, and appends each to the output as it
 * finishes.
 */
export async function geocodeCsv(
  ls: LS,
  options: GeocodeCsvOptions,
): Promise<GeocodeCsvSummary> {
  const format = formatOf(options.output);
  const delimiter = options.delimiter ?? ",";
  const columns = options.columns ?? ["address"];
  const header = await readHeader(options.input, delimiter);
  const positions = columns.map((name) => {
    const at = header.indexOf(name);
    if (at < 0) {
      throw new Error(
        `${options.input} has no column ${
          JSON.stringify(name)
        }; its columns are ${header.map((c) => JSON.stringify(c)).join(", ")}`,
      );
    }
    return at;
  });
  let rows = 0;
  for await (const _ of dataRecords(options.input, delimiter)) rows++;

  const sink = format === "csv"
    ? await csvSink(options.output, [...header, ...RESULT_COLUMNS], delimiter)
    : await geoJsonSink(options.output, header);
  const skipped = [...sink.done].filter((i) => i < rows).length;
  const summary: GeocodeCsvSummary = {
    format,
    rows,
    skipped,
    geocoded: 0,
    found: 0,
    notFound: 0,
    failed: 0,
  };
  async function* todo(): AsyncGenerator<Row> {
    let index = 0;
    for await (const record of dataRecords(options.input, delimiter)) {
      if (!sink.done.has(index)) {
        const address = positions.map((at) => (record[at] ?? "").trim())
          .filter(Boolean).join(", ");
        yield { index, record: header.map((_, i) => record[i] ?? ""), address };
      }
      index++;
    }
  }
  const geocode = (row: Row, callOptions: RequestOptions) =>
    ls.geocode({ query: row.address, limit: 1 }, callOptions);
  try {
    for await (
      const item of ls.bulk(geocode, todo(), {
        concurrency: options.concurrency,
        signal: options.signal,
        total: rows - skipped,
        onProgress: options.onProgress &&
          ((p) => options.onProgress!({ ...p, rows, skipped })),
      })
    ) {
      const outcome: Outcome = { row: item.input };
      if ("error" in item) {
        const e = item.error as Error;
        outcome.error = `${e?.name ?? "Error"}: ${e?.message ?? String(e)}`;
        summary.failed++;
      } else {
        const best = item.result.items[0];
        if (best?.position) {
          outcome.lat = best.position.lat;
          outcome.lng = best.position.lng;
          outcome.title = best.title;
          outcome.resultType = best.resultType;
          summary.found++;
        } else {
          outcome.error = "No match found";
          summary.notFound++;
        }
      }
      summary.geocoded++;
      await sink.write(outcome);
    }
  } finally {
    await sink.close();
  }
  return summary;
}

/** The output's format, from its extension. */
function formatOf(path: string | URL): "csv" | "geojson" {
  path = String(path);
  if (/\.csv$/i.test(path)) return "csv";
  if (/\.(geo)?json$/i.test(path)) return "geojson";
  throw new Error(
    `Cannot tell the format of ${path}: name it .csv, .geojson or .json`,
  );
}

/** The records of a CSV file, header first, streamed. */
async function* records(
  path: string | URL,
  delimiter: string,
): AsyncGenerator<string[]> {
  const file = await Deno.open(path);
  yield* file.readable.pipeThrough(
    parse({
      delimiter,
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
    }),
  ) as ReadableStream<string[]>;
}

/** The records of a CSV file after its header, streamed. */
async function* dataRecords(
  path: string | URL,
  delimiter: string,
): AsyncGenerator<string[]> {
  let header = true;
  for await (const record of records(path, delimiter)) {
    if (header) header = false;
    else yield record;
  }
}

/** The first record of a CSV file: its column names. */
async function readHeader(
  path: string | URL,
  delimiter: string,
): Promise<string[]> {
  for await (const record of records(path, delimiter)) return record;
  throw new Error(`${path} is empty: its first row must name the columns`);
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

/**
 * The bytes of a file up to and including its last newline, streamed: what
 * a run finished writing, without a line it was cut off in.
 */
async function completeLines(
  path: string | URL,
  size: number,
): Promise<ReadableStream<Uint8Array>> {
  const file = await Deno.open(path);
  let left = 0;
  try {
    const block = new Uint8Array(65_536);
    for (let at = size; at > 0 && left === 0;) {
      const from = Math.max(0, at - block.length);
      await file.seek(from, Deno.SeekMode.Start);
      let got = 0;
      while (got < at - from) {
        const n = await file.read(block.subarray(got, at - from));
        if (n === null) break;
        got += n;
      }
      const nl = block.subarray(0, got).lastIndexOf(0x0a);
      if (nl >= 0) left = from + nl + 1;
      at = from;
    }
    await file.seek(0, Deno.SeekMode.Start);
  } catch (e) {
    file.close();
    throw e;
  }
  return new ReadableStream({
    async pull(controller) {
      const buffer = new Uint8Array(Math.min(65_536, left));
      const n = left > 0 ? await file.read(buffer) : null;
      if (n === null) {
        file.close();
        controller.close();
        return;
      }
      left -= n;
      controller.enqueue(buffer.subarray(0, n));
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

/** Opens `path` for appending, truncated to `keep` bytes. */
async function appender(
  path: string | URL,
  keep: number,
): Promise<WritableStreamDefaultWriter<Uint8Array>> {
  const file = await Deno.open(path, { create: true, write: true });
  await file.truncate(keep);
  await file.seek(keep, Deno.SeekMode.Start);
  return file.writable.getWriter();
}

/**
 * A CSV output: the header, then one row per outcome. Resuming, the rows
 * up to the first one that is incomplete or unreadable count as done; the
 * rest of the file is cut off. A file that is only the start of the header
 * is written again.
 */
async function csvSink(
  path: string | URL,
  header: string[],
  delimiter: string,
): Promise<Sink> {
  const done = new Set<number>();
  const encoder = new TextEncoder();
  const line = (fields: unknown[]) =>
    encoder.encode(stringify([fields], { delimiter }));
  const size = await sizeOf(path);
  let keep = 0;
  if (size > 0 && !await cutOffIn(path, size, line(header))) {
    const parsed = (await completeLines(path, size)).pipeThrough(
      parse({ delimiter, relax_column_count: true, info: true }),
    ) as ReadableStream<{ record: string[]; info: { bytes: number } }>;
    const indexAt = header.length - RESULT_COLUMNS.length;
    let first = true;
    try {
      for await (const { record, info } of parsed) {
        if (first) {
          first = false;
          if (record.join("\u0000") !== header.join("\u0000")) break;
        } else {
          const index = record[indexAt];
          if (record.length !== header.length || !/^\d+$/.test(index)) break;
          done.add(Number(index));
        }
        keep = info.bytes;
      }
    } catch {
      // A row the parser cannot read (a quoted field cut off by an
      // interrupted run) ends what counts as done; the rest is done again.
    }
    if (keep === 0) {
      throw new Error(
        `${path} does not start with the columns this run writes (${
          header.join(delimiter)
        }): name another output, or delete it to start again`,
      );
    }
  }
  const writer = await appender(path, keep);
  if (keep === 0) await writer.write(line(header));
  return {
    done,
    write: (o) =>
      writer.write(line([
        ...o.row.record,
        o.row.index,
        o.lat ?? "",
        o.lng ?? "",
        o.title ?? "",
        o.resultType ?? "",
        o.error ?? "",
      ])),
    close: () => writer.close(),
  };
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

/**
 * A GeoJSON output: a FeatureCollection written one Feature a line, closed
 * when the run ends. Resuming, the Features up to the first line that is
 * incomplete or unreadable count as done; the rest (and the closing line)
 * is cut off and written again. A file that is only the start of the first
 * line is written again.
 */
async function geoJsonSink(
  path: string | URL,
  header: string[],
): Promise<Sink> {
  const done = new Set<number>();
  const encoder = new TextEncoder();
  const head = encoder.encode(`${GEOJSON_HEAD}\n`);
  const size = await sizeOf(path);
  let keep = 0;
  if (size > 0 && !await cutOffIn(path, size, head)) {
    for await (const { text, end, terminated } of lines(path)) {
      // A line an interrupted run was cut off in, and what follows, is
      // written again.
      if (!terminated) break;
      if (keep === 0) {
        if (text !== GEOJSON_HEAD) break;
      } else {
        if (text === GEOJSON_TAIL) break;
        let index: unknown;
        try {
          index = JSON.parse(text.replace(/^,/, "")).properties?.index;
        } catch {
          break;
        }
        if (!Number.isSafeInteger(index)) break;
        done.add(index as number);
      }
      keep = end;
    }
    if (keep === 0) {
      throw new Error(
        `${path} is not a FeatureCollection this script wrote: name another output, or delete it to start again`,
      );
    }
  }
  const writer = await appender(path, keep);
  let features = done.size;
  if (keep === 0) await writer.write(head);
  return {
    done,
    write: (o) => {
      const feature: Feature<Point | null> = {
        type: "Feature",
        id: o.row.index,
        geometry: o.lat === undefined || o.lng === undefined
          ? null
          : { type: "Point", coordinates: [o.lng, o.lat] },
        properties: {
          ...Object.fromEntries(o.row.record.map((v, i) => [header[i], v])),
          index: o.row.index,
          title: o.title ?? null,
          resultType: o.resultType ?? null,
          error: o.error ?? null,
        },
      };
      const text = `${features++ === 0 ? "" : ","}${JSON.stringify(feature)}\n`;
      return writer.write(encoder.encode(text));
    },
    close: async () => {
      await writer.write(encoder.encode(`${GEOJSON_TAIL}\n`));
      await writer.close();
    },
  };
}

// ------------------------------------------------------------ the command

const USAGE =
  `Usage: deno task geocode-csv [flags] <input.csv> <output.csv|output.geojson>

  -c, --column NAME    the column holding the address (default: address);
                       repeat to join several columns with ", "
  -d, --delimiter C    the field delimiter of both files (default: ,)
  -n, --concurrency N  requests in flight at most (default: 8)
  --sandbox            geocode with the offline sandbox, started in-process
  --base-url URL       send every request to that origin
  -h, --help           this text

Credentials: HERE_API_KEY (or LS_API_KEY, or HERE_ACCESS_KEY_ID and
HERE_ACCESS_KEY_SECRET, or ~/.here/credentials.properties); none with --sandbox.
Rerun with the same output to resume: rows already written are skipped.`;

/** `m:ss` (or `h:mm:ss`) for a duration. */
function clock(ms: number): string {
  const s = Math.round(ms / 1000);
  const hms = [Math.floor(s / 3600), Math.floor(s / 60) % 60, s % 60];
  const [, m, sec] = hms.map((n) => String(n).padStart(2, "0"));
  return hms[0] > 0 ? `${hms[0]}:${m}:${sec}` : `${Number(m)}:${sec}`;
}

/**
 * The progress bar's text for one progress report, `width` cells wide:
 * `[#####.....]  50%  10/20 rows  1 failed  12.5/s  ETA 0:01`.
 */
export function progressLine(p: GeocodeCsvProgress, width = 24): string {
  const todo = p.rows - p.skipped;
  const share = todo === 0 ? 1 : Math.min(p.done / todo, 1);
  const filled = Math.round(share * width);
  const eta = p.etaMs === undefined ? "" : `  ETA ${clock(p.etaMs)}`;
  return `[${"#".repeat(filled)}${".".repeat(width - filled)}] ${
    String(Math.floor(share * 100)).padStart(3)
  }%  ${p.done}/${todo} rows  ${p.failed} failed  ${
    p.ratePerSecond.toFixed(1)
  }/s${eta}`;
}

/** Draws the progress bar on a terminal, at most ten times a second. */
function progressBar(): {
  update: (p: GeocodeCsvProgress) => void;
  end: () => void;
} {
  const encoder = new TextEncoder();
  const tty = Deno.stderr.isTerminal();
  let last = 0;
  let latest: GeocodeCsvProgress | undefined;
  const draw = () => {
    if (tty && latest) {
      Deno.stderr.writeSync(encoder.encode(`\r\x1b[K${progressLine(latest)}`));
    }
  };
  return {
    update: (p) => {
      latest = p;
      const now = performance.now();
      if (now - last >= 100 || p.done === p.rows - p.skipped) {
        last = now;
        draw();
      }
    },
    end: () => {
      draw();
      if (tty && latest) Deno.stderr.writeSync(encoder.encode("\n"));
    },
  };
}

async function main(args: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      options: {
        column: { type: "string", short: "c", multiple: true },
        delimiter: { type: "string", short: "d" },
        concurrency: { type: "string", short: "n" },
        sandbox: { type: "boolean" },
        "base-url": { type: "string" },
        help: { type: "boolean", short: "h" },
      },
    });
  } catch (e) {
    console.error(`${(e as Error).message}\n\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  if (positionals.length !== 2) {
    console.error(`Give an input and an output file.\n\n${USAGE}`);
    return 2;
  }
  const [input, output] = positionals;
  try {
    formatOf(output);
  } catch (e) {
    console.error(`${(e as Error).message}\n\n${USAGE}`);
    return 2;
  }
  const concurrency = values.concurrency === undefined
    ? undefined
    : Number(values.concurrency);
  if (
    concurrency !== undefined &&
    !(Number.isSafeInteger(concurrency) && concurrency > 0)
  ) {
    console.error(`--concurrency must be a positive integer.\n\n${USAGE}`);
    return 2;
  }

  let sandbox: AsyncDisposable | undefined;
  let ls: LS;
  let where = "HERE";
  if (values.sandbox) {
    const { SANDBOX_API_KEY, startSandbox } = await import("@ls/sandbox");
    const started = await startSandbox();
    sandbox = started;
    ls = new LS({ apiKey: SANDBOX_API_KEY, baseUrl: started.url });
    where = `the offline sandbox at ${started.url}`;
  } else {
    const baseUrl = values["base-url"];
    try {
      ls = new LS(baseUrl ? { baseUrl } : {});
    } catch (e) {
      // No credential found (the message lists where it looked), or a bad URL.
      console.error(`${(e as Error).message}\n\n${USAGE}`);
      return 1;
    }
    if (baseUrl) where = baseUrl;
  }
  const stop = new AbortController();
  const onInterrupt = () =>
    stop.abort(new DOMException("Interrupted", "AbortError"));
  Deno.addSignalListener("SIGINT", onInterrupt);
  const bar = progressBar();
  const started = performance.now();
  try {
    const summary = await geocodeCsv(ls, {
      input,
      output,
      columns: values.column,
      delimiter: values.delimiter,
      concurrency,
      signal: stop.signal,
      onProgress: bar.update,
    });
    bar.end();
    console.log(
      `Geocoded ${summary.geocoded} of ${summary.rows} rows of ${input} with ${where} into ${output}: ` +
        `${summary.found} found, ${summary.notFound} not found, ${summary.failed} failed; ` +
        `${summary.skipped} already there (${
          ((performance.now() - started) / 1000).toFixed(1)
        } s)`,
    );
    return 0;
  } catch (e) {
    bar.end();
    if (stop.signal.aborted) {
      console.error(
        `Interrupted: the rows written stay in ${output}; run again to resume.`,
      );
      return 130;
    }
    console.error(e instanceof Error ? `${e.name}: ${e.message}` : String(e));
    return 1;
  } finally {
    Deno.removeSignalListener("SIGINT", onInterrupt);
    ls.close();
    await sandbox?.[Symbol.asyncDispose]();
  }
}

if (import.meta.main) Deno.exit(await main(Deno.args));
