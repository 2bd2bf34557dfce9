import assert from "node:assert/strict";
import {
  ApiError,
  ConnectionError,
  type LatLngObject,
  TimeoutError,
  ValueError,
} from "@ls/core";
import {
  jsonReply,
  type RecordedRequest,
  startTestServer,
  TEST_API_KEY,
  TEST_KEY_QUERY as KEY_QUERY,
  testClient,
  type TestServer,
} from "@ls/core/testing";
import { LS } from "@ls/ls";
import {
  AutoCircleRegion,
  CircleRegion,
  type MatrixParams,
  type MatrixRow,
  matrixRows,
  type MatrixRowsOptions,
  WorldRegion,
} from "./mod.ts";
import {
  caught,
  distanceOf,
  errorCodeOf,
  fastPolls,
  gzipJson,
  many,
  point,
  resultFor,
  syncService,
  travelTimeOf,
} from "./_test_matrix_service.ts";
import { ArrayPool } from "./_array_pool.ts";

const SUBMIT = "POST /v8/matrix";
const CIRCLE = new CircleRegion({
  center: { lat: 52.51, lng: 13.4 },
  radius: 20000,
});

/** 30 × 1000 in async blocks of 10 origins, read one block ahead. */
const BLOCKS: MatrixParams = {
  origins: many(30),
  destinations: many(1000, "d"),
  regionDefinition: CIRCLE,
  async: true,
  matrixAttributes: ["travelTimes", "distances"],
};
const BLOCK_OPTIONS: MatrixRowsOptions = {
  ...fastPolls,
  blockEntries: 10_000,
  concurrency: 1,
};

/** The index of a point made by `point(k)`: its row of the matrix. */
function indexOf(p: LatLngObject): number {
  return Math.round((p.lat - 52) * 1e3) * 100 + Math.round((p.lng - 13) * 1e3);
}

/** The body of a recorded submit. */
function bodyOf(r: RecordedRequest): {
  origins: LatLngObject[];
  destinations?: LatLngObject[];
  regionDefinition: unknown;
  matrixAttributes?: string[];
} {
  return r.body as never;
}

/** `origins` × `destinations` of each submit, as "OxD". */
function shapes(requests: RecordedRequest[]): string[] {
  return requests.map((r) => {
    const b = bodyOf(r);
    return `${b.origins.length}x${(b.destinations ?? b.origins).length}`;
  });
}

/** Reads every row, copying each (the test keeps them). */
async function collect(
  rows: AsyncIterable<MatrixRow>,
): Promise<MatrixRow[]> {
  const out: MatrixRow[] = [];
  for await (const row of rows) {
    out.push({
      origin: row.origin,
      travelTimes: row.travelTimes?.slice(),
      distances: row.distances?.slice(),
      errorCodes: row.errorCodes?.slice(),
    });
  }
  return out;
}

/**
 * Checks rows against the fake service: every origin once, in order, each
 * array one entry per destination with the service's values. Returns the
 * entries with a non-zero error code.
 */
function checkRows(
  rows: MatrixRow[],
  origins: readonly LatLngObject[],
  destinations: readonly LatLngObject[],
  attributes: ("travelTimes" | "distances")[] = ["travelTimes", "distances"],
): number {
  assert.deepEqual(
    rows.map((r) => r.origin),
    origins.map((_, i) => i),
    "every origin once, in order",
  );
  let errors = 0;
  for (const row of rows) {
    const o = origins[row.origin];
    for (const key of ["travelTimes", "distances"] as const) {
      assert.equal(row[key] !== undefined, attributes.includes(key), key);
      if (row[key]) {
        assert.ok(row[key] instanceof Float64Array);
        assert.equal(row[key].length, destinations.length);
      }
    }
    for (let j = 0; j < destinations.length; j++) {
      const d = destinations[j];
      if (row.travelTimes && row.travelTimes[j] !== travelTimeOf(o, d)) {
        assert.fail(
          `travelTimes of ${row.origin} → ${j}: ${row.travelTimes[j]}`,
        );
      }
      if (row.distances && row.distances[j] !== distanceOf(o, d)) {
        assert.fail(`distances of ${row.origin} → ${j}: ${row.distances[j]}`);
      }
      const code = row.errorCodes?.[j] ?? 0;
      if (code !== errorCodeOf(o, d)) {
        assert.fail(`errorCodes of ${row.origin} → ${j}: ${code}`);
      }
      if (code) errors++;
    }
  }
  return errors;
}

