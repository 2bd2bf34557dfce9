// What an attack on the guarded read path found, each kept as a test: a
// body of one-byte chunks holding memory far past its cap, a long or
// self-similar bearer token breaking or stalling redaction, server values
// quoted unscrubbed (tracing headers, matrix sizes, route notices), a null
// notice as a TypeError, status polls ignoring the deadline while queued and
// the client's timeout, a token endpoint's redirect followed, option errors
// quoting a key given in the wrong option.

import assert from "node:assert/strict";
import {
  ApiError,
  LS,
  LSError,
  type LSOptions,
  type MatrixOptions,
  PlatformCredentials,
  TimeoutError,
  ValueError,
} from "@ls/ls";
import {
  errorTexts,
  type FaultServer,
  faultServer,
  leakCheck,
  makeLS,
  raw,
  reply,
  SECRETS,
  settles,
  witness,
} from "./_harness.ts";

const ORIGINS = [{ lat: 52.5, lng: 13.4 }, { lat: 52.6, lng: 13.5 }];

/** An async 2 × 2 matrix of travel times. */
function asyncMatrix(ls: LS, options: MatrixOptions): Promise<unknown> {
  return ls.matrix({
    origins: ORIGINS,
    regionDefinition: { type: "world" },
    matrixAttributes: ["travelTimes"],
    async: true,
  }, options);
}

/** A sync 2 × 2 matrix of travel times. */
function syncMatrix(ls: LS): Promise<unknown> {
  return ls.matrix({
    origins: ORIGINS,
    regionDefinition: { type: "world" },
    matrixAttributes: ["travelTimes"],
  });
}

/** Accepts every matrix job, with its status at `/v8/matrix/j/status`. */
function submitRoute(server: FaultServer): void {
  server.route(
    "POST /v8/matrix",
    (_r, _n, ctx) =>
      reply(202, { statusUrl: `${ctx.origin}/v8/matrix/j/status` }),
  );
}

/** A raw HTTP/1.1 server that answers each request with `n` one-byte chunks. */
function oneByteChunks(
  status: number,
  n: number,
): { url: string; close(): Promise<void> } {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const enc = new TextEncoder();
  const conns = new Set<Deno.Conn>();
  const write = async (c: Deno.Conn, bytes: Uint8Array) => {
    for (let at = 0; at < bytes.length;) {
      at += await c.write(bytes.subarray(at));
    }
  };
  const serving = (async () => {
    for await (const conn of listener) {
      conns.add(conn);
      (async () => {
        try {
          await conn.read(new Uint8Array(65536));
          await write(
            conn,
            enc.encode(
              `HTTP/1.1 ${status} X\r\ncontent-type: application/json\r\ntransfer-encoding: chunked\r\n\r\n1\r\n[\r\n`,
            ),
          );
          const block = enc.encode("1\r\n \r\n".repeat(500));
          for (let sent = 0; sent < n; sent += 500) await write(conn, block);
          await write(conn, enc.encode("1\r\n]\r\n0\r\n\r\n"));
        } catch {
          // The client went away.
        }
      })();
    }
  })();
  return {
    url: `http://127.0.0.1:${(listener.addr as Deno.NetAddr).port}`,
    async close() {
      listener.close();
      for (const c of conns) {
        try {
          c.close();
        } catch {
          // already closed
        }
      }
      await serving.catch(() => {});
    },
  };
}

Deno.test("a body of one-byte chunks holds no more memory than its bytes (200 and 400)", async () => {
  for (const status of [200, 400]) {
    const server = oneByteChunks(status, 8_000);
    try {
      const ls = makeLS(server.url, { maxRetries: 0 });
      const before = Deno.memoryUsage().rss;
      const outcome = await settles(
        ls.geocode({ query: "x" }).then(() => undefined, (e) => e),
        20_000,
      );
      const grown = Deno.memoryUsage().rss - before;
      if (outcome !== undefined) witness.record(outcome);
      assert.ok(outcome === undefined || outcome instanceof LSError);
      // Each chunk kept as the runtime's view held 64 KiB: 8,000 of them
      // took half a gigabyte. Copied out, a few tens of megabytes.
      assert.ok(grown < 250 * 2 ** 20, `RSS grew ${grown >> 20} MiB`);
    } finally {
      await server.close();
    }
  }
});

