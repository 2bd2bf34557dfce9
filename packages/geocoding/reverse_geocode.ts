/**
 * Reverse geocoding: a position to the nearest addresses and places, with
 * HERE's `GET /v1/revgeocode` on its own host (`revgeocode.search.hereapi.com`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { buildReverseGeocodeRequest } from "@ls/geocoding";
 * const spec = buildReverseGeocodeRequest({ lat: 52.5309, lng: 13.3847 });
 * assert.equal(spec.service, "revgeocode");
 * assert.equal(spec.path, "/v1/revgeocode");
 * ```
 *
 * @module
 */

import { Query, ValueError } from "@ls/core";
import type {
  GeocodingSearchParams,
  ShowExtrasParams,
} from "./geocoding_search_params.ts";
import type {
  CircleLike,
  Client,
  LatLngLike,
  RequestOptions,
  RequestSpec,
} from "@ls/core";
import {
  checkOperation,
  formatInteger,
  formatLatLng,
  formatPoint,
  inCircle,
  integer,
  latitude,
  lazy,
  longitude,
  mapDetailRows,
  parseWith,
  scrubbing,
  setSearchParams,
} from "@ls/core/internal";
import type { AllKeys, SearchTable } from "@ls/core/internal";
import type { GeocodeShow, GeocodeType } from "./geocode.ts";
import { type ItemsBody, ItemsResponse } from "./items_response.ts";

/**
 * A `types` value of {@linkcode reverseGeocode}: a known one, or any other
 * string HERE adds (sent unchanged). `area` gives administrative areas only.
 *
 * @example
 * ```ts
 * import type { ReverseGeocodeType } from "@ls/geocoding";
 * const types: ReverseGeocodeType[] = ["address", "street"];
 * ```
 */
export type ReverseGeocodeType = Exclude<
  GeocodeType,
  "houseNumber" | "place" | "postalCode"
>;

/**
 * Parameters of {@linkcode reverseGeocode}: the position as the seed's
 * `lat` and `lng`, or as `at` in any point form, or a circle to look in
 * (`searchInCircle`, as autosuggest and autocomplete take it), and the
 * options of {@linkcode ReverseGeocodeOptions}.
 *
 * @example
 * ```ts
 * import type { ReverseGeocodeParams } from "@ls/geocoding";
 * const seed: ReverseGeocodeParams = { lat: 52.53, lng: 13.38 };
 * const point: ReverseGeocodeParams = { at: { type: "Point", coordinates: [13.38, 52.53] } };
 * const circle: ReverseGeocodeParams = { searchInCircle: { center: [52.53, 13.38], radius: 200 } };
 * ```
 */
export type ReverseGeocodeParams =
  & ReverseGeocodeOptions
  & (
    | {
      /** Latitude in degrees, -90 to 90. */
      lat: number;
      /** Longitude in degrees, -180 to 180. */
      lng: number;
      /** Not with `lat` and `lng`. */
      at?: never;
      /** Not with `lat` and `lng`. */
      searchInCircle?: never;
    }
    | {
      /**
       * The position in any point form: `[lat, lng]`, `{ lat, lng }` (a
       * response's `position`), a GeoJSON `Point` or `Feature`.
       */
      at: LatLngLike;
      /** Not with `at`. */
      lat?: never;
      /** Not with `at`. */
      lng?: never;
      /** Not with `at`. */
      searchInCircle?: never;
    }
    | {
      /**
       * Look within a circle instead of near one position (`in=circle:`):
       * `{ center, radius }` or `{ lat, lng, radius }`, the radius in whole
       * metres. Not with `at`, `lat` and `lng`, or `bearing`.
       */
      searchInCircle: CircleLike;
      /** Not with `searchInCircle`. */
      at?: never;
      /** Not with `searchInCircle`. */
      lat?: never;
      /** Not with `searchInCircle`. */
      lng?: never;
    }
  );

/**
 * The blocks reverse geocoding's `show` takes: geocode's, less `parsing`
 * and `secondaryUnitInfo`, which describe a query's text and which the
 * definitions of reverse geocoding we hold do not list.
 *
 * @example
 * ```ts
 * import type { ReverseGeocodeShow } from "@ls/geocoding";
 * const show: ReverseGeocodeShow[] = ["tz", "streetInfo"];
 * ```
 */
export type ReverseGeocodeShow = Exclude<
  GeocodeShow,
  "parsing" | "secondaryUnitInfo"
>;

const REVERSE_GEOCODE_SHOW = [
  "addressUsage",
  "countryInfo",
  "postalCodeDetails",
  "streetInfo",
  "tz",
] as const satisfies readonly ReverseGeocodeShow[];

