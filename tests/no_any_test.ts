// No public signature of any package exposes `any`: walks the JSON of
// `deno doc` for every entry point each package exports.

import assert from "node:assert/strict";

const root = new URL("../", import.meta.url);

async function entries(): Promise<string[]> {
  const out: string[] = [];
  for await (const dir of Deno.readDir(new URL("packages/", root))) {
    if (!dir.isDirectory) continue;
    const config = JSON.parse(
      await Deno.readTextFile(
        new URL(`packages/${dir.name}/deno.json`, root),
      ),
    );
    const exports = typeof config.exports === "string"
      ? { ".": config.exports }
      : config.exports ?? {};
    for (const path of Object.values(exports) as string[]) {
      out.push(`packages/${dir.name}/${path.replace(/^\.\//, "")}`);
    }
  }
  return out.sort();
}

/** Paths in `node` where a `{ kind: "keyword", keyword: "any" }` sits. */
function anys(node: unknown, path: string, found: string[]): void {
  if (Array.isArray(node)) {
    node.forEach((n, i) => anys(n, `${path}[${i}]`, found));
  } else if (typeof node === "object" && node !== null) {
    const o = node as Record<string, unknown>;
    if (o.kind === "keyword" && (o.value === "any" || o.keyword === "any")) {
      found.push(path);
    }
    for (const [k, v] of Object.entries(o)) {
      if (k !== "location" && k !== "jsDoc") anys(v, `${path}.${k}`, found);
    }
  }
}

Deno.test("no exported signature of any package exposes any", async () => {
  const files = await entries();
  assert.ok(files.length >= 10, files.join(", "));
  const { code, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
    args: ["doc", "--json", ...files],
    cwd: new URL(".", root).pathname,
    stdout: "piped",
    stderr: "piped",
  }).output();
  assert.equal(code, 0, new TextDecoder().decode(stderr));
  const doc = JSON.parse(new TextDecoder().decode(stdout));
  const offenders: string[] = [];
  let symbols = 0;
  for (const [file, entry] of Object.entries(doc.nodes ?? {})) {
    for (
      const symbol of (entry as { symbols?: { name: string }[] }).symbols ?? []
    ) {
      symbols++;
      const found: string[] = [];
      anys(symbol, "", found);
      if (found.length > 0) {
        offenders.push(
          `${symbol.name} (${file.replace(/.*\/packages\//, "")}): ${found[0]}`,
        );
      }
    }
  }
  assert.ok(symbols > 300, `only ${symbols} symbols read`);
  // Re-exported third-party types, not signatures of ours: zod's check type
  // (its own type parameters) and GeoJSON's properties (RFC 7946 allows any
  // JSON there). And the test server's parsed reply body in
  // @ls/core/testing, which tests read freely.
  const THIRD_PARTY = [
    "$ZodCheck (core/internal.ts)",
    "GeoJsonProperties (core/mod.ts)",
    "Reply (core/testing.ts)",
  ];
  assert.deepEqual(
    offenders.filter((o) => !THIRD_PARTY.some((t) => o.startsWith(t))),
    [],
  );
});