/**
 * A fake async service with one job per submit: 202 → status 303 → the
 * result, which `result` may replace (per job, by the job's body).
 */
function asyncService(
  server: TestServer,
  result?: (
    body: ReturnType<typeof bodyOf>,
    id: string,
  ) => Response | "drop" | Promise<Response | "drop">,
) {
  let jobs = 0;
  server.route(SUBMIT, (req) => {
    const id = `job-${jobs++}`;
    const body = bodyOf(req);
    server.route(
      `GET /v8/matrix/${id}/status`,
      jsonReply(303, {
        matrixId: id,
        status: "completed",
        resultUrl: `${server.url}/v8/matrix/${id}`,
      }),
    );
    server.route(
      `GET /v8/matrix/${id}`,
      () => result ? result(body, id) : gzipJson(resultFor(body, id)),
    );
    return Response.json({
      matrixId: id,
      status: "accepted",
      statusUrl: `${server.url}/v8/matrix/${id}/status`,
    }, { status: 202 });
  });
}

/** The result requests a server saw, in order. */
const downloads = (server: TestServer) =>
  server.requests.filter((r) =>
    r.method === "GET" && /^\/v8\/matrix\/job-\d+$/.test(r.path)
  );

// ------------------------------------------------------------ one call

Deno.test("rows: a matrix within one call is the call matrix() sends, rows in order", async () => {
  await using server = await startTestServer();
  server.route(SUBMIT, syncService);
  const origins = many(12);
  const destinations = many(30, "d");
  const rows = await collect(
    matrixRows(testClient(server.url), {
      origins,
      destinations,
      regionDefinition: CIRCLE,
      departureTime: "any",
      matrixAttributes: ["travelTimes", "distances"],
    }),
  );
  assert.equal(server.requests.length, 1);
  const [req] = server.requests;
  assert.equal(req.method, "POST");
  assert.equal(req.path, "/v8/matrix");
  assert.equal(req.rawQuery, `async=false&${KEY_QUERY}`);
  assert.deepEqual(req.body, {
    origins,
    destinations,
    regionDefinition: {
      type: "circle",
      center: { lat: 52.51, lng: 13.4 },
      radius: 20000,
    },
    departureTime: "any",
    matrixAttributes: ["travelTimes", "distances"],
  });
  const errors = checkRows(rows, origins, destinations);
  assert.ok(errors > 0, "some entries carry error codes");
});

Deno.test("rows: a square matrix sends no destinations; one attribute gives one array", async () => {
  await using server = await startTestServer();
  server.route(SUBMIT, syncService);
  const origins = many(20);
  const rows = await collect(
    matrixRows(testClient(server.url), {
      origins,
      regionDefinition: CIRCLE,
      matrixAttributes: ["distances"],
    }),
  );
  assert.equal(server.requests.length, 1);
  assert.deepEqual(Object.keys(server.requests[0].body as object), [
    "origins",
    "regionDefinition",
    "matrixAttributes",
  ]);
  checkRows(rows, origins, origins, ["distances"]);
});

Deno.test("rows: async: 202 → status → 303 → result, statuses reported", async () => {
  await using server = await startTestServer();
  asyncService(server);
  const origins = many(5);
  const destinations = many(7, "d");
  const progress: string[] = [];
  const rows = await collect(
    matrixRows(testClient(server.url), {
      origins,
      destinations,
      regionDefinition: CIRCLE,
      async: true,
      matrixAttributes: ["travelTimes", "distances"],
    }, { ...fastPolls, onProgress: (s) => progress.push(s) }),
  );
  assert.deepEqual(progress, ["accepted", "completed"]);
  const [submit] = server.requestsFor(SUBMIT);
  assert.equal(submit.rawQuery, `async=true&${KEY_QUERY}`);
  assert.deepEqual(submit.body, {
    origins,
    destinations,
    regionDefinition: {
      type: "circle",
      center: { lat: 52.51, lng: 13.4 },
      radius: 20000,
    },
    matrixAttributes: ["travelTimes", "distances"],
  });
  assert.equal(server.requestsFor("GET /v8/matrix/job-0/status").length, 1);
  assert.equal(downloads(server).length, 1);
  assert.equal(downloads(server)[0].rawQuery, KEY_QUERY);
  checkRows(rows, origins, destinations);
});

