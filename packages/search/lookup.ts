/**
 * One place by its HERE id, with HERE's `GET /v1/lookup`. HERE answers with
 * the place itself, not a list.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { buildLookupRequest } from "@ls/search";
 * const spec = buildLookupRequest({ locationId: "here:pds:place:276u33db-8097f3194e4b411081b761ea9a366776" });
 * assert.equal(spec.query?.toString(), "id=here%3Apds%3Aplace%3A276u33db-8097f3194e4b411081b761ea9a366776");
 * ```
 *
 * @module
 */

import type { Feature, Point } from "geojson";
import { ApiResponse, Query } from "@ls/core";
import type {
  BoundingBoxObject,
  Client,
  LatLngObject,
  RequestOptions,
  RequestSpec,
} from "@ls/core";
import {
  checkKeys,
  checkParams,
  langValue,
  nameListValue,
  nonBlankString,
  scrubbing,
} from "@ls/core/internal";
import { itemToFeature } from "@ls/geocoding";
import type {
  Address,
  Category,
  GeocodingSearchParams,
  Reference,
  ResultItem,
  ResultType,
} from "@ls/geocoding";
import { LOOKUP_SHOW, type LookupShow } from "./place_show.ts";

/**
 * Parameters of {@linkcode lookup}: the place's id, and `lang` and `show`
 * (the blocks of {@linkcode LookupShow}).
 */
export interface LookupParams
  extends Pick<GeocodingSearchParams<LookupShow>, "lang" | "show"> {
  /** A HERE id from an earlier result, e.g. `"here:pds:place:..."`; sent as `id`. */
  locationId: string;
}

const LOOKUP_KEYS = Object.keys(
  { locationId: 0, lang: 0, show: 0 } satisfies Record<keyof LookupParams, 0>,
);

/**
 * The response of {@linkcode lookup}: the place's fields directly (`title`,
 * `id`, `address`, `position`, ...), the whole place as `item` (unknown
 * fields kept), `items` (`[item]`), `raw`, `toJSON()`, `toGeoJSON()` (one
 * `Feature`) and HERE's tracing ids.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { LookupResponse } from "@ls/search";
 * const place = new LookupResponse({
 *   body: { title: "Sample Airport", id: "here:pds:place:x", position: { lat: 49.95, lng: 7.26 } },
 * });
 * assert.equal(place.title, "Sample Airport");
 * assert.deepEqual(place.toGeoJSON().geometry, { type: "Point", coordinates: [7.26, 49.95] });
 * ```
 */
export class LookupResponse extends ApiResponse<ResultItem> {
  /** The place, as HERE sent it. */
  get item(): ResultItem {
    const raw: unknown = this.raw;
    return typeof raw === "object" && raw !== null && !Array.isArray(raw)
      ? raw as ResultItem
      : {};
  }

  /** The place as a one-item list, for code written against item lists. */
  get items(): ResultItem[] {
    return [this.item];
  }

  /** Display title. */
  get title(): string | undefined {
    return this.item.title;
  }

  /** The HERE id. */
  get id(): string | undefined {
    return this.item.id;
  }

  /** What the place is, e.g. `place`. */
  get resultType(): ResultType | undefined {
    return this.item.resultType;
  }

  /** The address. */
  get address(): Address | undefined {
    return this.item.address;
  }

  /** Display position. */
  get position(): LatLngObject | undefined {
    return this.item.position;
  }

  /** Navigation access points. */
  get access(): LatLngObject[] | undefined {
    return this.item.access;
  }

  /** Suggested viewport. */
  get mapView(): BoundingBoxObject | undefined {
    return this.item.mapView;
  }

  /** Metres from the search centre, when HERE reports one. */
  get distance(): number | undefined {
    return this.item.distance;
  }

  /** Place categories. */
  get categories(): Category[] | undefined {
    return this.item.categories;
  }

  /** External references. */
  get references(): Reference[] | undefined {
    return this.item.references;
  }

