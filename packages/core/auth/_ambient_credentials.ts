// Credentials a Client finds by itself when it is given none: the
// environment, then HERE's default credentials file. The runtime is probed
// through globalThis (no import of Deno or Node APIs), so the same code runs
// on the edge and in browsers, where every source is simply absent; on Deno
// a variable or file is read only when the permission is already granted,
// so a lookup never prompts.

import { ValueError } from "../errors/errors.ts";
import { PlatformCredentials } from "./credentials.ts";
import { decodeProperties } from "./_properties.ts";

/** What a lookup can read; the runtime's, or a test's. */
export interface Surroundings {
  /** A variable's value; `undefined` when unset or not readable. */
  env(name: string): string | undefined;
  /** Whether variables can be read at all here. */
  hasEnv: boolean;
  /** Why a source could not be read (a missing permission), if it could not. */
  denied(kind: "env" | "read", what: string): string | undefined;
  /** The home directory, when known. */
  home(): string | undefined;
  /**
   * A file's text and permission bits; `undefined` when it does not exist
   * or cannot be read, or a reason it was not read (not a regular file, too
   * large).
   */
  readFile(path: string): { text: string; mode?: number } | string | undefined;
  /** Whether files can be read at all here. */
  hasFiles: boolean;
  /** Where a warning goes. */
  warn(message: string): void;
}

/** The credential found, and where. */
export type Found =
  | { apiKey: string; source: string }
  | { platformCredentials: PlatformCredentials; source: string };

/** The path of HERE's credentials file under `home`. */
export function credentialsFilePath(home: string): string {
  const sep = home.includes("\\") && !home.includes("/") ? "\\" : "/";
  return `${
    home.replace(/[\\/]+$/, "")
  }${sep}.here${sep}credentials.properties`;
}

const KEY_VARIABLES = ["HERE_API_KEY", "LS_API_KEY"] as const;
/** Where the home directory is read from, in order. */
const HOME_VARIABLES = ["HOME", "USERPROFILE"] as const;
/** The OAuth key id and secret variables, aliases included. */
const OAUTH_KEY_VARIABLES = [
  "HERE_ACCESS_KEY_ID",
  "HERE_ACCESS_KEY",
  "HERE_ACCESS_KEY_SECRET",
  "HERE_ACCESS_SECRET",
];
/** How the OAuth variables are named as a source, found or not. */
const OAUTH_SOURCE = "HERE_ACCESS_KEY_ID and HERE_ACCESS_KEY_SECRET";

/**
 * The first credential among `HERE_API_KEY`, `LS_API_KEY`, the OAuth
 * variables of {@linkcode PlatformCredentials.fromEnv} and
 * `~/.here/credentials.properties`.
 *
 * @throws {ValueError} when none is found, listing every source and what
 * became of it; or when a source is set but incomplete (an OAuth key id
 * without its secret, a file without one): a half-set source is a mistake
 * to report, not a reason to fall through to the next
 */
export function ambientCredentials(
  around: Surroundings = runtimeSurroundings(),
): Found {
  const tried: string[] = [];
  const why = (kind: "env" | "read", what: string, absent: string) =>
    ` (${
      !(kind === "env" ? around.hasEnv : around.hasFiles)
        ? `no ${kind === "env" ? "environment" : "file"} access here`
        : around.denied(kind, what) ?? absent
    })`;
  // A variable set to nothing but blanks is no credential, but is not unset
  // either: saying so points at the mistake. Its value is never quoted.
  const isBlank = (name: string) => around.env(name)?.trim() === "";
  const blanks = (names: readonly string[]) => {
    const blank = names.filter(isBlank);
    return blank.length ? `${blank.join(" and ")} blank` : undefined;
  };
  for (const name of KEY_VARIABLES) {
    const value = around.env(name)?.trim();
    if (value) return { apiKey: value, source: name };
    tried.push(name + why("env", name, isBlank(name) ? "blank" : "not set"));
  }
  if (OAUTH_KEY_VARIABLES.some((name) => around.env(name)?.trim())) {
    return {
      platformCredentials: PlatformCredentials.fromEnv({
        get: (name) => around.env(name),
      }),
      source: OAUTH_SOURCE,
    };
  }
  tried.push(
    OAUTH_SOURCE +
      why(
        "env",
        "HERE_ACCESS_KEY_ID",
        blanks(OAUTH_KEY_VARIABLES) ?? "not set",
      ),
  );
  const home = around.hasFiles ? around.home() : undefined;
  if (home === undefined) {
    const blankHome = blanks(HOME_VARIABLES);
    tried.push(
      "~/.here/credentials.properties" +
        // Without file access: "no file access here"; else why no home.
        why(
          around.hasFiles ? "env" : "read",
          "HOME",
          `no home directory known${blankHome ? `: ${blankHome}` : ""}`,
        ),
    );
  } else {
    const path = credentialsFilePath(home);
    const file = around.readFile(path);
    if (typeof file === "string") {
      tried.push(`${path} (${file})`);
    } else if (file !== undefined) {
      const credentials = PlatformCredentials.fromProperties(file.text, path);
      if (file.mode !== undefined && (file.mode & 0o077) !== 0) {
        around.warn(
          `Warning: ${path} can be read by other users (mode ${
            (file.mode & 0o777).toString(8).padStart(3, "0")
          }); restrict it with: chmod 600 ${path}`,
        );
      }
      return { platformCredentials: credentials, source: path };
    } else {
      tried.push(path + why("read", path, "not found or not readable"));
    }
  }
  throw new ValueError(
    "apiKey",
    `a credential is required and none was found; tried ${
      tried.join(", ")
    }. Pass apiKey, platformCredentials or auth, or set HERE_API_KEY`,
  );
}