/** A server whose token endpoint hands out `token` (a secret to look for). */
async function tokenServer(token: string): Promise<FaultServer> {
  witness.tokens.add(token);
  const server = await faultServer();
  server.route(
    "POST /oauth2/token",
    () =>
      reply(200, {
        access_token: token,
        token_type: "bearer",
        expires_in: 3600,
      }),
  );
  return server;
}

function oauth(url: string, extra: Partial<LSOptions> = {}): LS {
  return makeLS(url, {
    apiKey: undefined,
    platformCredentials: new PlatformCredentials({
      accessKeyId: "rt-access-key-id",
      accessKeySecret: SECRETS.accessKeySecret,
    }),
    maxRetries: 0,
    ...extra,
  } as Partial<LSOptions>);
}

Deno.test("a 12,000-character bearer token echoed back: an ApiError without it, never a SyntaxError", async () => {
  const chars =
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
  const token = Array.from(
    { length: 12_000 },
    (_, i) => chars[(i * 7919 + 13) % chars.length],
  ).join("");
  await using server = await tokenServer(token);
  server.route("GET /v1/geocode", (r) =>
    reply(400, {
      title: "Bad request",
      cause: `token ${r.headers.get("authorization")} ${
        encodeURIComponent(token)
      }`,
    }));
  const e = await witness.rejects(
    settles(oauth(server.url).geocode({ query: "x" })),
  );
  assert.ok(e instanceof ApiError, String(e));
  assert.ok(!e.message.includes(token.slice(0, 40)), e.message.slice(0, 200));
});

Deno.test("a self-similar token and a 64 KiB error body of the same letter: redaction stays linear, the call settles", async () => {
  const token = "a".repeat(4000) + "c";
  await using server = await tokenServer(token);
  server.route("GET /v1/geocode", () => raw(400, "a".repeat(65_536)));
  // Scrubbing was quadratic: this took 40 s and blocked the event loop (so
  // that no timer could end it).
  const started = performance.now();
  const e = await witness.rejects(
    oauth(server.url).geocode({ query: "x" }, { deadlineMs: 2000 }),
  );
  const elapsed = performance.now() - started;
  assert.ok(e instanceof ApiError, String(e));
  assert.ok(elapsed < 10_000, `settled after ${Math.round(elapsed)} ms`);
});

Deno.test("tracing headers that echo the key are scrubbed in errors and hooks", async () => {
  await using server = await faultServer();
  server.route("GET /v1/geocode", () =>
    reply(400, { title: "Bad" }, {
      "x-correlation-id": `corr-${SECRETS.apiKey}`,
      "x-request-id": `req-${encodeURIComponent(SECRETS.apiKey)}`,
    }));
  const e = await witness.rejects(
    makeLS(server.url, { maxRetries: 0 }).geocode({ query: "x" }),
  );
  assert.ok(e instanceof ApiError);
  assert.equal((e as ApiError).correlationId, "corr-REDACTED");
  assert.equal((e as ApiError).requestId, "req-REDACTED");
});

Deno.test("server values quoted in errors of 200 answers are scrubbed: matrix sizes, route notices", async () => {
  await using server = await faultServer();
  server.route("POST /v8/matrix", (r) =>
    reply(200, {
      matrix: {
        numOrigins: `your key ${new URLSearchParams(r.rawQuery).get("apiKey")}`,
        numDestinations: 2,
        travelTimes: [0, 1, 2, 3],
      },
    }));
  server.route("GET /v8/routes", (r) =>
    reply(200, {
      routes: [{
        id: "r",
        sections: [{
          id: "s",
          type: "vehicle",
          transport: { mode: "car" },
          notices: [{
            title: "x",
            code: `code-${new URLSearchParams(r.rawQuery).get("apiKey")}`,
            severity: "critical",
          }],
        }],
      }],
    }));
  const ls = makeLS(server.url, { maxRetries: 0 });
  const m = await witness.rejects(
    syncMatrix(ls),
  );
  assert.ok(m instanceof ApiError, String(m));
  const r = await witness.rejects(
    ls.carRoute({ origin: [52.5, 13.4], destination: [52.6, 13.5] }),
  );
  assert.ok(r instanceof ApiError, String(r));
  for (const text of [...errorTexts(m), ...errorTexts(r)]) {
    assert.ok(!text.includes(SECRETS.apiKey), text.slice(0, 300));
  }
});

