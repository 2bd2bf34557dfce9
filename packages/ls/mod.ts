/**
 * `@ls/ls`: the whole HERE Location Services client in one import — the
 * {@linkcode LS} class with every operation, and everything a user of it
 * reaches for, each as what it is (a class or function as a value, a type as
 * a type): the errors and their guards, the credentials, the `Client`,
 * `LocalLimiter` and the `Limiter` interface, `bulk`, the polyline and
 * GeoJSON helpers, the option classes, the matrix regions, the constants,
 * the response classes, and the per-domain functions and builders such as
 * `geocode(client, params)` and `buildGeocodeRequest(params)`: the public
 * entries of `@ls/core` and of every domain package.
 *
 * Left out are the entries that are not for every runtime or not for users:
 * `@ls/core/file` (credentials from a file), `@ls/core/kv` (a Deno KV
 * limiter), `@ls/core/internal` (plumbing) and `@ls/core/testing`.
 *
 * Runtimes: Deno, Node, browsers and edge runtimes (web-standard APIs only).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isValueError, LS } from "@ls/ls";
 * import { SANDBOX_API_KEY, startSandbox } from "@ls/sandbox";
 * await using sandbox = await startSandbox();
 * // For HERE: new LS({ apiKey: "<API_KEY>" })
 * using ls = new LS({ apiKey: SANDBOX_API_KEY, baseUrl: sandbox.url });
 *
 * const found = await ls.geocode({ query: "Invalidenstr 116, Berlin" });
 * const { lat, lng } = found.items[0].position!;
 * assert.equal(found.toGeoJSON().features[0].geometry.type, "Point");
 * const route = await ls.carRoute({ origin: [lat, lng], destination: [52.5163, 13.3777] });
 * assert.equal(route.routes.length, 1);
 * const error = await ls.discover({ query: "coffee" }).catch((e) => e);
 * assert.ok(isValueError(error)); // no search area: refused before any request
 * ```
 *
 * @module
 */

export * from "./ls.ts";
export * from "./operations.ts";

export * from "@ls/core";
export * from "@ls/geocoding";
export * from "@ls/search";
export * from "@ls/routing";
export * from "@ls/isoline";
export * from "@ls/matrix";
export * from "@ls/weather";
export * from "@ls/tour";
