/**
 * `@ls/core`: the transport every HERE Location Services package builds on —
 * one {@linkcode Client} with auth (API key or OAuth), retries, timeouts,
 * concurrency and rate limits, and typed errors — plus what a user of the
 * domain packages touches: credentials, regions, coordinates, flexible
 * polyline, GeoJSON types and the option types shared by routing, isoline
 * and matrix (electric-vehicle options included).
 *
 * The plumbing the domain packages share (parameter checks, query
 * formatting, the job poller, body readers) is in `@ls/core/internal`,
 * which is not covered by semver; test helpers are in `@ls/core/testing`.
 *
 * Runtimes: Deno, Node, browsers and edge runtimes (web-standard APIs only);
 * of the other entries, `@ls/core/file` runs on Deno and Node, and
 * `@ls/core/kv` and `@ls/core/testing` on Deno.
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

export { Client } from "./client/client.ts";
export {
  Auth,
  type AuthOptions,
  DEFAULT_TOKEN_URL,
  type TokenRequestInfo,
} from "./auth/auth.ts";
export type { ReadContext, ResponseReader } from "./http/read.ts";
export {
  DEFAULT_SERVICE_REQUESTS_PER_SECOND,
  type Limiter,
  type LimiterTurn,
  LocalLimiter,
  type RateBudget,
  type TurnRequest,
} from "./limits/limiter.ts";
export { bulk } from "./jobs/bulk.ts";
export type {
  BulkFailure,
  BulkInputs,
  BulkItem,
  BulkOperation,
  BulkOptions,
  BulkProgress,
  BulkSuccess,
} from "./jobs/bulk_types.ts";
export type {
  ClientOptions,
  Proxies,
  RequestEvent,
  ResponseEvent,
  RetryEvent,
} from "./client/client_options.ts";
export type {
  ExtraQueryValue,
  JsonResponse,
  RequestOptions,
  RequestSpec,
  UrlRequestSpec,
} from "./http/spec.ts";
export {
  isApiError,
  isConnectionError,
  isLSError,
  isTimeoutError,
  isValueError,
} from "./errors/error_guards.ts";
export {
  ApiError,
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
  TimeoutError,
  UnprocessableEntityError,
  ValueError,
} from "./errors/errors.ts";
export { ResponseTooLargeError } from "./errors/response_too_large_error.ts";
export type { ApiErrorInit } from "./errors/api_error_init.ts";
export {
  type EnvSource,
  PlatformCredentials,
  type PlatformCredentialsInit,
  type PlatformCredentialsJSON,
} from "./auth/credentials.ts";
export type { Country, Service } from "./http/hosts.ts";
export type {
  BoundingBox,
  BoundingBoxObject,
  LatLng,
  LatLngObject,
  SearchCircle,
} from "./geo/coordinates.ts";
export type { LatLngLike } from "./geo/point.ts";
export type { PollOptions } from "./jobs/poll_options.ts";
export type { BoundingBoxLike, Circle, CircleLike } from "./geo/area.ts";
export * from "./geo/polyline.ts";
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
} from "./vocabulary/route_options.ts";
export {
  AVOID_FEATURES,
  AvoidFeature,
  RoutingMode,
  TransportMode,
} from "./vocabulary/routing_vocabulary.ts";
export {
  type ChargingCurve,
  CONNECTOR_TYPES,
  ConnectorType,
  ConsumptionModel,
  type EmpiricalEvOptions,
  type EvChargeOptions,
  type EvOptions,
  type PhysicalEvOptions,
  type SpeedTable,
} from "./vocabulary/ev_options.ts";
export type { NamedValues, OpenValue } from "./params/named_values.ts";
export type { Notice, NoticeSeverity } from "./vocabulary/notice.ts";
export type {
  AxleGroupWeights,
  VehicleBody,
} from "./vocabulary/vehicle_body.ts";
export type { TaxiOptions } from "./vocabulary/vehicles.ts";
export { Query } from "./params/query.ts";
export { ApiResponse } from "./http/response.ts";
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
