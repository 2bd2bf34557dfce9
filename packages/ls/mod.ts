/**
 * `@ls/ls`: the whole HERE Location Services client in one import — the
 * {@linkcode LS} class with every operation, plus everything the domain
 * packages export (errors, credentials, option types, regions, constants and
 * response types).
 *
 * @example
 * ```ts ignore
 * import { LS } from "@ls/ls";
 * const ls = new LS({ apiKey: "<API_KEY>" });
 * const res = await ls.geocode({ query: "Invalidenstr 116, Berlin" });
 * res.items[0].position; // { lat, lng }
 * res.toGeoJSON(); // FeatureCollection<Point>
 * ```
 *
 * @module
 */

export * from "./ls.ts";
export * from "@ls/core";
export * from "@ls/geocoding";
export * from "@ls/search";
export * from "@ls/routing";
export * from "@ls/isoline";
export * from "@ls/matrix";
export * from "@ls/weather";
export * from "@ls/tour";
