/**
 * HERE platform credentials (access key id and secret, plus the optional
 * token endpoint and scope) from an object, a `credentials.properties` text or
 * environment variables. The secret is held in a private field and never
 * appears in `JSON.stringify`, `String()`, `console.log` or `inspect` output.
 * Reading the file from disk lives in `@ls/core/file`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { PlatformCredentials } from "@ls/core";
 * const credentials = PlatformCredentials.fromProperties(
 *   "here.access.key.id = AKID\nhere.access.key.secret = SECRET\n",
 * );
 * assert.equal(credentials.accessKeySecret, "SECRET");
 * assert.equal(JSON.stringify(credentials), '{"accessKeyId":"AKID"}');
 * assert.equal(Deno.inspect(credentials), 'PlatformCredentials { accessKeyId: "AKID", accessKeySecret: [REDACTED] }');
 * ```
 *
 * @module
 */

import { ValueError } from "../errors/errors.ts";
import { parseProperties } from "./_properties.ts";
import { hasLoneSurrogate } from "../params/check_params.ts";

/** The fields of {@linkcode PlatformCredentials}. */
export interface PlatformCredentialsInit {
  /** `here.access.key.id`: sent as `oauth_consumer_key`. */
  accessKeyId: string;
  /** `here.access.key.secret`: the HMAC key material. Never shown. */
  accessKeySecret: string;
  /** `here.token.endpoint.url`: the token URL, when not the default. */
  tokenEndpointUrl?: string;
  /** `here.token.scope`: a project HRN for project-scoped tokens. */
  scope?: string;
  /** `here.user.id`: informational, not sent. */
  userId?: string;
  /** `here.client.id`: informational, not sent. */
  clientId?: string;
}

/** The JSON view of {@linkcode PlatformCredentials}: every field but the secret. */
export interface PlatformCredentialsJSON {
  /** The access key id. */
  accessKeyId: string;
  /** The token URL, when set. */
  tokenEndpointUrl?: string;
  /** The token scope, when set. */
  scope?: string;
  /** The user id, when set. */
  userId?: string;
  /** The client id, when set. */
  clientId?: string;
}

/**
 * Environment variables for {@linkcode PlatformCredentials.fromEnv}: a plain
 * record (such as Node's `process.env`) or an object with `get` (such as
 * `Deno.env`).
 */
export type EnvSource =
  | Record<string, string | undefined>
  | { get(name: string): string | undefined };

/**
 * Per field: its `credentials.properties` key, then its environment variable
 * and that variable's alias, if any. The key id and the secret come first
 * (they are required), then the optional fields in the order they are
 * checked and shown.
 */
const SOURCES: readonly (readonly [
  keyof PlatformCredentialsInit,
  string,
  string,
  string?,
])[] = [
  [
    "accessKeyId",
    "here.access.key.id",
    "HERE_ACCESS_KEY_ID",
    "HERE_ACCESS_KEY",
  ],
  [
    "accessKeySecret",
    "here.access.key.secret",
    "HERE_ACCESS_KEY_SECRET",
    "HERE_ACCESS_SECRET",
  ],
  [
    "tokenEndpointUrl",
    "here.token.endpoint.url",
    "HERE_TOKEN_ENDPOINT_URL",
    "HERE_TOKEN_ENDPOINT",
  ],
  ["scope", "here.token.scope", "HERE_TOKEN_SCOPE"],
  ["userId", "here.user.id", "HERE_USER_ID"],
  ["clientId", "here.client.id", "HERE_CLIENT_ID"],
];
type Source = (typeof SOURCES)[number];
/** The optional fields (those after the secret in {@linkcode SOURCES}). */
type Optional = Exclude<keyof PlatformCredentialsJSON, "accessKeyId">;

/**
 * An access key id and secret for HERE's OAuth token endpoint. The secret is
 * readable through {@linkcode PlatformCredentials.accessKeySecret} but is left
 * out of every printed or serialised form.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { PlatformCredentials } from "@ls/core";
 * const credentials = new PlatformCredentials({
 *   accessKeyId: "<ACCESS_KEY_ID>",
 *   accessKeySecret: "<ACCESS_KEY_SECRET>",
 * });
 * assert.equal(
 *   String(credentials),
 *   'PlatformCredentials { accessKeyId: "<ACCESS_KEY_ID>", accessKeySecret: [REDACTED] }',
 * );
 * assert.throws(() => new PlatformCredentials({ accessKeyId: "<ACCESS_KEY_ID>", accessKeySecret: " " }), {
 *   message: "Invalid accessKeySecret: must be a non-empty string",
 * });
 * ```
 */
