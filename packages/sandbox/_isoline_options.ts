// Isoline options HERE groups under one prefix: `shape[maxResolution]`,
// `exclude[…]`, `allow[…]`, `traffic[…]`, `taxi[…]`, checked as HERE
// checks them (E605001 for a malformed value, E605016 for an unknown
// excluded country). The reach does not change for them; a coarser
// `shape[maxResolution]` gives fewer ring points on consumption isolines
// (a street-network isoline is exact on its raster and keeps its shape).

import { checkTaxi } from "./_routing_params.ts";
import { malformed } from "./_http.ts";
import type { Params } from "./_query.ts";
import type { Gazetteer } from "./_gazetteer.ts";
import { checkExclude } from "./_route_request.ts";

const BOOLEAN_KEYS = [
  "allow[hov]",
  "allow[hot]",
  "taxi[allowDriveThroughTaxiRoads]",
];
const INTEGER_KEYS = ["shape[maxResolution]", "traffic[overrideFlowDuration]"];
const STATES = /^[A-Z]{3}:[A-Z0-9]{1,3}(,[A-Z0-9]{1,3})*$/;
const AREA = /^(bbox|polygon|corridor):[^|]+$/;

function invalid(key: string, value: string, rule: string): Error {
  return malformed(
    "E605001",
    `Invalid value for parameter '${key}': '${value}' (${rule})`,
  );
}

/**
 * Checks the grouped isoline options and returns `shape[maxResolution]` in
 * metres (0 when not given).
 */
export function checkIsolineOptions(params: Params, g: Gazetteer): number {
  for (const key of BOOLEAN_KEYS) {
    const v = params.get(key);
    if (v !== undefined && v !== "true" && v !== "false") {
      throw invalid(key, v, "use true or false");
    }
  }
  for (const key of INTEGER_KEYS) {
    const v = params.get(key);
    if (v !== undefined && !/^\d+$/.test(v)) {
      throw invalid(key, v, "use an integer of at least 0");
    }
  }
  const mode = params.get("traffic[mode]");
  if (mode !== undefined && mode !== "default" && mode !== "disabled") {
    throw invalid("traffic[mode]", mode, "use default or disabled");
  }
  checkTaxi(params);
  checkExclude(params, g);
  const states = params.get("exclude[states]");
  if (states !== undefined && !states.split("|").every((s) => STATES.test(s))) {
    throw invalid("exclude[states]", states, "use USA:NY,PA|CAN:QC");
  }
  const areas = params.get("exclude[areas]");
  if (areas !== undefined && !areas.split("|").every((a) => AREA.test(a))) {
    throw invalid(
      "exclude[areas]",
      areas,
      "expected bbox:, polygon: or corridor:",
    );
  }
  return Number(params.get("shape[maxResolution]") ?? 0);
}
