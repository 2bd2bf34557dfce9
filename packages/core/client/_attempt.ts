// One attempt of a call: its concurrency slot and rate turn, its
// credentials, the fetch and the redirects it follows within the client's
// rules, the hooks, and the read of the answer, all under the attempt's
// clock (its timeout, or the deadline when that comes first).

import { type Call, lateError, type Outcome, type Seen } from "./_call.ts";
import type { ClientSettings } from "./_client_setup.ts";
import { emit } from "./_hooks.ts";
import { failureOf } from "./_outcome.ts";
import { TimeoutError } from "../errors/errors.ts";
import { isHereHost } from "../http/hosts.ts";
import { apiErrorFrom, tracing } from "../http/_error_response.ts";
import { nextHop, REDIRECTS } from "../http/_redirect.ts";
import { MAX_ERROR_BYTES, readBytes, utf8Decoder } from "../http/read.ts";
import { parseRetryAfter } from "../http/_retry.ts";
import {
  cancelExpiry,
  expireAfter,
  isNoTurn,
  type Semaphore,
} from "../http/timers.ts";
import type { LimiterTurn } from "../limits/limiter.ts";
import { redactHeaders } from "../redact/_redact.ts";

/** Whether credentials may be sent to `url`: HERE's hosts, or the baseUrl's. */
export function trusts(s: ClientSettings, url: string | URL): boolean {
  const u = typeof url === "string" ? new URL(url) : url;
  if (s.baseUrl && u.origin === s.baseOrigin) return true;
  return u.protocol === "https:" && isHereHost(u.hostname);
}

/**
 * Runs attempt `n` (0 for the first) of a call. Thrown, ending the call:
 * a wait for a slot that the deadline or the caller ended, a deadline that
 * passed before the request was sent, and what {@linkcode failureOf} says
 * ends it.
 */
export async function attempt(
  s: ClientSettings,
  call: Call,
  n: number,
): Promise<Outcome> {
  const seen: Seen = {};
  // Awaited only when there is a slot to wait for: each await of the call
  // path is a turn of the microtask queue on every request.
  const free = s.semaphore && await slot(s.semaphore, call);
  const place = clock(s, call, seen, free);
  try {
    const res = await exchange(s, call, n, place, seen);
    // Read within the attempt: its clock keeps running, its slot is held,
    // and a body that breaks off is retried.
    seen.reading = true;
    const { status } = res;
    const { signal } = place;
    if (call.target.expect.includes(status)) {
      return {
        value: await call.read(res, { signal, maxBytes: call.maxBytes }),
      };
    }
    // Any other status: its ApiError, with the start of the body; a 401
    // names the token it refused.
    const text = utf8Decoder().decode(
      await readBytes(res, { signal, maxBytes: Infinity }, MAX_ERROR_BYTES),
    );
    const failure = apiErrorFrom(status, res.headers, text, {
      method: call.target.method,
      url: call.safeUrl(),
      redactor: s.redactor,
      retryAfterMs: parseRetryAfter(res.headers.get("retry-after")),
    });
    const refused = status === 401 && seen.bearer ? seen.bearer : undefined;
    return { failure, status, refused };
  } catch (err) {
    // Ends the fetch, and with it a body the reader left unread (one that
    // threw before it read, or locked the body and gave up): nobody reads
    // it now, and it would stay open.
    place.release(true);
    return failureOf(err, call, seen, s.redactor);
  } finally {
    place.release();
  }
}

/**
 * Sends the request and follows its redirects, within the rules; the last
 * response. The rate turn is taken at the first hop, after any token and
 * right before the request is sent; `onRequest` sees the request as it goes,
 * after its turn. Only a token needs waiting for: a key is added to the URL
 * in place. The init leaves the defaults out (GET, no body), since fetch
 * converts every member it is given.
 */
async function exchange(
  s: ClientSettings,
  call: Call,
  n: number,
  place: Place,
  seen: Seen,
): Promise<Response> {
  const { target } = call;
  const headers = { ...call.headers };
  let trusted = target.trusted;
  let hopUrl = target.url;
  const init: RequestInit & { headers: Record<string, string> } = {
    headers,
    signal: place.signal,
    redirect: "manual",
  };
  if (target.method !== "GET") init.method = target.method;
  if (target.body !== undefined) init.body = target.body;
  for (let hop = 0;; hop++) {
    let url = hopUrl;
    if (trusted && s.keyParam) {
      url += `${hopUrl.includes("?") ? "&" : "?"}${s.keyParam}`;
    } else {
      seen.bearer = await authorize(s, trusted, headers, place.signal);
    }
    if (hop === 0 && call.limited) {
      // The attempt's clock stops while it waits for its turn: only the
      // deadline bounds that wait.
      await place.turn();
    }
    const { onRequest, onResponse } = s.hooks;
    onRequest && emit(onRequest, {
      method: target.method,
      url: safeUrl(s, call, hop, hopUrl),
      headers: redactHeaders(new Headers(headers), s.redactor),
      attempt: n,
    });
    const started = onResponse ? performance.now() : 0;
    if (hop === 0) place.start();
    let res = await s.fetch(url, init);
    if (res.type === "opaqueredirect") {
      // A browser hides a manual redirect: let it follow by its own rules (a
      // status poll then sees the result itself).
      await res.body?.cancel().catch(() => {});
      res = await s.fetch(url, { ...init, redirect: "follow" });
    }
    onResponse && emit(onResponse, {
      method: target.method,
      url: safeUrl(s, call, hop, hopUrl),
      status: res.status,
      attempt: n,
      durationMs: performance.now() - started,
      ...tracing(res.headers, s.redactor),
    });
    seen.res = res;
    if (
      target.redirect === "manual" || !REDIRECTS.has(res.status) ||
      target.expect.includes(res.status)
    ) return res;
    await res.body?.cancel().catch(() => {});
    hopUrl = nextHop(
      {
        res,
        from: hopUrl,
        mayLeave: trusted && target.crossHost,
        hop,
        method: target.method,
      },
      s.httpAllowed,
      s.redactor,
    );
    trusted = trusts(s, hopUrl);
    if (res.status === 303 && init.method !== undefined) {
      delete init.method;
      delete init.body;
      delete headers["content-type"];
    }
  }
}

