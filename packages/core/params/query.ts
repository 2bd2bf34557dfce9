/**
 * Query-string building with HERE's two-level encoding: content is encoded
 * strictly, structured values keep their delimiters literal, and a key is
 * never repeated unless the caller asks for it (routing's `via`).
 *
 * @module
 */

import { LSError, ValueError } from "../errors/errors.ts";
import { checkWellFormed } from "./check_params.ts";

/**
 * Percent-encodes content strictly (RFC 3986 unreserved characters only):
 * `encodeURIComponent` plus `! ' ( ) *`. A space becomes `%20`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { encodeContent } from "@ls/core/internal";
 * assert.equal(encodeContent("café & bar"), "caf%C3%A9%20%26%20bar");
 * assert.equal(encodeContent("Rock'n'Roll (live)!"), "Rock%27n%27Roll%20%28live%29%21");
 * ```
 */
export function encodeContent(value: string): string {
  if (UNRESERVED.test(value)) return value;
  const encoded = encodeURIComponent(value);
  // Testing first is cheaper than a replace that finds nothing, the usual
  // case, on the path of every call.
  return SUB_DELIM.test(encoded)
    ? encoded.replace(
      SUB_DELIMS,
      (c) => "%" + c.charCodeAt(0).toString(16).toUpperCase(),
    )
    : encoded;
}

const UNRESERVED = /^[A-Za-z0-9\-._~]*$/;
const SUB_DELIM = /[!'()*]/;
const SUB_DELIMS = /[!'()*]/g;

/**
 * An ordered query string. {@linkcode Query.set} encodes a value as content;
 * {@linkcode Query.setStructured} takes a value already assembled from encoded
 * pieces and literal delimiters. Setting a key twice throws, because
 * Geocoding & Search answers 400 to a repeated key; {@linkcode Query.append}
 * is for the keys that are meant to repeat.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Query } from "@ls/core";
 * const q = new Query()
 *   .set("q", "coffee shop")
 *   .setStructured("in", "circle:52.5,13.4;r=1000")
 *   .set("avoid[features]", ["tollRoad", "ferry"]);
 * assert.equal(q.toString(), "q=coffee%20shop&in=circle:52.5,13.4;r=1000&avoid%5Bfeatures%5D=tollRoad,ferry");
 * assert.throws(() => q.set("q", "tea"), { message: "Query key q was set twice; HERE rejects repeated keys" });
 * ```
 */
export class Query {
  #parts: string[] = [];
  /** The keys set, in order: a handful, where a list beats a Set. */
  #keys: string[] = [];

  /**
   * Sets `key` to a content value (encoded strictly). Lists are joined with
   * literal commas, each element encoded. `undefined` and empty lists are
   * skipped.
   *
   * @throws {ValueError} naming `key` for text with an unpaired surrogate,
   * or naming the item of a list that is not a string
   */
  set(
    key: string,
    value: string | number | boolean | readonly string[] | undefined,
  ): this {
    if (value === undefined) return this;
    let encoded: string;
    let text: unknown = value;
    try {
      if (Array.isArray(value)) {
        if (value.length === 0) return this;
        const items: string[] = [];
        for (let i = 0; i < value.length; i++) {
          const item: unknown = value[i];
          if (typeof item !== "string") {
            // A list its builder let through with a hole or a non-string:
            // refused here rather than sent as "undefined" or an empty item.
            throw new ValueError(
              `${key}[${i}]`,
              `must be a string, not ${item === null ? "null" : typeof item}`,
            );
          }
          items.push(encodeContent(item));
        }
        encoded = items.join(",");
      } else {
        text = String(value);
        encoded = encodeContent(text as string);
      }
    } catch (err) {
      // encodeURIComponent's URIError: text with an unpaired surrogate.
      // Any other error (the ValueError above) is the one to report.
      if (err instanceof URIError) checkWellFormed(text, key);
      throw err;
    }
    return this.setStructured(key, encoded);
  }

  /**
   * Sets `key` to a value already built from encoded content and delimiters.
   *
   * @throws {ValueError} naming `key` for a key with an unpaired surrogate
   */
  setStructured(key: string, encoded: string | undefined): this {
    if (encoded === undefined) return this;
    if (this.#keys.includes(key)) {
      throw new LSError(
        `Query key ${key} was set twice; HERE rejects repeated keys`,
      );
    }
    const part = `${encodeKey(key)}=${encoded}`;
    this.#keys.push(key);
    this.#parts.push(part);
    return this;
  }

  /**
   * Appends a repeatable key (such as `via`) with an already-encoded value.
   *
   * @throws {ValueError} naming `key` for a key with an unpaired surrogate
   */
  append(key: string, encoded: string): this {
    this.#parts.push(`${encodeKey(key)}=${encoded}`);
    return this;
  }

  /** True when `key` was set. */
  has(key: string): boolean {
    return this.#keys.includes(key);
  }

  /** The query string, without the leading `?`. */
  toString(): string {
    return this.#parts.join("&");
  }
}

/** A key, encoded; one with an unpaired surrogate is a ValueError naming `key`. */
function encodeKey(key: string): string {
  try {
    return encodeContent(key);
  } catch (err) {
    if (err instanceof URIError) checkWellFormed(key, "key");
    throw err;
  }
}
