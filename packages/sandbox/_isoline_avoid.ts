// The isoline's avoid keys beyond features and areas, and
// `maxSpeedOnSegment`: checked as HERE checks them (E605001 for a malformed
// value); the model's reach does not change for them.

import { malformed } from "./_http.ts";
import type { Params } from "./_query.ts";

const SEGMENT = /^[\w.:-]+(#[+*-])?$/;
const ZONE = /^[\w.:-]+$/;
const CATEGORIES = ["vignette", "congestionPricing", "environmental"];
const NUMBER = /^(\d+\.?\d*|\.\d+)$/;

function bad(key: string, value: string, rule: string): Error {
  return malformed(
    "E605001",
    `Invalid value for parameter '${key}': '${value}' (${rule})`,
  );
}

/** Checks avoid[segments|zoneCategories|zoneIdentifiers|truckRoadTypes|tollTransponders] and maxSpeedOnSegment. */
export function checkIsolineAvoid(params: Params): void {
  const segments = params.get("avoid[segments]")?.split(",") ?? [];
  if (!segments.every((s) => SEGMENT.test(s))) {
    throw bad("avoid[segments]", segments.join(","), "use segment ids");
  }
  const speeds = params.get("maxSpeedOnSegment")?.split(",") ?? [];
  for (const item of speeds) {
    const [segment, speed] = item.split(";speed=");
    if (
      !SEGMENT.test(segment) || speed === undefined || !NUMBER.test(speed) ||
      Number(speed) < 1
    ) {
      throw bad(
        "maxSpeedOnSegment",
        item,
        "use <segment>;speed=<m/s, 1 or more>",
      );
    }
  }
  if (segments.length + speeds.length > 1000) {
    throw malformed(
      "E605001",
      "avoid[segments] and maxSpeedOnSegment hold more than 1000 segments",
    );
  }
  const zones = params.get("avoid[zoneCategories]");
  if (zones !== undefined) {
    const [categories, except] = zones.split(";");
    if (
      !categories.split(",").every((c) => CATEGORIES.includes(c)) ||
      (except !== undefined &&
        !/^exceptZoneIds=[\w.:-]+(,[\w.:-]+)*$/.test(except))
    ) {
      throw bad("avoid[zoneCategories]", zones, `use ${CATEGORIES.join(", ")}`);
    }
  }
  const ids = params.get("avoid[zoneIdentifiers]");
  if (ids !== undefined && !ids.split(",").every((z) => ZONE.test(z))) {
    throw bad("avoid[zoneIdentifiers]", ids, "use zone ids");
  }
  const types = params.get("avoid[truckRoadTypes]");
  if (types !== undefined && !/^[A-Za-z0-9]+(,[A-Za-z0-9]+)*$/.test(types)) {
    throw bad("avoid[truckRoadTypes]", types, "use road types such as BK1");
  }
  const transponders = params.get("avoid[tollTransponders]");
  if (transponders !== undefined && transponders !== "all") {
    throw bad("avoid[tollTransponders]", transponders, "use all");
  }
}
