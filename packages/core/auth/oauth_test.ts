import assert from "node:assert/strict";
import {
  oauthAuthorizationHeader,
  oauthBaseString,
  oauthNonce,
  signOAuth,
} from "./oauth.ts";
import { ValueError } from "../errors/errors.ts";

const COMMON = {
  method: "POST",
  url: "https://www.sampleurl.com/some/path",
  consumerKey: "testKey",
  consumerSecret: "testSecret",
  nonce: "ab1Xo3",
  timestamp: "123456789",
};
const PARAMS: [string, string][] = [["key1", "value1"], ["key1", "value2"], [
  "key2",
  "value1",
]];
const OAUTH_TAIL =
  "oauth_consumer_key%3DtestKey%26oauth_nonce%3Dab1Xo3%26oauth_signature_method%3DHMAC-SHA256%26oauth_timestamp%3D123456789%26oauth_version%3D1.0";

Deno.test("oauth vector 1: no parameters", async () => {
  assert.equal(
    oauthBaseString(COMMON),
    `POST&https%3A%2F%2Fwww.sampleurl.com%2Fsome%2Fpath&${OAUTH_TAIL}`,
  );
  assert.equal(
    await signOAuth(COMMON),
    "FeKRSQawLAt3GwVBYCJqY2lawFkEHs2u78MfT7m1P+A=",
  );
});

Deno.test("oauth vector 2: form parameters", async () => {
  const input = { ...COMMON, params: PARAMS };
  assert.equal(
    oauthBaseString(input),
    "POST&https%3A%2F%2Fwww.sampleurl.com%2Fsome%2Fpath&key1%3Dvalue1%26key1%3Dvalue2%26key2%3Dvalue1%26" +
      OAUTH_TAIL,
  );
  assert.equal(
    await signOAuth(input),
    "THFhaWB1Lbp/SVU+FSc/ix4CS6LpNY1suaZBSKQ4na4=",
  );
});

Deno.test("oauth vector 2: parameter order of the input does not matter", async () => {
  const reversed = { ...COMMON, params: [...PARAMS].reverse() };
  assert.equal(
    await signOAuth(reversed),
    "THFhaWB1Lbp/SVU+FSc/ix4CS6LpNY1suaZBSKQ4na4=",
  );
});

Deno.test("oauth vector 3: form and query parameters, with and without :443", async () => {
  const expectedBase =
    "POST&https%3A%2F%2Fwww.sampleurl.com%2Fsome%2Fpath&key1%3Dvalue1%26key1%3Dvalue1%26key1%3Dvalue2%26key1%3Dvalue2%26key2%3Dvalue1%26key2%3Dvalue1%26" +
    OAUTH_TAIL;
  const signature = "bw5G7oIjsicO2Lp8rNa1H0bNj3Pkv+5aP2g9EedRpxI=";
  for (
    const url of [
      "https://www.sampleurl.com/some/path?key1=value1&key1=value2&key2=value1",
      "https://www.sampleurl.com:443/some/path?key1=value1&key1=value2&key2=value1",
      "HTTPS://WWW.SampleUrl.com:443/some/path?key1=value1&key1=value2&key2=value1#frag",
    ]
  ) {
    const input = { ...COMMON, url, params: PARAMS };
    assert.equal(oauthBaseString(input), expectedBase, url);
    assert.equal(await signOAuth(input), signature, url);
  }
});

