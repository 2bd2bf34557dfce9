// Item 9: a hostile server. Every public operation of `LS` (matrix and tour
// planning both sync and async, and for the async forms each phase: submit,
// status poll, result download) runs against a proxy in front of the sandbox
// that misbehaves on purpose on the chosen request: it stalls before the
// headers or mid-body, trickles a byte a second, sends an endless body or a
// gzip bomb, deeply nested JSON, error bodies echoing the API key in every
// encoding, bad Retry-After values, redirect loops and redirects to `file:`,
// `data:` and other hosts, breaks the connection mid-body, or answers HTML.
//
// For every case: (a) only the library's own error class escapes, (b) within
// the time it promises, (c) with no form of the key anywhere reachable from
// it, and serialisable; (d) the client's only concurrency slot is released
// (a normal call on the same client succeeds once the proxy forwards again);
// (e) the server saw no retry that must not happen. The cases of one
// behaviour run concurrently, each on its own client and proxy; every call
// has a hard outer bound, so that a hang fails the test instead of the suite.

import assert from "node:assert/strict";
import * as core from "@ls/core";
import * as umbrella from "@ls/ls";
import {
  ApiError,
  ConnectionError,
  LS,
  LSError,
  type LSOptions,
  type MatrixOptions,
  TimeoutError,
  ValueError,
} from "@ls/ls";
import type { Sandbox } from "@ls/sandbox";
import {
  clientOptions,
  errorTexts,
  leakCheck,
  makeLS,
  sandbox,
  SECRETS,
  settles,
  show,
  witness,
} from "./_harness.ts";
import { type Op, opNamed, OPS, tourProblem } from "./_ops.ts";
import {
  type Behaviour,
  deepArrayJson,
  deepErrorJson,
  DEPTH,
  endlessBody,
  gzipBomb,
  gzipBombBody,
  type HostileProxy,
  hostileProxy,
  HTML_PAGE,
  keyEchoBody,
  keyEchoText,
  keyNeedles,
  memoryGuard,
  resetMidBody,
  SPECIAL_KEY,
  stallHeaders,
  stallMidBody,
  text,
  trickleBytes,
} from "./_hostile.ts";

/** The client's per-attempt timeout in the stall cases. */
const TIMEOUT_MS = 500;
/** Generous slack on every upper time bound (CI has 2 cores). */
const SLACK_MS = 1500;
/**
 * The per-call deadline of status-poll cases in the stall tests, where it is
 * the promised bound (a poller polls again after a timed-out poll).
 */
const STATUS_DEADLINE_MS = 1500;
/**
 * The per-call deadline of status-poll cases elsewhere: only there to end a
 * poller that polls on; loose, since the submit before it runs under load.
 */
const POLL_BOUND_MS = 4_000;
/** The hard outer bound of every call: a hang fails the case, not the suite. */
const HARD_BOUND_MS = 10_000;
/** maxRetries of the clients where retries are counted. */
const MAX_RETRIES = 2;
const MiB = 1024 * 1024;
/** HOSTILE_DEBUG=1 prints each case's outcome. */
const DEBUG = Deno.env.get("HOSTILE_DEBUG") === "1";

// ------------------------------------------------------------------ targets

type Phase = "sync" | "submit" | "status" | "result";

/** One request of one operation that the proxy misbehaves on. */
interface Target {
  id: string;
  op: Op;
  phase: Phase;
  params: () => Record<string, unknown>;
  /** Per-call options of the operation (poll cadence). */
  options: Record<string, unknown>;
  match: (method: string, path: string) => boolean;
  /** The status this request is answered with when all goes well. */
  okStatus: number;
  /** Retried after a network failure (everything but a job submit). */
  idempotent: boolean;
  /** autosuggest: the raw Response reaches the caller, who reads the body. */
  raw: boolean;
  /** The async form of matrix or tour planning. */
  async?: "matrix" | "tour";
}

const matrixOp = opNamed("matrix");
const tourOp = opNamed("solveTourPlanning");

const SYNC: Target[] = OPS.map((op) => ({
  id: op.name === "matrix" || op.name === "solveTourPlanning"
    ? `${op.name} (sync)`
    : op.name,
  op,
  phase: "sync",
  params: op.example,
  options: {},
  match: (_m: string, p: string) => p === op.path,
  okStatus: 200,
  idempotent: true,
  raw: op.name === "autosuggest",
}));

const matrixAsync = {
  op: matrixOp,
  params: () => ({ ...matrixOp.example(), async: true }),
  options: { poll: { initialDelayMs: 10 } },
  idempotent: true,
  raw: false,
  async: "matrix" as const,
};
const tourAsync = {
  op: tourOp,
  params: () => ({
    ...tourProblem(),
    async: true,
  }),
  options: { poll: { initialDelayMs: 10 } },
  idempotent: true,
  raw: false,
  async: "tour" as const,
};

