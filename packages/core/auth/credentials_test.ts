import assert from "node:assert/strict";
import { inspect } from "node:util";
import { join } from "node:path";
import { PlatformCredentials } from "./credentials.ts";
import { defaultCredentialsPath, fromFile } from "./credentials_file.ts";
import { ValueError } from "../errors/errors.ts";

const SECRET = "s3cr3t-Value/with+chars==";

const PROPERTIES = [
  "# HERE platform credentials",
  "! another comment style",
  "",
  "   ",
  "here.user.id = HERE-00000000-0000-0000-0000-000000000000",
  "here.client.id = exampleClientId",
  "here.access.key.id = exampleAccessKeyId",
  `here.access.key.secret = ${SECRET}`,
  "here.token.endpoint.url = https://account.api.here.com/oauth2/token",
  "here.token.scope: hrn:here:authorization::exampleorg:project/example-project",
  "unknown.key = ignored",
  "no separator line",
].join("\r\n");

Deno.test("fromProperties parses comments, both separators and URL values", () => {
  const c = PlatformCredentials.fromProperties(PROPERTIES);
  assert.equal(c.accessKeyId, "exampleAccessKeyId");
  assert.equal(c.accessKeySecret, SECRET);
  assert.equal(c.tokenEndpointUrl, "https://account.api.here.com/oauth2/token");
  assert.equal(
    c.scope,
    "hrn:here:authorization::exampleorg:project/example-project",
  );
  assert.equal(c.userId, "HERE-00000000-0000-0000-0000-000000000000");
  assert.equal(c.clientId, "exampleClientId");
});

Deno.test("fromProperties splits at the first '=' and else at the first ':'", () => {
  const c = PlatformCredentials.fromProperties(
    "here.access.key.id:AKID\nhere.access.key.secret=a=b:c\nhere.token.endpoint.url : http://127.0.0.1:8080/oauth2/token\n",
  );
  assert.equal(c.accessKeyId, "AKID");
  assert.equal(c.accessKeySecret, "a=b:c");
  assert.equal(c.tokenEndpointUrl, "http://127.0.0.1:8080/oauth2/token");
  assert.equal(c.scope, undefined);
});

Deno.test("fromProperties requires the key id and the secret, without echoing values", () => {
  assert.throws(
    () => PlatformCredentials.fromProperties("here.access.key.id = AKID\n"),
    (e: unknown) =>
      e instanceof ValueError && e.parameter === "here.access.key.secret" &&
      /must be set/.test(e.message),
  );
  assert.throws(
    () =>
      PlatformCredentials.fromProperties(
        "here.access.key.id = AKID\nhere.access.key.secret =\n",
      ),
    ValueError,
  );
  assert.throws(
    () =>
      PlatformCredentials.fromProperties(
        `here.access.key.secret = ${SECRET}\n`,
      ),
    (e: unknown) =>
      e instanceof ValueError && e.parameter === "here.access.key.id" &&
      !e.message.includes(SECRET),
  );
});

Deno.test("constructor rejects a missing or empty key id or secret", () => {
  assert.throws(
    () => new PlatformCredentials({ accessKeyId: "", accessKeySecret: "x" }),
    ValueError,
  );
  assert.throws(
    () =>
      new PlatformCredentials({ accessKeyId: "AKID", accessKeySecret: "  " }),
    ValueError,
  );
  assert.throws(
    () => new PlatformCredentials({ accessKeyId: "AKID" } as never),
    ValueError,
  );
  assert.throws(
    () =>
      new PlatformCredentials({
        accessKeyId: "AKID",
        accessKeySecret: "x",
        tokenEndpointUrl: "not a url",
      }),
    ValueError,
  );
});

