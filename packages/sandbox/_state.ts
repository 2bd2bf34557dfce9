// State shared by the services of one sandbox: its clock, accepted
// credentials, issued tokens and async jobs.

/** One async job (matrix or tour planning). */
export interface Job {
  /** Which service created it. */
  kind: "matrix" | "tour";
  /** When it was submitted (real time, ms). */
  submittedAt: number;
  /** When it counts as finished (real time, ms). */
  readyAt: number;
  /**
   * Computes the result, once, when first needed after `readyAt`. It
   * yields to the event loop while it works and rejects with the signal's
   * reason when that aborts (the sandbox closes).
   */
  run: (signal: AbortSignal) => Promise<unknown>;
  /** The result, once computed. */
  result?: unknown;
  /** The failure, when `run` threw. */
  error?: unknown;
  /** The computation under way (shared by concurrent polls). */
  running?: Promise<void>;
  /** Extra fields echoed in status bodies (matrix `regionDefinition`). */
  extra?: Record<string, unknown>;
}

/** Limits on what one sandbox keeps. */
export interface StateLimits {
  /** How long a job stays available after it counts as finished, ms. */
  jobTtlMs: number;
  /** Most jobs kept; submitting one more evicts the oldest. */
  maxJobs: number;
  /** Most issued tokens kept; issuing one more drops the expired ones, then the oldest. */
  maxTokens: number;
}

/** The mutable state of one sandbox. */
export class SandboxState {
  /** Accepted API keys. */
  readonly apiKeys: ReadonlySet<string>;
  /** Accepted OAuth access key ids and their secrets. */
  readonly credentials: ReadonlyMap<string, string>;
  /**
   * Issued bearer tokens and when they expire (sandbox clock, ms), oldest
   * first. Add with {@linkcode SandboxState.addToken}.
   */
  readonly tokens: Map<string, number> = new Map();
  /** Lifetime of issued tokens, seconds. */
  readonly tokenTtlSeconds: number;
  /** The sandbox clock (token expiry, `/timestamp`, default departure times). */
  readonly now: () => Date;
  /** How long async jobs stay in progress, ms. */
  readonly asyncDelayMs: number;
  /** Async jobs by id, oldest first. Add with {@linkcode SandboxState.addJob}. */
  readonly jobs: Map<string, Job> = new Map();
  /** How many jobs and tokens are kept, and for how long. */
  readonly limits: StateLimits;
  /** Aborts when the sandbox closes: long computations stop at their next pause. */
  readonly signal: AbortSignal;

  constructor(init: {
    apiKeys: readonly string[];
    credentials: readonly { accessKeyId: string; accessKeySecret: string }[];
    tokenTtlSeconds: number;
    now: () => Date;
    asyncDelayMs: number;
    limits: StateLimits;
    signal: AbortSignal;
  }) {
    this.apiKeys = new Set(init.apiKeys);
    this.credentials = new Map(
      init.credentials.map((c) => [c.accessKeyId, c.accessKeySecret]),
    );
    this.tokenTtlSeconds = init.tokenTtlSeconds;
    this.now = init.now;
    this.asyncDelayMs = init.asyncDelayMs;
    this.limits = init.limits;
    this.signal = init.signal;
  }

  /** Records an issued token that expires at `expiresAt` (sandbox clock, ms). */
  addToken(token: string, expiresAt: number): void {
    if (this.tokens.size >= this.limits.maxTokens) {
      // Expired tokens go first (they only let a 401 say "expired"), then the oldest.
      const now = this.now().getTime();
      for (const [old, at] of this.tokens) {
        if (now >= at) this.tokens.delete(old);
      }
      for (const old of this.tokens.keys()) {
        if (this.tokens.size < this.limits.maxTokens) break;
        this.tokens.delete(old);
      }
    }
    this.tokens.set(token, expiresAt);
  }

  #expired(job: Job, now: number): boolean {
    return now - job.readyAt >= this.limits.jobTtlMs;
  }

  /** Registers a job under a fresh id, dropping expired jobs and, past the limit, the oldest. */
  addJob(job: Omit<Job, "submittedAt" | "readyAt">): string {
    const now = Date.now();
    for (const [id, old] of this.jobs) {
      if (this.#expired(old, now)) this.jobs.delete(id);
    }
    for (const id of this.jobs.keys()) {
      if (this.jobs.size < this.limits.maxJobs) break;
      this.jobs.delete(id);
    }
    const id = crypto.randomUUID();
    this.jobs.set(id, {
      ...job,
      submittedAt: now,
      readyAt: now + this.asyncDelayMs,
    });
    return id;
  }

  /**
   * The state of a job: `undefined` when unknown, evicted or expired,
   * `pending` before its delay ran out, else `done` (the result was
   * computed; the first call after the delay waits for that) or `failed`.
   * Rejects with the abort reason when the sandbox closes meanwhile.
   */
  async jobState(
    id: string,
    kind: Job["kind"],
  ): Promise<{ state: "pending" | "done" | "failed"; job: Job } | undefined> {
    const job = this.jobs.get(id);
    if (!job || job.kind !== kind) return undefined;
    const now = Date.now();
    if (this.#expired(job, now)) {
      this.jobs.delete(id);
      return undefined;
    }
    if (now < job.readyAt) return { state: "pending", job };
    if (job.result === undefined && job.error === undefined) {
      job.running ??= (async () => {
        try {
          job.result = await job.run(this.signal);
        } catch (err) {
          job.running = undefined;
          if (this.signal.aborted) throw err;
          job.error = err;
        }
      })();
      await job.running;
    }
    return { state: job.error !== undefined ? "failed" : "done", job };
  }
}