const ASYNC: Target[] = [
  {
    ...matrixAsync,
    id: "matrix (async) submit",
    phase: "submit",
    match: (m, p) => m === "POST" && p === "/v8/matrix",
    okStatus: 202,
    idempotent: false,
  },
  {
    ...matrixAsync,
    id: "matrix (async) status poll",
    phase: "status",
    match: (m, p) => m === "GET" && /^\/v8\/matrix\/[^/]+\/status$/.test(p),
    okStatus: 200,
  },
  {
    ...matrixAsync,
    id: "matrix (async) result download",
    phase: "result",
    match: (m, p) => m === "GET" && /^\/v8\/matrix\/[^/]+$/.test(p),
    okStatus: 200,
  },
  {
    ...tourAsync,
    id: "solveTourPlanning (async) submit",
    phase: "submit",
    match: (m, p) => m === "POST" && p === "/v3/problems/async",
    okStatus: 202,
    idempotent: false,
  },
  {
    ...tourAsync,
    id: "solveTourPlanning (async) status poll",
    phase: "status",
    match: (m, p) => m === "GET" && /^\/v3\/status\/[^/]+$/.test(p),
    okStatus: 200,
  },
  {
    ...tourAsync,
    id: "solveTourPlanning (async) solution download",
    phase: "result",
    match: (m, p) => m === "GET" && /^\/v3\/problems\/[^/]+\/solution$/.test(p),
    okStatus: 200,
  },
];

/** Every operation, every phase: 16 sync operations and 6 async phases. */
const TARGETS: readonly Target[] = [...SYNC, ...ASYNC];

// ------------------------------------------------------------------ checks

/** What one hostile call came to. */
interface Outcome {
  target: Target;
  /** The rejection; `undefined` when the call resolved. */
  error?: unknown;
  resolved: boolean;
  started: number;
  settled: number;
  proxy: HostileProxy;
}

/** A hostile case: the behaviour and what must come of it. */
interface CaseSpec {
  behave: Behaviour;
  /** Client options over the defaults (maxConcurrency 1, maxRetries 2). */
  client?: Record<string, unknown>;
  /** Per-call options over the target's. */
  call?: Record<string, unknown>;
  /** The deadline of a status-poll case (default {@linkcode POLL_BOUND_MS}). */
  statusDeadlineMs?: number;
  /** The client's key (default: the suite's). */
  apiKey?: string;
  /** Problems with the outcome, beyond the generic checks. */
  check: (o: Outcome) => (string | undefined)[];
  /** A label for the case (behaviour variant). */
  label?: string;
}

const NEEDLES = [
  ...new Set([...keyNeedles(SECRETS.apiKey), ...keyNeedles(SPECIAL_KEY)]),
];

/** A text with every needle replaced, for failure messages. */
function masked(s: string): string {
  let out = s;
  for (const n of NEEDLES) out = out.replaceAll(n, "«KEY»");
  return out;
}

/** The first needle (of either key) found in `texts`. */
function leakIn(texts: string[]): string | undefined {
  for (const t of texts) {
    for (const n of NEEDLES) {
      if (t.includes(n)) {
        return `a form of the key (${JSON.stringify(n.slice(0, 12))}…) in: ${
          masked(t).slice(0, 240)
        }`;
      }
    }
  }
  return undefined;
}

/** Problems with serialising `e`: each of these must not throw. */
function serialisationProblems(e: unknown): string[] {
  const problems: string[] = [];
  const views: [string, () => unknown][] = [
    ["JSON.stringify(err)", () => JSON.stringify(e)],
    ["String(err)", () => String(e)],
    ["Deno.inspect(err)", () => Deno.inspect(e)],
  ];
  for (const [what, view] of views) {
    try {
      view();
    } catch (err) {
      problems.push(`${what} threw ${show(err, 120)}`);
    }
  }
  return problems;
}

const RTL = "ResponseTooLargeError";
const CLASSES: Record<string, (e: unknown) => boolean> = {
  ApiError: (e) => e instanceof ApiError,
  TimeoutError: (e) => e instanceof TimeoutError,
  ConnectionError: (e) => e instanceof ConnectionError,
  ValueError: (e) => e instanceof ValueError,
  [RTL]: (e) =>
    e instanceof ApiError && e.name === RTL &&
    typeof Reflect.get(e, "limit") === "number",
};

/** `undefined` when `o` rejected with one of `names`, else why not. */
function rejectedWith(o: Outcome, ...names: string[]): string | undefined {
  if (o.resolved) return `resolved; expected ${names.join(" or ")}`;
  const e = o.error;
  if (names.some((n) => e instanceof Error && CLASSES[n](e))) {
    return undefined;
  }
  return `expected ${names.join(" or ")}, got ${masked(show(e, 220))}`;
}

