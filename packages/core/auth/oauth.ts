/**
 * OAuth 1.0a request signing with HMAC-SHA256, as HERE's token endpoint
 * expects it: the signature base string, the signature (standard Base64 with
 * padding) and the `Authorization: OAuth ...` header. Uses WebCrypto only, so
 * it runs on Deno, Node, browsers and edge runtimes.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { oauthAuthorizationHeader } from "@ls/core/internal";
 * const header = await oauthAuthorizationHeader({
 *   method: "POST",
 *   url: "https://account.api.here.com/oauth2/token",
 *   consumerKey: "<ACCESS_KEY_ID>",
 *   consumerSecret: "<ACCESS_KEY_SECRET>",
 *   params: [["grant_type", "client_credentials"]],
 * });
 * assert.match(header, /^OAuth oauth_consumer_key="%3CACCESS_KEY_ID%3E", oauth_nonce="[0-9a-f]{32}", /);
 * ```
 *
 * @module
 */

import { ValueError } from "../errors/errors.ts";
import { encodeContent as enc } from "../params/query.ts";
import { redactUrl } from "../redact/_redact.ts";

/** The inputs of the OAuth 1.0a signature base string. */
export interface OAuthBaseStringInput {
  /** HTTP method; upper-cased for signing. */
  method: string;
  /** The full request URL. Its query parameters are signed too. */
  url: string;
  /** `oauth_consumer_key`: the access key id. */
  consumerKey: string;
  /** `oauth_nonce`: a fresh string of unreserved characters per request. */
  nonce: string;
  /** `oauth_timestamp`: Unix time in whole seconds. */
  timestamp: string | number;
  /** Form (body) parameters, unencoded. A repeated key stays repeated. */
  params?: readonly (readonly [string, string])[];
}

/** The inputs of {@linkcode signOAuth}: the base string inputs plus the secret. */
export interface OAuthSignInput extends OAuthBaseStringInput {
  /** The consumer secret (the access key secret). */
  consumerSecret: string;
}

/**
 * The inputs of {@linkcode oauthAuthorizationHeader}. `nonce` and `timestamp`
 * are generated when omitted.
 */
export interface OAuthHeaderInput
  extends Omit<OAuthSignInput, "nonce" | "timestamp"> {
  /** `oauth_nonce`; default {@linkcode oauthNonce}. */
  nonce?: string;
  /** `oauth_timestamp` in Unix seconds; default the current time. */
  timestamp?: string | number;
}

/**
 * A fresh nonce: 32 lowercase hex characters from `crypto.getRandomValues`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { oauthNonce } from "./oauth.ts";
 * assert.match(oauthNonce(), /^[0-9a-f]{32}$/);
 * assert.notEqual(oauthNonce(), oauthNonce());
 * ```
 */
export function oauthNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * Builds the OAuth 1.0a signature base string:
 * `METHOD&enc(baseUrl)&enc(sortedParameterString)`. The base URL has a
 * lowercase scheme and host, no default port, no query and no fragment; the
 * parameters are the five `oauth_*` ones, the form parameters and the URL's
 * query parameters, each encoded with the strict RFC 3986 `enc()` and sorted
 * by encoded key, then encoded value, in byte order.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { oauthBaseString } from "./oauth.ts";
 * const base = oauthBaseString({
 *   method: "post",
 *   url: "HTTPS://www.sampleurl.com:443/some/path?b=2",
 *   consumerKey: "testKey",
 *   nonce: "ab1Xo3",
 *   timestamp: 123456789,
 *   params: [["a", "1 2"]],
 * });
 * assert.equal(
 *   base,
 *   "POST&https%3A%2F%2Fwww.sampleurl.com%2Fsome%2Fpath&a%3D1%25202%26b%3D2%26oauth_consumer_key%3DtestKey" +
 *     "%26oauth_nonce%3Dab1Xo3%26oauth_signature_method%3DHMAC-SHA256%26oauth_timestamp%3D123456789%26oauth_version%3D1.0",
 * );
 * ```
 *
 * @throws {ValueError} when the URL is not absolute or the timestamp is not a whole number
 */
export function oauthBaseString(input: OAuthBaseStringInput): string {
  const url = parseUrl(input.url);
  // Encoded text is ASCII without spaces, so plain code-unit order of
  // "key value" sorts by key, then value, in byte order (a space is below
  // every encoded character).
  const parameterString = [
    ...oauthParams(input),
    ...input.params ?? [],
    ...url.searchParams,
  ].map(([k, v]) => `${enc(k)} ${enc(v)}`).sort().join("&").replaceAll(
    " ",
    "=",
  );
  const baseUrl = `${url.protocol}//${url.host}${url.pathname}`;
  return `${input.method.toUpperCase()}&${enc(baseUrl)}&${
    enc(parameterString)
  }`;
}

