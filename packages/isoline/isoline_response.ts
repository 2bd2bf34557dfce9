/**
 * The typed result of `calculateIsoline`: {@linkcode IsolineResponse}
 * with its {@linkcode Isoline}s and their decoded {@linkcode IsolinePolygon}s,
 * and GeoJSON with closed rings. The JSON shapes behind them are in
 * `isoline_json.ts`.
 *
 * Every object keeps the JSON HERE sent (`raw`, `toJSON()`). The JSON
 * shapes name only the fields HERE documents, so a misspelled read fails
 * type-checking; fields HERE adds are still in the parsed objects (read one
 * with a cast, e.g. `(isoline.raw as Record<string, unknown>).futureField`).
 * Polygons are decoded only when asked for.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { IsolineResponse } from "@ls/isoline";
 * const res = new IsolineResponse({
 *   body: {
 *     isolines: [{
 *       range: { type: "time", value: 300 },
 *       polygons: [{ outer: "BGgz-kkDgroxZAginB_hnBAA_hnBginBA" }],
 *     }],
 *   },
 * });
 * assert.deepEqual(res.isolines[0].polygons[0].outer[1], [52.51, 13.41]);
 * assert.equal(res.toGeoJSON().features[0].geometry.type, "Polygon");
 * ```
 *
 * @module
 */

import type {
  Feature,
  FeatureCollection,
  MultiPolygon,
  Polygon,
  Position,
} from "@ls/core";
import {
  ApiResponse,
  decodePolyline,
  type JsonResponse,
  type LatLng,
  polylineToGeoJSON,
} from "@ls/core";
import { wrapObjects } from "@ls/core/internal";
import type {
  IsolineConnection,
  IsolineJson,
  IsolineNotice,
  IsolinePolygonJson,
  IsolineRange,
  IsolineRangeType,
  IsolineResponseBody,
  IsolineTimedPlace,
} from "./isoline_json.ts";

/**
 * `properties` of an isoline's GeoJSON feature: the range as HERE sent it,
 * and the same as two flat values a map style can read (a colour by
 * `rangeValue`, a filter on `rangeType`) without reaching into an object.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { IsolineProperties } from "@ls/isoline";
 * const properties: IsolineProperties = {
 *   range: { type: "time", value: 300 },
 *   rangeType: "time",
 *   rangeValue: 300,
 *   index: 0,
 * };
 * assert.equal(properties.rangeValue, properties.range.value);
 * ```
 */
export interface IsolineProperties {
  /** The range the isoline stands for, as HERE sent it (`{type, value}`). */
  range: IsolineRange;
  /**
   * `range.type`: `distance`, `time` or `consumption`. Left out when HERE
   * sent no string there.
   */
  rangeType?: IsolineRangeType;
  /**
   * `range.value`: metres, seconds or Wh, as `rangeType` says. Left out
   * when HERE sent no finite number there.
   */
  rangeValue?: number;
  /** The isoline's index in the response (and in the requested values). */
  index: number;
}

// ---------------------------------------------------------------- polygon

/**
 * One polygon of an isoline, decoded on first use into `[lat, lng]` points.
 * The rings are given as HERE sent them (not closed here); the GeoJSON form
 * closes them.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { IsolinePolygon } from "@ls/isoline";
 * const polygon = new IsolinePolygon({ outer: "BGgz-kkDgroxZAginB_hnBAA_hnBginBA" });
 * assert.equal(polygon.outer.length, 5);
 * assert.deepEqual(polygon.inner, []);
 * ```
 */
export class IsolinePolygon {
  /** The polygon as HERE sent it. */
  readonly raw: IsolinePolygonJson;
  #outer?: LatLng[];
  #inner?: LatLng[][];

  /** Wraps a polygon's JSON. */
  constructor(raw: IsolinePolygonJson) {
    this.raw = raw;
  }

  /**
   * The outer ring, `[lat, lng]` per point. Cached.
   *
   * @throws {ValueError} when the polyline is malformed
   */
  get outer(): LatLng[] {
    return this.#outer ??= decodeRing(this.raw.outer);
  }

  /**
   * The holes, one `[lat, lng]` list each; empty when there are none. Cached.
   *
   * @throws {ValueError} when a polyline is malformed
   */
  get inner(): LatLng[][] {
    return this.#inner ??= innerRings(this.raw).map(decodeRing);
  }

  /**
   * GeoJSON rings for this polygon: the outer ring first, then the holes,
   * each `[lng, lat]` and closed (its first position repeated at the end when
   * HERE did not repeat it).
   *
   * @throws {ValueError} when a polyline is malformed
   */
  toGeoJSONRings(): Position[][] {
    return [this.raw.outer, ...innerRings(this.raw)].map(closedRing);
  }

  /** The polygon as HERE sent it. */
  toJSON(): IsolinePolygonJson {
    return this.raw;
  }
}

function decodeRing(encoded: string): LatLng[] {
  return decodePolyline(encoded).polyline as LatLng[];
}

function innerRings(raw: IsolinePolygonJson): string[] {
  const inner: unknown = raw.inner;
  if (typeof inner === "string") return [inner];
  return Array.isArray(inner) ? inner : [];
}

/** Decodes a ring to `[lng, lat]` positions and closes it. */
function closedRing(encoded: string): Position[] {
  const ring = polylineToGeoJSON(encoded).coordinates;
  const first = ring[0];
  const last = ring[ring.length - 1];
  if (first && !first.every((v, i) => v === last[i])) ring.push([...first]);
  return ring;
}

