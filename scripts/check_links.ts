/**
 * Checks the links of the documentation without the network, and exits 1
 * naming each broken one:
 *
 * - Markdown: README.md, CONTRIBUTING.md, docs/*.md, packages/*\/README.md.
 *   A relative link must name a file or folder that exists; a `#fragment`
 *   into a Markdown file must name one of its headings (GitHub's anchors).
 * - HTML: every file under dist/docs (`deno task docs` writes it), its
 *   `href` and `src` attributes: a relative target must exist.
 * - `http:` and `https:` links are not fetched, but must be well-formed URLs
 *   with a host name; `mailto:` and the like are left alone.
 *
 * Links inside code (fenced blocks and `inline code`) are not links.
 *
 * Usage: deno run --allow-read scripts/check_links.ts
 *
 * @module
 */

const root = new URL("../", import.meta.url);
const broken: string[] = [];
let checked = 0;

/** The files of `dir` (recursively) whose names end in `suffix`. */
async function* files(dir: URL, suffix: string): AsyncGenerator<URL> {
  for await (const entry of Deno.readDir(dir)) {
    const url = new URL(entry.name + (entry.isDirectory ? "/" : ""), dir);
    if (entry.isDirectory) yield* files(url, suffix);
    else if (entry.isFile && entry.name.endsWith(suffix)) yield url;
  }
}

async function exists(url: URL): Promise<boolean> {
  try {
    await Deno.stat(url);
    return true;
  } catch (e) {
    if (e instanceof Deno.errors.NotFound) return false;
    throw e;
  }
}

const rel = (url: URL) => url.pathname.slice(root.pathname.length);

/** A link with a scheme: checked for form only. */
function external(target: string, where: string): boolean {
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(target)?.[1]?.toLowerCase();
  if (scheme === undefined) return false;
  if (scheme === "http" || scheme === "https") {
    let ok = false;
    try {
      const url = new URL(target);
      ok = /^([a-z0-9-]+(\.[a-z0-9-]+)+|localhost)$/i.test(url.hostname) &&
        !/\s/.test(target);
    } catch {
      ok = false;
    }
    if (!ok) broken.push(`${where}: malformed URL ${target}`);
  }
  return true;
}

