/**
 * Type-checks every TypeScript block of the user documentation (README.md,
 * CONTRIBUTING.md and docs/*.md) and runs each block that needs no HERE key.
 *
 * The convention, by the words after the opening fence:
 *
 * - `ts`: type-checked and run, as a test with the leak sanitizers on,
 *   network access to 127.0.0.1 only (what `deno task test` allows) and an
 *   environment without credentials (no HERE key), so it works offline: against the sandbox (`startSandbox` from `@ls/sandbox`)
 *   or a test server (`@ls/core/testing`).
 * - `ts no-run`: type-checked only, for a block that needs a real HERE key
 *   or another resource CI lacks (Deno KV, a file).
 * - `ts ignore` is refused in README.md and docs/: every block a user reads
 *   there is at least type-checked. CONTRIBUTING.md may use it for a sketch
 *   of library code that is not meant to compile. Shell commands and output
 *   use other languages (`sh`, `text`), which are neither checked nor run.
 *
 * Deno 2.9.6 knows only `ignore` among the attributes (it runs a `no-run`
 * block), so the type check is `deno check --doc-only` on the files as they
 * are, and the run is `deno task test` on copies in which `no-run` reads
 * `ignore`. The copies keep every line where it is, so a failure's line in
 * `.doc_blocks/README.md#12-30.ts` is line 12 to 30 of README.md. deno.json
 * keeps these files out of a bare `deno task test` (`test.exclude`), which
 * would run the `no-run` blocks.
 *
 * Usage: deno run --allow-read --allow-write --allow-run scripts/doc_blocks.ts
 *
 * @module
 */

const root = new URL("../", import.meta.url);
const deno = Deno.execPath();

/** The Markdown files whose blocks are checked, relative to the root. */
async function documents(): Promise<string[]> {
  const docs: string[] = [];
  for await (const entry of Deno.readDir(new URL("docs/", root))) {
    if (entry.isFile && entry.name.endsWith(".md")) {
      docs.push(`docs/${entry.name}`);
    }
  }
  return ["README.md", "CONTRIBUTING.md", ...docs.sort()];
}

/** The fence of a JavaScript or TypeScript block: its language and attributes. */
const FENCE =
  /^(\s*)(`{3,}|~{3,})\s*(ts|tsx|typescript|js|jsx|javascript)\b(.*)$/;

/**
 * What the runs may see of the environment: where Deno, its cache and a
 * proxy are, and nothing else. The blocks run with `--allow-env`; a HERE key
 * or `DENO_AUTH_TOKENS` in the shell that runs the check is not theirs.
 */
const KEPT =
  /^(PATH|HOME|USERPROFILE|SYSTEMROOT|TMPDIR|TEMP|TMP|APPDATA|LOCALAPPDATA|XDG_CACHE_HOME|DENO_DIR|NPM_CONFIG_REGISTRY|NO_COLOR|DENO_NO_UPDATE_CHECK|(HTTPS?|NO|ALL)_PROXY)$/i;

async function run(args: string[]): Promise<boolean> {
  const env = Object.fromEntries(
    Object.entries(Deno.env.toObject()).filter(([name]) => KEPT.test(name)),
  );
  const { success } = await new Deno.Command(deno, {
    args,
    cwd: root,
    clearEnv: true,
    env,
    stdout: "inherit",
    stderr: "inherit",
  }).output();
  return success;
}

const files = await documents();
const refused: string[] = [];
/** The files with blocks to run, and their copies with `no-run` as `ignore`. */
const copies = new Map<string, string>();
let checked = 0;
let skipped = 0;
for (const file of files) {
  const lines = (await Deno.readTextFile(new URL(file, root))).split("\n");
  let runs = 0;
  lines.forEach((line, i) => {
    const m = FENCE.exec(line);
    if (!m) return;
    const attributes = m[4].trim().split(/\s+/).filter(Boolean);
    if (attributes.includes("ignore")) {
      if (file !== "CONTRIBUTING.md") {
        refused.push(`${file}:${i + 1}: ${line.trim()}`);
      }
      return;
    }
    checked++;
    if (attributes.includes("no-run")) {
      skipped++;
      lines[i] = `${m[1]}${m[2]}${m[3]} ignore ${m[4].trim()}`;
    } else runs++;
  });
  if (runs > 0) copies.set(file, lines.join("\n"));
}
if (refused.length > 0) {
  console.error(
    "These blocks are neither type-checked nor run; write `ts` (run) or " +
      "`ts no-run` (type-checked only):\n  " + refused.join("\n  "),
  );
  Deno.exit(1);
}

console.log(`type-checking ${checked} blocks in ${files.length} files`);
if (!await run(["check", "--doc-only", ...files])) Deno.exit(1);

console.log(`running ${checked - skipped} blocks (${skipped} are no-run)`);
const dir = new URL(".doc_blocks/", root);
await Deno.remove(dir, { recursive: true }).catch(() => {});
let ok = false;
try {
  for (const [file, text] of copies) {
    const copy = new URL(file, dir);
    await Deno.mkdir(new URL("./", copy), { recursive: true });
    await Deno.writeTextFile(copy, text);
  }
  ok = await run([
    "task",
    "test",
    ...[...copies.keys()].map((f) => `.doc_blocks/${f}`),
  ]);
} finally {
  await Deno.remove(dir, { recursive: true });
}
if (!ok) Deno.exit(1);