/** The call settled within `ms` of its start (or of the first hostile request). */
function within(
  o: Outcome,
  ms: number,
  from: "start" | "hostile" = "start",
): string | undefined {
  const t0 = from === "start" ? o.started : o.proxy.firstHostileAt();
  if (t0 === undefined) return "no hostile request reached the proxy";
  const took = o.settled - t0;
  return took <= ms
    ? undefined
    : `settled ${Math.round(took)} ms after ${
      from === "start" ? "the call" : "the hostile request"
    } began; the bound is ${ms} ms`;
}

function countIs(o: Outcome, n: number, why: string): string | undefined {
  const got = o.proxy.hostileCount();
  return got === n
    ? undefined
    : `the server saw ${got} hostile requests, expected ${n} (${why})`;
}

function countAtMost(o: Outcome, n: number, why: string): string | undefined {
  const got = o.proxy.hostileCount();
  return got <= n
    ? undefined
    : `the server saw ${got} hostile requests, at most ${n} allowed (${why})`;
}

/** A timer-backed AbortSignal, cleared by the caller. */
function hardBound(): { signal: AbortSignal; clear: () => void } {
  const ctl = new AbortController();
  const timer = setTimeout(
    () =>
      ctl.abort(
        new Error(`hard bound: not settled after ${HARD_BOUND_MS} ms (a hang)`),
      ),
    HARD_BOUND_MS,
  );
  return { signal: ctl.signal, clear: () => clearTimeout(timer) };
}

/**
 * Runs one case: the hostile call, the generic checks (a)–(c), the case's
 * own, then (d) a normal call on the same client once the proxy forwards.
 */
async function runCase(
  box: Sandbox,
  target: Target,
  spec: CaseSpec,
  guard?: AbortSignal,
): Promise<string[]> {
  await using proxy = await hostileProxy(box.url, target.match, spec.behave);
  const ls = new LS(clientOptions(proxy.url, {
    maxConcurrency: 1,
    timeoutMs: 5_000,
    maxRetries: MAX_RETRIES,
    ...(spec.apiKey ? { apiKey: spec.apiKey } : {}),
    ...spec.client,
  } as Partial<LSOptions>));
  const problems: (string | undefined)[] = [];

  const bound = hardBound();
  const signal = guard ? AbortSignal.any([bound.signal, guard]) : bound.signal;
  const started = performance.now();
  let error: unknown;
  let resolved = false;
  try {
    await settles(
      target.op.call(ls, target.params(), {
        ...target.options,
        // Only status polls carry a deadline: a poller polls on otherwise.
        ...(target.phase === "status"
          ? { deadlineMs: spec.statusDeadlineMs ?? POLL_BOUND_MS }
          : {}),
        ...spec.call,
        signal,
      } as MatrixOptions),
      HARD_BOUND_MS + 2_000,
      target.id,
    );
    resolved = true;
  } catch (e) {
    error = e;
  } finally {
    bound.clear();
  }
  const settled = performance.now();
  const outcome: Outcome = { target, error, resolved, started, settled, proxy };

  if (!resolved) {
    witness.record(error);
    if (!(error instanceof LSError)) {
      problems.push(
        `a foreign error escaped (not an LSError): ${masked(show(error, 200))}`,
      );
    }
    problems.push(...serialisationProblems(error));
    const texts = errorTexts(error);
    for (const view of [() => String(error), () => Deno.inspect(error)]) {
      try {
        texts.push(view());
      } catch {
        // reported above
      }
    }
    problems.push(leakIn(texts));
  }
  problems.push(...spec.check(outcome));
  if (DEBUG) {
    const what = resolved
      ? "resolved"
      : error instanceof Error
      ? `${error.name}: ${masked(error.message).slice(0, 200)}`
      : masked(show(error, 200));
    const hits = proxy.hits.map((h) =>
      `${h.hostile ? "!" : ""}${h.method} ${h.path.slice(0, 14)} @${
        Math.round(h.at - started)
      }`
    ).join(", ");
    console.error(
      `[hostile] ${target.id}${spec.label ? ` [${spec.label}]` : ""}: ${what}` +
        `\n    after ${Math.round(settled - started)} ms; hits: ${hits}`,
    );
  }

  // (d) The slot is free again: a normal call on the same client succeeds.
  proxy.hostile = false;
  const again = hardBound();
  try {
    await settles(
      target.op.call(ls, target.params(), {
        ...target.options,
        timeoutMs: 8_000,
        signal: again.signal,
      } as MatrixOptions),
      HARD_BOUND_MS + 2_000,
      `${target.id} (normal call)`,
    );
  } catch (e) {
    witness.record(e);
    problems.push(
      `then a normal call on the same client failed (slot not released?): ${
        masked(show(e, 200))
      }`,
    );
  } finally {
    again.clear();
  }
  const label = spec.label ? `${target.id} [${spec.label}]` : target.id;
  return problems.filter((p): p is string => p !== undefined).map((p) =>
    `${label}: ${p}`
  );
}

