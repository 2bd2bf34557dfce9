/**
 * Cuts a version: `deno task release <major|minor|patch|x.y.z> [package…]`.
 *
 * - Bumps the `version` of the named packages (`@ls/routing` or `routing`;
 *   none named: all of them) in `packages/<name>/deno.json`.
 * - Moves the range of every workspace dependent with them. `deno publish`
 *   writes a dependency on a workspace member as `jsr:@ls/x@^<its version>`,
 *   so a dependent's range moves when the dependent is published again. A
 *   dependent whose published range would not admit the new version (in 0.x a
 *   minor bump leaves `^0.1.0`; from 1.0 a major one) gets a patch bump and a
 *   changelog line, and so on up the graph until no range is left behind.
 * - Writes one CHANGELOG.md section per released package from the commits
 *   that touched its folder since its last tag, through git-cliff (the version
 *   pinned below, run by npx; `cliff.toml` says how subjects are grouped).
 * - Commits, and tags each released package `@ls/<name>@<version>`.
 *
 * It refuses, before it writes anything, a dirty tree, a detached HEAD, an
 * unknown package, a malformed bump, a version that does not increase and a tag that already
 * exists; if a step fails after that, the tree and the tags are put back as
 * they were.
 *
 * @module
 */

/** The git-cliff release the changelog is written with (npm `git-cliff`). */
const GIT_CLIFF = "git-cliff@2.14.2";

/** A refusal: printed as `release: <message>`, exit code 1. */
class ReleaseError extends Error {}

type Version = [number, number, number];

interface Member {
  /** The folder name under packages/ (`routing`). */
  dir: string;
  /** The JSR name (`@ls/routing`). */
  name: string;
  version: Version;
  /** The workspace members its published files import. */
  deps: Set<string>;
}

const USAGE =
  "usage: deno task release <major|minor|patch|x.y.z> [package…] (no package: all)";

function parseVersion(text: string): Version | undefined {
  const m = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)$/.exec(text);
  const v = m ? [Number(m[1]), Number(m[2]), Number(m[3])] : [];
  // A part past 2^53 would be written back rounded (1e20 for 99…9).
  return v.length === 3 && v.every(Number.isSafeInteger)
    ? v as Version
    : undefined;
}

const show = (v: Version): string => v.join(".");

function compare(a: Version, b: Version): number {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
}

function bump(v: Version, kind: string): Version {
  if (kind === "major") return [v[0] + 1, 0, 0];
  if (kind === "minor") return [v[0], v[1] + 1, 0];
  return [v[0], v[1], v[2] + 1];
}

/** Whether `^base` (as `deno publish` writes it) admits `v`. */
function caretAdmits(base: Version, v: Version): boolean {
  if (compare(v, base) < 0) return false;
  if (base[0] > 0) return v[0] === base[0];
  if (base[1] > 0) return v[0] === 0 && v[1] === base[1];
  return compare(v, base) === 0;
}

/** Runs a command; its output, or a refusal that quotes what it said. */
async function exec(cwd: string, cmd: string, args: string[]): Promise<string> {
  let out: Deno.CommandOutput;
  try {
    out = await new Deno.Command(cmd, {
      args,
      cwd,
      stdout: "piped",
      stderr: "piped",
    }).output();
  } catch (e) {
    if (!(e instanceof Deno.errors.NotFound)) throw e;
    throw new ReleaseError(
      `${cmd} is not on the PATH; it is needed to run ${
        [cmd, ...args].join(" ")
      }`,
    );
  }
  if (!out.success) {
    const err = new TextDecoder().decode(out.stderr).trim();
    throw new ReleaseError(`${[cmd, ...args].join(" ")} failed: ${err}`);
  }
  return new TextDecoder().decode(out.stdout).trimEnd();
}

const git = (cwd: string, ...args: string[]): Promise<string> =>
  exec(cwd, "git", args);

/** Files `deno publish` leaves out (each package's `publish.exclude`). */
const UNPUBLISHED =
  /(^|\/)(testdata\/|[^/]*_test\.ts$|[^/]*_bench\.ts$|_test_[^/]*$)/;
