// Test helper: collects every error and hook output a test file produces and
// asserts that no credential appears in any of it. Not published.

import assert from "node:assert/strict";
import type { RequestEvent, ResponseEvent, RetryEvent } from "./client.ts";

/** Credentials used across the test suites; each is searched for in every output. */
export const SECRETS = {
  apiKey: "LEAK-apikey/+=7f3a9c",
  accessKeyId: "LEAK-keyid-51d0",
  accessKeySecret: "LEAK-secret-b64+/=e2",
  token: "LEAK-token-9af8e1c2",
} as const;

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

class LeakWitness {
  readonly outputs: string[] = [];

  readonly hooks: {
    onRequest: (e: RequestEvent) => void;
    onResponse: (e: ResponseEvent) => void;
    onRetry: (e: RetryEvent) => void;
  } = {
    onRequest: (e) => this.outputs.push(safeJson(e)),
    onResponse: (e) => this.outputs.push(safeJson(e)),
    onRetry: (e) => this.outputs.push(safeJson(e), ...errorText(e.error)),
  };

  /** Records any error or value. */
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
    assert.fail("expected the promise to reject");
  }

  /** Asserts that no recorded output contains a credential. */
  assertClean(minOutputs = 10): void {
    assert.ok(
      this.outputs.length >= minOutputs,
      `only ${this.outputs.length} outputs recorded`,
    );
    const secrets = [
      SECRETS.apiKey,
      encodeURIComponent(SECRETS.apiKey),
      SECRETS.accessKeySecret,
      encodeURIComponent(SECRETS.accessKeySecret),
      SECRETS.token,
    ];
    for (const text of this.outputs) {
      for (const s of secrets) {
        assert.ok(
          !text.includes(s),
          `credential leaked in: ${text.slice(0, 300)}`,
        );
      }
      assert.ok(
        !TOKEN_PATTERN.test(text),
        `token leaked in: ${text.slice(0, 300)}`,
      );
    }
  }
}

/** The witness shared by one test file. */
export const leakWitness: LeakWitness = new LeakWitness();
