// Assertions of @ls/core/testing: ValueErrors, rejections, credential leaks,
// and a seeded random source for repeatable inputs.

import { ValueError } from "../errors/errors.ts";
import type {
  RequestEvent,
  ResponseEvent,
  RetryEvent,
} from "../client/client_options.ts";

/**
 * Runs `fn` and asserts that it throws a `ValueError` (from any copy of
 * `@ls/core`) for `parameter`, and with exactly `message` when given.
 * Returns the error.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { formatInteger } from "@ls/core/internal";
 * import { assertValueError } from "@ls/core/testing";
 * const error = assertValueError(() => formatInteger(1.5, "limit"), "limit");
 * assert.equal(error.message, "Invalid limit: must be an integer, got 1.5");
 * assert.throws(() => assertValueError(() => formatInteger(1.5, "limit"), "offset"), {
 *   message: "Expected a ValueError for offset, got one for limit: Invalid limit: must be an integer, got 1.5",
 * });
 * ```
 */
export function assertValueError(
  fn: () => unknown,
  parameter: string,
  message?: string,
): ValueError {
  let caught: unknown;
  try {
    fn();
  } catch (e) {
    caught = e;
  }
  valueErrorFor(caught, parameter);
  if (message !== undefined && caught.message !== message) {
    throw new Error(
      `Expected the message ${JSON.stringify(message)}, got ${
        JSON.stringify(caught.message)
      }`,
    );
  }
  return caught;
}

/**
 * Awaits `promise`, which must reject with a {@linkcode ValueError} for
 * `parameter` (and, when given, a message matching `message`); returns the
 * error.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { ValueError } from "@ls/core";
 * import { rejectsValueError } from "@ls/core/testing";
 * const error = await rejectsValueError(Promise.reject(new ValueError("limit", "must be positive")), "limit", /positive/);
 * assert.equal(error.parameter, "limit");
 * await assert.rejects(rejectsValueError(Promise.resolve(5), "limit"), {
 *   message: "Expected a ValueError for limit, got undefined",
 * });
 * ```
 */
export async function rejectsValueError(
  promise: Promise<unknown>,
  parameter: string,
  message?: RegExp,
): Promise<ValueError> {
  let caught: unknown;
  try {
    await promise;
  } catch (e) {
    caught = e;
  }
  valueErrorFor(caught, parameter);
  if (message && !message.test(caught.message)) {
    throw new Error(
      `Expected a message matching ${message}, got ${caught.message}`,
    );
  }
  return caught;
}

/**
 * Throws unless `caught` is a `ValueError` for `parameter`, naming what it
 * is instead.
 */
function valueErrorFor(
  caught: unknown,
  parameter: string,
): asserts caught is ValueError {
  if (!(caught instanceof ValueError)) {
    throw new Error(`Expected a ValueError for ${parameter}, got ${caught}`);
  }
  if (caught.parameter !== parameter) {
    throw new Error(
      `Expected a ValueError for ${parameter}, got one for ${caught.parameter}: ${caught.message}`,
    );
  }
}

/** Credentials a leak test uses; {@linkcode LeakWitness} looks for each. */
export const LEAK_SECRETS: {
  readonly apiKey: string;
  readonly accessKeyId: string;
  readonly accessKeySecret: string;
  readonly token: string;
} = {
  apiKey: "LEAK-apikey/+=7f3a9c",
  accessKeyId: "LEAK-keyid-51d0",
  accessKeySecret: "LEAK-secret-b64+/=e2",
  token: "LEAK-token-9af8e1c2",
};

const TOKEN_PATTERN = /tok-[a-z0-9]+-[a-z]{4}|LEAK-(apikey|secret|token)/;

function errorText(e: unknown): string[] {
  if (!(e instanceof Error)) return [String(e)];
  const out = [e.message, String(e), e.stack ?? "", safeJson(e)];
  const url = (e as { url?: unknown }).url;
  if (typeof url === "string") out.push(url);
  if (e.cause !== undefined) out.push(...errorText(e.cause));
  return out;
}

