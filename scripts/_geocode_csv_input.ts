// The input side of geocode_csv.ts: the file's text in a known encoding,
// its records with their line numbers, and the checks a run makes before
// any request (columns, encoding, ragged rows).

import { parseRecords } from "./_csv_parse.ts";

/** One record of the input, with the line it starts on (from 1). */
export interface InputRecord {
  record: string[];
  line: number;
}

/** What the checks found: the columns, where the address is, the rows. */
export interface InputTable {
  header: string[];
  /** The positions of the address columns, in the order given. */
  positions: number[];
  /** Rows after the header. */
  rows: number;
}

/** How the input is read. */
export interface InputOptions {
  delimiter: string;
  /** A WHATWG encoding label; by default UTF-8, or UTF-16 by its BOM. */
  encoding?: string;
  /** Stops the reading. */
  signal?: AbortSignal;
}

/** The error for bytes that are not of `encoding`, `where` they are. */
function invalidText(
  path: string | URL,
  encoding: string,
  where: string,
): Error {
  const hint = encoding === "utf-8"
    ? "give the file's encoding with --encoding (for example --encoding windows-1252 for Latin-1), or save it as UTF-8"
    : "give the file's encoding with --encoding, or save it as UTF-8";
  return new Error(
    `${path} is not valid ${encoding.toUpperCase()} ${where}: ${hint}`,
  );
}

/** The encoding a file's first bytes announce, or UTF-8. */
function sniff(first: Uint8Array): string {
  if (first[0] === 0xff && first[1] === 0xfe) return "utf-16le";
  if (first[0] === 0xfe && first[1] === 0xff) return "utf-16be";
  return "utf-8";
}

/**
 * Counts line breaks (`\r\n`, a lone `\r` or `\n`) across the pieces of a
 * text, a `\r\n` cut between two pieces included.
 */
export class LineCounter {
  /** Line breaks seen. */
  breaks = 0;
  #afterCr = false;