/** Runs the cases concurrently and fails with every problem found. */
async function runAll(
  box: Sandbox,
  cases: [Target, CaseSpec][],
  guard?: AbortSignal,
): Promise<void> {
  const results = await Promise.all(
    cases.map(([t, spec]) => runCase(box, t, spec, guard)),
  );
  const problems = results.flat();
  if (problems.length > 0) {
    assert.fail(
      `${problems.length} problem(s) in ${cases.length} cases:\n` +
        problems.join("\n"),
    );
  }
}

/** Every target with one spec. */
function everyTarget(spec: (t: Target) => CaseSpec): [Target, CaseSpec][] {
  return TARGETS.map((t) => [t, spec(t)]);
}

let warmed = false;

/**
 * The sandbox of a test, accepting both keys, its place index loaded. The
 * first one runs every target once, so that no first-time cost (loading,
 * compiling) lands inside a case's timeout.
 */
async function box(): Promise<Sandbox> {
  const sbx = await sandbox({
    apiKeys: [SECRETS.apiKey, SPECIAL_KEY],
    preload: true,
  });
  if (!warmed) {
    warmed = true;
    const ls = makeLS(sbx.url);
    await Promise.all(
      TARGETS.filter((t) => t.phase !== "status" && t.phase !== "result")
        .map((t) => settles(t.op.call(ls, t.params(), t.options), 30_000)),
    );
  }
  return sbx;
}

// ------------------------------------------------------------------- stalls

/** A stall: TimeoutError within timeoutMs of the stalled request (or the deadline of a status poll). */
function stallSpec(behave: (t: Target) => Behaviour) {
  return (t: Target): CaseSpec => ({
    behave: behave(t),
    client: { timeoutMs: TIMEOUT_MS, maxRetries: 0 },
    statusDeadlineMs: STATUS_DEADLINE_MS,
    check: (o) => [
      rejectedWith(o, "TimeoutError"),
      t.phase === "status"
        ? within(o, STATUS_DEADLINE_MS + SLACK_MS)
        : within(o, TIMEOUT_MS + SLACK_MS, "hostile"),
    ],
  });
}

Deno.test("stall before the headers, every operation and phase: a TimeoutError within timeoutMs", async () => {
  await using sbx = await box();
  await runAll(sbx, everyTarget(stallSpec(() => stallHeaders)));
});

Deno.test("headers, part of a JSON body, then nothing: a TimeoutError within timeoutMs (it covers the body)", async () => {
  await using sbx = await box();
  await runAll(sbx, everyTarget(stallSpec((t) => stallMidBody(t.okStatus))));
});

Deno.test("a body trickling in one byte per second: a TimeoutError within timeoutMs", async () => {
  await using sbx = await box();
  await runAll(sbx, everyTarget(stallSpec((t) => trickleBytes(t.okStatus))));
});

Deno.test("deadlineMs covers queueing: a call waiting for the only slot times out at its deadline, never sent", async () => {
  await using sbx = await box();
  await using proxy = await hostileProxy(
    sbx.url,
    (_m, p) => p === "/v1/geocode",
    async (ctx) => {
      await ctx.sleep(3_000);
      return await ctx.forward();
    },
  );
  const ls = makeLS(proxy.url, { maxConcurrency: 1, timeoutMs: 8_000 });
  const first = ls.geocode({ query: "Berlin" });
  for (let i = 0; i < 400 && proxy.hits.length === 0; i++) {
    await new Promise((r) => setTimeout(r, 5));
  }
  assert.equal(proxy.hits.length, 1, "the slow call reached the server");
  const t0 = performance.now();
  const e = await witness.rejects(
    settles(ls.reverseGeocode({ lat: 52.5, lng: 13.4 }, { deadlineMs: 500 })),
  );
  const took = performance.now() - t0;
  await settles(first);
  assert.ok(e instanceof TimeoutError, show(e));
  assert.ok(
    took <= 500 + SLACK_MS,
    `rejected after ${Math.round(took)} ms, deadline 500 ms`,
  );
  assert.equal(
    proxy.hits.filter((h) => h.path === "/v1/revgeocode").length,
    0,
    "the queued call was sent",
  );
});

// --------------------------------------------------------------- size caps

/** The class of the size error, where the packages export it. */
function exported(mod: object): unknown {
  return Reflect.get(mod, RTL);
}