export class PlatformCredentials {
  /** The access key id (`oauth_consumer_key`). */
  readonly accessKeyId: string;
  /** The token URL, when not the default. */
  readonly tokenEndpointUrl?: string;
  /** A project HRN sent as the token request's `scope`. */
  readonly scope?: string;
  /** The user id (not sent). */
  readonly userId?: string;
  /** The client id (not sent). */
  readonly clientId?: string;
  #secret: string;

  /**
   * Validates and stores the credentials; empty optional fields become unset.
   *
   * @throws {ValueError} when the key id or secret is missing or empty, or the
   * token endpoint is not an absolute http(s) URL
   */
  constructor(init: PlatformCredentialsInit) {
    if (typeof init !== "object" || init === null) {
      throw new ValueError(
        "credentials",
        "must be an object with accessKeyId and accessKeySecret",
      );
    }
    for (const [field] of SOURCES.slice(0, 2)) {
      const value = init[field];
      if (typeof value !== "string" || value.trim() === "") {
        // Never describe the given value: it may be a mistyped secret.
        throw new ValueError(field, "must be a non-empty string");
      }
      if (hasLoneSurrogate(value)) {
        // Signing percent-encodes it as UTF-8, which has no form for one.
        throw new ValueError(field, "must not hold a lone surrogate");
      }
    }
    this.accessKeyId = init.accessKeyId;
    this.#secret = init.accessKeySecret;
    for (const [key] of SOURCES.slice(2)) {
      const field = key as Optional;
      const value = optional(init[field], field);
      if (value === undefined) continue;
      if (field === "tokenEndpointUrl" && !isHttpUrl(value)) {
        throw new ValueError(
          "tokenEndpointUrl",
          // Not quoted: a URL can carry a password.
          "must be an absolute http(s) URL",
        );
      }
      (this as PlatformCredentialsJSON)[field] = value;
    }
    // Console hooks that keep the secret hidden, set per instance (not as
    // computed class members) so bundlers can drop the class when unused.
    const inspect = { value: () => this.toString() };
    Object.defineProperties(this, {
      [Symbol.for("Deno.customInspect")]: inspect,
      [Symbol.for("nodejs.util.inspect.custom")]: inspect,
    });
  }

  /** The access key secret. Not enumerable, never printed. */
  get accessKeySecret(): string {
    return this.#secret;
  }

  /**
   * Parses a Java-properties style `credentials.properties` text: blank lines
   * and lines starting with `#` or `!` are skipped, each line is split at the
   * first `=` (else the first `:`), keys and values are trimmed, values may
   * contain `:` and `//`, and unknown keys are ignored.
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { PlatformCredentials } from "@ls/core";
   * const credentials = PlatformCredentials.fromProperties([
   *   "# downloaded from the HERE platform",
   *   "here.access.key.id = AKID",
   *   "here.access.key.secret = SECRET",
   *   "here.token.endpoint.url = https://account.api.here.com/oauth2/token",
   * ].join("\n"));
   * assert.equal(credentials.tokenEndpointUrl, "https://account.api.here.com/oauth2/token");
   * assert.throws(() => PlatformCredentials.fromProperties("here.access.key.id = AKID", "creds.properties"), {
   *   message: "Invalid here.access.key.secret: must be set in creds.properties",
   * });
   * ```
   *
   * @param text the file contents
   * @param source how to name the text in error messages, e.g. its path
   * @throws {ValueError} when the key id or the secret is missing or empty
   */
  static fromProperties(
    text: string,
    source = "the credentials properties",
  ): PlatformCredentials {
    // Not converted: an object without a string form would be a raw
    // TypeError, and its text is not quoted (it may hold the secret).
    if (typeof text !== "string") {
      throw new ValueError("text", "must be a string");
    }
    if (typeof source !== "string") {
      throw new ValueError("source", "must be a string");
    }
    const properties = parseProperties(text);
    return gather(
      ([, key]) => properties.get(key)?.trim(),
      ([, key]) => new ValueError(key, `must be set in ${source}`),
    );
  }

