/**
 * The rate budget a {@linkcode Client} spends: a {@linkcode Limiter} grants a
 * turn for each request attempt. {@linkcode LocalLimiter} keeps the budget in
 * this process (the default); `@ls/core/kv`'s `KvLimiter` shares one budget
 * between processes and machines through Deno KV.
 *
 * @module
 */

import { ValueError } from "../errors/errors.ts";
import { keyPath } from "../params/check_params.ts";
import { type Service, SERVICES } from "../http/hosts.ts";
import { RateLimiter } from "../http/timers.ts";

/** What a client asks a {@linkcode Limiter} for: a turn for one attempt. */
export interface TurnRequest {
  /** The service the request goes to. */
  service: Service;
  /**
   * Aborts when the caller cancels or the call's deadline passes; a limiter
   * must stop waiting then and reject with `signal.reason`.
   */
  signal: AbortSignal;
  /**
   * Milliseconds left until the call's deadline (`undefined`: none). A
   * limiter that reserves turns ahead should not reserve one later than this.
   */
  deadlineMs?: number;
}

/** A granted turn. Both hooks are optional and called at most once. */
export interface LimiterTurn {
  /** The request is about to be sent (after any token was obtained). */
  started?(): void;
  /** The attempt is over, whatever its outcome. */
  release?(): void;
}

/**
 * A rate budget. The client calls {@linkcode Limiter.acquire} before each
 * attempt (retries included), waits for it, calls the turn's `started` as it
 * sends and `release` when the attempt is over. A limiter that rejects
 * fails the call with its exception, unchanged; one that rejects with the
 * request's `signal.reason` (cancellation or deadline) fails it with that
 * reason. A limiter that finds no turn before `deadlineMs` should keep
 * waiting until `signal` aborts at the deadline: the call then fails with
 * the client's `TimeoutError` for a deadline passed in the queue, the same
 * whichever limiter is used ({@linkcode LocalLimiter} and `KvLimiter` do so).
 *
 * The interface is small enough to back with any store that has an atomic
 * compare-and-set: Deno KV (`@ls/core/kv`), or Redis, where a short Lua
 * script (or the redis-cell module's `CL.THROTTLE`) does what `KvLimiter`
 * does in one atomic step.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Client, type Limiter } from "@ls/core";
 * const log: string[] = [];
 * const limiter: Limiter = {
 *   acquire: ({ service }) => {
 *     log.push(`turn for ${service}`);
 *     return Promise.resolve({ release: () => log.push("released") });
 *   },
 * };
 * const client = new Client({ apiKey: "<API_KEY>", limiter });
 * assert.equal(client.originFor("geocode"), "https://geocode.search.hereapi.com");
 * ```
 */
export interface Limiter {
  /** Waits for a turn for a request to `request.service`. */
  acquire(request: TurnRequest): Promise<LimiterTurn | undefined>;
  /**
   * False when requests to `service` never wait, so the client can skip
   * asking (a fast path); absent means every service is limited.
   */
  limits?(service: Service): boolean;
}

/** Budgets in requests per second: overall, and per service. */
export interface RateBudget {
  /** Requests per second over all services; `Infinity` or absent: none. */
  requestsPerSecond?: number;
  /**
   * Requests per second per service, on top of the overall budget; a
   * service's `Infinity` lifts its default.
   */
  serviceRequestsPerSecond?: Partial<Record<Service, number>>;
}

/** The per-service budgets every limiter starts from: HERE's tour-planning spacing. */
export const DEFAULT_SERVICE_REQUESTS_PER_SECOND: Readonly<
  Partial<Record<Service, number>>
> = /* @__PURE__ */ Object.freeze({ tourplanning: 2 });

/** A checked budget: the overall rate and each limited service's rate. */
export interface CheckedBudget {
  /** The overall rate, if any. */
  overall?: number;
  /** The rate of each limited service. */
  services: Map<Service, number>;
}

/**
 * Checks a budget (with the default per-service budgets) and returns its
 * rates, dropping `Infinity`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { checkBudget } from "./limiter.ts";
 * const b = checkBudget({ requestsPerSecond: 20 });
 * assert.equal(b.overall, 20);
 * assert.deepEqual([...b.services], [["tourplanning", 2]]);
 * assert.throws(() => checkBudget({ requestsPerSecond: 0 }), {
 *   message: "Invalid requestsPerSecond: must be at least 1/86400 (one request a day) or Infinity, got 0",
 * });
 * ```
 *
 * @throws {ValueError} naming the budget that is below one request a day
 * (1/86400 per second) and not `Infinity`, or a service that does not exist
 */
