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

export type * from "@ls/core";
export type * from "@ls/geocoding";
export type * from "@ls/search";
export type * from "@ls/routing";
export type * from "@ls/isoline";
export type * from "@ls/matrix";
export type * from "@ls/weather";
export type * from "@ls/tour";

// Errors, credentials, option classes and constants.
export {
  ApiError,
  ApiResponse,
  Auth,
  AvoidBoundingBox,
  ConnectionError,
  Course,
  DEFAULT_TOKEN_URL,
  isApiError,
  isConnectionError,
  isLSError,
  isTimeoutError,
  isValueError,
  LSError,
  MatchSideOfStreet,
  PlaceOptions,
  PlatformCredentials,
  ResponseTooLargeError,
  Scooter,
  ShippedHazardousGoods,
  TimeoutError,
  Truck,
  TruckType,
  TunnelCategory,
  ValueError,
  Via,
  WayPointOptions,
} from "@ls/core";
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
  isBlockingNotice,
  isCriticalNotice,
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