  /**
   * The place as one GeoJSON `Feature`: a `Point` at `[lng, lat]`, the place
   * as properties, its `id` as feature id. Without a position the geometry is
   * `null`.
   */
  toGeoJSON(): Feature<Point | null, ResultItem> {
    const item = this.item;
    const feature = itemToFeature(item);
    if (feature) return feature;
    const empty: Feature<null, ResultItem> = {
      type: "Feature",
      geometry: null,
      properties: { ...item },
    };
    if (typeof item.id === "string") empty.id = item.id;
    return empty;
  }
}

/**
 * HERE's wire names that {@linkcode lookup} takes under another name:
 * given as a parameter, each is refused naming ours.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { LOOKUP_WIRE_NAMES } from "@ls/search";
 * assert.equal(LOOKUP_WIRE_NAMES.id, "locationId");
 * ```
 */
export const LOOKUP_WIRE_NAMES: Readonly<Record<string, string>> = {
  id: "locationId",
  location_id: "locationId",
};

/**
 * The request {@linkcode lookup} sends, validated: `GET /v1/lookup` on the
 * lookup host with `id` (encoded as content, so `:` becomes `%3A`), `lang`
 * and `show`. Pass it to `client.request` for the raw `Response`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { buildLookupRequest } from "@ls/search";
 * const spec = buildLookupRequest({ locationId: "here:pds:place:276u0vhj-b0bace6448ae4b0fbc1d5e323998a7d2", lang: "en" });
 * assert.equal(spec.query?.toString(), "id=here%3Apds%3Aplace%3A276u0vhj-b0bace6448ae4b0fbc1d5e323998a7d2&lang=en");
 * const withTz = buildLookupRequest({ locationId: "here:pds:place:x", show: ["tz", "phonemes"] });
 * assert.equal(withTz.query?.toString(), "id=here%3Apds%3Aplace%3Ax&show=tz,phonemes");
 * assert.throws(
 *   () => buildLookupRequest({ locationid: "here:pds:place:x" } as never),
 *   { message: 'Invalid locationid: is not a parameter of lookup; did you mean "locationId"?' },
 * );
 * ```
 *
 * @throws {ValueError} for a key that is not a parameter of lookup, an empty
 * or whitespace-only `locationId`, a malformed `lang`, or a `show` that is
 * not a list of names without commas or spaces
 */
export function buildLookupRequest(params: LookupParams): RequestSpec {
  checkParams(params);
  checkKeys(params, LOOKUP_KEYS, {
    operation: "lookup",
    wireNames: LOOKUP_WIRE_NAMES,
  });
  const query = new Query()
    .set("id", nonBlankString(params.locationId, "locationId"))
    .set("lang", langValue(params.lang))
    .set("show", nameListValue(params.show, "show", LOOKUP_SHOW));
  return { service: "lookup", method: "GET", path: "/v1/lookup", query };
}

/**
 * Fetches one place by the HERE id of an earlier result.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Client } from "@ls/core";
 * import { SANDBOX_API_KEY, startSandbox } from "@ls/sandbox";
 * import { discover, lookup } from "@ls/search";
 * await using sandbox = await startSandbox();
 * const client = new Client({ apiKey: SANDBOX_API_KEY, baseUrl: sandbox.url });
 *
 * const found = await discover(client, { query: "coffee", center: [52.52, 13.405], radius: 1000, limit: 1 });
 * const place = await lookup(client, { locationId: found.items[0].id! });
 * assert.equal(place.id, found.items[0].id);
 * assert.equal(place.title, found.items[0].title);
 * assert.equal(place.toGeoJSON().geometry?.type, "Point");
 * ```
 *
 * @throws {ValueError} before any request, for the reasons of
 * {@linkcode buildLookupRequest}
 * @throws {ApiError} when HERE answers with a status other than 200
 */
export async function lookup(
  client: Client,
  params: LookupParams,
  options?: RequestOptions,
): Promise<LookupResponse> {
  const spec = scrubbing(client, () => buildLookupRequest(params));
  return new LookupResponse(
    await client.requestJson<ResultItem>(spec, options),
  );
}
