/**
 * One place by its HERE id, with HERE's `GET /v1/lookup`. HERE answers with
 * the place itself, not a list.
 *
 * @example
 * ```ts ignore
 * import { Client } from "@ls/core";
 * import { lookup } from "@ls/search";
 * const client = new Client({ apiKey: "<API_KEY>" });
 * const place = await lookup(client, { locationId: "here:pds:place:276u33db-8097f3194e4b411081b761ea9a366776" });
 * console.log(place.title, place.position);
 * ```
 *
 * @module
 */

import type { Feature, Point } from "geojson";
import {
  ApiResponse,
  type BoundingBoxObject,
  checkParams,
  type Client,
  type LatLngObject,
  nonBlankString,
  Query,
  type RequestOptions,
  type RequestSpec,
} from "@ls/core";
import {
  type Address,
  type Category,
  itemToFeature,
  type Reference,
  type ResultItem,
  type ResultType,
} from "@ls/geocoding";
import { langValue } from "./_params.ts";

/** Parameters of {@linkcode lookup}. */
export interface LookupParams {
  /** A HERE id from an earlier result, e.g. `"here:pds:place:..."`; sent as `id`. */
  locationId: string;
  /** BCP 47 language tag, or a list in order of preference. */
  lang?: string | readonly string[];
}

/**
 * The response of {@linkcode lookup}: the place's fields directly (`title`,
 * `id`, `address`, `position`, ...), the whole place as `item` (unknown
 * fields kept), `items` (`[item]`), `raw`, `toJSON()`, `toGeoJSON()` (one
 * `Feature`) and HERE's tracing ids.
 *
 * @example
 * ```ts
 * import { LookupResponse } from "@ls/search";
 * const place = new LookupResponse({
 *   body: { title: "Sample Airport", id: "here:pds:place:x", position: { lat: 49.95, lng: 7.26 } },
 * });
 * place.title; // "Sample Airport"
 * place.toGeoJSON().geometry; // { type: "Point", coordinates: [7.26, 49.95] }
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
 * The request {@linkcode lookup} sends, validated: `GET /v1/lookup` on the
 * lookup host with `id` (encoded as content, so `:` becomes `%3A`) and
 * `lang`. Pass it to `client.request` for the raw `Response`.
 *
 * @example
 * ```ts
 * import { buildLookupRequest } from "@ls/search";
 * const spec = buildLookupRequest({ locationId: "here:pds:place:276u0vhj-b0bace6448ae4b0fbc1d5e323998a7d2", lang: "en" });
 * spec.query?.toString(); // "id=here%3Apds%3Aplace%3A276u0vhj-b0bace6448ae4b0fbc1d5e323998a7d2&lang=en"
 * ```
 *
 * @throws {ValueError} for an empty or whitespace-only `locationId` or a
 * malformed `lang`
 */
export function buildLookupRequest(params: LookupParams): RequestSpec {
  checkParams(params);
  const query = new Query()
    .set("id", nonBlankString(params.locationId, "locationId"))
    .set("lang", langValue(params.lang));
  return { service: "lookup", method: "GET", path: "/v1/lookup", query };
}

/**
 * Fetches one place by the HERE id of an earlier result.
 *
 * @example
 * ```ts ignore
 * import { Client } from "@ls/core";
 * import { discover, lookup } from "@ls/search";
 * const client = new Client({ apiKey: "<API_KEY>" });
 * const found = await discover(client, { query: "airport", center: [50, 8.5], radius: 50_000, limit: 1 });
 * const id = found.items[0]?.id;
 * if (id) {
 *   const place = await lookup(client, { locationId: id, lang: "de" });
 *   console.log(place.title, place.categories?.[0]?.name);
 * }
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
  const spec = buildLookupRequest(params);
  return new LookupResponse(
    await client.requestJson<ResultItem>(spec, options),
  );
}