/** A permission Deno may have granted. */
type Permission = { name: string; variable?: string; path?: string };

interface DenoLike {
  env?: { get(name: string): string | undefined };
  permissions?: {
    querySync?(d: Permission): {
      state: string;
    };
  };
  readFileSync?(path: string): Uint8Array;
  statSync?(
    path: string,
  ): { mode: number | null; isFile: boolean; size: number };
}

interface NodeLike {
  env?: Record<string, string | undefined>;
  platform?: string;
  getBuiltinModule?(name: string): unknown;
}

interface NodeFs {
  readFileSync(path: string): Uint8Array;
  statSync(path: string): { mode: number; size: number; isFile(): boolean };
}

/** Deno's or Node's synchronous file functions, called as methods. */
interface FileIo {
  readFileSync(path: string): Uint8Array;
  statSync(
    path: string,
  ): { mode: number | null; size: number; isFile: boolean | (() => boolean) };
}

/** The largest credentials file read: a real one is a few hundred bytes. */
const MAX_FILE_BYTES = 65_536;

/**
 * Whether Deno has granted reading the variable or the file `what` already
 * (never asks).
 */
function granted(
  deno: DenoLike | undefined,
  kind: "env" | "read",
  what: string,
): boolean {
  const permission = kind === "env"
    ? { name: kind, variable: what }
    : { name: kind, path: what };
  try {
    return deno?.permissions?.querySync?.(permission).state === "granted";
  } catch {
    return false;
  }
}

function readVariable(
  deno: DenoLike | undefined,
  node: NodeLike | undefined,
  name: string,
): string | undefined {
  try {
    if (deno) {
      return granted(deno, "env", name) ? deno.env?.get(name) : undefined;
    }
    const value = node?.env?.[name];
    return typeof value === "string" ? value : undefined;
  } catch {
    return undefined;
  }
}

function hasVariables(
  deno: DenoLike | undefined,
  node: NodeLike | undefined,
): boolean {
  try {
    return typeof deno?.env?.get === "function" ||
      (typeof node?.env === "object" && node.env !== null);
  } catch {
    // A process object whose env cannot be read: no environment.
    return false;
  }
}

/**
 * A credentials file's text and permission bits; why it is not read (too
 * large, not a regular file); or `undefined` where it cannot be read.
 * `fs` is Node's `node:fs`, when the runtime offers it.
 */
function readSmallFile(
  deno: DenoLike | undefined,
  node: NodeLike | undefined,
  fs: NodeFs | undefined,
  path: string,
): ReturnType<Surroundings["readFile"]> {
  const tooLarge = "larger than 64 KiB"; // MAX_FILE_BYTES
  const io = deno?.readFileSync && deno.statSync ? deno as FileIo : fs;
  try {
    if (!io || (io === deno && !granted(deno, "read", path))) return undefined;
    // Look before reading: a FIFO would block, a device never end.
    const stat = io.statSync(path);
    if (
      !(typeof stat.isFile === "function" ? stat.isFile() : stat.isFile)
    ) return "not a regular file";
    if (stat.size > MAX_FILE_BYTES) return tooLarge;
    const bytes = io.readFileSync(path);
    if (bytes.length > MAX_FILE_BYTES) return tooLarge;
    // Windows has no permission bits to speak of (Deno gives none there).
    const mode = io === deno || node?.platform !== "win32"
      ? stat.mode ?? undefined
      : undefined;
    return { text: decodeProperties(bytes), mode };
  } catch {
    // Missing, unreadable, a loop of links: not a source.
    return undefined;
  }
}

/** The surroundings of the running program, probed without importing. */
export function runtimeSurroundings(): Surroundings {
  const deno = Reflect.get(globalThis, "Deno") as DenoLike | undefined;
  const node = deno ? undefined : Reflect.get(globalThis, "process") as
    | NodeLike
    | undefined;
  let fs: NodeFs | undefined;
  try {
    fs = node?.getBuiltinModule?.("node:fs") as NodeFs | undefined;
  } catch {
    fs = undefined;
  }
  const env = (name: string) => readVariable(deno, node, name);
  return {
    env,
    denied: (kind, what) =>
      deno && !granted(deno, kind, what)
        ? `not permitted: run Deno with --allow-${kind}`
        : undefined,
    hasEnv: hasVariables(deno, node),
    // A blank variable names no directory: the next one is read.
    home: () =>
      HOME_VARIABLES.map(env).find((v) => v !== undefined && v.trim() !== ""),
    hasFiles: typeof deno?.readFileSync === "function" ||
      typeof fs?.readFileSync === "function",
    readFile: (path) => readSmallFile(deno, node, fs, path),
    warn(message) {
      console.warn(message);
    },
  };
}