Deno.test("a route whose notices hold null resolves: no TypeError", async () => {
  await using server = await faultServer();
  server.route("GET /v8/routes", () =>
    reply(200, {
      routes: [{
        id: "r",
        sections: [{
          id: "s",
          type: "vehicle",
          transport: { mode: "car" },
          notices: [null],
        }],
      }],
    }));
  const res = await makeLS(server.url).carRoute({
    origin: [52.5, 13.4],
    destination: [52.6, 13.5],
  });
  assert.equal(res.routes.length, 1);
});

Deno.test("status polls wait for a slot within the deadline, and never send after it", async () => {
  await using server = await faultServer();
  let release!: () => void;
  const held = new Promise<void>((r) => release = r);
  server.route("GET /v1/geocode", async () => {
    await held;
    return reply(200, { items: [] });
  });
  const ls = makeLS(server.url, { maxConcurrency: 1 });
  let blocker: Promise<unknown> | undefined;
  server.route("POST /v8/matrix", (_r, _n, ctx) => {
    // Once the job is submitted, another call takes the only slot and
    // holds it: every status poll has to wait for it.
    blocker = ls.geocode({ query: "x" });
    return reply(202, { statusUrl: `${ctx.origin}/v8/matrix/j/status` });
  });
  server.route(
    "GET /v8/matrix/j/status",
    () => reply(200, { status: "inProgress" }),
  );
  const started = performance.now();
  const e = await witness.rejects(
    settles(
      asyncMatrix(ls, {
        deadlineMs: 800,
        poll: { initialDelayMs: 10, minDelayMs: 10 },
      }),
      15_000,
    ),
  );
  const elapsed = performance.now() - started;
  release();
  await blocker;
  assert.ok(e instanceof TimeoutError, String(e));
  assert.ok(elapsed < 3_000, `settled after ${Math.round(elapsed)} ms`);
  assert.equal(server.count("GET /v8/matrix/j/status"), 0);
});

Deno.test("a stalled status poll ends at the client's timeoutMs and polling goes on", async () => {
  await using server = await faultServer();
  submitRoute(server);
  server.route("GET /v8/matrix/j/status", async (_r, _n, ctx) => {
    await ctx.sleep(20_000);
    return reply(200, { status: "inProgress" });
  });
  const ls = makeLS(server.url, { timeoutMs: 200 });
  const e = await witness.rejects(
    settles(
      asyncMatrix(ls, {
        deadlineMs: 1_500,
        poll: { initialDelayMs: 10, minDelayMs: 10 },
      }),
      8_000,
    ),
  );
  assert.ok(e instanceof TimeoutError, String(e));
  // 1.5 s of 200 ms stalls: several polls, not one that hangs to the end.
  assert.ok(
    server.count("GET /v8/matrix/j/status") >= 3,
    `${server.count("GET /v8/matrix/j/status")} polls`,
  );
});

Deno.test("a token endpoint's redirect is not followed: an ApiError, the other host gets nothing", async () => {
  await using other = await faultServer();
  other.route(
    "POST /oauth2/token",
    () => reply(200, { access_token: "rt-other-token", token_type: "bearer" }),
  );
  await using server = await faultServer();
  server.route(
    "POST /oauth2/token",
    () => raw(307, null, { location: `${other.url}/oauth2/token` }),
  );
  const e = await witness.rejects(oauth(server.url).geocode({ query: "x" }));
  assert.ok(e instanceof ApiError, String(e));
  assert.equal(e.status, 307);
  assert.equal(other.received.length, 0);
});