/** The URL of a hop, as hooks see it: credentials redacted. */
function safeUrl(
  s: ClientSettings,
  call: Call,
  hop: number,
  hopUrl: string,
): string {
  return hop === 0 ? call.safeUrl() : s.redactor.scrub(hopUrl);
}

/**
 * Adds a bearer token to a request's headers when it goes where it is
 * trusted, and removes any other: the token, if one was added.
 */
async function authorize(
  s: ClientSettings,
  trusted: boolean,
  headers: Record<string, string>,
  signal: AbortSignal,
): Promise<string | undefined> {
  delete headers.authorization;
  if (!trusted || !s.auth) return undefined;
  const bearer = await s.auth.getToken(signal);
  s.redactor.add(bearer, true);
  headers.authorization = `Bearer ${bearer}`;
  return bearer;
}

/**
 * The signal of a wait that only the limiter itself can end, made on first
 * use (at module level, every bundle that imports core would keep it).
 */
let never: AbortSignal | undefined;

/**
 * An attempt's place in the queue and its clock. The place: its concurrency
 * slot, then its rate turn, in the order that keeps the budget honest (a
 * turn taken earlier would be spent waiting, and the turns saved up that
 * way start in a burst). Both are given back once, when the attempt is
 * over. The deadline covers the waits: a call whose deadline passes in the
 * queue fails without being sent. The clock: it aborts the attempt's signal
 * when the attempt's timeout or the call's deadline passes, whichever comes
 * first, and says which in `seen.expired`.
 */
interface Place {
  /** Aborts on the attempt's timeout, the deadline or the caller's abort. */
  readonly signal: AbortSignal;
  /**
   * Waits for the limiter's turn, the clock stopped meanwhile; it then runs
   * on with the attempt's time left, or the deadline's.
   */
  turn(): Promise<void>;
  /** Tells the turn its request starts; a limiter's own failure is its own. */
  start(): void;
  /**
   * Stops the clock, and gives the slot and the turn back, once; with
   * `abandon`, also aborts the attempt's signal.
   */
  release(abandon?: boolean): void;
}

/** The error of a call whose deadline passed while it queued. */
function queueError(call: Call): Error {
  return lateError(
    call,
    "waiting for a request slot; the request was not sent",
  );
}

/**
 * Waits for a concurrency slot: the function that gives it back. Thrown: a
 * wait that the deadline or the caller ended.
 */
function slot(
  semaphore: Semaphore,
  call: Call,
): Promise<() => void> {
  return call.deadline.bound(
    call.signal,
    (wait) => semaphore.acquire(wait),
    () => queueError(call),
    (late) => late(),
  );
}

/**
 * Starts the attempt's clock, holding the slot `free` gives back: the
 * place. Thrown: a deadline that passed before the request was sent.
 */
function clock(
  s: ClientSettings,
  call: Call,
  seen: Seen,
  free: (() => void) | undefined,
): Place {
  const { deadline, signal, target, timeoutMs } = call;
  const left = deadline.left();
  if (left <= 0) {
    free?.();
    throw lateError(call, "before the request was sent");
  }
  const ctl = new AbortController();
  const armedAt = performance.now();
  const arm = (ms: number, kind: "attempt" | "deadline", now?: number) =>
    expireAfter(Math.max(0, ms), () => {
      seen.expired = kind;
      ctl.abort(new TimeoutError("timeout"));
    }, now);
  const first = Math.min(timeoutMs, left);
  const kind = first === timeoutMs ? "attempt" : "deadline";
  let expiry = arm(first, kind, armedAt);
  let turn: LimiterTurn | undefined;
  let released = false;
  return {
    signal: signal ? AbortSignal.any([signal, ctl.signal]) : ctl.signal,
    async turn() {
      cancelExpiry(expiry);
      const spent = performance.now() - armedAt;
      const left = deadline.left();
      turn = await deadline.bound(
        signal,
        async (wait) =>
          await s.limiter.acquire({
            service: target.service,
            signal: wait ?? (never ??= new AbortController().signal),
            deadlineMs: left === Infinity ? undefined : left,
          }) ?? undefined,
        () => queueError(call),
        settle,
      ).catch((err) => {
        seen.turnFailed = true;
        // Our limiters' "no turn before the deadline" is the deadline passed
        // in the queue, whether they or the deadline's timer noticed first;
        // any other limiter's exception passes through unchanged.
        throw isNoTurn(err) ? queueError(call) : err;
      });
      const rest = deadline.left();
      const attemptLeft = timeoutMs - spent;
      expiry = attemptLeft <= rest
        ? arm(attemptLeft, "attempt")
        : arm(rest, "deadline");
    },
    start() {
      try {
        turn?.started?.();
      } catch {
        // A broken hook must not fail a request that was allowed to start.
      }
    },
    release(abandon) {
      cancelExpiry(expiry);
      if (abandon) ctl.abort();
      if (released) return;
      released = true;
      free?.();
      settle(turn);
    },
  };
}

/** Ends a turn (the caller makes sure it is once). */
function settle(turn: LimiterTurn | undefined): void {
  try {
    turn?.release?.();
  } catch {
    // As above: the attempt's outcome stands.
  }
}