/**
 * Computes the OAuth 1.0a HMAC-SHA256 signature (standard Base64 with `=`
 * padding) of the request described by `input`. The key is
 * `enc(consumerSecret) + "&"`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { signOAuth } from "@ls/core/internal";
 * const signature = await signOAuth({
 *   method: "POST",
 *   url: "https://www.sampleurl.com/some/path",
 *   consumerKey: "testKey",
 *   consumerSecret: "testSecret",
 *   nonce: "ab1Xo3",
 *   timestamp: 123456789,
 * });
 * assert.equal(signature, "FeKRSQawLAt3GwVBYCJqY2lawFkEHs2u78MfT7m1P+A=");
 * ```
 *
 * @throws {ValueError} when the URL is not absolute or the timestamp is not a whole number
 */
export async function signOAuth(input: OAuthSignInput): Promise<string> {
  const encoder = new TextEncoder();
  const key = await crypto.subtle.importKey(
    "raw",
    encoder.encode(`${enc(input.consumerSecret)}&`),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const mac = await crypto.subtle.sign(
    "HMAC",
    key,
    encoder.encode(oauthBaseString(input)),
  );
  return btoa(String.fromCharCode(...new Uint8Array(mac)));
}

/**
 * Builds the value of the `Authorization` header for an OAuth 1.0a
 * HMAC-SHA256 signed request: `OAuth oauth_consumer_key="…", oauth_nonce="…",
 * oauth_signature="…", oauth_signature_method="HMAC-SHA256",
 * oauth_timestamp="…", oauth_version="1.0"`, every value encoded with `enc()`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { oauthAuthorizationHeader } from "@ls/core/internal";
 * const header = await oauthAuthorizationHeader({
 *   method: "POST",
 *   url: "https://account.api.here.com/oauth2/token",
 *   consumerKey: "AKID",
 *   consumerSecret: "SECRET",
 *   nonce: "NONCE123",
 *   timestamp: 1630000000,
 *   params: [["grant_type", "client_credentials"]],
 * });
 * assert.equal(
 *   header,
 *   'OAuth oauth_consumer_key="AKID", oauth_nonce="NONCE123", ' +
 *     'oauth_signature="diY2BaUtsQYXZA3qseQTsmkIpfPqahQN8ooAlIbG0zc%3D", ' +
 *     'oauth_signature_method="HMAC-SHA256", oauth_timestamp="1630000000", oauth_version="1.0"',
 * );
 * ```
 *
 * @throws {ValueError} when the URL is not absolute or the timestamp is not a whole number
 */
export async function oauthAuthorizationHeader(
  input: OAuthHeaderInput,
): Promise<string> {
  const signInput: OAuthSignInput = {
    ...input,
    nonce: input.nonce ?? oauthNonce(),
    timestamp: input.timestamp ?? Math.floor(Date.now() / 1000),
  };
  const fields = oauthParams(signInput);
  fields.splice(2, 0, ["oauth_signature", await signOAuth(signInput)]);
  return `OAuth ${fields.map(([k, v]) => `${k}="${enc(v)}"`).join(", ")}`;
}

/** The `oauth_*` parameters but the signature, in key order. */
function oauthParams(input: OAuthBaseStringInput): [string, string][] {
  return [
    ["oauth_consumer_key", input.consumerKey],
    ["oauth_nonce", input.nonce],
    ["oauth_signature_method", "HMAC-SHA256"],
    ["oauth_timestamp", formatTimestamp(input.timestamp)],
    ["oauth_version", "1.0"],
  ];
}

function parseUrl(url: string): URL {
  try {
    return new URL(url);
  } catch {
    throw new ValueError(
      "url",
      "must be an absolute URL",
      redactUrl(String(url)),
    );
  }
}

function formatTimestamp(timestamp: string | number): string {
  const s = String(timestamp);
  if (!/^\d+$/.test(s)) {
    throw new ValueError(
      "timestamp",
      "must be a whole number of Unix seconds",
      timestamp,
    );
  }
  return s;
}
