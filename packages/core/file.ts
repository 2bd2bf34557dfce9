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

export {
  defaultCredentialsPath,
  fromFile,
  PlatformCredentials,
} from "./auth/credentials_file.ts";
