// The hostile-server machinery of hostile_test.ts: a loopback proxy in front
// of a real sandbox that forwards every request (rewriting the sandbox's
// origin to its own in bodies and Location headers, so async jobs come back
// through it) except the ones a test picks, which it answers on purpose
// badly: stalls, trickles, endless bodies, a gzip bomb, deep JSON, bodies
// echoing the API key in every encoding, bad Retry-After, redirects, resets,
// HTML. Also the key forms searched for, and a memory guard that stops the
// client's calls before an unbounded read takes the whole machine down.

/** One request a {@linkcode HostileProxy} received. */
export interface ProxyHit {
  method: string;
  path: string;
  /** The query with its `?`, or "". */
  search: string;
  /** `performance.now()` when it arrived. */
  at: number;
  /** Whether it was answered by the hostile behaviour. */
  hostile: boolean;
}

/** What a hostile behaviour gets for one request. */
export interface HostileContext {
  request: Request;
  url: URL;
  /** The proxy's own origin. */
  origin: string;
  /** How many hostile requests came before this one on this proxy. */
  n: number;
  /** Aborts when the proxy closes (a streamed body also stops when the client cancels it). */
  signal: AbortSignal;
  /** Resolves after `ms`, or early (with `false`) when `signal` aborts. */
  sleep(ms: number): Promise<boolean>;
  /** What the sandbox answers to this request (rewritten to the proxy). */
  forward(): Promise<Response>;
}

/** Answers a request that the test picked. */
export type Behaviour = (ctx: HostileContext) => Response | Promise<Response>;

/** A proxy over the sandbox that misbehaves on the requests it matches. */
export interface HostileProxy extends AsyncDisposable {
  readonly url: string;
  readonly hits: ProxyHit[];
  /** While true (the start), matched requests get the behaviour. */
  hostile: boolean;
  /** Requests answered by the behaviour. */
  hostileCount(): number;
  /** When the first hostile request arrived. */
  firstHostileAt(): number | undefined;
  close(): Promise<void>;
}

/** Resolves `true` after `ms`, or `false` at once when `signal` aborts. */
export function sleepOn(ms: number, signal: AbortSignal): Promise<boolean> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve(false);
    const done = (value: boolean) => {
      clearTimeout(timer);
      signal.removeEventListener("abort", onAbort);
      resolve(value);
    };
    const onAbort = () => done(false);
    const timer = setTimeout(() => done(true), ms);
    signal.addEventListener("abort", onAbort, { once: true });
  });
}

const HOP_HEADERS = [
  "connection",
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "keep-alive",
];

async function forward(
  request: Request,
  url: URL,
  origin: string,
  upstream: string,
): Promise<Response> {
  const headers = new Headers(request.headers);
  for (const h of ["host", ...HOP_HEADERS]) headers.delete(h);
  const body = request.method === "GET" || request.method === "HEAD"
    ? undefined
    : await request.arrayBuffer();
  const res = await fetch(`${upstream}${url.pathname}${url.search}`, {
    method: request.method,
    headers,
    body,
    redirect: "manual",
  });
  const text = await res.text();
  const out = new Headers(res.headers);
  for (const h of HOP_HEADERS) out.delete(h);
  const location = out.get("location");
  if (location) out.set("location", location.replaceAll(upstream, origin));
  const empty = res.status === 204 || res.status === 304;
  return new Response(empty ? null : text.replaceAll(upstream, origin), {
    status: res.status,
    headers: out,
  });
}

/**
 * Starts a proxy on 127.0.0.1 in front of `upstream`. Requests for which
 * `match` holds get `behave` while `proxy.hostile` is true; all others (and
 * all once it is false) are forwarded.
 */
