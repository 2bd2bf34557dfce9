// Item 7: fuzzing. A seeded generator makes 10,000 random parameter objects
// per LS operation (× SOAK_SCALE): wrong types, NaN, Infinity, huge arrays,
// empty strings, odd unicode, boundary values, unknown keys, frozen objects,
// non-objects. Each either throws a ValueError before any request (naming
// the parameter) or reaches fetch; nothing else escapes. The first 50
// accepted inputs per operation (20 for tour planning; × SOAK_SCALE) go to a
// real sandbox over loopback and must resolve; the rest are checked against
// a counting fetch (see _fuzz.ts). A second pass fuzzes RequestOptions.
//
// The master seed is fixed (DEFAULT_SEED) so that CI is reproducible; set
// RELIABILITY_SEED to explore other streams or to replay a soak failure
// (scripts/soak.ts draws a fresh seed each run). The seed is printed.

import assert from "node:assert/strict";
import { LS } from "@ls/ls";
import { clientOptions, leakCheck, sandbox, settles } from "./_harness.ts";
import { fuzzLine, fuzzOperation, fuzzSizes, KNOWN_BUGS } from "./_fuzz.ts";
import { OPS } from "./_ops.ts";
import { DEFAULT_SEED, Random, seedFromEnv, soakScale } from "./_random.ts";

const SEED = seedFromEnv(DEFAULT_SEED);
const SCALE = soakScale();

Deno.test(`fuzz: every operation, ${10_000 * SCALE} random parameter objects each: a ValueError before any request, or a call that resolves`, async (t) => {
  console.log(
    `fuzz master seed ${SEED} (replay: RELIABILITY_SEED=${SEED}), scale ${SCALE}`,
  );
  await using box = await sandbox({ preload: true });
  const seeds = new Random(SEED);
  for (const op of OPS) {
    const seed = Math.floor(seeds.next() * 2 ** 32);
    await t.step(op.name, async () => {
      const sizes = fuzzSizes(op, SCALE);
      const s = await fuzzOperation(op, {
        seed,
        count: sizes.count,
        wireBudget: sizes.wireBudget,
        sandboxUrl: box.url,
      });
      console.log(fuzzLine(s));
      assert.deepEqual(s.failures, [], s.failures.join("\n\n"));
      assert.equal(s.generated, sizes.count);
      // The generator must exercise both sides of the property.
      assert.ok(s.rejected > sizes.count * 0.2, `${s.rejected} rejected`);
      assert.ok(s.accepted > sizes.count * 0.1, `${s.accepted} accepted`);
      assert.equal(s.sent, sizes.wireBudget);
      assert.ok(
        s.resolved >= s.sent * 0.25,
        `${s.resolved} of ${s.sent} resolved`,
      );
    });
  }
});

Deno.test(`fuzz: RequestOptions (timeoutMs, deadlineMs, maxRetries, headers, requestId, signal, onProgress) on every operation`, async (t) => {
  await using box = await sandbox({ preload: true });
  const seeds = new Random(SEED ^ 0x5eed);
  for (const op of OPS) {
    const seed = Math.floor(seeds.next() * 2 ** 32);
    await t.step(op.name, async () => {
      const sizes = fuzzSizes(op, SCALE);
      const s = await fuzzOperation(op, {
        seed,
        count: sizes.optionsCount,
        wireBudget: sizes.optionsWire,
        sandboxUrl: box.url,
        options: true,
      });
      console.log(`options ${fuzzLine(s)}`);
      assert.deepEqual(s.failures, [], s.failures.join("\n\n"));
    });
  }
});

