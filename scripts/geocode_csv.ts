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
 *   -e, --encoding NAME  the input's encoding (`windows-1252`, …); default
 *                        UTF-8, or UTF-16 by its byte order mark.
 *   -n, --concurrency N  requests in flight at most; default 8.
 *   --retry-failed       also redo the rows written without a position.
 *   --sandbox            geocode with the offline sandbox, started in-process.
 *   --base-url URL       send every request to that origin (a sandbox, a proxy).
 *
 * Credentials come from the environment as for `new LS()`: `HERE_API_KEY`,
 * `LS_API_KEY`, `HERE_ACCESS_KEY_ID` and `HERE_ACCESS_KEY_SECRET`, or
 * `~/.here/credentials.properties`. `--sandbox` needs none.
 *
 * The input must be a file (it is read twice: a pipe is refused). Before
 * any request the whole input is read and checked: the address
 * columns exist and are named once; no column is named like a result
 * column; every byte is of the input's encoding; and no row has a field
 * the header does not name (an empty one is let through). Each failure
 * names the file and the line, and nothing is sent.
 *
 * The output's format follows its extension. Its result columns all start
 * with `geocode_`, so that they cannot be mistaken for the input's:
 * - `.csv`: the input's columns, then `geocode_index` (the row's position
 *   in the input, from 0), `geocode_status` (`found`, `no_match`, `failed`
 *   or `failed_temporarily`), `geocode_lat`, `geocode_lng`,
 *   `geocode_title`, `geocode_resultType` of the best match, and
 *   `geocode_error` (why a row has no position: the error's name and
 *   message, or `No match found`). Rows are in the order they finished.
 * - `.geojson` (or `.json`): a FeatureCollection with one Feature per row,
 *   `id` its index, a Point (or no geometry) and the input's columns,
 *   `geocode_index`, `geocode_status`, `geocode_title`,
 *   `geocode_resultType` and `geocode_error` as properties. The input's
 *   column names must be distinct. The file is written one Feature a line
 *   and closed when the run ends; a run that was killed leaves it open, and
 *   the next run closes it.
 *
 * On start, the rows already in the output are read: every complete row is
 * kept, whatever its quoting (a row cut off by a killed run or a full disk
 * is dropped and done again), and only the others are geocoded; an output
 * cut off inside its first line is written again from the start. A row
 * that failed for a reason that may pass (`failed_temporarily`: a network
 * failure, a timeout, 408, 429, 5xx) is taken out of the output and done
 * again; one that failed for good (`failed`, `no_match`) is kept, unless
 * `--retry-failed` is given. A write that fails (a full disk) stops the run
 * with an error that names the file and how many rows are safe in it. A
 * key HERE refuses (401, 403) stops the run at once. One run at a time
 * writes an output: a second is refused while the first holds it.
 * Ctrl-C stops cleanly: what was written stays. Exit codes: 0 done, 1
 * failed, 2 a bad flag, 130 interrupted.
 *
 * @module
 */

import { parseArgs } from "node:util";
import {
  type BulkProgress,
  isApiError,
  isConnectionError,
  isTimeoutError,
  LS,
  type RequestOptions,
  ResponseTooLargeError,
} from "@ls/ls";
import { checkFields, readInput, records } from "./_geocode_csv_input.ts";
import {
  csvSink,
  geoJsonSink,
  type Outcome,
  RESULT_COLUMNS,
  RESULT_PROPERTIES,
  type RowStatus,
} from "./_geocode_csv_output.ts";

export { RESULT_COLUMNS, RESULT_PROPERTIES, type RowStatus };

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
  /**
   * The input's encoding, a WHATWG label (`windows-1252`, `iso-8859-2`,
   * `shift_jis`, …); by default UTF-8, or UTF-16 when the file starts with
   * its byte order mark. Bytes that are not of it stop the run before any
   * request, naming the line.
   */
  encoding?: string;
  /** Most requests in flight; default 8. */
  concurrency?: number;
  /**
   * Also do again the rows the output holds without a position for a
   * reason that does not pass by itself (no match, a refused query). Rows
   * that failed for a reason that may pass (a network failure, a timeout,
   * 408, 429, 5xx) are done again on every run.
   */
  retryFailed?: boolean;
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
  /**
   * Of {@linkcode GeocodeCsvSummary.failed}, the rows that failed for a
   * reason that may pass: the next run does them again.
   */
  failedTemporarily: number;
}

/** One input row to geocode. */
interface Row {
  index: number;
  record: string[];
  address: string;
}

/**
 * Whether a call's error may pass by itself: a network failure, a
 * timeout, a status HERE answers when busy or broken (408, 429, 5xx), or
 * a success status whose body is not HERE's answer.
 */
function isTemporary(error: unknown): boolean {
  if (isConnectionError(error) || isTimeoutError(error)) return true;
  // A success status whose body is no answer is a proxy's or a portal's.
  return isApiError(error) && !(error instanceof ResponseTooLargeError) &&
    (error.status < 300 || error.status === 408 || error.status === 429 ||
      error.status >= 500);
}

/** Whether a call's error says the credentials are refused (401, 403). */
function isRefusedCredential(error: unknown): boolean {
  return isApiError(error) && (error.status === 401 || error.status === 403);
}

/** The error for an input that changed while it was geocoded. */
function changed(path: string | URL, what: string): Error {
  return new Error(
    `${path} changed while it was geocoded (${what}): the rows written stay; run again to check it and resume`,
  );
}