export async function hostileProxy(
  upstream: string,
  match: (method: string, path: string) => boolean,
  behave: Behaviour,
): Promise<HostileProxy> {
  const hits: ProxyHit[] = [];
  const closing = new AbortController();
  const ctl = new AbortController();
  let origin = "";
  let hostileN = 0;
  const { promise, resolve } = Promise.withResolvers<Deno.NetAddr>();
  const server = Deno.serve({
    hostname: "127.0.0.1",
    port: 0,
    signal: ctl.signal,
    onListen: resolve,
    // Resets are the point here: no error report for them.
    onError: () => new Response(null, { status: 502 }),
  }, async (request) => {
    const url = new URL(request.url);
    const hostile = proxy.hostile && match(request.method, url.pathname);
    hits.push({
      method: request.method,
      path: url.pathname,
      search: url.search,
      at: performance.now(),
      hostile,
    });
    if (!hostile) {
      if (closing.signal.aborted) return new Response(null, { status: 503 });
      return await forward(request, url, origin, upstream);
    }
    // Not request.signal: Deno.serve aborts it once the headers are sent.
    const signal = closing.signal;
    return await behave({
      request,
      url,
      origin,
      n: hostileN++,
      signal,
      sleep: (ms) => sleepOn(ms, signal),
      forward: () => forward(request, url, origin, upstream),
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
  const proxy: HostileProxy = {
    url: origin,
    hits,
    hostile: true,
    hostileCount: () => hits.filter((h) => h.hostile).length,
    firstHostileAt: () => hits.find((h) => h.hostile)?.at,
    close,
    [Symbol.asyncDispose]: close,
  };
  return proxy;
}

// ------------------------------------------------------------------ bodies

const enc = new TextEncoder();

/**
 * A body fed by `source`, chunk by chunk as the client reads; it stops when
 * the client cancels or the proxy closes. `end: "error"` breaks the
 * connection after the last chunk instead of ending the body.
 */
export function streamed(
  ctx: HostileContext,
  source: (sleep: (ms: number) => Promise<boolean>) => AsyncIterable<
    Uint8Array
  >,
  end: "close" | "error" = "close",
): ReadableStream<Uint8Array> {
  const stop = new AbortController();
  const signal = AbortSignal.any([stop.signal, ctx.signal]);
  let it: AsyncIterator<Uint8Array> | undefined;
  const finish = (c: ReadableStreamDefaultController<Uint8Array>) => {
    try {
      c.close();
    } catch {
      // already cancelled
    }
  };
  return new ReadableStream<Uint8Array>({
    async pull(c) {
      it ??= source((ms) => sleepOn(ms, signal))[Symbol.asyncIterator]();
      if (signal.aborted) return finish(c);
      const r = await it.next();
      if (signal.aborted) return finish(c);
      if (r.done) {
        if (end === "error") c.error(new Error("hostile: connection cut"));
        else c.close();
        return;
      }
      c.enqueue(r.value);
    },
    cancel() {
      stop.abort();
    },
  }, { highWaterMark: 0 });
}

/** Never answers (until the client gives up or the proxy closes). */
export const stallHeaders: Behaviour = async (ctx) => {
  await ctx.sleep(120_000);
  return new Response(null, { status: 503 });
};

/** Sends the headers and part of a JSON body, then nothing. */
export function stallMidBody(status: number): Behaviour {
  return (ctx) =>
    new Response(
      streamed(ctx, async function* (sleep) {
        yield enc.encode('{"status":"inProgress","items":[{"title":"Ber');
        await sleep(120_000);
      }),
      { status, headers: { "content-type": "application/json" } },
    );
}

/** A valid JSON body, one byte per second. */
export function trickleBytes(status: number): Behaviour {
  const text = '{"status":"inProgress","items":[]}';
  return (ctx) =>
    new Response(
      streamed(ctx, async function* (sleep) {
        for (const byte of enc.encode(text)) {
          yield new Uint8Array([byte]);
          if (!await sleep(1000)) return;
        }
      }),
      { status, headers: { "content-type": "application/json" } },
    );
}

/** The most an endless body sends on one connection before it breaks off. */
export const ENDLESS_SAFETY_CAP = 64 * 1024 * 1024;

/**
 * A 200 whose JSON body never ends (64 KiB chunks as fast as the client
 * reads). For safety it breaks the connection after
 * {@linkcode ENDLESS_SAFETY_CAP} bytes: a client that read that much had no
 * cap.
 */
export function endlessBody(status: number): Behaviour {
  const item = '{"title":"endless","id":"here:pds:place:0000000000"},';
  const chunk = enc.encode(item.repeat(Math.floor(65_536 / item.length)));
  return (ctx) =>
    new Response(
      streamed(ctx, async function* () {
        yield enc.encode('{"status":"inProgress","items":[');
        for (let sent = 0; sent < ENDLESS_SAFETY_CAP; sent += chunk.length) {
          yield chunk;
        }
      }, "error"),
      { status, headers: { "content-type": "application/json" } },
    );
}

/** How far the gzip bomb inflates. */
export const BOMB_INFLATED = 4 * 1024 ** 3;

let bomb: Promise<Uint8Array> | undefined;

/**
 * A gzip stream of {@linkcode BOMB_INFLATED} bytes of spaces (JSON
 * whitespace, so that a streaming parser reads on until a size cap stops
 * it), about 4 MB compressed; made once, streamingly, and cached.
 */
export function gzipBomb(): Promise<Uint8Array> {
  return bomb ??= (async () => {
    const spaces = new Uint8Array(1 << 20).fill(0x20);
    let left = BOMB_INFLATED;
    const src = new ReadableStream<BufferSource>({
      pull(c) {
        if (left <= 0) return c.close();
        const n = Math.min(left, spaces.length);
        left -= n;
        c.enqueue(n === spaces.length ? spaces : spaces.subarray(0, n));
      },
    });
    const gz = src.pipeThrough(new CompressionStream("gzip"));
    return new Uint8Array(await new Response(gz).arrayBuffer());
  })();
}

/** Answers with the gzip bomb, 64 KiB of it at a time. */
export function gzipBombBody(status: number): Behaviour {
  return async (ctx) => {
    const bytes = await gzipBomb();
    return new Response(
      streamed(ctx, async function* () {
        for (let i = 0; i < bytes.length; i += 65_536) {
          yield bytes.subarray(i, i + 65_536);
        }
      }),
      {
        status,
        headers: {
          "content-type": "application/json",
          "content-encoding": "gzip",
        },
      },
    );
  };
}

/** Levels of nesting of the deep JSON bodies. */
export const DEPTH = 1_000_000;

const deepArrays = new Map<number, string>();
let deepObject: string | undefined;

/** `[[[…]]]`, `depth` levels: valid JSON of `2 × depth` bytes. */
export function deepArrayJson(depth: number = DEPTH): string {
  let s = deepArrays.get(depth);
  if (s === undefined) {
    s = "[".repeat(depth) + "]".repeat(depth);
    deepArrays.set(depth, s);
  }
  return s;
}

/** An error body whose `cause` nests `{"a":` {@linkcode DEPTH} levels deep. */
export function deepErrorJson(): string {
  return deepObject ??= `{"title":"Deep","status":400,"code":"E605400",` +
    `"cause":${'{"a":'.repeat(DEPTH)}1${"}".repeat(DEPTH)}}`;
}

/** A JSON body text with a status. */
export function text(
  status: number,
  body: string,
  contentType = "application/json",
  headers: Record<string, string> = {},
): Response {
  return new Response(body, {
    status,
    headers: { "content-type": contentType, ...headers },
  });
}

/** Sends `prefix` of a longer body, then breaks the connection. */
export function resetMidBody(status: number): Behaviour {
  const prefix = '{"status":"inProgress","items":[{"title":"Berl';
  return (ctx) =>
    new Response(
      streamed(ctx, async function* (sleep) {
        yield enc.encode(prefix);
        await sleep(5);
      }, "error"),
      {
        status,
        headers: {
          "content-type": "application/json",
          "content-length": "4096",
        },
      },
    );
}

/** An HTML page. */
export const HTML_PAGE = "<!DOCTYPE html>\n<html><head><title>Welcome</title>" +
  "</head><body><h1>It works!</h1><p>This is not JSON.</p></body></html>";

// -------------------------------------------------------------- key forms

/**
 * An API key with every character a server may split or re-encode at:
 * `/ + = & # " \` and a space. Every piece between them is 6+ characters,
 * so that each piece is a meaningful needle on its own.
 */
export const SPECIAL_KEY =
  'Hx9Kq2/Wz7Ab3+Zt1Lm4=pW4vR8&mN2bX7#cJ5yL3"fG6hT0\\sD8kP1 eQ4wU9';

/** Strict RFC 3986 percent-encoding (as `encodeContent`). */
function strict(s: string): string {
  return encodeURIComponent(s).replace(
    /[!'()*]/g,
    (c) => "%" + c.charCodeAt(0).toString(16).toUpperCase(),
  );
}

/** Every character as `\u00XX`. */
export function uEscaped(s: string): string {
  return [...s].map((c) =>
    `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`
  ).join("");
}

/** The key JSON-escaped (inside a string, without the quotes). */
export function jsonEscaped(s: string): string {
  return JSON.stringify(s).slice(1, -1);
}

/** The forms in which a server may echo `key`, whole. */
export function keyForms(key: string): string[] {
  const pct = encodeURIComponent(key);
  const forms = [
    key,
    pct,
    strict(key),
    pct.replace(/%[0-9A-F]{2}/g, (m) => m.toLowerCase()),
    strict(key).replace(/%[0-9A-F]{2}/g, (m) => m.toLowerCase()),
    pct.replace(/%20/g, "+"),
    jsonEscaped(key),
    jsonEscaped(key).replaceAll("/", "\\/"),
    uEscaped(key),
  ];
  return [...new Set(forms)];
}

/** Split points of a key (per the suite's brief): `& = # " \` and a space. */
const SPLIT = /[&=#"\\ ]/;

/**
 * Every needle for `key`: its whole forms, and for a key with split points,
 * each piece, each prefix before and each suffix after a split point (the
 * substring after `&` that a naive `apiKey=[^&]*` redaction leaves), in raw
 * and percent-encoded forms.
 */
export function keyNeedles(key: string): string[] {
  const out = new Set(keyForms(key));
  const parts: string[] = [];
  for (const piece of key.split(SPLIT)) {
    if (piece.length >= 6) parts.push(piece);
  }
  for (let i = 0; i < key.length; i++) {
    if (!SPLIT.test(key[i])) continue;
    const before = key.slice(0, i);
    const after = key.slice(i + 1);
    if (before.length >= 6) parts.push(before);
    if (after.length >= 6) parts.push(after);
  }
  for (const p of parts) {
    out.add(p);
    out.add(encodeURIComponent(p));
    out.add(strict(p));
  }
  return [...out].filter((s) => s.length >= 6);
}

/**
 * A JSON error body (as text) that echoes `key` in every form, in every
 * field HERE's error shapes have, by hand so that the `\/` and `\u00XX`
 * escapes reach the client as such.
 */
export function keyEchoBody(key: string, status: number): string {
  const j = jsonEscaped(key);
  const slashed = j.replaceAll("/", "\\/");
  const u = uEscaped(key);
  const pct = encodeURIComponent(key);
  const lower = strict(key).replace(/%[0-9A-F]{2}/g, (m) => m.toLowerCase());
  const amp = key.indexOf("&");
  const afterAmp = jsonEscaped(key.slice(amp + 1));
  const url = `https://geocode.search.hereapi.com/v1/geocode?apiKey=${
    strict(key)
  }&x=1`;
  const rawUrl =
    `https://geocode.search.hereapi.com/v1/geocode?apiKey=${j}&x=1`;
  return `{"title":"Invalid key ${j}","status":${status},"code":"E605${status}",` +
    `"cause":"apiKey ${slashed} (${u}) is not valid; encoded ${pct}; lower ${lower}",` +
    `"action":"Check ${rawUrl} and ${url}",` +
    `"error":"Unauthorized ${u}","error_description":"apiKey=${pct}&x=1 rest ${afterAmp}",` +
    `"message":"${slashed}","correlationId":"${j}",` +
    `"details":[{"apiKey":"${j}","url":"${url}","tail":"${afterAmp}"}],` +
    `"${u}":"as a key"}`;
}

/** The same forms as a plain-text body. */
export function keyEchoText(key: string): string {
  return [
    `apiKey ${key} rejected`,
    `url ?apiKey=${strict(key)}&x=1`,
    `lower ${strict(key).replace(/%[0-9A-F]{2}/g, (m) => m.toLowerCase())}`,
    `json ${jsonEscaped(key).replaceAll("/", "\\/")}`,
    `u ${uEscaped(key)}`,
    `tail ${key.slice(key.indexOf("&") + 1)}`,
  ].join("\n");
}

// ------------------------------------------------------------ memory guard

/** Aborts registered calls when the process's memory grows past a bound. */
export interface MemoryGuard extends Disposable {
  /** An AbortSignal that aborts when the guard trips. */
  readonly signal: AbortSignal;
  /** Whether it tripped, and at what growth (bytes). */
  tripped(): number | undefined;
}

/**
 * Watches `Deno.memoryUsage().rss` every 50 ms; when it is `maxGrowth` bytes
 * above where it started, aborts its signal (the calls under test use it),
 * so that a client without a size cap fails the test instead of the machine.
 */
export function memoryGuard(maxGrowth: number): MemoryGuard {
  const base = Deno.memoryUsage().rss;
  const ctl = new AbortController();
  let growth: number | undefined;
  const timer = setInterval(() => {
    const now = Deno.memoryUsage().rss - base;
    if (now > maxGrowth && growth === undefined) {
      growth = now;
      ctl.abort(
        new Error(
          `memory guard: the process grew by ${
            Math.round(now / 2 ** 20)
          } MiB while reading a hostile body (no size cap?)`,
        ),
      );
    }
  }, 50);
  return {
    signal: ctl.signal,
    tripped: () => growth,
    [Symbol.dispose]: () => clearInterval(timer),
  };
}