Deno.test({
  name: "fuzz, strict: no failure at all, reported bugs included",
  // BUG: the reported bugs that the two tests above count apart (fuzz.ts
  // KNOWN_BUGS), each with a minimal repro in the report:
  // - lone-surrogate-URIError: packages/core/query.ts:23 encodeContent →
  //   encodeURIComponent throws "URIError: URI malformed" for a lone
  //   surrogate ("\uD800") in any query-string text (geocode query, lookup
  //   locationId, products, nameHint, ...) instead of a ValueError.
  // - url-over-64KiB: a query over 64 KiB (e.g. a 100,000-character query)
  //   is rejected by fetch ("Invalid URL"); the client retries it as a
  //   ConnectionError with the whole 100 kB URL in the message.
  // - routingMode-short-per-mode / uTurns-per-mode: routing.md says
  //   routingMode=short only for car and truck (E605012) and avoid uTurns not
  //   for pedestrian, bicycle, scooter (E605011); bicycleRoute,
  //   scooterRoute, pedestrianRoute and calculateIsoline send them anyway.
  // - tour-demand-required: tour.md's task shape has a required `demand`;
  //   packages/tour/problem.ts makes it optional and the sandbox answers 400.
  // - unserialisable-body-field: a BigInt or a cycle in a field that
  //   packages/tour/problem.ts passes through (loose fleet/plan objects)
  //   escapes as a raw TypeError from JSON.stringify in Client.#target.
  // - matrix-truck-message: packages/matrix/matrix.ts validate() puts
  //   JSON.stringify(transportMode) in the "truck requires transportMode
  //   truck" message unguarded and untruncated: a cyclic transportMode gives
  //   a TypeError, a 100,000-character one a 100 kB ValueError message.
  // - matrix-deadlineMs-unvalidated: packages/matrix/matrix.ts computes its
  //   deadline from options.deadlineMs unchecked ("", "0", false, 0 → a
  //   TimeoutError before any request; {}, 10n, a Symbol → a raw TypeError).
  // - onProgress-unguarded: packages/core/poller.ts pollJob() calls
  //   options.onProgress unchecked and unguarded; solveTourPlanning passes the
  //   caller's through, so onProgress: "x" fails an async tour job with
  //   "TypeError: onProgress is not a function" after it was submitted
  //   (matrix wraps it and is fine).
  // - zod-check-on-wrong-type: packages/core/validate.ts nonEmptyString
  //   (z.string().check(z.minLength(1))) runs the length check on a
  //   non-string (and z.array's on a non-array); { length: <null-prototype
  //   object> } or { length: Symbol() } as e.g. transportMode or
  //   countryCodes throws "TypeError: Cannot convert object to primitive
  //   value" / "Cannot convert a Symbol value to a number" from zod.
  // - untruncated-message: ValueError rules that embed caller data in full
  //   (packages/tour/problem.ts checkFleet lists every profile name; matrix's
  //   truck rule the whole transportMode): 100 kB messages.
  // - signal-not-AbortSignal, invalid-headers: RequestOptions not validated
  //   (see the two ignored tests below).
  ignore: true,
  fn: async () => {
    await using box = await sandbox({ preload: true });
    const seeds = new Random(SEED);
    const failures: string[] = [];
    for (const op of OPS) {
      for (const options of [false, true]) {
        const s = await fuzzOperation(op, {
          seed: Math.floor(seeds.next() * 2 ** 32),
          count: options ? 500 : 3_000,
          wireBudget: options ? 10 : 30,
          sandboxUrl: box.url,
          options,
          strict: true,
        });
        failures.push(...s.failures);
      }
    }
    assert.deepEqual(
      failures,
      [],
      `${failures.length} failures; known: ${KNOWN_BUGS.map((b) => b.id)}`,
    );
  },
});

Deno.test({
  name:
    'a falsy RequestOptions.signal (false, 0, "") is a ValueError, not a crash',
  // BUG: packages/core/_timers.ts sleep() schedules its timer, then calls
  // signal?.addEventListener; for a falsy non-nullish signal (false, 0, "",
  // NaN), `signal?.` does not short-circuit, addEventListener is undefined,
  // the Promise rejects with "TypeError: signal?.addEventListener is not a
  // function", and the orphaned timer later runs
  // signal?.removeEventListener(...) → an UNCAUGHT TypeError that kills the
  // process. Reached by any backoff, rate-limit wait or poll, e.g.
  // ls.geocode({ query: "Berlin" }, { signal: false }) against a 503 with
  // Retry-After. packages/core/client.ts #run lets such a signal through
  // (`signal ? AbortSignal.any(...) : ...`). Expected: ValueError("signal",
  // "must be an AbortSignal") before any request, for every non-AbortSignal.
  ignore: true,
  fn: async () => {
    await using box = await sandbox({
      faults: [{ path: "/v1/geocode", status: 503, retryAfter: "1" }],
    });
    const ls = new LS(
      clientOptions(box.url, { maxRetryAfterMs: 20, maxRetries: 1 }),
    );
    for (const signal of [false, 0, "", {}, "signal"]) {
      await assert.rejects(
        ls.geocode({ query: "Berlin" }, {
          signal: signal as unknown as AbortSignal,
        }),
        (e: Error) => e.name === "ValueError",
      );
    }
    await new Promise((r) => setTimeout(r, 100)); // an orphaned timer would fire here
  },
});

Deno.test({
  name:
    "RequestOptions.headers / requestId that are not valid headers: a ValueError, never retried",
  // BUG: packages/core/client.ts #run builds `new Headers(options.headers)`
  // and sets x-request-id inside the attempt's try; a TypeError there ("Invalid
  // header name", "Failed to construct 'Headers'") becomes a ConnectionError
  // and is retried with backoff although nothing was sent. With
  // { headers: -1, maxRetries: 2 ** 31 } the call spins for ever (no request
  // ever leaves). Expected: ValueError("headers" / "requestId") before any
  // attempt.
  ignore: true,
  fn: async () => {
    await using box = await sandbox();
    const ls = new LS(clientOptions(box.url));
    for (
      const options of [{ headers: -1 }, { headers: { "bad name": "x" } }, {
        requestId: "a\nb",
      }]
    ) {
      await assert.rejects(
        settles(
          ls.geocode(
            { query: "Berlin" },
            { ...options, maxRetries: 2 ** 31 } as never,
          ),
          5_000,
        ),
        (e: Error) => e.name === "ValueError",
      );
    }
    assert.equal(box.requests.length, 0);
  },
});

leakCheck(16);
