// Shared machinery of the reliability suite: the credentials it plants, the
// witness that collects every error, hook payload and console line and
// searches them for those credentials, a scriptable loopback server for the
// faults the sandbox cannot make, and the sandbox and client set-up.

import assert from "node:assert/strict";
import {
  LS,
  type LSOptions,
  type RequestEvent,
  type ResponseEvent,
  type RetryEvent,
} from "@ls/ls";
import { encodeContent } from "@ls/core/internal";
import { type Sandbox, type SandboxOptions, startSandbox } from "@ls/sandbox";

/**
 * The credentials of the whole suite. Each holds characters that need
 * percent-encoding (some only under strict RFC 3986 encoding, like `*` and
 * `(`), so the raw and both encoded forms are searched for.
 */
export const SECRETS = {
  apiKey: "REL-apikey/+=*4b1d9e",
  accessKeyId: "rel-access-key-id",
  accessKeySecret: "REL-secret/+=(9c2e71)",
  token: "REL-token-7e5a0c13",
} as const;

/** Bearer tokens the sandbox issues: `sbx.` and 32 base64url characters. */
const SANDBOX_TOKEN = /sbx\.[A-Za-z0-9_-]{20,}/;

/** A short, safe text of anything (for failure messages). */
export function show(value: unknown, max = 300): string {
  let text: string;
  try {
    text = Deno.inspect(value, { depth: 4, colors: false });
  } catch {
    text = typeof value;
  }
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

function json(value: unknown): string {
  try {
    return JSON.stringify(value) ?? "";
  } catch {
    return "";
  }
}

/** Every text an error shows a user: message, string, stack, JSON, url, body, causes. */
export function errorTexts(e: unknown, depth = 0): string[] {
  if (!(e instanceof Error)) return [show(e, Infinity), json(e)];
  const out = [e.message, String(e), e.stack ?? "", json(e)];
  out.push(show(e, Infinity));
  for (const key of ["url", "bodyText"]) {
    const v = Reflect.get(e, key);
    if (typeof v === "string") out.push(v);
  }
  const body = Reflect.get(e, "body");
  if (body !== undefined) out.push(json(body));
  if (e.cause !== undefined && depth < 5) {
    out.push(...errorTexts(e.cause, depth + 1));
  }
  return out;
}

/**
 * Collects everything the suite's clients show: errors, hook payloads,
 * progress reports and console output, and checks that no credential
 * appears in any of it.
 */
export class Witness {
  /** Every recorded text. */
  readonly outputs: string[] = [];
  /** Tokens learnt while the suite ran (searched for like the secrets). */
  readonly tokens = new Set<string>([SECRETS.token]);
  #console?: Record<string, (...args: unknown[]) => void>;

  /** Hooks for `LS` options: every payload is recorded. */
  readonly hooks: {
    onRequest: (e: RequestEvent) => void;
    onResponse: (e: ResponseEvent) => void;
    onRetry: (e: RetryEvent) => void;
  } = {
    onRequest: (e) => this.outputs.push(json(e), show(e, Infinity)),
    onResponse: (e) => this.outputs.push(json(e), show(e, Infinity)),
    onRetry: (e) =>
      this.outputs.push(json(e), show(e, Infinity), ...errorTexts(e.error)),
  };

  /** An `onProgress` that records the statuses. */
  readonly onProgress = (status: string): void => {
    this.outputs.push(String(status));
  };

  /** Records an error (all its texts) or any value. */
  record(value: unknown): void {
    this.outputs.push(...errorTexts(value));
  }

  /** Awaits `p`, which must reject; records and returns the rejection. */
  async rejects(p: Promise<unknown>): Promise<Error> {
    try {
      await p;
    } catch (e) {
      this.record(e);
      if (!(e instanceof Error)) assert.fail(`rejected with ${show(e)}`);
      return e;
    }
    assert.fail("expected the promise to reject");
  }

  /** Records console output (forwarding it) until the leak check runs. */
  captureConsole(): void {
    if (this.#console) return;
    const saved: Record<string, (...args: unknown[]) => void> = {};
    const target = console as unknown as Record<
      string,
      (...args: unknown[]) => void
    >;
    for (const level of ["log", "info", "warn", "error", "debug", "trace"]) {
      const original = target[level];
      saved[level] = original;
      target[level] = (...args: unknown[]) => {
        this.outputs.push(args.map((a) => show(a, Infinity)).join(" "));
        original.apply(console, args);
      };
    }
    this.#console = saved;
  }

  /** Puts the console back. */
  releaseConsole(): void {
    if (!this.#console) return;
    Object.assign(console, this.#console);
    this.#console = undefined;
  }

  /** The forms of every credential that must never show. */
  needles(): string[] {
    const raw = [SECRETS.apiKey, SECRETS.accessKeySecret, ...this.tokens];
    return [
      ...new Set(
        raw.flatMap((s) => [s, encodeURIComponent(s), encodeContent(s)]),
      ),
    ];
  }

  /** Fails when any recorded text holds a credential. */
  assertClean(minOutputs: number): void {
    assert.ok(
      this.outputs.length >= minOutputs,
      `only ${this.outputs.length} outputs recorded, expected ${minOutputs}+`,
    );
    const needles = this.needles();
    for (const text of this.outputs) {
      for (const needle of needles) {
        assert.ok(
          !text.includes(needle),
          `a credential leaked: ${text.slice(0, 400)}`,
        );
      }
      assert.ok(
        !SANDBOX_TOKEN.test(text),
        `a bearer token leaked: ${text.slice(0, 400)}`,
      );
    }
  }
}

/** The witness of the current test file (each test file runs in its own isolate). */
export const witness: Witness = new Witness();
witness.captureConsole();

/**
 * Registers the last test of a file: no credential in anything the file's
 * tests recorded (at least `minOutputs` texts).
 */
export function leakCheck(minOutputs: number): void {
  Deno.test("leaks: no credential in any error, hook or console output of this file", () => {
    try {
      witness.assertClean(minOutputs);
    } finally {
      witness.releaseConsole();
    }
  });
}

/** `LS` options every test client starts from: fast retries, recorded hooks. */
export function clientOptions(
  baseUrl: string,
  extra: Partial<LSOptions> = {},
): LSOptions {
  return {
    apiKey: SECRETS.apiKey,
    baseUrl,
    retryBaseDelayMs: 1,
    retryMaxDelayMs: 5,
    serviceRequestsPerSecond: { tourplanning: Infinity },
    ...witness.hooks,
    ...extra,
  } as LSOptions;
}

/** An `LS` on `baseUrl` with {@linkcode clientOptions}. */
export function makeLS(baseUrl: string, extra: Partial<LSOptions> = {}): LS {
  return new LS(clientOptions(baseUrl, extra));
}

/** The sandbox with the suite's credentials and instant async jobs. */
export function sandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  return startSandbox({
    apiKeys: [SECRETS.apiKey],
    credentials: [{
      accessKeyId: SECRETS.accessKeyId,
      accessKeySecret: SECRETS.accessKeySecret,
    }],
    asyncDelayMs: 0,
    ...options,
  });
}

/** Requests the sandbox answered for `path` (prefix when it ends in `*`). */
export function hits(box: Sandbox, path: string, method?: string): number {
  return box.requests.filter((r) =>
    (path.endsWith("*")
      ? r.path.startsWith(path.slice(0, -1))
      : r.path === path) &&
    (method === undefined || r.method === method)
  ).length;
}

// ------------------------------------------------------------ fault server

/** One request a {@linkcode FaultServer} received. */
export interface Received {
  method: string;
  path: string;
  /** The raw query string, without `?`. */
  rawQuery: string;
  headers: Headers;
  bodyText: string;
}

/** What a fault server route does with a request. */
export type Script = (
  req: Received,
  n: number,
  ctx: ScriptContext,
) => Response | Promise<Response>;

/** Helpers a script gets: a cancellable sleep and the server's origin. */
export interface ScriptContext {
  /** Resolves after `ms`, or at once when the server closes. */
  sleep(ms: number): Promise<void>;
  /** The server's own origin. */
  origin: string;
  /** Aborts when the server closes. */
  signal: AbortSignal;
}

/** A loopback server for scripted responses. */
export interface FaultServer extends AsyncDisposable {
  readonly url: string;
  readonly received: Received[];
  /** `"METHOD /path"` (or `"METHOD /prefix*"`) → script; the first match wins. */
  route(key: string, script: Script): void;
  /** Requests received for a route key. */
  count(key: string): number;
  close(): Promise<void>;
}

/** Starts a {@linkcode FaultServer} on 127.0.0.1. */
export async function faultServer(): Promise<FaultServer> {
  const received: Received[] = [];
  const routes: { key: string; script: Script; calls: number }[] = [];
  const counts = new Map<string, number>();
  const closing = new AbortController();
  const ctl = new AbortController();
  let origin = "";
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      if (closing.signal.aborted) return resolve();
      const done = () => {
        clearTimeout(timer);
        closing.signal.removeEventListener("abort", done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      closing.signal.addEventListener("abort", done, { once: true });
    });
  const matches = (key: string, method: string, path: string) => {
    const [m, p] = key.split(" ");
    if (m !== method) return false;
    return p.endsWith("*") ? path.startsWith(p.slice(0, -1)) : p === path;
  };
  const { promise, resolve } = Promise.withResolvers<Deno.NetAddr>();
  const server = Deno.serve({
    hostname: "127.0.0.1",
    port: 0,
    signal: ctl.signal,
    onListen: resolve,
    // Scripted resets are the point here: no error report for them.
    onError: () => new Response(null, { status: 500 }),
  }, async (request) => {
    const url = new URL(request.url);
    const rec: Received = {
      method: request.method,
      path: url.pathname,
      rawQuery: url.search.slice(1),
      headers: request.headers,
      bodyText: await request.text(),
    };
    received.push(rec);
    const route = routes.find((r) => matches(r.key, rec.method, rec.path));
    if (!route) {
      return Response.json({ error: "Not Found", path: rec.path }, {
        status: 404,
      });
    }
    counts.set(route.key, (counts.get(route.key) ?? 0) + 1);
    return await route.script(rec, route.calls++, {
      sleep,
      origin,
      signal: closing.signal,
    });
  });
  const addr = await promise;
  origin = `http://127.0.0.1:${addr.port}`;
  let closed: Promise<void> | undefined;
  const close = () =>
    closed ??= (async () => {
      closing.abort();
      await new Promise((r) => setTimeout(r, 0));
      ctl.abort();
      await server.finished;
    })();
  return {
    url: origin,
    received,
    route(key, script) {
      routes.push({ key, script, calls: 0 });
    },
    count: (key) => counts.get(key) ?? 0,
    close,
    [Symbol.asyncDispose]: close,
  };
}

/** A JSON response. */
export function reply(
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json", ...headers },
  });
}

/** A response with a raw body and headers. */
export function raw(
  status: number,
  body: BodyInit | null,
  headers: Record<string, string> = {},
): Response {
  return new Response(body, { status, headers });
}

/**
 * A 200 whose body is `chunks`, each sent `gapMs` after the previous one;
 * stops when the client goes away or the server closes.
 */
export function trickle(
  ctx: ScriptContext,
  chunks: string[],
  gapMs: number,
  headers: Record<string, string> = { "content-type": "application/json" },
): Response {
  const enc = new TextEncoder();
  let stopped = false;
  const body = new ReadableStream<Uint8Array>({
    async pull(c) {
      if (stopped) return;
      const next = chunks.shift();
      if (next === undefined) return c.close();
      await ctx.sleep(gapMs);
      if (stopped) return;
      if (ctx.signal.aborted) return c.close();
      c.enqueue(enc.encode(next));
    },
    cancel() {
      stopped = true;
    },
  });
  return new Response(body, { status: 200, headers });
}

/** A 200 that sends `prefix`, then breaks the connection. */
export function resetMidBody(prefix = '{"items":['): Response {
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      c.enqueue(new TextEncoder().encode(prefix));
      setTimeout(() => c.error(new Error("reset by the fault server")), 1);
    },
  });
  return new Response(body, {
    status: 200,
    headers: { "content-type": "application/json", "content-length": "4096" },
  });
}

// ---------------------------------------------------------------- liveness

/**
 * Settles like `p`, but fails when `p` has not settled within `ms` (a hang).
 * The bound is a generous liveness guard, not a timing assertion.
 */
export async function settles<T>(
  p: Promise<T>,
  ms = 15_000,
  what = "the operation",
): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const hang = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${what} hung: not settled after ${ms} ms`)),
      ms,
    );
  });
  try {
    return await Promise.race([p, hang]);
  } finally {
    clearTimeout(timer);
  }
}