Deno.test("fromEnv reads primary names and aliases; the primary wins", () => {
  const aliases = PlatformCredentials.fromEnv({
    HERE_ACCESS_KEY: "alias-id",
    HERE_ACCESS_SECRET: "alias-secret",
    HERE_TOKEN_ENDPOINT: "https://alias.example/oauth2/token",
  });
  assert.equal(aliases.accessKeyId, "alias-id");
  assert.equal(aliases.accessKeySecret, "alias-secret");
  assert.equal(aliases.tokenEndpointUrl, "https://alias.example/oauth2/token");

  const both = PlatformCredentials.fromEnv({
    HERE_ACCESS_KEY_ID: "primary-id",
    HERE_ACCESS_KEY: "alias-id",
    HERE_ACCESS_KEY_SECRET: "primary-secret",
    HERE_ACCESS_SECRET: "alias-secret",
    HERE_TOKEN_ENDPOINT_URL: "https://primary.example/oauth2/token",
    HERE_TOKEN_ENDPOINT: "https://alias.example/oauth2/token",
    HERE_USER_ID: "user",
    HERE_CLIENT_ID: "client",
    HERE_TOKEN_SCOPE: "hrn:here:authorization::org:project/p",
  });
  assert.equal(both.accessKeyId, "primary-id");
  assert.equal(both.accessKeySecret, "primary-secret");
  assert.equal(both.tokenEndpointUrl, "https://primary.example/oauth2/token");
  assert.equal(both.userId, "user");
  assert.equal(both.clientId, "client");
  assert.equal(both.scope, "hrn:here:authorization::org:project/p");

  // An empty primary counts as unset.
  const empty = PlatformCredentials.fromEnv({
    HERE_ACCESS_KEY_ID: "",
    HERE_ACCESS_KEY: "alias-id",
    HERE_ACCESS_KEY_SECRET: "x1234",
  });
  assert.equal(empty.accessKeyId, "alias-id");
});

Deno.test("fromEnv accepts an object with get(), such as Deno.env", () => {
  const map = new Map([["HERE_ACCESS_KEY_ID", "AKID"], [
    "HERE_ACCESS_KEY_SECRET",
    SECRET,
  ]]);
  const c = PlatformCredentials.fromEnv({
    get: (name: string) => map.get(name),
  });
  assert.equal(c.accessKeyId, "AKID");
  assert.equal(c.accessKeySecret, SECRET);
});

Deno.test("fromEnv names the missing variable", () => {
  assert.throws(
    () => PlatformCredentials.fromEnv({ HERE_ACCESS_KEY_ID: "AKID" }),
    (e: unknown) =>
      e instanceof ValueError && e.parameter === "HERE_ACCESS_KEY_SECRET",
  );
  assert.throws(
    () => PlatformCredentials.fromEnv({ HERE_ACCESS_SECRET: SECRET }),
    (e: unknown) =>
      e instanceof ValueError && e.parameter === "HERE_ACCESS_KEY_ID" &&
      !e.message.includes(SECRET),
  );
});

Deno.test("the secret is never shown", () => {
  const c = PlatformCredentials.fromProperties(PROPERTIES);
  const views = [
    JSON.stringify(c),
    JSON.stringify({ nested: { c } }),
    JSON.stringify(c.toJSON()),
    String(c),
    `${c}`,
    Deno.inspect(c),
    Deno.inspect({ nested: [c] }, { depth: 10 }),
    Deno.inspect(c, { showHidden: true, getters: true }),
    inspect(c),
    inspect(c, { showHidden: true, getters: true, depth: 10 }),
    Object.keys(c).join(","),
    JSON.stringify(structuredClone({ ...c })),
  ];
  for (const view of views) {
    assert.ok(!view.includes(SECRET), view);
    assert.ok(!view.includes("s3cr3t"), view);
  }
  assert.deepEqual(c.toJSON(), {
    accessKeyId: "exampleAccessKeyId",
    tokenEndpointUrl: "https://account.api.here.com/oauth2/token",
    scope: "hrn:here:authorization::exampleorg:project/example-project",
    userId: "HERE-00000000-0000-0000-0000-000000000000",
    clientId: "exampleClientId",
  });
  assert.ok(!("accessKeySecret" in c.toJSON()));
  assert.match(String(c), /accessKeyId: "exampleAccessKeyId"/);
  assert.match(Deno.inspect(c), /accessKeySecret: \[REDACTED\]/);
  // Still readable on purpose.
  assert.equal(c.accessKeySecret, SECRET);
});

