/**
 * Cold start of the bundled client on Node and Deno, against openai-node
 * bundled the same way, measured in the same run.
 *
 * Usage:
 *
 * ```sh
 * deno task bench:cold [--runs 15] [--baseline REV] [--code-splitting] [--quick]
 * ```
 *
 * Each bundle is one minified ES module file (`deno bundle --minify
 * --platform browser`), named `*.mjs` so that Node does not have to sniff
 * its format: `@ls/ls` (the umbrella), `@ls/geocoding` with `Client` from
 * `@ls/core` (a geocode call needs both; `scripts/_cold_start_geocoding.ts`),
 * openai-node (`scripts/_cold_start_openai.ts`, the only place that pins it)
 * and an empty module, the floor of a process's import machinery.
 *
 * Per runtime, each round spawns one fresh process per bundle, in an order
 * that rotates from round to round. The process times `await import()` of
 * the bundle, then, for ours, the first `geocode` call against the sandbox
 * running in this process (for the empty module: a bare `fetch` and `json()`
 * of the same URL, the floor of a first call), and prints both. Every bundle
 * runs once per runtime before the measured rounds, and that run is
 * discarded: Deno keeps a V8 code cache per module file, so its figures are
 * those of a module it has seen before. The table gives the medians of the
 * per-process figures and each bundle's median import over openai's.
 *
 * - `--runs N`: measured rounds per runtime (default 15, at least 9).
 * - `--baseline REV`: also bundles `@ls/ls` and `@ls/geocoding` from the git
 *   revision REV (`git archive`, the npm packages from this checkout's
 *   `node_modules`) into the same rotation, labelled `ls@<rev>`: before and
 *   after from one run.
 * - `--code-splitting`: also bundles ours with `--code-splitting`, as a
 *   user's bundler that splits at dynamic `import()` would; the entry is
 *   imported, its chunks load when needed. Rows `ls:split`, `geocoding:split`.
 * - `--quick`: one round (or `--runs`), a smoke test of the script itself.
 *
 * Lines starting with `ratio` are for grep: `ratio node ls/openai import 0.93`.
 *
 * @module
 */

import { parseArgs } from "node:util";
import { SANDBOX_API_KEY, startSandbox } from "@ls/sandbox";

const root = new URL("../", import.meta.url).pathname;
// A flag not known, or without its value, ends the run: ignored, it would
// measure something other than what was asked.
const flags = (() => {
  try {
    return parseArgs({
      args: Deno.args,
      options: {
        runs: { type: "string" },
        baseline: { type: "string" },
        "code-splitting": { type: "boolean", default: false },
        quick: { type: "boolean", default: false },
      },
    }).values;
  } catch (error) {
    console.error((error as Error).message);
    Deno.exit(2);
  }
})();
const QUICK = flags.quick;
const SPLIT = flags["code-splitting"];
const BASELINE = flags.baseline;
const RUNS = flags.runs === undefined
  ? (QUICK ? 1 : 15)
  : /^\d+$/.test(flags.runs)
  ? Number(flags.runs)
  : NaN;
if (!Number.isSafeInteger(RUNS) || RUNS < (QUICK ? 1 : 9)) {
  console.error("--runs must be an integer of at least 9 (1 with --quick)");
  Deno.exit(2);
}
const QUERY = "Invalidenstraße 116, Berlin";
/** The machine's load average over 1, 5 and 15 minutes. */
const load = () => Deno.loadavg().map((x) => x.toFixed(2)).join(" ");
const loadBefore = load();

/** What a child process does after the import. */
type Kind = "ls" | "geocoding" | "fetch" | "none";

interface Bundle {
  label: string;
  /** The file the child imports. */
  path: string;
  /** Its bytes, chunks included, minified and gzipped. */
  min: number;
  gzip: number;
  /** Its files' contents, joined: equal contents, equal code. */
  text: string;
  kind: Kind;
}

interface Sample {
  import: number;
  first: number;
}

