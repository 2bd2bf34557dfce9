// Parsing CSV bytes with csv-parse's web stream, a chunk at a time.

import { parse } from "csv-parse/stream";

/** The options of csv-parse that geocode_csv.ts uses. */
export type ParseOptions = Parameters<typeof parse>[0];

/**
 * The records csv-parse finds in `bytes`. Each chunk is handed to the
 * parser only once it took the one before (`pipeThrough` would queue up to
 * 1,024 chunks in front of it), so a file is read no further ahead than
 * one chunk and the records not yet taken. Stopping early cancels `bytes`.
 */
export async function* parseRecords<T>(
  bytes: ReadableStream<Uint8Array>,
  options: ParseOptions,
): AsyncGenerator<T> {
  const parser = parse(options);
  const writer = parser.writable.getWriter();
  const pump = (async () => {
    try {
      for await (const chunk of bytes) await writer.write(chunk);
      await writer.close();
    } catch (error) {
      // The records' reader stopped, or `bytes` failed: the parser's
      // readable ends with the reason.
      await writer.abort(error).catch(() => {});
    }
  })();
  try {
    yield* parser.readable as ReadableStream<T>;
  } finally {
    // A write the reader left waiting fails now, and the pump ends.
    await parser.readable.cancel().catch(() => {});
    await pump;
  }
}
