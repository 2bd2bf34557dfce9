// Item 5: OAuth tokens against the sandbox's token endpoint. Expiry during a
// burst of 100 concurrent calls triggers exactly one refresh (expired on the
// client's clock, or only on the server's); a 401 triggers one renewal and
// then an error; clock skew is corrected through /timestamp, and when it
// cannot be, the call ends with an error that says so.

import assert from "node:assert/strict";
import {
  ApiError,
  Auth,
  type LS,
  type LSOptions,
  PlatformCredentials,
} from "@ls/ls";
import type { Sandbox } from "@ls/sandbox";
import {
  hits,
  leakCheck,
  makeLS,
  sandbox,
  SECRETS,
  settles,
  witness,
} from "./_harness.ts";

const CREDENTIALS = new PlatformCredentials({
  accessKeyId: SECRETS.accessKeyId,
  accessKeySecret: SECRETS.accessKeySecret,
});

/** A client sharing an Auth whose clock is `clock()`. */
function oauthLS(
  box: Sandbox,
  clock: () => number,
  extra: Partial<LSOptions> = {},
): {
  ls: LS;
  auth: Auth;
} {
  const auth = new Auth({
    credentials: CREDENTIALS,
    tokenUrl: `${box.url}/oauth2/token`,
    now: clock,
  });
  const ls = makeLS(
    box.url,
    { apiKey: undefined, auth, ...extra } as Partial<LSOptions>,
  );
  return { ls, auth };
}

const tokens = (box: Sandbox) => hits(box, "/oauth2/token");

function burst(ls: LS, n: number): Promise<unknown[]> {
  return settles(
    Promise.all(
      Array.from(
        { length: n },
        (_, i) =>
          i % 2 === 0
            ? ls.geocode({ query: "Berlin" })
            : ls.reverseGeocode({ lat: 52.5 + i / 1000, lng: 13.4 }),
      ),
    ),
    30_000,
    "the burst",
  );
}

Deno.test("a cold start with 100 concurrent calls: exactly one token request", async () => {
  await using box = await sandbox({ preload: true });
  const { ls } = oauthLS(box, Date.now);
  const results = await burst(ls, 100);
  assert.equal(results.length, 100);
  assert.equal(tokens(box), 1);
  assert.equal(hits(box, "/v1/geocode") + hits(box, "/v1/revgeocode"), 100);
});

Deno.test("the token expires (on both clocks) before a burst of 100 concurrent calls: exactly one refresh", async () => {
  let now = Date.now();
  await using box = await sandbox({
    preload: true,
    now: () => new Date(now),
    tokenTtlSeconds: 600,
  });
  const { ls } = oauthLS(box, () => now);
  await ls.geocode({ query: "Berlin" });
  assert.equal(tokens(box), 1);
  now += 601_000;
  await burst(ls, 100);
  assert.equal(tokens(box), 2);
  // Still fresh: no further request.
  await burst(ls, 10);
  assert.equal(tokens(box), 2);
});

Deno.test("the token expires on the server only, mid-burst: 100 401s, exactly one renewal, every call succeeds", async () => {
  const start = Date.now();
  let serverNow = start;
  await using box = await sandbox({
    preload: true,
    now: () => new Date(serverNow),
    tokenTtlSeconds: 500,
  });
  // The client's clock stands still, so its cached token still looks valid.
  const { ls } = oauthLS(box, () => start);
  await ls.geocode({ query: "Berlin" });
  serverNow = start + 550_000; // past the token's 500 s, within the 600 s skew window
  const before = hits(box, "/v1/geocode") + hits(box, "/v1/revgeocode");
  const results = await burst(ls, 100);
  assert.equal(results.length, 100);
  assert.equal(tokens(box), 2);
  const calls = hits(box, "/v1/geocode") + hits(box, "/v1/revgeocode") - before;
  const rejected =
    box.requests.filter((r) => r.path.startsWith("/v1/") && r.status === 401)
      .length;
  assert.equal(calls, 100 + rejected);
  assert.ok(rejected >= 1 && rejected <= 100, `${rejected} 401s`);
});

Deno.test("a 401 from the service: one renewal, one more attempt, then the ApiError (a key client gets no renewal)", async () => {
  await using box = await sandbox({
    faults: [{
      path: "/v1/geocode",
      status: 401,
      body: {
        error: "Unauthorized",
        error_description: "Token Validation Failure - invalid token.",
      },
    }],
  });
  const { ls } = oauthLS(box, Date.now, { maxRetries: 3 });
  const e = await witness.rejects(ls.geocode({ query: "Berlin" }));
  assert.ok(e instanceof ApiError);
  assert.equal(e.status, 401);
  assert.match(e.message, /Token Validation Failure/);
  assert.equal(hits(box, "/v1/geocode"), 2);
  assert.equal(tokens(box), 2);

  const keyed = makeLS(box.url, { maxRetries: 3 });
  const k = await witness.rejects(keyed.geocode({ query: "Berlin" }));
  assert.equal((k as ApiError).status, 401);
  assert.equal(hits(box, "/v1/geocode"), 3);
  assert.equal(tokens(box), 2);
});

