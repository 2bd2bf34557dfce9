// `deno task bench:cold --quick`: one round of the cold-start benchmark, to
// keep the script working. It asserts what the script prints, never a figure.
import assert from "node:assert/strict";

Deno.test("the cold-start benchmark runs and prints its ratios", async () => {
  const root = new URL("../", import.meta.url).pathname;
  const { code, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
    args: ["task", "--quiet", "bench:cold", "--quick"],
    cwd: root,
    env: { NO_COLOR: "1" },
    stdout: "piped",
    stderr: "piped",
  }).output();
  const out = new TextDecoder().decode(stdout);
  assert.equal(code, 0, new TextDecoder().decode(stderr));
  for (const runtime of ["node", "deno"]) {
    assert.match(out, new RegExp(`^${runtime} \\S+$`, "m"));
    for (const bundle of ["empty", "ls", "geocoding"]) {
      assert.match(
        out,
        new RegExp(
          `^ratio ${runtime} ${bundle}/openai import \\d+\\.\\d\\d$`,
          "m",
        ),
      );
    }
  }
});

Deno.test("the cold-start benchmark refuses a flag it does not know, or one without its value", async () => {
  // Each was ignored, and the benchmark ran without what had been asked:
  // no baseline rows for `--baseline` given last, the default rounds for
  // `--runs=20`, nothing at all for a misspelt flag.
  const root = new URL("../", import.meta.url).pathname;
  for (
    const [flags, named] of [
      [["--quick", "--baseline"], "--baseline"],
      [["--quick", "--baseline", "--code-splitting"], "--baseline"],
      [["--quick", "--runs"], "--runs"],
      [["--runs=1e1"], "--runs"],
      [["--quick", "--basline", "HEAD"], "--basline"],
    ] as const
  ) {
    const { code, stderr } = await new Deno.Command(Deno.execPath(), {
      args: ["task", "--quiet", "bench:cold", ...flags],
      cwd: root,
      env: { NO_COLOR: "1" },
      stdout: "null",
      stderr: "piped",
    }).output();
    const err = new TextDecoder().decode(stderr);
    assert.equal(code, 2, `${flags.join(" ")}: ${err}`);
    assert.match(err, new RegExp(named), flags.join(" "));
  }
});

Deno.test("the cold-start benchmark leaves no temporary directory when the sandbox cannot start", async () => {
  const root = new URL("../", import.meta.url).pathname;
  const tmp = await Deno.makeTempDir();
  try {
    // Without read access to the npm packages, the sandbox's gazetteer
    // cannot load: the run fails before any bundle is made.
    const { code } = await new Deno.Command(Deno.execPath(), {
      args: [
        "run",
        `--allow-read=${root}scripts,${root}packages,${tmp}`,
        `--allow-write=${tmp}`,
        "--allow-run",
        "--allow-env",
        "--allow-net=127.0.0.1",
        "--allow-sys=loadavg",
        "scripts/cold_start.ts",
        "--quick",
      ],
      cwd: root,
      env: { NO_COLOR: "1", TMPDIR: tmp },
      stdout: "null",
      stderr: "null",
    }).output();
    assert.notEqual(code, 0);
    assert.deepEqual(await Array.fromAsync(Deno.readDir(tmp)), []);
  } finally {
    await Deno.remove(tmp, { recursive: true });
  }
});
