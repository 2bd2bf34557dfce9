/**
 * `@ls/core`: the transport every HERE Location Services package builds on —
 * one {@linkcode Client} with auth (API key or OAuth), retries, timeouts,
 * concurrency and rate limits, typed errors, the async-job poller, flexible
 * polyline, coordinate helpers and the option types shared by routing,
 * isoline and matrix. Web-standard APIs only: runs on Deno, Node, browsers
 * and edge runtimes.
 *
 * @example
 * ```ts ignore
 * import { Client } from "@ls/core";
 * const client = new Client({ apiKey: "<API_KEY>" });
 * ```
 *
 * @module
 */

export * from "./auth.ts";
export * from "./client.ts";
export * from "./coordinates.ts";
export * from "./credentials.ts";
export * from "./errors.ts";
export * from "./format.ts";
export * from "./hosts.ts";
export * from "./oauth.ts";
export * from "./options.ts";
export * from "./poller.ts";
export * from "./polyline.ts";
export * from "./query.ts";
export * from "./response.ts";
export * from "./retry.ts";
export * from "./validate.ts";
export {
  type BodyChunks,
  bodyChunks,
  DEFAULT_MAX_JSON_BYTES,
  DEFAULT_MAX_STATUS_BYTES,
  DEFAULT_MAX_TOKEN_BYTES,
  MAX_JSON_DEPTH,
  parseJsonText,
  type ReadGuard,
} from "./_read.ts";
export type {
  BBox,
  Feature,
  FeatureCollection,
  GeoJsonObject,
  GeoJsonProperties,
  Geometry,
  GeometryCollection,
  LineString,
  MultiLineString,
  MultiPoint,
  MultiPolygon,
  Point,
  Polygon,
  Position,
} from "geojson";
