// Four separate processes share one rate budget through one Deno KV file:
// the loopback server must see the budget's rate in aggregate (never more,
// and not far less), and killing one worker mid-run must not cost the others
// their turns.

import assert from "node:assert/strict";
import { startTestServer } from "@ls/core/testing";

const WORKER = new URL("./_kv_worker.ts", import.meta.url).pathname;
const CONFIG = new URL("../deno.json", import.meta.url).pathname;
const BUDGET = 20;
const WORKERS = 4;
/** How long the server lets the workers run once the first request came. */
const RUN_MS = 7_000;
const KILL_AT_MS = 3_000;

Deno.test({
  name:
    "KvLimiter: four processes on one KV file keep to one budget, and a killed one costs the others nothing",
  sanitizeResources: true,
  async fn() {
    const dir = await Deno.makeTempDir();
    await using server = await startTestServer();
    let first: number | undefined;
    const seen: { at: number; worker: string }[] = [];
    server.route("GET /v1/geocode", (req) => {
      const at = performance.now();
      first ??= at;
      seen.push({ at: at - first, worker: req.query.get("apiKey")! });
      return Response.json({ items: [], stop: at - first > RUN_MS });
    });
    const children = Array.from(
      { length: WORKERS },
      (_, i) =>
        new Deno.Command(Deno.execPath(), {
          args: [
            "run",
            "--quiet",
            "--unstable-kv",
            `--config=${CONFIG}`,
            "--allow-net=127.0.0.1",
            "--allow-read",
            "--allow-write",
            WORKER,
            `${dir}/budget.kv`,
            server.url,
            String(BUDGET),
            String(i),
          ],
          stdin: "null",
          stdout: "null",
          stderr: "piped",
        }).spawn(),
    );
    try {
      // Kill worker 0 once the run is well under way.
      while (first === undefined || performance.now() - first < KILL_AT_MS) {
        await new Promise((r) => setTimeout(r, 50));
      }
      children[0].kill("SIGKILL");
      const statuses = await Promise.all(children.map((c) => c.output()));
      for (const [i, s] of statuses.entries()) {
        if (i > 0) {
          assert.equal(
            s.code,
            0,
            `worker ${i}: ${new TextDecoder().decode(s.stderr)}`,
          );
        }
      }
    } finally {
      for (const c of children) {
        try {
          c.kill("SIGKILL");
        } catch {
          // already gone
        }
      }
      await Deno.remove(dir, { recursive: true });
    }

    // Never over the budget. The limiter spaces request starts; the server
    // sees arrivals, which a cold connection or a busy machine delays by a
    // few ms each, so a one-second window may hold one arrival more than
    // the starts it holds, and one more for the turn at its edge. Over the
    // whole run the count is the budget's, exactly.
    const times = seen.map((s) => s.at).sort((a, b) => a - b);
    const busiest = (windowMs: number) => {
      let most = 0;
      for (let i = 0, j = 0; i < times.length; i++) {
        while (times[i] - times[j] >= windowMs) j++;
        most = Math.max(most, i - j + 1);
      }
      return most;
    };
    assert.ok(busiest(1000) <= BUDGET + 2, `${busiest(1000)} within 1 s`);
    assert.ok(busiest(3000) <= 3 * BUDGET + 2, `${busiest(3000)} within 3 s`);
    const total = seen.filter((s) => s.at < RUN_MS).length;
    assert.ok(total <= BUDGET * RUN_MS / 1000 + 1, `${total} in ${RUN_MS} ms`);

    // Not far below it, before and after the kill, over more than 5 s.
    const within = (from: number, to: number) =>
      seen.filter((s) => s.at >= from && s.at < to);
    const rate = (from: number, to: number) =>
      within(from, to).length / ((to - from) / 1000);
    assert.ok(RUN_MS - 1000 >= 5000);
    assert.ok(rate(1000, RUN_MS) >= BUDGET * 0.7, `rate ${rate(1000, RUN_MS)}`);
    const after = KILL_AT_MS + 500;
    assert.ok(
      rate(after, RUN_MS) >= BUDGET * 0.7,
      `rate after the kill ${rate(after, RUN_MS)}`,
    );
    // Every surviving worker kept getting turns after the kill.
    const survivors = new Set(within(after, RUN_MS).map((s) => s.worker));
    assert.deepEqual([...survivors].sort(), [
      "worker-1",
      "worker-2",
      "worker-3",
    ]);
    // And the killed one was sending before it died.
    assert.ok(seen.some((s) => s.worker === "worker-0"));
  },
});