Deno.test("fromFile reads a properties file", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const path = join(dir, "credentials.properties");
    await Deno.writeTextFile(path, PROPERTIES);
    const c = await fromFile(path);
    assert.equal(c.accessKeyId, "exampleAccessKeyId");
    assert.equal(c.accessKeySecret, SECRET);
    assert.equal(
      c.scope,
      "hrn:here:authorization::exampleorg:project/example-project",
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("fromFile reads ~/.here/credentials.properties by default", async () => {
  const dir = await Deno.makeTempDir();
  const home = Deno.env.get("HOME");
  try {
    await Deno.mkdir(join(dir, ".here"));
    await Deno.writeTextFile(
      join(dir, ".here", "credentials.properties"),
      PROPERTIES,
    );
    Deno.env.set("HOME", dir);
    assert.equal(
      defaultCredentialsPath(),
      join(dir, ".here", "credentials.properties"),
    );
    const c = await fromFile();
    assert.equal(c.accessKeyId, "exampleAccessKeyId");
  } finally {
    if (home === undefined) Deno.env.delete("HOME");
    else Deno.env.set("HOME", home);
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("fromFile: a missing file is a ValueError naming the path", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const path = join(dir, "nope", "credentials.properties");
    await assert.rejects(
      () => fromFile(path),
      (e: unknown) => e instanceof ValueError && e.message.includes(path),
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("fromFile: an incomplete file names the path, never the contents", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const path = join(dir, "credentials.properties");
    await Deno.writeTextFile(path, `here.access.key.secret = ${SECRET}\n`);
    await assert.rejects(
      () => fromFile(path),
      (e: unknown) =>
        e instanceof ValueError && e.parameter === "here.access.key.id" &&
        e.message.includes(path) && !e.message.includes(SECRET),
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("fromProperties: Java's rules for separators, escapes and continued lines", () => {
  const c = PlatformCredentials.fromProperties([
    "here.access.key.id AKID",
    "here.access.key.secret: ab=cd\\:x\\\\y\\u0041",
    "here.token.endpoint.url = https://account.api.here.com/\\",
    "    oauth2/token",
    "# here.token.scope = commented-out",
    "! here.user.id = also-commented-out",
    "here\\.client\\.id=escaped-key",
  ].join("\n"));
  assert.equal(c.accessKeyId, "AKID");
  assert.equal(c.accessKeySecret, "ab=cd:x\\yA");
  assert.equal(c.tokenEndpointUrl, "https://account.api.here.com/oauth2/token");
  assert.equal(c.scope, undefined);
  assert.equal(c.userId, undefined);
  assert.equal(c.clientId, "escaped-key");
});

Deno.test("a token URL that is not http(s) is refused without quoting it (it may hold a password)", () => {
  assert.throws(
    () =>
      new PlatformCredentials({
        accessKeyId: "id",
        accessKeySecret: "secret",
        tokenEndpointUrl: "ftp://user:pw@x/",
      }),
    (e) =>
      e instanceof ValueError && e.parameter === "tokenEndpointUrl" &&
      !e.message.includes("pw"),
  );
});

Deno.test("an optional field that is not a string does not quote the secret given in it by mistake", () => {
  const secret = "Sh0rt/Secret+Value=1";
  for (const field of ["scope", "userId", "clientId", "tokenEndpointUrl"]) {
    for (const value of [[secret], { secret }, new String(secret)]) {
      assert.throws(
        () =>
          new PlatformCredentials({
            accessKeyId: "AKID",
            accessKeySecret: secret,
            [field]: value,
          } as never),
        (err) =>
          err instanceof ValueError && err.parameter === field &&
          !Deno.inspect(err).includes("Secret"),
        field,
      );
    }
  }
});

Deno.test("fromProperties refuses a text or source that is not a string with a ValueError, not a raw TypeError, and quotes neither", () => {
  const secretish = {
    toString: () => "here.access.key.secret = s3cr3t-VALUE-xyz",
  };
  for (
    const [text, source, parameter] of [
      [Object.create(null), undefined, "text"],
      [secretish, undefined, "text"],
      [42, undefined, "text"],
      ["here.access.key.id = AKID\n", Object.create(null), "source"],
    ] as const
  ) {
    assert.throws(
      () =>
        PlatformCredentials.fromProperties(
          text as unknown as string,
          source as unknown as string,
        ),
      (e: unknown) =>
        e instanceof ValueError && e.parameter === parameter &&
        e.message === `Invalid ${parameter}: must be a string` &&
        !e.message.includes("s3cr3t"),
    );
  }
});

Deno.test("PlatformCredentials: a key id or secret with a lone surrogate is a ValueError, not a URIError at the first request", () => {
  for (const field of ["accessKeyId", "accessKeySecret"] as const) {
    const init = { accessKeyId: "AKID", accessKeySecret: "SECRET" };
    init[field] = "ab\uD800cd";
    assert.throws(() => new PlatformCredentials(init), {
      name: "ValueError",
      message: `Invalid ${field}: must not hold a lone surrogate`,
    });
  }
});