Deno.test("an option error never quotes a credential given in the wrong option", () => {
  for (
    const options of [
      { maxRetries: SECRETS.apiKey },
      { country: SECRETS.apiKey },
      { onRequest: SECRETS.apiKey },
      { baseUrl: `ftp://admin:${SECRETS.apiKey}@example.com/` },
      { baseUrl: `https//admin:${SECRETS.apiKey}@example.com/` },
    ]
  ) {
    assert.throws(
      () => new LS({ apiKey: SECRETS.apiKey, ...options } as LSOptions),
      (err: unknown) => {
        witness.record(err);
        return err instanceof ValueError &&
          errorTexts(err).every((t) =>
            !t.includes(SECRETS.apiKey) &&
            !t.includes(encodeURIComponent(SECRETS.apiKey))
          );
      },
    );
  }
});

// A second attack, knowing only the README, found these.

Deno.test("a job status that echoes the key reaches onProgress and the timeout message scrubbed", async () => {
  await using server = await faultServer();
  server.route("POST /v8/matrix", (r, _n, ctx) =>
    reply(202, {
      status: `accepted ${new URLSearchParams(r.rawQuery).get("apiKey")}`,
      statusUrl: `${ctx.origin}/v8/matrix/j/status`,
    }));
  server.route("GET /v8/matrix/j/status", (r) =>
    reply(200, {
      status: `busy ${
        encodeURIComponent(
          new URLSearchParams(r.rawQuery).get("apiKey") ?? "",
        )
      }`,
    }));
  const seen: string[] = [];
  const e = await witness.rejects(
    asyncMatrix(makeLS(server.url), {
      deadlineMs: 400,
      poll: { initialDelayMs: 10, minDelayMs: 10 },
      onProgress: (s) => seen.push(s),
    }),
  );
  assert.ok(e instanceof TimeoutError, String(e));
  assert.ok(seen.length >= 2, String(seen));
  for (const text of [...seen, ...errorTexts(e)]) {
    assert.ok(!text.includes(SECRETS.apiKey), text);
    assert.ok(!text.includes(encodeURIComponent(SECRETS.apiKey)), text);
  }
  witness.outputs.push(...seen);
});

Deno.test("a status URL that keeps failing is given up after 10 failed polls in a row, with the last error", async () => {
  await using server = await faultServer();
  submitRoute(server);
  server.route("GET /v8/matrix/j/status", () => reply(500, { title: "Down" }));
  const e = await witness.rejects(
    settles(
      asyncMatrix(makeLS(server.url), {
        poll: { initialDelayMs: 10, maxDelayMs: 10, minDelayMs: 10 },
      }),
      10_000,
    ),
  );
  assert.ok(e instanceof ApiError && e.status === 500, String(e));
  assert.equal(server.count("GET /v8/matrix/j/status"), 10);
});

Deno.test("a 200 whose JSON is not an object (null, a string, a number, a list) is an ApiError", async () => {
  await using server = await faultServer();
  const bodies = ["null", '"captive portal"', "42", "[]"];
  server.route("GET /v1/geocode", (_r, n) => raw(200, bodies[n % 4]));
  const ls = makeLS(server.url, { maxRetries: 0 });
  for (const body of bodies) {
    const e = await witness.rejects(ls.geocode({ query: "x" }));
    assert.ok(e instanceof ApiError, `${body}: ${e}`);
    assert.equal((e as ApiError).title, "Response body is not a JSON object");
  }
});

Deno.test("the client's maxResponseBytes raises the token answer's cap too", async () => {
  await using server = await faultServer();
  server.route("POST /oauth2/token", () =>
    reply(200, {
      access_token: "rt-token-in-a-big-answer",
      token_type: "bearer",
      note: "x".repeat(100_000),
    }));
  server.route("GET /v1/geocode", () => reply(200, { items: [] }));
  const res = await oauth(server.url, { maxResponseBytes: 4_000_000 })
    .geocode({ query: "x" });
  assert.deepEqual(res.items, []);
  const e = await witness.rejects(oauth(server.url).geocode({ query: "x" }));
  assert.ok(
    e instanceof ApiError && e.name === "ResponseTooLargeError",
    String(e),
  );
});

