/**
 * Reports, per workspace package, what JSR's package score counts, and exits
 * 1 if any package would score below full marks on a point that is not
 * waived in `.github/jsr_settings.json`.
 *
 * JSR sums the points below (18 in all) and shows `total * 100 / 17`, capped at
 * 100% (`ApiPackageScore` and its `MAX_SCORE` in jsr-io/jsr), so a package
 * may lose one point and still score 100%. This check asks for every point
 * unless the settings file waives it with a reason, and for 100% in any case:
 *
 * | Points | Criterion | How it is checked here |
 * |---|---|---|
 * | 2 | a README or a module doc | a `README.md` in the package, or a non-empty module doc on its main entry |
 * | 1 | examples in the README or module doc | a code block in the README, or a code block or `@example` in the main entry's module doc |
 * | 1 | a module doc on every entry point | `deno doc --json`: every entry in `exports` has a module doc (the main one may lean on the README) |
 * | 5 | docs on most symbols | `deno doc --json`: the share of exported symbols with a doc comment; JSR gives `floor(min(share / 0.8, 1) * 5)` (`deno task doc:lint` holds the workspace to every symbol) |
 * | 5 | no slow types | `deno publish --dry-run --no-check` reports no slow-type error in the package's files |
 * | 1 | provenance | `.github/workflows/publish.yml` runs `deno publish` (not a dry run, not `--no-provenance`) on a tag push with `id-token: write` |
 * | 1 | a description | set on jsr.io (Settings tab), not read from deno.json: checked in `.github/jsr_settings.json` (1 to 250 characters) |
 * | 1 | at least one runtime marked compatible | set on jsr.io too: checked in `.github/jsr_settings.json` |
 * | 1 | at least two runtimes marked compatible | the same, and the main module doc's `Runtimes:` line names every runtime marked true |
 *
 * What only jsr.io can confirm: that the description and the runtime
 * compatibility were entered in the package settings as the settings file
 * says, that the package is linked to the GitHub repository (needed for the
 * OIDC publish), and that the provenance statement was recorded.
 *
 * Usage: deno run --allow-read --allow-run --allow-env scripts/jsr_score.ts [--root DIR]
 *
 * `--root` scores another workspace (used by the tests); it defaults to this
 * repository.
 *
 * @module
 */

import { workspaceMembers } from "./_workspace.ts";

/** JSR's divisor for the percentage (`ApiPackageScore::MAX_SCORE`). */
export const MAX_SCORE = 17;

/** The points JSR's criteria add up to. */
export const ALL_POINTS = 18;

/** The percentage jsr.io shows for a total. */
export function percentage(total: number): number {
  return Math.min(Math.floor((total * 100) / MAX_SCORE), 100);
}

/** The runtimes JSR's settings know, with the word a module doc uses. */
export const RUNTIME_WORDS: Readonly<Record<string, string>> = {
  deno: "Deno",
  node: "Node",
  browser: "browsers",
  workerd: "edge",
  bun: "Bun",
};

/** One scored criterion of one package. */
export interface Criterion {
  /** Key used in the settings file's `waive` map. */
  key: string;
  /** What JSR counts. */
  label: string;
  /** Points earned. */
  points: number;
  /** Points available. */
  max: number;
  /** Why points were lost, empty when all were earned. */
  detail: string;
  /** The reason a lost point is accepted, from the settings file. */
  waived?: string;
}

/** The score of one package. */
export interface PackageScore {
  /** Package name, such as `@ls/core`. */
  name: string;
  /** The criteria, in JSR's order. */
  criteria: Criterion[];
  /** Sum of the points. */
  total: number;
  /** The percentage jsr.io would show. */
  percent: number;
  /** True at 100% with every lost point waived. */
  ok: boolean;
}

