// The last step of an async job: its result downloaded, following
// redirects within the client's rules.

import type { Client } from "../client/client.ts";
import type { RequestOptions } from "../http/spec.ts";
import type { ResponseReader } from "../http/read.ts";
import type { Service } from "../http/hosts.ts";

/** Options of {@linkcode downloadResult}. */
export interface DownloadOptions {
  /** The service the job ran on. */
  service: Service;
  /** The result URL HERE returned. */
  url: string;
  /** The status URL that named it, for errors that cannot name `url`. */
  referrer?: string;
}

/** Options of {@linkcode downloadResult} with a reader of the result. */
export interface ReadDownloadOptions<T> extends DownloadOptions {
  /**
   * Reads the `200` response within the attempt, so that a body that breaks
   * off is downloaded again like any failed idempotent request; its clock
   * and cap are in the context it is given.
   */
  read: ResponseReader<T>;
}

/**
 * Downloads a job result, following redirects within the client's rules:
 * credentials go only to HERE hosts (or the client's `baseUrl`), never to
 * pre-signed storage. `options.read` reads the `200` response within each attempt, so that a
 * body that breaks off is downloaded again (up to `maxRetries` times); its
 * result is returned.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { downloadResult } from "./_download_result.ts";
 * import { readJsonBody } from "../http/read.ts";
 * import { jsonReply, startTestServer, testClient } from "@ls/core/testing";
 * await using server = await startTestServer();
 * server.route("GET /v8/matrix/ID", jsonReply(200, { matrix: { numOrigins: 1 } }));
 * const body = await downloadResult(testClient(server), {
 *   service: "matrix",
 *   url: `${server.url}/v8/matrix/ID`,
 *   read: (res, context) => readJsonBody(res, context),
 * });
 * assert.deepEqual(body, { matrix: { numOrigins: 1 } });
 * ```
 */
export function downloadResult<T>(
  client: Client,
  options: ReadDownloadOptions<T>,
  requestOptions?: RequestOptions,
): Promise<T>;
/**
 * Downloads a job result, following redirects within the client's rules:
 * credentials go only to HERE hosts (or the client's `baseUrl`), never to
 * pre-signed storage. Returns the `200` response with its body read under
 * the attempt's clock and the JSON cap, buffered.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { downloadResult } from "./_download_result.ts";
 * import { jsonReply, startTestServer, testClient } from "@ls/core/testing";
 * await using server = await startTestServer();
 * server.route("GET /v8/matrix/ID", jsonReply(302, {}, { location: "/results/ID" }));
 * server.route("GET /results/ID", jsonReply(200, { matrix: { numOrigins: 1 } }));
 * const res = await downloadResult(testClient(server), { service: "matrix", url: `${server.url}/v8/matrix/ID` });
 * assert.deepEqual(await res.json(), { matrix: { numOrigins: 1 } });
 * ```
 */
export function downloadResult(
  client: Client,
  options: DownloadOptions,
  requestOptions?: RequestOptions,
): Promise<Response>;
export async function downloadResult<T>(
  client: Client,
  options: DownloadOptions & { read?: ResponseReader<T> },
  requestOptions: RequestOptions = {},
): Promise<T | Response> {
  // The client follows redirects itself, within its rules: https only (http
  // with an http baseUrl), credentials only to trusted hosts.
  // Without `read`, the client buffers the response.
  const { service, url, referrer, read } = options;
  return await client.requestUrl(
    { service, url, referrer },
    requestOptions,
    read as ResponseReader<T>,
  );
}
