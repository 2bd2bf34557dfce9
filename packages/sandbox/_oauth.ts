// The token endpoint (`POST /oauth2/token`, OAuth 1.0a HMAC-SHA256 signed
// client-credentials grant), `GET /timestamp`, and the credential check of
// every service call (API key or bearer token).

import { signOAuth } from "@ls/core/internal";
import { type Ctx, gatewayError, json, readText, tokenError } from "./_http.ts";
import { decodeComponent } from "./_query.ts";

/** The largest token request body read, bytes (a real one is under 100). */
const MAX_TOKEN_BODY_BYTES = 64 * 1024;

/** Allowed distance between `oauth_timestamp` and the sandbox clock. */
const MAX_SKEW_S = 600;

/** Token URLs a signature may have been computed for, besides the request's own. */
const KNOWN_TOKEN_URLS = [
  "https://account.api.here.com/oauth2/token",
  "https://elb.cn-northwest-1.account.hereapi.cn/oauth2/token",
];

const MALFORMED_HEADER =
  "Invalid Client Authorization header, expecting signed request format.";
const MISMATCH =
  "Signature mismatch. Authorization signature or client credential is wrong.";

function parseOAuthHeader(header: string): Map<string, string> | undefined {
  if (!/^OAuth\s+/i.test(header)) return undefined;
  const out = new Map<string, string>();
  for (const part of header.replace(/^OAuth\s+/i, "").split(",")) {
    const trimmed = part.trim();
    if (trimmed === "") continue;
    const m = /^([A-Za-z_]+)="([^"]*)"$/.exec(trimmed);
    if (!m) return undefined;
    const value = decodeComponent(m[2]);
    if (value === undefined) return undefined;
    out.set(m[1], value);
  }
  return out;
}

function safeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

function randomToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return `sbx.${
    btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_")
  }`;
}