/** What `.github/jsr_settings.json` says about one package. */
export interface PackageSettings {
  /** The description to enter on jsr.io. */
  description?: string;
  /** Runtime compatibility to enter on jsr.io: true, false or null (unknown). */
  runtimes?: Record<string, boolean | null>;
  /** Criteria whose lost points are accepted, with the reason. */
  waive?: Record<string, string>;
}

interface Member {
  name: string;
  dir: string;
  /** Entry files, absolute paths; the first is the main entry ("."). */
  entries: string[];
}

interface JsDoc {
  doc?: string;
  tags?: { kind: string }[];
}

interface DocOutput {
  nodes: Record<string, {
    module_doc?: JsDoc;
    symbols?: { name: string; declarations: { jsDoc?: JsDoc }[] }[];
  }>;
}

/** Runs this Deno with `args` in `cwd`; returns its exit code and output. */
export async function runDeno(
  args: string[],
  cwd: string,
): Promise<{ code: number; out: string }> {
  const r = await new Deno.Command(Deno.execPath(), {
    args,
    cwd,
    stdout: "piped",
    stderr: "piped",
    env: { NO_COLOR: "1" },
  }).output();
  const dec = new TextDecoder();
  return { code: r.code, out: dec.decode(r.stdout) + dec.decode(r.stderr) };
}

async function members(root: string): Promise<Member[]> {
  return (await workspaceMembers(root)).map((m) => ({
    name: m.name,
    dir: `${root}/${m.folder}`,
    entries: m.entries.map((e) => `${root}/${e}`),
  }));
}

async function readme(dir: string): Promise<string | undefined> {
  for (const name of ["README.md", "readme.md", "README"]) {
    try {
      return await Deno.readTextFile(`${dir}/${name}`);
    } catch (e) {
      if (!(e instanceof Deno.errors.NotFound)) throw e;
    }
  }
  return undefined;
}

/** Slow-type errors of `deno publish --dry-run`, by file path. */
export function slowTypeFiles(output: string): Map<string, string[]> {
  const byFile = new Map<string, string[]>();
  let pending: string | undefined;
  for (const line of output.split("\n")) {
    const head = line.match(/^error\[([a-z-]+)\]/);
    if (head) pending = head[1];
    const at = line.match(/^\s*--> (.*?)(?::\d+:\d+)?$/);
    if (at && pending !== undefined) {
      // Only the fast-check (slow type) diagnostics count for this point.
      if (!/^(missing-license|invalid-path|excluded-module)/.test(pending)) {
        const list = byFile.get(at[1]) ?? [];
        list.push(pending);
        byFile.set(at[1], list);
      }
      pending = undefined;
    }
  }
  return byFile;
}

