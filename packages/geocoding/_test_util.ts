// Test helpers for this package. Not published.

import assert from "node:assert/strict";
import {
  Client,
  type ClientOptions,
  encodeContent,
  ValueError,
} from "@ls/core";
import type { RecordedRequest, TestServer } from "@ls/core/testing";

/** The API key the tests use; its characters need encoding. */
export const KEY = "test-key/+=42";

/** How the key ends every query. */
export const KEY_QS = `apiKey=${encodeContent(KEY)}`;

/** A client for the loopback server: no retries, no waiting. */
export function makeClient(
  url: string,
  extra: Partial<ClientOptions> = {},
): Client {
  return new Client({ apiKey: KEY, baseUrl: url, maxRetries: 0, ...extra });
}

/**
 * A client for a region whose `fetch` records the URL it was asked for and
 * forwards the request to the loopback server.
 */
export function regionClient(
  server: TestServer,
  country: "row" | "china" | undefined,
  seen: string[],
): Client {
  return new Client({
    apiKey: KEY,
    country,
    maxRetries: 0,
    fetch: (input, init) => {
      const u = new URL(String(input));
      seen.push(u.href);
      return fetch(`${server.url}${u.pathname}${u.search}`, init);
    },
  });
}

/** Asserts a GET with exactly this path and raw query (apiKey last), no key repeated. */
export function assertRequest(
  req: RecordedRequest | undefined,
  path: string,
  rawQuery: string,
): void {
  assert.ok(req, "expected a request");
  assert.equal(req.method, "GET");
  assert.equal(req.path, path);
  assert.equal(req.rawQuery, rawQuery ? `${rawQuery}&${KEY_QS}` : KEY_QS);
  const keys = [...req.query.keys()];
  assert.deepEqual(keys, [...new Set(keys)], "a query key was repeated");
  assert.equal(req.bodyText, "");
  assert.equal(req.headers.get("content-type"), null);
}

/** Awaits a promise that must reject with a ValueError for `parameter`. */
export async function assertRejectsValueError(
  promise: Promise<unknown>,
  parameter: string,
): Promise<ValueError> {
  let caught: unknown;
  try {
    await promise;
  } catch (e) {
    caught = e;
  }
  assert.ok(
    caught instanceof ValueError,
    `expected a ValueError for ${parameter}, got ${caught}`,
  );
  assert.equal(caught.parameter, parameter, caught.message);
  return caught;
}

/** A Geocoding & Search error body (wire README §5.3). */
export const GS_ERROR = {
  status: 400,
  title: "Illegal input for parameter 'show'",
  cause: "Actual parameter value: 'foo'",
  action: "Unsupported value: 'foo'",
  correlationId: "4199533b-6290-41db-8d79-edf4f4019a74",
};

/** A gateway error body (wire README §5.1). */
export const GATEWAY_ERROR = {
  error: "Unauthorized",
  error_description: "apiKey invalid. apiKey not found.",
};
