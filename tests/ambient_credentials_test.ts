// `new LS()` and `new Client()` given no credential, in a real Deno process
// with a chosen environment: each source alone, their order, explicit
// options winning, a credentials file others can read, and a process
// without --allow-env or --allow-read, which must fail clearly and never
// prompt.

import assert from "node:assert/strict";
import { jsonReply, startTestServer, type TestServer } from "@ls/core/testing";

const ROOT = new URL("../", import.meta.url);
const LS_MOD = new URL("packages/ls/mod.ts", ROOT).href;

/** What the child did: an answer, or the error's name, parameter, message. */
interface Outcome {
  ok?: boolean;
  name?: string;
  parameter?: string;
  message?: string;
  stderr: string;
}

/**
 * Runs `new LS(<options>)` and one geocode against `server` in a child
 * process whose whole environment is `env`.
 */
async function child(
  server: TestServer,
  env: Record<string, string>,
  { permissions = ["--allow-env", "--allow-read"], options = "{}" } = {},
): Promise<Outcome> {
  const code = `
    import { LS } from ${JSON.stringify(LS_MOD)};
    try {
      const ls = new LS({ ...${options}, baseUrl: ${
    JSON.stringify(server.url)
  } });
      await ls.geocode({ query: "Berlin" });
      console.log(JSON.stringify({ ok: true }));
    } catch (e) {
      console.log(JSON.stringify({ name: e.name, parameter: e.parameter, message: e.message }));
    }
  `;
  // `deno eval` grants every permission; a script file runs with only these.
  const script = await Deno.makeTempFile({ suffix: ".ts" });
  await Deno.writeTextFile(script, code);
  const out = await new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "--quiet",
      `--config=${new URL("deno.json", ROOT).pathname}`,
      "--allow-net=127.0.0.1",
      ...permissions,
      script,
    ],
    clearEnv: true,
    env: { ...env, DENO_DIR: Deno.env.get("DENO_DIR") ?? "", NO_COLOR: "1" },
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).output().finally(() => Deno.remove(script));
  const stdout = new TextDecoder().decode(out.stdout).trim();
  const stderr = new TextDecoder().decode(out.stderr);
  assert.ok(stdout, `no output; stderr: ${stderr}`);
  return { ...JSON.parse(stdout.split("\n").at(-1)!), stderr };
}

async function geocodeServer(): Promise<TestServer> {
  const server = await startTestServer();
  server.route("GET /v1/geocode", jsonReply(200, { items: [] }));
  server.route(
    "POST /oauth2/token",
    jsonReply(200, { access_token: "tok-1", expires_in: 3600 }),
  );
  return server;
}

/** The credential the server saw on the geocode request. */
function credentialSeen(server: TestServer): string | undefined {
  const req = server.requests.find((r) => r.path === "/v1/geocode");
  return req?.query.get("apiKey") ??
    req?.headers.get("authorization") ?? undefined;
}

/** The OAuth consumer key the token request was signed with. */
function consumerKey(server: TestServer): string | undefined {
  const req = server.requests.find((r) => r.path === "/oauth2/token");
  return req?.headers.get("authorization")?.match(
    /oauth_consumer_key="([^"]*)"/,
  )?.[1];
}

async function credentialsHome(mode: number): Promise<string> {
  const home = await Deno.makeTempDir();
  await Deno.mkdir(`${home}/.here`);
  const path = `${home}/.here/credentials.properties`;
  await Deno.writeTextFile(
    path,
    "here.access.key.id = FILE-ID\nhere.access.key.secret = FILE-SECRET\n",
  );
  await Deno.chmod(path, mode);
  return home;
}

Deno.test("new LS() reads HERE_API_KEY, and prefers it to LS_API_KEY", async () => {
  await using server = await geocodeServer();
  const r = await child(server, {
    HERE_API_KEY: "here-key",
    LS_API_KEY: "ls-key",
  });
  assert.deepEqual([r.ok, credentialSeen(server)], [true, "here-key"]);
});

Deno.test("new LS() reads LS_API_KEY alone (the Python client's name)", async () => {
  await using server = await geocodeServer();
  const r = await child(server, { LS_API_KEY: "ls-key" });
  assert.deepEqual([r.ok, credentialSeen(server)], [true, "ls-key"]);
});

Deno.test("new LS() reads the OAuth variables before the credentials file", async () => {
  await using server = await geocodeServer();
  const home = await credentialsHome(0o600);
  try {
    const r = await child(server, {
      HOME: home,
      HERE_ACCESS_KEY_ID: "ENV-ID",
      HERE_ACCESS_KEY_SECRET: "ENV-SECRET",
    });
    assert.equal(r.ok, true);
    assert.equal(consumerKey(server), "ENV-ID");
    assert.equal(credentialSeen(server), "Bearer tok-1");
  } finally {
    await Deno.remove(home, { recursive: true });
  }
});

Deno.test("new LS() reads ~/.here/credentials.properties alone; quietly when only its owner can read it", async () => {
  await using server = await geocodeServer();
  const home = await credentialsHome(0o600);
  try {
    const r = await child(server, { HOME: home });
    assert.equal(r.ok, true);
    assert.equal(consumerKey(server), "FILE-ID");
    assert.equal(r.stderr, "");
  } finally {
    await Deno.remove(home, { recursive: true });
  }
});

Deno.test("a credentials file others can read is used with a warning, as ssh does", async () => {
  await using server = await geocodeServer();
  const home = await credentialsHome(0o644);
  try {
    const r = await child(server, { HOME: home });
    assert.equal(r.ok, true);
    assert.match(
      r.stderr,
      /credentials\.properties can be read by other users \(mode 644\); restrict it with: chmod 600 /,
    );
    assert.ok(!r.stderr.includes("FILE-SECRET"));
  } finally {
    await Deno.remove(home, { recursive: true });
  }
});