Deno.test("20 redirects are followed, the 21st is not", async () => {
  await using server = await faultServer();
  server.route("GET /v1/geocode", (r) => {
    const hop = Number(new URLSearchParams(r.rawQuery).get("hop") ?? 0);
    const limit = Number(new URLSearchParams(r.rawQuery).get("limit"));
    return hop < (limit === 20 ? 20 : 21)
      ? raw(302, null, {
        location: `/v1/geocode?hop=${hop + 1}&limit=${limit}`,
      })
      : reply(200, { items: [] });
  });
  const ls = makeLS(server.url, { maxRetries: 0 });
  assert.deepEqual((await ls.geocode({ query: "x", limit: 20 })).items, []);
  const e = await witness.rejects(ls.geocode({ query: "x", limit: 21 }));
  assert.ok(e instanceof ApiError, String(e));
  assert.match(e.message, /more than 20 redirects/);
});

Deno.test("PlatformCredentials.fromEnv with no object is a ValueError", () => {
  for (const env of [null, undefined, 42]) {
    assert.throws(
      () =>
        PlatformCredentials.fromEnv(env as unknown as Record<string, string>),
      (e: unknown) => e instanceof ValueError && e.parameter === "env",
    );
  }
});

Deno.test("an unknown key holding a credential is named, never quoted, by every operation", async () => {
  // A key passed as a parameter by mistake: the ValueError names the
  // parameter and does not print its value; nothing is sent.
  await using server = await faultServer();
  const ls = makeLS(server.url, { maxRetries: 0 });
  const secret = { apiKey: SECRETS.apiKey, apikey: SECRETS.accessKeySecret };
  const calls: [string, () => Promise<unknown>][] = [
    ["geocode", () => ls.geocode({ query: "Berlin", ...secret })],
    [
      "reverseGeocode",
      () => ls.reverseGeocode({ lat: 52.5, lng: 13.4, ...secret }),
    ],
    [
      "discover",
      () => ls.discover({ query: "cafe", center: [52.5, 13.4], ...secret }),
    ],
    ["browse", () => ls.browse({ center: [52.5, 13.4], ...secret })],
    ["lookup", () => ls.lookup({ locationId: "here:pds:place:1", ...secret })],
    [
      "autosuggest",
      () => ls.autosuggest({ query: "caf", at: [52.5, 13.4], ...secret }),
    ],
    [
      "carRoute",
      () =>
        ls.carRoute({
          origin: [52.5, 13.4],
          destination: [52.6, 13.5],
          ...secret,
        }),
    ],
    [
      "calculateIsoline",
      () =>
        ls.calculateIsoline(
          {
            origin: [52.5, 13.4],
            range: 600,
            rangeType: "time",
            ...secret,
          } as never,
        ),
    ],
    [
      "matrix",
      () =>
        ls.matrix(
          {
            origins: ORIGINS,
            regionDefinition: { type: "world" },
            ...secret,
          } as never,
        ),
    ],
    [
      "getDestWeather",
      () =>
        ls.getDestWeather(
          { products: ["observation"], query: "Berlin", ...secret } as never,
        ),
    ],
    [
      "getWeatherAlerts",
      () =>
        ls.getWeatherAlerts(
          {
            geometry: { type: "Point", coordinates: [13.4, 52.5] },
            ...secret,
          } as never,
        ),
    ],
    [
      "solveTourPlanning",
      () =>
        ls.solveTourPlanning(
          {
            fleet: { types: [], profiles: [] },
            plan: { jobs: [] },
            ...secret,
          } as never,
        ),
    ],
  ];
  for (const [name, call] of calls) {
    const err = await witness.rejects(call());
    assert.ok(err instanceof ValueError, `${name}: ${err}`);
    for (const text of errorTexts(err)) {
      assert.ok(!text.includes(SECRETS.apiKey), `${name}: ${text}`);
      assert.ok(!text.includes(SECRETS.accessKeySecret), `${name}: ${text}`);
      assert.ok(
        !text.includes("REL-"),
        `${name} quotes part of a key: ${text}`,
      );
    }
  }
  for (
    const route of [
      "GET /v1/geocode",
      "GET /v8/routes",
      "POST /v8/matrix",
      "POST /v3/problems",
    ]
  ) assert.equal(server.count(route), 0, route);
});

