/**
 * `@ls/ls`: the whole HERE Location Services client in one import — the
 * {@linkcode LS} class with every operation, plus what a user of it needs:
 * the errors and their guards, the credentials, the option classes, the
 * matrix regions, the constants, the response classes, and every type the
 * domain packages export.
 *
 * The building blocks behind `LS` (the `Client`, the per-domain functions
 * such as `geocode(client, params)`, the polyline codec, the query and
 * validation helpers) stay in their own packages (`@ls/core`,
 * `@ls/geocoding`, …), so a bundle of this one does not carry them twice.
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

export type * from "@ls/core";
export type * from "@ls/geocoding";
export type * from "@ls/search";
export type * from "@ls/routing";
export type * from "@ls/isoline";
export type * from "@ls/matrix";
export type * from "@ls/weather";
export type * from "@ls/tour";

// Errors, and the guards that recognise them across copies of the package.
export { ApiError, ConnectionError, LSError } from "@ls/core";
export { ResponseTooLargeError, TimeoutError, ValueError } from "@ls/core";
export { isApiError, isConnectionError, isLSError } from "@ls/core";
export { isTimeoutError, isValueError } from "@ls/core";
// Credentials, and the base class of every response.
export { ApiResponse, PlatformCredentials } from "@ls/core";
// Waypoint and area options, with their constants.
export {
  AvoidBoundingBox,
  Course,
  MatchSideOfStreet,
  PlaceOptions,
  Via,
  WayPointOptions,
} from "@ls/core";
// Vehicle options, with their constants.
export {
  ConnectorType,
  ConsumptionModel,
  Scooter,
  ShippedHazardousGoods,
  Truck,
  TruckType,
  TunnelCategory,
} from "@ls/core";
// The shared OAuth token source a client can take as its `auth` option.
export { Auth, DEFAULT_TOKEN_URL } from "@ls/core";
export {
  GeocoderResponse,
  ItemsResponse,
  ReverseGeocoderResponse,
} from "@ls/geocoding";
export {
  BrowseResponse,
  DiscoverResponse,
  GeocodingSearchApi,
  LookupResponse,
  PlaceCategory,
} from "@ls/search";
export {
  AvoidFeature,
  EvNoticeCode,
  isBlockingNotice,
  isCriticalNotice,
  isEvNotice,
  isViolationNotice,
  Return,
  Route,
  RouteReturn,
  RoutingMode,
  RoutingResponse,
  Section,
  Span,
  TransportMode,
  Units,
  VIOLATION_NOTICE_CODES,
} from "@ls/routing";
export {
  Isoline,
  IsolineAvoidFeature,
  IsolinePolygon,
  IsolineResponse,
  IsolineRoutingMode,
  IsolineTransportMode,
  OptimisedFor,
  RangeType,
} from "@ls/isoline";
export {
  AutoCircleRegion,
  BoundingBoxRegion,
  CircleRegion,
  DEFAULT_AUTO_CIRCLE_MARGIN,
  MatrixAttribute,
  MatrixAvoidFeature,
  MatrixErrorCode,
  MatrixProfile,
  MatrixRoutingResponse,
  PolygonRegion,
  WorldRegion,
} from "@ls/matrix";
export {
  DestinationWeatherResponse,
  DestWeatherProduct,
  DestWeatherUnits,
  WeatherAlertsResponse,
  WeatherSeverity,
  WeatherType,
} from "@ls/weather";
export { timeWindow, TourPlanningResponse } from "@ls/tour";
