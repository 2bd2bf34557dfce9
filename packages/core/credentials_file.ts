/**
 * Loads HERE platform credentials from a `credentials.properties` file
 * (default `~/.here/credentials.properties`). This entry point uses
 * `node:fs/promises` and `node:os`, so it works on Deno and Node but not on
 * edge runtimes or in browsers; the rest of `@ls/core` does not import it.
 *
 * On Deno it needs `--allow-read` for the file and `--allow-env` (`HOME`,
 * `USERPROFILE`) to find the home directory.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { fromFile } from "@ls/core/file";
 * const path = await Deno.makeTempFile({ suffix: ".properties" });
 * await Deno.writeTextFile(path, "here.access.key.id = AKID\nhere.access.key.secret = SECRET\n");
 * const credentials = await fromFile(path); // fromFile() reads ~/.here/credentials.properties
 * assert.equal(credentials.accessKeyId, "AKID");
 * await Deno.remove(path);
 * ```
 *
 * @module
 */

import { readFile } from "node:fs/promises";
import { homedir } from "node:os";
import { join } from "node:path";
import process from "node:process";
import { ValueError } from "./errors.ts";
import { PlatformCredentials } from "./credentials.ts";
import { decodeProperties } from "./_properties.ts";

export { PlatformCredentials } from "./credentials.ts";

/**
 * The default credentials file: `~/.here/credentials.properties`. The home
 * directory is `HOME`, else `USERPROFILE`, else `os.homedir()` (which Deno
 * allows only with `--allow-sys`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { join } from "node:path";
 * import { defaultCredentialsPath } from "@ls/core/file";
 * // e.g. "/home/me/.here/credentials.properties"
 * assert.ok(defaultCredentialsPath().endsWith(join(".here", "credentials.properties")));
 * ```
 */
export function defaultCredentialsPath(): string {
  const home = process.env.HOME || process.env.USERPROFILE || homedir();
  return join(home, ".here", "credentials.properties");
}

/**
 * Reads and parses a `credentials.properties` file (rules of
 * {@linkcode PlatformCredentials.fromProperties}).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { fromFile } from "@ls/core/file";
 * await assert.rejects(fromFile("/nonexistent/credentials.properties"), {
 *   name: "ValueError",
 *   message: "Invalid credentials file: /nonexistent/credentials.properties does not exist",
 * });
 * ```
 *
 * @param path the file; default `~/.here/credentials.properties`
 * @throws {ValueError} when the file does not exist or cannot be read, or lacks
 * the key id or the secret; the message names the path, never the contents
 */
export async function fromFile(path?: string): Promise<PlatformCredentials> {
  const file = path ?? defaultCredentialsPath();
  let text: string;
  try {
    text = decodeProperties(await readFile(file));
  } catch (err) {
    const code = (err as { code?: unknown })?.code;
    if (code === "ENOENT" || code === "ENOTDIR") {
      throw new ValueError("credentials file", `${file} does not exist`);
    }
    if (code === "EISDIR") {
      throw new ValueError("credentials file", `${file} is a directory`);
    }
    if (typeof code === "string") {
      throw new ValueError(
        "credentials file",
        `${file} cannot be read (${code})`,
      );
    }
    throw err;
  }
  return PlatformCredentials.fromProperties(text, file);
}