function safeJson(v: unknown): string {
  try {
    return JSON.stringify(v) ?? "";
  } catch {
    return "";
  }
}

/**
 * Collects every error and hook event a test produces and checks that no
 * credential of {@linkcode LEAK_SECRETS} (raw or percent-encoded) and no
 * token appears in any of them.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { LEAK_SECRETS, LeakWitness } from "@ls/core/testing";
 * const witness = new LeakWitness();
 * witness.record(new Error("Request failed [GET https://example.com/?apiKey=REDACTED]"));
 * witness.assertClean(1);
 * witness.record(new Error(`Request failed [GET https://example.com/?apiKey=${LEAK_SECRETS.apiKey}]`));
 * assert.throws(() => witness.assertClean(1), { message: /^Credential leaked in: / });
 * ```
 */
export class LeakWitness {
  /** Everything recorded, as text. */
  readonly outputs: string[] = [];

  /** Client hooks that record every event. */
  readonly hooks: {
    onRequest: (e: RequestEvent) => void;
    onResponse: (e: ResponseEvent) => void;
    onRetry: (e: RetryEvent) => void;
  } = {
    onRequest: (e) => this.outputs.push(safeJson(e)),
    onResponse: (e) => this.outputs.push(safeJson(e)),
    onRetry: (e) => this.outputs.push(safeJson(e), ...errorText(e.error)),
  };

  /** Records an error (with its causes) or any value. */
  record(value: unknown): void {
    this.outputs.push(...errorText(value));
  }

  /** Awaits a promise that must reject; records and returns the error. */
  async rejects(p: Promise<unknown>): Promise<Error> {
    try {
      await p;
    } catch (e) {
      this.record(e);
      return e as Error;
    }
    throw new Error("Expected the promise to reject");
  }

  /**
   * Throws unless at least `minOutputs` outputs were recorded and none
   * holds a credential.
   */
  assertClean(minOutputs = 10): void {
    if (this.outputs.length < minOutputs) {
      throw new Error(`Only ${this.outputs.length} outputs recorded`);
    }
    const secrets = [
      LEAK_SECRETS.apiKey,
      encodeURIComponent(LEAK_SECRETS.apiKey),
      LEAK_SECRETS.accessKeySecret,
      encodeURIComponent(LEAK_SECRETS.accessKeySecret),
      LEAK_SECRETS.token,
    ];
    for (const text of this.outputs) {
      for (const s of secrets) {
        if (text.includes(s)) {
          throw new Error(`Credential leaked in: ${text.slice(0, 300)}`);
        }
      }
      if (TOKEN_PATTERN.test(text)) {
        throw new Error(`Token leaked in: ${text.slice(0, 300)}`);
      }
    }
  }
}

/**
 * A seeded generator of numbers in [0, 1) (a 32-bit linear congruential
 * generator): the same seed gives the same sequence, so a randomised test
 * fails the same way every run.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { seededRandom } from "@ls/core/testing";
 * const a = seededRandom(7);
 * const b = seededRandom(7);
 * const first = a();
 * assert.ok(first >= 0 && first < 1);
 * assert.equal(b(), first);
 * ```
 */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/**
 * Awaits `promise`, which must reject with an instance of `type`; returns
 * the error, typed, for the assertions that follow.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { ApiError, ValueError } from "@ls/core";
 * import { rejectsWith } from "@ls/core/testing";
 * const error = await rejectsWith(Promise.reject(new ValueError("limit", "must be positive")), ValueError);
 * assert.equal(error.parameter, "limit");
 * await assert.rejects(rejectsWith(Promise.resolve(5), ApiError), {
 *   message: "Expected a rejection with ApiError, got a fulfilment with 5",
 * });
 * ```
 */
export async function rejectsWith<E>(
  promise: Promise<unknown>,
  type: abstract new (...args: never[]) => E,
): Promise<E> {
  let outcome: string;
  try {
    outcome = `a fulfilment with ${await promise}`;
  } catch (e) {
    if (e instanceof type) return e;
    outcome = `${e}`;
  }
  throw new Error(`Expected a rejection with ${type.name}, got ${outcome}`);
}
