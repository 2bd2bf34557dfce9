import assert from "node:assert/strict";
import { REDACTED, Redactor, redactUrl } from "./_redact.ts";

const KEY = 'k3y/+=&#"\\ tail-abcdef';
const LEAK_KEY = "LEAK-apikey/+=7f3a9c";

/** Every form a server may echo a credential in. */
function forms(secret: string): string[] {
  const chars = [...secret];
  const json = JSON.stringify(secret).slice(1, -1);
  return [
    secret,
    encodeURIComponent(secret),
    encodeURIComponent(secret).toLowerCase(),
    encodeURIComponent(secret).replace(/%20/g, "+"),
    json,
    json.replace(/\//g, "\\/"),
    chars.map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`)
      .join(""),
    chars.map((c) => `\\u${c.charCodeAt(0).toString(16).toUpperCase()}`)
      .join("").replace(/\\u([0-9A-F]{2})(?=\\|$)/g, "\\u00$1"),
    chars.map((c) => `&#${c.charCodeAt(0)};`).join(""),
    chars.map((c) => `&#X${c.charCodeAt(0).toString(16).toUpperCase()}`)
      .join(""),
    secret.replace(/&/g, "&amp;").replace(/"/g, "&quot;"),
    // Mixed: half raw, half escaped.
    secret.slice(0, 5) + encodeURIComponent(secret.slice(5)),
  ];
}

Deno.test("Redactor: a key is scrubbed in every encoding a server may echo it in", () => {
  const r = new Redactor();
  r.add(KEY);
  for (const form of forms(KEY)) {
    const out = r.scrub(`before ${form} after`);
    assert.equal(out, `before ${REDACTED} after`, form);
  }
});

Deno.test("Redactor: pieces of a key split at its delimiters are scrubbed too", () => {
  const r = new Redactor();
  r.add(KEY);
  // A server that split the query at the key's `&` shows its tail alone.
  const out = r.scrub('{"apiKey":"k3y/+=","#\\" tail-abcdef":""}');
  assert.ok(!out.includes("tail-abcdef"), out);
});

Deno.test("Redactor: scrubValue scrubs strings and keys, and credential-named fields whatever they hold", () => {
  const r = new Redactor();
  r.add(KEY);
  const value = {
    url: `https://x/?apiKey=${encodeURIComponent(KEY)}`,
    [KEY]: 1,
    nested: [{ access_token: "not-known-to-the-redactor" }],
    apiKey: "a-truncated-k3y",
  };
  const out = JSON.stringify(r.scrubValue(value));
  assert.ok(!out.includes("tail-abcdef"), out);
  assert.ok(!out.includes("not-known-to-the-redactor"), out);
  assert.ok(!out.includes("a-truncated"), out);
  assert.match(out, /"access_token":"REDACTED"/);
});

Deno.test("Redactor: an apiKey parameter is redacted even when the key is not known", () => {
  assert.equal(
    redactUrl("https://h/p?q=1&apiKey=abc%2Fdef&x=2"),
    "https://h/p?q=1&apiKey=REDACTED&x=2",
  );
  assert.equal(
    redactUrl("<a href='/p?q=1&amp;apikey=abc'>"),
    "<a href='/p?q=1&amp;apikey=REDACTED'>",
  );
});

Deno.test("Redactor: keys with regular-expression characters are literal, and tokens are forgotten after a while", () => {
  const r = new Redactor();
  r.add(".*+?()[]{}|^$");
  assert.equal(r.scrub("a .*+?()[]{}|^$ b"), `a ${REDACTED} b`);
  assert.equal(r.scrub("nothing to see"), "nothing to see");
  for (let i = 0; i < 40; i++) r.add(`token-number-${i}`, true);
  assert.equal(r.scrub("token-number-39"), REDACTED);
  assert.equal(r.scrub("token-number-0"), "token-number-0");
  assert.equal(r.scrub(".*+?()[]{}|^$"), REDACTED); // a permanent secret stays
});

Deno.test("Redactor: a long secret or a token is found in each whole encoding by plain search", () => {
  const token = `${"x".repeat(300)}/+= "end`;
  const r = new Redactor();
  r.add(token, true);
  const json = JSON.stringify(token).slice(1, -1);
  for (
    const form of [
      token,
      encodeURIComponent(token),
      encodeURIComponent(token).toLowerCase(),
      json,
      json.replace(/\//g, "\\/"),
    ]
  ) {
    assert.equal(r.scrub(`[${form}]`), `[${REDACTED}]`, form.slice(-30));
  }
});

Deno.test("Redactor: a key of real length is scrubbed inside words too", () => {
  const r = new Redactor();
  const key = "Zq7Wx2Lp9vRt"; // matched inside a word too
  const long = LEAK_KEY;
  r.add(key);
  r.add(long);
  assert.equal(r.scrub(`x${key}y`), `x${REDACTED}y`);
  assert.equal(r.scrub(`x${long}y`), `x${REDACTED}y`);
  assert.equal(
    r.scrub(`x${encodeURIComponent(long)}y`),
    `x${REDACTED}y`,
  );
  // And so are the pieces of a long key with delimiters.
  assert.equal(r.scrub("x7f3a9cy"), `x${REDACTED}y`);
});

Deno.test("Redactor: a key cut short, its middle, or percent-encoded with a % leaves no run of eight characters and no trailing code", () => {
  const key = "k3y-SECRET/+=%";
  const r = new Redactor();
  r.add(key);
  const text = `bad ${key.slice(0, 8)} mid ${key.slice(3, 12)} tail ${
    key.slice(-9)
  } pct ${encodeURIComponent(key)} json ${JSON.stringify(key)}`;
  const out = r.scrub(text);
  assert.equal(
    out,
    `bad ${REDACTED} mid ${REDACTED} tail ${REDACTED} pct ${REDACTED} json "${REDACTED}"`,
  );
  for (let i = 0; i + 8 <= key.length; i++) {
    assert.ok(!out.includes(key.slice(i, i + 8)), key.slice(i, i + 8));
  }
  // Cut short in one of its encodings too.
  const pct = encodeURIComponent(key).slice(0, 14);
  assert.equal(r.scrub(`pct ${pct}!`), `pct ${REDACTED}!`);
  // Seven characters in a row are not a run: text that shares a short
  // stretch with a key stays readable.
  assert.equal(r.scrub("k3y-SEC"), "k3y-SEC");
});