Deno.test("a 401 once, then success: the renewal is not counted as a retry", async () => {
  await using box = await sandbox({
    faults: [{ path: "/v8/routes", status: 401, count: 1 }],
  });
  const { ls } = oauthLS(box, Date.now, { maxRetries: 0 });
  await ls.carRoute({ origin: [52.53, 13.38], destination: [52.39, 13.06] });
  assert.equal(hits(box, "/v8/routes"), 2);
  assert.equal(tokens(box), 2);
});

Deno.test("clock skew: the token endpoint's 401204 leads to one /timestamp read, the offset is kept, the call succeeds", async () => {
  const skew = 2 * 3600_000;
  await using box = await sandbox({ now: () => new Date(Date.now() + skew) });
  const { ls, auth } = oauthLS(box, Date.now);
  await ls.geocode({ query: "Berlin" });
  assert.equal(tokens(box), 2);
  assert.equal(hits(box, "/timestamp"), 1);
  assert.ok(
    Math.abs(auth.clockOffsetMs - skew) < 5_000,
    `offset ${auth.clockOffsetMs}`,
  );
  const statuses = box.requests.filter((r) => r.path === "/oauth2/token").map((
    r,
  ) => r.status);
  assert.deepEqual(statuses, [401, 200]);
  // The next renewal uses the offset straight away.
  auth.invalidate(await auth.getToken());
  await ls.geocode({ query: "Paris" });
  assert.equal(tokens(box), 3);
  assert.equal(hits(box, "/timestamp"), 1);
});

Deno.test("clock skew that cannot be corrected (/timestamp answers garbage): an ApiError saying so, not retried", async () => {
  await using box = await sandbox({
    now: () => new Date(Date.now() + 3600_000),
    faults: [{ path: "/timestamp", status: 200, body: { timestamp: "soon" } }],
  });
  const { ls } = oauthLS(box, Date.now);
  const e = await witness.rejects(settles(ls.geocode({ query: "Berlin" })));
  assert.ok(e instanceof ApiError, String(e));
  assert.match(e.message, /Invalid server time response/);
  assert.equal(hits(box, "/timestamp"), 1);
  assert.equal(hits(box, "/v1/geocode"), 0);
});

Deno.test("clock skew with /timestamp down (503): retried within the budget, then the 503", async () => {
  await using box = await sandbox({
    now: () => new Date(Date.now() + 3600_000),
    faults: [{ path: "/timestamp", status: 503 }],
  });
  const { ls } = oauthLS(box, Date.now, { maxRetries: 2 });
  const e = await witness.rejects(settles(ls.geocode({ query: "Berlin" })));
  assert.ok(e instanceof ApiError, String(e));
  assert.equal(e.status, 503);
  assert.equal(hits(box, "/timestamp"), 3);
  assert.equal(tokens(box), 3);
  assert.equal(hits(box, "/v1/geocode"), 0);
});

Deno.test("the token endpoint rate-limits (429, Retry-After 0) twice: the call recovers", async () => {
  await using box = await sandbox({
    faults: [{ path: "/oauth2/token", status: 429, retryAfter: "0", count: 2 }],
  });
  const { ls } = oauthLS(box, Date.now);
  await settles(ls.geocode({ query: "Berlin" }));
  assert.equal(tokens(box), 3);
  assert.equal(hits(box, "/v1/geocode"), 1);
});

Deno.test("a slow token endpoint: the per-attempt timeout covers it and the next attempt succeeds", async () => {
  await using box = await sandbox({
    faults: [{ path: "/oauth2/token", latencyMs: 10_000, count: 1 }],
  });
  const { ls } = makeOAuthClient(box, 100);
  await settles(ls.geocode({ query: "Berlin" }));
  assert.equal(tokens(box), 2);
});

function makeOAuthClient(box: Sandbox, timeoutMs: number): { ls: LS } {
  // The Client builds its own Auth with its timeout when given platformCredentials.
  return {
    ls: makeLS(box.url, {
      apiKey: undefined,
      platformCredentials: CREDENTIALS,
      timeoutMs,
    } as Partial<LSOptions>),
  };
}

Deno.test("one caller aborts while the token is being fetched: it rejects with its reason, the others get the shared token", async () => {
  await using box = await sandbox({
    faults: [{ path: "/oauth2/token", latencyMs: 200, count: 1 }],
  });
  const { ls } = oauthLS(box, Date.now);
  const ctl = new AbortController();
  const reason = new Error("leaving");
  const a = ls.geocode({ query: "Berlin" }, { signal: ctl.signal });
  const b = ls.geocode({ query: "Paris" });
  const c = ls.geocode({ query: "Rome" });
  setTimeout(() => ctl.abort(reason), 50);
  assert.equal(await witness.rejects(settles(a)), reason);
  await settles(Promise.all([b, c]));
  assert.equal(tokens(box), 1);
  assert.equal(hits(box, "/v1/geocode"), 2);
});

leakCheck(5);