// -------------------------------------------------------------- blocks

Deno.test("rows: beyond blockEntries, async blocks of origins × every destination, one job each, rows in order", async () => {
  await using server = await startTestServer();
  asyncService(server);
  const origins = many(25);
  const destinations = many(1000, "d");
  const rows = await collect(
    matrixRows(testClient(server.url), {
      origins,
      destinations,
      regionDefinition: new AutoCircleRegion({ margin: 1000 }),
      async: true,
      matrixAttributes: ["travelTimes", "distances"],
    }, { ...fastPolls, blockEntries: 10_000, concurrency: 2 }),
  );
  const submits = server.requestsFor(SUBMIT);
  // 10,000 entries / 1000 destinations: blocks of 10 origins.
  assert.deepEqual(shapes(submits).sort(), ["10x1000", "10x1000", "5x1000"]);
  const firsts = submits.map((r) => indexOf(bodyOf(r).origins[0])).sort((
    a,
    b,
  ) => a - b);
  assert.deepEqual(firsts, [0, 10, 20]);
  for (const r of submits) {
    assert.equal(r.rawQuery, `async=true&${KEY_QUERY}`);
    const body = bodyOf(r);
    assert.deepEqual(body.destinations, destinations);
    // Every block routes in the same circle, covering every point.
    assert.deepEqual(
      body.regionDefinition,
      bodyOf(submits[0]).regionDefinition,
    );
    assert.equal((body.regionDefinition as { type: string }).type, "circle");
  }
  const errors = checkRows(rows, origins, destinations);
  assert.ok(errors > 0);
});

Deno.test("rows: where matrix() tiles sync, a block is a row of tiles, merged", async () => {
  await using server = await startTestServer();
  server.route(SUBMIT, syncService);
  const origins = many(30);
  const destinations = many(700, "d");
  const rows = await collect(
    matrixRows(testClient(server.url), {
      origins,
      destinations,
      regionDefinition: CIRCLE,
      matrixAttributes: ["travelTimes", "distances"],
    }, { blockEntries: 14_000, concurrency: 3 }),
  );
  // 14,000 / 700: blocks of 20 origins, each two sync tiles of ≤ 500 wide.
  assert.deepEqual(shapes(server.requests).sort(), [
    "10x200",
    "10x500",
    "20x200",
    "20x500",
  ]);
  for (const r of server.requests) {
    assert.equal(r.rawQuery, `async=false&${KEY_QUERY}`);
  }
  checkRows(rows, origins, destinations);
});

Deno.test("rows: request options matrixRows does not handle itself reach every call", async () => {
  await using server = await startTestServer();
  server.route(SUBMIT, syncService);
  await collect(
    matrixRows(testClient(server.url), {
      origins: many(30),
      destinations: many(700, "d"),
      regionDefinition: CIRCLE,
    }, { blockEntries: 14_000, headers: { "x-trace": "t-1" } }),
  );
  assert.equal(server.requests.length, 4);
  for (const r of server.requests) {
    assert.equal(r.headers.get("x-trace"), "t-1");
  }
});

Deno.test("rows: flexible mode makes the calls matrix() makes: 40 × 250 in 9 tiles of ≤ 15 × 100", async () => {
  await using server = await startTestServer();
  server.route(SUBMIT, syncService);
  const origins = many(40);
  const destinations = many(250, "d");
  const rows = await collect(
    matrixRows(testClient(server.url), {
      origins,
      destinations,
      regionDefinition: new WorldRegion(),
      matrixAttributes: ["travelTimes"],
    }),
  );
  assert.deepEqual(shapes(server.requests).sort(), [
    "10x100",
    "10x100",
    "10x50",
    "15x100",
    "15x100",
    "15x100",
    "15x100",
    "15x50",
    "15x50",
  ]);
  checkRows(rows, origins, destinations, ["travelTimes"]);
});

