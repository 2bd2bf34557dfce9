/**
 * Prints the min+gzip size of a bundle of each package's entry point
 * (dependencies included, unused code dropped, as a user's bundler would
 * build it for the browser or the edge) and fails when a package is over its
 * budget.
 *
 * Usage: deno run -A scripts/size.ts [--report-only] [--only NAME]...
 *   [--budget NAME=BYTES]...
 *
 * - `--report-only` prints the same table and the same verdict but exits 0.
 *   CI runs without it: a package over its budget fails the build.
 * - `--only NAME` measures only that package (`geocoding`, `ls`, …).
 * - `--budget NAME=BYTES` replaces a package's budget for this run.
 *
 * The budgets are the sizes of November 2026 plus about 2 %, with
 * `@ls/geocoding` held at 10 kB. Raise one only on purpose, in the commit
 * that needs it, and say why there; README.md lists what each package costs.
 *
 * @module
 */

import { parseArgs } from "node:util";
import { workspaceMembers } from "./_workspace.ts";

/** Budgets in bytes (min+gzip), one per package the edge can load. */
const BUDGETS: Record<string, number> = {
  core: 24_300,
  geocoding: 10_000,
  search: 37_200,
  routing: 29_700,
  isoline: 24_600,
  matrix: 27_800,
  weather: 12_600,
  tour: 20_400,
  ls: 80_200,
};
/** Packages that only run on Deno (a local server): not bundled. */
const DENO_ONLY = new Set(["sandbox"]);

const root = new URL("../", import.meta.url).pathname;
const { values: args } = parseArgs({
  args: Deno.args,
  options: {
    "report-only": { type: "boolean", default: false },
    only: { type: "string", multiple: true, default: [] },
    budget: { type: "string", multiple: true, default: [] },
  },
});
const budgets = { ...BUDGETS };
for (const pair of args.budget) {
  // Own keys only: `in` would take a name every object inherits (toString).
  const [, name, bytes] = /^([^=]+)=(\d+)$/.exec(pair) ?? [];
  if (name === undefined || !Object.hasOwn(budgets, name)) {
    throw new Error(`Invalid --budget: expected NAME=BYTES, got "${pair}"`);
  }
  budgets[name] = Number(bytes);
}
const members = (await workspaceMembers(root))
  .map((m) => m.folder.replace(/^packages\//, ""))
  .filter((m) => args.only.length === 0 || args.only.includes(m));
for (const name of args.only) {
  if (!members.includes(name)) {
    throw new Error(`Invalid --only: no package "${name}"`);
  }
}

async function gzipSize(bytes: Uint8Array): Promise<number> {
  const stream = new Blob([bytes as Uint8Array<ArrayBuffer>]).stream()
    .pipeThrough(new CompressionStream("gzip"));
  return (await new Response(stream).arrayBuffer()).byteLength;
}

const tmp = await Deno.makeTempDir();
let failed = false;
const rows: string[] = [];
try {
  for (const m of members) {
    if (DENO_ONLY.has(m)) {
      rows.push(`@ls/${m.padEnd(10)} not measured: a Deno-only local server`);
      continue;
    }
    const budget = budgets[m];
    if (budget === undefined) throw new Error(`@ls/${m} has no size budget`);
    const out = `${tmp}/${m}.js`;
    const { success, stderr } = await new Deno.Command(Deno.execPath(), {
      args: [
        "bundle",
        "--quiet",
        "--minify",
        "--platform",
        "browser",
        "-o",
        out,
        `packages/${m}/mod.ts`,
      ],
      cwd: root,
      stdout: "null",
      stderr: "piped",
    }).output();
    if (!success) {
      console.error(new TextDecoder().decode(stderr));
      throw new Error(`Bundling @ls/${m} failed`);
    }
    const bytes = await Deno.readFile(out);
    const gz = await gzipSize(bytes);
    const over = gz > budget;
    failed ||= over;
    rows.push(
      `@ls/${m.padEnd(10)} ${String(bytes.length).padStart(8)} B min ${
        String(gz).padStart(7)
      } B min+gzip  (budget ${budget} B${over ? ": OVER" : ""})`,
    );
  }
} finally {
  await Deno.remove(tmp, { recursive: true });
}
console.log(rows.join("\n"));
if (failed) {
  console.error("A package is over its size budget");
  if (!args["report-only"]) Deno.exit(1);
}
