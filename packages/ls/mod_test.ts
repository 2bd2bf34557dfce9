// The umbrella exports what it documents: every value `deno doc` lists for
// @ls/ls is importable from it as a value (none re-exported type-only, which
// would leave it undefined at run time and fail `import { Client }` with
// TS1362), and it exports no value that its documentation does not list.

import assert from "node:assert/strict";
import * as ls from "@ls/ls";
import {
  ApiError,
  bulk,
  Client,
  decodePolyline,
  encodePolyline,
  isTimeoutError,
  LocalLimiter,
  LS,
  PlatformCredentials,
  polylineToGeoJSON,
  RateLimitError,
} from "@ls/ls";
import type {
  BoundingBoxLike,
  CircleLike,
  FeatureCollection,
  GeocoderResponse,
  LatLngLike,
  Limiter,
  RequestOptions,
} from "@ls/ls";

/** The kinds of declaration that exist at run time. */
const VALUE_KINDS = new Set(["class", "function", "variable", "enum"]);

interface DocSymbol {
  name: string;
  declarations: { kind: string }[];
}

async function documented(): Promise<DocSymbol[]> {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["doc", "--json", new URL("./mod.ts", import.meta.url).pathname],
    stdout: "piped",
    stderr: "piped",
  }).output();
  assert.ok(out.success, new TextDecoder().decode(out.stderr));
  const doc = JSON.parse(new TextDecoder().decode(out.stdout)) as {
    nodes: Record<string, { symbols: DocSymbol[] }>;
  };
  return Object.values(doc.nodes).flatMap((m) => m.symbols);
}

Deno.test("@ls/ls: every value deno doc lists is importable as a value, of its kind", async () => {
  const symbols = await documented();
  const values = symbols.filter((s) =>
    s.declarations.some((d) => VALUE_KINDS.has(d.kind))
  );
  assert.ok(values.length > 100, `only ${values.length} values listed`);
  const exported = ls as Record<string, unknown>;
  const typeOnly = values.filter((s) => exported[s.name] === undefined)
    .map((s) => s.name);
  assert.deepEqual(typeOnly, [], "exported type-only or not at all");
  for (const s of values) {
    const kinds = s.declarations.map((d) => d.kind);
    if (kinds.includes("class") || kinds.includes("function")) {
      assert.equal(typeof exported[s.name], "function", s.name);
    }
  }
  // And nothing exported at run time goes undocumented.
  const listed = new Set(symbols.map((s) => s.name));
  assert.deepEqual(Object.keys(ls).filter((k) => !listed.has(k)), []);
});

Deno.test("@ls/ls: what a user of LS reaches for is there, values usable as values", async () => {
  for (
    const name of [
      "LS",
      "Client",
      "bulk",
      "LocalLimiter",
      "PlatformCredentials",
      "Auth",
      "ApiError",
      "ValueError",
      "TimeoutError",
      "ConnectionError",
      "ResponseTooLargeError",
      "BadRequestError",
      "AuthenticationError",
      "PermissionDeniedError",
      "NotFoundError",
      "ConflictError",
      "UnprocessableEntityError",
      "RateLimitError",
      "InternalServerError",
      "isApiError",
      "isLSError",
      "isTimeoutError",
      "isValueError",
      "isConnectionError",
      "decodePolyline",
      "encodePolyline",
      "polylineToGeoJSON",
      "geocode",
      "buildGeocodeRequest",
      "itemsToGeoJSON",
      "Truck",
      "Via",
      "CircleRegion",
    ]
  ) {
    assert.notEqual((ls as Record<string, unknown>)[name], undefined, name);
  }
  // Used as values: a type-only export fails to type-check here (TS1362).
  const limiter: Limiter = new LocalLimiter();
  using client = new Client({ apiKey: "<API_KEY>", limiter });
  assert.equal(client.country, "row");
  using one = new LS({ apiKey: "<API_KEY>" });
  assert.ok(one instanceof LS);
  assert.ok(
    new ApiError({ status: 429, method: "GET", url: "u" }) instanceof
      RateLimitError,
  );
  assert.equal(
    isTimeoutError(new DOMException("Signal timed out.", "TimeoutError")),
    true,
  );
  const line: [number, number][] = [[50.1, 8.7], [50.2, 8.8]];
  assert.deepEqual(
    decodePolyline(encodePolyline({ polyline: line })).polyline,
    line,
  );
  assert.equal(
    polylineToGeoJSON(encodePolyline({ polyline: line })).type,
    "LineString",
  );
  assert.equal(typeof bulk, "function");
  assert.equal(typeof PlatformCredentials, "function");
  // Types are there as types.
  const at: LatLngLike = { lat: 52.5, lng: 13.4 };
  const area: CircleLike = { center: at, radius: 1000 };
  const box: BoundingBoxLike = [13.3, 52.4, 13.5, 52.6];
  const options: RequestOptions = { timeoutMs: 1000 };
  const empty: FeatureCollection = { type: "FeatureCollection", features: [] };
  const pick = (r: GeocoderResponse) => r.items.length;
  assert.ok(area && box && options && empty && pick);
  await Promise.resolve();
});