Deno.test("rows: error codes come with the rows of a block HERE sent them for", async () => {
  await using server = await startTestServer();
  asyncService(server, (body, id) => {
    const result = resultFor(body, id) as { matrix: Record<string, unknown> };
    const first = indexOf(body.origins[0]);
    if (first === 0) result.matrix.errorCodes = new Array(10_000).fill(0);
    else if (first === 10) {
      const codes = new Array(10_000).fill(0);
      codes[1234] = 3;
      result.matrix.errorCodes = codes;
    } else delete result.matrix.errorCodes;
    return gzipJson(result);
  });
  const rows = await collect(matrixRows(testClient(server.url), BLOCKS, {
    ...BLOCK_OPTIONS,
  }));
  assert.equal(rows.length, 30);
  for (const row of rows) {
    if (row.origin < 20) {
      assert.ok(row.errorCodes instanceof Uint8Array, `row ${row.origin}`);
      assert.equal(row.errorCodes.length, 1000);
    } else assert.equal(row.errorCodes, undefined, `row ${row.origin}`);
  }
  assert.equal(rows[11].errorCodes![234], 3);
  assert.equal(rows[11].errorCodes!.reduce((a, b) => a + b), 3);
  assert.equal(rows[0].errorCodes!.reduce((a, b) => a + b), 0);
});

Deno.test("rows: at most blocksAhead blocks are downloaded ahead of the one being read; jobs beyond wait to download", async () => {
  await using server = await startTestServer();
  asyncService(server);
  const concurrency = 4;
  const blocksAhead = 1;
  const submitted = () => server.requestsFor(SUBMIT).length;
  const downloaded = () => downloads(server).length;
  let count = 0;
  for await (
    const row of matrixRows(testClient(server.url), {
      origins: many(100),
      destinations: many(1000, "d"),
      regionDefinition: CIRCLE,
      async: true,
    }, { ...fastPolls, blockEntries: 10_000, concurrency, blocksAhead })
  ) {
    const block = Math.floor(row.origin / 10);
    if (row.origin === 0) {
      // A reader that waits: the window fills, and stops there. Blocks 0
      // and 1 are downloaded; the jobs of blocks 2 to 5 are done and wait.
      while (
        downloaded() < 1 + blocksAhead ||
        submitted() < 1 + blocksAhead + concurrency
      ) {
        await new Promise((r) => setTimeout(r, 5));
      }
      await new Promise((r) => setTimeout(r, 50));
      assert.equal(downloaded(), 1 + blocksAhead);
      assert.equal(submitted(), 1 + blocksAhead + concurrency);
    }
    assert.ok(
      downloaded() <= block + 1 + blocksAhead,
      `row ${row.origin}: ${downloaded()} blocks downloaded`,
    );
    assert.ok(
      submitted() <= block + 1 + blocksAhead + concurrency,
      `row ${row.origin}: ${submitted()} jobs submitted`,
    );
    count++;
  }
  assert.equal(count, 100);
  assert.equal(submitted(), 10);
  assert.equal(downloaded(), 10);
});

Deno.test("rows: blocks reuse their arrays: no more are allocated than blocksAhead + 1 blocks use at once", async () => {
  await using server = await startTestServer();
  asyncService(server);
  // Every array the pool hands out, counted once: those it allocated.
  const handedOut = new Set<Float64Array | Uint8Array>();
  const { float64, uint8 } = ArrayPool.prototype;
  ArrayPool.prototype.float64 = function (length) {
    const array = float64.call(this, length);
    handedOut.add(array);
    return array;
  };
  ArrayPool.prototype.uint8 = function (length) {
    const array = uint8.call(this, length);
    handedOut.add(array);
    return array;
  };
  const origins = many(400);
  const destinations = many(1000, "d");
  const blocksAhead = 1;
  let rows: MatrixRow[];
  try {
    rows = await collect(
      matrixRows(testClient(server.url), {
        origins,
        destinations,
        regionDefinition: CIRCLE,
        async: true,
        matrixAttributes: ["travelTimes", "distances"],
      }, { ...fastPolls, blockEntries: 10_000, blocksAhead, concurrency: 3 }),
    );
  } finally {
    Object.assign(ArrayPool.prototype, { float64, uint8 });
  }
  checkRows(rows, origins, destinations);
  // 40 blocks of 10 × 1000, each with travel times, distances and error
  // codes; at most blocksAhead + 1 of them in use at once.
  assert.equal(downloads(server).length, 40);
  const floats = [...handedOut].filter((a) => a instanceof Float64Array);
  const codes = [...handedOut].filter((a) => a instanceof Uint8Array);
  assert.ok(floats.every((a) => a.length === 10_000));
  assert.ok(
    floats.length <= 2 * (blocksAhead + 1),
    `${floats.length} Float64Arrays allocated`,
  );
  assert.ok(
    codes.length <= blocksAhead + 1,
    `${codes.length} Uint8Arrays allocated`,
  );
});

