/**
 * `@ls/core`: the transport every HERE Location Services package builds on —
 * one {@linkcode Client} with auth (API key or OAuth), retries, timeouts,
 * concurrency and rate limits, and typed errors — plus what a user of the
 * domain packages touches: credentials, regions, coordinates, flexible
 * polyline, GeoJSON types and the option types shared by routing, isoline
 * and matrix (electric-vehicle options included). Web-standard APIs only: runs on Deno, Node, browsers and edge
 * runtimes.
 *
 * The plumbing the domain packages share (parameter checks, query
 * formatting, the job poller, body readers) is in `@ls/core/internal`,
 * which is not covered by semver; test helpers are in `@ls/core/testing`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Client, decodePolyline, ValueError } from "@ls/core";
 * const client = new Client({ apiKey: "<API_KEY>" });
 * assert.equal(client.country, "row");
 * assert.deepEqual(decodePolyline("BFoz5xJ67i1B1B7PzIhaxL7Y").polyline[0], [50.10228, 8.69821]);
 * assert.throws(() => new Client({ apiKey: "" }), ValueError);
 * ```
 *
 * @module
 */

export { Client } from "./client.ts";
export {
  Auth,
  type AuthOptions,
  DEFAULT_TOKEN_URL,
  type TokenRequestInfo,
} from "./auth.ts";
export type { ReadContext, ResponseReader } from "./_read.ts";
export {
  DEFAULT_SERVICE_REQUESTS_PER_SECOND,
  type Limiter,
  type LimiterTurn,
  LocalLimiter,
  type RateBudget,
  type TurnRequest,
} from "./limiter.ts";
export {
  bulk,
  type BulkFailure,
  type BulkInputs,
  type BulkItem,
  type BulkOperation,
  type BulkOptions,
  type BulkProgress,
  type BulkSuccess,
} from "./bulk.ts";
export type {
  ClientOptions,
  ExtraQueryValue,
  JsonResponse,
  Proxies,
  RequestEvent,
  RequestOptions,
  RequestSpec,
  ResponseEvent,
  RetryEvent,
  UrlRequestSpec,
} from "./client_options.ts";
export {
  isApiError,
  isConnectionError,
  isLSError,
  isTimeoutError,
  isValueError,
} from "./error_guards.ts";
export {
  ApiError,
  type ApiErrorInit,
  AuthenticationError,
  BadRequestError,
  ConflictError,
  ConnectionError,
  InternalServerError,
  LSError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  type ResponseErrorDetails,
  type ResponseFacts,
  ResponseTooLargeError,
  TimeoutError,
  UnprocessableEntityError,
  ValueError,
} from "./errors.ts";
export {
  type EnvSource,
  PlatformCredentials,
  type PlatformCredentialsInit,
  type PlatformCredentialsJSON,
} from "./credentials.ts";
export type { Country, Service } from "./hosts.ts";
export type {
  BoundingBox,
  BoundingBoxObject,
  LatLng,
  LatLngObject,
  SearchCircle,
} from "./coordinates.ts";
export type { LatLngLike } from "./point.ts";
export type { PollOptions } from "./poller.ts";
export type { BoundingBoxLike, Circle, CircleLike } from "./area.ts";
export * from "./polyline.ts";
export {
  AvoidBoundingBox,
  Course,
  MatchSideOfStreet,
  PlaceOptions,
  Scooter,
  ShippedHazardousGoods,
  Truck,
  TruckType,
  TunnelCategory,
  Via,
  WayPointOptions,
} from "./options.ts";
export {
  AvoidFeature,
  RoutingMode,
  TransportMode,
} from "./routing_vocabulary.ts";
export {
  type ChargingCurve,
  ConnectorType,
  ConsumptionModel,
  type EmpiricalEvOptions,
  type EvChargeOptions,
  type EvOptions,
  type PhysicalEvOptions,
  type SpeedTable,
} from "./ev_options.ts";
export type { NamedValues, OpenValue } from "./named_values.ts";
export type { Notice, NoticeSeverity } from "./notice.ts";
export { Query } from "./query.ts";
export { ApiResponse } from "./response.ts";
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
