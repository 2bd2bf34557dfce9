// Reading a Client's options once, at construction: every option checked
// (a ValueError naming it, never quoting a credential), the limiters,
// hooks, fetch and token source built.

import { Auth } from "../auth/auth.ts";
import type { ClientOptions } from "./client_options.ts";
import { ValueError } from "../errors/errors.ts";
import { type Country, defaultTokenUrl } from "../http/hosts.ts";
import { encodeContent } from "../params/query.ts";
import { ambientCredentials } from "../auth/_ambient_credentials.ts";
import { Redactor } from "../redact/_redact.ts";
import { Semaphore } from "../http/timers.ts";
import { scrubInputError } from "../redact/scrubbing.ts";
import { hasLoneSurrogate, numberOption } from "../params/check_params.ts";
import { type Limiter, LocalLimiter } from "../limits/limiter.ts";
import {
  isCredentials,
  type PlatformCredentials,
} from "../auth/credentials.ts";
import { checkApiKey, checkBaseUrl, proxyClient } from "./client_checks.ts";

/** The hooks a client calls. */
export type Hooks = Pick<ClientOptions, "onRequest" | "onResponse" | "onRetry">;

/** What a Client runs with, read from its options. */
export interface ClientSettings {
  country: Country;
  baseUrl?: string;
  baseOrigin?: string;
  /** Whether `http:` URLs may be followed: the client's baseUrl is http. */
  httpAllowed: boolean;
  apiKey?: string;
  /** `apiKey=<encoded key>`, built once. */
  keyParam?: string;
  auth?: Auth;
  fetch: typeof fetch;
  maxRetries: number;
  timeoutMs: number;
  retryBase: number;
  retryMax: number;
  maxRetryAfter: number;
  maxResponseBytes?: number;
  semaphore?: Semaphore;
  limiter: Limiter;
  redactor: Redactor;
  httpClient?: { close(): void };
  hooks: Hooks;
}

/**
 * Checks every option and builds the settings; nothing is sent.
 *
 * @throws {ValueError} on missing credentials or invalid options, naming
 * the option and never quoting a credential
 */
export function clientSettings(options: ClientOptions = {}): ClientSettings {
  const s = {
    httpAllowed: false,
    redactor: new Redactor(),
  } as ClientSettings;
  const given = givenSecrets(options);
  try {
    if (typeof options !== "object" || options === null) {
      // Not described: a string here is most likely an API key.
      throw new ValueError(
        "options",
        `must be an object (such as { apiKey }), got ${typeof options}`,
      );
    }
    const country = options.country ?? "row";
    if (country !== "row" && country !== "china") {
      throw new ValueError("country", 'must be "row" or "china"', country);
    }
    s.country = country;
    if (options.baseUrl !== undefined) {
      s.baseUrl = checkBaseUrl(options.baseUrl);
      s.baseOrigin = new URL(s.baseUrl).origin;
      s.httpAllowed = s.baseOrigin.startsWith("http:");
    }
    const platformCredentials = credentialSettings(s, options);
    // Retries, timeouts, the body cap and the concurrency limit.
    numberSettings(s, options);
    if (options.maxConcurrency !== undefined) {
      s.semaphore = new Semaphore(
        numberOption(
          options.maxConcurrency,
          0,
          "maxConcurrency",
          "positive integer",
        ),
      );
    }
    s.limiter = limiterSetting(options);
    s.hooks = hookSettings(options);
    s.fetch = fetchSetting(s, options);
    if (!s.apiKey && !s.auth && platformCredentials !== undefined) {
      s.auth = new Auth({
        credentials: platformCredentials,
        tokenUrl: s.baseUrl
          ? `${s.baseUrl}/oauth2/token`
          : platformCredentials.tokenEndpointUrl ??
            defaultTokenUrl(country),
        fetch: s.fetch,
        timeoutMs: s.timeoutMs,
        maxResponseBytes: s.maxResponseBytes,
      });
    }
  } catch (err) {
    // Its name too (a key given as a service's name), and of the
    // credentials found so far as well (the environment's, an Auth's).
    throw scrubInputError(err, (t) => s.redactor.scrub(given.scrub(t)));
  }
  return s;
}

/** The client's number options, checked in this order. */
function numberSettings(s: ClientSettings, options: ClientOptions): void {
  s.maxRetries = numberOption(
    options.maxRetries,
    3,
    "maxRetries",
    "non-negative integer",
  );
  s.timeoutMs = numberOption(
    options.timeoutMs,
    30_000,
    "timeoutMs",
    "positive number",
  );
  s.retryBase = numberOption(
    options.retryBaseDelayMs,
    500,
    "retryBaseDelayMs",
    "non-negative number",
  );
  s.retryMax = numberOption(
    options.retryMaxDelayMs,
    30_000,
    "retryMaxDelayMs",
    "non-negative number",
  );
  s.maxRetryAfter = numberOption(
    options.maxRetryAfterMs,
    60_000,
    "maxRetryAfterMs",
    "non-negative number",
  );
  if (options.maxResponseBytes !== undefined) {
    s.maxResponseBytes = numberOption(
      options.maxResponseBytes,
      0,
      "maxResponseBytes",
      "positive integer",
    );
  }
}

