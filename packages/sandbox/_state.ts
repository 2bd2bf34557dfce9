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
  /** Computes the result (run once, when first needed after `readyAt`). */
  run: () => unknown;
  /** The result, once computed. */
  result?: unknown;
  /** The failure, when `run` threw. */
  error?: unknown;
  /** Extra fields echoed in status bodies (matrix `regionDefinition`). */
  extra?: Record<string, unknown>;
}

/** How long finished jobs stay available. */
const JOB_TTL_MS = 3_600_000;

/** The mutable state of one sandbox. */
export class SandboxState {
  /** Accepted API keys. */
  readonly apiKeys: ReadonlySet<string>;
  /** Accepted OAuth access key ids and their secrets. */
  readonly credentials: ReadonlyMap<string, string>;
  /** Issued bearer tokens and when they expire (sandbox clock, ms). */
  readonly tokens: Map<string, number> = new Map();
  /** Lifetime of issued tokens, seconds. */
  readonly tokenTtlSeconds: number;
  /** The sandbox clock (token expiry, `/timestamp`, default departure times). */
  readonly now: () => Date;
  /** How long async jobs stay in progress, ms. */
  readonly asyncDelayMs: number;
  /** Async jobs by id. */
  readonly jobs: Map<string, Job> = new Map();

  constructor(init: {
    apiKeys: readonly string[];
    credentials: readonly { accessKeyId: string; accessKeySecret: string }[];
    tokenTtlSeconds: number;
    now: () => Date;
    asyncDelayMs: number;
  }) {
    this.apiKeys = new Set(init.apiKeys);
    this.credentials = new Map(
      init.credentials.map((c) => [c.accessKeyId, c.accessKeySecret]),
    );
    this.tokenTtlSeconds = init.tokenTtlSeconds;
    this.now = init.now;
    this.asyncDelayMs = init.asyncDelayMs;
  }

  /** Registers a job under a fresh id. */
  addJob(job: Omit<Job, "submittedAt" | "readyAt">): string {
    const now = Date.now();
    for (const [id, old] of this.jobs) {
      if (now - old.submittedAt > JOB_TTL_MS) this.jobs.delete(id);
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
   * The state of a job: `undefined` when unknown, `pending` before its delay
   * ran out, else `done` (the result was computed) or `failed`.
   */
  jobState(
    id: string,
    kind: Job["kind"],
  ): { state: "pending" | "done" | "failed"; job: Job } | undefined {
    const job = this.jobs.get(id);
    if (!job || job.kind !== kind) return undefined;
    if (Date.now() < job.readyAt) return { state: "pending", job };
    if (job.result === undefined && job.error === undefined) {
      try {
        job.result = job.run();
      } catch (err) {
        job.error = err;
      }
    }
    return { state: job.error !== undefined ? "failed" : "done", job };
  }
}