// ---------------------------------------------------------------- isoline

/**
 * One isoline: the range it stands for and its polygons.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Isoline } from "@ls/isoline";
 * const isoline = new Isoline({
 *   range: { type: "time", value: 600 },
 *   polygons: [{ outer: "BGgz-kkDgroxZAginB_hnBAA_hnB" }],
 * });
 * assert.equal(isoline.polygons[0].outer.length, 4);
 * assert.equal(isoline.toGeoJSON().geometry.coordinates[0].length, 5); // the ring was closed
 * ```
 */
export class Isoline {
  /** The isoline as HERE sent it. */
  readonly raw: IsolineJson;
  /** Position in the response (and in the requested range values). */
  readonly index: number;
  /** The polygons, decoded lazily. */
  readonly polygons: IsolinePolygon[];

  /** Wraps an isoline's JSON; `index` is its position in the response. */
  constructor(raw: IsolineJson, index = 0) {
    this.polygons = wrapObjects(
      raw?.polygons,
      (p: IsolinePolygonJson) => new IsolinePolygon(p),
    );
    this.raw = raw;
    this.index = index;
  }

  /** The range it stands for, `{type, value}`. */
  get range(): IsolineRange {
    return this.raw.range;
  }
  /** Links between its polygons, e.g. ferries (secondary). */
  get connections(): IsolineConnection[] | undefined {
    return this.raw.connections;
  }

  /**
   * The isoline as one GeoJSON feature: a `Polygon` when it has one
   * polygon, a `MultiPolygon` otherwise; rings `[lng, lat]`, closed, holes
   * after the outer ring; `range`, its flat `rangeType` and `rangeValue`,
   * and `index` in `properties`.
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { Isoline } from "@ls/isoline";
   * const isoline = new Isoline({
   *   range: { type: "distance", value: 5000 },
   *   polygons: [{ outer: "BGgz-kkDgroxZAginB_hnBAA_hnB" }],
   * });
   * const { properties } = isoline.toGeoJSON();
   * assert.equal(properties.rangeType, "distance");
   * assert.equal(properties.rangeValue, 5000); // metres
   * ```
   *
   * @throws {ValueError} when a polyline is malformed
   */
  toGeoJSON(): Feature<Polygon | MultiPolygon, IsolineProperties> {
    const range = this.raw.range;
    const properties: IsolineProperties = { range, index: this.index };
    if (typeof range === "object" && range !== null) {
      const { type, value } = range;
      if (typeof type === "string") properties.rangeType = type;
      if (typeof value === "number" && Number.isFinite(value)) {
        properties.rangeValue = value;
      }
    }
    const geometry: Polygon | MultiPolygon = this.polygons.length === 1
      ? { type: "Polygon", coordinates: this.polygons[0].toGeoJSONRings() }
      : {
        type: "MultiPolygon",
        coordinates: this.polygons.map((p) => p.toGeoJSONRings()),
      };
    return { type: "Feature", geometry, properties };
  }

  /** The isoline as HERE sent it. */
  toJSON(): IsolineJson {
    return this.raw;
  }
}

// --------------------------------------------------------------- response

const NO_NOTICES: readonly IsolineNotice[] = Object.freeze([]);

/**
 * The result of an isoline request: one {@linkcode Isoline} per requested
 * range value, the departure (or arrival), and HERE's notices.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { IsolineResponse } from "@ls/isoline";
 * const res = new IsolineResponse({
 *   body: {
 *     isolines: [],
 *     notices: [{ title: "The provided parameter 'departure' is unknown.", code: "unknownParameter", severity: "info" }],
 *   },
 * });
 * assert.equal(res.notices[0].code, "unknownParameter");
 * ```
 */
export class IsolineResponse extends ApiResponse<IsolineResponseBody> {
  /** The isolines, in the order of the requested range values. */
  readonly isolines: Isoline[];

  /** Wraps a parsed isoline response. */
  constructor(
    response: Pick<
      JsonResponse<IsolineResponseBody>,
      "body" | "correlationId" | "requestId"
    >,
  ) {
    super(response);
    this.isolines = wrapObjects(
      this.raw?.isolines,
      (i: IsolineJson, n) => new Isoline(i, n),
    );
  }

  /** Departure time and place, when the request used `origin`. */
  get departure(): IsolineTimedPlace | undefined {
    return this.raw?.departure;
  }
  /** Arrival time and place, when the request used `destination`. */
  get arrival(): IsolineTimedPlace | undefined {
    return this.raw?.arrival;
  }
  /** HERE's notices (empty when none). */
  get notices(): readonly IsolineNotice[] {
    return Array.isArray(this.raw?.notices) ? this.raw.notices : NO_NOTICES;
  }

  /**
   * Every isoline as a feature (`Polygon` or `MultiPolygon`, closed rings,
   * `range`, `rangeType`, `rangeValue` and `index` in `properties`), in
   * response order.
   *
   * @throws {ValueError} when a polyline is malformed
   */
  toGeoJSON(): FeatureCollection<Polygon | MultiPolygon, IsolineProperties> {
    return {
      type: "FeatureCollection",
      features: this.isolines.map((i) => i.toGeoJSON()),
    };
  }
}
