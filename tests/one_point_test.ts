// The acceptance example of "one point everywhere": examples/one_point.ts
// passes one geocode result's position, unconverted, into every operation
// that takes a point. It must type-check (`--check`) and run against the
// sandbox.

import assert from "node:assert/strict";
import { startSandbox } from "@ls/sandbox";

Deno.test({
  name:
    "one geocode position goes into every point-taking operation, type-checked, against the sandbox",
  fn: oneGeocodePosition,
});

async function oneGeocodePosition() {
  await using sandbox = await startSandbox();
  const root = new URL("../", import.meta.url).pathname;
  const { code, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "--check",
      "--allow-env",
      `--allow-net=${new URL(sandbox.url).host}`,
      "examples/one_point.ts",
    ],
    cwd: root,
    env: { LS_BASE_URL: sandbox.url, HERE_API_KEY: "", NO_COLOR: "1" },
    stdout: "piped",
    stderr: "piped",
  }).output();
  const out = new TextDecoder().decode(stdout);
  assert.equal(code, 0, new TextDecoder().decode(stderr) + out);
  for (
    const line of [
      /^geocoded: 52\.\d+,13\.\d+$/m,
      /^search: geocode at, reverse geocode, discover, browse, autosuggest$/m,
      /^route: \d+ section\(s\)$/m,
      /^matrix: \d+ s from the second origin$/m,
      /^weather: destination weather, alerts around a point and along a route$/m,
      /^tour: 1 tour\(s\)$/m,
    ]
  ) assert.match(out, line);
}
