// The avoid options beyond features and areas, and `maxSpeedOnSegment`,
// checked and written as HERE's `avoid[…]` keys: segments, zone categories
// and identifiers, truck road types, toll transponders.

import * as z from "zod/mini";
import { type Query, ValueError } from "@ls/core";
import {
  formatNumber,
  lazy,
  minLength,
  numberInRange,
  parseWith,
  stringMatching,
} from "@ls/core/internal";
import {
  IsolineTollTransponders,
  IsolineZoneCategory,
} from "./isoline_avoid.ts";

/** Most segments of avoid[segments] and maxSpeedOnSegment together. */
const MAX_SEGMENTS = 1000;

const segment = /* @__PURE__ */ lazy(() =>
  stringMatching(
    /^[\w.:-]+(#[+*-])?$/,
    'must be a segment id such as "here:cm:segment:207551710", optionally ' +
      "with #+, #- or #*",
  )
);
const list = <T>(item: z.ZodMiniType<T>) =>
  z.optional(z.array(item, { error: "must be an array" }));

const segmentList = /* @__PURE__ */ lazy(() => list(segment()));
const zoneIdList = /* @__PURE__ */ lazy(() =>
  list(stringMatching(
    /^[\w.:-]+$/,
    'must be a zone id such as "here:cm:envzone:2"',
  ))
);
const roadTypeList = /* @__PURE__ */ lazy(() =>
  list(
    stringMatching(/^[A-Za-z0-9]+$/, 'must be a road type such as "BK1"'),
  )
);
const zonesSchema = /* @__PURE__ */ lazy(() =>
  z.optional(z.strictObject({
    categories: z.array(z.enum(Object.values(IsolineZoneCategory)), {
      error: "must be an array",
    }).check(minLength(1, "must hold at least one category")),
    exceptZoneIds: zoneIdList(),
  }))
);
const transpondersSchema = /* @__PURE__ */ lazy(() =>
  z.optional(z.enum(Object.values(IsolineTollTransponders)))
);
const speedsSchema = /* @__PURE__ */ lazy(() =>
  list(z.strictObject({
    segment: segment(),
    speed: numberInRange(1, Infinity, "must be a speed of 1 m/s or more"),
  }))
);

/** The parameters this file writes, as the builder passes them. */
export interface AvoidExtras {
  avoidSegments?: unknown;
  avoidZones?: unknown;
  avoidZoneIds?: unknown;
  avoidTruckRoadTypes?: unknown;
  avoidTollTransponders?: unknown;
  maxSpeedOnSegment?: unknown;
}

/**
 * A checked segment id on the wire: the id's letters, digits and `:._-`
 * as they are, the direction's `#` and `+` encoded.
 */
function segmentValue(id: string): string {
  return id.replace("#", "%23").replace("+", "%2B");
}

/** Writes the further `avoid[…]` keys and `maxSpeedOnSegment`. */
export function setAvoidExtras(query: Query, params: AvoidExtras): void {
  const a = {
    avoidSegments: parseWith(
      segmentList(),
      params.avoidSegments,
      "avoidSegments",
    ),
    avoidZones: parseWith(zonesSchema(), params.avoidZones, "avoidZones"),
    avoidZoneIds: parseWith(zoneIdList(), params.avoidZoneIds, "avoidZoneIds"),
    avoidTruckRoadTypes: parseWith(
      roadTypeList(),
      params.avoidTruckRoadTypes,
      "avoidTruckRoadTypes",
    ),
    avoidTollTransponders: parseWith(
      transpondersSchema(),
      params.avoidTollTransponders,
      "avoidTollTransponders",
    ),
    maxSpeedOnSegment: parseWith(
      speedsSchema(),
      params.maxSpeedOnSegment,
      "maxSpeedOnSegment",
    ),
  };
  const segments = (a.avoidSegments?.length ?? 0) +
    (a.maxSpeedOnSegment?.length ?? 0);
  if (segments > MAX_SEGMENTS) {
    throw new ValueError(
      a.maxSpeedOnSegment?.length ? "maxSpeedOnSegment" : "avoidSegments",
      `must hold at most ${MAX_SEGMENTS} segments together with ` +
        `${
          a.maxSpeedOnSegment?.length ? "avoidSegments" : "maxSpeedOnSegment"
        }`,
      segments,
    );
  }
  if (a.avoidSegments?.length) {
    query.setStructured(
      "avoid[segments]",
      a.avoidSegments.map(segmentValue).join(","),
    );
  }
  if (a.avoidZones) {
    const except = a.avoidZones.exceptZoneIds ?? [];
    query.setStructured(
      "avoid[zoneCategories]",
      a.avoidZones.categories.join(",") +
        (except.length ? `;exceptZoneIds=${except.join(",")}` : ""),
    );
  }
  // Zone ids and road types are checked to need no encoding.
  if (a.avoidZoneIds?.length) {
    query.setStructured("avoid[zoneIdentifiers]", a.avoidZoneIds.join(","));
  }
  query.set("avoid[truckRoadTypes]", a.avoidTruckRoadTypes);
  query.set("avoid[tollTransponders]", a.avoidTollTransponders);
  if (a.maxSpeedOnSegment?.length) {
    query.setStructured(
      "maxSpeedOnSegment",
      a.maxSpeedOnSegment.map(({ segment, speed }) =>
        `${segmentValue(segment)};speed=${formatNumber(speed)}`
      ).join(","),
    );
  }
}