Deno.test("an unknown key of a megabyte makes a short message", async () => {
  const ls = makeLS("http://127.0.0.1:9", { maxRetries: 0 });
  const err = await witness.rejects(
    ls.geocode({ query: "Berlin", ["k".repeat(1_000_000)]: 1 } as never),
  );
  assert.ok(err instanceof ValueError);
  assert.ok(err.message.length < 300, `${err.message.length} characters`);
  const surrogate = await witness.rejects(
    ls.geocode({ query: "Berlin", "\uD800x": 1 } as never),
  );
  assert.ok(surrogate instanceof ValueError);
  assert.ok(
    !/\p{Cs}/u.test(surrogate.message),
    "a lone surrogate is printed raw",
  );
});

Deno.test("a malformed matrix result never shows part of the key in its snippet", async () => {
  await using server = await faultServer();
  server.route("POST /v8/matrix", (r) => {
    const key = new URLSearchParams(r.rawQuery).get("apiKey") ?? "";
    // The parse error is at the string, with the key right after it: a
    // 32-byte window cuts the key in two.
    return raw(
      200,
      `{"matrixId":"m1","matrix":{"numOrigins":2,"numDestinations":2,"travelTimes":[1,2,3,"0123456789 ${key}"]}}`,
      { "content-type": "application/json" },
    );
  });
  const ls = makeLS(server.url, { maxRetries: 0 });
  const err = await witness.rejects(
    syncMatrix(ls),
  );
  assert.ok(err instanceof ApiError, String(err));
  assert.match(err.detail ?? "", /withheld/);
  for (const text of errorTexts(err)) {
    assert.ok(!text.includes(SECRETS.apiKey.slice(0, 10)), text.slice(0, 300));
  }
});

Deno.test("a long notice code that ends in the key is scrubbed before it is cut", async () => {
  await using server = await faultServer();
  server.route("GET /v8/routes", (r) =>
    reply(200, {
      routes: [{
        id: "r",
        sections: [{
          id: "s",
          type: "vehicle",
          notices: [{
            code: "x".repeat(90) +
              new URLSearchParams(r.rawQuery).get("apiKey"),
            severity: "critical",
          }],
        }],
      }],
    }));
  // A key without delimiters: no piece of it is a redaction pattern, so a
  // prefix cut off before scrubbing would stay.
  const key = "K3yS3cr3tValue0123456789abcdef";
  const ls = makeLS(server.url, { maxRetries: 0, apiKey: key });
  const err = await witness.rejects(
    ls.carRoute({ origin: [52.5, 13.4], destination: [52.6, 13.5] }),
  );
  assert.ok(err instanceof ApiError, String(err));
  for (const text of errorTexts(err)) {
    assert.ok(!text.includes(key.slice(0, 8)), text.slice(0, 400));
  }
});

Deno.test("a malformed matrix result whose key the network split in two shows no part of it", async () => {
  const key = "K3yS3cr3tAbCdEfGhIjKlMnOpQrStUvWxYz0123456_";
  const enc = new TextEncoder();
  const first = `{"title":"Unauthorized","detail":"the key ${key.slice(0, 12)}`;
  const second = `${key.slice(12)} was rejected" oops}`;
  const ls = new LS({
    apiKey: key,
    maxRetries: 0,
    fetch: () =>
      Promise.resolve(
        new Response(
          new ReadableStream({
            start(c) {
              c.enqueue(enc.encode(first));
              c.enqueue(enc.encode(second));
              c.close();
            },
          }),
        ),
      ),
  });
  const err = await witness.rejects(
    syncMatrix(ls),
  );
  assert.ok(err instanceof ApiError, String(err));
  for (const text of errorTexts(err)) {
    for (let at = 0; at + 8 <= key.length; at++) {
      assert.ok(!text.includes(key.slice(at, at + 8)), text.slice(0, 300));
    }
  }
});

Deno.test("an unknown key that is a credential itself is not printed", async () => {
  const ls = makeLS("http://127.0.0.1:9", { maxRetries: 0 });
  const key = "K3yS3cr3tAbCdEfGhIjKlMnOpQrStUvWxYz0123456_";
  const err = await witness.rejects(
    ls.geocode({ query: "Berlin", [key]: 1 } as never),
  );
  assert.ok(err instanceof ValueError);
  assert.equal(err.parameter, "params");
  assert.ok(!err.message.includes(key.slice(0, 8)), err.message);
});

leakCheck(20);