/** Every block is in the list: the compiler checks it. */
const _allShow: AllKeys<
  Record<ReverseGeocodeShow, 0>,
  (typeof REVERSE_GEOCODE_SHOW)[number]
> = 0;

/**
 * The options of {@linkcode reverseGeocode} beside its position. `limit`
 * defaults to 1 and `lang` to `"en-US"`; `show` takes the blocks of
 * {@linkcode ReverseGeocodeShow}.
 */
export interface ReverseGeocodeOptions
  extends
    GeocodingSearchParams<ReverseGeocodeShow>,
    ShowExtrasParams<"intersections" | "nearbyAddress" | "parentPA"> {
  /**
   * `with`: extra kinds of result; `estimatedAreaFallback` (an estimated
   * area when no address is near), `MPA` (micro point addresses),
   * `unnamedStreets`. None when omitted.
   */
  with?: readonly ("estimatedAreaFallback" | "MPA" | "unnamedStreets")[];
  /**
   * `types`: only results of these kinds, e.g. `["address", "street"]` (see
   * {@linkcode ReverseGeocodeType}); all kinds when omitted or empty.
   */
  types?: readonly ReverseGeocodeType[];
  /**
   * `bearing`: the heading of travel at the position, whole degrees
   * clockwise from north (0 to 359), so that HERE prefers the street
   * running that way. With a position (`at`, or `lat` and `lng`), not with
   * `searchInCircle`.
   */
  bearing?: number;
}

/**
 * HERE's wire names that {@linkcode reverseGeocode} takes under another
 * name: `in`, whose circle is `searchInCircle` (as in autosuggest and
 * autocomplete); `at`, `bearing`, `limit`, `lang`, `types` and `show` are
 * HERE's own.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { REVERSE_GEOCODE_WIRE_NAMES } from "@ls/geocoding";
 * assert.deepEqual(REVERSE_GEOCODE_WIRE_NAMES, { in: "searchInCircle" });
 * ```
 */
export const REVERSE_GEOCODE_WIRE_NAMES: Readonly<Record<string, string>> = {
  in: "searchInCircle",
};

/**
 * The parameters reverse geocoding checks with the shared rules, in HERE's
 * order: after `at`.
 */
const REVERSE_GEOCODE_TABLE = [
  ["limit", 1],
  ["lang", "en-US"],
  ["politicalView"],
  ["types"],
  ["with", ["estimatedAreaFallback", "MPA", "unnamedStreets"]],
  ["show", REVERSE_GEOCODE_SHOW],
  ...mapDetailRows(["intersections", "nearbyAddress", "parentPA"]),
] as const satisfies SearchTable<keyof ReverseGeocodeParams>;

const reverseGeocodeKeys = /* @__PURE__ */ lazy(() =>
  [
    "lat",
    "lng",
    "at",
    "searchInCircle",
    "bearing",
    ...REVERSE_GEOCODE_TABLE.map(([name]) => name),
  ] as const
);

/** Every parameter is among the keys: the compiler checks the table. */
const _allKeys: AllKeys<
  ReverseGeocodeParams,
  ReturnType<typeof reverseGeocodeKeys>[number]
> = 0;

/**
 * The response of {@linkcode reverseGeocode}: `items` (nearest first, with
 * `distance` in metres), `raw`, `toJSON()`, `toGeoJSON()` and HERE's tracing
 * ids.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { ReverseGeocoderResponse } from "@ls/geocoding";
 * const res = new ReverseGeocoderResponse({
 *   body: { items: [{ title: "Samplelane 7", distance: 42, position: { lat: 46, lng: 7 } }] },
 * });
 * assert.equal(res.items[0].distance, 42);
 * ```
 */
export class ReverseGeocoderResponse extends ItemsResponse {}

/** `bearing`: whole degrees clockwise from north. */
const bearing = /* @__PURE__ */ lazy(() => integer(0, 359));

