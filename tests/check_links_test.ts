// scripts/check_links.ts on a small temporary tree: what it reports and what
// it leaves alone.
import assert from "node:assert/strict";

const script = new URL("../scripts/check_links.ts", import.meta.url);

async function check(readme: string): Promise<{ code: number; out: string }> {
  const dir = await Deno.makeTempDir({ prefix: "ls_links_" });
  try {
    const repo = `${dir}/repo`;
    for (const d of ["scripts", "docs", "packages", "dist/docs/guides"]) {
      await Deno.mkdir(`${repo}/${d}`, { recursive: true });
    }
    await Deno.copyFile(script, `${repo}/scripts/check_links.ts`);
    await Deno.writeTextFile(`${repo}/README.md`, readme);
    await Deno.writeTextFile(`${repo}/CONTRIBUTING.md`, "# Contributing\n");
    await Deno.writeTextFile(`${repo}/docs/guide.md`, "# Überblick\n");
    await Deno.writeTextFile(`${repo}/dist/docs/index.html`, "<p></p>\n");
    await Deno.writeTextFile(`${dir}/outside.md`, "# Outside\n");
    const out = await new Deno.Command(Deno.execPath(), {
      args: ["run", "--allow-read", "scripts/check_links.ts"],
      cwd: repo,
      env: { NO_COLOR: "1" },
      stdout: "piped",
      stderr: "piped",
    }).output();
    const text = new TextDecoder();
    return {
      code: out.code,
      out: text.decode(out.stdout) + text.decode(out.stderr),
    };
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test("check_links passes Unicode anchors and ignores links in code", async () => {
  const r = await check(
    "# Read me\n\n[guide](docs/guide.md#überblick)\n" +
      "[encoded](docs/guide.md#%C3%BCberblick)\n\n" +
      "```md\n[in a block](nowhere.md)\n```\n\n`[inline](nowhere.md)`\n",
  );
  assert.equal(r.code, 0, r.out);
});

Deno.test("check_links reports a link that leaves the repository", async () => {
  // ../outside.md exists on this disk, but not in the repository: on GitHub
  // and in a clone elsewhere it is broken.
  const r = await check("# Read me\n\n[out](../outside.md)\n");
  assert.equal(r.code, 1, r.out);
  assert.match(
    r.out,
    /README\.md:3: \.\.\/outside\.md \(outside the repository\)/,
  );
});

Deno.test("check_links reports a malformed escape instead of crashing", async () => {
  const r = await check(
    "# Read me\n\n[bad](docs/%E0%A4%A.md)\n[bad anchor](docs/guide.md#%E0%A4%A)\n",
  );
  assert.equal(r.code, 1, r.out);
  assert.match(r.out, /README\.md:3: docs\/%E0%A4%A\.md \(malformed escape\)/);
  assert.match(
    r.out,
    /README\.md:4: docs\/guide\.md#%E0%A4%A \(malformed escape\)/,
  );
  assert.doesNotMatch(r.out, /URIError/);
});

Deno.test("check_links reports an http link with a space", async () => {
  const r = await check("# Read me\n\n[sp](<https://example.com/a b>)\n");
  assert.equal(r.code, 1, r.out);
  assert.match(r.out, /malformed URL|no such file/);
});
