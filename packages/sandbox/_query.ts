// Query strings parsed from the raw text, so repeated keys, bracket keys
// (`avoid%5Bfeatures%5D`) and literal structural delimiters survive.

/** One `key=value` pair of a query string. */
export interface QueryEntry {
  /** The decoded key, e.g. `avoid[features]`. */
  key: string;
  /** The value exactly as sent (still percent-encoded). */
  raw: string;
  /** The decoded value (`+` read as a space). */
  value: string;
}

/** Decodes a query component; `+` is a space. Undefined when malformed. */
export function decodeComponent(text: string): string | undefined {
  try {
    return decodeURIComponent(text.replace(/\+/g, " "));
  } catch {
    return undefined;
  }
}

/** The parsed query of one request. */
export class Params {
  /** Every pair in order, `apiKey` included. */
  readonly entries: readonly QueryEntry[];
  /** Keys or values that were not valid percent-encoding. */
  readonly malformed: readonly string[];

  constructor(search: string) {
    const entries: QueryEntry[] = [];
    const malformed: string[] = [];
    const text = search.startsWith("?") ? search.slice(1) : search;
    for (const part of text.split("&")) {
      if (part === "") continue;
      const eq = part.indexOf("=");
      const rawKey = eq < 0 ? part : part.slice(0, eq);
      const raw = eq < 0 ? "" : part.slice(eq + 1);
      const key = decodeComponent(rawKey);
      const value = decodeComponent(raw);
      if (key === undefined || value === undefined) {
        malformed.push(key ?? rawKey);
        continue;
      }
      entries.push({ key, raw, value });
    }
    this.entries = entries;
    this.malformed = malformed;
  }

  /** The first decoded value of `key`. */
  get(key: string): string | undefined {
    return this.entries.find((e) => e.key === key)?.value;
  }

  /** The first raw (encoded) value of `key`. */
  raw(key: string): string | undefined {
    return this.entries.find((e) => e.key === key)?.raw;
  }

  /** Every entry of `key`, in order. */
  all(key: string): QueryEntry[] {
    return this.entries.filter((e) => e.key === key);
  }

  /** True when `key` is present. */
  has(key: string): boolean {
    return this.entries.some((e) => e.key === key);
  }

  /** Keys that occur more than once, except those in `allowed`. */
  repeated(allowed: readonly string[] = []): string[] {
    const seen = new Map<string, number>();
    for (const { key } of this.entries) seen.set(key, (seen.get(key) ?? 0) + 1);
    return [...seen].filter(([k, n]) => n > 1 && !allowed.includes(k)).map((
      [k],
    ) => k);
  }

  /** Keys present that are not in `known` (and not `apiKey`). */
  unknown(known: ReadonlySet<string>): string[] {
    const out: string[] = [];
    for (const { key } of this.entries) {
      if (key === "apiKey" || known.has(key) || out.includes(key)) continue;
      out.push(key);
    }
    return out;
  }
}

/**
 * The text to split a structured value on. Delimiters are normally literal
 * (`52.5,13.4;r=100`) and content pieces encoded; a client that encoded the
 * whole value (`52.5%2C13.4`) is also understood. `decodePiece` decodes one
 * piece after splitting.
 */
export function structured(raw: string, delimiters = /[,;!=:]/): {
  text: string;
  decodePiece: (piece: string) => string;
} {
  if (delimiters.test(raw)) {
    return { text: raw, decodePiece: (p) => decodeComponent(p) ?? p };
  }
  const decoded = decodeComponent(raw) ?? raw;
  return { text: decoded, decodePiece: (p) => p };
}
