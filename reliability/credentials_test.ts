// Item 4: credentials. A server that echoes everything it receives (the URL
// with the key, the Authorization header, the key on its own) into error
// bodies, HTML pages, job failures and token errors; timeouts, resets and
// refused connections whose runtime errors name the URL. The API key, the
// OAuth secret and the bearer token must appear in no error message, stack,
// `url`, `toString()`, `toJSON()`, hook payload or console line (the witness
// checks every one at the end of the file), and redirects to other hosts must
// never carry them.

import assert from "node:assert/strict";
import {
  ApiError,
  ConnectionError,
  type LS,
  type LSOptions,
  PlatformCredentials,
  TimeoutError,
} from "@ls/ls";
import { encodeContent } from "@ls/core/internal";
import {
  type FaultServer,
  faultServer,
  leakCheck,
  makeLS,
  raw,
  type Received,
  reply,
  resetMidBody,
  sandbox,
  SECRETS,
  settles,
  show,
  witness,
} from "./_harness.ts";
import { opNamed, OPS } from "./_ops.ts";

const CREDENTIALS = new PlatformCredentials({
  accessKeyId: SECRETS.accessKeyId,
  accessKeySecret: SECRETS.accessKeySecret,
});

/**
 * Everything a request carried, as one text (what an echoing server could
 * reflect): the Authorization header, the key, the secret, and (unless
 * `withUrl` is false) the request line with its query, last.
 */
function echo(req: Received, withUrl = true): string {
  const key = new URLSearchParams(req.rawQuery).get("apiKey") ?? "";
  return [
    `authorization: ${req.headers.get("authorization") ?? ""}`,
    `key: ${key} / ${encodeURIComponent(key)}`,
    // The secret itself never travels; echo it where the client holds it.
    ...(req.headers.has("authorization")
      ? [
        `secret: ${SECRETS.accessKeySecret} / ${
          encodeURIComponent(SECRETS.accessKeySecret)
        }`,
      ]
      : []),
    ...(withUrl ? [`request: ${req.method} ${req.path}?${req.rawQuery}`] : []),
  ].join("; ");
}

/** The token endpoint of a fault server: issues SECRETS.token. */
function tokenRoute(server: FaultServer): void {
  server.route("POST /oauth2/token", () =>
    reply(200, {
      access_token: SECRETS.token,
      token_type: "bearer",
      expires_in: 3600,
    }));
}

/** The two ways to authenticate, on a given origin. */
function modes(url: string): [string, LS][] {
  return [
    ["apiKey", makeLS(url)],
    [
      "oauth",
      makeLS(url, {
        apiKey: undefined,
        platformCredentials: CREDENTIALS,
      } as Partial<LSOptions>),
    ],
  ];
}

/** The echoed credential must have been replaced, not silently dropped. */
function assertScrubbed(e: Error, where: string): void {
  assert.ok(e instanceof ApiError, `${where}: ${show(e)}`);
  assert.ok(
    e.bodyText?.includes("REDACTED"),
    `${where}: nothing was redacted in ${e.bodyText}`,
  );
}

Deno.test("error bodies that echo the key, the token and the secret: every operation, both credential kinds", async () => {
  await using server = await faultServer();
  tokenRoute(server);
  server.route(
    "GET /*",
    (req) =>
      reply(400, {
        title: "Malformed request",
        cause: echo(req),
        action: echo(req),
      }),
  );
  server.route(
    "POST /*",
    (req) =>
      reply(400, {
        error: "Bad Request",
        error_description: echo(req),
        correlationId: echo(req),
      }),
  );
  for (const [mode, ls] of modes(server.url)) {
    for (const op of OPS) {
      const e = await witness.rejects(op.call(ls, op.example()));
      assertScrubbed(e, `${mode} ${op.name}`);
      assert.equal((e as ApiError).status, 400);
    }
  }
});