Deno.test("ResponseTooLargeError is exported from @ls/core and @ls/ls and extends ApiError", () => {
  for (
    const [name, mod] of [["@ls/core", core], ["@ls/ls", umbrella]] as const
  ) {
    const cls = exported(mod);
    assert.equal(typeof cls, "function", `${name} exports ${RTL}`);
    // Not `instanceof`: the error classes brand instances, not prototypes.
    assert.ok(
      Object.prototype.isPrototypeOf.call(
        ApiError.prototype,
        (cls as { prototype: object }).prototype,
      ),
      `${RTL} extends ApiError`,
    );
  }
});

/** The default cap a target's size error names (undefined: only bounded). */
function defaultLimit(t: Target): number | undefined {
  if (t.phase === "status") return 1 * MiB;
  if (t.op.name === "matrix" || t.phase === "submit") return undefined;
  return 8 * MiB;
}

function sizeSpec(
  behave: (t: Target) => Behaviour,
  cap?: { where: "client" | "call"; bytes: number },
  label?: string,
) {
  return (t: Target): CaseSpec => ({
    label,
    behave: behave(t),
    ...(cap?.where === "client"
      ? { client: { maxResponseBytes: cap.bytes } }
      : cap
      ? { call: { maxResponseBytes: cap.bytes } }
      : {}),
    check: (o) => {
      const limit = o.error instanceof Error
        ? Reflect.get(o.error, "limit")
        : undefined;
      const want = cap?.bytes ?? defaultLimit(t);
      const cls = exported(umbrella) as (new () => unknown) | undefined;
      return [
        rejectedWith(o, RTL),
        cls && !o.resolved && !(o.error instanceof cls)
          ? "not an instance of the exported ResponseTooLargeError"
          : undefined,
        typeof limit !== "number" || o.resolved
          ? undefined
          : want !== undefined
          ? (limit === want ? undefined : `limit ${limit}, expected ${want}`)
          : (limit > 0 && limit <= 8 * MiB
            ? undefined
            : `limit ${limit}, expected a bound ≤ 8 MiB`),
        countIs(o, 1, "a size-cap error is never retried"),
      ];
    },
  });
}

/** Runs size cases under a memory guard (an uncapped client fails, not the machine). */
async function runGuarded(cases: [Target, CaseSpec][]): Promise<void> {
  await using sbx = await box();
  using guard = memoryGuard(2 * 1024 * MiB);
  try {
    await runAll(sbx, cases, guard.signal);
  } finally {
    const grown = guard.tripped();
    if (grown !== undefined) {
      console.error(
        `memory guard tripped at +${Math.round(grown / MiB)} MiB`,
      );
    }
  }
}

Deno.test("an endless 200 body: ResponseTooLargeError at the default cap (8 MiB JSON, 1 MiB job status), never retried", async () => {
  await runGuarded(everyTarget(sizeSpec((t) => endlessBody(t.okStatus))));
});

Deno.test("an endless body with a per-call maxResponseBytes of 100 000: ResponseTooLargeError naming that limit", async () => {
  await runGuarded(everyTarget(
    sizeSpec((t) => endlessBody(t.okStatus), {
      where: "call",
      bytes: 100_000,
    }),
  ));
});

Deno.test("a gzip bomb (4 MB inflating to 4 GiB): ResponseTooLargeError at the default cap, never retried", async () => {
  await gzipBomb(); // made once (a few seconds), outside the guard
  await runGuarded(everyTarget(sizeSpec((t) => gzipBombBody(t.okStatus))));
});

Deno.test("a gzip bomb with a per-client maxResponseBytes of 100 000: ResponseTooLargeError naming that limit", async () => {
  await gzipBomb();
  await runGuarded(everyTarget(
    sizeSpec((t) => gzipBombBody(t.okStatus), {
      where: "client",
      bytes: 100_000,
    }),
  ));
});

// ------------------------------------------------------------ deep nesting

Deno.test("1,000,000 levels of nested JSON (500,000 for job statuses) with 200, and as a 400 error body: an ApiError, not retried, serialisable", async () => {
  await using sbx = await box();
  const cases: [Target, CaseSpec][] = [];
  for (const t of TARGETS) {
    cases.push([t, {
      label: "200 [[[…]]]",
      // Under the 1 MiB cap of a job status (submit and poll answers), so
      // that the nesting, not the size, is what fails.
      behave: () =>
        text(
          t.okStatus,
          deepArrayJson(
            t.phase === "status" || t.phase === "submit" ? 500_000 : DEPTH,
          ),
        ),
      check: (o) =>
        t.raw && o.resolved
          // autosuggest hands the body to the caller unparsed.
          ? [countIs(o, 1, "not retried")]
          : [
            rejectedWith(o, "ApiError"),
            countIs(o, 1, "deep nesting is never retried"),
          ],
    }]);
    cases.push([t, {
      label: '400 {"a":{"a":…}}',
      behave: () => text(400, deepErrorJson()),
      check: (o) => [
        rejectedWith(o, "ApiError"),
        o.error instanceof ApiError && o.error.status !== 400
          ? `status ${o.error.status}, expected 400`
          : undefined,
        countIs(o, 1, "a 400 is never retried"),
      ],
    }]);
  }
  await runAll(sbx, cases);
});

