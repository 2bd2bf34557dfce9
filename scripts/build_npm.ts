/**
 * Builds every publishable workspace package into `dist/<pkg>/` for npm:
 * ESM `.js`, `.d.ts` and a `package.json` with its dependencies. The type
 * check runs with the DOM and ES libraries only — no Deno or Node types — so
 * an entry point that touches `Deno.*`, `process` or `node:*` fails the build:
 * this is the edge-safety check. The Node entries (`@ls/core/file`) are
 * compiled apart, against a declaration of the few `node:*` APIs they use.
 * Declarations that mention `Symbol.dispose` reference a shim that declares
 * it, so they type-check without the `esnext.disposable` lib.
 *
 * Usage: deno run -A scripts/build_npm.ts
 *
 * @module
 */

import ts from "typescript";

const root = new URL("../", import.meta.url).pathname;
const dist = `${root}dist/`;
const tscOut = `${dist}_tsc/`;

interface DenoConfig {
  name?: string;
  version?: string;
  workspace?: string[];
  imports?: Record<string, string>;
  exports?: string | Record<string, string>;
}

const rootConfig: DenoConfig = JSON.parse(
  await Deno.readTextFile(`${root}deno.json`),
);
/** Packages that only make sense on Deno (they use Deno.serve). */
const DENO_ONLY = new Set(["sandbox"]);
const members = (rootConfig.workspace ?? [])
  .map((p) => p.replace(/^\.\/packages\//, ""))
  .filter((m) => !DENO_ONLY.has(m));

const configs = new Map<string, DenoConfig>();
for (const m of members) {
  configs.set(
    m,
    JSON.parse(await Deno.readTextFile(`${root}packages/${m}/deno.json`)),
  );
}

/** npm package name and version of an import-map entry like "npm:zod@4.6.7". */
function npmSpec(specifier: string): [string, string] {
  const m = /^npm:(@?[^@]+)@(.+)$/.exec(specifier);
  if (!m) throw new Error(`Not an npm: specifier: ${specifier}`);
  return [m[1], m[2]];
}

/** A member's entry points: "." and its subpaths ("./internal", …). */
function entries(m: string): Record<string, string> {
  const exports = configs.get(m)!.exports ?? "./mod.ts";
  return typeof exports === "string" ? { ".": exports } : exports;
}

const paths: Record<string, string[]> = {};
for (const m of members) {
  for (const [sub, file] of Object.entries(entries(m))) {
    const specifier = sub === "." ? `@ls/${m}` : `@ls/${m}/${sub.slice(2)}`;
    paths[specifier] = [`packages/${m}/${file.replace(/^\.\//, "")}`];
  }
}
paths["geojson"] = ["node_modules/@types/geojson/index.d.ts"];

const options: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  lib: [
    "lib.es2023.d.ts",
    "lib.esnext.disposable.d.ts",
    "lib.dom.d.ts",
    "lib.dom.iterable.d.ts",
    "lib.dom.asynciterable.d.ts",
  ],
  types: [],
  strict: true,
  declaration: true,
  outDir: tscOut,
  rootDir: `${root}packages`,
  baseUrl: root,
  paths,
  allowImportingTsExtensions: true,
  rewriteRelativeImportExtensions: true,
  skipLibCheck: true,
  noEmitOnError: true,
  newLine: ts.NewLineKind.LineFeed,
};

/** Entries that only run on Deno (`Deno.serve`): not built for npm. */
const DENO_ONLY_ENTRIES = new Set(["@ls/core/testing"]);
/**
 * Entries for Deno and Node, not for edge runtimes: they import `node:*`
 * modules, so they are compiled against {@linkcode NODE_STUB} instead of
 * taking part in the web-standard-only check.
 */
const NODE_ENTRIES = new Set(["@ls/core/file"]);
/** The part of Node's API the Node entries use, declared for the compiler. */
const NODE_STUB = `declare module "node:fs/promises" {
  export function readFile(path: string): Promise<Uint8Array>;
}
declare module "node:os" {
  export function homedir(): string;
}
declare module "node:path" {
  export function join(...parts: string[]): string;
}
declare module "node:process" {
  const process: { env: Record<string, string | undefined> };
  export default process;
}
`;

/**
 * Lets the declarations type-check without the `esnext.disposable` lib (a
 * consumer on `lib: ["es2022", "dom"]`): the same declarations as that lib,
 * which merge with it when it is present.
 */
const DISPOSABLE_SHIM =
  `// Symbol.dispose and Disposable for consumers whose lib lacks
// esnext.disposable; identical to that lib's, so the two merge.
interface SymbolConstructor {
  readonly dispose: unique symbol;
  readonly asyncDispose: unique symbol;
}
interface Disposable {
  [Symbol.dispose](): void;
}
interface AsyncDisposable {
  [Symbol.asyncDispose](): PromiseLike<void>;
}
`;
const DISPOSABLE_SHIM_FILE = "_disposable.d.ts";
const USES_DISPOSABLE =
  /\bSymbol\.(?:async)?[dD]ispose\b|\b(?:Async)?Disposable\b/;

function fail(diagnostics: readonly ts.Diagnostic[], why: string): never {
  console.error(ts.formatDiagnosticsWithColorAndContext(diagnostics, {
    getCanonicalFileName: (f) => f,
    getCurrentDirectory: () => root,
    getNewLine: () => "\n",
  }));
  console.error(`npm build failed: ${why}`);
  Deno.exit(1);
}

await Deno.remove(dist, { recursive: true }).catch(() => {});
const webRoots: string[] = [];
const nodeRoots: string[] = [];
for (const [specifier, [file]] of Object.entries(paths)) {
  if (!specifier.startsWith("@ls/") || DENO_ONLY_ENTRIES.has(specifier)) {
    continue;
  }
  (NODE_ENTRIES.has(specifier) ? nodeRoots : webRoots).push(`${root}${file}`);
}
const program = ts.createProgram(webRoots, options);
const emitted = program.emit();
const diagnostics = [
  ...ts.getPreEmitDiagnostics(program),
  ...emitted.diagnostics,
];
if (diagnostics.length > 0) {
  fail(
    diagnostics,
    "a default entry point must type-check with web-standard APIs only",
  );
}
if (nodeRoots.length > 0) {
  const stub = `${dist}_node_stub.d.ts`;
  await Deno.mkdir(dist, { recursive: true });
  await Deno.writeTextFile(stub, NODE_STUB);
  const nodeProgram = ts.createProgram([...nodeRoots, stub], options);
  const nodeEmitted = nodeProgram.emit();
  const nodeDiagnostics = [
    ...ts.getPreEmitDiagnostics(nodeProgram),
    ...nodeEmitted.diagnostics,
  ];
  if (nodeDiagnostics.length > 0) {
    fail(nodeDiagnostics, "a Node entry point must type-check");
  }
  await Deno.remove(stub);
}

const imports = rootConfig.imports ?? {};
// Import and export statements (not examples inside doc comments), and
// `import("…")` types in declarations.
const BARE =
  /^\s*(?:import|export)\b[^;]*?\bfrom\s*["']([^"'./][^"']*)["']|^\s*import\s*["']([^"'./][^"']*)["']|\bimport\(["']([^"'./][^"']*)["']\)/gm;

