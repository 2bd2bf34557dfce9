/**
 * Runs the sandbox standalone: `deno task sandbox [--port N] [--hostname H]`.
 * Prints the URL and the credentials it accepts; stops on Ctrl-C.
 *
 * Permissions: `--allow-net` (to listen) and `--allow-read` (the place data
 * in `node_modules`).
 *
 * @module
 */

import { SANDBOX_API_KEY, SANDBOX_CREDENTIALS, startSandbox } from "./mod.ts";

function option(args: readonly string[], name: string): string | undefined {
  for (let i = 0; i < args.length; i++) {
    if (args[i] === name) return args[i + 1];
    if (args[i].startsWith(`${name}=`)) return args[i].slice(name.length + 1);
  }
  return undefined;
}

if (import.meta.main) {
  const args = Deno.args;
  if (args.includes("--help") || args.includes("-h")) {
    console.log(
      "Usage: deno task sandbox [--port N] [--hostname H] [--api-key KEY] [--async-delay MS]",
    );
    Deno.exit(0);
  }
  const portText = option(args, "--port") ?? "0";
  const port = Number(portText);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(
      `Invalid --port: ${portText} (use an integer from 0 to 65535)`,
    );
    Deno.exit(2);
  }
  const delayText = option(args, "--async-delay");
  const asyncDelayMs = delayText === undefined ? undefined : Number(delayText);
  if (asyncDelayMs !== undefined && !(asyncDelayMs >= 0)) {
    console.error(
      `Invalid --async-delay: ${delayText} (use milliseconds >= 0)`,
    );
    Deno.exit(2);
  }
  const apiKey = option(args, "--api-key");
  const sandbox = await startSandbox({
    hostname: option(args, "--hostname") ?? "127.0.0.1",
    port,
    apiKeys: apiKey ? [apiKey] : undefined,
    asyncDelayMs,
    preload: true,
  });
  console.log(`HERE sandbox listening on ${sandbox.url}`);
  console.log(`  apiKey:            ${apiKey ?? SANDBOX_API_KEY}`);
  console.log(`  OAuth key id:      ${SANDBOX_CREDENTIALS.accessKeyId}`);
  console.log(`  OAuth key secret:  ${SANDBOX_CREDENTIALS.accessKeySecret}`);
  console.log(`  token URL:         ${sandbox.url}/oauth2/token`);
  const stop = () => {
    sandbox.close().then(() => Deno.exit(0));
  };
  Deno.addSignalListener("SIGINT", stop);
  if (Deno.build.os !== "windows") Deno.addSignalListener("SIGTERM", stop);
}
