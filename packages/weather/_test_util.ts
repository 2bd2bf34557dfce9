// Test helpers of @ls/weather. Not published.

import assert from "node:assert/strict";
import { Client, type ClientOptions, ValueError } from "@ls/core";
import type { TestServer } from "@ls/core/testing";

/** The API key every test client sends. */
export const KEY = "test-key/+=";

/** The key as it appears in a query string. */
export const ENCODED_KEY = "test-key%2F%2B%3D";

/** A client that sends every service to the loopback server. */
export function testClient(
  server: TestServer,
  extra: Partial<ClientOptions> = {},
): Client {
  return new Client({
    apiKey: KEY,
    baseUrl: server.url,
    retryBaseDelayMs: 1,
    ...extra,
  });
}

/**
 * Awaits a promise that must reject with a ValueError for `parameter`
 * (and a message matching `message`, when given); returns the error.
 */
export async function rejectsValueError(
  p: Promise<unknown>,
  parameter: string,
  message?: RegExp,
): Promise<ValueError> {
  let caught: unknown;
  try {
    await p;
  } catch (e) {
    caught = e;
  }
  assert.ok(
    caught instanceof ValueError,
    `expected a ValueError for ${parameter}, got ${caught}`,
  );
  assert.equal(caught.parameter, parameter, caught.message);
  if (message) assert.match(caught.message, message);
  return caught;
}

/** Reads a JSON fixture from testdata/. */
export async function fixture<T = unknown>(name: string): Promise<T> {
  return JSON.parse(
    await Deno.readTextFile(new URL(`./testdata/${name}`, import.meta.url)),
  ) as T;
}
