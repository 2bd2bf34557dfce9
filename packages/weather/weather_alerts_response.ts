/**
 * The typed response of the weather alerts search (`POST /v3/alerts`):
 * {@linkcode WeatherAlertsResponse}.
 *
 * @module
 */

import { ApiResponse, type JsonResponse } from "@ls/core";
import type {
  Feature,
  FeatureCollection,
  MultiPolygon,
  Polygon,
} from "geojson";

/**
 * One alert area: a `Polygon` or `MultiPolygon` with HERE's feature `id`
 * (e.g. `wa-0000000001`). The per-alert fields inside `properties` are not
 * documented, so they are kept as HERE sent them.
 */
export type WeatherAlertFeature = Feature<
  Polygon | MultiPolygon,
  Record<string, unknown>
>;

/** The body of an alerts response, as HERE sends it. */
export interface WeatherAlertsBody {
  /** Always `FeatureCollection`. */
  type?: "FeatureCollection";
  /** The alert areas. */
  features?: WeatherAlertFeature[];
}

/**
 * The response of {@linkcode getWeatherAlerts}: the alert areas as GeoJSON
 * features, each with its `id`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { WeatherAlertsResponse } from "@ls/weather";
 * const res = new WeatherAlertsResponse({
 *   body: {
 *     type: "FeatureCollection",
 *     features: [{
 *       type: "Feature",
 *       id: "wa-0000000001",
 *       geometry: { type: "Polygon", coordinates: [[[13.3, 52.4], [13.6, 52.4], [13.6, 52.6], [13.3, 52.4]]] },
 *       properties: {},
 *     }],
 *   },
 * });
 * assert.equal(res.toGeoJSON().features[0].id, "wa-0000000001");
 * ```
 */
export class WeatherAlertsResponse extends ApiResponse<WeatherAlertsBody> {
  /** The alert areas (features without an object shape are skipped). */
  readonly features: WeatherAlertFeature[];

  /** Wraps a parsed alerts response. */
  constructor(
    response: Pick<
      JsonResponse<WeatherAlertsBody>,
      "body" | "correlationId" | "requestId"
    >,
  ) {
    super(response);
    const features = Array.isArray(this.raw?.features) ? this.raw.features : [];
    this.features = features.filter((f) => typeof f === "object" && f !== null);
  }

  /**
   * The alert areas as a GeoJSON `FeatureCollection`; every feature keeps
   * its `id` and its `properties` (an empty object when HERE sent none).
   */
  toGeoJSON(): FeatureCollection<
    Polygon | MultiPolygon,
    Record<string, unknown>
  > {
    return {
      type: "FeatureCollection",
      features: this.features.map((f): WeatherAlertFeature => ({
        type: "Feature",
        ...(f.id === undefined ? {} : { id: f.id }),
        geometry: f.geometry,
        properties: f.properties ?? {},
      })),
    };
  }
}
