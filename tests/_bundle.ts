// Test helper: bundles the LS umbrella for runtimes without Deno or Node
// APIs (an edge VM, a browser page). Not published.

const root = new URL("../", import.meta.url).pathname;

/** Bundles `@ls/ls` with `deno bundle`; `iife` defines a global `LS`, `esm` exports it. */
export async function bundleUmbrella(format: "iife" | "esm"): Promise<string> {
  const dir = await Deno.makeTempDir();
  try {
    const entry = `${dir}/entry.ts`;
    const out = `${dir}/out.js`;
    await Deno.writeTextFile(
      entry,
      format === "iife"
        ? `import { LS } from "@ls/ls";\n(globalThis as unknown as { LS: typeof LS }).LS = LS;\n`
        : `export * from "@ls/ls";\n`,
    );
    const { success, stderr } = await new Deno.Command(Deno.execPath(), {
      args: [
        "bundle",
        "--quiet",
        "--format",
        format,
        "--platform",
        "browser",
        "-o",
        out,
        entry,
      ],
      cwd: root,
      stdout: "null",
      stderr: "piped",
    }).output();
    if (!success) throw new Error(new TextDecoder().decode(stderr));
    return await Deno.readTextFile(out);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

/** What `new LS()` says where there is no environment and no file system. */
export const NO_CREDENTIAL =
  "ValueError: Invalid apiKey: a credential is required and none was found; " +
  "tried HERE_API_KEY (no environment access here), " +
  "LS_API_KEY (no environment access here), " +
  "HERE_ACCESS_KEY_ID and HERE_ACCESS_KEY_SECRET (no environment access here), " +
  "~/.here/credentials.properties (no file access here). " +
  "Pass apiKey, platformCredentials or auth, or set HERE_API_KEY";