/**
 * The request {@linkcode reverseGeocode} sends, validated:
 * `GET /v1/revgeocode` on the revgeocode host with `at` (or `in=circle:`),
 * the optional `bearing`, `limit`, `lang` and the optional `types` and
 * `show`. Pass it to `client.request` for the
 * raw `Response`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { buildReverseGeocodeRequest } from "@ls/geocoding";
 * const spec = buildReverseGeocodeRequest({ lat: 52.5309, lng: 13.3847 });
 * assert.equal(spec.query?.toString(), "at=52.5309,13.3847&limit=1&lang=en-US");
 * const streets = buildReverseGeocodeRequest({ lat: 52.5309, lng: 13.3847, types: ["street"], show: ["tz"] });
 * assert.equal(streets.query?.toString(), "at=52.5309,13.3847&limit=1&lang=en-US&types=street&show=tz");
 * const fromPoint = buildReverseGeocodeRequest({ at: { lat: 52.5309, lng: 13.3847 } });
 * assert.equal(fromPoint.query?.toString(), "at=52.5309,13.3847&limit=1&lang=en-US");
 * const heading = buildReverseGeocodeRequest({ lat: 52.5309, lng: 13.3847, bearing: 90 });
 * assert.equal(heading.query?.toString(), "at=52.5309,13.3847&bearing=90&limit=1&lang=en-US");
 * const within = buildReverseGeocodeRequest({ searchInCircle: { center: [52.5309, 13.3847], radius: 250 } });
 * assert.equal(within.query?.toString(), "in=circle:52.5309,13.3847;r=250&limit=1&lang=en-US");
 * assert.throws(
 *   () => buildReverseGeocodeRequest({ lat: 52.5, lgn: 13.4 } as never),
 *   { message: 'Invalid lgn: is not a parameter of reverseGeocode; did you mean "lng"?' },
 * );
 * ```
 *
 * @throws {ValueError} for a key that is not a parameter of reverseGeocode,
 * when `lat` is not a finite number from -90 to 90, `lng` not one from -180
 * to 180, `limit` not an integer from 1 to 100, `lang` malformed,
 * `politicalView` not an upper-case alpha-3 code, `types` not a list of
 * names without commas or spaces, or `with`, `show` or a `show…` list naming
 * a value HERE does not list; neither a position nor `searchInCircle`; a
 * `searchInCircle` that is not a circle with a positive whole radius, or
 * given with a position or `bearing`; a `bearing` that is not an integer
 * from 0 to 359
 */
export function buildReverseGeocodeRequest(
  params: ReverseGeocodeParams,
): RequestSpec {
  checkOperation(
    params,
    "reverseGeocode",
    reverseGeocodeKeys(),
    REVERSE_GEOCODE_WIRE_NAMES,
  );
  const query = new Query();
  if (params.searchInCircle !== undefined) {
    for (const name of ["at", "lat", "lng", "bearing"] as const) {
      if (params[name] !== undefined) {
        throw new ValueError(
          "searchInCircle",
          `cannot be combined with ${name}: give a position or a circle`,
        );
      }
    }
    query.setStructured(
      "in",
      inCircle(params.searchInCircle, "searchInCircle"),
    );
  } else if (params.at === undefined) {
    // The type has lat required here; a caller without types may omit both.
    const { lat, lng } = params as { lat?: unknown; lng?: unknown };
    if (lat === undefined && lng === undefined) {
      throw new ValueError("lat", "is required, or give at or searchInCircle");
    }
    query.setStructured(
      "at",
      formatLatLng(
        parseWith(latitude(), params.lat, "lat"),
        parseWith(longitude(), params.lng, "lng"),
      ),
    );
  } else if (params.lat !== undefined || params.lng !== undefined) {
    throw new ValueError("at", "cannot be combined with lat and lng");
  } else {
    query.setStructured("at", formatPoint(params.at, "at"));
  }
  if (params.bearing !== undefined) {
    query.setStructured(
      "bearing",
      formatInteger(parseWith(bearing(), params.bearing, "bearing")),
    );
  }
  setSearchParams(query, params, REVERSE_GEOCODE_TABLE);
  return {
    service: "revgeocode",
    method: "GET",
    path: "/v1/revgeocode",
    query,
  };
}

/**
 * Finds the addresses and places nearest to a position.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Client } from "@ls/core";
 * import { reverseGeocode } from "@ls/geocoding";
 * import { SANDBOX_API_KEY, startSandbox } from "@ls/sandbox";
 * await using sandbox = await startSandbox();
 * const client = new Client({ apiKey: SANDBOX_API_KEY, baseUrl: sandbox.url });
 *
 * const res = await reverseGeocode(client, { lat: 52.5309, lng: 13.3847, limit: 3 });
 * assert.ok(res.items.length >= 1);
 * assert.equal(res.items[0].address?.city, "Berlin");
 * assert.equal(typeof res.items[0].distance, "number"); // metres from the position
 * ```
 *
 * @throws {ValueError} before any request, for the reasons of
 * {@linkcode buildReverseGeocodeRequest}
 * @throws {ApiError} when HERE answers with a status other than 200
 */
export async function reverseGeocode(
  client: Client,
  params: ReverseGeocodeParams,
  options?: RequestOptions,
): Promise<ReverseGeocoderResponse> {
  const spec = scrubbing(client, () => buildReverseGeocodeRequest(params));
  return new ReverseGeocoderResponse(
    await client.requestJson<ItemsBody>(spec, options),
  );
}
