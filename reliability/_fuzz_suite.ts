// The fuzzing suite of fuzz_test.ts, in shards: the operations are dealt
// out by their index (every seed is still drawn from the one master seed,
// so each operation gets the inputs it always had), and each shard is its
// own test file, which `deno test --parallel` runs beside the others.

import assert from "node:assert/strict";
import { sandbox } from "./_harness.ts";
import { fuzzLine, fuzzOperation, fuzzRuns } from "./_fuzz.ts";
import { OPS } from "./_ops.ts";
import { DEFAULT_SEED, Random, seedFromEnv, soakScale } from "./_random.ts";

const SEED = seedFromEnv(DEFAULT_SEED);
const SCALE = soakScale();

/**
 * Registers the fuzz tests for shard `shard` (from 0) of `shards`: the
 * parameter pass, the RequestOptions pass and the second seed stream, each
 * over the operations whose index in OPS is `shard` modulo `shards`.
 */
export function fuzzShard(shard: number, shards: number): void {
  const mine = (i: number) => i % shards === shard;
  const part = `(part ${shard + 1} of ${shards})`;

  Deno.test(`fuzz: every operation ${part}, ${10_000 * SCALE} random parameter objects each: a ValueError before any request, or a call that resolves`, async (t) => {
    console.log(
      `fuzz master seed ${SEED} (replay: RELIABILITY_SEED=${SEED}), scale ${SCALE}`,
    );
    await using box = await sandbox({ preload: true });
    let i = 0;
    for (const [op, run] of fuzzRuns(SEED, SCALE, box.url)) {
      if (!mine(i++)) continue;
      await t.step(op.name, async () => {
        const s = await fuzzOperation(op, run);
        console.log(fuzzLine(s));
        assert.deepEqual(s.failures, [], s.failures.join("\n\n"));
        assert.equal(s.generated, run.count);
        // The generator must exercise both sides of the property.
        assert.ok(s.rejected > run.count * 0.2, `${s.rejected} rejected`);
        assert.ok(s.accepted > run.count * 0.1, `${s.accepted} accepted`);
        assert.equal(s.sent, run.wireBudget);
        assert.ok(
          s.resolved >= s.sent * 0.25,
          `${s.resolved} of ${s.sent} resolved`,
        );
      });
    }
  });

  Deno.test(`fuzz: RequestOptions (timeoutMs, deadlineMs, maxRetries, headers, requestId, signal, onProgress) on every operation ${part}`, async (t) => {
    await using box = await sandbox({ preload: true });
    let i = 0;
    for (const [op, run] of fuzzRuns(SEED, SCALE, box.url, true)) {
      if (!mine(i++)) continue;
      await t.step(op.name, async () => {
        const s = await fuzzOperation(op, run);
        console.log(`options ${fuzzLine(s)}`);
        assert.deepEqual(s.failures, [], s.failures.join("\n\n"));
      });
    }
  });

  Deno.test({
    name:
      `fuzz, second seed stream ${part}: parameters and RequestOptions, no failure at all`,
    fn: async () => {
      await using box = await sandbox({ preload: true });
      const seeds = new Random(SEED);
      const failures: string[] = [];
      for (const [i, op] of OPS.entries()) {
        for (const options of [false, true]) {
          // Drawn for every operation, so a shard's seeds are the ones the
          // whole stream gives it.
          const seed = Math.floor(seeds.next() * 2 ** 32);
          if (!mine(i)) continue;
          const s = await fuzzOperation(op, {
            seed,
            count: options ? 500 : 3_000,
            wireBudget: options ? 10 : 30,
            sandboxUrl: box.url,
            options,
          });
          failures.push(...s.failures);
        }
      }
      assert.deepEqual(failures, [], `${failures.length} failures`);
    },
  });
}
