/**
 * {@linkcode Route}: a route's sections, whether they can be used, and its
 * GeoJSON.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Route } from "@ls/routing";
 * const route = new Route({ id: "r0", sections: [] });
 * assert.equal(route.usable, true);
 * assert.deepEqual(route.toGeoJSON().features, []);
 * ```
 *
 * @module
 */

import type { Feature, FeatureCollection, LineString } from "@ls/core";
import type { Notice } from "./notices.ts";
import { wrapObjects } from "@ls/core/internal";
import type { RouteJson, SectionJson } from "./routing_json.ts";
import { Section, type SectionProperties } from "./section.ts";

/**
 * A route: its sections, and whether they can be used.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Route } from "@ls/routing";
 * const route = new Route({ id: "r0", sections: [] });
 * assert.equal(route.usable, true);
 * assert.deepEqual(route.toGeoJSON().features, []);
 * ```
 */
export class Route {
  /** The route as HERE sent it. */
  readonly raw: RouteJson;
  /** Position in HERE's `routes` list (kept for discarded routes too). */
  readonly index: number;
  /** The sections, in travel order. */
  readonly sections: Section[];

  /** Wraps a route's JSON; `index` is its position in HERE's list. */
  constructor(raw: RouteJson, index = 0) {
    this.raw = raw;
    this.index = index;
    this.sections = wrapObjects(
      raw?.sections,
      (s: SectionJson, i) => new Section(s, i),
    );
  }

  /** Route id. */
  get id(): string {
    return this.raw.id;
  }
  /** False when a section carries a blocking notice (HERE: discard it). */
  get usable(): boolean {
    return this.sections.every((s) => s.usable);
  }
  /** True when a section carries a known violation notice. */
  get hasViolations(): boolean {
    return this.sections.some((s) => s.hasViolations);
  }
  /** The violation notices of all sections. */
  get violations(): Notice[] {
    return this.sections.flatMap((s) => s.violations);
  }
  /** The blocking notices of all sections. */
  get blockingNotices(): Notice[] {
    return this.sections.flatMap((s) => s.blockingNotices);
  }

  /**
   * One `LineString` feature per section that has a polyline, with the
   * route's id and index in its properties. Sections without a polyline
   * (`polyline` not requested) are left out.
   *
   * @throws {ValueError} when a polyline is malformed
   */
  toGeoJSON(): FeatureCollection<LineString, SectionProperties> {
    const features: Feature<LineString, SectionProperties>[] = [];
    for (const section of this.sections) {
      const feature = section.toGeoJSON();
      if (!feature) continue;
      feature.properties = {
        routeId: this.raw.id,
        routeIndex: this.index,
        ...feature.properties,
      };
      features.push(feature);
    }
    return { type: "FeatureCollection", features };
  }

  /** The route as HERE sent it. */
  toJSON(): RouteJson {
    return this.raw;
  }
}