/**
 * The package.json `exports` of a member: its default entry, and each
 * subpath entry that was compiled, such as
 * `@ls/core/internal`, `@ls/core/kv` and the Node entry `@ls/core/file`. The
 * Deno-only entry `@ls/core/testing` is not built.
 */
async function npmExports(
  m: string,
  out: string,
): Promise<Record<string, { types: string; default: string }>> {
  const result: Record<string, { types: string; default: string }> = {};
  for (const [sub, file] of Object.entries(entries(m))) {
    const base = file.replace(/^\.\//, "").replace(/\.ts$/, "");
    const built = await Deno.stat(`${out}${base}.js`).then(
      () => true,
      () => false,
    );
    if (sub === "." || built) {
      result[sub] = { types: `./${base}.d.ts`, default: `./${base}.js` };
    }
  }
  return result;
}

/** The files the compiler wrote for a package, folders included, as relative paths. */
async function* compiledFiles(
  dir: string,
  prefix = "",
): AsyncGenerator<string> {
  for await (const entry of Deno.readDir(`${dir}${prefix}`)) {
    if (entry.isDirectory) yield* compiledFiles(dir, `${prefix}${entry.name}/`);
    else if (entry.isFile) yield `${prefix}${entry.name}`;
  }
}

for (const m of members) {
  const config = configs.get(m)!;
  const src = `${tscOut}${m}/`;
  const out = `${dist}${m}/`;
  await Deno.mkdir(out, { recursive: true });
  const dependencies: Record<string, string> = {};
  let usesDisposable = false;
  for await (const name of compiledFiles(src)) {
    let text = await Deno.readTextFile(`${src}${name}`);
    if (name.endsWith(".d.ts") && USES_DISPOSABLE.test(text)) {
      const up = "../".repeat(name.split("/").length - 1) || "./";
      text = `/// <reference path="${up}${DISPOSABLE_SHIM_FILE}" />\n${text}`;
      usesDisposable = true;
    }
    const slash = name.lastIndexOf("/");
    if (slash > 0) {
      await Deno.mkdir(`${out}${name.slice(0, slash)}`, { recursive: true });
    }
    await Deno.writeTextFile(`${out}${name}`, text);
    const code = text.replace(/\/\*[\s\S]*?\*\//g, "").replace(
      /^\s*\/\/.*$/gm,
      "",
    );
    for (const match of code.matchAll(BARE)) {
      const spec = match[1] ?? match[2] ?? match[3];
      if (spec.startsWith("node:")) continue; // a Node entry's built-ins
      if (spec.startsWith("@ls/")) {
        const dep = spec.slice(4).split("/")[0];
        dependencies[`@ls/${dep}`] = configs.get(dep)?.version ?? "0.0.0";
      } else if (spec === "geojson") {
        const [name, version] = npmSpec(imports["geojson"]);
        dependencies[name] = version;
      } else {
        const base = spec.startsWith("@")
          ? spec.split("/").slice(0, 2).join("/")
          : spec.split("/")[0];
        if (!imports[base]) {
          throw new Error(`${m}: import ${spec} is not in the imports map`);
        }
        const [name, version] = npmSpec(imports[base]);
        dependencies[name] = version;
      }
    }
  }
  if (usesDisposable) {
    await Deno.writeTextFile(`${out}${DISPOSABLE_SHIM_FILE}`, DISPOSABLE_SHIM);
  }
  const pkg = {
    name: config.name,
    version: config.version,
    description: `HERE Location Services for TypeScript: ${config.name}`,
    license: "MIT",
    type: "module",
    main: "./mod.js",
    types: "./mod.d.ts",
    exports: await npmExports(m, out),
    sideEffects: false,
    dependencies,
  };
  await Deno.writeTextFile(
    `${out}package.json`,
    JSON.stringify(pkg, null, 2) + "\n",
  );
  await Deno.copyFile(`${root}LICENSE`, `${out}LICENSE`);
  console.log(
    `built dist/${m} (${
      Object.keys(dependencies).join(", ") || "no dependencies"
    })`,
  );
}
await Deno.remove(tscOut, { recursive: true });