/**
 * Geocodes every row of `options.input` that is not yet in
 * `options.output` with `ls`, and appends each to the output as it
 * finishes. The whole input is read and checked first (columns, encoding,
 * fields), before any request.
 */
export async function geocodeCsv(
  ls: LS,
  options: GeocodeCsvOptions,
): Promise<GeocodeCsvSummary> {
  const format = formatOf(options.output);
  const reading = {
    delimiter: options.delimiter ?? ",",
    encoding: options.encoding,
    signal: options.signal,
  };
  const { header, positions, rows } = await readInput(options.input, {
    ...reading,
    columns: options.columns ?? ["address"],
    reserved: format === "csv" ? RESULT_COLUMNS : RESULT_PROPERTIES,
    distinct: format === "geojson",
  });
  const redo = (status: RowStatus) =>
    status === "failed_temporarily" ||
    (options.retryFailed === true && status !== "found");
  const sink = await (format === "csv" ? csvSink : geoJsonSink)({
    path: options.output,
    header,
    delimiter: reading.delimiter,
    redo,
    signal: options.signal,
  });
  let skipped = 0;
  for (const index of sink.done) if (index < rows) skipped++;
  const summary: GeocodeCsvSummary = {
    format,
    rows,
    skipped,
    geocoded: 0,
    found: 0,
    notFound: 0,
    failed: 0,
    failedTemporarily: 0,
  };
  async function* todo(): AsyncGenerator<Row> {
    // Read again as it is geocoded: what changed since the checks is
    // checked again, and a file that no longer holds the rows counted
    // stops the run.
    let index = -1;
    for await (const input of records(options.input, reading)) {
      if (index < 0) {
        if (input.record.join("\u0000") !== header.join("\u0000")) {
          throw changed(options.input, "its header");
        }
      } else {
        checkFields(options.input, header, input);
        if (index >= rows) throw changed(options.input, "its length");
        if (!sink.done.has(index)) {
          const { record } = input;
          const address = positions.map((at) => (record[at] ?? "").trim())
            .filter(Boolean).join(", ");
          // Fields past the header's are empty (the checks refused others).
          yield {
            index,
            record: header.map((_, i) => record[i] ?? ""),
            address,
          };
        }
      }
      index++;
    }
    if (index !== rows) throw changed(options.input, "its length");
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
      const { index, record } = item.input;
      let outcome: Outcome;
      if ("error" in item && isRefusedCredential(item.error)) {
        // Every row would fail the same way, and be kept as failed.
        const e = item.error as Error;
        throw new Error(
          `HERE refused the credentials (${e.message}): the run stopped, and no row was written for it. Fix the key, then run again with the same output to resume`,
          { cause: e },
        );
      }
      if ("error" in item) {
        const e = item.error as Error;
        const temporary = isTemporary(item.error);
        outcome = {
          index,
          record,
          status: temporary ? "failed_temporarily" : "failed",
          error: `${e?.name ?? "Error"}: ${e?.message ?? String(e)}`,
        };
        summary.failed++;
        if (temporary) summary.failedTemporarily++;
      } else {
        const best = item.result.items[0];
        if (best?.position) {
          outcome = {
            index,
            record,
            status: "found",
            lat: best.position.lat,
            lng: best.position.lng,
            title: best.title,
            resultType: best.resultType,
          };
          summary.found++;
        } else {
          outcome = {
            index,
            record,
            status: "no_match",
            error: "No match found",
          };
          summary.notFound++;
        }
      }
      summary.geocoded++;
      await sink.write(outcome);
    }
  } catch (error) {
    // What stopped the run is its outcome, not how the file then closed.
    await sink.close().catch(() => {});
    throw error;
  }
  await sink.close();
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

// ------------------------------------------------------------ the command

const USAGE =
  `Usage: deno task geocode-csv [flags] <input.csv> <output.csv|output.geojson>

  -c, --column NAME    the column holding the address (default: address);
                       repeat to join several columns with ", "
  -d, --delimiter C    the field delimiter of both files (default: ,)
  -e, --encoding NAME  the input's encoding, e.g. windows-1252 (default:
                       UTF-8, or UTF-16 by its byte order mark)
  -n, --concurrency N  requests in flight at most (default: 8)
  --retry-failed       also redo the rows written without a position (no
                       match, refused); temporary failures are always redone
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
        encoding: { type: "string", short: "e" },
        "retry-failed": { type: "boolean" },
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
  const delimiter = values.delimiter;
  if (
    delimiter !== undefined &&
    ([...delimiter].length !== 1 || /["\r\n]/.test(delimiter))
  ) {
    console.error(
      `--delimiter must be one character other than a quote or a line break.\n\n${USAGE}`,
    );
    return 2;
  }
  if (values.encoding !== undefined) {
    try {
      new TextDecoder(values.encoding);
    } catch {
      console.error(
        `--encoding must be an encoding's label, such as utf-8, utf-16le or windows-1252.\n\n${USAGE}`,
      );
      return 2;
    }
  }
  if (values["base-url"] !== undefined && !URL.canParse(values["base-url"])) {
    console.error(
      `--base-url must be a URL, such as http://127.0.0.1:8080.\n\n${USAGE}`,
    );
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
      delimiter,
      encoding: values.encoding,
      retryFailed: values["retry-failed"],
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
    if (summary.failedTemporarily > 0) {
      console.error(
        `${summary.failedTemporarily} of the failed rows failed for a reason that may pass (a network failure, a timeout, 408, 429, 5xx): run again to retry them.`,
      );
    }
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