/** Import and export statements (not doc comments, whose lines start with `*`). */
const IMPORT_RE =
  /^\s*(?:(?:import|export)\b[^"'`;]*?|\}\s*)from\s*["'](@ls\/[\w-]+)|^\s*import\s*["'](@ls\/[\w-]+)|\bimport\(\s*["'](@ls\/[\w-]+)/gm;

async function readMembers(root: string): Promise<Member[]> {
  const { workspace = [] } = JSON.parse(
    await Deno.readTextFile(`${root}/deno.json`),
  ) as { workspace?: string[] };
  const members: Member[] = [];
  for (const entry of workspace) {
    const dir = entry.replace(/^\.\/packages\//, "");
    const file = `packages/${dir}/deno.json`;
    let config: { name: string; version: string };
    try {
      config = JSON.parse(await Deno.readTextFile(`${root}/${file}`));
    } catch (e) {
      if (!(e instanceof SyntaxError)) throw e;
      throw new ReleaseError(
        `${file} is not plain JSON (comments are not supported): ${e.message}`,
      );
    }
    const version = parseVersion(config.version);
    if (!version) {
      throw new ReleaseError(
        `${config.name} has version "${config.version}", not x.y.z`,
      );
    }
    const deps = new Set<string>();
    const files = (await git(root, "ls-files", "--", `packages/${dir}`))
      .split("\n")
      .filter((f) => /\.(ts|tsx|js|mjs)$/.test(f) && !UNPUBLISHED.test(f));
    for (const file of files) {
      const text = await Deno.readTextFile(`${root}/${file}`);
      for (const m of text.matchAll(IMPORT_RE)) {
        const dep = m[1] ?? m[2] ?? m[3];
        if (dep !== config.name) deps.add(dep);
      }
    }
    members.push({ dir, name: config.name, version, deps });
  }
  return members;
}

/** What a release run will do, worked out before anything is written. */
interface Plan {
  /** Package name → new version, in workspace order. */
  versions: Map<string, Version>;
  /** Package name → the dependencies whose range it moves. */
  moved: Map<string, string[]>;
}

function plan(members: Member[], kind: string, named: string[]): Plan {
  const exact = parseVersion(kind);
  if (!exact && !["major", "minor", "patch"].includes(kind)) {
    throw new ReleaseError(
      `"${kind}" is not a bump: give major, minor, patch or a version x.y.z\n${USAGE}`,
    );
  }
  const byName = new Map(members.map((m) => [m.name, m]));
  const chosen = new Set<Member>();
  for (const arg of named) {
    const m = byName.get(arg) ?? byName.get(`@ls/${arg}`);
    if (!m) {
      throw new ReleaseError(
        `unknown package "${arg}"; the packages are ${
          members.map((m) => m.name).join(", ")
        }`,
      );
    }
    chosen.add(m);
  }
  if (named.length === 0) members.forEach((m) => chosen.add(m));
  const next = new Map<string, Version>();
  for (const m of chosen) {
    const v = exact ?? bump(m.version, kind);
    if (compare(v, m.version) <= 0) {
      throw new ReleaseError(
        `${m.name} is at ${show(m.version)}; ${show(v)} does not increase it`,
      );
    }
    next.set(m.name, v);
  }
  // A dependent whose published range would not admit a new version is
  // released too, with a patch, until no range is left behind.
  const leftBehind = (m: Member): string[] =>
    [...m.deps].filter((d) => {
      const v = next.get(d);
      return v !== undefined && !caretAdmits(byName.get(d)!.version, v);
    });
  for (let added = true; added;) {
    added = false;
    for (const m of members) {
      if (!next.has(m.name) && leftBehind(m).length > 0) {
        next.set(m.name, bump(m.version, "patch"));
        added = true;
      }
    }
  }
  const moved = new Map<string, string[]>();
  for (const m of members) {
    const left = leftBehind(m);
    if (left.length > 0) moved.set(m.name, left);
  }
  const versions = new Map<string, Version>();
  for (const m of members) {
    if (next.has(m.name)) versions.set(m.name, next.get(m.name)!);
  }
  return { versions, moved };
}

function gitCliff(root: string, args: string[]): Promise<string> {
  const npx = Deno.build.os === "windows" ? "npx.cmd" : "npx";
  const config = ["--config", "cliff.toml", "--strip", "all"];
  return exec(root, npx, ["-y", GIT_CLIFF, ...config, ...args]);
}

/** The commit a package's changes are counted from. */
async function since(root: string, name: string): Promise<string | undefined> {
  const tags = await git(
    root,
    "tag",
    "--list",
    `${name}@*`,
    "--sort=-v:refname",
    "--merged",
    "HEAD",
  );
  const last = tags.split("\n").find((t) => t !== "");
  if (last) return last;
  // No release yet: CHANGELOG.md's 0.1.0 entry tells everything up to the
  // commit that added it.
  const added = await git(
    root,
    "log",
    "--diff-filter=A",
    "--format=%H",
    "--",
    "CHANGELOG.md",
  );
  return added.split("\n").filter((h) => h !== "").at(-1);
}

async function section(
  root: string,
  m: Member,
  version: Version,
  moved: string[],
  versions: Map<string, Version>,
): Promise<string> {
  const tag = `${m.name}@${show(version)}`;
  const base = await since(root, m.name);
  const escaped = m.name.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
  let text = await gitCliff(root, [
    "--include-path",
    `packages/${m.dir}/**`,
    "--tag-pattern",
    `^${escaped}@`,
    "--tag",
    tag,
    ...(base ? [`${base}..HEAD`] : []),
  ]);
  if (!text.startsWith("## ")) {
    text = `## [${tag}] - ${new Date().toISOString().slice(0, 10)}`;
  }
  if (moved.length > 0) {
    const lines = moved.map((d) =>
      `- Depends on ${d} ^${show(versions.get(d)!)}.`
    ).join("\n");
    text = text.includes("\n### Changed\n")
      ? text.replace(
        /\n### Changed\n\n((?:- .*\n?)*)/,
        (_, items: string) => `\n### Changed\n\n${items.trimEnd()}\n${lines}\n`,
      )
      : `${text.trimEnd()}\n\n### Changed\n\n${lines}`;
  }
  return text.trimEnd();
}

async function main(root: string, args: string[]): Promise<void> {
  if (args.length === 0) throw new ReleaseError(USAGE);
  const [kind, ...named] = args;
  const members = await readMembers(root);
  const { versions, moved } = plan(members, kind, named);
  const status = await git(root, "status", "--porcelain");
  if (status !== "") {
    throw new ReleaseError(
      `the working tree has uncommitted changes; commit or stash them first:\n${status}`,
    );
  }
  const branch = await git(root, "symbolic-ref", "--quiet", "HEAD").catch(
    () => "",
  );
  if (branch === "") {
    throw new ReleaseError(
      "HEAD is detached; check out the branch to release from first",
    );
  }
  const tags = [...versions].map(([name, v]) => `${name}@${show(v)}`);
  for (const tag of tags) {
    if (await git(root, "tag", "--list", tag)) {
      throw new ReleaseError(`tag ${tag} already exists`);
    }
  }

  // Everything is computed before the first write.
  const byName = new Map(members.map((m) => [m.name, m]));
  const writes = new Map<string, string>();
  const sections: string[] = [];
  for (const [name, v] of versions) {
    const m = byName.get(name)!;
    const file = `packages/${m.dir}/deno.json`;
    const text = await Deno.readTextFile(`${root}/${file}`);
    const updated = text.replace(
      /("version"\s*:\s*")[^"]*(")/,
      `$1${show(v)}$2`,
    );
    writes.set(file, updated);
    sections.push(
      await section(root, m, v, moved.get(name) ?? [], versions),
    );
  }
  const changelog = await Deno.readTextFile(`${root}/CHANGELOG.md`);
  const at = changelog.search(/^## /m);
  writes.set(
    "CHANGELOG.md",
    at < 0
      ? `${changelog.trimEnd()}\n\n${sections.join("\n\n")}\n`
      : `${changelog.slice(0, at)}${sections.join("\n\n")}\n\n${
        changelog.slice(at)
      }`,
  );

  const head = await git(root, "rev-parse", "HEAD");
  const made: string[] = [];
  try {
    for (const [file, text] of writes) {
      await Deno.writeTextFile(`${root}/${file}`, text);
    }
    await exec(root, Deno.execPath(), ["fmt", "--quiet", "CHANGELOG.md"]);
    await git(root, "add", "--", ...writes.keys());
    const list = [...versions].map(([n, v]) => `${n} ${show(v)}`).join(", ");
    await git(root, "commit", "--quiet", "-m", `release: ${list}`);
    for (const tag of tags) {
      await git(root, "tag", "-a", tag, "-m", tag);
      made.push(tag);
    }
  } catch (e) {
    for (const tag of made) await git(root, "tag", "-d", tag).catch(() => {});
    await git(root, "reset", "--hard", "--quiet", head).catch(() => {});
    throw e;
  }
  for (const tag of tags) console.log(tag);
}

if (import.meta.main) {
  const root = decodeURIComponent(new URL("..", import.meta.url).pathname)
    .replace(/\/$/, "");
  try {
    await main(root, Deno.args);
  } catch (e) {
    if (!(e instanceof ReleaseError)) throw e;
    console.error(`release: ${e.message}`);
    Deno.exit(1);
  }
}
