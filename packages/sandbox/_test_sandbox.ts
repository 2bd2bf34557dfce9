// Test helpers for the sandbox's own tests. Not published.

import type { Sandbox } from "./sandbox.ts";

/** The response of {@linkcode call}: status, headers and the parsed JSON body. */
export interface Reply {
  status: number;
  headers: Headers;
  // deno-lint-ignore no-explicit-any
  body: any;
  text: string;
}

/**
 * Sends a request to the sandbox with the default API key (unless
 * `apiKey: null`), reads the whole body and parses it as JSON when it can.
 */
export async function call(
  sandbox: Sandbox | string,
  path: string,
  init: RequestInit & { apiKey?: string | null; json?: unknown } = {},
): Promise<Reply> {
  const base = typeof sandbox === "string" ? sandbox : sandbox.url;
  const { apiKey = "sandbox", json, ...rest } = init;
  let url = `${base}${path}`;
  if (apiKey !== null) {
    url += `${url.includes("?") ? "&" : "?"}apiKey=${
      encodeURIComponent(apiKey)
    }`;
  }
  const headers = new Headers(rest.headers);
  if (json !== undefined) headers.set("content-type", "application/json");
  const res = await fetch(url, {
    redirect: "manual",
    ...rest,
    headers,
    body: json !== undefined ? JSON.stringify(json) : rest.body,
    method: rest.method ?? (json !== undefined ? "POST" : "GET"),
  });
  const text = await res.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  return { status: res.status, headers: res.headers, body, text };
}

/**
 * Resolves once the sandbox has logged a request for `method` and `path`
 * (it logs a request as soon as it starts handling it).
 */
export async function received(
  sandbox: Sandbox,
  method: string,
  path: string,
): Promise<void> {
  while (
    !sandbox.requests.some((r) => r.method === method && r.path === path)
  ) {
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
}