Deno.test("rows: sync calls are sent only for blocks within blocksAhead", async () => {
  await using server = await startTestServer();
  server.route(SUBMIT, syncService);
  let count = 0;
  for await (
    const row of matrixRows(testClient(server.url), {
      origins: many(60),
      destinations: many(500, "d"),
      regionDefinition: CIRCLE,
    }, { blockEntries: 10_000, concurrency: 4, blocksAhead: 0 })
  ) {
    // Blocks of 20 origins, one sync call each, none ahead.
    assert.equal(server.requests.length, Math.floor(row.origin / 20) + 1);
    count++;
  }
  assert.equal(count, 60);
});

// ------------------------------------------------------- leaving early

Deno.test("rows: breaking out of the loop stops the calls in flight and cancels their bodies", async () => {
  await using server = await startTestServer();
  let cancelled = 0;
  let allCancelled!: () => void;
  const bothCancelled = new Promise<void>((r) => allCancelled = r);
  asyncService(server, (body, id) => {
    if (indexOf(body.origins[0]) === 0) return gzipJson(resultFor(body, id));
    // Later blocks start their body and then stall.
    const text = JSON.stringify(resultFor(body, id));
    return new Response(
      new ReadableStream({
        start(c) {
          c.enqueue(new TextEncoder().encode(text.slice(0, 100)));
        },
        cancel() {
          if (++cancelled === 2) allCancelled();
        },
      }),
      { headers: { "content-type": "application/json" } },
    );
  });
  const seen: number[] = [];
  for await (
    const row of matrixRows(testClient(server.url), {
      origins: many(30),
      destinations: many(1000, "d"),
      regionDefinition: CIRCLE,
      async: true,
    }, { ...fastPolls, blockEntries: 10_000, concurrency: 2 })
  ) {
    seen.push(row.origin);
    if (row.origin === 0) {
      // Wait until both later blocks are downloading, then leave.
      while (downloads(server).length < 3) {
        await new Promise((r) => setTimeout(r, 5));
      }
      break;
    }
  }
  assert.deepEqual(seen, [0]);
  // The server saw both bodies in flight cancelled.
  await bothCancelled;
  assert.equal(cancelled, 2);
});

Deno.test("rows: breaking out while jobs wait for their turn to download ends them; nothing more is downloaded", async () => {
  await using server = await startTestServer();
  asyncService(server);
  for await (
    const row of matrixRows(testClient(server.url), BLOCKS, {
      ...fastPolls,
      blockEntries: 10_000,
      concurrency: 3,
      blocksAhead: 0,
    })
  ) {
    assert.equal(row.origin, 0);
    // Blocks 1 and 2 are submitted and polled, and wait to download.
    while (server.requestsFor(SUBMIT).length < 3) {
      await new Promise((r) => setTimeout(r, 5));
    }
    break;
  }
  assert.equal(downloads(server).length, 1);
});

Deno.test("rows: return() after a row ends the generator, which stays done", async () => {
  await using server = await startTestServer();
  server.route(SUBMIT, syncService);
  const rows = matrixRows(testClient(server.url), {
    origins: many(5),
    destinations: many(5, "d"),
    regionDefinition: CIRCLE,
  });
  const first = await rows.next();
  assert.equal(first.done, false);
  assert.deepEqual(await rows.return(), { done: true, value: undefined });
  assert.deepEqual(await rows.next(), { done: true, value: undefined });
});