Deno.test("oauth vector 4: the real token request", async () => {
  const input = {
    method: "post",
    url: "https://account.api.here.com/oauth2/token",
    consumerKey: "AKID",
    consumerSecret: "SECRET",
    nonce: "NONCE123",
    timestamp: 1630000000,
    params: [["grant_type", "client_credentials"]] as [string, string][],
  };
  assert.equal(
    oauthBaseString(input),
    "POST&https%3A%2F%2Faccount.api.here.com%2Foauth2%2Ftoken&grant_type%3Dclient_credentials%26oauth_consumer_key%3DAKID%26oauth_nonce%3DNONCE123%26oauth_signature_method%3DHMAC-SHA256%26oauth_timestamp%3D1630000000%26oauth_version%3D1.0",
  );
  assert.equal(
    await signOAuth(input),
    "diY2BaUtsQYXZA3qseQTsmkIpfPqahQN8ooAlIbG0zc=",
  );
  assert.equal(
    await oauthAuthorizationHeader(input),
    'OAuth oauth_consumer_key="AKID", oauth_nonce="NONCE123", ' +
      'oauth_signature="diY2BaUtsQYXZA3qseQTsmkIpfPqahQN8ooAlIbG0zc%3D", ' +
      'oauth_signature_method="HMAC-SHA256", oauth_timestamp="1630000000", oauth_version="1.0"',
  );
});

Deno.test("oauthBaseString keeps non-default ports and encodes strictly", () => {
  const base = oauthBaseString({
    method: "POST",
    url: "http://127.0.0.1:8080/oauth2/token",
    consumerKey: "k",
    nonce: "n",
    timestamp: 1,
    params: [["scope", "hrn:here:authorization::org:project/p (x)*!'"], [
      "a b",
      "~",
    ]],
  });
  assert.equal(
    base,
    "POST&http%3A%2F%2F127.0.0.1%3A8080%2Foauth2%2Ftoken&" +
      "a%2520b%3D~%26oauth_consumer_key%3Dk%26oauth_nonce%3Dn%26oauth_signature_method%3DHMAC-SHA256%26" +
      "oauth_timestamp%3D1%26oauth_version%3D1.0%26" +
      "scope%3Dhrn%253Ahere%253Aauthorization%253A%253Aorg%253Aproject%252Fp%2520%2528x%2529%252A%2521%2527",
  );
  // Default http port dropped.
  assert.match(
    oauthBaseString({ ...COMMON, url: "http://example.com:80/x" }),
    /^POST&http%3A%2F%2Fexample\.com%2Fx&/,
  );
});

Deno.test("oauthAuthorizationHeader generates a nonce and timestamp and escapes the signature", async () => {
  const before = Math.floor(Date.now() / 1000);
  const header = await oauthAuthorizationHeader({
    method: "POST",
    url: COMMON.url,
    consumerKey: "key with space",
    consumerSecret: "s",
  });
  const fields = Object.fromEntries(
    [...header.slice("OAuth ".length).matchAll(/(\w+)="([^"]*)"/g)].map((
      m,
    ) => [m[1], m[2]]),
  );
  assert.deepEqual(Object.keys(fields), [
    "oauth_consumer_key",
    "oauth_nonce",
    "oauth_signature",
    "oauth_signature_method",
    "oauth_timestamp",
    "oauth_version",
  ]);
  assert.equal(fields.oauth_consumer_key, "key%20with%20space");
  assert.match(fields.oauth_nonce, /^[0-9a-f]{32}$/);
  assert.ok(Number(fields.oauth_timestamp) >= before);
  assert.doesNotMatch(fields.oauth_signature, /[+/=]/);
  const signature = await signOAuth({
    method: "POST",
    url: COMMON.url,
    consumerKey: "key with space",
    consumerSecret: "s",
    nonce: fields.oauth_nonce,
    timestamp: fields.oauth_timestamp,
  });
  assert.equal(decodeURIComponent(fields.oauth_signature), signature);
});

Deno.test("oauthNonce is 32 hex characters and fresh", () => {
  const a = oauthNonce();
  const b = oauthNonce();
  assert.match(a, /^[0-9a-f]{32}$/);
  assert.notEqual(a, b);
});

Deno.test("oauthBaseString rejects a relative URL and a fractional timestamp", () => {
  assert.throws(
    () => oauthBaseString({ ...COMMON, url: "/oauth2/token" }),
    ValueError,
  );
  assert.throws(
    () => oauthBaseString({ ...COMMON, timestamp: 1.5 }),
    ValueError,
  );
});