// The child: the same file for both runtimes. It exits at once so that an
// idle keep-alive connection does not hold the process.
const CHILD = `
const argv = globalThis.Deno ? Deno.args : process.argv.slice(2);
const [url, kind, baseUrl, apiKey, query] = argv;
const t0 = performance.now();
const m = await import(url);
const t1 = performance.now();
let items = -1;
if (kind === "ls") {
  const ls = new m.LS({ apiKey, baseUrl });
  items = (await ls.geocode({ query })).items.length;
  ls.close();
} else if (kind === "geocoding") {
  const client = new m.Client({ apiKey, baseUrl });
  items = (await m.geocode(client, { query })).items.length;
  client.close();
} else if (kind === "fetch") {
  const q = new URLSearchParams({ q: query, apiKey });
  items = (await (await fetch(baseUrl + "/v1/geocode?" + q)).json()).items.length;
}
const t2 = performance.now();
console.log(JSON.stringify({ import: t1 - t0, first: t2 - t1, items }));
globalThis.Deno ? Deno.exit(0) : process.exit(0);
`;

const decoder = new TextDecoder();

async function run(
  cmd: string,
  cmdArgs: string[],
  cwd = root,
): Promise<string> {
  const { success, stdout, stderr } = await new Deno.Command(cmd, {
    args: cmdArgs,
    cwd,
    stdout: "piped",
    stderr: "piped",
  }).output();
  if (!success) {
    throw new Error(
      `${cmd} ${cmdArgs.join(" ")} failed:\n${decoder.decode(stderr)}`,
    );
  }
  return decoder.decode(stdout);
}

async function gzipSize(bytes: Uint8Array): Promise<number> {
  const stream = new Blob([bytes as Uint8Array<ArrayBuffer>]).stream()
    .pipeThrough(new CompressionStream("gzip"));
  return (await new Response(stream).arrayBuffer()).byteLength;
}

/** The sizes of the files of `paths`, summed, and their contents. */
async function sizes(
  paths: string[],
): Promise<{ min: number; gzip: number; text: string }> {
  let min = 0;
  let gzip = 0;
  let text = "";
  for (const path of paths.toSorted()) {
    const bytes = await Deno.readFile(path);
    min += bytes.length;
    gzip += await gzipSize(bytes);
    text += decoder.decode(bytes);
  }
  return { min, gzip, text };
}

/** Bundles `entry` (relative to `cwd`) to the one file `out`. */
/** Our bundles: what the child does after the import, and the entry. */
const OURS = [
  ["ls", "packages/ls/mod.ts"],
  ["geocoding", "scripts/_cold_start_geocoding.ts"],
] as const;

/** One minified ES module for the browser platform, as a user's bundler. */
const BUNDLE = ["bundle", "--quiet", "--minify", "--platform", "browser"];

async function bundle(
  label: string,
  entry: string,
  out: string,
  kind: Kind,
  cwd = root,
  extra: string[] = [],
): Promise<Bundle> {
  await run(Deno.execPath(), [...BUNDLE, ...extra, "-o", out, entry], cwd);
  return { label, path: out, kind, ...await sizes([out]) };
}

/**
 * Bundles `entry` with code splitting into `dir`; the entry's file is what
 * gets imported. `undefined` (and a note) if it fails.
 */