Deno.test("retried 503s, an HTML 200 and a 401 that echo credentials: scrubbed in the error and in every onRetry payload", async () => {
  await using server = await faultServer();
  tokenRoute(server);
  server.route(
    "GET /v1/geocode",
    (req) => reply(503, { error: "Unavailable", error_description: echo(req) }),
  );
  server.route(
    "GET /v1/revgeocode",
    (req) =>
      raw(200, `<html><body>${echo(req)}</body></html>`, {
        "content-type": "text/html",
      }),
  );
  server.route(
    "GET /v8/routes",
    (req) =>
      reply(401, { error: "Unauthorized", error_description: echo(req) }),
  );
  for (const [mode, ls] of modes(server.url)) {
    assertScrubbed(
      await witness.rejects(ls.geocode({ query: "Berlin" })),
      `${mode} 503`,
    );
    assertScrubbed(
      await witness.rejects(ls.reverseGeocode({ lat: 52.5, lng: 13.4 })),
      `${mode} html`,
    );
    assertScrubbed(
      await witness.rejects(
        ls.carRoute(opNamed("carRoute").example() as never),
      ),
      `${mode} 401`,
    );
  }
});

Deno.test("timeouts, resets and refused connections (the runtime's error names the URL with the key)", async () => {
  await using server = await faultServer();
  tokenRoute(server);
  server.route("GET /v1/geocode", async (_req, _n, ctx) => {
    await ctx.sleep(5_000);
    return reply(200, { items: [] });
  });
  server.route("GET /v1/revgeocode", () => resetMidBody());
  for (const [mode, ls] of modes(server.url)) {
    const t = await witness.rejects(
      ls.geocode({ query: "Berlin" }, { timeoutMs: 30, maxRetries: 1 }),
    );
    assert.ok(t instanceof TimeoutError, `${mode}: ${show(t)}`);
    const r = await witness.rejects(
      ls.reverseGeocode({ lat: 52.5, lng: 13.4 }, { maxRetries: 1 }),
    );
    assert.ok(r instanceof ConnectionError, `${mode}: ${show(r)}`);
  }
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (listener.addr as Deno.NetAddr).port;
  listener.close();
  const refused = makeLS(`http://127.0.0.1:${port}`, { maxRetries: 1 });
  for (const op of OPS) {
    const e = await witness.rejects(op.call(refused, op.example()));
    assert.ok(e instanceof ConnectionError, `${op.name}: ${show(e)}`);
  }
});

Deno.test("token endpoint errors that echo the secret and the signature: scrubbed", async () => {
  await using server = await faultServer();
  server.route("POST /oauth2/token", (req, n) =>
    n === 0
      ? reply(401, {
        errorId: "E1",
        httpStatus: 401,
        errorCode: 401300,
        message: `Signature mismatch for ${echo(req)}`,
      })
      : n === 1
      ? raw(200, `<html>${echo(req)}</html>`, { "content-type": "text/html" })
      : reply(200, { error: "invalid_client", error_description: echo(req) }));
  const ls = makeLS(server.url, {
    apiKey: undefined,
    platformCredentials: CREDENTIALS,
    maxRetries: 0,
  } as Partial<LSOptions>);
  for (let i = 0; i < 3; i++) {
    const e = await witness.rejects(ls.geocode({ query: "Berlin" }));
    assert.ok(e instanceof ApiError, show(e));
  }
  assert.equal(server.count("POST /oauth2/token"), 3);
});

Deno.test({
  name:
    "a token response with an unexpected token_type: the token is not in the error",
  // Was a bug (minor, fixed): packages/core/auth/auth.ts #parseToken: the "token type is ...,
  // expected bearer" check runs before this.#redactor.add(token), and the
  // ApiError built by fail() is not scrubbed; a token endpoint answering
  // {"access_token":"T","token_type":"mac T"} yields the message
  // 'HERE answered 200 (Invalid token response): The token type is "mac T",
  // expected bearer [...]' with the token T in it. Expected: the token
  // redacted (add it to the redactor first, or scrub the detail).
  fn: async () => {
    await using server = await faultServer();
    server.route("POST /oauth2/token", () =>
      reply(200, {
        access_token: SECRETS.token,
        token_type: `mac ${SECRETS.token}`,
      }));
    const ls = makeLS(server.url, {
      apiKey: undefined,
      platformCredentials: CREDENTIALS,
      maxRetries: 0,
    } as Partial<LSOptions>);
    let error: unknown;
    try {
      await ls.geocode({ query: "Berlin" });
    } catch (e) {
      error = e;
    }
    assert.ok(error instanceof ApiError, show(error));
    assert.ok(!error.message.includes(SECRETS.token), error.message);
  },
});

