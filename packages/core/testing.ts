/**
 * `@ls/core/testing`: helpers for the tests of every `@ls/*` package. A
 * loopback HTTP server (`Deno.serve` on 127.0.0.1, port 0) with scripted
 * routes that records every request (method, URL, headers, body) and shuts
 * down cleanly; a client aimed at it; assertions for `ValueError`s and
 * rejections; and a witness that no credential leaks into any error or hook
 * event. Not part of the default (edge-safe) entry point.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { jsonReply, startTestServer } from "@ls/core/testing";
 * await using server = await startTestServer();
 * server.route("GET /v1/geocode", jsonReply(200, { items: [] }));
 * await (await fetch(`${server.url}/v1/geocode?q=x`)).body?.cancel();
 * assert.equal(server.requests[0].query.get("q"), "x");
 * ```
 *
 * @module
 */

export * from "./testing/server.ts";
export * from "./testing/clients.ts";
export * from "./testing/asserts.ts";