Deno.test("rows: nothing is sent until the first row is asked for, nor after an unread generator", async () => {
  await using server = await startTestServer();
  server.route(SUBMIT, syncService);
  const rows = matrixRows(testClient(server.url), {
    origins: many(5),
    regionDefinition: CIRCLE,
  });
  await new Promise((r) => setTimeout(r, 20));
  assert.equal(server.requests.length, 0);
  await rows.return();
  assert.equal(server.requests.length, 0);
});

// ---------------------------------------------------- failures, hostility

/** The rows read before the iteration failed, and the failure. */
async function failing(
  server: TestServer,
  params = BLOCKS,
  options = BLOCK_OPTIONS,
): Promise<{ rows: number[]; error: unknown }> {
  const rows: number[] = [];
  try {
    for await (
      const row of matrixRows(testClient(server.url), params, options)
    ) {
      rows.push(row.origin);
    }
  } catch (error) {
    return { rows, error };
  }
  assert.fail("the iteration did not fail");
}

/** A result of the first block replaced by `text`; others as the service makes them. */
function firstBlockIs(text: (body: ReturnType<typeof bodyOf>) => string) {
  return (body: ReturnType<typeof bodyOf>, id: string) =>
    indexOf(body.origins[0]) === 0
      ? new Response(text(body), {
        headers: { "content-type": "application/json" },
      })
      : gzipJson(resultFor(body, id));
}

Deno.test("rows: a hostile or broken block ends the iteration with a malformed-result ApiError", async (t) => {
  const tenRows = (body: ReturnType<typeof bodyOf>) =>
    resultFor(body) as { matrix: Record<string, unknown> };
  const cases: [string, (body: ReturnType<typeof bodyOf>) => string, RegExp][] =
    [
      [
        "a truncated body",
        (body) => JSON.stringify(resultFor(body)).slice(0, 5000),
        /Result body ended early/,
      ],
      [
        "numOrigins other than the block's",
        (body) => {
          const r = tenRows(body);
          r.matrix.numOrigins = 9;
          return JSON.stringify(r);
        },
        /is 9 × 1000, the request was 10 × 1000/,
      ],
      [
        "numDestinations other than requested",
        (body) => {
          const r = tenRows(body);
          r.matrix.numDestinations = 10_000;
          return JSON.stringify(r);
        },
        /is 10 × 10000, the request was 10 × 1000/,
      ],
      [
        "an array one row short",
        (body) => {
          const r = tenRows(body);
          r.matrix.distances = (r.matrix.distances as number[]).slice(1000);
          return JSON.stringify(r);
        },
        /matrix.distances has 9000 entries, expected 10 × 1000 = 10000/,
      ],
      [
        "an array a row too long",
        (body) => {
          const r = tenRows(body);
          const tt = r.matrix.travelTimes as number[];
          r.matrix.travelTimes = [...tt, ...tt.slice(0, 1000)];
          return JSON.stringify(r);
        },
        /matrix.travelTimes has more than the 10000 entries of the requested 10 × 1000 matrix/,
      ],
      [
        "an array sent again",
        (body) => {
          const text = JSON.stringify(resultFor(body));
          const tt = JSON.stringify(tenRows(body).matrix.travelTimes);
          return text.replace('"travelTimes":', `"travelTimes":${tt},$&`);
        },
        /Repeated "travelTimes" in the matrix/,
      ],
      [
        "a number too long",
        () =>
          `{"matrix":{"numOrigins":10,"numDestinations":1000,"travelTimes":[${
            "9".repeat(100_000)
          }]}}`,
        /A number longer than 100 characters/,
      ],
      [
        "nesting inside an array",
        () =>
          `{"matrix":{"travelTimes":${"[".repeat(100_000)}${
            "]".repeat(100_000)
          }}}`,
        /Expected a number/,
      ],
      [
        "a value nested too deep",
        () => `{"regionDefinition":${"[".repeat(1000)}${"]".repeat(1000)}}`,
        /Invalid JSON value for "regionDefinition"/,
      ],
    ];
  for (const [name, text, pattern] of cases) {
    await t.step(name, async () => {
      await using server = await startTestServer();
      asyncService(server, firstBlockIs(text));
      const { rows, error } = await failing(server);
      assert.deepEqual(rows, [], "no row of a broken block");
      assert.ok(error instanceof ApiError, String(error));
      assert.equal(error.title, "Malformed matrix result");
      assert.match(error.detail!, pattern);
    });
  }
});

