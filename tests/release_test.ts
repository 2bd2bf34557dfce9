// `deno task release` on a temporary clone of the repository (its committed
// HEAD): the refusals, one release of @ls/routing with the range of its
// dependent moved, what `deno publish` would then write, and a second release
// that counts from the first one's tag.
import assert from "node:assert/strict";

const root = new URL("../", import.meta.url).pathname;
const decoder = new TextDecoder();

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

async function run(cwd: string, cmd: string, ...args: string[]): Promise<Run> {
  const out = await new Deno.Command(cmd, {
    args,
    cwd,
    env: { NO_COLOR: "1", DENO_NO_UPDATE_CHECK: "1" },
    stdout: "piped",
    stderr: "piped",
  }).output();
  return {
    code: out.code,
    stdout: decoder.decode(out.stdout),
    stderr: decoder.decode(out.stderr),
  };
}

async function git(cwd: string, ...args: string[]): Promise<string> {
  const r = await run(cwd, "git", ...args);
  assert.equal(r.code, 0, `git ${args.join(" ")}: ${r.stderr}`);
  return r.stdout.trim();
}

const DIRS = [
  "core",
  "geocoding",
  "search",
  "routing",
  "isoline",
  "matrix",
  "weather",
  "tour",
  "ls",
  "sandbox",
];

const release = (cwd: string, ...args: string[]) =>
  run(cwd, Deno.execPath(), "task", "--quiet", "release", ...args);

async function version(cwd: string, dir: string): Promise<string> {
  const text = await Deno.readTextFile(`${cwd}/packages/${dir}/deno.json`);
  return (JSON.parse(text) as { version: string }).version;
}

async function commit(cwd: string, file: string, subject: string) {
  await Deno.writeTextFile(`${cwd}/${file}`, `// ${subject}\n`, {
    append: true,
  });
  await git(cwd, "commit", "--quiet", "-am", subject);
}

