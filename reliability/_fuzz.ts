// The fuzz runner shared by fuzz_test.ts and scripts/soak.ts.
//
// Every generated parameters object is first called on a "dry" LS whose
// fetch counts the call and answers 418 without any network (not retried):
// the call must either throw a ValueError before that fetch (naming the
// parameter, with a short message) or reach it. Nothing else may escape. The
// first `wireBudget` accepted inputs of each operation are then sent to a
// real sandbox over loopback, where they must resolve (or, for a mutated
// input that the client passes on by design, such as an unknown enum string,
// be answered with the service's own 4xx ApiError; those are counted apart).

import {
  ApiError,
  LS,
  LSError,
  type MatrixOptions,
  TimeoutError,
  ValueError,
} from "@ls/ls";
import { clientOptions, show } from "./_harness.ts";
import { generate, generateOptions, validParams } from "./_generators.ts";
import { type Op, OPS } from "./_ops.ts";
import { Random } from "./_random.ts";

/** Figures of one operation's fuzz run. */
export interface FuzzStats {
  /** Operation name. */
  op: string;
  /** The seed of this operation's stream. */
  seed: number;
  /** Inputs generated. */
  generated: number;
  /** Rejected with a ValueError before any request. */
  rejected: number;
  /** Accepted (reached fetch on the dry client). */
  accepted: number;
  /** Accepted inputs sent to the sandbox. */
  sent: number;
  /** Of those, resolved. */
  resolved: number;
  /** Of those, answered with the service's own 4xx (input the client passes on by design). */
  serverRejected: number;
  /** Samples of the service's 4xx answers (for the report). */
  serverRejections: string[];
  /** Property violations, with enough to replay them. */
  failures: string[];
  /** Wall time, ms. */
  ms: number;
}

/** Options of {@linkcode fuzzOperation}. */
export interface FuzzOptions {
  /** The operation's own seed. */
  seed: number;
  /** How many inputs to generate. */
  count: number;
  /** How many accepted inputs to send to the sandbox. */
  wireBudget: number;
  /** The sandbox origin. */
  sandboxUrl: string;
  /** Also fuzz the RequestOptions (with valid parameters). */
  options?: boolean;
}

/** The dry fetch's answer: a status no HERE service uses, never retried. */
const DRY_STATUS = 418;

const MAX_MESSAGE = 600;

/** A call that has not settled after this long counts as a hang. */
const HANG_MS = 20_000;

class Hang extends Error {
  constructor() {
    super(`hung: not settled after ${HANG_MS} ms`);
    this.name = "Hang";
  }
}

