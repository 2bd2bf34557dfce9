/**
 * `@ls/routing`: HERE Routing v8 (`GET /v8/routes`) for cars, bicycles,
 * trucks, scooters, pedestrians, taxis and buses.
 *
 * - {@linkcode carRoute}, {@linkcode bicycleRoute}, {@linkcode truckRoute},
 *   {@linkcode scooterRoute}, {@linkcode pedestrianRoute},
 *   {@linkcode taxiRoute}, {@linkcode busRoute}, {@linkcode privateBusRoute}:
 *   each `(client, params, options?)` → {@linkcode RoutingResponse}.
 * - {@linkcode buildCarRouteRequest}, {@linkcode buildBicycleRouteRequest},
 *   {@linkcode buildTruckRouteRequest}, {@linkcode buildScooterRouteRequest},
 *   {@linkcode buildPedestrianRouteRequest}, {@linkcode buildTaxiRouteRequest},
 *   {@linkcode buildBusRouteRequest}, {@linkcode buildPrivateBusRouteRequest}:
 *   the request each function sends, validated, without sending it.
 * - Every point (`origin`, `destination`, each `via`, `sideOfStreetHint`,
 *   polygon vertices) takes `[lat, lng]`, `{ lat, lng }` (any `position` a
 *   response returns), a GeoJSON `Point` or `Feature`; a via with options is
 *   the seed's `{ lat, lng, … }` or a {@linkcode ViaPoint}
 *   `{ point, placeOptions?, waypointOptions? }`. `avoidAreas` takes boxes
 *   and polygons ({@linkcode AvoidArea}).
 * - Input is validated before anything is sent (`ValueError` naming the
 *   parameter): points, `alternatives` 0–6, the `return`/`spans`
 *   dependency rules, waypoint-option rules, country codes, HERE's closed
 *   value sets, unknown keys (HERE's own names, such as `return`, lead to
 *   ours: {@linkcode CAR_ROUTE_WIRE_NAMES} and the other tables).
 * - {@linkcode RoutingResponse}: typed routes and sections (unknown fields
 *   kept in `raw`), polylines decoded lazily per section, `toGeoJSON()` with
 *   one `LineString` per section (`[lng, lat]` or `[lng, lat, elevation]`),
 *   `toGeoJSONLines()` / `route.toGeoJSONLine()` with one `LineString` per
 *   route (sections joined, duration and length totals in `properties`),
 *   and HERE's critical-notice rule: routes with a section HERE says must be
 *   discarded move to `discardedRoutes`; known violations are kept and
 *   flagged.
 * - Electric vehicles: `ev` on car, truck and scooter routes (empirical or
 *   physical consumption model, battery, charging stops with
 *   `makeReachable`). Sections then carry `departureCharge`,
 *   `arrivalCharge`, `consumption` (HERE's, net of the charging at the
 *   section's end), `energyUsed` (driving alone), `energyCharged`,
 *   `consumptionType`, the
 *   {@linkcode ChargingStop} at their end and their EV notices
 *   ({@linkcode EvNoticeCode}); `toGeoJSON()` puts the charges in each
 *   feature's properties.
 * - Named values: {@linkcode Return}, {@linkcode Span},
 *   {@linkcode AvoidFeature}, {@linkcode RoutingMode}, {@linkcode Units},
 *   {@linkcode TransportMode} (closed sets, as HERE lists them), and
 *   {@linkcode EvNoticeCode} (open: a response value).
 *
 * Runtimes: Deno, Node, browsers and edge runtimes (web-standard APIs only).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Client } from "@ls/core";
 * import { carRoute, Return } from "@ls/routing";
 * import { SANDBOX_API_KEY, startSandbox } from "@ls/sandbox";
 * await using sandbox = await startSandbox();
 * const client = new Client({ apiKey: SANDBOX_API_KEY, baseUrl: sandbox.url });
 *
 * const res = await carRoute(client, {
 *   origin: [52.5, 13.4],
 *   destination: [52.503, 13.405],
 *   returnResults: [Return.polyline, Return.summary],
 * });
 * const geojson = res.toGeoJSON();
 * assert.equal(geojson.features.length, 1);
 * // The line starts where the origin meets the streets ([lng, lat], as
 * // GeoJSON has it); the departure keeps the point that was asked for.
 * const { place } = res.routes[0].sections[0].departure;
 * assert.deepEqual(geojson.features[0].geometry.coordinates[0], [
 *   place.location.lng,
 *   place.location.lat,
 * ]);
 * assert.deepEqual(place.originalLocation, { lat: 52.5, lng: 13.4 });
 * ```
 *
 * @module
 */

export * from "./constants.ts";
export * from "./notices.ts";
export * from "./params.ts";
export * from "./routes.ts";
export * from "./truck_route.ts";
export * from "./scooter_route.ts";
export * from "./taxi_route.ts";
export * from "./bus_route.ts";
export * from "./route_function.ts";
export * from "./pedestrian_route.ts";
export * from "./tolls.ts";
export * from "./fuel.ts";
export * from "./vehicle.ts";
export * from "./route_options.ts";
export * from "./routing_json.ts";
export * from "./place_json.ts";
export * from "./section.ts";
export * from "./section_properties.ts";
export * from "./route.ts";
export * from "./routing_response.ts";
