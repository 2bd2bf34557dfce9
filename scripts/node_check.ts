/**
 * Proves the npm build works for Node users: packs every `dist/<pkg>` into a
 * tarball, installs the tarballs into a fresh consumer project (with npm, as a
 * user would), runs the `node --test` suite in `tests/node/` against them, and
 * type-checks `tests/node/consumer.ts` with `moduleResolution: "nodenext"`.
 *
 * Usage: deno run -A scripts/node_check.ts (after scripts/build_npm.ts)
 *
 * @module
 */

const root = new URL("../", import.meta.url).pathname;
const dist = `${root}dist/`;
const work = `${dist}_node/`;

async function run(cmd: string, args: string[], cwd: string): Promise<void> {
  const { code } = await new Deno.Command(cmd, {
    args,
    cwd,
    stdout: "inherit",
    stderr: "inherit",
    env: {
      npm_config_fund: "false",
      npm_config_audit: "false",
      npm_config_update_notifier: "false",
    },
  }).output();
  if (code !== 0) {
    throw new Error(`${cmd} ${args.join(" ")} exited with ${code}`);
  }
}

await Deno.remove(work, { recursive: true }).catch(() => {});
await Deno.mkdir(`${work}packs`, { recursive: true });
const deps: Record<string, string> = {};
for await (const entry of Deno.readDir(dist)) {
  if (!entry.isDirectory || entry.name.startsWith("_")) continue;
  const pkg = JSON.parse(
    await Deno.readTextFile(`${dist}${entry.name}/package.json`),
  );
  await run("npm", [
    "pack",
    "--silent",
    "--pack-destination",
    `${work}packs`,
    `${dist}${entry.name}`,
  ], root);
  const file = `${
    pkg.name.replace("@", "").replace("/", "-")
  }-${pkg.version}.tgz`;
  deps[pkg.name] = `file:./packs/${file}`;
}
const consumer = {
  name: "ls-node-consumer",
  private: true,
  type: "module",
  dependencies: { ...deps, typescript: "5.9.3" },
};
await Deno.writeTextFile(
  `${work}package.json`,
  JSON.stringify(consumer, null, 2),
);
await run(
  "npm",
  ["install", "--no-audit", "--no-fund", "--loglevel=error"],
  work,
);

for await (const entry of Deno.readDir(`${root}tests/node`)) {
  await Deno.copyFile(
    `${root}tests/node/${entry.name}`,
    `${work}${entry.name}`,
  );
}
await Deno.writeTextFile(
  `${work}tsconfig.json`,
  JSON.stringify({
    compilerOptions: {
      module: "nodenext",
      moduleResolution: "nodenext",
      target: "es2022",
      lib: ["es2023", "dom", "dom.iterable", "esnext.disposable"],
      strict: true,
      noEmit: true,
      skipLibCheck: false,
      types: [],
    },
    files: ["consumer.ts"],
  }),
);
await run("npx", ["tsc", "-p", "."], work);
console.log("consumer.ts type-checks with moduleResolution nodenext");
const tests = [];
for await (const e of Deno.readDir(work)) {
  if (e.name.endsWith(".test.mjs")) tests.push(e.name);
}
await run("node", ["--test", ...tests.sort()], work);
