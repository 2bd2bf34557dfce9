import assert from "node:assert/strict";
import {
  ambientCredentials,
  credentialsFilePath,
  type Found,
  type Surroundings,
} from "./_ambient_credentials.ts";
import { PlatformCredentials } from "./credentials.ts";
import { ValueError } from "../errors/errors.ts";

const FILE =
  "here.access.key.id = FILE-ID\nhere.access.key.secret = FILE-SECRET\n";

/** Surroundings with these variables and files (path → text and mode). */
function around(
  vars: Record<string, string>,
  files: Record<string, { text: string; mode?: number }> = {},
  access: { env?: boolean; files?: boolean; denied?: string[] } = {},
): Surroundings & { warnings: string[] } {
  const warnings: string[] = [];
  return {
    env: (name) => access.env === false ? undefined : vars[name],
    hasEnv: access.env !== false,
    denied: (kind, what) =>
      access.denied?.includes(what)
        ? `not permitted: --allow-${kind}`
        : undefined,
    home: () => access.env === false ? undefined : vars.HOME,
    readFile: (path) => files[path],
    hasFiles: access.files !== false,
    warn: (m) => warnings.push(m),
    warnings,
  };
}

function source(found: Found): string {
  return "apiKey" in found
    ? `${found.source}:${found.apiKey}`
    : `${found.source}:${found.platformCredentials.accessKeyId}`;
}

const ALL = {
  HERE_API_KEY: "here-key",
  LS_API_KEY: "ls-key",
  HERE_ACCESS_KEY_ID: "ENV-ID",
  HERE_ACCESS_KEY_SECRET: "ENV-SECRET",
  HOME: "/home/me",
};
const FILES = {
  "/home/me/.here/credentials.properties": { text: FILE, mode: 0o100600 },
};

Deno.test("ambientCredentials: HERE_API_KEY, then LS_API_KEY, then the OAuth variables, then the file", () => {
  const vars: Record<string, string> = { ...ALL };
  const seen: string[] = [];
  for (const drop of ["HERE_API_KEY", "LS_API_KEY", "HERE_ACCESS_KEY_ID"]) {
    seen.push(source(ambientCredentials(around(vars, FILES))));
    delete vars[drop];
    if (drop === "HERE_ACCESS_KEY_ID") delete vars.HERE_ACCESS_KEY_SECRET;
  }
  seen.push(source(ambientCredentials(around(vars, FILES))));
  assert.deepEqual(seen, [
    "HERE_API_KEY:here-key",
    "LS_API_KEY:ls-key",
    "HERE_ACCESS_KEY_ID and HERE_ACCESS_KEY_SECRET:ENV-ID",
    "/home/me/.here/credentials.properties:FILE-ID",
  ]);
});

Deno.test("ambientCredentials: blank variables are unset; the OAuth aliases and token URL are read", () => {
  const found = ambientCredentials(around({
    HERE_API_KEY: "  ",
    LS_API_KEY: "",
    HERE_ACCESS_KEY: "ALIAS-ID",
    HERE_ACCESS_SECRET: "ALIAS-SECRET",
    HERE_TOKEN_ENDPOINT_URL: "https://token.example/oauth2/token",
  }));
  assert.ok("platformCredentials" in found);
  const credentials = found.platformCredentials;
  assert.ok(credentials instanceof PlatformCredentials);
  assert.equal(credentials.accessKeyId, "ALIAS-ID");
  assert.equal(credentials.accessKeySecret, "ALIAS-SECRET");
  assert.equal(
    credentials.tokenEndpointUrl,
    "https://token.example/oauth2/token",
  );
});

Deno.test("ambientCredentials: a half-set source is an error, not a fall-through", () => {
  assert.throws(
    () =>
      ambientCredentials(
        around({ HERE_ACCESS_KEY_ID: "ID", HOME: "/home/me" }, FILES),
      ),
    { name: "ValueError", parameter: "HERE_ACCESS_KEY_SECRET" },
  );
  const path = "/home/me/.here/credentials.properties";
  assert.throws(
    () =>
      ambientCredentials(
        around({ HOME: "/home/me" }, {
          [path]: { text: "here.access.key.id = ID\n" },
        }),
      ),
    (e) =>
      e instanceof ValueError && e.parameter === "here.access.key.secret" &&
      e.message.includes(path),
  );
});

