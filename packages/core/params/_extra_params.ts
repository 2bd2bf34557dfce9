// The per-call escape hatch: `query` and `body` in RequestOptions carry HERE
// parameters the operation does not model. They go after the modelled ones
// and may neither replace one nor carry a credential.

import { ValueError } from "../errors/errors.ts";
import { checkJson, checkWellFormed, keyPath } from "./check_params.ts";
import { Query } from "./query.ts";

/** Query keys no call may add: the client attaches the credential itself. */
const CREDENTIAL_KEY = /^api[-_]?key$/i;

/**
 * The longest URL fetch takes (Deno's limit; HTTP servers have their own),
 * so also the longest extra value worth encoding.
 */
export const MAX_URL_LENGTH = 65_534;

/**
 * The entries of a plain object, read once (a getter or Proxy could answer
 * differently the second time).
 *
 * @throws {ValueError} naming `name` for anything else (a Map, a Date, an
 * array, a class instance, symbol keys)
 */
function plainEntries(value: unknown, name: string): [string, unknown][] {
  const proto = typeof value === "object" && value !== null
    ? Object.getPrototypeOf(value)
    : undefined;
  if (
    (proto !== Object.prototype && proto !== null) ||
    Object.getOwnPropertySymbols(value as object).length > 0
  ) {
    throw new ValueError(
      name,
      name === "query"
        ? "must be a plain object of parameter names to values"
        : "must be a plain object of field names to values",
    );
  }
  return Object.entries(value as object);
}

/**
 * `qs` with the extra parameters appended.
 *
 * @throws {ValueError} naming `query.<key>` for a key the call already sets,
 * a credential key, or a value that is not text, a finite number, a boolean
 * or a list of them
 */
export function withExtraQuery(qs: string, extra: unknown): string {
  if (extra === undefined) return qs;
  const entries = plainEntries(extra, "query");
  const taken = new Set(
    qs ? qs.split("&").map((p) => decodeURIComponent(p.split("=", 1)[0])) : [],
  );
  const added = new Query();
  for (const [key, value] of entries) {
    const name = keyPath("query", key);
    if (key === "" || CREDENTIAL_KEY.test(key)) {
      throw new ValueError(
        name,
        key === ""
          ? "has an empty parameter name"
          : "must not be sent as a query parameter; the client adds the credential",
      );
    }
    checkWellFormed(key, name);
    if (taken.has(key)) {
      throw new ValueError(
        name,
        "is already set by this call; pass it through the operation's own parameters",
      );
    }
    if (value === undefined) continue;
    const list: unknown[] = Array.isArray(value) ? value : [value];
    const texts: string[] = [];
    let length = 0;
    for (let i = 0; i < list.length; i++) {
      const v = list[i];
      // An index loop: a hole in a sparse array is a missing value.
      if (!(i in list) || !isScalar(v)) {
        throw new ValueError(
          name,
          "must be a string, a finite number, a boolean or a list of them",
        );
      }
      const text = String(v);
      length += text.length + 1;
      if (length > MAX_URL_LENGTH) {
        throw new ValueError(
          name,
          `makes the request URL longer than the ${MAX_URL_LENGTH} characters a URL may have`,
        );
      }
      texts.push(text);
    }
    checkWellFormed(Array.isArray(value) ? texts : texts[0], name);
    added.set(key, texts);
  }
  const more = added.toString();
  return qs && more ? `${qs}&${more}` : qs || more;
}

/**
 * `body` with the extra top-level fields added.
 *
 * @throws {ValueError} naming `body` when the request has no JSON object
 * body or the extras are not a plain object of JSON values, or
 * `body.<field>` for a field the call already sets
 */
export function withExtraBody(body: unknown, extra: unknown): unknown {
  if (extra === undefined) return body;
  const entries = plainEntries(extra, "body");
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw new ValueError(
      "body",
      "cannot be added: this operation sends no JSON object body; pass extra parameters in query",
    );
  }
  const out: Record<string, unknown> = { ...body };
  for (const [key, value] of entries) {
    const name = keyPath("body", key);
    if (Object.hasOwn(body, key) || key === "toJSON") {
      throw new ValueError(
        name,
        key === "toJSON"
          ? "must not be set: it would replace the whole body"
          : "is already set by this call; pass it through the operation's own parameters",
      );
    }
    if (typeof value === "function" || typeof value === "symbol") {
      throw new ValueError(name, "must be a JSON value");
    }
    checkWellFormed(key, name);
    checkWellFormed(value, name);
    checkJson(value, name);
    // defineProperty: a `__proto__` field stays a field.
    Object.defineProperty(out, key, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}

function isScalar(v: unknown): boolean {
  return typeof v === "string" || typeof v === "boolean" ||
    (typeof v === "number" && Number.isFinite(v));
}
