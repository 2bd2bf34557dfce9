/**
 * {@linkcode startSandbox}: the sandbox served over HTTP on loopback with
 * `Deno.serve`.
 *
 * @module
 */

import {
  createSandboxHandler,
  type SandboxHandlerOptions,
  type SandboxRequest,
} from "./handler.ts";
import { loadGazetteer } from "./_gazetteer.ts";

/**
 * Options of {@linkcode startSandbox}: where to listen, plus the handler's
 * options (keys, credentials, faults, clock, async delay, token lifetime,
 * and how many jobs and tokens are kept for how long).
 *
 * @example
 * ```ts
 * import type { SandboxOptions } from "@ls/sandbox";
 * const options: SandboxOptions = {
 *   port: 8787,
 *   faults: [{ path: "/v8/matrix", status: 503, count: 1 }],
 * };
 * ```
 */
export interface SandboxOptions extends SandboxHandlerOptions {
  /** Interface to listen on; default `127.0.0.1` (loopback only). */
  hostname?: string;
  /** Port; default 0 (the system picks a free one). */
  port?: number;
  /**
   * Load the place index and index the places' names, local ones too
   * (about 1 s, once per process), before resolving, instead of on the
   * first request that needs them. Default false.
   */
  preload?: boolean;
}

/**
 * A running sandbox; close it (or use `await using`) when done.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { type Sandbox, startSandbox } from "@ls/sandbox";
 * const sandbox: Sandbox = await startSandbox();
 * assert.match(sandbox.url, /^http:\/\/127\.0\.0\.1:\d+$/); // e.g. http://127.0.0.1:49152
 * await sandbox.close();
 * ```
 */
export interface Sandbox extends AsyncDisposable {
  /** The origin, e.g. `http://127.0.0.1:49152`: use it as the client's `baseUrl`. */
  readonly url: string;
  /** The interface it listens on. */
  readonly hostname: string;
  /** The port it listens on. */
  readonly port: number;
  /** Every request answered so far (the latest 10,000), oldest first. */
  readonly requests: readonly SandboxRequest[];
  /** Stops listening and waits until open connections are closed. */
  close(): Promise<void>;
}

/**
 * Starts an offline server that speaks HERE's wire protocol on every
 * service path: `/v1/geocode`, `/v1/revgeocode`, `/v1/discover`,
 * `/v1/browse`, `/v1/lookup`, `/v1/autosuggest`, `/v1/autocomplete`,
 * `/v8/routes`, `/v8/isolines`, `/v8/matrix` (sync and async), `/v3/report`,
 * `/v3/alerts`, `/v3/problems` (sync and async), `/oauth2/token` and
 * `/timestamp`. It never calls the network.
 *
 * Any key in `apiKeys` (default `SANDBOX_API_KEY`) is accepted as `apiKey=`; a
 * missing or unknown key gets 401 with HERE's gateway body. Tokens from
 * `/oauth2/token` (signed with one of `credentials`, default
 * `sandbox-key-id` / `sandbox-key-secret`) work as `Authorization: Bearer`.
 *
 * Needs `--allow-net` for the listening address and `--allow-read` for the
 * place data in `node_modules`; without read access to all paths it loads
 * that data before listening, and rejects with an error naming
 * `--allow-read` if it cannot.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { SANDBOX_API_KEY, startSandbox } from "@ls/sandbox";
 * await using sandbox = await startSandbox();
 * const res = await fetch(
 *   `${sandbox.url}/v1/geocode?q=Berlin&apiKey=${SANDBOX_API_KEY}`,
 * );
 * const { items } = await res.json();
 * assert.equal(items[0].title, "Berlin, Germany");
 * ```
 */
export async function startSandbox(
  options: SandboxOptions = {},
): Promise<Sandbox> {
  // Without read access the place data cannot load: find that out now
  // (loading eagerly, which also works for a grant scoped to node_modules)
  // rather than as a 500 on the first request that needs a place.
  if (options.preload || !readGranted()) {
    const gazetteer = await loadGazetteer();
    if (options.preload) gazetteer.indexNames();
  }
  const handler = createSandboxHandler(options);
  // Requests being handled: closing waits for them, since stopping the
  // server cuts off every request that has not answered yet.
  const handling = new Set<Promise<Response>>();
  const handle = (request: Request) => {
    const answer = handler.fetch(request);
    handling.add(answer);
    answer.finally(() => handling.delete(answer)).catch(() => {});
    return answer;
  };
  const controller = new AbortController();
  const { promise: listening, resolve, reject } = Promise.withResolvers<
    Deno.NetAddr
  >();
  let server: Deno.HttpServer<Deno.NetAddr>;
  try {
    server = Deno.serve({
      hostname: options.hostname ?? "127.0.0.1",
      port: options.port ?? 0,
      signal: controller.signal,
      onListen: (addr) => resolve(addr),
      onError: (err) =>
        Response.json({
          error: "Internal Server Error",
          error_description: err instanceof Error ? err.message : String(err),
        }, { status: 500 }),
    }, handle);
  } catch (err) {
    reject(err);
    throw err;
  }
  const addr = await listening;
  const host = addr.hostname.includes(":")
    ? `[${addr.hostname}]`
    : addr.hostname;
  let closed: Promise<void> | undefined;
  const close = () => {
    closed ??= (async () => {
      // Cuts latency faults, body reads and computations short: every
      // request under way answers soon (503 for a stopped computation).
      handler.close();
      await Promise.allSettled(handling);
      // Let those answers go out before shutting down.
      await new Promise((resolve) => setTimeout(resolve, 0));
      controller.abort();
      await server.finished;
    })();
    return closed;
  };
  return {
    url: `http://${host}:${addr.port}`,
    hostname: addr.hostname,
    port: addr.port,
    requests: handler.requests,
    close,
    [Symbol.asyncDispose]: close,
  };
}

/** Whether Deno grants reading every path (so the place data can load later). */
function readGranted(): boolean {
  return Deno.permissions.querySync({ name: "read" }).state === "granted";
}
