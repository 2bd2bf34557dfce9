// Credential redaction for URLs, messages, parsed bodies and hook payloads.

import { encodeContent } from "../params/query.ts";

// The value ends where a URL's query value can: at `&`, `#`, or where the URL
// itself ends in a text (whitespace, a quote), so that JSON stays JSON.
const API_KEY_PARAM = /([?&](?:amp;)?apikey=)[^&#\s"'\\<>]*/gi;

/** Placeholder that replaces a credential. */
export const REDACTED = "REDACTED";

/** Replaces the value of every `apiKey` query parameter. */
export function redactUrl(url: string): string {
  return url.replace(API_KEY_PARAM, `$1${REDACTED}`);
}

/** JSON fields whose values are credentials, whatever they hold. */
const SECRET_FIELDS =
  /^(?:api[-_]?key|access[-_]?token|refresh[-_]?token|token|client[-_]?secret|access[-_]?key[-_]?secret|authorization|password)$/i;

/** Characters at which a server may split or re-encode a credential. */
const DELIMITERS = /[&=#"\\ +/?;,:'<>]/;

/** The shortest piece of a credential that is scrubbed on its own. */
const MIN_PIECE = 4;

/**
 * The length of the runs of a credential that are scrubbed wherever they
 * stand: a server that echoes a key cut short (`k3y-SECR…`), or only its
 * middle, raw or in one of its whole encodings, leaks no run this long.
 */
const RUN = 8;

/** The most recent tokens kept for scrubbing (older ones have expired). */
const MAX_TRANSIENT = 32;

/**
 * The longest credential matched in mixed encodings by a regular
 * expression; a longer one (or a token, which a server chose) is matched in
 * each whole encoding by plain search, which stays linear whatever the text.
 */
const MAX_PATTERN_LENGTH = 128;

/**
 * Holds the secrets a client knows and scrubs them from any text, in every
 * encoding a server may echo them in: raw, percent-encoded (either case,
 * `+` for a space), JSON-escaped (`\/`, `\"`, `\u0041`) and as HTML
 * entities. A key of up to 128 characters is also found in mixtures of these
 * and, when it holds delimiters (`& = # " \` or a space), piece by piece, so
 * a server that split it at one leaks no part of it.
 */
export class Redactor {
  #secrets = new Set<string>();
  #transient: string[] = [];
  #others: { scrub(text: string): string }[] = [];
  #pattern: RegExp | null | undefined = null;
  #literals: string[] = [];
  /**
   * Each run of {@linkcode RUN} characters of a secret's forms: the rest of
   * each form from the run's first place in it on.
   */
  #runs = new Map<string, string[]>();
  /** The first characters of those runs: most positions are passed on one lookup. */
  #starts = new Set<string>();

  /**
   * Remembers a secret. `transient` ones (tokens) are kept only while they
   * are among the most recent.
   */
  add(secret: string | undefined, transient = false): void {
    if (!secret || this.#secrets.has(secret)) return;
    this.#secrets.add(secret);
    if (transient) {
      this.#transient.push(secret);
      if (this.#transient.length > MAX_TRANSIENT) {
        this.#secrets.delete(this.#transient.shift()!);
      }
    } else if (secret.length > RUN) {
      // Keys and secrets, not tokens: a server chooses those, and fresh
      // ones share their start with the ones forgotten. Kept for good, so
      // they are indexed once, here, not again with each new token.
      for (const form of encodings(secret)) {
        const seen = new Set<string>();
        for (let at = 0; at + RUN <= form.length; at++) {
          const run = form.slice(at, at + RUN);
          if (seen.has(run)) continue;
          seen.add(run);
          this.#starts.add(run[0]);
          const rests = this.#runs.get(run) ?? [];
          const rest = form.slice(at);
          if (!rests.includes(rest)) this.#runs.set(run, [...rests, rest]);
        }
      }
    }
    this.#pattern = undefined; // rebuilt on the next scrub
  }

  /** Also applies another scrubber (a shared token manager's secrets). */
  chain(other: { scrub(text: string): string }): void {
    this.#others.push(other);
  }

  /** The text with `apiKey` values and every known secret replaced. */
  scrub(text: string): string {
    if (typeof text !== "string") text = String(text);
    const pattern = this.#regex();
    let out = text;
    for (const literal of this.#literals) {
      if (out.includes(literal)) out = out.split(literal).join(REDACTED);
    }
    if (pattern) out = out.replace(pattern, REDACTED);
    if (this.#runs.size) out = this.#scrubRuns(out);
    out = redactUrl(out);
    for (const other of this.#others) out = other.scrub(out);
    return out;
  }

  /**
   * A copy of a parsed JSON value with every string (keys too) scrubbed and
   * the values of credential-named fields (`apiKey`, `access_token`, ...)
   * replaced. The value's depth is bounded by the parser.
   */
  scrubValue(value: unknown): unknown {
    if (typeof value === "string") return this.scrub(value);
    if (typeof value !== "object" || value === null) return value;
    if (Array.isArray(value)) return value.map((v) => this.scrubValue(v));
    if (ArrayBuffer.isView(value)) return value;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      out[this.scrub(k)] = SECRET_FIELDS.test(k) && v !== null && v !== ""
        ? REDACTED
        : this.scrubValue(v);
    }
    return out;
  }

  /**
   * Replaces every stretch of the text that runs along one of a secret's
   * forms for {@linkcode RUN} characters or more: one lookup per position,
   * then as far as the text goes on with that form.
   */
  #scrubRuns(text: string): string {
    let out = "";
    let last = 0;
    for (let i = 0; i + RUN <= text.length;) {
      const rests = this.#starts.has(text[i])
        ? this.#runs.get(text.slice(i, i + RUN))
        : undefined;
      if (rests === undefined) {
        i++;
        continue;
      }
      // The form that the text follows furthest.
      let length = RUN;
      for (const rest of rests) {
        let k = RUN;
        while (k < rest.length && text[i + k] === rest[k]) k++;
        if (k > length) length = k;
      }
      const end = i + length;
      out += text.slice(last, i) + REDACTED;
      last = i = end;
    }
    return last === 0 ? text : out + text.slice(last);
  }

  #regex(): RegExp | null {
    if (this.#pattern !== undefined) return this.#pattern;
    const patterned = new Set<string>();
    const literals = new Set<string>();
    const transient = new Set(this.#transient);
    for (const secret of this.#secrets) {
      if (transient.has(secret) || secret.length > MAX_PATTERN_LENGTH) {
        for (const form of encodings(secret)) literals.add(form);
        continue;
      }
      patterned.add(secret);
      if (DELIMITERS.test(secret)) {
        // Longer pieces are runs, found wherever they stand (below).
        for (const piece of secret.split(DELIMITERS)) {
          if (piece.length >= MIN_PIECE && piece.length < RUN) {
            patterned.add(piece);
          }
        }
      }
    }
    // Longest first, so that a whole secret goes before its pieces.
    this.#literals = [...literals].sort((a, b) => b.length - a.length);
    const sources = [...patterned].sort((a, b) => b.length - a.length).map(
      anyEncoding,
    );
    this.#pattern = sources.length ? new RegExp(sources.join("|"), "gi") : null;
    return this.#pattern;
  }
}

/** A secret's whole encodings, for plain search. */
function encodings(secret: string): string[] {
  const json = JSON.stringify(secret).slice(1, -1);
  const lower = (t: string) =>
    t.replace(/%[0-9A-F]{2}/g, (m) => m.toLowerCase());
  const out = [secret, json, json.replace(/\//g, "\\/")];
  for (const pct of [encodeURIComponent(secret), encodeContent(secret)]) {
    out.push(pct, lower(pct), pct.replace(/%20/g, "+"));
  }
  out.push(secret.replace(/[&"'<>]/g, (c) => HTML_NAMED[c]));
  const chars = [...secret];
  out.push(chars.map((c) => `&#${c.codePointAt(0)};`).join(""));
  out.push(chars.map((c) => `&#x${c.codePointAt(0)!.toString(16)};`).join(""));
  return out;
}

/**
 * A regular expression source matching `text` with each character in any of
 * the encodings a server may echo it in.
 */
function anyEncoding(text: string): string {
  let out = "";
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    const forms = new Set<string>([escapeRegex(ch)]);
    // Percent-encoding of the UTF-8 bytes (the i flag covers either case).
    let pct = "";
    for (const byte of new TextEncoder().encode(ch)) {
      pct += `%${byte.toString(16).padStart(2, "0")}`;
    }
    forms.add(pct);
    // JSON escapes: \uXXXX (surrogate pairs beyond the BMP), and short ones.
    let u = "";
    for (let i = 0; i < ch.length; i++) {
      u += `\\\\u${ch.charCodeAt(i).toString(16).padStart(4, "0")}`;
    }
    forms.add(u);
    if (ch === "/") forms.add("\\\\/");
    if (ch === '"') forms.add('\\\\"');
    if (ch === "\\") forms.add("\\\\\\\\");
    if (ch === " ") forms.add("\\+");
    if (ch === "+") forms.add(" ");
    // HTML: decimal and hexadecimal references, and the named ones.
    // (A browser also reads them without the closing semicolon.)
    forms.add(`&#0*${cp};?`);
    forms.add(`&#x0*${cp.toString(16)};?`);
    const named = HTML_NAMED[ch];
    if (named) forms.add(named);
    // The longest form first: `%` must not match the start of `%25`.
    out += `(?:${[...forms].sort((a, b) => b.length - a.length).join("|")})`;
  }
  return out;
}

const HTML_NAMED: Record<string, string> = {
  "&": "&amp;",
  '"': "&quot;",
  "'": "&apos;",
  "<": "&lt;",
  ">": "&gt;",
};

function escapeRegex(ch: string): string {
  return /[\\^$.*+?()[\]{}|/-]/.test(ch) ? `\\${ch}` : ch;
}

/** Header names whose values are never shown. */
const SECRET_HEADERS = /* @__PURE__ */ new Set([
  "authorization",
  "proxy-authorization",
  "cookie",
  "x-api-key",
]);

/** A copy of the headers as a plain object with credentials redacted. */
export function redactHeaders(
  headers: Headers,
  redactor: Redactor,
): Record<string, string> {
  const out: Record<string, string> = {};
  headers.forEach((value, key) => {
    out[key] = SECRET_HEADERS.has(key.toLowerCase())
      ? REDACTED
      : redactor.scrub(value);
  });
  return out;
}