/** `POST /oauth2/token`. */
export async function token(ctx: Ctx): Promise<Response> {
  const header = ctx.request.headers.get("authorization") ?? "";
  const oauth = parseOAuthHeader(header);
  if (!oauth) throw tokenError(401, 401202, MALFORMED_HEADER);
  for (
    const name of [
      "oauth_consumer_key",
      "oauth_nonce",
      "oauth_signature",
      "oauth_signature_method",
      "oauth_timestamp",
    ]
  ) {
    if (!oauth.get(name)) {
      throw tokenError(401, 401202, `${MALFORMED_HEADER} Missing ${name}.`);
    }
  }
  if (oauth.get("oauth_signature_method") !== "HMAC-SHA256") {
    throw tokenError(
      401,
      401202,
      `${MALFORMED_HEADER} Unsupported oauth_signature_method ${
        oauth.get("oauth_signature_method")
      }, expected HMAC-SHA256.`,
    );
  }
  const version = oauth.get("oauth_version");
  if (version !== undefined && version !== "1.0") {
    throw tokenError(
      401,
      401202,
      `${MALFORMED_HEADER} oauth_version must be 1.0.`,
    );
  }
  const timestamp = oauth.get("oauth_timestamp")!;
  if (!/^\d+$/.test(timestamp)) {
    throw tokenError(
      401,
      401202,
      `${MALFORMED_HEADER} oauth_timestamp is not a number.`,
    );
  }
  const nowS = Math.floor(ctx.state.now().getTime() / 1000);
  if (Math.abs(nowS - Number(timestamp)) > MAX_SKEW_S) {
    throw tokenError(
      401,
      401204,
      "Invalid Authorization header, timestamp doesn't match server time.",
    );
  }

  const text = await readText(ctx, MAX_TOKEN_BODY_BYTES);
  const type = ctx.request.headers.get("content-type") ?? "";
  const params: [string, string][] = [];
  let jsonStyle = false;
  let grantType: unknown;
  let expiresIn: unknown;
  let scope: unknown;
  if (/application\/json/i.test(type)) {
    jsonStyle = true;
    try {
      const body = JSON.parse(text || "{}");
      grantType = body?.grantType ?? body?.grant_type;
      expiresIn = body?.expiresIn ?? body?.expires_in;
      scope = body?.scope;
    } catch {
      throw tokenError(400, 400200, "The request body is not valid JSON.");
    }
  } else {
    for (const pair of text.split("&")) {
      if (pair === "") continue;
      const eq = pair.indexOf("=");
      const k = decodeComponent(eq < 0 ? pair : pair.slice(0, eq));
      const v = decodeComponent(eq < 0 ? "" : pair.slice(eq + 1));
      if (k === undefined || v === undefined) {
        throw tokenError(
          400,
          400200,
          "The form body is not valid URL encoding.",
        );
      }
      params.push([k, v]);
    }
    const get = (k: string) => params.find(([key]) => key === k)?.[1];
    grantType = get("grant_type");
    expiresIn = get("expires_in");
    scope = get("scope");
  }

  const consumerKey = oauth.get("oauth_consumer_key")!;
  const secret = ctx.state.credentials.get(consumerKey);
  if (secret === undefined) throw tokenError(401, 401300, MISMATCH);
  const own =
    `${ctx.url.protocol}//${ctx.url.host}${ctx.url.pathname}${ctx.url.search}`;
  let verified = false;
  for (const url of [own, ...KNOWN_TOKEN_URLS]) {
    const expected = await signOAuth({
      method: ctx.request.method,
      url,
      consumerKey,
      consumerSecret: secret,
      nonce: oauth.get("oauth_nonce")!,
      timestamp,
      params,
    });
    if (safeEqual(expected, oauth.get("oauth_signature")!)) {
      verified = true;
      break;
    }
  }
  if (!verified) throw tokenError(401, 401300, MISMATCH);

  if (grantType !== "client_credentials") {
    throw tokenError(
      400,
      400200,
      `Invalid grant_type ${
        JSON.stringify(grantType ?? null)
      }; only client_credentials is supported.`,
    );
  }
  let lifetime = ctx.state.tokenTtlSeconds;
  const requested = Number(expiresIn);
  if (expiresIn !== undefined && Number.isInteger(requested) && requested > 0) {
    lifetime = Math.min(lifetime, requested);
  }
  const access = randomToken();
  ctx.state.addToken(access, ctx.state.now().getTime() + lifetime * 1000);
  const scopeOut = typeof scope === "string" && scope !== "" ? { scope } : {};
  return json(
    jsonStyle
      ? {
        accessToken: access,
        tokenType: "bearer",
        expiresIn: lifetime,
        ...scopeOut,
      }
      : {
        access_token: access,
        token_type: "bearer",
        expires_in: lifetime,
        ...scopeOut,
      },
  );
}

/** `GET /timestamp`: the sandbox clock in Unix seconds. */
export function timestamp(ctx: Ctx): Response {
  return json({ timestamp: Math.floor(ctx.state.now().getTime() / 1000) });
}

/**
 * Checks the credential of a service call: `apiKey` must be a configured key,
 * or `Authorization: Bearer` a token issued by this sandbox and not expired.
 * Throws a 401 with HERE's gateway body otherwise.
 */
export function authenticate(ctx: Ctx): void {
  const keys = ctx.params.all("apiKey");
  const header = ctx.request.headers.get("authorization");
  if (keys.length > 0) {
    if (keys.length === 1 && ctx.state.apiKeys.has(keys[0].value)) return;
    throw gatewayError(
      401,
      "Unauthorized",
      "apiKey invalid. apiKey not found.",
    );
  }
  if (header) {
    const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!m) {
      throw gatewayError(
        401,
        "Unauthorized",
        "Invalid Authorization header format.",
      );
    }
    const expiresAt = ctx.state.tokens.get(m[1]);
    if (expiresAt === undefined) {
      throw gatewayError(
        401,
        "Unauthorized",
        "Token Validation Failure - invalid token.",
      );
    }
    if (ctx.state.now().getTime() >= expiresAt) {
      throw gatewayError(
        401,
        "Unauthorized",
        "Token Validation Failure - token expired.",
      );
    }
    return;
  }
  throw gatewayError(401, "Unauthorized", "No credentials found");
}