/** Settles like `p`, or rejects with a Hang after HANG_MS. */
async function watched<T>(p: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await Promise.race([
      p,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Hang()), HANG_MS);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** Fuzzes one operation; see the module comment for the property. */
export async function fuzzOperation(
  op: Op,
  o: FuzzOptions,
): Promise<FuzzStats> {
  const started = performance.now();
  let fetches = 0;
  const dry = new LS(clientOptions(o.sandboxUrl, {
    maxRetries: 0,
    fetch: () => {
      fetches++;
      return Promise.resolve(new Response(null, { status: DRY_STATUS }));
    },
    onRequest: undefined,
    onResponse: undefined,
    onRetry: undefined,
  }));
  const wire = new LS(clientOptions(o.sandboxUrl, {
    maxRetries: 0,
    onRequest: undefined,
    onResponse: undefined,
    onRetry: undefined,
  }));
  const wireOptions: MatrixOptions = {
    poll: { initialDelayMs: 1, maxDelayMs: 5 },
    deadlineMs: 30_000,
  };
  const stats: FuzzStats = {
    op: op.name,
    seed: o.seed,
    generated: 0,
    rejected: 0,
    accepted: 0,
    sent: 0,
    resolved: 0,
    serverRejected: 0,
    serverRejections: [],
    failures: [],
    ms: 0,
  };
  const rng = new Random(o.seed);
  const fail = (
    i: number,
    what: string,
    params: unknown,
    options?: unknown,
  ) => {
    if (stats.failures.length >= 20) return;
    stats.failures.push(
      `${op.name} #${i} (seed ${o.seed}): ${what}\n  params: ${
        show(params, 600)
      }${options === undefined ? "" : `\n  options: ${show(options, 300)}`}`,
    );
  };

  for (let i = 0; i < o.count; i++) {
    let params: unknown;
    let mutated = false;
    if (o.options) {
      params = validParams(op.name, rng);
    } else {
      ({ params, mutated } = generate(op.name, rng));
    }
    const options = o.options ? generateOptions(rng) : undefined;
    stats.generated++;
    const before = fetches;
    let reached = false;
    try {
      await watched(op.call(dry, params, options as MatrixOptions));
      fail(i, "resolved without a request", params, options);
      continue;
    } catch (e) {
      reached = fetches > before;
      if (e instanceof ValueError) {
        if (reached) {
          fail(i, `ValueError after a request: ${show(e)}`, params, options);
        } else if (
          typeof e.parameter !== "string" || e.parameter === "" ||
          !e.message.startsWith(`Invalid ${e.parameter}: `) ||
          e.message.length > MAX_MESSAGE
        ) {
          fail(i, `malformed ValueError: ${show(e, 800)}`, params, options);
        } else {
          stats.rejected++;
        }
        continue;
      }
      if (!reached) {
        // A deadline that passes before the request is sent ends the call
        // unsent, as the README promises.
        const deadlineMs = (options as { deadlineMs?: unknown } | undefined)
          ?.deadlineMs;
        if (
          e instanceof TimeoutError && typeof deadlineMs === "number" &&
          deadlineMs < 5 && /deadline/.test(e.message)
        ) {
          stats.rejected++;
          continue;
        }
        fail(i, `escaped before any request: ${show(e)}`, params, options);
        continue;
      }
      if (!(e instanceof ApiError) || e.status !== DRY_STATUS) {
        fail(i, `the dry request failed oddly: ${show(e)}`, params, options);
        continue;
      }
    }
    stats.accepted++;
    if (stats.sent >= o.wireBudget) continue;
    // Options may ask for a huge retry budget: keep the wire run bounded.
    const retries = (options as { maxRetries?: unknown } | undefined)
      ?.maxRetries;
    if (typeof retries === "number" && retries > 5) continue;
    stats.sent++;
    try {
      await watched(op.call(wire, params, {
        ...wireOptions,
        ...(options as MatrixOptions),
      }));
      stats.resolved++;
    } catch (e) {
      const clientPassesOn = mutated || o.options;
      if (o.options && e instanceof LSError && !(e instanceof ValueError)) {
        // Options such as timeoutMs: 1e-7 may make a call fail; it must fail
        // with one of the client's errors.
        stats.serverRejected++;
      } else if (
        clientPassesOn && e instanceof ApiError && e.status < 500 &&
        e.status !== 401 && e.status !== 429
      ) {
        stats.serverRejected++;
        if (stats.serverRejections.length < 10) {
          stats.serverRejections.push(
            `${e.message.slice(0, 240)}\n    params: ${show(params, 300)}`,
          );
        }
      } else {
        fail(i, `the sandbox call failed: ${show(e)}`, params, options);
      }
    }
  }
  stats.ms = performance.now() - started;
  return stats;
}

/** One line of figures for a report. */
export function fuzzLine(s: FuzzStats): string {
  return [
    s.op.padEnd(18),
    `seed ${String(s.seed).padStart(10)}`,
    `${String(s.generated).padStart(6)} generated`,
    `${String(s.rejected).padStart(6)} ValueError`,
    `${String(s.accepted).padStart(5)} accepted`,
    `${String(s.sent).padStart(4)} sent: ${
      String(s.resolved).padStart(4)
    } resolved, ${String(s.serverRejected).padStart(3)} service 4xx`,
    `${s.failures.length} failures`,
    `${(s.ms / 1000).toFixed(1)} s`,
  ].join(" | ");
}

/** Inputs per operation and accepted inputs sent to the sandbox, at a scale. */
export function fuzzSizes(
  op: Op,
  scale: number,
): {
  count: number;
  wireBudget: number;
  optionsCount: number;
  optionsWire: number;
} {
  // Every input is called on the dry client; a sample of the accepted ones
  // also goes to the sandbox (sending them all would take about 5 minutes at
  // scale 1: a sandbox search takes ~20 ms, a tour solve ~90 ms).
  const wire = op.name === "solveTourPlanning" ? 100 : 300;
  return {
    count: Math.round(10_000 * scale),
    wireBudget: Math.round(wire * scale),
    optionsCount: Math.round(500 * scale),
    optionsWire: Math.round(10 * scale),
  };
}

/**
 * Every operation's fuzz run at a scale, in `OPS` order: its seed drawn from
 * the master seed's stream (the RequestOptions runs from a second stream, so
 * both replay from one printed seed) and its sizes from
 * {@linkcode fuzzSizes}.
 */
export function* fuzzRuns(
  masterSeed: number,
  scale: number,
  sandboxUrl: string,
  options = false,
): Generator<[Op, FuzzOptions]> {
  const seeds = new Random(options ? masterSeed ^ 0x5eed : masterSeed);
  for (const op of OPS) {
    const seed = Math.floor(seeds.next() * 2 ** 32);
    const sizes = fuzzSizes(op, scale);
    yield [op, {
      seed,
      count: options ? sizes.optionsCount : sizes.count,
      wireBudget: options ? sizes.optionsWire : sizes.wireBudget,
      sandboxUrl,
      options,
    }];
  }
}
