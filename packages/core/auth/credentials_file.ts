import { readFile } from "node:fs/promises";
import { homedir } from "node:os";
import { join } from "node:path";
import process from "node:process";
import { ValueError } from "../errors/errors.ts";
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
