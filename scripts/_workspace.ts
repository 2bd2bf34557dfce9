/**
 * The workspace's members, read once the same way for every script that
 * walks them (the doc lint, the offline docs, the JSR score check).
 *
 * @module
 */

/** A member of the workspace, as its `deno.json` names it. */
export interface WorkspaceMember {
  /** Its JSR name, e.g. `@ls/core`. */
  name: string;
  /** Its version. */
  version: string;
  /** Its folder, relative to the workspace root, e.g. `packages/core`. */
  folder: string;
  /** Its entries, relative to the workspace root, the main one (`.`) first. */
  entries: string[];
}

/** The members of the workspace whose root folder is `root` (a path). */
export async function workspaceMembers(
  root: string,
): Promise<WorkspaceMember[]> {
  const { workspace = [] } = JSON.parse(
    await Deno.readTextFile(`${root}/deno.json`),
  ) as { workspace?: string[] };
  const members: WorkspaceMember[] = [];
  for (const path of workspace) {
    const folder = path.replace(/^\.\//, "");
    const config = JSON.parse(
      await Deno.readTextFile(`${root}/${folder}/deno.json`),
    ) as {
      name: string;
      version: string;
      exports: string | Record<string, string>;
    };
    const exports = typeof config.exports === "string"
      ? { ".": config.exports }
      : config.exports;
    const keys = Object.keys(exports).sort((a, b) =>
      a === "." ? -1 : b === "." ? 1 : 0
    );
    members.push({
      name: config.name,
      version: config.version,
      folder,
      entries: keys.map((k) => `${folder}/${exports[k].replace(/^\.\//, "")}`),
    });
  }
  return members;
}