Deno.test("deno task release bumps, moves ranges, writes the changelog, commits and tags; refusals change nothing", async (t) => {
  const dir = await Deno.makeTempDir({ prefix: "ls_release_" });
  try {
    await git(root, "clone", "--quiet", root, dir);
    await git(dir, "config", "user.name", "Release Test");
    await git(dir, "config", "user.email", "release-test@example.invalid");
    // The same starting point whatever has been released since: every
    // package at 0.1.0 and tagged there, no other tag.
    for (const tag of (await git(dir, "tag", "--list")).split("\n")) {
      if (tag) await git(dir, "tag", "-d", tag);
    }
    const names: string[] = [];
    for (const pkg of DIRS) {
      const file = `${dir}/packages/${pkg}/deno.json`;
      const text = await Deno.readTextFile(file);
      names.push((JSON.parse(text) as { name: string }).name);
      await Deno.writeTextFile(
        file,
        text.replace(/("version": ")[^"]*"/, '$10.1.0"'),
      );
    }
    await git(
      dir,
      "commit",
      "--quiet",
      "--allow-empty",
      "-am",
      "tests: every package at 0.1.0",
    );
    for (const name of names) {
      await git(dir, "tag", "-a", `${name}@0.1.0`, "-m", `${name}@0.1.0`);
    }
    const tagsBefore = await git(dir, "tag", "--list");

    await t.step(
      "refusals are clear errors that leave the tree and the tags alone",
      async () => {
        const refusals: [string[], RegExp][] = [
          [[], /^release: usage: deno task release/m],
          [
            ["minr", "routing"],
            /"minr" is not a bump: give major, minor, patch or a version x\.y\.z/,
          ],
          [["1.2", "routing"], /"1\.2" is not a bump/],
          [["v0.2.0", "routing"], /"v0\.2\.0" is not a bump/],
          [
            ["minor", "@ls/nope"],
            /unknown package "@ls\/nope"; the packages are @ls\/core, /,
          ],
          [["patch", "routing", "nope"], /unknown package "nope"/],
          [
            ["0.1.0", "@ls/routing"],
            /@ls\/routing is at 0\.1\.0; 0\.1\.0 does not increase it/,
          ],
          [
            ["0.0.9", "routing"],
            /@ls\/routing is at 0\.1\.0; 0\.0\.9 does not increase it/,
          ],
          // No package named: all ten, core first.
          [["0.1.0"], /@ls\/core is at 0\.1\.0; 0\.1\.0 does not increase it/],
          // Past 2^53 a part would be written back rounded (1e20).
          [
            ["99999999999999999999.0.0", "routing"],
            /"99999999999999999999\.0\.0" is not a bump/,
          ],
          [["01.2.3", "routing"], /"01\.2\.3" is not a bump/],
          [["0.2.0-beta", "routing"], /"0\.2\.0-beta" is not a bump/],
          [["minor", "--force"], /unknown package "--force"/],
        ];
        for (const [args, message] of refusals) {
          const r = await release(dir, ...args);
          assert.equal(
            r.code,
            1,
            `release ${args.join(" ")}: ${r.stdout}${r.stderr}`,
          );
          assert.match(r.stderr, message);
          assert.equal(await git(dir, "status", "--porcelain"), "");
          assert.equal(await git(dir, "tag", "--list"), tagsBefore);
        }

        // A dirty tree: refused, and left as dirty as it was.
        await Deno.writeTextFile(`${dir}/packages/routing/mod.ts`, "// wip\n", {
          append: true,
        });
        const dirty = await git(dir, "status", "--porcelain");
        const r = await release(dir, "minor", "routing");
        assert.equal(r.code, 1);
        assert.match(
          r.stderr,
          /^release: the working tree has uncommitted changes; commit or stash them first:\n M packages\/routing\/mod\.ts/m,
        );
        assert.equal(await git(dir, "status", "--porcelain"), dirty);
        assert.equal(await git(dir, "tag", "--list"), tagsBefore);
        await git(dir, "checkout", "--quiet", "--", "packages/routing/mod.ts");

        // A deno.json with a comment (Deno reads it; JSON.parse does not):
        // a refusal naming the file, not a stack trace.
        const config = `${dir}/packages/routing/deno.json`;
        const plain = await Deno.readTextFile(config);
        await Deno.writeTextFile(config, `// routing\n${plain}`);
        await git(dir, "commit", "--quiet", "-am", "tests: a comment");
        const commented = await git(dir, "rev-parse", "HEAD");
        const jsonc = await release(dir, "minor", "routing");
        assert.equal(jsonc.code, 1, jsonc.stderr);
        assert.match(
          jsonc.stderr,
          /^release: packages\/routing\/deno\.json is not plain JSON \(comments are not supported\): /m,
        );
        assert.equal(await git(dir, "status", "--porcelain"), "");
        assert.equal(await git(dir, "rev-parse", "HEAD"), commented);
        await git(dir, "reset", "--quiet", "--hard", "HEAD~1");

        // No npx on the PATH (git-cliff cannot run): a refusal, not a stack
        // trace, and nothing written.
        const bin = await Deno.makeTempDir({ prefix: "ls_release_bin_" });
        try {
          const which = await run(dir, "sh", "-c", "command -v git");
          await Deno.symlink(which.stdout.trim(), `${bin}/git`);
          const out = await new Deno.Command(Deno.execPath(), {
            args: [
              "run",
              "--allow-read",
              "--allow-write",
              "--allow-run",
              "scripts/release.ts",
              "minor",
              "routing",
            ],
            cwd: dir,
            env: { PATH: bin, NO_COLOR: "1", DENO_NO_UPDATE_CHECK: "1" },
            stdout: "piped",
            stderr: "piped",
          }).output();
          const stderr = decoder.decode(out.stderr);
          assert.equal(out.code, 1, stderr);
          assert.match(
            stderr,
            /^release: npx is not on the PATH; it is needed to run npx -y git-cliff@/m,
          );
          assert.doesNotMatch(stderr, /\bat \S+release\.ts:\d+/);
        } finally {
          await Deno.remove(bin, { recursive: true });
        }
        assert.equal(await git(dir, "status", "--porcelain"), "");
        assert.equal(await git(dir, "tag", "--list"), tagsBefore);

        // A detached HEAD: the release commit would belong to no branch.
        const branch = await git(dir, "symbolic-ref", "--short", "HEAD");
        await git(dir, "checkout", "--quiet", "--detach");
        const detachedAt = await git(dir, "rev-parse", "HEAD");
        const detached = await release(dir, "minor", "routing");
        assert.equal(detached.code, 1, detached.stdout);
        assert.match(
          detached.stderr,
          /^release: HEAD is detached; check out the branch to release from first$/m,
        );
        assert.equal(await git(dir, "rev-parse", "HEAD"), detachedAt);
        assert.equal(await git(dir, "status", "--porcelain"), "");
        assert.equal(await git(dir, "tag", "--list"), tagsBefore);
        await git(dir, "checkout", "--quiet", branch);

        // A tag that already exists.
        await git(dir, "tag", "@ls/routing@0.2.0");
        const taken = await release(dir, "minor", "routing");
        assert.equal(taken.code, 1);
        assert.match(
          taken.stderr,
          /^release: tag @ls\/routing@0\.2\.0 already exists$/m,
        );
        assert.equal(await git(dir, "status", "--porcelain"), "");
        await git(dir, "tag", "-d", "@ls/routing@0.2.0");
        assert.equal(await git(dir, "tag", "--list"), tagsBefore);
      },
    );

    await t.step("release minor @ls/routing", async () => {
      await commit(
        dir,
        "packages/routing/mod.ts",
        "routing: add a line users can see",
      );
      await commit(
        dir,
        "packages/routing/mod.ts",
        "routing: the line no longer says nothing",
      );
      await commit(
        dir,
        "packages/routing/routes_test.ts",
        "routing: test that the line is there",
      );
      await commit(dir, "packages/core/mod.ts", "core: add a line to core");
      const before = await git(dir, "rev-parse", "HEAD");

      const r = await release(dir, "minor", "@ls/routing");
      assert.equal(r.code, 0, r.stderr);
      assert.equal(r.stdout.trim(), "@ls/routing@0.2.0\n@ls/ls@0.1.1");

      // Versions: routing, and ls, whose ^0.1.0 would not admit routing 0.2.0.
      assert.equal(await version(dir, "routing"), "0.2.0");
      assert.equal(await version(dir, "ls"), "0.1.1");
      for (
        const other of [
          "core",
          "geocoding",
          "search",
          "isoline",
          "matrix",
          "weather",
          "tour",
          "sandbox",
        ]
      ) {
        assert.equal(await version(dir, other), "0.1.0", other);
      }

      // One commit with the two versions and the changelog, one tag each.
      assert.equal(await git(dir, "rev-parse", "HEAD~1"), before);
      assert.equal(
        await git(dir, "log", "-1", "--format=%s"),
        "release: @ls/routing 0.2.0, @ls/ls 0.1.1",
      );
      assert.deepEqual(
        (await git(dir, "show", "--name-only", "--format=", "HEAD")).split(
          "\n",
        ),
        ["CHANGELOG.md", "packages/ls/deno.json", "packages/routing/deno.json"],
      );
      assert.deepEqual(
        (await git(dir, "tag", "--points-at", "HEAD")).split("\n").sort(),
        ["@ls/ls@0.1.1", "@ls/routing@0.2.0"],
      );
      assert.equal(await git(dir, "status", "--porcelain"), "");

      // The sections sit above 0.1.0, newest first, grouped as Keep a
      // Changelog says; test-only commits and other packages' are left out.
      const changelog = await Deno.readTextFile(`${dir}/CHANGELOG.md`);
      const day = String.raw`\d{4}-\d{2}-\d{2}`;
      assert.match(
        changelog,
        new RegExp(
          String
            .raw`\n## \[@ls/routing@0\.2\.0\] - ${day}\n\n### Added\n\n- routing: add a line users can see\n\n### Fixed\n\n- routing: the line no longer says nothing\n\n` +
            String
              .raw`## \[@ls/ls@0\.1\.1\] - ${day}\n\n### Changed\n\n- Depends on @ls/routing \^0\.2\.0\.\n\n## \[0\.1\.0\]`,
        ),
      );
      assert.doesNotMatch(changelog, /test that the line|add a line to core/);
      const fmt = await run(
        dir,
        Deno.execPath(),
        "fmt",
        "--check",
        "CHANGELOG.md",
      );
      assert.equal(fmt.code, 0, fmt.stderr);
    });

    await t.step(
      "deno publish --dry-run passes and writes the moved range",
      async () => {
        const r = await run(
          dir,
          Deno.execPath(),
          "publish",
          "--dry-run",
          "--allow-dirty",
          "--log-level=debug",
        );
        assert.equal(r.code, 0, r.stderr.slice(-4000));
        assert.match(r.stdout + r.stderr, /Dry run complete/);
        // "Unfurled specifier: @ls/routing from file:///…/packages/ls/ls.ts -> jsr:@ls/routing@^0.2.0"
        const ranges = new Set<string>();
        for (
          const m of (r.stdout + r.stderr).matchAll(
            /Unfurled specifier: \S+ from \S*\/packages\/(\w+)\/\S+ -> jsr:(@ls\/[\w-]+@[^/\s]+)/g,
          )
        ) {
          ranges.add(`${m[1]} ${m[2]}`);
        }
        assert.ok(ranges.has("ls @ls/routing@^0.2.0"), [...ranges].join("\n"));
        assert.ok(ranges.has("ls @ls/core@^0.1.0"));
        assert.ok(ranges.has("search @ls/geocoding@^0.1.0"));
        assert.ok(![...ranges].some((x) => x.includes("@ls/routing@^0.1")));
        assert.doesNotMatch(r.stdout + r.stderr, /https:\/\/jsr\.io/);
      },
    );

    await t.step(
      "a patch counts from the last tag and leaves dependents alone",
      async () => {
        await commit(dir, "packages/routing/mod.ts", "routing: fix the line");
        const r = await release(dir, "patch", "routing");
        assert.equal(r.code, 0, r.stderr);
        assert.equal(r.stdout.trim(), "@ls/routing@0.2.1");
        assert.equal(await version(dir, "routing"), "0.2.1");
        assert.equal(await version(dir, "ls"), "0.1.1");
        const changelog = await Deno.readTextFile(`${dir}/CHANGELOG.md`);
        const section = changelog.slice(
          changelog.indexOf("## [@ls/routing@0.2.1]"),
          changelog.indexOf("## [@ls/routing@0.2.0]"),
        );
        assert.match(
          section,
          /^## \[@ls\/routing@0\.2\.1\] - .*\n\n### Fixed\n\n- routing: fix the line\n\n$/,
        );
        assert.equal(await git(dir, "status", "--porcelain"), "");
      },
    );

    await t.step(
      "a subject is written as text: never run, its <word> kept visible",
      async () => {
        const subject =
          "routing: fix route=<polyline>;w=<width> $(touch PWNED) `touch PWNED2` \"q\" 's' & {{ version }}";
        await commit(dir, "packages/routing/mod.ts", subject);
        const r = await release(dir, "patch", "routing");
        assert.equal(r.code, 0, r.stderr);
        assert.equal(r.stdout.trim(), "@ls/routing@0.2.2");
        const changelog = await Deno.readTextFile(`${dir}/CHANGELOG.md`);
        const section = changelog.slice(
          changelog.indexOf("## [@ls/routing@0.2.2]"),
          changelog.indexOf("## [@ls/routing@0.2.1]"),
        );
        // Markdown would take <polyline> for an HTML tag and show nothing.
        assert.match(
          section.replaceAll("\n  ", " "), // deno fmt wraps at 80
          /^- routing: fix route=&lt;polyline>;w=&lt;width> \$\(touch PWNED\) `touch PWNED2` "q" 's' &amp; \{\{ version \}\}$/m,
        );
        await assert.rejects(Deno.stat(`${dir}/PWNED`), Deno.errors.NotFound);
        await assert.rejects(Deno.stat(`${dir}/PWNED2`), Deno.errors.NotFound);
        assert.equal(await git(dir, "status", "--porcelain"), "");
      },
    );

    await t.step(
      "a failure after the writes puts the tree, HEAD and the tags back",
      async () => {
        const head = await git(dir, "rev-parse", "HEAD");
        const tags = await git(dir, "tag", "--list");
        const hook = `${dir}/.git/hooks/pre-commit`;
        await Deno.writeTextFile(
          hook,
          "#!/bin/sh\necho refused by the hook >&2\nexit 1\n",
        );
        await Deno.chmod(hook, 0o755);
        const r = await release(dir, "minor", "routing");
        await Deno.remove(hook);
        assert.equal(r.code, 1);
        assert.match(
          r.stderr,
          /^release: git commit --quiet -m release: @ls\/routing 0\.3\.0, @ls\/ls 0\.1\.2 failed: refused by the hook$/m,
        );
        assert.equal(await git(dir, "status", "--porcelain"), "");
        assert.equal(await git(dir, "rev-parse", "HEAD"), head);
        assert.equal(await git(dir, "tag", "--list"), tags);
      },
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