/** Whether the publish workflow publishes from CI with provenance. */
export function provenanceProblem(workflow: string | undefined): string {
  if (workflow === undefined) return ".github/workflows/publish.yml is missing";
  const text = workflow.replace(/#.*$/gm, "");
  if (!/^\s*id-token:\s*write\s*$/m.test(text)) {
    return "publish.yml lacks `permissions: id-token: write`";
  }
  if (!/^\s*push:\s*\n\s*tags:/m.test(text)) {
    return "publish.yml does not run on a tag push";
  }
  // A shell command continued with `\` is one command.
  const publish = text.replace(/\\\r?\n\s*/g, " ").split("\n").filter((l) =>
    /deno(@[\d.]+)? publish\b/.test(l)
  );
  if (!publish.some((l) => !/--dry-run|--no-provenance/.test(l))) {
    return "publish.yml has no `deno publish` step that publishes with provenance";
  }
  return "";
}

function hasDoc(doc: JsDoc | undefined): boolean {
  return (doc?.doc ?? "").trim() !== "" || (doc?.tags?.length ?? 0) > 0;
}

/** Scores every package of the workspace at `root`. */
export async function scoreWorkspace(root: string): Promise<PackageScore[]> {
  const all = await members(root);
  const settingsText = await Deno.readTextFile(
    `${root}/.github/jsr_settings.json`,
  ).catch(() => "{}");
  const settings = (JSON.parse(settingsText) as {
    packages?: Record<string, PackageSettings>;
  }).packages ?? {};
  const workflow = await Deno.readTextFile(
    `${root}/.github/workflows/publish.yml`,
  ).catch(() => undefined);
  const provenance = provenanceProblem(workflow);

  const dry = await runDeno(
    ["publish", "--dry-run", "--allow-dirty", "--no-check"],
    root,
  );
  const slow = slowTypeFiles(dry.out);

  const scores: PackageScore[] = [];
  for (const m of all) {
    const s = settings[m.name] ?? {};
    const doc = await runDeno(["doc", "--json", ...m.entries], root);
    if (doc.code !== 0) {
      throw new Error(`deno doc failed for ${m.name}:\n${doc.out}`);
    }
    const nodes = (JSON.parse(doc.out) as DocOutput).nodes;
    const byPath = new Map(
      Object.entries(nodes).map(([url, v]) => [new URL(url).pathname, v]),
    );
    const main = byPath.get(m.entries[0]);
    const mainDoc = main?.module_doc?.doc ?? "";
    const text = await readme(m.dir);

    const c: Criterion[] = [];
    const hasReadme = text !== undefined || mainDoc.trim() !== "";
    c.push({
      key: "readme",
      label: "README or module doc",
      points: hasReadme ? 2 : 0,
      max: 2,
      detail: hasReadme
        ? ""
        : "no README.md and no module doc on the main entry",
    });
    const examples = (text ?? "").includes("```") || mainDoc.includes("```") ||
      (main?.module_doc?.tags ?? []).some((t) => t.kind === "example");
    c.push({
      key: "examples",
      label: "examples in README or module doc",
      points: examples ? 1 : 0,
      max: 1,
      detail: examples
        ? ""
        : "no code block or @example in the README or the main module doc",
    });
    const undocumented = m.entries.filter((e, i) =>
      !(hasDoc(byPath.get(e)?.module_doc) || (i === 0 && text !== undefined))
    );
    c.push({
      key: "entrypointDocs",
      label: "module doc on every entry",
      points: undocumented.length === 0 ? 1 : 0,
      max: 1,
      detail: undocumented.map((e) => e.slice(m.dir.length + 1)).join(", "),
    });
    let symbols = 0;
    let documented = 0;
    for (const e of m.entries) {
      for (const sym of byPath.get(e)?.symbols ?? []) {
        symbols++;
        if (sym.declarations.some((d) => hasDoc(d.jsDoc))) documented++;
      }
    }
    const share = symbols === 0 ? 1 : documented / symbols;
    const symbolPoints = Math.floor(Math.min(share / 0.8, 1) * 5);
    c.push({
      key: "symbolDocs",
      label: "documented symbols",
      points: symbolPoints,
      max: 5,
      detail: `${documented}/${symbols} (${Math.floor(share * 100)}%)`,
    });
    const slowHere = [...slow.entries()].filter(([f]) =>
      f.startsWith(`${m.dir}/`)
    );
    const dryFailed = dry.code !== 0 && slow.size === 0;
    c.push({
      key: "noSlowTypes",
      label: "no slow types",
      points: slowHere.length === 0 && !dryFailed ? 5 : 0,
      max: 5,
      detail: dryFailed
        ? "deno publish --dry-run failed"
        : slowHere.map(([f, k]) =>
          `${f.slice(m.dir.length + 1)}: ${k.join(", ")}`
        )
          .join("; "),
    });
    c.push({
      key: "provenance",
      label: "provenance (publish.yml)",
      points: provenance === "" ? 1 : 0,
      max: 1,
      detail: provenance,
    });
    const description = s.description?.trim() ?? "";
    const descriptionOk = description.length > 0 && description.length <= 250;
    c.push({
      key: "description",
      label: "description (jsr.io settings)",
      points: descriptionOk ? 1 : 0,
      max: 1,
      detail: descriptionOk
        ? ""
        : description.length === 0
        ? "no description in .github/jsr_settings.json"
        : `description is ${description.length} characters (at most 250)`,
    });
    const marked = Object.entries(s.runtimes ?? {}).filter(([, v]) =>
      v === true
    )
      .map(([k]) => k);
    const runtimeLine = mainDoc.match(/^Runtimes:(.*)$/m)?.[1] ?? "";
    const unstated = marked.filter((r) =>
      !runtimeLine.includes(RUNTIME_WORDS[r] ?? r)
    );
    const statement = marked.length === 0
      ? "no runtime marked compatible in .github/jsr_settings.json"
      : runtimeLine === ""
      ? "the main module doc has no `Runtimes:` line"
      : unstated.length > 0
      ? `the module doc's Runtimes: line does not name ${
        unstated.map((r) => RUNTIME_WORDS[r] ?? r).join(", ")
      }`
      : "";
    c.push({
      key: "oneRuntime",
      label: "a runtime marked compatible",
      points: marked.length >= 1 && statement === "" ? 1 : 0,
      max: 1,
      detail: statement,
    });
    c.push({
      key: "multipleRuntimes",
      label: "two runtimes marked compatible",
      points: marked.length >= 2 && statement === "" ? 1 : 0,
      max: 1,
      detail: statement !== ""
        ? statement
        : marked.length < 2
        ? `only ${marked.join(", ")} marked compatible`
        : "",
    });
    for (const crit of c) {
      if (crit.points < crit.max && s.waive?.[crit.key]) {
        crit.waived = s.waive[crit.key];
      }
    }
    const total = c.reduce((n, x) => n + x.points, 0);
    scores.push({
      name: m.name,
      criteria: c,
      total,
      percent: percentage(total),
      ok: percentage(total) === 100 &&
        c.every((x) => x.points === x.max || x.waived !== undefined),
    });
  }
  return scores;
}

/** The report: one row per package, then what each lost point is about. */
export function formatReport(scores: PackageScore[]): string {
  const heads = [
    "package",
    ...scores[0]?.criteria.map((c) => c.key) ?? [],
    "score",
  ];
  const rows = scores.map((s) => [
    s.name,
    ...s.criteria.map((c) =>
      `${c.points}/${c.max}${c.points < c.max ? (c.waived ? " w" : " !") : ""}${
        c.key === "symbolDocs" ? ` ${c.detail}` : ""
      }`
    ),
    `${s.total}/${ALL_POINTS} ${s.percent}%`,
  ]);
  const widths = heads.map((h, i) =>
    Math.max(h.length, ...rows.map((r) => r[i].length))
  );
  const line = (r: string[]) =>
    r.map((v, i) => v.padEnd(widths[i])).join("  ").trimEnd();
  const out = [line(heads), ...rows.map(line)];
  for (const s of scores) {
    for (const c of s.criteria) {
      if (c.points < c.max && c.detail !== "") {
        out.push(
          `${s.name} ${c.label}: ${c.detail}${
            c.waived ? ` (waived: ${c.waived})` : ""
          }`,
        );
      }
    }
  }
  out.push("(w: point waived in .github/jsr_settings.json; !: point lost)");
  return out.join("\n");
}

if (import.meta.main) {
  const i = Deno.args.indexOf("--root");
  const root = i >= 0
    ? Deno.args[i + 1]
    : new URL("../", import.meta.url).pathname.replace(/\/$/, "");
  const scores = await scoreWorkspace(root);
  console.log(formatReport(scores));
  const failing = scores.filter((s) => !s.ok);
  if (failing.length > 0) {
    console.error(
      `${failing.length} package(s) below full JSR marks: ${
        failing.map((s) => s.name).join(", ")
      }`,
    );
    Deno.exit(1);
  }
  console.log(`${scores.length} packages: full JSR marks (waivers noted)`);
}