Deno.test("ambientCredentials: none found is a ValueError listing every source tried", () => {
  let err: unknown;
  try {
    ambientCredentials(around({ HOME: "/home/me" }));
  } catch (e) {
    err = e;
  }
  assert.ok(err instanceof ValueError);
  assert.equal(err.parameter, "apiKey");
  assert.equal(
    err.message,
    "Invalid apiKey: a credential is required and none was found; tried " +
      "HERE_API_KEY (not set), LS_API_KEY (not set), " +
      "HERE_ACCESS_KEY_ID and HERE_ACCESS_KEY_SECRET (not set), " +
      "/home/me/.here/credentials.properties (not found or not readable). " +
      "Pass apiKey, platformCredentials or auth, or set HERE_API_KEY",
  );
});

Deno.test("ambientCredentials: where there is no environment or file system, each source says so", () => {
  assert.throws(
    () => ambientCredentials(around({}, {}, { env: false, files: false })),
    {
      message: "Invalid apiKey: a credential is required and none was found; " +
        "tried HERE_API_KEY (no environment access here), " +
        "LS_API_KEY (no environment access here), " +
        "HERE_ACCESS_KEY_ID and HERE_ACCESS_KEY_SECRET (no environment access here), " +
        "~/.here/credentials.properties (no file access here). " +
        "Pass apiKey, platformCredentials or auth, or set HERE_API_KEY",
    },
  );
});

Deno.test("ambientCredentials: a source the runtime may not read says which permission is missing", () => {
  assert.throws(
    () =>
      ambientCredentials(
        around({ HOME: "/home/me" }, {}, {
          denied: ["LS_API_KEY", "/home/me/.here/credentials.properties"],
        }),
      ),
    {
      message: "Invalid apiKey: a credential is required and none was found; " +
        "tried HERE_API_KEY (not set), LS_API_KEY (not permitted: --allow-env), " +
        "HERE_ACCESS_KEY_ID and HERE_ACCESS_KEY_SECRET (not set), " +
        "/home/me/.here/credentials.properties (not permitted: --allow-read). " +
        "Pass apiKey, platformCredentials or auth, or set HERE_API_KEY",
    },
  );
});

Deno.test("ambientCredentials: a file others can read is used with a warning that names no secret", () => {
  const path = "/home/me/.here/credentials.properties";
  for (
    const [mode, warned] of [[0o100644, true], [0o100640, true], [
      0o100600,
      false,
    ], [0o100400, false]] as const
  ) {
    const a = around({ HOME: "/home/me" }, { [path]: { text: FILE, mode } });
    const found = ambientCredentials(a);
    assert.equal(source(found), `${path}:FILE-ID`);
    assert.equal(a.warnings.length, warned ? 1 : 0, mode.toString(8));
    for (const w of a.warnings) {
      assert.match(
        w,
        /can be read by other users \(mode 6[04][04]\); restrict it with: chmod 600 /,
      );
      assert.ok(!w.includes("FILE-SECRET") && !w.includes("FILE-ID"));
    }
  }
});

Deno.test("credentialsFilePath: joins with the home directory's own separator", () => {
  assert.equal(
    credentialsFilePath("/home/me/"),
    "/home/me/.here/credentials.properties",
  );
  assert.equal(
    credentialsFilePath("C:\\Users\\me"),
    "C:\\Users\\me\\.here\\credentials.properties",
  );
});

Deno.test("ambientCredentials: a variable set to blanks is reported blank, not unset, and never quoted", () => {
  const blank = " \t ";
  const err = assertThrowsValueError(() =>
    ambientCredentials(around({
      HERE_API_KEY: blank,
      LS_API_KEY: "",
      HERE_ACCESS_KEY_ID: blank,
      HERE_ACCESS_SECRET: blank,
      HOME: "/home/me",
    }))
  );
  assert.equal(
    err.message,
    "Invalid apiKey: a credential is required and none was found; tried " +
      "HERE_API_KEY (blank), LS_API_KEY (blank), " +
      "HERE_ACCESS_KEY_ID and HERE_ACCESS_KEY_SECRET " +
      "(HERE_ACCESS_KEY_ID and HERE_ACCESS_SECRET blank), " +
      "/home/me/.here/credentials.properties (not found or not readable). " +
      "Pass apiKey, platformCredentials or auth, or set HERE_API_KEY",
  );
  assert.ok(!err.message.includes(blank));
  // The home directory's variables too, when they name none.
  const homeless = {
    ...around({ HOME: blank, USERPROFILE: "" }),
    home: () => undefined,
  };
  assert.match(
    assertThrowsValueError(() => ambientCredentials(homeless)).message,
    /~\/\.here\/credentials\.properties \(no home directory known: HOME and USERPROFILE blank\)\. /,
  );
});

function assertThrowsValueError(fn: () => unknown): ValueError {
  try {
    fn();
  } catch (e) {
    assert.ok(e instanceof ValueError, String(e));
    return e;
  }
  assert.fail("no ValueError");
}