  /**
   * Reads the credentials from environment variables: `HERE_ACCESS_KEY_ID`
   * (alias `HERE_ACCESS_KEY`), `HERE_ACCESS_KEY_SECRET` (alias
   * `HERE_ACCESS_SECRET`), `HERE_TOKEN_ENDPOINT_URL` (alias
   * `HERE_TOKEN_ENDPOINT`), `HERE_TOKEN_SCOPE`, `HERE_USER_ID` and
   * `HERE_CLIENT_ID`. A primary name wins over its alias; empty values count
   * as unset.
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { PlatformCredentials } from "@ls/core";
   * const credentials = PlatformCredentials.fromEnv({
   *   HERE_ACCESS_KEY: "AKID",
   *   HERE_ACCESS_KEY_SECRET: "SECRET",
   * });
   * assert.equal(credentials.accessKeyId, "AKID");
   * assert.throws(() => PlatformCredentials.fromEnv({ HERE_ACCESS_KEY_ID: "AKID" }), {
   *   message: "Invalid HERE_ACCESS_KEY_SECRET: must be set (or its alias HERE_ACCESS_SECRET)",
   * });
   * // On Deno: PlatformCredentials.fromEnv(Deno.env); on Node: fromEnv(process.env)
   * ```
   *
   * @throws {ValueError} when no key id or no secret is set
   */
  static fromEnv(env: EnvSource): PlatformCredentials {
    if (typeof env !== "object" || env === null) {
      throw new ValueError(
        "env",
        "must be an object of variables or have a get(name) method",
        env,
      );
    }
    const get = typeof env?.get === "function"
      ? (name: string) =>
        (env as { get(name: string): string | undefined }).get(name)
      : (name: string) => (env as Record<string, string | undefined>)[name];
    return gather(
      ([, , name, alias]) => get(name)?.trim() || (alias && get(alias)?.trim()),
      ([, , name, alias]) =>
        new ValueError(name, `must be set (or its alias ${alias})`),
    );
  }

  /**
   * Every field but the secret, for logs and `JSON.stringify`.
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { PlatformCredentials } from "@ls/core";
   * const c = new PlatformCredentials({ accessKeyId: "AKID", accessKeySecret: "SECRET", scope: "hrn:here:authorization::org:project/p" });
   * assert.deepEqual(c.toJSON(), { accessKeyId: "AKID", scope: "hrn:here:authorization::org:project/p" });
   * ```
   */
  toJSON(): PlatformCredentialsJSON {
    const out: PlatformCredentialsJSON = { accessKeyId: this.accessKeyId };
    for (const [key] of SOURCES.slice(2)) {
      const field = key as Optional;
      if (this[field] !== undefined) out[field] = this[field];
    }
    return out;
  }

  /**
   * A one-line description with the secret shown as `[REDACTED]`.
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { PlatformCredentials } from "@ls/core";
   * const c = new PlatformCredentials({ accessKeyId: "AKID", accessKeySecret: "SECRET" });
   * assert.equal(`${c}`, 'PlatformCredentials { accessKeyId: "AKID", accessKeySecret: [REDACTED] }');
   * ```
   */
  toString(): string {
    // toJSON's first field is the key id: the secret is shown after it.
    const fields = Object.entries(this.toJSON()).map(([k, v]) =>
      `${k}: ${JSON.stringify(v)}`
    );
    fields.splice(1, 0, "accessKeySecret: [REDACTED]");
    return `PlatformCredentials { ${fields.join(", ")} }`;
  }
}

/**
 * The credentials of the fields `read` finds (blank counts as unset); `missing`
 * is the error of a source without the key id or the secret. Every field is
 * read before either is checked.
 */
function gather(
  read: (source: Source) => string | undefined,
  missing: (source: Source) => ValueError,
): PlatformCredentials {
  const init: Record<string, string> = {};
  for (const source of SOURCES) {
    const value = read(source);
    if (value) init[source[0]] = value;
  }
  for (const source of SOURCES.slice(0, 2)) {
    if (!init[source[0]]) throw missing(source);
  }
  return new PlatformCredentials(init as unknown as PlatformCredentialsInit);
}

function optional(value: unknown, parameter: string): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "string") {
    // Described by its type alone: it may hold the secret, given by mistake.
    throw new ValueError(parameter, `must be a string, not ${typeof value}`);
  }
  const trimmed = value.trim();
  return trimmed === "" ? undefined : trimmed;
}

/** Whether `value` is an absolute http(s) URL. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:";
  } catch {
    return false;
  }
}

/**
 * Whether `value` looks like {@linkcode PlatformCredentials}: an object with
 * a string `accessKeyId` and `accessKeySecret` (any copy of the class, or a
 * plain object), as the client and `Auth` both require.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isCredentials } from "./credentials.ts";
 * assert.equal(isCredentials({ accessKeyId: "id", accessKeySecret: "s" }), true);
 * assert.equal(isCredentials({ accessKeyId: "id" }), false);
 * ```
 */
export function isCredentials(value: unknown): value is PlatformCredentials {
  return typeof value === "object" && value !== null &&
    typeof (value as { accessKeyId?: unknown }).accessKeyId === "string" &&
    typeof (value as { accessKeySecret?: unknown }).accessKeySecret ===
      "string";
}
