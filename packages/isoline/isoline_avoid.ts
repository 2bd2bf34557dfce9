/**
 * What else an isoline can avoid besides `avoidFeatures` and `avoidAreas`:
 * road segments ({@linkcode IsolineSegmentSpeed} caps them instead), zones
 * by category ({@linkcode IsolineAvoidZones}, {@linkcode IsolineZoneCategory})
 * or identifier, truck road types and transponder-only tolls
 * ({@linkcode IsolineTollTransponders}).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { buildCalculateIsolineRequest } from "@ls/isoline";
 * const spec = buildCalculateIsolineRequest({
 *   origin: [52.5, 13.4],
 *   range: [600],
 *   rangeType: "time",
 *   transportMode: "car",
 *   avoidZones: { categories: ["environmental"], exceptZoneIds: ["here:cm:envzone:3"] },
 * });
 * assert.match(
 *   spec.query!.toString(),
 *   /&avoid%5BzoneCategories%5D=environmental;exceptZoneIds=here:cm:envzone:3/,
 * );
 * ```
 *
 * @module
 */

import type { NamedValues } from "@ls/core";
import { TOLL_TRANSPONDERS, ZONE_CATEGORIES } from "@ls/core/internal";

/**
 * Values of `avoidZones.categories` (`avoid[zoneCategories]`): zones that
 * need a vignette, charge for congestion, or restrict emissions.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { IsolineZoneCategory } from "@ls/isoline";
 * assert.deepEqual(Object.keys(IsolineZoneCategory), ["vignette", "congestionPricing", "environmental"]);
 * ```
 */
export const IsolineZoneCategory: NamedValues<
  ["vignette", "congestionPricing", "environmental"]
> = ZONE_CATEGORIES;

/** An `avoidZones.categories` value. */
export type IsolineZoneCategory =
  (typeof IsolineZoneCategory)[keyof typeof IsolineZoneCategory];

/**
 * Values of `avoidTollTransponders` (`avoid[tollTransponders]`): `all`
 * avoids roads where a toll transponder is the only way to pay.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { IsolineTollTransponders } from "@ls/isoline";
 * assert.equal(IsolineTollTransponders.all, "all");
 * ```
 */
export const IsolineTollTransponders: NamedValues<["all"]> = TOLL_TRANSPONDERS;

/** An `avoidTollTransponders` value. */
export type IsolineTollTransponders =
  (typeof IsolineTollTransponders)[keyof typeof IsolineTollTransponders];

/**
 * Zones to avoid by category (`avoid[zoneCategories]`, sent as
 * `vignette,environmental;exceptZoneIds=here:cm:envzone:3`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { IsolineAvoidZones } from "@ls/isoline";
 * const zones: IsolineAvoidZones = { categories: ["congestionPricing"] };
 * assert.equal(zones.categories.length, 1);
 * ```
 */
export interface IsolineAvoidZones {
  /** The categories, at least one. */
  categories: readonly IsolineZoneCategory[];
  /** Zones of those categories not to avoid, by HERE zone id. */
  exceptZoneIds?: readonly string[];
}

/**
 * A speed cap on one road segment (an item of `maxSpeedOnSegment`, sent as
 * `here:cm:segment:84905195#+;speed=10`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { IsolineSegmentSpeed } from "@ls/isoline";
 * const cap: IsolineSegmentSpeed = { segment: "here:cm:segment:84905195#+", speed: 10 };
 * assert.equal(cap.speed, 10);
 * ```
 */
export interface IsolineSegmentSpeed {
  /**
   * The segment: a HERE segment id, optionally with `#+` (its direction),
   * `#-` (against it) or `#*` (both, the default).
   */
  segment: string;
  /** The highest speed on it, m/s, 1 or more. */
  speed: number;
}