/**
 * The credentials given in `options`: an option error may quote a value,
 * and a credential can sit in the wrong option, so every message is
 * scrubbed of them.
 */
function givenSecrets(options: ClientOptions): Redactor {
  const given = new Redactor();
  if (typeof options === "object" && options !== null) {
    for (
      const secret of [
        options.apiKey,
        options.platformCredentials?.accessKeySecret,
      ]
    ) {
      if (typeof secret === "string" && !hasLoneSurrogate(secret)) {
        given.add(secret);
      }
    }
  }
  return given;
}

/**
 * Sets the client's credential (an API key or an Auth) from the options or,
 * given none, from the environment or HERE's credentials file; returns the
 * platform credentials an Auth is still to be made for.
 */
function credentialSettings(
  s: ClientSettings,
  options: ClientOptions,
): PlatformCredentials | undefined {
  let { apiKey, platformCredentials } = options;
  let source: string | undefined;
  if (
    apiKey === undefined && options.auth === undefined &&
    platformCredentials === undefined
  ) {
    // `{ apiKey: process.env.TYPO }`: a credential meant but missing.
    // Reading another one from the environment could be another account.
    for (const name of ["apiKey", "platformCredentials", "auth"] as const) {
      if (Object.hasOwn(options, name)) {
        throw new ValueError(
          name,
          "is undefined; pass a credential, or leave the option out to read one from the environment",
        );
      }
    }
    // Given none: the environment, then HERE's credentials file.
    const found = ambientCredentials();
    source = found.source;
    if ("apiKey" in found) apiKey = found.apiKey;
    else platformCredentials = found.platformCredentials;
  }
  if (
    platformCredentials !== undefined && !isCredentials(platformCredentials)
  ) {
    throw new ValueError(
      "platformCredentials",
      "must be a PlatformCredentials (with accessKeyId and accessKeySecret)",
    );
  }
  if (apiKey !== undefined) {
    // An error names the variable the key came from, if not the option.
    s.apiKey = checkApiKey(apiKey, source ?? "apiKey");
    s.keyParam = `apiKey=${encodeContent(s.apiKey)}`;
    s.redactor.add(s.apiKey);
  } else if (options.auth !== undefined) {
    if (!(options.auth instanceof Auth)) {
      throw new ValueError("auth", "must be an Auth");
    }
    s.auth = options.auth;
    s.redactor.chain(options.auth);
  } else {
    const secret = platformCredentials?.accessKeySecret;
    if (typeof secret === "string") s.redactor.add(secret);
  }
  return platformCredentials;
}

/** The rate budget: the limiter given, or one built from the rates. */
function limiterSetting(options: ClientOptions): Limiter {
  // The options are a RateBudget: the limiter reads the two rates.
  if (options.limiter === undefined) return new LocalLimiter(options);
  const limiter = options.limiter;
  if (
    typeof limiter !== "object" || limiter === null ||
    typeof limiter.acquire !== "function"
  ) {
    throw new ValueError(
      "limiter",
      "must be a Limiter (an object with acquire)",
    );
  }
  for (
    const name of ["requestsPerSecond", "serviceRequestsPerSecond"] as const
  ) {
    if (options[name] !== undefined) {
      throw new ValueError(
        name,
        "cannot be combined with limiter; give the budget to the limiter",
      );
    }
  }
  return limiter;
}

/**
 * The hooks, copied; they and `fetch` are each checked to be a function
 * (the copy holds `fetch` too, unused).
 */
function hookSettings(options: ClientOptions): Hooks {
  const hooks: Record<string, unknown> = {};
  for (
    const name of ["onRequest", "onResponse", "onRetry", "fetch"] as const
  ) {
    const hook = options[name];
    if (hook !== undefined && typeof hook !== "function") {
      throw new ValueError(name, "must be a function", hook);
    }
    hooks[name] = hook;
  }
  return hooks as Hooks;
}

/** The fetch to use, through the proxies when there are any. */
function fetchSetting(
  s: ClientSettings,
  options: ClientOptions,
): typeof fetch {
  // Checked with the hooks.
  const fetchFn = options.fetch ?? globalThis.fetch.bind(globalThis);
  if (options.proxies === undefined) return fetchFn;
  const httpClient = proxyClient(options);
  s.httpClient = httpClient;
  return (input, init) =>
    fetchFn(
      input,
      { ...init, client: httpClient } as unknown as RequestInit,
    );
}
