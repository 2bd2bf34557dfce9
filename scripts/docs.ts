/**
 * Writes the documentation for reading offline into `dist/docs/`:
 *
 * - `api/<package>/`: the HTML reference of each workspace package, every
 *   entry point of its deno.json (`deno doc --html`);
 * - `guides/`: README.md, CONTRIBUTING.md, docs/*.md and each package's
 *   README.md, copied with their paths kept, so the links between them hold,
 *   and the pictures of `docs/images/` they show;
 * - `index.html`: a page that links both.
 *
 * `deno task docs:links` then checks every relative link of the result.
 *
 * Usage: deno run --allow-read --allow-write=dist/docs --allow-run scripts/docs.ts
 *
 * @module
 */

import { type WorkspaceMember, workspaceMembers } from "./_workspace.ts";

const root = new URL("../", import.meta.url);
const out = new URL("dist/docs/", root);
const deno = Deno.execPath();

const packages: WorkspaceMember[] = await workspaceMembers(
  decodeURIComponent(root.pathname).replace(/\/$/, ""),
);

await Deno.remove(out, { recursive: true }).catch(() => {});
// deno doc --html needs the parent of its output folder to exist.
await Deno.mkdir(new URL("api/", out), { recursive: true });

for (const pkg of packages) {
  const dir = `dist/docs/api/${pkg.name.replace(/^@ls\//, "")}`;
  const { success } = await new Deno.Command(deno, {
    args: [
      "doc",
      "--html",
      `--name=${pkg.name}`,
      `--output=${dir}`,
      ...pkg.entries,
    ],
    cwd: root,
    stdout: "null",
    stderr: "inherit",
  }).output();
  if (!success) {
    console.error(`deno doc --html failed for ${pkg.name}`);
    Deno.exit(1);
  }
}

/** The Markdown files copied, relative to the root. */
const guides = ["README.md", "CONTRIBUTING.md"];
for await (const entry of Deno.readDir(new URL("docs/", root))) {
  if (entry.isFile && entry.name.endsWith(".md")) {
    guides.push(`docs/${entry.name}`);
  }
}
for (const pkg of packages) {
  for await (const entry of Deno.readDir(new URL(`${pkg.folder}/`, root))) {
    if (entry.isFile && entry.name === "README.md") {
      guides.push(`${pkg.folder}/README.md`);
    }
  }
}
guides.sort((a, b) => depth(a) - depth(b) || a.localeCompare(b));

const titles = new Map<string, string>();
for (const file of guides) {
  const text = await Deno.readTextFile(new URL(file, root));
  titles.set(file, /^#\s+(.+)$/m.exec(text)?.[1] ?? file);
  const copy = new URL(`guides/${file}`, out);
  await Deno.mkdir(new URL("./", copy), { recursive: true });
  await Deno.writeTextFile(copy, text);
}

const images = new URL("docs/images/", root);
for await (const entry of Deno.readDir(images)) {
  if (entry.isFile) {
    const copy = new URL(`guides/docs/images/${entry.name}`, out);
    await Deno.mkdir(new URL("./", copy), { recursive: true });
    await Deno.copyFile(new URL(entry.name, images), copy);
  }
}

const escape = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");
const item = (href: string, text: string, note = "") =>
  `    <li><a href="${escape(href)}">${escape(text)}</a>${
    note ? ` ${escape(note)}` : ""
  }</li>`;
const html = `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>HERE Location Services for TypeScript</title>
  <style>body { font-family: system-ui, sans-serif; max-width: 48rem; margin: 2rem auto; padding: 0 1rem; line-height: 1.5 }</style>
</head>
<body>
  <h1>HERE Location Services for TypeScript</h1>
  <h2>Reference</h2>
  <ul>
${
  packages.map((p) =>
    item(
      `api/${p.name.replace(/^@ls\//, "")}/index.html`,
      p.name,
      `${p.version}`,
    )
  ).join("\n")
}
  </ul>
  <h2>Guides</h2>
  <p>Markdown, as in the repository.</p>
  <ul>
${
  guides.map((g) => item(`guides/${g}`, titles.get(g) ?? g, `(${g})`)).join(
    "\n",
  )
}
  </ul>
</body>
</html>
`;
await Deno.writeTextFile(new URL("index.html", out), html);
console.log(
  `dist/docs/index.html: the reference of ${packages.length} packages and ${guides.length} guides`,
);

function depth(path: string): number {
  return path.split("/").length;
}