Deno.test("a failed async job whose error body echoes the credentials (matrix, tour): scrubbed", async () => {
  await using server = await faultServer();
  tokenRoute(server);
  server.route("POST /v8/matrix", (_r, _n, ctx) =>
    reply(202, {
      matrixId: "m1",
      status: "accepted",
      statusUrl: `${ctx.origin}/v8/matrix/m1/status`,
    }));
  server.route("GET /v8/matrix/m1/status", (req) =>
    reply(200, {
      matrixId: "m1",
      status: "failed",
      error: { title: "Job failed", cause: echo(req, false) },
    }));
  server.route(
    "POST /v3/problems/async",
    () => reply(202, { href: "/v3/status/t1" }),
  );
  server.route("GET /v3/status/t1", (req) =>
    reply(200, {
      status: "failure",
      error: { title: "Solver failed", cause: echo(req, false) },
    }));
  const m = opNamed("matrix");
  const t = opNamed("solveTourPlanning");
  for (const [mode, ls] of modes(server.url)) {
    const me = await witness.rejects(
      settles(m.call(ls, { ...m.example(), async: true }, {
        poll: { initialDelayMs: 1 },
        onProgress: witness.onProgress,
      })),
    );
    assertScrubbed(me, `${mode} matrix`);
    const te = await witness.rejects(settles(t.call(ls, {
      ...t.example(),
      async: true,
    }, { poll: { initialDelayMs: 1 }, onProgress: witness.onProgress })));
    assertScrubbed(te, `${mode} tour`);
  }
});

Deno.test({
  name:
    "a failed job whose error names its status URL with the key: the key is redacted",
  // Was a bug (fixed): the failed-job error scrubs
  // JSON.stringify(error) with client.redact() and parses it back; the apiKey
  // rule ([?&]apikey=[^&#]*) runs to the next & or #, so for a URL at the end
  // of a string it also eats the closing quote and braces, JSON.parse fails,
  // and the catch keeps the ORIGINAL, unredacted error. A job status body
  // {"status":"failed","error":{"title":"Matrix failed","cause":"Job
  // https://.../status?apiKey=KEY timed out"}} then yields an ApiError whose
  // message, detail and body carry KEY. Expected: KEY redacted (scrub the
  // strings inside the parsed value instead of the JSON text).
  fn: async () => {
    await using server = await faultServer();
    server.route("POST /v8/matrix", (_r, _n, ctx) =>
      reply(202, {
        matrixId: "m1",
        status: "accepted",
        statusUrl: `${ctx.origin}/v8/matrix/m1/status`,
      }));
    server.route("GET /v8/matrix/m1/status", (req, _n, ctx) =>
      reply(200, {
        matrixId: "m1",
        status: "failed",
        error: {
          title: "Matrix failed",
          cause: `Job ${ctx.origin}${req.path}?${req.rawQuery}`,
        },
      }));
    const m = opNamed("matrix");
    const ls = makeLS(server.url);
    let error: unknown;
    try {
      await m.call(ls, { ...m.example(), async: true }, {
        poll: { initialDelayMs: 1 },
      });
    } catch (e) {
      error = e;
    }
    assert.ok(error instanceof ApiError, show(error));
    const texts = [error.message, JSON.stringify(error), error.detail ?? ""];
    for (const text of texts) {
      for (const needle of witness.needles()) {
        assert.ok(!text.includes(needle), text);
      }
    }
  },
});

Deno.test({
  name:
    "the key as sent on the wire (strict percent-encoding) is redacted when a server echoes it alone",
  // The client sends encodeContent(apiKey) (* ' ( ) ! as %2A ...): the
  // redactor must know that form as well as encodeURIComponent's.
  fn: async () => {
    await using server = await faultServer();
    server.route("GET /v1/geocode", (req) =>
      reply(400, {
        title: "Bad key",
        cause: `key ${
          new URLSearchParams(req.rawQuery).get("apiKey")
            ? encodeContent(SECRETS.apiKey)
            : ""
        } is not valid`,
      }));
    const ls = makeLS(server.url);
    let error: unknown;
    try {
      await ls.geocode({ query: "Berlin" });
    } catch (e) {
      error = e;
    }
    assert.ok(error instanceof ApiError, show(error));
    assert.ok(
      !error.message.includes(encodeContent(SECRETS.apiKey)),
      error.message,
    );
  },
});