// ------------------------------------------------------ key in error bodies

Deno.test("error bodies (400, 401, 500, text/plain) echoing the key raw, percent-encoded, JSON-escaped, \\u-escaped, in a URL and in pieces: an ApiError with no form of the key", async () => {
  await using sbx = await box();
  const variants = [
    { label: "400 JSON", status: 400, plain: false },
    { label: "401 JSON", status: 401, plain: false },
    { label: "500 JSON", status: 500, plain: false },
    { label: "400 text/plain", status: 400, plain: true },
  ];
  const cases: [Target, CaseSpec][] = [];
  for (const v of variants) {
    for (const t of TARGETS) {
      const retried = v.status === 500 && t.idempotent;
      cases.push([t, {
        label: v.label,
        apiKey: SPECIAL_KEY,
        behave: () =>
          v.plain
            ? text(v.status, keyEchoText(SPECIAL_KEY), "text/plain")
            : text(v.status, keyEchoBody(SPECIAL_KEY, v.status)),
        check: (o) => [
          // A poller polls on after a 500, until the deadline.
          t.phase === "status" && v.status === 500
            ? rejectedWith(o, "ApiError", "TimeoutError")
            : rejectedWith(o, "ApiError"),
          t.phase === "status"
            ? undefined
            : retried
            ? countAtMost(o, 1 + MAX_RETRIES, "maxRetries")
            : countIs(o, 1, `a ${v.status} on this request is not retried`),
        ],
      }]);
    }
  }
  await runAll(sbx, cases);
});

// ------------------------------------------------------------- Retry-After

const RETRY_AFTERS = [
  ["0", () => "0"],
  ["a past date", () => new Date(Date.now() - 3_600_000).toUTCString()],
  ["garbage", () => "soon, maybe in 2 s; -1"],
  ["a huge number", () => "99999999999999999999"],
] as const;

Deno.test("429 and 503 with a bad Retry-After (0, past date, garbage, huge) on normal calls: at most maxRetries retries, then the ApiError", async () => {
  await using sbx = await box();
  const cases: [Target, CaseSpec][] = [];
  for (const status of [429, 503]) {
    for (const [label, value] of RETRY_AFTERS) {
      for (const t of TARGETS) {
        if (t.phase === "status") continue;
        cases.push([t, {
          label: `${status}, Retry-After ${label}`,
          behave: () =>
            text(
              status,
              JSON.stringify({ error: "Too Many Requests", status }),
              "application/json",
              { "retry-after": value() },
            ),
          // The backoff is full jitter and the cases run side by side: on a
          // loaded machine 3 s could run out before the last retry (a tour's
          // submit, a result download after its polls), which is a
          // TimeoutError, not what this case is about. The deadline only
          // bounds the case.
          call: { deadlineMs: 10_000 },
          check: (o) => [
            rejectedWith(o, "ApiError"),
            o.error instanceof ApiError && o.error.status !== status
              ? `status ${o.error.status}, expected ${status}`
              : undefined,
            countAtMost(o, 1 + MAX_RETRIES, "maxRetries"),
            within(o, 10_000 + SLACK_MS),
          ],
        }]);
      }
    }
  }
  await runAll(sbx, cases);
});

Deno.test("429 and 503 with a bad Retry-After on async status polls: polls are spaced by a floor (far fewer than 20 in 2 s; options.poll.minDelayMs lowers it)", async () => {
  await using sbx = await box();
  const cases: [Target, CaseSpec][] = [];
  const windowMs = 2_000;
  for (const status of [429, 503]) {
    for (const [label, value] of RETRY_AFTERS) {
      for (const t of TARGETS) {
        if (t.phase !== "status") continue;
        const behave = () =>
          text(
            status,
            JSON.stringify({ error: "Slow down", status }),
            "application/json",
            { "retry-after": value() },
          );
        const check = (max: number) => (o: Outcome) => [
          o.resolved ? "resolved" : undefined,
          countAtMost(o, max, `polls in ${windowMs} ms`),
          within(o, windowMs + SLACK_MS),
        ];
        // The default floor of 250 ms: at most 9 polls in 2 s; 20 is loose.
        cases.push([t, {
          label: `${status}, Retry-After ${label}, default floor`,
          behave,
          call: { deadlineMs: windowMs },
          check: check(19),
        }]);
        // A floor lowered to 50 ms: at most 41 polls in 2 s.
        const lowered = t.async === "matrix"
          ? {
            params: t.params,
            call: { deadlineMs: windowMs, poll: { minDelayMs: 50 } },
          }
          : {
            params: t.params,
            call: {
              deadlineMs: windowMs,
              poll: { initialDelayMs: 10, minDelayMs: 50 },
            },
          };
        cases.push([{ ...t, params: lowered.params }, {
          label: `${status}, Retry-After ${label}, floor 50 ms`,
          behave,
          call: lowered.call,
          check: check(windowMs / 50 + 3),
        }]);
      }
    }
  }
  await runAll(sbx, cases);
});