Deno.test("rows: a block body that stalls mid-row ends in a TimeoutError, attempt or deadline", async (t) => {
  for (
    const [name, options, pattern] of [
      ["timeoutMs", { timeoutMs: 200 }, /timed out|timeout/i],
      [
        "deadlineMs",
        { deadlineMs: 300 },
        /deadline of \d+ ms while the response was read/,
      ],
    ] as const
  ) {
    await t.step(name, async () => {
      await using server = await startTestServer();
      let release!: () => void;
      const stalled = new Promise<void>((r) => release = r);
      asyncService(server, (body, id) => {
        if (indexOf(body.origins[0]) < 10) {
          return gzipJson(resultFor(body, id));
        }
        const text = JSON.stringify(resultFor(body, id));
        const cut = text.indexOf('"distances"') + 5000; // mid-row
        return new Response(
          new ReadableStream({
            async start(c) {
              c.enqueue(new TextEncoder().encode(text.slice(0, cut)));
              await stalled;
              c.close();
            },
          }),
          { headers: { "content-type": "application/json" } },
        );
      });
      try {
        const { rows, error } = await failing(server, BLOCKS, {
          ...BLOCK_OPTIONS,
          maxRetries: 0,
          ...options,
        });
        assert.ok(error instanceof TimeoutError, String(error));
        assert.match(error.message, pattern);
        // Only rows of the first block can have been read.
        assert.ok(rows.every((o, k) => o === k && o < 10), `${rows}`);
      } finally {
        release();
      }
    });
  }
});

Deno.test("rows: a failing call ends the iteration with its error and starts no other", async () => {
  await using server = await startTestServer();
  server.route(SUBMIT, (req, n) => {
    if (n === 1) {
      return Response.json({ title: "Bad block", status: 400 }, {
        status: 400,
      });
    }
    return syncService(req, n, new AbortController().signal);
  });
  const { rows, error } = await failing(server, {
    origins: many(40),
    destinations: many(500, "d"),
    regionDefinition: CIRCLE,
  }, { blockEntries: 10_000, concurrency: 1 });
  assert.ok(error instanceof ApiError && error.status === 400, String(error));
  assert.equal(error.title, "Bad block");
  // Blocks of 20 rows: block 0 may have been read, nothing after block 1.
  assert.ok(rows.length === 0 || rows.length === 20, `${rows.length} rows`);
  assert.ok(server.requests.length <= 2, "no call starts after a failure");
});

Deno.test("rows: a dropped connection is retried within its block; rows are never repeated", async () => {
  await using server = await startTestServer();
  let dropped = 0;
  asyncService(server, (body, id) => {
    if (indexOf(body.origins[0]) === 10 && dropped++ === 0) return "drop";
    return gzipJson(resultFor(body, id));
  });
  const origins = BLOCKS.origins;
  const rows = await collect(matrixRows(testClient(server.url), BLOCKS, {
    ...BLOCK_OPTIONS,
    concurrency: 2,
  }));
  assert.equal(dropped, 2);
  assert.equal(downloads(server).length, 4);
  checkRows(
    rows,
    origins as LatLngObject[],
    BLOCKS.destinations as LatLngObject[],
  );
});

Deno.test("rows: a dropped connection without retries is a ConnectionError", async () => {
  await using server = await startTestServer();
  asyncService(server, () => "drop");
  const { rows, error } = await failing(server, BLOCKS, {
    ...BLOCK_OPTIONS,
    maxRetries: 0,
  });
  assert.deepEqual(rows, []);
  assert.ok(error instanceof ConnectionError, String(error));
});

