// The per-call escape hatch: `query` and `body` in RequestOptions carry HERE
// parameters the operation does not model. They go after the modelled ones
// and may neither replace one nor carry a credential.

import { ValueError } from "./errors.ts";
import { checkWellFormed, isRecord } from "./check_params.ts";
import { Query } from "./query.ts";

/** Query keys no call may add: the client attaches the credential itself. */
const CREDENTIAL_KEY = /^api[-_]?key$/i;

/**
 * `qs` with the extra parameters appended.
 *
 * @throws {ValueError} naming `query.<key>` for a key the call already sets,
 * a credential key, or a value that is not text, a finite number, a boolean
 * or a list of them
 */
export function withExtraQuery(qs: string, extra: unknown): string {
  if (extra === undefined) return qs;
  if (!isRecord(extra)) {
    throw new ValueError(
      "query",
      "must be an object of parameter names to values",
    );
  }
  const taken = new Set(
    qs ? qs.split("&").map((p) => decodeURIComponent(p.split("=", 1)[0])) : [],
  );
  const added = new Query();
  for (const [key, value] of Object.entries(extra)) {
    const name = `query.${key.slice(0, 40)}`;
    if (key === "" || CREDENTIAL_KEY.test(key)) {
      throw new ValueError(
        name,
        key === ""
          ? "must not be empty"
          : "must not be sent as a query parameter; the client adds the credential",
      );
    }
    if (taken.has(key)) {
      throw new ValueError(
        name,
        "is already set by this call; pass it through the operation's own parameters",
      );
    }
    const list = Array.isArray(value) ? value : [value];
    if (value === undefined) continue;
    if (!list.every(isScalar)) {
      throw new ValueError(
        name,
        "must be a string, a finite number, a boolean or a list of them",
      );
    }
    checkWellFormed(value, name);
    added.set(key, list.map(String));
  }
  const more = added.toString();
  return qs && more ? `${qs}&${more}` : qs || more;
}

/**
 * `body` with the extra top-level fields added.
 *
 * @throws {ValueError} naming `body` when the request has no JSON object
 * body, or `body.<field>` for a field the call already sets
 */
export function withExtraBody(body: unknown, extra: unknown): unknown {
  if (extra === undefined) return body;
  if (!isRecord(extra)) {
    throw new ValueError("body", "must be an object of field names to values");
  }
  if (!isRecord(body)) {
    throw new ValueError(
      "body",
      "cannot be added: this operation sends no JSON object body; pass extra parameters in query",
    );
  }
  for (const key of Object.keys(extra)) {
    if (Object.hasOwn(body, key)) {
      throw new ValueError(
        `body.${key.slice(0, 40)}`,
        "is already set by this call; pass it through the operation's own parameters",
      );
    }
  }
  return { ...body, ...extra };
}

function isScalar(v: unknown): boolean {
  return typeof v === "string" || typeof v === "boolean" ||
    (typeof v === "number" && Number.isFinite(v));
}
