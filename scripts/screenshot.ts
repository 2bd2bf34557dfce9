/**
 * `deno task screenshot`: runs the demo against the offline sandbox and
 * photographs its `demo-output/map.html` in headless Chromium, 1200×800
 * pixels, into `docs/images/sandbox-map.png` (the README's picture).
 *
 * Flags:
 *
 * - `--reuse`: photograph the `demo-output/map.html` already there instead
 *   of running the demo first;
 * - `--out PATH`: where to write the PNG (relative to the directory the task
 *   was started from).
 *
 * It needs `chromium-headless-shell` (Debian's package of that name) or
 * `chromium` on the `PATH`. The demo runs without HERE's credentials, so the
 * picture always shows the sandbox, whatever the environment holds.
 *
 * @module
 */

import { isAbsolute, join } from "node:path";
import { parseArgs } from "node:util";

const ROOT = new URL("../", import.meta.url).pathname;
const MAP = `${ROOT}demo-output/map.html`;
const DEFAULT_OUT = "docs/images/sandbox-map.png";
/** The window, and so the picture, in CSS pixels. */
const WIDTH = 1200, HEIGHT = 800;
const TIMEOUT_MS = 60_000;
const CREDENTIALS = [
  "HERE_API_KEY",
  "HERE_ACCESS_KEY_ID",
  "HERE_ACCESS_KEY",
  "HERE_ACCESS_KEY_SECRET",
];

/** The browsers it can drive, preferred first. */
export const CHROMIUM_NAMES = ["chromium-headless-shell", "chromium"];

/** Whether `path` is a file (following links). */
function isFile(path: string): boolean {
  try {
    return Deno.statSync(path).isFile;
  } catch {
    return false;
  }
}

/**
 * The path of the first of {@linkcode CHROMIUM_NAMES} found in a directory
 * of the `PATH` or in `/usr/bin`, or undefined.
 */
export function findChromium(): string | undefined {
  const dirs = [...(Deno.env.get("PATH") ?? "").split(":"), "/usr/bin"]
    .filter((d) => d !== "");
  for (const name of CHROMIUM_NAMES) {
    for (const dir of dirs) {
      if (isFile(join(dir, name))) return join(dir, name);
    }
  }
  return undefined;
}

/** Runs `deno task demo` with no HERE credential in its environment. */
async function runDemo(): Promise<void> {
  const env = Deno.env.toObject();
  for (const name of CREDENTIALS) delete env[name];
  const { code } = await new Deno.Command(Deno.execPath(), {
    args: ["task", "--quiet", "demo"],
    cwd: ROOT,
    env,
    clearEnv: true,
    stdin: "null",
    stdout: "inherit",
    stderr: "inherit",
  }).output();
  if (code !== 0) throw new Error(`The demo failed (exit code ${code})`);
}

/** Stops every process of the group `pgid` (the browser and its helpers). */
function killGroup(pgid: number): void {
  try {
    Deno.kill(-pgid, "SIGKILL");
  } catch {
    // every one has exited already
  }
}

/**
 * Photographs `page` (a file URL) with `chromium` into `png`. The browser
 * runs in a process group of its own, killed as a whole once it is done or
 * has taken too long: `chromium-headless-shell` is a shell script whose
 * child is the real browser.
 */
async function photograph(
  chromium: string,
  page: string,
  png: string,
): Promise<void> {
  const profile = await Deno.makeTempDir({ prefix: "screenshot-" });
  try {
    const shot = `${profile}/map.png`;
    const child = new Deno.Command(chromium, {
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--force-device-scale-factor=1",
        "--hide-scrollbars",
        `--window-size=${WIDTH},${HEIGHT}`,
        `--screenshot=${shot}`,
        `--user-data-dir=${profile}/user-data`,
        page,
      ],
      stdin: "null",
      stdout: "null",
      stderr: "piped",
      detached: true,
    }).spawn();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup(child.pid);
    }, TIMEOUT_MS);
    const { code, stderr } = await child.output().finally(() => {
      clearTimeout(timer);
      killGroup(child.pid);
    });
    if (timedOut) {
      throw new Error(`${chromium} took more than ${TIMEOUT_MS / 1000} s`);
    }
    const bytes = await Deno.readFile(shot).catch(() => undefined);
    if (!bytes || !isPng(bytes)) {
      const log = new TextDecoder().decode(stderr).trim().split("\n")
        .slice(-10).join("\n");
      throw new Error(
        `${chromium} wrote no screenshot (exit code ${code})\n${log}`,
      );
    }
    await Deno.writeFile(png, bytes);
  } finally {
    await Deno.remove(profile, { recursive: true }).catch(() => {});
  }
}

function isPng(bytes: Uint8Array): boolean {
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  return signature.every((b, i) => bytes[i] === b);
}

async function main(): Promise<void> {
  let flags;
  try {
    flags = parseArgs({
      args: Deno.args,
      options: {
        reuse: { type: "boolean", default: false },
        out: { type: "string", default: DEFAULT_OUT },
      },
    }).values;
  } catch (error) {
    console.error(
      `${
        (error as Error).message
      }\nUsage: deno task screenshot [--reuse] [--out PATH]`,
    );
    Deno.exit(2);
  }
  const chromium = findChromium();
  if (!chromium) {
    console.error(
      `Chromium was not found: looked for ${
        CHROMIUM_NAMES.join(" and ")
      } on the PATH and in /usr/bin. On Debian or Ubuntu, install it with ` +
        "`apt-get install chromium-headless-shell`.",
    );
    Deno.exit(1);
  }
  // `deno task` runs in the workspace's root; a relative --out is meant from
  // where the task was started.
  const from = Deno.env.get("INIT_CWD") ?? Deno.cwd();
  const out = isAbsolute(flags.out) ? flags.out : join(from, flags.out);

  if (flags.reuse) {
    if (!isFile(MAP)) {
      console.error(
        "There is no demo-output/map.html to reuse: run without --reuse",
      );
      Deno.exit(1);
    }
  } else {
    await runDemo();
  }
  await Deno.mkdir(join(out, ".."), { recursive: true });
  await photograph(chromium, `file://${encodeURI(MAP)}`, out);
  const { size } = await Deno.stat(out);
  console.log(
    `Wrote ${out} (${WIDTH}×${HEIGHT}, ${Math.round(size / 1024)} kB)`,
  );
}

if (import.meta.main) {
  try {
    await main();
  } catch (error) {
    console.error((error as Error).message);
    Deno.exit(1);
  }
}
