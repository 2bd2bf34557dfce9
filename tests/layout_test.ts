// The layout rules of CONTRIBUTING.md, held against the code: a file's
// leading `_` means exactly "exported by no entry"; no library file is over
// 500 lines (the polyline codec aside); no function in core is over 80 lines
// (the codec's decode loops aside); no package has an import circle, type
// imports included; and `@ls/core/internal` lists only names a package
// outside core uses.

import assert from "node:assert/strict";
import ts from "typescript";

const root = new URL("../", import.meta.url);

interface Member {
  dir: string;
  entries: string[];
}

async function members(): Promise<Member[]> {
  const { workspace } = JSON.parse(
    await Deno.readTextFile(new URL("deno.json", root)),
  ) as { workspace: string[] };
  const out: Member[] = [];
  for (const path of workspace) {
    const dir = path.replace(/^\.\//, "");
    const { exports } = JSON.parse(
      await Deno.readTextFile(new URL(`${dir}/deno.json`, root)),
    ) as { exports: string | Record<string, string> };
    const list = typeof exports === "string"
      ? [exports]
      : Object.values(exports);
    out.push({ dir, entries: list.map((e) => join(dir, e)) });
  }
  return out;
}

/** `a/b` + `./c/../d.ts` → `a/b/d.ts`. */
function join(dir: string, rel: string): string {
  const parts = dir.split("/");
  for (const p of rel.split("/")) {
    if (p === "." || p === "") continue;
    if (p === "..") parts.pop();
    else parts.push(p);
  }
  return parts.join("/");
}

function dirname(path: string): string {
  return path.slice(0, path.lastIndexOf("/"));
}

/** The library files of a package: not tests, benches or test helpers. */
async function libraryFiles(dir: string, all = false): Promise<string[]> {
  const out: string[] = [];
  async function walk(d: string): Promise<void> {
    for await (const e of Deno.readDir(new URL(d + "/", root))) {
      const path = `${d}/${e.name}`;
      if (e.isDirectory) {
        if (e.name !== "testdata" && e.name !== "node_modules") {
          await walk(path);
        }
      } else if (
        e.name.endsWith(".ts") &&
        (all ||
          (!/_(test|bench)\.ts$/.test(e.name) && !e.name.startsWith("_test_")))
      ) out.push(path);
    }
  }
  await walk(dir);
  return out.sort();
}

const read = (path: string): Promise<string> =>
  Deno.readTextFile(new URL(path, root));

/** The relative files a file imports or re-exports, type imports included. */
function imports(path: string, text: string): string[] {
  const out: string[] = [];
  for (
    const m of text.matchAll(/(?:from|import)\s*\(?\s*"(\.{1,2}\/[^"]+)"/g)
  ) {
    out.push(join(dirname(path), m[1]));
  }
  return out;
}

const PACKAGES = await members();

Deno.test("layout: a file's leading _ means exactly that no entry exports from it", async () => {
  const wrong: string[] = [];
  for (const { dir, entries } of PACKAGES) {
    const exported = new Set<string>();
    for (const entry of entries) {
      const text = await read(entry);
      for (
        const m of text.matchAll(
          /export\s+(?:type\s+)?(?:\*|\{[^}]*\})\s*from\s*"(\.[^"]+)"/g,
        )
      ) {
        exported.add(join(dirname(entry), m[1]));
      }
    }
    for (const file of await libraryFiles(dir)) {
      if (entries.includes(file)) continue;
      const underscored = file.slice(file.lastIndexOf("/") + 1).startsWith("_");
      if (underscored && exported.has(file)) {
        wrong.push(`${file}: an entry exports from it`);
      }
      if (!underscored && !exported.has(file)) {
        wrong.push(`${file}: no entry exports from it`);
      }
    }
  }
  assert.deepEqual(wrong, []);
});

Deno.test("layout: no library file is over 500 lines, the polyline codec aside", async () => {
  const long: string[] = [];
  for (const { dir } of PACKAGES) {
    for (const file of await libraryFiles(dir)) {
      if (file === "packages/core/geo/polyline.ts") continue;
      const lines = (await read(file)).split("\n").length - 1;
      if (lines > 500) long.push(`${file}: ${lines} lines`);
    }
  }
  assert.deepEqual(long, []);
});