Deno.test("rows: the caller's abort ends the iteration with its reason", async () => {
  await using server = await startTestServer();
  asyncService(server);
  const ctl = new AbortController();
  const reason = new Error("enough rows");
  const seen: number[] = [];
  await assert.rejects(
    async () => {
      for await (
        const row of matrixRows(testClient(server.url), BLOCKS, {
          ...BLOCK_OPTIONS,
          signal: ctl.signal,
        })
      ) {
        seen.push(row.origin);
        if (row.origin === 3) ctl.abort(reason);
      }
    },
    (e) => e === reason,
  );
  assert.deepEqual(seen, [0, 1, 2, 3]);
});

Deno.test("rows: an aborted signal rejects the first row, nothing sent", async () => {
  await using server = await startTestServer();
  const reason = new Error("no");
  const rows = matrixRows(testClient(server.url), BLOCKS, {
    signal: AbortSignal.abort(reason),
  });
  await assert.rejects(rows.next(), (e) => e === reason);
  assert.equal(server.requests.length, 0);
});

// ----------------------------------------------------------- validation

Deno.test("rows: bad parameters and options are ValueErrors at once, before any request", async () => {
  await using server = await startTestServer();
  const client = testClient(server.url);
  const cases: [MatrixParams, MatrixRowsOptions, string][] = [
    [BLOCKS, { blockEntries: 9_999 }, "blockEntries"],
    [BLOCKS, { blockEntries: 100_000_001 }, "blockEntries"],
    [BLOCKS, { blockEntries: 20_000.5 }, "blockEntries"],
    [BLOCKS, { blockEntries: "1e6" as never }, "blockEntries"],
    [BLOCKS, { concurrency: 0 }, "concurrency"],
    [BLOCKS, { blocksAhead: -1 }, "blocksAhead"],
    [BLOCKS, { blocksAhead: 1.5 }, "blocksAhead"],
    [BLOCKS, { poll: { minDelayMs: -1 } }, "poll.minDelayMs"],
    [BLOCKS, { poll: { initialDelay: 1 } as never }, "poll.initialDelay"],
    [BLOCKS, { headers: 5 as never }, "headers"],
    [BLOCKS, { headers: { "x bad name": "1" } }, "headers"],
    [BLOCKS, { headers: [["x-trace", "a\nb"]] }, "headers"],
    [BLOCKS, { requestId: "a\nb" }, "requestId"],
    [BLOCKS, { requestId: 5 as never }, "requestId"],
    [{ ...BLOCKS, origins: [] }, {}, "origins"],
    [
      { ...BLOCKS, matrixAttributes: ["time" as never] },
      {},
      "matrixAttributes[0]",
    ],
    [
      {
        origins: many(2000),
        destinations: many(1000, "d"),
        regionDefinition: new WorldRegion(), // flexible: 1340 calls
      },
      {},
      "regionDefinition",
    ],
  ];
  for (const [params, options, name] of cases) {
    assert.throws(
      () => matrixRows(client, params, options),
      (e) => e instanceof ValueError && e.parameter === name,
      name,
    );
  }
  assert.match(
    String(caught(() => matrixRows(client, BLOCKS, { blockEntries: 5 }))),
    /blockEntries: must be an integer from 10,000 to 100,000,000/,
  );
  // Headers may hold a credential: the message does not show them.
  const secret = "Bearer secret\ntoken";
  const headersError = caught(() =>
    matrixRows(client, BLOCKS, { headers: { authorization: secret } })
  );
  assert.ok(headersError instanceof ValueError, String(headersError));
  assert.equal(
    headersError.message,
    "Invalid headers: must be HTTP headers with valid names and values",
  );
  assert.equal(server.requests.length, 0);
});

// ------------------------------------------------------------------- LS

Deno.test("rows: LS.matrixRows reads rows with the LS client", async () => {
  await using server = await startTestServer();
  server.route(SUBMIT, syncService);
  using ls = new LS({ apiKey: TEST_API_KEY, baseUrl: server.url });
  const origins = [point(0), point(1)];
  const destinations = [point(0, "d")];
  const rows = await collect(
    ls.matrixRows({ origins, destinations, regionDefinition: CIRCLE }),
  );
  assert.equal(server.requests[0].rawQuery, `async=false&${KEY_QUERY}`);
  checkRows(rows, origins, destinations, ["travelTimes"]);
});