// --------------------------------------------------------------- redirects

Deno.test("a redirect loop (302 to itself) on every request: an ApiError, not retried, at most 21 requests", async () => {
  await using sbx = await box();
  await runAll(
    sbx,
    everyTarget(() => ({
      behave: (ctx) =>
        new Response(null, {
          status: ctx.request.method === "GET" ? 302 : 307,
          headers: { location: `${ctx.url.pathname}${ctx.url.search}` },
        }),
      check: (o) => [
        rejectedWith(o, "ApiError"),
        // The request and 20 redirects; a status poll's redirect means "the
        // result is there", so one poll more precedes the looping download.
        countAtMost(
          o,
          o.target.phase === "status" ? 22 : 21,
          "a redirect loop is never retried",
        ),
      ],
    })),
  );
});

/** Answers a request with a redirect, or a job URL, pointing at `to`. */
function pointAt(t: Target, to: (ctx: { url: URL }) => string): Behaviour {
  return (ctx) => {
    const target = to(ctx);
    if (t.phase === "submit") {
      return text(
        202,
        JSON.stringify(
          t.async === "matrix"
            ? { matrixId: "m-1", status: "accepted", statusUrl: target }
            : { statusId: "s-1", href: target },
        ),
      );
    }
    if (t.phase === "status") {
      return t.async === "matrix"
        ? text(
          303,
          JSON.stringify({
            matrixId: "m-1",
            status: "completed",
            resultUrl: target,
          }),
          "application/json",
          { location: target },
        )
        : text(
          200,
          JSON.stringify({ status: "success", resource: { href: target } }),
        );
    }
    return new Response(null, {
      status: ctx.request.method === "GET" ? 302 : 307,
      headers: { location: target },
    });
  };
}

/** What the error must not show of a refused target, and what it must not have read. */
function refusedChecks(o: Outcome, marker: string): (string | undefined)[] {
  const e = o.error;
  const shown = e instanceof Error
    ? [e.message, String(e), String(Reflect.get(e, "url") ?? "")]
    : [];
  const all = e === undefined ? [] : errorTexts(e);
  return [
    rejectedWith(o, "ApiError"),
    shown.some((s) => s.includes(marker))
      ? `the message or url names the refused target ${marker}`
      : undefined,
    all.some((s) => /root:.*:0:0:/.test(s))
      ? "the error holds the contents of /etc/passwd (the file was read)"
      : undefined,
    countIs(o, 1, "a refused redirect is not retried"),
  ];
}

Deno.test("redirects and job URLs to file:///etc/passwd and data:application/json,{}: not followed, an ApiError that does not name them", async () => {
  await using sbx = await box();
  const cases: [Target, CaseSpec][] = [];
  for (
    const [label, url, marker] of [
      ["file:", "file:///etc/passwd", "/etc/passwd"],
      ["data:", "data:application/json,{}", "data:application"],
    ] as const
  ) {
    for (const t of TARGETS) {
      cases.push([t, {
        label,
        behave: pointAt(t, () => url),
        check: (o) => refusedChecks(o, marker),
      }]);
    }
  }
  await runAll(sbx, cases);
});

Deno.test("a redirect to another host and port: not followed, an ApiError that does not name it", async () => {
  await using sbx = await box();
  // One other host per case, forwarding to the sandbox: a client that
  // followed the redirect would succeed there, with its key.
  const others = await Promise.all(
    SYNC.map(() => hostileProxy(sbx.url, () => false, stallHeaders)),
  );
  try {
    const cases: [Target, CaseSpec][] = SYNC.map((t, i) => {
      const other = others[i];
      return [t, {
        // The same request on the other host, without the key: a client
        // that follows sends it there (fetch follows a Location as it is).
        behave: pointAt(t, ({ url }) => {
          const query = new URLSearchParams(url.search);
          query.delete("apiKey");
          return `${other.url}${url.pathname}?${query}`;
        }),
        check: (o) => [
          ...refusedChecks(o, new URL(other.url).host),
          other.hits.length === 0
            ? undefined
            : `the other host received ${other.hits.length} requests`,
        ],
      }];
    });
    await runAll(sbx, cases);
  } finally {
    await Promise.all(others.map((o) => o.close()));
  }
});

// ------------------------------------------------- resets and wrong content