  /** Counts the breaks of `text`, the next piece. */
  add(text: string): void {
    for (let at = 0; at < text.length; at++) {
      const c = text.charCodeAt(at);
      if (c === 0x0d) this.breaks++;
      else if (
        c === 0x0a &&
        !(at === 0 ? this.#afterCr : text.charCodeAt(at - 1) === 0x0d)
      ) {
        this.breaks++;
      }
    }
    if (text.length > 0) {
      this.#afterCr = text.charCodeAt(text.length - 1) === 0x0d;
    }
  }
}

/** Line breaks in a text: `\r\n`, a lone `\r` or `\n`, each one. */
function breaksIn(text: string): number {
  return text.match(/\r\n|\r|\n/g)?.length ?? 0;
}

/**
 * A decoder that refuses bytes which are not of `encoding`, naming their
 * line. Two decoders read the same bytes: a strict one that notices a bad
 * byte, and a lenient one whose text (with U+FFFD for each bad sequence)
 * tells where in the piece it was.
 */
function strictDecoder(
  path: string | URL,
  encoding: string,
  signal: AbortSignal | undefined,
): TransformStream<Uint8Array, string> {
  let strict: TextDecoder;
  let lenient: TextDecoder;
  try {
    strict = new TextDecoder(encoding, { fatal: true });
    lenient = new TextDecoder(encoding);
  } catch {
    throw new Error(
      `Unknown encoding ${
        JSON.stringify(encoding.slice(0, 40))
      }: give a label such as utf-8, utf-16le or windows-1252`,
    );
  }
  const lines = new LineCounter();
  const decode = (chunk: Uint8Array | undefined, stream: boolean) => {
    signal?.throwIfAborted();
    const text = lenient.decode(chunk, { stream });
    try {
      strict.decode(chunk, { stream });
    } catch {
      const bad = text.indexOf("\uFFFD");
      lines.add(bad < 0 ? text : text.slice(0, bad));
      throw invalidText(path, strict.encoding, `at line ${lines.breaks + 1}`);
    }
    lines.add(text);
    return text;
  };
  return new TransformStream({
    transform(chunk, controller) {
      const text = decode(chunk, true);
      if (text) controller.enqueue(text);
    },
    flush(controller) {
      const text = decode(undefined, false);
      if (text) controller.enqueue(text);
    },
  });
}

/**
 * The records of a CSV file, header first, streamed, each with the line it
 * starts on. Bytes that are not of the file's encoding stop the reading
 * with an error that names the line; so does a quote that is never closed.
 */
export async function* records(
  path: string | URL,
  options: InputOptions,
): AsyncGenerator<InputRecord> {
  const file = await openInput(path);
  const reader = file.readable.getReader();
  let parsed: AsyncGenerator<
    { record: string[]; info: { empty_lines: number } }
  >;
  try {
    const first = await reader.read();
    const head = first.done ? new Uint8Array(0) : first.value;
    const encoding = options.encoding ?? sniff(head);
    const bytes = new ReadableStream<Uint8Array>({
      start(controller) {
        if (head.length > 0) controller.enqueue(head);
      },
      async pull(controller) {
        const { done, value } = await reader.read();
        if (done) controller.close();
        else controller.enqueue(value);
      },
      cancel: (reason) => reader.cancel(reason),
    });
    parsed = parseRecords(
      bytes
        .pipeThrough(strictDecoder(path, encoding, options.signal))
        .pipeThrough(new TextEncoderStream()),
      {
        delimiter: options.delimiter,
        relax_column_count: true,
        skip_empty_lines: true,
        info: true,
      },
    );
  } catch (error) {
    await reader.cancel().catch(() => {});
    throw error;
  }
  // Lines taken by the records so far (the parser's own count takes a
  // `\r\n` inside a quoted field for two).
  let taken = 0;
  try {
    for await (const { record, info } of parsed) {
      options.signal?.throwIfAborted();
      const line = 1 + taken + info.empty_lines;
      taken += 1;
      for (const field of record) taken += breaksIn(field);
      yield { record, line };
    }
  } catch (error) {
    throw (error as { code?: unknown })?.code?.toString().startsWith("CSV_")
      ? new Error(`${path} cannot be read as CSV: ${(error as Error).message}`)
      : error;
  }
}

/** Opens the input, which must be a file (it is read twice). */
async function openInput(path: string | URL): Promise<Deno.FsFile> {
  if (path instanceof URL && path.protocol !== "file:") {
    throw new Error(`${path} is not a file: give a path or a file: URL`);
  }
  let file: Deno.FsFile;
  try {
    file = await Deno.open(path);
  } catch (error) {
    throw new Error(`Cannot read ${path}: ${(error as Error).message}`, {
      cause: error,
    });
  }
  const info = await file.stat();
  if (!info.isFile) {
    file.close();
    throw new Error(
      `${path} is not a regular file (a pipe, a device or a folder): the input is read twice, so save it to a file first`,
    );
  }
  return file;
}

/** `"a", "b"` for a list of names or values, each cut to 40 characters. */
function quoted(values: readonly string[]): string {
  return values.map((v) =>
    JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}…` : v)
  ).join(", ");
}

/**
 * Reads the whole input once, before any request, and checks it: the
 * address columns exist and are named once, no input column is named like
 * one the run writes (`reserved`), the names are distinct where the output
 * needs it (`distinct`), every byte is of the file's encoding, and no row
 * has a field that its header does not name (extra fields that are empty
 * lose nothing and are let through).
 */
export async function readInput(
  path: string | URL,
  options: InputOptions & {
    columns: readonly string[];
    reserved: readonly string[];
    distinct: boolean;
  },
): Promise<InputTable> {
  let header: string[] | undefined;
  let rows = 0;
  for await (const { record, line } of records(path, options)) {
    if (header === undefined) {
      header = record;
      checkHeader(path, header, options);
      continue;
    }
    checkFields(path, header, { record, line });
    rows++;
  }
  if (header === undefined) {
    throw new Error(`${path} is empty: its first row must name the columns`);
  }
  return {
    header,
    positions: options.columns.map((name) => header.indexOf(name)),
    rows,
  };
}

/**
 * Refuses a row with a non-empty field past the header's columns: writing
 * it would drop that field. Empty ones lose nothing.
 */
export function checkFields(
  path: string | URL,
  header: readonly string[],
  { record, line }: InputRecord,
): void {
  if (record.length <= header.length) return;
  const extra = record.slice(header.length);
  if (extra.every((field) => field === "")) return;
  throw new Error(
    `${path} line ${line} has ${record.length} fields, but its header names ${header.length} columns: ` +
      `the extra ${extra.length === 1 ? "field" : "fields"} (${
        quoted(extra.slice(0, 3))
      }${
        extra.length > 3 ? ", …" : ""
      }) would be lost. Quote a field that holds the delimiter, or name the column in the header`,
  );
}

/** The checks of the header row. */
function checkHeader(
  path: string | URL,
  header: string[],
  options: {
    columns: readonly string[];
    reserved: readonly string[];
    distinct: boolean;
  },
): void {
  const where = (name: string) =>
    header.flatMap((c, i) => c === name ? [i + 1] : []);
  for (const name of options.columns) {
    const at = where(name);
    if (at.length === 0) {
      throw new Error(
        `${path} has no column ${JSON.stringify(name)}; its columns are ${
          quoted(header)
        }`,
      );
    }
    if (at.length > 1) {
      throw new Error(
        `${path} has ${at.length} columns named ${
          JSON.stringify(name)
        } (columns ${
          at.join(" and ")
        }), so which holds the address is ambiguous: rename all but one`,
      );
    }
  }
  const clash = header.find((name) => options.reserved.includes(name));
  if (clash !== undefined) {
    throw new Error(
      `${path} has a column named ${
        JSON.stringify(clash)
      }, a name the output gives to a result: rename that column`,
    );
  }
  if (options.distinct) {
    const twice = header.find((name, i) => header.indexOf(name) !== i);
    if (twice !== undefined) {
      throw new Error(
        `${path} has ${where(twice).length} columns named ${
          JSON.stringify(twice)
        } (columns ${
          where(twice).join(" and ")
        }), and a GeoJSON Feature's properties need distinct names: rename all but one, or write a CSV`,
      );
    }
  }
}