Deno.test("sandbox flows with OAuth: every operation, then 401s, 503s and resets; no sandbox token in any output", async () => {
  await using box = await sandbox({
    preload: true,
    faults: [...new Set(OPS.map((op) => op.path))].flatMap((path) => [
      { path, status: 503, count: 1 },
      // No reset for autosuggest (a raw Response: the reset would reach the
      // caller).
      ...(path === "/v1/autosuggest"
        ? []
        : [{ path, drop: true, after: 1, count: 1 }]),
    ]),
  });
  const ls = makeLS(box.url, {
    apiKey: undefined,
    platformCredentials: CREDENTIALS,
  } as Partial<LSOptions>);
  for (const op of OPS) {
    witness.record(
      await settles(
        op.call(ls, op.example(), { onProgress: witness.onProgress }),
        15_000,
        op.name,
      ),
    );
  }
  // A wrong secret: the token endpoint's 401.
  const wrong = makeLS(box.url, {
    apiKey: undefined,
    platformCredentials: new PlatformCredentials({
      accessKeyId: SECRETS.accessKeyId,
      accessKeySecret: `${SECRETS.accessKeySecret}-wrong`,
    }),
  } as Partial<LSOptions>);
  const e = await witness.rejects(wrong.geocode({ query: "Berlin" }));
  assert.ok(e instanceof ApiError);
  assert.equal(e.status, 401);
});

// ----------------------------------------------------------------- redirects

/** Fails when a request the other host received carries any credential. */
function assertNoCredentials(other: FaultServer): void {
  assert.ok(other.received.length > 0, "the other host was never reached");
  for (const req of other.received) {
    const text = [
      req.rawQuery,
      req.bodyText,
      ...[...req.headers].map(([k, v]) => `${k}: ${v}`),
    ].join("\n");
    assert.equal(
      req.headers.get("authorization"),
      null,
      `${req.method} ${req.path}`,
    );
    assert.ok(
      !/apikey=/i.test(req.rawQuery),
      `${req.method} ${req.path}?${req.rawQuery}`,
    );
    for (const needle of witness.needles()) {
      assert.ok(
        !text.includes(needle),
        `${req.method} ${req.path} carried ${needle}`,
      );
    }
  }
}

Deno.test("redirects of a service's own request to another host (302 on GET, 307 on POST) are not followed: an ApiError, nothing sent there", async () => {
  await using other = await faultServer();
  other.route("GET /*", () => reply(200, { items: [] }));
  other.route(
    "POST /*",
    () => reply(200, { type: "FeatureCollection", features: [] }),
  );
  await using server = await faultServer();
  tokenRoute(server);
  server.route(
    "GET /v1/geocode",
    () => raw(302, null, { location: `${other.url}/landing?from=geocode` }),
  );
  server.route(
    "POST /v3/alerts",
    () => raw(307, null, { location: `${other.url}/v3/alerts` }),
  );
  const alerts = opNamed("getWeatherAlerts");
  for (const [mode, ls] of modes(server.url)) {
    for (
      const call of [
        () => ls.geocode({ query: "Berlin" }),
        () => alerts.call(ls, alerts.example()),
      ]
    ) {
      const e = await witness.rejects(call());
      assert.ok(e instanceof ApiError, `${mode}: ${e}`);
      assert.match(e.message, /Redirect not followed/);
      assert.ok(!e.message.includes(other.url), e.message);
    }
  }
  assert.equal(other.received.length, 0);
  // The control: the origin itself did get them.
  const own = server.received.filter((r) => r.path !== "/oauth2/token");
  assert.ok(own.some((r) => /apiKey=/.test(r.rawQuery)));
  assert.ok(
    own.some((r) =>
      r.headers.get("authorization") === `Bearer ${SECRETS.token}`
    ),
  );
});

