// scripts/doc_blocks.ts on a small temporary tree: a `ts` block that reads the
// environment does not see the credentials of the shell that runs the check.
import assert from "node:assert/strict";

const root = new URL("../", import.meta.url);

Deno.test("doc_blocks runs a block without the credentials in the environment", async () => {
  const dir = await Deno.makeTempDir({ prefix: "ls_doc_blocks_" });
  try {
    await Deno.mkdir(`${dir}/scripts`);
    await Deno.mkdir(`${dir}/docs`);
    await Deno.copyFile(
      new URL("scripts/doc_blocks.ts", root),
      `${dir}/scripts/doc_blocks.ts`,
    );
    const { tasks } = JSON.parse(
      await Deno.readTextFile(new URL("deno.json", root)),
    ) as { tasks: { test: string } };
    await Deno.writeTextFile(
      `${dir}/deno.json`,
      JSON.stringify({ tasks: { test: tasks.test } }),
    );
    await Deno.writeTextFile(`${dir}/CONTRIBUTING.md`, "# Contributing\n");
    await Deno.writeTextFile(
      `${dir}/README.md`,
      "# Read me\n\n```ts\n" +
        'const seen = ["HERE_API_KEY", "HERE_ACCESS_KEY_SECRET", "DENO_AUTH_TOKENS"]\n' +
        "  .filter((name) => Deno.env.get(name) !== undefined);\n" +
        'if (seen.length > 0) throw new Error(`saw ${seen.join(", ")}`);\n' +
        "```\n",
    );
    const out = await new Deno.Command(Deno.execPath(), {
      args: [
        "run",
        "--allow-read",
        "--allow-write=.doc_blocks",
        "--allow-run",
        "--allow-env",
        "scripts/doc_blocks.ts",
      ],
      cwd: dir,
      env: {
        NO_COLOR: "1",
        HERE_API_KEY: "a-key-the-docs-must-not-see",
        HERE_ACCESS_KEY_SECRET: "a-secret-the-docs-must-not-see",
        DENO_AUTH_TOKENS: "token@example.invalid",
      },
      stdout: "piped",
      stderr: "piped",
    }).output();
    const text = new TextDecoder();
    const all = text.decode(out.stdout) + text.decode(out.stderr);
    assert.equal(out.code, 0, all);
    assert.match(all, /running 1 blocks/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
