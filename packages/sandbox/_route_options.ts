// The route options beyond features and areas, checked as HERE checks
// them: avoid[segments|zoneCategories|zoneIdentifiers|truckRoadTypes|
// tollTransponders], exclude[states], allow[hov|hot] and traffic[...].
// The sandbox has no segment ids, zones or truck road types of its own, so
// those only need to be well-formed; a traffic mode changes nothing, as its
// durations carry no traffic.

import { malformed } from "./_http.ts";
import type { Params } from "./_query.ts";

const ZONE_CATEGORIES = ["vignette", "congestionPricing", "environmental"];

function invalid(key: string, value: string, why = ""): Error {
  return malformed(
    "E605001",
    `Invalid value for parameter '${key}': '${value}'${why}`,
  );
}

/** A comma list of ids, none empty, at most `max`. */
function ids(params: Params, key: string, max = 1000): void {
  const value = params.get(key);
  if (value === undefined) return;
  const list = value.split(",");
  if (list.length > max || list.some((id) => id.trim() === "")) {
    throw invalid(key, value, ` (at most ${max} non-empty ids)`);
  }
}

/** Checks the route options beyond features and areas (E605 errors). */
export function checkRouteOptions(params: Params): void {
  ids(params, "avoid[segments]");
  ids(params, "avoid[zoneIdentifiers]");
  ids(params, "avoid[truckRoadTypes]");
  const zones = params.get("avoid[zoneCategories]");
  if (zones !== undefined) {
    const [categories, ...rest] = zones.split(";");
    const except = rest.join(";");
    if (
      categories.split(",").some((c) => !ZONE_CATEGORIES.includes(c)) ||
      (rest.length > 0 && !/^exceptZoneIds=[^,]+(,[^,]+)*$/.test(except))
    ) {
      throw invalid("avoid[zoneCategories]", zones);
    }
  }
  const transponders = params.get("avoid[tollTransponders]");
  if (transponders !== undefined && transponders !== "all") {
    throw invalid("avoid[tollTransponders]", transponders, " (use 'all')");
  }
  const states = params.get("exclude[states]");
  if (
    states !== undefined &&
    !/^[A-Z]{3}:[A-Z0-9]{1,3}(,[A-Z0-9]{1,3})*(\|[A-Z]{3}:[A-Z0-9]{1,3}(,[A-Z0-9]{1,3})*)*$/
      .test(states)
  ) {
    throw malformed(
      "E605025",
      `Invalid value for parameter 'exclude[states]': '${states}'`,
      "Use ISO 3166-1 alpha-3 codes with state codes: USA:NV,CA|CAN:QC",
    );
  }
  for (const key of ["allow[hov]", "allow[hot]"]) {
    const value = params.get(key);
    if (value !== undefined && value !== "true" && value !== "false") {
      throw invalid(key, value);
    }
  }
  const mode = params.get("traffic[mode]");
  if (mode !== undefined && mode !== "default" && mode !== "disabled") {
    throw invalid("traffic[mode]", mode);
  }
  const flow = params.get("traffic[overrideFlowDuration]");
  if (flow !== undefined && !/^\d+$/.test(flow)) {
    throw invalid("traffic[overrideFlowDuration]", flow);
  }
}
