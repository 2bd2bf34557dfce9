// The public surface of @ls/core, pinned: adding or removing a name here is
// a change to what users can import, made on purpose. Plumbing belongs in
// internal.ts, test helpers in testing.ts.

import assert from "node:assert/strict";
import * as core from "./mod.ts";

/** Every name the default entry exports, types included. */
const PUBLIC = [
  "ABSENT",
  "ALTITUDE",
  "ApiError",
  "ApiErrorInit",
  "ApiResponse",
  "Auth",
  "AuthOptions",
  "AvoidBoundingBox",
  "AvoidFeature",
  "BBox",
  "BoundingBox",
  "BoundingBoxObject",
  "BulkFailure",
  "BulkInputs",
  "BulkItem",
  "BulkOperation",
  "BulkOptions",
  "BulkProgress",
  "BulkSuccess",
  "CUSTOM1",
  "CUSTOM2",
  "Client",
  "DEFAULT_TOKEN_URL",
  "ClientOptions",
  "ConnectionError",
  "Country",
  "Course",
  "DecodedPolyline",
  "ELEVATION",
  "EncodePolylineOptions",
  "EnvSource",
  "ExtraQueryValue",
  "Feature",
  "FeatureCollection",
  "FlatPolyline",
  "GeoJsonObject",
  "GeoJsonProperties",
  "Geometry",
  "GeometryCollection",
  "JsonResponse",
  "LEVEL",
  "LSError",
  "LatLng",
  "LatLngObject",
  "LineString",
  "MatchSideOfStreet",
  "MultiLineString",
  "MultiPoint",
  "MultiPolygon",
  "NamedValues",
  "Notice",
  "NoticeSeverity",
  "OpenValue",
  "PlaceOptions",
  "PlatformCredentials",
  "PlatformCredentialsInit",
  "PlatformCredentialsJSON",
  "Point",
  "Polygon",
  "Position",
  "Proxies",
  "Query",
  "ReadContext",
  "RequestEvent",
  "RequestOptions",
  "RequestSpec",
  "ResponseErrorDetails",
  "ResponseEvent",
  "ResponseFacts",
  "ResponseReader",
  "ResponseTooLargeError",
  "RetryEvent",
  "RoutingMode",
  "Scooter",
  "SearchCircle",
  "Service",
  "ShippedHazardousGoods",
  "TimeoutError",
  "TokenRequestInfo",
  "TransportMode",
  "Truck",
  "TruckType",
  "TunnelCategory",
  "UrlRequestSpec",
  "ValueError",
  "Via",
  "WayPointOptions",
  "bulk",
  "decodePolyline",
  "decodePolylineFlat",
  "encodePolyline",
  "flatToPositions",
  "isApiError",
  "isConnectionError",
  "isLSError",
  "isTimeoutError",
  "isValueError",
  "polylineToGeoJSON",
];

/** The names that exist at run time (the rest are types). */
const VALUES = [
  "ABSENT",
  "ALTITUDE",
  "ApiError",
  "ApiResponse",
  "Auth",
  "AvoidBoundingBox",
  "AvoidFeature",
  "CUSTOM1",
  "CUSTOM2",
  "Client",
  "DEFAULT_TOKEN_URL",
  "ConnectionError",
  "Course",
  "ELEVATION",
  "LEVEL",
  "LSError",
  "MatchSideOfStreet",
  "PlaceOptions",
  "PlatformCredentials",
  "Query",
  "ResponseTooLargeError",
  "RoutingMode",
  "Scooter",
  "ShippedHazardousGoods",
  "TimeoutError",
  "TransportMode",
  "Truck",
  "TruckType",
  "TunnelCategory",
  "ValueError",
  "Via",
  "WayPointOptions",
  "bulk",
  "decodePolyline",
  "decodePolylineFlat",
  "encodePolyline",
  "flatToPositions",
  "isApiError",
  "isConnectionError",
  "isLSError",
  "isTimeoutError",
  "isValueError",
  "polylineToGeoJSON",
];

Deno.test("mod: the default entry exports exactly the pinned values", () => {
  assert.deepEqual(Object.keys(core).sort(), [...VALUES].sort());
});

Deno.test("mod: the default entry exports exactly the pinned names, types included", async () => {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["doc", "--json", new URL("./mod.ts", import.meta.url).pathname],
    stdout: "piped",
    stderr: "null",
  }).output();
  assert.ok(out.success, "deno doc failed");
  const doc = JSON.parse(new TextDecoder().decode(out.stdout)) as {
    nodes: Record<string, { symbols: { name: string }[] }>;
  };
  const names = Object.values(doc.nodes).flatMap((m) =>
    m.symbols.map((s) => s.name)
  );
  assert.deepEqual([...new Set(names)].sort(), [...PUBLIC].sort());
});

Deno.test("mod: no plumbing name leaks into the default entry", () => {
  for (
    const name of [
      "parseWith",
      "checkParams",
      "checkKeys",
      "jobError",
      "describe",
      "pollJob",
      "downloadResult",
      "readJsonBody",
      "encodeContent",
      "Deadline",
    ]
  ) {
    assert.ok(!(name in core), `${name} is exported by @ls/core`);
  }
});
