// scripts/jsr_score.ts on small workspaces made in a temporary directory: a
// package without an example in its module doc fails the check, the same
// package with one passes; and the parsers on their inputs.
import assert from "node:assert/strict";
import {
  provenanceProblem,
  runDeno,
  slowTypeFiles,
} from "../scripts/jsr_score.ts";

const script = new URL("../scripts/jsr_score.ts", import.meta.url).pathname;
const publishYml = await Deno.readTextFile(
  new URL("../.github/workflows/publish.yml", import.meta.url),
);

const WITHOUT_EXAMPLE = `/**
 * \`@fx/pkg\`: a fixture package.
 *
 * Runtimes: Deno, Node, browsers and edge runtimes (web-standard APIs only).
 *
 * @module
 */

/** Adds one. */
export function inc(n: number): number {
  return n + 1;
}
`;

const WITH_EXAMPLE = WITHOUT_EXAMPLE.replace(
  " * @module",
  ' * @example\n * ```ts\n * import { inc } from "@fx/pkg";\n * inc(1);\n * ```\n *\n * @module',
);

async function fixture(mod: string): Promise<string> {
  const root = await Deno.makeTempDir({ prefix: "jsr_score_" });
  await Deno.mkdir(`${root}/packages/pkg`, { recursive: true });
  await Deno.mkdir(`${root}/.github/workflows`, { recursive: true });
  await Deno.writeTextFile(
    `${root}/deno.json`,
    JSON.stringify({ workspace: ["./packages/pkg"] }),
  );
  await Deno.writeTextFile(
    `${root}/packages/pkg/deno.json`,
    JSON.stringify({
      name: "@fx/pkg",
      version: "0.1.0",
      license: "MIT",
      exports: "./mod.ts",
    }),
  );
  await Deno.writeTextFile(`${root}/packages/pkg/mod.ts`, mod);
  await Deno.writeTextFile(`${root}/.github/workflows/publish.yml`, publishYml);
  await Deno.writeTextFile(
    `${root}/.github/jsr_settings.json`,
    JSON.stringify({
      packages: {
        "@fx/pkg": {
          description: "A fixture package.",
          runtimes: { deno: true, node: true, browser: true, workerd: true },
        },
      },
    }),
  );
  return root;
}

function score(root: string): Promise<{ code: number; out: string }> {
  const args = ["run", "--allow-read", "--allow-run", "--allow-env"];
  return runDeno([...args, script, "--root", root], root);
}

Deno.test("a package without a module doc example fails the JSR score check", async () => {
  const root = await fixture(WITHOUT_EXAMPLE);
  try {
    const { code, out } = await score(root);
    assert.equal(code, 1, out);
    assert.match(out, /@fx\/pkg +2\/2 +0\/1 !/);
    assert.match(
      out,
      /@fx\/pkg examples in README or module doc: no code block or @example/,
    );
    assert.match(out, /1 package\(s\) below full JSR marks: @fx\/pkg/);
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});

Deno.test("the same package with a module doc example passes", async () => {
  const root = await fixture(WITH_EXAMPLE);
  try {
    const { code, out } = await score(root);
    assert.equal(code, 0, out);
    assert.match(out, /@fx\/pkg .* 18\/18 100%/);
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});

Deno.test("a package with a slow type fails the JSR score check", async () => {
  const root = await fixture(
    WITH_EXAMPLE.replace("inc(n: number): number {", "inc(n: number) {"),
  );
  try {
    const { code, out } = await score(root);
    assert.equal(code, 1, out);
    assert.match(
      out,
      /@fx\/pkg no slow types: mod\.ts: missing-explicit-return-type/,
    );
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});

Deno.test("slow-type errors are attributed to their files; other errors are not slow types", () => {
  const output = [
    "error[missing-explicit-return-type]: missing explicit return type in the public API",
    " --> /w/packages/a/mod.ts:6:17",
    "error[missing-license]: missing license field or file",
    " --> /w/packages/b/deno.json",
  ].join("\n");
  assert.deepEqual(
    [...slowTypeFiles(output)],
    [["/w/packages/a/mod.ts", ["missing-explicit-return-type"]]],
  );
});

Deno.test("provenance needs id-token: write and a real deno publish on a tag push", () => {
  assert.equal(provenanceProblem(publishYml), "");
  assert.match(
    provenanceProblem(
      publishYml.replace(/^ {2}id-token: write$/m, "  id-token: none"),
    ),
    /id-token: write/,
  );
  assert.match(
    provenanceProblem(
      publishYml.replaceAll(
        /deno@2\.9\.6 publish$/gm,
        "deno@2.9.6 publish --dry-run",
      ),
    ),
    /no `deno publish` step/,
  );
  assert.match(provenanceProblem(undefined), /missing/);
  // A dry run whose flag sits on a continuation line is still a dry run.
  assert.match(
    provenanceProblem(
      publishYml.replace(
        /^( +)run: (npx -y deno@2\.9\.6 publish)$/m,
        "$1run: |\n$1  $2 \\\n$1    --dry-run",
      ),
    ),
    /no `deno publish` step/,
  );
});
