// The input side of geocode_csv.ts: the file's text in a known encoding,
// its records with their line numbers, and the checks a run makes before
// any request (columns, encoding, ragged rows).

import { parse } from "csv-parse/stream";

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
}

const LF = 0x0a;

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
 * A decoder that refuses bytes which are not of `encoding`: UTF-8 is
 * checked a line at a time, so the error names the line; another encoding
 * names the last line it read whole.
 */
function strictDecoder(
  path: string | URL,
  encoding: string,
): TransformStream<Uint8Array, string> {
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(encoding, { fatal: true });
  } catch {
    throw new Error(
      `Unknown encoding ${
        JSON.stringify(encoding.slice(0, 40))
      }: give a label such as utf-8, utf-16le or windows-1252`,
    );
  }
  const utf8 = decoder.encoding === "utf-8";
  /** Lines read whole so far. */
  let lines = 0;
  let carry = new Uint8Array(0);
  /** Finds the line of `bytes` (which end with a newline) that is not UTF-8. */
  const badLine = (bytes: Uint8Array): number => {
    const probe = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
    let line = lines;
    for (let start = 0; start < bytes.length;) {
      const end = bytes.indexOf(LF, start) + 1 || bytes.length;
      line++;
      try {
        probe.decode(bytes.subarray(start, end));
      } catch {
        return line;
      }
      start = end;
    }
    return line;
  };
  const countLines = (text: string) => {
    for (
      let at = text.indexOf("\n");
      at >= 0;
      at = text.indexOf("\n", at + 1)
    ) {
      lines++;
    }
  };
  return new TransformStream({
    transform(chunk, controller) {
      if (!utf8) {
        let text: string;
        try {
          text = decoder.decode(chunk, { stream: true });
        } catch {
          throw invalidText(path, decoder.encoding, `after line ${lines}`);
        }
        countLines(text);
        controller.enqueue(text);
        return;
      }
      // Whole lines are decoded together; a line cut by the chunk waits
      // for the rest of it.
      const bytes = new Uint8Array(carry.length + chunk.length);
      bytes.set(carry);
      bytes.set(chunk, carry.length);
      const end = bytes.lastIndexOf(LF) + 1;
      carry = bytes.slice(end);
      if (end === 0) return;
      const whole = bytes.subarray(0, end);
      let text: string;
      try {
        text = decoder.decode(whole, { stream: true });
      } catch {
        throw invalidText(path, "utf-8", `at line ${badLine(whole)}`);
      }
      countLines(text);
      controller.enqueue(text);
    },
    flush(controller) {
      let text: string;
      try {
        text = decoder.decode(carry);
      } catch {
        throw invalidText(
          path,
          decoder.encoding,
          utf8 ? `at line ${lines + 1}` : `after line ${lines}`,
        );
      }
      if (text) controller.enqueue(text);
    },
  });
}

/**
 * The records of a CSV file, header first, streamed, each with the line it
 * starts on. Bytes that are not of the file's encoding stop the reading
 * with an error that names the line.
 */
export async function* records(
  path: string | URL,
  options: InputOptions,
): AsyncGenerator<InputRecord> {
  const file = await Deno.open(path);
  const reader = file.readable.getReader();
  let parsed: ReadableStream<{ record: string[]; info: { lines: number } }>;
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
    parsed = bytes
      .pipeThrough(strictDecoder(path, encoding))
      .pipeThrough(new TextEncoderStream())
      .pipeThrough(
        parse({
          delimiter: options.delimiter,
          relax_column_count: true,
          skip_empty_lines: true,
          info: true,
        }),
      );
  } catch (error) {
    await reader.cancel().catch(() => {});
    throw error;
  }
  for await (const { record, info } of parsed) {
    // A record ends on `info.lines`; each newline inside a field is a line
    // it spans.
    let inside = 0;
    for (const field of record) {
      for (
        let at = field.indexOf("\n");
        at >= 0;
        at = field.indexOf("\n", at + 1)
      ) {
        inside++;
      }
    }
    yield { record, line: info.lines - inside };
  }
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
    if (record.length > header.length) {
      const extra = record.slice(header.length);
      if (extra.some((field) => field !== "")) {
        throw new Error(
          `${path} line ${line} has ${record.length} fields, but its header names ${header.length} columns: ` +
            `the extra ${extra.length === 1 ? "field" : "fields"} (${
              quoted(extra.slice(0, 3))
            }${
              extra.length > 3 ? ", …" : ""
            }) would be lost. Quote a field that holds the delimiter, or name the column in the header`,
        );
      }
    }
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
