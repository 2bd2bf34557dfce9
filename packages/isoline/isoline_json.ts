/**
 * The JSON shapes of `calculateIsoline`'s answer, as HERE's Isoline Routing
 * v8 documents them: the body ({@linkcode IsolineResponseBody}), each
 * isoline with its range and encoded polygons, the departure or arrival
 * place, and the notices. They name only the fields HERE documents, so a
 * misspelled read fails type-checking; fields HERE adds are still in the
 * parsed objects.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { IsolineResponseBody } from "@ls/isoline";
 * const body: IsolineResponseBody = {
 *   isolines: [{ range: { type: "time", value: 300 }, polygons: [{ outer: "BGgz-kkDgroxZAginB_hnBAA_hnBginBA" }] }],
 * };
 * assert.equal(body.isolines[0].range.value, 300);
 * ```
 *
 * @module
 */

import type { LatLngObject, Notice, NoticeSeverity } from "@ls/core";

/**
 * A notice severity: `critical`, `info`, or a value HERE has not documented;
 * `@ls/core`'s {@linkcode NoticeSeverity}.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { IsolineNoticeSeverity } from "@ls/isoline";
 * const severity: IsolineNoticeSeverity = "info";
 * assert.equal(severity, "info");
 * ```
 */
export type IsolineNoticeSeverity = NoticeSeverity;

/**
 * A notice: `{title, code, severity}`; `@ls/core`'s {@linkcode Notice}.
 * `info` notices (e.g. `unknownParameter`) come with good results; anything
 * else fails the call.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { IsolineNotice } from "@ls/isoline";
 * const notice: IsolineNotice = {
 *   title: "The provided parameter 'departure' is unknown.",
 *   code: "unknownParameter",
 *   severity: "info",
 * };
 * assert.equal(notice.code, "unknownParameter");
 * ```
 */
export type IsolineNotice = Notice;

/**
 * The place an isoline is centred on.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { IsolinePlace } from "@ls/isoline";
 * const place: IsolinePlace = { type: "place", location: { lat: 52.5, lng: 13.4 } };
 * assert.equal(place.originalLocation, undefined); // sent when matching moved it
 * ```
 */
export interface IsolinePlace {
  /** `place`; an open set. */
  type: string;
  /** The position matched to the road network. */
  location: LatLngObject;
  /** The position as given in the request. */
  originalLocation?: LatLngObject;
}

/**
 * The departure (with `origin`) or arrival (with `destination`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { IsolineTimedPlace } from "@ls/isoline";
 * const departure: IsolineTimedPlace = {
 *   time: "2024-05-01T08:00:00+02:00",
 *   place: { type: "place", location: { lat: 52.5, lng: 13.4 } },
 * };
 * assert.equal(new Date(departure.time!).toISOString(), "2024-05-01T06:00:00.000Z");
 * ```
 */
export interface IsolineTimedPlace {
  /** RFC 3339, when a time was given or implied. */
  time?: string;
  /** Where. */
  place: IsolinePlace;
}

/**
 * What an isoline's range measures: `distance` (metres), `time` (seconds)
 * or `consumption` (Wh), as requested. Open to a type HERE adds later.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { IsolineRangeType } from "@ls/isoline";
 * const type: IsolineRangeType = "consumption";
 * assert.equal(type, "consumption");
 * ```
 */
export type IsolineRangeType =
  | "distance"
  | "time"
  | "consumption"
  | (string & Record<never, never>);

/**
 * The range an isoline stands for: one of the requested values.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { IsolineRange } from "@ls/isoline";
 * const range: IsolineRange = { type: "time", value: 300 };
 * assert.equal(range.value / 60, 5); // minutes
 * ```
 */
export interface IsolineRange {
  /** `distance`, `time` or `consumption`, as requested. */
  type: IsolineRangeType;
  /** Metres, seconds or Wh. */
  value: number;
}

/**
 * One polygon as HERE sends it: flexible polylines.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { IsolinePolygon, type IsolinePolygonJson } from "@ls/isoline";
 * const polygon: IsolinePolygonJson = { outer: "BGgz-kkDgroxZAginB_hnBAA_hnBginBA" };
 * assert.deepEqual(new IsolinePolygon(polygon).inner, []); // no holes
 * ```
 */
export interface IsolinePolygonJson {
  /** The outer ring (2-D, precision 6 observed). */
  outer: string;
  /** Holes, when present (shape unverified: a list of polylines). */
  inner?: string[] | string;
}

/**
 * A link between two polygons of one isoline, e.g. a ferry.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { IsolineConnection } from "@ls/isoline";
 * const ferry: IsolineConnection = {
 *   fromPolygonIndex: 0,
 *   toPolygonIndex: 1,
 *   polyline: "BGgz-kkDgroxZAginB",
 * };
 * assert.notEqual(ferry.fromPolygonIndex, ferry.toPolygonIndex);
 * ```
 */
export interface IsolineConnection {
  /** Index of the polygon it leaves. */
  fromPolygonIndex: number;
  /** Index of the polygon it reaches. */
  toPolygonIndex: number;
  /** The link as a flexible polyline. */
  polyline: string;
}

/**
 * One isoline as HERE sends it.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Isoline, type IsolineJson } from "@ls/isoline";
 * const isoline: IsolineJson = {
 *   range: { type: "time", value: 300 },
 *   polygons: [{ outer: "BGgz-kkDgroxZAginB_hnBAA_hnBginBA" }],
 * };
 * assert.equal(new Isoline(isoline).toGeoJSON().geometry.type, "Polygon");
 * ```
 */
export interface IsolineJson {
  /** The range it stands for. */
  range: IsolineRange;
  /** One or more polygons (several when parts are reached by ferry, say). */
  polygons: IsolinePolygonJson[];
  /** Links between the polygons (secondary). */
  connections?: IsolineConnection[];
}

/**
 * The body of `GET /v8/isolines`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { IsolineResponse, type IsolineResponseBody } from "@ls/isoline";
 * const body: IsolineResponseBody = { isolines: [], notices: [] };
 * assert.deepEqual(new IsolineResponse({ body }).isolines, []);
 * ```
 */
export interface IsolineResponseBody {
  /** Present when the request used `origin`. */
  departure?: IsolineTimedPlace;
  /** Present when the request used `destination`. */
  arrival?: IsolineTimedPlace;
  /** One isoline per requested range value, in the same order. */
  isolines: IsolineJson[];
  /** Notices; `info` ones may come with a good result. */
  notices?: IsolineNotice[];
}