/** GitHub's anchor for a heading. */
function slug(heading: string): string {
  return heading
    .replace(/`([^`]*)`/g, "$1")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

const anchorCache = new Map<string, Set<string>>();
async function anchors(url: URL): Promise<Set<string>> {
  let set = anchorCache.get(url.href);
  if (set) return set;
  set = new Set();
  const counts = new Map<string, number>();
  for (const line of prose(await Deno.readTextFile(url))) {
    const m = /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line);
    if (!m) continue;
    const base = slug(m[1]);
    const n = counts.get(base) ?? 0;
    counts.set(base, n + 1);
    set.add(n === 0 ? base : `${base}-${n}`);
  }
  anchorCache.set(url.href, set);
  return set;
}

/** The lines of a Markdown text outside fenced blocks, inline code blanked. */
function prose(text: string): string[] {
  const out: string[] = [];
  let fence: string | undefined;
  for (const line of text.split("\n")) {
    const m = /^\s*(`{3,}|~{3,})/.exec(line);
    if (fence) {
      if (m && m[1][0] === fence[0] && m[1].length >= fence.length) {
        fence = undefined;
      }
      out.push("");
    } else if (m) {
      fence = m[1];
      out.push("");
    } else out.push(line.replace(/(`+)[\s\S]*?\1/g, ""));
  }
  return out;
}

async function checkMarkdown(file: URL): Promise<void> {
  const lines = prose(await Deno.readTextFile(file));
  for (const [i, line] of lines.entries()) {
    const where = `${rel(file)}:${i + 1}`;
    const targets = [
      // `(<a b>)` may hold spaces, CommonMark says; `(a)` may not.
      ...[
        ...line.matchAll(
          /\]\(\s*(?:<([^>\n]*)>|([^)\s]*))(?:\s+"[^"]*")?\s*\)/g,
        ),
      ].map((m) => m[1] ?? m[2]),
      ...[...line.matchAll(/^\s*\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/g)].map(
        (m) => m[1],
      ),
      ...[...line.matchAll(/<(https?:[^>\s]*)>/g)].map((m) => m[1]),
    ];
    for (const target of targets) {
      checked++;
      if (target === "") {
        broken.push(`${where}: empty link`);
        continue;
      }
      if (external(target, where)) continue;
      const [path, fragment] = target.split("#", 2);
      let url: URL, anchor: string | undefined;
      try {
        url = path === "" ? file : new URL(decodeURI(path), file);
        anchor = fragment && decodeURIComponent(fragment);
      } catch {
        broken.push(`${where}: ${target} (malformed escape)`);
        continue;
      }
      if (!url.href.startsWith(root.href)) {
        broken.push(`${where}: ${target} (outside the repository)`);
      } else if (!await exists(url)) {
        broken.push(`${where}: ${target} (no such file)`);
      } else if (anchor && url.pathname.endsWith(".md")) {
        if (!(await anchors(url)).has(anchor)) {
          broken.push(`${where}: ${target} (no such heading)`);
        }
      }
    }
  }
}

/** An attribute's text with its character references decoded. */
function decodeEntities(text: string): string {
  const named: Record<string, string> = {
    amp: "&",
    lt: "<",
    gt: ">",
    quot: '"',
    apos: "'",
  };
  return text.replace(
    /&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi,
    (all, ref: string) =>
      ref[0] !== "#" ? named[ref.toLowerCase()] ?? all : String.fromCodePoint(
        ref[1] === "x" || ref[1] === "X"
          ? parseInt(ref.slice(2), 16)
          : parseInt(ref.slice(1), 10),
      ),
  );
}

async function checkHtml(file: URL): Promise<void> {
  const text = await Deno.readTextFile(file);
  for (
    const m of text.matchAll(/\s(?:href|src)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)
  ) {
    const target = decodeEntities(m[1] ?? m[2]);
    checked++;
    const where = rel(file);
    if (target === "" || target.startsWith("#")) continue;
    if (external(target, where)) continue;
    const path = target.split(/[?#]/, 1)[0];
    if (path === "") continue;
    let url: URL;
    try {
      url = new URL(decodeURI(path), file);
    } catch {
      broken.push(`${where}: ${target} (malformed escape)`);
      continue;
    }
    if (url.pathname.endsWith("/")) url = new URL("index.html", url);
    if (!url.href.startsWith(root.href)) {
      broken.push(`${where}: ${target} (outside the repository)`);
    } else if (!await exists(url)) {
      broken.push(`${where}: ${target} (no such file)`);
    }
  }
}

const markdown = [
  new URL("README.md", root),
  new URL("CONTRIBUTING.md", root),
];
for await (const f of files(new URL("docs/", root), ".md")) markdown.push(f);
for await (const entry of Deno.readDir(new URL("packages/", root))) {
  const readme = new URL(`packages/${entry.name}/README.md`, root);
  if (entry.isDirectory && await exists(readme)) markdown.push(readme);
}
for (const f of markdown) await checkMarkdown(f);

const site = new URL("dist/docs/", root);
let pages = 0;
if (await exists(site)) {
  for await (const f of files(site, ".html")) {
    pages++;
    await checkHtml(f);
  }
  for await (const f of files(new URL("guides/", site), ".md")) {
    await checkMarkdown(f);
  }
} else {
  broken.push("dist/docs is missing: run `deno task docs` first");
}

if (broken.length > 0) {
  console.error(`${broken.length} broken links:\n  ${broken.join("\n  ")}`);
  Deno.exit(1);
}
console.log(
  `${checked} links checked in ${markdown.length} Markdown files and ${pages} HTML pages: none broken`,
);
