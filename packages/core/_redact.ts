// Credential redaction for URLs, messages and hook payloads.

import { encodeContent } from "./query.ts";

// The value ends where a URL's query value can: at `&`, `#`, or where the URL
// itself ends in a text (whitespace, a quote), so that JSON stays JSON.
const API_KEY_PARAM = /([?&]apikey=)[^&#\s"'\\]*/gi;

/** Placeholder that replaces a credential. */
export const REDACTED = "REDACTED";

/** Replaces the value of every `apiKey` query parameter. */
export function redactUrl(url: string): string {
  return url.replace(API_KEY_PARAM, `$1${REDACTED}`);
}

/** Holds the secrets a client knows and scrubs them from any text. */
export class Redactor {
  #secrets = new Set<string>();
  #others: { scrub(text: string): string }[] = [];

  /** Remembers a secret (and its percent-encoded forms). */
  add(secret: string | undefined): void {
    if (!secret || secret.length < 4) return;
    this.#secrets.add(secret);
    this.#secrets.add(encodeURIComponent(secret));
    this.#secrets.add(encodeContent(secret));
  }

  /** Also applies another scrubber (a shared token manager's secrets). */
  chain(other: { scrub(text: string): string }): void {
    this.#others.push(other);
  }

  /** The text with `apiKey` values and every known secret replaced. */
  scrub(text: string): string {
    let out = redactUrl(text);
    for (const s of this.#secrets) {
      if (out.includes(s)) out = out.split(s).join(REDACTED);
    }
    for (const other of this.#others) out = other.scrub(out);
    return out;
  }
}

/** Header names whose values are never shown. */
const SECRET_HEADERS = new Set([
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
