// `deno task size` gates CI: a package over its budget fails the run.
import assert from "node:assert/strict";

const root = new URL("../", import.meta.url);

async function size(...args: string[]) {
  const { code, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "scripts/size.ts", "--only", "geocoding", ...args],
    cwd: root,
    stdout: "piped",
    stderr: "piped",
  }).output();
  const text = new TextDecoder();
  return { code, out: text.decode(stdout), err: text.decode(stderr) };
}

Deno.test("size: a package within its budget passes", async () => {
  const { code, out } = await size("--budget", "geocoding=1000000");
  assert.equal(code, 0);
  assert.match(
    out,
    /@ls\/geocoding +\d+ B min +\d+ B min\+gzip +\(budget 1000000 B\)\n/,
  );
});

Deno.test("size: a package over its budget fails the run", async () => {
  const { code, out, err } = await size("--budget", "geocoding=1000");
  assert.equal(code, 1);
  assert.match(out, /\(budget 1000 B: OVER\)/);
  assert.match(err, /A package is over its size budget/);
});

Deno.test("size: --report-only prints the verdict and exits 0", async () => {
  const { code, out } = await size(
    "--budget",
    "geocoding=1000",
    "--report-only",
  );
  assert.equal(code, 0);
  assert.match(out, /OVER/);
});

Deno.test("size: a malformed budget or an unknown package is refused", async () => {
  assert.match(
    (await size("--budget", "geocoding=ten")).err,
    /Invalid --budget/,
  );
  assert.match(
    (await size("--only", "nope")).err,
    /Invalid --only: no package "nope"/,
  );
});

Deno.test("size: --budget names a package of its own, and one byte count", async () => {
  // Names every object inherits, and a pair with a second "=", were taken as
  // budgets: the run went on as if the flag had not been given.
  for (
    const pair of [
      "toString=5",
      "constructor=1",
      "__proto__=5",
      "hasOwnProperty=1",
      "geocoding=10=20",
    ]
  ) {
    const { code, err } = await size("--budget", pair);
    assert.equal(code, 1, pair);
    assert.match(err, /Invalid --budget: expected NAME=BYTES/, pair);
  }
});
