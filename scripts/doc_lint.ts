/**
 * Runs `deno doc --lint` for every workspace package: its entry points (the
 * `exports` of its deno.json) together with those of the workspace packages
 * it imports (their public entries: `@ls/core/internal` is left out), so a
 * type another package exports counts as public, as it does on the
 * registry, and a public signature that uses plumbing is an error. Exits 1 when any package has a documentation lint
 * error, naming the package.
 *
 * Findings located in `node_modules` are not counted: they are the missing
 * docs of third-party declarations that core re-exports so that the public
 * signatures using them are complete (the GeoJSON types of `@types/geojson`,
 * and zod's schema types in `@ls/core/internal`); they cannot be fixed here.
 *
 * Usage: deno run --allow-read --allow-run scripts/doc_lint.ts
 *
 * @module
 */

import { workspaceMembers } from "./_workspace.ts";

const root = new URL("../", import.meta.url);

interface Member {
  name: string;
  dir: URL;
  entries: string[];
}

const members: Member[] = (await workspaceMembers(
  decodeURIComponent(root.pathname).replace(/\/$/, ""),
)).map((m) => ({
  name: m.name,
  dir: new URL(`${m.folder}/`, root),
  entries: m.entries.map((e) => new URL(e, root).pathname),
}));

/** The workspace packages a member's files import, found by their names. */
async function dependencies(member: Member): Promise<Member[]> {
  const seen = new Set<string>();
  for await (const file of walk(member.dir)) {
    const text = await Deno.readTextFile(file);
    for (const m of text.matchAll(/from "(@ls\/[a-z]+)(\/[a-z]+)?"/g)) {
      seen.add(m[1]);
    }
  }
  seen.delete(member.name);
  return members.filter((m) => seen.has(m.name));
}

async function* walk(dir: URL): AsyncGenerator<URL> {
  for await (const entry of Deno.readDir(dir)) {
    const url = new URL(entry.name + (entry.isDirectory ? "/" : ""), dir);
    if (entry.isDirectory && entry.name !== "testdata") yield* walk(url);
    else if (/(?<!_test|_bench)\.ts$/.test(entry.name)) yield url;
  }
}

/** Each error with its location, those in third-party code left out. */
function findings(stderr: string): string[] {
  const out: string[] = [];
  let pending: string | undefined;
  for (const line of stderr.split("\n")) {
    if (line.startsWith("error[")) pending = line;
    const at = line.match(/^\s*--> (.*)$/);
    if (at && pending !== undefined) {
      if (!at[1].includes("/node_modules/")) out.push(`${pending} at ${at[1]}`);
      pending = undefined;
    }
  }
  return out;
}

let failed = 0;
for (const member of members) {
  const deps = await dependencies(member);
  const args = ["doc", "--lint", ...member.entries];
  // Another package's internal entry does not count as public: a public
  // signature must not lean on plumbing (or on zod's types, which only
  // that entry re-exports).
  for (const dep of deps) {
    args.push(...dep.entries.filter((e) => !e.endsWith("/internal.ts")));
  }
  const out = await new Deno.Command(Deno.execPath(), {
    args,
    stdout: "null",
    stderr: "piped",
    env: { NO_COLOR: "1" },
  }).output();
  const errors = findings(new TextDecoder().decode(out.stderr));
  if (errors.length === 0) {
    console.log(`${member.name}: clean`);
  } else {
    failed++;
    console.log(`${member.name}: ${errors.length} doc lint errors`);
    for (const line of errors) console.log(`  ${line}`);
  }
}
if (failed > 0) {
  console.error(`${failed} package(s) have documentation lint errors`);
  Deno.exit(1);
}