export function checkBudget(budget: RateBudget): CheckedBudget {
  if (typeof budget !== "object" || budget === null) {
    throw new ValueError("budget", "must be an object", budget);
  }
  const overall = rate(budget.requestsPerSecond, "requestsPerSecond");
  const perService = budget.serviceRequestsPerSecond;
  if (
    perService !== undefined &&
    (typeof perService !== "object" || perService === null)
  ) {
    throw new ValueError(
      "serviceRequestsPerSecond",
      "must be an object of service names to numbers",
      perService,
    );
  }
  const services = new Map<Service, number>();
  for (
    const [service, value] of Object.entries({
      ...DEFAULT_SERVICE_REQUESTS_PER_SECOND,
      ...perService,
    })
  ) {
    // Named whole or not at all: a piece of a pasted key is no name (a
    // service's name is always named whole).
    const name = keyPath("serviceRequestsPerSecond", service);
    if (!(SERVICES as readonly string[]).includes(service)) {
      throw new ValueError(name, `must name a service: ${SERVICES.join(", ")}`);
    }
    const perSecond = rate(value, name);
    if (perSecond !== undefined) services.set(service as Service, perSecond);
  }
  return { overall, services };
}

function rate(value: unknown, name: string): number | undefined {
  if (value === undefined || value === Infinity) return undefined;
  // Infinity returned above; NaN and -Infinity fail the comparison. The
  // lowest rate is one request a day (written here, not as a module
  // constant, which bundles that never check a budget would keep).
  if (typeof value !== "number" || !(value >= 1 / 86_400)) {
    throw new ValueError(
      name,
      "must be at least 1/86400 (one request a day) or Infinity",
      value,
    );
  }
  return value;
}

/**
 * The in-process limiter a client builds from `requestsPerSecond` and
 * `serviceRequestsPerSecond`: requests start evenly spaced, and never more
 * than the budget within any second, however late a turn's request starts.
 * A turn is booked at most one second ahead and never after the call's
 * deadline; callers beyond that wait in line unbooked, so calls that time out
 * or are cancelled leave no far-future turns behind for the next ones (and
 * the latest turn booked is given back when its caller gives up).
 * Several clients in one process can share one instance through
 * `ClientOptions.limiter`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Client, LocalLimiter } from "@ls/core";
 * const shared = new LocalLimiter({ requestsPerSecond: 10 });
 * const a = new Client({ apiKey: "<KEY_A>", limiter: shared });
 * const b = new Client({ apiKey: "<KEY_B>", limiter: shared });
 * assert.ok(shared.limits("geocode")); // a and b share 10 requests per second
 * assert.equal(a.country, b.country);
 * ```
 */
export class LocalLimiter implements Limiter {
  #overall?: RateLimiter;
  #services = new Map<Service, RateLimiter>();

  /**
   * Builds the limiter from a budget (tour planning is spaced to HERE's 2
   * per second unless `serviceRequestsPerSecond` says otherwise).
   *
   * @throws {ValueError} for a budget below one request a day that is not
   * `Infinity`, or an unknown service
   */
  constructor(budget: RateBudget = {}) {
    const { overall, services } = checkBudget(budget);
    if (overall !== undefined) this.#overall = new RateLimiter(overall);
    for (const [service, perSecond] of services) {
      this.#services.set(service, new RateLimiter(perSecond));
    }
  }

  /** Whether requests to `service` wait for a turn. */
  limits(service: Service): boolean {
    return this.#overall !== undefined || this.#services.has(service);
  }

  /** Waits for the overall turn, then the service's. */
  async acquire(request: TurnRequest): Promise<LimiterTurn | undefined> {
    const overall = this.#overall;
    const service = this.#services.get(request.service);
    const { signal, deadlineMs } = request;
    const asked = performance.now();
    const a = await overall?.take(signal, deadlineMs);
    const b = await service?.take(
      signal,
      deadlineMs === undefined
        ? undefined
        : deadlineMs - (performance.now() - asked),
    );
    return {
      started() {
        if (a !== undefined) overall!.started(a);
        if (b !== undefined) service!.started(b);
      },
    };
  }
}