Deno.test("the connection closed mid-body: a ConnectionError after 1 + maxRetries attempts (a job submit: 1)", async () => {
  await using sbx = await box();
  await runAll(
    sbx,
    everyTarget((t) => ({
      behave: resetMidBody(t.okStatus),
      check: (o) =>
        t.phase === "status"
          // A poller polls on after a broken body, until the deadline.
          ? [rejectedWith(o, "ConnectionError", "TimeoutError")]
          : [
            rejectedWith(o, "ConnectionError"),
            countIs(
              o,
              t.idempotent ? 1 + MAX_RETRIES : 1,
              t.idempotent ? "1 + maxRetries" : "a job submit is not retried",
            ),
          ],
    })),
  );
});

Deno.test("an HTML page with 200 (text/html): an ApiError, not retried", async () => {
  await using sbx = await box();
  await runAll(
    sbx,
    everyTarget(() => ({
      behave: () => text(200, HTML_PAGE, "text/html; charset=utf-8"),
      check: (o) => [
        rejectedWith(o, "ApiError"),
        countIs(o, 1, "a 200 that is not JSON is not retried"),
      ],
    })),
  );
});

// ------------------------------------------------------------ bad options

Deno.test("bad client options are ValueErrors at construction, never quoting the key", () => {
  const lone = "\ud800abc";
  const cases: [string, Record<string, unknown>][] = [
    ["requestsPerSecond: NaN", { requestsPerSecond: NaN }],
    ["requestsPerSecond: -1", { requestsPerSecond: -1 }],
    ['proxies: { https: "not a url" }', { proxies: { https: "not a url" } }],
    ['baseUrl: "http://127.0.0.1:1/?a=b"', {
      baseUrl: "http://127.0.0.1:1/?a=b",
    }],
    ["apiKey with a lone surrogate", { apiKey: lone }],
  ];
  const problems: string[] = [];
  for (const [label, extra] of cases) {
    let error: unknown;
    try {
      new LS(
        {
          apiKey: SECRETS.apiKey,
          baseUrl: "http://127.0.0.1:1",
          ...extra,
        } as LSOptions,
      );
    } catch (e) {
      error = e;
    }
    if (error === undefined) {
      problems.push(`${label}: accepted`);
      continue;
    }
    witness.record(error);
    if (!(error instanceof ValueError)) {
      problems.push(`${label}: ${masked(show(error, 160))}, not a ValueError`);
    }
    const texts = errorTexts(error);
    const leak = leakIn(texts) ??
      (texts.some((s) => s.includes(lone) || s.includes("\\ud800abc"))
        ? "quotes the key"
        : undefined);
    if (leak) problems.push(`${label}: ${leak}`);
    problems.push(
      ...serialisationProblems(error).map((p) => `${label}: ${p}`),
    );
  }
  assert.deepEqual(problems, []);
});

Deno.test("requestsPerSecond: 1e9 does not allocate huge memory (in a child process)", async () => {
  const code = `
    import { LS } from "@ls/ls";
    const before = Deno.memoryUsage().rss;
    let error = "";
    try {
      new LS({ apiKey: "child-key-1234", requestsPerSecond: 1e9 });
    } catch (e) {
      error = e instanceof Error ? e.name + ": " + e.message : String(e);
    }
    const grown = Deno.memoryUsage().rss - before;
    console.log(JSON.stringify({ grown, error }));
  `;
  const ctl = new AbortController();
  const timer = setTimeout(() => ctl.abort(), 30_000);
  let out: Deno.CommandOutput;
  try {
    out = await new Deno.Command(Deno.execPath(), {
      args: ["eval", "--no-check", code],
      cwd: new URL("..", import.meta.url).pathname,
      stdout: "piped",
      stderr: "piped",
      signal: ctl.signal,
    }).output();
  } finally {
    clearTimeout(timer);
  }
  const stdout = new TextDecoder().decode(out.stdout).trim();
  const stderr = new TextDecoder().decode(out.stderr).trim();
  assert.ok(
    out.success,
    `the child failed (${out.code}, signal ${out.signal}): ${
      stderr.slice(-300)
    }`,
  );
  const { grown, error } = JSON.parse(stdout.split("\n").at(-1)!) as {
    grown: number;
    error: string;
  };
  assert.ok(
    error === "" || error.startsWith("ValueError"),
    `construction threw ${error}`,
  );
  assert.ok(
    grown < 100 * MiB,
    `constructing grew the process by ${Math.round(grown / MiB)} MiB`,
  );
});

// -------------------------------------------------------------- leak scan

Deno.test("no form of either key (whole, encoded, escaped, in pieces) in anything this file recorded", () => {
  const leak = leakIn(witness.outputs);
  assert.equal(leak, undefined, leak);
});

leakCheck(500);
