/**
 * {@linkcode discoverAll} and {@linkcode browseAll}: every result of a
 * discover or browse search, page by page, as one `for await` loop.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Client } from "@ls/core";
 * import { SANDBOX_API_KEY, startSandbox } from "@ls/sandbox";
 * import { discoverAll } from "@ls/search";
 * await using sandbox = await startSandbox();
 * const client = new Client({ apiKey: SANDBOX_API_KEY, baseUrl: sandbox.url });
 * const titles: string[] = [];
 * for await (const item of discoverAll(client, { query: "cafe", center: [52.52, 13.405], radius: 50_000, limit: 2 }, { maxItems: 5 })) {
 *   titles.push(item.title ?? "");
 * }
 * assert.ok(titles.length <= 5);
 * ```
 *
 * @module
 */

import { ValueError } from "@ls/core";
import type { Client, RequestOptions } from "@ls/core";
import {
  checkParams,
  checkRequestOptions,
  plainRequestOptions,
  scrubbing,
} from "@ls/core/internal";
import type { ResultItem } from "@ls/geocoding";
import { discover, type DiscoverParams } from "./discover.ts";
import { browse, type BrowseParams } from "./browse.ts";

/**
 * The options of {@linkcode discoverAll} and {@linkcode browseAll}: the
 * request options of each page's call (`signal`, `timeoutMs`, ...), and
 * `maxItems`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { PagingOptions } from "@ls/search";
 * const options: PagingOptions = { maxItems: 50, signal: AbortSignal.timeout(10_000) };
 * assert.equal(options.maxItems, 50);
 * ```
 */
export interface PagingOptions extends RequestOptions {
  /**
   * The most items to yield over all pages: a positive integer, 100 when
   * omitted. The walk stops there even when HERE has more.
   */
  maxItems?: number;
}

type PagedParams = { limit?: number; offset?: number };

/**
 * Pages through `send`: each page asks for `limit` items from `offset`,
 * the next starts where this one ended. It stops at `maxItems`, at a page
 * shorter than `limit` (the last), and at a page that adds no item not
 * already yielded (a server that ignores `offset` would repeat it forever);
 * an item without an `id` is known by its content.
 */
async function* pages<P extends PagedParams>(
  send: (
    client: Client,
    params: P,
    options?: RequestOptions,
  ) => Promise<{ readonly items: ResultItem[] }>,
  client: Client,
  params: P,
  options: PagingOptions | undefined,
): AsyncGenerator<ResultItem, void, undefined> {
  // Scrubbed as the operation's own checks are: a key pasted into an
  // option is not quoted.
  const [max, perPage] = scrubbing(client, () => {
    // Before its limit is read: null params are a ValueError, as the
    // operation's own.
    checkParams(params);
    const max = options?.maxItems ?? 100;
    if (!Number.isSafeInteger(max) || max < 1) {
      throw new ValueError("maxItems", "must be a positive integer", max);
    }
    const perPage = plainRequestOptions(options ?? {});
    // Checked before the first page, whose own check comes after the
    // signal is used here.
    checkRequestOptions(perPage);
    return [max, perPage] as const;
  });
  const limit = params.limit ?? 20;
  let offset = params.offset ?? 0;
  let left = max;
  const seen = new Set<string>();
  // Each page's params: its own fields and its limit and offset, on top of
  // `params` itself, whose inherited fields and class getters the operation
  // reads as it would from `params` (a spread would drop them).
  const inherited = new Proxy(params, { get: (t, k) => Reflect.get(t, k) });
  for (;;) {
    perPage.signal?.throwIfAborted();
    const page: P = Object.create(
      inherited,
      Object.getOwnPropertyDescriptors({ ...params, limit, offset }),
    );
    const { items } = await send(client, page, perPage);
    let fresh = 0;
    for (const item of items) {
      // A page's entries that are not objects are no results to yield.
      if (item === null || typeof item !== "object") continue;
      // An item is known by its id, or by its content when it has none
      // (a parsed JSON value, so it always serializes).
      const key = typeof item.id === "string"
        ? `id:${item.id}`
        : JSON.stringify(item);
      if (seen.has(key)) continue;
      seen.add(key);
      fresh++;
      yield item;
      if (--left === 0) return;
    }
    if (items.length < limit || fresh === 0) return;
    offset += items.length;
  }
}

/**
 * Every result of a {@linkcode discover} search, page after page with
 * `offset` and `limit` (the page size, 20 when omitted), until HERE has no
 * more, `maxItems` (100 by default) are yielded, or a page brings nothing
 * new. An item already yielded (the same `id`, or the same content for an
 * item without one) is skipped. Nothing is sent until
 * the loop pulls; breaking out of the loop sends no further page. The
 * `signal` of `options` cancels the page in flight and any page after it.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Client } from "@ls/core";
 * import { SANDBOX_API_KEY, startSandbox } from "@ls/sandbox";
 * import { discoverAll } from "@ls/search";
 * await using sandbox = await startSandbox();
 * const client = new Client({ apiKey: SANDBOX_API_KEY, baseUrl: sandbox.url });
 * const ids = new Set<string>();
 * for await (const item of discoverAll(client, { query: "cafe", center: [52.52, 13.405], radius: 50_000, limit: 1 }, { maxItems: 3 })) {
 *   ids.add(item.id!);
 * }
 * assert.ok(ids.size <= 3);
 * ```
 *
 * @throws {ValueError} on the first pull, before any request, for a
 * `maxItems` that is not a positive integer, a request option of the wrong
 * type, or for the reasons of {@linkcode buildDiscoverRequest}
 * @throws {ApiError} when a page fails; the items of earlier pages have
 * been yielded already
 */
export function discoverAll(
  client: Client,
  params: DiscoverParams,
  options?: PagingOptions,
): AsyncGenerator<ResultItem, void, undefined> {
  return pages(discover, client, params, options);
}

/**
 * Every result of a {@linkcode browse} search, page by page, as
 * {@linkcode discoverAll} walks discover.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Client } from "@ls/core";
 * import { SANDBOX_API_KEY, startSandbox } from "@ls/sandbox";
 * import { browseAll } from "@ls/search";
 * await using sandbox = await startSandbox();
 * const client = new Client({ apiKey: SANDBOX_API_KEY, baseUrl: sandbox.url });
 * let n = 0;
 * for await (const _ of browseAll(client, { center: [52.52, 13.405], radius: 50_000, limit: 2 }, { maxItems: 4 })) n++;
 * assert.ok(n <= 4);
 * ```
 *
 * @throws {ValueError} on the first pull, before any request, for a
 * `maxItems` that is not a positive integer, a request option of the wrong
 * type, or for the reasons of {@linkcode buildBrowseRequest}
 * @throws {ApiError} when a page fails; the items of earlier pages have
 * been yielded already
 */
export function browseAll(
  client: Client,
  params: BrowseParams,
  options?: PagingOptions,
): AsyncGenerator<ResultItem, void, undefined> {
  return pages(browse, client, params, options);
}
