// A ValueError about a caller's input, scrubbed of a client's credentials:
// a caller may paste a key into a parameter's value or name, and the error
// would quote it.

import { ValueError } from "../errors/errors.ts";

/**
 * `err` with every credential `redact` knows taken out of its parameter and
 * message, when it is a ValueError (the same error when there was none);
 * any other error as it is.
 */
export function scrubInputError(
  err: unknown,
  redact: (text: string) => string,
): unknown {
  if (!(err instanceof ValueError)) return err;
  const parameter = redact(err.parameter);
  const message = redact(err.message);
  if (parameter === err.parameter && message === err.message) return err;
  const prefix = `Invalid ${parameter}: `;
  return new ValueError(
    parameter,
    message.startsWith(prefix) ? message.slice(prefix.length) : message,
  );
}

/**
 * Runs `check` (a request builder, a check of options) and returns what it
 * returns; a ValueError it throws comes out scrubbed of `client`'s
 * credentials. Builders run before the client sees the call, so without
 * this a key pasted into a parameter would be quoted in the error.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Client, ValueError } from "@ls/core";
 * import { scrubbing } from "@ls/core/internal";
 * using client = new Client({ apiKey: "k3y-0f-the-acc0unt" });
 * assert.equal(scrubbing(client, () => 42), 42);
 * assert.throws(
 *   () =>
 *     scrubbing(client, () => {
 *       throw new ValueError("lang[0]", "must be a language tag", "k3y-0f-the-acc0unt");
 *     }),
 *   (err) => err instanceof ValueError && !err.message.includes("k3y-0f-the-acc0unt"),
 * );
 * ```
 */
export function scrubbing<T>(
  client: { redact(text: string): string },
  check: () => T,
): T {
  try {
    return check();
  } catch (err) {
    throw scrubInputError(err, (text) => client.redact(text));
  }
}
