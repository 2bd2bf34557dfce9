// No public signature exposes `any`: `deno doc --json` of every entry point
// each package exports (its deno.json "exports") is walked for the `any`
// keyword type, and each place it occurs is listed by symbol and path.

import assert from "node:assert/strict";

const root = new URL("../", import.meta.url);

/**
 * Known offenders, as `<package entry> <symbol path>`. Each is a place where
 * `any` is not ours to remove, or is being removed; empty it as they go.
 */
const ALLOWED = new Set([
  // @types/geojson's `GeoJsonProperties` is `{ [name: string]: any } | null`;
  // core re-exports the GeoJSON types so that Feature signatures are whole.
  "@ls/core GeoJsonProperties > [index]",
  "@ls/ls GeoJsonProperties > [index]",
  // zod's own `$ZodCheck<in T = never>` default, in the plumbing entry that
  // re-exports zod/mini building blocks (not covered by semver).
  "@ls/core/internal $ZodCheck",
  // The test server's recorded reply: `body: any` so that tests read parsed
  // JSON without casts (packages/core/_testing_server.ts, `Reply.body`).
  "@ls/core/testing Reply > body",
]);

interface Entry {
  name: string;
  path: string;
}

async function entries(): Promise<Entry[]> {
  const { workspace = [] } = JSON.parse(
    await Deno.readTextFile(new URL("deno.json", root)),
  ) as { workspace?: string[] };
  const found: Entry[] = [];
  for (const member of workspace) {
    const dir = new URL(`${member.replace(/\/?$/, "/")}`, root);
    const config = JSON.parse(
      await Deno.readTextFile(new URL("deno.json", dir)),
    ) as { name: string; exports: string | Record<string, string> };
    const exports = typeof config.exports === "string"
      ? { ".": config.exports }
      : config.exports;
    for (const [key, file] of Object.entries(exports)) {
      found.push({
        name: key === "." ? config.name : `${config.name}${key.slice(1)}`,
        path: new URL(file, dir).pathname,
      });
    }
  }
  return found;
}

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

/**
 * Where `any` occurs in `node`, as paths of the names met on the way (a
 * property, a parameter, a type parameter) and `[index]` for an index
 * signature.
 */
function anyPaths(node: Json, path: string[], out: string[]): void {
  if (Array.isArray(node)) {
    for (const item of node) anyPaths(item, path, out);
    return;
  }
  if (typeof node !== "object" || node === null) return;
  if (
    node.kind === "keyword" && (node.keyword === "any" || node.value === "any")
  ) {
    out.push(path.join(" > "));
    return;
  }
  const here = typeof node.name === "string" ? [...path, node.name] : path;
  for (const [key, value] of Object.entries(node)) {
    if (key === "location" || key === "jsDoc") continue;
    anyPaths(
      value,
      key === "indexSignatures" ? [...here, "[index]"] : here,
      out,
    );
  }
}

async function offenders(entry: Entry): Promise<string[]> {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["doc", "--json", entry.path],
    stdout: "piped",
    stderr: "piped",
  }).output();
  assert.ok(
    out.success,
    `deno doc ${entry.name}: ${new TextDecoder().decode(out.stderr)}`,
  );
  const doc = JSON.parse(new TextDecoder().decode(out.stdout)) as {
    nodes: Record<string, { symbols: { name: string; declarations: Json }[] }>;
  };
  const found: string[] = [];
  for (const module of Object.values(doc.nodes)) {
    for (const symbol of module.symbols) {
      const paths: string[] = [];
      for (const declaration of symbol.declarations as Json[]) {
        anyPaths(
          (declaration as { [k: string]: Json }).def ?? null,
          [symbol.name],
          paths,
        );
      }
      for (const p of new Set(paths)) found.push(`${entry.name} ${p}`);
    }
  }
  return found;
}

Deno.test("no public signature of any package exposes any", async () => {
  const list = await entries();
  assert.ok(list.some((e) => e.name === "@ls/ls"));
  const found = (await Promise.all(list.map(offenders))).flat();
  const unexpected = found.filter((f) => !ALLOWED.has(f));
  assert.deepEqual(unexpected, [], "`any` in a public signature");
  // An allowed offender that is gone is taken off the list.
  const stale = [...ALLOWED].filter((a) => !found.includes(a));
  assert.deepEqual(stale, [], "fixed: remove from ALLOWED");
});

Deno.test("the any walk finds an any where it hides", () => {
  const found: string[] = [];
  anyPaths(
    {
      kind: "function",
      params: [{
        kind: "identifier",
        name: "value",
        tsType: { kind: "union", value: [{ kind: "keyword", value: "any" }] },
      }],
    },
    ["f"],
    found,
  );
  assert.deepEqual(found, ["f > value"]);
});