/** A scripted async matrix whose status and result live on `host` (null: the origin itself). */
function matrixJob(
  server: FaultServer,
  statusHost: FaultServer | null,
  resultHost: FaultServer,
): void {
  server.route("POST /v8/matrix", (_r, _n, ctx) =>
    reply(202, {
      matrixId: "m1",
      status: "accepted",
      statusUrl: `${statusHost?.url ?? ctx.origin}/v8/matrix/m1/status`,
    }));
  const status = (host: FaultServer) =>
    host.route(
      "GET /v8/matrix/m1/status",
      () =>
        reply(303, { matrixId: "m1", status: "completed" }, {
          location: `${resultHost.url}/results/m1.json`,
        }),
    );
  status(statusHost ?? server);
  resultHost.route("GET /results/m1.json", () =>
    reply(200, {
      matrixId: "m1",
      matrix: {
        numOrigins: 2,
        numDestinations: 2,
        travelTimes: [0, 60, 60, 0],
      },
      regionDefinition: { type: "world" },
    }));
}

Deno.test("async matrix: a result on pre-signed storage, and a status URL on another host, get no credentials", async () => {
  const m = opNamed("matrix");
  for (const statusElsewhere of [false, true]) {
    await using storage = await faultServer();
    await using server = await faultServer();
    tokenRoute(server);
    matrixJob(server, statusElsewhere ? storage : null, storage);
    for (const [mode, ls] of modes(server.url)) {
      const res = await settles(
        m.call(ls, { ...m.example(), async: true }, {
          poll: { initialDelayMs: 1 },
        }),
      ) as { matrix: { travelTimes: ArrayLike<number> } };
      assert.deepEqual(
        Array.from(res.matrix.travelTimes),
        [0, 60, 60, 0],
        mode,
      );
    }
    assertNoCredentials(storage);
    if (!statusElsewhere) {
      // The control: status polls on HERE's own host carry the credential.
      const polls = server.received.filter((r) =>
        r.path === "/v8/matrix/m1/status"
      );
      assert.equal(polls.length, 2);
      assert.ok(
        polls.every((r) =>
          /apiKey=/.test(r.rawQuery) || r.headers.has("authorization")
        ),
      );
    }
  }
});

Deno.test("async tour planning: a status href and a solution on another host get no credentials", async () => {
  await using elsewhere = await faultServer();
  await using server = await faultServer();
  tokenRoute(server);
  server.route(
    "POST /v3/problems/async",
    () =>
      reply(202, { status: "pending", href: `${elsewhere.url}/v3/status/t1` }),
  );
  elsewhere.route(
    "GET /v3/status/t1",
    () =>
      reply(200, {
        status: "success",
        resource: { href: `${elsewhere.url}/v3/problems/t1/solution` },
      }),
  );
  elsewhere.route(
    "GET /v3/problems/t1/solution",
    () => reply(200, { statistic: { cost: 1 }, tours: [], unassigned: [] }),
  );
  const t = opNamed("solveTourPlanning");
  for (const [mode, ls] of modes(server.url)) {
    const res = await settles(
      t.call(ls, {
        ...t.example(),
        async: true,
      }, { poll: { initialDelayMs: 1 } }),
    ) as {
      tours: unknown[];
    };
    assert.deepEqual(res.tours, [], mode);
  }
  assertNoCredentials(elsewhere);
});

Deno.test("hook payloads show the request with the key and the Authorization header redacted", async () => {
  await using server = await faultServer();
  tokenRoute(server);
  server.route("GET /v1/geocode", () => reply(200, { items: [] }));
  const urls: string[] = [];
  const auths: (string | undefined)[] = [];
  const apiKeyLs = makeLS(server.url, {
    onRequest: (e) => {
      witness.hooks.onRequest(e);
      urls.push(e.url);
      auths.push(e.headers.authorization);
    },
  });
  const oauthLs = makeLS(server.url, {
    apiKey: undefined,
    platformCredentials: CREDENTIALS,
    onRequest: (e) => {
      witness.hooks.onRequest(e);
      urls.push(e.url);
      auths.push(e.headers.authorization);
    },
  } as Partial<LSOptions>);
  await apiKeyLs.geocode({ query: "Berlin" });
  await oauthLs.geocode({ query: "Berlin" });
  assert.equal(urls.length, 2);
  assert.ok(
    urls.every((u) => u.endsWith("/v1/geocode?q=Berlin&limit=20&lang=en-US")),
    String(urls),
  );
  assert.deepEqual(auths, [undefined, "REDACTED"]);
});

leakCheck(400);