Deno.test("explicit options win over every ambient source", async () => {
  await using server = await geocodeServer();
  const r = await child(server, { HERE_API_KEY: "here-key" }, {
    options: '{ apiKey: "explicit-key" }',
  });
  assert.deepEqual([r.ok, credentialSeen(server)], [true, "explicit-key"]);
});

Deno.test("without --allow-env or --allow-read: a ValueError listing the sources, no prompt, nothing sent", async () => {
  await using server = await geocodeServer();
  const home = await credentialsHome(0o600);
  try {
    const r = await child(server, { HERE_API_KEY: "here-key", HOME: home }, {
      permissions: [],
    });
    assert.equal(r.name, "ValueError");
    assert.equal(r.parameter, "apiKey");
    assert.match(
      r.message!,
      /tried HERE_API_KEY \(not permitted: run Deno with --allow-env\), LS_API_KEY \(not permitted: run Deno with --allow-env\), HERE_ACCESS_KEY_ID and HERE_ACCESS_KEY_SECRET \(not permitted: run Deno with --allow-env\), ~\/\.here\/credentials\.properties \(not permitted: run Deno with --allow-env\)\. Pass apiKey, platformCredentials or auth, or set HERE_API_KEY$/,
    );
    assert.ok(!r.message!.includes("here-key"));
    // --allow-env alone: the file is found but may not be read.
    const r2 = await child(server, { HOME: home }, {
      permissions: ["--allow-env"],
    });
    assert.match(
      r2.message!,
      /\/\.here\/credentials\.properties \(not permitted: run Deno with --allow-read\)\./,
    );
    assert.equal(server.requests.length, 0);
  } finally {
    await Deno.remove(home, { recursive: true });
  }
});

Deno.test("a credentials file that is a FIFO, a device or too large is skipped at once, with the reason", async () => {
  await using server = await geocodeServer();
  const home = await Deno.makeTempDir();
  const path = `${home}/.here/credentials.properties`;
  await Deno.mkdir(`${home}/.here`);
  try {
    const cases: [string, () => Promise<unknown>][] = [
      ["not a regular file", async () => {
        const made = await new Deno.Command("mkfifo", { args: [path] })
          .output();
        assert.ok(made.success);
      }],
      ["not a regular file", () => Deno.symlink("/dev/zero", path)],
      ["larger than 64 KiB", () =>
        Deno.writeTextFile(
          path,
          "here.access.key.id = A\nhere.access.key.secret = B\n" +
            "\n".repeat(100_000),
        )],
    ];
    for (const [reason, make] of cases) {
      await Deno.remove(path).catch(() => {});
      await make();
      const r = await child(server, { HOME: home });
      assert.equal(r.name, "ValueError");
      assert.ok(
        r.message!.includes(`${path} (${reason})`),
        r.message,
      );
    }
  } finally {
    await Deno.remove(home, { recursive: true });
  }
});

Deno.test("a credential option given as undefined is an error, not a reason to read the environment", async () => {
  await using server = await geocodeServer();
  const r = await child(server, { HERE_API_KEY: "here-key" }, {
    options: "{ apiKey: undefined }",
  });
  assert.equal(r.name, "ValueError");
  assert.equal(r.parameter, "apiKey");
  assert.match(
    r.message!,
    /is undefined; pass a credential, or leave the option out/,
  );
  assert.equal(server.requests.length, 0);
});

Deno.test("a bad key read from the environment is named by its variable", async () => {
  await using server = await geocodeServer();
  const r = await child(server, { LS_API_KEY: "abc\ndef" });
  assert.equal(r.parameter, "LS_API_KEY");
  assert.equal(
    r.message,
    "Invalid LS_API_KEY: must not hold control characters",
  );
});

Deno.test("a UTF-16 credentials file (as Windows PowerShell writes) is read", async () => {
  await using server = await geocodeServer();
  const home = await Deno.makeTempDir();
  await Deno.mkdir(`${home}/.here`);
  const text =
    "here.access.key.id = UTF16-ID\r\nhere.access.key.secret = S\r\n";
  const bytes = new Uint8Array(2 + text.length * 2);
  bytes.set([0xff, 0xfe]);
  for (let i = 0; i < text.length; i++) {
    bytes[2 + 2 * i] = text.charCodeAt(i);
  }
  await Deno.writeFile(`${home}/.here/credentials.properties`, bytes, {
    mode: 0o600,
  });
  try {
    const r = await child(server, { HOME: home });
    assert.equal(r.ok, true);
    assert.equal(consumerKey(server), "UTF16-ID");
  } finally {
    await Deno.remove(home, { recursive: true });
  }
});

Deno.test("variables set to blanks are reported blank, not unset; a blank home variable names no directory", async () => {
  await using server = await geocodeServer();
  // USERPROFILE, not HOME: a blank HOME would send the child's own cache
  // to a directory named with blanks.
  const r = await child(server, {
    HERE_API_KEY: "   ",
    HERE_ACCESS_KEY_SECRET: " ",
    USERPROFILE: "  ",
  });
  assert.equal(r.name, "ValueError");
  assert.match(
    r.message!,
    /tried HERE_API_KEY \(blank\), LS_API_KEY \(not set\), HERE_ACCESS_KEY_ID and HERE_ACCESS_KEY_SECRET \(HERE_ACCESS_KEY_SECRET blank\), ~\/\.here\/credentials\.properties \(no home directory known: USERPROFILE blank\)\./,
  );
  assert.equal(server.requests.length, 0);
});