Deno.test("layout: no function in core is over 80 lines, the polyline decode loops aside", async () => {
  const long: string[] = [];
  for (const file of await libraryFiles("packages/core")) {
    const source = ts.createSourceFile(
      file,
      await read(file),
      ts.ScriptTarget.Latest,
      true,
    );
    const visit = (node: ts.Node): void => {
      if (ts.isFunctionLike(node) && "body" in node && node.body) {
        const start =
          source.getLineAndCharacterOfPosition(node.getStart()).line;
        const end = source.getLineAndCharacterOfPosition(node.end).line;
        const name = node.name?.getText(source) ?? "(anonymous)";
        const allowed = file.endsWith("/polyline.ts") && /^decode/.test(name);
        if (end - start + 1 > 80 && !allowed) {
          long.push(`${file}:${start + 1} ${name}: ${end - start + 1} lines`);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  assert.deepEqual(long, []);
});

Deno.test("layout: no package has an import circle, type imports included", async () => {
  const circles: string[] = [];
  for (const { dir } of PACKAGES) {
    const files = await libraryFiles(dir);
    const edges = new Map<string, string[]>();
    for (const file of files) {
      edges.set(
        file,
        imports(file, await read(file)).filter((f) => files.includes(f)),
      );
    }
    // Tarjan's strongly connected components.
    let index = 0;
    const idx = new Map<string, number>();
    const low = new Map<string, number>();
    const stack: string[] = [];
    const onStack = new Set<string>();
    const connect = (v: string): void => {
      idx.set(v, index);
      low.set(v, index++);
      stack.push(v);
      onStack.add(v);
      for (const w of edges.get(v) ?? []) {
        if (!idx.has(w)) {
          connect(w);
          low.set(v, Math.min(low.get(v)!, low.get(w)!));
        } else if (onStack.has(w)) {
          low.set(v, Math.min(low.get(v)!, idx.get(w)!));
        }
      }
      if (low.get(v) === idx.get(v)) {
        const component: string[] = [];
        let w: string;
        do {
          w = stack.pop()!;
          onStack.delete(w);
          component.push(w);
        } while (w !== v);
        if (component.length > 1) circles.push(component.sort().join(" ↔ "));
      }
    };
    for (const file of files) if (!idx.has(file)) connect(file);
  }
  assert.deepEqual(circles, []);
});

/**
 * Types that no package outside core names, but that a used name's signature
 * refers to: `deno doc --lint` wants every type of an exported signature
 * exported too.
 */
const SIGNATURE_TYPES: readonly string[] = [
  "ZodMiniType",
  "$ZodCheck",
  "CheckKeysOptions",
  "DateTimeFormatOptions",
  "WaypointParams",
  "AppendEvOptions",
  "AvoidAreaJson",
  "BodyChunks",
  "ReadGuard",
  "Job",
  "JobAcceptance",
  "JobResult",
  "PollTiming",
  "OAuthBaseStringInput",
  "OAuthHeaderInput",
  "OAuthSignInput",
  "SearchEntries",
  "SearchRow",
];

Deno.test("layout: @ls/core/internal lists its names, each used by another package (its library or its tests)", async () => {
  const text = await read("packages/core/internal.ts");
  assert.doesNotMatch(text, /export \*/);
  const exported = new Set<string>();
  for (const m of text.matchAll(/export\s+(?:type\s+)?\{([^}]*)\}/g)) {
    for (const name of m[1].split(",")) {
      const n = name.replace(/\btype\b/, "").trim();
      if (n) exported.add(n);
    }
  }
  const used = new Set<string>();
  for (const { dir } of PACKAGES) {
    if (dir === "packages/core") continue;
    for (const file of await libraryFiles(dir, true)) {
      const source = await read(file);
      for (
        const m of source.matchAll(
          /import\s+(?:type\s+)?\{([^}]*)\}\s*from\s*"@ls\/core\/internal"/g,
        )
      ) {
        for (const name of m[1].split(",")) {
          used.add(name.replace(/\btype\b/, "").split(" as ")[0].trim());
        }
      }
    }
  }
  const unused = [...exported].filter((n) =>
    !used.has(n) && !SIGNATURE_TYPES.includes(n)
  );
  assert.deepEqual(unused, []);
  const missing = SIGNATURE_TYPES.filter((n) => !exported.has(n));
  assert.deepEqual(
    missing,
    [],
    "a signature type listed here that internal.ts no longer exports",
  );
});