async function bundleSplit(
  label: string,
  entry: string,
  dir: string,
  kind: Kind,
  cwd = root,
  extra: string[] = [],
): Promise<Bundle | undefined> {
  try {
    await run(
      Deno.execPath(),
      [...BUNDLE, "--code-splitting", ...extra, "--outdir", dir, entry],
      cwd,
    );
  } catch (error) {
    console.error(`${label}: code splitting failed, row left out (${error})`);
    return undefined;
  }
  // The chunks import each other as `.js`: a package.json saves Node the
  // format sniffing, as in a deployed package.
  await Deno.writeTextFile(`${dir}/package.json`, '{ "type": "module" }\n');
  const files: string[] = [];
  for await (const e of Deno.readDir(dir)) {
    if (e.isFile && e.name.endsWith(".js")) files.push(`${dir}/${e.name}`);
  }
  const name = entry.replace(/^.*\//, "").replace(/\.ts$/, ".js");
  return { label, path: `${dir}/${name}`, kind, ...await sizes(files) };
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
};

interface Runtime {
  name: string;
  version: string;
  cmd: string;
  /** The arguments before the child's own, the child script included. */
  args: string[];
  /** The child script. */
  child: string;
}

const dirname = (path: string) => path.slice(0, path.lastIndexOf("/"));

/** One fresh process of `rt` imports `b`, then makes its first call. */
async function sample(
  rt: Runtime,
  b: Bundle,
  sandboxUrl: string,
  env: Record<string, string>,
): Promise<Sample> {
  const { success, stdout, stderr } = await new Deno.Command(rt.cmd, {
    args: [
      ...rt.args,
      new URL(`file://${b.path}`).href,
      b.kind,
      sandboxUrl,
      SANDBOX_API_KEY,
      QUERY,
    ],
    cwd: dirname(rt.child),
    env,
    clearEnv: true,
    stdout: "piped",
    stderr: "piped",
  }).output();
  const out = decoder.decode(stdout).trim();
  if (!success) {
    throw new Error(
      `${rt.name} ${b.label} failed:\n${out}\n${decoder.decode(stderr)}`,
    );
  }
  const s = JSON.parse(out.split("\n").at(-1)!) as Sample & {
    items: number;
  };
  if (b.kind !== "none" && !(s.items > 0)) {
    throw new Error(
      `${rt.name} ${b.label}: the first geocode call found nothing (${out})`,
    );
  }
  return { import: s.import, first: s.first };
}

// The sandbox first: a temporary directory made before it would be left
// behind when it cannot start, outside the try that removes it.
await using sandbox = await startSandbox();
const tmp = await Deno.makeTempDir({ prefix: "cold_start_" });
try {
  const child = `${tmp}/child.mjs`;
  await Deno.writeTextFile(child, CHILD);
  await Deno.writeTextFile(`${tmp}/empty.mjs`, "export const x = 1;\n");

  const bundles: Bundle[] = [
    {
      label: "empty",
      path: `${tmp}/empty.mjs`,
      kind: "fetch",
      ...await sizes([`${tmp}/empty.mjs`]),
    },
    await bundle(
      "openai",
      "scripts/_cold_start_openai.ts",
      `${tmp}/openai.mjs`,
      "none",
    ),
  ];
  for (const [kind, entry] of OURS) {
    bundles.push(await bundle(kind, entry, `${tmp}/${kind}.mjs`, kind));
  }
  if (SPLIT) {
    for (const [kind, entry] of OURS) {
      const label = `${kind}:split`;
      const b = await bundleSplit(label, entry, `${tmp}/${label}`, kind);
      if (b) bundles.push(b);
    }
  }
  if (BASELINE) {
    const rev = (await run("git", ["rev-parse", "--short", BASELINE])).trim();
    const tree = `${tmp}/baseline`;
    await Deno.mkdir(tree);
    await run("git", ["archive", "-o", `${tmp}/baseline.tar`, rev]);
    await run("tar", ["-xf", `${tmp}/baseline.tar`, "-C", tree]);
    // The npm packages installed here, read as they are: offline, and the
    // checkout's node_modules is never modified.
    await Deno.symlink(`${root}node_modules`, `${tree}/node_modules`);
    const manual = ["--node-modules-dir=manual"];
    await Deno.mkdir(`${tree}/scripts`, { recursive: true });
    await Deno.copyFile(
      `${root}scripts/_cold_start_geocoding.ts`,
      `${tree}/scripts/_cold_start_geocoding.ts`,
    );
    for (const [kind, entry] of OURS) {
      const label = `${kind}@${rev}`;
      bundles.push(
        await bundle(label, entry, `${tmp}/${label}.mjs`, kind, tree, manual),
      );
    }
  }

  const env = Deno.env.toObject();
  delete env.NODE_OPTIONS;
  env.DENO_NO_UPDATE_CHECK = "1";
  env.NO_COLOR = "1";
  const runtimes: Runtime[] = [
    {
      name: "node",
      version: (await run("node", ["--version"])).trim(),
      cmd: "node",
      args: [child],
      child,
    },
    {
      name: "deno",
      version: Deno.version.deno,
      cmd: Deno.execPath(),
      args: [
        "run",
        "--no-config",
        "--no-prompt",
        "--allow-read",
        "--allow-net=127.0.0.1",
        child,
      ],
      child,
    },
  ];

  // Two labels for the same code: their ratio is the run's noise.
  const same = bundles.flatMap((b, i) =>
    bundles.slice(i + 1).filter((c) => c.text === b.text).map((c) =>
      `${c.label} is the same code as ${b.label}: their ratio is noise.`
    )
  );
  console.log(
    `Cold start: ${RUNS} round(s) per runtime, one fresh process per bundle ` +
      `and round, the order rotating each round; every bundle ran once per ` +
      `runtime first, discarded (Deno's V8 code cache).\n` +
      `First call: geocode "${QUERY}" against the sandbox on ${sandbox.url}; ` +
      `for empty, a bare fetch and json() of the same URL.\n` +
      `geocoding is @ls/geocoding with Client from @ls/core. Medians in ms. ` +
      `Load average before the runs: ${loadBefore}.`,
  );
  if (same.length) console.log(same.join("\n"));
  const fmt = (x: number) => x.toFixed(1);
  const kB = (x: number) => (x / 1000).toFixed(1);
  const ratioLines: string[] = [];
  for (const rt of runtimes) {
    for (const b of bundles) await sample(rt, b, sandbox.url, env);
    const samples = new Map<Bundle, Sample[]>(bundles.map((b) => [b, []]));
    for (let r = 0; r < RUNS; r++) {
      for (let i = 0; i < bundles.length; i++) {
        const b = bundles[(i + r) % bundles.length];
        samples.get(b)!.push(await sample(rt, b, sandbox.url, env));
      }
    }
    const imp = new Map<Bundle, number>();
    const total = new Map<Bundle, number>();
    for (const [b, xs] of samples) {
      imp.set(b, median(xs.map((s) => s.import)));
      total.set(b, median(xs.map((s) => s.import + s.first)));
    }
    const openai = imp.get(bundles[1])!;
    const empty = imp.get(bundles[0])!;
    const rows = [[
      "bundle",
      "min kB",
      "gzip kB",
      "import",
      "− empty",
      "import+first",
      "÷ openai",
    ]];
    for (const b of bundles) {
      rows.push([
        b.label,
        kB(b.min),
        kB(b.gzip),
        fmt(imp.get(b)!),
        fmt(imp.get(b)! - empty),
        b.kind === "none" ? "" : fmt(total.get(b)!),
        (imp.get(b)! / openai).toFixed(2),
      ]);
      if (b.label !== "openai") {
        ratioLines.push(
          `ratio ${rt.name} ${b.label}/openai import ${
            (imp.get(b)! / openai).toFixed(2)
          }`,
        );
      }
    }
    for (const b of bundles) {
      const at = b.label.indexOf("@");
      if (at === -1) continue;
      const now = bundles.find((x) => x.label === b.label.slice(0, at))!;
      for (
        const [what, m] of [["import", imp], ["import+first", total]] as const
      ) {
        ratioLines.push(
          `ratio ${rt.name} ${now.label}/${b.label} ${what} ${
            (m.get(now)! / m.get(b)!).toFixed(2)
          }`,
        );
      }
    }
    const widths = rows[0].map((_, c) =>
      Math.max(...rows.map((r) => r[c].length))
    );
    console.log(`\n${rt.name} ${rt.version}`);
    for (const row of rows) {
      console.log(
        row.map((cell, c) =>
          c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c])
        )
          .join("  "),
      );
    }
  }
  console.log(`\nLoad average after the runs: ${load()}.`);
  console.log(`\n${ratioLines.join("\n")}`);
} finally {
  await Deno.remove(tmp, { recursive: true });
}
